"""The board renders fresh, mid-game, final and private states to readable PNGs."""

import io

import pytest
from PIL import Image

from games.core.playout import random_playout
from renderers import render

from .woa_helpers import GAME, busy_state, fresh

PNG = b"\x89PNG\r\n\x1a\n"


def _check(png: bytes) -> Image.Image:
    assert png.startswith(PNG)
    assert len(png) < 1_500_000
    img = Image.open(io.BytesIO(png))
    assert img.width == 1600 and 1000 <= img.height <= 1700
    return img


@pytest.mark.parametrize("players", [2, 5])
def test_fresh_board(players):
    _check(render("west-of-africa", GAME.view(fresh(players), None)))


def test_mid_game_public_and_private():
    st = busy_state(4)
    public = _check(render("west-of-africa", GAME.view(st, None), ["Angelika", "Marian", "Tanya", "Dora"]))
    GAME.play(st, 0, "choose tenerife farm sell")
    private = _check(render("west-of-africa", GAME.view(st, 0)))
    assert private.height > public.height  # the hand panel is added


def test_final_board():
    state, _ = random_playout(GAME, 3, 5)
    assert GAME.result(state) is not None
    _check(render("west-of-africa", GAME.view(state, None)))


def test_public_render_ignores_secret_choice():
    """Two states that differ only in a secret choice draw the same public image."""
    a, b = fresh(3), fresh(3)
    GAME.play(a, 0, "choose tenerife farm")
    GAME.play(b, 0, "choose lanzarote build ship")
    assert GAME.view(a, None) == GAME.view(b, None)
    assert render("west-of-africa", GAME.view(a, None)) == render("west-of-africa", GAME.view(b, None))
