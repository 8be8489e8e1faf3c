"""zh-TW sentences use full-width punctuation beside Chinese (，：；（）！？), as Taiwanese text
does; notation (`...`, 'draw a', move:48, 12:30) and placeholders keep their ASCII marks."""

from __future__ import annotations

import re

from games.core.messages import CATALOGS

from .test_bot_catalog import load_everything

CJK = r"[\u3000-\u303f\u3400-\u9fff\uff00-\uffef]"
#: notation and placeholders are not prose: masked before the check
NOT_PROSE = re.compile(r"`[^`]*`|\{[^{}]*\}|'[a-z][a-z0-9 <>/.-]*'")
HALF = re.compile(rf"{CJK} ?[,:;!?()]|[,:;!?()] ?{CJK}")


def half_width_marks(template: str) -> list[str]:
    """The spots where an ASCII mark touches Chinese text."""
    prose = NOT_PROSE.sub("X", template)
    return [m.group(0) for m in HALF.finditer(prose)]


def test_the_check_finds_half_width_marks_and_spares_notation():
    assert half_width_marks("你只剩 {left} 點,不是 {n} 點。") == ["點,"]
    assert half_width_marks("第 {n} 輪:開始(秘密計畫)") == ["輪:", "始(", "畫)"]
    assert half_width_marks("時限：move:48 或 `sail ship 1`（例如 'draw a'）") == []


def test_zh_tw_prose_uses_full_width_punctuation():
    load_everything()
    found = {}
    for key, entry in CATALOGS["zh-TW"].items():
        for template in entry.values() if isinstance(entry, dict) else [entry]:
            marks = half_width_marks(template)
            if marks:
                found[key] = (template, marks)
    assert not found, f"{len(found)} zh-TW entries with half-width marks, e.g. {list(found.items())[:5]}"
