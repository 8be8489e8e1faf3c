"""Hints for practice (``/hint``): the bot seat's choice for the caller's position and one line
of why (its own evaluation), answered privately, at tables that turned them on.

A table turns hints on with ``/game settings hints:True`` (its creator or a server manager; off by
default), told to everybody at the table so nobody is surprised; never at a rated table (the
``rated`` table option of the records: a rated game's results move ratings, and a hint is help).
Kept in the store's settings (scope ``hints``, the game's id).

The bot thinks on a copy of the game in which everything hidden from the caller is dealt again
at random (``games.bots.hidden.determinise``), so its choice and its reasons never tell the
caller what the others hold or what the deck draws next. Its one line of why is its own
measure of the caller's position (``games.bots.features.worth``: their score plus the weighted
assets the bots play for) before and after the move, on that same copy.
"""

from __future__ import annotations

import asyncio
import json
import random

from games.bots.features import worth
from games.bots.hidden import determinise

from .. import bot_seats
from ..posts import notice
from ..tables import Actor, Table
from .outcome import Outcome, denied

SCOPE, KEY = "hints", "on"


def rated(table: Table) -> bool:
    """Whether the table's results move ratings (the records' ``rated`` option; none: unrated)."""
    return bool(getattr(table.record, "rated", False))


class Hints:
    """Hints at the tables of the play-by-post service ``pbp``."""

    def __init__(self, pbp):
        self.pbp = pbp

    def _t(self, key: str, **kw) -> str:
        return self.pbp._t(key, **kw)

    async def on(self, table: Table) -> bool:
        return bool(await self.pbp.sessions.store.get_setting(SCOPE, table.record.id, KEY, False))

    async def switch(self, table: Table | None, actor: Actor, on: bool) -> Outcome:
        """``/game settings hints:``: the creator (or a server manager) turns hints on or off."""
        if table is None or table.record.status not in ("open", "running"):
            return denied(self._t("hints.no_game"))
        if actor.user_id != table.record.creator_id and not actor.can_manage:
            return denied(self._t("hints.not_creator"))
        if on and rated(table):
            return denied(self._t("hints.rated"))
        await self.pbp.sessions.store.set_setting(SCOPE, table.record.id, KEY, bool(on))
        return Outcome(private=self._t("hints.switched_you"),
                       public=notice(self._t("hints.now_on" if on else "hints.now_off", name=actor.name),
                                     channel_id=table.record.channel_id))

    async def hint(self, table: Table | None, user_id: int) -> Outcome:
        """``/hint``: the bot's choice for the caller and why, for them alone."""
        if table is None or table.record.status != "running" or table.state is None:
            return denied(self._t("hints.no_game"))
        if rated(table):
            return denied(self._t("hints.rated"))
        if not await self.on(table):
            return denied(self._t("hints.off"))
        seat = table.seat_of(user_id)
        if seat is None:
            return denied(self._t("hints.not_seated"))
        if seat not in table.to_move():
            return denied(self._t("hints.not_asked"))
        engine, n = table.engine, table.n
        rnd = random.Random(table.record.seed * 7919 + n * 31 + seat)
        seen = determinise(engine, engine.load(json.loads(engine.to_json_text(table.state))), seat, rnd)
        move = await bot_seats.bot_move(engine.id, engine.to_json_text(seen), seat, table.record.seed * 100003 + n)
        before, after = await asyncio.to_thread(_measured, engine, seen, seat, move)
        if after is None:
            why = self._t("hints.why_unknown")
        else:
            why = self._t("hints.why", before=f"{before:.1f}", after=f"{after:.1f}",
                          change=f"{after - before:+.1f}")
        return Outcome(private=self._t("hints.answer", move=move, why=why))


def _measured(engine, state, seat: int, move: str) -> tuple[float, float | None]:
    """The bot's measure of ``seat``'s position on ``state`` before and after ``move`` (None: the
    move does not play on this copy)."""
    before = worth(engine.id, state, seat)
    trial = engine.load(json.loads(engine.to_json_text(state)))
    try:
        engine.play(trial, seat, move)
    except Exception:  # a move the rules refuse on this copy: no measure
        return before, None
    return before, worth(engine.id, trial, seat)
