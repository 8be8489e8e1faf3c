"""The outbox: every turn post a move owes its table reaches it once, whatever Discord does.

A move writes, in its own transaction, the post it owes the table (the ``outbox`` rows: the
post as JSON with its pings and how to draw its image again; ``bot.table.posts.to_json``).
After the commit ``bot.discord.send`` delivers it: as the interaction's answer while that is
possible, else as a channel message, and Discord's message id is written back
(:meth:`Outbox.delivered`), so nothing is posted twice. What Discord refuses for a while (a
429, a 5xx, the network) is retried here in the background, honouring ``retry_after`` and
backing off otherwise, while every other channel is served; a channel post carries a nonce
Discord enforces, so a retry after a lost answer cannot post twice either. What Discord will
never take is settled (:func:`classify`): a deleted channel or thread pauses the game as
orphaned and tells its creator; without the right to post, the post is marked failed and the
table told where it still can be. Rows not delivered are sent on start (:meth:`Outbox.start`).

A league's posts (the draw, a table opened, stall reminders, standings: ``league_posts``, written
with what they report by ``bot.table.leagues``) go the same way: their ``owed`` is
``(LEAGUE, row id)`` instead of (game id, move number); they are sent when the league hands them
over (:meth:`Outbox.owe_league`) or on start, retried alike, and settled by marking their row.

``backlog()`` is the number of posts waiting (a metrics gauge reads it); ``flush()`` tries
each of them once more now (a shutdown calls it; what stays undelivered stays in the store).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from dataclasses import dataclass

import aiohttp
import discord

from ..table.posts import Post, from_json
from ..table.timers import SystemClock
from ..words.i18n import t
from . import send
from .glue import retry_after

log = logging.getLogger(__name__)

#: the first part of a league post's ``owed`` key: (LEAGUE, its ``league_posts`` row id)
LEAGUE = "league"

#: the first pause after a server error, doubled each time up to ``BACKOFF_MAX`` (seconds)
BACKOFF_FIRST = 2.0
BACKOFF_MAX = 600.0


@dataclass
class Verdict:
    """What to do after Discord refused a delivery: ``retry`` after ``wait`` seconds, or settle
    it as ``gone`` (the channel no longer exists), ``denied`` (the bot may not post there) or
    ``dead`` (Discord will never take it); ``reason`` words it for the people told."""

    what: str
    wait: float = 0.0
    reason: str = ""


def of_league(post: Post) -> bool:
    """Whether ``post`` is a league's owed post (else a move's turn post)."""
    return post.owed is not None and post.owed[0] == LEAGUE


def _signup_of(post: Post) -> int | None:
    """The league whose sign-up post this is (its Sign up button names it), else None."""
    return next((int(b.args[0]) for b in post.buttons if b.action == "league_join" and b.args), None)


def named(key: tuple) -> str:
    """An owed post for the log: "game 7, move 12" or "league post 3"."""
    return f"league post {key[1]}" if key[0] == LEAGUE else f"game {key[0]}, move {key[1]}"


def classify(err: BaseException, attempts: int = 0, locale: str | None = None) -> Verdict:
    """How a failed delivery goes on (``attempts``: the tries so far, for the backoff)."""
    backoff = min(BACKOFF_MAX, BACKOFF_FIRST * 2 ** max(0, attempts - 1))
    if isinstance(err, discord.RateLimited) or getattr(err, "status", None) == 429:
        wait = retry_after(err)
        wait = backoff if wait is None else max(0.0, wait)
        return Verdict("retry", wait, t("outbox.reason.rate", locale, seconds=f"{wait:g}"))
    if isinstance(err, discord.HTTPException):
        status, code = err.status, getattr(err, "code", 0)
        if status >= 500:
            return Verdict("retry", backoff, t("outbox.reason.server", locale, status=status))
        if status == 404 and code == 10003:
            return Verdict("gone", reason=t("outbox.reason.gone", locale))
        if status == 403:
            return Verdict("denied", reason=t("outbox.reason.denied", locale))
        if code == send.ARCHIVED_THREAD:  # a locked thread the bot may not reopen: as a missing right
            return Verdict("denied", reason=t("outbox.reason.locked", locale))
        return Verdict("dead", reason=t("outbox.reason.refused", locale, status=status, code=code))
    if isinstance(err, OSError | aiohttp.ClientError | asyncio.TimeoutError):
        return Verdict("retry", backoff, t("outbox.reason.network", locale))
    return Verdict("dead", reason=t("outbox.reason.refused", locale, status=type(err).__name__, code=0))


class Outbox:
    """The posts the tables are owed and not yet given, each retried until it is settled."""

    def __init__(self, client):
        self.client = client
        clock = getattr(client, "clock", None)
        self.clock = clock if clock is not None and hasattr(clock, "sleep") else SystemClock()
        #: (game id, move n) -> the task delivering it
        self._waiting: dict[tuple[int, int], asyncio.Task] = {}
        self._posts: dict[tuple[int, int], Post] = {}
        #: how to draw each waiting post's image again (a row read back from the store)
        self._images: dict[tuple[int, int], dict | None] = {}
        #: channel -> the last league post on its way there: the next one waits for it (in order)
        self._league_tail: dict[int, asyncio.Task] = {}

    # --- for the operator -----------------------------------------------------------------
    def backlog(self) -> int:
        """How many owed posts wait for Discord now (the metrics' outbox gauge)."""
        return len(self._waiting)

    async def start(self) -> int:
        """Send every row the store still owes (after a restart); returns how many."""
        store, shards = self.client.store, getattr(self.client.sessions, "shards", None)
        rows = await store.owed_posts(shards)
        for row in rows:
            try:
                post, image = from_json(row.post)
            except (ValueError, TypeError, KeyError):
                log.warning("game %s: the post of move %d is unreadable; given up", row.game_id, row.n)
                await store.post_failed(row.game_id, row.n, "unreadable")
                continue
            post.channel_id, post.owed, post.owed_at = row.channel_id, (row.game_id, row.n), row.created_at
            self._schedule(post, image=image, wait=0.0)
        leagues = await self._league_rows(None, shards)
        if rows or leagues:
            log.info("outbox: %d post(s) owed from before the restart", len(rows) + leagues)
        return len(rows) + leagues

    async def owe_league(self, league_id: int) -> list[str]:
        """A league's posts written and not delivered yet: each sent now (in order) or retried in
        the background. Returns what became of each: "sent", "retry", or the verdict that
        settled it ("gone", "denied", "dead")."""
        went: list[str] = []
        await self._league_rows(league_id, None, now=True, went=went)
        return went

    async def _league_rows(self, league_id: int | None, shards, now: bool = False,
                           went: list[str] | None = None) -> int:
        store = self.client.store
        rows = await store.owed_league_posts(league_id, shards)
        count = 0
        went = went if went is not None else []
        for row in rows:
            key = (LEAGUE, row.id)
            if key in self._waiting:
                continue  # on its way already
            try:
                post, image = from_json(row.post)
            except (ValueError, TypeError, KeyError):
                log.warning("league %s: post %d is unreadable; given up", row.league_id, row.id)
                await store.league_post_failed(row.id, "unreadable")
                continue
            post.channel_id, post.owed = row.channel_id, key
            count += 1
            ahead = self._league_tail.get(row.channel_id)
            ahead = ahead if ahead is not None and not ahead.done() else None
            if now and ahead is None:
                try:
                    await self._post(post, image)
                    went.append("sent")
                except Exception as err:  # noqa: BLE001  classified: retried or settled
                    went.append(self.later(post, err, image=image).what)
            else:  # after a restart, or behind a post of the same channel still on its way
                self._schedule(post, image=image, wait=0.0, after=ahead)
                went.append("retry")
            task = self._waiting.get(key)
            if task is not None and not task.done():
                self._league_tail[row.channel_id] = task
        return count

    async def stop(self) -> None:
        """Stop retrying (what is not delivered stays in the store for the next start)."""
        tasks = list(self._waiting.values())
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self._waiting.clear()
        self._posts.clear()
        self._images.clear()
        self._league_tail.clear()

    async def flush(self, timeout: float = 5.0) -> int:
        """Try every waiting post once more now, for at most ``timeout`` seconds (a shutdown);
        returns how many are still owed (they stay in the store: the next start sends them)."""
        posts = [(post, self._images.get(post.owed)) for post in self._posts.values()]
        await self.stop()

        async def once(post: Post, image: dict | None) -> None:
            try:
                await self._post(post, image)
            except Exception:  # noqa: BLE001  still owed: the next start sends it
                pass
        try:
            await asyncio.wait_for(asyncio.gather(*(once(p, i) for p, i in posts)), timeout)
        except TimeoutError:
            pass
        return len(await self.client.store.owed_posts(getattr(self.client.sessions, "shards", None)))

    async def deliver(self, post: Post) -> bool:
        """An owed post made without an interaction (a bot's or a timed-out move): sent now, or
        retried in the background. True when it is out."""
        try:
            await self._post(post, None)
            return True
        except Exception as err:  # noqa: BLE001  classified: retried or settled
            self.later(post, err)
            return False

    # --- delivering ---------------------------------------------------------------------
    async def delivered(self, post: Post, message) -> bool:
        """``post`` reached Discord as ``message``: its row remembers the message (never again).
        False when its move was undone while it was on its way (Discord answered after the undo):
        the message is taken back, so the channel never keeps a post of a move it no longer holds
        (its "Up:" and its buttons would be wrong; its ping is out and cannot be)."""
        if post.owed is None or message is None:
            return True
        if of_league(post):
            try:
                await self.client.store.league_post_delivered(post.owed[1], message.id)
                signup = _signup_of(post)
                if signup is not None and getattr(self.client, "leagues", None) is not None:
                    await self.client.leagues.posted_signup(signup, message.id)  # edited as players come and go
            except Exception:  # noqa: BLE001  the post is out; only a restart could post it once more
                log.warning("league post %d was posted but not marked delivered", post.owed[1], exc_info=True)
            return True
        game_id, n = post.owed
        board = post.png is not None
        try:
            if await self.client.store.post_delivered(game_id, n, message.id, board=board, made=post.owed_at):
                return True
        except Exception:  # noqa: BLE001  the post is out; only a restart could post it once more
            log.warning("game %s: move %d was posted but not marked delivered", game_id, n, exc_info=True)
            return True
        log.info("%s: posted as its move was undone; taken back", named(post.owed))
        try:
            await message.delete()
        except Exception:  # noqa: BLE001  a courtesy: the undo's own post follows it in the channel
            log.warning("%s: the post of an undone move could not be taken back", named(post.owed), exc_info=True)
        return False

    def refused_here(self, post: Post) -> None:
        """The channel refused the post and its mover got it in their own answer: settled, untold."""
        if post.owed is not None:
            self._settle_soon(post, Verdict("denied"), None, tell=False)

    def later(self, post: Post, err: BaseException, attempts: int = 1, locale: str | None = None,
              answer: bool = False, image: dict | None = None) -> Verdict:
        """A delivery Discord refused (``err``): retried in the background, or settled now.
        ``answer``: it was the interaction's answer (lost, late, refused): the channel gets it
        instead, at once. Returns the verdict (the mover is told its reason, worded in ``locale``)."""
        verdict = classify(err, attempts, locale)
        if answer and verdict.what != "retry":
            verdict = Verdict("retry", 0.0, t("outbox.reason.late", locale))
        if post.owed is None:
            return verdict
        if verdict.what == "retry":
            log.warning("%s: the post is delayed (%s); retrying in %.0f s", named(post.owed), err, verdict.wait)
            self._schedule(post, image=image, wait=verdict.wait, attempts=attempts)
        else:
            self._settle_soon(post, verdict, err)
        return verdict

    def _schedule(self, post: Post, image: dict | None = None, wait: float = 0.0, attempts: int = 0,
                  after: asyncio.Task | None = None) -> None:
        """Deliver ``post`` in the background (first after ``wait`` seconds and, if given, once
        ``after`` has finished: a league's posts reach a channel in the order they were written)."""
        key = post.owed
        old = self._waiting.get(key)
        if old is not None and not old.done() and old is not asyncio.current_task():
            if self._posts.get(key) is post or not _newer(post, self._posts.get(key)):
                return  # already on its way
            old.cancel()  # the post of an undone move: this one, of the move made again, replaces it
        self._posts[key] = post
        self._images[key] = image
        self._waiting[key] = asyncio.get_running_loop().create_task(
            self._run(post, image, wait, attempts, after), name=f"outbox-{key[0]}-{key[1]}")

    def _settle_soon(self, post: Post, verdict: Verdict, err: BaseException | None, tell: bool = True) -> None:
        key = post.owed
        self._posts[key] = post
        self._waiting[key] = asyncio.get_running_loop().create_task(self._settle(post, verdict, err, tell),
                                                                    name=f"outbox-settle-{key[0]}-{key[1]}")

    async def _run(self, post: Post, image: dict | None, wait: float, attempts: int,
                   after: asyncio.Task | None = None) -> None:
        key = post.owed
        try:
            if after is not None:
                with contextlib.suppress(Exception):  # delivered or settled: either way its turn has passed
                    await after
            while True:
                if wait > 0:
                    await self.clock.sleep(wait)
                if (wait > 0 or after is not None) and not await self._still_owed(post):
                    log.info("%s: its move was undone (or its post settled) meanwhile; not posted", named(key))
                    return
                try:
                    await self._post(post, image)
                    return
                except asyncio.CancelledError:
                    raise
                except Exception as err:  # noqa: BLE001  classified: retried or settled
                    attempts += 1
                    verdict = classify(err, attempts)
                    if verdict.what != "retry":
                        await self._settle(post, verdict, err)
                        return
                    log.warning("%s: the post is still delayed (%s); retry %d in %.0f s",
                                named(key), err, attempts, verdict.wait)
                    wait = verdict.wait
        finally:
            if self._waiting.get(key) is asyncio.current_task():
                self._waiting.pop(key, None)
                self._posts.pop(key, None)
                self._images.pop(key, None)

    async def _still_owed(self, post: Post) -> bool:
        """Whether the store still owes ``post`` (a game's: a league's always is): not delivered or
        given up meanwhile, nor its move undone, and not replaced by the post of a move made again."""
        if of_league(post):
            return True
        made = await self.client.store.post_owed_at(*post.owed)
        return made is not None and (post.owed_at is None or made == post.owed_at)

    async def _post(self, post: Post, image: dict | None) -> None:
        """One attempt: the post to its channel (with a nonce: a repeat cannot post twice)."""
        client = self.client
        channel = await send.channel_of(client, post.channel_id)
        ours = await send.place_of(client, getattr(getattr(channel, "guild", None), "id", None))
        if post.png is None and post.draw is None and image is not None:
            if of_league(post):  # a standings image, drawn as the standings are now
                leagues = getattr(client, "leagues", None)
                post.png = await leagues.redraw(image, ours) if leagues is not None else None
            else:
                post.png = await client.sessions.redraw(post.owed[0], image, ours, post.alt)
                post.filename = "turn.png"
        await post.render(ours)
        message = await send.owed_to_channel(client, channel, post, ours)
        if not await self.delivered(post, message) or of_league(post):
            return
        if post.board_of is not None or post.png is not None:
            await client.components.after_reply(channel, client.sessions, post.owed[0], ours)

    async def _settle(self, post: Post, verdict: Verdict, err: BaseException | None, tell: bool = True) -> None:
        """A post Discord will never take: marked, and the table told where it still can be."""
        key = post.owed
        try:
            log.warning("%s: the post cannot be delivered (%s): %s", named(key), verdict.what, err)
            if of_league(post):  # the league's channel or thread refuses it: marked, never tried again
                await self.client.store.league_post_failed(key[1], verdict.what)
                signup = _signup_of(post)
                if signup is not None and getattr(self.client, "leagues", None) is not None:
                    await self.client.leagues.unposted(signup)  # a sign-up nobody can see: called off
                return
            await self.client.store.post_failed(key[0], key[1], verdict.what)
            if verdict.what == "gone":
                await send.orphaned(self.client, key[0])
            elif verdict.what == "denied" and tell:
                await send.refused(self.client, key[0], post)
        except Exception:  # noqa: BLE001  telling is a courtesy: the row is what matters
            log.warning("game %s: settling the post of move %d failed", key[0], key[1], exc_info=True)
        finally:
            if self._waiting.get(key) is asyncio.current_task():
                self._waiting.pop(key, None)
                self._posts.pop(key, None)
                self._images.pop(key, None)


def _newer(post: Post, than: Post | None) -> bool:
    """Whether ``post`` was owed after ``than`` (the same row: a move made again after an undo)."""
    return than is None or (post.owed_at or "") > (than.owed_at or "")
