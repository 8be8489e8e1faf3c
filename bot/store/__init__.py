"""The store: every game, seat, move, snapshot, setting, play-by-post row and timer the bot keeps.

Every SQL statement of the bot is in this package, and nothing here imports the table or
Discord layers. What the others see:

- :class:`Store` (``protocol.py``): the games, seats, moves, snapshots and settings. Two
  backends satisfy it: ``SqliteStore`` (``sqlite.py``, the file, the default) and ``PgStore``
  (``postgres.py``, ``DATABASE_URL``). ``open_store`` opens the one the settings ask for.
- The records they hand out and the errors they raise (``records.py``).
- The play-by-post rows and the timers (``pbp.py``, ``timers.py``): small synchronous
  statements run on one database thread (``threads.py``; on PostgreSQL through the
  sqlite3-shaped ``pg_sync.py``), each written for both backends (``statements.py``).
- Which games a shard process owns (``shards.py``); the schema (``migrations/``, PostgreSQL's
  twins under ``migrations/pg/``). How to add a table or a statement: docs/bot-layers.md.
"""

from __future__ import annotations

from pathlib import Path

from .protocol import Store
from .records import (
    Conflict,
    DatabaseDamaged,
    GameRecord,
    MoveRecord,
    OwedPost,
    SeatRecord,
    Snapshot,
    StoreUnavailable,
)
from .sqlite import SqliteStore

__all__ = ["Conflict", "DatabaseDamaged", "GameRecord", "MoveRecord", "OwedPost", "SeatRecord", "Snapshot",
           "SqliteStore", "Store", "StoreUnavailable", "open_store"]


async def open_store(path: str | Path | None = None, url: str | None = None, **kw) -> Store:
    """The store the settings ask for: PostgreSQL when ``url`` is ``postgresql://...``, else the SQLite file."""
    if url and url.startswith(("postgresql://", "postgres://")):
        from .postgres import PgStore  # asyncpg is an extra: imported only when asked for

        return await PgStore.open(url, **kw)
    if url:
        raise ValueError(f"DATABASE_URL must start with postgresql:// (got {url.split(':', 1)[0]}:...)")
    return await SqliteStore.open(path, **kw)
