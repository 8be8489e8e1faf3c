"""Geometry of a map: hex ids, neighbours, river reach, bridge slots, edge hexes.

A ``Board`` is computed once per map of ``maps.MAPS`` (``board_for``); a game's board is
``board(state)``. A land hex id is its row letter plus its position among the row's land hexes
(``E5``); river hexes are ``r0``, ``r1``... in reading order. Cells are numbered from 0, land
and river alike; an even row (A = 0) touches cells c-1 and c of the rows above and below, an
odd row cells c and c+1 (the odd rows sit half a hex to the right).
"""

from __future__ import annotations

from collections import deque
from functools import cache

from ..core.patterns import LazyPattern, is_digits
from .data import LETTER
from .maps import MAPS, ORIGINAL

ROW_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
_HEX = LazyPattern(r"^(?:[A-J]\d{1,2}|r\d{1,3})$")


class Board:
    """One map's cells and the tables the rules ask of it."""

    def __init__(self, key: str, rows: tuple[str, ...], bridge_slots: str):
        self.key = key
        #: hex id -> (row, col) on the full grid; terrain: land id -> terrain index
        self.cells: dict[str, tuple[int, int]] = {}
        self.terrain: dict[str, int] = {}
        self.grid: dict[tuple[int, int], str] = {}
        self.land: list[str] = []
        self.river: list[str] = []
        self.rows = len(rows)
        river = 0
        for r, line in enumerate(rows):
            land = 0
            for c, cell in enumerate(line.split()):
                if cell == "~":
                    hid = f"r{river}"
                    river += 1
                    self.river.append(hid)
                else:
                    land += 1
                    hid = f"{ROW_LETTERS[r]}{land}"
                    self.terrain[hid] = LETTER[cell]
                    self.land.append(hid)
                self.cells[hid] = (r, c)
                self.grid[(r, c)] = hid
        #: every cell's neighbours (land and river)
        self.neighbours: dict[str, tuple[str, ...]] = {
            h: tuple(self.grid[p] for p in self._grid_neighbours(*self.cells[h])) for h in self.cells
        }
        #: land hexes sharing an edge with a land hex
        self.land_neighbours: dict[str, frozenset[str]] = {
            h: frozenset(n for n in self.neighbours[h] if n in self.terrain) for h in self.land
        }
        #: river hex -> the land hexes around it (the Mermaids' connect)
        self.river_land: dict[str, frozenset[str]] = {
            r: frozenset(n for n in self.neighbours[r] if n in self.terrain) for r in self.river
        }
        #: ship_dist[a][b]: the shipping level needed to reach land b from land a (each land hex's
        #: row worked out when first asked: a game asks from a few dozen of them, not all)
        self.ship_dist: dict[str, dict[str, int]] = _ShipDist(self)
        self.land_index = {h: i for i, h in enumerate(self.land)}
        #: bridge slots, as canonical 'X:Y' keys (``slots``: in the map's order)
        self.slots = [self.bridge_key(*s.split(":")) for s in bridge_slots.split()]
        self.bridges: frozenset[str] = frozenset(self.slots)
        self.edge = frozenset(self._edge())
        self._near: dict[int, dict[str, frozenset[str]]] = {}

    def _grid_neighbours(self, r: int, c: int) -> list[tuple[int, int]]:
        out = [(r, c - 1), (r, c + 1)]
        cols = (c - 1, c) if r % 2 == 0 else (c, c + 1)
        for rr in (r - 1, r + 1):
            out += [(rr, cc) for cc in cols]
        return [p for p in out if p in self.grid]

    def _river_distances(self, start: str) -> dict[str, int]:
        """Land hex -> fewest river hexes crossed from ``start`` (ships only)."""
        out: dict[str, int] = {}
        seen = {}
        queue = deque()
        for n in self.neighbours[start]:
            if n not in self.terrain:
                seen[n] = 1
                queue.append(n)
        while queue:
            cur = queue.popleft()
            d = seen[cur]
            for n in self.neighbours[cur]:
                if n in self.terrain:
                    if n != start and (n not in out or out[n] > d):
                        out[n] = d
                elif n not in seen:
                    seen[n] = d + 1
                    queue.append(n)
        return out

    def _edge(self):
        """Land hexes on the map's edge: first and last cell of a row, and every cell of the
        first and last row that has cells (the Fire & Ice 'edge' final tile)."""
        rows = sorted({r for r, _c in self.cells.values()})
        last: dict[int, int] = {}
        for rr, cc in self.grid:
            last[rr] = max(last.get(rr, cc), cc)
        for h in self.land:
            r, c = self.cells[h]
            if r in (rows[0], rows[-1]) or c in (0, last[r]):
                yield h

    def hex_distance(self, a: str, b: str) -> int:
        """Steps between two cells on the grid, through land or river alike."""
        (r1, c1), (r2, c2) = self.cells[a], self.cells[b]
        q1, q2 = c1 - (r1 - (r1 & 1)) // 2, c2 - (r2 - (r2 & 1)) // 2
        dq, dr = q1 - q2, r1 - r2
        return (abs(dq) + abs(dr) + abs(dq + dr)) // 2

    def near(self, k: int) -> dict[str, frozenset[str]]:
        """Land hex -> land hexes at most k steps away (tunnels and carpet flights)."""
        table = self._near.get(k)
        if table is None:
            table = self._near[k] = {
                h: frozenset(o for o in self.land if self.hex_distance(h, o) <= k) for h in self.land
            }
        return table

    def bridge_key(self, a: str, b: str) -> str:
        """Canonical 'X:Y' for a bridge slot (land order as on the map)."""
        x, y = sorted((a, b), key=lambda h: self.land.index(h))
        return f"{x}:{y}"

    def adjacent_pairs(self) -> int:
        """Number of adjacent cell pairs (296 on the base map)."""
        return sum(len(v) for v in self.neighbours.values()) // 2


