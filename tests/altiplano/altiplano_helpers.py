"""Building Altiplano positions for rule tests without playing to them."""

from __future__ import annotations

import json
from pathlib import Path

from games.altiplano import GAME, rules

FACTS = json.loads((Path(__file__).parents[1] / "fixtures" / "altiplano" / "seed_facts.json").read_text())


def fresh(players: int = 2, seed: int = 1, **options) -> dict:
    return GAME.setup(players, seed, options or None)


def acting(players: int = 2, seat: int = 0, seed: int = 1, **options) -> dict:
    """A state in the action phase with ``seat`` to act and every board empty."""
    state = fresh(players, seed, **options)
    for p in state["seats"]:
        p["bag"] = sorted(p["bag"] + [g for g in p["slots"] if g])
        p["slots"] = [None] * 8
        p["stage"] = None
        p["pawn"] = None
    state["phase"] = "act"
    state["turn"] = seat
    state["start"] = seat
    return state


def arrange(state: dict, seat: int, pawn: str | None = None, coins: int | None = None, **spaces) -> dict:
    """Put tiles on a player's action spaces (``farm=["alpaca", "food"]``)."""
    p = state["seats"][seat]
    for space, goods in spaces.items():
        key = space.upper() if space.startswith("e") and space[1:].isdigit() else space
        p["spaces"][key] = list(goods)
    if pawn is not None:
        p["pawn"] = pawn
    if coins is not None:
        p["coins"] = coins
    return p


def give_ext(state: dict, seat: int, eid: str) -> None:
    state["seats"][seat]["exts"].append(eid)
    if eid in state["strip"]:
        state["strip"][state["strip"].index(eid)] = None
    if eid in state["stack"]:
        state["stack"].remove(eid)


def play(state: dict, seat: int, *moves: str):
    events = []
    for m in moves:
        events += GAME.play(state, seat, m)
    return events


def texts(events) -> str:
    return " | ".join(e.text for e in events)


def everyone_done(state: dict) -> None:
    """Finish the planning of every seat (returning nothing, planning nothing)."""
    for seat, p in enumerate(state["seats"]):
        if p["stage"] == "prep":
            GAME.play(state, seat, "draw")
        if p["stage"] == "plan":
            GAME.play(state, seat, "done")


__all__ = ["GAME", "rules", "FACTS", "fresh", "acting", "arrange", "give_ext", "play", "texts", "everyone_done"]
