"""The round machine: setup steps, turns, passing, income and game end."""

from __future__ import annotations

from ..core.messages import msg
from .fire_ice import gained_spades
from .rules import apply_income, cult_income, fdata, income, name, spade_bonus
from .scoring import final_scoring


def new_turn(state: dict, seat: int, spades: int = 0) -> dict:
    """The context of one seat's turn: actions left and an open dig."""
    f = state["factions"][seat]
    # the Darklings' stronghold trade is made in the stronghold's turn (printed); the site's old
    # games kept it for their next conversion, in any later turn (option darkling-sh-later)
    keep = f.get("darkling_left", 0) if state["options"].get("darkling-sh-later") else 0
    t = {
        "seat": seat, "actions": 1, "took": False,
        "spades": spades, "dig_open": spades > 0, "cult_spades": spades > 0,
        "build_hexes": [], "build_used": False, "teleported": [],
        "bridge": 0, "ride": False, "sandstorm": False, "free_tp": False,
        "one_hex": None, "darkling_sh": keep, "cult": [], "volcano": 0,
    }
    state["turn"] = t
    return t


def start_setup(state: dict) -> None:
    """All factions chosen: queue the starting dwellings (setup order rules)."""
    seats = list(range(state["players"]))
    fids = [f["faction"] for f in state["factions"]]
    normal = [s for s in seats if fids[s] != "chaosmagicians"]
    queue = normal + normal[::-1]
    queue += [s for s in seats if fids[s] == "nomads"]
    queue += [s for s in seats if fids[s] == "chaosmagicians"]
    state["phase"] = "dwellings"
    state["queue"] = queue


def after_setup_dwelling(state: dict) -> None:
    state["queue"].pop(0)
    if not state["queue"]:
        state["phase"] = "bonus"
        state["queue"] = list(range(state["players"]))[::-1]


def after_bonus_pick(state: dict, out: list) -> None:
    state["queue"].pop(0)
    if not state["queue"]:
        begin_round(state, 1, out)


def mark(state: dict, out: list, kind: str) -> None:
    """Record every faction's resources at an automatic step (for record checks)."""
    snaps = {s: {"VP": f["vp"], "C": f["C"], "W": f["W"], "P": f["P"], "PW": list(f["pw"]),
                 "cult": list(f["cult"])} for s, f in enumerate(state["factions"])}
    out.append(("mark", kind, snaps))


def begin_round(state: dict, rnd: int, out: list) -> None:
    mark(state, out, "before")
    state["round"] = rnd
    state["phase"] = "actions"
    for card in state["pool"]:
        state["pool"][card] += 1
    state["actions_used"] = []
    state["next_order"] = []
    for seat in state["order"]:
        f = state["factions"][seat]
        f["passed"] = False
        f["used"] = []
        apply_income(state, seat, income(state, seat))
    mark(state, out, "income")
    out.append(msg("tm.ev.round", n=rnd))
    state["current"] = state["order"][0]
    state["turn"] = None


def end_turn(state: dict, out: list) -> None:
    """The current seat is done: find the next seat that has not passed (after a pass that left
    the turn open under variable-turn-order, from the start of the order, as the site does)."""
    t = state["turn"]
    state["turn"] = None
    order = state["order"]
    i = -1 if t and t.get("pass_reordered") else order.index(state["current"])
    for k in range(1, len(order) + 1):
        seat = order[(i + k) % len(order)]
        if not state["factions"][seat]["passed"]:
            state["current"] = seat
            return
    try_end_round(state, out)


def all_passed(state: dict) -> bool:
    return all(f["passed"] for f in state["factions"])


def waiting_answers(state: dict) -> bool:
    """Decisions the round waits for: power offers, the Cultists' steps, the
    Shapeshifters' tokens, the Riverwalkers' unlocks."""
    return bool(state["leeches"]) or any(
        f["pending"]["CULTIST"] or f["pending"].get("LATE") or f["pending"].get("TOKEN")
        or f["pending"].get("UNLOCK") for f in state["factions"])


def try_end_round(state: dict, out: list) -> None:
    """Close the round once everyone passed and every offer is answered."""
    if state["phase"] != "actions" or not all_passed(state) or waiting_answers(state):
        return
    t = state["turn"]
    if t and t["took"] and t["actions"] > 0:
        return  # a Chaos Magicians' double action goes on after passing
    rnd = state["round"]
    mark(state, out, "before")
    if rnd >= 6:
        final_scoring(state)
        state["phase"] = "over"
        state["turn"] = None
        out.append(msg("tm.ev.over"))
        return
    if state["options"].get("variable-turn-order", True):
        state["order"] = list(state["next_order"])
    else:
        first = state["next_order"][0]
        n = state["players"]
        state["order"] = [(first + k) % n for k in range(n)]
    queue = []
    for seat in state["order"]:
        got = cult_income(state, seat, rnd)
        spades = got.pop("SPADE", 0)
        apply_income(state, seat, got)
        kind = fdata(state["factions"][seat]).get("spade")
        if spades and kind is None:
            state["factions"][seat]["cult_spades"] = spades
            spade_bonus(state, seat, spades)
            queue.append(seat)
        elif spades and kind != "lost":  # a cult step to place, or new tokens (fire_ice.gained_spades)
            gained_spades(state, seat, spades)
            spade_bonus(state, seat, spades)
            if kind == "cult":
                queue.append(seat)
        if state["factions"][seat]["pending"].get("UNLOCK") and seat not in queue:
            queue.append(seat)  # the Riverwalkers decide on a cult-bonus priest before the income
    mark(state, out, "cult_income")
    out.append(msg("tm.ev.cult_bonus", n=rnd))
    if queue:
        state["phase"] = "spades"
        state["queue"] = queue
        state["turn"] = None
        out.append(msg("tm.ev.cult_spades", who=[name(state, s) for s in queue]))
    else:
        begin_round(state, rnd + 1, out)


def after_cult_spades(state: dict, out: list) -> None:
    seat = state["queue"].pop(0)
    state["factions"][seat]["cult_spades"] = 0
    state["turn"] = None
    if not state["queue"]:
        begin_round(state, state["round"] + 1, out)

