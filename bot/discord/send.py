"""The one way a post leaves the bot: interaction answers, channel posts, appended lines, DMs.

Everything the table layer says is a ``Post`` (``bot.table.posts``): lines, an image (or a
draw request), who is asked, buttons as meanings. This module alone turns it into Discord
requests, and builds every custom id (:func:`custom_id`; the components parse them back).

``/move`` (and every button or menu that plays a move) answers the interaction itself, at
once: a step inside the player's turn is told to them alone (ephemeral: what was done, what is
left), and only the turn's end goes to the channel, as ONE message: what happened in the
turn, the board PNG (a fresh ``discord.File`` each send) and who is asked what (mentions). So
a move costs one request inside a turn and two at its end (``bot.table.turns``).

The other commands (``/game new|join|start|status|board``, ``/hand``) answer the interaction
itself too: a public post IS the answer (one request), a private view is an ephemeral
answer; only a call that takes longer than Discord waits is deferred ("thinking…") and its
answer then edits that. Posts made without an interaction (a bot's or a timed-out move, a
reminder, a poll) leave through :func:`send_post`: a channel, or a DM falling back to the
channel when DMs are closed.

The manager is found as ``interaction.client.sessions``; the components under a turn post
and the games' offers posted after it as ``interaction.client.components`` (``bot.discord.components``,
handed over by the app: those buttons' clicks are answered here).
"""

from __future__ import annotations

import asyncio
import io
import logging
import zlib

import aiohttp
import discord

from ..store import StoreUnavailable
from ..table import turns
from ..table.bot_seats import mention
from ..table.posts import Post, describe
from ..table.sessions import Reply
from ..words.i18n import t, tr
from .answer_time import drawn_in_time, spent
from .custom_ids import custom_id, shown_buttons, view_of  # noqa: F401 (send.custom_id, send.view_of: the callers')
from .glue import (
    NO_MENTIONS,
    QUIET,
    actor_of,
    channel_key,
    channel_of,
    clip,
    guild_of,
    only,
    place_of,
    readers,
    retry_after,
    sessions_of,
    user_locale,
    user_locale_now,
    worded,
)

log = logging.getLogger(__name__)

#: seconds a move may take before the interaction is deferred ("thinking…"; Discord allows 3)
ANSWER_WITHIN = 2.0
#: seconds after an interaction arrived by which its first response is sent, whatever is still
#: drawn (Discord allows 3; the request itself needs some of the rest)
RESPOND_BY = 2.5


def time_left(interaction: discord.Interaction) -> float:
    """Seconds left for the first response (as if the call took all of ``ANSWER_WITHIN`` when the
    arrival was not noted)."""
    taken = spent(interaction)
    return RESPOND_BY - (ANSWER_WITHIN if taken is None else taken)


# --- a post as Discord text, file and mentions ----------------------------------------------------
def public_text(post: Post, locale: str | None = None) -> str:
    """A post for the channel: its lines and who is asked what (mentions).

    With ``locale``, every line the session layer worded is worded again in it
    (the server's language for the table, the player's own for a private reply)."""
    lines = [line if locale is None else tr(line, locale) for line in post.lines]
    if post.asks:  # "<@1>, <@2>: choose your cards (secret)"
        lines += post.ask_lines(lambda key, **kw: t(key, locale, **kw), mention)
    elif post.up:
        lines.append(t("up.now", locale, who=" ".join(mention(uid, name) for uid, name in post.up)))
    return clip("\n".join(lines))


def png_file(png: bytes | None, filename: str, description: str | None = None) -> discord.File | None:
    """A NEW File each time: a File's buffer is consumed by one send. ``description``: its alt
    text (what a screen reader says instead of the image)."""
    return None if png is None else discord.File(io.BytesIO(png), filename=filename, description=description or None)


def answer_files(p, private: Post | None, mine: str | None = None) -> list[discord.File]:
    """The files of the caller's answer: the private image (``/hand``, a rating chart) and the
    post's attachments (a game's record, a CSV), each a fresh File."""
    f = png_file(p.answer_png, private.filename if private is not None else "hand.png", describe(p.answer_alt, mine))
    extra = [discord.File(io.BytesIO(data), filename=name) for name, data in private.attachments] if private else []
    return ([f] if f is not None else []) + extra


