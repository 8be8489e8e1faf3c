"""Discord surface of what keeps a game moving while its players are away (issue 36; the logic
is in ``bot/table/pbp/``): ``/game orders`` and its menu, ``/note``.

The menu is an ephemeral message with one select per kind of order; the button "Standing
orders" under a turn post (and a power offer) opens the clicker's own. Both are
``DynamicItem``s whose custom id holds the game (and the seat and kind): they work after a
restart. The ``/game`` subcommands join the bot's group when this module is imported
(``bot.discord.cogs.pbp`` imports it).
"""

from __future__ import annotations

import logging
from typing import Literal

import discord
from discord import app_commands

from ...table.pbp import notes, standing
from ...table.pbp.orders import POWER_PRESETS, PowerOrder
from ...words.i18n import t, tr
from .. import send
from ..glue import channel_key, clip, describe, user_locale
from .table import game_group

log = logging.getLogger(__name__)


def pbp_of(interaction: discord.Interaction):
    return interaction.client.pbp


# --- /game orders ---------------------------------------------------------------------------------
POWER_CHOICES = [app_commands.Choice(name=t(f"orders.power.{name}")[:100], value=name) for name in POWER_PRESETS]


@game_group.command(name="orders", description=describe("orders.cmd"))
@app_commands.describe(forced=describe("orders.arg.forced"), power=describe("orders.arg.power"),
                       power_vp=describe("orders.arg.power_vp"), power_min=describe("orders.arg.power_min"),
                       otherwise=describe("orders.arg.otherwise"), cult=describe("orders.arg.cult"),
                       town=describe("orders.arg.town"))
@app_commands.choices(power=POWER_CHOICES)
async def game_orders(interaction: discord.Interaction, forced: bool | None = None, power: str | None = None,
                      power_vp: app_commands.Range[int, 0, 20] | None = None,
                      power_min: app_commands.Range[int, 1, 12] | None = None,
                      otherwise: Literal["decline", "ask"] | None = None,
                      cult: bool | None = None, town: bool | None = None) -> None:
    """Without options: the caller's orders menu; with some: those orders set, then the menu."""
    await interaction.response.defer(ephemeral=True, thinking=True)
    updates: dict = {}
    if forced is not None:
        updates["forced"] = forced
    if power_vp is not None or power_min is not None or (otherwise is not None and power is None):
        updates["power"] = PowerOrder(power_vp, power_min, otherwise or "decline")
    elif power is not None:
        updates["power"] = power
    if cult is not None:
        updates["cult"] = cult
    if town is not None:
        updates["town"] = town
    pbp = pbp_of(interaction)
    table = interaction.client.sessions.table(channel_key(interaction))
    shown = await (standing.change(pbp, table, interaction.user.id, updates) if updates
                   else standing.menu(pbp, table, interaction.user.id))
    mine = await user_locale(interaction)
    await send.followup(interaction, menu_text(shown, mine), view=menu_view(shown, mine), ephemeral=True)


def menu_text(shown: standing.Menu, locale: str) -> str:
    return clip("\n".join(tr(line, locale) for line in shown.lines))


def menu_view(shown: standing.Menu, locale: str) -> discord.ui.View | None:
    """One select per kind of order, the choice in force marked."""
    if not shown.ok:
        return None
    view = discord.ui.View(timeout=None)
    for kind, options, now in shown.fields:
        view.add_item(OrdersSelect(shown.game_id, shown.seat, kind, options, now, locale))
    return view


