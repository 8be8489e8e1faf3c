"""Bruges deck balance by random playouts: is any colour or person dominant?

Every hired person is credited with its hirer's final score minus the table's
mean score (the "edge"). Per colour and per card: how often hired, the mean
edge and the hirer's win rate. A balanced deck keeps the colours close to
each other and no card far above the rest.

    .venv/bin/python bench/bruges_balance.py [games] [players]

Target (ours: the rules give none): the five colours' mean edges lie within
3 VP of each other, about a tenth of a game's mean score; a wider spread
means one colour wins games by itself. Quick mode (``make bench``): 100 games.
"""

from __future__ import annotations

import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from _verdict import Verdict, sized  # noqa: E402

from games import get  # noqa: E402
from games.bruges.data import CARDS, COLOURS  # noqa: E402
from games.core.playout import random_playout  # noqa: E402


def hires(state: dict) -> dict[int, list[int]]:
    """Persons in each player's town at the end (the ones that stayed)."""
    return {s: [h["person"] for h in p["houses"] if h["person"] is not None] for s, p in enumerate(state["ps"])}


def run(games: int = 200, players: int = 3, seed0: int = 1) -> dict:
    game = get("bruges")
    edge: dict[int, list[float]] = defaultdict(list)
    wins: dict[int, int] = defaultdict(int)
    seat_scores: list[float] = []
    t0 = time.perf_counter()
    for g in range(games):
        state, _moves = random_playout(game, players, seed0 + g)
        res = game.result(state)
        mean = statistics.mean(res.scores)
        seat_scores += res.scores
        for seat, persons in hires(state).items():
            for cid in persons:
                edge[cid].append(res.scores[seat] - mean)
                wins[cid] += seat in res.winners
    secs = time.perf_counter() - t0
    by_colour = {c: [e for cid, es in edge.items() if CARDS[cid].colour == c for e in es] for c in COLOURS}
    return {"edge": edge, "wins": wins, "by_colour": by_colour, "secs": secs, "scores": seat_scores}


def report(out: dict, players: int) -> str:
    lines = [f"{len(out['scores']) // players} games, {players} players, {out['secs']:.1f} s; "
             f"mean score {statistics.mean(out['scores']):.1f}"]
    for c, es in out["by_colour"].items():
        lines.append(f"  {c:7s} persons kept {len(es):5d}  mean edge {statistics.mean(es):+.2f}")
    rows = []
    for cid, es in out["edge"].items():
        if len(es) >= 8:
            rows.append((statistics.mean(es), cid, len(es), out["wins"][cid] / len(es)))
    rows.sort(reverse=True)
    # a dear person is hired by a player who is already ahead, so compare each
    # card with the cards of its own price: the band mean is the fair baseline
    band: dict[int, list[float]] = defaultdict(list)
    for cid, es in out["edge"].items():
        band[CARDS[cid].cost] += es
    lines.append("  mean edge by price: " + ", ".join(
        f"{p}: {statistics.mean(es):+.2f} (n={len(es)})" for p, es in sorted(band.items())))
    above = sorted(((m - statistics.mean(band[CARDS[cid].cost]), cid, n) for m, cid, n, _w in rows), reverse=True)
    lines.append("  most above their price band: " + ", ".join(
        f"#{cid} {CARDS[cid].name} {d:+.2f} (n={n})" for d, cid, n in above[:5]))
    lines.append("  top cards by mean edge (kept >= 8 times):")
    for m, cid, n, w in rows[:8]:
        c = CARDS[cid]
        lines.append(f"    #{cid:3d} {c.name:18s} {c.colour:6s} {c.cost:2d}/{c.vp} n={n:3d} edge {m:+.2f} win {w:.2f}")
    lines.append("  bottom cards:")
    for m, cid, n, w in rows[-5:]:
        c = CARDS[cid]
        lines.append(f"    #{cid:3d} {c.name:18s} {c.colour:6s} {c.cost:2d}/{c.vp} n={n:3d} edge {m:+.2f} win {w:.2f}")
    return "\n".join(lines)


COLOUR_SPREAD_VP = 3.0


def main(argv: list[str]) -> int:
    n = int(argv[0]) if argv else sized(200, 100)
    players = int(argv[1]) if len(argv) > 1 else 3
    out = run(n, players)
    print(report(out, players))
    means = [statistics.mean(es) for es in out["by_colour"].values() if es]
    verdict = Verdict()
    verdict.check(f"spread of the colours' mean edges over {n} games", max(means) - min(means), "<",
                  COLOUR_SPREAD_VP, "VP")
    return verdict.finish()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
