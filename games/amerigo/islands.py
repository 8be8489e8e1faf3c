"""Islands on the map: trading posts, building tiles and completing islands.

An island is complete when every land square holds a tile or a trading
post. The completer scores 3 VP (and the chest of a big island); at that
moment every player with posts there scores the post table times the time
marker.
"""

from __future__ import annotations

from games.core import msg

from . import board as B
from . import messages as M
from .data import COMPLETE_VP, FIRST_POST_VP, NEUTRAL_VP_PER_SQUARE, ORIENTATIONS, VILLAGE_VP, post_table
from .rules import add_coins, add_vp, geometry, owns, time_value


def island_free_cells(state: dict, index: int) -> list[str]:
    geo = geometry(state)
    return [c for c in geo["islands"][index]["cells"] if c not in state["built"] and c not in state["posts"]]


def check_complete(state: dict, index: int, seat: int, notes: list[str]) -> None:
    """Score an island whose last square was just covered."""
    isl = state["islands"][index]
    if isl["done"] or island_free_cells(state, index):
        return
    isl["done"] = True
    isl["completer"] = seat
    add_vp(state, seat, COMPLETE_VP, "islands")
    key = "ame.ev.complete"
    if isl["chest"]:
        isl["chest"] = False
        state["seats"][seat]["chests"] += 1
        key = "ame.ev.complete_chest"
    notes.append(msg(key, who=M.seat(seat), vp=COMPLETE_VP))
    geo = geometry(state)
    tv = time_value(state)
    for s in range(state["players"]):
        n = sum(1 for c in geo["islands"][index]["cells"] if state["posts"].get(c) == s)
        if n:
            vp = post_table(n) * tv
            add_vp(state, s, vp, "islands")
            notes.append(msg("ame.ev.post_score", who=M.seat(s), n=n, table=post_table(n), tv=tv, vp=vp))


def post_squares_for_ship(state: dict, seat: int, ship: int) -> list[str]:
    """Free trading-post squares next to the anchor where this ship rests."""
    geo = geometry(state)
    loc = state["ships"][seat][ship]
    out = []
    for cell in geo["anchors"].get(loc, []):
        if cell not in state["posts"] and cell not in state["built"]:
            out.append(cell)
    return out


def found_post(state: dict, seat: int, cell: str, notes: list[str]) -> None:
    geo = geometry(state)
    index = geo["island_of"][cell]
    first = not any(geo["island_of"][c] == index for c in state["posts"])
    state["posts"][cell] = seat
    p = state["seats"][seat]
    p["posts_left"] -= 1
    first_note = coin_note = ""
    if first:
        add_vp(state, seat, FIRST_POST_VP, "posts")
        first_note = msg("ame.ev.post_first", vp=FIRST_POST_VP)
    if owns(state, seat, "postcoin"):
        add_coins(state, seat, 1)
        coin_note = msg("ame.ev.post_coin")
    notes.append(msg("ame.ev.post", who=M.seat(seat), cell=cell, first=first_note, coin=coin_note))
    check_complete(state, index, seat, notes)


def placements(state: dict, seat: int, shape: str) -> list[tuple[str, ...]]:
    """Every legal way to put a tile of ``shape`` on the map for this seat."""
    geo = geometry(state)
    rows, cols = geo["rows"], geo["cols"]
    mine = {geo["island_of"][c] for c, s in state["posts"].items() if s == seat}
    out = set()
    for index in sorted(mine):
        if state["islands"][index]["done"]:
            continue
        free = set(island_free_cells(state, index))
        touch = _touch_cells(state, seat, index)
        for orient in ORIENTATIONS[shape]:
            for cell in free:
                r0, c0 = B.parse_cell(cell)
                dr, dc = orient[0]
                cells = []
                for r, c in orient:
                    rr, cc = r0 + r - dr, c0 + c - dc
                    if not (0 <= rr < rows and 0 <= cc < cols):
                        break
                    name = B.cell_name(rr, cc)
                    if name not in free:
                        break
                    cells.append(name)
                else:
                    if touch & set(cells):
                        out.add(tuple(sorted(cells, key=_cell_key)))
    return sorted(out, key=lambda k: [_cell_key(c) for c in k])


def _cell_key(name: str) -> tuple[int, int]:
    return B.parse_cell(name)


def _touch_cells(state: dict, seat: int, index: int) -> set[str]:
    """Free squares of the island next to the seat's post or any placed tile there."""
    geo = geometry(state)
    rows, cols = geo["rows"], geo["cols"]
    anchors = [c for c in geo["islands"][index]["cells"]
               if state["posts"].get(c) == seat or c in state["built"]]
    out = set()
    for cell in anchors:
        r, c = B.parse_cell(cell)
        for rr, cc in B._neighbours(r, c, rows, cols):
            out.add(B.cell_name(rr, cc))
    return out


def place_tile(state: dict, seat: int, kind: str, shape: str, cells: tuple[str, ...], notes: list,
               paid="") -> None:
    geo = geometry(state)
    index = geo["island_of"][cells[0]]
    big = geo["islands"][index]["big"]
    state["placed"].append({"seat": seat, "kind": kind, "shape": shape, "cells": list(cells)})
    for c in cells:
        state["built"][c] = len(state["placed"]) - 1
    vp = len(cells) * NEUTRAL_VP_PER_SQUARE[big] if kind == "n" else VILLAGE_VP[big]
    add_vp(state, seat, vp, "building")
    taken = []
    for c in cells:
        good = state["goods"].pop(c, None)
        if good:
            g = state["seats"][seat]["goods"]
            g[good] = g.get(good, 0) + 1
            taken.append(M.good(good))
    args = {"who": M.seat(seat), "kind": msg(f"ame.kind.{kind}"), "shape": M.shape(shape), "cells": " ".join(cells),
            "vp": vp, "paid": paid}
    notes.append(msg("ame.ev.build_goods", **args, goods=taken) if taken else msg("ame.ev.build", **args))
    check_complete(state, index, seat, notes)
