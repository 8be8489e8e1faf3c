"""Store faults worded by cause on every command that writes (issue 30 item 9): a database that
refuses a write (here: read-only) gets the reason, never "Something went wrong", and nothing is
half-written; once it takes writes again, the same command goes through. On both backends: the
SQLite file with ``PRAGMA query_only`` on the bot's writing connection (the tests run as root,
so a file mode would not stop them), PostgreSQL with ``default_transaction_read_only`` set for
the whole server (``ALTER SYSTEM`` and a reload: the bot's open connections turn read-only too,
as after a fail-over to a standby).
"""

from __future__ import annotations

import asyncio
import time
from concurrent.futures import ThreadPoolExecutor

import asyncpg
import pytest

from bot.table.timers import ManualClock

from .client import START, User

ALICE, BOB = User(101, "Alice"), User(102, "Bob")
READ_ONLY = "read-only"


@pytest.fixture(params=["sqlite", "postgresql"])
async def h(request, tally, make_harness):
    """A harness on a manual clock with the toy game, on each backend."""
    db = request.getfixturevalue("pg_url") if request.param == "postgresql" else None
    return await make_harness(db=db, clock=ManualClock(START), seed=7)


def _pg_read_only(url: str, on: bool) -> None:
    async def run() -> None:
        con = await asyncpg.connect(url)
        try:
            await con.execute("SET default_transaction_read_only = off")
            await con.execute(f"ALTER SYSTEM SET default_transaction_read_only = {'on' if on else 'off'}")
            await con.execute("SELECT pg_reload_conf()")
        finally:
            await con.close()

    with ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, run()).result()
    time.sleep(0.3)  # every backend reads the configuration again before its next statement


def read_only(h, on: bool = True) -> None:
    """The database refuses every write from now on (``on``), or takes them again."""
    if h.db_path.startswith("postgresql://"):
        _pg_read_only(h.db_path, on)
        return
    store = h.bot.store
    if on:
        store.writer_pragmas.append("query_only=ON")
    else:
        store.writer_pragmas.clear()
    store._writer = None


@pytest.fixture
def refusing(h):
    """``read_only(h)`` with the server always put back (a PostgreSQL setting outlives the test)."""
    yield lambda on=True: read_only(h, on)
    if h.db_path.startswith("postgresql://"):
        _pg_read_only(h.db_path, False)


def counts(h) -> tuple:
    return tuple(h.rows(f"SELECT COUNT(*) FROM {name}")[0][0] for name in ("moves", "outbox", "interactions"))


@pytest.mark.parametrize("command, options", [
    ("game settings", {"remind": 6.0}),
    ("move", {"move": "pass"}),
    ("game vacation", {"days": 2.0}),
])
async def test_a_write_refused_by_the_database_is_worded_by_its_cause(h, refusing, command, options):
    await h.slash(ALICE, "game new", game="tally", player2=BOB)
    await h.slash(ALICE, "game start")
    before = counts(h)
    refusing()
    with h.expecting_errors() as errors:
        await h.slash(ALICE, command, **options)
    answer = h.last(ALICE)
    assert READ_ONLY in answer.content and "went wrong" not in answer.content, answer.content
    assert errors == [] and counts(h) == before
    refusing(False)
    await h.slash(ALICE, command, **options)
    assert READ_ONLY not in h.last(ALICE).content


async def test_a_move_picked_from_a_menu_is_refused_the_same_way(h, refusing):
    """A click that plays a move (Bob's Play menu) on a read-only database: the same worded
    answer, the game unchanged, nothing posted; the same pick goes through once writes return."""
    await h.slash(ALICE, "game new", game="tally", player2=BOB)
    await h.slash(ALICE, "game start")
    await h.slash(ALICE, "move", move="pass")
    await h.click(BOB, h.posts(h.channel)[-1], "Play")
    menu = h.ephemeral(BOB)[-1]
    before, posts, n = counts(h), len(h.posts(h.channel)), h.sessions.table(h.channel).n
    refusing()
    with h.expecting_errors() as errors:
        await h.click(BOB, menu, 0, values=["m:pass"])
    answer = h.last(BOB)
    assert READ_ONLY in answer.content and "went wrong" not in answer.content, answer.content
    assert errors == [] and counts(h) == before and len(h.posts(h.channel)) == posts
    assert h.sessions.table(h.channel).n == n
    refusing(False)
    await h.click(BOB, h.ephemeral(BOB)[-1] if h.ephemeral(BOB)[-1].components else menu, 0, values=["m:pass"])
    assert counts(h)[0] == before[0] + 1 and len(h.posts(h.channel)) == posts + 1
