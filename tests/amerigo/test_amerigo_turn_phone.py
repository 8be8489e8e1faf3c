"""Amerigo's turn image reads on a phone: every text of its board part 22 px and up on the 800 px
image (11 px on a phone). Cut from the 1600 px board its panels came out at 9-16 px, and a turn
whose steps named squares far apart (a long sail, a big build) scaled the whole map to half."""

from __future__ import annotations

import random

import pytest

from games import get
from games.core.messages import render
from games.core.playout import expand
from renderers import amerigo as A
from renderers import amerigo_turn as AT

from ..renderers.test_phone_type import PHONE_MIN, board_type

LONG = ["Bartholomew Q. Smithers", "阿華", "Annabelle Longname", "歐陽娜娜"]


def _turns(players: int, seed: int, whole: bool = True):
    """(the turn's kind, the public view as the table draws it) after every turn of a seeded random
    game, a turn being one seat's moves in a row with every step's messages (``turn_steps``), or
    (``whole`` False) after every move."""
    game = get("amerigo")
    rnd = random.Random(seed)
    state = game.setup(players, seed)
    steps, prev = [], None

    def view():
        v = game.view(state, None)
        if len(steps) > 1:
            v["turn_steps"] = {"last": [render(m, "en") for m in steps], "last_msgs": [m.to_json() for m in steps]}
        merged = {**v, **(v.get("turn_steps") or {})}
        return ("result" if v.get("result") else A._last_kind(merged)), v

    while game.result(state) is None:
        seat = min(game.to_move(state))
        if steps and (seat != prev or not whole):
            yield view()
            steps = []
        prev = seat
        steps += [e.msg for e in game.play(state, seat, expand(game, state, seat, "", rnd)) if e.msg is not None]
    yield view()


@pytest.mark.parametrize("locale", ["en", "zh-TW"])
def test_every_turn_image_of_a_game_reads_on_a_phone(monkeypatch, locale):
    small, kinds = [], {}
    views = list(_turns(4, 1)) + list(_turns(3, 2, whole=False))[::3]
    for n, (kind, view) in enumerate(views):
        if kind == "map" and not kinds.get("map"):
            A._map_base.cache_clear()   # its coordinates and frame names drawn (not from the cache) and so seen
        found = board_type(monkeypatch, "amerigo", view, locale, LONG)
        assert found, (n, kind)
        kinds[kind] = kinds.get(kind, 0) + 1
        small += [(n, kind, s, round(size, 1)) for s, size in found if size < PHONE_MIN][:2]
    assert not small, small[:10]
    assert {"seat", "map", "devs", "prod", "special", "result"} <= set(kinds), kinds


@pytest.mark.parametrize("locale", ["en", "zh-TW"])
def test_changes_far_apart_are_cut_at_full_size_around_the_last(monkeypatch, locale):
    """A turn whose steps named squares at both ends of the map: the cut is the room's size at
    full size (no scaling), the last named square whole inside it."""
    game = get("amerigo")
    view = game.view(game.setup(4, 3), None)
    first, last = "A1", f"{A.COLS[6 * view['map']['w'] - 1]}{6 * view['map']['h']}"
    view["last"] = [f"{{p0}} sails ship 1 to {first}.", f"{{p0}} sails ship 2 to {last}."]
    view["last_msgs"] = []
    img, Z = A.map_image(view, locale)
    box = AT.map_window(view, Z, img.size, 776, 500)
    assert (box[2] - box[0], box[3] - box[1]) == (776, 500) and img.width > 2 * 776
    x0, y0, x1, y1 = A._cell_box(Z, last)
    assert box[0] <= x0 and box[1] <= y0 and x1 <= box[2] and y1 <= box[3]   # the last, whole
    fx0, fy0, fx1, fy1 = A._cell_box(Z, first)
    assert not (box[0] <= fx0 and fx1 <= box[2] and box[1] <= fy0 and fy1 <= box[3])   # one cut cannot hold both
    A._map_base.cache_clear()
    found = board_type(monkeypatch, "amerigo", view, locale, LONG)
    assert "rim1" in {s for s, _ in found}   # the zoomed map's own words measured too
    assert found and min(size for _, size in found) >= PHONE_MIN
