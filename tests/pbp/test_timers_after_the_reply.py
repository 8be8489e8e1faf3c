"""A timer a command makes due fires only after the command's reply is posted (through the Discord
harness, on SQLite and on PostgreSQL): the table reads "Table settings: reminders after 2 h." or
"Alice resumed the table" before the reminder that change made due at once, even while Discord is
slow to take the reply. The dispatcher is awake at once (a sooner timer wakes it), so without the
command holding the timers back, the reminder came first whenever the reply was slower than the
reminder's claim. The hold is the command's game's alone: another table's reminder is not late
because of it, and the held reminder fires once (not again when its claim runs out)."""

from __future__ import annotations

import asyncio

import pytest

from bot.discord import send
from bot.store import SqliteStore
from bot.table import timers
from bot.table.timers import CLAIM_LEASE, ManualClock
from tests.harness import User

from .conftest import START

ALICE, BOB, CAROL, DAN = User(101, "Alice"), User(102, "Bob"), User(103, "Carol"), User(104, "Dan")
#: the longest a slow reply waits for a reminder to reach the table first (real seconds)
SLOW = 0.5


@pytest.fixture
async def bot(tally, make_harness, pbp_db):
    return await make_harness(db=pbp_db, clock=ManualClock(START), seed=7)


def reminded(h, who: User = ALICE) -> bool:
    return any(f"<@{who.id}>, your move" in m.content for m in h.posts())


def slow_replies(monkeypatch, h, who: User = ALICE, first=None) -> None:
    """Discord slow to take a command's public reply: the post waits (real time, at most ``SLOW``)
    until ``who``'s reminder has reached a table, or gives up and goes (``first()`` before it waits)."""
    real = send.send_public

    async def slow(*args, **kwargs):
        if first is not None:
            first()
        for _ in range(int(SLOW / 0.01)):
            if reminded(h, who):
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
    await h.wait(CLAIM_LEASE + 60)  # the held reminder's claim ran out long ago: it fired once, no more
    said = [m.content for m in h.posts()[before:]]
    assert sum("<@101>, your move" in m for m in said) == 1, said


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


async def test_a_command_held_at_one_table_does_not_delay_another_tables_reminder(bot, monkeypatch):
    h = bot
    mine, theirs = h.text_channel("mine"), h.text_channel("theirs")
    await h.slash(ALICE, "game new", game="tally", player2=BOB, channel=mine)
    await h.slash(ALICE, "game start", channel=mine)
    await h.slash(CAROL, "game new", game="tally", player2=DAN, channel=theirs)
    await h.slash(CAROL, "game settings", remind=2.0, channel=theirs)
    await h.slash(CAROL, "game start", channel=theirs)
    await h.wait(hours=1)
    assert not reminded(h, CAROL)
    # Alice's command at her table; while Discord keeps its reply waiting, Carol's reminder at the
    # other table falls due (the clock moves on): it reaches her table without waiting for the reply
    slow_replies(monkeypatch, h, CAROL, first=lambda: h.clock.advance(3600))
    await h.slash(ALICE, "game settings", remind=6.0, channel=mine)
    await until_posted(h, "Table settings: reminders after 6 h")
    said = [(m.channel_id, m.content) for m in h.posts()]
    reply = next(i for i, (c, m) in enumerate(said) if c == mine and "reminders after 6 h" in m)
    reminder = next(i for i, (c, m) in enumerate(said) if c == theirs and "<@103>, your move" in m)
    assert reminder < reply, said
    assert not reminded(h, ALICE)  # and Alice's table was not reminded by it


async def test_a_held_games_timers_wait_for_its_reply_and_fire_once_the_others_at_once(tmp_path):
    """The dispatcher alone: game 1 held, its due timers wait (claimed) while game 2's and a timer of
    no game fire; when the hold ends, the one the command left fires once, the one it cancelled never."""
    path = tmp_path / "bot.sqlite3"
    store = await SqliteStore.open(path)
    dbt = timers.DbThread(path)
    ts = timers.TimerStore(dbt)
    clock = ManualClock(10_000.0)
    dispatcher = timers.Dispatcher(ts, clock, db=dbt)
    fired = []

    async def note(timer):
        fired.append(timer.key)

    dispatcher.on("note", note)

    def add(key, game_id):
        ts.add("note", 9_000.0, key=key, game_id=game_id, now=9_000.0)

    for key, game in (("kept", 1), ("cancelled", 1), ("other", 2), ("nogame", None)):
        await dbt.run(add, key, game, write=True)
    async with dispatcher.holding(1):
        assert await dispatcher.run_due() == 2
        await asyncio.sleep(0.05)
        assert sorted(fired) == ["nogame", "other"]  # not held: at once
        await dbt.run(ts.cancel, "cancelled", write=True)  # what the held command does meanwhile
        await asyncio.sleep(0.05)
        assert sorted(fired) == ["nogame", "other"]  # game 1's wait for the reply
    for _ in range(100):
        if len(fired) == 3:
            break
        await asyncio.sleep(0.01)
    assert fired[2:] == ["kept"] and await dbt.run(ts.all) == []
    clock.advance(timers.CLAIM_LEASE + 1)  # the claims ran out: nothing is left to fire again
    assert await dispatcher.run_due() == 0 and len(fired) == 3
    dbt.close()
    await store.close()
