"""The records' reads at a server's scale: leaderboard, /stats and archive on SQLite.

    python bench/records.py [--results 100000] [--players 10000] [--queries 400]

Fills a fresh SQLite store (the bot's own migrations) with ``--results`` results rows (games of
four seats, five titles, 90 % of them on one server so that its pages are the big ones, ended
over two years), ratings for every player in every title on that server and across servers,
and the rating history those games made; then times the statements the commands run, through
the store's own API (its database thread included), each ``--queries`` times with random
players, titles and pages:

* ``leaderboard``: a page (10 rows, their places) and the caller's own row (place, position);
* ``stats``: a player's tally per title, and one title in full (best game, roles, history);
* ``archive``: a page of the server's games, of one title, of one player's, and the result
  rows of the ten games listed (winners).

Target (issue 35): the p99 of each under 50 ms with 100,000 results and 10,000 players. Wall
time, as a player waits it (a shared machine's load shows in it: run it quiet for figures to
compare). Quick mode (``make bench``): 20,000 results, 2,000 players, 150 queries each.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sqlite3
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

from _verdict import Verdict, sized

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.store import open_store  # noqa: E402
from bot.store.records import POINT_COLUMNS, RATING_COLUMNS, RESULT_COLUMNS  # noqa: E402

TITLES = ("terra-mystica", "altiplano", "bruges", "amerigo", "west-of-africa")
ROLES = {"terra-mystica": ("witches", "nomads", "halflings", "engineers", "darklings", "giants"),
         "west-of-africa": ("red", "blue", "green", "yellow"), "altiplano": ("miner", "farmer", "fisher")}
GUILD, OTHER = 1 << 40, 2 << 40
T0 = datetime(2025, 1, 1, tzinfo=UTC)
TARGET_MS = 50.0


def fill(path: str, results: int, players: int, seed: int = 1) -> dict:
    """The rows, written straight into the migrated file (one transaction)."""
    rnd = random.Random(seed)
    games_n = results // 4
    db = sqlite3.connect(path)
    game_rows, result_rows, points = [], [], []
    order = 0
    span = 2 * 365 * 24 * 3600
    for gid in range(1, games_n + 1):
        title = TITLES[gid % len(TITLES)]
        guild = GUILD if rnd.random() < 0.9 else OTHER
        ended = (T0 + timedelta(seconds=span * gid / games_n)).isoformat(timespec="milliseconds")
        game_rows.append((gid, title, 1, "{}", gid, guild, 10_000 + gid % 500, 1, "finished", ended, ended))
        seats = rnd.sample(range(1, players + 1), 4)
        scores = [rnd.randint(40, 160) for _ in seats]
        ranking = sorted(range(4), key=lambda s: -scores[s])
        order += 1
        for s, uid in enumerate(seats):
            roles = ROLES.get(title)
            result_rows.append((gid, s, guild, title, uid, f"Player {uid}", rnd.choice(roles) if roles else None,
                                scores[s], json.dumps({"vp": scores[s]}), ranking.index(s) + 1, "finished", 0, 1, 4,
                                "{}", ended, ended, 300, 75, 3600.0, 1, order))
            for scope in (guild, 0):
                points.append((title, scope, uid, order, gid, 25.0, 8.0, rnd.uniform(-5, 40), ended))
    ratings = []
    for title in TITLES:
        for scope in (GUILD, 0):
            for uid in range(1, players + 1):
                n = rnd.randint(1, 30)
                value = round(rnd.gauss(10, 8), 1)  # rounded: ties, as real ratings of few games have
                ratings.append((title, scope, uid, f"Player {uid}", 25.0, 8.0, value, n, rnd.randint(0, n),
                                int(n >= 5), n))
    with db:
        db.executemany("INSERT INTO games (id, game, engine_version, options, seed, guild_id, channel_id, creator_id,"
                       " status, created_at, updated_at) VALUES (?,?,?,?,?,?,?,?,?,?,?)", game_rows)
        db.executemany(f"INSERT INTO results ({', '.join(RESULT_COLUMNS)}) VALUES ({', '.join('?' * len(RESULT_COLUMNS))})",
                       result_rows)
        db.executemany(f"INSERT INTO ratings ({', '.join(RATING_COLUMNS)}) VALUES ({', '.join('?' * len(RATING_COLUMNS))})",
                       ratings)
        db.executemany(f"INSERT INTO rating_history ({', '.join(POINT_COLUMNS)}) VALUES "
                       f"({', '.join('?' * len(POINT_COLUMNS))})", points)
    db.execute("ANALYZE")
    db.close()
    return {"games": games_n, "results": len(result_rows), "ratings": len(ratings), "points": len(points)}


def p99(samples: list[float]) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]


async def measure(path: str, players: int, queries: int, seed: int = 2) -> dict[str, list[float]]:
    store = await open_store(path=path)
    rnd = random.Random(seed)
    times: dict[str, list[float]] = {"leaderboard": [], "stats": [], "archive": []}

    async def leaderboard(title: str, scope: int, user: int) -> None:
        await store.leaderboard(title, scope, rnd.randrange(players // 10) * 10, 10)
        await store.leaderboard_row(title, scope, user)

    async def stats(title: str, scope: int, user: int) -> None:
        await store.player_stats(user, GUILD, None, "")
        await store.player_stats(user, GUILD, title, "")

    async def archive(title: str, scope: int, user: int) -> None:
        which = rnd.random()  # the server's games, one title's, one player's
        game = title if which < 0.4 else None
        who = user if which > 0.7 else None
        entries, _more = await store.archive(GUILD, game, who, rnd.randrange(50) * 10, 10)
        for entry in entries:  # the page's winners
            await store.results(entry[0])

    try:
        for _ in range(queries):
            args = (rnd.choice(TITLES), rnd.choice((GUILD, 0)), rnd.randint(1, players))
            for kind, job in (("leaderboard", leaderboard), ("stats", stats), ("archive", archive)):
                start = time.perf_counter()
                await job(*args)
                times[kind].append((time.perf_counter() - start) * 1000)
    finally:
        await store.close()
    return times


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--results", type=int, default=sized(100_000, 20_000))
    parser.add_argument("--players", type=int, default=sized(10_000, 2_000))
    parser.add_argument("--queries", type=int, default=sized(400, 150))
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        path = str(Path(folder) / "bench.sqlite3")

        async def migrate():
            store = await open_store(path=path)
            await store.close()

        asyncio.run(migrate())
        start = time.perf_counter()
        counts = fill(path, args.results, args.players)
        print(f"filled in {time.perf_counter() - start:.1f} s: {counts}", flush=True)
        times = asyncio.run(measure(path, args.players, args.queries))
    verdict = Verdict()
    for kind, samples in times.items():
        print(f"{kind:12} n={len(samples)} median {sorted(samples)[len(samples) // 2]:.2f} ms  "
              f"p99 {p99(samples):.2f} ms  max {max(samples):.2f} ms", flush=True)
        verdict.check(f"{kind} p99 ({args.results} results, {args.players} players)", round(p99(samples), 2), "<",
                      TARGET_MS, "ms")
    return verdict.finish()


if __name__ == "__main__":
    sys.exit(main())
