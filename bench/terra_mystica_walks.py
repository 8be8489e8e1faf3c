"""Hunt autocomplete dead ends in Terra Mystica with seeded random walks.

    .venv/bin/python bench/terra_mystica_walks.py [GAMES] [FIRST_SEED] [--wide]

Plays GAMES seeded random games (2-5 players in turn, table options drawn
at random) by walking ``legal_moves`` one token at a time, as the
autocomplete and the Play menus do. It reports every stem that is offered
but completes with nothing (a prefix that leads nowhere) and every listed
move that ``play`` refuses, with the seed, so a finding replays exactly.
``--wide`` also opens up to 60 random stems of every waiting seat at every
state (slower, finds what a single walk misses). Not a test: a few hundred
games take minutes, which the suite cannot afford on every run. Quick mode
(``make bench``): 4 games.
"""

from __future__ import annotations

import pathlib
import random
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))

from _verdict import Verdict, sized  # noqa: E402

from games import get  # noqa: E402
from games.core import RuleError  # noqa: E402
from games.terra_mystica.rules import OPTION_NAMES  # noqa: E402

GAME = get("terra-mystica")


def dead_stems(state, seat: int, rnd: random.Random, budget: int) -> list[str]:
    """Offered stems with no completion among ``budget`` random ones below the top."""
    dead, todo = [], [""]
    while todo and budget > 0:
        stem = todo.pop(rnd.randrange(len(todo)))
        budget -= 1
        listed = GAME.legal_moves(state, seat, stem)
        if not listed:
            dead.append(stem)
        todo += [m for m in listed if m.endswith(" ")]
    return dead


def walk_game(seed: int, wide: bool) -> tuple[int, list[str]]:
    """One seeded game; returns (moves played, findings)."""
    rnd = random.Random(seed * 7919)
    players = 2 + seed % 4
    options = {n: rnd.random() < 0.7 for n in OPTION_NAMES}
    state = GAME.setup(players, seed, options)
    findings: list[str] = []
    moves = 0
    while GAME.result(state) is None and moves < 5000:
        seats = sorted(GAME.to_move(state))
        if wide:
            for s in seats:
                findings += [f"seed {seed} move {moves} seat {s}: dead stem {d!r}"
                             for d in dead_stems(state, s, rnd, 60)]
        seat = rnd.choice(seats)
        prefix = ""
        for _ in range(40):
            listed = GAME.legal_moves(state, seat, prefix)
            if not listed:
                findings.append(f"seed {seed} move {moves} seat {seat}: dead stem {prefix!r}")
                return moves, findings
            pick = rnd.choice(listed)
            if not pick.endswith(" "):
                break
            prefix = pick
        try:
            GAME.play(state, seat, pick)
        except RuleError as err:
            findings.append(f"seed {seed} move {moves} seat {seat}: listed move {pick!r} refused: {err}")
            return moves, findings
        moves += 1
    return moves, findings


def main(argv: list[str]) -> int:
    wide = "--wide" in argv
    args = [a for a in argv if a != "--wide"]
    games = int(args[0]) if args else sized(30, 4)
    first = int(args[1]) if len(args) > 1 else 0
    t0 = time.perf_counter()
    total, found = 0, []
    for seed in range(first, first + games):
        moves, findings = walk_game(seed, wide)
        total += moves
        for line in findings:
            print(line, flush=True)
        found += findings
    print(f"{games} games ({total} moves, seeds {first}-{first + games - 1}{', wide' if wide else ''}) "
          f"in {time.perf_counter() - t0:.0f} s: {len(found)} dead stems or refused listed moves (target 0)")
    verdict = Verdict()
    verdict.check(f"dead stems or refused listed moves in {games} games", len(found), "<=", 0)
    return verdict.finish()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
