"""Where four Terra Mystica bots' VP come from, per faction and on average.

    .venv/bin/python bench/tm_breakdown.py [--games 10] [--seed 2000] [--per-seat] [--logs DIR ...]

Plays seeded four-bot games (the same seeds and seating as
``python -m games arena terra-mystica --players 4 --seat bot,bot,bot,bot --seed S``)
and splits each seat's VP by source: the round scoring tiles, towns, favour
tiles, the bonus cards' pass VP, shipping and digging advances, faction
specials, power leeched (its VP cost), conversions to VP, and the final
scoring (cult majorities, the largest network, leftover resources). The engine
keeps no ledger of sources, so the script wraps the engine functions that add
VP and books each one's own change (its nested wrapped calls excluded).
``--logs`` replays move logs saved by ``bench/tm_economy.py --save`` instead
of playing (the same numbers in seconds). It prints the average per source beside a strong human game's share (~140 VP)
and a few counts (buildings, towns, favours, cult steps) that explain them.
Quick mode (``make bench``): one game, the VP target judged by its 95 % upper
bound (``bench/_verdict.py``).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from _verdict import Verdict, check_mean, sized  # noqa: E402

from games import get  # noqa: E402
from games.bots import arena  # noqa: E402
from games.terra_mystica import actions, flow, rules  # noqa: E402

#: engine function -> the source its own VP change is booked to
SOURCES = {
    "score_event": "round tiles",
    "found_town": "towns", "take_town": "towns",
    "_build": "favours (D/TP)", "_upgrade": "favours (D/TP)",
    "_pass": "pass (bonus card, FAV12)",
    "advance_ship": "advances", "_advance": "advances",
    "dig_pay": "faction", "_stronghold": "faction", "check_reach": "faction",
    "_leech": "leech cost",
    "_convert": "conversion",
    "final_scoring": "final",  # booked from the state's own final breakdown instead
}
#: a strong human four-player game, for comparison (rough ranges, VP per faction)
HUMAN = {"round tiles": "30-40", "towns": "10-30", "cults": "20-30", "network": "10-18", "resources": "2-6",
         "favours (D/TP)": "5-15", "pass (bonus card, FAV12)": "5-15"}

BOOK: dict[int, dict[str, float]] = defaultdict(lambda: defaultdict(float))
_stack: list[list] = []
#: book only inside the real ``play`` (the bots try moves with ``apply`` on copies and on the state itself)
LIVE = [False]


def _wrap(fn, source):
    def wrapped(*args, **kwargs):
        if not LIVE[0]:
            return fn(*args, **kwargs)
        fs = args[0].get("factions") or []
        before = [f["vp"] if f else 0 for f in fs]
        frame = [0] * len(fs)  # VP booked by nested wrapped calls, per seat
        _stack.append(frame)
        try:
            return fn(*args, **kwargs)
        finally:
            _stack.pop()
            for s, f in enumerate(fs):
                if not f:
                    continue
                delta = f["vp"] - before[s]
                own = delta - frame[s]
                if own:
                    BOOK[s][source] += own
                if _stack:
                    _stack[-1][s] += delta
    return wrapped


def install() -> None:
    originals = {n: getattr(rules, n, None) or getattr(actions, n, None) or getattr(flow, n) for n in SOURCES}
    for name_, source in SOURCES.items():
        for mod in (rules, actions, flow):
            if getattr(mod, name_, None) is originals[name_]:
                setattr(mod, name_, _wrap(originals[name_], source))
    # the command table may hold the functions themselves
    table = getattr(actions, "HANDLERS", None)
    if isinstance(table, dict):
        for key, fn in list(table.items()):
            source = SOURCES.get(getattr(fn, "__name__", ""))
            if source:
                table[key] = _wrap(fn, source)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=sized(10, 1))
    parser.add_argument("--seed", type=int, default=2000)
    parser.add_argument("--per-seat", action="store_true", help="one line per seat too")
    parser.add_argument("--logs", nargs="+", help="replay the move logs in these directories instead of playing")
    args = parser.parse_args()
    install()
    game = get("terra-mystica")
    totals: dict[str, float] = defaultdict(float)
    counts: dict[str, float] = defaultdict(float)
    seats = 0
    by_faction: dict[str, list[int]] = defaultdict(list)
    per_faction: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))
    holder: dict = {}
    setup = game.setup

    def traced_setup(*a, **k):
        holder["state"] = setup(*a, **k)
        return holder["state"]

    def live_play(*a, **k):
        LIVE[0] = True
        try:
            return type(game).play(game, *a, **k)
        finally:
            LIVE[0] = False

    game.setup, game.play = traced_setup, live_play
    logs = []
    for d in args.logs or ():
        for p in sorted(Path(d).glob("*.json")):
            data = json.loads(p.read_text())
            logs.append((data["seed"], [tuple(m) for m in data["moves"]]))
    for i in range(len(logs) if logs else args.games):
        BOOK.clear()
        if logs:
            seed, moves = logs[i]
            state = game.setup(4, seed, None)
            for seat, move in moves:
                game.play(state, seat, move)
            rec = arena.GameRecord(seed, ["bot"] * 4, [f["vp"] for f in state["factions"]], [], moves)
        else:
            rec = arena.play_game(game, 4, args.seed + i, ["bot"] * 4)
        state = holder["state"]
        final = {cat: vp for cat, vp in state["final"]["breakdown"]}
        for s, f in enumerate(state["factions"]):
            row = {k: v for k, v in BOOK[s].items() if k != "final"}
            row["cults"] = sum(final[c][s] for c in ("FIRE", "WATER", "EARTH", "AIR"))
            row["network"] = final["network"][s]
            row["resources"] = final["resources"][s]
            row["start"] = 20
            row["other"] = f["vp"] - sum(row.values())
            for k, v in row.items():
                totals[k] += v
                per_faction[f["faction"]][k] += v
            kinds = defaultdict(int)
            for owner, kind in state["buildings"].values():
                if owner == s:
                    kinds[kind] += 1
            for k in ("D", "TP", "TE", "SH", "SA"):
                counts[k] += kinds[k]
            counts["towns"] += len(f["town_tiles"])
            counts["favours"] += len(f["favours"])
            counts["cult steps"] += sum(f["cult"])
            counts["ship"] += f["ship"]
            counts["dig"] += f["dig"]
            seats += 1
            by_faction[f["faction"]].append(f["vp"])
            if args.per_seat:
                parts = ", ".join(f"{k} {v:g}" for k, v in sorted(row.items(), key=lambda kv: -kv[1]) if v)
                print(f"seed {rec.seed} seat {s} {f['faction']:14} {f['vp']:3} VP: {parts}")
        print(f"game {i + 1}: seed {rec.seed} scores {rec.scores}", flush=True)
    total = sum(totals.values()) / seats
    print(f"\nfour bots, {i + 1} games from seed {logs[0][0] if logs else args.seed}: average {total:.1f} VP per faction (target 110)")
    fids = sorted(by_faction)
    print(f"{'source':28} {'bots':>6} " + " ".join(f"{k[:10]:>10}" for k in fids) + "   strong human game")
    for k, v in sorted(totals.items(), key=lambda kv: -kv[1]):
        each = " ".join(f"{per_faction[fid][k] / len(by_faction[fid]):10.1f}" for fid in fids)
        print(f"{k:28} {v / seats:6.1f} {each}   {HUMAN.get(k, '')}")
    print("per faction at the end: " + ", ".join(f"{k} {v / seats:.2f}" for k, v in counts.items()))
    print("by faction: " + ", ".join(f"{k} {sum(v) / len(v):.0f} ({len(v)})" for k, v in sorted(by_faction.items())))
    verdict = Verdict()
    check_mean(verdict, "four bots: VP per faction,", [vp for v in by_faction.values() for vp in v], 110)
    return verdict.finish()


if __name__ == "__main__":
    sys.exit(main())
