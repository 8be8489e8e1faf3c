"""Board and /hand renders of a real league game: fresh, mid-game and final."""

from __future__ import annotations

import io
import json

import pytest
from PIL import Image

from games import __main__ as games_cli
from games.terra_mystica import GAME
from renderers import __main__ as renderers_cli
from renderers import render as render_any
from renderers import terra_mystica as tm

from .tm_table_replay import replay_states

NAMES = ["Cephalofair", "marksickau", "no_dice", "affe1982"]
FACTIONS = ["mermaids", "dwarves", "darklings", "fakirs"]
MAX_BYTES = 1_500_000


@pytest.fixture(scope="module")
def record_states():
    states = list(replay_states(every=40))
    assert replay_states.error is None, replay_states.error
    return states


def _image(png: bytes) -> Image.Image:
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    assert len(png) < MAX_BYTES
    return Image.open(io.BytesIO(png)).convert("RGB")


def _pixels_near(img: Image.Image, colour, tol: int = 10) -> int:
    """How many pixels are within ``tol`` of ``colour`` on every channel."""
    bands = img.split()
    masks = [b.point(lambda v, c=c: 255 if abs(v - c) <= tol else 0) for b, c in zip(bands, colour, strict=True)]
    both = masks[0]
    for m in masks[1:]:
        both = Image.composite(m, Image.new("L", img.size, 0), both)
    return both.histogram()[255]


def _faction_colour(faction: str):
    return tm.FACTION_COLOUR[tm.FACTION_HOME[faction]]


def test_fresh_board_before_factions(record_states):
    _, _, _, state = record_states[0]
    view = GAME.view(state, None)
    img = _image(tm.render(view, NAMES))
    assert img.width == tm.WIDTH and 2000 < img.height < 3200
    # seats without a faction yet: drawn in seat colours
    for colour in tm.cv.SEAT_COLOURS[:4]:
        assert _pixels_near(img, colour, 6) > 500