def file_of(post: Post, locale: str | None = None) -> discord.File | None:
    """The post's image as a File, described in ``locale`` (the readers')."""
    return png_file(post.png, post.filename, post.description(locale))


def mentions_of(post: Post) -> discord.AllowedMentions:
    """Who a post may notify: exactly the users it asks (``Post.asked``: its asks, who is up, its
    mentions; never a name that reads as a mention, a role or everyone), and nobody when it only
    repeats them (``ping`` off)."""
    return only(post.asked()) if post.ping else QUIET


def post_kwargs(post: Post, locale: str | None = None, view=None) -> dict:
    """What ``Messageable.send`` takes for ``post``: mentions, a fresh file, the buttons."""
    kwargs: dict = {"allowed_mentions": mentions_of(post)}
    f = file_of(post, locale)
    if f is not None:
        kwargs["file"] = f
    view = view if view is not None else view_of(shown_buttons(post), locale)
    if view is not None:
        kwargs["view"] = view
    return kwargs


def nonce_of(post: Post) -> str | None:
    """The nonce of an owed post: Discord enforces it, so a repeat (a retry after a lost answer, a
    restart before its message id was written) returns the first message instead of a second."""
    if post.owed is None:
        return None
    if post.owed[0] == "league":  # a league's post (``bot.discord.outbox.LEAGUE``): its row id
        return f"lg{post.owed[1]}"[:25]
    # the move's time too: the post of a move n made again after an undo is another post, which
    # Discord would otherwise answer with the undone move's message for a few minutes
    made = f".{zlib.crc32(post.owed_at.encode()):x}" if post.owed_at else ""
    return f"mc{post.owed[0]}.{post.owed[1]}{made}"[:25]


async def to_channel(target, post: Post, locale: str | None = None, view=None):
    """``post`` to a channel, thread or user (its text, who is asked, a fresh file, its buttons)."""
    kwargs = post_kwargs(post, locale, view)
    if post.owed is not None:
        kwargs["nonce"] = nonce_of(post)
    return await target.send(public_text(post, locale), **kwargs)


# --- the turn post, kept for the lines added to it --------------------------------------------
#: game id -> (the latest turn post, its text): a minor line (a seat ready) is added to it by an edit
_TURN_POSTS: dict[int, tuple[discord.Message, str]] = {}


def can_post(interaction: discord.Interaction, post: Post | None = None) -> bool:
    """Whether the bot may post in the interaction's channel (with the board, when it has one):
    answering there in public is then fine; otherwise the caller alone is answered, with why."""
    perms = getattr(interaction, "app_permissions", None)
    if perms is None:
        return True
    send = perms.send_messages_in_threads if isinstance(interaction.channel, discord.Thread) else perms.send_messages
    return bool(send) and (post is None or post.png is None or perms.attach_files)


def can_attach(interaction: discord.Interaction, post: Post) -> bool:
    """Whether the post's image may go with it (Attach Files); True when it has none."""
    perms = getattr(interaction, "app_permissions", None)
    return perms is None or (post.png is None and post.draw is None) or bool(perms.attach_files)


def without_image(post: Post, locale: str | None = None) -> None:
    """The post without its image, and one line telling the server what to grant."""
    post.png, post.draw = None, None
    post.lines.append(t("error.grant_attach", locale))


def _remember(interaction: discord.Interaction, game_id: int | None, sent, text: str) -> None:
    """The turn post, kept for the minor lines edited into it later: by the channel's endpoint,
    which outlives the interaction's token (15 minutes)."""
    if sent is None or game_id is None:
        return
    channel = interaction.channel
    if channel is not None and hasattr(channel, "get_partial_message"):
        sent = channel.get_partial_message(sent.id)
    _TURN_POSTS[game_id] = (sent, text)


async def _posted(client, post: Post, sent, game_id: int | None = None) -> None:
    """After a post went out: its outbox row remembers the message (it is never sent again), and
    the game remembers its latest board (reminder links)."""
    outbox = getattr(client, "outbox", None)
    if post.owed is not None and outbox is not None:
        await outbox.delivered(post, sent)
        return
    board = post.board_of if post.board_of is not None else (game_id if post.png is not None else None)
    if sent is not None and board is not None and getattr(client, "store", None) is not None:
        await client.store.set_board_message(board, sent.id)


