"""How good a position looks for each seat: a few scoring features per game.

Each game has one function reading the (possibly re-dealt) state into named
features per seat, and a table of weights turning them into points. The
first feature is always what the seat would score if the game ended now;
the others value what is not points yet (coins, workers, goods, track
positions), in points, as an experienced player would count them. Tables,
not branches: tuning a bot is editing numbers here.
"""

from __future__ import annotations

from collections.abc import Callable

from ..altiplano import scoring as alti_scoring
from ..amerigo import rules as amerigo_rules
from ..amerigo import scoring as amerigo_scoring
from ..bruges import scoring as bruges_scoring
from ..west_of_africa import data as woa_data
from ..west_of_africa import rules as woa_rules
from ..west_of_africa import scoring as woa_scoring
from . import amerigo as amerigo_bot
from . import bruges as bruges_bot
from . import terra_mystica as tm_bot

Features = dict[str, float]

WEIGHTS: dict[str, dict[str, float]] = {
    "terra-mystica": tm_bot.WEIGHTS,
    "west-of-africa": {"score": 1.0, "coins": 0.4, "minus": -1.5, "stored": 0.22, "planted": 0.2,
                       "mayors": 0.5, "influence": 0.15, "richest": 0.5},
    "altiplano": {"score": 1.0, "planned": 0.8, "coins": 0.45, "carts": 0.8, "extensions": 1.5, "road": 0.6,
                  "order": 1.5, "goods_held": 0.25},
    # Bruges: judged where the seat's round ends (``bruges.solo_round``): what is left over by then
    # waits a round, so guilders count more than workers (measured: 100 games each, seeds 5000-5099)
    "bruges": {"score": 1.0, "money": 0.25, "workers": 0.08, "threats": -1.2, "hand": 0.15,
               "houses_empty": 0.4, "canal": 0.8},
    "amerigo": {"score": 1.0, "pirates": 0.8, "cannons": 0.3, "posts": 0.6, "production": 1.0, "develop": 0.3,
                "special": 0.3, "devs": 1.0},
}


#: own steps a turn plan looks ahead where the default (``SearchBot.lookahead``) costs too much:
#: game -> (state key, value, steps). Amerigo's green phase (index 4 of its colours) lists every
#: placement of every tile at each step of a build turn; since the placement tables that is cheap,
#: and lifting the cap gave the same win rate and CPU over 30 games, so it stays as measured
LOOKAHEAD = {"amerigo": ("phase", 4, 1)}


#: own steps a turn plan takes where a game's turn is longer than the default
PLAN_STEPS = {"bruges": bruges_bot.PLAN_STEPS}

#: how a game's turn plan prepares its copy before the move weighed: game -> fn(state, seat)
#: (Bruges: the others have played out the round, so the seat's own plays follow one another)
PLAN_ALONE = {"bruges": bruges_bot.solo_round}


def lookahead(game_id: str, state: dict, default: int) -> int:
    """The plan's own steps in this position (the default unless the tables set or cap it)."""
    default = PLAN_STEPS.get(game_id, default)
    cap = LOOKAHEAD.get(game_id)
    if cap is None or not isinstance(state, dict) or state.get(cap[0]) != cap[1]:
        return default
    return min(default, cap[2])

#: games whose main choice is secret and simultaneous: a bot plans through the others' moves
THROUGH_OTHERS = frozenset({"west-of-africa"})


def _saturating(n: float, enough: float, beyond: float = 0.25) -> float:
    """Full value up to what a turn can use, a quarter of it past that: a
    pile of unspent workers should be spent, not admired."""
    return min(n, enough) + beyond * max(0.0, n - enough)


def _woa(state: dict, seat: int) -> Features:
    """Crops are coins to come at their island's price (stored ones sell with
    the next sell card, planted ones after the harvest); leading an island's
    influence is a mayor's point every round and the right to build there."""
    n = state["players"]
    stored = planted = infl_total = 0.0
    mayors = 0
    for isl, (_, _, price, _) in woa_data.ISLANDS.items():
        stored += price * sum(state["warehouses"][isl][seat].values())
        planted += price * sum(1 for p in state["plots"][isl] if p and p.get("seat") == seat and "crop" in p)
        infl = woa_rules.influence(state, isl)
        infl_total += infl[seat]
        if infl[seat] and all(infl[seat] > infl[s] or (infl[seat] == infl[s] and woa_scoring.tie_key(state, seat)
                                                       > woa_scoring.tie_key(state, s)) for s in range(n) if s != seat):
            mayors += 1
    top = woa_rules.coin_rank(state)[: 1 if n == 2 else 2]
    if state["final_round"] is not None and state["round"] >= state["final_round"]:
        stored = planted = 0.0  # the last round: a crop not sold by now is worth nothing
    # the richest bonus and mayors pay a point at every round end still to come
    left = _woa_rounds_left(state)
    return {
        "score": woa_scoring.final_scores(state)[seat],
        "coins": state["coins"][seat],
        "minus": state["minus"][seat],
        "stored": stored, "planted": planted, "mayors": mayors * left, "influence": infl_total,
        "richest": left if seat in top else 0,
    }


#: West of Africa: the most round ends a bot counts on (games last about ten rounds)
WOA_HORIZON = 8.0


def _woa_rounds_left(state: dict) -> float:
    """Round ends still to score, this one included: known once the end is
    triggered, else guessed from the leader's pace towards the winning points."""
    if state["final_round"] is not None:
        return float(max(1, state["final_round"] - state["round"] + 1))
    lead = max(state["points"])
    pace = max(1.0, lead / max(1, state["round"] - 1))
    return min(WOA_HORIZON, max(0, woa_data.WIN_POINTS - lead) / pace + 1)


