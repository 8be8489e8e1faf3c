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
from .board import BRIDGES, LAND_NEIGHBOURS, SHIP_DIST, TERRAIN, bridge_key
from .data import (
    ACTION_OWNER,
    BONUSES,
    BUILDING_NAMES,
    COLOURS,
    CULTS,
    EXCHANGE,
    FACTIONS,
    FAV12_PASS_VP,
    FAVOURS,
    POWER_ACTIONS,
    PRIEST_SPACES,
    SUPPLY,
    TOWNS,
    UPGRADE_FROM,
    spade_distance,
)
from .flow import (
    after_bonus_pick,
    after_cult_spades,
    after_setup_dwelling,
    end_turn,
    home_taken,
    new_turn,
    start_setup,
    try_end_round,
)
from .rules import (
    LAND_NEIGHBOURS_RIVER,
    amounts,
    check_towns,
    close_offer,
    count_buildings,
    cult_advance,
    direct_neighbours,
    faction_seat,
    fdata,
    gain_power,
    has_sh,
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
    spend_power,
    unblock_cult_steps,
)

ANSWERS = ("leech", "decline", "wait")


def apply_row(state: dict, seat: int, cmds: list[tuple], finish: bool = True) -> list[str]:
    """Run one row; ``finish=False`` leaves the turn open (autocomplete's
    look-ahead: the next part may still build on a transformed hex)."""
    out: list[str] = []
    phase = state["phase"]
    if phase == "factions":
        _setup_faction(state, seat, cmds, out)
        return out
    if phase == "dwellings":
        _setup_dwelling(state, seat, cmds, out)
        return out
    if phase == "bonus":
        if len(cmds) != 1 or cmds[0][0] != "pass" or not cmds[0][1]:
            raise IllegalMove("Pick your starting bonus card: pass BONn (" + ", ".join(state["pool"]) + ").")
        _take_bonus(state, seat, cmds[0][1], out)
        after_bonus_pick(state, out)
        return out
    f = state["factions"][seat]
    for cmd in cmds:
        verb = cmd[0]
        if verb in ("leech", "decline"):
            (_leech if verb == "leech" else _decline)(state, seat, cmd, out)
            continue
        if verb == "wait":
            continue
        if verb == "cult" and cmd[2] < 0:
            _drop_cult_step(state, seat, cmd, cmds, out)
            continue
        if verb == "cult" and cmd[2] > 0 and _late_steps(f) and not _own_turn(state, seat):
            _cultist_step(state, seat, cmd, out)
            continue
        if not _own_turn(state, seat):
            raise IllegalMove(_not_turn_text(state, seat))
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


def _own_turn(state: dict, seat: int) -> bool:
    if state["phase"] == "spades":
        return state["queue"][0] == seat
    if state["phase"] != "actions" or state["current"] != seat:
        return False
    return not state["factions"][seat]["passed"] or open_turn(state, seat)


def open_turn(state: dict, seat: int) -> bool:
    """The seat's turn still has an action left (only a Chaos Magicians'
    double action that passed without ``strict-chaosmagician-sh``)."""
    t = state["turn"]
    return bool(t and t["seat"] == seat and t["took"] and t["actions"] > 0)


def _not_turn_text(state: dict, seat: int) -> str:
    if state["phase"] == "spades":
        return f"It is {name(state, state['queue'][0])}'s turn to use cult bonus spades."
    if state["factions"][seat]["passed"]:
        return "You have passed this round; you may only answer power offers."
    return f"It is {name(state, state['current'])}'s turn; you may only answer power offers."


def _start_turn(state: dict, seat: int) -> dict:
    if state["phase"] == "spades":
        return new_turn(state, seat, state["factions"][seat]["cult_spades"])
    return new_turn(state, seat)


def obligations(state: dict, seat: int) -> list[str]:
    """What the seat still owes before its turn can end."""
    f = state["factions"][seat]
    t = state["turn"] if state["turn"] and state["turn"]["seat"] == seat else None
    owe = []
    if f["pending"]["FAV"]:
        owe.append("take a favour tile (+FAVn)")
    if f["pending"]["TW"]:
        owe.append("take a town tile (+TWn)")
    if f["pending"]["CULT"]:
        owe.append("choose a cult track (+FIRE, +WATER, +EARTH or +AIR)")
    if t and f["pending"]["CULTIST"]:
        owe.append("place your cult step for the accepted power offer (+FIRE, +WATER, +EARTH or +AIR)")
    if t:
        owe += _turn_owes(state, seat, t)
    return owe


