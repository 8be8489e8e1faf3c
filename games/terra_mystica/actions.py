"""What each sub-command does, in the online site's semantics.

``apply_row`` runs the sub-commands of one typed row for one seat. A turn is
one full action (transform-and-build, upgrade, advance, send a priest, a
power/bonus/favour/stronghold action, or pass) plus any free actions; it
ends when the action and everything it owes (favour/town tile, cult step,
spades, bridge) are done. Power offers (leech) are answered by other seats
at any time, in any order.
"""

from __future__ import annotations

from ..core import IllegalMove
from ..core.messages import msg
from ..core.notation import excerpt
from . import fire_ice as FI
from . import messages as M
from .board import board
from .data import (
    ACTION_OWNER,
    BONUSES,
    CULTS,
    EXCHANGE,
    FAV12_PASS_VP,
    FAVOURS,
    ICE,
    POWER_ACTIONS,
    PRIEST_SPACES,
    SUPPLY,
    TOWNS,
    UPGRADE_FROM,
    VOLCANO,
)
from .flow import (
    after_bonus_pick,
    after_cult_spades,
    after_setup_dwelling,
    end_turn,
    new_turn,
    start_setup,
    try_end_round,
)
from .maps import MAPS
from .notation import site_order
from .places import iter_transforms
from .rules import (
    amounts,
    anchor_of,
    check_towns,
    close_offer,
    count_buildings,
    cult_advance,
    direct_neighbours,
    faction_seat,
    fdata,
    gain_power,
    gain_priests,
    has_sh,
    home_of,
    leech_take,
    name,
    new_faction,
    offer_leech,
    own_hexes,
    pay,
    power_room,
    priest_room,
    reach,
    reach_cost,
    score_event,
    ship_level,
    spade_bonus,
    spend_power,
    unblock_cult_steps,
)
from .wheel import spade_table, toward

ANSWERS = ("leech", "decline", "wait")


def apply_row(state: dict, seat: int, cmds: list[tuple], finish: bool = True) -> list[str]:
    """Run one row; ``finish=False`` leaves the turn open (autocomplete's
    look-ahead: the next part may still build on a transformed hex)."""
    out: list[str] = []
    phase = state["phase"]
    if phase == "auction":
        if len(cmds) != 1 or cmds[0][0] != "bid":
            raise IllegalMove("tm.err.bid_first", drawn=list(state["auction"]["factions"]))
        from . import auction  # only a game with the auction option (start-up, issue 33 goal 7)

        auction.bid(state, seat, cmds[0][1], cmds[0][2], out)
        return out
    if phase == "factions":
        _setup_faction(state, seat, cmds, out)
        return out
    if phase == "dwellings":
        _setup_dwelling(state, seat, cmds, out)
        return out
    if phase == "bonus":
        if len(cmds) != 1 or cmds[0][0] != "pass" or not cmds[0][1]:
            raise IllegalMove("tm.err.pick_bonus", cards=list(state["pool"]))
        _take_bonus(state, seat, cmds[0][1], out)
        after_bonus_pick(state, out)
        return out
    f = state["factions"][seat]
    cmds = site_order(cmds)
    for cmd in cmds:
        verb = cmd[0]
        if verb in ("leech", "decline"):
            (_leech if verb == "leech" else _decline)(state, seat, cmd, out)
            continue
        if verb == "wait":
            continue
        if verb == "token":
            FI.take_token(state, seat, cmd[1], out)
            try_end_round(state, out)
            continue
        if verb == "unlock":
            FI.unlock(state, seat, cmd[1], out)
            if state["phase"] == "spades" and state["queue"][0] == seat and not f["pending"]["UNLOCK"] \
                    and not f["cult_spades"]:
                after_cult_spades(state, out)  # a cult-bonus priest decided: the round goes on
            try_end_round(state, out)
            continue
        if verb == "cult" and cmd[2] < 0 and f["pending"].get("LOSE_CULT") and own_turn(state, seat):
            FI.lose_cult(state, seat, cmd[1], -cmd[2], out)
            continue
        if verb == "cult" and cmd[2] < 0:
            _drop_cult_step(state, seat, cmd, cmds, out)
            continue
        if verb == "cult" and cmd[2] > 0 and _late_steps(f) and not own_turn(state, seat):
            _cultist_step(state, seat, cmd, out)
            continue
        if not own_turn(state, seat):
            raise IllegalMove(_not_turn_text(state, seat))
        if f["pending"].get("UNLOCK"):
            raise IllegalMove("tm.err.unlock_first")
        t = state["turn"] if state["turn"] and state["turn"]["seat"] == seat else _start_turn(state, seat)
        if verb != "cult" and _carry_cult_steps(state, seat, t, out):
            t = _start_turn(state, seat)
        if verb == "convert":
            for o in state["leeches"]:
                if o["seat"] == seat:
                    o["converted"] = True  # strict-leech: no taking this offer after a conversion
        HANDLERS[verb](state, seat, t, cmd, out)
    if finish:
        _finish_row(state, seat, out)
    return out


def to_move(state: dict) -> set[int]:
    """The seats the table waits for: the seat whose turn it is, every seat
    with a power offer to answer, the Cultists with a step to place, the
    Shapeshifters with a token and the Riverwalkers with an unlock to decide."""
    phase = state["phase"]
    if phase == "over":
        return set()
    if phase == "auction":
        return {state["auction"]["turn"]}
    if phase == "factions":
        owed = FI.setup_owed(state)
        return {state["factions"].index(None) if owed is None else owed}
    if phase in ("dwellings", "bonus", "spades"):
        return {state["queue"][0]}
    seats = {o["seat"] for o in state["leeches"]}
    unlock = None  # one pass over the factions (the bot asks this several times a move)
    for s, f in enumerate(state["factions"]):
        pending = f["pending"]
        if pending.get("UNLOCK"):
            unlock = {s} if unlock is None else unlock | {s}
        elif pending["CULTIST"] or pending.get("LATE") or pending.get("TOKEN"):
            seats.add(s)
    if unlock:  # like the site, nothing else goes on until the Riverwalkers decide on their priests
        return {o["seat"] for o in state["leeches"]} | unlock
    cur = state["current"]
    if not state["factions"][cur]["passed"] or obligations(state, cur) or open_turn(state, cur):
        seats.add(cur)
    return seats


def _late_steps(f: dict) -> int:
    """Cult steps the seat may place outside its own turn: the Cultists' step
    for an accepted power offer and steps carried past the end of a turn."""
    return f["pending"]["CULTIST"] + len(f["pending"].get("LATE", ()))


def _carry_cult_steps(state: dict, seat: int, t: dict, out: list) -> bool:
    """Every other faction has passed: the seat may start its next action
    while a cult step of its previous one is still owed (placed later, even
    after passing). Ends the spent turn and keeps the steps; True if so."""
    f = state["factions"][seat]
    if state["phase"] != "actions" or not t["took"] or t["actions"] > 0 or not f["pending"]["CULT"]:
        return False
    if any(not o["passed"] for s, o in enumerate(state["factions"]) if s != seat):
        return False
    if f["pending"]["FAV"] or f["pending"]["TW"] or f["pending"]["CULTIST"] or _turn_owes(state, seat, t):
        return False
    f["pending"].setdefault("LATE", []).extend(f["pending"]["CULT"])
    f["pending"]["CULT"] = []
    end_turn(state, out)
    return True


