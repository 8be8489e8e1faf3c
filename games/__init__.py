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


#: "module:attribute" -> its engine, once imported (``get`` runs several times per move: no
#: import machinery each time; keyed by the target, so a changed ``ENGINES`` entry is honoured)
_LOADED: dict[str, Game] = {}


def get(game_id: str) -> Game:
    """The engine for ``game_id``; KeyError with the known ids otherwise."""
    try:
        target = ENGINES[game_id]
    except KeyError:
        raise KeyError(f"unknown game '{game_id}' (known: {', '.join(ENGINES)})") from None
    engine = _LOADED.get(target)
    if engine is None:
        module, _, attr = target.partition(":")
        engine = _LOADED[target] = getattr(importlib.import_module(module), attr)
    return engine


def part(game_id: str, name: str):
    """The game's module ``name`` beside its ``Game`` (``messages``, ``view``), or None when the
    game is unknown or has none: how the layers above find a game's words and facts by name
    instead of keeping a table of games."""
    try:
        engine = get(game_id)
    except KeyError:
        return None
    package = type(engine).__module__.rpartition(".")[0]
    try:
        return importlib.import_module(f"{package}.{name}")
    except ModuleNotFoundError as err:
        if err.name != f"{package}.{name}":
            raise
        return None


def all_games() -> list[Game]:
    return [get(g) for g in ENGINES]