def _turn_owes(state: dict, seat: int, t: dict) -> list[str]:
    owe = []
    if t["spades"]:
        if t.get("dug"):
            owe.append(f"use the {t['spades']} spade(s) you dug (transform HEX)")
        else:
            owe.append(f"use {t['spades']} spade(s) (transform HEX) or discard them (-SPADE)")
    if t["bridge"]:
        owe.append("place your bridge (bridge HEX:HEX)")
    if t["ride"] or t["sandstorm"]:
        owe.append("build your dwelling")
    if t["free_tp"]:
        owe.append("upgrade a dwelling to a trading house")
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
def _setup_faction(state, seat, cmds, out):
    from .data import TERRAINS

    free = ", ".join(f for f in FACTIONS if not home_taken(state, f))
    if len(cmds) != 1 or cmds[0][0] != "setup":
        raise IllegalMove(f"Choose your faction first: setup FACTION (free: {free}).")
    if seat != state["factions"].index(None):
        raise IllegalMove("Factions are chosen in seat order.")
    fid = cmds[0][1]
    if home_taken(state, fid):
        home = FACTIONS[fid]["home"]
        other = next(f["faction"] for f in state["factions"] if f and FACTIONS[f["faction"]]["home"] == home)
        if other == fid:
            raise IllegalMove(f"The {FACTIONS[fid]['name']} are already in this game; free: {free}.")
        raise IllegalMove(f"The {FACTIONS[fid]['name']}' home terrain ({TERRAINS[home]}) is taken by the "
                          f"{FACTIONS[other]['name']}; free: {free}.")
    state["factions"][seat] = new_faction(fid)
    out.append(f"{name(state, seat)} plays the {FACTIONS[fid]['name']}")
    if None not in state["factions"]:
        start_setup(state)


def _setup_dwelling(state, seat, cmds, out):
    if len(cmds) != 1 or cmds[0][0] != "build":
        raise IllegalMove("Place a starting dwelling: build HEX on your home terrain.")
    h = cmds[0][1]
    f = state["factions"][seat]
    home = fdata(f)["home"]
    if h not in TERRAIN:
        raise IllegalMove(f"{h} is a river hex.")
    if h in state["buildings"]:
        raise IllegalMove(f"{h} already has a building.")
    if state["terrain"][h] != home:
        raise IllegalMove(f"{h} is {COLOURS[state['terrain'][h]]}; starting dwellings go on {COLOURS[home]}.")
    state["buildings"][h] = [seat, "D"]
    out.append(f"{name(state, seat)} places a dwelling on {h}")
    after_setup_dwelling(state)


def _take_bonus(state, seat, card, out):
    f = state["factions"][seat]
    if card not in state["pool"]:
        raise IllegalMove(f"{card} is not available (left: {', '.join(sorted(state['pool']))}).")
    coins = state["pool"].pop(card)
    f["C"] += coins
    f["bonus"] = card
    out.append(f"{name(state, seat)} takes {card}" + (f" with {coins} coin(s)" if coins else ""))


# --- actions and spades --------------------------------------------------------------
def consume_action(state, t, what: str, out: list) -> None:
    if state["phase"] != "actions":
        raise IllegalMove(f"Now you may only use your cult bonus spades, not {what}.")
    if t["actions"] <= 0:
        raise IllegalMove(f"You already took your action this turn; {what} would be another.")
    if t["spades"] and not t["cult_spades"]:
        raise IllegalMove(f"Use or discard (-SPADE) your {t['spades']} spade(s) before {what}.")
    t["actions"] -= 1
    t["took"] = True
    decline_open_offers(state, t["seat"], out)
    t.update(dig_open=False, build_hexes=[], build_used=False, teleported=[], one_hex=None,
             dug=0, other_colour=None, no_dig=False)


def _open_dig(state, t, what, out):
    consume_action(state, t, what, out)
    t["dig_open"] = True


def spade_bonus(state, seat, n):
    """VP/power for spades gained from digging and actions (not cult bonuses)."""
    f = state["factions"][seat]
    score_event(state, seat, "SPADE", n)
    if f["faction"] == "halflings":
        f["vp"] += n
    if f["faction"] == "alchemists" and has_sh(state, seat):
        gain_power(f, 2 * n)


def _dig(state, seat, t, cmd, out):
    n = cmd[1]
    if n <= 0:
        raise IllegalMove("Dig at least 1 spade.")
    if t["cult_spades"]:
        raise IllegalMove("Cult bonus spades cannot be topped up with digging.")
    if t.get("no_dig") and t["spades"]:
        raise IllegalMove("The Halflings' stronghold spades cannot be topped up with digging.")
    if not t["dig_open"] or t["build_used"]:
        _open_dig(state, t, "digging", out)
    dig_pay(state, seat, n)
    t["spades"] += n
    t["dug"] = t.get("dug", 0) + n
    out.append(f"{name(state, seat)} digs {n} spade(s)")


def dig_pay(state, seat, n):
    f = state["factions"][seat]
    if f["faction"] == "darklings":
        pay(f, {"P": n}, f"Digging {n} spade(s)")
        f["vp"] += 2 * n
    else:
        pay(f, {"W": n * (3 - f["dig"])}, f"Digging {n} spade(s)")
    spade_bonus(state, seat, n)


def spade_cost(state, seat, h, target) -> int:
    """Spades to turn h into target, with the Giants' and the wheel-direction rules."""
    f = state["factions"][seat]
    n = spade_steps(f["faction"], state["terrain"][h], target)
    if n is None:
        raise IllegalMove("Giants can only transform to wasteland (red), always for 2 spades.")
    return n