def offers_text(state: dict, seat: int) -> str:
    return "; ".join(
        f"leech {o['amount']} from {state['factions'][o['from']]['faction']}"
        for o in state["leeches"] if o["seat"] == seat
    ) + " or decline"


def own_turn(state: dict, seat: int) -> bool:
    """The seat may take (or finish) its own turn now. A seat that passed may
    still be finishing one: the second half of a Chaos Magicians' double
    action after passing (without ``strict-chaosmagician-sh``), and what that
    action owes (a temple's favour tiles)."""
    if state["phase"] == "spades":
        return state["queue"][0] == seat
    if state["phase"] != "actions" or state["current"] != seat:
        return False
    if not state["factions"][seat]["passed"] or open_turn(state, seat):
        return True
    t = state["turn"]
    return bool(t and t["seat"] == seat and t["took"] and obligations(state, seat))



def open_turn(state: dict, seat: int) -> bool:
    """The seat's turn still has an action left (only a Chaos Magicians'
    double action that passed without ``strict-chaosmagician-sh``)."""
    t = state["turn"]
    return bool(t and t["seat"] == seat and t["took"] and t["actions"] > 0)


def _not_turn_text(state: dict, seat: int):
    if state["phase"] == "spades":
        return msg("tm.err.spades_turn", who=name(state, state["queue"][0]))
    if state["factions"][seat]["passed"]:
        return msg("tm.err.passed_answer")
    return msg("tm.err.not_turn", who=name(state, state["current"]))


def _start_turn(state: dict, seat: int) -> dict:
    if state["phase"] == "spades":
        return new_turn(state, seat, state["factions"][seat]["cult_spades"])
    return new_turn(state, seat)


def obligations(state: dict, seat: int) -> list:
    """What the seat still owes before its turn can end."""
    f = state["factions"][seat]
    t = state["turn"] if state["turn"] and state["turn"]["seat"] == seat else None
    owe = []
    if f["pending"]["FAV"]:
        owe.append(msg("tm.owe.fav"))
    if f["pending"]["TW"]:
        owe.append(msg("tm.owe.tw"))
    if f["pending"]["CULT"]:
        owe.append(msg("tm.owe.cult"))
    if f["pending"].get("PICK"):
        owe.append(msg("tm.owe.pick"))
    if f["pending"].get("LOSE_CULT"):
        owe.append(msg("tm.owe.lose_cult", n=f["pending"]["LOSE_CULT"]))
    if f["pending"].get("UNLOCK"):
        owe.append(msg("tm.owe.unlock"))
    if t and f["pending"]["CULTIST"]:
        owe.append(msg("tm.owe.cultist"))
    if t:
        owe += _turn_owes(state, seat, t)
    return owe


def _turn_owes(state: dict, seat: int, t: dict) -> list:
    owe = []
    if t["spades"]:
        if t.get("dug"):
            owe.append(msg("tm.owe.dug", n=t["spades"]))
        else:
            owe.append(msg("tm.owe.spades", n=t["spades"]))
    if t.get("volcano"):
        owe.append(msg("tm.owe.volcano"))
    if t["bridge"]:
        owe.append(msg("tm.owe.bridge"))
    if t["ride"] or t["sandstorm"]:
        owe.append(msg("tm.owe.dwelling"))
    if t["free_tp"]:
        owe.append(msg("tm.owe.tp"))
    return owe


def _finish_row(state: dict, seat: int, out: list) -> None:
    t = state["turn"]
    if not t or t["seat"] != seat:
        return
    if obligations(state, seat):
        _check_dug_usable(state, seat, t)  # a row may not end holding dug spades it cannot use
        _carry_cult_steps(state, seat, t, out)
        return
    if state["phase"] == "spades":
        after_cult_spades(state, out)
        return
    if t.get("darkling_open"):
        return  # the Darklings' stronghold turn stays open for its conversion
    if t["took"] and t["actions"] <= 0:
        end_turn(state, out)


# --- setup ------------------------------------------------------------------
def _check_land(state, h) -> None:
    """Refuse a hex that is river or not on the game's map."""
    geo = board(state)
    if h not in geo.cells:
        raise IllegalMove("tm.err.no_hex", hex=h)
    if h not in geo.terrain:
        raise IllegalMove("tm.err.river", hex=h)
def free_factions(state) -> list[str]:
    """Factions a seat may still choose."""
    return [fid for fid in FI.offered(state) if FI.clash(state, fid) is None]


def _setup_faction(state, seat, cmds, out):
    owed = FI.setup_owed(state)
    if owed is not None:
        if seat != owed:
            raise IllegalMove("tm.err.seat_order")
        for cmd in cmds:
            if cmd[0] == "pick":
                FI.pick_colour(state, seat, cmd[1], out)
            elif cmd[0] == "take" and cmd[1].startswith("FAV"):
                _take(state, seat, None, cmd, out)
            else:
                raise IllegalMove("tm.err.setup_pick")
        FI.volcano_picks(state)
        if None not in state["factions"] and FI.setup_owed(state) is None:
            start_setup(state)
        return
    # the free factions are listed only in a refusal (a choice that plays needs none of them)
    if len(cmds) != 1 or cmds[0][0] != "setup":
        raise IllegalMove("tm.err.choose_faction", free=free_factions(state))
    if seat != state["factions"].index(None):
        raise IllegalMove("tm.err.seat_order")
    fid = cmds[0][1]
    if fid not in FI.offered(state):
        raise IllegalMove("tm.err.not_offered", faction=M.faction(fid), free=free_factions(state))
    why = FI.conflict(state, fid)
    if why is not None:
        raise IllegalMove(why[0], free=free_factions(state), **why[1])
    state["factions"][seat] = new_faction(fid, FI.table_for(state, fid))
    start_vp = MAPS[board(state).key].get("start_vp")
    if start_vp:  # Original [2017 VP]: the site's start VP per faction instead of 20
        state["factions"][seat]["vp"] = start_vp[fid]
    out.append(msg("tm.ev.plays", who=name(state, seat), faction=M.faction(fid)))
    FI.after_choice(state, seat)
    if None not in state["factions"] and FI.setup_owed(state) is None:
        start_setup(state)


def _setup_dwelling(state, seat, cmds, out):
    if len(cmds) != 1 or cmds[0][0] != "build":
        raise IllegalMove("tm.err.start_dwelling")
    h = cmds[0][1]
    _check_land(state, h)
    if h in state["buildings"]:
        raise IllegalMove("tm.err.has_building", hex=h)
    FI.check_start_dwelling(state, seat, h)
    state["buildings"][h] = [seat, "D"]
    out.append(msg("tm.ev.start_dwelling", who=name(state, seat), hex=h))
    after_setup_dwelling(state)


