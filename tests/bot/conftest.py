"""Fixtures for the bot tests: a toy game in the registry, bots on a real SQLite file."""

from __future__ import annotations

import sqlite3

import pytest

import games
import renderers
from bot.app import MeepleBot
from bot.config import Settings

from .fakes import FakeChannel, FakeClock, FakeInteraction, FakeUser, Transcript


@pytest.fixture
def toy(monkeypatch):
    """Register the toy game (and its renderer) for this test only."""
    monkeypatch.setitem(games.ENGINES, "toy-bids", "tests.bot.toy:GAME")
    monkeypatch.setitem(renderers.RENDERERS, "toy-bids", "tests.bot.toy")
    return "toy-bids"


class Harness:
    """One bot object, one channel, and helpers to invoke the real command callbacks."""

    def __init__(self, bot: MeepleBot, channel: FakeChannel):
        self.bot = bot
        self.channel = channel
        self.transcript = channel.transcript

    @property
    def sessions(self):
        return self.bot.sessions

    def command(self, path: str):
        """The registered app command at ``"game new"``, ``"move"``, ... (from the bot's tree)."""
        first, *rest = path.split()
        cmd = self.bot.tree.get_command(first)
        for part in rest:
            cmd = cmd.get_command(part)
        assert cmd is not None, path
        return cmd

    async def run(self, path: str, user: FakeUser, manage: bool = False, **kwargs) -> FakeInteraction:
        inter = FakeInteraction(self.bot, user, self.channel, manage_guild=manage)
        await self.command(path).callback(inter, **kwargs)
        return inter

    async def choices(self, user: FakeUser, current: str = ""):
        from bot.commands import move_autocomplete

        inter = FakeInteraction(self.bot, user, self.channel)
        return await move_autocomplete(inter, current)

    def rows(self, sql: str, args=()) -> list[tuple]:
        """Read the database file with a separate plain sqlite3 connection."""
        con = sqlite3.connect(self.bot.settings.db_path)
        try:
            return con.execute(sql, args).fetchall()
        finally:
            con.close()

    def db_dump(self) -> list[tuple]:
        out = []
        for table in ("games", "seats", "moves", "snapshots", "timers", "settings"):
            out += [(table, *row) for row in self.rows(f"SELECT * FROM {table} ORDER BY 1, 2")]
        return out


@pytest.fixture
def clock():
    return FakeClock()


@pytest.fixture
def db_path(tmp_path):
    return str(tmp_path / "data" / "meeplecord.sqlite3")


@pytest.fixture
async def make_harness(db_path, clock):
    """``await make_harness()``: a NEW bot object on the same database file each call."""
    bots: list[MeepleBot] = []
    transcript = Transcript()

    async def make(channel_id: int = 555) -> Harness:
        bot = MeepleBot(Settings(token="", db_path=db_path), clock=clock, seed_source=lambda: 1234)
        await bot.prepare()
        bots.append(bot)
        return Harness(bot, FakeChannel(channel_id, transcript))

    yield make
    for bot in bots:
        if bot.store is not None:
            await bot.store.close()


@pytest.fixture
def users():
    return [FakeUser(101, "Alice"), FakeUser(102, "Bob"), FakeUser(103, "Carol"), FakeUser(104, "Dave")]
