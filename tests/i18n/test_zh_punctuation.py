"""zh-TW sentences use full-width punctuation beside Chinese (，：；（）！？), as Taiwanese text
does; notation (`...`, 'draw a', move:48, 12:30) and placeholders keep their ASCII marks."""

from __future__ import annotations

import re

from games.core.messages import CATALOGS

from .test_bot_catalog import load_everything

CJK = r"[\u3000-\u303f\u3400-\u9fff\uff00-\uffef]"
#: notation is not prose: masked before the check
NOT_PROSE = re.compile(r"`[^`]*`|'[a-z][a-z0-9 <>/.-]*'")
#: a placeholder is filled with Chinese words in zh-TW ("{name}({colour})" reads 扒手(黃色)):
#: it counts as Chinese beside a mark
PLACEHOLDER = re.compile(r"\{[^{}]*\}")
HALF = re.compile(rf"{CJK} ?[,:;!?()]|[,:;!?()] ?{CJK}")


def half_width_marks(template: str) -> list[str]:
    """The spots where an ASCII mark touches Chinese text."""
    prose = PLACEHOLDER.sub("字", NOT_PROSE.sub("X", template))
    return [m.group(0) for m in HALF.finditer(prose)]


def test_the_check_finds_half_width_marks_and_spares_notation():
    assert half_width_marks("你只剩 {left} 點,不是 {n} 點。") == ["點,"]
    assert half_width_marks("第 {n} 輪:開始(秘密計畫)") == ["輪:", "始(", "畫)"]
    assert half_width_marks("時限：move:48 或 `sail ship 1`（例如 'draw a'）") == []
    assert half_width_marks("#{id} {name}({colour})") == ["字(", "字)"]
    assert half_width_marks("`{move}`: 12:30") == []


def test_zh_tw_prose_uses_full_width_punctuation():
    load_everything()
    found = {}
    for key, entry in CATALOGS["zh-TW"].items():
        for template in entry.values() if isinstance(entry, dict) else [entry]:
            marks = half_width_marks(template)
            if marks:
                found[key] = (template, marks)
    assert not found, f"{len(found)} zh-TW entries with half-width marks, e.g. {list(found.items())[:5]}"


def test_a_drawn_bruges_card_reads_with_full_width_brackets():
    """"你抽到：#72 扒手（黃色）", as the console and /hand say it."""
    import games.bruges  # noqa: F401  (registers the catalog)
    from games.bruges import messages as M
    from games.core.messages import msg, render

    line = render(msg("bru.ev.you_drew", cards=[msg("bru.drawn_card", id=72, name=M.card(72), colour=M.colour("yellow"))]),
                  "zh-TW")
    assert line == "你抽到：#72 扒手（黃色）。"
    assert render(M.card_label(72), "zh-TW") == "扒手（#72，黃色）"


def test_an_event_sentence_has_at_most_one_colon():
    """"倒入 5 個方塊，掉出…，得到 5 點行動點數", not a chain of colons ("…：掉出…：5 點");
    two sentences may have one each ("第 1 輪卡片總值：…。順位：…")."""
    load_everything()
    chained = {}
    for key, entry in CATALOGS["zh-TW"].items():
        if ".ev." not in key:
            continue
        for template in entry.values() if isinstance(entry, dict) else [entry]:
            if any(sentence.count("：") > 1 for sentence in NOT_PROSE.sub("X", template).split("。")):
                chained[key] = template
    assert not chained, chained


def test_a_bruges_payment_runs_into_its_verb():
    """"花 1 元蓋好…", "花 6 元僱用…": no stray space between the price and the verb after it."""
    import games.bruges  # noqa: F401  (registers the catalog)
    from games.bruges import messages as M
    from games.core.messages import msg, render

    paid = msg("bru.for_money", money=M.guilders(1))
    assert render(msg("bru.ev.canal", who="P0", paid=paid, side=M.side("left"), n=1), "zh-TW") == \
        "P0 花 1 元蓋好左邊運河的第 1 段。"
    assert render(msg("bru.ev.canal", who="P0", paid=paid, side=M.side("left"), n=1), "en") == \
        "P0 builds section 1 of the left canal for 1 guilder."


def test_a_secret_choice_and_its_detail_are_two_sentences():
    """"你的秘密選擇已送出。你的計畫：移動區（食物）。", never "已送出：你的計畫：移動區：食物"."""
    import games.altiplano  # noqa: F401  (registers the catalog)
    from bot.words.i18n import t
    from games.altiplano import messages as AM
    from games.core.messages import msg, render

    plan = msg("alt.on", space=AM.space("move"), goods=AM.good("food"))
    line = t("move.secret_ok", "zh-TW", detail=render(msg("alt.ev.your_plan", plan=plan), "zh-TW"))
    assert line == "你的秘密選擇已送出。你的計畫：移動區（食物）。"


#: event keys that are parts of another event's line (a step of a sail, one seat's total), not lines
EVENT_PARTS = {
    "woa.ev.takes": "a step inside woa.ev.sail_and",
    "woa.ev.drops": "a step inside woa.ev.sail_and",
    "woa.ev.unloads": "a step inside woa.ev.sail_and",
    "woa.ev.total": "one seat inside woa.ev.totals",
    "woa.ev.mayor": "one island inside woa.ev.mayors",
    "woa.ev.score": "one seat inside woa.ev.game_over",
    "ame.ev.post_first": "a note after ame.ev.post",
    "ame.ev.post_coin": "a note after ame.ev.post",
}
TITLES = ("woa", "tm", "bru", "alt", "ame")
ENDS = {"en": (".", "!", "?", ".)"), "zh-TW": ("。", "！", "？", "。）")}


def test_every_title_s_event_lines_end_with_a_full_stop():
    """An event line is a sentence: "P0 選擇了女巫。" as "P0 從牌堆 A 抽了一張棕色卡。" in every title,
    and "P0 plays the Witches." in English."""
    load_everything()
    unended = {}
    for locale, stops in ENDS.items():
        for key, entry in CATALOGS[locale].items():
            if key.split(".")[0] not in TITLES or ".ev." not in key or key in EVENT_PARTS:
                continue
            for form in entry.values() if isinstance(entry, dict) else [entry]:
                if not form.endswith(stops):
                    unended[(locale, key)] = form
    assert not unended, unended
    for title in TITLES:
        assert any(k.startswith(title + ".ev.") for k in CATALOGS["zh-TW"]), title

