"""How the bot answers a command or a click, and what it posts: the one way a turn leaves on Discord.

``/move`` (and every button or menu that plays a move) answers the
interaction itself, at once: a step inside the player's turn is told to them
alone (ephemeral: what was done, what is left), and only the turn's end goes
to the channel, as ONE message: what happened in the turn, the board PNG (a
fresh ``discord.File`` each send) and who is asked what (mentions). So a move
costs one request inside a turn and two at its end (``bot.table.turns``).

The other commands (``/game new|join|start|status|board``, ``/hand``) answer
the interaction itself too: a public post IS the answer (one request), a
private view is an ephemeral answer; only a call that takes longer than
Discord waits is deferred ("thinking…") and its answer then edits that.

The manager is found as ``interaction.client.sessions``; the components under a turn post
and the games' offers posted after it as ``interaction.client.components`` (``bot.discord.components``,
handed over by the app: those buttons' clicks are answered here).
"""

from __future__ import annotations

import asyncio
import logging

import discord

from ..table import turns
from ..table.sessions import TURN_PNG, Message, Reply
from ..words.i18n import t
from .glue import (
    MENTIONS,
    actor_of,
    channel_key,
    clip,
    file_of,
    png_file,
    post,
    public_kwargs,
    public_text,
    readers,
    sessions_of,
    worded,
)

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


def _components(interaction: discord.Interaction, reply: Reply, post: Message, locale: str | None = None):
    """Under a turn post: "Play" while a person is asked (a bot seat moves on its own), "Full
    board" beside the turn image (labelled in ``locale``, the place's)."""
    return interaction.client.components.turn_view(reply.game_id, reply.n, locale or sessions_of(interaction).locale,
                                                   play=reply.offers_play(post),
                                                   board=post.png is not None and post.filename == TURN_PNG)


async def _after(interaction: discord.Interaction, game_id: int | None, locale: str | None) -> None:
    """The game's own offers and menus the table needs now (``bot.discord.components.after_reply``)."""
    await interaction.client.components.after_reply(interaction.channel, sessions_of(interaction), game_id, locale)


async def answer_public(interaction: discord.Interaction, reply: Reply, post: Message,
                        ours: str | None = None) -> discord.Message | None:
    """The post IS the interaction's answer (one request): a new response, or the edit of a
    public "thinking…" left by a slow call, worded in ``ours`` (the place's language).
    Returns the message, when Discord names it."""
    sessions = sessions_of(interaction)
    await post.render(ours)
    play = _components(interaction, reply, post, ours)
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
    """Answer the interaction itself, then post what the table must see (``bot.table.turns.plan``).

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
        await _after(interaction, reply.game_id, ours)
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
        play = _components(interaction, reply, post, ours)
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
        await _after(interaction, reply.game_id, ours)
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
