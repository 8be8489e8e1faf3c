"""Terra Mystica benchmarks: record replay time, legal_moves latency, playouts.

    .venv/bin/python bench/terra_mystica.py

Prints the time to replay each league record (best and median of several
runs), the p50/p99 of ``legal_moves`` (top level and one stem level) over
every state of a real game, and random playouts per second for 2-5 players,
each beside its target (issue #14): a whole record under 17 ms,
``legal_moves`` p99 under 5 ms, 4-player playouts at 30 games/s or more.
"""

from __future__ import annotations

import copy
import pathlib
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))

from games import get  # noqa: E402
from games.core.playout import random_playout  # noqa: E402
from games.terra_mystica.ledger import ENGINE_ROWS, parse, replay  # noqa: E402
from games.terra_mystica.rules import OPTION_NAMES  # noqa: E402

FIXTURES = pathlib.Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "terra_mystica"


def states_of(text: str):
    """Every state of a recorded game, after each player row."""
    game = get("terra-mystica")
    rec = parse(text)
    cards = [f"BON{i}" for i in range(1, 10 + rec.options["shipping-bonus"])]
    state = game.setup(len(rec.factions), 0, {k: rec.options[k] for k in OPTION_NAMES},
                       scoring=rec.scoring, bonuses=[b for b in cards if b not in rec.removed])
    for seat, fid in enumerate(rec.factions):
        game.play(state, seat, f"setup {fid}")
    seat_of = {fid: s for s, fid in enumerate(rec.factions)}
    for row in rec.rows:
        if ENGINE_ROWS.match(row.command):
            continue
        game.play(state, seat_of[row.faction], row.command)
        yield copy.deepcopy(state)


REPLAY_MS = 17.0
LEGAL_P99_MS = 5.0
PLAYOUTS_4P = 30.0


def _mark(ok: bool) -> str:
    return "ok" if ok else "MISSED"


def main() -> None:
    game = get("terra-mystica")
    for path in sorted(FIXTURES.glob("*.txt")):
        text = path.read_text()
        runs = []
        for _ in range(7):
            t0 = time.perf_counter()
            _state, error, rows = replay(text)
            runs.append(1000 * (time.perf_counter() - t0))
        runs.sort()
        print(f"replay {path.name}: {rows} rows in {runs[0]:.1f} ms best, {runs[len(runs) // 2]:.1f} ms median"
              f" (target < {REPLAY_MS:g} ms: {_mark(runs[0] < REPLAY_MS)})" + (f" ({error})" if error else ""))
    timings = []
    for path in sorted(FIXTURES.glob("*.txt")):
        for state in states_of(path.read_text()):
            for seat in game.to_move(state):
                t0 = time.perf_counter()
                top = game.legal_moves(state, seat, "")
                timings.append(time.perf_counter() - t0)
                for stem in [m for m in top if m.endswith(" ")][:4]:
                    t0 = time.perf_counter()
                    game.legal_moves(state, seat, stem)
                    timings.append(time.perf_counter() - t0)
    timings.sort()
    p50 = timings[len(timings) // 2] * 1000
    p99 = timings[int(len(timings) * 0.99)] * 1000
    print(f"legal_moves over {len(timings)} calls: p50 {p50:.2f} ms, p99 {p99:.2f} ms, max {timings[-1] * 1000:.1f} ms"
          f" (target p99 < {LEGAL_P99_MS:g} ms: {_mark(p99 < LEGAL_P99_MS)})")
    for players in (2, 3, 4, 5):
        t0 = time.perf_counter()
        games = 10
        for seed in range(games):
            random_playout(game, players, seed)
        dt = time.perf_counter() - t0
        target = f" (target >= {PLAYOUTS_4P:g}: {_mark(games / dt >= PLAYOUTS_4P)})" if players == 4 else ""
        print(f"random playouts, {players} players: {games / dt:.1f} games/s{target}")


if __name__ == "__main__":
    main()
