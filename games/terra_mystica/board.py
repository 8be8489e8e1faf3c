"""Geometry of the base map: hex ids, neighbours, river reach, bridge slots.

Computed once from ``data.MAP_ROWS``. A land hex id is its row letter plus
its position among the row's land hexes (``E5``); river hexes are ``r0`` ..
``r35`` in reading order.
"""

from __future__ import annotations

from collections import deque

from ..core.notation import is_number
from .data import BRIDGE_SLOTS, LETTER, MAP_ROWS

ROW_LETTERS = "ABCDEFGHI"

#: hex id -> (row, col) on the full grid; TERRAIN: land id -> terrain index
CELLS: dict[str, tuple[int, int]] = {}
TERRAIN: dict[str, int] = {}
GRID: dict[tuple[int, int], str] = {}
LAND: list[str] = []
RIVER: list[str] = []


def _build() -> None:
    river = 0
    for r, line in enumerate(MAP_ROWS):
        land = 0
        for c, cell in enumerate(line.split()):
            if cell == "~":
                hid = f"r{river}"
                river += 1
                RIVER.append(hid)
            else:
                land += 1
                hid = f"{ROW_LETTERS[r]}{land}"
                TERRAIN[hid] = LETTER[cell]
                LAND.append(hid)
            CELLS[hid] = (r, c)
            GRID[(r, c)] = hid


_build()


def _grid_neighbours(r: int, c: int) -> list[tuple[int, int]]:
    out = [(r, c - 1), (r, c + 1)]
    cols = (c - 1, c) if r % 2 == 0 else (c, c + 1)
    for rr in (r - 1, r + 1):
        out += [(rr, cc) for cc in cols]
    return [p for p in out if p in GRID]


#: every cell's neighbours (land and river)
NEIGHBOURS: dict[str, tuple[str, ...]] = {
    h: tuple(GRID[p] for p in _grid_neighbours(*CELLS[h])) for h in CELLS
}
#: land hexes sharing an edge with a land hex
LAND_NEIGHBOURS: dict[str, frozenset[str]] = {
    h: frozenset(n for n in NEIGHBOURS[h] if n in TERRAIN) for h in LAND
}


def _axial(h: str) -> tuple[int, int]:
    r, c = CELLS[h]
    return c - (r - (r & 1)) // 2, r


def hex_distance(a: str, b: str) -> int:
    """Steps between two cells on the grid, through land or river alike."""
    (q1, r1), (q2, r2) = _axial(a), _axial(b)
    dq, dr = q1 - q2, r1 - r2
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def _river_distances(start: str) -> dict[str, int]:
    """Land hex -> fewest river hexes crossed from ``start`` (ships only)."""
    out: dict[str, int] = {}
    seen = {}
    queue = deque()
    for n in NEIGHBOURS[start]:
        if n not in TERRAIN:
            seen[n] = 1
            queue.append(n)
    while queue:
        cur = queue.popleft()
        d = seen[cur]
        for n in NEIGHBOURS[cur]:
            if n in TERRAIN:
                if n != start and (n not in out or out[n] > d):
                    out[n] = d
            elif n not in seen:
                seen[n] = d + 1
                queue.append(n)
    return out


#: SHIP_DIST[a][b]: the shipping level needed to reach land b from land a
SHIP_DIST: dict[str, dict[str, int]] = {h: _river_distances(h) for h in LAND}

#: hexes within grid distance k of each land hex (tunnelling / carpet flight)
_RING_CACHE: dict[tuple[str, int], frozenset[str]] = {}


def land_within(h: str, k: int) -> frozenset[str]:
    key = (h, k)
    if key not in _RING_CACHE:
        _RING_CACHE[key] = frozenset(o for o in LAND if o != h and hex_distance(h, o) <= k)
    return _RING_CACHE[key]


def bridge_key(a: str, b: str) -> str:
    """Canonical 'X:Y' for a bridge slot (land order as on the map)."""
    x, y = sorted((a, b), key=lambda h: LAND.index(h))
    return f"{x}:{y}"


BRIDGES: frozenset[str] = frozenset(bridge_key(*s.split(":")) for s in BRIDGE_SLOTS)


def adjacent_pairs() -> int:
    """Number of adjacent cell pairs (296 on the base map)."""
    return sum(len(v) for v in NEIGHBOURS.values()) // 2


def hex_id(text: str) -> str | None:
    """Normalise a typed hex id ('e5' -> 'E5', 'R3' -> 'r3'); None if unknown."""
    t = text.strip()
    t = t.lower() if t[:1] in "rR" and is_number(t[1:]) else t.upper()
    return t if t in CELLS else None
