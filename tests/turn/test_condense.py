"""A turn's post says the turn in one or two lines, in the player's terms."""

from __future__ import annotations

import games  # noqa: F401  (registers the engines' catalogs)
from bot.table.turns import condense
from bot.words.i18n import said, tr
from games.core.messages import msg

NAMES = ("Ann", "Bob")


def line(key, **params):
    return said(msg(key, **params), "", NAMES, "en")


def test_repeated_steps_are_told_once():
    games.get("amerigo")
    lines = [line("ame.ev.place", who="{p0}", i=i, space=s) for i, s in enumerate(["F3", "F4", "F5"], 1)]
    lines.append(line("ame.ev.start.sail", who="{p0}", n=1))
    (out,) = condense(lines)
    assert out == "Ann puts 3 ships on F3, F4, F5; sails with 1 point."
    zh = tr(out, "zh-TW")  # the second act is the catalog's own sentence without its subject
    assert zh.startswith("Ann 把 3 艘船放到 F3、F4、F5；以 1 點") and zh.endswith("。") and zh.count("Ann") == 1


def test_a_seats_steps_are_one_line_without_the_end_of_turn():
    games.get("west-of-africa")
    lines = [line("woa.ev.place", who="{p1}", island=msg("woa.island.hierro")),
             line("woa.ev.move", who="{p1}", route="A → B", n=1),
             line("woa.ev.ends_turn", who="{p1}"),
             "Round 2 begins",  # not a seat's act: a line of its own
             line("woa.ev.reveals", who="{p0}", cards="La Palma")]
    out = condense(lines)
    assert out == ["Bob puts their ship at El Hierro; moves a worker A → B (1 step left).", "Round 2 begins",
                   "Ann reveals La Palma."]
    assert "結束回合" not in tr(out[0], "zh-TW") and tr(out[0], "zh-TW").startswith("Bob ")
    # alone, the end of a turn is still said
    assert condense([line("woa.ev.ends_turn", who="{p1}")]) == ["Bob ends their turn."]


def test_events_that_do_not_agree_are_not_grouped():
    games.get("bruges")
    lines = [line("bru.ev.draws", who="{p0}", colour="blue", pile="A"),
             line("bru.ev.draws", who="{p0}", colour="red", pile="A"),
             line("bru.ev.draws", who="{p0}", colour="red", pile="B")]
    (out,) = condense(lines)
    assert out == "Ann draws 2 cards from pile A (blue, red); draws a red card from pile B."


def test_plain_lines_of_one_seat_fold_too():
    lines = ["Cy burns 4 power", "Cy turns H4 into green", "Cy builds a dwelling on H4", "Round 3 begins",
             "Ann may take 1 power"]
    assert condense(lines, "en", ("Ann", "Bob", "Cy")) == [
        "Cy burns 4 power; turns H4 into green; builds a dwelling on H4", "Round 3 begins", "Ann may take 1 power"]
    assert condense(["Cyan passes", "Cy passes"], "en", ("Cy", "Cyan")) == ["Cyan passes", "Cy passes"]


def test_the_tiles_a_seat_may_take_are_not_said_again_once_taken():
    """"發展軌 +4；拿取 2 個發展板塊：…", not "…；可以拿取 2 個發展板塊；拿取 2 個發展板塊：…"."""
    from games.amerigo import messages as M

    games.get("amerigo")
    lines = [line("ame.ev.track.develop", who="{p0}", n=4, now=4, paid=""),
             line("ame.ev.may_take", who="{p0}", n=2),
             *(line("ame.ev.take_dev", who="{p0}", dev=d, desc=M.dev(d)) for d in ("coins5", "e-7"))]
    (out,) = condense(lines)
    assert out == "Ann moves develop +4 (now 4); takes 2 development tiles: 5 coins (once), 7 VP at the game end."
    assert "可以" not in tr(out, "zh-TW")


def test_an_act_told_without_its_subject_still_reads():
    """A seat's later acts lose their "{who}" in a condensed line; a zh-TW sentence left starting
    with 的 ("…；的船航行 A → B") reads broken, so such a sentence words its subject apart."""
    from games.core.messages import CATALOGS
    from tests.i18n.test_bot_catalog import load_everything

    load_everything()
    broken = []
    for key, entry in CATALOGS["en"].items():
        forms = [*(entry.values() if isinstance(entry, dict) else [entry])]
        zh = CATALOGS["zh-TW"].get(key)
        zh_forms = [*(zh.values() if isinstance(zh, dict) else [zh])] if zh else []
        if zh_forms and all(f.startswith("{who} ") for f in forms + zh_forms):
            broken += [(key, f) for f in zh_forms if f[len("{who} "):].startswith("的")]
    assert not broken, broken


def test_a_lone_act_keeps_its_line_when_worded_in_the_same_language():
    """A seat's one act is its own sentence: the line ``said`` worded in the post's language is
    taken as it is (not worded a second time), and one worded in another language (a turn's steps
    read back after a restart, when the bot's language changed) is worded again."""
    games.get("west-of-africa")
    en = line("woa.ev.ends_turn", who="{p1}")
    (out,) = condense([en], "en", NAMES)
    assert out is en and out == "Bob ends their turn." and out.locale == "en"
    (zh,) = condense([en], "zh-TW", NAMES)
    assert zh == tr(en, "zh-TW") and zh != en and zh.msg is en.msg and zh.locale == "zh-TW"
    back = said(msg("woa.ev.ends_turn", who="{p1}"), "", NAMES, "zh-TW")
    (again,) = condense([back], "en", NAMES)
    assert again == "Bob ends their turn." and again.names == NAMES


def test_lines_already_worded_are_taken_as_they_are_in_a_sentence_of_them():
    """``t`` (``sentences``, ``joined``) takes a line worded in its own language as it is instead
    of wording its message again: the same words as wording the whole afresh, in either language."""
    from bot.words.i18n import sentences

    games.get("west-of-africa")
    lines = {loc: [said(msg("woa.ev.ends_turn", who="{p1}"), "", NAMES, loc),
                   said(msg("woa.ev.place", who="{p0}", island=msg("woa.island.hierro")), "", NAMES, loc)]
             for loc in ("en", "zh-TW")}
    en, zh = sentences(lines["en"], "en"), sentences(lines["zh-TW"], "zh-TW")
    assert en == "Bob ends their turn. Ann puts their ship at El Hierro."
    assert tr(en, "en") == en and tr(en, "zh-TW") == zh and tr(zh, "en") == en
    mixed = sentences([lines["zh-TW"][0], lines["en"][1]], "en")  # a line in another language is worded again
    assert mixed == en and mixed.locale == "en"
