"""The slash commands of the table: thin wrappers that turn interactions into session calls
and answer with what the session says (``bot.discord.send``).

``/game new|join|leave|start|status|board|abort|bot``, ``/move`` (with autocomplete of the
caller's legal moves), ``/hand`` and ``/help``. Play-by-post adds its own (``bot.discord.cogs.pbp``)
and checks a few of these first through hooks it installs on the client
(``before_new``, ``before_join``, ``board_at``): the core commands do not import it.
"""

from __future__ import annotations

from typing import Literal

import discord
from discord import app_commands

import games

from ...table.option_complete import option_choices
from ...words.i18n import t
from .. import components
from ..glue import (
    CHOICE_LIMIT,
    LIMIT,
    actor_of,
    channel_key,
    clip,
    describe,
    parent_of,
    readers,
    sessions_of,
    user_locale,
    worded,
)
from ..send import followup, play, run


# --- autocomplete -----------------------------------------------------------
async def game_autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """The games, named in the caller's language (typing matches the id, the English or that name)."""
    current = current.lower().strip()
    mine = (await readers(interaction))[0]
    out = []
    for gid in games.game_ids():
        engine = games.get(gid)
        label = t("autocomplete.game", mine, game=engine.name, min=engine.min_players, max=engine.max_players)
        if current in gid or current in engine.name.lower() or current in label.lower():
            out.append(app_commands.Choice(name=clip(label, CHOICE_LIMIT), value=gid))
    return out[:25]


async def help_autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """The games, and the leagues' rules (``/help game:leagues``)."""
    choices = await game_autocomplete(interaction, current)
    mine = (await readers(interaction))[0]
    label = t("league.cmd.league", mine)
    if current.lower().strip() in "leagues" or current.lower().strip() in label.lower():
        choices = [*choices[:24], app_commands.Choice(name=clip(label, CHOICE_LIMIT), value="leagues")]
    return choices


async def move_autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    sessions = sessions_of(interaction)
    mine = (await readers(interaction))[0]
    moves = sessions.legal_moves(channel_key(interaction), interaction.user.id, current, locale=mine)
    if not moves:
        # Say why instead of showing nothing; picking it just sends what was typed (and gets refused).
        note = worded([sessions.autocomplete_note(channel_key(interaction), interaction.user.id, current)], mine)
        return [app_commands.Choice(name=clip(note, CHOICE_LIMIT), value=clip(current.strip() or "?", CHOICE_LIMIT))]
    return [app_commands.Choice(name=label, value=value) for label, value in moves]


async def options_autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """The game's presets, options and their values (maps...), for the game already picked."""
    try:
        engine = games.get(str(getattr(interaction.namespace, "game", "") or "").strip().lower())
    except KeyError:
        return []  # no game picked yet (or an unknown one): nothing to offer
    mine = (await readers(interaction))[0]
    return [app_commands.Choice(name=label, value=value)
            for label, value in option_choices(engine.id, engine, current, mine)]


# --- where commands are offered ----------------------------------------------
#: A game lives in a server channel or thread: /game, /move, /hand and /undo are not offered in DMs.
IN_SERVERS = app_commands.AppCommandContext(guild=True)
#: /help, /games and /me work in the bot's DMs too.
ANYWHERE = app_commands.AppCommandContext(guild=True, dm_channel=True)


# --- /game ------------------------------------------------------------------
game_group = app_commands.Group(name="game", description=describe("cmd.game"), allowed_contexts=IN_SERVERS)


@game_group.command(name="new", description=describe("cmd.game.new"))
@app_commands.describe(
    game=describe("arg.game"),
    player2=describe("arg.player"), player3=describe("arg.player"), player4=describe("arg.player"), player5=describe("arg.player"),
    options=describe("arg.options"), thread=describe("arg.thread"), time=describe("arg.time"),
    bots=describe("arg.bots"),
)
@app_commands.autocomplete(game=game_autocomplete, options=options_autocomplete)
async def game_new(
    interaction: discord.Interaction,
    game: str,
    player2: discord.User | None = None,
    player3: discord.User | None = None,
    player4: discord.User | None = None,
    player5: discord.User | None = None,
    options: str | None = None,
    thread: bool = False,
    time: str | None = None,
    bots: app_commands.Range[int, 0, 4] = 0,
) -> None:
    others = [actor_of(u) for u in (player2, player3, player4, player5) if u is not None and not u.bot]
    before = interaction.client.before_new  # play-by-post: game limit, thread, time control
    if before is not None and await before(interaction, game, others, options, thread, time):
        return
    guild_id = interaction.guild_id
    await run(interaction, lambda: sessions_of(interaction).create(
        channel_key(interaction), actor_of(interaction.user, interaction), game.strip().lower(), others,
        options, guild_id=guild_id, parent_id=parent_of(interaction), bots=bots,
    ))


@game_group.command(name="bot", description=describe("cmd.game.bot"))
async def game_bot(interaction: discord.Interaction) -> None:
    await run(interaction, lambda: sessions_of(interaction).add_bot(
        channel_key(interaction), actor_of(interaction.user)))


@game_group.command(name="join", description=describe("cmd.game.join"))
async def game_join(interaction: discord.Interaction) -> None:
    before = interaction.client.before_join  # play-by-post: per-player game limit
    if before is not None and await before(interaction):
        return
    await run(interaction, lambda: sessions_of(interaction).join(channel_key(interaction), actor_of(interaction.user)))


