"""Handing a running seat to another person (``/game replace seat: user:``).

Who may:

* the seat's holder, at once (they hand it over themselves);
* the new person asks, and the holder accepts with the button under the request;
* when the holder has left the server or has been silent past the table's time-out (the table
  dropped the seat, or it has waited for them past their deadline; at a table without a time
  limit, :data:`SILENT_DAYS` days), a vote of the other seated people (a strict majority
  agreeing; as soon as it can no longer agree, refused) or someone with Manage Server, at once.

The requests are play-by-post polls (kind ``replace``: durable, their buttons work after a
restart). The handover itself is the sessions' (:meth:`bot.table.seating.Seating.hand_over`:
the seat's row and the game's list of holders, written together); then the seat starts afresh
for its new holder: the old holder's standing orders lapse, their vacation no longer stops the
seat's clock (a table pause still does), a dropped seat is a person's again, the table waits
for the new holder from now (reminders and deadline counted anew) and pings go to them. Notes
and player settings are the person's own (kept by user), so they never pass.
"""

from __future__ import annotations

import json

from ...words.i18n import joined
from .. import holders
from ..bot_seats import mention
from ..posts import notice
from ..tables import Actor, Table
from . import clocks
from .clocks import DAY
from .outcome import Outcome, denied, vote

KIND = "replace"
#: Designed: a seat at a table without a time limit counts as silent after this many days of waiting
SILENT_DAYS = 7


