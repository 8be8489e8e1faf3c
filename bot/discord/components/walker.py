"""The menu walker on Discord: a "Play" button on every turn post, then the player's own menus.

Every game gets its decisions as clicks: the turn's public post carries one
"Play" button; a click answers ephemerally (only that player sees it) with a
select menu built by ``bot.table.menus`` from the seat's ``legal_moves``. Picking
a stem edits the same ephemeral message to the next menu; picking a move
plays it through ``send.play`` (exactly as a typed ``/move``), and the
answer (what was done, what is left) replaces the menu with the next one
while the turn goes on. Secret choices stay in the ephemeral message.

Components are ``DynamicItem``s whose custom ids carry the game, the seat and
the move number the menu was built at, so they work after a restart; a menu
built before the table moved on is rebuilt instead of played.
"""

from __future__ import annotations

import re

import discord

from games.core.messages import msg, render

from ...table import menus
from ...words.i18n import t, tr
from .. import send
from ..glue import user_locale

ROW_LIMIT = 25


def _word(key: str, locale: str, **params) -> str:
    return render(msg(key, **params), locale)


def _locale(interaction: discord.Interaction) -> str:
    sessions = getattr(interaction.client, "sessions", None)
    return getattr(sessions, "locale", "en") or "en"


def menu_view(game_id: int, seat: int, n: int, menu: menus.Menu, locale: str = "en") -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    if menu.options:
        view.add_item(WalkSelect(game_id, seat, n, menu))
    if menu.prefix:
        view.add_item(BackButton(game_id, seat, locale))
    else:  # the private planner opens the same menus on a copy (``bot.discord.cogs.planner``)
        view.add_item(discord.ui.Button(label=t("plan.button", locale), style=discord.ButtonStyle.secondary,
                                        custom_id=send.custom_id("plan_open", game_id)))
    return view


def first_menu(sessions, table, seat: int, locale: str | None = None) -> tuple[str, discord.ui.View]:
    """The seat's first menu, in ``locale`` (the player's own: menus are ephemeral)."""
    locale = locale or sessions.locale
    menu = menus.build(table.record.game, table.engine, table.state, seat, "", None, locale)
    return menu.title, menu_view(table.record.id, seat, table.n, menu, locale)


def view_after(interaction: discord.Interaction, reply, locale: str | None = None) -> discord.ui.View | None:
    """The next menu under a move's answer while the caller's turn goes on (else None)."""
    sessions = getattr(interaction.client, "sessions", None)
    if sessions is None or reply is None:
        return None
    table = sessions.table(interaction.channel_id)
    if table is None or table.state is None or (reply.game_id is not None and table.record.id != reply.game_id):
        return None
    seat = table.seat_of(interaction.user.id)
    if seat is None or seat not in table.to_move():
        return None
    return first_menu(sessions, table, seat, locale)[1]


async def _table(interaction: discord.Interaction, game_id: int, seat: int | None):
    """(sessions, table, seat) when the click may go on; else it is answered here and None."""
    sessions = interaction.client.sessions
    locale = await user_locale(interaction)
    table = sessions.table(interaction.channel_id)
    if table is None or table.record.id != game_id or table.state is None:
        await interaction.response.send_message(_word("bot.menu.no_game", locale), ephemeral=True)
        return None
    if seat is None:
        seat = table.seat_of(interaction.user.id)
        if seat is None:
            await interaction.response.send_message(tr(sessions.t("move.not_seated"), locale), ephemeral=True)
            return None
    elif seat >= len(table.seats) or table.seats[seat].user_id != interaction.user.id:
        name = table.seats[seat].name if seat < len(table.seats) else "?"
        await interaction.response.send_message(_word("bot.menu.not_yours", locale, name=name), ephemeral=True)
        return None
    return sessions, table, seat


class PlayButton(discord.ui.DynamicItem[discord.ui.Button], template=r"mc:p:(?P<game>\d+)"):
    """"Play" under a turn post: the clicking player's own first menu, for their eyes only."""

    def __init__(self, game_id: int, locale: str = "en"):
        self.game_id = game_id
        super().__init__(discord.ui.Button(label=_word("bot.menu.play", locale), style=discord.ButtonStyle.primary,
                                           custom_id=send.custom_id("play", game_id)))

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match):
        return cls(int(match["game"]), _locale(interaction))

    async def callback(self, interaction: discord.Interaction) -> None:
        found = await _table(interaction, self.game_id, None)
        if found is None:
            return
        sessions, table, seat = found
        if seat not in table.to_move():
            await interaction.response.send_message(tr(sessions._not_now(table, seat), await user_locale(interaction)),
                                                    ephemeral=True)
            return
        title, view = first_menu(sessions, table, seat, await user_locale(interaction))
        await interaction.response.send_message(title[:2000], view=view, ephemeral=True)


