"""The engines' share of a live move, per title: the rules, the prompts' verbs, the backup.

    python bench/engine_moves.py [--games N] [--titles a,b] [--baseline REV [--rounds N]]

The bot's move path (``bot/table/playing.py``) asks each engine, per move, for the state's
backup (the undo journal's ``Game.snapshot``, what it puts back when the move is refused or not
written; ``marshal.dumps`` of the whole state in trees before it, printed beside it),
``Game.play(state, seat, text, atomic=False)`` and, for the seats the post asks, ``Game.verbs``
(the first words of their legal moves: the prompt's "build, upgrade or pass"). This bench plays
random games of every title and player count (seeds 0..N-1, picked uniformly among the listed
moves by ``games.core.playout.random_playout``, outside the timing) again from their start and
times each of the three on the thread's CPU clock: microseconds per move for the backup and
``play``, per call for ``verbs`` (asked for every seat waited for after each move, as an upper
bound of what the post asks). The moves' fingerprint is printed: with ``--baseline REV`` both
trees must play the very same games (same rules, same listing order), else the ratios compare
different work. Target (issue 33, goal 1, where the bot's loop thread is to go from 0.52 to about
0.30 ms a move): the five titles' mean of the three together at most 50 us a move (about 0.6 of
f1378b6's 81 us on this machine, quiet); the ratio to a baseline is the fairer reading when the
machine is loaded (CPU time, best of several passes, still moves with the neighbours' load).
"""

from __future__ import annotations

import argparse
import hashlib
import marshal
import os
import sys
import time

import baseline
from baseline import figure

baseline.use_code_root()

from _verdict import Verdict, sized  # noqa: E402

from games import game_ids, get  # noqa: E402
from games.core.playout import random_playout  # noqa: E402

#: the five titles' mean CPU per move of the backup, ``play`` and ``verbs`` together (see above)
TARGET_US = 50.0


def games_of(title: str, seeds: int) -> list[tuple[int, int, list[tuple[int, str]]]]:
    """(players, seed, moves) of random games, every player count of the title."""
    engine = get(title)
    return [(players, seed, random_playout(engine, players, seed)[1])
            for players in range(engine.min_players, engine.max_players + 1) for seed in range(seeds)]


def replay_timed(title: str, games, reps: int) -> dict[str, float]:
    """CPU microseconds: backup and play per move, verbs per call (best of ``reps`` passes); the
    whole state's ``marshal.dumps`` and the undo per move beside them (not in the sum)."""
    engine = get(title)
    clock = time.thread_time_ns
    # the backup the bot takes in the measured tree: the engine's own (the undo journal: where the
    # contract has ``Game.undone``, the bot calls ``snapshot``/``restore``) or the whole state's
    # marshal bytes (the trees before)
    journal = hasattr(engine, "undone")
    best: dict[str, float] = {}
    for _ in range(reps):
        backup = play = verbs = whole = 0
        moves = calls = 0
        for players, seed, record in games:
            state = engine.setup(players, seed, None)
            for seat, text in record:
                t = clock()
                marshal.dumps(state)
                t0 = clock()
                kept = engine.snapshot(state) if journal else marshal.dumps(state)
                t1 = clock()
                engine.play(state, seat, text, atomic=False)
                t2 = clock()
                del kept  # held over the move, as the bot holds it
                if engine.result(state) is None:
                    for s in sorted(engine.to_move(state)):
                        engine.verbs(state, s)
                        calls += 1
                t3 = clock()
                whole += t0 - t
                backup += t1 - t0
                play += t2 - t1
                verbs += t3 - t2
                moves += 1
        now = {"backup": backup / moves / 1000, "play": play / moves / 1000,
               "verbs": verbs / max(calls, 1) / 1000,
               "engine per move": (backup + play + verbs) / moves / 1000,
               "marshal of the whole state": whole / moves / 1000}
        best = {k: min(v, best.get(k, v)) for k, v in now.items()}
    best["moves"], best["verbs calls per move"] = moves, calls / moves
    best["undo"] = undo_timed(engine, games) if journal else 0.0
    return best


def undo_timed(engine, games) -> float:
    """CPU microseconds per move of ``Game.undone`` (the state before the move, built again from
    its token: what a refused or unwritten move costs), in a pass of its own (the objects it
    builds would slow the other figures' pass)."""
    clock = time.thread_time_ns
    spent = moves = 0
    for players, seed, record in games:
        state = engine.setup(players, seed, None)
        for seat, text in record:
            token = engine.snapshot(state)
            engine.play(state, seat, text, atomic=False)
            t0 = clock()
            engine.undone(state, token)
            spent += clock() - t0
            moves += 1
    return spent / moves / 1000


def fingerprint(games) -> str:
    digest = hashlib.sha256()
    for players, seed, moves in games:
        digest.update(repr((players, seed, moves)).encode())
    return digest.hexdigest()[:12]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=None, help="seeds per player count (default 3, quick 1)")
    parser.add_argument("--reps", type=int, default=None, help="passes over the games; the best counts (default 3)")
    parser.add_argument("--titles", default="", help="comma-separated game ids (default: all five)")
    baseline.add_arguments(parser)
    args = parser.parse_args()
    return baseline.run(args, measure)


def measure(args) -> int:
    titles = [t for t in args.titles.split(",") if t] or game_ids()
    seeds = args.games or sized(3, 1)
    reps = args.reps or sized(3, 2)
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores; {seeds} seed(s) per player count, "
          f"best of {reps}")
    total = 0.0
    for title in titles:
        games = games_of(title, seeds)
        got = replay_timed(title, games, reps)
        total += got["engine per move"]
        for name in ("backup", "marshal of the whole state", "play", "verbs", "engine per move"):
            figure(f"{title} {name}", got[name], "us")
        print(f"{title:15} {int(got['moves']):6} moves (fingerprint {fingerprint(games)}): "
              f"backup {got['backup']:6.1f} us (whole marshal {got['marshal of the whole state']:5.1f}, "
              f"undo {got['undo']:5.1f}), play {got['play']:6.1f} us, "
              f"verbs {got['verbs']:6.1f} us a call ({got['verbs calls per move']:.2f} a move), "
              f"together {got['engine per move']:6.1f} us a move")
    mean = total / len(titles)
    figure("five titles' mean, engine per move", mean, "us")
    print(f"mean over the titles: {mean:.1f} us a move (target <= {TARGET_US:g} us for all five titles)")
    verdict = Verdict()
    if len(titles) == len(game_ids()):
        verdict.check("the five titles' mean engine CPU per move", mean, "<=", TARGET_US, "us")
    else:
        return verdict.skip("a part of the titles measured: the target is the five titles' mean")
    return verdict.finish()


if __name__ == "__main__":
    sys.exit(main())
