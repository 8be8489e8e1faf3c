"""The shared message registry: keys, plurals, nested names, fallbacks."""

import random

import pytest

from games.core import IllegalMove, Msg, RuleError, msg, register, render
from games.core.messages import normalize_locale, placeholders

register("en", {
    "test.coins": {"one": "{n} coin", "other": "{n} coins"},
    "test.good.sugar": "sugar",
    "test.good.wine": "wine",
    "test.sells": "{name} sells {goods}",
    "test.only_en": "English only",
})
register("zh-TW", {
    "test.coins": "{n} 枚金幣",
    "test.good.sugar": "糖",
    "test.good.wine": "酒",
    "test.sells": "{name} 賣出 {goods}",
})


def test_plural_forms_follow_n():
    assert render(msg("test.coins", n=1)) == "1 coin"
    assert render(msg("test.coins", n=2)) == "2 coins"
    assert render(msg("test.coins", n=1), "zh-TW") == "1 枚金幣"


def test_nested_messages_and_lists_are_worded_in_the_same_locale():
    m = msg("test.sells", name="小明", goods=[msg("test.good.sugar"), msg("test.good.wine")])
    assert render(m) == "小明 sells sugar, wine"
    assert render(m, "zh-TW") == "小明 賣出 糖、酒"


def test_fallbacks_english_then_key():
    assert render(msg("test.only_en"), "zh-TW") == "English only"
    assert render(msg("test.no_such_key")) == "test.no_such_key"
    assert render("plain text", "zh-TW") == "plain text"


def test_discord_locale_codes_map_to_catalogs():
    assert normalize_locale("en-US") == "en"
    assert normalize_locale("zh-TW") == "zh-TW"
    assert normalize_locale("fr") == "en"
    assert normalize_locale(None) == "en"


def test_rule_error_keeps_its_message_and_reads_english():
    err = IllegalMove("test.coins", n=3)
    assert isinstance(err, RuleError)
    assert err.msg == Msg("test.coins", {"n": 3})
    assert str(err) == "3 coins"
    assert err.text("zh-TW") == "3 枚金幣"
    plain = RuleError("Not a key, a sentence.")
    assert str(plain) == "Not a key, a sentence." and plain.msg == "Not a key, a sentence."


def test_rule_error_is_worded_when_read_and_survives_pickling():
    """The English is worded lazily (legal-move generators drop most errors unread): reading it
    still gives the sentence, and a pickled error (a bot worker's refusal) keeps message and text."""
    import pickle

    err = IllegalMove("test.coins", n=2)
    assert f"{err}" == "2 coins" and err.args == (err.msg,)
    back = pickle.loads(pickle.dumps(err))
    assert type(back) is IllegalMove and back.msg == Msg("test.coins", {"n": 2}) and str(back) == "2 coins"
    plain = pickle.loads(pickle.dumps(RuleError("Not a key, a sentence.")))
    assert str(plain) == "Not a key, a sentence."


def test_msg_json_round_trip_keeps_nested_messages():
    m = msg("test.sells", name="Ann", goods=[msg("test.good.sugar")])
    assert Msg.from_json(m.to_json()) == m


def test_placeholders_cover_all_plural_forms():
    assert placeholders({"one": "{n} coin", "other": "{n} coins of {who}"}) == {"n", "who"}


def test_register_refuses_sentences_as_keys():
    with pytest.raises(ValueError):
        register("en", {"Not a key": "x"})


def test_event_keeps_its_messages_and_english_text():
    from games.core import Event

    e = Event(msg("test.sells", name="{p0}", goods=[msg("test.good.wine")]), seat=0,
              private=msg("test.coins", n=2))
    assert e.text == "{p0} sells wine" and e.text_in("zh-TW") == "{p0} 賣出 酒"
    assert e.private == "2 coins" and e.private_in("zh-TW") == "2 枚金幣"
    back = Event.from_json(e.to_json())
    assert back.msg == e.msg and back.text_in("zh-TW") == "{p0} 賣出 酒"
    plain = Event("plain", seat=1)
    assert plain.text_in("zh-TW") == "plain" and Event.from_json(plain.to_json()) == plain


def test_one_seat_name_filler_for_the_bot_and_the_boards():
    """``{pN}`` is filled in one place (``games.core.messages.fill_seats``); the bot's and the boards'
    fillers are that function, and a seat beyond the names stays as written."""
    from bot.table import tables
    from bot.words import i18n
    from games.core.messages import fill_seats, first_seat
    from renderers import altiplano, amerigo, turn

    assert fill_seats("{p1} pays {p0}; {p7} waits", ["Ann", "Bo"]) == "Bo pays Ann; {p7} waits"
    assert fill_seats("{p0}", []) == "{p0}"
    assert tables.fill is fill_seats and i18n.fill_names is fill_seats and altiplano.fill_names is fill_seats
    assert turn._fmt("{p1} builds", ["Ann", "Bo"]) == amerigo._fill("{p1} builds", ["Ann", "Bo"]) == "Bo builds"
    assert first_seat(["the market opens", "{p9} then {p2} moves", "{p0}"], 3) == 0
    assert first_seat(["{p2} moves"], 3) == 2 and first_seat(["nobody"], 3) is None


