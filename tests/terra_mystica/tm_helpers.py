"""Build Terra Mystica positions for rule tests through the real setup."""

from __future__ import annotations

from games import get

GAME = get("terra-mystica")
SCORING = ["SCORE2", "SCORE3", "SCORE4", "SCORE5", "SCORE6", "SCORE7"]


def start(factions, dwellings, bonuses=None, scoring=None, options=None, pool=None):
    """Factions in seat order, starting dwellings {seat: [hexes]} and bonus
    picks {seat: card}; returns the state at round 1's first turn. Without ``options`` the
    table plays the site's league options (what these rule tests check against the site);
    tests of the seed's game pass theirs."""
    pool = pool or [f"BON{i}" for i in range(1, 11)]
    if options is None:
        options = {"league": True}
    state = GAME.setup(len(factions), 1, options, scoring=scoring or SCORING, bonuses=pool)
    for seat, fid in enumerate(factions):
        GAME.play(state, seat, f"setup {fid}")
    todo = {s: list(h) for s, h in dwellings.items()}
    while state["phase"] == "dwellings":
        seat = state["queue"][0]
        GAME.play(state, seat, f"build {todo[seat].pop(0)}")
    bonuses = bonuses or {}
    while state["phase"] == "bonus":
        seat = state["queue"][0]
        card = bonuses.get(seat) or next(b for b in sorted(state["pool"]) if b not in bonuses.values())
        GAME.play(state, seat, f"pass {card}")
    return state


def play(state, seat, text):
    return GAME.play(state, seat, text)


def fac(state, seat):
    return state["factions"][seat]


def give(state, seat, **res):
    """Set resources: give(state, 0, C=20, W=10, P=2, pw=[0, 0, 12], vp=30)."""
    f = state["factions"][seat]
    for k, v in res.items():
        f[k] = list(v) if isinstance(v, list) else v


def put(state, seat, hexes, kind="D", terrain=True):
    """Place buildings directly (turning the hexes into the faction's home)."""
    from games.terra_mystica.data import FACTIONS

    home = FACTIONS[state["factions"][seat]["faction"]]["home"]
    for h in hexes.split() if isinstance(hexes, str) else hexes:
        state["buildings"][h] = [seat, kind]
        if terrain:
            state["terrain"][h] = home


def turn_to(state, seat):
    """Make it seat's turn (tests of one action)."""
    state["current"] = seat
    state["turn"] = None