def _spade_steps(fid: str, cur: int, target: int) -> int | None:
    home = FACTIONS[fid]["home"]
    if fid == "giants":
        return 2 if target == home else None
    if target == home:
        return spade_distance(cur, target)
    up = (target - cur) % 7
    down = (cur - target) % 7
    ways = []
    if not 0 < (home - cur) % 7 < up:
        ways.append(up)
    if not 0 < (cur - home) % 7 < down:
        ways.append(down)
    return min(ways) if ways else spade_distance(cur, target)


#: faction -> [current terrain][target terrain] -> spades (None: not allowed)
SPADE_STEPS = {fid: [[_spade_steps(fid, c, t) for t in range(7)] for c in range(7)] for fid in FACTIONS}


def spade_steps(fid: str, cur: int, target: int) -> int | None:
    return SPADE_STEPS[fid][cur][target]


def check_reach(state, seat, t, h):
    mode = reach(state, seat, h)
    if mode is None:
        raise IllegalMove(unreachable_text(state, seat, h))
    if mode in ("tunnel", "carpet") and t["cult_spades"]:
        what = "tunnel" if mode == "tunnel" else "fly a carpet"
        raise IllegalMove(f"{h} is out of direct reach, and you cannot {what} with cult bonus spades "
                          "(the ability works only in the action phase).")
    if mode in ("tunnel", "carpet") and h not in t["teleported"]:
        cost, vp = reach_cost(state, seat, mode)
        what = "Tunnelling" if mode == "tunnel" else "A carpet flight"
        pay(state["factions"][seat], cost, f"{what} to {h}")
        state["factions"][seat]["vp"] += vp
        t["teleported"].append(h)


def unreachable_text(state, seat, h) -> str:
    f = state["factions"][seat]
    if f["faction"] == "dwarves":
        return f"{h} is not reachable: Dwarves tunnel at most one hex beyond their buildings."
    if f["faction"] == "fakirs":
        return f"{h} is not reachable: your carpet range is {f['range']}."
    level = ship_level(state, seat)
    dists = [SHIP_DIST[o][h] for o in own_hexes(state, seat) if h in SHIP_DIST[o]]
    longest = fdata(f)["ship"][1] + 1  # the track's end plus BON4
    if dists and min(dists) <= longest:
        return f"{h} is not reachable: your shipping is {level}; it needs shipping {min(dists)}."
    return f"{h} is not reachable: your shipping is {level} and no ship reaches it from your buildings."


def transform_hex(state, seat, t, h, target, out):
    """Terraform h (spades from the open dig; missing spades dug with workers)."""
    f = state["factions"][seat]
    home = fdata(f)["home"]
    if h not in TERRAIN:
        raise IllegalMove(f"{h} is a river hex.")
    if h in state["buildings"]:
        raise IllegalMove(occupied_text(state, seat, h, "only empty hexes can be transformed"))
    if t["sandstorm"]:
        if not LAND_NEIGHBOURS[h] & set(own_hexes(state, seat)):
            raise IllegalMove(f"The sandstorm reaches only hexes next to your buildings; {h} is not.")
        if target not in (None, home):
            raise IllegalMove("The sandstorm turns a hex into desert.")
        if state["terrain"][h] == home:
            raise IllegalMove(f"{h} is already desert; the sandstorm needs a hex of another terrain.")
        state["terrain"][h] = home
        t.update(sandstorm=False, build_hexes=[h], build_used=False)
        out.append(f"{name(state, seat)} turns {h} into desert with a sandstorm")
        return
    if t["build_used"] and t["spades"] and not t["cult_spades"]:
        raise IllegalMove("All transforms of an action come before its build; "
                          f"use or discard (-SPADE) your {t['spades']} spade(s) instead.")
    if not t["dig_open"] or (t["build_used"] and not t["spades"]):
        _open_dig(state, t, "transforming", out)
    if t["one_hex"] and t["one_hex"] != h:
        raise IllegalMove(f"The Giants' two spades must all go on {t['one_hex']}.")
    check_reach(state, seat, t, h)
    cur = state["terrain"][h]
    if target is None:
        dist = spade_distance(cur, home) if f["faction"] != "giants" else 2
        if cur == home:
            raise IllegalMove(f"{h} is already your home terrain.")
        if t["spades"] and t["spades"] < dist and f["faction"] != "giants":
            step = t["spades"]
            target = min(((cur + step) % 7, (cur - step) % 7), key=lambda x: spade_distance(x, home))
        else:
            target = home
    if target == cur:
        raise IllegalMove(f"{h} is already {COLOURS[cur]}.")
    if target != home and t.get("other_colour"):
        raise IllegalMove(f"One action turns at most one hex into a terrain other than your home; "
                          f"{t['other_colour']} already was.")
    cost = spade_cost(state, seat, h, target)
    if t["spades"] < cost:
        if t["cult_spades"]:
            raise IllegalMove(f"That needs {cost} spades; you have {t['spades']}.")
        if t.get("no_dig"):
            raise IllegalMove(f"That needs {cost} spades; you have {t['spades']}, and the Halflings' "
                              "stronghold spades cannot be topped up with digging.")
        missing = cost - t["spades"]
        if f["faction"] != "darklings" and f["W"] < missing * (3 - f["dig"]):
            rate = 3 - f["dig"]
            dig = f"{missing * rate} workers ({rate} per spade)"
            head = f"Turning {h} ({COLOURS[cur]}) into {COLOURS[target]} needs {cost} spade(s)"
            if t["spades"]:
                head += f"; you hold {t['spades']}, the other {missing} cost {dig}"
            else:
                head += f": {dig}"
            raise IllegalMove(f"{head}; you have {f['W']} workers.")
        dig_pay(state, seat, missing)
        t["spades"] += missing
        t["dug"] = t.get("dug", 0) + missing
    t["spades"] -= cost
    t["dug"] = min(t.get("dug", 0), t["spades"])  # spades held from actions are used first
    if target != home:
        if t["dug"]:
            raise IllegalMove(f"Spades bought with dig must all be used: turning {h} into {COLOURS[target]} "
                              f"leaves {t['dug']} of them unused.")
        t["other_colour"] = h
    state["terrain"][h] = target
    if f["faction"] == "giants" and t["one_hex"] is None and state["turn"].get("giants_action"):
        t["one_hex"] = h
    if target == home:
        t["build_hexes"].append(h)
    _check_dug_usable(state, seat, t)
    out.append(f"{name(state, seat)} turns {h} into {COLOURS[target]}")