#: what makes a delivery fail for a while or for good (``bot.discord.outbox.classify`` sorts them)
FAULTS = (discord.HTTPException, OSError, aiohttp.ClientError, asyncio.TimeoutError)
#: Discord's code for a post to an archived thread it will not reopen for the bot (a locked one)
ARCHIVED_THREAD = 50083


def shut_out(err: BaseException) -> bool:
    """Whether Discord refused a post because the bot may not post there: a missing permission,
    or a locked thread the bot may not reopen (no Manage Threads). Either way the mover gets the
    post in their own answer and the server is told what to grant."""
    return isinstance(err, discord.Forbidden) or getattr(err, "code", 0) == ARCHIVED_THREAD


def locked(channel) -> bool:
    """A thread a moderator locked: only Manage Threads posts in it or reopens it."""
    return isinstance(channel, discord.Thread) and bool(channel.locked)


async def _owed_later(interaction: discord.Interaction, post: Post, err: BaseException, mine: str | None,
                      answer: bool = False) -> str:
    """The table's post failed (``err``): the outbox takes it over (retried, or the table told);
    the mover's line saying so, in their language: the move is saved either way."""
    outbox = getattr(interaction.client, "outbox", None)
    if outbox is None or post.owed is None:
        log.warning("a post to channel %s failed: %s", interaction.channel_id, err)
        return t("outbox.failed", mine, reason=t("outbox.reason.refused", mine, status=type(err).__name__, code=0))
    if post.channel_id is None:
        post.channel_id = interaction.channel_id
    verdict = outbox.later(post, err, locale=mine, answer=answer)
    return t("outbox.delayed" if verdict.what == "retry" else "outbox.failed", mine, reason=verdict.reason)


#: seconds a follow-up may still be sent after the interaction arrived (its token lives 15 minutes)
FOLLOWUP_WITHIN = 14 * 60.0


async def followup(interaction: discord.Interaction, text: str, **kwargs):
    """A text follow-up to the caller, patient with Discord's 429: its ``retry_after`` is waited
    (on the bot's clock) and the send tried again, up to three times while the interaction's
    token lives; anything else Discord answers is raised as it came."""
    waited = 0.0
    for attempt in range(4):
        try:
            return await interaction.followup.send(text, **kwargs)
        except discord.HTTPException as err:
            wait = retry_after(err) if err.status == 429 else None
            if wait is None or attempt == 3 or waited + wait > FOLLOWUP_WITHIN:
                raise
            log.warning("a follow-up to %s waits %.0f s (Discord's 429)", interaction.id, wait)
            clock = getattr(getattr(interaction.client, "outbox", None), "clock", None)
            await (clock.sleep(wait) if clock is not None else asyncio.sleep(wait))
            waited += wait
            for file in [kwargs.get("file"), *(kwargs.get("files") or [])]:
                if file is not None:
                    file.reset()  # the refused upload read it to its end: from its start again
    return None


async def _tell(interaction: discord.Interaction, text: str) -> None:
    """A private line for the caller however far the interaction got (it may be gone: then only
    the log says it)."""
    try:
        if interaction.response.is_done():
            await followup(interaction, clip(text), ephemeral=True)
        else:
            await interaction.response.send_message(clip(text), ephemeral=True)
    except FAULTS as err:
        log.warning("could not tell %s: %s", interaction.user.id, err)


async def _after(interaction: discord.Interaction, game_id: int | None, locale: str | None) -> None:
    """The game's own offers and menus the table needs now (``bot.discord.components.after_reply``)."""
    await interaction.client.components.after_reply(interaction.channel, sessions_of(interaction), game_id, locale)


