"""Lines told one after another never run together: a log line without its full stop gets one,
in the language it is worded in, and keeps it when worded again for another reader."""

from __future__ import annotations

import games
from bot.words.i18n import fill_names, said, sentences, tr
from games.core.messages import msg

NAMES = ["Ann", "Bo"]


def test_log_lines_get_their_full_stop_in_each_language():
    assert sentences(["Ann sails", "Bo sells"], "en") == "Ann sails. Bo sells"
    assert sentences(["完成", "還有 2 點"], "zh-TW") == "完成。還有 2 點"


def test_engine_lines_read_again_in_another_language_with_one_stop_each():
    games.get("terra-mystica")  # registers tm.ev.*
    first = msg("tm.ev.start_dwelling", who="{p0}", hex="A8")
    second = msg("tm.ev.start_dwelling", who="{p1}", hex="B2")
    zh = sentences([said(first, "", NAMES, "zh-TW"), said(second, "", NAMES, "zh-TW")], "zh-TW")
    assert zh == "Ann 在 A8 放置一間住宅。Bo 在 B2 放置一間住宅。"
    assert fill_names(tr(zh.msg, "en"), NAMES) == "Ann places a dwelling on A8. Bo places a dwelling on B2."


def test_a_line_that_ends_its_sentence_gets_no_second_stop():
    assert sentences(["Ann sails.", "Bo sells"], "en") == "Ann sails. Bo sells"
    assert sentences(["完成。", "還有 2 點"], "zh-TW") == "完成。還有 2 點"
