"""Fire & Ice positions for rule tests, through the real set-up (base map)."""

from __future__ import annotations

from .tm_helpers import GAME, SCORING

FI_OPTIONS = {"fire-and-ice-factions/ice": True, "fire-and-ice-factions/volcano": True,
              "fire-and-ice-factions/variable_v5": True}


def start_fi(factions, picks, dwellings, bonuses=None, options=None, scoring=None, pool=None):
    """Factions in seat order; ``picks`` {seat: row} is what a faction owes
    after its choice (``pick-color gray. +FAV11``), played as soon as it is
    owed (the volcano factions' once every faction is chosen); then the
    starting dwellings {seat: [hexes]} and bonus cards {seat: card}."""
    opts = {"league": True, **FI_OPTIONS, **(options or {})}  # the site's options, as these tests check
    pool = pool or [f"BON{i}" for i in range(1, 11)]
    state = GAME.setup(len(factions), 1, opts, scoring=scoring or SCORING, bonuses=pool)
    todo = dict(picks)
    for seat, fid in enumerate(factions):
        GAME.play(state, seat, f"setup {fid}")
        while state["phase"] == "factions" and GAME.to_move(state) != {seat + 1}:
            owed = next(iter(GAME.to_move(state)))
            GAME.play(state, owed, todo.pop(owed))
    left = {s: list(h) for s, h in dwellings.items()}
    while state["phase"] == "dwellings":
        seat = state["queue"][0]
        GAME.play(state, seat, f"build {left[seat].pop(0)}")
    bonuses = bonuses or {}
    while state["phase"] == "bonus":
        seat = state["queue"][0]
        card = bonuses.get(seat) or next(b for b in sorted(state["pool"]) if b not in bonuses.values())
        GAME.play(state, seat, f"pass {card}")
    return state


def values(f):
    return {"VP": f["vp"], "C": f["C"], "W": f["W"], "P": f["P"], "PW": list(f["pw"]), "cult": list(f["cult"])}