# --- answering an interaction -----------------------------------------------------------------
async def answer_public(interaction: discord.Interaction, reply: Reply, post: Post,
                        ours: str | None = None) -> discord.Message | None:
    """The post IS the interaction's answer (one request): a new response, or the edit of a
    public "thinking…" left by a slow call, worded in ``ours`` (the place's language).
    Returns the message, when Discord names it. A board still to draw never makes the answer
    late: drawn past ``time_left``, the interaction is deferred in public first and the post
    then edits that "thinking…" (two requests instead of one)."""
    if not interaction.response.is_done():
        await drawn_in_time(interaction, post, ours, time_left(interaction))
    await post.render(ours)
    view = view_of(shown_buttons(post), ours)
    text = public_text(post, ours)
    f = file_of(post, ours)
    if interaction.response.is_done():
        kwargs: dict = {"content": text, "allowed_mentions": mentions_of(post), "attachments": [f] if f is not None else []}
        if view is not None:
            kwargs["view"] = view
        sent = await interaction.edit_original_response(**kwargs)
        await _ping_after_edit(interaction, post, ours)
    else:
        kwargs = {"allowed_mentions": mentions_of(post)}
        if f is not None:
            kwargs["file"] = f
        if view is not None:
            kwargs["view"] = view
        done = await interaction.response.send_message(text, **kwargs)
        sent = getattr(done, "resource", None)
        sent = sent if isinstance(sent, discord.InteractionMessage) else None
    if sent is not None and reply.game_id is not None:
        _remember(interaction, reply.game_id, sent, text)
        await _posted(interaction.client, post, sent, reply.game_id)
    return sent


async def _ping_after_edit(interaction: discord.Interaction, post: Post, ours: str | None) -> None:
    """Discord notifies nobody of an edit, so a post that edited a public "thinking…" in has told
    no one it asks them: a short follow-up (a new message) names them again, and only them. Lost
    to a fault, it is only logged: the post itself is there, and the table's reminders follow."""
    users = post.asked() if post.ping else []
    if not users:
        return
    text = t("outbox.ping_above", ours, mentions=" ".join(f"<@{u}>" for u in users))
    try:
        await followup(interaction, text, allowed_mentions=mentions_of(post))
    except FAULTS as err:
        log.warning("the ping after %s's edited post was lost (%s)", interaction.id, err)


