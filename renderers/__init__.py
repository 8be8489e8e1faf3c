"""Board renderers: a game's view (public or one seat's) -> PNG bytes.

Renderers draw only from ``game.view(state, seat)``, never from the raw
state, so hidden information cannot reach a public image by accident.
"""

from __future__ import annotations

import importlib

#: game id -> module with ``render(view, names=None) -> bytes``. A line per game.
RENDERERS: dict[str, str] = {
    "altiplano": "renderers.altiplano",
    "amerigo": "renderers.amerigo",
    "bruges": "renderers.bruges",
    "terra-mystica": "renderers.terra_mystica",
    "west-of-africa": "renderers.west_of_africa",
}


def render(game_id: str, view: dict, names: list[str] | None = None) -> bytes:
    module = importlib.import_module(RENDERERS[game_id])
    return module.render(view, names=names)
