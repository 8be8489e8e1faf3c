"""Play-by-post service: reminders, time limits, vacation, undo, history, rematch.

Discord-free like the sessions: it watches the ``SessionManager`` (as an
observer), keeps its own rows (``pbp_*`` tables, migration 011) and the
durable timers, and speaks to the outside world through a ``Notifier`` that
receives :class:`bot.table.posts.Post` objects (text, buttons as meanings, PNG, where to
send). The slash commands (``bot/discord/cogs/pbp.py``) and the tests provide the
notifier.

No statement runs on the event loop thread: every database call goes
through one :class:`bot.store.threads.DbThread` (``await self._io(fn, ..., write=True)``
runs a whole synchronous helper there as one transaction); the statements themselves are
the store's (:class:`bot.store.pbp.PbpRows`, ``self.rows``). The synchronous
helpers (``_sync``, ``_game_row``, ``_schedule_reminder``, ...) run only on
that thread; the public methods are coroutines. Reads never write: a game
without its ``pbp_games`` row reads as the defaults. The step that follows
each move is committed in groups (:meth:`Pbp._after_change`): on PostgreSQL,
where each statement is a round trip, a group costs four whatever its size.

Observers run inside the channel lock, so nothing here plays a move from an
observer: a dropped seat's automatic move is a timer due *now*, run by the
dispatcher a moment later, outside the lock.
"""

from __future__ import annotations

import asyncio
import functools
import json
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Protocol

import renderers
import renderers.summary

from ...store.pbp import PbpRows
from ...store.threads import is_postgres, on_store
from ...words.i18n import joined, reason, said
from ...words.pbp_text import tr
from .. import bot_seats, history, timers
from ..bot_seats import mention
from ..posts import Button, Post, notice
from ..sessions import Actor, Reply, Seat, SessionManager, Table, fill
from . import clocks, undo
from .clocks import DAY, SeatClock, TimeControl
from .reminders import PlayerPrefs, ReminderPolicy, format_wait, next_step, parse_hhmm, zone

log = logging.getLogger(__name__)

#: Designed: how many running games one player may sit in at once (0 = no limit).
DEFAULT_GAME_LIMIT = 10
#: Designed: a thread's activity is refreshed this often (Discord archives after 7 idle days at most).
THREAD_KEEPALIVE = 6 * DAY


class Notifier(Protocol):
    async def send(self, post: Post) -> bool: ...
    async def keep_thread_alive(self, thread_id: int) -> None: ...
    def place(self, guild_id: int | None, channel_id: int) -> str: ...


@dataclass
class Outcome:
    """What a pbp command answers: ``private`` for the caller, ``public`` for the table."""

    ok: bool = True
    private: str | None = None
    public: Post | None = None
    #: buttons under the private answer (history pages)
    buttons: list[Button] = field(default_factory=list)


def denied(text: str) -> Outcome:
    return Outcome(ok=False, private=text)


