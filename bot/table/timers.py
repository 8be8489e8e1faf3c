"""Durable timers: rows in SQLite and ONE dispatcher task that sleeps until the next is due.

Why this shape (the durable-timer pattern of RoboDanny): no loop wakes up every
minute to poll every game. A timer is a row of the ``timers`` table (schema
0001 plus migration 010: ``kind, key, due_at, game_id, user_id, payload``);
the dispatcher reads the earliest ``due_at``, sleeps until then (or until
``add`` wakes it because a sooner timer arrived), runs the handler registered
for the timer's ``kind`` and deletes the row. A restart loses nothing: the
rows are still there, and timers that fell due while the bot was down fire at
start. Timers of a game go when it ends (the store deletes them by game_id).

``key`` makes a timer replaceable: adding ``remind:7:2`` again moves the one
reminder of game 7 / seat 2 instead of stacking a second one.

No timer statement runs on the event loop thread: the table lives on the
play-by-post layer's connection, owned by one :class:`DbThread`; the dispatcher
reads and deletes through it, and ``add``/``cancel`` are meant to be called
from code already running there (they wake the dispatcher thread-safely).
Timers that are due are read in batches of 100 and the loop gets a turn
between every two, so a backlog of thousands never freezes the bot.

Time is injected: clocks answer ``now()`` with an aware UTC datetime (the same
protocol as the session manager's) and ``sleep(seconds)``. Production uses
:class:`SystemClock`, tests a :class:`ManualClock` advanced by hand, so nothing
really sleeps. Times inside this module are epoch seconds.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import logging
import sqlite3
import threading
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

from ..store import StoreUnavailable
from ..store.shards import Shards
from ..store.sqlite import classify

log = logging.getLogger(__name__)

#: Longest single sleep: the dispatcher re-reads the table at least this often,
#: which also absorbs wall-clock jumps (suspend, NTP).
MAX_SLEEP = 24 * 3600.0
#: A handler that raises is retried this much later, at most MAX_ATTEMPTS times.
RETRY_DELAY = 300.0
MAX_ATTEMPTS = 5
#: A claimed timer belongs to its process this long; if that process dies, another fires it after.
CLAIM_LEASE = 300.0
#: Deleting a fired timer is tried this often, this many seconds (times the attempt) apart.
DELETE_ATTEMPTS = 4
DELETE_PAUSE = 0.5


def epoch(when: datetime | float) -> float:
    return when.timestamp() if isinstance(when, datetime) else float(when)


def iso_at(seconds: float) -> str:
    """Epoch seconds as the store writes times (ISO 8601 UTC, milliseconds), so text order = time order."""
    return datetime.fromtimestamp(seconds, UTC).isoformat(timespec="milliseconds")


# --- clocks -----------------------------------------------------------------


class SystemClock:
    """Wall-clock UTC time."""

    def now(self) -> datetime:
        return datetime.now(UTC)

    async def sleep(self, seconds: float) -> None:
        await asyncio.sleep(max(0.0, seconds))


class ManualClock:
    """A clock that only moves when told to (tests, simulations).

    ``sleep`` returns once :meth:`advance` has moved the time past the target,
    so the real dispatcher loop can be driven without waiting.
    """

    def __init__(self, start: datetime | float = 1_700_000_000.0):
        self._now = epoch(start)
        self._sleepers: list[tuple[float, asyncio.Future]] = []

    def now(self) -> datetime:
        return datetime.fromtimestamp(self._now, UTC)

    def time(self) -> float:
        return self._now

    async def sleep(self, seconds: float) -> None:
        target = self._now + max(0.0, seconds)
        if target <= self._now:
            await asyncio.sleep(0)
            return
        fut = asyncio.get_running_loop().create_future()
        self._sleepers.append((target, fut))
        try:
            await fut
        finally:
            self._sleepers = [(t, f) for t, f in self._sleepers if f is not fut]

    def advance(self, seconds: float) -> None:
        self.set(self._now + seconds)

    def set(self, when: datetime | float) -> None:
        self._now = epoch(when)
        for target, fut in self._sleepers:
            if target <= self._now and not fut.done():
                fut.set_result(None)


# --- the table ----------------------------------------------------------------


@dataclass
class Timer:
    id: int
    kind: str
    due: float
    key: str | None = None
    payload: dict = field(default_factory=dict)
    attempts: int = 0
    game_id: int | None = None
    user_id: int | None = None


def connect(path: str | Path, busy_timeout: float = 10.0) -> sqlite3.Connection:
    """A second, synchronous connection to the bot's database (already migrated by the Store).

    A ``postgresql://`` URL gives a :class:`bot.store.pg_sync.PgSyncConn` that takes the same SQL."""
    if str(path).startswith(("postgresql://", "postgres://")):
        from ..store.pg_sync import PgSyncConn

        return PgSyncConn(str(path))
    conn = sqlite3.connect(str(path), isolation_level=None, timeout=busy_timeout, check_same_thread=False)
    conn.row_factory = sqlite3.Row
    conn.execute(f"PRAGMA busy_timeout={int(busy_timeout * 1000)}")
    conn.execute("PRAGMA synchronous=NORMAL")
    return conn


