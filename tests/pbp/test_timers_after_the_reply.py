"""A timer a command makes due fires only after the command's reply is posted (through the Discord
harness, on SQLite and on PostgreSQL): the table reads "Table settings: reminders after 2 h." or
"Alice resumed the table" before the reminder that change made due at once, even while Discord is
slow to take the reply. The dispatcher is awake at once (a sooner timer wakes it), so without the
command holding the timers back, the reminder came first whenever the reply was slower than the
reminder's claim."""

from __future__ import annotations

import asyncio

import pytest

from bot.discord import send
from bot.table.timers import ManualClock
from tests.harness import User

from .conftest import START

ALICE, BOB = User(101, "Alice"), User(102, "Bob")
#: the longest a slow reply waits for a reminder to reach the table first (real seconds)
SLOW = 0.5


@pytest.fixture
async def bot(tally, make_harness, pbp_db):
    return await make_harness(db=pbp_db, clock=ManualClock(START), seed=7)


def reminded(h) -> bool:
    return any("<@101>, your move" in m.content for m in h.posts())


def slow_replies(monkeypatch, h) -> None:
    """Discord slow to take a command's public reply: the post waits (real time, at most ``SLOW``)
    until a reminder has reached the table, or gives up and goes."""
    real = send.send_public

    async def slow(*args, **kwargs):
        for _ in range(int(SLOW / 0.01)):
            if reminded(h):
                break
            await asyncio.sleep(0.01)
        return await real(*args, **kwargs)

    monkeypatch.setattr(send, "send_public", slow)


async def until_posted(h, text: str) -> None:
    """The command's reply may still be on its way when the harness calls the loop calm (the slow
    post sleeps): wait for it, then for everything it set off."""
    for _ in range(int(4 * SLOW / 0.01)):
        if any(text in m.content for m in h.posts()):
            break
        await asyncio.sleep(0.01)
    await h.settle()
    h.check()


def order(h, before: int, text: str) -> tuple[int, int]:
    said = [m.content for m in h.posts()[before:]]
    reply = next(i for i, m in enumerate(said) if text in m)
    reminder = next(i for i, m in enumerate(said) if "<@101>, your move" in m)
    return reply, reminder


async def test_a_shorter_reminder_interval_is_announced_before_the_reminder_it_makes_due(bot, monkeypatch):
    h = bot
    await h.slash(ALICE, "game new", game="tally", player2=BOB)
    await h.slash(ALICE, "game start")
    await h.wait(hours=10)  # Alice waited for 10 h: the default 12 h reminder is not due yet
    assert not reminded(h)
    before = len(h.posts())
    slow_replies(monkeypatch, h)
    await h.slash(ALICE, "game settings", remind=2.0)  # 2 h: her reminder is due at once
    await until_posted(h, "Table settings: reminders after 2 h")
    reply, reminder = order(h, before, "Table settings: reminders after 2 h")
    assert reply < reminder, [m.content for m in h.posts()[before:]]


async def test_a_resume_is_announced_before_the_reminder_it_makes_due(bot, monkeypatch):
    h = bot
    await h.slash(ALICE, "game new", game="tally", player2=BOB)
    await h.slash(ALICE, "game settings", remind=2.0)
    await h.slash(ALICE, "game start")
    await h.slash(ALICE, "game pause")
    await h.wait(hours=20)
    assert not reminded(h)  # paused: no reminder
    before = len(h.posts())
    slow_replies(monkeypatch, h)
    await h.slash(ALICE, "game resume")  # the creator: at once; Alice, waited for 20 h, is reminded at once
    await until_posted(h, "Alice resumed the table")
    reply, reminder = order(h, before, "Alice resumed the table")
    assert reply < reminder, [m.content for m in h.posts()[before:]]
