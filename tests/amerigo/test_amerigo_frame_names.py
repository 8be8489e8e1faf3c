"""Frame spaces (F1..F16) and the squares of column F share names.

Found while drawing the board: ``board.geometry`` keys the sea graph by name,
so the frame space ``F3`` overwrites the sea square ``F3`` (column F, row 3),
and ``turns`` treats any destination starting with "F" as the frame (no
one-ship limit). On seed 5 with 4 players the anchors on F3 and F5 are such
squares: ``sail``, ``place F3``, ``place F3``, ``post E3`` founds a post (+3 VP)
beside the square F3 with both ships on the frame space F3, far away, without
sailing; and sea squares next to the square F3 lead to the frame space in one
step. Kept as an expected failure until the notation gives the frame its own
names (old move logs say ``place F3`` / ``ship 1 F3`` and must still replay).
"""

from __future__ import annotations

import pytest

from games.amerigo import GAME
from games.amerigo.board import COLS, geometry


@pytest.mark.xfail(strict=True, reason="frame spaces and column F squares share names (engine, see module doc)")
def test_every_sea_square_and_frame_space_is_its_own_node():
    state = GAME.setup(4, 5)
    grid = state["map"]["grid"]
    geo = geometry(tuple(grid))
    sea = [f"{COLS[c]}{r + 1}" for r, row in enumerate(grid) for c, ch in enumerate(row) if ch in ".A"]
    assert "F3" in sea and "F3" in geo["frame"]          # the anchor square F3 and the frame space F3
    assert len(geo["graph"]) == len(sea) + len(geo["frame"])
