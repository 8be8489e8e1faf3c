"""The cube tower as a seeded, stateful model (DESIGNED, data file 5.2).

Cubes poured in may lodge inside; cubes already lodged may be knocked out by
later pours. Per cube, in a fixed colour order:

- a poured cube stays inside with ``TOWER_STICK`` (``TOWER_SETUP_STICK`` for
  the 49-cube set-up pour);
- a cube that was inside before the pour falls out with
  ``1 - (1 - TOWER_KNOCK) ** dropped``.

One draw from the game's ``Rng`` gives every per-cube number of a pour, so a
game replays exactly. Every pour is logged (in, out, inside after).
"""

from __future__ import annotations

from games.core import Rng

from .data import (
    COLOURS,
    TOWER_KNOCK,
    TOWER_RESOLUTION,
    TOWER_SETUP_STICK,
    TOWER_STICK,
)


def new_tower() -> dict:
    return {"inside": {c: 0 for c in COLOURS}, "log": []}


def _cubes(counts: dict) -> list[str]:
    """Counts -> one entry per cube, in phase-colour order (fixed draw order)."""
    return [c for c in COLOURS for _ in range(counts.get(c, 0))]


def pour(tower: dict, dropped: dict, rng: Rng, setup: bool = False, label: str = "") -> dict:
    """Drop ``dropped`` cubes into the tower; return the cubes that came out.

    ``tower`` is updated in place and the pour is appended to its log.
    """
    poured = _cubes(dropped)
    held = _cubes(tower["inside"])
    out = {c: 0 for c in COLOURS}
    if poured:
        stick = TOWER_SETUP_STICK if setup else TOWER_STICK
        knock = 1 - (1 - TOWER_KNOCK) ** len(poured)
        rolls = rng.dice(len(poured) + len(held), TOWER_RESOLUTION)
        for cube, roll in zip(poured, rolls):
            if roll > stick * TOWER_RESOLUTION:
                out[cube] += 1
            else:
                tower["inside"][cube] += 1
        for cube, roll in zip(held, rolls[len(poured):]):
            if roll <= knock * TOWER_RESOLUTION:
                out[cube] += 1
                tower["inside"][cube] -= 1
    tower["log"].append({
        "label": label,
        "in": {c: n for c, n in dropped.items() if n},
        "out": {c: n for c, n in out.items() if n},
        "inside": sum(tower["inside"].values()),
    })
    return {c: n for c, n in out.items() if n}