class BackButton(discord.ui.DynamicItem[discord.ui.Button], template=r"mc:b:(?P<game>\d+):(?P<seat>\d+)"):
    """Back to the first menu of the turn."""

    def __init__(self, game_id: int, seat: int, locale: str = "en"):
        self.game_id, self.seat = game_id, seat
        super().__init__(discord.ui.Button(label=_word("bot.menu.back", locale), style=discord.ButtonStyle.secondary,
                                           custom_id=send.custom_id("back", game_id, seat)))

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match):
        return cls(int(match["game"]), int(match["seat"]), _locale(interaction))

    async def callback(self, interaction: discord.Interaction) -> None:
        found = await _table(interaction, self.game_id, self.seat)
        if found is None:
            return
        sessions, table, seat = found
        if seat not in table.to_move():
            await interaction.response.edit_message(
                content=tr(sessions._not_now(table, seat), await user_locale(interaction)), view=None)
            return
        title, view = first_menu(sessions, table, seat, await user_locale(interaction))
        await interaction.response.edit_message(content=title[:2000], view=view)


class WalkSelect(discord.ui.DynamicItem[discord.ui.Select],
                 template=r"mc:w:(?P<game>\d+):(?P<seat>\d+):(?P<n>\d+)(?::(?P<multi>[^:]*))?"):
    """One level of the walk. Multi-selects carry their prefix in the id (West of Africa: "choose")."""

    def __init__(self, game_id: int, seat: int, n: int, menu: menus.Menu | None = None, multi: str | None = None):
        self.game_id, self.seat, self.n = game_id, seat, n
        self.multi = (menu.prefix.strip() if menu is not None and menu.multi else multi) or None
        custom_id = send.custom_id("walk", game_id, seat, n, self.multi or None)
        options = [discord.SelectOption(label=o.label[:100] or "-", value=o.value[:100],
                                        description=o.description[:100] or None)
                   for o in (menu.options if menu is not None else [])[:ROW_LIMIT]]
        kwargs: dict = {}
        if menu is not None and menu.multi:
            kwargs = {"min_values": menu.multi[0], "max_values": min(menu.multi[1], len(options))}
        super().__init__(discord.ui.Select(custom_id=custom_id,
                                           placeholder=((menu.placeholder if menu else "") or "…")[:150],
                                           options=options or [discord.SelectOption(label="-", value="-")],
                                           **kwargs))

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match):
        self = cls(int(match["game"]), int(match["seat"]), int(match["n"]), multi=match["multi"])
        self.item = item  # the options and the values Discord sent
        return self

    async def callback(self, interaction: discord.Interaction) -> None:
        found = await _table(interaction, self.game_id, self.seat)
        if found is None:
            return
        sessions, table, seat = found
        locale = await user_locale(interaction)  # the menu is the player's own: in their language
        values = list(self.item.values or [])
        if table.n != self.n or seat not in table.to_move() or not values or values == ["-"]:
            if seat not in table.to_move():
                await interaction.response.edit_message(content=tr(sessions._not_now(table, seat), locale), view=None)
                return
            title, view = first_menu(sessions, table, seat, locale)  # the table moved on: start again from here
            note = _word("bot.menu.gone", locale)
            await interaction.response.edit_message(content=f"{note}\n{title}"[:2000], view=view)
            return
        try:
            if self.multi:
                kind, text, group = "move", f"{self.multi} " + " ".join(values), None
            else:
                kind, text, group = menus.decode(values[0])
        except ValueError:  # a damaged or forged value: never an exception, the menu again
            title, view = first_menu(sessions, table, seat, locale)
            await interaction.response.edit_message(content=f"{_word('bot.menu.gone', locale)}\n{title}"[:2000],
                                                    view=view)
            return
        if kind == "move":
            await send.play(interaction, text, edit=True,
                                view_for=lambda reply: view_after(interaction, reply, locale))
            return
        menu = menus.build(table.record.game, table.engine, table.state, seat, text, group, locale)
        await interaction.response.edit_message(content=menu.title[:2000],
                                                view=menu_view(self.game_id, seat, table.n, menu, locale))


DYNAMIC_ITEMS = (PlayButton, BackButton, WalkSelect)
