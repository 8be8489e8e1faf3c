"""Hints for practice (issue 36, item 6) through the Discord harness: off by default, turned on
by the table's creator (everyone is told), refused at a rated table, answered privately with
the bot's choice and one line of why; the bot thinks on a copy with the hidden things dealt
again; en and zh-TW."""

from __future__ import annotations

import random

import pytest

from bot.table.pbp import hints
from bot.table.timers import ManualClock
from tests.harness import User
from tests.harness.test_alt_text import random_move

from .conftest import START

ALICE, BOB = User(101, "Alice"), User(102, "Bob")
DORA = User(104, "Dora", locale="zh-TW")


@pytest.fixture
async def bot(make_harness, pbp_db):
    return await make_harness(db=pbp_db, clock=ManualClock(START), seed=7)


async def bruges(h, second=BOB):
    await h.slash(ALICE, "game new", game="bruges", player2=second)
    await h.slash(ALICE, "game start")
    table = h.sessions.table(h.channel)
    table.record.rated = False  # the records' option rated:false (a practice table)
    return table


async def test_hints_off_by_default_then_on_by_the_creator_and_private(bot):
    h = bot
    table = await bruges(h)
    seat = table.to_move()[0]
    asked = [ALICE, BOB][seat]
    await h.slash(asked, "hint")
    assert "Hints are off at this table" in h.last(asked).content
    await h.slash(BOB, "game settings", hints=True)
    assert "Only the table's creator" in h.last(BOB).content
    await h.slash(ALICE, "game settings", hints=True)
    assert "Alice turned hints on at this table" in h.last().content  # everyone is told
    posts, n = len(h.posts()), table.n
    await h.slash(asked, "hint")
    said = h.last(asked)
    assert said.ephemeral and said.content.startswith("💡 The bot would play `")
    assert "Why: by its own measure" in said.content and len(h.posts()) == posts
    move = said.content.split("`")[1]
    assert table.n == n and move  # nothing played
    other = [ALICE, BOB][1 - seat]
    await h.slash(other, "hint")
    assert "Nothing is asked of you" in h.last(other).content
    reply = await h.sessions.move_as(h.channel, seat, move)  # the hint is a legal move
    assert reply.ok, reply.text


async def test_hints_refused_at_a_rated_table(bot):
    h = bot
    table = await bruges(h)
    await h.slash(ALICE, "game settings", hints=True)
    table.record.rated = True
    await h.slash(ALICE, "game settings", hints=True)
    assert "never given at a rated table" in h.last(ALICE).content
    asked = [ALICE, BOB][table.to_move()[0]]
    await h.slash(asked, "hint")
    assert "never given at a rated table" in h.last(asked).content
    assert hints.rated(table)


async def test_hints_in_traditional_chinese(bot):
    h = bot
    table = await bruges(h, second=DORA)
    await h.slash(ALICE, "game settings", hints=True)
    rnd = random.Random(1)
    while 1 not in table.to_move():  # Dora's decision comes
        seat = table.to_move()[0]
        assert (await h.sessions.move_as(h.channel, seat, random_move(table.engine, table.state, seat, rnd))).ok
    await h.slash(DORA, "hint")
    assert h.last(DORA).content.startswith("💡 機器人會走 `") and "理由：" in h.last(DORA).content

