"""Bruges bot: a plan of the seat's own round, judged where the round ends.

One card at a time cannot tell "money now, hire with it later" from "money
kept": what a guilder, a worker or an empty house is worth shows only when
the seat's remaining plays of the round use them, and a majority is only
paid at the round's end. So each short-listed play is continued on a copy
where every other seat has finished its round (their plays left set to 0),
with the seat's own best next plays until the round ends; the position is
judged there (in the last round, by the final scores).
"""

from __future__ import annotations

from ..bruges import scoring

#: what a position is worth (``features``, ``bots.features``): judged where the seat's round ends
#: (``solo_round``): what is left over by then waits a round, so guilders count more than workers
#: (measured: 100 games each, seeds 5000-5099)
WEIGHTS = {"score": 1.0, "money": 0.25, "workers": 0.08, "threats": -1.2, "hand": 0.15,
           "houses_empty": 0.4, "canal": 0.8}

#: own moves the plan may take after the move weighed (4 plays, their "end"s and persons' uses)
PLAN_STEPS = 14


def solo_round(state: dict, seat: int) -> None:
    """On a bot's copy only: the others have played out their round, the seat plays on alone."""
    if state.get("phase") != "actions":
        return
    for s, p in enumerate(state["ps"]):
        if s != seat:
            p["plays_left"] = 0


def features(state: dict, seat: int) -> dict[str, float]:
    p = state["ps"][seat]
    return {
        "score": sum(scoring.breakdown(state, seat).values()),
        "money": p["money"], "workers": sum(p["workers"].values()),
        "threats": sum(p["threats"].values()), "hand": len(p["hand"]) + len(p["drawn"]),
        "houses_empty": sum(1 for h in p["houses"] if not h.get("person")),
        "canal": sum(p["canals"].values()),
    }
