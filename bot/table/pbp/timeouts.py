"""Time limits: a seat out of time opens a vote (wait, skip, drop), decided by the others; a
dropped or skipped seat (and a bot seat) is played for by a timer, outside any channel lock.
Part of :class:`bot.table.pbp.service.Pbp`.
"""

from __future__ import annotations

import collections
import json
import logging

from ...words.i18n import joined
from .. import bot_seats, timers
from ..posts import notice
from ..tables import Reply, Table
from . import clocks
from .clocks import SeatClock, TimeControl
from .outcome import Outcome, denied, vote
from .reminders import format_wait

log = logging.getLogger(__name__)


class Timeouts:
    """Deadlines, their votes and the automatic moves (a mixin of ``Pbp``)."""

    def _schedule_deadline(self, gid: int, seat: int, tc: TimeControl, clock: SeatClock) -> None:
        due = clocks.deadline(tc, clock, self.now())
        if due is None:
            self.dispatcher.cancel(f"deadline:{gid}:{seat}")
        else:
            self.dispatcher.add("deadline", due, {"game_id": gid, "seat": seat}, key=f"deadline:{gid}:{seat}",
                                game_id=gid)

    async def _on_deadline(self, timer: timers.Timer) -> None:
        gid, seat = timer.payload["game_id"], timer.payload["seat"]
        table = await self._current(gid)
        if table is None or seat not in table.to_move():
            return
        step = await self._io(self._deadline_poll, table, gid, seat, write=True)
        if step is None:
            return
        poll, voters, tc, choices = step
        if not voters:
            await self._decide_timeout(table, poll, seat, "drop")
            return
        labels = {c: self._t(f"pbp.timeout.{c}") for c in choices}
        await self.notifier.send(notice(
            self._t("pbp.timeout", name=table.seats[seat].name, game=table.engine.name, control=tc.describe(),
                    choices=[labels[c] for c in choices],
                    who=" ".join(bot_seats.mention(table.seats[s].user_id, table.seats[s].name)
                                for s in sorted(voters))),
            channel_id=table.record.channel_id,
            buttons=[vote(poll, c, labels[c]) for c in choices],
            mentions=[table.seats[s].user_id for s in sorted(voters)]))

    def _deadline_poll(self, table: Table, gid: int, seat: int):
        """The time is up: open the table's timeout poll (None: not yet, or one is open)."""
        tc = self.time_control(gid)
        clock = self._clock(gid, seat, tc)
        due = clocks.deadline(tc, clock, self.now())
        if due is None:
            return None
        if due > self.now() + 1:  # a vacation or grace moved it
            self._schedule_deadline(gid, seat, tc, clock)
            return None
        if self._open_poll(gid, "timeout", seat=seat):
            return None
        can_skip = clocks.skip_move(table.engine, table.state, seat) is not None
        choices = clocks.decision_choices(can_skip)
        voters = self._voters(table, exclude=seat)
        poll = self._new_poll(gid, "timeout", {"seat": seat, "choices": choices})
        return poll, voters, tc, choices

    def _voters(self, table: Table, exclude: int | None = None) -> set[int]:
        dropped = set(json.loads(self._game_row(table.record.id)["dropped"]))
        return {s for s in range(len(table.seats))
                if s != exclude and s not in dropped and not table.seats[s].is_bot}

    def _new_poll(self, gid: int, kind: str, data: dict) -> int:
        return self.rows.new_poll(gid, kind, json.dumps(data), self.now())

    def _open_poll(self, gid: int, kind: str, **match) -> int | None:
        for row in self.rows.open_polls(gid, kind):
            data = json.loads(row["data"])
            if all(data.get(k) == v for k, v in match.items()):
                return row["id"]
        return None

    def _close_polls(self, gid: int, kind: str, **match) -> None:
        while (poll := self._open_poll(gid, kind, **match)) is not None:
            self.rows.close_poll(poll)

    def _poll(self, poll_id: int):
        return self.rows.poll(poll_id)

    async def poll_open(self, poll_id: int) -> bool:
        row = await self._io(self._poll, poll_id)
        return row is not None and bool(row["open"])

    async def _write(self, fn, *args) -> None:
        """One writing statement (a method of :attr:`rows`) on the database thread."""
        await self._io(fn, *args, write=True)

    async def vote(self, poll_id: int, user_id: int, choice: str) -> Outcome:
        """A button press on a timeout, undo, pause, resume or seat handover poll."""
        row = await self._io(self._poll, poll_id)
        if row is None or not row["open"]:
            return denied(self._t("pbp.poll.closed"))
        table = self.table_of(row["game_id"])
        if table is None:
            return denied(self._t("pbp.poll.no_game"))
        data, votes = json.loads(row["data"]), json.loads(row["votes"])
        voter = table.seat_of(user_id)
        if row["kind"] == "timeout":
            voters = await self._io(self._voters, table, data["seat"])
            if voter not in voters or choice not in data["choices"]:
                return denied(self._t("pbp.poll.not_voter"))
            votes[str(voter)] = choice
            await self._write(self.rows.set_votes, poll_id, json.dumps(votes))
            decided = clocks.decide({int(k): v for k, v in votes.items()}, voters)
            if decided is None:
                return Outcome(private=self._t("pbp.poll.counted", votes=len(votes), voters=len(voters)))
            return await self._decide_timeout(table, poll_id, data["seat"], decided)
        if row["kind"] == "undo":
            return await self._undo_vote(table, poll_id, data, votes, voter, choice)
        if row["kind"] == "replace":
            return await self.handover.vote(table, poll_id, data, votes, voter, choice)
        if row["kind"] in ("pause", "resume"):
            return await self.pause.vote(table, poll_id, row["kind"], data, votes, voter, choice)
        return denied(self._t("pbp.poll.unknown"))

    async def _decide_timeout(self, table: Table, poll_id: int, seat: int, choice: str) -> Outcome:
        text = await self._io(self._apply_timeout, table, poll_id, seat, choice, write=True)
        note = notice(text, channel_id=table.record.channel_id)
        await self.notifier.send(note)
        return Outcome(private=self._t("pbp.timeout.decided", choice=self._t(f"pbp.timeout.{choice}")))

    def _apply_timeout(self, table: Table, poll_id: int, seat: int, choice: str) -> str:
        gid = table.record.id
        self.rows.close_poll(poll_id)
        name = table.seats[seat].name
        tc = self.time_control(gid)
        if choice == "wait":
            clock = self._clock(gid, seat, tc)
            clock.grace += clocks.grace_for_wait(tc)
            self._save_clock(gid, seat, clock)
            self._schedule_deadline(gid, seat, tc, clock)
            text = self._t("pbp.timeout.waits", name=name, grace=format_wait(clocks.grace_for_wait(tc)))
        elif choice == "skip":
            move = clocks.skip_move(table.engine, table.state, seat)
            text = self._t("pbp.timeout.skipped", name=name, move=move)
            self.dispatcher.add("auto", self.now(), {"game_id": gid, "seat": seat, "once": True},
                                key=f"auto:{gid}:{seat}", game_id=gid)
        else:
            dropped = sorted(set(json.loads(self._ensure(gid)["dropped"])) | {seat})
            self.rows.set_dropped(gid, json.dumps(dropped))
            self.dispatcher.cancel(f"remind:{gid}:{seat}")
            text = self._t("pbp.timeout.dropped", name=name)
            self.dispatcher.add("auto", self.now(), {"game_id": gid, "seat": seat}, key=f"auto:{gid}:{seat}",
                                game_id=gid)
        return text

    async def _on_auto(self, timer: timers.Timer) -> None:
        """Play for a bot seat or a dropped (or skipped) seat, outside any channel lock.

        A skipped seat passes once; every other automatic move is the bot's
        (``bot.table.bot_seats``: a search off the event loop, greedy on time-out)."""
        gid, seat = timer.payload["game_id"], timer.payload["seat"]
        table = await self._current(gid)
        if table is None or seat not in table.to_move():
            return
        now = self.now()
        at = self._paced(table.record.channel_id, now)
        if at > now:  # the channel's last automatic post is too recent: come back at reading speed
            await self._io(self.dispatcher.add, "auto", at, dict(timer.payload), key=f"auto:{gid}:{seat}",
                           game_id=gid, write=True)
            return
        engine = table.engine
        if timer.payload.get("once"):
            move = clocks.skip_move(engine, table.state, seat) or clocks.simplest_move(engine, table.state, seat)
        else:
            n = table.n
            move = await bot_seats.bot_move(engine.id, engine.to_json_text(table.state), seat, gid * 100003 + n)
            if table.n != n or seat not in table.to_move():
                return  # the table moved on while the bot thought (an undo, a human's move)
        prefix = "" if table.seats[seat].is_bot else self._t("pbp.automatic", name=table.seats[seat].name)
        reply = await self.sessions.move_as(table.record.channel_id, seat, move, prefix=prefix)
        if reply.public is not None and not reply.public.minor:
            self._auto_posted(table.record.channel_id)
        await self._post_reply(table.record.channel_id, reply)

    def _paced(self, channel_id: int, now: float) -> float:
        """When the next automatic move (a bot's, a dropped seat's) in ``channel_id`` may be played:
        ``bot_pace[0]`` seconds after the channel's last automatic turn post, and not before the
        minute's ``bot_pace[1]`` posts are a minute old. Steps inside a bot's turn post nothing:
        they follow at once."""
        if self.bot_pace is None:
            return now
        gap, _cap = self.bot_pace
        times = self._auto_times.get(channel_id)
        if not times:
            return now
        at = max(now, times[-1] + gap)
        return max(at, times[0] + 60.0) if len(times) == times.maxlen else at

    def _auto_posted(self, channel_id: int) -> None:
        """An automatic move ended its turn with a post: the channel's pace counts from now."""
        if self.bot_pace is None:
            return
        now = self.now()
        if len(self._auto_times) > 10_000:  # channels quiet for a minute need no memory
            self._auto_times = {c: q for c, q in self._auto_times.items() if q and q[-1] > now - 60.0}
        times = self._auto_times.get(channel_id)
        if times is None:
            times = self._auto_times[channel_id] = collections.deque(maxlen=max(1, self.bot_pace[1]))
        times.append(now)

    async def _post_reply(self, channel_id: int, reply: Reply, prefix: str = "") -> None:
        """A turn post made without a command (a bot's or a dropped seat's move, a rematch's start),
        as the session layer made it (its lines, who is asked, its buttons), ``prefix`` first."""
        if reply.public is None:
            if not reply.ok:
                log.warning("automatic action refused: %s", reply.text)
            return
        post = reply.public
        if prefix:
            post.lines[0:1] = [joined([prefix, post.lines[0]], "join.concat") if post.lines else prefix]
        post.channel_id = channel_id
        if post.png is not None or post.draw is not None:
            post.board_of = reply.game_id
        await self.notifier.send(post)
