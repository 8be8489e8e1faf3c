"""Shared test helpers: states put directly into a phase with chosen cards."""

from __future__ import annotations

import json
from pathlib import Path

from games import get
from games.bruges.data import CARDS, COLOURS

GAME = get("bruges")
FACTS = json.loads((Path(__file__).parents[1] / "fixtures" / "bruges" / "seed_facts.json").read_text())


def _take(state, cid):
    for pile in state["piles"] + [state["reserve"]]:
        if cid in pile:
            pile.remove(cid)


def actions_state(players=2, hands=None, dice=None, seed=1):
    """A state in the action phase, seat 0 to play, with the given hands."""
    state = GAME.setup(players, seed)
    for p in state["ps"]:
        state["piles"][0].extend(p["hand"] + p["drawn"])
        p["hand"], p["drawn"] = [], []
    state["phase"] = "actions"
    state["draw_queue"] = []
    state["dice"] = dict(zip(COLOURS, dice or (3, 3, 3, 3, 3)))
    state["turn"] = 0
    state["turn_played"] = False
    for seat in range(players):
        p = state["ps"][seat]
        p["plays_left"] = 4
        for cid in (hands or {}).get(seat, []):
            _take(state, cid)
            p["hand"].append(cid)
    return state


def give_house(state, seat, person=None, roof="blue"):
    """A house (from some card out of the piles), optionally with a person."""
    house_card = state["piles"][1].pop()
    if person is not None:
        _take(state, person)
    state["ps"][seat]["houses"].append({"roof": roof, "card": house_card, "person": person})
    return len(state["ps"][seat]["houses"])


def by(pred):
    """Card ids matching a predicate on the Card."""
    return [c.id for c in CARDS.values() if pred(c)]


def play(state, seat, text):
    return GAME.play(state, seat, text)
