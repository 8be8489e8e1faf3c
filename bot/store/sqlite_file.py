"""What a SQLite file is checked for: at open, only what does not grow with the file (:func:`check_file`,
about a millisecond), and every page after a restart is ready, off the start-up path
(:func:`check_pages`, :func:`in_background`: ``PRAGMA quick_check`` reads the whole file, 1-2 s of
CPU at 800 MB, which a restart of 100,000 games used to wait for; issue 33)."""

from __future__ import annotations

import asyncio
import os
import sqlite3
import threading
import time
from collections.abc import Callable
from pathlib import Path

from .records import DatabaseDamaged, StoreUnavailable, classify
from .threads import resolve

#: Seconds a check waits for another process's write lock (as the store's own connections do).
BUSY_TIMEOUT = 5.0


def missing(path: str | Path, doing: str) -> str | None:
    """The operator tools' one line when ``path`` names no SQLite file, else None: the bot creates
    its database on its first start; a tool (a backup, a recompute, a copy) never should, or a
    mistyped path would leave a new empty database behind and report nothing done."""
    if Path(path).exists():
        return None
    return (f"meeplecord: there is no database at {path} yet, so nothing to {doing}: the bot creates it when "
            "it first starts (DATABASE_PATH in .env, or the file named on the command line, names another file).")


def check_file(path: str | Path) -> None:
    """Refuse a file that is not a usable database (synchronous: call it off the loop).

    A missing file is fine (a new database); an empty (0-byte) one is not:
    SQLite would silently start a new database over what was probably a lost one. What is read
    here does not grow with the file: the header (a file shorter than its header says is cut
    short), the schema, and each table's first rows (a page of garbage there is found now, a
    table's first read; every page is checked later, :func:`check_pages`).
    """
    p = Path(path)
    if not p.exists():
        return
    if p.is_dir():
        raise DatabaseDamaged(p, "is a directory, not a database file")
    if p.stat().st_size == 0:
        raise DatabaseDamaged(p, "is empty (0 bytes), not a meeplecord database")
    try:
        con = sqlite3.connect(f"file:{p}?mode=ro", uri=True, timeout=BUSY_TIMEOUT)
    except sqlite3.Error as err:
        raise DatabaseDamaged(p, f"cannot be opened ({err})") from None
    try:
        tables = [r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
        version = con.execute("PRAGMA user_version").fetchone()[0]
        if version and not {"games", "moves", "snapshots"} <= set(tables):
            raise DatabaseDamaged(p, "is a SQLite file but not a meeplecord database")
        if _cut_short(p):
            raise DatabaseDamaged(p, "is damaged (shorter than its header says: cut short)")
        for table in tables:  # each table's root page and the first page below it
            con.execute(f'SELECT * FROM "{table}" LIMIT 1').fetchall()
    except sqlite3.DatabaseError as err:
        if classify(err) == "locked":
            raise StoreUnavailable("locked", f"{p} is locked by another process") from None
        raise DatabaseDamaged(p, f"is damaged or not a database ({err})") from None
    finally:
        con.close()


def _cut_short(p: Path) -> bool:
    """Whether the file is shorter than the page count its header gives (when that count is valid:
    SQLite's file format, header offsets 16, 24, 28 and 92). Not judged while a write-ahead log
    holds pages: those live there until a checkpoint."""
    wal = Path(f"{p}-wal")
    if wal.exists() and wal.stat().st_size > 0:
        return False
    with open(p, "rb") as fh:
        head = fh.read(100)
    if len(head) < 100 or not head.startswith(b"SQLite format 3\0"):
        return False  # not ours to judge here: SQLite's own open says so
    page = int.from_bytes(head[16:18], "big")
    page = 65536 if page == 1 else page
    pages = int.from_bytes(head[28:32], "big")
    valid = head[24:28] == head[92:96]  # the count is kept up to date only by writers that say so
    return valid and pages > 0 and p.stat().st_size < pages * page


def check_pages(path: str | Path, started: Callable[[sqlite3.Connection], None] | None = None) -> str | None:
    """Every page of the file checked (SQLite's ``PRAGMA quick_check``: the b-trees, the free
    pages, each page used once): None when sound, else the first thing found wrong. On a
    read-only connection of its own; ``started(con)`` is given the connection first (so that a
    closing store can interrupt a long check). Synchronous: run it off the loop."""
    con = sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=BUSY_TIMEOUT, check_same_thread=False)
    try:
        if started is not None:
            started(con)
        rows = con.execute("PRAGMA quick_check(1)").fetchall()
    except sqlite3.DatabaseError as err:
        if classify(err) != "damaged":
            raise
        return str(err)
    finally:
        con.close()
    if rows == [("ok",)]:
        return None
    return " ".join(str(rows[0][0]).split()) if rows else "no answer"  # one line (SQLite's has several)


async def in_background(path: str | Path, started: Callable[[sqlite3.Connection], None] | None = None
                        ) -> tuple[str | None | sqlite3.Error, float]:
    """:func:`check_pages` on a thread of its own at the lowest CPU priority (a daemon: a process that
    exits does not wait for it); (what it found, or the error that stopped it, and its seconds)."""
    loop = asyncio.get_running_loop()
    done: asyncio.Future = loop.create_future()

    def run() -> None:
        lowest_priority()
        t0 = time.monotonic()
        try:
            found: object = check_pages(path, started)
        except sqlite3.Error as err:  # interrupted by a close, or the file gone: not judged
            found = err
        try:
            loop.call_soon_threadsafe(resolve, done, (found, time.monotonic() - t0))
        except RuntimeError:  # the loop closed meanwhile: nobody waits
            pass

    threading.Thread(target=run, name="store-page-check", daemon=True).start()
    return await done


def lowest_priority() -> None:
    """This thread's CPU priority at its lowest (Linux: a thread's own nice value; elsewhere as is)."""
    try:
        os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), 19)
    except (AttributeError, OSError):
        pass
