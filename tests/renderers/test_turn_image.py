"""The phone-first turn image of every game, and the shared header."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image

import renderers
from games import game_ids, get
from games.core.playout import expand
from renderers import canvas as cv
from renderers.labels import label

NAMES = ["Alice", "Bob", "Chen", "Dana"]


def _views(game_id: str, moves: int, players: int = 3, seed: int = 5):
    game = get(game_id)
    rnd = random.Random(seed)
    state = game.setup(players, seed)
    views = [game.view(state, None)]
    for _ in range(moves):
        if game.result(state) is not None:
            break
        seat = rnd.choice(sorted(game.to_move(state)))
        game.play(state, seat, expand(game, state, seat, "", rnd))
        views.append(game.view(state, None))
    return views


@pytest.mark.parametrize("game_id", game_ids())
def test_turn_image_is_phone_sized(game_id):
    for view in _views(game_id, 12)[::4]:
        png = renderers.render_turn(game_id, view, NAMES[:len(view["players"])])
        img = Image.open(io.BytesIO(png))
        assert img.width <= 1000 and img.height <= 1000
        assert len(png) < 1.5 * 1024 * 1024


def test_turn_image_of_a_finished_game_names_the_winner():
    view = _views("west-of-africa", 400)[-1]
    assert view["result"]
    png = renderers.render_turn("west-of-africa", view, NAMES[:3], locale="zh-TW")
    assert Image.open(io.BytesIO(png)).height <= 1000


def test_header_band_wears_the_colour_of_the_seat_up():
    img, draw = cv.new_canvas(800, 400)
    y = cv.header(draw, 800, "Game · Round 2", "Bob: build", ["Alice builds", "Bob gets 2 coins"], seat=1)
    assert 100 < y < 260
    assert img.getpixel((790, 60)) == cv.seat_colour(1)


def test_last_move_strip_keeps_the_move_and_the_newest_consequence():
    rows = cv._last_rows(["Bob ends their turn", "x " * 300, "Game over: Chen wins"], 600, 22, 3)
    assert rows[0] == ("Bob ends their turn", True)
    assert rows[-1][0].endswith("Chen wins")
    assert len(rows) <= 3


def test_last_move_strip_runs_sentences_on_as_sentences():
    """"…開始。電腦 2 計畫：…。行動階段…", not "…。 · 行動階段"; a line without a stop keeps " · "."""
    rows = cv._last_rows(["P0 已準備好。", "電腦 2 計畫：農場（食物）。", "行動階段：由 P0 開始。"], 700, 22, 3)
    assert rows[1:] == [("電腦 2 計畫：農場（食物）。行動階段：由 P0 開始。", False)]
    rows = cv._last_rows(["Ann is ready.", "Bo plans the farm.", "Round 2 begins", "Cy waits"], 700, 22, 3)
    assert rows[1:] == [("Bo plans the farm. Round 2 begins · Cy waits", False)]


def test_board_labels_have_english_and_chinese():
    from renderers.labels import EN, ZH_TW

    assert set(EN) == set(ZH_TW)
    assert label("board.round_of", "zh-TW", n=3, total=6) == "第 3 / 6 回合"


def test_designed_cards_get_a_marker():
    assert cv.is_designed({"designed": True}) and cv.is_designed({"source": "designed"})
    assert not cv.is_designed({"source": "published"}) and not cv.is_designed(None)
    img, draw = cv.new_canvas(300, 60)
    cv.designed_legend(draw, (10, 30), label("board.designed"), fill=cv.INK)
    assert len(img.getcolors(100000)) > 2


def test_terra_mystica_cached_panels_draw_the_same_board():
    from renderers import terra_mystica as tm

    views = _views("terra-mystica", 40)[::8]
    cv._PANELS.clear()
    cached = [tm._board(tm._table(v, NAMES[:3])) for v in views + views]
    fresh = []
    for v in views:
        cv._PANELS.clear()
        fresh.append(tm._board(tm._table(v, NAMES[:3])))
    for a, b in zip(cached[len(views):], fresh, strict=True):
        assert a.tobytes() == b.tobytes()
    assert len(cv._PANELS) <= cv.PANEL_CACHE
