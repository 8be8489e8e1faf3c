"""Spades between terrains: the terraforming wheel as each faction sees it.

A faction's table gives, for the terrain a hex has now and the terrain wanted,
the spades it costs, or None when that faction cannot make that change. Ice
and volcano hexes never change again. The ice factions turn a hex into ice
for as many spades as it lies from their picked colour (that colour itself
costs 1); the volcano factions and the Riverwalkers never use spades on the
map (volcano transforms are priced in ``fire_ice.py``).
"""

from __future__ import annotations

from .data import ICE, TERRAINS, WHEEL, spade_distance
from .rules import anchor_of, home_of

SIZE = len(TERRAINS)


def _steps(home: int, cur: int, target: int) -> int:
    """Spades from cur to target for a faction at ``home`` on the wheel: the
    short way, unless it passes over home (the site then charges the long way)."""
    if target == home:
        return spade_distance(cur, target)
    up = (target - cur) % WHEEL
    down = (cur - target) % WHEEL
    ways = []
    if not 0 < (home - cur) % WHEEL < up:
        ways.append(up)
    if not 0 < (cur - home) % WHEEL < down:
        ways.append(down)
    return min(ways) if ways else spade_distance(cur, target)


def _table(kind: str, anchor: int | None) -> list[list[int | None]]:
    out = [[None] * SIZE for _ in range(SIZE)]
    if kind == "none":
        return out
    for cur in range(WHEEL):
        for target in range(WHEEL):
            if target == cur:
                continue
            if kind == "giants":
                out[cur][target] = 2 if target == anchor else None
            else:
                out[cur][target] = _steps(anchor, cur, target)
        if kind == "ice":
            out[cur][ICE] = max(1, spade_distance(cur, anchor))
    return out


_TABLES: dict[tuple, list] = {}


def table(kind: str, anchor: int | None) -> list[list[int | None]]:
    key = (kind, anchor)
    got = _TABLES.get(key)
    if got is None:
        got = _TABLES[key] = _table(kind, anchor)
    return got


def spade_table(f: dict) -> list[list[int | None]]:
    """[current terrain][wanted terrain] -> spades for this faction (None: not allowed)."""
    home = home_of(f)
    anchor = anchor_of(f)
    if anchor is None or (home is not None and home > ICE) or "unlocked" in f:
        return table("none", None)  # volcano factions, Riverwalkers, no colour picked yet
    if f["faction"] == "giants":
        return table("giants", anchor)
    return table("ice" if home == ICE else "wheel", anchor)


def toward(cur: int, anchor: int, spades: int) -> int:
    """Where ``spades`` spades take a hex on its way to ``anchor`` (a partial transform)."""
    return min(((cur + spades) % WHEEL, (cur - spades) % WHEEL), key=lambda x: spade_distance(x, anchor))
