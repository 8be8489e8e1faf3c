"""The records' slash commands: ``/leaderboard``, ``/stats``, ``/game export|archive|replay`` (the
logic: ``bot/table/records``).

- ``/leaderboard game: [scope:global]``: the title's ratings, paged, with the caller's own row;
- ``/stats player [player] [game]``, ``/stats game game:``, ``/stats reset`` (Manage Server).
  ``/stats`` is a group because Discord offers no command that both runs by itself and has
  subcommands: a player's statistics are ``/stats player``;
- ``/game archive [game] [player]``: the server's ended games, paged, a menu to pick one;
  ``/game replay [number] [move]``: a game move by move (⏮ ◀ ▶ ⏭, a menu of round starts).

Answers are the caller's alone (ephemeral), worded in their language. Loaded as an extension
(``bot.discord.app.EXTENSIONS``).
"""

from __future__ import annotations

from typing import Literal

import discord
from discord import app_commands

from ...table.records import archive, board, export, replay
from ...table.sessions import refusal
from ...words.i18n import t
from ..glue import actor_of, describe, user_locale
from ..send import custom_id, deliver, edit_in_place, run
from .table import IN_SERVERS, game_autocomplete, game_group


def _store(interaction: discord.Interaction):
    return interaction.client.store


# --- /leaderboard ------------------------------------------------------------------------------
@app_commands.command(name="leaderboard", description=describe("records.cmd.leaderboard"))
@app_commands.allowed_contexts(guilds=True, dms=False, private_channels=False)
@app_commands.describe(game=describe("arg.game"), scope=describe("records.arg.scope"))
@app_commands.autocomplete(game=game_autocomplete)
async def leaderboard_command(interaction: discord.Interaction, game: str,
                              scope: Literal["server", "global"] = "server") -> None:
    async def call():
        return await board.leaderboard(_store(interaction), await user_locale(interaction), interaction.guild_id,
                                       interaction.user.id, game.strip().lower(), scope)

    await run(interaction, call, public=False)


class LeaderboardPage(discord.ui.DynamicItem[discord.ui.Button],
                      template=r"rec:lb:(?P<game>[a-z0-9-]+):(?P<scope>server|global):(?P<page>\d+)"):
    """◀ ▶ under a leaderboard: the page for whoever clicks (their own row under it)."""

    def __init__(self, game: str, scope: str, page: int, item: discord.ui.Button | None = None):
        super().__init__(item or discord.ui.Button(label="…", custom_id=custom_id("board_page", game, scope, page)))
        self.game, self.scope, self.page = game, scope, page

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button, match, /):
        return cls(match["game"], match["scope"], int(match["page"]), item)

    async def callback(self, interaction: discord.Interaction) -> None:
        reply = await board.leaderboard(_store(interaction), await user_locale(interaction), interaction.guild_id,
                                        interaction.user.id, self.game, self.scope, self.page)
        await deliver(interaction, reply, edit=True)


# --- /stats ------------------------------------------------------------------------------------
stats_group = app_commands.Group(name="stats", description=describe("records.cmd.stats"), allowed_contexts=IN_SERVERS)


@stats_group.command(name="player", description=describe("records.cmd.stats.player"))
@app_commands.describe(player=describe("records.arg.player"), game=describe("records.arg.stats_game"))
@app_commands.autocomplete(game=game_autocomplete)
async def stats_player(interaction: discord.Interaction, player: discord.User | None = None,
                       game: str | None = None) -> None:
    who = player or interaction.user

    async def call():
        return await board.stats(_store(interaction), await user_locale(interaction), interaction.guild_id,
                                 interaction.user.id, who.id, getattr(who, "display_name", None) or who.name,
                                 game.strip().lower() if game else None)

    await run(interaction, call, public=False)


@stats_group.command(name="game", description=describe("records.cmd.stats.game"))
@app_commands.describe(game=describe("arg.game"))
@app_commands.autocomplete(game=game_autocomplete)
async def stats_game(interaction: discord.Interaction, game: str) -> None:
    async def call():
        return await board.roles(_store(interaction), await user_locale(interaction), interaction.guild_id,
                                 game.strip().lower())

    await run(interaction, call, public=False)


@stats_group.command(name="reset", description=describe("records.cmd.stats.reset"))
@app_commands.describe(confirm=describe("records.arg.confirm"))
async def stats_reset(interaction: discord.Interaction, confirm: bool) -> None:
    actor = actor_of(interaction.user, interaction)

    async def call():
        locale = await user_locale(interaction)
        if not confirm:
            return refusal(t("records.reset.unconfirmed", locale))
        return await board.reset(_store(interaction), locale, interaction.guild_id, actor.can_manage,
                                 interaction.client.sessions.clock.now())

    await run(interaction, call)


@stats_group.command(name="export", description=describe("records.cmd.stats.export"))
async def stats_export(interaction: discord.Interaction) -> None:
    async def call():
        return await export.server_files(_store(interaction), await user_locale(interaction), interaction.guild_id,
                                         interaction.user.id)

    await run(interaction, call, public=False)


# --- /game export --------------------------------------------------------------------------------
async def game_here(interaction: discord.Interaction, number: int | None):
    """The game a command means: ``number`` (a game of this server), else the channel's running
    game, else its last one. None when there is none (or the number is another server's)."""
    store = _store(interaction)
    if number is not None:
        record = await store.game(number)
        return record if record is not None and record.guild_id == interaction.guild_id else None
    table = interaction.client.sessions.table(interaction.channel_id)
    if table is not None and table.record.status == "running":
        return table.record
    return await store.latest_played(interaction.channel_id)


