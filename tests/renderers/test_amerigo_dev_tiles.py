"""Amerigo: every development tile a seat holds is drawn on its panel, on the board and on the
turn image's seat card (a fifth tile once fell below a panel sized for one row of three)."""

from __future__ import annotations

import pytest

import games
from games.amerigo.data import DEVELOPMENTS
from renderers import amerigo as A
from renderers import amerigo_turn as T

NAMES = ["Ann", "Bob", "Cid"]


def _view(tiles: int) -> dict:
    game = games.get("amerigo")
    view = game.view(game.setup(3, 5), None)
    view["players"][1]["devs"] = sorted(DEVELOPMENTS)[:tiles]
    return view


def _drawn(monkeypatch) -> list:
    """The tiles drawn on seats' panels (named only: ``effect=False``; the offer's show their effect)."""
    seen = []
    real = A.dev_tile

    def counted(draw, box, d, *args, **kwargs):
        if kwargs.get("effect") is False:
            seen.append(d)
        return real(draw, box, d, *args, **kwargs)
    monkeypatch.setattr(A, "dev_tile", counted)
    return seen


@pytest.mark.parametrize("tiles", [3, 5, A.DEV_SHOWN])
def test_every_tile_a_seat_holds_is_on_the_board(monkeypatch, tiles):
    view = _view(tiles)
    seen = _drawn(monkeypatch)
    img = A.board_image(view, NAMES)
    assert seen == view["players"][1]["devs"]
    assert img.height == A.layout(view)["height"] and A.layout(view)["panels"][-1][3] < img.height


@pytest.mark.parametrize("tiles", [3, 5, A.DEV_SHOWN])
def test_every_tile_a_seat_holds_is_on_its_turn_card(monkeypatch, tiles):
    view = _view(tiles)
    seen = _drawn(monkeypatch)
    T.panel_card(view, NAMES, "seat", 776, 900, seat=1)
    assert seen == view["players"][1]["devs"]