async def deliver(interaction: discord.Interaction, reply: Reply, move: str | None = None,
                  edit: bool = False, view: discord.ui.View | None = None,
                  answered: bool = False, public_defer: bool = False, follow: bool = True) -> discord.Message | None:
    """Answer the interaction itself, then post what the table must see (``bot.table.turns.plan``).

    * the caller's part (a step of their turn, secrets, refusals) is THE answer: an ephemeral
      reply, or with ``edit`` (a click in an ephemeral menu) an edit of that menu, with ``view``
      (else the private post's own buttons);
    * the turn's end is ONE channel post (summary, board, who is asked what); a post meant for
      another channel (``post.channel_id``) goes there (:func:`send_post`);
    * a minor public line is added to the latest turn post by an edit.

    A move costs one request inside a turn, two at its end. After ``defer`` (slow commands)
    the answer is a follow-up instead, sent after the post: a post the channel refuses is then
    told in it. ``answered``: the caller already answered the interaction (a button that edits
    its own message): only the rest is sent. ``public_defer``: the interaction was deferred
    with a public "thinking…" (a slow command meant for the table). ``follow``: post the
    game's offers the table needs next (``bot.discord.components``).

    A public post with nothing private besides IS the interaction's answer (one request).

    The caller's answer is worded in their language (``user_locale``), what the channel reads
    (the post, its board, its buttons, an appended line) in the place's (``place_locale``)."""
    mine, ours = await readers(interaction)
    p = turns.plan(reply, None if answered else move, mine)
    text = clip(worded(p.answer, mine)) if p.answer else ""
    private = reply.private if reply.private is not None else reply.step
    if view is None and private is not None and (private.buttons or private.menu):
        view = view_of(private.buttons, mine, private.menu)
    responded = interaction.response.is_done()
    post = p.post
    elsewhere = post is not None and post.channel_id not in (None, interaction.channel_id)
    if post is not None and not elsewhere and not can_attach(interaction, post):
        without_image(post, ours)  # the turn without its board, and what to grant
    if (not answered and not text and p.answer_png is None and post is not None and p.append is None
            and not elsewhere and (not responded or public_defer) and can_post(interaction, post)):
        try:
            sent = await answer_public(interaction, reply, post, ours)
        except FAULTS as err:  # saved all the same: the outbox posts it, the mover is told why it waits
            await _tell(interaction, await _owed_later(interaction, post, err, mine, answer=True))
            return None
        if follow:
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
    sent, unposted, delayed = None, None, None
    later = responded and not answered and (text or p.answer_png is not None)  # the answer after the post

    async def post_it():
        nonlocal sent, unposted, delayed
        if post is None:
            return
        if elsewhere:
            await send_post(interaction.client, post)
            return
        await post.render(ours)
        try:
            sent = await send_public(interaction, post, ours, mine, tell=not later)
        except FAULTS as err:  # saved all the same: the outbox posts it, the mover is told why it waits
            delayed = await _owed_later(interaction, post, err, mine)
            return
        if sent is None:
            if later:
                unposted = post
            if post.owed is not None and getattr(interaction.client, "outbox", None) is not None:
                post.channel_id = post.channel_id or interaction.channel_id
                interaction.client.outbox.refused_here(post)  # the caller got it; the row is settled
        if sent is not None and reply.game_id is not None:
            _remember(interaction, reply.game_id, sent, public_text(post, ours))
        await _posted(interaction.client, post, sent, reply.game_id)

    if answered:
        if text:  # a private line besides (a secret, a cost): a follow-up for the caller alone
            await followup(interaction, text, ephemeral=True)
    elif later:
        await post_it()
        if delayed:
            text = f"{text}\n{delayed}"
        kwargs: dict = {}
        if unposted is not None:
            text = clip(f"{text}\n\n{t('error.cannot_post', mine)}\n{public_text(unposted, mine)}")
            if unposted.png is not None:
                kwargs["file"] = png_file(unposted.png, unposted.filename, unposted.description(mine))
            if unposted.buttons:
                view = view_of([*(private.buttons if private is not None else []), *shown_buttons(unposted)], mine)
        files = answer_files(p, private, mine)
        if files:
            kwargs.pop("file", None)
            kwargs["files"] = files if unposted is None or unposted.png is None else [
                png_file(unposted.png, unposted.filename, unposted.description(mine)), *files]
        if view is not None:
            kwargs["view"] = view
        await followup(interaction, text or "\u200b", ephemeral=True, **kwargs)
    elif text or p.answer_png is not None:
        kwargs = {}
        files = answer_files(p, private, mine)
        try:
            if edit:
                await interaction.response.edit_message(content=text or None, view=view, attachments=files)
            else:
                if files:
                    kwargs["files"] = files
                if view is not None:
                    kwargs["view"] = view
                await interaction.response.send_message(text or "\u200b", ephemeral=True, **kwargs)
        except FAULTS as err:
            # the caller's answer was lost (late, or Discord failed): the table's post still goes
            log.warning("the answer to %s was lost (%s); posting the table's part all the same", interaction.id, err)
    elif not responded:
        await interaction.response.defer(ephemeral=True)
    if not later:
        await post_it()
        if delayed:
            await _tell(interaction, delayed)
    if p.append is not None:
        await _append(interaction, reply.game_id, p.append, ours, mine)
    if (responded and not answered and not answered_late and not text and p.answer_png is None
            and (post is None or sent is not None or elsewhere) and not delayed):
        # do not leave "thinking…" behind. Only when the channel got the post: without Send Messages
        # the fallback follow-up after the "thinking" defer IS the original response.
        try:
            await interaction.delete_original_response()
        except discord.HTTPException:
            pass
    if follow and (post is not None or p.append is not None):
        await _after(interaction, reply.game_id, ours)
    return sent


async def _append(interaction: discord.Interaction, game_id: int | None, post: Post,
                  ours: str | None = None, mine: str | None = None) -> None:
    """A minor line: edit it into the latest turn post; post it plainly when that post is unknown."""
    entry = _TURN_POSTS.get(game_id) if game_id is not None else None
    if entry is not None:
        posted, content = entry
        new = clip(content + "\n" + worded(post, ours))
        try:
            await posted.edit(content=new, allowed_mentions=NO_MENTIONS)  # an edit notifies nobody anew
            _TURN_POSTS[game_id] = (posted, new)
            return
        except (discord.HTTPException, AttributeError):
            pass
    await send_public(interaction, post, ours, mine)


