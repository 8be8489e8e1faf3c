"""Where a seat can build or transform now, and at what cost.

The rules check (a row may not hold dug spades no transform can use) and the
move lists (``moves.py``) both ask these questions, so they live below both.
"""

from __future__ import annotations

from . import fire_ice as FI
from .board import board
from .data import ICE, SUPPLY, VOLCANO
from .rules import (
    count_buildings,
    direct_neighbours,
    fdata,
    has_sh,
    home_of,
    own_hexes,
    ship_level,
)
from .wheel import spade_table


def turn_view(state: dict, seat: int) -> dict:
    t = state["turn"]
    if t and t["seat"] == seat:
        return t
    spades = state["factions"][seat]["cult_spades"] if state["phase"] == "spades" else 0
    return {"seat": seat, "actions": 1, "took": False, "spades": spades, "dig_open": spades > 0,
            "cult_spades": spades > 0, "build_hexes": [], "build_used": False, "teleported": [],
            "bridge": 0, "ride": False, "sandstorm": False, "free_tp": False, "one_hex": None,
            "darkling_sh": 0, "volcano": 0}


def reachable(state: dict, seat: int) -> dict[str, str]:
    """Empty land hexes the seat can reach, with how ('direct', 'ship', 'tunnel', 'carpet')."""
    f = state["factions"][seat]
    geo = board(state)
    mine = own_hexes(state, seat)
    out: dict[str, str] = {}
    level = ship_level(state, seat)
    fid = f["faction"]
    direct = not fdata(f).get("river_only")
    for h in mine:
        for n in direct_neighbours(state, seat, h) if direct else ():
            out[n] = "direct"
        if level:
            for n, d in geo.ship_dist[h].items():
                if d <= level and n not in out:
                    out[n] = "ship"
    if fid in ("dwarves", "fakirs"):
        near = geo.near(2 if fid == "dwarves" else 1 + f["range"])
        mode = "tunnel" if fid == "dwarves" else "carpet"
        for o in mine:
            for h in near[o]:
                if h not in out:
                    out[h] = mode
    buildings = state["buildings"]
    return {h: m for h, m in out.items() if h not in buildings}


def afford(f: dict, cost: dict) -> bool:
    return all(f.get(k, 0) >= v for k, v in cost.items())


def add_costs(a: dict, b: dict) -> dict:
    out = dict(a)
    for k, v in b.items():
        out[k] = out.get(k, 0) + v
    return out


def dig_cost(f: dict, spades: int) -> dict:
    if spades <= 0:
        return {}
    if f["faction"] == "darklings":
        return {"P": spades}
    if fdata(f).get("volcano"):
        return {}
    return {"W": spades * (3 - f["dig"])}


def flight_cost(state, seat, t, h, mode) -> dict:
    if mode == "tunnel" and h not in t["teleported"]:
        return {"W": 1 if has_sh(state, seat) else 2}
    if mode == "carpet" and h not in t["teleported"]:
        return {"P": 1}
    return {}


def dig_costs(f: dict) -> list[dict]:
    """Resources for digging 0..7 spades at the faction's digging level: one list per kind of
    faction and level, made once and shared (read only: callers add costs into new dicts)."""
    key = "darklings" if f["faction"] == "darklings" else "volcano" if fdata(f).get("volcano") else f["dig"]
    found = _DIG_COSTS.get(key)
    if found is None:
        if key == "darklings":
            found = [{"P": n} if n else {} for n in range(8)]
        elif key == "volcano":
            found = [{} for n in range(8)]
        else:
            found = [{"W": n * (3 - key)} if n else {} for n in range(8)]
        _DIG_COSTS[key] = found
    return found


#: ``dig_costs`` by "darklings", "volcano" or the digging level
_DIG_COSTS: dict = {}


