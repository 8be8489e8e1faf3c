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

from ..amerigo import rules, scoring
from ..amerigo.data import COLOURS, ROUNDS

#: what a position is worth (``features``, ``bots.features``)
WEIGHTS = {"score": 1.0, "pirates": 0.8, "cannons": 0.3, "posts": 0.6, "production": 1.0, "develop": 0.3,
           "special": 0.3, "devs": 1.0}
#: own steps a turn plan looks ahead where the default (``SearchBot.lookahead``) costs too much:
#: (state key, value, steps). The green phase (index 4 of the colours) lists every placement of
#: every tile at each step of a build turn; since the placement tables that is cheap, and lifting
#: the cap gave the same win rate and CPU over 30 games, so it stays as measured
LOOKAHEAD = ("phase", 4, 1)

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


def features(state: dict, seat: int) -> dict[str, float]:
    """Score as final scoring would count it now: coins (and chests) are points."""
    from ..amerigo.data import CHEST_COINS, COIN_CAP, DEVELOP_NUMBERS, SPECIAL_NUMBERS

    p = state["seats"][seat]
    coins = p["coins"] + CHEST_COINS * p.get("chests", 0)
    end_tiles = 7 if "e-7" in p["devs"] else 0
    if "e-posts" in p["devs"]:
        end_tiles += sum(1 for s in state["posts"].values() if s == seat)
    if "e-coins" in p["devs"]:
        end_tiles += min(coins, COIN_CAP)
    score = (p["vp"] + min(coins, COIN_CAP) + scoring.goods_points(p["goods"], p["production"])
             + scoring.track_value(DEVELOP_NUMBERS, p["develop"])
             + scoring.track_value(SPECIAL_NUMBERS, p["special"]) + end_tiles)
    # the pirates take ``strength`` VP at the round's end unless as many cannons are loaded (then the
    # cannons are spent): cannons below the strength are worth only together, the rest carry over
    strength = rules.pirate_strength(state, seat)
    cannons = p.get("cannons", 0)
    loss = (-(-strength // 2) if rules.owns(state, seat, "halfloss") else strength) if cannons < strength else 0
    return {
        "score": score, "pirates": -loss, "cannons": cannons if cannons < strength else cannons - strength, "posts": 12 - p.get("posts_left", 12),
        "production": sum(p["production"].values()), "develop": p["develop"], "special": p["special"],
        "devs": devs(state, seat),
    }
