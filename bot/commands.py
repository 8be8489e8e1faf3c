"""The slash commands: thin wrappers that turn interactions into session calls.

``/move`` (and every button or menu that plays a move) answers the
interaction itself, at once: a step inside the player's turn is told to them
alone (ephemeral: what was done, what is left), and only the turn's end goes
to the channel, as ONE message: what happened in the turn, the board PNG (a
fresh ``discord.File`` each send) and who is asked what (mentions). So a move
costs one request inside a turn and two at its end (``bot.ui.turns``).

The other commands (``/game new|join|start|status|board``, ``/hand``) answer
the interaction itself too: a public post IS the answer (one request), a
private view is an ephemeral answer; only a call that takes longer than
Discord waits is deferred ("thinking…") and its answer then edits that.

The manager is found as ``interaction.client.sessions``.
"""

from __future__ import annotations

import asyncio
import logging

import discord
from discord import app_commands

import games

from . import ui as game_ui
from .discord_glue import (
    CHOICE_LIMIT,
    LIMIT,
    MENTIONS,
    actor_of,
    channel_key,
    clip,
    describe,
    file_of,
    parent_of,
    png_file,
    post,
    public_kwargs,
    public_text,
    readers,
    sessions_of,
    user_locale,
    worded,
)
from .i18n import t
from .sessions import TURN_PNG, Message, Reply
from .ui import turns

log = logging.getLogger(__name__)

#: seconds a move may take before the interaction is deferred ("thinking…"; Discord allows 3)
ANSWER_WITHIN = 2.0


#: game id -> (the latest turn post, its text): a minor line (a seat ready) is added to it by an edit
_TURN_POSTS: dict[int, tuple[discord.Message, str]] = {}


def can_post(interaction: discord.Interaction, message: Message | None = None) -> bool:
    """Whether the bot may post in the interaction's channel (with the board, when it has one):
    answering there in public is then fine; otherwise the caller alone is answered, with why."""
    perms = getattr(interaction, "app_permissions", None)
    if perms is None:
        return True
    send = perms.send_messages_in_threads if isinstance(interaction.channel, discord.Thread) else perms.send_messages
    return bool(send) and (message is None or message.png is None or perms.attach_files)


def _remember(interaction: discord.Interaction, game_id: int | None, sent, text: str) -> None:
    """The turn post, kept for the minor lines edited into it later: by the channel's endpoint,
    which outlives the interaction's token (15 minutes)."""
    if sent is None or game_id is None:
        return
    channel = interaction.channel
    if channel is not None and hasattr(channel, "get_partial_message"):
        sent = channel.get_partial_message(sent.id)
    _TURN_POSTS[game_id] = (sent, text)


def _components(sessions, reply: Reply, post: Message, locale: str | None = None):
    """Under a turn post: "Play" while a person is asked (a bot seat moves on its own), "Full
    board" beside the turn image (labelled in ``locale``, the place's)."""
    return game_ui.turn_view(reply.game_id, reply.n, locale or sessions.locale,
                             play=reply.offers_play(post),
                             board=post.png is not None and post.filename == TURN_PNG)


async def answer_public(interaction: discord.Interaction, reply: Reply, post: Message,
                        ours: str | None = None) -> discord.Message | None:
    """The post IS the interaction's answer (one request): a new response, or the edit of a
    public "thinking…" left by a slow call, worded in ``ours`` (the place's language).
    Returns the message, when Discord names it."""
    sessions = sessions_of(interaction)
    await post.render(ours)
    play = _components(sessions, reply, post, ours)
    text = public_text(post, ours)
    f = file_of(post)
    if interaction.response.is_done():
        kwargs: dict = {"content": text, "allowed_mentions": MENTIONS, "attachments": [f] if f is not None else []}
        if play is not None:
            kwargs["view"] = play
        sent = await interaction.edit_original_response(**kwargs)
    else:
        kwargs = {"allowed_mentions": MENTIONS}
        if f is not None:
            kwargs["file"] = f
        if play is not None:
            kwargs["view"] = play
        done = await interaction.response.send_message(text, **kwargs)
        sent = getattr(done, "resource", None)
        sent = sent if isinstance(sent, discord.InteractionMessage) else None
    if sent is not None and reply.game_id is not None:
        _remember(interaction, reply.game_id, sent, text)
        if post.png is not None:
            await sessions.store.set_board_message(reply.game_id, sent.id)
    return sent


