"""Final-score words: the engines' breakdown labels and tie-breaks (``Result.breakdown`` keys,
``Result.tiebreak``) as ``score.<game>.<label>`` keys. One place for the end-of-game lines, the
summary chart and the boards' score tables, so a category reads the same in all three (they had
three tables, and the chart said 鎮長 where the lines said 市長). The English is the engine's own
label (or its ``SCORE_EN``); the zh-TW is the game's ``SCORE_ZH`` beside its other words, in
``games/<game>/messages.py`` (the seeds' terms): no table of games here, so a new game brings its
own words."""

from __future__ import annotations

import re

import games
from games.core.messages import CATALOGS, Msg, register, render

#: the games whose score words are registered
_LOADED: set[str] = set()


def key(game_id: str, label: str) -> str:
    """``score.<game>.<label>`` (the label made a key: lower case, runs of other characters ``_``)."""
    slug = re.sub(r"[^a-z0-9]+", "_", label.lower()).strip("_") or "_"
    return f"score.{game_id}.{slug}"


def tables(game_id: str) -> tuple[dict[str, str], dict[str, str]]:
    """The game's ``(SCORE_EN, SCORE_ZH)`` from its engine's messages module (empty for a game
    without them, or an unknown one)."""
    messages = games.part(game_id, "messages")
    return getattr(messages, "SCORE_EN", {}), getattr(messages, "SCORE_ZH", {})


def _load(game_id: str) -> None:
    """Register the game's score words once (every label it words in zh-TW, in both languages)."""
    if game_id in _LOADED:
        return
    _LOADED.add(game_id)
    en, zh = tables(game_id)
    register("en", {key(game_id, label): en.get(label, label).replace("{", "{{").replace("}", "}}")
                    for label in zh})
    register("zh-TW", {key(game_id, label): words for label, words in zh.items()})


def term(game_id: str, label: str) -> Msg | str:
    """The label as a message when it is a known one; else as the engine gave it."""
    _load(game_id)
    k = key(game_id, label)
    return Msg(k, {}) if k in CATALOGS["en"] else label


def word(game_id: str | None, label: str, locale: str | None = "en") -> str:
    """The label in ``locale`` (as the engine gave it when unknown, or without a game)."""
    return render(term(game_id, label), locale) if game_id else str(label)
