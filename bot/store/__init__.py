"""The store: every game, seat, move and snapshot the bot keeps, on SQLite or PostgreSQL.

``open_store`` opens the one the settings ask for: the SQLite file (``sqlite.py``, the
default) or PostgreSQL (``postgres.py``, ``DATABASE_URL``; ``pg_sync.py`` gives the
play-by-post thread a synchronous face on it). Both hand out the same records and raise the
same errors (``records.py``); ``shards.py`` says which games a shard process owns, and
``migrations/`` holds the schema. Nothing here imports the table or Discord layers.
"""

from __future__ import annotations

from pathlib import Path

from .records import (
    Conflict,
    DatabaseDamaged,
    GameRecord,
    MoveRecord,
    SeatRecord,
    Snapshot,
    StoreUnavailable,
)
from .sqlite import Store

__all__ = ["Conflict", "DatabaseDamaged", "GameRecord", "MoveRecord", "SeatRecord", "Snapshot", "Store",
           "StoreUnavailable", "open_store"]


async def open_store(path: str | Path | None = None, url: str | None = None, **kw):
    """The store the settings ask for: PostgreSQL when ``url`` is ``postgresql://...``, else the SQLite file."""
    if url and url.startswith(("postgresql://", "postgres://")):
        from .postgres import PgStore

        return await PgStore.open(url, **kw)
    if url:
        raise ValueError(f"DATABASE_URL must start with postgresql:// (got {url.split(':', 1)[0]}:...)")
    return await Store.open(path, **kw)
