"""Final scoring and the result.

At the end: chests (3 coins each) and unused one-shot coin tiles become
coins; every coin is worth 1 VP (coins above 12 already turned into VP 1:1);
goods score count x (1 + production tiles of that type); the progress and
special tracks score the highest number reached; end tiles (E) score.
"""

from __future__ import annotations

from games.core import standings

from .data import CHEST_COINS, COIN_CAP, DEVELOP_NUMBERS, GOODS, SPECIAL_NUMBERS


def track_value(numbers: dict[int, int], position: int) -> int:
    """Highest printed number reached or passed."""
    return max((v for space, v in numbers.items() if space <= position), default=0)


def goods_points(goods: dict, production: dict) -> int:
    return sum(goods.get(g, 0) * (1 + production.get(g, 0)) for g in GOODS)


def final_scoring(state: dict) -> None:
    scores, breakdown = [], []
    for seat, p in enumerate(state["seats"]):
        during = p["vp"]
        total_coins = p["coins"] + CHEST_COINS * p["chests"]
        for tile, amount in (("coins3", 3), ("coins5", 5)):
            if tile in p["devs"] and tile not in p["used"]:
                total_coins += amount
                p["used"].append(tile)
        p["chests"] = 0
        track_coins = min(total_coins, COIN_CAP)
        end_tiles = 0
        if "e-posts" in p["devs"]:
            end_tiles += sum(1 for s in state["posts"].values() if s == seat)
        if "e-7" in p["devs"]:
            end_tiles += 7
        if "e-coins" in p["devs"]:
            end_tiles += track_coins
        parts = {
            "during game": during,
            "coins": total_coins,
            "goods": goods_points(p["goods"], p["production"]),
            "progress track": track_value(DEVELOP_NUMBERS, p["develop"]),
            "end tiles": end_tiles,
            "special track": track_value(SPECIAL_NUMBERS, p["special"]),
        }
        p["coins"] = track_coins
        p["vp"] = sum(parts.values())
        scores.append(p["vp"])
        breakdown.append(parts)
    state["final"] = {"scores": scores, "breakdown": breakdown}


def result(state: dict):
    if not state["finished"]:
        return None
    seats = state["seats"]
    tiebreak = [(p["special"], p["height"]) for p in seats]
    return standings(state["final"]["scores"], state["final"]["breakdown"], tiebreak,
                     "furthest ahead on the special track (top of a stack first)")
