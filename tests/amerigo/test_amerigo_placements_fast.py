"""The table-driven placement generator answers exactly what the plain
square-by-square search answers, on real game states and on crowded random
boards (every seat, every shape)."""

from __future__ import annotations

import random

import pytest

from games.amerigo import GAME
from games.amerigo import board as B
from games.amerigo import islands as I
from games.amerigo.data import ORIENTATIONS, SHAPES
from games.amerigo.rules import geometry
from games.core.playout import random_playout


def reference(state: dict, seat: int, shape: str) -> list[tuple[str, ...]]:
    """The generator as it was before the tables: try every orientation on
    every free square of every island where the seat has a post."""
    geo = geometry(state)
    rows, cols = geo["rows"], geo["cols"]
    key = B.parse_cell
    mine = {geo["island_of"][c] for c, s in state["posts"].items() if s == seat}
    out = set()
    for index in sorted(mine):
        if state["islands"][index]["done"]:
            continue
        cells_of = geo["islands"][index]["cells"]
        free = {c for c in cells_of if c not in state["built"] and c not in state["posts"]}
        touch = set()
        for cell in cells_of:
            if state["posts"].get(cell) == seat or cell in state["built"]:
                r, c = key(cell)
                touch |= {B.cell_name(rr, cc) for rr, cc in B._neighbours(r, c, rows, cols)}
        for orient in ORIENTATIONS[shape]:
            dr, dc = orient[0]
            for cell in free:
                r0, c0 = key(cell)
                cells = []
                for r, c in orient:
                    rr, cc = r0 + r - dr, c0 + c - dc
                    name = B.cell_name(rr, cc) if 0 <= rr < rows and 0 <= cc < cols else None
                    if name not in free:
                        break
                    cells.append(name)
                else:
                    if touch & set(cells):
                        out.add(tuple(sorted(cells, key=key)))
    return sorted(out, key=lambda k: [key(c) for c in k])


def _compare(state: dict) -> int:
    """Check every seat and shape on this board; how many placements were listed."""
    total = 0
    for seat in range(state["players"]):
        for shape in SHAPES:
            want = reference(state, seat, shape)
            assert I.placements(state, seat, shape) == want, (seat, shape)
            total += len(want)
    return total


@pytest.mark.parametrize("players,seed", [(2, 11), (3, 12), (4, 13)])
def test_same_placements_through_a_random_game(players, seed):
    final, moves = random_playout(GAME, players, seed)
    state = GAME.setup(players, seed)
    listed = 0
    for n, (seat, move) in enumerate(moves):
        if n % 7 == 0:
            listed += _compare(state)
        GAME.play(state, seat, move)
    listed += _compare(final)
    assert listed > 0  # the game had boards with room to build


@pytest.mark.parametrize("seed", range(12))
def test_same_placements_on_crowded_random_boards(seed):
    """Posts of every seat and covered squares strewn over the islands, more
    each time, so islands are empty, half full and nearly full."""
    rnd = random.Random(seed)
    players = 2 + seed % 3
    state = GAME.setup(players, 100 + seed, {"legacy_frame": True} if seed == 5 else None)
    geo = geometry(state)
    land = sorted(geo["island_of"])
    listed = 0
    for share in (0.02, 0.1, 0.3, 0.6):
        state["posts"] = {c: rnd.randrange(players) for c in rnd.sample(land, int(len(land) * share / 2))}
        rest = [c for c in land if c not in state["posts"]]
        state["built"] = {c: 0 for c in rnd.sample(rest, int(len(rest) * share))}
        for isl in state["islands"]:
            isl["done"] = False
        listed += _compare(state)
    assert listed > 100


def test_a_new_list_each_call():
    """Callers may change what they get without changing the next answer."""
    state = GAME.setup(2, 21)
    cell = sorted(geometry(state)["island_of"])[0]
    state["posts"] = {cell: 0}
    first = I.placements(state, 0, "1")
    assert first
    first.clear()
    assert I.placements(state, 0, "1") == reference(state, 0, "1")