async def send_public(interaction: discord.Interaction, post: Post, ours: str | None = None,
                      mine: str | None = None, tell: bool = True) -> discord.Message | None:
    """Post to the channel (worded in ``ours``, the place's language). Without the right to post
    there, the caller alone gets it in theirs (``mine``; the answer to an ephemeral defer stays
    ephemeral), with what the bot needs: the move itself is kept. ``tell=False``: the caller's
    answer comes next and says it (None is returned)."""
    channel = interaction.channel
    if channel is not None and hasattr(channel, "send"):
        try:
            return await to_channel(channel, post, ours)
        except discord.HTTPException as err:
            if not shut_out(err):
                raise
            log.warning("no permission to post in channel %s (%s); answering the caller only", channel.id, err.code)
    if not tell:
        return None
    text = clip(t("error.thread_locked" if locked(channel) else "error.cannot_post", mine) + "\n"
                + public_text(post, mine))
    kwargs = post_kwargs(post, mine)
    await followup(interaction, text, ephemeral=True, **kwargs)
    return None


# --- without an interaction: channel posts and DMs ------------------------------------------
async def owed_to_channel(client, channel, post: Post, locale: str | None = None):
    """A post a move owes its table, to its channel: with a nonce Discord enforces (a repeat after
    a lost answer returns the first message instead of posting twice); an archived thread is
    reopened first (a locked one cannot be: Discord refuses the post, and the outbox settles it as
    refused); without Attach Files the post goes without its image and says what to grant."""
    if isinstance(channel, discord.Thread) and channel.archived and not channel.locked:
        await channel.edit(archived=False)
    try:
        return await to_channel(channel, post, locale)
    except discord.Forbidden as err:
        if post.png is None or err.code != 50013:
            raise
        perms = getattr(channel, "permissions_for", None)
        me = getattr(getattr(channel, "guild", None), "me", None)
        if perms is not None and me is not None and perms(me).attach_files:
            raise
        without_image(post, locale)
        return await to_channel(channel, post, locale)


async def orphaned(client, game_id: int) -> None:
    """The game's channel or thread is gone: the game waits as orphaned (out of ``/games`` and
    the game limit) and its creator is told how to move it or abort it."""
    record = await client.sessions.orphan(game_id)
    if record is None:
        return
    locale = await place_of(client, None, record.creator_id)
    await send_post(client, Post([t("orphan.dm", locale, game=record.game, id=game_id)], user_id=record.creator_id))




async def refused(client, game_id: int, post: Post) -> None:
    """The bot may not post at the game's table: its creator is told once (a bot's or a timed-out
    move has nobody else to tell; a player who moved saw the post in their own answer), with what
    to grant: Send Messages, or for a locked thread Manage Threads (or unlocking it)."""
    told = client.__dict__.setdefault("refused_told", set())  # once per game and bot process
    if game_id in told:
        return
    told.add(game_id)
    record = await client.store.game(game_id)
    if record is None:
        return
    locale = await place_of(client, None, record.creator_id)
    try:
        shut = locked(await channel_of(client, record.channel_id))
    except discord.HTTPException:
        shut = False
    key = "outbox.locked_dm" if shut else "outbox.refused_dm"
    await send_post(client, Post([t(key, locale, channel=record.channel_id)], user_id=record.creator_id))


async def send_dm(client, post: Post) -> str | None:
    """``post`` as a DM to ``post.user_id`` and nowhere else (the daily digest): None when sent,
    ``"closed"`` when Discord refuses because the user's DMs are closed (50007), ``"failed"`` for
    any other refusal. In the user's language."""
    try:
        user = client.get_user(post.user_id) or await client.fetch_user(post.user_id)
        await to_channel(user, post, await place_of(client, None, post.user_id))
    except discord.HTTPException as err:
        log.warning("could not DM user %s: %s", post.user_id, err)
        return "closed" if err.code == 50007 else "failed"
    return None


