"""Words a player reads besides the engines' sentences: Terra Mystica's menus, /help's option
and "not verified" lines, final-score labels, waits and time controls, Altiplano's warehouse
reasons; each in English and in zh-TW."""

from __future__ import annotations

import re

import pytest

import games
from bot.discord.components import terra_mystica as tm
from bot.table.games import load_plugs
from bot.table.pbp.clocks import TimeControl
from bot.table.pbp.reminders import format_wait
from bot.words import help_terms
from bot.words.i18n import tr
from games.core.messages import CATALOGS, render
from renderers import score_words as scores

CJK = re.compile(r"[\u4e00-\u9fff]")


@pytest.mark.parametrize("gid", sorted(games.game_ids()))
def test_every_option_and_unverified_line_has_a_zh_tw_entry(gid):
    load_plugs()  # the zh-TW of the options and "not verified" lines is in each game's plug
    engine = games.get(gid)
    for o in engine.options:
        m = help_terms.option(gid, o.name, o.description)
        assert render(m, "en") == o.description
        assert m.key in CATALOGS["zh-TW"], f"{gid} option {o.name!r} has no zh-TW description"
        assert CJK.search(render(m, "zh-TW"))
    for line in engine.unverified:
        m = help_terms.unverified(gid, line)
        assert render(m, "en") == line
        assert m.key in CATALOGS["zh-TW"], f"{gid}: no zh-TW for the unverified line {line!r}"


def test_help_of_a_game_in_chinese_keeps_only_notation_in_latin_letters():
    from bot.table.sessions import SessionManager

    sessions = SessionManager(store=None, locale="zh-TW", render=False)
    text = "\n".join(tr(line, "zh-TW") for line in sessions.help("amerigo").private.lines)
    tail = text.split("我們無法查證的數值")[1]
    assert CJK.search(tail) and not re.search(r"\b(the|of|and|tiles?)\b", tail), tail


def test_score_labels_and_tiebreaks_read_in_chinese():
    assert render(scores.term("amerigo", "progress track"), "zh-TW") == "發展軌"
    assert render(scores.term("amerigo", "progress track"), "en") == "progress track"
    assert scores.term("amerigo", "a label nobody knows") == "a label nobody knows"
    for gid in games.game_ids():
        for english in scores.tables(gid)[1]:
            assert CJK.search(render(scores.term(gid, english), "zh-TW")), (gid, english)


def test_waits_and_time_controls_are_worded_per_reader():
    wait = format_wait(3 * 86400 + 4 * 3600)
    assert wait == "3 days 4 h" and tr(wait, "zh-TW") == "3 天 4 小時"
    assert format_wait(86400) == "1 day" and format_wait(600) == "10 min"
    control = TimeControl(mode="move", move_hours=48).describe()
    assert control == "48 h per move" and tr(control, "zh-TW") == "每步 48 小時"
    assert tr(TimeControl().describe(), "zh-TW") == "不限時"


def test_terra_mystica_menus_in_chinese():
    select = tm.FactionSelect(1, 0, ["setup witches", "setup chaosmagicians"], "zh-TW")
    options = select.item.options
    assert [o.label for o in options] == ["女巫", "渾沌魔法師"]
    assert all(CJK.search(o.description) for o in options)
    assert "Choose" not in select.item.placeholder and CJK.search(select.item.placeholder)
    english = tm.FactionSelect(1, 0, ["setup witches"], "en").item.options[0]
    assert english.label == "Witches" and english.description == tm.FACTION_BLURB["witches"]
    assert tm.tile_blurb("TW7", "en") == "4 VP, shipping +1"
    assert tm.tile_blurb("TW7", "zh-TW") == "4 分、航行能力 +1"
    assert tm.tile_blurb("FAV10", "zh-TW") == "水 +1，每蓋一間貿易站得 3 分"
    blurbs = tm.choice_blurbs({"players": [{"cult": [3, 0, 0, 0]}]}, 0, ["+FIRE"], "zh-TW")
    assert blurbs == {"+FIRE": "火：你目前在 3"}
    # Auren's two steps on one track, as the site writes them: the same select, the same blurb
    assert tm._choice_kind(["+2FIRE", "+2AIR"]) == "CULT"
    assert tm.choice_blurbs({"players": [{"cult": [0, 0, 0, 4]}]}, 0, ["+2AIR"], "zh-TW") == {"+2AIR": "風：你目前在 4"}
    from bot.words.tm_tokens import words
    assert words("+2AIR", "zh-TW", bare=True) == "+2" + words("+AIR", "zh-TW", bare=True)[1:]
    take = tm.LeechButton(1, 0, 1, 3, "take", "zh-TW").item.label
    assert take == "拿 3 點魔力（-2 分）"


def test_terra_mystica_keys_have_both_languages():
    tm_keys = [k for k in CATALOGS["en"] if k.startswith("bot.tm.")]
    assert len(tm_keys) > 50
    missing = [k for k in tm_keys if k not in CATALOGS["zh-TW"]]
    assert not missing, missing


def test_altiplano_warehouse_reasons_are_keyed():
    from games.altiplano import warehouse as wh

    rows: list = []
    wh.put(rows, "fish")
    with pytest.raises(wh.NeedRow) as need:
        wh.put(rows, "corn")
    assert str(need.value) == "say which row the corn goes to (corn@1, corn@2)"
    assert render(wh.reason(need.value), "zh-TW") == "請指定玉米放哪一排（corn@1、corn@2）"
    with pytest.raises(ValueError) as bad:
        wh.put(rows, "corn", 5)
    assert str(bad.value) == "corn may go to row 1, 2, not row 6"
    assert CJK.search(render(wh.reason(bad.value), "zh-TW"))


def test_capital_and_lower_case_conversions_only_where_a_template_asks():
    from games.core.messages import msg, register

    register("en", {"test.conv.cap": "{what!c}.", "test.conv.low": "Pick: {what!l}.", "test.conv.word": "Wait longer"})
    register("zh-TW", {"test.conv.cap": "{what}。", "test.conv.low": "選擇：{what}。", "test.conv.word": "再等等"})
    word = msg("test.conv.word")
    assert render(msg("test.conv.cap", what="choose your cards"), "en") == "Choose your cards."
    assert render(msg("test.conv.low", what=[word, "Drop"]), "en") == "Pick: wait longer, drop."
    assert render(msg("test.conv.low", what=[word]), "zh-TW") == "選擇：再等等。"


def test_every_bruges_card_effect_reads_in_chinese():
    from games.bruges.data import CARDS
    from games.bruges.effects import describe, describe_msg

    for cid, card in CARDS.items():
        m = describe_msg(card)
        assert render(m, "en") == describe(card)
        zh = render(m, "zh-TW")
        assert CJK.search(zh) and not re.search(r"[A-Za-z]{3,}", zh), (cid, zh)
