"""The printed Fire & Ice faction auction (option ``faction-auction``).

Printed (facts §4): as many factions as players are drawn from the bag, and a
marker for each goes on space 40 of the VP track; players bid for the
factions with those markers. The bidding itself was not retrieved, so it is
DESIGNED here (and said so in /help):

* A drawn faction that conflicts with one drawn before (same colour, second
  ice, volcano or variable faction) goes back and another is drawn.
* Bidding goes round the table from seat 0; a player who holds no faction
  bids (``bid witches 37``), one who holds one is skipped.
* A bid names a VP value for a faction: a faction nobody holds may be taken
  at its marker's value or lower, a faction another player holds only at
  least 1 VP lower. Its marker moves there; a player outbid holds nothing
  and bids again on a later turn. Values go down to 0, never below.
* When everyone holds a faction, each plays it and starts with the VP its
  marker shows (instead of 20); the colour picks of set-up follow as usual.
"""

from __future__ import annotations

from ..core import IllegalMove, Rng
from ..core.messages import msg
from . import fire_ice as FI
from . import messages as M
from .flow import start_setup
from .rules import name, new_faction

START = 40


def start(state: dict) -> None:
    """Draw the factions and open the bidding (the game's set-up calls it)."""
    rng = Rng(state["rng"])
    bag = rng.shuffled(FI.offered(state))
    drawn: list[str] = []
    probe = {"factions": [], "options": state["options"], "round": 0}
    for fid in bag:
        if len(drawn) == state["players"]:
            break
        if FI.conflict(probe, fid) is None:
            drawn.append(fid)
            probe["factions"].append(new_faction(fid))
    state["phase"] = "auction"
    state["auction"] = {"factions": drawn, "marks": {fid: START for fid in drawn},
                        "holder": {fid: None for fid in drawn}, "turn": 0}


def bid(state: dict, seat: int, fid: str, vp: int, out: list) -> None:
    a = state["auction"]
    if a["turn"] != seat:
        raise IllegalMove("tm.err.bid_turn", who=name(state, a["turn"]))
    if fid not in a["marks"]:
        raise IllegalMove("tm.err.bid_faction", faction=M.faction(fid), drawn=[M.faction(f) for f in a["factions"]])
    mark, holder = a["marks"][fid], a["holder"][fid]
    most = mark if holder is None else mark - 1
    if vp > most or vp < 0:
        raise IllegalMove("tm.err.bid_vp", faction=M.faction(fid), most=most)
    a["marks"][fid] = vp
    a["holder"][fid] = seat
    out.append(msg("tm.ev.bid", who=name(state, seat), faction=M.faction(fid), n=vp))
    if holder is not None:
        out.append(msg("tm.ev.outbid", who=name(state, holder), faction=M.faction(fid)))
    held = {s for s in a["holder"].values() if s is not None}
    if len(held) == state["players"]:
        _finish(state, out)
        return
    n = state["players"]
    a["turn"] = next((seat + k) % n for k in range(1, n + 1) if (seat + k) % n not in held)


def _finish(state: dict, out: list) -> None:
    """Everyone holds a faction: seat it with its marker's VP, then set-up goes on."""
    a = state["auction"]
    by_seat = {s: fid for fid, s in a["holder"].items()}
    state["phase"] = "factions"
    for seat in range(state["players"]):
        fid = by_seat[seat]
        state["factions"][seat] = f = new_faction(fid, FI.table_for(state, fid))
        f["vp"] = a["marks"][fid]
        out.append(msg("tm.ev.plays", who=name(state, seat), faction=M.faction(fid)))
    for seat in range(state["players"]):
        FI.after_choice(state, seat)
    if FI.setup_owed(state) is None:
        start_setup(state)


def bid_moves(state: dict, seat: int) -> list[str]:
    """A few bids to offer: each faction at its highest allowed values."""
    a = state["auction"]
    if a["turn"] != seat:
        return []
    out = []
    for fid in a["factions"]:
        most = a["marks"][fid] if a["holder"][fid] is None else a["marks"][fid] - 1
        out += [f"bid {fid} {v}" for v in range(most, max(-1, most - 3), -1)]
    return out