def _check_dug_usable(state, seat, t) -> None:
    """Dug spades must all be used: refuse to hold some no transform can take."""
    if not t.get("dug"):
        return
    from .moves import _iter_transforms

    if next(_iter_transforms(state, seat), None) is None:
        raise IllegalMove(f"No transform could use the {t['dug']} spade(s) you dug; dig fewer.")


def _transform(state, seat, t, cmd, out):
    transform_hex(state, seat, t, cmd[1], cmd[2], out)


def _discard(state, seat, t, cmd, out):
    if t["spades"] < cmd[1]:
        raise IllegalMove(f"You have {t['spades']} spade(s) to discard.")
    if t.get("dug"):
        raise IllegalMove("Spades bought with dig cannot be thrown away; use them (transform HEX).")
    t["spades"] -= cmd[1]


def _build(state, seat, t, cmd, out):
    h = cmd[1]
    f = state["factions"][seat]
    home = fdata(f)["home"]
    if h not in TERRAIN:
        raise IllegalMove(f"{h} is a river hex.")
    if h in state["buildings"]:
        raise IllegalMove(occupied_text(state, seat, h))
    if count_buildings(state, seat, "D") >= SUPPLY["D"]:
        raise IllegalMove("All 8 of your dwellings are on the map.")
    free = False
    before = {k: f[k] for k in ("W", "C", "P")}
    if t["ride"]:
        if state["terrain"][h] != home:
            raise IllegalMove(f"The Witches' ride lands on a forest hex; {h} is {COLOURS[state['terrain'][h]]}.")
        t["ride"] = False
        free = True
    elif t["cult_spades"]:
        raise IllegalMove("Cult bonus spades only transform; you cannot build now.")
    else:
        if state["terrain"][h] != home or t["sandstorm"]:
            held = t["spades"]
            transform_hex(state, seat, t, h, home, out)
            if held and t["spades"]:
                raise IllegalMove(f"All transforms of an action come before its build: transform {h} "
                                  f"(and use your other {t['spades']} spade(s)) first, then build.")
        if t.get("dug"):
            raise IllegalMove(f"Use the {t['dug']} spade(s) you dug (transform HEX) before you build: "
                              "all transforms of an action come before its build.")
        if h in t["build_hexes"] and not t["build_used"]:
            t["build_used"] = True
        else:
            consume_action(state, t, f"building on {h}", out)
            check_reach(state, seat, t, h)
    if not free:
        _pay_dwelling(state, seat, h, before)
    state["buildings"][h] = [seat, "D"]
    if "FAV11" in f["favours"]:
        f["vp"] += 2
    score_event(state, seat, "D", 1)
    out.append(f"{name(state, seat)} builds a dwelling on {h}")
    out += offer_leech(state, seat, h)
    out += check_towns(state, seat, [h])


def occupied_text(state, seat, h, advice="build on an empty hex") -> str:
    """Why a hex with a building cannot take a dwelling, naming the owner."""
    owner, kind = state["buildings"][h]
    if owner == seat:
        nxt = {"D": "TP", "TP": "TE", "TE": "SA"}.get(kind)
        return f"{h} already has your {BUILDING_NAMES[kind]}" + (f"; upgrade it instead (upgrade {h} to {nxt})." if nxt else ".")
    their = FACTIONS[state["factions"][owner]["faction"]]["name"]
    return f"{h} already has the {their}' {BUILDING_NAMES[kind]}; {advice}."


def _pay_dwelling(state, seat, h, before) -> None:
    """Pay the dwelling; if the spades just dug leave too little, say the total."""
    f = state["factions"][seat]
    cost = dict(fdata(f)["cost"]["D"])
    spent = {k: before[k] - f[k] for k in before if before[k] > f[k]}
    if spent and any(f[k] < n for k, n in cost.items()):
        total = {k: spent.get(k, 0) + cost.get(k, 0) for k in ("W", "C", "P") if spent.get(k) or cost.get(k)}
        raise IllegalMove(
            f"Building on {h} costs {amounts(total)} ({amounts(spent)} to reach and terraform it, "
            f"{amounts(cost)} for the dwelling); you have {amounts({k: before[k] for k in total})}."
        )
    pay(f, cost, "A dwelling")