async def send_post(client, post: Post) -> bool:
    """A post made without an interaction: a DM (``post.user_id``; closed DMs fall back to the
    game's channel with a mention), or a channel post (``post.channel_id``). A game's board
    (``post.board_of``) is remembered, and the offers its table needs next are posted."""
    try:
        if post.user_id is not None:
            try:
                user = client.get_user(post.user_id) or await client.fetch_user(post.user_id)
                guild_id = await guild_of(client, post.fallback_channel_id)
                await to_channel(user, post, await place_of(client, guild_id, post.user_id))
                return True
            except discord.HTTPException:  # DMs closed: mention in the game channel instead
                if post.fallback_channel_id is None:
                    return False
                post.channel_id = post.fallback_channel_id
        if post.channel_id is None:
            return False
        if post.owed is not None and getattr(client, "outbox", None) is not None:
            return await client.outbox.deliver(post)  # retried until Discord takes it
        channel = await channel_of(client, post.channel_id)
        ours = await place_of(client, getattr(getattr(channel, "guild", None), "id", None))
        await post.render(ours)
        message = await to_channel(channel, post, ours)
        if post.board_of is not None and message is not None:
            await _posted(client, post, message)
            # a move made without a command (a dropped seat played for): its leech buttons and menus too
            await client.components.after_reply(channel, client.sessions, post.board_of, ours)
        return True
    except discord.HTTPException as err:
        log.warning("could not deliver a post to channel %s: %s", post.channel_id, err)
        if isinstance(err, discord.NotFound) and err.code == 10003 and post.user_id is None:
            table = client.sessions.table(post.channel_id)  # the game's channel is gone
            if table is not None:
                await orphaned(client, table.record.id)
        return False


# --- a message rewritten (a sign-up list as players come and go) ------------------------------------
async def update_clicked(interaction: discord.Interaction, post: Post, locale: str | None = None) -> None:
    """Answer a click by rewriting the message clicked as ``post`` (its text and buttons): one request."""
    await interaction.response.edit_message(content=public_text(post, locale), allowed_mentions=mentions_of(post),
                                            view=view_of(shown_buttons(post), locale))


async def edit_post(client, channel_id: int, message_id: int, post: Post) -> bool:
    """A message of the bot rewritten as ``post`` without an interaction (in the place's language)."""
    try:
        channel = await channel_of(client, channel_id)
        ours = await place_of(client, getattr(getattr(channel, "guild", None), "id", None))
        await channel.get_partial_message(message_id).edit(
            content=public_text(post, ours), allowed_mentions=mentions_of(post), view=view_of(shown_buttons(post), ours))
        return True
    except discord.HTTPException:
        log.warning("could not edit message %s in channel %s", message_id, channel_id, exc_info=True)
        return False


async def post_message(client, post: Post) -> discord.Message | None:
    """``post`` in its channel (``post.channel_id``) without an interaction; the message (None: refused)."""
    try:
        channel = await channel_of(client, post.channel_id)
        ours = await place_of(client, getattr(getattr(channel, "guild", None), "id", None))
        await post.render(ours)
        return await to_channel(channel, post, ours)
    except discord.HTTPException:
        log.warning("could not post in channel %s", post.channel_id, exc_info=True)
        return None


# --- running a command or a move -----------------------------------------------------------
async def run(interaction: discord.Interaction, call, public: bool = True) -> None:
    """Run ``call()`` for a Reply and answer the interaction with it (``deliver``); unexpected
    errors become an apology. Only a call slower than Discord waits (``ANSWER_WITHIN`` from the
    interaction's arrival) is deferred first: in public when the answer is meant for the table
    (``public``) and the bot may post there, so that answer is an edit of the "thinking…"."""
    job = asyncio.ensure_future(call())
    public_defer = False
    try:
        reply = await asyncio.wait_for(asyncio.shield(job), timeout=ANSWER_WITHIN - (spent(interaction) or 0.0))
    except TimeoutError:
        public_defer = public and can_post(interaction)
        await interaction.response.defer(ephemeral=not public_defer, thinking=True)
        try:
            reply = await job
        except Exception as err:
            if not isinstance(err, StoreUnavailable):
                log.exception("command failed")
            await _apologise(interaction, public_defer, err)
            return
    except StoreUnavailable as err:  # the database refused the write: say why (nothing changed)
        log.warning("the store refused a command: %s", err)
        await interaction.response.send_message(t(f"store.{err.kind}", user_locale_now(interaction)), ephemeral=True)
        return
    except Exception:
        log.exception("command failed")
        await interaction.response.send_message(t("error.internal"), ephemeral=True)
        return
    await deliver(interaction, reply, public_defer=public_defer)


