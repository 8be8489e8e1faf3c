"""What work on the other core costs the bot's own thread: bench/loop_workload.py's closed loop beside a burner.

    .venv/bin/python bench/beside.py [--moves 3000] [--rounds 5] [--burners none,spin,draw,draw@0.2]

The bot's loop thread plays ``--moves`` moves of bench/loop_workload.py (boards off, a closed
loop: each move awaits its commit) and its CPU for them is read (the workload's ``phase:
measured`` line). Meanwhile one burner process runs, as the render workers run
(``render_pool.NICE`` and SCHED_BATCH), with no core pinned:

* ``none``: nothing;
* ``spin``: a pure-interpreter arithmetic loop that touches no memory beyond its own;
* ``draw``: turn images of the five titles drawn and written as PNG in a loop, as a worker draws them;
* ``KIND@F``: the same, busy only a share ``F`` of the wall time, in turns of one board (about
  4 ms) and a sleep: bench/load.py's 100 moves/s with the workers' 1.6-1.7 ms a move keep one
  core busy about 0.17 of the time.

The rounds are interleaved (each round runs every burner, its order turned by one), and it prints
each burner's loop CPU (median, range) and its ratio to ``none`` in the same rounds: the share by
which the bot's thread runs slower while the other core works. On this VM even the spin loop
slows it; a many-core server with its own caches may not. No target: a measurement.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))

from _verdict import Verdict, sized  # noqa: E402

#: the workload's line that carries the measured moves' loop CPU
MEASURED = re.compile(r"phase: measured \(([\d.]+) s")
#: a burner's turn when it is busy only a share of the time: about one turn image's CPU
TURN_S = 0.004


def parse_burner(name: str) -> tuple[str, float]:
    """``KIND`` or ``KIND@F`` -> (kind, share of the wall time busy)."""
    kind, _, share = name.partition("@")
    if kind not in ("none", "spin", "draw"):
        raise ValueError(f"unknown burner {kind!r}")
    duty = float(share) if share else 1.0
    if not 0 < duty <= 1:
        raise ValueError(f"a burner's share is in (0, 1]: {name!r}")
    return kind, duty


def rest_after(busy_s: float, duty: float) -> float:
    """The sleep after ``busy_s`` of work that keeps a burner busy ``duty`` of the wall time."""
    return busy_s * (1 - duty) / duty


def orders(burners: list[str], rounds: int) -> list[list[str]]:
    """Each round's order: every burner once, the list turned by one more each round, so that no
    burner always runs first (the machine's drift falls on all of them alike)."""
    return [burners[r % len(burners):] + burners[:r % len(burners)] for r in range(rounds)]


def summary(seen: dict[str, list[float]]) -> list[tuple]:
    """(burner, median s, min, max, ratio to "none") per burner, the ratio the median of the
    rounds' own ratios (each round's figure over that round's ``none``)."""
    none = seen.get("none") or []
    out = []
    for name, values in seen.items():
        ratios = [v / n for v, n in zip(values, none) if n > 0]
        ratio = statistics.median(ratios) if ratios and name != "none" else (1.0 if name == "none" else float("nan"))
        out.append((name, statistics.median(values), min(values), max(values), ratio))
    return out


def burn(kind: str, duty: float) -> None:
    """The burner process: as a render worker runs (nice, SCHED_BATCH), until killed."""
    try:
        os.nice(10)
        os.sched_setscheduler(0, os.SCHED_BATCH, os.sched_param(0))
    except (OSError, AttributeError):
        pass
    if kind == "spin":
        def work() -> None:
            end = time.thread_time() + TURN_S
            x = 0
            while time.thread_time() < end:
                for i in range(200):
                    x = (x * 31 + i) & 0xFFFF
    else:
        sys.path.insert(0, str(ROOT))
        import draw_cost

        import renderers

        boards = [(g, json.loads(v)) for g, v in draw_cost.positions(7, 20)]
        turn = iter(range(1 << 62))

        def work() -> None:
            game_id, view = boards[next(turn) % len(boards)]
            renderers.render_png(game_id, view, draw_cost.NAMES, None, kind="turn")
    print("burning", flush=True)
    while True:
        t = time.thread_time()
        work()
        if duty < 1:
            time.sleep(rest_after(time.thread_time() - t, duty))


def loop_cpu(args) -> float:
    """One run of the workload: the loop thread's CPU (s) for the measured moves."""
    cmd = [sys.executable, str(HERE / "loop_workload.py"), "run", "--moves", str(args.moves), "--dir", args.dir]
    out = subprocess.run(cmd, capture_output=True, text=True, check=True)
    found = MEASURED.search(out.stderr)
    if not found:
        raise RuntimeError(f"no measured phase in the workload's output: {out.stderr[-400:]}")
    return float(found.group(1))


def beside(args, name: str) -> float:
    kind, duty = parse_burner(name)
    if kind == "none":
        return loop_cpu(args)
    burner = subprocess.Popen([sys.executable, __file__, "--burn", name], stdout=subprocess.PIPE, text=True)
    try:
        burner.stdout.readline()  # its boards are ready: it burns from now on
        return loop_cpu(args)
    finally:
        burner.kill()
        burner.wait()


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--moves", type=int, default=sized(3000, 1500))
    ap.add_argument("--rounds", type=int, default=sized(5, 2))
    ap.add_argument("--burners", default="none,spin,draw,draw@0.2",
                    help="comma-separated: none, spin, draw, each optionally @share (busy that share of the time)")
    ap.add_argument("--dir", default=str(HERE / "out" / "loop_workload"), help="bench/loop_workload.py's tables")
    ap.add_argument("--burn", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.burn:
        burn(*parse_burner(args.burn))
        return 0
    burners = args.burners.split(",")
    for name in burners:
        parse_burner(name)
    if "none" not in burners:
        burners.insert(0, "none")
    if not (Path(args.dir) / "moves.json").exists():
        subprocess.run([sys.executable, str(HERE / "loop_workload.py"), "prepare", "--dir", args.dir], check=True)
    seen: dict[str, list[float]] = {name: [] for name in burners}
    load = [os.getloadavg()[0]]
    for r, order in enumerate(orders(burners, args.rounds)):
        for name in order:
            seen[name].append(beside(args, name))
        load.append(os.getloadavg()[0])
        print(f"  round {r + 1}: " + ", ".join(f"{n} {seen[n][-1]:.3f} s" for n in burners), flush=True)
    print(f"the loop thread's CPU for {args.moves} moves (boards off), {args.rounds} rounds interleaved; "
          f"load average {min(load):.1f}-{max(load):.1f}")
    for name, median, low, high, ratio in summary(seen):
        print(f"  {name:10} {median:.3f} s ({low:.3f}-{high:.3f})   {ratio:.3f} of none")
    return Verdict.skip("no target: a measurement")


if __name__ == "__main__":
    sys.exit(main())
