"""Final scoring: houses, majorities, persons, laurels, canals, statues, reputation.

The track (``vp``) already holds the start 5 VP, threat removals, person
bonuses and intrigue losses. Tie-break: more guilders, then shared.
"""

from __future__ import annotations

from games.core import Result, standings

from . import board, effects
from .data import CANAL_THIRD_VP, CARDS, MAJORITY_VP, REPUTATION_VP

CATEGORIES = ("track", "houses", "majorities", "persons", "laurels", "canals", "statues", "reputation")


def breakdown(state: dict, seat: int) -> dict[str, int]:
    p = state["ps"][seat]
    ps = board.persons(state, seat)
    return {
        "track": p["vp"],
        "houses": len(p["houses"]),
        "majorities": MAJORITY_VP * sum(1 for v in p["majority"].values() if v),
        "persons": sum(CARDS[pid].vp for pid in ps),
        "laurels": sum(effects.end_vp(state, seat, CARDS[pid].effect) for pid in ps if CARDS[pid].timing == "end"),
        "canals": CANAL_THIRD_VP * sum(1 for n in p["canals"].values() if n >= 3),
        "statues": sum(p["statues"]),
        "reputation": REPUTATION_VP[p["rep"]],
    }


def final_result(state: dict) -> Result:
    parts = [breakdown(state, s) for s in range(state["players"])]
    scores = [sum(b.values()) for b in parts]
    money = [(p["money"],) for p in state["ps"]]
    return standings(scores, parts, money, "guilders")
