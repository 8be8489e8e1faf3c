"""Final scoring and mission checks.

Points: every goods tile a player owns (bag, crate, planning spaces, action
board, extensions, warehouse; not those on orders) at its value, +1 per tile
of each good a house of theirs boosts, 4 per house, 2 per boat, completed
orders, completed warehouse rows and (variant) fulfilled missions. Ties go to
the most coins, counting those still lying on extensions or the move track
(the engine's ``result``).
"""

from __future__ import annotations

from collections import Counter

from . import warehouse as wh
from .data import BOAT_VP, HOUSE_VP, HOUSES, MISSIONS, ORDERS, VALUES

#: mission tests that can only be judged when the game is over
END_ONLY = {"own", "most"}


def owned_tiles(p: dict) -> list[str]:
    """Every tile the player owns outside order cards, one entry a tile."""
    return [*p["bag"], *p["crate"], *(g for g in p["slots"] if g),
            *(t for tiles in p["spaces"].values() for t in tiles),
            *wh.stored(p["warehouse"]), *p.get("final_draw", [])]


def owned_goods(p: dict) -> Counter:
    """Every tile the player owns outside order cards, counted by good."""
    return Counter(owned_tiles(p))


def mission_met(state: dict, seat: int, mid: str, final: bool = False) -> bool:
    test, arg, _vp, _text = MISSIONS[mid]
    p = state["seats"][seat]
    store = Counter(wh.stored(p["warehouse"]))
    rows = wh.complete_rows(p["warehouse"])
    if test in END_ONLY and not final:
        return False
    if test == "orders":
        return len(p["done_orders"]) >= arg
    if test == "stored":
        good, n = arg
        return store[good] >= n
    if test == "kinds":
        return len(store) >= arg
    if test == "stored_total":
        return sum(store.values()) >= arg
    if test == "first":
        return state["firsts"][arg] == seat
    if test == "rows_no_corn":
        return sum(1 for i in rows if "corn" not in p["warehouse"][i]["tiles"]) >= arg
    if test == "rows":
        return len(rows) >= arg
    if test == "boats":
        return len(p["boats"]) >= arg
    if test == "houses":
        return len(p["houses"]) >= arg
    if test == "trio":
        return bool(p["done_orders"]) and bool(p["boats"]) and bool(p["houses"])
    if test == "wool_orders":
        return sum(1 for o in p["done_orders"] if {"wool", "cloth"} & set(ORDERS[o][0])) >= arg
    if test == "own":
        have = owned_goods(p)
        return all(have[g] >= n for g, n in arg.items())
    if test == "most":
        mine = owned_goods(p)[arg]
        others = [owned_goods(q)[arg] for s, q in enumerate(state["seats"]) if s != seat]
        return mine > 0 and all(mine >= x for x in others)
    raise KeyError(test)


def breakdown(state: dict, seat: int, missions: list[str] | None = None) -> dict[str, int]:
    """The seat's points by kind; ``missions`` limits the mission cards
    counted (default: all the seat holds)."""
    p = state["seats"][seat]
    tiles = owned_tiles(p)
    out = {
        "goods": sum(map(VALUES.__getitem__, tiles)),
        "house bonus": sum(tiles.count(HOUSES[h]) for h in p["houses"]),
        "houses": HOUSE_VP * len(p["houses"]),
        "boats": BOAT_VP * len(p["boats"]),
        "orders": sum(ORDERS[o][1] for o in p["done_orders"]),
        "warehouse": wh.row_points(p["warehouse"]),
    }
    if state["options"].get("missions"):
        held = p["missions"] if missions is None else missions
        out["missions"] = sum(MISSIONS[m][2] for m in held if mission_met(state, seat, m, final=True))
    return out


def running_breakdown(state: dict, seat: int) -> dict[str, int]:
    """What the seat would score if the game ended now, from what the table
    may know: every tile it owns counts (all of them were gained in the open,
    so bag and crate together are public knowledge; only their split is
    secret), but of its missions only the revealed ones, since the others
    are still face down. Equals ``breakdown`` once the game is over (every
    mission is revealed then)."""
    return breakdown(state, seat, missions=list(state["seats"][seat]["revealed"]))


def final_scores(state: dict) -> tuple[list[int], list[dict[str, int]]]:
    parts = [breakdown(state, s) for s in range(state["players"])]
    return [sum(b.values()) for b in parts], parts