def _take_bonus(state, seat, card, out):
    f = state["factions"][seat]
    if card not in state["pool"]:
        raise IllegalMove("tm.err.bonus_gone", card=card, left=sorted(state["pool"]))
    coins = state["pool"].pop(card)
    f["C"] += coins
    f["bonus"] = card
    out.append(msg("tm.ev.bonus_coins", who=name(state, seat), card=card, n=coins) if coins
               else msg("tm.ev.bonus", who=name(state, seat), card=card))


# --- actions and spades --------------------------------------------------------------
def consume_action(state, t, what, out: list) -> None:
    """Spend the turn's action on ``what`` (a message naming it, for refusals)."""
    if state["phase"] != "actions":
        raise IllegalMove("tm.err.only_cult_spades", what=what)
    if t["actions"] <= 0:
        raise IllegalMove("tm.err.action_taken", what=what)
    if t["spades"] and not t["cult_spades"]:
        raise IllegalMove("tm.err.spades_first", n=t["spades"], what=what)
    t["actions"] -= 1
    t["took"] = True
    decline_open_offers(state, t["seat"], out)
    t.update(dig_open=False, build_hexes=[], build_used=False, teleported=[], one_hex=None,
             dug=0, other_colour=None, no_dig=False)


def _open_dig(state, t, what, out):
    consume_action(state, t, what, out)
    t["dig_open"] = True


def _dig(state, seat, t, cmd, out):
    n = cmd[1]
    f = state["factions"][seat]
    if n <= 0:
        raise IllegalMove("tm.err.dig_min")
    if fdata(f).get("volcano"):
        _volcano_dig(state, seat, t, n, out)
        return
    if "unlocked" in f:
        raise IllegalMove("tm.err.no_spades", faction=M.faction(f["faction"]))
    if t["cult_spades"]:
        raise IllegalMove("tm.err.cult_spades_no_dig")
    if t.get("no_dig") and t["spades"]:
        raise IllegalMove("tm.err.halflings_no_dig")
    if not t["dig_open"] or t["build_used"]:
        _open_dig(state, t, msg("tm.what.dig"), out)
    dig_pay(state, seat, n)
    t["spades"] += n
    t["dug"] = t.get("dug", 0) + n
    out.append(msg("tm.ev.dig", who=name(state, seat), n=n))


def _volcano_dig(state, seat, t, n, out):
    """A volcano faction's ``dig 1``: free, one hex to turn into volcano."""
    if n != 1:
        raise IllegalMove("tm.err.volcano_one")
    _open_dig(state, t, msg("tm.what.dig"), out)
    t["volcano"] = 1
    out.append(msg("tm.ev.volcano_dig", who=name(state, seat)))


def gain_action_spades(state, seat, t, n) -> None:
    """Spades from a power action, BON1 or the like: to use now, or what the
    faction gets instead (a cult step, a new token)."""
    kind = FI.gained_spades(state, seat, n)
    if kind == "lost":
        return
    spade_bonus(state, seat, n)  # round scoring pays for a spade gained, whatever it becomes
    if kind is None:
        t.update(dig_open=True, spades=n)


def dig_pay(state, seat, n):
    f = state["factions"][seat]
    if f["faction"] == "darklings":
        pay(f, {"P": n}, msg("tm.cost.dig", n=n))
        f["vp"] += 2 * n
    else:
        pay(f, {"W": n * (3 - f["dig"])}, msg("tm.cost.dig", n=n))
    spade_bonus(state, seat, n)


def spade_cost(state, seat, h, target) -> int:
    """Spades to turn h into target, with the Giants' and the wheel-direction rules."""
    f = state["factions"][seat]
    n = spade_table(f)[state["terrain"][h]][target]
    if n is None:
        if f["faction"] == "giants":
            raise IllegalMove("tm.err.giants_red")
        raise IllegalMove("tm.err.no_transform_to", hex=h, colour=M.colour(target))
    return n


def check_reach(state, seat, t, h):
    mode = reach(state, seat, h)
    if mode is None:
        raise IllegalMove(unreachable_text(state, seat, h))
    if mode in ("tunnel", "carpet") and t["cult_spades"]:
        what = msg("tm.what.tunnel" if mode == "tunnel" else "tm.what.carpet")
        raise IllegalMove("tm.err.no_teleport_cult", hex=h, what=what)
    if mode in ("tunnel", "carpet") and h not in t["teleported"]:
        cost, vp = reach_cost(state, seat, mode)
        pay(state["factions"][seat], cost, msg("tm.cost.tunnel" if mode == "tunnel" else "tm.cost.carpet", hex=h))
        state["factions"][seat]["vp"] += vp
        t["teleported"].append(h)


def unreachable_text(state, seat, h):
    f = state["factions"][seat]
    if f["faction"] == "dwarves":
        return msg("tm.err.unreach_dwarves", hex=h)
    if f["faction"] == "fakirs":
        return msg("tm.err.unreach_fakirs", hex=h, n=f["range"])
    level = ship_level(state, seat)
    ship_dist = board(state).ship_dist
    dists = [ship_dist[o][h] for o in own_hexes(state, seat) if h in ship_dist[o]]
    longest = fdata(f)["ship"][1] + 1  # the track's end plus BON4
    if dists and min(dists) <= longest:
        return msg("tm.err.unreach_ship", hex=h, level=level, need=min(dists))
    return msg("tm.err.unreach_noship", hex=h, level=level)


