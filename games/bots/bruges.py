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

#: own moves the plan may take after the move weighed (4 plays, their "end"s and persons' uses)
PLAN_STEPS = 14


def solo_round(state: dict, seat: int) -> None:
    """On a bot's copy only: the others have played out their round, the seat plays on alone."""
    if state.get("phase") != "actions":
        return
    for s, p in enumerate(state["ps"]):
        if s != seat:
            p["plays_left"] = 0
