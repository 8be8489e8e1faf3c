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
each move runs inside the move's own transaction when the store can
(:meth:`Pbp.with_move`; PostgreSQL runs the steps of a batch of moves together,
:meth:`Pbp._together`), else it is committed in groups (:meth:`Pbp._after_change`): on
PostgreSQL, where each statement is a round trip, a group costs four whatever its size.

Observers run inside the channel lock, so nothing here plays a move from an
observer: a dropped seat's automatic move is a timer due *now*, run by the
dispatcher a moment later, outside the lock.
"""

from __future__ import annotations

import asyncio
import collections
import functools
import json
import logging
from collections.abc import Awaitable, Callable

import renderers
import renderers.summary

from ...store.pbp import PbpRows
from ...store.threads import is_postgres, on_store
from ...words.pbp_text import tr
from .. import alt, history, timers
from ..posts import Button, notice
from ..sessions import Actor, SessionManager, Table
from . import clocks, notes
from .clocks import NO_CLOCK, SeatClock, TimeControl, held_clock, stored_control
from .digest import Digest
from .handover import SeatHandover
from .hints import Hints
from .looking import Looking
from .outcome import DEFAULT_GAME_LIMIT, THREAD_KEEPALIVE, Notifier, Outcome, denied
from .pause import TablePause
from .reminders import NO_PREFS, PlayerPrefs, ReminderPolicy, prefs_of
from .reminding import Reminding
from .settings import Settings
from .standing import StandingOrders
from .timeouts import Timeouts
from .undoing import Undoing

#: named here too: the Discord layer imports them with the service
__all__ = ["DEFAULT_GAME_LIMIT", "Notifier", "Outcome", "Pbp", "denied"]

log = logging.getLogger(__name__)


class Pbp(Reminding, Timeouts, Settings, Looking, Undoing):
    """The play-by-post service of one process (its parts: the mixins' modules)."""

    def __init__(self, sessions: SessionManager, db_path, notifier: Notifier, clock=None,
                 game_limit: int = DEFAULT_GAME_LIMIT, bot_pace: tuple[float, int] | None = None):
        self.sessions = sessions
        #: (seconds between two automatic moves in a channel, at most this many a minute): a table of
        #: bots plays at reading speed (``BOT_PACE``; None: at once, as the service's tests want)
        self.bot_pace = bot_pace
        self._auto_times: dict[int, collections.deque] = {}
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
        #: the players' standing orders (``/game orders``), answered by "order" timers
        self.orders = StandingOrders(self)
        #: table pauses (``/game pause``, ``/game resume``), ended by "unpause" timers
        self.pause = TablePause(self)
        #: hints for practice (``/hint``, ``/game settings hints:``)
        self.hints = Hints(self)
        #: seats handed to another person (``/game replace``), by consent or the table's vote
        self.handover = SeatHandover(self)
        #: the players' daily digests (``/me settings digest:``), sent by "digest" timers
        self.digest = Digest(self)
        handlers: dict[str, Callable[[timers.Timer], Awaitable[None]]] = {
            "remind": self._on_remind, "deadline": self._on_deadline, "auto": self._on_auto,
            "archive": self._on_archive, "thread": self._on_thread, "order": self.orders.on_timer,
            "unpause": self.pause.on_timer, "digest": self.digest.on_timer,
        }
        for kind, fn in handlers.items():
            self.dispatcher.on(kind, fn)
        sessions.observers.append(self.observe)
        #: game id -> the move whose step ran inside the move's own write (``with_move``)
        self._stepped: dict[int, int] = {}
        if getattr(self.dbt, "joins_moves", False):
            sessions.with_move = self.with_move
        sessions.status_lines.append(self.pause.line)
        sessions.status_lines.append(self.handover.lines)
        sessions.status_lines.append(self.clock_lines)
        sessions.hand_lines.append(lambda table, seat: notes.hand_lines(sessions, table, seat))
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
        tables = [table for table in self.sessions.tables()
                  if table.record.status == "running" and table.started and not table.broken]
        for i in range(0, len(tables), START_BATCH):  # a transaction (and a hop to its thread) for many
            await self._io(self._sync_many, tables[i:i + START_BATCH], write=True)
        ordered = await self.orders.games()
        for table in tables:
            if table.record.id in ordered:
                await self.orders.review(table)  # an answer owed when the bot stopped
        if run:
            self.dispatcher.start()

    async def stop(self) -> None:
        await self.dispatcher.stop()
        if self._drainer is not None:  # the steps already queued are written first
            await asyncio.gather(self._drainer, return_exceptions=True)
        await asyncio.to_thread(self.dbt.close)

    # --- the observer -----------------------------------------------------------------
    def with_move(self, table: Table, what: str):
        """The step after the table's move (its ``n`` already the new move's), for the store to run
        inside the move's own write (``Store.append_move(then=...)``, on the database thread): one
        transaction and one hop to the writer per move instead of two. Once it has run, the move's
        "moved" leaves it out (:meth:`observe`); if it failed (logged by the store), it runs there
        after the commit, as without this."""
        gid, n = table.record.id, table.n
        self._stepped.pop(gid, None)  # left by a write that then failed to commit: not this move's

        def step(db) -> None:
            self._changed([(table, what)])
            self._stepped[gid] = n

        step.change = (table, what, n)
        step.together = self._together  # a store that commits moves in groups runs their steps at once
        return step

    def _together(self, db, steps: list) -> None:
        """The steps of several games' moves (``with_move``'s) as one (:meth:`_changed`: the games'
        rows and their seats' rows read once for all), for a store that commits moves in groups
        with their steps (PostgreSQL: each read is a round trip). Raising: none of them stands."""
        items = [step.change for step in steps]
        if len({table.record.id for table, _, _ in items}) == len(items):
            self._changed([(table, what) for table, what, _ in items])
        else:  # a game twice: one after the other
            for table, what, _ in items:
                self._changed([(table, what)])
        for table, _, n in items:
            self._stepped[table.record.id] = n

    async def observe(self, table: Table, what: str) -> None:
        gid = table.record.id
        if what in ("started", "moved", "undone"):
            if not (what == "moved" and self._stepped.pop(gid, None) == table.n):
                await self._after_change(table, what)
            await self.orders.after_change(table, what)
        elif what == "finished":
            self.orders.forget(gid)
            await self._finished(table)
        elif what in ("aborted", "orphaned"):  # an orphaned game waits without timers until adopted
            self.orders.forget(gid)
            await self._io(self._forget, gid, write=True)
        elif what == "adopted":
            self.orders.adopted(table.record.id)
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
        written = ([], [])
        for table, what in items:
            gid = table.record.id
            # moved: a consent asked for an older log can no longer apply (its undo polls close)
            self._sync(table, fresh=True, undone=what == "undone", moved=what == "moved",
                       read=(rows[gid], seated.get(gid, ({}, {}, {}, {}))), now=now, written=written)
        self._write_waits(written)

    def _sync_many(self, tables: list[Table]) -> None:
        """:meth:`_sync` of each table whose rows are not in line with it (:func:`in_line`), in the one
        transaction of the caller (a start: issue 33, a commit and a hop to the database thread per
        game made a restart of 10,000 games wait 5-7 s of CPU for this alone). A game in line needs
        nothing written: one row of it is read (``start_rows``) instead of its seats' rows and every
        waited-for seat's next reminder worked out again (3-4 s of CPU at 100,000 games, to leave
        each reminder standing as it was)."""
        looked = self.rows.start_rows(sorted({table.record.id for table in tables}))
        untimed: dict[str, bool] = {}
        tables = [table for table in tables if not in_line(table, looked.get(table.record.id), untimed)]
        if not tables:
            return
        gids = sorted({table.record.id for table in tables})
        rows = self.rows.lock_games(gids)
        seated = self._seat_rows(gids)
        written = ([], [])
        for table in tables:
            gid = table.record.id
            self._sync(table, False, read=(rows[gid], seated.get(gid, ({}, {}, {}, {}))), start=True, written=written)
        self._write_waits(written)

    def _write_waits(self, written: tuple[list, list]) -> None:
        """The waits that :meth:`_sync` of several games (each once) ended and started, written with
        one statement each for all of them (``executemany`` on SQLite) instead of one per seat. The
        games' steps read no wait after writing one (a seat's new wait is handed to its reminder), and
        ended and started seats differ, so writing them after the steps leaves the same rows."""
        ended, started = written
        if ended:
            self.rows.end_wait_rows(ended)
        if started:
            self.rows.start_wait_rows(started)

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
              read: tuple | None = None, start: bool = False, now: float | None = None,
              written: tuple[list, list] | None = None) -> None:
        """After a change: who is waited for now, their clocks, reminders, deadlines (database thread).

        Few round trips (PostgreSQL sends each read on its own; the writes wait for the commit):
        after a move (``fresh``, ``read`` given by :meth:`_changed`), the game's row came with
        the last mover, whether any poll is open and whether the thread timer exists, and
        the seats' waits, clocks and preferences came in one read. ``now``: the step's time
        when the caller has it (one instant for the whole step). ``written``: two lists that take the
        (game, seat) of each wait ended and the (game, seat, since) of each started, for the caller
        to write (:meth:`_write_waits`); None: written here, one statement each."""
        gid = table.record.id
        if now is None:
            now = self.now()
        if read is not None:  # the rows read for many games at once (a move's, a start's)
            row, (waits, held, prefs, dues) = read
        else:
            self._lock_game(gid)
            row = self._game_row(gid)
            waits, held, prefs, dues = self._seat_rows([gid]).get(gid, ({}, {}, {}, {}))
        if fresh:
            if not row.get("archive_timer", 0):  # it exists: when due it reads last_activity (just
                # written) and moves itself on (``_on_archive``), so a move need not rewrite it
                self.dispatcher.add("archive", clocks.archive_due(now), {"game_id": gid}, key=f"archive:{gid}",
                                    game_id=gid)
        else:
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
        tc = stored_control(row["time_control"])
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
            if written is None:
                self.rows.end_wait(gid, seat)
            else:
                written[0].append((gid, seat))
            if undone or not fresh:
                self.dispatcher.cancel(f"remind:{gid}:{seat}")
            # after a move its reminder is left standing: when due it finds the seat not waited for
            # and goes, or (the seat's turn came back) moves itself on (``_on_remind``; ``standing``)
            if timed:  # without a time limit a turn's time is never read: the clock row is left as it is
                self.dispatcher.cancel(f"deadline:{gid}:{seat}")
                clock = held_clock(held, seat, tc)
                clocks.end_turn(tc, clock, now)
                self._save_clock(gid, seat, clock, held.get(seat))
        for seat in sorted(waiting):
            if seat not in humans:
                self.dispatcher.add("auto", self._paced(table.record.channel_id, now), {"game_id": gid, "seat": seat},
                                    key=f"auto:{gid}:{seat}", game_id=gid)
                continue
            restart = seat not in waits or seat == mover
            wait = waits.get(seat)  # (read for this step alone: nobody changes it)
            # the seat's reminder already standing (none being fired) stays if it is not late: a turn
            # going on, or a seat waited for again (its reminder from its last wait was left)
            # (so at a start: the reminders left standing by the last run are not all written again)
            standing = dues.get(seat) if (fresh or start) and not undone else None
            if restart:
                if written is None:
                    self.rows.start_wait(gid, seat, now)
                else:
                    written[1].append((gid, seat, now))
                wait = {"since": now, "reminded": 0, "last_at": None, "muted": 0}
            # its vacations count for the reminders either way (a seat with no stored clock in a game
            # without a time limit has none: the shared clock, read only, none built for it)
            clock = held_clock(held, seat, tc) if timed or seat in held else NO_CLOCK
            if timed:  # the turn's start, its bank and grace count only against a time limit
                if not (undone and seat not in waits and clocks.resume_turn(clock)):
                    clocks.start_turn(clock, now)
                self._save_clock(gid, seat, clock, held.get(seat))  # a turn going on leaves it as it was
            if restart or not fresh:  # the rows just read or written: no second read per seat
                self._schedule_reminder(table, seat, wait=wait, clock=clock, row=row, prefs=prefs.get(seat),
                                        standing=standing, now=now)
                if timed:
                    self._schedule_deadline(gid, seat, tc, clock)

    def _seat_rows(self, gids: list[int]) -> dict[int, tuple[dict[int, dict], dict[int, str],
                                                              dict[int, PlayerPrefs], dict[int, str]]]:
        """Per game: each seat's wait, clock (its stored text: read by :func:`_held_clock` for the
        seats whose turn starts or ends, compared before writing it back) and player's
        preferences, for all the games in one read (the caller holds the games' rows:
        :meth:`_touch` or :meth:`_lock_game`), and the due time of each seat's standing reminder."""
        out: dict[int, tuple[dict, dict, dict, dict]] = {}
        for (gid, seat, waited, since, reminded, last_at, muted, clock, has_prefs, interval_hours, quiet_start,
             quiet_end, tz, dm, remind_due) in self.rows.seat_rows(gids):  # the columns of ``SEAT_ROW``
            got = out.get(gid)
            if got is None:  # (not ``setdefault``: its four new dicts would be made for every seat)
                got = out[gid] = ({}, {}, {}, {})
            waits, held, prefs, dues = got
            if waited is not None:
                waits[seat] = {"since": since, "reminded": reminded, "last_at": last_at, "muted": muted}
            if remind_due is not None:
                dues[seat] = remind_due
            if clock is not None:
                held[seat] = clock
            prefs[seat] = (NO_PREFS if has_prefs is None else
                           PlayerPrefs(interval_hours, quiet_start, quiet_end, tz, bool(dm)))
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
        return PlayerPrefs() if row is None else prefs_of(row)

    def policy(self, gid: int, row=None) -> ReminderPolicy:
        return _policy((row if row is not None else self._game_row(gid))["remind_hours"] or None)

    def time_control(self, gid: int) -> TimeControl:
        return stored_control(self._game_row(gid)["time_control"])

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
        over = self._t("pbp.over.one" if len(result.winners) == 1 else "pbp.over.shared", game=table.engine.name,
                       winners=winners)
        await self.notifier.send(notice(
            over, channel_id=table.record.channel_id, png=png, filename="summary.png",
            alt=alt.lines("summary", table.engine.name, said=[over], view={"result": result.to_json(), "players": [
                {"seat": s} for s in range(len(names))]}, names=names),
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


@functools.lru_cache(maxsize=64)
def _policy(hours: float | None) -> ReminderPolicy:
    """A game's reminder policy (frozen: one object per interval, asked for every waited-for seat
    after every move)."""
    return ReminderPolicy(interval_hours=hours) if hours else ReminderPolicy()


def in_line(table: Table, row: tuple | None, untimed: dict[str, bool]) -> bool:
    """Whether a game's play-by-post rows (``row``: ``PbpRows.start_rows``) already hold all that
    :meth:`Pbp._sync` would write at a start, so that the start can leave them: the game has been
    active, its thread (if any) has its keep-alive timer, it has no time limit (the clocks' turns are
    not looked at here), no bot or dropped seat is waited for (their automatic move is a timer set
    again at every start), the seats waited for are exactly those with a wait, and each has its
    reminder standing. ``_sync`` would keep such a reminder: every change of what it is worked out
    from (the settings, a vacation, a pause) moves it in the same transaction, and one left standing
    early is moved on when due (``Reminding._on_remind``). ``untimed``: time-control texts seen."""
    if row is None:
        return False
    last_activity, thread_id, control, dropped, waited, timers = row
    if not last_activity or dropped != "[]" or not timers:
        return False
    none = untimed.get(control)
    if none is None:
        none = untimed[control] = stored_control(control).mode == "none"
    if not none:
        return False
    gid, seats, waiting = table.record.id, table.seats, table.to_move()
    if any(seat < len(seats) and seats[seat].is_bot for seat in waiting):
        return False
    if waited != ",".join(map(str, waiting)) and _seat_set(waited) != set(waiting):
        return False
    keys = set(timers.split(","))
    if thread_id and f"thread:{gid}" not in keys:
        return False
    return all(f"remind:{gid}:{seat}" in keys for seat in waiting)


def _seat_set(text: str | None) -> set[int]:
    return {int(seat) for seat in text.split(",")} if text else set()


#: Designed: at most this many games' steps in one play-by-post transaction (and distinct
#: statement texts: one per batch size).
MAX_BATCH = 64
#: games whose play-by-post rows a start brings in line in one transaction
START_BATCH = 500


def _settle(done: asyncio.Future, err: BaseException | None = None) -> None:
    if not done.done():
        if err is None:
            done.set_result(None)
        else:
            done.set_exception(err)
