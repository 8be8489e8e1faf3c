"""The renderer draws fresh, mid-game, final and private views as PNGs."""

import io
import random

from PIL import Image

from games.core.playout import expand
from renderers import render

from .altiplano_helpers import GAME, fresh

NAMES = ["Ana", "Bo", "Chen", "Dita", "Eli"]


def check_png(data: bytes):
    img = Image.open(io.BytesIO(data))
    assert img.width == 1600 and len(data) < 1_500_000
    return img


def rich(players=4):
    """A hand-made mid-game position with every kind of thing on display."""
    state = fresh(players, missions=True)
    state["phase"] = "act"
    for p in state["seats"]:
        p["stage"] = None
    p = state["seats"][0]
    p.update(exts=["E19", "E08"], houses=["H10"], boats=["B02", "B05"], done_orders=["O01"], pawn="market",
             road=6, carts=3, coins=4)
    p["spaces"] = {"market": ["silver", "glass"], "farm": ["alpaca", "food"], "E19": ["ore"], "move": ["food"]}
    p["space_coins"] = {"E08": 1}
    p["order"] = {"id": "O16", "have": {"silver": 1}}
    p["warehouse"] = [{"good": "fish", "tiles": ["fish"] * 3}, {"good": "ore", "tiles": ["ore", "corn"]},
                      {"good": "corn", "tiles": ["corn"]}]
    p["missions"] = ["M05", "M12"]
    p["revealed"] = ["M05"]
    state["last"] = ["{p0} delivers 1 silver to order O16."]
    return state


def test_fresh_mid_and_final_render():
    """One image each (PNG encoding is slow on a shared machine)."""
    players = 3
    state = GAME.setup(players, 11, {"missions": True})
    check_png(render("altiplano", GAME.view(state, None), NAMES[:players]))
    rnd = random.Random(2)
    k = 0
    while GAME.result(state) is None:
        seat = rnd.choice(sorted(GAME.to_move(state)))
        GAME.play(state, seat, expand(GAME, state, seat, "", rnd))
        k += 1
        if k == 150:
            check_png(render("altiplano", GAME.view(state, 1), NAMES[:players]))
    check_png(render("altiplano", GAME.view(state, None), None))


def test_rich_position_renders_private_view():
    img = check_png(render("altiplano", GAME.view(rich(), 0), NAMES[:4]))
    assert img.height > 1500
