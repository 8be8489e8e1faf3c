"""One zh-TW term per concept and game, taken from the game's seed write-up (the Taiwanese
rules the project is built from), and the variants that crept in elsewhere. Every zh-TW string
of a game (engine messages, the bot's catalogs and help, the boards' labels) uses the term and
none of its variants: ``tests/i18n/test_glossary.py``.

Where a seed has no word for a concept, the term is the one the game's own strings used most
(marked ``None`` as its source)."""

from __future__ import annotations

from typing import NamedTuple


class Term(NamedTuple):
    term: str
    #: what must not be written for this concept in the game's strings
    variants: tuple[str, ...]
    #: the seed's own words the term is taken from (None: the seed has no word for it)
    seed: str | None


#: game id -> concept -> its term
GLOSSARY: dict[str, dict[str, Term]] = {
    "west-of-africa": {
        "mayor": Term("市長", ("鎮長", "島長"), "為 7 個島嶼決定市長"),
        "berth": Term("停泊處", ("碼頭", "空的港口"), "每座島嶼有 1 個、2 個,或 5 個港口的停泊處"),
    },
    "terra-mystica": {
        "favour tile": Term("宗教獎勵", ("恩惠",), "宗教獎勵(Favor Tiles)"),
        "leech": Term("吸取", ("吸收",), None),
    },
    "altiplano": {
        "extension tile": Term("擴展板塊", ("擴充",), "擴展板塊"),
    },
    "amerigo": {
        "cube tower": Term("骰塔", ("方塊塔",), "骰塔"),
        "trading post": Term("交易站", ("貿易站",), "交易站"),
    },
    "bruges": {
        "reputation": Term("聲望", ("名聲",), "聲望"),
    },
}

#: the marks a catalog key carries for its game (a key's dotted parts: "woa.ev.build",
#: "bot.ask.tm.leech", "bot.verb.amerigo.take", "bot.help.text.bruges")
KEY_MARKS: dict[str, tuple[str, ...]] = {
    "west-of-africa": ("woa", "west-of-africa"),
    "terra-mystica": ("tm", "terra-mystica"),
    "altiplano": ("alt", "altiplano"),
    "amerigo": ("ame", "amerigo"),
    "bruges": ("bru", "bruges"),
}


def game_of(key: str) -> str | None:
    """The game a catalog key belongs to, by its marks (None: shared by every game)."""
    parts = set(key.split("."))
    for game, marks in KEY_MARKS.items():
        if parts & set(marks):
            return game
    return None
