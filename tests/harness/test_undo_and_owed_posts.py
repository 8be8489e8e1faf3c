"""An undone move's post, and the post of the move made again: the table sees each move it still
holds once, and never a post of a move taken back, whatever Discord does meanwhile."""

from __future__ import annotations

from .discord_api import CREATE
from .test_faults import ALICE, PASSED, moves, owed, table, turn_posts

UNDONE = "took back move #1"


def after_undo(h) -> list[str]:
    """What the channel shows from the undo's line on."""
    shown = [m.content for m in h.posts()]
    at = next(i for i, text in enumerate(shown) if UNDONE in text)
    return shown[at:]


async def test_a_move_made_again_after_an_undo_is_posted_again(h):
    """Discord answers a repeated nonce with the first message for a few minutes: the post of
    move 1 made again must not carry the nonce of the undone move 1's."""
    await table(h)
    await h.slash(ALICE, "move", move="pass")
    await h.wait(1)
    await h.slash(ALICE, "undo")
    await h.wait(1)
    await h.slash(ALICE, "move", move="pass")
    assert moves(h) == 1 and len(turn_posts(h)) == 2
    assert PASSED in after_undo(h)[-1] and "<@102>" in after_undo(h)[-1]  # Bob is up, and told so
    assert owed(h) == [(0, 1, None), (1, 1, None)]


async def test_the_post_of_an_undone_move_waiting_for_discord_is_never_posted(h):
    await table(h)
    h.discord.fail(CREATE, 429, times=1, retry_after=3.0, channel=h.channel)
    await h.slash(ALICE, "move", move="pass")
    assert turn_posts(h) == [] and owed(h) == [(0, 1, None), (1, 0, None)]
    await h.slash(ALICE, "undo")
    assert moves(h) == 0 and owed(h) == [(0, 1, None)]  # owed no more
    await h.wait(3.5)
    await h.wait(hours=1)
    assert turn_posts(h) == [] and "<@101>" in h.posts()[-1].content  # the undo's line is the last: Alice is up
    await h.restart()
    await h.wait(hours=1)
    assert turn_posts(h) == []


async def test_a_move_made_again_while_the_undone_ones_post_waits_is_posted_once(h):
    await table(h)
    h.discord.fail(CREATE, 429, times=1, retry_after=3.0, channel=h.channel)
    await h.slash(ALICE, "move", move="pass")
    await h.wait(1)
    await h.slash(ALICE, "undo")
    await h.wait(1)
    await h.slash(ALICE, "move", move="pass")  # while the first post still waits out the 429
    await h.wait(3.5)
    await h.wait(hours=1)
    assert moves(h) == 1 and len(turn_posts(h)) == 1 and PASSED in after_undo(h)[-1]
    assert owed(h) == [(0, 1, None), (1, 1, None)]


async def test_a_post_discord_answers_only_after_its_move_was_undone_is_taken_back(h):
    """Discord took the post, but its answer reached the bot after the undo: the channel keeps no
    post of a move the table no longer holds (its "Up:" would name the wrong player)."""
    await table(h)
    held = h.discord.hold(CREATE, channel=h.channel)
    await h.slash(ALICE, "move", move="pass")  # in the channel already; the bot still waits for the answer
    assert held.hits == 1 and len(turn_posts(h)) == 1
    await h.slash(ALICE, "undo")
    assert moves(h) == 0
    held.release()
    await h.wait(1)
    assert turn_posts(h) == [] and "<@101>" in h.posts()[-1].content  # the undo's line is the last: Alice is up
    assert owed(h) == [(0, 1, None)]
    await h.slash(ALICE, "move", move="pass")  # made again: posted, and kept
    assert len(turn_posts(h)) == 1 and PASSED in after_undo(h)[-1]
    assert owed(h) == [(0, 1, None), (1, 1, None)]


async def test_a_post_discord_answers_late_is_kept_when_its_move_stands(h):
    await table(h)
    held = h.discord.hold(CREATE, channel=h.channel)
    await h.slash(ALICE, "move", move="pass")
    held.release()
    await h.wait(1)
    assert len(turn_posts(h)) == 1 and owed(h) == [(0, 1, None), (1, 1, None)]
