"""The daily digest (issue 36 item 4, ``/me settings digest:``) through the Discord harness, on
SQLite and on PostgreSQL, on a fixed clock: off by default; one DM at the chosen time in the
player's zone listing every game waiting for them (where, what, since when, a link button to its
last turn post) and nothing on a day none waits; the same wall-clock time across a DST change;
a restart keeps it; DMs closed turn it off with a note at the next command and no retry; zh-TW."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from bot.table.pbp.digest import next_due
from bot.table.timers import ManualClock
from tests.harness import User

from .conftest import START

ALICE, BOB, CAROL = User(101, "Alice"), User(102, "Bob"), User(103, "Carol")
DORA = User(104, "Dora", locale="zh-TW")
HOUR = 3600


def ts(*args) -> int:
    return int(datetime(*args, tzinfo=UTC).timestamp())


@pytest.fixture
async def bot(tally, make_harness, pbp_db):
    return await make_harness(db=pbp_db, clock=ManualClock(START), seed=7)


async def tables(h, first=ALICE, second=BOB, count=2):
    """``count`` tables (each in its own channel) where ``first`` is to move, one where ``second`` is."""
    channels = []
    for i in range(count + 1):
        channel = h.text_channel(f"t{i}")
        a, b = (first, second) if i < count else (second, first)
        await h.slash(a, "game new", game="tally", player2=b, channel=channel)
        await h.slash(a, "game start", channel=channel)
        channels.append(channel)
    return channels


def dms(h, user):
    return h.posts(h.dm(user))


def test_next_due_keeps_the_wall_clock_time_across_dst_changes():
    # Berlin moves to summer time on 29 March 2026 (02:00 -> 03:00) and back on 25 October
    assert next_due("08:00", "Europe/Berlin", ts(2026, 3, 28, 9)) == ts(2026, 3, 29, 6)  # 08:00 CEST
    assert next_due("08:00", "Europe/Berlin", ts(2026, 3, 27, 9)) == ts(2026, 3, 28, 7)  # 08:00 CET
    assert next_due("08:00", "Europe/Berlin", ts(2026, 10, 24, 9)) == ts(2026, 10, 25, 7)  # CET again
    assert next_due("02:30", "Europe/Berlin", ts(2026, 3, 28, 9)) == ts(2026, 3, 29, 1, 30)  # skipped: 03:30 CEST
    assert next_due("08:00", "Asia/Taipei", ts(2026, 3, 2, 9)) == ts(2026, 3, 3, 0)
    assert next_due("08:00", "UTC", ts(2026, 3, 2, 7, 59)) == ts(2026, 3, 2, 8)
    assert next_due("08:00", None, ts(2026, 3, 2, 8)) == ts(2026, 3, 3, 8)


async def test_one_dm_a_day_listing_every_game_waiting_with_its_button(bot):
    h = bot
    channels = await tables(h)
    await h.wait(hours=30)
    assert dms(h, ALICE) == []  # off by default
    await h.slash(ALICE, "me settings", timezone="Europe/Berlin")
    await h.slash(ALICE, "me settings", digest="08:00")
    first = ts(2026, 3, 4, 7)  # now 3 March 15:00 UTC: next 08:00 in Berlin (CET) is 4 March 07:00 UTC
    assert h.last(ALICE).content == (f"Every day at 08:00 (Europe/Berlin) I'll DM you the games waiting for you, with a "
                                     f"button to each (nothing on a day none waits). The first: <t:{first}:f>.")
    await h.wait(hours=15.9)
    assert dms(h, ALICE) == []
    await h.wait(hours=0.2)
    (dm,) = dms(h, ALICE)
    lines = dm.content.split("\n")
    assert lines[0] == "☀️ Your daily digest: games waiting for you (2)."
    records = [await h.sessions.store.game(h.sessions.table(c).record.id) for c in channels]
    for line, channel in zip(lines[1:], channels[:2], strict=True):
        assert line == (f"• **Tally** in **Meeple Hall** › <#{channel}>: your turn "
                        f"(waiting since <t:{ts(2026, 3, 2, 9)}:R>)"), line
    assert len(lines) == 3  # Bob's table waits for Bob, not Alice
    buttons = [c for row in dm.components for c in row["components"]]
    assert [(b["style"], b["label"], b["url"]) for b in buttons] == [
        (5, f"{i + 1}. Tally", f"https://discord.com/channels/{h.guild_id}/{r.channel_id}/{r.board_message_id}")
        for i, r in enumerate(records[:2])]
    assert all(r.board_message_id and h.discord.messages[r.board_message_id].channel_id == r.channel_id
               for r in records[:2])
    # nothing waits: nothing sent the next day
    for channel in channels[:2]:
        await h.slash(ALICE, "move", move="pass", channel=channel)
    await h.wait(hours=24)
    assert len(dms(h, ALICE)) == 1
    await h.slash(ALICE, "me settings", digest="off")
    assert h.last(ALICE).content == "The daily digest is off."
    await h.slash(BOB, "move", move="pass", channel=channels[0])  # Alice is waited for again
    await h.wait(hours=48)
    assert len(dms(h, ALICE)) == 1


async def test_the_same_local_time_across_a_dst_change_and_a_restart(tally, make_harness, pbp_db):
    h = await make_harness(db=pbp_db, clock=ManualClock(datetime(2026, 3, 27, 9, tzinfo=UTC)), seed=7)
    await tables(h, count=1)
    await h.slash(ALICE, "me settings", timezone="Europe/Berlin", digest="08:00")
    assert "The first: <t:" + str(ts(2026, 3, 28, 7)) in h.last(ALICE).content
    await h.restart()
    sent = []
    for _ in range(2 * 24 * 12):  # two days in 5-minute steps: when each DM arrives
        await h.wait(300)
        if len(dms(h, ALICE)) > len(sent):
            sent.append(int(h.clock.now().timestamp()))
    # 08:00 in Berlin both days: 07:00 UTC in winter time, 06:00 UTC once summer time began
    assert sent == [ts(2026, 3, 28, 7), ts(2026, 3, 29, 6)]


async def test_closed_dms_turn_the_digest_off_with_a_note_and_no_retry(bot):
    h = bot
    await tables(h, count=1)
    await h.slash(ALICE, "me settings", digest="10:00")
    assert "UTC" in h.last(ALICE).content and "timezone:" in h.last(ALICE).content
    h.close_dms(ALICE)
    await h.wait(hours=25)
    refused = [r for r in h.requests() if r.status == 403]
    assert len(refused) == 1  # Discord refused the DM once (50007)
    assert await h.bot.pbp.digest.at(ALICE.id) is None
    await h.wait(hours=72)
    assert len([r for r in h.requests() if r.status == 403]) == 1  # never tried again
    await h.slash(ALICE, "game status", channel=h.channel)
    note = h.last(ALICE)
    assert note.ephemeral and note.content.startswith("📭 Your daily digest is off: Discord refused my DM")
    await h.slash(ALICE, "games")
    assert "📭" not in h.last(ALICE).content  # told once
    await h.slash(BOB, "games")
    assert "📭" not in h.last(BOB).content


async def test_bad_times_and_traditional_chinese(bot):
    h = bot
    await h.slash(ALICE, "me settings", digest="25:00")
    assert "HH:MM" in h.last(ALICE).content
    assert await h.bot.pbp.digest.at(ALICE.id) is None
    await tables(h, first=DORA, count=1)
    await h.slash(DORA, "me settings", timezone="Asia/Taipei")
    await h.slash(DORA, "me settings", digest="8:00")
    assert h.last(DORA).content.startswith("每天 08:00（Asia/Taipei）我會私訊你")
    await h.wait(hours=24)  # 08:00 in Taipei is 00:00 UTC
    (dm,) = dms(h, DORA)
    assert dm.content.startswith("☀️ 你的每日摘要：等你行動的牌局（1 局）。"), dm.content
