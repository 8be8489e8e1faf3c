"""A transaction written once for both backends: a *program*.

A program is a generator that yields :class:`Step` (one statement of ``results_sql.py``, with
its SQLite and its PostgreSQL text, and its values) and gets back each statement's rows; what
it returns is the program's outcome. The SQLite store runs it on its writer thread inside the
write's savepoint (:func:`run`) or on its reading connection (:func:`run_async`); the
PostgreSQL store runs the same program inside one of its transactions (:func:`run_async`).
Each backend picks its own text of a statement: nothing rewrites SQL at run time. So a
transaction of several steps that read before they write (a game's results and the ratings
they move) is written once, not once per backend.

``yield LOCK`` serialises the programs that take it across every process: a no-op on SQLite,
whose writer already holds the whole database, a transaction-scoped advisory lock on PostgreSQL.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Generator, Sequence
from dataclasses import dataclass
from typing import Any

from .statements import Sql

Rows = list
Program = Generator["Step | str", Rows, Any]
#: yielded to take the one lock of the records (the ratings are read, then written back)
LOCK = "lock"


@dataclass(frozen=True)
class Step:
    """One statement and its values; ``many``: ``args`` is a list of value tuples (no rows back)."""

    sql: Sql
    args: Sequence = ()
    many: bool = False


def run(db, program: Program):
    """Run ``program`` on a synchronous sqlite3 connection (the SQLite writer thread)."""
    rows: Rows | None = None  # a generator is started with None
    try:
        while True:
            step = program.send(rows)
            if step == LOCK:
                rows = []
            elif step.many:
                if step.args:
                    db.executemany(step.sql.sqlite, step.args)
                rows = []
            else:
                rows = db.execute(step.sql.sqlite, tuple(step.args)).fetchall()
    except StopIteration as done:
        return done.value


async def run_async(postgres: bool, fetch: Callable[[str, Sequence], Awaitable[Rows]],
                    many: Callable[[str, list], Awaitable[None]] | None, program: Program,
                    lock: Callable[[], Awaitable[None]] | None = None):
    """Run ``program`` through ``fetch(text, args)`` (and ``many(text, rows)`` for writes of many
    rows, ``lock()`` for :data:`LOCK`): SQLite's reading connection, or a PostgreSQL
    transaction (``postgres``: its texts)."""
    rows: Rows | None = None
    try:
        while True:
            step = program.send(rows)
            if step == LOCK:
                if lock is not None:
                    await lock()
                rows = []
                continue
            text = step.sql.postgres if postgres else step.sql.sqlite
            if step.many:
                if step.args:
                    if many is None:
                        raise RuntimeError("a reading connection cannot write")
                    await many(text, list(step.args))
                rows = []
            else:
                rows = list(await fetch(text, tuple(step.args)))
    except StopIteration as done:
        return done.value
