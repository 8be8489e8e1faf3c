"""Islands on the map: trading posts, building tiles and completing islands.

An island is complete when every land square holds a tile or a trading
post. The completer scores 3 VP (and the chest of a big island); at that
moment every player with posts there scores the post table times the time
marker.
"""

from __future__ import annotations

from functools import lru_cache

from games.core import msg

from . import board as B
from . import messages as M
from .data import COMPLETE_VP, FIRST_POST_VP, NEUTRAL_VP_PER_SQUARE, ORIENTATIONS, VILLAGE_VP, post_table
from .rules import add_coins, add_vp, geometry, legacy_frame, owns, time_value


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
    """Every legal way to put a tile of ``shape`` on the map for this seat.

    A bot's build turn asks this thousands of times per decision, so the
    answer is read off tables built once per map (every fit of every shape
    on every island, :class:`_Fits`) and remembered for recent boards."""
    return list(_placements(tuple(state["map"]["grid"]), legacy_frame(state), seat, shape,
                            frozenset(state["built"]), frozenset(state["posts"].items())))


@lru_cache(maxsize=4096)
def _placements(grid: tuple[str, ...], legacy: bool, seat: int, shape: str, built: frozenset,
                posts_items: frozenset) -> tuple[tuple[str, ...], ...]:
    """The placements on one board (covered squares and posts as sets, so a
    build step and the search around it find the board again)."""
    fits = _fits(grid, legacy)
    posts = dict(posts_items)
    mine = sorted({fits.island_of[c] for c, s in posts.items() if s == seat})
    out: list[tuple[str, ...]] = []
    for index in mine:
        # a tile must touch the seat's post or any tile on the island
        touch = {n for c in fits.cells[index] if c in built or posts.get(c) == seat for n in fits.around[c]}
        for cells in fits.shapes[index][shape]:
            if not touch.isdisjoint(cells) and not any(c in built or c in posts for c in cells):
                out.append(cells)
    if len(mine) > 1:
        out.sort(key=fits.order.__getitem__)
    return tuple(out)


class _Fits:
    """One map's placement tables: for each island and shape, every set of the
    island's squares the shape covers in any rotation or mirror image."""

    def __init__(self, grid: tuple[str, ...], legacy: bool):
        geo = B.geometry(grid, legacy)
        rows, cols = geo["rows"], geo["cols"]
        self.island_of: dict[str, int] = geo["island_of"]
        self.cells: list[list[str]] = [isl["cells"] for isl in geo["islands"]]
        #: land square -> its orthogonal neighbours (land or sea)
        self.around: dict[str, tuple[str, ...]] = {}
        #: island -> shape -> placements (squares in row, column order), sorted the same way
        self.shapes: list[dict[str, list[tuple[str, ...]]]] = []
        #: placement -> its sort key
        self.order: dict[tuple[str, ...], tuple[tuple[int, int], ...]] = {}
        for names in self.cells:
            land = {B.parse_cell(c) for c in names}
            for r, c in land:
                self.around[B.cell_name(r, c)] = tuple(B.cell_name(*nb) for nb in B._neighbours(r, c, rows, cols))
            per_shape = {}
            for shape, orients in ORIENTATIONS.items():
                found = set()
                for orient in orients:
                    dr, dc = orient[0]
                    for r0, c0 in land:  # the orientation's first square on each land square
                        spots = tuple(sorted((r0 + r - dr, c0 + c - dc) for r, c in orient))
                        if all(s in land for s in spots):
                            found.add(spots)
                per_shape[shape] = []
                for spots in sorted(found):
                    cells = tuple(B.cell_name(r, c) for r, c in spots)
                    per_shape[shape].append(cells)
                    self.order[cells] = spots
            self.shapes.append(per_shape)


@lru_cache(maxsize=8)
def _fits(grid: tuple[str, ...], legacy: bool) -> _Fits:
    return _Fits(grid, legacy)


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
