"""The Altiplano board and turn image: sizes, the ring, pawns, seat cues,
running scores, the last move framed, and every label in both languages."""

import copy
import io
import random

import pytest
from PIL import Image

from games.altiplano.scoring import breakdown, running_breakdown
from games.core.messages import template
from games.core.playout import expand
from renderers import altiplano as board
from renderers import altiplano_labels, render, render_turn
from renderers import canvas as cv
from renderers import turn as turn_image

from .altiplano_helpers import GAME, fresh

NAMES = ["Ana", "Bo", "陳小明", "Dita", "Eli"]


def check_png(data: bytes, max_side: int | None = None):
    img = Image.open(io.BytesIO(data))
    assert len(data) < 1_500_000
    if max_side:
        assert max(img.size) <= max_side
    return img


def played(players=3, seed=2, missions=True, every=25):
    """(state copy, public view) every ``every`` moves of one random game, and the end."""
    state = GAME.setup(players, seed, {"missions": missions})
    rnd = random.Random(seed)
    out, k = [], 0
    while GAME.result(state) is None:
        seat = rnd.choice(sorted(GAME.to_move(state)))
        GAME.play(state, seat, expand(GAME, state, seat, "", rnd))
        k += 1
        if k % every == 0:
            out.append((copy.deepcopy(state), GAME.view(state, None)))
    out.append((state, GAME.view(state, None)))
    return out


@pytest.fixture(scope="module")
def game3():
    return played(3, 2, every=60)


class Recorder:
    """Records the seat marks and texts a render draws."""

    def __init__(self, monkeypatch):
        self.marks, self.texts = [], []
        real_mark, real_text = cv.seat_mark, cv.text

        def mark(draw, cx, cy, r, seat, *a, **k):
            self.marks.append((cx, cy, r, seat, k.get("letter", True)))
            return real_mark(draw, cx, cy, r, seat, *a, **k)

        def text(draw, xy, s, *a, **k):
            self.texts.append(s)
            return real_text(draw, xy, s, *a, **k)

        monkeypatch.setattr(cv, "seat_mark", mark)
        monkeypatch.setattr(cv, "text", text)
        monkeypatch.setattr(board, "text", text)


