"""Fixtures for the play-by-post tests: the Tally toy registered, a world on a real database:
every test that takes ``world`` (or ``pbp_db``) runs on a SQLite file AND on a real PostgreSQL server."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

import games
import renderers
from bot.discord.send import custom_id
from bot.store import open_store
from bot.table.pbp.service import Pbp
from bot.table.posts import Post
from bot.table.sessions import Actor, SessionManager
from bot.table.timers import ManualClock
from tests.harness.fixtures import make_harness  # noqa: F401

START = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)  # a Monday, 09:00 UTC
HOUR = 3600.0
ANN, BO, CY = Actor(1, "Ann"), Actor(2, "Bo"), Actor(3, "Cy")
CHANNEL = 50


@pytest.fixture
def tally(monkeypatch):
    monkeypatch.setitem(games.ENGINES, "tally", "tests.pbp.pbp_toys:TALLY")
    monkeypatch.setitem(renderers.RENDERERS, "tally", "tests.pbp.pbp_toys")
    return "tally"


def ids(post) -> list[tuple[str, str]]:
    """A post's (or a command outcome's) buttons as Discord gets them: (custom id, label)."""
    return [(custom_id(b.action, *b.args), str(b.label)) for b in post.buttons]


class FakeNotifier:
    """Records what the service would send; DMs to ``closed_dms`` fail."""

    def __init__(self):
        self.sent: list[Post] = []
        self.kept_alive: list[int] = []
        self.closed_dms: set[int] = set()

    async def send(self, notice: Post) -> bool:
        if notice.user_id is not None and notice.user_id in self.closed_dms:
            notice.user_id, notice.channel_id = None, notice.fallback_channel_id
        self.sent.append(notice)
        return True

    async def dm(self, notice: Post) -> str | None:
        if notice.user_id in self.closed_dms:
            return "closed"
        self.sent.append(notice)
        return None

    async def keep_thread_alive(self, thread_id: int) -> None:
        self.kept_alive.append(thread_id)

    def texts(self) -> list[str]:
        return [n.text for n in self.sent]

    def take(self) -> list[Post]:
        out, self.sent = self.sent, []
        return out


class World:
    """One bot's worth of objects (store, sessions, pbp) on a database (a SQLite file or a
    ``postgresql://`` URL); ``restart`` builds new ones."""

    def __init__(self, path, clock: ManualClock, notifier: FakeNotifier):
        self.path, self.clock, self.notifier = path, clock, notifier
        self.store = self.sessions = self.pbp = None

    async def open(self, game_limit: int = 10) -> World:
        url = self.path if self.path.startswith("postgresql://") else None
        self.store = await open_store(None if url else self.path, url)
        self.sessions = SessionManager(self.store, clock=self.clock, seed_source=lambda: 7)
        await self.sessions.load_all()
        self.pbp = Pbp(self.sessions, self.path, self.notifier, self.clock, game_limit=game_limit)
        await self.pbp.start(run=False)  # tests step the dispatcher with tick()
        return self

    async def close(self) -> None:
        await self.pbp.stop()
        await self.store.close()

    async def restart(self) -> None:
        await self.close()
        await self.open()

    async def tick(self, hours: float) -> list[Post]:
        """Move the clock, fire what fell due, return what was sent meanwhile."""
        self.clock.advance(hours * HOUR)
        await self.pbp.dispatcher.run_due()
        return self.notifier.take()

    async def new_game(self, players=(ANN, BO), channel=CHANNEL, options=None, start=True, **settings):
        made = await self.sessions.create(channel, players[0], "tally", list(players[1:]), options, guild_id=1)
        assert made.ok, made.text
        if settings:
            assert (await self.pbp.set_game(channel, players[0].user_id, **settings)).ok
        if start:
            started = await self.sessions.start(channel, players[0])
            assert started.ok, started.text
        self.notifier.take()
        return made.game_id

    async def move(self, actor, text, channel=CHANNEL):
        reply = await self.sessions.move(channel, actor, text)
        assert reply.ok, reply.text
        return reply


@pytest.fixture(params=["sqlite", "postgresql"])
def pbp_db(request, tmp_path):
    """Where a test's world keeps its tables: a SQLite file, or a fresh PostgreSQL database."""
    if request.param == "sqlite":
        return str(tmp_path / "pbp.sqlite3")
    return request.getfixturevalue("pg_url")


@pytest.fixture
async def world(tally, pbp_db):
    w = World(pbp_db, ManualClock(START), FakeNotifier())
    await w.open()
    yield w
    await w.close()
