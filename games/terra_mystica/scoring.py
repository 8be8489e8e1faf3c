"""End-of-game scoring: the Fire & Ice tile, cult majorities, the largest network, resources."""

from __future__ import annotations

from .board import board
from .data import CULT_FINAL, CULTS, NETWORK_FINAL
from .rules import fdata, linked, own_hexes


def share(values: list[int], prizes: tuple[int, ...]) -> list[int]:
    """Places by value (0 scores nothing); tied seats split the prizes of the
    places they occupy, rounded down."""
    out = [0] * len(values)
    ranked = sorted({v for v in values if v > 0}, reverse=True)
    place = 0
    for v in ranked:
        seats = [s for s, x in enumerate(values) if x == v]
        pot = sum(prizes[place:place + len(seats)])
        for s in seats:
            out[s] = pot // len(seats)
        place += len(seats)
    return out


def _groups(hexes: list[str], close) -> list[set[str]]:
    """The hexes split into groups linked step by step by ``close``."""
    out: list[set[str]] = []
    seen: set[str] = set()
    for start in hexes:
        if start in seen:
            continue
        group = {start}
        todo = [start]
        while todo:
            cur = todo.pop()
            for o in hexes:
                if o not in group and close(cur, o):
                    group.add(o)
                    todo.append(o)
        seen |= group
        out.append(group)
    return out


def networks(state: dict, seat: int) -> list[set[str]]:
    """The seat's networks: buildings linked directly or within its reach (ship, tunnel, carpet)."""
    f = state["factions"][seat]
    fid = f["faction"]
    geo = board(state)

    def close(a: str, b: str) -> bool:
        if linked(state, seat, a, b):
            return True
        if fid == "dwarves":
            return geo.hex_distance(a, b) <= 2
        if fid == "fakirs":
            return geo.hex_distance(a, b) <= 1 + f["range"]
        return fdata(f)["ship"] is not None and geo.ship_dist[a].get(b, 99) <= f["ship"]

    return _groups(own_hexes(state, seat), close)


def network_size(state: dict, seat: int) -> int:
    """Buildings in the seat's largest network."""
    return max((len(g) for g in networks(state, seat)), default=0)


def tile_value(state: dict, seat: int, tile: str) -> int:
    """What a Fire & Ice final tile ranks the seat by, over its networks (the site's reading):
    ``connected-distance`` the longest hex distance between two buildings of one network;
    ``connected-sa-sh-distance`` from its sanctuary to its stronghold in one network (else 0);
    ``building-on-edge`` the most buildings of one network on the map's edge;
    ``connected-clusters`` the most groups of directly linked buildings (towns' grouping) in one."""
    geo = board(state)
    nets = networks(state, seat)
    if tile == "connected-distance":
        return max((geo.hex_distance(a, b) for n in nets for a in n for b in n), default=0)
    if tile == "connected-sa-sh-distance":
        kind = {h: state["buildings"][h][1] for n in nets for h in n}
        return max((geo.hex_distance(a, b) for n in nets for a in n for b in n
                    if kind[a] == "SA" and kind[b] == "SH"), default=0)
    if tile == "building-on-edge":
        return max((len(n & geo.edge) for n in nets), default=0)
    if tile == "connected-clusters":
        return max((len(_groups(sorted(n), lambda a, b: linked(state, seat, a, b))) for n in nets), default=0)
    raise ValueError(tile)


def final_scoring(state: dict) -> list[list]:
    """Award end-game VP in the site's order. Returns (category, VP per seat)."""
    factions = state["factions"]
    n = len(factions)
    out = []
    tile = state.get("final_tile")
    # Fire & Ice: the extra tile is scored first, 18/12/6 like the network (the site's admin
    # may add several: a list, scored in name order as the site does)
    for one in (tile if isinstance(tile, list) else [tile] if tile else []):
        out.append([one, share([tile_value(state, s, one) for s in range(n)], NETWORK_FINAL)])
    for i, cult in enumerate(CULTS):
        vp = share([f["cult"][i] for f in factions], CULT_FINAL)
        out.append([cult, vp])
    sizes = [network_size(state, s) for s in range(n)]
    out.append(["network", share(sizes, NETWORK_FINAL)])
    for _cat, vp in out:
        for s in range(n):
            factions[s]["vp"] += vp[s]
    res = []
    for f in factions:
        pw = f["pw"]
        burn = pw[1] // 2
        pw[1] -= 2 * burn
        pw[2] += burn
        coins = f["C"] + pw[2] + f["P"] + f["W"]
        pw[0] += pw[2]
        pw[2] = 0
        f["P"] = f["W"] = 0
        rate = fdata(f)["vp_per_coin"]
        res.append(coins // rate)
        f["vp"] += coins // rate
        f["C"] = coins % rate
    out.append(["resources", res])
    state["final"] = {"sizes": sizes, "breakdown": out}
    return out
