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

from .test_phone_type import on_own, own_canvases

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


#: long names, Latin and Chinese, as Discord allows them
LONG_NAMES = {"en": ["Bartholomew Q. Smithers", "Annabelle Longname", "Maximilian von Habsburg", "Bo",
                     "Christopher Columbus"],
              "zh-TW": ["歐陽娜娜", "陳怡君", "Annabelle Longname", "Bo", "司馬相如"]}


def _score_chips(monkeypatch, game_id, view, names, locale):
    """The turn image, the scores it was given and every chip drawn on its own canvas:
    (seat, label, size, box)."""
    from renderers import turn as T

    chips, given, footer = [], [], []
    real_chip, real_compose, real_text = cv.seat_chip, T._compose, cv.text
    note = label("board.full_board", locale)
    own = own_canvases(monkeypatch)

    def chip(draw, xy, seat, label, size=22, *args, **kwargs):
        w = real_chip(draw, xy, seat, label, size, *args, **kwargs)
        if on_own(draw, own):
            x0 = xy[0] - w if kwargs.get("anchor") == "rm" else xy[0]
            chips.append((seat, str(label), size, (x0, xy[1] - size * 0.75, x0 + w, xy[1] + size * 0.75)))
        return w

    def text(draw, xy, s, size=22, *args, **kwargs):
        if s == note and on_own(draw, own):  # anchored right-middle
            footer.append((xy[0] - cv.text_width(s, size), xy[1] - size * 0.6, xy[0], xy[1] + size * 0.6))
        return real_text(draw, xy, s, size, *args, **kwargs)

    def compose(info, *args, **kwargs):
        given.extend(info["scores"])
        return real_compose(info, *args, **kwargs)

    monkeypatch.setattr(cv, "seat_chip", chip)
    monkeypatch.setattr(T, "_compose", compose)
    monkeypatch.setattr(cv, "text", text)
    img = Image.open(io.BytesIO(renderers.render_turn(game_id, view, names, locale)))
    return img, given, chips, footer


@pytest.mark.parametrize("locale", ["en", "zh-TW"])
@pytest.mark.parametrize("game_id", game_ids())
def test_every_seats_score_chip_is_drawn_with_long_names(game_id, locale, monkeypatch):
    """The score chips under the turn image hold every seat, its name and score, at the most
    players with long names (a seat that did not fit one row was dropped: West of Africa's five
    read one chip). The chips step down to 22 px (11 px on a phone), then take a second row; a
    name is cut with "…" only when two rows at 22 px cannot hold it, never its score; the footer
    clear of them."""
    players = get(game_id).max_players
    names = LONG_NAMES[locale][:players]
    view = _views(game_id, 12, players)[-1]
    img, scores, chips, footer = _score_chips(monkeypatch, game_id, view, names, locale)
    assert sorted(s for s, _v in scores) == list(range(players))
    drawn = []
    for s, v in scores:
        tail = f" {v}"
        mine = [c for c in chips if c[0] == s and c[1].endswith(tail)
                and (c[1] == names[s] + tail or (c[1].endswith("…" + tail)
                                                  and len(c[1]) - len(tail) > 5
                                                  and names[s].startswith(c[1][:-len(tail) - 1])))]
        assert mine, (s, names[s], v, [c[1] for c in chips])
        _seat, _label, size, box = mine[-1]
        assert size >= 22, (names[s], size)
        assert 0 <= box[0] and box[2] <= img.width and 0 <= box[1] and box[3] <= img.height, (names[s], box, img.size)
        drawn.append(box)
    assert len(footer) == 1 and footer[0][3] <= img.height
    drawn += footer
    for i, a in enumerate(drawn):  # no chip over another, nor over the footer
        for b in drawn[i + 1:]:
            assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1], (a, b)


@pytest.mark.parametrize("locale", ["en", "zh-TW"])
@pytest.mark.parametrize("game_id", game_ids())
def test_the_full_board_pointer_reads_on_a_phone(monkeypatch, game_id, locale):
    """The "Full board" line under the chips is how a player finds the rest of the board: at the
    phone floor (22 px on the 800 px image) like the chips, not the 20 px it was."""
    from renderers import turn

    drawn = []
    real = cv.text

    def spy(draw, xy, text, size=20, **kw):
        drawn.append((text, size))
        return real(draw, xy, text, size=size, **kw)

    monkeypatch.setattr(turn.cv, "text", spy)
    view = _views(game_id, 6)[-1]
    renderers.render_turn(game_id, view, NAMES[:len(view["players"])], locale=locale)
    sizes = [size for text, size in drawn if text == label("board.full_board", locale)]
    assert sizes and min(sizes) >= 22


@pytest.mark.parametrize("seat, mark, last", [(None, None, []), (1, None, ["{p1} builds a dwelling."]),
                                              (0, "W", ["Ann takes a long turn. " * 12, "Bo passes.", "x"])])
def test_the_header_covers_every_pixel_of_its_rows(seat, mark, last):
    """The turn image's header is drawn on a canvas kept per thread and never blanked
    (``turn._header_canvas``): its bands must cover every pixel of the rows it takes, so nothing
    an earlier image left there shows."""
    from renderers import turn

    heads = []
    for ground in ((0, 0, 0), (255, 0, 255)):
        img, draw = cv.new_canvas(turn.WIDTH, 500, bg=ground)
        y = cv.header(draw, turn.WIDTH, "Terra Mystica · Round 2", "Ann: build or pass", last, seat=seat,
                      scale=turn.SCALE, last_rows=3, mark=mark, names=["Ann", "Bo"])
        heads.append(img.crop((0, 0, turn.WIDTH, y + 1)).tobytes())
    assert heads[0] == heads[1]
