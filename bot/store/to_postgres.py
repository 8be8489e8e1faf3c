"""Copy a SQLite database into an empty PostgreSQL one (``python -m bot.migrate_to_postgres``).

The target's schema is made by the usual numbered migrations; then every table is copied
row by row in one transaction (all or nothing), the id sequences are moved past the copied
ids, and every game's log is replayed against its snapshot to check the copy.
"""

from __future__ import annotations

import json
import sqlite3

from .postgres import PgStore, redact
from .records import DatabaseDamaged
from .sqlite_file import check_file, check_pages

#: copied in this order (parents before children); columns are those both sides have
TABLES = ("games", "seats", "moves", "snapshots", "settings", "timers",
          "pbp_games", "pbp_waits", "pbp_clocks", "pbp_prefs", "pbp_polls", "results", "ratings", "rating_history",
          "leagues", "league_players", "league_tables")
SERIALS = ("games", "timers", "pbp_polls", "leagues")


async def migrate(path: str, url: str, check: bool = True) -> dict[str, int]:
    check_file(path)
    if (found := check_pages(path)) is not None:  # every page: the copy reads them all
        raise DatabaseDamaged(path, f"is damaged ({found})")
    src = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    src.row_factory = sqlite3.Row
    store = await PgStore.open(url)
    counts: dict[str, int] = {}
    try:
        async with store.pool.acquire() as con, con.transaction():
            if await con.fetchval("SELECT COUNT(*) FROM games"):
                raise RuntimeError(f"{redact(url)} already holds games: migrate into an empty database")
            await con.execute("DELETE FROM settings")  # the migrations' own marks: the file's come instead
            for table in TABLES:
                have = {r[1] for r in src.execute(f"PRAGMA table_info({table})")}
                if not have:
                    continue
                pg_cols = {r["column_name"]: r["data_type"] for r in await con.fetch(
                    "SELECT column_name, data_type FROM information_schema.columns WHERE table_name = $1", table)}
                cols = [c for c in pg_cols if c in have]
                rows = src.execute(f"SELECT {', '.join(cols)} FROM {table}").fetchall()
                if rows:
                    records = [tuple(_cast(r[c], pg_cols[c]) for c in cols) for r in rows]
                    await con.copy_records_to_table(table, records=records, columns=cols)
                counts[table] = len(rows)
            for table in SERIALS:
                await con.execute(f"SELECT setval(pg_get_serial_sequence('{table}', 'id'),"
                                  f" COALESCE((SELECT MAX(id) FROM {table}), 0) + 1, false)")
        if check:
            counts["checked"] = await _check(store)
    finally:
        src.close()
        await store.close()
    return counts


def _cast(value, pg_type: str):
    if value is None:
        return None
    if pg_type in ("double precision", "real"):
        return float(value)
    if pg_type in ("integer", "bigint", "smallint"):
        return int(value)
    if pg_type == "text":
        return str(value)
    return value


async def _check(store: PgStore) -> int:
    import games  # the engines, to replay each log

    checked = 0
    for (gid,) in await store.pool.fetch("SELECT id FROM games WHERE status != 'open'"):
        record = await store.game(gid)
        try:
            engine = games.get(record.game)
        except KeyError:
            continue
        state = engine.setup(len(await store.seats(gid)), record.seed,
                             engine.log_options(record.options, record.engine_version))
        snap = await store.snapshot(gid)
        # the snapshot is taken after move ``snap.n`` (a cache written every few moves): the log,
        # replayed that far, must give it; the whole log must replay
        at_snapshot = engine.to_json_text(state) if snap is not None and snap.n == 0 else None
        for m in await store.moves(gid):
            engine.play(state, m.seat, m.text)
            if snap is not None and m.n == snap.n:
                at_snapshot = engine.to_json_text(state)
        if (snap is not None and snap.engine_version == engine.version
                and (at_snapshot is None or json.loads(snap.state) != json.loads(at_snapshot))):
            raise RuntimeError(f"game {gid}: the copied log does not replay to its snapshot")
        checked += 1
    return checked
