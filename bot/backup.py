"""``python -m bot.backup [DEST] [--db FILE]``: a consistent copy of the bot's database.

Uses SQLite's online backup API, so it is safe while the bot is running (it
copies a consistent snapshot even while moves are being written) and needs
no downtime. ``DEST`` is a folder (default ``backups/``: the copy is named
after the time, ``backups/20261129-035012.sqlite3``) or a file. To restore:
stop the bot, move the damaged file aside, copy the backup in its place,
start the bot. PostgreSQL is backed up with ``pg_dump`` (the command says how).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from .config import settings_or_exit
from .store import DatabaseDamaged, StoreUnavailable
from .store.sqlite import backup
from .store.sqlite_file import missing


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot.backup", description=__doc__.splitlines()[0])
    parser.add_argument("dest", nargs="?", default="backups",
                        help="a folder (default backups/: the copy is named after the time) or a file")
    parser.add_argument("--db", default=None, help="the database file (default: DATABASE_PATH from .env)")
    parser.add_argument("--env-file", default=".env")
    args = parser.parse_args(argv)
    settings = settings_or_exit(args.env_file)
    if settings.database_url and not args.db:
        print("meeplecord: the games are in PostgreSQL (DATABASE_URL), which this command does not copy. Back "
              "it up with PostgreSQL's own tool, e.g. pg_dump --format=custom --file "
              "backups/$(date -u +%Y%m%d-%H%M%S).dump \"$DATABASE_URL\" (safe while the bot runs); restore "
              "into an empty database with pg_restore --dbname \"$DATABASE_URL\" FILE.", file=sys.stderr)
        return 2
    db = Path(args.db or settings.db_path)
    if (no_file := missing(db, "back up")) is not None:
        print(no_file, file=sys.stderr)
        return 1
    try:
        out = backup(db, args.dest)
    except (DatabaseDamaged, StoreUnavailable, OSError, RuntimeError) as err:
        print(f"meeplecord: backup of {db} failed: {err}", file=sys.stderr)
        return 2
    size = out.stat().st_size / 1e6
    print(f"backed up {db} to {out} ({size:.1f} MB). To restore: stop the bot, move {db} aside, copy {out} "
          f"to {db}, start the bot.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
