"""Every registered game on this machine: random playouts per second,
``play`` and ``legal_moves`` latency, board render time and PNG size.

    .venv/bin/python bench/all_games.py [--seconds 4]

Targets (the same as the per-game benches'): ``legal_moves`` p99 under 20 ms
(an autocomplete call), render p99 under 300 ms, PNG under 1.5 MB.
Quick mode (``make bench``): 1.5 s per game.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from _verdict import Verdict, sized  # noqa: E402

from games import game_ids, get  # noqa: E402
from games.core.playout import expand  # noqa: E402
from renderers import render  # noqa: E402


def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


LEGAL_P99_MS, RENDER_P99_MS, PNG_MAX_KB = 20.0, 300.0, 1.5 * 1024


def measure(game_id: str, seconds: float, verdict: Verdict) -> str:
    game = get(game_id)
    play_ms, legal_ms, render_ms, sizes = [], [], [], []
    games_done = moves_done = 0
    start = time.perf_counter()
    seed = 0
    while time.perf_counter() - start < seconds:
        seed += 1
        players = game.min_players + seed % (game.max_players - game.min_players + 1)
        rnd = random.Random(seed)
        state = game.setup(players, seed)
        while game.result(state) is None:
            seat = rnd.choice(sorted(game.to_move(state)))
            t0 = time.perf_counter()
            game.legal_moves(state, seat, "")
            legal_ms.append((time.perf_counter() - t0) * 1000)
            move = expand(game, state, seat, "", rnd)
            t0 = time.perf_counter()
            game.play(state, seat, move)
            play_ms.append((time.perf_counter() - t0) * 1000)
            moves_done += 1
            if moves_done % 40 == 0 and len(render_ms) < 25:
                t0 = time.perf_counter()
                png = render(game_id, game.view(state, None))
                render_ms.append((time.perf_counter() - t0) * 1000)
                sizes.append(len(png) / 1024)
        games_done += 1
    elapsed = time.perf_counter() - start - sum(render_ms) / 1000  # playouts alone
    verdict.check(f"{game_id} legal_moves p99", pct(legal_ms, .99), "<", LEGAL_P99_MS, "ms")
    verdict.check(f"{game_id} render p99", pct(render_ms, .99), "<", RENDER_P99_MS, "ms")
    verdict.check(f"{game_id} PNG max", max(sizes, default=float("nan")), "<", PNG_MAX_KB, "KB")
    return (
        f"{game_id:15s} {games_done / elapsed:6.1f} games/s  "
        f"play p50 {statistics.median(play_ms):5.2f} p99 {pct(play_ms, .99):6.2f} ms  "
        f"legal_moves p50 {statistics.median(legal_ms):5.2f} p99 {pct(legal_ms, .99):6.2f} ms  "
        f"render p50 {statistics.median(render_ms):5.0f} p99 {pct(render_ms, .99):5.0f} ms  "
        f"PNG p50 {statistics.median(sizes):4.0f} max {max(sizes):4.0f} KB"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=sized(4.0, 1.5),
                        help="time per game (whole games, at least one)")
    args = parser.parse_args()
    verdict = Verdict()
    for game_id in game_ids():
        print(measure(game_id, args.seconds, verdict), flush=True)
    return verdict.finish()


if __name__ == "__main__":
    sys.exit(main())
