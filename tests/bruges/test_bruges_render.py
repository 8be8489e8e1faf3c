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
