"""The SQLite store's writer thread: every write runs whole on one connection, committed in groups.

:class:`Writer` is the part of :class:`bot.store.sqlite.SqliteStore` that owns the writing
connection, the queue of writes and the group commit: writes queued while the last batch was
being synced are committed together (one transaction, one sync of the log), each write keeping
its own outcome; a caller is told only once the batch's COMMIT returned (a confirmed move is on
disk). Under load a batch lingers a moment for more writes (:data:`LINGER`), as the PostgreSQL
store's group commit does. A batch of one write (the common case on a quiet bot) runs without
savepoints: its failure is the transaction's, rolled back whole.
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TypeVar

from .records import Conflict, StoreUnavailable, classify
from .threads import joined_steps, settle, steps_ran

T = TypeVar("T")
log = logging.getLogger(__name__)

#: Most writes committed in one transaction by the group commit.
MAX_BATCH = 128
#: The writer's ``PRAGMA synchronous``. FULL: in WAL mode every COMMIT syncs the log to
#: disk before it returns, so a move the bot has confirmed survives a killed process AND a
#: power cut or kernel crash. NORMAL would survive a killed process only (the log is
#: synced at checkpoints, a power cut may drop the last commits): that breaks the promise
#: "a confirmed move is never lost", so it is not used. FULL costs one fsync per
#: transaction; the group commit makes that one fsync per batch of queued moves.
SYNCHRONOUS = "FULL"
#: under load (the last batch went less than BUSY seconds ago and more writes queued up while it
#: was written), the next batch waits LINGER seconds for more before it begins: a move is
#: confirmed that much later, and a batch's fixed costs (its BEGIN, its COMMIT's sync, the wake-up
#: of the loop, the play-by-post steps' reads) are shared by more moves. A write on an idle store
#: (nothing queued behind the last one) never waits.
LINGER = 0.002
BUSY = 0.02


class Writer:
    """The writer thread's half of the SQLite store (a mixin: ``SqliteStore`` sets ``path``,
    ``busy_timeout`` and ``damaged`` and calls :meth:`_init_writer`)."""

    path: str
    busy_timeout: float
    damaged: str | None

    def _init_writer(self) -> None:
        #: the one thread that owns the writing connection
        self._pool = ThreadPoolExecutor(1, thread_name_prefix="store-writer")
        self._writer: sqlite3.Connection | None = None
        #: extra PRAGMAs for every writing connection (fault-injection tests add ``query_only=ON``)
        self.writer_pragmas: list[str] = []
        #: the connection class of the writer (fault-injection tests pass a subclass that fails on cue)
        self.writer_factory: type[sqlite3.Connection] = sqlite3.Connection
        #: PRAGMA synchronous of the writer (see :data:`SYNCHRONOUS`)
        self.synchronous = SYNCHRONOUS
        #: writes queued for the writer thread: (work, future, loop)
        self._queue: list = []
        self._queue_lock = threading.Lock()
        self._draining = False
        #: most writes committed in one transaction
        self.max_batch = MAX_BATCH
        #: seconds a batch waits for more writes under load (0: never; see :data:`LINGER`)
        self.linger = LINGER
        #: when the last batch was committed (time.monotonic()), and whether more writes had queued
        #: up meanwhile (the store is busy)
        self._last = float("-inf")
        self._crowded = False
        #: committed writes, and the transactions (batches) they took (the load bench prints both)
        self.commits = 0
        self.batches = 0
        #: the writer thread (the play-by-post layer runs its helpers there: ``threads.StoreThread``)
        self.writer_thread: threading.Thread | None = None

    def _ensure_writer(self) -> sqlite3.Connection:
        """The writing connection, opened if needed (writer thread)."""
        self.writer_thread = threading.current_thread()
        if self._writer is None:
            self._writer = self._connect_writer()
        return self._writer

    def _connect_writer(self) -> sqlite3.Connection:
        db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False,
                             timeout=self.busy_timeout, factory=self.writer_factory)
        db.row_factory = sqlite3.Row  # by name for the play-by-post helpers; by index as before
        for pragma in (f"synchronous={self.synchronous}", "foreign_keys=ON",
                       f"busy_timeout={int(self.busy_timeout * 1000)}", *self.writer_pragmas):
            db.execute(f"PRAGMA {pragma}")
        return db

    async def _on_writer(self, fn: Callable[[sqlite3.Connection], T]) -> T:
        """Run ``fn(db)`` on the writer thread (no transaction of its own)."""
        def run() -> T:
            return fn(self._ensure_writer())

        return await asyncio.get_running_loop().run_in_executor(self._pool, run)

    async def _write(self, work: Callable[[sqlite3.Connection], T]) -> T:
        """Run ``work(db)`` as one write (all or nothing) on the writer thread; return once it is durable.

        Writes run one at a time in the order asked (one thread), and even a
        cancelled caller's write runs whole or not at all. Writes queued while
        the previous commit is being synced are committed together (group
        commit, see :meth:`_drain`): each keeps its own outcome.
        """
        if self.damaged is not None:  # the page check found damage: nothing more is confirmed
            raise StoreUnavailable("damaged", self.damaged)
        loop = asyncio.get_running_loop()
        fut = loop.create_future()
        with self._queue_lock:
            self._queue.append((work, fut, loop))
            start = not self._draining
            self._draining = True
        if start:
            self._pool.submit(self._drain)
        return await fut

    def _drain(self) -> None:
        """Commit everything queued, a batch at a time, until the queue is empty (writer thread).

        Group commit: one transaction (one sync of the log) for every write
        that queued up while the last one was syncing, so a busy bot pays one
        fsync per batch instead of one per move. Each write runs inside its own
        SAVEPOINT (none when the batch has one write): a write refused by a constraint
        (:class:`Conflict`) or a bug is rolled back alone and the others in the batch still
        commit. A write counts as done only after the batch's COMMIT returned: nobody is told
        "saved" before the data is on disk. If the database itself fails (full,
        read-only, locked, I/O), the whole batch is rolled back and every write
        in it is refused with :class:`StoreUnavailable` (nothing half-written).
        """
        while True:
            if self._crowded and self.linger > 0 and time.monotonic() - self._last < BUSY:
                with self._queue_lock:
                    short = len(self._queue) < self.max_batch
                if short:  # busy: a moment for more writes to join this batch
                    time.sleep(self.linger)
            with self._queue_lock:
                batch = self._queue[:self.max_batch]
                del self._queue[:self.max_batch]
                if not batch:
                    self._draining = False
                    self._crowded = False
                    return
            self._commit_batch(batch)
            with self._queue_lock:
                self._crowded = len(batch) > 1 or bool(self._queue)
            self._last = time.monotonic()

    def _commit_batch(self, batch: list) -> None:
        try:
            db = self._ensure_writer()
            db.execute("BEGIN IMMEDIATE")
            try:
                outcomes = [self._alone(db, batch[0][0])] if len(batch) == 1 else self._each(db, batch)
                if db.in_transaction:  # (a write alone that failed rolled it back)
                    db.execute("COMMIT")
            except BaseException:
                if db.in_transaction:
                    db.execute("ROLLBACK")
                raise
        except sqlite3.Error as err:
            kind = classify(err)
            log.warning("database write refused (%s): %s", kind, err)
            self._drop_writer()  # the next write starts on a fresh connection
            outcomes = [(False, StoreUnavailable(kind, str(err)))] * len(batch)
        except BaseException as err:  # noqa: BLE001  never leave a caller waiting forever
            log.exception("database write failed")
            self._drop_writer()
            outcomes = [(False, err)] * len(batch)
        self.commits += sum(1 for ok, _ in outcomes if ok)
        self.batches += 1
        by_loop: dict[asyncio.AbstractEventLoop, list] = {}
        for (_work, fut, loop), outcome in zip(batch, outcomes, strict=True):
            by_loop.setdefault(loop, []).append((fut, outcome))
        for loop, settled in by_loop.items():  # one wake-up of each loop per batch, not one per write
            try:
                loop.call_soon_threadsafe(settle, settled)
            except RuntimeError:  # that loop is closed: nobody waits any more
                pass

    @staticmethod
    def _alone(db: sqlite3.Connection, work) -> tuple[bool, object]:
        """A batch's one write, and its play-by-post step (``append_move(then=...)``), with no
        savepoint: the transaction is the write's own, so a refusal rolls it back whole. A step
        that fails of its own (a bug, a refused constraint; logged) is undone by rolling back and
        writing the move again without it: the move stands, as with a savepoint. A failing
        database raises (the caller rolls back)."""
        step = getattr(work, "then", None)
        while True:
            try:
                out = work(db)
            except sqlite3.IntegrityError as err:
                db.execute("ROLLBACK")
                return False, Conflict(str(err))
            except sqlite3.Error:
                raise  # the database failed, not this write
            except Exception as err:  # noqa: BLE001  a refusal (Conflict) or a bug
                db.execute("ROLLBACK")
                return False, err
            if step is None or steps_ran(db, [step]):
                return True, out
            step = None  # the move again, without its step (the same statements on the same rows)
            db.execute("ROLLBACK")
            db.execute("BEGIN IMMEDIATE")

    @staticmethod
    def _each(db: sqlite3.Connection, batch: list) -> list[tuple[bool, object]]:
        """The writes of a batch of several, each in a savepoint of its own, then the steps of
        the moves written (``threads.joined_steps``: together, their reads once)."""
        outcomes: list[tuple[bool, object]] = []
        steps: list = []
        for work, _fut, _loop in batch:
            db.execute("SAVEPOINT w")
            try:
                out = work(db)
            except sqlite3.IntegrityError as err:
                db.execute("ROLLBACK TO w")
                db.execute("RELEASE w")
                outcomes.append((False, Conflict(str(err))))
                continue
            except sqlite3.Error:
                raise  # the database failed, not this write: the whole batch goes
            except Exception as err:  # noqa: BLE001  a refusal (Conflict) or a bug: this write alone
                db.execute("ROLLBACK TO w")
                db.execute("RELEASE w")
                outcomes.append((False, err))
                continue
            db.execute("RELEASE w")
            outcomes.append((True, out))
            then = getattr(work, "then", None)
            if then is not None:
                steps.append(then)
        if steps:  # the play-by-post steps of the batch's moves, together (their reads once)
            joined_steps(db, steps)
        return outcomes

    def _drop_writer(self) -> None:
        if self._writer is not None:
            try:
                if self._writer.in_transaction:
                    self._writer.execute("ROLLBACK")
            except sqlite3.Error:
                pass
            try:
                self._writer.close()
            except sqlite3.Error:
                pass
            self._writer = None
