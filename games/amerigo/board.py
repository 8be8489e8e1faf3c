"""The island map: assembling tiles at set-up and the geometry the rules need.

Squares are named like a spreadsheet: column letter then row number
(``A1`` is the top-left square). Frame sea spaces are ``rim1``.. clockwise
from the top-left tile's north edge; each lies along one tile edge. They had
been ``F1``.., the names of the column F squares: see :func:`geometry` for
how logs from then still replay.

The grid (a list of strings) is kept in the state; everything derived from
it (islands, anchors, sea graph) is computed once per grid and cached.
"""

from __future__ import annotations

from collections import deque
from functools import lru_cache

from games.core import Rng
from games.core.notation import is_number

from .data import (
    BIG_ISLAND,
    CHESTS,
    GOODS_LETTER,
    ISLAND_TILES,
    MAP_SIZE,
    MAX_ISLAND,
    MIN_BIG_ISLANDS,
    TILE_SIZE,
)

LAND = set("#P") | set(GOODS_LETTER)
COLS = "ABCDEFGHIJKLMNOPQRSTUVWX"
#: the frame spaces' word: lower case and never a column letter, so ``rim3`` is no square
RIM = "rim"
#: engine version 1 called the frame spaces ``F1``.. (see :func:`geometry`)
OLD_FRAME = "F"


def frame_name(i: int, legacy: bool = False) -> str:
    """The name of frame space ``i`` (0-based)."""
    return f"{OLD_FRAME if legacy else RIM}{i + 1}"


def frame_number(text: str) -> int | None:
    """``rim3`` (any case) -> 3; anything else -> None."""
    low = text.lower()
    if low.startswith(RIM) and is_number(low[len(RIM):]):
        return int(low[len(RIM):])
    return None


def old_frame_number(text: str) -> int | None:
    """``F3`` (the version-1 frame name, any case) -> 3; anything else -> None."""
    if text[:1] in "fF" and is_number(text[1:]):
        return int(text[1:])
    return None


def cell_name(r: int, c: int) -> str:
    return f"{COLS[c]}{r + 1}"


def parse_cell(text: str) -> tuple[int, int] | None:
    text = text.upper()
    if len(text) < 2 or text[0] not in COLS or not is_number(text[1:]):
        return None
    return int(text[1:]) - 1, COLS.index(text[0])


def rotate(tile: tuple[str, ...], turns: int) -> tuple[str, ...]:
    """Rotate a square tile clockwise ``turns`` times."""
    rows = [list(r) for r in tile]
    for _ in range(turns % 4):
        rows = [list(r) for r in zip(*rows[::-1])]
    return tuple("".join(r) for r in rows)


def assemble(players: int, rng: Rng, tries: int = 400, legacy: bool = False) -> dict:
    """Pick, place and rotate tiles until the map is sound.

    Sound: every sea square reachable from the frame (no lakes), no land
    touching only corner to corner, big islands between the player count's
    minimum and the number of chests, no island above MAX_ISLAND squares.
    """
    w, h = MAP_SIZE[players]
    for _ in range(tries):
        chosen = rng.sample(range(len(ISLAND_TILES)), w * h)
        turns = rng.dice(w * h, 4)
        grid = build_grid(w, h, [[t, k - 1] for t, k in zip(chosen, turns)])
        if sound(grid, MIN_BIG_ISLANDS[players], legacy):
            return {"w": w, "h": h, "tiles": [[t, k - 1] for t, k in zip(chosen, turns)], "grid": list(grid)}
    raise RuntimeError("could not assemble a sound map")  # pragma: no cover


def build_grid(w: int, h: int, tiles: list) -> tuple[str, ...]:
    rows = [""] * (h * TILE_SIZE)
    for i, (index, turns) in enumerate(tiles):
        ty, tx = divmod(i, w)
        tile = rotate(ISLAND_TILES[index], turns)
        for r in range(TILE_SIZE):
            rows[ty * TILE_SIZE + r] += tile[r]
    return tuple(rows)


def sound(grid, min_big: int = 0, legacy: bool = False) -> bool:
    """(``legacy``: the lake check on version 1's graph, so those games set up the same map.)"""
    info = geometry(tuple(grid), legacy)
    if info["lakes"] or info["corner_touch"]:
        return False
    if max(len(isl["cells"]) for isl in info["islands"]) > MAX_ISLAND:
        return False
    return min_big <= sum(1 for isl in info["islands"] if isl["big"]) <= CHESTS


def _neighbours(r, c, rows, cols):
    for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        rr, cc = r + dr, c + dc
        if 0 <= rr < rows and 0 <= cc < cols:
            yield rr, cc


