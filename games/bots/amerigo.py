"""Amerigo bot: what a development tile is worth before it pays.

A final-scoring look values the end tiles (E) and nothing else, so a bot
that judges "take" by points picks 7 VP at the end over halving the cost of
coins, which pays every round (coins above 12 are VP at once, and the
greedy seats that drew it won most of the games the bot lost). Each tile
here is worth VP per round still to come (permanent tiles) or once (unused
one-shot tiles: their coins and VP count at the end or when used); end tiles
stay in the score. Numbers, not branches: tuning is editing the tables.
"""

from __future__ import annotations

from ..amerigo.data import COLOURS, ROUNDS

#: permanent tiles: VP a round still to come (halfcoins: about four coins actions a round, each a
#: coin or two more; an action's +2 points: a coin or two saved whenever it is taken)
DEV_ROUND = {
    "halfcoins": 4.0, "blue+2": 1.0, "red+2": 1.0, "green+2": 1.0, "yellow+2": 0.8, "black+2": 0.6,
    "brown+2": 0.5, "blue/red+1": 0.8, "brown/green+1": 0.6, "black/yellow+1": 0.5, "plan2": 0.8,
    "redgreen": 0.8, "repel2": 1.0, "halfloss": 1.0, "postcoin": 0.6, "pirates+2": -0.5,
}
#: one-shot tiles not yet used: VP they still bring (coins3/coins5 turn into coins at the end anyway;
#: the VP tile replaces an action by the cubes shown, about seven)
DEV_ONCE = {"coins3": 3.0, "coins5": 5.0, "vp": 4.0, "sail8": 2.0, "first": 1.0}


def rounds_left(state: dict) -> float:
    """Rounds still to play, the current one counted by its phases left."""
    phase = max(0, state.get("phase", 0))
    return max(0.0, ROUNDS - state["round"] + (len(COLOURS) - phase) / len(COLOURS))


def devs(state: dict, seat: int) -> float:
    """The seat's development tiles in VP still to come (end tiles are in the score)."""
    p = state["seats"][seat]
    left = rounds_left(state)
    total = 0.0
    for d in p["devs"]:
        total += DEV_ROUND.get(d, 0.0) * left
        if d in DEV_ONCE and d not in p["used"]:
            total += DEV_ONCE[d]
    return total