class OrdersSelect(discord.ui.DynamicItem[discord.ui.Select],
                   template=r"pbp:ord:(?P<game>\d+):(?P<seat>\d+):(?P<kind>forced|power|cult|town)"):
    """One kind of order in the menu; picking sets it and redraws the menu in place."""

    def __init__(self, game_id: int, seat: int, kind: str, options=None, now: str | None = None,
                 locale: str | None = None):
        self.game_id, self.seat, self.kind = game_id, seat, kind
        choices = [discord.SelectOption(label=clip(tr(label, locale), 100), value=value, default=value == now)
                   for value, label in (options or [])] or [discord.SelectOption(label="-", value="-")]
        super().__init__(discord.ui.Select(custom_id=send.custom_id("orders", game_id, seat, kind),
                                           placeholder=clip(t(f"orders.placeholder.{kind}", locale), 150),
                                           options=choices))

    @classmethod
    async def from_custom_id(cls, interaction, item, match, /):
        self = cls(int(match["game"]), int(match["seat"]), match["kind"])
        self.item = item  # the values Discord sent
        return self

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer()
        value = (self.item.values or ["-"])[0]
        pbp = pbp_of(interaction)
        table = pbp.table_of(self.game_id)
        mine = await user_locale(interaction)
        if value == "-" or table is None or table.seat_of(interaction.user.id) != self.seat:
            shown = standing.Menu(False, [t("orders.no_game" if table is None else "orders.not_seated")])
        else:
            shown = await standing.change(pbp, table, interaction.user.id, {self.kind: value})
        await interaction.edit_original_response(content=menu_text(shown, mine), view=menu_view(shown, mine))


class OrdersButton(discord.ui.DynamicItem[discord.ui.Button], template=r"pbp:ordm:(?P<game>\d+)"):
    """"Standing orders" on a prompt: the clicker's own orders menu in that game, for them alone."""

    def __init__(self, game_id: int, label: str = "…"):
        self.game_id = game_id
        super().__init__(discord.ui.Button(label=label, custom_id=send.custom_id("ordersmenu", game_id)))

    @classmethod
    async def from_custom_id(cls, interaction, item, match, /):
        return cls(int(match["game"]), item.label or "…")

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        pbp = pbp_of(interaction)
        shown = await standing.menu(pbp, pbp.table_of(self.game_id), interaction.user.id)
        mine = await user_locale(interaction)
        await send.followup(interaction, menu_text(shown, mine), view=menu_view(shown, mine), ephemeral=True)


# --- /note ----------------------------------------------------------------------------------------
@app_commands.command(name="note", description=describe("notes.cmd"))
@app_commands.allowed_contexts(guilds=True, dms=False, private_channels=False)
@app_commands.describe(text=describe("notes.arg.text"), clear=describe("notes.arg.clear"))
async def note_command(interaction: discord.Interaction, text: app_commands.Range[str, 1, 500] | None = None,
                       clear: bool = False) -> None:
    """Add a note (``text``), erase them (``clear``), or read them: the caller's, in this game."""
    mine = await user_locale(interaction)
    table = interaction.client.sessions.table(channel_key(interaction))
    store = interaction.client.sessions.store
    if table is None or table.record.status not in ("open", "running"):
        said = [t("notes.no_game")]
    elif table.seat_of(interaction.user.id) is None:
        said = [t("notes.not_seated")]
    elif clear:
        await notes.clear(store, table.record.id, interaction.user.id)
        said = [t("notes.cleared", game=table.engine.name)]
    elif text:
        kept = await notes.add(store, table.record.id, interaction.user.id, table.n, text)
        said = ([t("notes.too_long", limit=notes.LIMIT)] if kept is None
                else [t("notes.saved", game=table.engine.name), *notes.lines(kept)])
    else:
        kept = await notes.read(store, table.record.id, interaction.user.id)
        said = notes.lines(kept) or [t("notes.none", game=table.engine.name)]
    await interaction.response.send_message(clip("\n".join(tr(x, mine) for x in said)), ephemeral=True)


# --- /hint ----------------------------------------------------------------------------------------
@app_commands.command(name="hint", description=describe("hints.cmd"))
@app_commands.allowed_contexts(guilds=True, dms=False, private_channels=False)
async def hint_command(interaction: discord.Interaction) -> None:
    """The bot's choice for the caller's decision and why, for them alone (tables with hints on)."""
    await interaction.response.defer(ephemeral=True, thinking=True)
    mine = await user_locale(interaction)
    table = interaction.client.sessions.table(channel_key(interaction))
    out = await pbp_of(interaction).hints.hint(table, interaction.user.id)
    await send.followup(interaction, clip(tr(out.private, mine)), ephemeral=True)


DYNAMIC_ITEMS = (OrdersSelect, OrdersButton)
#: top-level commands of this module (the ``/game`` ones joined the group on import)
COMMANDS: tuple = (note_command, hint_command)
