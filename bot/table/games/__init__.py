"""One plug file per game: what the bot's table knows of a game besides its engine (no Discord).

``bot/table/games/<id>.py`` (the game id with ``_`` for ``-``: ``west_of_africa.py``) is found by
its name; no list names the games. Every name in it is optional; a game without a plug file gets
the generic menus, prompt and help. A plug may define:

* ``prompt(engine, state, view, seat, verbs) -> Msg | None``: what the table asks ``seat`` now
  (``bot.table.prompts``; ``view`` is the shared public view, ``verbs`` the first words of the
  seat's legal moves);
* ``menu``, ``label``, ``stem``, ``same``: how its Play menus are shaped and named (``bot.table.menus``);
* ``autocomplete(engine, state, seat, prefix, limit)``: (move, note) pairs at once, for an engine
  whose per-move ``hint`` is costly; ``HELP``: a /help sheet richer than the engine's.

Its buttons beyond "Play" and "Full board", being Discord, live in
``bot/discord/components/<id>.py``, found the same way.
"""

from __future__ import annotations

import importlib
from types import ModuleType


def module_name(game_id: str) -> str:
    """The plug's file stem: the game id with ``_`` for ``-``."""
    return game_id.replace("-", "_")


def plug(game_id: str) -> ModuleType | None:
    """The game's plug module, or None when it has none."""
    name = f"{__name__}.{module_name(game_id)}"
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as err:
        if err.name != name:  # the plug exists but something it imports does not: a real error
            raise
        return None
