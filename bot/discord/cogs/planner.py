"""Discord surface of the private planner (issue 36 item 5; the logic is ``bot.table.planner``):
``/plan moves: reset:``, with the /move-like autocomplete on the player's private copy, the
menus of the copy (the Play button's, each pick played on the copy: :class:`PlanSelect`), and the
buttons "Plan" (under the Play menu: opens the planner), "Play this plan", "Reset plan" and
"Back". Every answer is ephemeral: a plan is its player's alone; a pick edits the planner's own
message. The components are ``DynamicItem``s whose custom id holds the game (a menu also the plan
it was built on): they work after a restart.
"""

from __future__ import annotations

import logging
import re

import discord
from discord import app_commands

from ...table import planner
from ...table.sessions import Actor
from ...words.i18n import fill_names, t, tr
from .. import send
from ..glue import channel_key, clip, describe, user_locale

log = logging.getLogger(__name__)


def _text(shown: planner.Shown, locale: str, names=()) -> str:
    return clip("\n".join(fill_names(tr(line, locale), names) for line in shown.lines))


def _files(shown: planner.Shown, locale: str, names=()) -> list[discord.File]:
    if shown.png is None:
        return []
    alt = clip(" ".join(fill_names(tr(line, locale), names) for line in shown.lines[:3]), 1024)
    return [send.png_file(shown.png, "plan.png", alt)]


def plan_view(shown: planner.Shown, locale: str) -> discord.ui.View | None:
    """The plan's menu on the copy (when the copy waits for the player) and its buttons."""
    view = send.view_of(shown.buttons, locale)
    if shown.menu is not None and shown.menu.options and shown.game_id is not None:
        view = view or discord.ui.View(timeout=None)
        view.add_item(PlanSelect(shown.game_id, *shown.at, shown.menu))
    return view


async def answer(interaction: discord.Interaction, shown: planner.Shown, locale: str, names=()) -> None:
    """The planner's answer, for the caller alone: its lines, its board, its menu and buttons."""
    kwargs = {"ephemeral": True, "files": _files(shown, locale, names)}
    view = plan_view(shown, locale)
    if view is not None:
        kwargs["view"] = view
    await send.followup(interaction, _text(shown, locale, names), **kwargs)


async def edit(interaction: discord.Interaction, shown: planner.Shown, locale: str, names=()) -> None:
    """The planner's message (already acknowledged) shows ``shown``: its board too when a new one
    was drawn, else the board it had."""
    kwargs: dict = {"content": _text(shown, locale, names), "view": plan_view(shown, locale)}
    if shown.png is not None:
        kwargs["attachments"] = _files(shown, locale, names)
    await interaction.edit_original_response(**kwargs)


def _names(table) -> list[str]:
    return list(table.names) if table is not None else []


@app_commands.command(name="plan", description=describe("plan.cmd"))
@app_commands.allowed_contexts(guilds=True, dms=False, private_channels=False)
@app_commands.describe(moves=describe("plan.arg.moves"), reset=describe("plan.arg.reset"))
async def plan_command(interaction: discord.Interaction, moves: app_commands.Range[str, 1, 500] | None = None,
                       reset: bool = False) -> None:
    """Without options: the caller's plan; ``moves``: played on the private copy and kept;
    ``reset``: the plan starts again (before ``moves``, when both are given)."""
    await interaction.response.defer(ephemeral=True, thinking=True)
    mine = await user_locale(interaction)
    sessions = interaction.client.sessions
    table = sessions.table(channel_key(interaction))
    shown = None
    if reset:
        shown = await planner.reset(sessions, table, interaction.user.id)
    if moves and (shown is None or shown.ok):
        shown = await planner.extend(sessions, table, interaction.user.id, moves, mine)
    if shown is None:
        shown = await planner.show(sessions, table, interaction.user.id, mine)
    await answer(interaction, shown, mine, _names(table))


