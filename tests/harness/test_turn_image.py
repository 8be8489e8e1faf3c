"""Turn posts carry the phone-sized turn image; "Full board" answers the clicker alone with the
full board of that post's move, also after a restart; ``/game board`` posts the full board."""

from __future__ import annotations

import io
import random

from PIL import Image

import games
import renderers
from tests.pictures import shown

from .play import open_game, play


def size(png: bytes) -> tuple[int, int]:
    return Image.open(io.BytesIO(png)).size


def turn_posts(h):
    return [m for m in h.posts() if m.filename == "turn.png"]


async def test_turn_posts_carry_the_turn_image_and_a_full_board_button(make_harness):
    h = await make_harness(seed=3)
    people = await open_game(h, "west-of-africa", 3)
    table = h.sessions.table(h.channel)
    gid = table.record.id
    opening = turn_posts(h)[-1]
    w, hgt = size(opening.png)
    assert w <= 800 and hgt <= 1000
    assert f"mc:fb:{gid}:0" in opening.custom_ids() and "Full board" in opening.labels()
    assert f"mc:p:{gid}" in opening.custom_ids()  # "Play" stays beside it

    await play(h, people, random.Random(3), 4)
    n = h.sessions.table(h.channel).n
    latest = turn_posts(h)[-1]
    assert size(latest.png)[0] <= 800 and size(latest.png)[1] <= 1000
    assert f"mc:fb:{gid}:{n}" in latest.custom_ids()

    public_before = len(h.posts())
    clicker = people[2]
    await h.click(clicker, latest, "Full board")
    answer = h.last(clicker)
    assert answer.ephemeral and answer.user_id == clicker.id and answer.filename == "board.png"
    assert f"move {n}" in answer.content
    engine = games.get("west-of-africa")
    now = h.sessions.table(h.channel)
    expected = renderers.render("west-of-africa", engine.view(now.state, None), now.names)
    assert shown(answer.png) == shown(expected)  # the public full board, not the turn image
    assert size(answer.png) != size(latest.png)
    assert len(h.posts()) == public_before  # nothing added to the channel

    # after a restart the old opening post's button still answers, with the board of move 0
    await h.restart()
    await h.click(people[0], opening, "Full board")
    answer = h.last(people[0])
    assert answer.ephemeral and answer.filename == "board.png" and "move 0" in answer.content
    start = engine.setup(3, h.sessions.table(h.channel).record.seed, h.sessions.table(h.channel).record.options)
    assert shown(answer.png) == shown(renderers.render("west-of-africa", engine.view(start, None), now.names))
    assert len(h.posts()) == public_before

    # /game board: the full board, in the channel
    await h.slash(people[1], "game board")
    board = h.posts()[-1]
    assert board.filename == "board.png" and shown(board.png) == shown(expected)


async def test_a_zh_tw_table_gets_the_button_and_image_in_chinese(make_harness):
    h = await make_harness(seed=5, locale="zh-TW")
    await open_game(h, "bruges", 2)
    opening = turn_posts(h)[-1]
    assert "完整版圖" in opening.labels()
    w, hgt = size(opening.png)
    assert w <= 800 and hgt <= 1000


async def test_play_is_offered_only_where_a_person_is_asked(harness):
    """A post that waits only for bot seats carries no "Play" (nobody could use it: a bot seat
    moves on its own); a post that asks the person does."""
    h = harness
    ann = h.user("Ann")
    await h.slash(ann, "game new", game="bruges", bots=2)
    await h.slash(ann, "game start")
    table = h.sessions.table(h.channel)
    gid = table.record.id
    for _ in range(12):
        if table.engine.result(table.state) is not None:
            break
        if 0 in table.to_move():
            move = next(m for m in table.engine.legal_moves(table.state, 0) if not m.endswith(" "))
            await h.slash(ann, "move", move=move)
        await h.wait(60)
    asking = [p for p in h.posts() if f"<@{ann.id}>" in p.content or " is up" in p.content]
    ann_asked = [p for p in asking if f"<@{ann.id}>" in p.content]
    bots_only = [p for p in asking if f"<@{ann.id}>" not in p.content]
    assert ann_asked and bots_only, [p.content for p in h.posts()]
    assert all(f"mc:p:{gid}" in p.custom_ids() for p in ann_asked)
    assert not [p.content for p in bots_only if f"mc:p:{gid}" in p.custom_ids()]