#: Altiplano: what planned tiles can pay for at a location, and the points the
#: action adds (the paid tiles stay the player's, in the crate): data, not branches
ALTI_PAYS = {
    "farm": (({"alpaca": 1, "food": 1}, 2), ({"wool": 1, "food": 1}, 3), ({"alpaca": 1}, 0.5)),
    "forest": (({"food": 2}, 1),),
    "mine": (({"ore": 1, "food": 1}, 3), ({"food": 2}, 1)),
    "harbor": (({"wood": 2}, 2.5), ({"fish": 2}, 1), ({"fish": 1, "food": 1}, 0.5)),
    "village": (({"stone": 2}, 4.5),),
    "road": (({"wood": 1, "stone": 1}, 2),),
}


def _alti_pays(have: dict, options) -> float:
    """The best single action the tiles ``have`` pay for."""
    return max((gain for need, gain in options if all(have.get(g, 0) >= n for g, n in need.items())), default=0.0)


def _alti_planned(p: dict) -> float:
    """Points the seat's planned tiles can still turn into: one action per
    location (its best), and a role or extension whose tiles are in place."""
    from ..altiplano import rules as alti_rules
    from ..altiplano.data import KINDS, VALUES

    total = 0.0
    for space, tiles in p["spaces"].items():
        if not tiles:
            continue
        have = {g: tiles.count(g) for g in set(tiles)}
        if space in ALTI_PAYS:
            total += _alti_pays(have, ALTI_PAYS[space])
            continue
        kind = KINDS.get(alti_rules.space_kind(p, space) or "", {})
        need = kind.get("need")
        if need and all(have.get(g, 0) >= n for g, n in need.items()):
            total += max(VALUES[g] for g in kind["gain"]) + 0.5
    return total


def _altiplano(state: dict, seat: int) -> Features:
    p = state["seats"][seat]
    return {
        "score": sum(alti_scoring.breakdown(state, seat).values()),
        "planned": _alti_planned(p) if state["phase"] in ("plan", "act") else 0.0,
        "coins": p["coins"], "carts": p.get("carts", 0), "extensions": len(p.get("exts", [])),
        "road": p.get("road", 0), "order": 1 if p.get("order") else 0,
        "goods_held": len(p.get("bag", [])) + len(p.get("crate", [])),
    }


def _bruges(state: dict, seat: int) -> Features:
    p = state["ps"][seat]
    return {
        "score": sum(bruges_scoring.breakdown(state, seat).values()),
        "money": p["money"], "workers": sum(p["workers"].values()),
        "threats": sum(p["threats"].values()), "hand": len(p["hand"]) + len(p["drawn"]),
        "houses_empty": sum(1 for h in p["houses"] if not h.get("person")),
        "canal": sum(p["canals"].values()),
    }


def _amerigo(state: dict, seat: int) -> Features:
    """Score as final scoring would count it now: coins (and chests) are points."""
    from ..amerigo.data import CHEST_COINS, COIN_CAP, DEVELOP_NUMBERS, SPECIAL_NUMBERS

    p = state["seats"][seat]
    coins = p["coins"] + CHEST_COINS * p.get("chests", 0)
    end_tiles = 7 if "e-7" in p["devs"] else 0
    if "e-posts" in p["devs"]:
        end_tiles += sum(1 for s in state["posts"].values() if s == seat)
    if "e-coins" in p["devs"]:
        end_tiles += min(coins, COIN_CAP)
    score = (p["vp"] + min(coins, COIN_CAP) + amerigo_scoring.goods_points(p["goods"], p["production"])
             + amerigo_scoring.track_value(DEVELOP_NUMBERS, p["develop"])
             + amerigo_scoring.track_value(SPECIAL_NUMBERS, p["special"]) + end_tiles)
    # the pirates take ``strength`` VP at the round's end unless as many cannons are loaded (then the
    # cannons are spent): cannons below the strength are worth only together, the rest carry over
    strength = amerigo_rules.pirate_strength(state, seat)
    cannons = p.get("cannons", 0)
    loss = (-(-strength // 2) if amerigo_rules.owns(state, seat, "halfloss") else strength) if cannons < strength else 0
    return {
        "score": score, "pirates": -loss, "cannons": cannons if cannons < strength else cannons - strength, "posts": 12 - p.get("posts_left", 12),
        "production": sum(p["production"].values()), "develop": p["develop"], "special": p["special"],
        "devs": amerigo_bot.devs(state, seat),
    }


EXTRACT: dict[str, Callable[[dict, int], Features]] = {
    "terra-mystica": tm_bot.features, "west-of-africa": _woa, "altiplano": _altiplano, "bruges": _bruges,
    "amerigo": _amerigo,
}


def worth(game_id: str, state: dict, seat: int) -> float:
    """One seat's position in points (its score now plus weighted assets)."""
    if game_id not in EXTRACT:  # a game with no features yet: every position looks alike
        return 0.0
    w = WEIGHTS[game_id]
    return sum(w.get(k, 0.0) * v for k, v in EXTRACT[game_id](state, seat).items())


def evaluate(game_id: str, state: dict, seat: int, players: int) -> float:
    """The seat's worth against the best other seat: what a bot maximises."""
    mine = worth(game_id, state, seat)
    others = [worth(game_id, state, s) for s in range(players) if s != seat]
    return mine - (max(others) if others else 0.0) * 0.5 - (sum(others) / len(others) if others else 0) * 0.5


def points(game_id: str, state: dict, seat: int) -> float:
    """Only the seat's score as it stands (the first feature), for the greedy yard stick."""
    if game_id not in EXTRACT:
        return 0.0
    feats = EXTRACT[game_id](state, seat)
    return float(next(iter(feats.values()), 0.0))