class SeatHandover:
    """``/game replace`` of the play-by-post service ``pbp`` (its polls, clocks and timers)."""

    def __init__(self, pbp):
        self.pbp = pbp

    def _t(self, key: str, **kw) -> str:
        return self.pbp._t(key, **kw)

    # --- asking ---------------------------------------------------------------------------------------
    async def request(self, table: Table | None, actor: Actor, seat: int, new: Actor, new_is_bot: bool = False,
                      holder_gone: bool = False) -> Outcome:
        """``/game replace seat: user:`` by ``actor``: done at once by the holder (or, the holder
        gone or silent, by a server manager); asked of the holder by the new person; put to the
        table's vote by a seated player when the holder is gone or silent. ``holder_gone``: the
        holder is no longer a member of the server (the Discord layer looked)."""
        if table is None or table.record.status != "running" or table.state is None:
            return denied(self._t("replace.no_game"))
        if not 0 <= seat < len(table.seats):
            return denied(self._t("replace.no_seat", seat=seat, last=len(table.seats) - 1))
        holder = table.seats[seat]
        if holder.is_bot:
            return denied(self._t("replace.bot_seat", seat=seat))
        if new_is_bot or new.user_id < 0:
            return denied(self._t("replace.new_bot"))
        if table.seat_of(new.user_id) is not None:
            return denied(self._t("replace.twice", name=new.name))
        mine = table.seat_of(actor.user_id)
        if mine is None and actor.user_id != new.user_id and not actor.can_manage:
            return denied(self._t("replace.not_in_game"))
        gid = table.record.id
        if await self.pbp._io(self.pbp._open_poll, gid, KIND, seat=seat):
            return denied(self._t("replace.pending"))
        if mine == seat:  # the holder hands it over
            return await self._apply(table, seat, new, holder.user_id, self._t("replace.how.own", name=holder.name))
        silent = holder_gone or await self.pbp._io(self._silent, table, seat)
        if not silent:
            if actor.user_id != new.user_id:
                return denied(self._t("replace.holder_here", holder=holder.name, name=new.name))
            poll = await self.pbp._io(self.pbp._new_poll, gid, KIND, {
                "seat": seat, "user": new.user_id, "name": new.name, "holder": holder.user_id, "mode": "consent",
                "from": [seat]}, write=True)
            return Outcome(private=self._t("replace.asked_holder", holder=holder.name), public=notice(
                self._t("replace.ask_holder", name=new.name, seat=seat, holder=mention(holder.user_id, holder.name)),
                channel_id=table.record.channel_id,
                buttons=[vote(poll, "yes", self._t("replace.accept")), vote(poll, "no", self._t("replace.refuse"))],
                mentions=[holder.user_id]))
        why = self._t("replace.why.left" if holder_gone else "replace.why.silent", holder=holder.name)
        if actor.can_manage and mine is None:
            return await self._apply(table, seat, new, holder.user_id,
                                     self._t("replace.how.manager", name=actor.name, why=why))
        voters = sorted(await self.pbp._io(self.pbp._voters, table, seat))
        votes = {str(mine): "yes"} if mine is not None else {}
        if actor.can_manage or (voters and set(voters) <= {int(k) for k in votes}):  # nobody else to ask
            return await self._apply(table, seat, new, holder.user_id,
                                     self._t("replace.how.manager" if actor.can_manage else "replace.how.vote",
                                             name=actor.name, why=why))
        if not voters:
            return denied(self._t("replace.nobody"))
        poll = await self.pbp._io(self._new_vote, gid, {
            "seat": seat, "user": new.user_id, "name": new.name, "holder": holder.user_id, "mode": "vote",
            "from": voters, "asker": actor.name, "why": str(why)}, votes, write=True)
        asked = [v for v in voters if str(v) not in votes]
        who = " ".join(mention(table.seats[s].user_id, table.seats[s].name) for s in asked)
        return Outcome(private=self._t("replace.asked_table"), public=notice(
            self._t("replace.ask_table", asker=actor.name, seat=seat, holder=holder.name, name=new.name, why=why,
                    who=who, need=len(voters) // 2 + 1, voters=len(voters)),
            channel_id=table.record.channel_id,
            buttons=[vote(poll, "yes", self._t("replace.agree")), vote(poll, "no", self._t("replace.refuse"))],
            mentions=[table.seats[s].user_id for s in asked]))

    def _new_vote(self, gid: int, data: dict, votes: dict) -> int:
        poll = self.pbp._new_poll(gid, KIND, data)
        if votes:
            self.pbp.rows.set_votes(poll, json.dumps(votes))
        return poll

    def _silent(self, table: Table, seat: int) -> bool:
        """Database thread: the seat was dropped at its time-out, or the table has waited for it
        past its deadline (without a time limit: :data:`SILENT_DAYS` days)."""
        pbp, gid, now = self.pbp, table.record.id, self.pbp.now()
        if seat in set(json.loads(pbp._game_row(gid)["dropped"])):
            return True
        wait = pbp.rows.wait(gid, seat)
        if wait is None:
            return False
        tc = pbp.time_control(gid)
        if tc.mode == "none":
            return now - wait["since"] >= SILENT_DAYS * DAY
        due = clocks.deadline(tc, pbp._clock(gid, seat, tc), now)
        return due is not None and due <= now

    async def vote(self, table: Table, poll_id: int, data: dict, votes: dict, voter, choice: str) -> Outcome:
        """A click on a handover request: the holder's consent, or a table member's vote."""
        if voter is None or voter not in data["from"] or choice not in ("yes", "no"):
            return denied(self._t("replace.not_voter"))
        seat, name = data["seat"], data["name"]
        if data["mode"] == "consent":
            await self.pbp._write(self.pbp.rows.close_poll, poll_id)
            if choice == "no":
                await self.pbp.notifier.send(notice(self._t("replace.refused_holder", holder=table.seats[seat].name,
                                                            name=name), channel_id=table.record.channel_id))
                return Outcome(private=self._t("replace.refused_you"))
            return await self._decided(table, data, self._t("replace.how.consent", name=table.seats[seat].name))
        votes[str(voter)] = choice
        await self.pbp._write(self.pbp.rows.set_votes, poll_id, json.dumps(votes))
        voters = len(data["from"])
        yes = sum(1 for v in votes.values() if v == "yes")
        no = sum(1 for v in votes.values() if v == "no")
        if 2 * yes > voters:
            await self.pbp._write(self.pbp.rows.close_poll, poll_id)
            return await self._decided(table, data, self._t("replace.how.vote", name=data["asker"], why=data["why"]))
        if 2 * no >= voters:  # a majority can no longer agree
            await self.pbp._write(self.pbp.rows.close_poll, poll_id)
            await self.pbp.notifier.send(notice(self._t("replace.refused_table", name=name, seat=seat),
                                                channel_id=table.record.channel_id))
            return Outcome(private=self._t("replace.refused_you"))
        return Outcome(private=self._t("replace.counted", yes=yes, voters=voters, need=voters // 2 + 1))

    async def _decided(self, table: Table, data: dict, how: str) -> Outcome:
        out = await self._apply(table, data["seat"], Actor(data["user"], data["name"]), data["holder"], how)
        if out.public is not None:
            await self.pbp.notifier.send(out.public)
            return Outcome(private=self._t("replace.agreed"))
        return out

    # --- doing -------------------------------------------------------------------------------------------
    async def _apply(self, table: Table, seat: int, new: Actor, holder_id: int, how: str) -> Outcome:
        old = table.seats[seat].name
        reply = await self.pbp.sessions.hand_over(table.record.id, seat, new, holder_id)
        if not reply.ok:
            return denied(self._t("replace.stale"))
        gid = table.record.id
        paused = await self.pbp.pause.state(gid)
        await self.pbp._io(self._handed, table, seat, paused["until"] if paused else None, write=True)
        await self.pbp.orders.lapse(gid, seat)  # the old holder's orders are theirs, not the seat's
        lines = [self._t("replace.done", how=how, seat=seat, old=old, name=mention(new.user_id, new.name),
                         n=reply.n + 1)]
        if seat in table.to_move():
            lines.append(self._t("replace.your_turn", name=mention(new.user_id, new.name),
                                 what=self.pbp.sessions.prompt(table, seat)))
        return Outcome(private=self._t("replace.done_you"), public=notice(
            joined(lines, "join.sentences"), channel_id=table.record.channel_id, mentions=[new.user_id]))

    def _handed(self, table: Table, seat: int, pause_until: float | None) -> None:
        """Database thread: the seat starts afresh for its new holder (see the module's docstring)."""
        pbp, gid, now = self.pbp, table.record.id, self.pbp.now()
        pbp._close_polls(gid, "timeout", seat=seat)
        pbp._close_polls(gid, KIND, seat=seat)
        dropped = set(json.loads(pbp._ensure(gid)["dropped"]))
        if seat in dropped:
            pbp.rows.set_dropped(gid, json.dumps(sorted(dropped - {seat})))
        pbp.dispatcher.cancel(f"auto:{gid}:{seat}")
        pbp.dispatcher.cancel(f"remind:{gid}:{seat}")
        tc = pbp.time_control(gid)
        clock = pbp._clock(gid, seat, tc)
        clock.vacations = [v for v in clock.vacations if pause_until is not None and abs(v[1] - pause_until) < 1]
        waited = seat in table.to_move()
        if waited:
            clock.since, clock.grace, clock.resume = now, 0.0, None
            if tc.mode == "chess" and clock.bank <= 0:  # an empty bank: the new holder gets a wait's grace
                clock.grace = clocks.grace_for_wait(tc)
            pbp.rows.start_wait(gid, seat, now)
        pbp._save_clock(gid, seat, clock)
        if waited:
            pbp._schedule_reminder(table, seat)
            if tc.mode != "none":
                pbp._schedule_deadline(gid, seat, tc, clock)

    # --- what /game status says ------------------------------------------------------------------------
    async def lines(self, table: Table) -> list[str]:
        """Who holds which seat since which move (the seats that changed hands)."""
        return holders.lines(await holders.read(self.pbp.sessions.store, table.record.id), self._t)