def transform_hex(state, seat, t, h, target, out):
    """Terraform h (spades from the open dig; missing spades dug with workers)."""
    f = state["factions"][seat]
    home = home_of(f)
    _check_land(state, h)
    if h in state["buildings"]:
        raise IllegalMove(occupied_text(state, seat, h, msg("tm.advice.transform")))
    if "unlocked" in f:
        raise IllegalMove("tm.err.no_spades", faction=M.faction(f["faction"]))
    if state["terrain"][h] in (ICE, VOLCANO):
        raise IllegalMove("tm.err.frozen", hex=h, colour=M.colour(state["terrain"][h]))
    if home == VOLCANO:
        _volcano_transform(state, seat, t, h, target, out)
        return
    if t["sandstorm"]:
        if not board(state).land_neighbours[h] & set(own_hexes(state, seat)):
            raise IllegalMove("tm.err.sand_reach", hex=h)
        if target not in (None, home):
            raise IllegalMove("tm.err.sand_desert")
        if state["terrain"][h] == home:
            raise IllegalMove("tm.err.sand_already", hex=h)
        state["terrain"][h] = home
        t.update(sandstorm=False, build_hexes=[h], build_used=False)
        out.append(msg("tm.ev.sandstorm", who=name(state, seat), hex=h))
        return
    if t["build_used"] and t["spades"] and not t["cult_spades"]:
        raise IllegalMove("tm.err.transform_first", n=t["spades"])
    if not t["dig_open"] or (t["build_used"] and not t["spades"]):
        _open_dig(state, t, msg("tm.what.transform"), out)
    if t["one_hex"] and t["one_hex"] != h:
        raise IllegalMove("tm.err.giants_one_hex", hex=t["one_hex"])
    check_reach(state, seat, t, h)
    cur = state["terrain"][h]
    if target is None:
        if cur == home:
            raise IllegalMove("tm.err.already_home", hex=h)
        dist = spade_table(f)[cur][home]
        if t["spades"] and t["spades"] < dist and f["faction"] != "giants":
            target = toward(cur, anchor_of(f), t["spades"])
        else:
            target = home
    if target == cur:
        raise IllegalMove("tm.err.already_colour", hex=h, colour=M.colour(cur))
    if target != home and t.get("other_colour"):
        raise IllegalMove("tm.err.one_other", hex=t["other_colour"])
    cost = spade_cost(state, seat, h, target)
    if t["spades"] < cost:
        if t["cult_spades"]:
            raise IllegalMove("tm.err.need_spades", cost=cost, n=t["spades"])
        if t.get("no_dig"):
            raise IllegalMove("tm.err.need_spades_halflings", cost=cost, n=t["spades"])
        missing = cost - t["spades"]
        if f["faction"] != "darklings" and f["W"] < missing * (3 - f["dig"]):
            rate = 3 - f["dig"]
            dig = msg("tm.dig_workers", w=missing * rate, rate=rate)
            turn = {"hex": h, "cur": M.colour(cur), "target": M.colour(target), "cost": cost, "dig": dig, "w": f["W"]}
            if t["spades"]:
                raise IllegalMove("tm.err.turn_needs_more", held=t["spades"], missing=missing, **turn)
            raise IllegalMove("tm.err.turn_needs", **turn)
        dig_pay(state, seat, missing)
        t["spades"] += missing
        t["dug"] = t.get("dug", 0) + missing
    t["spades"] -= cost
    t["dug"] = min(t.get("dug", 0), t["spades"])  # spades held from actions are used first
    if target != home:
        if t["dug"]:
            raise IllegalMove("tm.err.dug_unused", hex=h, colour=M.colour(target), n=t["dug"])
        t["other_colour"] = h
    state["terrain"][h] = target
    if f["faction"] == "giants" and t["one_hex"] is None and state["turn"].get("giants_action"):
        t["one_hex"] = h
    if target == home:
        t["build_hexes"].append(h)
    _check_dug_usable(state, seat, t)
    out.append(msg("tm.ev.transform", who=name(state, seat), hex=h, colour=M.colour(target)))


def _volcano_transform(state, seat, t, h, target, out):
    """Turn h into volcano with the open ``dig 1`` (cult steps or tokens paid)."""
    if target not in (None, VOLCANO):
        raise IllegalMove("tm.err.volcano_only", colour=M.colour(target))
    if not t.get("volcano"):
        raise IllegalMove("tm.err.volcano_dig", hex=h)
    check_reach(state, seat, t, h)
    FI.pay_volcano(state, seat, h, out)
    state["terrain"][h] = VOLCANO
    t["volcano"] -= 1
    t["build_hexes"].append(h)
    out.append(msg("tm.ev.transform", who=name(state, seat), hex=h, colour=M.colour(VOLCANO)))


def _check_dug_usable(state, seat, t) -> None:
    """Dug spades must all be used: refuse to hold some no transform can take."""
    if not t.get("dug"):
        return
    if next(iter_transforms(state, seat), None) is None:
        raise IllegalMove("tm.err.dig_fewer", n=t["dug"])


def _transform(state, seat, t, cmd, out):
    transform_hex(state, seat, t, cmd[1], cmd[2], out)


def _discard_bridge(state, seat, t, cmd, out):
    """``-BRIDGE``: leave an owed bridge unplaced (the Riverwalkers' stronghold
    gives two, wherever there is room for them or not)."""
    if t["bridge"] < cmd[1]:
        raise IllegalMove("tm.err.discard_bridge", n=t["bridge"])
    t["bridge"] -= cmd[1]


def _discard(state, seat, t, cmd, out):
    if t["spades"] < cmd[1]:
        raise IllegalMove("tm.err.discard_n", n=t["spades"])
    if t.get("dug"):
        raise IllegalMove("tm.err.dug_keep")
    t["spades"] -= cmd[1]
    out.append(msg("tm.ev.discard_spades", who=name(state, seat), n=cmd[1]))


def _build(state, seat, t, cmd, out):
    h = cmd[1]
    f = state["factions"][seat]
    home = home_of(f)
    _check_land(state, h)
    if h in state["buildings"]:
        raise IllegalMove(occupied_text(state, seat, h))
    if count_buildings(state, seat, "D") >= SUPPLY["D"]:
        raise IllegalMove("tm.err.no_dwellings")
    free = False
    before = {k: f[k] for k in ("W", "C", "P")}
    if t["ride"]:
        if state["terrain"][h] != home:
            raise IllegalMove("tm.err.ride_forest", hex=h, colour=M.colour(state["terrain"][h]))
        t["ride"] = False
        free = True
    elif t["cult_spades"]:
        raise IllegalMove("tm.err.cult_spades_only")
    else:
        if not FI.build_terrain_ok(f, state["terrain"][h]) or t["sandstorm"]:
            if "unlocked" in f:
                raise IllegalMove("tm.err.locked", hex=h, colour=M.colour(state["terrain"][h]))
            held = t["spades"]
            transform_hex(state, seat, t, h, home, out)
            if held and t["spades"]:
                raise IllegalMove("tm.err.transform_before_build", hex=h, n=t["spades"])
        if t.get("dug"):
            raise IllegalMove("tm.err.use_dug", n=t["dug"])
        if h in t["build_hexes"] and not t["build_used"]:
            t["build_used"] = True
        else:
            consume_action(state, t, msg("tm.what.build", hex=h), out)
            check_reach(state, seat, t, h)
    if not free:
        _pay_dwelling(state, seat, h, before)
    state["buildings"][h] = [seat, "D"]
    if "FAV11" in f["favours"]:
        f["vp"] += 2
    score_event(state, seat, "D", 1)
    out.append(msg("tm.ev.build", who=name(state, seat), hex=h))
    out += offer_leech(state, seat, h)
    out += check_towns(state, seat, [h])


def occupied_text(state, seat, h, advice=None):
    """Why a hex with a building cannot take a dwelling, naming the owner."""
    owner, kind = state["buildings"][h]
    if owner == seat:
        nxt = {"D": "TP", "TP": "TE", "TE": "SA"}.get(kind)
        if nxt:
            return msg("tm.err.own_building", hex=h, building=M.building(kind), next=nxt)
        return msg("tm.err.own_building_top", hex=h, building=M.building(kind))
    return msg("tm.err.their_building", hex=h, faction=M.faction(state["factions"][owner]["faction"]),
               building=M.building(kind), advice=advice or msg("tm.advice.build"))


