"""Private notes per game (issue 36, item 5): ``/note`` keeps them, ``/hand`` shows them to their
author alone, a restart keeps them, nobody else ever sees them; English and zh-TW."""

from __future__ import annotations

import pytest

from bot.table.pbp import notes
from bot.table.timers import ManualClock
from tests.harness import User

from .conftest import START

ALICE, BOB, CAROL = User(101, "Alice"), User(102, "Bob"), User(103, "Carol")
DORA = User(104, "Dora", locale="zh-TW")


@pytest.fixture
async def bot(tally, make_harness, pbp_db):
    return await make_harness(db=pbp_db, clock=ManualClock(START), seed=7)


async def test_notes_are_kept_per_game_and_shown_in_hand_to_their_author_only(bot):
    h = bot
    await h.slash(ALICE, "game new", game="tally", player2=BOB)
    await h.slash(ALICE, "game start")
    await h.slash(ALICE, "move", move="add 2")
    posts = len(h.posts())
    await h.slash(ALICE, "note", text="Bob   hoards rolls: peek first")
    said = h.last(ALICE)
    assert said.ephemeral and "Noted" in said.content and "> #1: Bob hoards rolls: peek first" in said.content
    await h.slash(ALICE, "note", text="second thought")
    await h.restart()
    await h.slash(ALICE, "hand")
    hand = h.last(ALICE).content
    assert "Your notes (only you see them):\n> #1: Bob hoards rolls: peek first\n> #1: second thought" in hand
    await h.slash(BOB, "hand")
    assert "peek first" not in h.last(BOB).content and "Your notes" not in h.last(BOB).content
    await h.slash(BOB, "note")
    assert "You have no notes in Tally yet" in h.last(BOB).content
    assert len(h.posts()) == posts and all("peek first" not in m.content for m in h.posts())

    # another game elsewhere has its own notes
    other = h.text_channel("elsewhere")
    await h.slash(ALICE, "game new", game="tally", player2=CAROL, channel=other)
    await h.slash(ALICE, "note", channel=other)
    assert "no notes" in h.last(ALICE).content

    await h.slash(ALICE, "note", clear=True)
    assert "erased" in h.last(ALICE).content
    await h.slash(ALICE, "hand")
    assert "Your notes" not in h.last(ALICE).content


async def test_notes_refused_without_a_seat_or_past_the_limit(bot):
    h = bot
    await h.slash(CAROL, "note", text="x")
    assert "no game here" in h.last(CAROL).content
    await h.slash(ALICE, "game new", game="tally", player2=BOB)
    await h.slash(CAROL, "note", text="x")
    assert "Only a seated player" in h.last(CAROL).content
    for _ in range(notes.LIMIT // 500):
        await h.slash(ALICE, "note", text="y" * 490)
    before = await notes.read(h.sessions.store, h.sessions.table(h.channel).record.id, ALICE.id)
    await h.slash(ALICE, "note", text="z" * 490)
    assert f"longer than {notes.LIMIT} characters" in h.last(ALICE).content
    assert await notes.read(h.sessions.store, h.sessions.table(h.channel).record.id, ALICE.id) == before


async def test_notes_in_traditional_chinese(bot):
    h = bot
    await h.slash(ALICE, "game new", game="tally", player2=DORA)
    await h.slash(ALICE, "game start")
    await h.slash(DORA, "note", text="小心 Alice")
    assert "已記下" in h.last(DORA).content and "你的筆記（只有你看得到）：" in h.last(DORA).content
    await h.slash(DORA, "hand")
    assert "> #0: 小心 Alice" in h.last(DORA).content
    note = next(c for c in h.commands if c["name"] == "note")
    assert note["name_localizations"]["zh-TW"] == "筆記"
