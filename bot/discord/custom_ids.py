"""Custom ids, built here and nowhere else, and a post's buttons and menu as Discord components.

``bot.discord.send`` hands these on (``send.custom_id``, ``send.view_of``); the components
(``bot.discord.components``, ``bot.discord.cogs``) parse the ids back.
"""

from __future__ import annotations

import discord

from ..table.posts import TURN_PNG, Button, Menu, Post
from ..words.i18n import tr
from .glue import clip

#: a button's or menu's action -> the start of its custom id; the arguments follow, ``:``-separated.
#: The components (``bot.discord.components``, ``bot.discord.cogs.pbp``) parse them back.
PREFIXES = {
    "play": "mc:p",          # game
    "back": "mc:b",          # game, seat
    "walk": "mc:w",          # game, seat, move number[, multi-select prefix]
    "board": "mc:fb",        # game, move number
    "describe": "mc:db",     # game (the board as text, for the clicker alone)
    "leech": "tm:leech",     # game, seat, from seat, amount, take|decline
    "faction": "tm:faction",  # game, seat
    "choice": "tm:choice",   # game, seat, FAV|TW|CULT
    "mute": "pbp:mute",      # game, seat, wait started (epoch seconds)
    "vote": "pbp:vote",      # poll, choice
    "rematch": "pbp:rematch",  # game
    "page": "pbp:page",      # game, page
    "board_page": "rec:lb",  # title, scope (server|global), page
    "archive_page": "rec:ar",  # page, title (or -), player (or 0)
    "archive_pick": "rec:ap",  # (the game picked is the menu's value)
    "replay": "rec:rp",      # game, move number, f|p|n|l (which of the four buttons)
    "replay_jump": "rec:rj",  # game (the move is the menu's value)
    "league_join": "lg:join",    # league
    "league_leave": "lg:leave",  # league
    "orders": "pbp:ord",     # game, seat, forced|power|cult|town (a select of the orders menu)
    "ordersmenu": "pbp:ordm",  # game (the clicker's orders menu, from a prompt)
    "plan_play": "pbp:planp",  # game (the clicker's plan, played for real)
    "plan_reset": "pbp:planr",  # game (the clicker's plan, thrown away)
    "plan_open": "pbp:plano",  # game (the clicker's plan and its menu, from the Play menu)
    "plan_back": "pbp:planb",  # game (the plan's first menu again)
    "plan_walk": "pbp:planw",  # game, plan's first move, its length[, multi-select prefix] (a menu on the copy)
}
STYLES = {"primary": discord.ButtonStyle.primary, "secondary": discord.ButtonStyle.secondary,
          "success": discord.ButtonStyle.success, "danger": discord.ButtonStyle.danger}


def custom_id(action: str, *args) -> str:
    """The custom id of a button or menu: ``custom_id("board", 7, 12)`` -> ``mc:fb:7:12``
    (an argument that is None is left out: an optional last part)."""
    return ":".join([PREFIXES[action], *(str(a) for a in args if a is not None)])[:100]


def view_of(buttons: list[Button], locale: str | None = None, menu: Menu | None = None) -> discord.ui.View | None:
    """The buttons (meanings) and a menu as Discord components, labelled in ``locale``."""
    if not buttons and (menu is None or not menu.options):
        return None
    view = discord.ui.View(timeout=None)
    for b in buttons:
        if b.style == "link":  # opens a URL (``args[0]``): no custom id, nothing comes back to the bot
            view.add_item(discord.ui.Button(label=clip(tr(b.label, locale) or "…", 80), url=b.args[0],
                                            style=discord.ButtonStyle.link))
            continue
        view.add_item(discord.ui.Button(label=clip(tr(b.label, locale) or "…", 80), custom_id=custom_id(b.action, *b.args),
                                        style=STYLES.get(b.style, discord.ButtonStyle.secondary)))
    if menu is not None and menu.options:
        view.add_item(discord.ui.Select(
            custom_id=custom_id(menu.action, *menu.args), placeholder=clip(tr(menu.placeholder, locale), 150) or None,
            options=[discord.SelectOption(label=clip(tr(label, locale) or "-", 100), value=str(value)[:100])
                     for label, value in menu.options[:25]]))
    return view


def shown_buttons(post: Post) -> list[Button]:
    """The post's buttons that apply as it leaves: "Full board" only beside the turn image."""
    return [b for b in post.buttons if b.action != "board" or (post.png is not None and post.filename == TURN_PNG)]