class Pbp:
    def __init__(self, sessions: SessionManager, db_path, notifier: Notifier, clock=None,
                 game_limit: int = DEFAULT_GAME_LIMIT):
        self.sessions = sessions
        self.notifier = notifier
        self.clock = clock or timers.SystemClock()
        self.game_limit = game_limit
        self.dbt = on_store(db_path, getattr(sessions, "store", None))
        #: the play-by-post tables (statements for the database thread)
        self.rows = PbpRows(self.dbt)
        # a shard process fires only the timers of its own games (the sessions' shards)
        self.dispatcher = timers.Dispatcher(timers.TimerStore(self.dbt, getattr(sessions, "shards", None)),
                                            self.clock, db=self.dbt)
        if is_postgres(db_path):
            self.dispatcher.max_sleep = 30.0  # other processes add timers too: look again at least this often
        handlers: dict[str, Callable[[timers.Timer], Awaitable[None]]] = {
            "remind": self._on_remind, "deadline": self._on_deadline, "auto": self._on_auto,
            "archive": self._on_archive, "thread": self._on_thread,
        }
        for kind, fn in handlers.items():
            self.dispatcher.on(kind, fn)
        sessions.observers.append(self.observe)
        #: states every 25 moves of the logs looked at with ``/game board move:n`` (no replay from 0)
        self.checkpoints = history.Checkpoints()
        #: time controls chosen in ``/game new``, applied when the table is created (channel -> control)
        self.pending_time: dict[int, TimeControl] = {}
        #: moves (and starts, undos) waiting for their play-by-post step: (table, what, future)
        self._changes: list[tuple[Table, str, asyncio.Future]] = []
        self._drainer: asyncio.Task | None = None

    # --- life cycle ---------------------------------------------------------------
    @property
    def db(self):
        """The connection: for helpers running on the database thread (and tests peeking)."""
        return self.dbt.conn

    async def _io(self, fn, *args, write: bool = False, **kwargs):
        return await self.dbt.run(fn, *args, write=write, **kwargs)

    def now(self) -> float:
        return timers.epoch(self.clock.now())

    def _t(self, key: str, **kw) -> str:
        return tr(key, self.sessions.locale, **kw)

    async def start(self, run: bool = True) -> None:
        """Bring waits in line with the reloaded tables, then run the dispatcher
        (``run=False``: the caller steps it with ``dispatcher.run_due()``)."""
        for table in self.sessions.tables():
            if table.record.status == "running" and table.state is not None and not table.broken:
                await self._io(self._sync, table, False, write=True)
        if run:
            self.dispatcher.start()

    async def stop(self) -> None:
        await self.dispatcher.stop()
        if self._drainer is not None:  # the steps already queued are written first
            await asyncio.gather(self._drainer, return_exceptions=True)
        await asyncio.to_thread(self.dbt.close)

    # --- the observer -----------------------------------------------------------------
    async def observe(self, table: Table, what: str) -> None:
        gid = table.record.id
        if what in ("started", "moved", "undone"):
            await self._after_change(table, what)
        elif what == "finished":
            await self._finished(table)
        elif what in ("aborted", "orphaned"):  # an orphaned game waits without timers until adopted
            await self._io(self._forget, gid, write=True)
        elif what == "adopted":
            await self._io(self._sync, table, False, write=True)
        elif what in ("created", "joined", "left"):  # an open table nobody starts is archived too
            chosen = self.pending_time.pop(table.record.channel_id, None) if what == "created" else None
            await self._io(self._opened, table, what, chosen, write=True)

    async def _after_change(self, table: Table, what: str) -> None:
        """The step after a move, a start or an undo, committed together with the other games'
        steps that queued up meanwhile (group commit, as the SQLite store does with moves):
        one transaction and the same few statements for all of them instead of a round trip
        per statement and game. Returns once this game's step is committed."""
        loop = asyncio.get_running_loop()
        done = loop.create_future()
        self._changes.append((table, what, done))
        if self._drainer is None or self._drainer.done():
            self._drainer = loop.create_task(self._drain_changes())
        await done

    async def _drain_changes(self) -> None:
        while self._changes:
            batch, seen, rest = [], set(), []
            for item in self._changes:  # a game once per batch: its second step waits for the next
                gid = item[0].record.id
                (rest if gid in seen or len(batch) >= MAX_BATCH else batch).append(item)
                seen.add(gid)
            self._changes = rest
            try:
                await self._io(self._changed, [(table, what) for table, what, _ in batch], write=True)
            except Exception as err:
                if len(batch) == 1:
                    _settle(batch[0][2], err)
                    continue
                for table, what, done in batch:  # one game's failure is its own: each again, alone
                    try:
                        await self._io(self._changed, [(table, what)], write=True)
                    except Exception as one:
                        _settle(done, one)
                    else:
                        _settle(done)
                continue
            for _, _, done in batch:
                _settle(done)

    def _changed(self, items: list[tuple[Table, str]]) -> None:
        """The step after a change of each of several games (one each), in one transaction:
        the games' settings rows and their seats' rows are read in one statement each."""
        now = self.now()
        gids = sorted({table.record.id for table, _ in items})
        rows = self._touch(gids, now)
        seated = self._seat_rows(gids)
        for table, what in items:
            gid = table.record.id
            # moved: a consent asked for an older log can no longer apply (its undo polls close)
            self._sync(table, fresh=True, undone=what == "undone", moved=what == "moved",
                       read=(rows[gid], seated.get(gid, ({}, {}, {}, {}))))

    def _opened(self, table: Table, what: str, chosen: TimeControl | None) -> None:
        gid, now = table.record.id, self.now()
        if what == "created" and table.record.parent_id is not None:
            self._set_thread(gid, table.record.channel_id)  # a game in a thread keeps it open
        self._ensure(gid)
        if chosen is not None:
            self.rows.set_time_control(gid, json.dumps(chosen.to_json()))
        self.rows.set_last_activity(gid, now)
        self.dispatcher.add("archive", clocks.archive_due(now), {"game_id": gid}, key=f"archive:{gid}",
                            game_id=gid)

    def _sync(self, table: Table, fresh: bool, undone: bool = False, moved: bool = False,
              read: tuple | None = None) -> None:
        """After a change: who is waited for now, their clocks, reminders, deadlines (database thread).

        Few round trips (PostgreSQL sends each read on its own; the writes wait for the commit):
        after a move (``fresh``, ``read`` given by :meth:`_changed`), the game's row came with
        the last mover, whether any poll is open and whether the thread timer exists, and
        the seats' waits, clocks and preferences came in one read."""
        gid = table.record.id
        now = self.now()
        if fresh:
            row, (waits, held, prefs, dues) = read
            if not row.get("archive_timer", 0):  # it exists: when due it reads last_activity (just
                # written) and moves itself on (``_on_archive``), so a move need not rewrite it
                self.dispatcher.add("archive", clocks.archive_due(now), {"game_id": gid}, key=f"archive:{gid}",
                                    game_id=gid)
        else:
            self._lock_game(gid)
            row = self._game_row(gid)
            waits, held, prefs, dues = self._seat_rows([gid]).get(gid, ({}, {}, {}, {}))
            if not row["last_activity"]:
                self.rows.set_last_activity(gid, now)
                self.dispatcher.add("archive", clocks.archive_due(now), {"game_id": gid}, key=f"archive:{gid}",
                                    game_id=gid)
        polls = row.get("open_polls", 1)  # unknown: look
        if moved and polls:
            self._close_polls(gid, "undo")
        thread_timer = row["thread_timer"] if "thread_timer" in row else (
            row["thread_id"] and self.dispatcher.store.get(f"thread:{gid}") is not None)
        if row["thread_id"] and not thread_timer:
            self.dispatcher.add("thread", now + THREAD_KEEPALIVE, {"game_id": gid}, key=f"thread:{gid}",
                                game_id=gid)
        tc = _time_control(row["time_control"])
        # no time limit, no deadline timers to move or drop (a game's control is set before it starts)
        timed = tc.mode != "none"
        waiting = set(table.to_move())
        mover = row["last_seat"] if fresh else None
        if mover is not None and polls:  # the player is back: no more deciding about their timeout
            self._close_polls(gid, "timeout", seat=mover)
        dropped = set(json.loads(row["dropped"])) if row["dropped"] != "[]" else set()
        humans = [seat for seat in sorted(waiting)
                  if not (seat in dropped or (seat < len(table.seats) and table.seats[seat].is_bot))]
        for seat in set(waits) - waiting:
            if polls:
                self._close_polls(gid, "timeout", seat=seat)
            self.rows.end_wait(gid, seat)
            if undone or not fresh:
                self.dispatcher.cancel(f"remind:{gid}:{seat}")
            # after a move its reminder is left standing: when due it finds the seat not waited for
            # and goes, or (the seat's turn came back) moves itself on (``_on_remind``; ``standing``)
            if timed:
                self.dispatcher.cancel(f"deadline:{gid}:{seat}")
            clock = _held_clock(held, seat, tc)
            clocks.end_turn(tc, clock, now)
            self._save_clock(gid, seat, clock, held.get(seat))
        for seat in sorted(waiting):
            if seat not in humans:
                self.dispatcher.add("auto", now, {"game_id": gid, "seat": seat}, key=f"auto:{gid}:{seat}",
                                    game_id=gid)
                continue
            restart = seat not in waits or seat == mover
            wait = dict(waits[seat]) if seat in waits else None
            # the seat's reminder already standing (none being fired) stays if it is not late: a turn
            # going on, or a seat waited for again (its reminder from its last wait was left)
            standing = dues.get(seat) if fresh and not undone else None
            if restart:
                self.rows.start_wait(gid, seat, now)
                wait = {"since": now, "reminded": 0, "last_at": None, "muted": 0}
            clock = _held_clock(held, seat, tc)
            if not (undone and seat not in waits and clocks.resume_turn(clock)):
                clocks.start_turn(clock, now)
            self._save_clock(gid, seat, clock, held.get(seat))  # a turn going on leaves it as it was
            if restart or not fresh:  # the rows just read or written: no second read per seat
                self._schedule_reminder(table, seat, wait=wait, clock=clock, row=row, prefs=prefs.get(seat),
                                        standing=standing)
                if timed:
                    self._schedule_deadline(gid, seat, tc, clock)

    def _seat_rows(self, gids: list[int]) -> dict[int, tuple[dict[int, dict], dict[int, str],
                                                              dict[int, PlayerPrefs], dict[int, str]]]:
        """Per game: each seat's wait, clock (its stored text: read by :func:`_held_clock` for the
        seats whose turn starts or ends, compared before writing it back) and player's
        preferences, for all the games in one read (the caller holds the games' rows:
        :meth:`_touch` or :meth:`_lock_game`), and the due time of each seat's standing reminder."""
        out: dict[int, tuple[dict, dict, dict, dict]] = {}
        for r in self.rows.seat_rows(gids):
            waits, held, prefs, dues = out.setdefault(r["game_id"], ({}, {}, {}, {}))
            seat = r["seat"]
            if r["waited"] is not None:
                waits[seat] = {k: r[k] for k in ("since", "reminded", "last_at", "muted")}
            if r["remind_due"] is not None:
                dues[seat] = r["remind_due"]
            if r["clock"] is not None:
                held[seat] = r["clock"]
            prefs[seat] = _prefs_of(r) if r["has_prefs"] is not None else NO_PREFS
        return out

    def _touch(self, gids: list[int], now: float) -> dict[int, dict]:
        """The games' settings rows after a move (created if missing, active now, not stalled, and
        held until the transaction ends, as :meth:`_lock_game`; ``gids`` sorted, so two processes
        take them in the same order), in one statement with what ``_sync`` asks next:
        ``last_seat`` (who moved last), ``open_polls`` (how many polls are open),
        ``thread_timer`` (the thread's keep-alive timer exists) and ``archive_timer`` (so has
        the game's archive timer)."""
        return self.rows.touch_games(gids, now)

    def _forget(self, gid: int) -> None:
        self.dispatcher.store.cancel_game(gid)
        self.rows.end_waits(gid)
        self.rows.close_polls(gid)

    # --- rows (database thread) ------------------------------------------------------------
    def _game_row(self, gid: int):
        """The game's settings row, or the defaults when it has none yet (reading never writes)."""
        return self.rows.game(gid)

    def _ensure(self, gid: int):
        """The row, created first if missing: for code about to write it."""
        self.rows.ensure_game(gid)
        return self._game_row(gid)

    def _clock(self, gid: int, seat: int, tc: TimeControl) -> SeatClock:
        """The seat's clock, its game locked until the transaction ends: a vacation taken on another
        shard and this shard's turn bookkeeping both read it, change it and write it back."""
        self._lock_game(gid)
        text = self.rows.clock(gid, seat)
        return SeatClock.from_json(json.loads(text)) if text is not None else clocks.new_clock(tc)

    def _lock_game(self, gid: int) -> None:
        """Hold the game's settings row (created if missing) until the transaction ends: whoever
        reads a clock to write it back holds it first (:meth:`_clock`, :meth:`_touch`), so a
        vacation taken on another shard and this shard's turn bookkeeping wait for each other.
        The lock is taken by a statement of its own before the clocks are read: PostgreSQL
        reads what the other transaction committed only in a statement begun after the wait."""
        self.rows.lock_game(gid)

    def _save_clock(self, gid: int, seat: int, clock: SeatClock, stored: str | None = None) -> None:
        """Write the seat's clock, unless it reads exactly as ``stored`` (the text read before)."""
        text = json.dumps(clock.to_json())
        if text != stored:
            self.rows.save_clock(gid, seat, text)

    async def prefs(self, user_id: int) -> PlayerPrefs:
        return await self._io(self._prefs, user_id)

    def _prefs(self, user_id: int) -> PlayerPrefs:
        row = self.rows.prefs(user_id)
        return PlayerPrefs() if row is None else _prefs_of(row)

    def policy(self, gid: int, row=None) -> ReminderPolicy:
        hours = (row if row is not None else self._game_row(gid))["remind_hours"]
        return ReminderPolicy(interval_hours=hours) if hours else ReminderPolicy()

    def time_control(self, gid: int) -> TimeControl:
        return _time_control(self._game_row(gid)["time_control"])

    def table_of(self, gid: int) -> Table | None:
        return next((t for t in self.sessions.tables() if t.record.id == gid), None)

    async def _current(self, gid: int) -> Table | None:
        """The table as the database has it now: another process may have moved or ended it
        (several shard processes on one PostgreSQL database). For timer handlers."""
        return await self.sessions.load_game(gid)  # loaded on demand if another shard's

    # --- a user's games on every shard ----------------------------------------------------------
    def _seats_of(self, user_id: int, statuses: tuple[str, ...] = ("open", "running")) -> list[tuple[int, int]]:
        """(game id, seat) of every game the user sits in, whichever process holds it: user-level
        commands (limit, vacation, ``/me settings``, ``/games mine``) read the shared tables, not the
        tables this shard happens to hold, so every process answers the same (database thread)."""
        return self.rows.seats_of(user_id, statuses)

    # --- reminders ------------------------------------------------------------------------
    def _schedule_reminder(self, table: Table, seat: int, wait=None, clock: SeatClock | None = None,
                           row=None, prefs: PlayerPrefs | None = None, standing: str | None = None) -> None:
        if seat < len(table.seats):
            self._remind(table.record.id, seat, table.seats[seat].user_id, wait=wait, clock=clock, row=row,
                         prefs=prefs, standing=standing)

    def _remind(self, gid: int, seat: int, user: int, wait=None, clock: SeatClock | None = None,
                row=None, prefs: PlayerPrefs | None = None, standing: str | None = None) -> None:
        """(Re)schedule the reminder of a waited-for seat; nothing if the seat is not waited for.
        ``wait``, ``clock``, ``row``, ``prefs``: the seat's wait, clock, the game's settings row
        and the player's preferences when the caller has them at hand (``_sync``, on every
        move); read here otherwise. ``standing``: the due time of the seat's reminder already
        scheduled (a turn going on, or one left from the seat's last wait): it stays if it falls
        due no later than the new one (when due, :meth:`_on_remind` moves it on to the wait's real
        next step), so a move does not rewrite the timers table."""
        step = self._next_step(gid, seat, user, wait, clock, row, prefs)
        if step is None:
            return
        if standing is not None and timers.epoch(datetime.fromisoformat(standing)) <= step.at + 1:
            return
        self.dispatcher.add("remind", step.at, {"game_id": gid, "seat": seat, "step": step.kind},
                            key=f"remind:{gid}:{seat}", game_id=gid, user_id=user)

    def _next_step(self, gid: int, seat: int, user: int, wait=None, clock: SeatClock | None = None,
                   row=None, prefs: PlayerPrefs | None = None):
        """The seat's next reminder (or stall) as its wait stands; None if the seat is not waited for."""
        if wait is None:
            wait = self.rows.wait(gid, seat)
        if wait is None:
            return None
        if clock is None:
            clock = self._clock(gid, seat, self.time_control(gid))
        vacation = clocks.on_vacation(clock, self.now())
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

    # --- time limits ----------------------------------------------------------------------------
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
                    choices=[labels[c] for c in choices]),
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
        """A button press on a timeout or undo poll."""
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
        await self._post_reply(table.record.channel_id, reply)

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

    # --- vacation, settings ---------------------------------------------------------------------
    async def vacation(self, user_id: int, days: float) -> Outcome:
        """Pause the caller's clock in every running game they sit in."""
        return await self._io(self._vacation, user_id, days, write=True)

    def _vacation(self, user_id: int, days: float) -> Outcome:
        now = self.now()
        touched = []
        for gid, seat in self._seats_of(user_id, ("running",)):
            tc = self.time_control(gid)
            clock = self._clock(gid, seat, tc)
            try:
                start, end = clocks.add_vacation(clock, now, days)
            except ValueError as err:
                return denied(reason(err))
            self._save_clock(gid, seat, clock)
            if self.rows.wait(gid, seat) is not None:
                self._schedule_deadline(gid, seat, tc, clock)
                self._remind(gid, seat, user_id)
            touched.append(gid)
        if not touched:
            return denied(self._t("pbp.vacation.none"))
        until = history.when(end)
        return Outcome(private=self._t("pbp.vacation.done", count=len(touched), until=until),
                       public=notice(self._t("pbp.vacation.public", user=user_id, until=until)))

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

    # --- threads, limits -------------------------------------------------------------------------
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

    # --- archive -------------------------------------------------------------------------------------
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
        await self.sessions.abort(table.record.channel_id, creator)
        await self._io(lambda: (self.rows.ensure_game(gid), self.rows.set_archived(gid)), write=True)
        await self.notifier.send(notice(
            self._t("pbp.archived", game=table.engine.name, days=clocks.ARCHIVE_AFTER_DAYS, moves=table.n),
            channel_id=table.record.channel_id))

    # --- listings ------------------------------------------------------------------------------------
    async def listing(self, guild_id: int | None = None, user_id: int | None = None) -> str:
        """``/games`` (a server's running games: all on this shard) or ``/games mine`` (the user's
        games on every shard, most urgent first)."""
        if user_id is None:
            tables = [t for t in self.sessions.tables() if guild_id is None or t.record.guild_id == guild_id]
        else:
            tables = []
            for gid, _seat in await self._io(self._seats_of, user_id):
                table = await self.sessions.load_game(gid, hold=False)
                if table is not None and (guild_id is None or table.record.guild_id == guild_id):
                    tables.append(table)
        return await self._io(self._listing, tables, user_id)

    def _listing(self, tables: list[Table], user_id: int | None) -> str:
        now = self.now()
        rows = []
        for table in tables:
            rec = table.record
            seat = table.seat_of(user_id) if user_id is not None else None
            if user_id is not None and seat is None:
                continue
            waiting = table.to_move()
            since = self.rows.waits_since(rec.id)
            waited = now - min(since) if since else 0.0
            if rec.status == "open":
                status, urgency = self._t("pbp.list.open", count=len(table.seats)), (2, 0.0)
            else:
                who = [table.seats[s].name for s in waiting] or ["-"]
                status = self._t("pbp.list.waiting", who=who, waited=format_wait(waited))
                if self._game_row(rec.id)["stalled"]:
                    status = joined([status, self._t("pbp.list.stalled")], "join.concat")
                mine = seat is not None and seat in waiting
                urgency = (0 if mine else 1, -waited)
            players = [s.name for s in table.seats]
            rows.append((urgency, self._t("pbp.list.line", game=table.engine.name, channel=rec.channel_id, players=players,
                                           status=status)))
        if not rows:
            return self._t("pbp.list.none" if user_id is None else "pbp.list.none_mine")
        rows.sort(key=lambda r: r[0] if user_id is not None else (0,))
        title = self._t("pbp.list.title_mine" if user_id is not None else "pbp.list.title")
        return joined([title] + [text for _, text in rows])  # worded again in the reader's language

    # --- undo -------------------------------------------------------------------------------------------
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
        text = self._t("pbp.undo.ask", name=table.seats[seat].name, first=first, last=len(moves),
                       reason=plan.reason)
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
                                     board_of=table.record.id if png else None))

    # --- history, board at move n ----------------------------------------------------------------------
    async def _played(self, channel_id: int, game_id: int | None = None) -> Table | None:
        """The game whose log to show: the channel's running one, else its last played one
        (a finished game's history and boards stay readable)."""
        table = self.sessions.table(channel_id) if game_id is None else self.table_of(game_id)
        if table is not None and table.record.status == "running":
            return table
        store = self.sessions.store
        record = await (store.game(game_id) if game_id is not None else store.latest_played(channel_id))
        if record is None or record.status == "open":
            return None
        return Table(record, [Seat(s.user_id, s.display_name) for s in await store.seats(record.id)])

    async def history(self, channel_id: int, page_no: int = 0, game_id: int | None = None) -> Outcome:
        table = await self._played(channel_id, game_id)
        if table is None:
            return denied(self._t("pbp.history.none"))
        moves = await self.sessions.store.moves(table.record.id)
        listed = history.shown([(m.seat, m.kind) for m in moves])
        said = await asyncio.to_thread(self._said, table, moves)  # the summaries again, as messages
        lines = [history.HistoryLine(m.n, m.seat, datetime.fromisoformat(m.at).timestamp(),
                                     said.get(m.n) or fill(m.summary.replace("\n", " · "), table.names)
                                     or self._t("pbp.history.moved", name=table.names[m.seat]))
                 for m, show in zip(moves, listed) if show]
        chunk, number, pages = history.page(lines, page_no)
        if chunk:  # each line keeps its messages: the reader gets it in their language
            names = history.names_map(table.names, len(table.seats))
            text = joined([self._t("pbp.history.title", page=number, pages=pages)]
                          + [joined([history.row_head(line, names), line.text], "join.concat") for line in chunk])
        else:
            text = self._t("pbp.history.empty")
        gid = table.record.id
        buttons = [Button("page", (gid, number - 1), self._t("pbp.history.older"))] if number > 1 else []
        if number < pages:
            buttons.append(Button("page", (gid, number + 1), self._t("pbp.history.newer")))
        return Outcome(private=text, buttons=buttons)

    def _said(self, table: Table, moves) -> dict:
        """Move number -> its public summary as messages (a replay of the log: the store keeps
        only the English). Empty when the log no longer replays: the stored text is shown then."""
        engine, out = table.engine, {}
        try:
            state = engine.setup(len(table.seats), table.record.seed, table.record.options)
            for m in moves:
                events = engine.play(state, m.seat, m.text)
                said_ = [e for e in events if e.kind == "secret" and e.text] + \
                    [e for e in events if e.kind != "secret" and e.text]
                if said_:
                    out[m.n] = joined([said(e.msg, e.text, table.names) for e in said_], "join.dot")
        except Exception:
            log.warning("game %s: history replay failed; showing the stored summaries", table.record.id)
            return {}
        return out

    async def board_at(self, channel_id: int, n: int, locale: str | None = None) -> Outcome:
        """``/game board move:n``: the board after move n, drawn in ``locale`` (the place's)."""
        table = await self._played(channel_id)
        if table is None:
            return denied(self._t("pbp.history.none"))
        moves = await self.sessions.store.moves(table.record.id)
        engine, rec = table.engine, table.record
        locale = locale or await self.sessions.table_locale(rec)  # the post is the table's: in its language

        def draw():
            state = self.checkpoints.state_at(engine, len(table.seats), rec.seed,
                                              engine.log_options(rec.options, rec.engine_version),
                                              [(m.seat, m.text) for m in moves], n)
            view = engine.view(state, None)
            if rec.game not in renderers.RENDERERS:
                return None
            return renderers.render(rec.game, view, table.names, locale=locale or self.sessions.locale)

        try:
            png = await asyncio.to_thread(draw)
        except ValueError as err:
            return denied(reason(err))
        return Outcome(public=notice(self._t("pbp.board.at", n=n, total=len(moves)), channel_id=channel_id,
                                     png=png, filename=f"board-{n}.png"))

    # --- the end: summary and rematch ------------------------------------------------------------------
    async def _finished(self, table: Table) -> None:
        gid = table.record.id
        await self._io(self._forget, gid, write=True)
        result = table.engine.result(table.state)
        if result is None:
            return
        names = table.names
        png = await asyncio.to_thread(renderers.summary.render, result.to_json(), names, table.engine.name,
                                      locale=await self.sessions.table_locale(table.record), game=table.record.game)
        winners = [names[s] for s in result.winners]
        await self.notifier.send(notice(
            self._t("pbp.over.one" if len(result.winners) == 1 else "pbp.over.shared", game=table.engine.name,
                    winners=winners),
            channel_id=table.record.channel_id, png=png, filename="summary.png",
            buttons=[Button("rematch", (gid,), self._t("pbp.rematch"), "primary")]))

    def _copy_settings(self, old_gid: int, new_gid: int) -> None:
        old = self._game_row(old_gid)
        self._ensure(new_gid)
        self.rows.set_settings(new_gid, old["remind_hours"], old["time_control"], old["thread_id"])

    async def rematch(self, gid: int, user_id: int) -> Outcome:
        """Same game, players, options and place; the presser must have played."""
        store = self.sessions.store
        record = await store.game(gid)
        if record is None:
            return denied(self._t("pbp.rematch.gone"))
        seats = await store.seats(gid)
        if all(s.user_id != user_id for s in seats):
            return denied(self._t("pbp.rematch.not_player"))
        if record.status != "finished":
            return denied(self._t("pbp.rematch.not_over"))
        actors = [Actor(s.user_id, s.display_name) for s in seats]
        first = next(a for a in actors if a.user_id == user_id)
        others = [a for a in actors if a is not first]
        channel = record.channel_id
        made = await self.sessions.create(channel, first, record.game, others, record.options,
                                          guild_id=record.guild_id, parent_id=record.parent_id)
        if not made.ok:
            return denied(made.text)
        await self._io(self._copy_settings, gid, made.game_id, write=True)
        started = await self.sessions.start(channel, first)
        if not started.ok:
            return denied(started.text)
        await self._post_reply(channel, started, prefix=self._t("pbp.rematch.posted"))
        return Outcome(private=self._t("pbp.rematch.done"))


