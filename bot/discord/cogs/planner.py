"""Discord surface of the private planner (issue 36 item 5; the logic is ``bot.table.planner``):
``/plan moves: reset:``, with the /move-like autocomplete on the player's private copy, and the
buttons under a plan, "Play this plan" and "Reset plan". Every answer is ephemeral: a plan is
its player's alone. The buttons are ``DynamicItem``s whose custom id holds the game: they work
after a restart.
"""

from __future__ import annotations

import logging

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


async def answer(interaction: discord.Interaction, shown: planner.Shown, locale: str, names=()) -> None:
    """The planner's answer, for the caller alone: its lines, its board, its buttons."""
    text = _text(shown, locale, names)
    files = []
    if shown.png is not None:
        alt = clip(" ".join(fill_names(tr(line, locale), names) for line in shown.lines[:3]), 1024)
        files.append(send.png_file(shown.png, "plan.png", alt))
    view = send.view_of(shown.buttons, locale)
    kwargs = {"ephemeral": True, "files": files}
    if view is not None:
        kwargs["view"] = view
    await interaction.followup.send(text, **kwargs)


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


class PlanButton(discord.ui.DynamicItem[discord.ui.Button], template=r"pbp:plan(?P<what>[pr]):(?P<game>\d+)"):
    """"Play this plan" (``p``) or "Reset plan" (``r``) under a plan: the clicker's own plan."""

    def __init__(self, what: str, game_id: int, label: str = "…"):
        self.what, self.game_id = what, game_id
        action = "plan_play" if what == "p" else "plan_reset"
        super().__init__(discord.ui.Button(label=label, custom_id=send.custom_id(action, game_id)))

    @classmethod
    async def from_custom_id(cls, interaction, item, match, /):
        return cls(match["what"], int(match["game"]), item.label or "…")

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        mine = await user_locale(interaction)
        pbp = interaction.client.pbp
        sessions = interaction.client.sessions
        table = pbp.table_of(self.game_id)
        names = _names(table)
        if self.what == "r":
            await answer(interaction, await planner.reset(sessions, table, interaction.user.id), mine, names)
            return
        plan, why = await planner.ready(sessions, table, interaction.user.id)
        if why is not None:
            await answer(interaction, why, mine, names)
            return
        await play_for_real(interaction, table, plan, mine)


async def play_for_real(interaction: discord.Interaction, table, plan: planner.Plan, mine: str) -> None:
    """The plan's moves through the table's normal path, one by one, each answered and posted as a
    typed /move would be; stops at the first the table refuses or once the turn is someone else's."""
    sessions = interaction.client.sessions
    channel = table.record.channel_id
    actor = Actor(interaction.user.id, table.seats[plan.seat].name)
    played = 0
    await planner.save(sessions.store, table.record.id, interaction.user.id, None)  # played once, never twice
    for move in plan.moves:
        current = sessions.table(channel)
        if current is None or current.record.id != table.record.id or plan.seat not in current.to_move():
            break
        reply = await sessions.move(channel, actor, move)
        await send.deliver(interaction, reply, move)
        if not reply.ok:
            break
        played += 1
    left = len(plan.moves) - played
    said = planner.Shown(True, [t("plan.played", n=played, total=len(plan.moves), left=left)])
    await answer(interaction, said, mine, _names(table))


DYNAMIC_ITEMS = (PlanButton,)
COMMANDS: tuple = (plan_command,)
