"""The SQLite store's writer thread: every write runs whole on one connection, committed in groups.

:class:`Writer` is the part of :class:`bot.store.sqlite.SqliteStore` that owns the writing
connection, the queue of writes and the group commit: writes queued while the last batch was
being synced are committed together (one transaction, one sync of the log), each write keeping
its own outcome; a caller is told only once the batch's COMMIT returned (a confirmed move is on
disk). Under load a batch lingers a moment for more writes (:data:`LINGER`, counted from its first
write's hand-over), as the PostgreSQL store's group commit does: under load a move is confirmed up
to LINGER (6 ms) later, and a batch's fixed costs are shared by more moves. A batch of one write
(the common case on a quiet bot) runs without savepoints: its failure is the transaction's, rolled
back whole; so does a batch of moves alone (the common batch under load) unless one of them is
refused, when the batch is written again with a savepoint for each write.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import logging
import queue
import sqlite3
import threading
import time
from collections.abc import Callable
from typing import TypeVar

from .records import Conflict, StoreUnavailable, classify
from .threads import joined_step, joined_steps, settle, steps_ran

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
#: under load (the last batch went less than BUSY seconds ago, and more writes queued up while one
#: of the batches of the last CROWDED seconds was written), a batch goes LINGER seconds after its
#: first write was handed over, with the writes handed over meanwhile: a move is confirmed up to
#: that much later, and a batch's fixed costs (its BEGIN, its COMMIT's sync, the wake-up of the
#: loop, the play-by-post steps' reads: about as much CPU as two moves' own statements) are shared
#: by more moves. Counted from the hand-over, not from when the writer turns to it, a write that
#: already waited while the previous batch was written and synced waits only what is left (a
#: batch that waits while the previous one syncs). At 800 moves/s on a quiet machine, 2 ms counted
#: from the writer's turn made batches of 3.4-3.7 writes; 6 ms from the hand-over make about six.
#: Writes that come one at a time (each after the last one's answer: a quiet table, a test) never
#: make a batch crowded, so they never wait.
LINGER = 0.006
BUSY = 0.02
CROWDED = 0.1


class Writer:
    """The writer thread's half of the SQLite store (a mixin: ``SqliteStore`` sets ``path``,
    ``busy_timeout`` and ``damaged`` and calls :meth:`_init_writer`).

    One thread of its own (``store-writer``) owns the writing connection and reads one queue
    (``_inbox``, a ``queue.SimpleQueue``): a write is put there as ``(work, future, loop)`` and
    the caller awaits the future; anything else that must run on the connection (a read of
    :meth:`_on_writer`, the close) as ``(None, fn, done)``. Handing a write over is one put in C
    (no ``concurrent.futures.Future``, work item, lock or idle semaphore per write, as a
    ``ThreadPoolExecutor.submit`` costs on both threads), and the writes of a batch are told
    their outcome with one wake-up of their loop."""

    path: str
    busy_timeout: float
    damaged: str | None

    def _init_writer(self) -> None:
        self._writer: sqlite3.Connection | None = None
        #: extra PRAGMAs for every writing connection (fault-injection tests add ``query_only=ON``)
        self.writer_pragmas: list[str] = []
        #: the connection class of the writer (fault-injection tests pass a subclass that fails on cue)
        self.writer_factory: type[sqlite3.Connection] = sqlite3.Connection
        #: PRAGMA synchronous of the writer (see :data:`SYNCHRONOUS`)
        self.synchronous = SYNCHRONOUS
        #: what the writer thread is asked, in order: writes ``(work, future, loop, handed over at)``,
        #: calls ``(None, fn, done)``, and ``(None, None, None)`` (the close: the thread ends)
        self._inbox: queue.SimpleQueue = queue.SimpleQueue()
        #: set by :meth:`close`: a write asked later is refused, as by a shut-down executor
        self._closed = False
        #: most writes committed in one transaction
        self.max_batch = MAX_BATCH
        #: seconds a batch waits for more writes under load, from its first write's hand-over
        #: (0: never; see :data:`LINGER`)
        self.linger = LINGER
        #: when the last batch was committed, and the last one that was crowded (more writes had
        #: queued up while it was written: the store is busy) (time.monotonic())
        self._last = float("-inf")
        self._crowded = float("-inf")
        #: committed writes, and the transactions (batches) they took (the load bench prints both)
        self.commits = 0
        self.batches = 0
        #: the writer thread (the play-by-post layer runs its helpers there: ``threads.StoreThread``);
        #: a daemon: a store nobody closed does not keep the process alive, and a write cut short at
        #: exit was never confirmed (SQLite rolls an unfinished transaction back)
        self.writer_thread: threading.Thread | None = threading.Thread(
            target=self._serve, name="store-writer", daemon=True)
        self.writer_thread.start()

    def _ensure_writer(self) -> sqlite3.Connection:
        """The writing connection, opened if needed (writer thread)."""
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

    def _ask(self, fn: Callable[[], object], done: Callable[[bool, object], None]) -> None:
        """Queue ``fn()`` to run on the writer thread after what is queued before it, outside any
        batch's transaction; ``done(ok, value)`` is called there with its outcome."""
        if self._closed:
            raise RuntimeError("the store is closed")
        self._inbox.put((None, fn, done))

    async def _on_writer(self, fn: Callable[[sqlite3.Connection], T]) -> T:
        """Run ``fn(db)`` on the writer thread (no transaction of its own)."""
        loop = asyncio.get_running_loop()
        fut = loop.create_future()
        self._ask(lambda: fn(self._ensure_writer()), lambda ok, value: _tell(loop, fut, ok, value))
        return await fut

    def _on_writer_now(self, fn: Callable[[sqlite3.Connection], T]) -> T:
        """``fn(db)`` on the writer thread, waited for by the calling thread (not the loop's)."""
        answer: concurrent.futures.Future = concurrent.futures.Future()

        def done(ok: bool, value: object) -> None:
            if ok:
                answer.set_result(value)
            else:
                answer.set_exception(value)  # type: ignore[arg-type]

        self._ask(lambda: fn(self._ensure_writer()), done)
        return answer.result()

    async def _write(self, work: Callable[[sqlite3.Connection], T]) -> T:
        """Run ``work(db)`` as one write (all or nothing) on the writer thread; return once it is durable.

        Writes run one at a time in the order asked (one thread), and even a
        cancelled caller's write runs whole or not at all. Writes queued while
        the previous commit is being synced are committed together (group
        commit, see :meth:`_serve`): each keeps its own outcome.
        """
        if self.damaged is not None:  # the page check found damage: nothing more is confirmed
            raise StoreUnavailable("damaged", self.damaged)
        if self._closed:
            raise RuntimeError("the store is closed")
        loop = asyncio.get_running_loop()
        fut = loop.create_future()
        self._inbox.put((work, fut, loop, time.monotonic()))
        return await fut

    def _serve(self) -> None:
        """The writer thread: what is queued, in order, until the close.

        Group commit: the writes queued one after the other (up to :attr:`max_batch`, up to the
        next call) are one transaction (one sync of the log), so a busy bot pays one fsync per
        batch instead of one per move. Each write runs inside its own SAVEPOINT (none when the
        batch has one write, nor in a batch of moves none of which is refused): a write refused by
        a constraint (:class:`Conflict`) or a bug is rolled back alone and the others in the batch
        still commit. A write counts as done only
        after the batch's COMMIT returned: nobody is told "saved" before the data is on disk. If
        the database itself fails (full, read-only, locked, I/O), the whole batch is rolled back
        and every write in it is refused with :class:`StoreUnavailable` (nothing half-written).
        """
        inbox = self._inbox
        item = None
        while True:
            if item is None:
                item = inbox.get()
                if item[0] is not None and self.linger > 0:
                    now = time.monotonic()
                    if now - self._last < BUSY and now - self._crowded < CROWDED and inbox.qsize() < self.max_batch - 1:
                        wait = item[3] + self.linger - now  # busy: what is left of the first write's moment
                        if wait > 0:
                            time.sleep(wait)  # for more writes to join this batch
            if item[0] is None:  # a call (outside any batch), or the close
                _, fn, done = item
                item = None
                if fn is None:
                    return
                try:
                    out = fn()
                except BaseException as err:  # noqa: BLE001  its caller is told
                    done(False, err)
                else:
                    done(True, out)
                continue
            batch = [item]
            item = None
            while len(batch) < self.max_batch and not inbox.empty():
                nxt = inbox.get_nowait()
                if nxt[0] is None:  # a call or the close: after this batch
                    item = nxt
                    break
                batch.append(nxt)
            self._commit_batch(batch)

    def _stop_writer(self, shut: Callable[[], None]) -> asyncio.Future:
        """The close: ``shut()`` runs on the writer thread after everything queued, then the thread
        ends; a write asked later is refused. Returns what to await for ``shut``'s end."""
        loop = asyncio.get_running_loop()
        fut = loop.create_future()
        self._ask(shut, lambda ok, value: _tell(loop, fut, ok, value))
        self._inbox.put((None, None, None))
        self._closed = True
        return fut

    def _commit_batch(self, batch: list) -> None:
        try:
            db = self._ensure_writer()
            db.execute("BEGIN IMMEDIATE")
            try:
                if len(batch) == 1:
                    outcomes = [self._alone(db, batch[0][0])]
                else:  # moves alone (the common batch under load): no savepoints unless one is refused
                    plain = all(getattr(work, "again", False) for work, *_ in batch)
                    outcomes = (plain and self._plain(db, batch)) or self._each(db, batch)
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
        # busy or not, judged before the callers are told: a caller told now may hand its next write
        # over at once, and a write that came after the answer does not make this batch crowded
        self._last = time.monotonic()
        if len(batch) > 1 or not self._inbox.empty():
            self._crowded = self._last
        by_loop: dict[asyncio.AbstractEventLoop, list] = {}
        for (_work, fut, loop, _at), outcome in zip(batch, outcomes, strict=True):
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
    def _plain(db: sqlite3.Connection, batch: list) -> list[tuple[bool, object]] | None:
        """A batch of several writes that may run again (``work.again``: statements alone, nothing
        done outside the transaction: a move's) with no savepoint of their own, then their steps as
        :meth:`_each` runs them: two statements a write fewer. None: one of them was refused (or
        failed of its own); the transaction is rolled back and begun again, and the caller writes
        the batch with a savepoint for each (each write keeps its own outcome, as ever). A failing
        database raises (the caller rolls back)."""
        outcomes: list[tuple[bool, object]] = []
        steps: list = []
        try:
            for work, *_ in batch:
                outcomes.append((True, work(db)))
                then = getattr(work, "then", None)
                if then is not None:
                    steps.append(then)
        except sqlite3.Error as err:
            if not isinstance(err, sqlite3.IntegrityError):
                raise  # the database failed, not a write: the whole batch goes
        except Exception:  # noqa: BLE001  a refusal (Conflict) or a bug: told in the batch's second run
            pass
        else:
            # the play-by-post steps of the batch's moves, together (their reads once), with no
            # savepoint either: one that fails of its own (logged) has the batch written again, its
            # moves as before and then each step alone in its savepoint (``joined_step``)
            if not steps or steps_ran(db, steps):
                return outcomes
            db.execute("ROLLBACK")
            db.execute("BEGIN IMMEDIATE")
            outcomes = [(True, work(db)) for work, *_ in batch]
            for then in steps:
                joined_step(db, then)
            return outcomes
        db.execute("ROLLBACK")
        db.execute("BEGIN IMMEDIATE")
        return None

    @staticmethod
    def _each(db: sqlite3.Connection, batch: list) -> list[tuple[bool, object]]:
        """The writes of a batch of several, each in a savepoint of its own, then the steps of
        the moves written (``threads.joined_steps``: together, their reads once)."""
        outcomes: list[tuple[bool, object]] = []
        steps: list = []
        for work, *_ in batch:
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


def _tell(loop: asyncio.AbstractEventLoop, fut: asyncio.Future, ok: bool, value: object) -> None:
    """A call's outcome to its caller's future, on its loop (writer thread)."""
    try:
        loop.call_soon_threadsafe(settle, [(fut, (ok, value))])
    except RuntimeError:  # that loop is closed: nobody waits any more
        pass
