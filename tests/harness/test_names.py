"""Hostile display names notify nobody and change no message's shape (issue 30 item 5).

Every message the bot sends or edits allows exactly the users it asks to be notified; a seat's
name is made inert where it enters (``bot.words.names``): a nickname ``<@someone>``,
``@everyone``, a role mention, a masked link, a heading, a right-to-left override or ``{p0}``
is shown as text. The fake Discord works out who each send or edit notifies the way Discord does
(``limits.notified``), so the check does not trust the bot's own idea of it.
"""

from __future__ import annotations

import asyncio
import contextlib
import re
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.table.timers import ManualClock
from bot.words.names import NAME_MAX, clean, inert, plain

from .client import START, Harness, User

ALICE_ID, BOB_ID, CAROL_ID = 301, 302, 303
VICTIM = 990_000_000_000_000_001  # nobody at the table
ROLE = 990_000_000_000_000_002
CONTROLS = re.compile("[\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]")
#: markup a name could smuggle in, unescaped: a masked link, a heading, a subtext line
MARKUP = re.compile(r"(?<!\\)\[[^\]\n]*(?<!\\)\]\(|^\s*(?:#{1,3}|-#) ", re.MULTILINE)

PIECES = [f"<@{VICTIM}>", f"<@!{VICTIM}>", f"<@{ALICE_ID}>", f"<@{BOB_ID}>", f"<@&{ROLE}>", "@everyone", "@here",
          "[free nitro](https://evil.example)", "# HEADING", "-# small", "\n# two lines", "\u202eevil", "a\u200bb",
          "\u2066x\u2069", "{p0}", "{p1}", "{p2}", "**bold**", "`code`", "||spoiler||", "> quote", "\\", "Ann"]
hostile = st.lists(st.one_of(st.sampled_from(PIECES), st.text(min_size=1, max_size=6)), min_size=1, max_size=4).map("".join)


def test_inert_names_keep_their_letters_and_lose_their_power():
    for raw in PIECES + ["x" * 80, "  spaced\n\tout  ", ""]:
        name = inert(raw)
        assert inert(name) == name  # read back from the store: unchanged
        assert len(plain(name)) <= NAME_MAX and not CONTROLS.search(name) and "\n" not in name
        assert not re.search(r"(?<!\\)<@", name) and not re.search(r"(?<!\\)@every", name)
        assert not re.search(r"(?<!\\)\{p\d", name) and not MARKUP.search(name)
    assert plain(inert("Bob_the_[great]")) == "Bob_the_[great]" == clean("Bob_the_[great]")
    assert inert("小明") == "小明" and clean("a\u202eb\u200bc") == "abc"


@contextlib.contextmanager
def tally():
    """The toy game of the play-by-post tests, registered for the time of one table."""
    import games
    import renderers

    saved = games.ENGINES.get("tally"), renderers.RENDERERS.get("tally")
    games.ENGINES["tally"], renderers.RENDERERS["tally"] = "tests.pbp.pbp_toys:TALLY", "tests.pbp.pbp_toys"
    try:
        yield
    finally:
        for table, value in zip((games.ENGINES, renderers.RENDERERS), saved, strict=True):
            if value is None:
                table.pop("tally", None)
            else:
                table["tally"] = value


async def play_with(names: list[str]) -> list[str]:
    """A tally table of three with these names: every step, then who was notified. Returns the problems."""
    with tempfile.TemporaryDirectory() as tmp, tally():
        h = Harness(str(Path(tmp) / "names.sqlite3"), clock=ManualClock(START), seed=3)
        await h.start()
        problems: list[str] = []
        try:
            alice, bob, carol = (User(i, n) for i, n in zip((ALICE_ID, BOB_ID, CAROL_ID), names, strict=True))
            seated = {ALICE_ID, BOB_ID, CAROL_ID}
            seen = 0

            def check(step: str, asked: set[int]) -> None:
                nonlocal seen
                for message_id, users, roles, everyone in h.discord.pings[seen:]:
                    if roles or everyone or not users <= asked:
                        problems.append(f"{step}: message {message_id} notifies {users} roles {roles} "
                                        f"everyone {everyone}; it asks {asked}")
                seen = len(h.discord.pings)

            def waited() -> set[int]:
                table = h.sessions.table(h.channel)
                return {table.seats[s].user_id for s in table.to_move()} if table and table.state else set()

            await h.slash(alice, "game new", game="tally", player2=bob, player3=carol, options="turns=3,bids=true")
            check("/game new", seated)
            await h.slash(alice, "game start")
            check("/game start", waited())
            for user in (alice, bob, carol):
                await h.slash(user, "move", move="bid 1")
                check(f"{user.id} bids", waited())
            for _ in range(3):
                table = h.sessions.table(h.channel)
                if table is None:
                    break
                user = {ALICE_ID: alice, BOB_ID: bob, CAROL_ID: carol}[table.seats[min(table.to_move())].user_id]
                await h.slash(user, "move", move="add 2")
                check(f"{user.id} adds", set())
                await h.slash(user, "move", move="pass")
                check(f"{user.id} passes", waited())
            await h.slash(carol, "game history")
            check("/game history", set())
            assert h.rows("SELECT COUNT(*) FROM moves")[0][0] >= 6 and h.discord.pings  # the game was played
            for m in h.transcript():
                if CONTROLS.search(m.content):
                    problems.append(f"a control character in {m}")
                if MARKUP.search(m.content):
                    problems.append(f"markup from a name in {m.content!r}")
                if m.notified - seated:
                    problems.append(f"{m} notifies {m.notified - seated}, who is not at the table")
        finally:
            await h.stop()
        return problems


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(names=st.lists(hostile, min_size=3, max_size=3))
def test_hostile_names_notify_nobody_but_the_seats_asked(names):
    assert asyncio.run(play_with(names)) == []


@pytest.mark.parametrize("names", [[f"<@{BOB_ID}>", f"<@{VICTIM}> @everyone", "{p0}"]])
def test_a_name_that_reads_as_a_mention_or_a_placeholder_stays_a_name(names):
    assert asyncio.run(play_with(names)) == []
