"""The board renders fresh, mid-game and final states as readable PNGs."""

import io
import random

import pytest
from PIL import Image

from games.amerigo import GAME
from games.core.playout import expand
from renderers import amerigo


def _png(view):
    data = amerigo.render(view, names=["Ana", "Bo", "Chen", "Dee"])
    img = Image.open(io.BytesIO(data))
    assert img.width == 1600 and len(data) < 1_500_000
    return img


@pytest.mark.parametrize("players", [2, 4])
def test_fresh_mid_and_final_boards_render(players):
    state = GAME.setup(players, 21)
    _png(GAME.view(state, None))
    rnd = random.Random(4)
    moves = 0
    while GAME.result(state) is None:
        seat = next(iter(GAME.to_move(state)))
        GAME.play(state, seat, expand(GAME, state, seat, "", rnd))
        moves += 1
        if moves == 60:
            _png(GAME.view(state, seat))
    final = GAME.view(state, None)
    assert final["result"] and final["to_move"] == []
    _png(final)
