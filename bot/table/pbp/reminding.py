"""Reminders: a waited-for seat is reminded as the table's and the player's settings say (quiet
hours, DMs), a reminder can be muted for the wait, a table nobody moves is marked stalled.
Part of :class:`bot.table.pbp.service.Pbp`.
"""

from __future__ import annotations

import functools
import logging
from datetime import datetime

from ...words.i18n import joined
from .. import history, timers
from ..posts import Button, notice
from ..tables import Table
from . import clocks
from .clocks import SeatClock, held_clock, stored_control
from .outcome import Outcome, board_link, denied
from .reminders import PlayerPrefs, format_wait, next_step

log = logging.getLogger(__name__)

#: characters of turns a reminder's recap lists at most (a message holds 2,000)
REMINDER_RECAP_CHARS = 700


@functools.lru_cache(maxsize=4096)
def due_seconds(due: str) -> float:
    """A standing reminder's stored due time (ISO text) in epoch seconds: read for every waited-for
    seat after every move, and the same text move after move while the reminder stands."""
    return timers.epoch(datetime.fromisoformat(due))


class Reminding:
    """The reminders of waited-for seats (a mixin of ``Pbp``)."""

    def _schedule_reminder(self, table: Table, seat: int, wait=None, clock: SeatClock | None = None,
                           row=None, prefs: PlayerPrefs | None = None, standing: str | None = None,
                           now: float | None = None) -> None:
        if seat < len(table.seats):
            self._remind(table.record.id, seat, table.seats[seat].user_id, wait=wait, clock=clock, row=row,
                         prefs=prefs, standing=standing, now=now)

    def _remind(self, gid: int, seat: int, user: int, wait=None, clock: SeatClock | None = None,
                row=None, prefs: PlayerPrefs | None = None, standing: str | None = None,
                now: float | None = None) -> None:
        """(Re)schedule the reminder of a waited-for seat; nothing if the seat is not waited for.
        ``wait``, ``clock``, ``row``, ``prefs``: the seat's wait, clock, the game's settings row
        and the player's preferences when the caller has them at hand (``_sync``, on every
        move); read here otherwise. ``standing``: the due time of the seat's reminder already
        scheduled (a turn going on, or one left from the seat's last wait): it stays if it falls
        due no later than the new one (when due, :meth:`_on_remind` moves it on to the wait's real
        next step), so a move does not rewrite the timers table. ``now``: the caller's time (a
        step's one instant), else the clock's."""
        step = self._next_step(gid, seat, user, wait, clock, row, prefs, now)
        if step is None:
            return
        if standing is not None and due_seconds(standing) <= step.at + 1:
            return
        self.dispatcher.add("remind", step.at, {"game_id": gid, "seat": seat, "step": step.kind},
                            key=f"remind:{gid}:{seat}", game_id=gid, user_id=user)

    def _next_step(self, gid: int, seat: int, user: int, wait=None, clock: SeatClock | None = None,
                   row=None, prefs: PlayerPrefs | None = None, now: float | None = None):
        """The seat's next reminder (or stall) as its wait stands; None if the seat is not waited for."""
        if wait is None:
            wait = self.rows.wait(gid, seat)
        if wait is None:
            return None
        if clock is None:
            clock = self._clock(gid, seat, self.time_control(gid))
        vacation = clocks.on_vacation(clock, self.now() if now is None else now)
        return next_step(wait["since"], wait["reminded"], wait["last_at"], self.policy(gid, row),
                         prefs if prefs is not None else self._prefs(user), vacation_until=vacation)

    def _early(self, table: Table, gid: int, seat: int, now: float):
        """A reminder that fired before the wait's next step (left standing by a later move, see
        :meth:`_remind`) is moved on to it: True. Else the step to take now (remind or stall)."""
        step = self._next_step(gid, seat, table.seats[seat].user_id)
        if step is not None and step.at > now + 1:
            self._schedule_reminder(table, seat)
            return True
        return step

    def _wait(self, gid: int, seat: int):
        return self.rows.wait(gid, seat)

    def _mark_stalled(self, gid: int) -> bool:
        """Whether the game became stalled now (it was not before)."""
        if self._ensure(gid)["stalled"]:
            return False
        self.rows.set_stalled(gid)
        return True

    def _reminded(self, table: Table, gid: int, seat: int, now: float) -> None:
        self.rows.reminded(gid, seat, now)
        self._schedule_reminder(table, seat)

    # --- each seat's clock, as /game status and the reminders show it ------------------------------
    async def clock_lines(self, table: Table, seats: list[int] | None = None) -> list[str]:
        """A line per seat (or per seat of ``seats``) saying how much time it has left and when it
        runs out (Discord timestamps), or since when the table waits for it without a limit."""
        if table.record.status != "running":
            return []
        return await self._io(self._clock_lines, table, seats)

    def _clock_lines(self, table: Table, seats: list[int] | None) -> list[str]:
        gid, now = table.record.id, self.now()
        row = self._game_row(gid)
        tc = stored_control(row["time_control"])
        waits, held, _prefs, _dues = self._seat_rows([gid]).get(gid, ({}, {}, {}, {}))
        lines = []
        for seat, player in enumerate(table.seats):
            if player.is_bot or (seats is not None and seat not in seats):
                continue
            clock = held_clock(held, seat, tc)
            parts = []
            left = clocks.remaining(tc, clock, now) if tc.mode != "none" else None
            if left is not None:
                due = clocks.deadline(tc, clock, now) if seat in waits else None
                parts.append(self._t("clock.left", name=player.name, left=format_wait(max(0.0, left)))
                             if due is None else
                             self._t("clock.runs_out", name=player.name, left=format_wait(max(0.0, left)),
                                     when=history.stamp(due, "R")))
            elif seat in waits:
                parts.append(self._t("clock.waited", name=player.name, when=history.stamp(waits[seat]["since"], "R")))
            away = clocks.on_vacation(clock, now)
            if away and parts:
                parts.append(self._t("clock.away", when=history.moment(away)))
            if parts:
                lines.append(joined(parts, "join.concat"))
        if not lines:
            return []
        return [self._t("clock.title", control=tc.describe()), *lines]

    async def _on_remind(self, timer: timers.Timer) -> None:
        gid, seat = timer.payload["game_id"], timer.payload["seat"]
        table = await self._current(gid)
        if table is None or seat not in table.to_move():
            return
        wait = await self._io(self._wait, gid, seat)
        if wait is None or seat >= len(table.seats):
            return
        now = self.now()
        step = await self._io(self._early, table, gid, seat, now, write=True)
        if step is True or step is None:  # not due yet (moved on), or no longer waited for
            return
        if step.kind == "stall":
            if await self._io(self._mark_stalled, gid, write=True):
                await self.notifier.send(notice(
                    self._t("pbp.stalled", game=table.engine.name, waited=format_wait(now - wait["since"]),
                            name=table.seats[seat].name),
                    channel_id=table.record.channel_id))
            return
        if not wait["muted"]:
            await self._send_reminder(table, seat, now - wait["since"], wait["since"])
        await self._io(self._reminded, table, gid, seat, now, write=True)

    async def _send_reminder(self, table: Table, seat: int, waited: float, since: float) -> None:
        record = await self.sessions.store.game(table.record.id) or table.record
        user = table.seats[seat].user_id
        prefs = await self.prefs(user)
        link = board_link(record.guild_id, record.channel_id, record.board_message_id)
        place = getattr(self.notifier, "place", None)
        where = place(record.guild_id, record.channel_id) if place else f"<#{record.channel_id}>"
        parts = [self._t("pbp.remind", user=user, game=table.engine.name, where=where, waited=format_wait(waited))]
        try:  # say what is asked, as the turn's post did ("Choose your cards (secret).")
            parts.append(self.sessions._still(table, seat))
        except Exception:
            log.exception("the reminder's prompt failed")
        if link:
            parts[-1] = joined([parts[-1], self._t("pbp.remind.board", link=link)], "join.concat")
        parts += (await self.clock_lines(table, [seat]))[1:]  # the seat's own clock
        try:  # the same catch-up as /game recap, shorter: what happened since their last move
            parts += (await self.recap_lines(table, seat, REMINDER_RECAP_CHARS))[:-1]
        except Exception:
            log.exception("the reminder's recap failed")
        text = joined(parts)  # worded again in the reader's language when sent
        button = Button("mute", (table.record.id, seat, int(since)), self._t("pbp.remind.mute"))
        note = notice(text, buttons=[button], mentions=[user])
        if prefs.dm:
            note.user_id, note.fallback_channel_id = user, record.channel_id
        else:
            note.channel_id = record.channel_id
        await self.notifier.send(note)

    async def mute(self, gid: int, seat: int, since: int, user_id: int) -> Outcome:
        """The "mute reminders this turn" button: only for that player, only for that wait."""
        return await self._io(self._mute, gid, seat, since, user_id, write=True)

    def _mute(self, gid: int, seat: int, since: int, user_id: int) -> Outcome:
        if (gid, seat) not in self._seats_of(user_id, ("running",)):  # a DM's button reaches shard 0, any game
            return denied(self._t("pbp.mute.not_yours"))
        wait = self.rows.wait(gid, seat)
        if wait is None or int(wait["since"]) != since:
            return denied(self._t("pbp.mute.over"))
        self.rows.mute(gid, seat)
        return Outcome(private=self._t("pbp.mute.done"))
