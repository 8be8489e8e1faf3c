"""What a refused or unwritten move costs to undo now that an accepted one pays nothing for it.

    python bench/undo.py [--games N] [--titles a,b]

The bot plays a move on the table's own state, in place, without a backup (issue 33 goal 1): a
refused move, or one whose write failed, is undone from the table's undo token (``Game.snapshot``,
taken every ``SINCE_MOST`` moves) and the moves committed since, replayed (``tables.Since``). That
is paid only when a move is refused or not written, and is worst just before the next token: the
token put back and ``SINCE_MOST - 1`` moves replayed. This bench plays random games of every
title at its most players (seeds 0..N-1, ``games.core.playout.random_playout``), and at every
position that far from its token times ``Since.put_back`` on the state after one more move (a
write that failed) on the thread's CPU clock. It prints, per title, the worst and the mean of
those in milliseconds (target: at most 20 ms, a refusal nobody notices), and what the token costs
an accepted move now (a token every SINCE_MOST moves) against one before every move (as before).
"""

from __future__ import annotations

import argparse
import os
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:0] = [HERE, os.path.join(HERE, "..")]

from _verdict import Verdict, sized  # noqa: E402

from bot.table.playing import SINCE_MOST  # noqa: E402
from bot.table.tables import Since  # noqa: E402
from games import game_ids, get  # noqa: E402
from games.core.playout import random_playout  # noqa: E402

TARGET_MS = 20.0


def title(game_id: str, seeds: int) -> tuple[float, float, int, float, int]:
    """(worst ms, mean ms, positions timed, token us per move, moves) at the worst gap."""
    game = get(game_id)
    players = game.max_players
    times: list[float] = []
    token_cpu, moves = 0.0, 0
    for seed in range(seeds):
        record = random_playout(game, players, seed)[1]
        state = game.setup(players, seed, None)
        since = None
        for i, (seat, text) in enumerate(record):
            if since is None or len(since.moves) >= SINCE_MOST:
                t0 = time.thread_time()
                since = Since(game.snapshot(state))
                token_cpu += time.thread_time() - t0
            if len(since.moves) == SINCE_MOST - 1 and i + 1 < len(record):
                game.play(state, seat, text, atomic=False)  # the move whose write failed...
                t0 = time.thread_time()
                since.put_back(game, state)  # ...undone
                times.append(time.thread_time() - t0)
            game.play(state, seat, text, atomic=False)
            since.moves.append((seat, text))
            moves += 1
    return max(times) * 1e3, sum(times) / len(times) * 1e3, len(times), token_cpu / moves * 1e6, moves


def whole_token(game_id: str, seeds: int) -> float:
    """A token before every move (the bot before this change), microseconds per move."""
    game = get(game_id)
    cpu, moves = 0.0, 0
    for seed in range(seeds):
        record = random_playout(game, game.max_players, seed)[1]
        state = game.setup(game.max_players, seed, None)
        for seat, text in record:
            t0 = time.thread_time()
            game.snapshot(state)
            cpu += time.thread_time() - t0
            game.play(state, seat, text, atomic=False)
            moves += 1
    return cpu / moves * 1e6


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=sized(3, 1), help="random games per title (seeds 0..N-1)")
    ap.add_argument("--titles", default=",".join(game_ids()))
    a = ap.parse_args()
    print(f"load average {os.getloadavg()[0]:.2f}; a token every {SINCE_MOST} moves, "
          f"the worst gap replays {SINCE_MOST - 1}")
    print(f"{'title':16} {'worst ms':>9} {'mean ms':>8} {'timed':>6} {'token us/move':>14} {'before':>8}")
    worst = 0.0
    for game_id in a.titles.split(","):
        high, mean, n, token, _moves = title(game_id, a.games)
        before = whole_token(game_id, a.games)
        worst = max(worst, high)
        print(f"{game_id:16} {high:9.2f} {mean:8.2f} {n:6d} {token:14.1f} {before:8.1f}")
    print(f"load average {os.getloadavg()[0]:.2f}")
    verdict = Verdict()
    verdict.check("undo at the worst gap", round(worst, 2), "<=", TARGET_MS, "ms")
    return verdict.finish()


if __name__ == "__main__":
    sys.exit(main())
