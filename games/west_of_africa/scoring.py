"""Final scoring: points on the track plus 1 per full 10 coins; ties on the coin track."""

from __future__ import annotations

from games.core import standings


def tie_key(state, seat) -> tuple:
    """Higher is better; what every tie in the game falls back on (the coin track)."""
    return (state["coins"][seat], -state["stamp"][seat])


def final_scores(state) -> list[int]:
    return [state["points"][s] + state["coins"][s] // 10 for s in range(state["players"])]


def result(state):
    if not state["over"]:
        return None
    n = state["players"]
    breakdown = [dict(state["breakdown"][s]) for s in range(n)]
    for s in range(n):
        breakdown[s]["coins"] = state["coins"][s] // 10
    return standings(final_scores(state), breakdown, [tie_key(state, s) for s in range(n)],
                     "more coins, then the coin marker that got there first")