@lru_cache(maxsize=32)
def geometry(grid: tuple[str, ...], legacy: bool = False) -> dict:
    """Islands, anchors, frame and the sea graph of one grid.

    Squares and frame spaces are distinct nodes: a frame space touches its two
    neighbouring frame spaces (round the corners too) and the sea squares of
    the tile edge it lies along; a sea square touches its sea neighbours and,
    on the rim, its frame space. ``legacy`` rebuilds the graph of engine
    version 1 for games started then: the frame spaces were named ``F1``..
    like the column F squares, so one dict key merged the two nodes (the
    frame space's neighbours replaced the square's, and the square's
    neighbours led to the frame). Those logs replay on that graph, to the same
    results; a game started now never uses it.
    """
    rows, cols = len(grid), len(grid[0])
    w, h = cols // TILE_SIZE, rows // TILE_SIZE
    land = {(r, c) for r in range(rows) for c in range(cols) if grid[r][c] in LAND}
    # islands: orthogonally connected land
    island_of: dict[str, int] = {}
    islands = []
    for start in sorted(land):
        if cell_name(*start) in island_of:
            continue
        cells, todo = [], [start]
        island_of[cell_name(*start)] = len(islands)
        while todo:
            cur = todo.pop()
            cells.append(cur)
            for nb in _neighbours(*cur, rows, cols):
                if nb in land and cell_name(*nb) not in island_of:
                    island_of[cell_name(*nb)] = len(islands)
                    todo.append(nb)
        cells.sort()
        islands.append({
            "cells": [cell_name(*x) for x in cells],
            "big": len(cells) >= BIG_ISLAND,
            "posts": [cell_name(*x) for x in cells if grid[x[0]][x[1]] == "P"],
            "goods": {cell_name(*x): GOODS_LETTER[grid[x[0]][x[1]]] for x in cells
                      if grid[x[0]][x[1]] in GOODS_LETTER},
            "centre": _centre(cells),
        })
    # frame spaces: clockwise, one per tile edge on the rim
    frame = []
    for tx in range(w):
        frame.append([(0, tx * TILE_SIZE + k) for k in range(TILE_SIZE)])
    for ty in range(h):
        frame.append([(ty * TILE_SIZE + k, cols - 1) for k in range(TILE_SIZE)])
    for tx in reversed(range(w)):
        frame.append([(rows - 1, tx * TILE_SIZE + k) for k in range(TILE_SIZE)])
    for ty in reversed(range(h)):
        frame.append([(ty * TILE_SIZE + k, 0) for k in range(TILE_SIZE)])
    frame_names = [frame_name(i, legacy) for i in range(len(frame))]
    # sea graph: node name -> neighbour names
    graph: dict[str, list[str]] = {}
    for r in range(rows):
        for c in range(cols):
            if (r, c) not in land:
                graph[cell_name(r, c)] = [cell_name(*nb) for nb in _neighbours(r, c, rows, cols) if nb not in land]
    for i, name in enumerate(frame_names):
        nbs = [frame_names[(i - 1) % len(frame)], frame_names[(i + 1) % len(frame)]]
        for cell in frame[i]:
            if cell not in land:
                nbs.append(cell_name(*cell))
                graph[cell_name(*cell)].append(name)
        graph[name] = nbs
    # anchors -> the post squares next to them
    anchors = {}
    for r in range(rows):
        for c in range(cols):
            if grid[r][c] == "A":
                anchors[cell_name(r, c)] = [cell_name(*nb) for nb in _neighbours(r, c, rows, cols)
                                            if grid[nb[0]][nb[1]] == "P"]
    # lakes: sea squares not reachable from the frame
    seen = set(frame_names)
    todo = deque(frame_names)
    while todo:
        cur = todo.popleft()
        for nb in graph[cur]:
            if nb not in seen:
                seen.add(nb)
                todo.append(nb)
    lakes = [n for n in graph if n not in seen]
    corner = False
    for r, c in land:
        for dr, dc in ((1, 1), (1, -1)):
            rr, cc = r + dr, c + dc
            if (rr, cc) in land and (r, cc) not in land and (rr, c) not in land:
                corner = True
    return {
        "rows": rows, "cols": cols, "islands": islands, "island_of": island_of,
        "frame": frame_names, "frame_set": frozenset(frame_names), "graph": graph, "anchors": anchors, "lakes": lakes,
        "corner_touch": corner,
    }


def _centre(cells: list[tuple[int, int]]) -> tuple[int, int]:
    """The land square nearest the middle of an island (where its chest sits)."""
    mr = sum(r for r, _ in cells) / len(cells)
    mc = sum(c for _, c in cells) / len(cells)
    return min(cells, key=lambda x: ((x[0] - mr) ** 2 + (x[1] - mc) ** 2, x))


def distances(graph: dict, start: str, limit: int) -> dict[str, int]:
    """Sea steps from ``start`` to every node within ``limit`` steps."""
    dist = {start: 0}
    todo = deque([start])
    while todo:
        cur = todo.popleft()
        if dist[cur] >= limit:
            continue
        for nb in graph[cur]:
            if nb not in dist:
                dist[nb] = dist[cur] + 1
                todo.append(nb)
    return dist