async def deliver(interaction: discord.Interaction, reply: Reply, move: str | None = None,
                  edit: bool = False, view: discord.ui.View | None = None,
                  answered: bool = False, public_defer: bool = False) -> discord.Message | None:
    """Answer the interaction itself, then post what the table must see (``bot.ui.turns.plan``).

    * the caller's part (a step of their turn, secrets, refusals) is THE answer: an ephemeral
      reply, or with ``edit`` (a click in an ephemeral menu) an edit of that menu, with ``view``;
    * the turn's end is ONE channel post (summary, board, who is asked what);
    * a minor public line is added to the latest turn post by an edit.

    A move costs one request inside a turn, two at its end. After ``defer`` (slow commands)
    the answer is a follow-up instead. ``answered``: the caller already answered the interaction
    (a button that edits its own message): only the rest is sent. ``public_defer``: the
    interaction was deferred with a public "thinking…" (a slow command meant for the table).

    A public post with nothing private besides IS the interaction's answer (one request).

    The caller's answer is worded in their language (``user_locale``), what the channel reads
    (the post, its board, its buttons, an appended line) in the place's (``place_locale``)."""
    sessions = sessions_of(interaction)
    mine, ours = await readers(interaction)
    p = turns.plan(reply, None if answered else move, mine)
    text = clip(worded(p.answer, mine)) if p.answer else ""
    responded = interaction.response.is_done()
    post = p.post
    if (not answered and not text and p.answer_png is None and post is not None and p.append is None
            and (not responded or public_defer) and can_post(interaction, post)):
        sent = await answer_public(interaction, reply, post, ours)
        await game_ui.after_reply(interaction.channel, sessions, reply.game_id, ours)
        return sent
    if public_defer and responded:
        # the public "thinking…" cannot turn private: take it away, answer the caller alone
        try:
            await interaction.delete_original_response()
        except discord.HTTPException:
            pass
        answered_late = True
    else:
        answered_late = False
    if answered:
        if text:  # a private line besides (a secret, a cost): a follow-up for the caller alone
            await interaction.followup.send(text, ephemeral=True)
    elif text or p.answer_png is not None:
        kwargs: dict = {}
        f = png_file(p.answer_png, "hand.png")
        if responded:
            if f is not None:
                kwargs["file"] = f
            await interaction.followup.send(text or "\u200b", ephemeral=True, **kwargs)
        elif edit:
            await interaction.response.edit_message(content=text or None, view=view,
                                                    attachments=[f] if f is not None else [])
        else:
            if f is not None:
                kwargs["file"] = f
            if view is not None:
                kwargs["view"] = view
            await interaction.response.send_message(text or "\u200b", ephemeral=True, **kwargs)
    elif not responded:
        await interaction.response.defer(ephemeral=True)
    sent = None
    if post is not None:
        await post.render(ours)
        play = _components(sessions, reply, post, ours)
        sent = await send_public(interaction, post, play, ours, mine)
        if sent is not None and reply.game_id is not None:
            _remember(interaction, reply.game_id, sent, public_text(post, ours))
            if post.png is not None:
                await sessions.store.set_board_message(reply.game_id, sent.id)
    if p.append is not None:
        await _append(interaction, reply.game_id, p.append, ours, mine)
    if (responded and not answered and not answered_late and not text and p.answer_png is None
            and (post is None or sent is not None)):
        # do not leave "thinking…" behind. Only when the channel got the post: without Send Messages
        # the fallback follow-up after the "thinking" defer IS the original response.
        try:
            await interaction.delete_original_response()
        except discord.HTTPException:
            pass
    if post is not None or p.append is not None:
        await game_ui.after_reply(interaction.channel, sessions, reply.game_id, ours)
    return sent