def test_board_and_turn_image_sizes(game3):
    for _state, view in game3[:: max(1, len(game3) // 3)] + [game3[-1]]:
        for locale in ("en", "zh-TW"):
            check_png(render("altiplano", view, NAMES[:3], locale))
            check_png(render_turn("altiplano", view, NAMES[:3], locale), max_side=1000)


def test_every_pawn_stands_on_exactly_one_location(game3, monkeypatch):
    rec = Recorder(monkeypatch)
    _state, view = game3[len(game3) // 2]
    _img, boxes = board.board_image(view, NAMES[:3])
    locs = {k: b for k, b in boxes.items() if k.startswith("loc:")}
    assert len(locs) == 7 == len(view["ring"])
    on_ring = [(cx, cy, seat) for cx, cy, _r, seat, _l in rec.marks
               if any(b[0] <= cx <= b[2] and b[1] <= cy <= b[3] for b in locs.values())]
    with_pawn = [p for p in view["players"] if p["pawn"]]
    assert with_pawn, "a mid-game position has pawns out"
    for p in view["players"]:
        drawn = [(cx, cy) for cx, cy, seat in on_ring if seat == p["seat"]]
        assert len(drawn) == (1 if p["pawn"] else 0)
        for cx, cy in drawn:
            inside = [k for k, b in locs.items() if b[0] <= cx <= b[2] and b[1] <= cy <= b[3]]
            assert inside == [f"loc:{p['pawn']}"]


def test_locations_form_a_ring_in_the_games_order_without_overlap():
    view = GAME.view(fresh(3), None)
    _img, boxes = board.board_image(view, NAMES[:3])
    tiles = [boxes[f"loc:{loc}"] for loc in view["ring"]]
    for i, a in enumerate(tiles):
        for b in tiles[i + 1:]:
            assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1], (a, b)
    # clockwise from the top: the angle around the centre grows along the road
    import math

    cx, cy = board.CENTRE
    angles = [math.atan2((t[1] + t[3]) / 2 - cy, (t[0] + t[2]) / 2 - cx) for t in tiles]
    turned = [(a - angles[0]) % (2 * math.pi) for a in angles]
    assert turned == sorted(turned)


def test_every_seat_panel_wears_its_mark_and_colour(game3, monkeypatch):
    rec = Recorder(monkeypatch)
    _state, view = game3[len(game3) // 2]
    img, boxes = board.board_image(view, NAMES[:3])
    for s in range(3):
        x0, y0, x1, y1 = boxes[f"seat:{s}"]
        assert img.getpixel((x1 - 200, y0 + 12)) == cv.seat_colour(s)  # the title band
        # the mark (shape + letter) drawn on the panel's own canvas, with its letter
        assert any(seat == s and letter is not False and r >= 12 for _x, _y, r, seat, letter in rec.marks)


def test_running_score_is_the_engines_scoring(game3):
    for state, view in game3:
        for s, p in enumerate(view["players"]):
            if state["phase"] != "plan":
                assert p["score"] == sum(running_breakdown(state, s).values())
            assert p["score"] == sum(p["score_parts"].values())
    state, view = game3[-1]
    final = GAME.result(state).to_json()["scores"]
    assert [p["score"] for p in view["players"]] == final
    assert final == [sum(breakdown(state, s).values()) for s in range(3)]


def test_game_over_focuses_the_final_scores(game3):
    _state, view = game3[-1]
    assert view["result"]
    img, boxes = board.board_image(view, NAMES[:3])
    x0, y0, x1, y1 = board.focus_box(view, boxes)
    assert (x0, y0, x1, y1) == boxes["result"] and y1 <= img.height
    assert all(boxes[f"seat:{s}"][3] <= y0 for s in range(3))  # below every seat panel


def test_running_score_without_missions_is_the_final_scoring_now():
    for state, view in played(2, 7, missions=False, every=40):
        if state["phase"] == "plan":
            continue
        assert [p["score"] for p in view["players"]] == [sum(breakdown(state, s).values()) for s in range(2)]


def test_running_score_is_drawn_on_each_panel(game3, monkeypatch):
    rec = Recorder(monkeypatch)
    _state, view = game3[-2]
    board.board_image(view, NAMES[:3], "zh-TW")
    for p in view["players"]:
        assert altiplano_labels.word("alt.board.vp", "zh-TW", n=p["score"]) in rec.texts


def test_hidden_missions_do_not_count_and_planning_hides_nothing_by_score():
    state = fresh(2, missions=True)
    seat = state["seats"][0]
    seat["missions"] = ["M18"]  # first to build a house: met below, but not revealed
    seat["houses"] = ["H01"]
    state["firsts"]["house"] = 0
    view = GAME.view(state, None)
    assert view["players"][0]["score_parts"]["missions"] == 0
    seat["revealed"] = ["M18"]
    assert GAME.view(state, None)["players"][0]["score_parts"]["missions"] > 0


def test_score_during_planning_is_the_one_planning_began_with():
    state = fresh(2)
    assert state["phase"] == "plan"
    before = GAME.view(state, None)["players"][0]["score"]
    state["seats"][0]["crate"].append("glass")  # as if a secret step changed the tiles
    assert GAME.view(state, None)["players"][0]["score"] == before
    assert "bag" not in GAME.view(state, None)["players"][0]


def test_last_move_is_framed_and_focused():
    state = GAME.setup(3, 4, {})
    rnd = random.Random(4)
    while GAME.result(state) is None:
        seat = rnd.choice(sorted(GAME.to_move(state)))
        legal = [m for m in GAME.legal_moves(state, seat, "market ext ") if m.strip()]
        move = expand(GAME, state, seat, "market ext " if legal and state["seats"][seat]["pawn"] == "market"
                      else "", rnd)
        GAME.play(state, seat, move)
        keys = [m["key"] for m in state.get("last_msgs") or [] if m]
        if "alt.ev.ext" in keys:
            break
    else:
        pytest.skip("no extension bought in this game")
    view = GAME.view(state, None)
    img, boxes = board.board_image(view, NAMES[:3])
    assert {"strip", f"seat:{seat}", f"loc:{state['seats'][seat]['pawn']}"} <= set(boxes["touched"])
    x0, y0, x1, y1 = boxes["strip"]
    assert img.getpixel((x0 - 3, (y0 + y1) // 2)) == cv.HIGHLIGHT
    assert board.focus_box(view, boxes) == boxes["strip"]  # what changed on the table


def test_every_board_label_in_both_languages_with_glyphs():
    keys = set(altiplano_labels.EN)
    assert keys == set(altiplano_labels.ZH_TW)
    for key in keys:
        for locale in ("en", "zh-TW"):
            t = template(key, locale)
            words = " ".join(t.values()) if isinstance(t, dict) else t
            assert not cv.missing_glyphs(words), (key, locale)
        if key not in ("alt.board.vp",):
            assert altiplano_labels.ZH_TW[key] != altiplano_labels.EN[key], key


def test_zh_tw_board_has_chinese_labels(game3, monkeypatch):
    rec = Recorder(monkeypatch)
    _state, view = game3[len(game3) // 2]
    board.board_image(view, NAMES[:3], "zh-TW")
    drawn = " ".join(rec.texts)
    for loc in view["ring"]:
        assert altiplano_labels.thing(f"alt.space.{loc}", "zh-TW") in drawn
    for english in ("farm", "Warehouse", "Extension strip", "make food", "Orders"):
        assert english not in drawn
    assert not cv.missing_glyphs(drawn)


def test_private_view_renders_bag_only_for_its_seat():
    state = fresh(3)
    state["seats"][1]["bag"] = ["silver", "glass"]
    png_own = render("altiplano", GAME.view(state, 1), NAMES[:3])
    png_pub = render("altiplano", GAME.view(state, None), NAMES[:3])
    assert Image.open(io.BytesIO(png_own)).height > Image.open(io.BytesIO(png_pub)).height


def test_turn_image_shows_the_acting_seat_and_every_running_score(game3):
    _state, view = game3[len(game3) // 2]
    info = turn_image.adapter("altiplano")(view, NAMES[:3], "zh-TW")
    assert sorted(info["scores"]) == sorted((p["seat"], p["score"]) for p in view["players"])
    seat = info["focus_seat"]
    assert seat is not None
    p = view["players"][seat]
    assert info["score_text"] == altiplano_labels.word("alt.board.vp", "zh-TW", n=p["score"])
    assert altiplano_labels.word("alt.board.coins", "zh-TW", n=p["coins"]) in info["resources"]
    # the board part: a card drawn for the room the turn image has left, at its width (pasted whole)
    card = info["card"](turn_image.WIDTH - 24, 480)
    assert card.width == board.TURN_W <= turn_image.WIDTH - 24 and card.height <= 480


def test_header_asks_for_the_corn_row_when_corn_waits():
    from .altiplano_helpers import acting

    state = acting(2, seat=0)
    state["seats"][0]["corn_due"] = 1
    state["pending"] = 0
    view = GAME.view(state, None)
    assert view["to_move"] == [0]
    names = board.names_of(view, NAMES[:2], "zh-TW")
    _title, status, seat = board.header_text(view, names, "zh-TW")
    assert seat == 0 and status == altiplano_labels.word("alt.board.ask.corn", "zh-TW", name="Ana")
    state["seats"][0]["corn_due"] = 0
    state["pending"] = None
    _title, status, _seat = board.header_text(GAME.view(state, None), names, "zh-TW")
    assert status == altiplano_labels.word("alt.board.ask.act", "zh-TW", name="Ana")


@pytest.mark.parametrize("locale", ["en", "zh-TW"])
def test_planning_turn_image_shows_the_seat_that_moved_once(monkeypatch, locale):
    """Seen in the console: while several seats still planned, the card of the seat that had just
    declared its plan was followed by a panel of the same seat with the same numbers."""
    state = fresh(3)
    GAME.play(state, 2, "done")
    view = GAME.view(state, None)
    assert view["to_move"] == [0, 1]
    rec = Recorder(monkeypatch)
    render_turn("altiplano", view, NAMES[:3], locale)
    crate = altiplano_labels.word("alt.board.crate", locale, n=view["players"][2]["crate_count"])
    assert len([s for s in rec.texts if crate in s]) == 1, rec.texts


@pytest.mark.parametrize("locale", ["en", "zh-TW"])
def test_every_extension_on_the_strip_is_written_out_whole(monkeypatch, locale):
    """Seen in the console: E24's effect on the strip read "before scoring: draw 10, store in
    op…", the rest of what the tile does cut off."""
    from games.altiplano.data import EXTENSIONS

    rec = Recorder(monkeypatch)
    ids = sorted(EXTENSIONS)
    for k in range(0, len(ids), 5):
        state = fresh(3)
        state["strip"] = (ids[k:k + 5] + [None] * 5)[:5]
        board.board_image(GAME.view(state, None), NAMES[:3], locale)
    for eid in ids:
        row = [s for s in rec.texts if s.startswith(eid)]
        assert row and not row[0].endswith("…"), (eid, row)