class DbThread:
    """One connection and the one thread that uses it (the play-by-post tables and timers).

    ``await db.run(fn, *args, write=True)`` runs ``fn(*args)`` on that thread,
    inside one ``BEGIN IMMEDIATE`` transaction when ``write``: all of an
    operation's statements commit together (one sync instead of ten) or not
    at all. A SQLite failure rolls back, raises
    :class:`bot.store.StoreUnavailable` and the next call reconnects.
    """

    def __init__(self, path: str | Path, busy_timeout: float = 10.0):
        self.path = str(path)
        self.busy_timeout = busy_timeout
        self._pool = ThreadPoolExecutor(1, thread_name_prefix="pbp-db")
        self._conn: sqlite3.Connection | None = None
        self.thread: threading.Thread | None = None
        self._pool.submit(self._open).result()

    def _open(self) -> sqlite3.Connection:
        self.thread = threading.current_thread()
        if self._conn is None:
            self._conn = connect(self.path, self.busy_timeout)
        return self._conn

    @property
    def conn(self) -> sqlite3.Connection:
        """The connection (use it only on this thread; tests may peek from outside)."""
        return self._conn if self._conn is not None else self._pool.submit(self._open).result()

    def on_thread(self) -> bool:
        return threading.current_thread() is self.thread

    def _call(self, fn, args, kwargs, write: bool):
        db = self._open()
        try:
            if not write:
                return fn(*args, **kwargs)
            db.execute("BEGIN IMMEDIATE")
            try:
                out = fn(*args, **kwargs)
                db.execute("COMMIT")
                return out
            except BaseException:
                if db.in_transaction:
                    db.execute("ROLLBACK")
                raise
        except sqlite3.IntegrityError:
            raise
        except sqlite3.Error as err:
            kind = classify(err)
            log.warning("play-by-post database call refused (%s): %s", kind, err)
            with contextlib.suppress(sqlite3.Error):
                db.close()
            self._conn = None
            raise StoreUnavailable(kind, str(err)) from None

    async def run(self, fn, *args, write: bool = False, **kwargs):
        if self.on_thread():  # already here (a helper calling a helper): no second hop, no deadlock
            return fn(*args, **kwargs)
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._pool, functools.partial(self._call, fn, args, kwargs, write))

    def close(self) -> None:
        def shut() -> None:
            if self._conn is not None:
                self._conn.close()
                self._conn = None

        try:
            self._pool.submit(shut).result()
        finally:
            self._pool.shutdown(wait=True)


