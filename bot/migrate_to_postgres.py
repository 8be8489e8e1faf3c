"""``python -m bot.migrate_to_postgres SQLITE_FILE [--url postgresql://...]``: copy a SQLite database into PostgreSQL.

Stop the bot first. The target (``--url`` or ``DATABASE_URL``) must be empty:
its schema is created by the usual numbered migrations, then every table is
copied row by row in one transaction (all or nothing), the id sequences are
moved past the copied ids, and every game's log is replayed against its
snapshot to check the copy. Then set ``DATABASE_URL`` and start the bot.
"""

from __future__ import annotations

import argparse
import asyncio
import sqlite3
import sys

import asyncpg

from .config import settings_or_exit
from .store import DatabaseDamaged
from .store.postgres import PgStore, redact
from .store.sqlite import check_file

#: copied in this order (parents before children); columns are those both sides have
TABLES = ("games", "seats", "moves", "snapshots", "settings", "timers",
          "pbp_games", "pbp_waits", "pbp_clocks", "pbp_prefs", "pbp_polls")
SERIALS = ("games", "timers", "pbp_polls")


async def migrate(path: str, url: str, check: bool = True) -> dict[str, int]:
    check_file(path)
    src = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    src.row_factory = sqlite3.Row
    store = await PgStore.open(url)
    counts: dict[str, int] = {}
    try:
        async with store.pool.acquire() as con, con.transaction():
            if await con.fetchval("SELECT COUNT(*) FROM games"):
                raise RuntimeError(f"{redact(url)} already holds games: migrate into an empty database")
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
    import games

    checked = 0
    for (gid,) in await store.pool.fetch("SELECT id FROM games WHERE status != 'open'"):
        record = await store.game(gid)
        try:
            engine = games.get(record.game)
        except KeyError:
            continue
        state = engine.setup(len(await store.seats(gid)), record.seed,
                             engine.log_options(record.options, record.engine_version))
        for m in await store.moves(gid):
            engine.play(state, m.seat, m.text)
        snap = await store.snapshot(gid)
        if snap is not None and snap.engine_version == engine.version and snap.state != engine.to_json_text(state):
            raise RuntimeError(f"game {gid}: the copied log does not replay to its snapshot")
        checked += 1
    return checked


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot.migrate_to_postgres", description=__doc__.splitlines()[0])
    parser.add_argument("sqlite", nargs="?", default=None, help="the SQLite file (default: DATABASE_PATH)")
    parser.add_argument("--url", default=None, help="the PostgreSQL database (default: DATABASE_URL)")
    parser.add_argument("--env-file", default=".env")
    args = parser.parse_args(argv)
    settings = settings_or_exit(args.env_file)
    path, url = args.sqlite or settings.db_path, args.url or settings.database_url
    if not url:
        print("meeplecord: say where to copy to: --url postgresql://user@host/db (or DATABASE_URL)", file=sys.stderr)
        return 2
    try:
        counts = asyncio.run(migrate(path, url))
    except (DatabaseDamaged, RuntimeError, OSError, asyncpg.PostgresError) as err:
        print(f"meeplecord: migration failed, nothing was copied: {err}", file=sys.stderr)
        return 2
    print(f"copied {path} into {redact(url)}: " + ", ".join(f"{k} {v}" for k, v in counts.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