def vote(poll: int, choice: str, label: str) -> Button:
    """A poll's button: dropping a seat or refusing an undo in red."""
    return Button("vote", (poll, choice), label, "danger" if choice in ("drop", "no") else "secondary")


#: Designed: at most this many games' steps in one play-by-post transaction (and distinct
#: statement texts: one per batch size).
MAX_BATCH = 64


def _settle(done: asyncio.Future, err: BaseException | None = None) -> None:
    if not done.done():
        if err is None:
            done.set_result(None)
        else:
            done.set_exception(err)


#: a player without ``/me settings`` (shared: the preferences are frozen)
NO_PREFS = PlayerPrefs()


@functools.lru_cache(maxsize=256)
def _time_control(text: str) -> TimeControl:
    """A game's stored time control (frozen: one object per distinct text, read on every move)."""
    return TimeControl.from_json(json.loads(text))


def _held_clock(held: dict[int, str], seat: int, tc: TimeControl) -> SeatClock:
    """The seat's clock from its stored text (:meth:`Pbp._seat_rows`), or a new one."""
    text = held.get(seat)
    return SeatClock.from_json(json.loads(text)) if text is not None else clocks.new_clock(tc)


def _prefs_of(row) -> PlayerPrefs:
    return PlayerPrefs(row["interval_hours"], row["quiet_start"], row["quiet_end"], row["tz"], bool(row["dm"]))


def board_link(guild_id: int | None, channel_id: int, message_id: int | None) -> str | None:
    if not message_id:
        return None
    return f"https://discord.com/channels/{guild_id or '@me'}/{channel_id}/{message_id}"

