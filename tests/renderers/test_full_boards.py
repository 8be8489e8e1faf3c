"""Full boards: Bruges outlines what the last move changed and caches its static parts;
the boards of Bruges and West of Africa are worded in the reader's language."""

from __future__ import annotations

import pytest

from renderers import bruges, west_of_africa
from renderers import canvas as cv
from renderers.labels import EN, ZH_TW

from .test_turn_image import _views

NAMES = ["Alice", "Bob", "Chen"]


def test_bruges_reads_the_seat_and_the_part_a_move_changed():
    view = {"last": ["{p1} plays Almoner (#63, brown) for 2 guilders.",
                     "{p2} builds section 3 of the left canal for free and completes it: statue worth 7 VP.",
                     "The blue die shows 5: everyone takes a blue threat."]}
    assert bruges.changes(view) == [(1, "head"), (2, "canals"), (None, "threats")]
    assert bruges.changes({"last": ["Something no template says."]}) == []


def test_bruges_outlines_the_last_move_on_its_panel():
    views = [v for v in _views("bruges", 120) if bruges.changes(v)]
    assert len(views) > 20  # most moves change something the board shows
    for view in views[::7]:
        img, boxes = bruges.board_image(view, NAMES)
        seats = [s for s, r in bruges.changes(view) if s is not None and r != "dice"]  # no panel shows dice
        if seats:
            assert boxes["changed"] == boxes[seats[0]]
        x0, y0, x1, y1 = boxes["changed"]
        region = img.crop((max(0, x0 - 8), max(0, y0 - 8), x1 + 8, y1 + 8))
        pink = sum(n for n, c in region.getcolors(1 << 20) if c == cv.HIGHLIGHT)
        assert pink > 200, f"no outline near {boxes['changed']} for {view['last']}"


def test_bruges_cached_parts_draw_the_same_board():
    views = _views("bruges", 60)[::10]
    cv._PANELS.clear()
    cached = [bruges.board_image(v, NAMES)[0].tobytes() for v in views + views]
    for i, view in enumerate(views):
        cv._PANELS.clear()
        assert bruges.board_image(view, NAMES)[0].tobytes() == cached[len(views) + i]
    assert len(cv._PANELS) <= cv.PANEL_CACHE


def _words_drawn(monkeypatch, draw_board) -> list[str]:
    said: list[str] = []
    real = cv.text

    def spy(draw, xy, s, *a, **kw):
        said.append(str(s))
        return real(draw, xy, s, *a, **kw)

    monkeypatch.setattr(cv, "text", spy)
    cv._PANELS.clear()
    west_of_africa._base_board.cache_clear()
    draw_board()
    return said


@pytest.mark.parametrize("game_id,prefix", [("bruges", "bru.board."), ("west-of-africa", "woa.board.")])
def test_a_zh_tw_board_draws_no_english_label(game_id, prefix, monkeypatch):
    module = {"bruges": bruges, "west-of-africa": west_of_africa}[game_id]
    english = {v for k, v in EN.items() if k.startswith(prefix) and isinstance(v, str) and len(v) > 3
               and v != ZH_TW[k] and "{" not in v}
    assert len(english) > 10
    for view in _views(game_id, 80)[::20]:
        en = _words_drawn(monkeypatch, lambda v=view: module.board_image(v, NAMES, "en"))
        zh = _words_drawn(monkeypatch, lambda v=view: module.board_image(v, NAMES, "zh-TW"))
        assert english & set(en), "the English board should use these labels"
        assert not english & set(zh), sorted(english & set(zh))


def test_terra_mystica_and_the_summary_speak_chinese(monkeypatch):
    from renderers import summary
    from renderers import terra_mystica as tm

    view = _views("terra-mystica", 30)[-1]
    en = _words_drawn(monkeypatch, lambda: tm._board(tm._table(view, NAMES, "en"), "en"))
    zh = _words_drawn(monkeypatch, lambda: tm._board(tm._table(view, NAMES, "zh-TW"), "zh-TW"))
    assert "Cult tracks" in en and "元素信仰軌" in zh and "Cult tracks" not in zh
    assert any("輪到" in w for w in zh) and not any(w.startswith("Up: ") for w in zh)
    result = {"scores": [30, 25], "winners": [0], "ranking": [0, 1], "tiebreak": None,
              "breakdown": [{"track": 20, "canals": 10}, {"track": 25}]}
    zh = _words_drawn(monkeypatch, lambda: summary.render(result, ["Ann", "Bo"], locale="zh-TW", game="bruges"))
    assert "布魯日：最終分數" in zh and "運河" in zh and "canals" not in zh


@pytest.mark.parametrize("game_id", ["bruges", "west-of-africa"])
def test_the_last_move_is_worded_in_the_boards_language(game_id):
    from renderers.labels import last_lines

    views = [v for v in _views(game_id, 40) if v["last"]]
    assert views and all(len(v["last_msgs"]) == len(v["last"]) for v in views)
    for view in views[::5]:
        assert last_lines(view, "en") == view["last"]
        zh = last_lines(view, "zh-TW")
        assert len(zh) == len(view["last"]) and zh != view["last"]
        assert any("\u4e00" <= ch <= "\u9fff" for line in zh for ch in line)
