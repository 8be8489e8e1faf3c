"""Undo by consent: a free take-back when nobody saw the move, else a vote of the others; the
moves go back one by one through the sessions. Part of :class:`bot.table.pbp.service.Pbp`.
"""

from __future__ import annotations

import asyncio
import json
import logging

from ...words.i18n import joined
from ..bot_seats import mention
from ..posts import notice
from ..tables import Table
from . import undo
from .outcome import Outcome, denied, vote

log = logging.getLogger(__name__)


class Undoing:
    """Undo requests and their votes (a mixin of ``Pbp``)."""

    async def request_undo(self, channel_id: int, user_id: int, count: int = 1) -> Outcome:
        table = self.sessions.table(channel_id)
        if table is None or table.record.status != "running" or table.state is None:
            return denied(self._t("pbp.undo.no_game"))
        seat = table.seat_of(user_id)
        if seat is None:
            return denied(self._t("pbp.undo.not_seated"))
        moves = await self.sessions.store.moves(table.record.id)
        plan = await self._plan(table, moves, seat, count)
        if plan.verdict == undo.REFUSED:
            return denied(plan.reason)
        if plan.verdict == undo.FREE:
            return await self._do_undo(table, plan, len(moves), seat, "")
        if await self._io(self._open_poll, table.record.id, "undo"):
            return denied(self._t("pbp.undo.pending"))
        poll = await self._io(self._new_poll, table.record.id, "undo",
                              {"seat": seat, "count": count, "log": len(moves), "from": plan.consent_from},
                              write=True)
        first = plan.undone[0].n
        who = " ".join(mention(table.seats[s].user_id, table.seats[s].name) for s in plan.consent_from)
        text = self._t("pbp.undo.ask", name=table.seats[seat].name, first=first, last=len(moves),
                       reason=plan.reason, who=who)
        return Outcome(private=self._t("pbp.undo.asked"), public=notice(
            text, channel_id=channel_id,
            buttons=[vote(poll, "yes", self._t("pbp.undo.allow")), vote(poll, "no", self._t("pbp.undo.refuse"))],
            mentions=[table.seats[s].user_id for s in plan.consent_from]))

    async def _plan(self, table: Table, moves, seat: int, count: int) -> undo.UndoPlan:
        engine = table.engine
        log_moves = [(m.seat, m.text) for m in moves]
        infos, _ = await asyncio.to_thread(undo.analyse, engine, len(table.seats), table.record.seed,
                                           table.record.options, log_moves)
        voters = sorted(await self._io(self._voters, table))
        return undo.plan_undo(infos, seat, voters, over=engine.result(table.state) is not None, count=count)

    async def _undo_vote(self, table: Table, poll_id: int, data: dict, votes: dict, voter, choice: str) -> Outcome:
        if voter is None or voter not in data["from"] or choice not in ("yes", "no"):
            return denied(self._t("pbp.undo.not_voter"))
        asker = table.seats[data["seat"]].name
        if choice == "no":
            await self._write(self.rows.close_poll, poll_id)
            await self.notifier.send(notice(self._t("pbp.undo.refused", asker=asker, name=table.seats[voter].name),
                                            channel_id=table.record.channel_id))
            return Outcome(private=self._t("pbp.undo.refused_you"))
        votes[str(voter)] = "yes"
        await self._write(self.rows.set_votes, poll_id, json.dumps(votes))
        if not set(data["from"]) <= {int(k) for k in votes}:
            return Outcome(private=self._t("pbp.undo.agreed_some", votes=len(votes), voters=len(data["from"])))
        await self._write(self.rows.close_poll, poll_id)
        moves = await self.sessions.store.moves(table.record.id)
        if len(moves) != data["log"]:
            return denied(self._t("pbp.undo.stale"))
        plan = await self._plan(table, moves, data["seat"], data["count"])
        if plan.verdict == undo.REFUSED:
            return denied(plan.reason)
        out = await self._do_undo(table, plan, len(moves), data["seat"], self._t("pbp.undo.consent"))
        if out.public:
            await self.notifier.send(out.public)
        return Outcome(private=self._t("pbp.undo.agreed"))

    async def _do_undo(self, table: Table, plan: undo.UndoPlan, total: int, seat: int, how: str) -> Outcome:
        channel = table.record.channel_id
        reply = None
        for expected in range(total, plan.keep, -1):
            if table.n != expected:  # someone moved meanwhile: stop rather than take back their move
                return denied(self._t("pbp.undo.stale"))
            reply = await self.sessions.undo(channel)
            if not reply.ok:
                return denied(reply.text)
        first = plan.keep + 1
        span = self._t("pbp.undo.one", first=first) if first == total else self._t("pbp.undo.many", first=first,
                                                                                   last=total)
        text = self._t("pbp.undo.done", how=how, name=table.seats[seat].name, span=span)
        msg = reply.public if reply else None
        if msg and msg.up:
            text = joined([text, self._t("pbp.up", who=" ".join(mention(uid, name) for uid, name in msg.up))])
        png = msg.png if msg else None
        return Outcome(public=notice(text, channel_id=channel, png=png, filename="board.png",
                                     mentions=[uid for uid, _ in msg.up] if msg else [],
                                     board_of=table.record.id if png else None, alt=msg.alt if msg else []))