def iter_builds(state: dict, seat: int, reach: dict | None = None, t: dict | None = None):
    """(hex, cost) of every 'build HEX' possible now."""
    f = state["factions"][seat]
    t = turn_view(state, seat) if t is None else t  # the menu passes its own
    if count_buildings(state, seat, "D") >= SUPPLY["D"] or t["cult_spades"]:
        return
    home = home_of(f)
    dcost = fdata(f)["cost"]["D"]
    buildings, terrain = state["buildings"], state["terrain"]
    if t["ride"]:
        for h in terrain:
            if h not in buildings and terrain[h] == home:
                yield h, {}
        return
    if t["sandstorm"]:
        if not afford(f, dcost):
            return
        mine = set(own_hexes(state, seat))
        near = board(state).land_neighbours
        for h in terrain:
            if h not in buildings and near[h] & mine and terrain[h] != home:
                yield h, dict(dcost)
        return
    if not afford(f, dcost):
        return  # every cost below is the dwelling's and more
    open_build = t["dig_open"] and not t["build_used"]
    steps = spade_table(f)
    digs = dig_costs(f)
    volcano = home == VOLCANO
    for h, mode in (reachable(state, seat) if reach is None else reach).items():
        if t["one_hex"] and h != t["one_hex"]:
            continue
        if h in t["build_hexes"] and open_build:
            if t.get("dug"):
                continue  # dug spades are used before the build
            cost = dict(dcost)
        elif volcano and terrain[h] != VOLCANO:
            if not t.get("volcano") or terrain[h] == ICE or not volcano_ok(state, seat, h):
                continue  # a volcano needs its 'dig 1' first
            cost = add_costs(dcost, flight_cost(state, seat, t, h, mode))
        elif FI.build_terrain_ok(f, terrain[h]):
            if t["actions"] <= 0 or (t["spades"] and not t["cult_spades"]):
                continue
            cost = add_costs(dcost, flight_cost(state, seat, t, h, mode))
        else:
            if home is None or (not open_build and (t["actions"] <= 0 or t["spades"])):
                continue
            need = steps[terrain[h]][home]
            if need is None:
                continue
            have = t["spades"] if open_build else 0
            if have > need or (need > have and t.get("no_dig")):
                continue  # spades would be left after the build / Halflings' SH spades: no digging
            cost = add_costs(add_costs(dcost, digs[need - have]), flight_cost(state, seat, t, h, mode))
        if afford(f, cost):
            yield h, cost


def volcano_ok(state: dict, seat: int, h: str) -> bool:
    """The seat can pay for turning h into volcano."""
    kind, n = FI.volcano_cost(state, seat, h)
    return FI.can_pay_volcano(state["factions"][seat], kind, n)


def build_options(state: dict, seat: int) -> dict[str, dict]:
    """Hex -> resources a 'build HEX' costs now (spades dug, dwelling, flights)."""
    return dict(iter_builds(state, seat))


def iter_transforms(state: dict, seat: int, only: str | None = None, reach: dict | None = None,
                    t: dict | None = None):
    """(hex, colour index, cost) of every transform possible now."""
    f = state["factions"][seat]
    t = turn_view(state, seat) if t is None else t  # the menu passes its own
    home = home_of(f)
    if t["ride"] or t["free_tp"] or t["bridge"]:
        return
    if home == VOLCANO:
        if t.get("volcano"):
            reach = reachable(state, seat) if reach is None else reach
            for h in [only] if only else reach:
                if h not in reach or state["terrain"][h] in (ICE, VOLCANO):
                    continue
                if volcano_ok(state, seat, h):
                    yield h, VOLCANO, {}
        return
    buildings, terrain = state["buildings"], state["terrain"]
    if t["sandstorm"]:
        mine = set(own_hexes(state, seat))
        near = board(state).land_neighbours
        for h in ([only] if only in terrain else []) if only else terrain:
            if h not in buildings and near[h] & mine and terrain[h] != home:
                yield h, home, {}
        return
    if not t["dig_open"] and (t["actions"] <= 0 or t["spades"]):
        return
    if t["build_used"] and t["spades"] and not t["cult_spades"]:
        return  # transforms come before the build
    have = t["spades"] if t["dig_open"] else 0
    dug = t.get("dug", 0) if t["dig_open"] else 0
    other = t.get("other_colour")
    no_dig = t.get("no_dig") or t["cult_spades"]
    steps = spade_table(f)
    digs = dig_costs(f)
    can_dig = f["P"] if f["faction"] == "darklings" else f["W"] // (3 - f["dig"])
    if not have and (no_dig or can_dig < 1):
        return  # every transform takes a spade or more (``spade_table``), none held, none to dig
    if reach is None:
        reach = reachable(state, seat)
    hexes = [only] if only else reach
    for h in hexes:
        mode = reach.get(h)
        if mode is None or (t["one_hex"] and h != t["one_hex"]):
            continue
        if t["cult_spades"] and mode in ("tunnel", "carpet"):
            continue
        row = steps[terrain[h]]
        extra = flight_cost(state, seat, t, h, mode)
        if extra and not afford(f, extra):
            continue
        for target in range(len(row)):
            need = row[target]
            if need is None or target == terrain[h]:
                continue
            if (target != home and other) or min(dug, have - need) > 0:
                continue  # one other terrain per action; dug spades all used on one transform
            if need > have:
                if no_dig or need - have > can_dig:
                    continue
                cost = add_costs(digs[need - have], extra)
                if extra and not afford(f, cost):
                    continue
            else:
                cost = dict(extra)
            yield h, target, cost


def transform_options(state: dict, seat: int, only: str | None = None) -> dict[str, dict[int, dict]]:
    """Hex -> {colour index: cost} of the transforms possible now."""
    out: dict[str, dict[int, dict]] = {}
    for h, target, cost in iter_transforms(state, seat, only):
        out.setdefault(h, {})[target] = cost
    return out
