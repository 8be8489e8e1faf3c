"""Altiplano bot: what a position is worth (``features``, ``WEIGHTS``: ``bots.features``),
planned tiles counted by the actions they can still pay for."""

from __future__ import annotations

from ..altiplano import rules, scoring
from ..altiplano.data import KINDS, VALUES

WEIGHTS = {"score": 1.0, "planned": 0.8, "coins": 0.45, "carts": 0.8, "extensions": 1.5, "road": 0.6,
           "order": 1.5, "goods_held": 0.25}


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
    total = 0.0
    for space, tiles in p["spaces"].items():
        if not tiles:
            continue
        have = {g: tiles.count(g) for g in set(tiles)}
        if space in ALTI_PAYS:
            total += _alti_pays(have, ALTI_PAYS[space])
            continue
        kind = KINDS.get(rules.space_kind(p, space) or "", {})
        need = kind.get("need")
        if need and all(have.get(g, 0) >= n for g, n in need.items()):
            total += max(VALUES[g] for g in kind["gain"]) + 0.5
    return total


def features(state: dict, seat: int) -> dict[str, float]:
    p = state["seats"][seat]
    return {
        "score": sum(scoring.breakdown(state, seat).values()),
        "planned": _alti_planned(p) if state["phase"] in ("plan", "act") else 0.0,
        "coins": p["coins"], "carts": p.get("carts", 0), "extensions": len(p.get("exts", [])),
        "road": p.get("road", 0), "order": 1 if p.get("order") else 0,
        "goods_held": len(p.get("bag", [])) + len(p.get("crate", [])),
    }