def _pay_dwelling(state, seat, h, before) -> None:
    """Pay the dwelling; if the spades just dug leave too little, say the total."""
    f = state["factions"][seat]
    cost = dict(fdata(f)["cost"]["D"])
    spent = {k: before[k] - f[k] for k in before if before[k] > f[k]}
    if spent and any(f[k] < n for k, n in cost.items()):
        total = {k: spent.get(k, 0) + cost.get(k, 0) for k in ("W", "C", "P") if spent.get(k) or cost.get(k)}
        raise IllegalMove("tm.err.build_total", hex=h, total=amounts(total), spent=amounts(spent),
                          cost=amounts(cost), have=amounts({k: before[k] for k in total}))
    pay(f, cost, msg("tm.cost.building", building=M.building("D")))


def tp_cost(state, seat, h) -> dict:
    f = state["factions"][seat]
    cost = dict(fdata(f)["cost"]["TP"])
    buildings = state["buildings"]  # the neighbours looked up, not every building read
    if not any(hh in buildings and buildings[hh][0] != seat for hh in direct_neighbours(state, None, h)):
        cost["C"] *= 2
    return cost


def _upgrade(state, seat, t, cmd, out):
    h, kind = cmd[1], cmd[2]
    f = state["factions"][seat]
    b = state["buildings"].get(h)
    if not b or b[0] != seat:
        mine = sorted(own_hexes(state, seat))
        if b:
            their = {"faction": M.faction(state["factions"][b[0]]["faction"]), "building": M.building(b[1])}
            raise IllegalMove("tm.err.upgrade_theirs_list" if mine else "tm.err.upgrade_theirs", hex=h, mine=mine,
                              **their)
        raise IllegalMove("tm.err.upgrade_none_list" if mine else "tm.err.upgrade_none", hex=h, mine=mine)
    if b[1] != UPGRADE_FROM[kind]:
        raise IllegalMove("tm.err.upgrade_from", building=M.building(kind), source=M.building(UPGRADE_FROM[kind]),
                          hex=h, has=M.building(b[1]))
    if count_buildings(state, seat, kind) >= SUPPLY[kind]:
        raise IllegalMove("tm.err.none_left", building=M.building(kind))
    if t["free_tp"] and kind == "TP":
        t["free_tp"] = False
    else:
        consume_action(state, t, msg("tm.what.upgrade", hex=h), out)
        pay(f, tp_cost(state, seat, h) if kind == "TP" else dict(fdata(f)["cost"][kind]),
            msg("tm.cost.building", building=M.building(kind)))
    b[1] = kind
    out.append(msg("tm.ev.upgrade", who=name(state, seat), hex=h, building=M.building(kind)))
    if kind == "TP" and "FAV10" in f["favours"]:
        f["vp"] += 3
    score_event(state, seat, "SHSA" if kind in ("SH", "SA") else kind, 1)
    if kind in ("TE", "SA"):
        owe_favours(state, seat, fdata(f)["favours_per_temple"])
    if kind == "SH":
        _stronghold(state, seat, t, out)
    out += offer_leech(state, seat, h)
    out += check_towns(state, seat, [h])


def _stronghold(state, seat, t, out):
    f = state["factions"][seat]
    fid = f["faction"]
    if fid == "alchemists":
        gain_power(f, 12)
    elif fid == "auren":
        owe_favours(state, seat, 1)
    elif fid == "cultists":
        f["vp"] += 7
    elif fid == "darklings":
        t["darkling_sh"] = f["darkling_left"] = 3
        # printed: once, right when the stronghold is built: the turn stays open for the trade
        # (under darkling-sh-later it waits for the Darklings' next conversion instead)
        t["darkling_open"] = not state["options"].get("darkling-sh-later")
    elif fid == "halflings":
        t.update(spades=t["spades"] + 3, dig_open=True, build_hexes=[], build_used=False, no_dig=True)
        spade_bonus(state, seat, 3)
    elif fid == "mermaids":
        advance_ship(state, seat)
    elif fid == "fakirs":
        f["range"] += 1
    FI.stronghold(state, seat, t, out)


def owe_favours(state, seat, n) -> None:
    """Owe n favour tiles, as many as there are kinds left the seat lacks."""
    f = state["factions"][seat]
    left = [k for k, c in state["favours"].items() if c and k not in f["favours"]]
    f["pending"]["FAV"] = min(f["pending"]["FAV"] + n, len(left))


def _bridge_slot_free(state, seat) -> bool:
    mine = set(own_hexes(state, seat))
    used = {k for k, _s in state["bridges"]}
    return any(k not in used and set(k.split(":")) & mine for k in board(state).bridges)


def _check_sh_action(state, seat, act) -> None:
    """Refuse a stronghold action that could not be completed now."""
    f = state["factions"][seat]
    home = home_of(f)
    geo = board(state)
    empty = [h for h in geo.land if h not in state["buildings"]]
    d_left = count_buildings(state, seat, "D") < SUPPLY["D"]
    if act == "ACTW" and not (d_left and any(state["terrain"][h] == home for h in empty)):
        raise IllegalMove("tm.err.ride_needs")
    if act == "ACTS" and not (count_buildings(state, seat, "D") and count_buildings(state, seat, "TP") < 4):
        raise IllegalMove("tm.err.acts_needs")
    if act == "ACTN":
        mine = set(own_hexes(state, seat))
        if not any(geo.land_neighbours[h] & mine and state["terrain"][h] != home for h in empty):
            raise IllegalMove("tm.err.no_sand_hex")


def advance_ship(state, seat) -> bool:
    f = state["factions"][seat]
    data = fdata(f)
    if f["faction"] == "fakirs":
        f["range"] += 1
        return True
    if data["ship"] is None or f["ship"] >= data["ship"][1]:
        return False
    f["ship"] += 1
    f["vp"] += data["ship_vp"][f["ship"] - 1]
    return True


def _advance(state, seat, t, cmd, out):
    f = state["factions"][seat]
    data = fdata(f)
    if cmd[1] == "ship":
        if data["ship"] is None:
            raise IllegalMove("tm.err.no_ship_track", faction=M.faction(f["faction"]))
        if f["ship"] >= data["ship"][1]:
            raise IllegalMove("tm.err.ship_max", n=f["ship"])
        consume_action(state, t, msg("tm.what.ship"), out)
        pay(f, {"P": 1, "C": 4}, msg("tm.cost.ship"))
        advance_ship(state, seat)
        out.append(msg("tm.ev.ship", who=name(state, seat), n=f["ship"]))
    else:
        if f["dig"] >= data["dig_max"]:
            raise IllegalMove("tm.err.dig_max")
        consume_action(state, t, msg("tm.what.dig_track"), out)
        pay(f, dict(data["dig_cost"]), msg("tm.cost.dig_track"))
        f["dig"] += 1
        f["vp"] += 6
        out.append(msg("tm.ev.dig_track", who=name(state, seat), n=f["dig"]))


