"""The play-by-post layer's database thread: one connection and the one thread that uses it.

The play-by-post rows (:mod:`bot.store.pbp`) and the timers (:mod:`bot.store.timers`) are
small synchronous statements, a dozen after each move. They never run on the event loop:
``await thread.run(fn, *args, write=True)`` runs ``fn`` on the database thread as one
transaction. On SQLite that thread is the store's own writer (:class:`StoreThread`: the same
file, connection and group commit as the moves); on PostgreSQL a thread of its own
(``postgres.PgStepThread``, a ``pg_sync.PgSyncConn``) through which the store writes the moves
that carry a step; in tests a :class:`DbThread` holds a connection of its own.
``dialect`` says which statements of :mod:`bot.store.statements` the connection takes.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import sqlite3
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from .records import Conflict, StoreUnavailable, classify

log = logging.getLogger(__name__)


def is_postgres(path: str | Path) -> bool:
    return str(path).startswith(("postgresql://", "postgres://"))


def dialect_of(source) -> str:
    """Which text of each statement ``source`` (the database thread, or a bare connection) takes:
    ``"postgres"`` for PostgreSQL (both say so), else ``"sqlite"``."""
    return getattr(source, "dialect", "sqlite")


def connect(path: str | Path, busy_timeout: float = 10.0) -> sqlite3.Connection:
    """A second, synchronous connection to the bot's database (already migrated by the store).

    A ``postgresql://`` URL gives a :class:`bot.store.pg_sync.PgSyncConn` (PostgreSQL's statements)."""
    if is_postgres(path):
        from .pg_sync import PgSyncConn  # asyncpg is an extra: imported only when asked for

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
    at all. A constraint that refuses a write raises :class:`bot.store.Conflict`; any other
    database failure rolls back, raises :class:`bot.store.StoreUnavailable` and the next call
    reconnects.
    """

    #: whether the store runs a step on this thread inside a move's own transaction
    #: (``Store.append_move(then=...)``): only when the store writes its moves through this
    #: thread (SQLite's writer; PostgreSQL's ``postgres.PgStepThread``)
    joins_moves = False

    def __init__(self, path: str | Path, busy_timeout: float = 10.0):
        self.path = str(path)
        self.busy_timeout = busy_timeout
        #: which text of each statement the connection takes: ``"sqlite"`` or ``"postgres"``
        self.dialect = "postgres" if is_postgres(path) else "sqlite"
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
        except Conflict:
            raise
        except sqlite3.IntegrityError as err:  # a constraint refused it: the database is fine
            raise Conflict(str(err)) from None
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

    dialect = "sqlite"
    #: the store's writer runs the play-by-post step inside the move's write (one commit)
    joins_moves = True

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
            return self.store._on_writer_now(lambda db: db)
        return self.store._writer

    async def run(self, fn, *args, write: bool = False, **kwargs):
        if self.on_thread():
            return fn(*args, **kwargs)
        if write:
            return await self.store._write(lambda db: fn(*args, **kwargs))
        try:
            return await self.store._on_writer(lambda db: fn(*args, **kwargs))
        except Conflict:
            raise
        except sqlite3.IntegrityError as err:  # a constraint refused it: the database is fine
            raise Conflict(str(err)) from None
        except sqlite3.Error as err:
            log.warning("play-by-post database read refused (%s): %s", classify(err), err)
            raise StoreUnavailable(classify(err), str(err)) from None

    def close(self) -> None:
        """The store closes its connection."""


def joined_step(db: sqlite3.Connection, then) -> None:
    """``then(db)`` inside the move's write, in a savepoint of its own: it commits with the move
    (one transaction, one sync, no second hop to this thread), and a failure of its own (a bug, a
    refused constraint) is undone alone and logged while the move still commits, as it did when
    the step ran after the move's commit. A failing database fails the whole write, as any
    statement of the move's would."""
    db.execute("SAVEPOINT step")
    try:
        then(db)
    except sqlite3.Error as err:
        if not isinstance(err, sqlite3.IntegrityError):
            raise
        db.execute("ROLLBACK TO step")
        log.exception("the step after a move was refused; the move stands")
    except Exception:  # noqa: BLE001  a bug in the step: the move stands
        db.execute("ROLLBACK TO step")
        log.exception("the step after a move failed; the move stands")
    db.execute("RELEASE step")


