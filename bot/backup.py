"""``python -m bot.backup [DEST] [--db FILE]``: a consistent copy of the bot's database.

Uses SQLite's online backup API, so it is safe while the bot is running (it
copies a consistent snapshot even while moves are being written) and needs
no downtime. ``DEST`` is a file or a folder (default ``backups/``, the copy
is then named after the database and the time). To restore: stop the bot,
move the damaged file aside, copy the backup in its place, start the bot.
"""

from __future__ import annotations

import argparse
import sys

from .config import settings_or_exit
from .store import DatabaseDamaged, StoreUnavailable
from .store.sqlite import backup


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot.backup", description=__doc__.splitlines()[0])
    parser.add_argument("dest", nargs="?", default="backups", help="a file or folder (default backups/)")
    parser.add_argument("--db", default=None, help="the database file (default: DATABASE_PATH from .env)")
    parser.add_argument("--env-file", default=".env")
    args = parser.parse_args(argv)
    settings = settings_or_exit(args.env_file)
    if settings.database_url:
        print("meeplecord: DATABASE_URL points to PostgreSQL; back it up with pg_dump", file=sys.stderr)
        return 2
    db = args.db or settings.db_path
    try:
        out = backup(db, args.dest)
    except (DatabaseDamaged, StoreUnavailable, OSError) as err:
        print(f"meeplecord: backup of {db} failed: {err}", file=sys.stderr)
        return 2
    print(f"backed up {db} to {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
