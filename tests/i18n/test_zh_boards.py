"""Every image a zh-TW table sees is in Chinese: the full board and the turn image at the start,
in the middle and at the end of a game, the /hand image and the end-of-game summary, of every
title. The scanner reads what is drawn (``zh_scan``) and allows only notation, names and the
listed units; and every character drawn must have a glyph in its font."""

from __future__ import annotations

import re

import pytest

import renderers
from games.core.messages import CATALOGS
from renderers import render_png, summary

from .test_zh_punctuation import half_width_marks
from .zh_scan import NAMES, drawn_text, latin_words, playthrough, state_of, tofu

TITLES = ["altiplano", "amerigo", "bruges", "west-of-africa", "terra-mystica"]
STAGES = ["start", "mid", "end"]
ENGLISH_LIST = re.compile(r"[\u4e00-\u9fff][^\u4e00-\u9fff,]{0,3}, [^,]{0,3}[\u4e00-\u9fff]")
#: (test, title, stage) still English today, each fixed in a later commit of this branch (strict: a fix must
#: take its entry out)
KNOWN: set[tuple[str, str, str]] = set()


def check(what: str, gid: str, stage: str, english: dict[str, str]) -> None:
    if (what, gid, stage) in KNOWN:
        assert english, f"the {what} image of {gid} ({stage}) is Chinese now: take it out of KNOWN"
        pytest.xfail(f"known English on the {what} image of {gid} ({stage}): {sorted(english)[:8]}")
    assert not english, english


def scan(gid: str, draw, zh: bool = True) -> dict[str, str]:
    with drawn_text() as strings:
        out = draw()
    assert out, f"{gid}: nothing was drawn"
    assert strings, f"{gid}: no text captured"
    assert not tofu(strings), tofu(strings)  # every character drawn has a glyph in the font it was drawn in
    commas = ENGLISH_LIST.findall("".join(strings)) if zh else []  # a line is drawn in runs, one per font
    assert not commas, f"Chinese items listed with an English comma (、 is ours): {commas[:5]}"
    # (a line is drawn in runs, one per font: joined, as above). The "value not verified" mark after
    # a name ("牧羊人◇：") does not make the name Latin; "?" is a die not rolled yet, not a question
    half = half_width_marks("".join(strings).replace("◇", "").replace("?", "")) if zh else []
    assert not half, f"a half-width mark beside Chinese (：（）， are ours): {half[:5]}"
    return latin_words(strings, playthrough(gid)[1])


#: image -> how a zh-TW table gets it; /hand goes through the call the render pool makes, asked for the reader's language
IMAGES = {
    "board": lambda gid, game, state: renderers.render(gid, game.view(state, None), NAMES, locale="zh-TW"),
    "turn": lambda gid, game, state: renderers.render_turn(gid, game.view(state, None), NAMES, locale="zh-TW"),
    "hand": lambda gid, game, state: render_png(gid, game.view(state, 0), NAMES, 0, locale="zh-TW"),
}


@pytest.mark.parametrize("stage", STAGES)
@pytest.mark.parametrize("gid", TITLES)
@pytest.mark.parametrize("what", sorted(IMAGES))
def test_images_are_chinese(what, gid, stage):
    game, state = state_of(gid, stage)
    check(what, gid, stage, scan(gid, lambda: IMAGES[what](gid, game, state)))


@pytest.mark.parametrize("gid", TITLES)
def test_end_of_game_summary_is_chinese(gid):
    game, state = state_of(gid, "end")
    result = game.result(state)
    assert result is not None, f"{gid}: the playthrough did not end"
    english = scan(gid, lambda: summary.render(result.to_json(), NAMES, locale="zh-TW", game=gid))
    assert not english, english


@pytest.mark.parametrize("gid", ["altiplano", "amerigo", "bruges", "west-of-africa", "terra-mystica"])
def test_the_scanner_sees_english_on_an_english_board(gid):
    """The same capture on an English board finds English words (caches warm or not): the scanner can fail."""
    game, state = state_of(gid, "mid")
    renderers.render(gid, game.view(state, None), NAMES)  # warm every cache first
    english = scan(gid, lambda: renderers.render(gid, game.view(state, None), NAMES), zh=False)
    assert len(english) >= 3, english


#: the prefix of each title's engine messages
PREFIX = {"altiplano": "alt", "amerigo": "ame", "bruges": "bru", "terra-mystica": "tm", "west-of-africa": "woa"}
ROUND = re.compile(r"第 ?\d+ ?(?:/ ?\d+ ?)?(輪|回合)")


@pytest.mark.parametrize("gid", sorted(PREFIX))
def test_boards_name_a_round_as_the_engine_does(gid):
    """輪 or 回合: the board's title says a round in the word its engine's events (and the rule write-up) use."""
    game, state = state_of(gid, "mid")
    engine = {m.group(1) for key, tmpl in CATALOGS["zh-TW"].items() if key.startswith(PREFIX[gid] + ".ev.")
              for s in (tmpl.values() if isinstance(tmpl, dict) else [tmpl]) for m in [ROUND.search(
                  re.sub(r"\{\w+\}", "1", s))] if m}
    assert len(engine) == 1, engine
    with drawn_text() as strings:
        renderers.render(gid, game.view(state, None), NAMES, locale="zh-TW")
        renderers.render_turn(gid, game.view(state, None), NAMES, locale="zh-TW")
    board = {m.group(1) for m in ROUND.finditer("".join(strings))}  # a line is drawn in runs, one per font
    assert board == engine, (board, engine)


@pytest.mark.parametrize("gid", TITLES)
def test_the_summary_chart_words_categories_and_the_tiebreak_as_the_result_lines_do(gid):
    """One table of score words (``renderers.score_words``) serves the chart and the bot's
    end-of-game lines: the chart said 鎮長, 最大聚落, 進步軌 where the lines said 市長, 最大建築群,
    發展軌, and drew the engine's English tie-break on a zh-TW table."""
    from bot.table.sessions import score_term
    from games.core.messages import render

    game, state = state_of(gid, "end")
    result = game.result(state).to_json()
    if result.get("tiebreak"):
        result["scores"] = [result["scores"][0]] * len(result["scores"])  # a tie: the tie-break line shows
    with drawn_text() as strings:
        summary.render(result, NAMES, locale="zh-TW", game=gid)
    drawn = "".join(strings)
    for key in {k for parts in result["breakdown"] for k in parts}:
        assert render(score_term(gid, key), "zh-TW") in drawn, (gid, key)
    if result.get("tiebreak"):
        worded = render(score_term(gid, result["tiebreak"]), "zh-TW")
        assert re.search(r"[\u4e00-\u9fff]", worded) and worded in drawn, (gid, worded)
