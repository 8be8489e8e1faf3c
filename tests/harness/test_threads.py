"""A game in a thread that Discord archived, or a moderator locked (issue 30 item 4).

An archived thread is reopened for the post a move owes it: the post arrives, the thread is open
again. A locked thread the bot may not reopen (no Manage Threads) is a missing right: the move is
saved, the mover gets the post in their own answer with what to grant, the creator is told once
after a bot's move, the outbox row is settled (no retry loop, no ERROR), and once the thread is
unlocked the next move is posted as usual.
"""

from __future__ import annotations

from .client import User
from .discord_api import CREATE

ALICE, BOB = User(101, "Alice"), User(102, "Bob")
PATCH = "PATCH /channels/{channel_id}"


def moves(h) -> int:
    return h.rows("SELECT COUNT(*) FROM moves")[0][0]


def owed(h) -> list[tuple]:
    return h.rows("SELECT n, message_id IS NOT NULL, failed FROM outbox ORDER BY game_id, n")


def meta(h, thread: int) -> dict:
    return h.discord.channels[thread]["thread_metadata"]


async def bot_table(h, thread: int) -> None:
    await h.slash(ALICE, "game new", game="tally", bots=1, channel=thread)
    await h.slash(ALICE, "game start", channel=thread)


async def test_a_thread_discord_archives_is_reopened_and_the_move_posted_there(h):
    thread = h.thread("tally")
    await h.slash(ALICE, "game new", game="tally", player2=BOB, channel=thread)
    await h.slash(ALICE, "game start", channel=thread)
    patches = len(h.requests(PATCH))
    await h.archive(thread)  # THREAD_UPDATE: the bot reopens its game's thread
    assert len(h.requests(PATCH)) == patches + 1 and not meta(h, thread)["archived"]
    await h.slash(ALICE, "move", move="pass", channel=thread)
    assert moves(h) == 1 and not meta(h, thread)["archived"]
    assert [m for m in h.posts(thread) if "Alice passes" in m.content]
    assert owed(h)[-1] == (1, 1, None)


async def test_the_owed_post_reopens_a_thread_left_archived(h):
    """Alice's turn post waits in the outbox (a 503), and meanwhile Discord archives the thread
    and the reopening on THREAD_UPDATE fails (another 503), so the thread stays archived: the
    outbox's retry reopens it first (PATCH archived=false), then the post arrives there, once."""
    thread = h.thread("tally")
    await h.slash(ALICE, "game new", game="tally", player2=BOB, channel=thread)
    await h.slash(ALICE, "game start", channel=thread)
    h.discord.fail(CREATE, 503, times=1, channel=thread)
    await h.slash(ALICE, "move", move="pass", channel=thread)
    assert "saved" in h.last(ALICE).content and owed(h)[-1] == (1, 0, None)
    h.discord.fail(PATCH, 503, times=1, channel=thread)
    await h.archive(thread)  # the bot's reopening fails: a warning
    assert meta(h, thread)["archived"]
    patches = len(h.requests(PATCH))
    await h.wait(30)
    reopen = h.requests(PATCH)[patches:]
    assert reopen and reopen[0].body.get("archived") is False and reopen[0].status == 200
    assert not meta(h, thread)["archived"]
    assert len([m for m in h.posts(thread) if "Alice passes" in m.content]) == 1
    assert owed(h)[-1] == (1, 1, None) and moves(h) == 1


async def test_a_locked_thread_is_a_missing_right_not_a_lost_move(h):
    thread = h.thread("tally")
    await bot_table(h, thread)
    await h.lock(thread)
    before = len(h.posts(thread))
    await h.slash(ALICE, "move", move="pass", channel=thread)
    mine = h.last(ALICE)
    assert mine.ephemeral and "locked" in mine.content and "Manage Threads" in mine.content
    assert "Alice passes" in mine.content  # the post itself, to the mover alone
    await h.wait(5)  # the bot's paced turn: refused, settled, its creator told
    made = moves(h)
    assert made >= 2 and len(h.posts(thread)) == before
    assert [failed for _, _, failed in owed(h)[-2:]] == ["denied", "denied"]
    dm = [m for m in h.posts() if m.channel_id == h.dm(ALICE)]
    assert len(dm) == 1 and "locked" in dm[0].content and "Manage Threads" in dm[0].content
    requests = len(h.requests(CREATE))
    await h.wait(hours=2)  # nothing retried in a loop
    assert len(h.requests(CREATE)) == requests and moves(h) == made
    # unlocked by the moderator: the next move is posted in the thread again
    meta(h, thread).update(locked=False, archived=False)
    await h.slash(ALICE, "move", move="pass", channel=thread)
    assert [m for m in h.posts(thread)[before:] if "Alice passes" in m.content]


async def test_a_locked_thread_where_the_bot_manages_threads_is_posted_in(h):
    thread = h.thread("tally")
    await bot_table(h, thread)
    h.discord.manages.add(thread)
    await h.lock(thread)
    await h.slash(ALICE, "move", move="pass", channel=thread)
    await h.wait(5)
    assert [m for m in h.posts(thread) if "Alice passes" in m.content]
    assert h.posts(thread)[-1].content.startswith("Bot 1") and not meta(h, thread)["archived"]
    assert all(delivered and failed is None for _, delivered, failed in owed(h))
