"""Replay a game record of the online site (ledger export) and check it.

    python -m games.terra_mystica.ledger FILE.txt

Sets the game up from the record's options, round tiles, removed bonus
cards and factions, plays the command of every faction row typed by a
player, and after each row compares that faction's VP, coins, workers,
priests, power bowls and cult positions with the row. Rows the site's
engine wrote itself (income, final scoring) are produced by our engine and
checked when the record reaches the end. Prints ``OK`` and the final VP, or
the first row that differs; the exit status is 0 only when all rows match.
"""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass, field

from ..core import RuleError
from .game import GAME
from .rules import OPTION_NAMES

ENGINE_ROWS = re.compile(
    r"^(setup|other_income_for_faction|cult_income_for_faction|all_income_for_faction|"
    r"\[opponent accepted power\]|\[all opponents declined power\]|\+\d+vp for \w+|score_resources)$",
    re.I,
)


@dataclass
class Row:
    line: int
    faction: str
    values: dict
    command: str


@dataclass
class Record:
    options: dict = field(default_factory=dict)
    scoring: list = field(default_factory=list)
    removed: list = field(default_factory=list)
    factions: list = field(default_factory=list)
    rows: list = field(default_factory=list)
    unsupported: list = field(default_factory=list)


def _number(field: str, unit: str) -> str | None:
    n, _, u = field.partition(" ")
    return n if u == unit else None


def _values(fields: list[str]) -> dict:
    # the usual layout: faction, dVP, "N VP", dC, "N C", dW, "N W", dP, "N P", dPW, "a/b/c PW", ...
    fast = [_number(fields[i], u) for i, u in ((2, "VP"), (4, "C"), (6, "W"), (8, "P"), (10, "PW"))]
    if None not in fast:
        return {"VP": int(fast[0]), "C": int(fast[1]), "W": int(fast[2]), "P": int(fast[3]),
                "PW": [int(x) for x in fast[4].split("/")], "cult": [int(x) for x in fields[12].split("/")]}
    get = {f.split(" ", 1)[1] if " " in f else "": f.split(" ", 1)[0] for f in fields if f}
    pw = get["PW"].split("/")
    cult = [int(x) for x in fields[12].split("/")]
    return {"VP": int(get["VP"]), "C": int(get["C"]), "W": int(get["W"]), "P": int(get["P"]),
            "PW": [int(x) for x in pw], "cult": cult}


def parse(text: str) -> Record:
    rec = Record()
    options = set()
    for n, line in enumerate(text.splitlines(), 1):
        fields = line.split("\t")
        if len(fields) < 15:
            one = line.strip()
            if re.match(r"^(map|drop-faction|resign) ", one, re.I) or one.lower().startswith("option fire-and-ice"):
                rec.unsupported.append(f"line {n}: {one}")
            if one.startswith("option "):
                options.add(one.split(" ", 1)[1].strip())
            m = re.match(r"Round (\d) scoring: (SCORE\d+)", one)
            if m:
                rec.scoring.append(m.group(2))
            m = re.match(r"Removing tile (BON\d+)", one)
            if m:
                rec.removed.append(m.group(1))
            continue
        faction = fields[0].strip().lower()
        command = fields[14].strip()
        if command == "setup" and faction not in rec.factions:
            rec.factions.append(faction)
        rec.rows.append(Row(n, faction, _values(fields), command))
    rec.options = {name: name in options for name in OPTION_NAMES}
    return rec


def snapshot(f: dict) -> dict:
    return {"VP": f["vp"], "C": f["C"], "W": f["W"], "P": f["P"], "PW": list(f["pw"]), "cult": list(f["cult"])}


def replay(text: str):
    """Returns (state, error or None, rows checked)."""
    rec = parse(text)
    if rec.unsupported:
        return None, "not a base-map game this engine plays: " + "; ".join(rec.unsupported), 0
    cards = [f"BON{i}" for i in range(1, 10 + rec.options["shipping-bonus"])]
    bonuses = [b for b in cards if b not in rec.removed]
    state = GAME.setup(len(rec.factions), 0, rec.options, scoring=rec.scoring, bonuses=bonuses)
    for seat, fid in enumerate(rec.factions):
        GAME.play(state, seat, f"setup {fid}")
    seat_of = {fid: s for s, fid in enumerate(rec.factions)}
    checked = 0
    marks: dict = {}
    for row in rec.rows:
        seat = seat_of[row.faction]
        kind = {"cult_income_for_faction": "cult_income", "other_income_for_faction": "income",
                "all_income_for_faction": "income"}.get(row.command)
        if kind:
            got = marks.get(kind, {}).get(seat)
            if got is None:
                continue
        elif ENGINE_ROWS.match(row.command):
            continue
        else:
            try:
                events = GAME.play(state, seat, row.command)
            except RuleError as err:
                return state, f"line {row.line}: {row.faction}: {row.command!r} refused: {err}", checked
            marks = {}
            for ev in events:
                marks.update(ev.data.get("marks", {}))
            got = marks.get("before", {}).get(seat) or snapshot(state["factions"][seat])
        if got != row.values:
            diff = ", ".join(f"{k} expected {row.values[k]} got {got[k]}" for k in got if got[k] != row.values[k])
            return state, f"line {row.line}: {row.faction}: {row.command!r}: {diff}", checked
        checked += 1
    if state["phase"] != "over":
        return state, f"the record ended but the game is in phase {state['phase']} (round {state['round']})", checked
    last = {}
    for row in rec.rows:
        last[row.faction] = row
    for fid, row in last.items():
        got = snapshot(state["factions"][seat_of[fid]])
        if got != row.values:
            diff = ", ".join(f"{k} expected {row.values[k]} got {got[k]}" for k in got if got[k] != row.values[k])
            return state, f"final scoring: {fid}: {diff}", checked
    return state, None, checked


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        print("usage: python -m games.terra_mystica.ledger FILE.txt")
        return 2
    with open(args[0], encoding="utf-8") as fh:
        text = fh.read()
    state, error, checked = replay(text)
    if error:
        print(f"MISMATCH after {checked} matching rows: {error}")
        return 1
    scores = ", ".join(f"{f['faction']} {f['vp']}" for f in state["factions"])
    print(f"OK ({checked} rows): {scores}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