def tp_cost(state, seat, h) -> dict:
    f = state["factions"][seat]
    cost = dict(fdata(f)["cost"]["TP"])
    near = direct_neighbours(state, None, h)
    if not any(s != seat for hh, (s, _k) in state["buildings"].items() if hh in near):
        cost["C"] *= 2
    return cost


def _upgrade(state, seat, t, cmd, out):
    h, kind = cmd[1], cmd[2]
    f = state["factions"][seat]
    b = state["buildings"].get(h)
    if not b or b[0] != seat:
        mine = sorted(own_hexes(state, seat))
        if b:
            their = FACTIONS[state["factions"][b[0]]["faction"]]["name"]
            head = f"{h} is the {their}' {BUILDING_NAMES[b[1]]}; you can upgrade only your own buildings"
        else:
            head = f"You have no building on {h}"
        raise IllegalMove(head + (f" ({', '.join(mine)})." if mine else "."))
    if b[1] != UPGRADE_FROM[kind]:
        raise IllegalMove(f"A {BUILDING_NAMES[kind]} is built from a {BUILDING_NAMES[UPGRADE_FROM[kind]]}; "
                          f"{h} has a {BUILDING_NAMES[b[1]]}.")
    if count_buildings(state, seat, kind) >= SUPPLY[kind]:
        raise IllegalMove(f"You have no {BUILDING_NAMES[kind]} left.")
    if t["free_tp"] and kind == "TP":
        t["free_tp"] = False
    else:
        consume_action(state, t, f"upgrading {h}", out)
        pay(f, tp_cost(state, seat, h) if kind == "TP" else dict(fdata(f)["cost"][kind]),
            f"A {BUILDING_NAMES[kind]}")
    b[1] = kind
    out.append(f"{name(state, seat)} upgrades {h} to a {BUILDING_NAMES[kind]}")
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
        # the turn stays open for the conversion (later turns may convert without the strict option)
        t["darkling_open"] = state["options"].get("strict-darkling-sh", True)
    elif fid == "halflings":
        t.update(spades=t["spades"] + 3, dig_open=True, build_hexes=[], build_used=False, no_dig=True)
        spade_bonus(state, seat, 3)
    elif fid == "mermaids":
        advance_ship(state, seat)
    elif fid == "fakirs":
        f["range"] += 1


def owe_favours(state, seat, n) -> None:
    """Owe n favour tiles, as many as there are kinds left the seat lacks."""
    f = state["factions"][seat]
    left = [k for k, c in state["favours"].items() if c and k not in f["favours"]]
    f["pending"]["FAV"] = min(f["pending"]["FAV"] + n, len(left))


def _bridge_slot_free(state, seat) -> bool:
    mine = set(own_hexes(state, seat))
    used = {k for k, _s in state["bridges"]}
    return any(k not in used and set(k.split(":")) & mine for k in BRIDGES)


def _check_sh_action(state, seat, act) -> None:
    """Refuse a stronghold action that could not be completed now."""
    f = state["factions"][seat]
    home = fdata(f)["home"]
    empty = [h for h in TERRAIN if h not in state["buildings"]]
    d_left = count_buildings(state, seat, "D") < SUPPLY["D"]
    if act == "ACTW" and not (d_left and any(state["terrain"][h] == home for h in empty)):
        raise IllegalMove("The Witches' ride needs a free forest hex and a dwelling in your supply.")
    if act == "ACTS" and not (count_buildings(state, seat, "D") and count_buildings(state, seat, "TP") < 4):
        raise IllegalMove("ACTS needs a dwelling on the map and a trading house in your supply.")
    if act == "ACTN":
        mine = set(own_hexes(state, seat))
        if not any(LAND_NEIGHBOURS[h] & mine and state["terrain"][h] != home for h in empty):
            raise IllegalMove("No free hex next to your buildings for a sandstorm.")


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
            raise IllegalMove(f"The {data['name']} have no shipping track.")
        if f["ship"] >= data["ship"][1]:
            raise IllegalMove(f"Your shipping is already at its maximum ({f['ship']}).")
        consume_action(state, t, "advancing shipping", out)
        pay(f, {"P": 1, "C": 4}, "Advancing shipping")
        advance_ship(state, seat)
        out.append(f"{name(state, seat)} advances shipping to {f['ship']}")
    else:
        if f["dig"] >= data["dig_max"]:
            raise IllegalMove("Your digging cannot advance further.")
        consume_action(state, t, "advancing digging", out)
        pay(f, dict(data["dig_cost"]), "Advancing digging")
        f["dig"] += 1
        f["vp"] += 6
        out.append(f"{name(state, seat)} advances digging to {f['dig']}")


