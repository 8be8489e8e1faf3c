"""The board renders fresh, mid-game and final; a seat's view renders its hand."""

import io
import random

from PIL import Image

from games.core.playout import expand
from renderers import render

from .helpers import GAME

NAMES = ["Alice", "Bob", "Carla", "Dmitri"]


def _advance(state, moves, seed=4):
    rnd = random.Random(seed)
    for _ in range(moves):
        if GAME.result(state) is not None:
            break
        seat = rnd.choice(sorted(GAME.to_move(state)))
        GAME.play(state, seat, expand(GAME, state, seat, "", rnd))
    return state


def _png(data):
    img = Image.open(io.BytesIO(data))
    assert img.format == "PNG" and img.width == 1600
    assert len(data) < 1_500_000
    return img


def test_fresh_mid_and_final_boards_render():
    state = GAME.setup(4, 3)
    _png(render("bruges", GAME.view(state, None), NAMES))
    _advance(state, 160)
    _png(render("bruges", GAME.view(state, None), NAMES))
    _advance(state, 100000)
    assert GAME.result(state) is not None
    _png(render("bruges", GAME.view(state, None), NAMES))


def test_hand_renders_from_the_seat_view_only():
    state = _advance(GAME.setup(2, 5), 30)
    mine = render("bruges", GAME.view(state, 0), NAMES)
    board = render("bruges", GAME.view(state, None), NAMES)
    assert _png(mine).height < _png(board).height  # the hand image, not the board


def test_empty_houses_take_small_cells_and_keep_their_numbers():
    from renderers import bruges as rb

    person = {"id": 1, "name": "King", "colour": "blue", "group": "noble", "cost": 5, "vp": 0,
              "timing": "end", "timing_name": "laurel", "text": "Game end: 2 VP per noble person",
              "source": "designed"}
    empty = [{"n": i + 1, "roof": "red", "person": None, "used": False} for i in range(10)]
    lived = [dict(h, person=person) for h in empty]
    boxes, short = rb._house_boxes(empty, 0, 0)
    _, tall = rb._house_boxes(lived, 0, 0)
    assert short < tall / 2
    assert [h["n"] for h, _ in boxes] == list(range(1, 11))
    assert all(box[2] <= rb.HOUSES_W for _, box in boxes)  # nothing spills out of the panel


def test_a_seat_panel_draws_nothing_the_turn_image_cuts_off():
    """The turn image shows a seat's panel from the board's left edge at ``TURN_SCALE``: right
    of that cut every panel is bare (its majorities once ran off the cut, "多數：運河 人物")."""
    from renderers import bruges as rb
    from renderers import canvas as cv
    from renderers import turn

    cut = int((turn.WIDTH - 24) / rb.TURN_SCALE)
    state = _advance(GAME.setup(4, 3), 420, seed=3)  # late: houses with persons, majorities
    for locale in ("en", "zh-TW"):
        img, boxes = rb.board_image(GAME.view(state, None), NAMES, locale)
        rgb = img.convert("RGB")
        for seat in range(4):
            x0, y0, x1, y1 = boxes[seat]
            assert x1 > cut  # the panel itself spans the board
            ink = {rgb.getpixel((x, y)) for x in range(cut, x1 - 12, 3) for y in range(y0 + 44, y1 - 10, 3)}
            assert ink == {cv.PANEL}, (locale, seat, ink)


def test_the_canal_vp_mark_keeps_clear_of_the_row_above():
    """The "3 VP" over each canal's third box sits in the gap between the rows with room to spare."""
    from PIL import ImageDraw

    from renderers import bruges as rb
    from renderers import canvas as cv
    from renderers.labels import label

    for locale in ("en", "zh-TW"):
        img = Image.new("RGB", (200, 100), (255, 255, 255))
        cv.text(ImageDraw.Draw(img), (100, 80), label("bru.board.vp", locale, n=3), size=rb.CANAL_MARK,
                fill=(0, 0, 0), anchor="mb")
        top = min(y for y in range(100) if any(img.getpixel((x, y)) != (255, 255, 255) for x in range(200)))
        above_base = 80 - top
        gap = rb.CANAL_PITCH - rb.CANAL_H - 3 - above_base  # between the row above and the mark
        assert gap >= 8, (locale, gap)


def test_a_roll_points_the_turn_image_at_the_dice_and_majorities_keep_one_order():
    """No panel shows the dice: after a roll the turn image's cut is the dice, not the roller's
    panel. Every panel lists its majorities in the game's order."""
    from games.bruges.data import MAJORITIES
    from renderers import bruges as rb

    state = GAME.setup(3, 3)
    for seat, move in [(0, "draw a")] * 5 + [(1, "draw b")] * 5 + [(2, "draw a")] * 5 + [(0, "roll")]:
        GAME.play(state, seat, move)
    view = GAME.view(state, None)
    _, boxes = rb.board_image(view, NAMES)
    assert boxes["changed"][3] < boxes[0][1]  # above every panel: the top row (dice)
    view["players"][1]["majority"] = dict(sorted(view["players"][1]["majority"].items()))  # as a stored state
    assert list(view["players"][1]["majority"]) != list(MAJORITIES)
    img_sorted, _ = rb.board_image(view, NAMES)
    view["players"][1]["majority"] = {m: view["players"][1]["majority"][m] for m in MAJORITIES}
    img_game, _ = rb.board_image(view, NAMES)
    assert img_sorted.tobytes() == img_game.tobytes()