def _send(state, seat, t, cmd, out):
    track, amount = cmd[1], cmd[2]
    f = state["factions"][seat]
    if f["P"] < 1:
        raise IllegalMove("tm.err.no_priest")
    consume_action(state, t, msg("tm.what.send"), out)
    spaces = state["priests"][track]
    slot = None
    if amount != 1:
        free = [i for i, s in enumerate(spaces) if s is None and (amount is None or PRIEST_SPACES[i] == amount)]
        if amount is not None and not free:
            raise IllegalMove("tm.err.no_space", n=amount, track=M.cult(track))
        slot = max(free, key=lambda i: PRIEST_SPACES[i]) if free else None
    f["P"] -= 1
    bonus = fdata(f).get("sh_priest_bonus", 0) if has_sh(state, seat) else 0
    if slot is None:
        steps = cult_advance(state, seat, track, 1 + bonus)
    else:
        spaces[slot] = seat
        f["on_cult"] += 1
        steps = cult_advance(state, seat, track, PRIEST_SPACES[slot] + bonus)
    out.append(msg("tm.ev.send", who=name(state, seat), track=M.cult(track), n=steps))


def _action(state, seat, t, cmd, out):
    act = cmd[1]
    f = state["factions"][seat]
    if act in fdata(f).get("forbid", ()):
        raise IllegalMove("tm.err.forbidden", act=act, faction=M.faction(f["faction"]))
    if act in POWER_ACTIONS:
        if act in state["actions_used"] and not FI.may_reuse(state, seat, has_sh):
            raise IllegalMove("tm.err.act_used", act=act)
        info = POWER_ACTIONS[act]
        consume_action(state, t, msg("tm.what.power", act=act), out)
        spend_power(f, FI.action_cost(f, act, info["cost"]), msg("tm.cost.act", act=act))
        if act not in state["actions_used"]:
            state["actions_used"].append(act)
        g = info["gain"]
        if "BRIDGE" in g:
            if not _bridge_slot_free(state, seat):
                raise IllegalMove("tm.err.no_bridge_slot")
            if f["bridges_left"] < 1:
                raise IllegalMove("tm.err.no_bridge_left")
            t["bridge"] += 1
        if "P" in g:
            gain_priests(state, seat, 1)
        f["W"] += g.get("W", 0)
        f["C"] += g.get("C", 0)
        if "SPADE" in g:
            gain_action_spades(state, seat, t, g["SPADE"])
        out.append(msg("tm.ev.power_action", who=name(state, seat), act=act, gain=M.power_gain(act)))
        return
    if act in ("BON1", "BON2"):
        if f["bonus"] != act:
            raise IllegalMove("tm.err.not_held", act=act)
        _special_once(f, act)
        consume_action(state, t, msg("tm.what.act", act=act), out)
        if act == "BON1":
            gain_action_spades(state, seat, t, 1)
        else:
            f["pending"]["CULT"].append(1)
        out.append(msg("tm.ev.special", who=name(state, seat), act=act))
        return
    if act == "FAV6":
        if "FAV6" not in f["favours"]:
            raise IllegalMove("tm.err.not_held", act="FAV6")
        _special_once(f, act)
        consume_action(state, t, msg("tm.what.act", act="FAV6"), out)
        f["pending"]["CULT"].append(1)
        out.append(msg("tm.ev.special", who=name(state, seat), act="FAV6"))
        return
    if act == "ACTE":
        if f["faction"] != "engineers":
            raise IllegalMove("tm.err.acte_only")
        if f["bridges_left"] < 1:
            raise IllegalMove("tm.err.no_bridge_left")
        if not _bridge_slot_free(state, seat):
            raise IllegalMove("tm.err.no_bridge_slot")
        consume_action(state, t, msg("tm.what.bridge"), out)
        pay(f, {"W": 2}, msg("tm.cost.bridge"))
        t["bridge"] += 1
        out.append(msg("tm.ev.bridge_pay", who=name(state, seat)))
        return
    shift = fdata(f).get("shift")
    if shift and act in shift[0]:
        if not has_sh(state, seat):
            raise IllegalMove("tm.err.needs_sh", act=act)
        consume_action(state, t, msg("tm.what.act", act=act), out)
        FI.shift(state, seat, act, out)
        return
    owner = ACTION_OWNER.get(act)
    if owner is None:
        raise IllegalMove("tm.err.not_action", act=excerpt(act))
    if f["faction"] != owner:
        raise IllegalMove("tm.err.belongs", act=act, faction=M.faction(owner))
    if not has_sh(state, seat):
        raise IllegalMove("tm.err.needs_sh", act=act)
    _check_sh_action(state, seat, act)
    _special_once(f, act)
    consume_action(state, t, msg("tm.what.act", act=act), out)
    if act == "ACTA":
        f["pending"]["CULT"].append(2)
    elif act == "ACTC":
        t["actions"] = 2
    elif act == "ACTG":
        t.update(dig_open=True, spades=2, one_hex=None, giants_action=True)
        spade_bonus(state, seat, 2)  # round scoring pays for these spades too
    elif act == "ACTN":
        t["sandstorm"] = True
    elif act == "ACTS":
        t["free_tp"] = True
    elif act == "ACTW":
        t["ride"] = True
    out.append(msg("tm.ev.sh_action", who=name(state, seat), act=act))


def _special_once(f, act):
    if act in f["used"]:
        raise IllegalMove("tm.err.used_once", act=act)
    f["used"].append(act)


def _bridge(state, seat, t, cmd, out):
    f = state["factions"][seat]
    if not t["bridge"]:
        raise IllegalMove("tm.err.bridge_after")
    a, b = cmd[1], cmd[2]
    geo = board(state)
    if a not in geo.terrain or b not in geo.terrain:
        raise IllegalMove("tm.err.bridge_land")
    key = geo.bridge_key(a, b)
    if key not in geo.bridges:
        raise IllegalMove("tm.err.bridge_none", a=a, b=b)
    if any(k == key for k, _s in state["bridges"]):
        raise IllegalMove("tm.err.bridge_there", bridge=key)
    mine = set(own_hexes(state, seat))
    if a not in mine and b not in mine:
        raise IllegalMove("tm.err.bridge_touch")
    if f["bridges_left"] < 1:
        raise IllegalMove("tm.err.no_bridge_left")
    state["bridges"].append([key, seat])
    f["bridges_left"] -= 1
    t["bridge"] -= 1
    out.append(msg("tm.ev.bridge", who=name(state, seat), bridge=key))
    out += check_towns(state, seat, [h for h in (a, b) if h in mine])


def _connect(state, seat, t, cmd, out):
    f = state["factions"][seat]
    if f["faction"] != "mermaids":
        raise IllegalMove("tm.err.mermaids_only")
    hexes = cmd[1]
    mine = set(own_hexes(state, seat))
    river_land = board(state).river_land
    if len(hexes) == 1:
        r = hexes[0]
        if r not in river_land:
            raise IllegalMove("tm.err.connect_river")
    else:
        cands = [r for r, land in river_land.items() if all(h in land for h in hexes)]
        if not cands:
            raise IllegalMove("tm.err.connect_none")
        r = cands[0]
    if len(river_land[r] & mine) < 2:
        raise IllegalMove("tm.err.connect_touch", r=r)
    if r in f["connects"]:
        raise IllegalMove("tm.err.connect_done", r=r)
    before = f["pending"]["TW"]
    f["connects"].append(r)
    events = check_towns(state, seat, sorted(river_land[r] & mine))
    if f["pending"]["TW"] == before:
        raise IllegalMove("tm.err.connect_no_town", r=r)
    out.append(msg("tm.ev.connect", who=name(state, seat), r=r))
    out += events


