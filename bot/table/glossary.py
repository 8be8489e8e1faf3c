"""One zh-TW term per concept and game, taken from the game's seed write-up (the Taiwanese
rules the project is built from), and the variants that crept in elsewhere. Every zh-TW string
of a game (engine messages, the bot's catalogs and help, the boards' labels) uses the term and
none of its variants: ``tests/i18n/test_glossary.py``.

Where a seed has no word for a concept, the term is the one the game's own strings used most
(marked ``None`` as its source). Each game's terms are in its plug file
(``bot/table/games/<game>.py``, ``GLOSSARY``); this module gathers them."""

from __future__ import annotations

from typing import NamedTuple

import games

from .games import plug


class Term(NamedTuple):
    term: str
    #: what must not be written for this concept in the game's strings
    variants: tuple[str, ...]
    #: the seed's own words the term is taken from (None: the seed has no word for it)
    seed: str | None


def _of(name: str) -> dict:
    """game id -> its plug's ``name``, for the games whose plug has one."""
    found = ((game_id, getattr(plug(game_id), name, None)) for game_id in games.game_ids())
    return {game_id: value for game_id, value in found if value is not None}


#: game id -> concept -> its term (each game's plug file: ``GLOSSARY``)
GLOSSARY: dict[str, dict[str, Term]] = {game_id: {concept: Term(*term) for concept, term in terms.items()}
                                        for game_id, terms in _of("GLOSSARY").items()}

#: the marks a catalog key carries for its game (a key's dotted parts: "woa.ev.build",
#: "bot.ask.tm.leech", "bot.verb.amerigo.take", "bot.help.text.bruges"; each plug's ``KEY_MARKS``)
KEY_MARKS: dict[str, tuple[str, ...]] = _of("KEY_MARKS")


def game_of(key: str) -> str | None:
    """The game a catalog key belongs to, by its marks (None: shared by every game)."""
    parts = set(key.split("."))
    for game, marks in KEY_MARKS.items():
        if parts & set(marks):
            return game
    return None
