"""The four Terra Mystica bots' economy, round by round: what they earn, spend and leave idle.

    .venv/bin/python bench/tm_economy.py [--games 6] [--seed 2000] [--save DIR] [--logs DIR] [--by-faction]

Plays seeded four-bot games (the arena's seeds and seating) or replays move
logs saved by an earlier run (``--save DIR`` writes ``DIR/<seed>.json``,
``--logs DIR`` reads every log there: a diagnosis rerun costs seconds, not
a bot's minutes). ``bench/tm_breakdown.py`` says where the VP came from;
this says why there were not more: per round and per seat, the income
taken, resources still in stock at the pass (the round 6 line is what the
final conversion got), power gained, burnt and spent and which power
actions were taken, spades by source, priests sent to the cults, buildings
built, the round tile's VP, and when strongholds, sanctuaries and towns came.

Columns: turns (own moves in the action phase), inc C/W/P/PW (the round's
income), pw lost (income power that found no token to move), VP tile (the
round scoring tile's VP), D..SA (buildings built or upgraded to), fav, town
(tiles taken), leech/decl (power taken/declined from offers), burn (tokens
burnt), pw act/pw conv (power spent on actions/conversions), dig (spades
paid for), sp act (spades from power, bonus and stronghold actions), sp
cult (the cult reward's spades), send (priests sent to a cult), P got
(priests from actions and conversions), pass C..PW2 (in stock at the pass;
PW3/PW2: power in bowls III/II). Its verdict is the four bots' VP per faction
against the target 110; quick mode (``make bench``): one game, judged by its
95 % upper bound (``bench/_verdict.py``).
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
from games.terra_mystica import data as tm_data  # noqa: E402
from games.terra_mystica import rules  # noqa: E402

#: spades one action part brings (by the part's first two words)
SPADE_SOURCE = {"action ACT5": 1, "action ACT6": 2, "action BON1": 1, "action ACTG": 2}
#: the columns of the per-round table, in order
COLUMNS = ("turns", "inc C", "inc W", "inc P", "inc PW", "pw lost", "VP tile", "D", "TP", "TE", "SH", "SA",
           "fav", "town", "leech", "decl", "burn", "pw act", "pw conv", "dig", "sp act", "sp cult", "send", "P got",
           "pass C", "pass W", "pass P", "pass PW3", "pass PW2")


def _parts(move: str) -> list[str]:
    return [p.strip() for p in move.split(". ") if p.strip()]


def analyse(game, seed: int, moves: list, rows: dict, events: dict) -> list[dict]:
    """Replay one game, adding per (round, seat) counts to ``rows``; milestones to ``events``."""
    state = game.setup(4, seed, None)
    booked = {"tile": defaultdict(int)}
    real = rules.score_event

    def traced(st, seat, event, n):
        before = st["factions"][seat]["vp"]
        real(st, seat, event, n)
        booked["tile"][seat] += st["factions"][seat]["vp"] - before

    rules.score_event = traced
    import games.terra_mystica.actions as cmds_mod
    cmds_mod.score_event = traced
    try:
        for seat, move in moves:
            rnd = int(state.get("round") or 0)
            phase = state["phase"]
            fs = state["factions"]
            before = {s: ((len(f["favours"]), len(f["town_tiles"]), f["P"]), list(f["pw"])) for s, f in enumerate(fs) if f}
            bld = {h: tuple(v) for h, v in state["buildings"].items()}
            booked["tile"].clear()
            vp_before = fs[seat]["vp"] if fs[seat] else 0
            game.play(state, seat, move)
            row = rows[(rnd, seat)]
            words = move.split(" ")
            if phase == "actions" and words[0] not in ("leech", "decline", "wait") and not move.startswith("+"):
                row["turns"] += 1
            for s, v in booked["tile"].items():
                rows[(rnd, s)]["VP tile"] += v
                events["tiles"][state["scoring"][rnd - 1]][0] += v
            f = state["factions"][seat]
            for part in _parts(move):
                w = part.split(" ")
                key = " ".join(w[:2])
                if w[0] == "burn":
                    row["burn"] += int(w[1])
                elif w[0] == "action":
                    events["actions"][(rnd, w[1])] += 1
                    if w[1] in tm_data.POWER_ACTIONS:
                        row["pw act"] += tm_data.POWER_ACTIONS[w[1]]["cost"]
                    if key in SPADE_SOURCE:
                        row["sp act"] += SPADE_SOURCE[key]
                elif w[0] == "convert" and w[1].endswith("PW"):
                    row["pw conv"] += int(w[1][:-2])
                    events["conversions"][(rnd, part.split(" ", 1)[1])] += 1
                elif w[0] == "convert":
                    events["conversions"][(rnd, part.split(" ", 1)[1])] += 1
                elif w[0] == "dig":
                    row["dig"] += int(w[1])
                elif w[0] == "send":
                    row["send"] += 1
                elif w[0] == "leech":
                    row["leech"] += int(w[1])
                elif w[0] == "decline":
                    row["decl"] += int(w[1]) if len(w) > 1 and w[1].isdigit() else 0
                if w[0] == "pass":
                    if len(w) > 1:
                        events["cards"][w[1]] += 1
                    events["pass VP"][rnd] += f["vp"] - vp_before
                    for k in ("C", "W", "P"):
                        row["pass " + k] += f[k]
                    row["pass PW3"] += f["pw"][2]
                    row["pass PW2"] += f["pw"][1]
            # buildings and milestones
            for h, (owner, kind) in state["buildings"].items():
                if bld.get(h) != (owner, kind):
                    rows[(rnd, owner)][kind] += 1
                    if kind in ("SH", "SA"):
                        events[kind][fs[owner]["faction"]].append(rnd)
            for s, f2 in enumerate(state["factions"]):
                if not f2 or s not in before:
                    continue
                favs, towns, priests = before[s][0]
                rows[(rnd, s)]["fav"] += len(f2["favours"]) - favs
                got = len(f2["town_tiles"]) - towns
                if got:
                    rows[(rnd, s)]["town"] += got
                    events["towns"][f2["faction"]] += [rnd] * got
                if f2["P"] > priests and s == seat:
                    rows[(rnd, s)]["P got"] += f2["P"] - priests
            new_rnd = int(state.get("round") or 0)
            if phase == "actions" and rnd < 6 and (state["phase"] != "actions" or new_rnd != rnd):
                for s in range(len(fs)):  # the round closed: its cult rewards
                    rows[(rnd, s)]["sp cult"] += rules.cult_income(state, s, rnd).get("SPADE", 0)
            if new_rnd > rnd:
                for s in range(len(fs)):
                    inc = rules.income(state, s)
                    r = rows[(new_rnd, s)]
                    for k in ("C", "W", "P", "PW"):
                        r["inc " + k] += inc.get(k, 0)
                    b = before[s][1]
                    r["pw lost"] += max(0, inc.get("PW", 0) - (2 * b[0] + b[1]))
        final = state["final"]["breakdown"]
        return [{"faction": f["faction"], "vp": f["vp"], "final": {c: v[s] for c, v in final}}
                for s, f in enumerate(state["factions"])]
    finally:
        rules.score_event = real
        cmds_mod.score_event = real


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=sized(6, 1))
    parser.add_argument("--seed", type=int, default=2000)
    parser.add_argument("--save", help="write each game's move log to this directory")
    parser.add_argument("--logs", nargs="+", help="replay the move logs in these directories instead of playing")
    parser.add_argument("--by-faction", action="store_true", help="the per-round table per faction too")
    args = parser.parse_args()
    game = get("terra-mystica")
    logs: list[tuple[int, list]] = []
    if args.logs:
        for d in args.logs:
            for p in sorted(Path(d).glob("*.json")):
                data = json.loads(p.read_text())
                logs.append((data["seed"], [tuple(m) for m in data["moves"]]))
    else:
        for i in range(args.games):
            rec = arena.play_game(game, 4, args.seed + i, ["bot"] * 4)
            logs.append((rec.seed, rec.moves))
            print(f"game {i + 1}: seed {rec.seed} scores {rec.scores}", flush=True)
            if args.save:
                Path(args.save).mkdir(parents=True, exist_ok=True)
                Path(args.save, f"{rec.seed}.json").write_text(
                    json.dumps({"seed": rec.seed, "scores": rec.scores, "moves": rec.moves}))
    rows_all: dict = defaultdict(lambda: defaultdict(float))
    by_faction: dict = defaultdict(lambda: defaultdict(lambda: defaultdict(float)))
    events: dict = {"actions": defaultdict(int), "conversions": defaultdict(int), "SH": defaultdict(list),
                    "SA": defaultdict(list), "towns": defaultdict(list), "tiles": defaultdict(lambda: [0, 0]),
              "cards": defaultdict(int), "pass VP": defaultdict(int)}
    seats = 0
    vps: dict[str, list[int]] = defaultdict(list)
    for seed, moves in logs:
        rows: dict = defaultdict(lambda: defaultdict(float))
        result = analyse(game, seed, moves, rows, events)
        for tile in game.setup(4, seed, None)["scoring"]:
            events["tiles"][tile][1] += len(result)
        seats += len(result)
        for (rnd, s), row in rows.items():
            fid = result[s]["faction"]
            for k, v in row.items():
                rows_all[rnd][k] += v
                by_faction[fid][rnd][k] += v
        for r in result:
            vps[r["faction"]].append(r["vp"])
    n_games = len(logs)
    print(f"\nfour bots, {n_games} games: average {sum(sum(v) for v in vps.values()) / max(1, seats):.1f} VP "
          f"per faction; " + ", ".join(f"{k} {sum(v) / len(v):.1f}" for k, v in sorted(vps.items())))

    def table(rows: dict, per: float, title: str) -> None:
        print(f"\n{title} (per seat and round; 'pass' = in stock right after passing)")
        print("rnd " + " ".join(f"{c:>7}" for c in COLUMNS))
        for rnd in range(0, 7):
            if rnd not in rows:
                continue
            print(f"{rnd:3} " + " ".join(f"{rows[rnd].get(c, 0) / per:7.2f}" for c in COLUMNS))
        tot = {c: sum(rows[r].get(c, 0) for r in rows) / per for c in COLUMNS}
        print("all " + " ".join(f"{tot[c]:7.2f}" for c in COLUMNS))

    table(rows_all, seats, "all seats")
    if args.by_faction:
        for fid, rows in sorted(by_faction.items()):
            table(rows, len(vps[fid]), fid)
    print("\npower and special actions taken (times per game, by round):")
    names = sorted({a for _, a in events["actions"]})
    print("rnd " + " ".join(f"{a:>6}" for a in names))
    for rnd in range(1, 7):
        print(f"{rnd:3} " + " ".join(f"{events['actions'].get((rnd, a), 0) / n_games:6.2f}" for a in names))
    print("\nconversions (times per game, all rounds): " + ", ".join(
        f"{c} {n / n_games:.2f}" for c, n in sorted(
            ((c, sum(v for (r, cc), v in events["conversions"].items() if cc == c))
             for c in {c for _, c in events["conversions"]}), key=lambda x: -x[1])))
    print("\nround tile VP per seat in a round it scores: " + ", ".join(
        f"{t} {rules.SCORING[t]['text']} {vp / n:.1f}" for t, (vp, n) in sorted(events["tiles"].items()) if n))
    print("\nbonus cards taken at the pass (times per game): " + ", ".join(
        f"{c} {n / n_games:.1f}" for c, n in sorted(events["cards"].items(), key=lambda x: int(x[0][3:]))))
    print("VP at the pass per seat (the card held and FAV12), by round: " + ", ".join(
        f"{r}: {events['pass VP'][r] / seats:.1f}" for r in range(1, 7)))
    for kind in ("SH", "SA", "towns"):
        print(f"\n{kind} built in round (per faction): " + "; ".join(
            f"{fid} {sorted(rs)} of {len(vps[fid])}" for fid, rs in sorted(events[kind].items())))
    verdict = Verdict()
    check_mean(verdict, "four bots: VP per faction,", [vp for v in vps.values() for vp in v], 110)
    return verdict.finish()


if __name__ == "__main__":
    sys.exit(main())
