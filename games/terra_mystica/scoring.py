"""End-of-game scoring: cult majorities, the largest network, resources."""

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


def network_size(state: dict, seat: int) -> int:
    """Buildings in the seat's largest group linked directly or within its reach."""
    f = state["factions"][seat]
    mine = own_hexes(state, seat)
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

    best = 0
    seen: set[str] = set()
    for start in mine:
        if start in seen:
            continue
        group = {start}
        todo = [start]
        while todo:
            cur = todo.pop()
            for o in mine:
                if o not in group and close(cur, o):
                    group.add(o)
                    todo.append(o)
        seen |= group
        best = max(best, len(group))
    return best


def final_scoring(state: dict) -> list[list]:
    """Award end-game VP in the site's order. Returns (category, VP per seat)."""
    factions = state["factions"]
    n = len(factions)
    out = []
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