class _ShipDist(dict):
    """``Board.ship_dist``: land hex -> {land hex: river hexes crossed}, each row filled in when
    first read (a land hex only: any other key is missing, as in a table of them all)."""

    def __init__(self, board: Board) -> None:
        super().__init__()
        self._board = board

    def __missing__(self, start: str) -> dict[str, int]:
        if start not in self._board.terrain:
            raise KeyError(start)
        row = self[start] = self._board._river_distances(start)
        return row

    def _whole(self) -> None:
        """Every row filled in (before the table is read as a whole)."""
        if dict.__len__(self) < len(self._board.land):
            for h in self._board.land:
                self[h]  # noqa: B018 - fills the row in

    def __contains__(self, start) -> bool:
        return start in self._board.terrain

    def get(self, start, default=None):
        return self[start] if start in self._board.terrain else default

    def __iter__(self):
        self._whole()
        return dict.__iter__(self)

    def __len__(self) -> int:
        self._whole()
        return dict.__len__(self)

    def keys(self):
        self._whole()
        return dict.keys(self)

    def values(self):
        self._whole()
        return dict.values(self)

    def items(self):
        self._whole()
        return dict.items(self)


@cache
def board_for(key: str) -> Board:
    data = MAPS[key]
    return Board(key, data["rows"], data["bridges"])


def board(state: dict) -> Board:
    """The board of a game (games from before maps were a choice play the Original)."""
    return board_for(state.get("map") or ORIGINAL)


def hex_id(text: str) -> str | None:
    """Normalise a typed hex id ('e5' -> 'E5', 'R3' -> 'r3'); None if it cannot be one.
    Whether the hex is on the game's map is for the rules to say."""
    t = text.strip()
    t = t.lower() if t[:1] in "rR" else t.upper()
    if not t.isascii():
        return t if _HEX.match(t) else None
    if t[:1] == "r":
        return t if 2 <= len(t) <= 4 and is_digits(t[1:]) else None
    return t if len(t) in (2, 3) and "A" <= t[0] <= "J" and is_digits(t[1:]) else None