def _send(state, seat, t, cmd, out):
    track, amount = cmd[1], cmd[2]
    f = state["factions"][seat]
    if f["P"] < 1:
        raise IllegalMove("You have no priest to send.")
    consume_action(state, t, "sending a priest", out)
    spaces = state["priests"][track]
    slot = None
    if amount != 1:
        free = [i for i, s in enumerate(spaces) if s is None and (amount is None or PRIEST_SPACES[i] == amount)]
        if amount is not None and not free:
            raise IllegalMove(f"No free {amount}-step space on {track}.")
        slot = max(free, key=lambda i: PRIEST_SPACES[i]) if free else None
    f["P"] -= 1
    if slot is None:
        steps = cult_advance(state, seat, track, 1)
    else:
        spaces[slot] = seat
        f["on_cult"] += 1
        steps = cult_advance(state, seat, track, PRIEST_SPACES[slot])
    out.append(f"{name(state, seat)} sends a priest to {track} (+{steps})")


def _action(state, seat, t, cmd, out):
    act = cmd[1]
    f = state["factions"][seat]
    if act in POWER_ACTIONS:
        if act in state["actions_used"]:
            raise IllegalMove(f"{act} was already used this round.")
        info = POWER_ACTIONS[act]
        consume_action(state, t, f"power action {act}", out)
        spend_power(f, info["cost"], f"{act}")
        state["actions_used"].append(act)
        g = info["gain"]
        if "BRIDGE" in g:
            if not _bridge_slot_free(state, seat):
                raise IllegalMove("No bridge slot touches your buildings.")
            if f["bridges_left"] < 1:
                raise IllegalMove("You have no bridge left.")
            t["bridge"] += 1
        if "P" in g:
            f["P"] += min(1, priest_room(f))
        f["W"] += g.get("W", 0)
        f["C"] += g.get("C", 0)
        if "SPADE" in g:
            t.update(dig_open=True, spades=g["SPADE"])
            spade_bonus(state, seat, g["SPADE"])
        out.append(f"{name(state, seat)} uses {act} ({info['text']})")
        return
    if act in ("BON1", "BON2"):
        if f["bonus"] != act:
            raise IllegalMove(f"You do not hold {act}.")
        _special_once(f, act)
        consume_action(state, t, f"the {act} action", out)
        if act == "BON1":
            t.update(dig_open=True, spades=1)
            spade_bonus(state, seat, 1)
        else:
            f["pending"]["CULT"].append(1)
        out.append(f"{name(state, seat)} uses the {act} action")
        return
    if act == "FAV6":
        if "FAV6" not in f["favours"]:
            raise IllegalMove("You do not hold FAV6.")
        _special_once(f, act)
        consume_action(state, t, "the FAV6 action", out)
        f["pending"]["CULT"].append(1)
        out.append(f"{name(state, seat)} uses the FAV6 action")
        return
    if act == "ACTE":
        if f["faction"] != "engineers":
            raise IllegalMove("Only the Engineers build bridges with ACTE.")
        if f["bridges_left"] < 1:
            raise IllegalMove("You have no bridge left.")
        if not _bridge_slot_free(state, seat):
            raise IllegalMove("No bridge slot touches your buildings.")
        consume_action(state, t, "the bridge action", out)
        pay(f, {"W": 2}, "A bridge")
        t["bridge"] += 1
        out.append(f"{name(state, seat)} pays 2 workers for a bridge")
        return
    owner = ACTION_OWNER.get(act)
    if owner is None:
        raise IllegalMove(f"'{act}' is not an action (ACT1-ACT6, BON1, BON2, FAV6, ACTA/C/E/G/N/S/W).")
    if f["faction"] != owner:
        raise IllegalMove(f"{act} belongs to the {owner}.")
    if not has_sh(state, seat):
        raise IllegalMove(f"{act} needs your stronghold.")
    _check_sh_action(state, seat, act)
    _special_once(f, act)
    consume_action(state, t, f"the {act} action", out)
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
    out.append(f"{name(state, seat)} uses the stronghold action {act}")


def _special_once(f, act):
    if act in f["used"]:
        raise IllegalMove(f"You already used {act} this round.")
    f["used"].append(act)


def _bridge(state, seat, t, cmd, out):
    f = state["factions"][seat]
    if not t["bridge"]:
        raise IllegalMove("Place a bridge after action ACT1 (or ACTE for the Engineers).")
    a, b = cmd[1], cmd[2]
    if a not in TERRAIN or b not in TERRAIN:
        raise IllegalMove("A bridge joins two land hexes.")
    key = bridge_key(a, b)
    if key not in BRIDGES:
        raise IllegalMove(f"No bridge can join {a} and {b}.")
    if any(k == key for k, _s in state["bridges"]):
        raise IllegalMove(f"There is already a bridge at {key}.")
    mine = set(own_hexes(state, seat))
    if a not in mine and b not in mine:
        raise IllegalMove("A bridge must touch one of your buildings.")
    if f["bridges_left"] < 1:
        raise IllegalMove("You have no bridge left.")
    state["bridges"].append([key, seat])
    f["bridges_left"] -= 1
    t["bridge"] -= 1
    out.append(f"{name(state, seat)} builds a bridge {key}")
    out += check_towns(state, seat, [h for h in (a, b) if h in mine])


