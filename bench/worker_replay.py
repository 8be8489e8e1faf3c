"""The render workers' own work per board, on the boards bench/load.py's tables ask: recorded, then replayed.

    .venv/bin/python bench/worker_replay.py record [--moves 1500] [--file F]
    .venv/bin/python bench/worker_replay.py run [--file F] [--warm 300] [--profile]
    .venv/bin/python bench/worker_replay.py callgrind [--file F] [--warm 300] [--cache]

``record`` plays bench/loop_workload.py's moves (every table's first move, then ``--moves``) with
boards on and every public post's board drawn (``--boards 1``), and keeps each request the bot
sends a worker as ``render_pool._request`` made it (State form: the game's state and the turn's
makings). bench/load.py's tables are in their first moves, so this is its mix of titles and
phases (Terra Mystica's starting-dwelling picks among them), which a random game's positions
(bench/draw_cost.py, bench/render.py) are not.

``run`` replays them in one process through ``render_pool.served``, the worker's own step for a
request (its view, words, drawing, PNG and answer), the first ``--warm`` unmeasured, and prints the
CPU a board; ``--profile`` adds cProfile's top functions. ``callgrind`` runs ``run`` under
``valgrind --tool=callgrind`` with only the measured boards collected and prints their
instructions a board, which do not move with the machine's load; ``--cache`` adds callgrind's cache
model with one core's 1 MB L2 as its last level (``CACHE``) and prints the lines a board that miss
it: the memory traffic a worker puts on what it shares with the bot's core (bench/PERF.md, "Goal 4a,
session 15"). No target: a measurement.
"""

from __future__ import annotations

import argparse
import collections
import cProfile
import functools
import json
import os
import pickle
import pstats
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from _verdict import Verdict  # noqa: E402

DEFAULT_FILE = HERE / "out" / "worker_replay" / "asked.pkl"


def record(args) -> int:
    import loop_workload

    from bot.table import render_pool

    asked: list[bytes] = []
    request = render_pool._request

    def kept(*a, **k):
        parts = request(*a, **k)
        asked.append(b"".join(bytes(p) for p in parts[1:]))   # the frame's bytes, its length apart
        return parts

    render_pool._request = kept
    where = Path(loop_workload.DEFAULT_DIR)
    if not (where / loop_workload.MOVES).exists():
        loop_workload.main(["prepare"])
    moves = loop_workload.in_order(json.loads((where / loop_workload.MOVES).read_text())["moves"], -1)
    warm = len({ch for ch, _seat, _text in moves})
    with tempfile.TemporaryDirectory() as tmp:
        db = str(Path(tmp) / loop_workload.DB)
        shutil.copyfile(where / loop_workload.DB, db)
        loop_workload.play(db, moves, warm, args.moves, 1, True, None, 1.0, 2)
    out = Path(args.file)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_bytes(pickle.dumps(asked))
    print(f"{len(asked)} requests recorded: {out}")
    return 0


def titles(asked: list[bytes]) -> str:
    from bot.table import render_pool

    count = collections.Counter(render_pool.head_of(a)[0][0] for a in asked)
    return ", ".join(f"{title} {n}" for title, n in count.most_common())


def run(args) -> int:
    from bot.table import render_pool

    asked = pickle.loads(Path(args.file).read_bytes())
    render_pool._warm()
    for one in asked[:args.warm]:
        render_pool.served(one)
    measured = asked[args.warm:]
    if not measured:
        sys.exit(f"{len(asked)} requests recorded: fewer than --warm")
    if args.mark:   # only this call is collected (callgrind's --toggle-collect)
        functools.reduce(lambda _a, _b: [render_pool.served(one) for one in measured], (0, 0))
        return 0
    profile = cProfile.Profile(time.process_time) if args.profile else None
    began = time.process_time()
    if profile:
        profile.enable()
    for one in measured:
        render_pool.served(one)
    if profile:
        profile.disable()
    spent = time.process_time() - began
    print(f"{len(measured)} boards ({titles(measured)}) after {args.warm} warm: "
          f"{spent / len(measured) * 1000:.3f} ms of CPU a board; load average {os.getloadavg()[0]:.1f}")
    if profile:
        pstats.Stats(profile).sort_stats("cumulative").print_stats(30)
    return 0


#: callgrind's cache model for ``--cache``: the worker core's L1 data cache and its own 1 MB L2 as the
#: last level (a line past it goes to the L3 and memory both cores share)
CACHE = ("--cache-sim=yes", "--D1=49152,12,64", "--LL=1048576,16,64")


def callgrind(args) -> int:
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "callgrind.out"
        cmd = ["valgrind", "--tool=callgrind", "--collect-atstart=no", "--toggle-collect=functools_reduce",
               *(CACHE if args.cache else ()), f"--callgrind-out-file={out}", sys.executable, __file__, "run",
               "--file", args.file, "--warm", str(args.warm), "--mark"]
        subprocess.run(cmd, check=True, env=dict(os.environ, PYTHONHASHSEED="0"), stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL)
        lines = out.read_text(errors="replace").splitlines()
    events = next(line.split()[1:] for line in lines if line.startswith("events:"))
    total = dict(zip(events, map(int, next(line.split()[1:] for line in lines
                                           if line.startswith(("summary:", "totals:"))))))
    boards = max(1, len(pickle.loads(Path(args.file).read_bytes())) - args.warm)
    said = f"{boards} boards after {args.warm} warm: {total['Ir'] / boards / 1e6:.2f} M instructions a board"
    if args.cache:   # last-level misses: instruction reads, data reads and data writes
        missed = sum(total.get(e, 0) for e in ("ILmr", "DLmr", "DLmw"))
        said += (f", {missed / boards / 1e3:.1f} K lines a board past the 1 MB L2 "
                 f"({total.get('DLmr', 0) / boards / 1e3:.1f} K read, {total.get('DLmw', 0) / boards / 1e3:.1f} K written)")
    print(said)
    return 0


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="command")
    p = sub.add_parser("record")
    p.add_argument("--moves", type=int, default=1500)
    for name in ("run", "callgrind"):
        p = sub.add_parser(name)
        p.add_argument("--warm", type=int, default=300)
        if name == "run":
            p.add_argument("--profile", action="store_true")
            p.add_argument("--mark", action="store_true", help=argparse.SUPPRESS)
        else:
            p.add_argument("--cache", action="store_true", help="add the cache model: lines a board past the L2")
    for p in sub.choices.values():
        p.add_argument("--file", default=str(DEFAULT_FILE))
    args = ap.parse_args(argv)
    if args.command is None:   # ``make bench`` runs every bench bare
        return Verdict.skip("no target: a measurement; see `worker_replay.py --help`")
    return {"record": record, "run": run, "callgrind": callgrind}[args.command](args)


if __name__ == "__main__":
    sys.exit(main())