async def _append(interaction: discord.Interaction, game_id: int | None, message: Message,
                  ours: str | None = None, mine: str | None = None) -> None:
    """A minor line: edit it into the latest turn post; post it plainly when that post is unknown."""
    entry = _TURN_POSTS.get(game_id) if game_id is not None else None
    if entry is not None:
        posted, content = entry
        new = clip(content + "\n" + worded(message, ours))
        try:
            await posted.edit(content=new, allowed_mentions=MENTIONS)
            _TURN_POSTS[game_id] = (posted, new)
            return
        except (discord.HTTPException, AttributeError):
            pass
    await send_public(interaction, message, None, ours, mine)


async def send_public(interaction: discord.Interaction, message: Message, view=None,
                      ours: str | None = None, mine: str | None = None) -> discord.Message | None:
    """Post to the channel (worded in ``ours``, the place's language). Without the right to post
    there, the caller alone gets it in theirs (``mine``; the answer to an ephemeral defer stays
    ephemeral), with what the bot needs: the move itself is kept."""
    channel = interaction.channel
    if channel is not None and hasattr(channel, "send"):
        try:
            return await post(channel, message, locale=ours, view=view)
        except discord.Forbidden:
            log.warning("no permission to post in channel %s; answering the caller only", channel.id)
    text = clip(t("error.cannot_post", mine) + "\n" + public_text(message, mine))
    await interaction.followup.send(text, ephemeral=True, **public_kwargs(message))
    return None


async def run(interaction: discord.Interaction, call, public: bool = True) -> None:
    """Run ``call()`` for a Reply and answer the interaction with it (``deliver``); unexpected
    errors become an apology. Only a call slower than Discord waits is deferred first: in
    public when the answer is meant for the table (``public``) and the bot may post there,
    so that answer is an edit of the "thinking…" (two requests, not three)."""
    job = asyncio.ensure_future(call())
    public_defer = False
    try:
        reply = await asyncio.wait_for(asyncio.shield(job), timeout=ANSWER_WITHIN)
    except TimeoutError:
        public_defer = public and can_post(interaction)
        await interaction.response.defer(ephemeral=not public_defer, thinking=True)
        try:
            reply = await job
        except Exception:
            log.exception("command failed")
            await _apologise(interaction, public_defer)
            return
    except Exception:
        log.exception("command failed")
        await interaction.response.send_message(t("error.internal"), ephemeral=True)
        return
    await deliver(interaction, reply, public_defer=public_defer)


async def _apologise(interaction: discord.Interaction, public_defer: bool) -> None:
    if public_defer:
        try:
            await interaction.delete_original_response()
        except discord.HTTPException:
            pass
    await interaction.followup.send(t("error.internal"), ephemeral=True)


async def play(interaction: discord.Interaction, move: str, edit: bool = False,
               view_for=None) -> Reply | None:
    """Play ``move`` for the caller and answer the interaction itself (no defer: the move is
    quick and its board is drawn after the answer). ``view_for(reply)``: components for the
    answer (the next menu while the turn goes on)."""
    sessions = sessions_of(interaction)
    channel = channel_key(interaction)
    job = asyncio.ensure_future(sessions.move(channel, actor_of(interaction.user), move, lazy=True))
    try:
        if sessions.lock(channel).locked():  # the table is busy: say "thinking…" at once
            raise TimeoutError
        # a move takes milliseconds; Discord wants an answer within 3 s
        reply = await asyncio.wait_for(asyncio.shield(job), timeout=ANSWER_WITHIN)
    except TimeoutError:
        await interaction.response.defer(ephemeral=True, thinking=True)
        edit = False
        try:
            reply = await job
        except Exception:
            log.exception("move failed")
            await interaction.followup.send(t("error.internal"), ephemeral=True)
            return None
    except Exception:
        log.exception("move failed")
        await interaction.response.send_message(t("error.internal"), ephemeral=True)
        return None
    await readers(interaction)  # decided once: the next menu below the answer is in the caller's language
    view = view_for(reply) if view_for is not None else None
    await deliver(interaction, reply, move=move, edit=edit, view=view)
    return reply


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


