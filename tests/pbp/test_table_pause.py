"""Pausing a whole table (issue 36, item 3) through the Discord harness, on SQLite and on
PostgreSQL: a paused table fires no reminder and no time-out; the creator pauses and resumes at
once, another player by the others' vote; the pause ends at its date; en and zh-TW."""

from __future__ import annotations

import pytest

from bot.table.timers import ManualClock
from tests.harness import User

from .conftest import START

ALICE, BOB, CAROL = User(101, "Alice"), User(102, "Bob"), User(103, "Carol")
DORA = User(104, "Dora", locale="zh-TW")
T0 = int(START.timestamp())


@pytest.fixture
async def bot(tally, make_harness, pbp_db):
    return await make_harness(db=pbp_db, clock=ManualClock(START), seed=7)


async def table(h, *others, **settings):
    players = {f"player{i + 2}": u for i, u in enumerate(others or (BOB,))}
    await h.slash(ALICE, "game new", game="tally", **players)
    if settings:
        await h.slash(ALICE, "game settings", **settings)
    await h.slash(ALICE, "game start")


async def test_a_paused_table_fires_no_reminder_and_no_time_out(bot):
    h = bot
    await table(h, remind=2.0, time="move:48")
    await h.slash(ALICE, "game pause", days=3)
    said = h.last().content
    assert f"Alice paused the table until <t:{T0 + 3 * 86400}:f>" in said, said
    before = len(h.posts())
    await h.wait(hours=71)  # a 48 h limit and 2 h reminders: nothing falls due while paused
    assert len(h.posts()) == before, [m.content for m in h.posts()[before:]]
    await h.slash(BOB, "game status")
    status = h.last().content
    assert f"Paused until <t:{T0 + 3 * 86400}:f>" in status and "runs out" in status
    await h.wait(hours=1.5)  # the pause's date: the table hears it runs again
    assert "The pause is over" in h.last().content
    await h.wait(hours=2.5)  # then Alice's reminder, 2 h into her counted wait
    assert any("<@101>" in m.content for m in h.posts()[before + 1:])
    # her 48 h counted from the end of the pause: no time-out before
    await h.wait(hours=40)
    assert not any("out of time" in m.content.lower() for m in h.posts())
    await h.wait(hours=5)  # 48 h counted after the pause (at 72 h + 48 h): now it is up
    assert any("Alice ran out of time" in m.content for m in h.posts())


async def test_resume_by_the_creator_and_a_pause_by_the_others_vote(bot):
    h = bot
    await table(h, BOB, CAROL, remind=2.0)
    await h.slash(BOB, "game pause")  # not the creator: the others decide
    ask = h.last()
    assert "Bob asks to pause the table until someone resumes it" in ask.content
    assert "<@101>" in ask.content and "<@103>" in ask.content and ask.labels() == ["Agree", "Refuse"]
    await h.click(ALICE, ask, "Agree")
    assert "1 of 2" in h.last(ALICE).content
    await h.click(BOB, ask, "Agree")
    assert "not yours to answer" in h.last(BOB).content
    await h.click(CAROL, ask, "Agree")
    assert "Bob paused the table" in h.last().content
    before = len(h.posts())
    await h.wait(hours=20)
    assert len(h.posts()) == before  # no reminder for Alice while paused
    await h.slash(CAROL, "game resume")
    resume = h.last()
    assert "Carol asks to resume the table" in resume.content
    await h.click(BOB, resume, "Refuse")
    assert "Bob refused Carol's request" in h.last().content
    before = len(h.posts())
    await h.slash(ALICE, "game resume")  # the creator: at once
    after = [m.content for m in h.posts()[before:]]
    # the table runs again; Alice, waited for 20 h, is reminded at once (as after a vacation)
    assert "Alice resumed the table" in after[0] and any("<@101>, your move" in m for m in after[1:]), after


async def test_pause_refusals_change_nothing(bot):
    h = bot
    await h.slash(ALICE, "game pause")
    assert "no running game" in h.last(ALICE).content
    await table(h)
    await h.slash(CAROL, "game pause")
    assert "Only a player at this table" in h.last(CAROL).content
    await h.slash(ALICE, "game resume")
    assert "not paused" in h.last(ALICE).content
    await h.slash(ALICE, "game pause", days=2)
    await h.slash(BOB, "game pause")
    assert "already paused" in h.last(BOB).content


async def test_pause_survives_a_restart_and_speaks_traditional_chinese(bot):
    h = bot
    await table(h, DORA, remind=2.0)
    await h.slash(DORA, "game pause", days=1)  # Dora is not the creator: Alice must agree
    await h.click(ALICE, h.last(), "Agree")
    await h.restart()
    before = len(h.posts())
    await h.wait(hours=23)
    assert len(h.posts()) == before
    await h.slash(DORA, "game resume")
    assert "想恢復牌桌" in h.last().content or "asks to resume" in h.last().content
    assert h.last(DORA).content == "已提出：大家用你請求下方的按鈕決定。"
