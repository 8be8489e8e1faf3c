"""Discord surface of the leagues (the logic is in ``bot/table/leagues/service.py``).

- ``/league new|standings|next|draw|cancel`` (``new``, ``next``, ``draw`` and ``cancel`` need
  Manage Server), the league picked by autocomplete (default: this channel's newest);
- the sign-up post's buttons (``lg:join:<league>``, ``lg:leave:<league>``) as ``DynamicItem``s:
  the custom id carries the league, so they keep working after a restart;
- ``DiscordLeagues``: how the service's posts leave (through ``bot.discord.send``, the one
  sender) and how a table's thread is opened.

Loaded after play-by-post (``bot.discord.app.EXTENSIONS``): the league timers run on its
dispatcher, and a table's thread is kept from auto-archiving by it.
"""

from __future__ import annotations

import logging

import discord
from discord import app_commands

from ...table.leagues.service import SIGNUP_HOURS, STALL_HOURS, LeagueNotifier, LeagueReply, Leagues
from ...table.posts import Post
from ...table.sessions import Reply
from ...words.i18n import t, tr
from .. import send
from ..glue import CHOICE_LIMIT, actor_of, clip, describe, user_locale
from .pbp import THREAD_ARCHIVE_MINUTES
from .table import IN_SERVERS, game_autocomplete

log = logging.getLogger(__name__)


def leagues_of(interaction: discord.Interaction) -> Leagues:
    return interaction.client.leagues


class DiscordLeagues(LeagueNotifier):
    """The service's way out: channel posts and edits, threads, turn posts (``bot.discord.send``)."""

    def __init__(self, client: discord.Client):
        self.client = client

    async def post(self, post: Post) -> int | None:
        sent = await send.post_message(self.client, post)
        return getattr(sent, "id", None)

    async def edit(self, channel_id: int, message_id: int, post: Post) -> bool:
        return await send.edit_post(self.client, channel_id, message_id, post)

    async def open_thread(self, channel_id: int, name: str) -> int | None:
        try:
            channel = await send.channel_of(self.client, channel_id)
            thread = await channel.create_thread(name=name[:100], type=discord.ChannelType.public_thread,
                                                 auto_archive_duration=THREAD_ARCHIVE_MINUTES)
        except (discord.HTTPException, AttributeError):
            log.warning("could not open a league thread in channel %s", channel_id, exc_info=True)
            return None
        return thread.id

    async def send(self, post: Post) -> bool:
        return await send.send_post(self.client, post)

    async def owed(self, league_id: int) -> list[str]:
        outbox = getattr(self.client, "outbox", None)
        return await outbox.owe_league(league_id) if outbox is not None else []

    async def keep_thread(self, game_id: int, thread_id: int) -> None:
        pbp = getattr(self.client, "pbp", None)
        if pbp is not None:
            await pbp.set_thread(game_id, thread_id)


# --- answering -------------------------------------------------------------------------------------
async def answer(interaction: discord.Interaction, reply: LeagueReply) -> None:
    """The caller's private answer; the public post (if any) in its channel first. (A sign-up
    post is not one of them: it is owed, written with its league and sent by the outbox.)"""
    mine = await user_locale(interaction)
    text = reply.private or ""
    if reply.ok and reply.public is not None:
        if await send.post_message(interaction.client, reply.public) is None:
            text = t("error.cannot_post", mine)
    await send.followup(interaction, clip(tr(text, mine) or "\u200b"), ephemeral=True)


async def league_autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[int]]:
    found = await leagues_of(interaction).choices(interaction.guild_id, current)
    return [app_commands.Choice(name=clip(tr(label, (await user_locale(interaction))), CHOICE_LIMIT), value=lid)
            for label, lid in found[:25]]


# --- /league --------------------------------------------------------------------------------------
league_group = app_commands.Group(name="league", description=describe("league.cmd.league"),
                                  allowed_contexts=IN_SERVERS)


@league_group.command(name="new", description=describe("league.cmd.new"))
@app_commands.rename(season_name="season-name", per_player="tables-per-player", signup_hours="signup-hours",
                     stall_hours="stall-hours")
@app_commands.describe(game=describe("league.arg.game"), players=describe("league.arg.players"),
                       season_name=describe("league.arg.season_name"), per_player=describe("league.arg.per_player"),
                       options=describe("league.arg.options"), divisions=describe("league.arg.divisions"),
                       signup_hours=describe("league.arg.signup_hours"), stall_hours=describe("league.arg.stall_hours"))
@app_commands.autocomplete(game=game_autocomplete)
async def league_new(interaction: discord.Interaction, game: str, players: app_commands.Range[int, 2, 5],
                     season_name: app_commands.Range[str, 1, 100],
                     per_player: app_commands.Range[int, 1, 12] = 2, options: str | None = None,
                     divisions: app_commands.Range[int, 1, 12] = 1,
                     signup_hours: app_commands.Range[float, 1, 336] = SIGNUP_HOURS,
                     stall_hours: app_commands.Range[float, 1, 720] = STALL_HOURS) -> None:
    await interaction.response.defer(ephemeral=True, thinking=True)
    reply = await leagues_of(interaction).new(
        interaction.guild_id, interaction.channel_id, actor_of(interaction.user, interaction), game, players,
        season_name, per_player, options, divisions, signup_hours, stall_hours)
    await answer(interaction, reply)