async def move_autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    sessions = sessions_of(interaction)
    mine = (await readers(interaction))[0]
    moves = sessions.legal_moves(channel_key(interaction), interaction.user.id, current, locale=mine)
    if not moves:
        # Say why instead of showing nothing; picking it just sends what was typed (and gets refused).
        note = worded([sessions.autocomplete_note(channel_key(interaction), interaction.user.id, current)], mine)
        return [app_commands.Choice(name=clip(note, CHOICE_LIMIT), value=clip(current.strip() or "?", CHOICE_LIMIT))]
    return [app_commands.Choice(name=label, value=value) for label, value in moves]


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
@app_commands.autocomplete(game=game_autocomplete)
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
    from .pbp_commands import before_new  # play-by-post: game limit, dedicated thread, time control
    if await before_new(interaction, game, others, options, thread, time):
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
    from .pbp_commands import refuse_over_limit  # play-by-post: per-player game limit
    if await refuse_over_limit(interaction):
        return
    await run(interaction, lambda: sessions_of(interaction).join(channel_key(interaction), actor_of(interaction.user)))


@game_group.command(name="leave", description=describe("cmd.game.leave"))
async def game_leave(interaction: discord.Interaction) -> None:
    await run(interaction, lambda: sessions_of(interaction).leave(channel_key(interaction), actor_of(interaction.user)))


@game_group.command(name="start", description=describe("cmd.game.start"))
async def game_start(interaction: discord.Interaction) -> None:
    await run(interaction, lambda: sessions_of(interaction).start(channel_key(interaction), actor_of(interaction.user)))


@game_group.command(name="status", description=describe("cmd.game.status"))
async def game_status(interaction: discord.Interaction) -> None:
    await run(interaction, lambda: sessions_of(interaction).status(channel_key(interaction)))


@game_group.command(name="board", description=describe("cmd.game.board"))
@app_commands.describe(move=describe("arg.board_move"))
async def game_board(interaction: discord.Interaction, move: app_commands.Range[int, 0] | None = None) -> None:
    if move is not None:
        from .pbp_commands import board_at  # play-by-post: the board at move n
        return await board_at(interaction, move)
    await run(interaction, lambda: sessions_of(interaction).board(channel_key(interaction)))


@game_group.command(name="abort", description=describe("cmd.game.abort"))
async def game_abort(interaction: discord.Interaction) -> None:
    await run(interaction, lambda: sessions_of(interaction).abort(
        channel_key(interaction), actor_of(interaction.user, interaction)))


# --- /move, /hand, /help ------------------------------------------------------
@app_commands.command(name="move", description=describe("cmd.move"))
@app_commands.allowed_contexts(guilds=True, dms=False, private_channels=False)
@app_commands.describe(move=describe("arg.move"))
@app_commands.autocomplete(move=move_autocomplete)
async def move_command(interaction: discord.Interaction, move: str) -> None:
    locale = await user_locale(interaction)  # the next menu is the caller's own: in their language
    await play(interaction, move, view_for=lambda reply: game_ui.menu_view(interaction, reply, locale))


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
@app_commands.autocomplete(game=game_autocomplete)
async def help_command(interaction: discord.Interaction, game: str | None = None) -> None:
    reply = sessions_of(interaction).help(game.strip().lower() if game else None)
    mine = (await readers(interaction))[0]
    chunks = _chunks("\n".join(worded(m, mine) for m in (reply.private, reply.public) if m is not None))
    await interaction.response.send_message(chunks[0], ephemeral=True)
    for chunk in chunks[1:]:
        await interaction.followup.send(chunk, ephemeral=True)


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
