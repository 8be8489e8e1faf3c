"""Shared set-ups for the Amerigo tests: a small hand-made map and a way to
put a chosen seat to move with chosen cubes on the action space."""

from __future__ import annotations

import json
from pathlib import Path

from games.amerigo import GAME
from games.amerigo import rules as R

FACTS = json.loads((Path(__file__).parent.parent / "fixtures" / "amerigo" / "seed_facts.json").read_text())

#: two tiles side by side. Small island (5 squares, post B3 by anchor B2,
#: cotton on D3); big island (20 squares, posts G2 by anchor G1 and H5 by
#: anchor H6, sugar on I4).
TEST_GRID = [
    "......A.....",
    ".A....P####.",
    ".P#c..#####.",
    ".##...##s##.",
    "......#P###.",
    ".......A....",
]
SMALL = ["B3", "C3", "D3", "B4", "C4"]


def table(players: int = 2, seed: int = 1) -> dict:
    """A fresh game on the test map."""
    state = GAME.setup(players, seed)
    R.install_map(state, {"w": 2, "h": 1, "tiles": [], "grid": list(TEST_GRID)})
    return state


def to_act(state: dict, seat: int, tray: dict) -> dict:
    """Make ``seat`` the next to act with ``tray`` cubes shown (others follow)."""
    state["tray"] = dict(tray)
    state["order"] = [seat] + [s for s in range(state["players"]) if s != seat]
    state["turn_pos"] = 0
    state["turn"] = None
    return state


def island_index(state: dict, cell: str) -> int:
    return R.geometry(state)["island_of"][cell]


def play(state: dict, seat: int, *moves: str) -> list:
    out = []
    for m in moves:
        out += GAME.play(state, seat, m)
    return out


def recorded_start(data: dict) -> dict:
    """The start of a recorded fixture game, read as the engine version that wrote it
    (``engine_version``: 1 = frame spaces named F1.., replayed on that graph)."""
    options = GAME.log_options(None, data.get("engine_version", GAME.version))
    return GAME.setup(data["players"], data["seed"], options)