def steps_ran(db, thens: list) -> bool:
    """The steps of a batch's moves inside its transaction with no savepoint, together when they
    can (``then.together``, the same for all: their reads once for the batch). True: they ran.
    False: one failed of its own (a bug, a refused constraint; logged), and the caller rolls back
    and writes the moves again, so the moves stand: without their steps (SQLite's batch of one
    write, PostgreSQL's batches), or with each step alone in a savepoint (SQLite's batch of moves,
    ``Writer._plain``). A failing database raises, as any statement of a move's would."""
    together = getattr(thens[0], "together", None)
    try:
        if len(thens) > 1 and together is not None and all(getattr(t, "together", None) == together for t in thens):
            together(db, thens)
        else:
            for then in thens:
                then(db)
    except sqlite3.Error as err:
        if not isinstance(err, sqlite3.IntegrityError):
            raise
        log.exception("the step after a move was refused; the move is written again")
        return False
    except Exception:  # noqa: BLE001  a bug in a step: the moves stand
        log.exception("the step after a move failed; the move is written again")
        return False
    return True


def joined_steps(db: sqlite3.Connection, steps: list) -> None:
    """The steps of a batch of moves, last in the batch's transaction (SQLite's writer): the steps
    that carry the same ``together`` (``Store.append_move``'s ``then.together(conn, thens)``: several
    moves' steps as one, their games' rows read once) in one savepoint; if that fails of its own,
    each of them again alone, so one game's failure stays its own; any other step alone
    (:func:`joined_step`)."""
    groups: dict[Callable, list] = {}
    for then in steps:
        together = getattr(then, "together", None)
        if together is not None:
            groups.setdefault(together, []).append(then)
        else:
            joined_step(db, then)
    for together, thens in groups.items():
        if len(thens) > 1:
            db.execute("SAVEPOINT steps")
            try:
                together(db, thens)
            except sqlite3.Error as err:
                if not isinstance(err, sqlite3.IntegrityError):
                    raise
            except Exception:  # noqa: BLE001  a bug in one game's step: each again, alone
                pass
            else:
                db.execute("RELEASE steps")
                continue
            db.execute("ROLLBACK TO steps")
            db.execute("RELEASE steps")
            log.info("the steps after %d moves failed together; each runs alone", len(thens))
        for then in thens:
            joined_step(db, then)


def resolve(fut: asyncio.Future, value=None, error: BaseException | None = None) -> None:
    """Hand a waiting caller its outcome (on its event loop): ``error`` raised to it, else ``value``;
    a caller that gave up (cancelled) is skipped: the outcome stands all the same."""
    if fut.done():
        return
    if error is not None:
        fut.set_exception(error)
    else:
        fut.set_result(value)


def settle(settled: list) -> None:
    """:func:`resolve` each queued write's ``(ok, value)`` outcome."""
    for fut, (ok, value) in settled:
        if ok:
            resolve(fut, value)
        else:
            resolve(fut, error=value)


def on_store(path: str | Path, store=None) -> DbThread:
    """The play-by-post layer's database thread: the SQLite store's own writer when it has
    one on this file; for a PostgreSQL store on this database, a thread and connection of its own
    that the store's moves go through with their steps (``postgres.PgStepThread``); else a
    connection and thread of its own (tests)."""
    if store is not None and getattr(store, "kind", None) == "sqlite" and str(store.path) == str(path):
        return StoreThread(store)
    if store is not None and getattr(store, "kind", None) == "postgresql" and store.url == str(path):
        return store.step_thread_on()  # its moves carry their steps (``PgStore.append_move(then=...)``)
    return DbThread(path)