class StoreThread(DbThread):
    """The play-by-post tables on the SQLite store's own writer (same file, same thread, same
    connection): its writes join the store's group commit (each in its own savepoint, one
    sync per batch) instead of taking SQLite's one write lock from a second connection,
    which made the moves' commits and these wait on each other's busy timeouts."""

    def __init__(self, store):
        self.store = store
        self.path = store.path
        self.busy_timeout = store.busy_timeout
        self._conn = None

    @property
    def thread(self) -> threading.Thread | None:
        return self.store.writer_thread

    @property
    def conn(self) -> sqlite3.Connection:
        """The store's writing connection (use it only on its thread; tests may peek)."""
        if self.store._writer is None:
            return self.store._pool.submit(self.store._ensure_writer).result()
        return self.store._writer

    async def run(self, fn, *args, write: bool = False, **kwargs):
        if self.on_thread():
            return fn(*args, **kwargs)
        if write:
            return await self.store._write(lambda db: fn(*args, **kwargs))
        try:
            return await self.store._on_writer(lambda db: fn(*args, **kwargs))
        except sqlite3.IntegrityError:
            raise
        except sqlite3.Error as err:
            log.warning("play-by-post database read refused (%s): %s", classify(err), err)
            raise StoreUnavailable(classify(err), str(err)) from None

    def close(self) -> None:
        """The store closes its connection."""


def on_store(path: str | Path, store=None) -> DbThread:
    """The play-by-post layer's database thread: the SQLite store's own writer when it has
    one on this file, else a connection and thread of its own (PostgreSQL, tests)."""
    if store is not None and getattr(store, "kind", None) == "sqlite" and str(store.path) == str(path):
        return StoreThread(store)
    return DbThread(path)


class TimerStore:
    """The timers table. Small synchronous statements (each well under a ms), run on the DbThread."""

    def __init__(self, source: sqlite3.Connection | DbThread, shards: Shards | None = None):
        self._source = source
        #: claim only the timers of these shards' games (and of no game); None: every timer
        self.shards = shards

    def _mine(self) -> str:
        """``AND ...``: the timers this process may fire (its shards' games, or no game at all)."""
        if self.shards is None:
            return ""
        return f" AND (game_id IS NULL OR game_id IN (SELECT id FROM games WHERE {self.shards.sql()}))"

    @property
    def conn(self) -> sqlite3.Connection:
        return self._source.conn if isinstance(self._source, DbThread) else self._source

    def add(self, kind: str, due: float, payload: dict | None = None, key: str | None = None,
            game_id: int | None = None, user_id: int | None = None, now: float = 0.0) -> int:
        """Insert a timer; one with the same ``key`` is replaced. Returns its id."""
        return int(self.put(kind, due, payload, key, game_id, user_id, now).lastrowid)

    def put(self, kind: str, due: float, payload: dict | None = None, key: str | None = None,
            game_id: int | None = None, user_id: int | None = None, now: float = 0.0):
        """:meth:`add` without asking the new id (the cursor): PostgreSQL then sends it with the commit."""
        return self.conn.execute(
            "INSERT OR REPLACE INTO timers (kind, key, due_at, game_id, user_id, payload, attempts, created_at)"
            " VALUES (?, ?, ?, ?, ?, ?, 0, ?)",
            (kind, key, iso_at(due), game_id, user_id, json.dumps(payload or {}, sort_keys=True), iso_at(now)),
        )

    def get(self, key: str) -> Timer | None:
        row = self.conn.execute("SELECT * FROM timers WHERE key = ?", (key,)).fetchone()
        return _timer(row) if row else None

    def cancel(self, key: str) -> bool:
        """Whether there was one."""
        return self.discard(key).rowcount > 0

    def discard(self, key: str):
        """:meth:`cancel` without asking whether there was one (sent with the commit on PostgreSQL)."""
        return self.conn.execute("DELETE FROM timers WHERE key = ?", (key,))

    def cancel_game(self, game_id: int, kinds: tuple[str, ...] | None = None) -> int:
        """Drop the timers of one game (of some kinds only, if given)."""
        if kinds is None:
            return self.conn.execute("DELETE FROM timers WHERE game_id = ?", (game_id,)).rowcount
        marks = ",".join("?" * len(kinds))
        return self.conn.execute(f"DELETE FROM timers WHERE game_id = ? AND kind IN ({marks})",
                                 (game_id, *kinds)).rowcount

    def delete(self, timer_id: int) -> None:
        self.conn.execute("DELETE FROM timers WHERE id = ?", (timer_id,))

    def next_due(self) -> float | None:
        """When the next timer falls due (a claimed one: when its claim runs out)."""
        row = self.conn.execute(
            "SELECT MIN(CASE WHEN claimed_until IS NOT NULL AND claimed_until > due_at THEN claimed_until"
            f" ELSE due_at END) FROM timers WHERE 1 = 1{self._mine()}").fetchone()
        return None if row[0] is None else epoch(datetime.fromisoformat(row[0]))

    def claim_due(self, now: float, limit: int = 100, lease: float = CLAIM_LEASE) -> list[Timer]:
        """Take up to ``limit`` due timers nobody holds, for ``lease`` seconds (run it in a write
        transaction). Several processes never get the same timer: SQLite serialises the
        transactions, PostgreSQL skips the rows another process has locked. With shards, only
        the timers of this process's games are taken: the others' are theirs."""
        rows = self.conn.execute(
            "UPDATE timers SET claimed_until = ? WHERE id IN (SELECT id FROM timers WHERE due_at <= ?"
            f" AND (claimed_until IS NULL OR claimed_until <= ?){self._mine()} ORDER BY due_at, id LIMIT ? /*LOCK*/)"
            " RETURNING *", (iso_at(now + lease), iso_at(now), iso_at(now), limit)).fetchall()
        return sorted((_timer(r) for r in rows), key=lambda t: (t.due, t.id))

    def due(self, now: float, limit: int = 100) -> list[Timer]:
        rows = self.conn.execute(
            "SELECT * FROM timers WHERE due_at <= ? ORDER BY due_at, id LIMIT ?", (iso_at(now), limit)
        ).fetchall()
        return [_timer(r) for r in rows]

    def all(self) -> list[Timer]:
        return [_timer(r) for r in self.conn.execute("SELECT * FROM timers ORDER BY due_at, id")]

    def retry(self, timer: Timer, due: float) -> None:
        self.conn.execute("UPDATE timers SET due_at = ?, attempts = attempts + 1, claimed_until = NULL WHERE id = ?",
                          (iso_at(due), timer.id))


