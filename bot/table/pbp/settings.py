"""A game's and a player's settings: vacation, ``/game settings`` (reminders, time control),
``/me settings``, the game's thread kept open, the limit of games per player, and the
archive of a table nobody plays. Part of :class:`bot.table.pbp.service.Pbp`.
"""

from __future__ import annotations

import json
import logging

from ...words.i18n import reason
from .. import history, timers
from ..posts import notice
from ..records.results import ABANDONED
from ..tables import Actor, Table
from . import clocks
from .clocks import TimeControl
from .outcome import THREAD_KEEPALIVE, Outcome, denied
from .reminders import PlayerPrefs, ReminderPolicy, parse_hhmm, zone

log = logging.getLogger(__name__)


class Settings:
    """Vacation, settings, threads, the game limit and the archive (a mixin of ``Pbp``)."""

    async def vacation(self, user_id: int, days: float) -> Outcome:
        """Pause the caller's clock in every running game they sit in, and say so at each of
        those tables (not only where it was typed)."""
        out, touched = await self._io(self._vacation, user_id, days, write=True)
        for gid, until in touched:
            record = await self.sessions.store.game(gid)
            if record is not None:
                await self.notifier.send(notice(self._t("pbp.vacation.public", user=user_id, until=until),
                                                channel_id=record.channel_id))
        return out

    def _vacation(self, user_id: int, days: float) -> tuple[Outcome, list[tuple[int, str]]]:
        now = self.now()
        touched = []
        for gid, seat in self._seats_of(user_id, ("running",)):
            tc = self.time_control(gid)
            clock = self._clock(gid, seat, tc)
            try:
                start, end = clocks.add_vacation(clock, now, days)
            except ValueError as err:
                return denied(reason(err)), []
            self._save_clock(gid, seat, clock)
            if self.rows.wait(gid, seat) is not None:
                self._schedule_deadline(gid, seat, tc, clock)
                self._remind(gid, seat, user_id)
            touched.append((gid, history.moment(end)))
        if not touched:
            return denied(self._t("pbp.vacation.none")), []
        return Outcome(private=self._t("pbp.vacation.done", count=len(touched), until=touched[-1][1])), touched

    async def set_game(self, channel_id: int, user_id: int, remind_hours: float | None = None,
                       time_control: str | None = None) -> Outcome:
        """``/game settings``: reminder interval any time, time control before the start."""
        table = self.sessions.table(channel_id)
        if table is None:
            return denied(self._t("pbp.settings.no_game"))
        if table.seat_of(user_id) is None:
            return denied(self._t("pbp.settings.not_seated"))
        write = remind_hours is not None or time_control is not None  # just looking never writes
        return await self._io(self._set_game, table, channel_id, user_id, remind_hours, time_control, write=write)

    def _set_game(self, table: Table, channel_id: int, user_id: int, remind_hours: float | None,
                  time_control: str | None) -> Outcome:
        gid = table.record.id
        if remind_hours is not None or time_control is not None:
            self._ensure(gid)
        said = []
        if time_control is not None:
            if table.record.status != "open":
                return denied(self._t("pbp.settings.started"))
            try:
                tc = TimeControl.parse(time_control)
            except ValueError as err:
                return denied(reason(err))
            self.rows.set_time_control(gid, json.dumps(tc.to_json()))
            said.append(self._t("pbp.settings.time", control=tc.describe()))
        if remind_hours is not None:
            if not 1 <= remind_hours <= 24 * 14:
                return denied(self._t("pbp.settings.hours"))
            self.rows.set_remind_hours(gid, remind_hours)
            for seat in table.to_move():
                self._schedule_reminder(table, seat)
            said.append(self._t("pbp.settings.remind", hours=f"{remind_hours:g}"))
        if not said:
            row = self._game_row(gid)
            tc = TimeControl.from_json(json.loads(row["time_control"]))
            hours = row["remind_hours"] or ReminderPolicy().interval_hours
            return Outcome(private=self._t("pbp.settings.show", hours=f"{hours:g}", control=tc.describe()))
        return Outcome(public=notice(self._t("pbp.settings.changed", what=said), channel_id=channel_id))

    def preset_time(self, channel_id: int, text: str | None) -> str | None:
        """Remember the time control ``/game new`` asked for (None clears); returns an error text if invalid."""
        self.pending_time.pop(channel_id, None)
        if text is None:
            return None
        try:
            self.pending_time[channel_id] = TimeControl.parse(text)
        except ValueError as err:
            return reason(err)
        return None

    async def set_prefs(self, user_id: int, interval_hours: float | None = None, quiet: str | None = None,
                        tz: str | None = None, dm: bool | None = None) -> Outcome:
        """``/me settings``. ``quiet`` is ``22:00-07:00`` (or ``off``)."""
        return await self._io(self._set_prefs, user_id, interval_hours, quiet, tz, dm, write=True)

    def _set_prefs(self, user_id: int, interval_hours: float | None, quiet: str | None,
                   tz: str | None, dm: bool | None) -> Outcome:
        old = self._prefs(user_id)
        start, end = old.quiet_start, old.quiet_end
        try:
            if tz is not None:
                zone(tz)
            if quiet is not None:
                if quiet.strip().lower() in ("", "off", "none"):
                    start = end = None
                else:
                    a, sep, b = quiet.partition("-")
                    if not sep:
                        raise ValueError(self._t("pbp.prefs.quiet_format"))
                    start, end = parse_hhmm(a).strftime("%H:%M"), parse_hhmm(b).strftime("%H:%M")
            if interval_hours is not None and not 1 <= interval_hours <= 24 * 14:
                raise ValueError(self._t("pbp.settings.hours"))
        except ValueError as err:
            return denied(reason(err))
        new = PlayerPrefs(interval_hours if interval_hours is not None else old.interval_hours, start, end,
                          tz if tz is not None else old.tz, dm if dm is not None else old.dm)
        self.rows.set_prefs(user_id, new.interval_hours, new.quiet_start, new.quiet_end, new.tz, new.dm)
        for gid, seat in self._seats_of(user_id, ("running",)):
            self._remind(gid, seat, user_id)  # only where the table waits for them (a pbp_waits row)
        quiet_text = f"{new.quiet_start}-{new.quiet_end}" if new.quiet_start else self._t("pbp.prefs.none")
        every = f"{new.interval_hours:g} h" if new.interval_hours else self._t("pbp.prefs.table_interval")
        how = self._t("pbp.prefs.dm" if new.dm else "pbp.prefs.channel")
        return Outcome(private=self._t("pbp.prefs.done", every=every, quiet=quiet_text, tz=new.tz, how=how))

    async def set_thread(self, gid: int, thread_id: int) -> None:
        """The game lives in its own thread: keep that thread from auto-archiving while it runs."""
        await self._io(self._set_thread, gid, thread_id, write=True)

    def _set_thread(self, gid: int, thread_id: int) -> None:
        self._ensure(gid)
        self.rows.set_thread(gid, thread_id)
        self.dispatcher.add("thread", self.now() + THREAD_KEEPALIVE, {"game_id": gid}, key=f"thread:{gid}",
                            game_id=gid)

    async def _on_thread(self, timer: timers.Timer) -> None:
        gid = timer.payload["game_id"]
        table = await self._current(gid)
        if table is None:
            return
        row = await self._io(self._game_row, gid)
        if not row["thread_id"]:
            return
        await self.notifier.keep_thread_alive(row["thread_id"])
        await self._io(self.dispatcher.add, "thread", self.now() + THREAD_KEEPALIVE, {"game_id": gid},
                       key=f"thread:{gid}", game_id=gid, write=True)

    async def game_thread(self, thread_id: int) -> bool:
        """Whether a thread belongs to a game still open or running (keep it unarchived)."""
        gid = await self._io(self.rows.game_of_thread, thread_id)
        return gid is not None and self.table_of(gid) is not None

    async def over_limit(self, user_id: int) -> str | None:
        """A refusal when the player already sits in as many open or running games as allowed
        (counted over every shard's games)."""
        if not self.game_limit:
            return None
        count = len(await self._io(self._seats_of, user_id))
        if count >= self.game_limit:
            return self._t("pbp.limit", count=count, limit=self.game_limit)
        return None

    async def _on_archive(self, timer: timers.Timer) -> None:
        gid = timer.payload["game_id"]
        table = await self._current(gid)
        if table is None:
            return
        row = await self._io(self._game_row, gid)
        if row["last_activity"] and clocks.archive_due(row["last_activity"]) > self.now() + 1:
            await self._io(self.dispatcher.add, "archive", clocks.archive_due(row["last_activity"]),
                           {"game_id": gid}, key=f"archive:{gid}", game_id=gid, write=True)
            return
        creator = Actor(table.record.creator_id, "the bot", can_manage=True)
        await self.sessions.abort(table.record.channel_id, creator, how=ABANDONED)
        await self._io(lambda: (self.rows.ensure_game(gid), self.rows.set_archived(gid)), write=True)
        await self.notifier.send(notice(
            self._t("pbp.archived", game=table.engine.name, days=clocks.ARCHIVE_AFTER_DAYS, moves=table.n),
            channel_id=table.record.channel_id))
