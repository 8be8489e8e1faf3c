"""The daily digest (``/me settings digest:08:00``): one DM a day, at the time a player chose in
their own time zone, listing every game waiting for them: the game, where, what is asked and
since when (a Discord timestamp), each with a button that opens the game's last turn post
(where its "Play" button is). Off by default; nothing is sent on a day nothing waits.

Kept in the store's settings (scope ``digest``, the player's id, key ``at``: "HH:MM", or None:
off) and one durable timer per player (``digest:<user>``, kind ``digest``) in the one timer
dispatcher: a restart keeps it. The next day's timer is written before the DM is sent, so a
crash in between loses that day's digest rather than sending it twice. The time is a wall-clock
time in the player's zone (``/me settings timezone:``, IANA names, zoneinfo), worked out again
each day, so it stays 08:00 across a daylight-saving change.

A DM Discord refuses (the player's DMs are closed: 50007) turns the digest off, with no retry;
the player is told the next time they use a command (the users to tell: settings scope
``digest``, id 0, key ``closed``).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import datetime, timedelta

from ...words.i18n import Refusal, joined, reason
from .. import history
from ..posts import Button, Post
from .outcome import Outcome, board_link, denied
from .reminders import parse_hhmm, zone

log = logging.getLogger(__name__)

SCOPE, KEY = "digest", "at"
#: the players whose digest was turned off because Discord refused the DM, still to be told
CLOSED = (SCOPE, 0, "closed")
#: Discord's limits: 25 buttons a message (5 rows of 5); the list stops there and says how many more
MAX_GAMES = 25
OFF_WORDS = ("off", "none", "no", "0", "stop")


def next_due(at: str, tz: str | None, now: float) -> float:
    """The first moment after ``now`` when the clock of zone ``tz`` reads ``at`` ("HH:MM"). The
    wall-clock time is kept each day, so the UTC moment moves by an hour across a DST change
    (a time the change skips is read with the offset before it: 02:30 becomes 03:30)."""
    place, when = zone(tz), parse_hhmm(at)
    local = datetime.fromtimestamp(now, place)
    for days in range(3):
        moment = datetime.combine(local.date() + timedelta(days=days), when, tzinfo=place).timestamp()
        if moment > now + 1:
            return moment
    raise AssertionError("a day has a time like any other")  # pragma: no cover


@dataclass
class Waiting:
    """One game waiting for the player, as the digest lists it."""

    game_id: int
    game: str
    place: str
    what: str
    since: float
    link: str


class Digest:
    """The daily digests of the play-by-post service ``pbp`` (its store, notifier and dispatcher)."""

    def __init__(self, pbp):
        self.pbp = pbp
        #: the players still to be told their digest went off (read once: every command asks it)
        self._closed: set[int] | None = None

    def _t(self, key: str, **kw) -> str:
        return self.pbp._t(key, **kw)

    @property
    def _store(self):
        return self.pbp.sessions.store

    async def at(self, user_id: int) -> str | None:
        """The player's digest time ("HH:MM"), None when it is off."""
        return await self._store.get_setting(SCOPE, user_id, KEY, None)

    # --- /me settings digest: -----------------------------------------------------------------------
    async def set(self, user_id: int, text: str) -> Outcome:
        """``digest:08:00`` (on, at that time in the player's zone) or ``digest:off``."""
        if text.strip().lower() in OFF_WORDS:
            await self._store.set_setting(SCOPE, user_id, KEY, None)
            await self.pbp._io(self.pbp.dispatcher.cancel, f"digest:{user_id}", write=True)
            return Outcome(private=self._t("digest.off"))
        try:
            at = parse_hhmm(text).strftime("%H:%M")
        except Refusal as err:
            return denied(joined([reason(err), self._t("digest.how")], "join.sentences"))
        await self._store.set_setting(SCOPE, user_id, KEY, at)
        await self._told(user_id)  # turned on again: nothing to tell any more
        due = await self._schedule(user_id, at)
        tz = (await self.pbp.prefs(user_id)).tz or "UTC"
        return Outcome(private=self._t("digest.on_utc" if tz == "UTC" else "digest.on", at=at, tz=tz,
                                       when=history.stamp(due, "f")))

    async def follow_zone(self, user_id: int) -> None:
        """The player's time zone changed: their digest keeps its wall-clock time in the new zone."""
        at = await self.at(user_id)
        if at is not None:
            await self._schedule(user_id, at)

    async def _schedule(self, user_id: int, at: str) -> float:
        tz = (await self.pbp.prefs(user_id)).tz
        due = next_due(at, tz, self.pbp.now())
        await self.pbp._io(self.pbp.dispatcher.add, "digest", due, {"user_id": user_id, "at": at},
                           key=f"digest:{user_id}", user_id=user_id, write=True)
        return due

    # --- the day's DM ---------------------------------------------------------------------------------
    async def on_timer(self, timer) -> None:
        """The player's time has come: tomorrow's timer first, then today's DM if a game waits."""
        user_id = timer.payload["user_id"]
        at = await self.at(user_id)
        if at is None or at != timer.payload.get("at"):
            return  # turned off, or set to another time (which has its own timer)
        await self._schedule(user_id, at)
        waiting = await self.waiting(user_id)
        if not waiting:
            return
        sent = await self.pbp.notifier.dm(self.post(user_id, waiting))
        if sent == "closed":  # Discord refused the DM: off, told next time, never tried again
            log.info("digest of %s turned off: DMs closed", user_id)
            await self._store.set_setting(SCOPE, user_id, KEY, None)
            await self.pbp._io(self.pbp.dispatcher.cancel, f"digest:{user_id}", write=True)
            closed = await self._closed_users()
            closed.add(user_id)
            await self._store.set_setting(*CLOSED, sorted(closed))

    async def waiting(self, user_id: int) -> list[Waiting]:
        """Every running game waiting for the player (not paused), the longest waiting first."""
        pbp = self.pbp
        out = []
        for gid, seat in await pbp._io(pbp._seats_of, user_id, ("running",)):
            wait = await pbp._io(pbp.rows.wait, gid, seat)
            if wait is None or await pbp.pause.state(gid):
                continue
            table = await pbp._current(gid)
            if table is None or table.state is None or seat not in table.to_move() \
                    or table.seats[seat].user_id != user_id:
                continue
            record = await self._store.game(gid) or table.record  # the last turn post as the store has it
            link = (board_link(record.guild_id, record.channel_id, record.board_message_id)
                    or f"https://discord.com/channels/{record.guild_id or '@me'}/{record.channel_id}")
            out.append(Waiting(gid, table.engine.name, pbp.notifier.place(record.guild_id, record.channel_id),
                               pbp.sessions.prompt(table, seat), wait["since"], link))
        return sorted(out, key=lambda w: (w.since, w.game_id))

    def post(self, user_id: int, waiting: list[Waiting]) -> Post:
        """The DM: a line per game (at most :data:`MAX_GAMES`, then how many more), a link button each."""
        shown = waiting[:MAX_GAMES]
        lines = [self._t("digest.title", count=len(waiting))]
        lines += [self._t("digest.row", game=w.game, place=w.place, what=w.what, since=history.stamp(w.since, "R"))
                  for w in shown]
        if len(waiting) > len(shown):
            lines.append(self._t("digest.more", count=len(waiting) - len(shown)))
        buttons = [Button("link", (w.link,), self._t("digest.play", game=w.game, n=i + 1), "link")
                   for i, w in enumerate(shown)]
        return Post(lines, buttons=buttons, user_id=user_id)

    # --- the note after a refused DM ----------------------------------------------------------------
    async def _closed_users(self) -> set[int]:
        if self._closed is None:
            self._closed = set(await self._store.get_setting(*CLOSED, []) or [])
        return self._closed

    async def note(self, user_id: int) -> str | None:
        """What to tell a player whose digest Discord refused (once), else None. Kept in memory
        after the first read (every command asks); with several shard processes a player may be
        told by each process that knew."""
        if user_id not in await self._closed_users():
            return None
        await self._told(user_id)
        return self._t("digest.closed")

    async def _told(self, user_id: int) -> None:
        closed = await self._closed_users()
        if user_id in closed:
            closed.discard(user_id)
            await self._store.set_setting(*CLOSED, sorted(closed))
