"""``python -m bot.migrate_to_postgres SQLITE_FILE [--url postgresql://...]``: copy a SQLite database into PostgreSQL.

Stop the bot first. The target (``--url`` or ``DATABASE_URL``) must be empty:
its schema is created by the usual numbered migrations, then every table is
copied row by row in one transaction (all or nothing), the id sequences are
moved past the copied ids, and every game's log is replayed against its
snapshot to check the copy (``bot/store/to_postgres.py``). Then set ``DATABASE_URL``
and start the bot.
"""

from __future__ import annotations

import argparse
import asyncio
import sqlite3
import sys

import asyncpg

from .config import settings_or_exit
from .store import DatabaseDamaged
from .store.postgres import redact
from .store.sqlite_file import missing
from .store.to_postgres import migrate

__all__ = ["main", "migrate"]


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
    if (no_file := missing(path, "copy")) is not None:
        print(no_file, file=sys.stderr)
        return 1
    try:
        counts = asyncio.run(migrate(path, url))
    except (DatabaseDamaged, RuntimeError, OSError, sqlite3.Error, asyncpg.PostgresError) as err:
        print(f"meeplecord: migration failed, nothing was copied: {err}", file=sys.stderr)
        return 2
    print(f"copied {path} into {redact(url)}: " + ", ".join(f"{k} {v}" for k, v in counts.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