def _every_template() -> list[str]:
    """Every template text of every catalog (both languages, every plural form), every title's
    and the bot's words loaded."""
    from bot.table.games import load_plugs
    from bot.words import i18n  # noqa: F401  (the bot's own catalogs)
    from games import game_ids, get
    from games.core.messages import CATALOGS

    for gid in game_ids():
        get(gid)
    load_plugs()
    return [text for catalog in CATALOGS.values() for tmpl in catalog.values()
            for text in (tmpl.values() if isinstance(tmpl, dict) else [tmpl])]


def _worded(word, text, params):
    try:
        return word(text, params)
    except Exception as exc:  # noqa: BLE001 - the two must fail alike too
        return exc.__class__


def test_converted_fields_word_as_the_formatter_on_every_template():
    """``{what!c}``/``{what!l}`` go through ``str.format`` on a template read once
    (``messages.converted``); the pure-Python ``string.Formatter`` words every template of every
    catalog alike, refusals included, with worded and plain parameters."""
    from games.core.messages import _capital, converted

    texts = _every_template() + [
        "{a!c} and {b!l}, {a!c:>9}|{n:+d}|{a!r}|{{{a!c}}}", "{a!c:{n}}", "{0!c}", "{a.real!c}", "{a[0]!l}",
        "{a!c", "{a!x}", "{a!c} {missing}", "", "{a!c}{a!l}{a}"]
    converting = [t for t in texts if "!c}" in t or "!l}" in t]
    assert len(texts) > 5000 and len(converting) >= 5, (len(texts), converting)
    formatter = _capital()
    for text in texts:
        names = placeholders(text) if text.count("{") == text.count("}") else set()
        for value in ("élan vital Ä", "ÉTÉ", "", 7, Msg("core.none")):
            params = {name: value for name in names} | {"a": value, "b": "Bo B", "n": 3}
            expected = _worded(lambda t, p: formatter.format(t, **p), text, params)
            assert _worded(converted, text, params) == expected, (text, value)
            assert _worded(converted, text, params) == expected, (text, value)  # the plan kept


def test_seat_names_filled_as_the_pattern_reads_them():
    """``fill_seats`` splits instead of calling Python once a match; what it fills is what
    ``re.sub`` of ``{p(\\d+)}`` with a function fills: every template, and odd texts."""
    import re

    from games.core.messages import _capital, fill_seats, seat_ref

    seat = re.compile(r"\{p(\d+)\}")
    texts = [
        "{p1} pays {p0}; {p7} waits", "{p{p1}}", "{p}", "{p1", "{p01} {p٣} {p1x}", "{p2}{p2}{p0}", "x{p",
        "{p0}"]
    for text in _every_template():  # each template with seats in its parameters, as engines tell them
        names = sorted(placeholders(text)) if text.count("{") == text.count("}") else []
        try:
            texts.append(_capital().format(text, **{name: seat_ref(i % 6) for i, name in enumerate(names)}))
        except (KeyError, IndexError, ValueError):
            texts.append(text)
    rng = random.Random(33)
    texts += ["".join(rng.choice(["{p", "}", "1", "0", "٣", "7", "x", " ", "{", "p"]) for _ in range(12))
              for _ in range(3000)]
    seated = 0
    for text in texts:
        for names in (["Ann", "Bo"], ["Ann", "{p1}", "C", "D"], ("A",)):
            expected = seat.sub(lambda m, names=names: names[int(m.group(1))] if int(m.group(1)) < len(names)
                                else m.group(0), text)
            assert fill_seats(text, names) == expected, (text, names)
            seated += expected != text
    assert seated > 3000


def test_names_inside_a_line_word_as_render_words_them():
    """A parameter that is a message of no parameters (a card, a good, a place) is read off its
    template when that has no field (``messages._name``): the same words as ``render`` for every
    key of every catalog, alone, in a list and as a parameter, braces and plural forms included."""
    from games.core.messages import CATALOGS, LOCALES, SEPARATORS, _name

    _every_template()
    register("en", {"test.name.line": "{one} | {many}", "test.name.braces": "{{x}}", "test.name.plural":
                    {"one": "a", "other": "b"}})
    keys = sorted({key for catalog in CATALOGS.values() for key in catalog}) + ["test.no.such"]
    assert len(keys) > 3000
    for loc in LOCALES:
        for key in keys:
            name = Msg(key)
            assert _name(name, loc, CATALOGS[loc]) == render(name, loc), (key, loc)
            line = render(Msg("test.name.line", {"one": name, "many": [name, "x", 3, name]}), loc)
            worded = render(name, loc)
            assert line == f"{worded} | {SEPARATORS[loc].join([worded, 'x', '3', worded])}", (key, loc)