@plan_command.autocomplete("moves")
async def plan_moves(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """The caller's legal moves on their copy after the plan (and after the moves typed before the
    last ``;``), as /move offers them on the real board."""
    sessions = interaction.client.sessions
    table = sessions.table(channel_key(interaction))
    if table is None or table.state is None or table.record.status != "running":
        return []
    seat = table.seat_of(interaction.user.id)
    if seat is None:
        return []
    plan = await planner.load(sessions.store, table.record.id, interaction.user.id)
    head, sep, tail = current.rpartition(planner.SEPARATOR)
    typed = planner.split(head) if sep else []
    found = planner.candidates(table, plan, seat, tail.strip(), typed)
    before = "; ".join(typed) + "; " if typed else ""
    out = []
    for move in found[:25]:
        value = (before + move)[:100]
        out.append(app_commands.Choice(name=value.rstrip() + (" …" if move.endswith(" ") else ""), value=value))
    return out


ACTIONS = {"p": "plan_play", "r": "plan_reset", "o": "plan_open", "b": "plan_back"}


class PlanButton(discord.ui.DynamicItem[discord.ui.Button], template=r"pbp:plan(?P<what>[prob]):(?P<game>\d+)"):
    """"Play this plan" (``p``), "Reset plan" (``r``), "Back" (``b``, to the plan's first menu)
    under a plan, "Plan" (``o``) under the Play menu: the clicker's own plan."""

    def __init__(self, what: str, game_id: int, label: str = "…"):
        self.what, self.game_id = what, game_id
        super().__init__(discord.ui.Button(label=label, custom_id=send.custom_id(ACTIONS[what], game_id)))

    @classmethod
    async def from_custom_id(cls, interaction, item, match, /):
        return cls(match["what"], int(match["game"]), item.label or "…")

    async def callback(self, interaction: discord.Interaction) -> None:
        sessions = interaction.client.sessions
        table = interaction.client.pbp.table_of(self.game_id)
        names = _names(table)
        if self.what == "b":  # inside the planner's message: it shows the first menu again
            await interaction.response.defer()
            mine = await user_locale(interaction)
            await edit(interaction, await planner.show(sessions, table, interaction.user.id, mine, draw=False),
                       mine, names)
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        mine = await user_locale(interaction)
        if self.what == "o":
            await answer(interaction, await planner.show(sessions, table, interaction.user.id, mine), mine, names)
            return
        if self.what == "r":
            await answer(interaction, await planner.reset(sessions, table, interaction.user.id), mine, names)
            return
        plan, why = await planner.ready(sessions, table, interaction.user.id)
        if why is not None:
            await answer(interaction, why, mine, names)
            return
        await play_for_real(interaction, table, plan, mine)


class PlanSelect(discord.ui.DynamicItem[discord.ui.Select],
                 template=r"pbp:planw:(?P<game>\d+):(?P<base>\d+):(?P<k>\d+)(?::(?P<multi>[^:]*))?"):
    """One level of the Play button's menus, built on the clicker's private copy after their plan
    (``base``, ``k``: the plan's first move number and length when it was built). Picking a whole
    move adds it to the plan; a stem opens the next level. Multi-selects carry their prefix (West
    of Africa's "choose")."""

    def __init__(self, game_id: int, base: int, k: int, menu=None, multi: str | None = None):
        self.game_id, self.base, self.k = game_id, base, k
        self.multi = (menu.prefix.strip() if menu is not None and menu.multi else multi) or None
        options = [discord.SelectOption(label=o.label[:100] or "-", value=o.value[:100],
                                        description=o.description[:100] or None)
                   for o in (menu.options if menu is not None else [])[:25]]
        kwargs: dict = {}
        if menu is not None and menu.multi:
            kwargs = {"min_values": menu.multi[0], "max_values": min(menu.multi[1], len(options))}
        super().__init__(discord.ui.Select(custom_id=send.custom_id("plan_walk", game_id, base, k, self.multi),
                                           placeholder=((menu.placeholder if menu else "") or "…")[:150],
                                           options=options or [discord.SelectOption(label="-", value="-")],
                                           **kwargs))

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match, /):
        self = cls(int(match["game"]), int(match["base"]), int(match["k"]), multi=match["multi"])
        self.item = item  # the values Discord sent
        return self

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer()  # the planner's own message is edited (a board may be drawn)
        mine = await user_locale(interaction)
        sessions = interaction.client.sessions
        table = interaction.client.pbp.table_of(self.game_id)
        values = [v for v in (self.item.values or []) if v != "-"]
        if not values:
            shown = await planner.show(sessions, table, interaction.user.id, mine, draw=False)
        else:
            shown = await planner.pick(sessions, table, interaction.user.id, (self.base, self.k), values[0], mine,
                                       multi=self.multi, values=values)
        await edit(interaction, shown, mine, _names(table))


async def play_for_real(interaction: discord.Interaction, table, plan: planner.Plan, mine: str) -> None:
    """The plan's moves through the table's normal path, one by one, each answered and posted as a
    typed /move would be; stops at the first the table refuses (its reason said again beside the
    move) or once the turn is someone else's (saying whose)."""
    sessions = interaction.client.sessions
    channel = table.record.channel_id
    actor = Actor(interaction.user.id, table.seats[plan.seat].name)
    played, why = 0, None
    await planner.save(sessions.store, table.record.id, interaction.user.id, None)  # played once, never twice
    for i, move in enumerate(plan.moves, 1):
        current = sessions.table(channel)
        if current is None or current.record.id != table.record.id or current.state is None:
            break
        if plan.seat not in current.to_move():
            why = t("plan.stopped_turn", move=move, i=i, who=[current.names[s] for s in current.to_move()] or ["-"])
            break
        reply = await sessions.move(channel, actor, move)
        await send.deliver(interaction, reply, move)
        if not reply.ok:
            reason = reply.private.lines[0] if reply.private is not None and reply.private.lines else "-"
            why = t("plan.stopped", move=move, i=i, why=reason)
            break
        played += 1
    left = len(plan.moves) - played
    lines = [t("plan.played", n=played, total=len(plan.moves), left=left)] + ([why] if why is not None else [])
    await answer(interaction, planner.Shown(True, lines), mine, _names(table))


DYNAMIC_ITEMS = (PlanButton, PlanSelect)
COMMANDS: tuple = (plan_command,)
