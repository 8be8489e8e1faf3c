"""End-to-end move time through the session layer: apply + SQLite commit + PNG render.

    python bench/session.py [--game west-of-africa] [--players 3] [--games 3]

Plays random complete games through ``SessionManager.move`` on a real SQLite
file (WAL) and prints the median and p99 per move (target for West of
Africa: p99 < 150 ms), the autocomplete time through the session layer
(target p99 < 20 ms) and the PNG size. Skips with a message if the game is
not registered. Quick mode (``make bench``): one game.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from _verdict import Verdict, sized  # noqa: E402

import games  # noqa: E402
import renderers  # noqa: E402
from bot.store import SqliteStore  # noqa: E402
from bot.table.sessions import Actor, SessionManager  # noqa: E402
from games.core.playout import expand  # noqa: E402

TARGET_P99_MS = 150.0


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    k = max(0, min(len(ordered) - 1, round(q * (len(ordered) - 1))))
    return ordered[k]


async def bench(game_id: str, players: int, n_games: int, verdict: Verdict, render: bool = True) -> int:
    engine = games.get(game_id)
    timings: list[float] = []
    complete: list[float] = []
    with_png = 0
    sizes: list[int] = []
    with tempfile.TemporaryDirectory() as tmp:
        store = await SqliteStore.open(Path(tmp) / "bench.sqlite3")
        for g in range(n_games):
            rnd = random.Random(g)
            sessions = SessionManager(store, seed_source=lambda g=g: 1000 + g, render=render)
            channel = 100 + g
            actors = [Actor(10 + s, f"P{s}") for s in range(players)]
            await sessions.create(channel, actors[0], game_id, actors[1:])
            await sessions.start(channel, actors[0])
            while (table := sessions.table(channel)) is not None:
                seat = rnd.choice(table.to_move())
                move = expand(engine, table.state, seat, "", rnd)
                # autocomplete as Discord asks for it: the empty prefix, then the move's first word
                for prefix in ("", move.split()[0] + " "):
                    t0 = time.perf_counter()
                    sessions.legal_moves(channel, actors[seat].user_id, prefix)
                    complete.append((time.perf_counter() - t0) * 1000)
                t0 = time.perf_counter()
                reply = await sessions.move(channel, actors[seat], move)
                timings.append((time.perf_counter() - t0) * 1000)
                if not reply.ok:
                    print(f"refused {move!r}: {reply.text}", file=sys.stderr)
                    return 1
                if reply.public and reply.public.png:
                    with_png += 1
                    sizes.append(len(reply.public.png))
        await store.close()
    median, p99 = statistics.median(timings), percentile(timings, 0.99)
    if not render:
        print(f"move without drawing (apply + SQLite commit): median {median:.1f} ms, p99 {p99:.1f} ms")
        return 0
    print(f"{game_id}, {players} players, {n_games} games, {len(timings)} moves "
          f"({with_png} with a PNG; renderer {'registered' if game_id in renderers.RENDERERS else 'MISSING'})")
    print(f"move end to end (apply + SQLite commit + PNG): median {median:.1f} ms, p99 {p99:.1f} ms, "
          f"max {max(timings):.1f} ms (target p99 < {TARGET_P99_MS:.0f} ms: {'ok' if p99 < TARGET_P99_MS else 'MISSED'})")
    print(f"autocomplete through the session layer (legal_moves + hints, <= 25): "
          f"median {statistics.median(complete):.2f} ms, p99 {percentile(complete, 0.99):.2f} ms (target < 20 ms)")
    verdict.check("move end to end p99", p99, "<", TARGET_P99_MS, "ms")
    verdict.check("autocomplete p99", percentile(complete, 0.99), "<", 20, "ms")
    if sizes:
        print(f"PNG size: median {statistics.median(sizes) / 1024:.0f} KiB, max {max(sizes) / 1024:.0f} KiB")
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="west-of-africa")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--games", type=int, default=sized(3, 1))
    args = parser.parse_args()
    if args.game not in games.ENGINES:
        print(f"skipped: {args.game} is not registered yet (known: {', '.join(games.game_ids()) or 'none'})")
        return 0
    verdict = Verdict()
    rc = asyncio.run(bench(args.game, args.players, args.games, verdict))
    rc = rc or asyncio.run(bench(args.game, args.players, args.games, verdict, render=False))
    if rc:
        verdict.check("moves refused", rc, "==", 0)
    return verdict.finish()


if __name__ == "__main__":
    sys.exit(main())
