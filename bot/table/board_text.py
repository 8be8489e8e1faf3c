"""The board as text, for a screen reader (issue 36 item 7): ``/game status detail:full``.

Each game's view module gives the facts of its PUBLIC view as message keys and parameters
(``facts(view)`` beside ``view`` in ``games/<game>/view.py``); the game's words for them are in
its plug, ``bot/table/games/<game>.py`` (``BOARD_EN``, ``BOARD_ZH``, registered with its words). Here they are worded in the reader's
language, seat names put in, and cut into messages within Discord's length limit, a fact never
split across two messages.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable

from games.core.messages import Msg, fill_seats, render

from .games import plug

#: Discord's message length; a little under it, so a sender's clip never cuts a fact
LIMIT = 1900


def facts_of(engine) -> Callable[[dict], list[Msg]] | None:
    """The game's ``facts(view)`` beside its view (None: the game gives none)."""
    package = sys.modules[type(engine).__module__].__package__
    try:
        view = importlib.import_module(f"{package}.view")
    except ModuleNotFoundError:
        return None
    return getattr(view, "facts", None)


def words_for(game_id: str) -> None:
    """Register the game's board words: they are in its plug, registered when it is imported."""
    plug(game_id)


def lines(game_id: str, engine, view: dict, names: list[str], locale: str | None) -> list[str]:
    """Every fact of the public ``view`` as one worded line each (empty: the game gives none)."""
    make = facts_of(engine)
    if make is None:
        return []
    words_for(game_id)
    return [fill_seats(render(m, locale or "en"), names) for m in make(view)]


def pages(text_lines: list[str], limit: int = LIMIT) -> list[str]:
    """``text_lines`` gathered into messages of at most ``limit`` characters; a line longer than
    that (a long list of hexes) is cut at its last comma before the limit and goes on in the next."""
    out: list[str] = []
    page = ""
    for line in text_lines:
        while len(line) > limit:
            cut = max(line.rfind(", ", 0, limit), line.rfind("、", 0, limit))
            cut = cut + 1 if cut > 0 else limit
            head, line = line[:cut].rstrip(), line[cut:].lstrip()
            if page:
                out.append(page)
                page = ""
            out.append(head)
        if page and len(page) + 1 + len(line) > limit:
            out.append(page)
            page = ""
        page = f"{page}\n{line}" if page else line
    if page:
        out.append(page)
    return out
