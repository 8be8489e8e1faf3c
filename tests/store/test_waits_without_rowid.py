"""Migration 0023: the waits and the clocks are tables WITHOUT ROWID on SQLite, their rows kept.

A table with a rowid keeps its rows in one b-tree and its (game_id, seat) key in a second; the
step after every move writes a wait or two, so each wrote a page of both to the log. The migration
rebuilds both tables (SQLite cannot change a table's kind in place): a database made before it
keeps every wait and clock, and the play-by-post statements work on the rebuilt tables.
PostgreSQL has no rowid: its 0023 changes nothing and keeps the numbering in step.
"""

from __future__ import annotations

import sqlite3

import pytest

from bot.store import open_store
from bot.store.pbp import PbpRows
from bot.store.sqlite import migration_files

WAITS = [(7, 0, 1000.5, 2, 1100.25, 1), (7, 2, 1200.0, 0, None, 0), (9, 1, 50.0, 0, None, 0)]
CLOCKS = [(7, 0, '{"bank": 86400.0}'), (9, 1, "{}")]


def _before_0023(path: str) -> None:
    """A database as the store left it before migration 0023, with waits and clocks."""
    con = sqlite3.connect(path, isolation_level=None)
    for number, file in migration_files():
        if number < 23:
            con.executescript(f"BEGIN;\n{file.read_text(encoding='utf-8')}\nPRAGMA user_version = {number};\nCOMMIT;")
    con.executemany("INSERT INTO pbp_waits VALUES (?, ?, ?, ?, ?, ?)", WAITS)
    con.executemany("INSERT INTO pbp_clocks VALUES (?, ?, ?)", CLOCKS)
    con.close()


def _kind(con: sqlite3.Connection, table: str) -> str:
    return con.execute("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?", (table,)).fetchone()[0]


async def test_an_older_database_keeps_its_waits_and_clocks_in_tables_without_rowid(tmp_path):
    path = str(tmp_path / "old.sqlite3")
    _before_0023(path)
    store = await open_store(path=path)
    assert await store.schema_version() >= 23
    await store.close()
    con = sqlite3.connect(path)
    try:
        for table in ("pbp_waits", "pbp_clocks"):
            assert _kind(con, table).rstrip().endswith("WITHOUT ROWID"), _kind(con, table)
        assert not {r[0] for r in con.execute("SELECT name FROM sqlite_master")} & {"pbp_waits_keyed",
                                                                                   "pbp_clocks_keyed"}
        assert con.execute("SELECT * FROM pbp_waits ORDER BY game_id, seat").fetchall() == WAITS
        assert con.execute("SELECT * FROM pbp_clocks ORDER BY game_id, seat").fetchall() == CLOCKS
        with pytest.raises(sqlite3.OperationalError, match="rowid"):
            con.execute("SELECT rowid FROM pbp_waits")
        con.row_factory = sqlite3.Row  # as the database thread reads them (by name)
        rows = PbpRows(con)  # the play-by-post statements on the rebuilt tables
        rows.start_wait(7, 2, 1300.0)  # a wait started again (the upsert on the key)
        rows.end_wait(9, 1)
        rows.save_clock(7, 0, '{"bank": 3600.0}')
        assert rows.wait(7, 2) == {"game_id": 7, "seat": 2, "since": 1300.0, "reminded": 0, "last_at": None,
                                   "muted": 0}
        assert rows.wait(9, 1) is None and rows.waits_since(7) == [1000.5, 1300.0]
        assert rows.clock(7, 0) == '{"bank": 3600.0}'
    finally:
        con.close()


async def test_a_new_database_makes_them_without_rowid_too(tmp_path):
    path = str(tmp_path / "new.sqlite3")
    await (await open_store(path=path)).close()
    con = sqlite3.connect(path)
    try:
        assert all(_kind(con, t).rstrip().endswith("WITHOUT ROWID") for t in ("pbp_waits", "pbp_clocks"))
    finally:
        con.close()
