"""Catch-up (issue 36, item 4) through the Discord harness: ``/game recap`` lists exactly the
turns since the caller's last move, in the history's words, with the board now (described) and
what is asked of them; the reminder carries the same recap; en and zh-TW."""

from __future__ import annotations

import pytest

from bot.table.timers import ManualClock
from tests.harness import User

from .conftest import START

ALICE, BOB, CAROL = User(101, "Alice"), User(102, "Bob"), User(103, "Carol")
DORA = User(104, "Dora", locale="zh-TW")


@pytest.fixture
async def bot(tally, make_harness, pbp_db):
    return await make_harness(db=pbp_db, clock=ManualClock(START), seed=7)


async def three_turns(h, third=CAROL, **settings):
    await h.slash(ALICE, "game new", game="tally", player2=BOB, player3=third)
    if settings:
        await h.slash(ALICE, "game settings", **settings)
    await h.slash(ALICE, "game start")
    await h.slash(ALICE, "move", move="add 1")
    await h.slash(ALICE, "move", move="pass")      # Alice: #1-#2
    await h.slash(BOB, "move", move="add 2")
    await h.slash(BOB, "move", move="add 3")
    await h.slash(BOB, "move", move="pass")        # Bob: #3-#5, one turn
    await h.slash(third, "move", move="pass")      # the third seat: #6


async def test_recap_lists_exactly_the_turns_since_your_last_move(bot):
    h = bot
    await three_turns(h)
    posts = len(h.posts())
    await h.slash(ALICE, "game recap")
    said = h.last(ALICE)
    lines = said.content.splitlines()
    assert said.ephemeral and len(h.posts()) == posts
    assert lines[0] == "Since your last move (#2): 2 turn(s)."
    assert lines[1] == "#3–#5 · Bob: Bob adds 2 · Bob adds 3 · Bob passes", lines
    assert lines[2] == "#6 · Carol: Carol passes"
    assert lines[3].startswith("Now you: ") and len(lines) == 4
    upload = h.discord.uploads[-1]
    assert upload.description.startswith("The board of Tally now, after move 6.") and "Bob adds 2" in upload.description
    # Bob moved last at #5: one turn since; Carol: nothing since hers
    await h.slash(BOB, "game recap")
    assert h.last(BOB).content.splitlines()[:2] == ["Since your last move (#5): 1 turn(s).", "#6 · Carol: Carol passes"]
    assert h.last(BOB).content.splitlines()[-1] == "The table waits for Alice."
    await h.slash(CAROL, "game recap")
    assert h.last(CAROL).content.startswith("Nothing happened since your last move (#6).")


async def test_the_reminder_carries_the_recap(bot):
    h = bot
    await three_turns(h, remind=2.0)
    await h.wait(hours=2.1)
    reminder = [m.content for m in h.posts() if "<@101>, your move" in m.content][-1]
    assert "Since your last move (#2): 2 turn(s).\n#3–#5 · Bob: Bob adds 2 · Bob adds 3 · Bob passes\n" \
           "#6 · Carol: Carol passes" in reminder, reminder


async def test_recap_refusals_and_traditional_chinese(bot):
    h = bot
    await h.slash(ALICE, "game recap")
    assert "no running game" in h.last(ALICE).content
    await three_turns(h, third=DORA)
    await h.slash(CAROL, "game recap")
    assert "Only a seated player" in h.last(CAROL).content
    await h.slash(ALICE, "move", move="pass")
    await h.slash(DORA, "game recap")
    lines = h.last(DORA).content.splitlines()
    assert lines[0] == "你上一步（#6）之後：1 個回合。" and lines[1].startswith("#7 · Alice：")
    assert lines[1] == "#7 · Alice：Alice passes"  # the toy's own lines are English only
    assert lines[-1] == "大家正在等 Bob。"


async def test_the_recap_image_frames_what_changed_since_your_last_move(bot):
    import io

    from PIL import Image

    from renderers import changes

    h = bot
    await three_turns(h)
    await h.slash(CAROL, "game recap")  # nothing since Carol's move: the board now, unframed
    now = Image.open(io.BytesIO(h.last(CAROL).png)).convert("RGB")
    assert changes.FRAME not in {c for _, c in now.getcolors(1 << 16)}
    await h.slash(ALICE, "game recap")  # Bob's adds since Alice's move #2: framed
    framed = Image.open(io.BytesIO(h.last(ALICE).png)).convert("RGB")
    assert framed.size == now.size
    moved = [(x, y) for y in range(now.height) for x in range(now.width)
             if framed.getpixel((x, y)) != now.getpixel((x, y))]
    assert moved and {framed.getpixel(p) for p in moved} <= {changes.FRAME, changes.EDGE}
    assert "What changed since your move #2 is framed in magenta." in h.discord.uploads[-1].description
