"""Bounded work (issue 30 item 7): button cooldowns per user, finite time controls, and no thread
opened for a table that cannot be made."""

from __future__ import annotations

import pytest

from bot.discord import limits

from .client import User

ALICE, BOB, CAROL = User(101, "Alice"), User(102, "Bob"), User(103, "Carol")
THREADS = "POST /channels/{channel_id}/threads"


async def played(h) -> int:
    await h.slash(ALICE, "game new", game="tally", player2=BOB)
    await h.slash(ALICE, "game start")
    await h.slash(ALICE, "move", move="pass")
    return h.sessions.table(h.channel).record.id


async def test_full_board_presses_are_limited_per_user(h):
    await played(h)
    post = [m for m in h.posts(h.channel) if "Full board" in m.labels()][-1]
    rate, per = limits.FULL_BOARD
    for _ in range(rate):
        await h.click(CAROL, post, "Full board")
        assert h.last(CAROL).png is not None
    await h.click(CAROL, post, "Full board")
    refused = h.last(CAROL)
    assert refused.png is None and "press that again in 60 s" in refused.content
    await h.click(BOB, post, "Full board")  # per user: Bob is not held up by Carol
    assert h.last(BOB).png is not None
    await h.wait(per + 1)
    await h.click(CAROL, post, "Full board")
    assert h.last(CAROL).png is not None


async def test_history_pages_are_limited_per_user(h):
    gid = await played(h)
    rate, _per = limits.HISTORY
    for _ in range(rate):
        page = h.old_message([f"pbp:page:{gid}:1"])  # an older page's button (the page turned has none)
        await h.click(CAROL, page, 0)
        assert "page 1/1" in page.content
    page = h.old_message([f"pbp:page:{gid}:1"])
    await h.click(CAROL, page, 0)
    assert "press that again" in h.last(CAROL).content and "page 1/1" not in page.content


@pytest.mark.parametrize("time", ["move:inf", "move:nan", "move:0.001", "chess:1e308+1e308"])
async def test_a_time_control_out_of_bounds_is_refused_with_the_range(h, time):
    await h.slash(ALICE, "game new", game="tally", player2=BOB, time=time)
    answer = h.last(ALICE)
    assert answer.ephemeral and ("0.25 to 720 hours" in answer.content or "0.5 to 90 initial days" in answer.content)
    assert h.rows("SELECT COUNT(*) FROM games") == [(0,)]


async def test_no_thread_is_opened_for_a_table_that_cannot_be_made(h):
    await h.slash(ALICE, "game new", game="nosuch", thread=True)
    assert "nosuch" in h.last(ALICE).content and h.requests(THREADS) == []
    await h.slash(ALICE, "game new", game="tally", thread=True, options="turns")
    assert h.requests(THREADS) == [] and h.rows("SELECT COUNT(*) FROM games") == [(0,)]
    await h.slash(ALICE, "game new", game="tally", thread=True)
    assert len(h.requests(THREADS)) == 1 and h.rows("SELECT COUNT(*) FROM games") == [(1,)]


async def test_bot_turns_are_paced_per_channel(h):
    """Alice and three bots: the bots' posts come at least 3 s apart, never more than 12 in a
    minute, and the game still reaches its end."""
    from bot.discord.cogs.pbp import BOT_PACE

    gap, cap = BOT_PACE
    shown: dict[int, float] = {}
    real = h.discord.visible

    def visible(message) -> None:
        shown[message.id] = h.clock.now().timestamp()
        real(message)
    h.discord.visible = visible
    await h.slash(ALICE, "game new", game="tally", bots=3, options="turns=24")
    await h.slash(ALICE, "game start")
    for _ in range(200):
        table = h.sessions.table(h.channel)
        if table is None:
            break
        if 0 in table.to_move():
            await h.slash(ALICE, "move", move="pass")
        await h.wait(1)
    assert h.sessions.table(h.channel) is None, "the game did not finish"
    bots = sorted(shown[m.id] for m in h.posts(h.channel) if m.content.startswith("Bot "))
    assert len(bots) >= 18
    assert min(b - a for a, b in zip(bots, bots[1:])) >= gap
    assert max(sum(1 for t in bots if s <= t < s + 60) for s in bots) <= cap