def _connect(state, seat, t, cmd, out):
    f = state["factions"][seat]
    if f["faction"] != "mermaids":
        raise IllegalMove("Only the Mermaids connect towns across a river hex.")
    hexes = cmd[1]
    mine = set(own_hexes(state, seat))
    if len(hexes) == 1:
        r = hexes[0]
        if r not in LAND_NEIGHBOURS_RIVER:
            raise IllegalMove("connect needs a river hex, e.g. connect r1.")
    else:
        cands = [r for r, land in LAND_NEIGHBOURS_RIVER.items() if all(h in land for h in hexes)]
        if not cands:
            raise IllegalMove("No single river hex joins those hexes.")
        r = cands[0]
    if len(LAND_NEIGHBOURS_RIVER[r] & mine) < 2:
        raise IllegalMove(f"{r} does not touch two of your buildings.")
    if r in f["connects"]:
        raise IllegalMove(f"{r} is already connected.")
    before = f["pending"]["TW"]
    f["connects"].append(r)
    events = check_towns(state, seat, sorted(LAND_NEIGHBOURS_RIVER[r] & mine))
    if f["pending"]["TW"] == before:
        raise IllegalMove(f"Connecting across {r} founds no town.")
    out.append(f"{name(state, seat)} connects across {r}")
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
        raise IllegalMove(f"You cannot convert {src} to {dst}.")
    if n != rate * k:
        raise IllegalMove(f"{src} -> {dst} is {rate}:1; {n}{src} gives {n // rate}{dst}.")
    if src == "W" and dst == "P":
        if k > t["darkling_sh"]:
            raise IllegalMove(f"The stronghold converts at most {t['darkling_sh']} more workers.")
        t["darkling_sh"] -= k
        f["darkling_left"] = t["darkling_sh"]
        t["darkling_open"] = False
    if src == "PW":
        spend_power(f, n, f"Converting {n} power")
    elif src == "VP":
        if f["vp"] < n:
            raise IllegalMove(f"You have {f['vp']} VP.")
        f["vp"] -= n
    else:
        pay(f, {src: n}, f"Converting {n}{src}")
    if dst == "P":
        if priest_room(f) < k:
            raise IllegalMove("You would have more than 7 priests.")
        f["P"] += k
    elif dst == "VP":
        f["vp"] += k
    else:
        f[dst] += k
    out.append(f"{name(state, seat)} converts {n} {src} to {k} {dst}")


def _burn(state, seat, t, cmd, out):
    f = state["factions"][seat]
    n = cmd[1]
    if n == 0:
        return  # the site accepts 'burn 0' and does nothing
    if n < 1 or f["pw"][1] < 2 * n:
        raise IllegalMove(f"Burning {n} needs {2 * n} power in bowl II; it holds {f['pw'][1]}.")
    f["pw"][1] -= 2 * n
    f["pw"][2] += n
    out.append(f"{name(state, seat)} burns {n} power")


def _pass(state, seat, t, cmd, out):
    card = cmd[1]
    f = state["factions"][seat]
    if state["phase"] != "actions":
        raise IllegalMove("You cannot pass now.")
    if f["passed"]:
        raise IllegalMove("You have already passed this round; take your other action or end with 'done'.")
    if state["round"] == 6 and card:
        raise IllegalMove("In round 6 you pass without taking a bonus card: pass.")
    if state["round"] < 6 and not card:
        raise IllegalMove("Pass with a bonus card: pass BONn (" + ", ".join(sorted(state["pool"])) + ").")
    if card and card not in state["pool"]:
        raise IllegalMove(f"{card} is not available (left: {', '.join(sorted(state['pool']))}).")
    consume_action(state, t, "passing", out)
    if state["options"].get("strict-chaosmagician-sh", True):
        t["actions"] = 0  # passing ends a double action too
    f["vp"] += pass_vp(state, seat)
    if f["bonus"]:
        state["pool"][f["bonus"]] = 0
    f["bonus"] = None
    f["passed"] = True
    state["next_order"].append(seat)
    out.append(f"{name(state, seat)} passes")
    if card:
        _take_bonus(state, seat, card, out)


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
        raise IllegalMove(f"You have no power offer from the {fid}.")
    return next((o for o in offers if o["amount"] == amount), offers[0])


def _leech(state, seat, cmd, out):
    offer = _find_offer(state, seat, cmd[2], cmd[1])
    f = state["factions"][seat]
    strict = state["options"].get("strict-leech", True)
    if strict and offer.get("converted"):
        raise IllegalMove("You converted after this power offer was made; you can only decline it now.")
    if strict and offer["id"] < f.get("answered", 0):
        raise IllegalMove("You answered a later power offer already; an earlier one can only be declined.")
    cap = min(offer["amount"], power_room(f), f["vp"] + 1)
    if cmd[1] < cap:
        raise IllegalMove(f"A power offer is taken whole: leech {cap} from {cmd[2]}, or decline it.")
    state["leeches"].remove(offer)
    f["answered"] = max(f.get("answered", 0), offer["id"])
    got = gain_power(f, cap)
    if got:
        f["vp"] -= got - 1
    out.append(f"{name(state, seat)} takes {got} power from {name(state, offer['from'])}"
               + (f" for {got - 1} VP" if got > 1 else ""))
    out += close_offer(state, offer, got > 0)
    try_end_round(state, out)