@pytest.mark.parametrize("where", ["mid", "final"])
def test_real_record_states_show_every_faction(record_states, where):
    n, _, _, state = record_states[len(record_states) // 2] if where == "mid" else record_states[-1]
    view = GAME.view(state, None)
    assert [p["faction"] for p in view["players"]] == FACTIONS
    img = _image(tm.render(view, NAMES))
    built = {p["faction"]: sum(p["buildings"].values()) for p in view["players"]}
    for faction in FACTIONS:
        assert built[faction] > 0
        # panel strip + buildings + cult markers: far more than a stray antialiased edge
        assert _pixels_near(img, _faction_colour(faction), 6) > 3000, faction
    if where == "final":
        assert view["result"] is not None
        assert img.height > _image(tm.render(GAME.view(record_states[1][3], None), NAMES)).height


def test_last_move_is_outlined_on_the_map(record_states):
    _, _, command, state = record_states[len(record_states) // 2]
    view = GAME.view(state, None)
    view["last"] = ["{p0} builds a dwelling on E11"]  # a hex with no building in this record's middle
    img = _image(tm.render(view, NAMES))
    cx, cy = tm.hex_centre("E11")
    crop = img.crop((int(cx - tm.HEX_R), int(cy - tm.HEX_R), int(cx + tm.HEX_R), int(cy + tm.HEX_R)))
    assert _pixels_near(crop, tm.HIGHLIGHT, 8) > 300
    assert "{p0}" not in " ".join(tm._table(view, NAMES)["last"])


def test_hand_panel_for_each_seat(record_states):
    _, _, _, state = record_states[len(record_states) // 2]
    view = GAME.view(state, None)
    for seat, faction in enumerate(FACTIONS):
        img = _image(tm.render_panel(view, seat, NAMES))
        assert img.width == 1200
        assert _pixels_near(img, _faction_colour(faction), 6) > 2000


def test_hand_prices_follow_the_faction_board():
    """Engineers build cheaply; Darklings pay spades with priests; alchemists trade 2 C for 1 VP."""
    def player(faction, **kw):
        base = {"faction": faction, "vp": 20, "coins": 3, "workers": 1, "priests": 1, "bowls": [5, 7, 0],
                "shipping": 0, "digging": 0, "left": dict(tm.BUILDING_STOCK), "seat": 0}
        return base | kw

    eng = dict((w, (price, cost)) for w, price, cost in tm._cost_rows(player("engineers")))
    assert eng["Dwelling"][0] == "1 W 1 C"
    assert tm._short(player("engineers"), eng["Dwelling"][1]) == {}
    dark = dict((w, price) for w, price, _ in tm._cost_rows(player("darklings")))
    assert dark["Spade"].startswith("1 P")
    assert not any(w.startswith("Digging") for w in dark)
    conv = dict(tm._conversion_rows(player("alchemists", coins=5)))
    assert conv["2 C → 1 VP"] == "2x now"
    std = dict((w, (price, cost)) for w, price, cost in tm._cost_rows(player("witches")))
    assert tm._short(player("witches"), std["D → TP"][1]) == {"W": 1}


def test_cli_render_of_a_random_replay_file(tmp_path):
    """``python -m games playout --save`` then ``python -m renderers`` draws our board."""
    replay = tmp_path / "game.json"
    out = tmp_path / "board.png"
    assert games_cli.main(["playout", "terra-mystica", "--players", "3", "--seed", "7", "--save", str(replay)]) == 0
    assert json.loads(replay.read_text())["game"] == "terra-mystica"
    assert renderers_cli.main([str(replay), "--out", str(out)]) == 0
    img = _image(out.read_bytes())
    assert img.width == tm.WIDTH


def test_registered_and_drawn_through_the_renderer_registry(record_states):
    view = GAME.view(record_states[-1][3], None)
    assert render_any("terra-mystica", view, NAMES)[:4] == b"\x89PNG"


def test_banner_tells_the_seat_on_turn_from_seats_answering_a_power_offer(monkeypatch):
    """Line 60 of the league record: the Darklings are on turn while the Fakirs
    still owe an answer to the Mermaids' offer; both panels are outlined, labelled apart."""
    from .tm_table_replay import state_before_line

    view = GAME.view(state_before_line(61), None)
    assert view["to_move"] == [2, 3] and [o["seat"] for o in view["leeches"]] == [3]
    t = tm._table(view, NAMES)
    assert tm._status(t)[1] == "Up: no_dice (Darklings); power offer: affe1982 (Fakirs)"
    # names too long for the banner: the factions alone
    assert tm._status(tm._table(view, ["x" * 40] * 4))[1] == "Up: Darklings; power offer: Fakirs"

    drawn: list[str] = []
    monkeypatch.setattr(tm, "text", lambda draw, xy, s, **kw: drawn.append(s))
    _, draw = tm.cv.new_canvas(800, 200)
    for seat in (2, 3):
        tm._faction_panel(draw, t["players"][seat], t, (0, 0, 770, 180))
    assert drawn.count("UP") == 1 and drawn.count("OFFER") == 1
    assert drawn.index("UP") < drawn.index("OFFER")  # Darklings drawn first


def test_round_scoring_labels_do_not_overlap(monkeypatch):
    """Every label of the round-scoring panel keeps clear of the others, the current
    round's "NOW" included, for every scoring tile in every position."""
    from games.terra_mystica.data import SCORING

    drawn: list[tuple] = []
    monkeypatch.setattr(tm, "text", lambda draw, xy, s, size=22, bold=False, anchor="la", **kw:
                        drawn.append(_box(xy, s, size, bold, anchor)))
    tiles = sorted(SCORING)
    _, draw = tm.cv.new_canvas(800, 300)
    for start in range(0, len(tiles), 6):
        six = (tiles[start:] + tiles)[:6]
        for rnd in range(1, 7):
            drawn.clear()
            t = {"scoring": six, "round": rnd, "result": None}
            tm._draw_scoring(draw, t, (0, 0, 770, 260))
            for i, a in enumerate(drawn):
                for b in drawn[i + 1:]:
                    assert not _overlap(a, b), (rnd, a, b)


def _box(xy, s, size, bold, anchor):
    x0, y0, x1, y1 = tm.cv.font(size, bold).getbbox(s, anchor=anchor)
    return (xy[0] + x0, xy[1] + y0, xy[0] + x1, xy[1] + y1, s)


def _overlap(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


@pytest.mark.parametrize("where", ["mid", "final"])
def test_no_label_runs_into_another_even_with_long_names(record_states, monkeypatch, where):
    """Discord names run to 32 characters: the panel titles and the final-score
    lines cut them short instead of writing over the VP, PASSED or the breakdown."""
    _, _, _, state = record_states[len(record_states) // 2] if where == "mid" else record_states[-1]
    drawn: list[tuple] = []
    real = tm.text

    def spy(draw, xy, s, size=22, bold=False, anchor="la", **kw):
        drawn.append(_box(xy, s, size, bold, anchor))
        return real(draw, xy, s, size=size, bold=bold, anchor=anchor, **kw)

    view = GAME.view(state, None)
    tm.render(view, NAMES)  # the map's own hex labels are drawn once, on a cached tile of their own
    monkeypatch.setattr(tm, "text", spy)
    tm.render(view, ["W" * 32] * 4)
    assert any(s.startswith("Mermaids: WWW") and s.endswith("…") for *_, s in drawn)
    clashes = [(a[4], b[4]) for i, a in enumerate(drawn) for b in drawn[i + 1:] if _overlap(a, b)]
    assert clashes == []


def test_last_move_outlines_land_and_river_hexes():
    """Line 262 of the league record: the Mermaids upgrade C1 and connect across the
    river hex r1 to found a town; both the land hex and the river hex are outlined."""
    from games.terra_mystica.ledger import parse

    from .tm_table_replay import RECORD, state_before_line

    state = state_before_line(262)
    row = next(r for r in parse(RECORD.read_text(encoding="utf-8")).rows if r.line == 262)
    GAME.play(state, 0, row.command)
    view = GAME.view(state, None)
    t = tm._table(view, NAMES)
    assert {"C1", "r1"} <= t["last_hexes"]
    assert not {h for h in t["last_hexes"] if h not in tm.CELL_BY_ID}
    img = _image(tm.render(view, NAMES))
    for hid in ("C1", "r1"):
        cx, cy = tm.hex_centre(hid)
        crop = img.crop((int(cx - tm.HEX_R), int(cy - tm.HEX_R), int(cx + tm.HEX_R), int(cy + tm.HEX_R)))
        assert _pixels_near(crop, tm.HIGHLIGHT, 8) > 300, hid