@game_group.command(name="export", description=describe("records.cmd.game.export"))
@app_commands.describe(number=describe("records.arg.number"))
async def game_export(interaction: discord.Interaction, number: app_commands.Range[int, 1] | None = None) -> None:
    async def call():
        return await export.game_files(_store(interaction), await user_locale(interaction),
                                       await game_here(interaction, number))

    await run(interaction, call, public=False)


# --- /game archive, /game replay ---------------------------------------------------------------
@game_group.command(name="archive", description=describe("records.cmd.game.archive"))
@app_commands.describe(game=describe("records.arg.archive_game"), player=describe("records.arg.archive_player"))
@app_commands.autocomplete(game=game_autocomplete)
async def game_archive(interaction: discord.Interaction, game: str | None = None,
                       player: discord.User | None = None) -> None:
    who = (player.id, getattr(player, "display_name", None) or player.name) if player is not None else None

    async def call():
        return await archive.listing(_store(interaction), await user_locale(interaction), interaction.guild_id,
                                     interaction.user.id, game.strip().lower() if game else None, who)

    await run(interaction, call, public=False)


@game_group.command(name="replay", description=describe("records.cmd.game.replay"))
@app_commands.describe(number=describe("records.arg.number_archived"), move=describe("records.arg.replay_move"))
async def game_replay(interaction: discord.Interaction, number: app_commands.Range[int, 1] | None = None,
                      move: app_commands.Range[int, 0] | None = None) -> None:
    async def call():
        return await replay.replay(_store(interaction), await user_locale(interaction),
                                   await game_here(interaction, number), move)

    await run(interaction, call, public=False)


class ArchivePage(discord.ui.DynamicItem[discord.ui.Button],
                  template=r"rec:ar:(?P<page>\d+):(?P<game>[a-z0-9-]+):(?P<player>\d+)"):
    """◀ ▶ under an archive page: the next page, edited in place."""

    def __init__(self, page: int, game: str, player: int, item: discord.ui.Button | None = None):
        super().__init__(item or discord.ui.Button(label="…", custom_id=custom_id("archive_page", page, game, player)))
        self.page, self.game, self.player = page, game, player

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button, match, /):
        return cls(int(match["page"]), match["game"], int(match["player"]), item)

    async def callback(self, interaction: discord.Interaction) -> None:
        game = None if self.game == archive.ANY else self.game
        who = None
        if self.player:
            user = interaction.client.get_user(self.player)
            who = (self.player, getattr(user, "display_name", None) or str(self.player))
        await edit_in_place(interaction, lambda locale: archive.listing(
            _store(interaction), locale, interaction.guild_id, interaction.user.id, game, who, self.page))


class ArchivePick(discord.ui.DynamicItem[discord.ui.Select], template=r"rec:ap"):
    """The archive's menu: the picked game's result card and its replay, a new message of the caller's."""

    def __init__(self, item: discord.ui.Select | None = None):
        super().__init__(item or discord.ui.Select(custom_id=custom_id("archive_pick"), options=[discord.SelectOption(label="-")]))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Select, match, /):
        return cls(item)

    async def callback(self, interaction: discord.Interaction) -> None:
        picked = int((interaction.data or {}).get("values", ["0"])[0])

        async def call():
            return await replay.replay(_store(interaction), await user_locale(interaction),
                                       await game_here(interaction, picked), None)

        await run(interaction, call, public=False)


class ReplayStep(discord.ui.DynamicItem[discord.ui.Button],
                 template=r"rec:rp:(?P<game>\d+):(?P<n>\d+):(?P<tag>[fpnl])"):
    """⏮ ◀ ▶ ⏭ under a replay: the board after another move, edited in place."""

    def __init__(self, game_id: int, n: int, tag: str, item: discord.ui.Button | None = None):
        super().__init__(item or discord.ui.Button(label="…", custom_id=custom_id("replay", game_id, n, tag)))
        self.game_id, self.n = game_id, n

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button, match, /):
        return cls(int(match["game"]), int(match["n"]), match["tag"], item)

    async def callback(self, interaction: discord.Interaction) -> None:
        await step_to(interaction, self.game_id, self.n)


class ReplayJump(discord.ui.DynamicItem[discord.ui.Select], template=r"rec:rj:(?P<game>\d+)"):
    """The replay's menu of round starts."""

    def __init__(self, game_id: int, item: discord.ui.Select | None = None):
        super().__init__(item or discord.ui.Select(custom_id=custom_id("replay_jump", game_id),
                                                   options=[discord.SelectOption(label="-")]))
        self.game_id = game_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Select, match, /):
        return cls(int(match["game"]), item)

    async def callback(self, interaction: discord.Interaction) -> None:
        await step_to(interaction, self.game_id, int((interaction.data or {}).get("values", ["0"])[0]))


async def step_to(interaction: discord.Interaction, game_id: int, n: int) -> None:
    """The replay of ``game_id`` (a game of this server) at move ``n``, in place of the one shown."""
    async def call(locale: str):
        return await replay.replay(_store(interaction), locale, await game_here(interaction, game_id), n)

    await edit_in_place(interaction, call)


COMMANDS = (leaderboard_command, stats_group)


async def setup(bot) -> None:
    """Extension entry point (``bot.discord.app.EXTENSIONS``): the commands and their buttons."""
    for command in COMMANDS:
        if bot.tree.get_command(command.name) is None:
            bot.tree.add_command(command)
    if hasattr(bot, "add_dynamic_items"):
        bot.add_dynamic_items(LeaderboardPage, ArchivePage, ArchivePick, ReplayStep, ReplayJump)
