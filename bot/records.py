"""The records' maintenance, from the command line (the bot can stay up: both are single writes).

    python -m bot.records backfill  [--db FILE | --url postgresql://...]
    python -m bot.records recompute [--db FILE | --url postgresql://...]

``backfill``: results rows for every game that ended without any (they are replayed from
their logs), then every rating recomputed. ``recompute``: every rating and its history again
from the results table, in the order the games were rated; the values equal the live ones
(``tests/records``). Without ``--db``/``--url`` the bot's own settings say where the database is.
"""

from __future__ import annotations

import argparse
import asyncio
import sys

from .store import open_store
from .store.sqlite_file import missing
from .table.records import backfill, ratings


async def main_async(what: str, db: str | None, url: str | None) -> str:
    store = await open_store(db, url)
    try:
        if what == "backfill":
            written, failed = await backfill.backfill(store)
            await store.set_setting(*backfill.PENDING, False)
            return f"backfill: results written for {written} game(s); {failed} log(s) did not replay"
        count, rated = await store.recompute_ratings(ratings.rate_all)
        return f"recompute: {count} rating(s) from {rated} rated game(s)"
    finally:
        await store.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot.records", description=__doc__.splitlines()[0])
    parser.add_argument("what", choices=("backfill", "recompute"))
    parser.add_argument("--db", help="the SQLite file (default: the settings' DATABASE_PATH)")
    parser.add_argument("--url", help="a postgresql:// URL (default: the settings' DATABASE_URL)")
    args = parser.parse_args(argv)
    db, url = args.db, args.url
    if not db and not url:
        from .config import load_settings

        settings = load_settings()
        db, url = settings.db_path, settings.database_url or None
    if not url and (no_file := missing(db, args.what)) is not None:
        print(no_file, file=sys.stderr)
        return 1
    print(asyncio.run(main_async(args.what, db, url)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
