"""Wrapped board text loses nothing: Chinese breaks between characters, Latin between words."""

from __future__ import annotations

import pytest

from games.bruges.data import CARDS
from games.bruges.effects import describe_msg
from games.core.messages import render
from renderers import canvas as cv

#: the width and size of a card's effect on the Bruges /hand image, and of a person's in a house
WIDTHS = [(268, 23), (280, 20)]


@pytest.mark.parametrize("locale", ["en", "zh-TW"])
@pytest.mark.parametrize(("width", "size"), WIDTHS)
def test_every_bruges_effect_wraps_whole(locale, width, size):
    for cid, card in CARDS.items():
        text = render(describe_msg(card), locale)
        rows = cv.wrap(text, width, size)
        assert all(cv.text_width(r, size) <= width for r in rows), (cid, rows)
        assert "".join(rows).replace(" ", "") == text.replace(" ", ""), (cid, text, rows)  # nothing cut
        if locale == "en":  # English breaks only between words
            assert " ".join(rows) == " ".join(text.split()), (cid, rows)


def test_chinese_punctuation_never_starts_a_line_and_long_latin_words_are_cut():
    text = "遊戲結束：每個房屋得 2 分，每個運河得 1 分。"
    for width in range(60, 400, 7):
        rows = cv.wrap(text, width, 20)
        assert rows and not any(r[0] in "，。、：" for r in rows), rows
        assert "".join(rows).replace(" ", "") == text.replace(" ", "")
    assert cv.wrap("Supercalifragilistic", 60, 20)[0].endswith("…")
    # two marks in a row ("）；") stay together at the end of a line, never "）" first on the next
    text = "從牌堆 B 抽了 2 張卡（棕色、藍色）；從牌堆 A 抽了 2 張卡（黃色、黃色）；從牌堆 B 抽了一張紅色卡。"
    for width in range(120, 600, 5):
        rows = cv.wrap(text, width, 22, True)
        assert not any(r[0] in "，。、：；）" for r in rows), (width, rows)
        assert "".join(rows).replace(" ", "") == text.replace(" ", "")


def test_a_number_stays_with_its_chinese_unit():
    """"+1 分", "1 個" never part at the end of a line (a card once read "每個聲望格 +1" / "分")."""
    for text in ("僱用時：每個聲望格 +1 分", "每次用卡拿工人時多拿 1 個", "遊戲結束：每個贏得的多數標記得 2 分"):
        for width in range(90, 320, 4):
            rows = cv.wrap(text, width, 22)
            assert "".join(rows).replace(" ", "") == text.replace(" ", ""), rows
            assert not any(r.rstrip()[-1:].isdigit() for r in rows[:-1]), (width, rows)


def test_an_opening_bracket_never_ends_a_line():
    """Seen on an Altiplano turn image (zh-TW): "…；港口（" ended a line and "魚、食物）。…" began
    the next. The bracket goes down with what it opens, and nothing is lost or too wide."""
    text = "電腦 3 🤖 計畫：農場（羊駝、食物）；港口（魚、食物）。行動階段：由 P0 開始。"
    seen = 0
    for width in range(120, 700, 4):
        rows = cv.wrap(text, width, 26)
        assert not any(r.rstrip()[-1] in "（「《" for r in rows), (width, rows)
        assert all(cv.text_width(r, 26) <= width for r in rows), (width, rows)
        assert "".join(rows).replace(" ", "") == text.replace(" ", ""), (width, rows)
        seen += any(r.startswith("（") for r in rows[1:])
    assert seen  # some widths did break just before a bracket