def exchange_rate(state, seat, t, src, dst) -> int | None:
    f = state["factions"][seat]
    if f["faction"] == "alchemists":
        if (src, dst) == ("VP", "C"):
            return 1
        if (src, dst) == ("C", "VP"):
            return 2
    if (src, dst) == ("W", "P") and f["faction"] == "darklings":
        return 1 if t["darkling_sh"] else None
    return EXCHANGE.get((src, dst))


def _convert(state, seat, t, cmd, out):
    _verb, n, src, k, dst = cmd
    f = state["factions"][seat]
    rate = exchange_rate(state, seat, t, src, dst)
    if rate is None:
        raise IllegalMove("tm.err.no_convert", src=src, dst=dst)
    if n != rate * k:
        raise IllegalMove("tm.err.rate", src=src, dst=dst, rate=rate, n=n, k=n // rate)
    if src == "W" and dst == "P" and k > t["darkling_sh"]:
        raise IllegalMove("tm.err.darkling_max", n=t["darkling_sh"])
    if t["darkling_sh"]:
        _close_darkling_trade(f, t)  # the site: the first conversion after it spends the trade
    if src == "PW":
        spend_power(f, n, msg("tm.cost.convert_power", n=n))
    elif src == "VP":
        if f["vp"] < n:
            raise IllegalMove("tm.err.have_vp", n=f["vp"])
        f["vp"] -= n
    else:
        pay(f, {src: n}, msg("tm.cost.convert", n=n, src=src))
    if dst == "P":
        if "unlocked" not in f and priest_room(f) < k:
            raise IllegalMove("tm.err.priests_max")
        gain_priests(state, seat, k)
    elif dst == "VP":
        f["vp"] += k
    else:
        f[dst] += k
    out.append(msg("tm.ev.convert", who=name(state, seat), n=n, src=M.resource(src), k=k, dst=M.resource(dst)))


def _burn(state, seat, t, cmd, out):
    f = state["factions"][seat]
    n = cmd[1]
    if n == 0:
        return  # the site accepts 'burn 0' and does nothing
    if n < 1 or f["pw"][1] < 2 * n:
        raise IllegalMove("tm.err.burn", n=n, need=2 * n, has=f["pw"][1])
    f["pw"][1] -= 2 * n
    f["pw"][2] += n
    out.append(msg("tm.ev.burn", who=name(state, seat), n=n))


def _pass(state, seat, t, cmd, out):
    card = cmd[1]
    f = state["factions"][seat]
    if state["phase"] != "actions":
        raise IllegalMove("tm.err.no_pass")
    if f["passed"]:
        raise IllegalMove("tm.err.passed")
    if state["round"] == 6 and card:
        raise IllegalMove("tm.err.pass_r6")
    if state["round"] < 6 and not card:
        raise IllegalMove("tm.err.pass_card", cards=sorted(state["pool"]))
    if card and card not in state["pool"]:
        raise IllegalMove("tm.err.bonus_gone", card=card, left=sorted(state["pool"]))
    consume_action(state, t, msg("tm.what.pass"), out)
    if state["options"].get("strict-chaosmagician-sh", True):
        t["actions"] = 0  # passing ends a double action too
    f["vp"] += pass_vp(state, seat)
    if f["bonus"]:
        state["pool"][f["bonus"]] = 0
    f["bonus"] = None
    f["passed"] = True
    state["next_order"].append(seat)
    out.append(msg("tm.ev.pass", who=name(state, seat)))
    if card:
        _take_bonus(state, seat, card, out)
    if state["options"].get("variable-turn-order", True) and obligations(state, seat):
        # the site moves a passer to the end of the order at once; when the turn is still
        # open (a cult step owed), the next seat is sought in that order: the first not passed
        t["pass_reordered"] = True


def pass_vp(state, seat) -> int:
    f = state["factions"][seat]
    vp = 0
    kind = BONUSES[f["bonus"]].get("pass") if f["bonus"] else None
    if kind == "SHSA":
        vp += 4 * (count_buildings(state, seat, "SH") + count_buildings(state, seat, "SA"))
    elif kind == "TP":
        vp += 2 * count_buildings(state, seat, "TP")
    elif kind == "D":
        vp += count_buildings(state, seat, "D")
    elif kind == "SHIP":
        vp += 3 * (f["ship"] if fdata(f)["ship"] is not None else 0)
    if "FAV12" in f["favours"]:
        vp += FAV12_PASS_VP[count_buildings(state, seat, "TP")]
    vp += FI.pass_vp(state, seat, count_buildings)
    if f["faction"] == "engineers" and has_sh(state, seat):
        mine = set(own_hexes(state, seat))
        for key, owner in state["bridges"]:
            a, b = key.split(":")
            if owner == seat and a in mine and b in mine:
                vp += 3
    return vp


def _find_offer(state, seat, fid, amount=None):
    """The seat's open offer from ``fid``: the earliest of that amount if
    there is one, else the earliest."""
    src = faction_seat(state, fid)
    offers = [o for o in state["leeches"] if o["seat"] == seat and o["from"] == src]
    if not offers:
        raise IllegalMove("tm.err.no_offer_from", faction=M.faction(fid))
    return next((o for o in offers if o["amount"] == amount), offers[0])


def _leech(state, seat, cmd, out):
    offer = _find_offer(state, seat, cmd[2], cmd[1])
    f = state["factions"][seat]
    strict = state["options"].get("strict-leech", True)
    if strict and offer.get("converted"):
        raise IllegalMove("tm.err.leech_converted")
    if strict and offer["id"] < f.get("answered", 0):
        raise IllegalMove("tm.err.leech_order")
    # an offer counted as declined when the bowls filled gives nothing any more (the site)
    cap = 0 if offer.get("counted") else leech_take(state, seat, offer["amount"])
    if cap is None:
        n = min(offer["amount"], power_room(f))
        raise IllegalMove("tm.err.leech_vp", n=n, cost=n - 1, vp=f["vp"])
    if cmd[1] < cap:
        raise IllegalMove("tm.err.leech_whole", cap=cap, fid=cmd[2])
    state["leeches"].remove(offer)
    f["answered"] = max(f.get("answered", 0), offer["id"])
    got = gain_power(f, cap)
    if got:
        f["vp"] -= got - 1
    names = {"who": name(state, seat), "other": name(state, offer["from"]), "n": got}
    out.append(msg("tm.ev.leech_vp", vp=got - 1, **names) if got > 1 else msg("tm.ev.leech", **names))
    out += close_offer(state, offer, got > 0)
    if not power_room(f):
        # the seat's other offers can give nothing now: the site counts them as declined at
        # once for the Cultists (their +1 power when every opponent declines), not when answered
        for other in state["leeches"]:
            if other["seat"] == seat and not other.get("counted"):
                out += close_offer(state, other, False)
                other["counted"] = True
    try_end_round(state, out)


def _decline(state, seat, cmd, out):
    if cmd[2] is None:
        offers = [o for o in state["leeches"] if o["seat"] == seat]
        if not offers:
            raise IllegalMove("tm.err.no_offer")
    else:
        offers = [_find_offer(state, seat, cmd[2], cmd[1])]
    for offer in offers:
        state["leeches"].remove(offer)
        f = state["factions"][seat]
        f["answered"] = max(f.get("answered", 0), offer["id"])
        out.append(msg("tm.ev.decline", who=name(state, seat), other=name(state, offer["from"])))
        out += close_offer(state, offer, False)
    try_end_round(state, out)


def decline_open_offers(state, seat, out) -> None:
    """A seat that takes a full action declines its open power offers."""
    for offer in [o for o in state["leeches"] if o["seat"] == seat]:
        state["leeches"].remove(offer)
        out += close_offer(state, offer, False)


def _drop_cult_step(state, seat, cmd, cmds, out):
    """``-WATER`` before ``+TW5``: the site's way to refuse one track's step
    of a town tile (e.g. to keep a key). Only allowed with a town tile taken
    in the same row."""
    if not any(c[0] == "take" and c[1].startswith("TW") for c in cmds[cmds.index(cmd):]):
        raise IllegalMove("tm.err.back_town")
    f = state["factions"][seat]
    i = CULTS.index(cmd[1])
    f["cult"][i] = max(0, f["cult"][i] + cmd[2])
    out.append(msg("tm.ev.drop_step", who=name(state, seat), track=M.cult(cmd[1])))


def _late_step(state, seat, track, n):
    """Place one cult step owed outside the turn that earned it: a step
    carried past the end of a turn first, then the Cultists' step."""
    f = state["factions"][seat]
    late = f["pending"].get("LATE")
    if late:
        steps = late.pop(0)
        if n not in (1, steps):
            raise IllegalMove("tm.err.steps_one_track", n=steps, track=track)
        return cult_advance(state, seat, track, steps)
    f["pending"]["CULTIST"] -= 1
    return cult_advance(state, seat, track, 1)


def _cultist_step(state, seat, cmd, out):
    steps = _late_step(state, seat, cmd[1], cmd[2])
    out.append(msg("tm.ev.cult_up", who=name(state, seat), track=M.cult(cmd[1]), n=steps))
    try_end_round(state, out)


def _cult(state, seat, t, cmd, out):
    f = state["factions"][seat]
    track, n = cmd[1], cmd[2]
    if n < 0:
        raise IllegalMove("tm.err.back")
    pending = f["pending"]["CULT"]
    if pending and n > pending[0] and pending[:n] == [1] * n:
        del pending[:n]  # single steps (the Acolytes' spades) put on one track together
        moved = cult_advance(state, seat, track, n)
    elif pending:
        steps = pending.pop(0)
        if n not in (1, steps):
            raise IllegalMove("tm.err.steps_one_track", n=steps, track=track)
        moved = cult_advance(state, seat, track, steps)
    elif _late_steps(f):
        moved = _late_step(state, seat, track, n)
    else:
        raise IllegalMove("tm.err.no_step")
    out.append(msg("tm.ev.cult_up", who=name(state, seat), track=M.cult(track), n=moved))


def _take(state, seat, t, cmd, out):
    tile, count = cmd[1], cmd[2]
    state["factions"][seat]
    for _ in range(count):
        if tile.startswith("FAV"):
            take_favour(state, seat, tile, out)
        else:
            take_town(state, seat, tile, out)


def take_favour(state, seat, tile, out):
    f = state["factions"][seat]
    if tile not in FAVOURS:
        raise IllegalMove("tm.err.no_fav", tile=tile)
    if not f["pending"]["FAV"]:
        raise IllegalMove("tm.err.fav_none_owed")
    if tile in f["favours"]:
        raise IllegalMove("tm.err.fav_have", tile=tile)
    if not state["favours"].get(tile):
        raise IllegalMove("tm.err.tile_gone", tile=tile)
    f["pending"]["FAV"] -= 1
    state["favours"][tile] -= 1
    f["favours"].append(tile)
    track, steps = FAVOURS[tile]["cult"]
    cult_advance(state, seat, track, steps)
    out.append(msg("tm.ev.fav", who=name(state, seat), tile=tile))
    if tile == "FAV5":
        out += check_towns(state, seat)


def take_town(state, seat, tile, out):
    f = state["factions"][seat]
    if tile not in state["towns"]:
        raise IllegalMove("tm.err.no_town_tile", tile=tile)
    if not f["pending"]["TW"]:
        raise IllegalMove("tm.err.no_town")
    if not state["towns"][tile]:
        raise IllegalMove("tm.err.tile_gone", tile=tile)
    f["pending"]["TW"] -= 1
    state["towns"][tile] -= 1
    f["town_tiles"].append(tile)
    info = TOWNS[tile]
    f["keys"] += info["keys"]
    g = info["gain"]
    f["vp"] += g.get("VP", 0)
    f["C"] += g.get("C", 0)
    f["W"] += g.get("W", 0)
    gain_priests(state, seat, g.get("P", 0))
    gain_power(f, g.get("PW", 0))
    for track in CULTS if g.get("CULT") else ():
        cult_advance(state, seat, track, g["CULT"])
    if g.get("SHIP"):
        advance_ship(state, seat)
    unblock_cult_steps(state, seat)
    out.append(msg("tm.ev.town_tile", who=name(state, seat), tile=tile))


def _close_darkling_trade(f, t) -> None:
    """The Darklings' stronghold trade (up to 3 W to P) is over: used, refused or passed by."""
    t["darkling_sh"] = 0
    f["darkling_left"] = 0
    t["darkling_open"] = False


def _decline_convert(state, seat, t, cmd, out):
    """``-3CONVERT_W_TO_P``: the site's way to refuse the Darklings' stronghold trade."""
    if not t["darkling_sh"]:
        raise IllegalMove("tm.err.no_darkling_trade")
    _close_darkling_trade(state["factions"][seat], t)


def _done(state, seat, t, cmd, out):
    if not t["took"]:
        raise IllegalMove("tm.err.act_first")
    if t["actions"] > 0 and not state["factions"][seat]["passed"]:
        raise IllegalMove("tm.err.double")
    owe = obligations(state, seat)
    if owe:
        raise IllegalMove("tm.err.still_owe", owe=M.semicolons(owe))
    t["actions"] = 0
    t["darkling_open"] = False


def _pick(state, seat, t, cmd, out):
    FI.pick_colour(state, seat, cmd[1], out)


def _no_setup(state, seat, t, cmd, out):
    raise IllegalMove("tm.err.setup_late")


HANDLERS = {
    "build": _build, "upgrade": _upgrade, "transform": _transform, "dig": _dig, "send": _send,
    "action": _action, "bridge": _bridge, "connect": _connect, "advance": _advance,
    "convert": _convert, "burn": _burn, "pass": _pass, "take": _take, "cult": _cult,
    "discard_spade": _discard, "done": _done, "setup": _no_setup, "decline_convert": _decline_convert,
    "pick": _pick, "discard_bridge": _discard_bridge,
}
