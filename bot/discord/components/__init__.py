"""The games' Discord components (buttons, select menus), and what the bot posts with them.

Every game gets the "Play" button and its menus (``bot.discord.components.walker``) and the "Full board"
button (``bot.discord.components.board``) under its turn posts (the turn post names them as meanings,
``bot.table.posts.Button``; ``bot.discord.send`` builds their custom ids). A game may add a module here,
``bot/discord/components/<game>.py`` (named as its plug file, ``bot.table.games.module_name``), exposing:

* ``DYNAMIC_ITEMS``: discord.py ``DynamicItem`` classes, registered once at
  startup so their buttons keep working after a restart or days later;
* ``followups(sessions, table) -> list[Followup]``: messages with
  components to post after the table changed (a leech offer, a choice);
  ``Followup.sent(message)`` is called with each posted message;
* ``async def tidy(sessions, table)``: strike components that are stale.

``register(client)`` and ``after_reply(channel, sessions, game_id)`` are the hooks the
app and the sender call. The sender (``bot.discord.send``) does not import this module: the app hands
it over as ``client.components``, since the buttons' own clicks are sent by ``bot.discord.send``.
The Discord-free part of a game's table (prompt, menus, autocomplete, /help sheet) is its plug file,
``bot/table/games/<game>.py``.
"""

from __future__ import annotations

import importlib
import logging
import pkgutil

from ...table.games import module_name
from . import walker

log = logging.getLogger(__name__)

def menu_view(interaction, reply, locale: str | None = None):
    """The menu to continue the caller's turn under their answer (None when there is none),
    in ``locale`` (the caller's own)."""
    return walker.view_after(interaction, reply, locale)


def module_for(game_id: str):
    """The game's own components module, or None when it has none."""
    name = f"{__name__}.{module_name(game_id)}"
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as err:
        if err.name != name:  # the module exists but something it imports does not: a real error
            raise
        return None


def register(client) -> None:
    """Register the persistent components of every module of this package (its ``DYNAMIC_ITEMS``:
    the Play menus, the Full board button, a game's own) on the client (call once at startup): a
    new button is registered by being here."""
    for info in pkgutil.iter_modules(__path__, __name__ + "."):
        items = getattr(importlib.import_module(info.name), "DYNAMIC_ITEMS", ())
        if items:
            client.add_dynamic_items(*items)


async def after_reply(channel, sessions, game_id: int | None, locale: str | None = None) -> None:
    """Post the components the table needs now (leech buttons, choices) to ``channel``,
    worded in ``locale`` (the place's language; None: the bot's)."""
    if channel is None or game_id is None:
        return
    table = next((t for t in sessions.tables() if t.record.id == game_id), None)
    if table is None or table.state is None:
        return
    mod = module_for(table.record.game)
    if mod is None:
        return
    try:
        for follow in mod.followups(sessions, table, locale):
            message = await channel.send(follow.content, view=follow.view, allowed_mentions=follow.mentions)
            if getattr(follow, "sent", None) is not None:
                follow.sent(message)
        tidy = getattr(mod, "tidy", None)
        if tidy is not None:
            await tidy(sessions, table)
    except Exception:  # components are a convenience: never break the move that was made
        log.exception("posting the %s components failed", table.record.game)