def _decline(state, seat, cmd, out):
    if cmd[2] is None:
        offers = [o for o in state["leeches"] if o["seat"] == seat]
        if not offers:
            raise IllegalMove("You have no power offer to decline.")
    else:
        offers = [_find_offer(state, seat, cmd[2], cmd[1])]
    for offer in offers:
        state["leeches"].remove(offer)
        f = state["factions"][seat]
        f["answered"] = max(f.get("answered", 0), offer["id"])
        out.append(f"{name(state, seat)} declines power from {name(state, offer['from'])}")
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
        raise IllegalMove("You cannot move back on a cult track (only before taking a town tile).")
    f = state["factions"][seat]
    i = CULTS.index(cmd[1])
    f["cult"][i] = max(0, f["cult"][i] + cmd[2])
    out.append(f"{name(state, seat)} gives up a step on {cmd[1]}")


def _late_step(state, seat, track, n):
    """Place one cult step owed outside the turn that earned it: a step
    carried past the end of a turn first, then the Cultists' step."""
    f = state["factions"][seat]
    late = f["pending"].get("LATE")
    if late:
        steps = late.pop(0)
        if n not in (1, steps):
            raise IllegalMove(f"You have {steps} cult step(s) for one track: +{track}.")
        return cult_advance(state, seat, track, steps)
    f["pending"]["CULTIST"] -= 1
    return cult_advance(state, seat, track, 1)


def _cultist_step(state, seat, cmd, out):
    steps = _late_step(state, seat, cmd[1], cmd[2])
    out.append(f"{name(state, seat)} moves up {cmd[1]} (+{steps})")
    try_end_round(state, out)


def _cult(state, seat, t, cmd, out):
    f = state["factions"][seat]
    track, n = cmd[1], cmd[2]
    if n < 0:
        raise IllegalMove("You cannot move back on a cult track.")
    if f["pending"]["CULT"]:
        steps = f["pending"]["CULT"].pop(0)
        if n not in (1, steps):
            raise IllegalMove(f"You have {steps} cult step(s) for one track: +{track}.")
        moved = cult_advance(state, seat, track, steps)
    elif _late_steps(f):
        moved = _late_step(state, seat, track, n)
    else:
        raise IllegalMove("You have no cult step to place.")
    out.append(f"{name(state, seat)} moves up {track} (+{moved})")


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
        raise IllegalMove(f"There is no favour tile {tile} (FAV1-FAV12).")
    if not f["pending"]["FAV"]:
        raise IllegalMove("You get a favour tile for a temple or sanctuary; you have none to take.")
    if tile in f["favours"]:
        raise IllegalMove(f"You already have {tile}; one of each kind per player.")
    if not state["favours"].get(tile):
        raise IllegalMove(f"No {tile} is left.")
    f["pending"]["FAV"] -= 1
    state["favours"][tile] -= 1
    f["favours"].append(tile)
    track, steps = FAVOURS[tile]["cult"]
    cult_advance(state, seat, track, steps)
    out.append(f"{name(state, seat)} takes {tile}")
    if tile == "FAV5":
        out += check_towns(state, seat)


def take_town(state, seat, tile, out):
    f = state["factions"][seat]
    if tile not in state["towns"]:
        raise IllegalMove(f"There is no town tile {tile} in this game.")
    if not f["pending"]["TW"]:
        raise IllegalMove("You have founded no town to take a town tile for.")
    if not state["towns"][tile]:
        raise IllegalMove(f"No {tile} is left.")
    f["pending"]["TW"] -= 1
    state["towns"][tile] -= 1
    f["town_tiles"].append(tile)
    info = TOWNS[tile]
    f["keys"] += info["keys"]
    g = info["gain"]
    f["vp"] += g.get("VP", 0)
    f["C"] += g.get("C", 0)
    f["W"] += g.get("W", 0)
    f["P"] += min(g.get("P", 0), priest_room(f))
    gain_power(f, g.get("PW", 0))
    for track in CULTS if g.get("CULT") else ():
        cult_advance(state, seat, track, g["CULT"])
    if g.get("SHIP"):
        advance_ship(state, seat)
    unblock_cult_steps(state, seat)
    out.append(f"{name(state, seat)} takes town tile {tile}")


def _done(state, seat, t, cmd, out):
    if not t["took"]:
        raise IllegalMove("Take an action first (or pass).")
    if t["actions"] > 0 and not state["factions"][seat]["passed"]:
        raise IllegalMove("The Chaos Magicians' double action gives two actions; take the second one (or pass).")
    owe = obligations(state, seat)
    if owe:
        raise IllegalMove("You still need to " + "; ".join(owe) + ".")
    t["actions"] = 0
    t["darkling_open"] = False


def _no_setup(state, seat, t, cmd, out):
    raise IllegalMove("Factions are chosen only at the start.")


HANDLERS = {
    "build": _build, "upgrade": _upgrade, "transform": _transform, "dig": _dig, "send": _send,
    "action": _action, "bridge": _bridge, "connect": _connect, "advance": _advance,
    "convert": _convert, "burn": _burn, "pass": _pass, "take": _take, "cult": _cult,
    "discard_spade": _discard, "done": _done, "setup": _no_setup,
}
