"""Pausing a whole table (``/game pause``, ``/game resume``): every seat's clock stops and no
reminder or time-out falls due until the table resumes, by a vote, by its creator, or at the
date given.

A pause is a vacation for every person at the table at once, over the same span (``clocks``:
time inside a vacation is not counted, deadlines and reminders move past it), so the rules that
already keep one player's vacation apply to the table without a second mechanism. The pause
itself (since, until, who) is kept in the store's settings (scope ``pause``, the game's id) and
its end is a timer (``unpause:<game>``) that tells the table it runs again; both survive a
restart. ``/game resume`` cuts each seat's pause span short at that moment.

Who decides: the table's creator (or Manage Server) at once; any other seated player asks, and
every other person at the table must agree (the buttons under the request, like an undo's).
"""

from __future__ import annotations

import json

from .. import history, timers
from ..bot_seats import mention
from ..posts import notice
from ..tables import Actor, Table
from .clocks import DAY, MAX_VACATION_DAYS
from .outcome import Outcome, denied, vote

SCOPE, KEY = "pause", "table"


class TablePause:
    """Table pauses of the play-by-post service ``pbp`` (polls, clocks and timers are its own)."""

    def __init__(self, pbp):
        self.pbp = pbp

    def _t(self, key: str, **kw) -> str:
        return self.pbp._t(key, **kw)

    async def state(self, gid: int) -> dict | None:
        """The running pause of game ``gid`` ({"since", "until", "by"}), None when it runs."""
        return await self.pbp.sessions.store.get_setting(SCOPE, gid, KEY, None) or None

    async def line(self, table: Table) -> list[str]:
        """The ``/game status`` line of a paused table."""
        got = await self.state(table.record.id) if table.record.status == "running" else None
        if not got:
            return []
        return [self._t("pause.status", until=history.stamp(got["until"], "f"), left=history.stamp(got["until"], "R"))]

    # --- asking -------------------------------------------------------------------------------------
    async def request(self, table: Table | None, actor: Actor, days: float | None, resume: bool = False) -> Outcome:
        """``/game pause [days]`` (``resume``: ``/game resume``) by ``actor``: done at once by the
        creator or a server manager, else put to the other players' vote."""
        kind = "resume" if resume else "pause"
        if table is None or table.record.status != "running" or table.state is None:
            return denied(self._t("pause.no_game"))
        gid = table.record.id
        seat = table.seat_of(actor.user_id)
        boss = actor.user_id == table.record.creator_id or actor.can_manage
        if seat is None and not boss:
            return denied(self._t("pause.not_seated"))
        paused = await self.state(gid)
        if resume and not paused:
            return denied(self._t("pause.not_paused"))
        if not resume and paused:
            return denied(self._t("pause.already", until=history.stamp(paused["until"], "f")))
        if days is not None and not 0 < days <= MAX_VACATION_DAYS:
            return denied(self._t("pause.days", days=MAX_VACATION_DAYS))
        voters = sorted(await self.pbp._io(self.pbp._voters, table, seat)) if seat is not None else []
        if boss or not voters:
            return await self._apply(table, kind, actor.name, days)
        if await self.pbp._io(self.pbp._open_poll, gid, kind):
            return denied(self._t("pause.pending"))
        poll = await self.pbp._io(self.pbp._new_poll, gid, kind, {"seat": seat, "days": days, "from": voters},
                                  write=True)
        until = self.pbp.now() + (days or MAX_VACATION_DAYS) * DAY
        who = " ".join(mention(table.seats[s].user_id, table.seats[s].name) for s in voters)
        ask = (self._t("pause.ask_resume", name=actor.name, who=who) if resume else
               self._t("pause.ask", name=actor.name, until=history.stamp(until, "f"), who=who) if days else
               self._t("pause.ask_open", name=actor.name, who=who))
        return Outcome(private=self._t("pause.asked"), public=notice(
            ask, channel_id=table.record.channel_id,
            buttons=[vote(poll, "yes", self._t("pause.yes")), vote(poll, "no", self._t("pause.no"))],
            mentions=[table.seats[s].user_id for s in voters]))

    async def vote(self, table: Table, poll_id: int, kind: str, data: dict, votes: dict, voter,
                   choice: str) -> Outcome:
        """A click on a pause (or resume) request: every asked player must agree; one "no" ends it."""
        if voter is None or voter not in data["from"] or choice not in ("yes", "no"):
            return denied(self._t("pause.not_voter"))
        asker = table.seats[data["seat"]].name
        if choice == "no":
            await self.pbp._write(self.pbp.rows.close_poll, poll_id)
            await self.pbp.notifier.send(notice(self._t("pause.refused", asker=asker, name=table.seats[voter].name),
                                                channel_id=table.record.channel_id))
            return Outcome(private=self._t("pause.refused_you"))
        votes[str(voter)] = "yes"
        await self.pbp._write(self.pbp.rows.set_votes, poll_id, json.dumps(votes))
        if not set(data["from"]) <= {int(k) for k in votes}:
            return Outcome(private=self._t("pause.agreed_some", votes=len(votes), voters=len(data["from"])))
        await self.pbp._write(self.pbp.rows.close_poll, poll_id)
        paused = await self.state(table.record.id)
        if (kind == "pause") == bool(paused):  # resumed or paused another way meanwhile
            return denied(self._t("pause.already" if paused else "pause.not_paused",
                                  until=history.stamp(paused["until"], "f") if paused else ""))
        out = await self._apply(table, kind, asker, data.get("days"))
        if out.public is not None:
            await self.pbp.notifier.send(out.public)
        return Outcome(private=self._t("pause.agreed"))

    # --- doing ----------------------------------------------------------------------------------------
    async def _apply(self, table: Table, kind: str, name: str, days: float | None) -> Outcome:
        gid, now = table.record.id, self.pbp.now()
        store = self.pbp.sessions.store
        if kind == "pause":
            until = now + (days or MAX_VACATION_DAYS) * DAY
            await self.pbp._io(self._pause_clocks, table, now, until, write=True)
            await store.set_setting(SCOPE, gid, KEY, {"since": now, "until": until, "days": days})
            text = (self._t("pause.done", name=name, until=history.stamp(until, "f"), left=history.stamp(until, "R"))
                    if days else self._t("pause.done_open", name=name, until=history.stamp(until, "f")))
            return Outcome(private=self._t("pause.done_you"), public=notice(text, channel_id=table.record.channel_id))
        paused = await self.state(gid)
        await self.pbp._io(self._resume_clocks, table, paused["since"], paused["until"], now, write=True)
        await store.set_setting(SCOPE, gid, KEY, None)
        # a reminder the resume makes due at once (a wait of hours before the pause) fires after the
        # table has read this: the command holds the timers until its reply is posted (``respond``)
        return Outcome(private=self._t("pause.resumed_you"),
                       public=notice(self._t("pause.resumed", name=name), channel_id=table.record.channel_id))

    def _seats(self, table: Table):
        return [(seat, p) for seat, p in enumerate(table.seats) if not p.is_bot]

    def _pause_clocks(self, table: Table, now: float, until: float) -> None:
        """Database thread: a vacation [now, until) on every person's clock (after the vacation
        they are already on), their deadline and reminder moved past it; the end's timer."""
        pbp, gid = self.pbp, table.record.id
        tc = pbp.time_control(gid)
        for seat, player in self._seats(table):
            clock = pbp._clock(gid, seat, tc)
            start = max([now] + [v1 for v0, v1 in clock.vacations if v0 <= now < v1])
            if start < until:
                clock.vacations.append([start, until])
            self._rescheduled(table, seat, player.user_id, tc, clock)
        pbp.dispatcher.add("unpause", until, {"game_id": gid, "until": until}, key=f"unpause:{gid}", game_id=gid)

    def _resume_clocks(self, table: Table, since: float, until: float, now: float) -> None:
        """Database thread: each person's pause span ends now (a vacation of their own stays)."""
        pbp, gid = self.pbp, table.record.id
        tc = pbp.time_control(gid)
        for seat, player in self._seats(table):
            clock = pbp._clock(gid, seat, tc)
            kept = []
            for v0, v1 in clock.vacations:
                if v1 == until and v0 >= since:
                    v1 = max(v0, now)
                if v1 > v0:
                    kept.append([v0, v1])
            clock.vacations = kept
            self._rescheduled(table, seat, player.user_id, tc, clock)
        pbp.dispatcher.cancel(f"unpause:{gid}")

    def _rescheduled(self, table: Table, seat: int, user_id: int, tc, clock) -> None:
        pbp, gid = self.pbp, table.record.id
        pbp._save_clock(gid, seat, clock)
        if pbp.rows.wait(gid, seat) is not None:
            pbp._schedule_deadline(gid, seat, tc, clock)
            pbp._remind(gid, seat, user_id)

    async def on_timer(self, timer: timers.Timer) -> None:
        """The pause's date has come: the table runs again (its clocks already do: the span ended)."""
        gid = timer.payload["game_id"]
        paused = await self.state(gid)
        if not paused or abs(paused["until"] - timer.payload["until"]) > 1:
            return  # resumed (or paused again) meanwhile
        await self.pbp.sessions.store.set_setting(SCOPE, gid, KEY, None)
        table = self.pbp.table_of(gid)
        if table is not None and table.record.status == "running":
            await self.pbp.notifier.send(notice(self._t("pause.over"), channel_id=table.record.channel_id))

