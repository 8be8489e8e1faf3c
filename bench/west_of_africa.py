"""West of Africa engine and renderer timings on this machine.

    python bench/west_of_africa.py [--games 8]

Prints the median and p99 of ``play`` alone, of ``legal_moves`` (each call
an autocomplete would make while a move is typed token by token; target
p99 < 20 ms), of rendering a public view to PNG and the PNG size, and how
many complete random playouts run per second. Finishes well under 60 s.
Quick mode (``make bench``): 2 games per player count, 2 s of playouts.
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

import games  # noqa: E402
from games.core.playout import random_playout  # noqa: E402
from renderers import render  # noqa: E402

GAME_ID = "west-of-africa"
AUTOCOMPLETE_P99_MS = 20.0


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[max(0, min(len(ordered) - 1, round(q * (len(ordered) - 1))))]


def line(label: str, values: list[float], unit: str = "ms") -> str:
    return (f"{label:<28} median {statistics.median(values):8.2f} {unit}   p99 {percentile(values, 0.99):8.2f} {unit}"
            f"   (n={len(values)})")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=sized(8, 2), help="random games per player count")
    args = parser.parse_args(argv)
    game = games.get(GAME_ID)
    play_ms, legal_ms, render_ms, sizes = [], [], [], []
    cold = []
    for players in (2, 3, 4, 5):  # first render per layout draws the static board layer once
        t0 = time.perf_counter()
        render(GAME_ID, game.view(game.setup(players, 0), None))
        cold.append((time.perf_counter() - t0) * 1000)
    for players in (2, 3, 4, 5):
        for seed in range(args.games):
            rnd = random.Random(seed)
            state = game.setup(players, seed)
            n = 0
            while game.result(state) is None:
                seat = rnd.choice(sorted(game.to_move(state)))
                prefix = ""
                while True:  # type the move token by token, as autocomplete does
                    t0 = time.perf_counter()
                    options = game.legal_moves(state, seat, prefix)
                    legal_ms.append((time.perf_counter() - t0) * 1000)
                    pick = rnd.choice(options)
                    if not pick.endswith(" "):
                        break
                    prefix = pick
                t0 = time.perf_counter()
                game.play(state, seat, pick)
                play_ms.append((time.perf_counter() - t0) * 1000)
                n += 1
                if seed < 2 and n % 12 == 0:
                    view = game.view(state, None)
                    t0 = time.perf_counter()
                    png = render(GAME_ID, view)
                    render_ms.append((time.perf_counter() - t0) * 1000)
                    sizes.append(len(png))
    print(f"West of Africa on this machine ({args.games} random games x 2-5 players)")
    print(line("play (one move)", play_ms))
    print(line("legal_moves (autocomplete)", legal_ms))
    print(line("render public view to PNG", render_ms))
    print(f"{'first render per layout':<28} max {max(cold):8.2f} ms (static layer drawn and cached)")
    print(f"{'PNG size':<28} median {statistics.median(sizes) / 1024:8.1f} KB   max {max(sizes) / 1024:8.1f} KB")
    done, t0 = 0, time.perf_counter()
    seconds = sized(5.0, 2.0)
    while time.perf_counter() - t0 < seconds:
        random_playout(game, 2 + done % 4, 1000 + done)
        done += 1
    rate = done / (time.perf_counter() - t0)
    print(f"{'random playouts':<28} {rate:8.1f} games/s (2-5 players, {seconds:g} s)")
    verdict = Verdict()
    verdict.check("legal_moves (autocomplete) p99", percentile(legal_ms, 0.99), "<", AUTOCOMPLETE_P99_MS, "ms")
    return verdict.finish()


if __name__ == "__main__":
    sys.exit(main())
