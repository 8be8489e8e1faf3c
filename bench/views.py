"""The engines' views, per title: ``Game.view(state, None)`` (the public view every post with a
board asks for on the bot's loop thread) and ``Game.view(state, seat)``.

    python bench/views.py [--games N] [--players 3] [--titles a,b] [--reps N] [--baseline REV [--rounds N]]
    python bench/views.py callgrind [--games N] [--players 3] [--titles a,b]

Random games (``games.core.playout.random_playout``, seeds 0..N-1, three players as in
``bench/load.py``; Terra Mystica also with the three Fire & Ice faction groups on the Fire & Ice
map, ``terra-mystica/fi``) are replayed and every position kept (outside the timing). Then, on the
thread's CPU clock, best of ``--reps`` passes: microseconds per call of the public view, of each
seat's view, and of the public view's JSON text as the bot makes it for the render worker
(``json.dumps(view, default=str)``). The positions' fingerprint is printed: with ``--baseline REV``
both trees must view the very same positions. Positions of the first 40 moves are also timed
apart (``early``): ``bench/load.py`` plays a few moves a table, so its boards are of early positions.

``callgrind`` counts the public view's instructions per call, per title (every position, and those of
the first 40 moves), under ``valgrind
--tool=callgrind`` (the views made inside ``functools.reduce``, ``--toggle-collect``): repeatable
whatever the machine's load. No target of its own: the goal (session 11) is half of 44dc782's cost.
"""

from __future__ import annotations

import argparse
import functools
import gc
import hashlib
import json
import marshal
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import baseline
from baseline import figure

baseline.use_code_root()

from _verdict import Verdict  # noqa: E402

from games import game_ids, get  # noqa: E402
from games.core.playout import random_playout  # noqa: E402

#: Terra Mystica with the Fire & Ice factions and map: a workload of its own (``terra-mystica/fi``)
FIRE_ICE = {"fire-and-ice-factions/ice": True, "fire-and-ice-factions/volcano": True,
            "fire-and-ice-factions/variable_v5": True, "map": "fire-ice-1"}
#: the positions ``early`` counts: those of a game's first moves (``bench/load.py``'s boards)
EARLY = 40
#: the C function whose calls hold the measured views (callgrind's ``--toggle-collect``)
MARK = "functools_reduce"


def workloads(titles: list[str]) -> list[tuple[str, str, dict | None]]:
    """(name, game id, options) of every workload asked for."""
    out = []
    for title in titles:
        out.append((title, title, None))
        if title == "terra-mystica":
            out.append(("terra-mystica/fi", title, FIRE_ICE))
    return out


def positions(title: str, options: dict | None, players: int, seeds: int) -> list[tuple[int, dict]]:
    """(moves played, state) of every position of ``seeds`` random games, their start included."""
    engine = get(title)
    out = []
    for seed in range(seeds):
        _end, record = random_playout(engine, players, seed, options)
        state = engine.setup(players, seed, options)
        out.append((0, marshal.loads(marshal.dumps(state))))
        for n, (seat, text) in enumerate(record, 1):
            engine.play(state, seat, text)
            out.append((n, marshal.loads(marshal.dumps(state))))
    return out


def settled(engine, states: list[dict]) -> None:
    """One view made before the measured ones (the modules a view imports on first use), and the
    positions kept out of the collector's walks, as the bot freezes its loaded tables (a
    collection would otherwise walk every kept position)."""
    engine.view(states[0], None)
    gc.collect()
    gc.freeze()


def fingerprint(states) -> str:
    digest = hashlib.sha256()
    for n, state in states:
        digest.update(repr((n, sorted(state))).encode())
        digest.update(marshal.dumps(state.get("last")))
    return digest.hexdigest()[:12]