async def edit_in_place(interaction: discord.Interaction, call) -> None:
    """A click that turns the caller's own answer into another (a replay's next move, an archive
    page): acknowledged at once (a step may replay and draw for longer than Discord waits), then
    that answer edited: text, image, buttons and menu. ``call(locale)`` gives the Reply; a refusal
    is told in a message of its own and the answer stays as it was."""
    await interaction.response.defer()
    mine = await user_locale(interaction)
    try:
        reply = await call(mine)
    except Exception:
        log.exception("an answer edited in place failed")
        await followup(interaction, t("error.internal", mine), ephemeral=True)
        return
    post = reply.private
    if not reply.ok or post is None:
        await followup(interaction, clip(worded(post, mine)) if post is not None else t("error.internal", mine),
                                        ephemeral=True)
        return
    files = [f for f in (png_file(post.png, post.filename),) if f is not None]
    files += [discord.File(io.BytesIO(data), filename=name) for name, data in post.attachments]
    await interaction.edit_original_response(content=clip(worded(post, mine)), attachments=files,
                                             view=view_of(post.buttons, mine, post.menu))


async def _apologise(interaction: discord.Interaction, public_defer: bool, err: BaseException | None = None) -> None:
    if public_defer:
        try:
            await interaction.delete_original_response()
        except discord.HTTPException:
            pass
    kind = err.kind if isinstance(err, StoreUnavailable) else None
    text = t(f"store.{kind}", user_locale_now(interaction)) if kind else t("error.internal")
    await followup(interaction, text, ephemeral=True)


async def played(interaction: discord.Interaction, move: str, ephemeral: bool = True) -> tuple[Reply | None, bool]:
    """Play ``move`` for the caller, acknowledging the interaction BEFORE waiting whenever the answer
    could come late: at once when the table is busy (another move holds its lock), else after
    ``ANSWER_WITHIN`` from its arrival. Returns (the reply, whether it was deferred); (None, ...)
    after a fault of ours, which the caller was told. ``ephemeral``: defer as a private "thinking…" (a command, a
    menu's move); False: as an update of the clicked message (a button whose answer edits it)."""
    sessions = sessions_of(interaction)
    channel = channel_key(interaction)
    job = asyncio.ensure_future(sessions.move(channel, actor_of(interaction.user), move, lazy=True,
                                              interaction_id=interaction.id))
    try:
        if sessions.lock(channel).locked():  # the table is busy: acknowledge at once
            raise TimeoutError
        # a move takes milliseconds; Discord wants an answer within 3 s
        return await asyncio.wait_for(asyncio.shield(job), timeout=ANSWER_WITHIN - (spent(interaction) or 0.0)), False
    except TimeoutError:
        if ephemeral:
            await interaction.response.defer(ephemeral=True, thinking=True)
        else:
            await interaction.response.defer()
        try:
            return await job, True
        except Exception:
            log.exception("move failed")
            await followup(interaction, t("error.internal"), ephemeral=True)
            return None, True
    except Exception:
        log.exception("move failed")
        await interaction.response.send_message(t("error.internal"), ephemeral=True)
        return None, False


async def play(interaction: discord.Interaction, move: str, edit: bool = False,
               view_for=None) -> Reply | None:
    """Play ``move`` for the caller and answer the interaction itself (deferred first only when the
    table is busy or slow: :func:`played`; the board is drawn after the answer). ``view_for(reply)``:
    components for the answer (the next menu while the turn goes on)."""
    reply, deferred = await played(interaction, move)
    if reply is None:
        return None
    if deferred:
        edit = False
    await readers(interaction)  # decided once: the next menu below the answer is in the caller's language
    view = view_for(reply) if view_for is not None else None
    try:
        await deliver(interaction, reply, move=move, edit=edit, view=view)
    except Exception:  # a fault of ours after the move: it is saved, never say "unchanged"
        if not reply.ok:
            raise
        log.exception("answering move %r failed after it was saved", move)
        await _tell(interaction, t("error.after_move"))
    return reply
