"""Bot strength through the real command line, every title, seeded.

    .venv/bin/python bench/arena.py [--games 4] [--seed 1] [--game bruges ...]

Runs ``python -m games arena GAME --players N --games K --seat bot,X,X[,X]``
for X = random and greedy (4 players, 3 for Bruges and Amerigo) and prints
each run's last line (``bot win rate: W/N = P%``) beside the issue's
target. The targets are over 50 games (``--games 50``, about 40 minutes on
a quiet core); the default is a quick look. The last 50-game figures are in
``bench/BOTS.md``. Quick mode (``make bench``): Bruges and West of Africa only,
2 games each, win rates judged by their 95 % upper bound (``bench/bots.py``
plays every title in-process).
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from _verdict import Verdict, check_rate, quick, sized  # noqa: E402

#: (game, players) as the issue measures them
TABLES = [("west-of-africa", 4), ("terra-mystica", 4), ("altiplano", 4), ("bruges", 3), ("amerigo", 3)]
TARGETS = {"random": 0.95, "greedy": 0.70}


def arena_line(gid: str, players: int, other: str, games: int, seed: int) -> tuple[str, list[str]]:
    """The command and its last output line."""
    seats = ",".join(["bot"] + [other] * (players - 1))
    argv = ["-m", "games", "arena", gid, "--players", str(players), "--games", str(games), "--seat", seats,
            "--seed", str(seed)]
    out = subprocess.run([sys.executable, *argv], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    return out.strip().splitlines()[-1], ["python", *argv]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=sized(4, 2))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--game", action="append", help="only this title (repeatable); default: all five")
    args = parser.parse_args()
    only = args.game or (["bruges", "west-of-africa"] if quick() else None)
    verdict = Verdict()
    for gid, n in TABLES:
        if only and gid not in only:
            continue
        for other, target in TARGETS.items():
            t0 = time.perf_counter()
            line, argv = arena_line(gid, n, other, args.games, args.seed)
            m = re.fullmatch(r"bot win rate: ([\d.]+)/(\d+) = \d+%", line)
            rate = float(m.group(1)) / int(m.group(2)) if m else 0.0
            check_rate(verdict, f"{gid} vs {other}", rate, args.games, target)
            flag = "ok" if rate >= target else "MISSED"
            print(f"{gid:15} vs {n - 1} {other:6} {line:28} (target >= {target:.0%}) {flag}"
                  f"   [{time.perf_counter() - t0:.0f} s: {' '.join(argv)}]", flush=True)
    return verdict.finish()


if __name__ == "__main__":
    sys.exit(main())
