"""Every Terra Mystica map draws as the base map does: each land hex in its terrain's fill at
its place (Side 1 and Loon Lakes from B1, their empty row A not drawn), the turn image's map cut
around the hexes a move changed, and the board at a phone's 400 px."""

import io
import random

import pytest
from PIL import Image

import renderers
from games import get
from games.core.playout import expand
from games.terra_mystica.board import board_for
from games.terra_mystica.data import TERRAINS
from games.terra_mystica.maps import MAPS
from games.terra_mystica.rules import new_state
from renderers import terra_mystica as tm

GAME = get("terra-mystica")
NAMES = ["Ann", "Bo", "Cy", "Di"]


def _state(key: str, moves: int, seed: int = 3):
    state = new_state(4, seed, {**GAME.resolve_options(None), "map": key})
    rnd = random.Random(seed)
    for _ in range(moves):
        if GAME.result(state) is not None:
            break
        seat = rnd.choice(sorted(GAME.to_move(state)))
        GAME.play(state, seat, expand(GAME, state, seat, "", rnd))
    return state


@pytest.mark.parametrize("key", sorted(MAPS))
def test_board_draws_every_hex_of_the_map_in_its_terrain(key):
    state = _state(key, 0)
    view = GAME.view(state)
    img = Image.open(io.BytesIO(renderers.render("terra-mystica", view, NAMES))).convert("RGB")
    geo = tm.geo_for(tuple(view["rows"]))
    b = board_for(key)
    assert geo.land_ids == b.land
    for h in b.land:
        x, y = tm.hex_centre(h, geo=geo)
        # a point inside the hex, off its id label and pattern marks: the fill or the pattern ink
        look = tm.LOOKS[TERRAINS[b.terrain[h]]]
        got = img.getpixel((int(x - tm.HEX_R * 0.62), int(y + tm.HEX_R * 0.05)))
        assert min(sum(abs(a - c) for a, c in zip(got, ref)) for ref in (look.fill, look.ink)) < 40, (h, got)


def test_maps_with_an_empty_first_row_start_drawing_at_the_top():
    first = tm.hex_centre("B1", geo=tm.geo_for(tuple(MAPS["fire-ice-1"]["rows"])))
    assert first[1] == tm.hex_centre("A1")[1]  # row B where the Original's row A is
    assert first[0] > tm.hex_centre("A1")[0]  # and half a hex to the right (an odd row)


@pytest.mark.parametrize("key", ["fire-ice-1", "loon-lakes-1.6", "fjords-2.1"])
def test_turn_image_cuts_the_map_around_the_move_and_reads_at_400_px(key):
    state = _state(key, 41)
    view = GAME.view(state)
    png = renderers.render_turn("terra-mystica", view, NAMES, "en")
    img = Image.open(io.BytesIO(png))
    assert img.width == 800 and img.height <= 1000
    t = tm._table(view, NAMES)
    named = [m for line in view["last"] for m in tm.HEX_RE.findall(line) if m in t["geo"].by_id]
    assert all(h in board_for(key).cells for h in named)
    small = img.resize((400, img.height * 400 // img.width))
    assert small.width == 400


@pytest.mark.parametrize("key", sorted(MAPS))
def test_a_whole_game_on_each_map_renders_start_middle_and_end(key):
    for moves in (0, 60, 2000):
        view = GAME.view(_state(key, moves, seed=7))
        assert renderers.render("terra-mystica", view, NAMES)[:4] == b"\x89PNG"
        assert renderers.render_turn("terra-mystica", view, NAMES, "zh-TW")[:4] == b"\x89PNG"