@league_group.command(name="standings", description=describe("league.cmd.standings"))
@app_commands.describe(league=describe("league.arg.league"), division=describe("league.arg.division"))
@app_commands.autocomplete(league=league_autocomplete)
async def league_standings(interaction: discord.Interaction, league: int | None = None,
                           division: app_commands.Range[int, 1, 12] | None = None) -> None:
    service = leagues_of(interaction)

    async def call() -> Reply:
        mine = await user_locale(interaction)
        found = await service.pick(interaction.guild_id, interaction.channel_id, league)
        if found is None:
            return Reply(ok=False, private=Post([t("league.missing" if league is not None else "league.none", mine)]))
        post = await service.standings_post(found, division=division, channel_id=interaction.channel_id)
        await post.render(mine)  # the caller's own view: drawn in their language
        return Reply(private=post)

    await send.run(interaction, call, public=False)


@league_group.command(name="next", description=describe("league.cmd.next"))
@app_commands.rename(season_name="season-name", signup_hours="signup-hours")
@app_commands.describe(league=describe("league.arg.league"), season_name=describe("league.arg.season_name"),
                       signup_hours=describe("league.arg.signup_hours"))
@app_commands.autocomplete(league=league_autocomplete)
async def league_next(interaction: discord.Interaction, league: int, season_name: app_commands.Range[str, 1, 100],
                      signup_hours: app_commands.Range[float, 1, 336] = SIGNUP_HOURS) -> None:
    await interaction.response.defer(ephemeral=True, thinking=True)
    service = leagues_of(interaction)
    found = await service.pick(interaction.guild_id, interaction.channel_id, league)
    if found is None:
        await answer(interaction, LeagueReply(ok=False, private=service.t("missing")))
        return
    await answer(interaction, await service.next_season(found.id, actor_of(interaction.user, interaction),
                                                        season_name, signup_hours))


@league_group.command(name="draw", description=describe("league.cmd.draw"))
@app_commands.describe(league=describe("league.arg.league"))
@app_commands.autocomplete(league=league_autocomplete)
async def league_draw(interaction: discord.Interaction, league: int | None = None) -> None:
    await _admin(interaction, league, Leagues.draw_now)


@league_group.command(name="cancel", description=describe("league.cmd.cancel"))
@app_commands.describe(league=describe("league.arg.league"))
@app_commands.autocomplete(league=league_autocomplete)
async def league_cancel(interaction: discord.Interaction, league: int | None = None) -> None:
    await _admin(interaction, league, Leagues.cancel)


async def _admin(interaction: discord.Interaction, league: int | None, what) -> None:
    await interaction.response.defer(ephemeral=True, thinking=True)
    service = leagues_of(interaction)
    found = await service.pick(interaction.guild_id, interaction.channel_id, league)
    if found is None:
        await answer(interaction, LeagueReply(ok=False, private=service.t("missing" if league is not None else "none")))
        return
    await answer(interaction, await what(service, found.id, actor_of(interaction.user, interaction)))


# --- the sign-up buttons --------------------------------------------------------------------------
class LeagueButton(discord.ui.DynamicItem[discord.ui.Button], template=r"lg:(?P<action>join|leave):(?P<league>[0-9]+)"):
    """Sign up / Withdraw under a league's sign-up post; the custom id names the league."""

    def __init__(self, custom_id: str, label: str = "…"):
        super().__init__(discord.ui.Button(label=label, custom_id=custom_id))
        self.custom_id = custom_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button, match, /):
        return cls(item.custom_id, item.label or "…")

    async def callback(self, interaction: discord.Interaction) -> None:
        await press(interaction, self.custom_id)


async def press(interaction: discord.Interaction, custom_id: str) -> None:
    """A sign-up button pressed: the post rewritten with who is in now, the presser told privately."""
    service = leagues_of(interaction)
    mine = await user_locale(interaction)
    try:
        _, action, league = custom_id.split(":")
        actor = actor_of(interaction.user, interaction)
        reply = await (service.sign_up if action == "join" else service.withdraw)(int(league), actor)
    except ValueError:
        await interaction.response.send_message(t("league.broken_button", mine), ephemeral=True)
        return
    if reply.edit is not None and interaction.message is not None:
        await send.update_clicked(interaction, reply.edit, await _place(interaction))
        await send.followup(interaction, clip(tr(reply.private or "", mine) or "\u200b"), ephemeral=True)
    else:
        await interaction.response.send_message(clip(tr(reply.private or "", mine) or "\u200b"), ephemeral=True)


async def _place(interaction: discord.Interaction) -> str:
    from ..glue import place_locale

    return await place_locale(interaction)


# --- wiring -----------------------------------------------------------------------------------------
def setup_league_commands(tree: app_commands.CommandTree) -> None:
    if tree.get_command("league") is None:
        tree.add_command(league_group)


async def start_leagues(client, run: bool = True) -> Leagues:
    """The league service on the client's sessions and play-by-post's timer dispatcher: its
    commands and buttons added, its leagues brought in line after the start."""
    setup_league_commands(client.tree)
    service = Leagues(client.sessions, client.pbp.dispatcher, DiscordLeagues(client), clock=client.pbp.clock)
    client.leagues = service
    if hasattr(client, "add_dynamic_items"):
        client.add_dynamic_items(LeagueButton)
    if run:
        await service.start()
    return service


async def setup(bot) -> None:
    """Extension entry point (``bot.discord.app.EXTENSIONS``), after play-by-post."""
    if getattr(bot, "pbp", None) is None:
        log.warning("leagues need play-by-post's timers: not loaded")
        return
    await start_leagues(bot)