@game_group.command(name="leave", description=describe("cmd.game.leave"))
async def game_leave(interaction: discord.Interaction) -> None:
    await run(interaction, lambda: sessions_of(interaction).leave(channel_key(interaction), actor_of(interaction.user)))


@game_group.command(name="start", description=describe("cmd.game.start"))
async def game_start(interaction: discord.Interaction) -> None:
    await run(interaction, lambda: sessions_of(interaction).start(channel_key(interaction), actor_of(interaction.user)))


@game_group.command(name="status", description=describe("cmd.game.status"))
@app_commands.describe(detail=describe("arg.status_detail"))
async def game_status(interaction: discord.Interaction, detail: Literal["full"] | None = None) -> None:
    """The table's status; ``detail:full``: the whole board as text for a screen reader, for the
    caller alone (in pages within Discord's limit)."""
    if detail == "full":
        await interaction.response.defer(ephemeral=True, thinking=True)
        mine = await user_locale(interaction)
        _ok, pages = await sessions_of(interaction).board_text(channel_key(interaction), mine)
        for page in pages:
            await interaction.followup.send(clip(page), ephemeral=True)
        return
    await run(interaction, lambda: sessions_of(interaction).status(channel_key(interaction)))


@game_group.command(name="board", description=describe("cmd.game.board"))
@app_commands.describe(move=describe("arg.board_move"), number=describe("records.arg.number_archived"))
async def game_board(interaction: discord.Interaction, move: app_commands.Range[int, 0] | None = None,
                     number: app_commands.Range[int, 1] | None = None) -> None:
    board_at = interaction.client.board_at  # play-by-post: the board at move n (replayed), any game of the server's
    if (move is not None or number is not None) and board_at is not None:
        return await board_at(interaction, move, number)
    await run(interaction, lambda: sessions_of(interaction).board(channel_key(interaction)))


@game_group.command(name="abort", description=describe("cmd.game.abort"))
@app_commands.describe(game=describe("arg.paused_game"))
async def game_abort(interaction: discord.Interaction, game: app_commands.Range[int, 1] | None = None) -> None:
    sessions, actor = sessions_of(interaction), actor_of(interaction.user, interaction)
    if game is not None:  # a game whose channel was deleted (its creator was told its number)
        await run(interaction, lambda: sessions.abort_paused(game, actor, interaction.guild_id), public=False)
        return
    await run(interaction, lambda: sessions.abort(channel_key(interaction), actor))


@game_group.command(name="adopt", description=describe("cmd.game.adopt"))
@app_commands.describe(game=describe("arg.paused_game"))
async def game_adopt(interaction: discord.Interaction, game: app_commands.Range[int, 1]) -> None:
    """A game whose channel was deleted moves here and goes on."""
    await run(interaction, lambda: sessions_of(interaction).adopt(
        game, channel_key(interaction), actor_of(interaction.user, interaction), interaction.guild_id,
        parent_of(interaction)))


# --- /move, /hand, /help ------------------------------------------------------
@app_commands.command(name="move", description=describe("cmd.move"))
@app_commands.allowed_contexts(guilds=True, dms=False, private_channels=False)
@app_commands.describe(move=describe("arg.move"))
@app_commands.autocomplete(move=move_autocomplete)
async def move_command(interaction: discord.Interaction, move: str) -> None:
    locale = await user_locale(interaction)  # the next menu is the caller's own: in their language
    await play(interaction, move, view_for=lambda reply: components.menu_view(interaction, reply, locale))


@app_commands.command(name="hand", description=describe("cmd.hand"))
@app_commands.allowed_contexts(guilds=True, dms=False, private_channels=False)
async def hand_command(interaction: discord.Interaction) -> None:
    async def call():  # the image and its lines in the caller's own language
        return await sessions_of(interaction).hand(channel_key(interaction), actor_of(interaction.user),
                                                   await user_locale(interaction))

    await run(interaction, call,
              public=False)


@app_commands.command(name="help", description=describe("cmd.help"))
@app_commands.allowed_contexts(guilds=True, dms=True, private_channels=False)
@app_commands.describe(game=describe("arg.help_game"))
@app_commands.autocomplete(game=help_autocomplete)
async def help_command(interaction: discord.Interaction, game: str | None = None) -> None:
    reply = sessions_of(interaction).help(game.strip().lower() if game else None)
    mine = (await readers(interaction))[0]
    chunks = _chunks("\n".join(worded(m, mine) for m in (reply.private, reply.public) if m is not None))
    await interaction.response.send_message(chunks[0], ephemeral=True)
    for chunk in chunks[1:]:
        await followup(interaction, chunk, ephemeral=True)


def _chunks(text: str) -> list[str]:
    out, current = [], ""
    for line in text.splitlines():
        while len(line) > LIMIT:
            if current:
                out.append(current)
                current = ""
            out.append(line[:LIMIT])
            line = line[LIMIT:]
        if len(current) + len(line) + 1 > LIMIT:
            out.append(current)
            current = ""
        current = f"{current}\n{line}" if current else line
    if current or not out:
        out.append(current or "-")
    return out


COMMANDS = (game_group, move_command, hand_command, help_command)


def setup_commands(tree: app_commands.CommandTree) -> None:
    """Register every command on ``tree`` (syncing is separate: ``python -m bot --sync``)."""
    for command in COMMANDS:
        tree.add_command(command)
