"""Discord failing on purpose (the fake's fault hook): every saved move reaches the table once.

For each fault (a 429 with ``retry_after``, a 5xx, 10062 on the interaction callback, 404
Unknown Channel, 50013 Missing Permissions, the same INTERACTION_CREATE twice, a restart with
posts not delivered): the move is saved exactly once, the table's post is delivered exactly once
(eventually) or the table is told, nothing is logged as an ERROR (the harness fails the test on
one), and other channels are served meanwhile.
"""

from __future__ import annotations

from .client import User
from .discord_api import CALLBACK, CREATE

ALICE, BOB, CAROL = User(101, "Alice"), User(102, "Bob"), User(103, "Carol")
PASSED = "Alice passes"


async def table(h, channel=None):
    await h.slash(ALICE, "game new", game="tally", player2=BOB, channel=channel)
    await h.slash(ALICE, "game start", channel=channel)


def moves(h) -> int:
    return h.rows("SELECT COUNT(*) FROM moves")[0][0]


def turn_posts(h, text: str = PASSED, channel=None) -> list:
    return [m for m in h.posts(channel or h.channel) if text in m.content]


def owed(h) -> list[tuple]:
    return h.rows("SELECT n, message_id IS NOT NULL, failed FROM outbox ORDER BY game_id, n")


async def served_elsewhere(h) -> None:
    """Another channel is answered while this one's post waits."""
    other = h.text_channel(f"other{len(h.discord.channels)}")
    await h.slash(CAROL, "game new", game="tally", channel=other)
    assert "Tally" in h.posts(other)[-1].content


async def test_a_429_on_the_turn_post_waits_retry_after_and_posts_once(h):
    await table(h)
    h.discord.fail(CREATE, 429, times=1, retry_after=3.0, channel=h.channel)
    await h.slash(ALICE, "move", move="pass")
    assert moves(h) == 1 and turn_posts(h) == []
    assert "saved" in h.last(ALICE).content and "wait 3 s" in h.last(ALICE).content  # the mover is told why
    await served_elsewhere(h)
    await h.wait(2.9)
    assert turn_posts(h) == []
    await h.wait(0.2)
    assert len(turn_posts(h)) == 1 and moves(h) == 1
    assert (1, 1, None) in owed(h)
    await h.wait(hours=1)
    assert len(turn_posts(h)) == 1


async def test_server_errors_back_off_until_the_post_goes(h):
    await table(h)
    fault = h.discord.fail(CREATE, 503, times=3, channel=h.channel)
    await h.slash(ALICE, "move", move="pass")
    assert "503" in h.last(ALICE).content and "saved" in h.last(ALICE).content
    for _ in range(4):
        await h.wait(30)
    assert fault.hits == 3 and len(turn_posts(h)) == 1 and moves(h) == 1
    assert (1, 1, None) in owed(h)


async def test_discord_own_retries_of_500_then_ours(h):
    """500s are retried by discord.py itself (five tries); when they all fail, the outbox goes on."""
    await table(h)
    with h.instant_retries():
        fault = h.discord.fail(CREATE, 500, times=7, channel=h.channel)
        await h.slash(ALICE, "move", move="pass")
        await h.wait(10)
    assert fault.hits == 7 and len(turn_posts(h)) == 1 and moves(h) == 1


async def test_a_lost_interaction_answer_still_posts_the_turn(h):
    """10062 on the callback: the mover's answer is lost, the table still gets its post."""
    await table(h)
    h.discord.fail(CALLBACK, 404, 10062, times=2)  # the answer and the note that would follow it
    await h.slash(ALICE, "move", move="pass")
    assert moves(h) == 1 and len(turn_posts(h)) == 1
    assert (1, 1, None) in owed(h)


async def test_a_lost_callback_of_a_post_that_is_the_answer_goes_to_the_channel(h):
    """/game start's post IS the interaction's answer: lost with 10062, it is posted in the channel."""
    await h.slash(ALICE, "game new", game="tally", player2=BOB)
    h.discord.fail(CALLBACK, 404, 10062, times=2)
    await h.slash(ALICE, "game start")
    started = [m for m in h.posts(h.channel) if "started" in m.content.lower() or "seats" in m.content.lower()]
    assert h.rows("SELECT status FROM games") == [("running",)]
    assert (0, 1, None) in owed(h) and len(started) == 1, [m.content for m in h.posts()]


async def test_the_same_interaction_twice_plays_once(h):
    await table(h)
    h.twice()
    await h.slash(ALICE, "move", move="pass")
    assert moves(h) == 1 and len(turn_posts(h)) == 1


async def test_the_same_interaction_after_a_restart_plays_once(h):
    """The ids that made a move are kept with it: a bot restarted within the token's 15 minutes
    still drops a second delivery."""
    await table(h)
    move = await h.slash(ALICE, "move", move="pass")
    await h.restart()
    await h.wait(60)
    requests = len(h.requests())
    await h.again(move)
    assert moves(h) == 1 and len(turn_posts(h)) == 1 and len(h.requests()) == requests


async def test_the_same_click_twice_plays_once(h):
    await table(h)
    await h.slash(ALICE, "move", move="pass")
    post = turn_posts(h)[-1]
    h.twice()
    await h.click(BOB, post, "Play")
    assert len(h.ephemeral(BOB)) == 1


