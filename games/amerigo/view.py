"""What a seat sees. Amerigo hides only the order of the face-down stacks
(development deck, production stacks) and the unrevealed pirates; everything
else is on the table, so every seat's view is the public one."""

from __future__ import annotations

import random

from . import rules as R
from .data import COLOURS, DEV_DESIGNED, ROUNDS


def _colour(phase: int) -> str | None:
    return COLOURS[phase] if 0 <= phase < len(COLOURS) else None


def _turn(state: dict, current: int | None) -> dict | None:
    turn = state["turn"]
    if not turn:
        return None
    out = {"seat": current, "action": turn["action"], "points_left": R.left(turn),
           "budget": turn["budget"], "coins_paid": turn["bought"]}
    for key in ("picks", "moved", "posted", "neutral"):
        if key in turn:
            out[key] = turn[key]
    return out


#: the entries of :func:`view` that :func:`glance` answers alone
GLANCES = {
    "phase": lambda state: _colour(state["phase"]),
    "round": lambda state: state["round"],
    "ap": lambda state: R.ap(state),
    "turn": lambda state: _turn(state, R.current_seat(state)),
}


def glance(state: dict, key: str):
    """``view(state)[key]`` alone, for the keys of :data:`GLANCES` (KeyError for the others)."""
    return GLANCES[key](state)


def view(state: dict, seat: int | None = None) -> dict:
    from .scoring import result

    geo = R.geometry(state)
    res = result(state)
    current = R.current_seat(state)
    turn = _turn(state, current)
    phase = state["phase"]
    return {
        "game": "amerigo",
        "seat": seat,
        "round": state["round"],
        "phase": _colour(phase),
        "phase_index": phase,
        "time": R.time_value(state),
        # the round-5 time value is ours (data.UNVERIFIED): the board marks it ◇
        "time_designed": state["round"] == ROUNDS,
        "to_move": [] if current is None else [current],
        "order": list(state["order"]),
        "turn_pos": state["turn_pos"],
        "turn": turn,
        "last": list(state.get("last", [])),
        "last_msgs": list(state.get("last_msgs") or []),
        "result": res.to_json() if res else None,
        "map": {"w": state["map"]["w"], "h": state["map"]["h"], "grid": list(state["map"]["grid"]),
                "frame": len(geo["frame"]), "frame_names": list(geo["frame"]),
                "designed": True},  # tile layouts are ours
        "islands": [
            {"size": len(isl["cells"]), "big": isl["big"], "chest": st["chest"], "done": st["done"],
             "centre": list(isl["centre"]), "completer": st["completer"]}
            for isl, st in zip(geo["islands"], state["islands"])
        ],
        "posts": dict(state["posts"]),
        "placed": [dict(t) for t in state["placed"]],
        "goods": dict(state["goods"]),
        "ships": [list(s) for s in state["ships"]],
        "neutral": dict(state["neutral"]),
        "neutral_designed": True,  # the counts per shape are ours
        "tray": dict(state["tray"]),
        "stock": dict(state["stock"]),
        "tower_inside": dict(state["tower"]["inside"]),
        "pour": dict(state["pour"]) if state["pour"] else None,
        "ap": R.ap(state),
        "cubes": R.cubes_shown(state),
        "pirates": {"revealed": state["pirates"]["row"][: state["pirates"]["revealed"]],
                    "hidden": len(state["pirates"]["row"]) - state["pirates"]["revealed"]},
        "dev": {"left": list(state["dev"]["left"]), "right": list(state["dev"]["right"]),
                "deck": len(state["dev"]["deck"]),
                # tiles whose copies or kind are ours: marked ◇ where shown
                "designed": sorted(d for d in state["dev"]["left"] + state["dev"]["right"] if d in DEV_DESIGNED)},
        "prod": {"display": list(state["prod"]["display"]),
                 "stacks": {k: len(v) for k, v in state["prod"]["stacks"].items()}},
        "players": [
            {k: (dict(v) if isinstance(v, dict) else list(v) if isinstance(v, list) else v)
             for k, v in p.items()} | {"seat": s, "ships_on_map": len(state["ships"][s])}
            for s, p in enumerate(state["seats"])
        ],
    }


# --- what a seat cannot see, re-dealt (the bots search on such copies) ------------------------
def redeal(state: dict, seat: int, rnd: random.Random) -> None:
    """For the bots (``games.bots.hidden.determinise``): re-deal what ``seat`` cannot see.
    Only the order of the face-down production stacks is hidden."""
    for stack in state["prod"]["stacks"].values():
        rnd.shuffle(stack)
