"""Store faults worded by cause on every command that writes (issue 30 item 9): a database that
refuses a write (here: read-only) gets the reason, never "Something went wrong", and nothing is
half-written; once it takes writes again, the same command goes through."""

from __future__ import annotations

import pytest

from .client import User

ALICE, BOB = User(101, "Alice"), User(102, "Bob")
READ_ONLY = "read-only"


def read_only(h, on: bool = True) -> None:
    """The database file goes read-only (a real SQLITE_READONLY on the next write) or back."""
    store = h.bot.store
    if on:
        store.writer_pragmas.append("query_only=ON")
    else:
        store.writer_pragmas.clear()
    store._writer = None


@pytest.mark.parametrize("command, options", [
    ("game settings", {"remind": 6.0}),
    ("move", {"move": "pass"}),
    ("game vacation", {"days": 2.0}),
])
async def test_a_write_refused_by_the_database_is_worded_by_its_cause(h, command, options):
    await h.slash(ALICE, "game new", game="tally", player2=BOB)
    await h.slash(ALICE, "game start")
    before = h.rows("SELECT COUNT(*) FROM moves")
    read_only(h)
    with h.expecting_errors() as errors:
        await h.slash(ALICE, command, **options)
    answer = h.last(ALICE)
    assert READ_ONLY in answer.content and "went wrong" not in answer.content, answer.content
    assert errors == [] and h.rows("SELECT COUNT(*) FROM moves") == before
    read_only(h, False)
    await h.slash(ALICE, command, **options)
    assert READ_ONLY not in h.last(ALICE).content