def measure(args) -> int:
    titles = [t for t in args.titles.split(",") if t] or game_ids()
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores; {args.games} game(s) of "
          f"{args.players} players a title, best of {args.reps}; CPU microseconds a call")
    for name, title, options in workloads(titles):
        engine = get(title)
        states = positions(title, options, args.players, args.games)
        settled(engine, [s for _n, s in states])
        got = timed_all(engine, states, args.reps, args.players)
        for key in ("public view", "public view, early", "seat's view", "public view's JSON"):
            figure(f"{name} {key}", got[key], "us")
        public, early, own, encode = (got[k] for k in ("public view", "public view, early", "seat's view",
                                                        "public view's JSON"))
        print(f"{name:16} {len(states):5} positions (fingerprint {fingerprint(states)}): "
              f"public {public:7.1f} (early {early:7.1f}), a seat's {own:7.1f}, "
              f"JSON of the public {encode:6.1f} ({got['JSON bytes']:.0f} bytes)")
    return Verdict.skip("figures for a ratio to a baseline (--baseline REV), no target of their own")


def timed_all(engine, states, reps: int, players: int) -> dict[str, float]:
    clock = time.thread_time_ns
    every = [s for _n, s in states]
    early = [s for n, s in states if n < EARLY]
    best: dict[str, float] = {}
    for _ in range(reps):
        t = clock()
        for state in every:
            engine.view(state, None)
        public = clock() - t
        t = clock()
        for state in early:
            engine.view(state, None)
        public_early = clock() - t
        t = clock()
        for state in every:
            for seat in range(players):
                engine.view(state, seat)
        own = clock() - t
        views = [engine.view(state, None) for state in every]
        t = clock()
        for v in views:
            json.dumps(v, default=str)
        encode = clock() - t
        now = {"public view": public / len(every) / 1000,
               "public view, early": public_early / max(1, len(early)) / 1000,
               "seat's view": own / (len(every) * players) / 1000,
               "public view's JSON": encode / len(every) / 1000}
        best = {k: min(v, best.get(k, v)) for k, v in now.items()}
    best["JSON bytes"] = sum(len(json.dumps(v, default=str)) for v in views) / len(views)
    return best


def marked_run(args) -> int:
    """The public views of one workload made inside ``functools.reduce`` (callgrind counts them)."""
    (name, title, options), = [w for w in workloads([args.title.split("/")[0]]) if w[0] == args.title]
    engine = get(title)
    every = [s for n, s in positions(title, options, args.players, args.games) if not args.early or n < EARLY]
    settled(engine, every)
    functools.reduce(lambda _a, state: engine.view(state, None), every, None)
    print(len(every))
    return 0


def callgrind(args) -> int:
    titles = [t for t in args.titles.split(",") if t] or game_ids()
    print(f"views callgrind: {args.games} game(s) of {args.players} players a title; the public view's "
          f"instructions a call (load average {os.getloadavg()[0]:.1f}: instructions do not depend on it)")
    for name, _title, _options in workloads(titles):
        line = f"  {name:16}"
        for early in (False, True):
            with tempfile.TemporaryDirectory() as out:
                cmd = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}/cg", "--collect-atstart=no",
                       f"--toggle-collect={MARK}", sys.executable, __file__, "run", "--title", name,
                       "--games", str(args.games), "--players", str(args.players)] + (["--early"] if early else [])
                done = subprocess.run(cmd, check=True, capture_output=True, text=True,
                                      env=dict(os.environ, PYTHONHASHSEED="0"))
                calls = int(done.stdout.split()[-1])
                text = (Path(out) / "cg").read_text(errors="replace")
                total = next(int(line.split()[1]) for line in text.splitlines()
                             if line.startswith(("summary:", "totals:")))
            line += f"  {'first ' + str(EARLY) + ' moves' if early else 'every position'} ({calls} views) " \
                    f"{total / calls / 1e3:7.1f} K"
        print(line)
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("command", nargs="?", choices=("callgrind", "run"), help=argparse.SUPPRESS)
    parser.add_argument("--games", type=int, default=2, help="random games a title (seeds 0..N-1; default 2)")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--reps", type=int, default=5, help="passes over the positions; the best counts")
    parser.add_argument("--titles", default="", help="comma-separated game ids (default: all five)")
    parser.add_argument("--title", help=argparse.SUPPRESS)
    parser.add_argument("--early", action="store_true", help=argparse.SUPPRESS)
    baseline.add_arguments(parser)
    args = parser.parse_args()
    if args.command == "callgrind":
        return callgrind(args)
    if args.command == "run":
        return marked_run(args)
    return baseline.run(args, measure)


if __name__ == "__main__":
    sys.exit(main())