async def test_a_restart_sends_what_was_owed_once(h):
    await table(h)
    h.discord.fail(CREATE, 503, times=1000, channel=h.channel)
    await h.slash(ALICE, "move", move="pass")
    assert moves(h) == 1 and turn_posts(h) == [] and owed(h)[-1] == (1, 0, None)
    await h.restart()  # the post is still owed (the close tried once more and failed)
    h.discord.heal()
    await h.wait(600)
    assert len(turn_posts(h)) == 1 and owed(h)[-1] == (1, 1, None)
    await h.restart()
    await h.wait(600)
    assert len(turn_posts(h)) == 1 and moves(h) == 1


async def test_a_post_made_but_not_marked_is_not_posted_again_after_a_restart(h, monkeypatch):
    """The post went out but the bot died before writing its message id: on start it is sent again
    with the same nonce, and Discord answers with the first message instead of a second."""
    await table(h)
    store = h.bot.store
    real = store.post_delivered

    async def lost(game_id, n, message_id, board=False):
        if n == 1:
            return None  # as if the process died here
        return await real(game_id, n, message_id, board)
    monkeypatch.setattr(store, "post_delivered", lost)
    await h.slash(ALICE, "move", move="pass")
    assert len(turn_posts(h)) == 1 and owed(h)[-1] == (1, 0, None)
    await h.restart()
    await h.wait(1)
    assert len(turn_posts(h)) == 1 and owed(h)[-1] == (1, 1, None)


async def bot_table(h, channel=None):
    """Alice against a bot seat: the bot's moves are posted without an interaction (the timer route)."""
    await h.slash(ALICE, "game new", game="tally", bots=1, channel=channel)
    await h.slash(ALICE, "game start", channel=channel)


async def test_a_deleted_channel_pauses_the_game_as_orphaned_and_it_can_move(h):
    await bot_table(h)
    gid = h.sessions.table(h.channel).record.id
    fault = h.discord.fail(CREATE, 404, 10003, times=100, channel=h.channel, after=1)  # the bot's post: gone
    await h.slash(ALICE, "move", move="pass")
    await h.wait(1)
    made = moves(h)
    assert fault.hits == 1 and made >= 2  # Alice's move and the bot's turn (it adds before it passes)
    assert h.sessions.table(h.channel) is None and h.rows("SELECT paused FROM games") == [("orphaned",)]
    dm = [m for m in h.posts() if m.channel_id == h.dm(ALICE)]
    assert len(dm) == 1 and f"/game adopt game:{gid}" in dm[0].content  # the creator is told how to go on
    await h.slash(ALICE, "games", which="mine")
    assert "Tally" not in h.last(ALICE).content  # out of /games
    assert await h.bot.pbp._io(h.bot.pbp._seats_of, ALICE.id) == []  # out of the game limit
    await h.slash(BOB, "game adopt", game=gid, channel=h.text_channel("new-home"))
    assert "Only the game's creator" in h.last(BOB).content
    home = h.text_channel("home")
    await h.slash(ALICE, "game adopt", game=gid, channel=home)
    assert "moves to this channel" in h.posts(home)[-1].content
    assert h.sessions.table(home) is not None and h.rows("SELECT paused, channel_id FROM games") == [(None, home)]
    await h.slash(ALICE, "move", move="pass", channel=home)
    await h.wait(1)
    assert moves(h) > made + 1 and h.posts(home)[-1].content.startswith("Bot 1")  # the bot's turn, posted


async def test_an_orphaned_game_can_be_aborted_by_its_creator(h):
    await bot_table(h)
    gid = h.sessions.table(h.channel).record.id
    h.discord.fail(CREATE, 404, 10003, times=100, channel=h.channel, after=1)
    await h.slash(ALICE, "move", move="pass")
    await h.wait(1)
    other = h.text_channel("elsewhere")
    await h.slash(ALICE, "game abort", game=gid, channel=other)
    assert "ended" in h.last(ALICE).content and h.rows("SELECT status FROM games") == [("aborted",)]


async def test_without_send_messages_a_bots_move_is_marked_and_the_creator_told_once(h):
    await bot_table(h)
    await h.slash(ALICE, "move", move="pass")
    await h.wait(5)  # bots' posts are paced (3 s apart)
    h.deny(h.channel, "send")
    before = len(h.posts(h.channel))
    await h.slash(ALICE, "move", move="pass")  # Alice sees her own post in her answer; the bot's fails
    await h.wait(5)  # bots' posts are paced (3 s apart)
    await h.slash(ALICE, "move", move="pass")
    await h.wait(5)  # bots' posts are paced (3 s apart)
    assert len(h.posts(h.channel)) == before
    assert {r[2] for r in owed(h)[-4:]} == {"denied"}
    dm = [m for m in h.posts() if m.channel_id == h.dm(ALICE)]
    assert len(dm) == 1 and "Send Messages" in dm[0].content
    await served_elsewhere(h)


async def test_without_attach_files_the_turn_is_posted_without_its_board(h):
    await table(h)
    h.deny(h.channel, "attach")
    await h.slash(ALICE, "move", move="pass")
    post = turn_posts(h)[-1]
    assert post.png is None and "Attach Files" in post.content
    assert "Full board" not in post.labels() and owed(h)[-1] == (1, 1, None)