def _timer(row: sqlite3.Row) -> Timer:
    return Timer(id=row["id"], kind=row["kind"], due=epoch(datetime.fromisoformat(row["due_at"])),
                 key=row["key"], payload=json.loads(row["payload"] or "{}"), attempts=row["attempts"],
                 game_id=row["game_id"], user_id=row["user_id"])


# --- the dispatcher -------------------------------------------------------------

Handler = Callable[[Timer], Awaitable[None]]


class Dispatcher:
    """Runs due timers through the handler of their kind; one asyncio task."""

    def __init__(self, store: TimerStore, clock=None, db: DbThread | None = None):
        self.store = store
        self.db = db
        self.clock = clock or SystemClock()
        self.handlers: dict[str, Handler] = {}
        self._wake = asyncio.Event()
        self._task: asyncio.Task | None = None
        self.fired: int = 0
        #: longest sleep; several processes on one database set it short, as another may add a timer
        self.max_sleep = MAX_SLEEP
        #: the due time the loop sleeps towards (-inf while it is awake): a timer added for
        #: later does not wake it (every move re-schedules reminders hours away; a wake-up
        #: per move would cost the loop a self-pipe write and a turn for nothing)
        self._until = float("-inf")
        try:
            self._home: asyncio.AbstractEventLoop | None = asyncio.get_running_loop()
        except RuntimeError:
            self._home = None

    async def io(self, fn, *args, write: bool = False):
        """``fn(*args)`` on the database thread (directly when there is none: plain tests)."""
        if self.db is None:
            return fn(*args)
        return await self.db.run(fn, *args, write=write)

    def _wake_up(self) -> None:
        loop = self._home
        if loop is None or loop.is_closed():
            self._wake.set()
            return
        try:
            running = asyncio.get_running_loop()
        except RuntimeError:
            running = None
        if running is loop:
            self._wake.set()
        else:
            loop.call_soon_threadsafe(self._wake.set)

    def on(self, kind: str, handler: Handler) -> None:
        self.handlers[kind] = handler

    # scheduling -------------------------------------------------------------
    def now(self) -> float:
        return epoch(self.clock.now())

    def add(self, kind: str, due: float, payload: dict | None = None, key: str | None = None,
            game_id: int | None = None, user_id: int | None = None) -> None:
        """Schedule (or move, same ``key``) a timer; from code on the database thread. Nothing is
        returned: asking the row's id would cost PostgreSQL a round trip of its own."""
        self.store.put(kind, due, payload, key, game_id, user_id, now=self.now())
        if due < self._until:  # sooner than what the loop sleeps towards
            self._wake_up()

    def cancel(self, key: str) -> None:
        """Drop the timer of ``key`` if there is one (no answer, for the same reason)."""
        self.store.discard(key)

    # running ------------------------------------------------------------------
    async def run_due(self) -> int:
        """Fire every timer that is due now; returns how many ran."""
        ran = 0
        while True:
            batch = await self.io(self.store.claim_due, self.now(), write=True)
            if not batch:
                return ran
            for timer in batch:
                await self._fire(timer)
                ran += 1
                if ran % 2 == 0:
                    await asyncio.sleep(0)  # a backlog never holds the loop

    async def _fire(self, timer: Timer) -> None:
        handler = self.handlers.get(timer.kind)
        if handler is None:
            log.warning("no handler for timer kind %r; dropping timer %s", timer.kind, timer.id)
            await self.io(self.store.delete, timer.id)
            return
        try:
            await handler(timer)
        except Exception:
            if timer.attempts + 1 >= MAX_ATTEMPTS:
                log.exception("timer %s (%s) failed %d times; dropped", timer.id, timer.kind, MAX_ATTEMPTS)
                await self.io(self.store.delete, timer.id)
            else:
                log.exception("timer %s (%s) failed; retrying later", timer.id, timer.kind)
                await self.io(self.store.retry, timer, self.now() + RETRY_DELAY)
            return
        # The handler may have replaced the row (same key, new id): then this is a no-op.
        await self._forget_fired(timer)
        self.fired += 1

    async def _forget_fired(self, timer: Timer) -> None:
        """Delete a timer that fired. A database busy past its timeout (another process's long
        sync on a saturated disk) is tried again a few times: a row left behind would fire a
        second time once its claim runs out."""
        for attempt in range(DELETE_ATTEMPTS):
            try:
                await self.io(self.store.delete, timer.id)
                return
            except (sqlite3.Error, StoreUnavailable):
                if attempt + 1 == DELETE_ATTEMPTS:
                    raise
                log.warning("timer %s fired but is not deleted yet (database busy); trying again", timer.id)
                await asyncio.sleep(DELETE_PAUSE * (attempt + 1))

    async def _loop(self) -> None:
        while True:
            self._until = float("-inf")  # awake: every add wakes the next sleep, it may come before it
            self._wake.clear()
            try:
                await self.run_due()
                nxt = await self.io(self.store.next_due)
            except (sqlite3.Error, StoreUnavailable):  # the database busy/full for too long: try again a bit later
                log.exception("timer dispatcher could not read the timers table")
                nxt = self.now() + 5.0
            if nxt is None:
                self._until = float("inf")
                await self._wake.wait()
                continue
            delay = min(nxt - self.now(), self.max_sleep)
            if delay <= 0:
                continue
            self._until = self.now() + delay
            await _first(self._wake.wait(), self.clock.sleep(delay))

    def start(self) -> asyncio.Task:
        self._home = asyncio.get_running_loop()
        if self._task is None or self._task.done():
            self._task = asyncio.get_running_loop().create_task(self._loop(), name="timer-dispatcher")
        return self._task

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None


async def _first(*aws) -> None:
    """Wait until the first awaitable finishes; cancel the rest."""
    tasks = [asyncio.ensure_future(a) for a in aws]
    try:
        await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for t in tasks:
            t.cancel()
        for t in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await t
