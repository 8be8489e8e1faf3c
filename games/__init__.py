"""The registry of games: id -> engine. Engines are imported on first use."""

from __future__ import annotations

import importlib

from .core import Game

#: game id -> "module:attribute" of its Game object. Add a line per game.
ENGINES: dict[str, str] = {
    "altiplano": "games.altiplano:GAME",
    "amerigo": "games.amerigo:GAME",
    "bruges": "games.bruges:GAME",
    "west-of-africa": "games.west_of_africa:GAME",
    "terra-mystica": "games.terra_mystica:GAME",
}


def game_ids() -> list[str]:
    return list(ENGINES)


def get(game_id: str) -> Game:
    """The engine for ``game_id``; KeyError with the known ids otherwise."""
    try:
        target = ENGINES[game_id]
    except KeyError:
        raise KeyError(f"unknown game '{game_id}' (known: {', '.join(ENGINES)})") from None
    module, _, attr = target.partition(":")
    return getattr(importlib.import_module(module), attr)


def all_games() -> list[Game]:
    return [get(g) for g in ENGINES]
