"""Amerigo state and transitions: set-up, phases, the seven actions, round end.

The state is one plain dict (JSON round-trips). The flow needs no input
between turns: after each turn the engine returns the phase's cubes, pours
the next colour (skipping phases that yield no cube), resolves the round end
and the final scoring, and stops at the next player who must decide.

A turn is either one move (``coins``, ``vp``, ``cannon 4``, ``develop 3``,
``order 2``, ``first``) or, for sail/plan/build/produce, a start word followed
by steps and ``done``. Action points a step needs beyond what is left are paid
with coins automatically (1 coin = 1 point).
"""

from __future__ import annotations

from games.core import Event, IllegalMove, Rng, msg, new_rng
from games.core.messages import Msg

from . import board as B
from . import messages as M
from .data import (
    ACTION_OF,
    AP_BONUS,
    CANNON_CAP,
    CHEST_COINS,
    COIN_CAP,
    COLOUR_OF_ACTION,
    COLOURS,
    CUBES_PER_COLOUR,
    DEV_DISPLAY,
    DEV_REFILL,
    DEVELOP_END,
    DEVELOP_NUMBERS,
    DEVELOPMENTS,
    GAIN_WHEN_TRACK_FULL,
    NEUTRAL_COUNTS,
    PIRATES,
    PIRATES_USED,
    POSTS_PER_PLAYER,
    PRODUCTION_SETS,
    PRODUCTION_SHOWN,
    ROUNDS,
    SPECIAL_COLOURS,
    SPECIAL_END,
    STARTING_COINS,
    TIME_VALUES,
    VILLAGE_COUNTS,
)
from .tower import new_tower, pour

MULTI_STEP = ("sail", "plan", "build", "produce")


# --- set-up -----------------------------------------------------------------
def setup(players: int, seed: int, options: dict) -> dict:
    state: dict = {"players": players, "rng": new_rng(seed), "options": options}
    rng = Rng(state["rng"])
    install_map(state, B.assemble(players, rng, legacy=legacy_frame(state)))
    state["neutral"] = dict(NEUTRAL_COUNTS)
    pirates = rng.shuffled(PIRATES)
    state["pirates"] = {"row": pirates[:PIRATES_USED], "revealed": 1}
    deck = rng.shuffled(DEVELOPMENTS)
    state["dev"] = {"deck": deck[DEV_DISPLAY:], "left": deck[:DEV_REFILL], "right": deck[DEV_REFILL:DEV_DISPLAY]}
    stacks = {}
    for name in PRODUCTION_SHOWN[players]:
        tiles = [f"{g}{cost}" for g in ("cotton", "tea", "sugar", "coconut", "coffee")
                 for cost in PRODUCTION_SETS[name]]
        stacks[name] = rng.shuffled(tiles)
    state["prod"] = {"stacks": stacks, "display": []}
    _refresh_production(state)
    order = rng.shuffled(range(players))
    state["seats"] = []
    for seat in range(players):
        place = order.index(seat)
        state["seats"].append({
            "vp": 0, "coins": STARTING_COINS[place], "cannons": 0, "develop": 0,
            "special": 0, "height": players - place,
            "village": dict(VILLAGE_COUNTS), "hand_n": {}, "hand_v": {},
            "posts_left": POSTS_PER_PLAYER, "goods": {}, "production": {},
            "devs": [], "used": [], "chests": 0, "stats": {},
        })
    state["tower"] = new_tower()
    out = pour(state["tower"], {c: CUBES_PER_COLOUR for c in COLOURS}, rng, setup=True, label="set-up")
    state["stock"] = {c: out.get(c, 0) for c in COLOURS}
    state["tray"] = {}
    state["tray_wait"] = {}
    state["round"], state["phase"] = 1, -1
    state["order"], state["turn_pos"], state["turn"] = [], 0, None
    state["pour"] = None
    state["finished"] = False
    state["final"] = None
    first = msg("ame.ev.setup_pour", fell=sum(out.values()), stayed=sum(state["tower"]["inside"].values()))
    notes: list = [first]
    _next_phase(state, notes)
    state["last"] = [str(n) for n in notes]
    state["last_msgs"] = [n.to_json() if isinstance(n, Msg) else None for n in notes]
    return state


def install_map(state: dict, island_map: dict) -> None:
    """Put a map on the table: islands with their chests, goods, no pieces yet."""
    state["map"] = island_map
    geo = geometry(state)
    state["islands"] = [{"chest": isl["big"], "done": False, "completer": None} for isl in geo["islands"]]
    state["goods"] = {cell: good for isl in geo["islands"] for cell, good in isl["goods"].items()}
    state["built"] = {}          # cell -> index into "placed"
    state["placed"] = []         # tiles on the map
    state["posts"] = {}          # cell -> seat
    state["ships"] = [[] for _ in range(state["players"])]


def legacy_frame(state: dict) -> bool:
    """A game started under engine version 1 (frame spaces named like column F squares)."""
    return bool(state.get("options", {}).get("legacy_frame", False))


def geometry(state: dict) -> dict:
    return B.geometry(tuple(state["map"]["grid"]), legacy_frame(state))


# --- small helpers ------------------------------------------------------------
def turn_order(state: dict) -> list[int]:
    """Special track order: furthest ahead first, top of a stack first."""
    seats = state["seats"]
    return sorted(range(state["players"]), key=lambda s: (-seats[s]["special"], -seats[s]["height"]))


def current_seat(state: dict) -> int | None:
    if state["finished"] or state["turn_pos"] >= len(state["order"]):
        return None
    return state["order"][state["turn_pos"]]


def time_value(state: dict) -> int:
    return TIME_VALUES[state["round"] - 1]


def ap(state: dict) -> int:
    return max(state["tray"].values(), default=0)


def cubes_shown(state: dict) -> int:
    return sum(state["tray"].values())


def owns(state: dict, seat: int, dev: str) -> bool:
    return dev in state["seats"][seat]["devs"]


def unused(state: dict, seat: int, dev: str) -> bool:
    return owns(state, seat, dev) and dev not in state["seats"][seat]["used"]


def add_coins(state: dict, seat: int, n: int) -> int:
    """Add coins; above the cap they become VP at once. Returns VP made."""
    p = state["seats"][seat]
    total = p["coins"] + n
    over = max(0, total - COIN_CAP)
    p["coins"] = total - over
    p["vp"] += over
    return over


def add_vp(state: dict, seat: int, n: int, why: str) -> None:
    p = state["seats"][seat]
    p["vp"] = max(0, p["vp"] + n)
    p["stats"][why] = p["stats"].get(why, 0) + n


def coins_for_cubes(state: dict, seat: int) -> int:
    div = 2 if owns(state, seat, "halfcoins") else 3
    return -(-cubes_shown(state) // div)


def action_colours(state: dict, seat: int) -> list[str]:
    """Colours whose action this seat may take now (white's own is ``order``)."""
    present = {c for c, n in state["tray"].items() if n}
    usable = present - {"white"}
    if owns(state, seat, "redgreen"):
        if "red" in present:
            usable.add("green")
        if "green" in present:
            usable.add("red")
    if "white" in present:
        colour = SPECIAL_COLOURS[state["seats"][seat]["special"]]
        if colour:
            usable.add(colour)
    return [c for c in COLOURS if c in usable]


def points_for(state: dict, seat: int, colour: str) -> int:
    bonus = sum(AP_BONUS[d].get(colour, 0) for d in state["seats"][seat]["devs"] if d in AP_BONUS)
    return ap(state) + bonus


def left(turn: dict) -> int:
    return turn["budget"] - turn["used"]


def pay(state: dict, seat: int, turn: dict, cost: int, what: str) -> int:
    """Spend ``cost`` points, buying the shortfall with coins. Returns coins spent."""
    short = max(0, cost - left(turn))
    coins = state["seats"][seat]["coins"]
    if short > coins:
        raise IllegalMove("ame.err.needs_points", what=what, cost=cost, left=left(turn), coins=coins)
    state["seats"][seat]["coins"] -= short
    turn["budget"] += short
    turn["bought"] += short
    turn["used"] += cost
    return short


def affordable(state: dict, seat: int, turn: dict) -> int:
    return left(turn) + state["seats"][seat]["coins"]


def spent_note(short: int):
    return M.paid(short)


# --- phases and rounds ---------------------------------------------------------
def _next_phase(state: dict, notes: list[str]) -> None:
    """Advance to the next player who must decide, resolving all that needs no input."""
    while True:
        state["phase"] += 1
        if state["phase"] == len(COLOURS):
            _round_end(state, notes)
            if state["finished"]:
                return
            continue
        colour = COLOURS[state["phase"]]
        dropped = dict(state["tray_wait"])
        dropped[colour] = dropped.get(colour, 0) + state["stock"][colour]
        state["stock"][colour] = 0
        state["tray_wait"] = {}
        label = f"round {state['round']} {colour}"
        if not sum(dropped.values()):
            state["pour"] = {"round": state["round"], "colour": colour, "in": {}, "out": {}, "ap": 0,
                             "skipped": True}
            state["tower"]["log"].append({"label": label, "in": {}, "out": {},
                                          "inside": sum(state["tower"]["inside"].values())})
            notes.append(msg("ame.ev.no_cubes", round=state["round"], colour=M.colour(colour)))
            continue
        out = pour(state["tower"], dropped, Rng(state["rng"]), label=label)
        state["tray"] = out
        state["pour"] = {"round": state["round"], "colour": colour, "in": {c: n for c, n in dropped.items() if n},
                         "out": dict(out), "ap": ap(state), "skipped": not out}
        poured = sum(dropped.values())
        if not out:
            notes.append(msg("ame.ev.none_fell", round=state["round"], colour=M.colour(colour), poured=poured))
            continue
        fell = [msg("ame.cubes", n=n, colour=M.colour(c)) for c, n in out.items()]
        notes.append(msg("ame.ev.fell", round=state["round"], colour=M.colour(colour), poured=poured, fell=fell,
                         ap=ap(state)))
        state["order"] = turn_order(state)
        state["turn_pos"] = 0
        state["turn"] = None
        return


def end_turn(state: dict, notes: list[str]) -> None:
    state["turn"] = None
    state["turn_pos"] += 1
    if state["turn_pos"] >= len(state["order"]):
        for c, n in state["tray"].items():
            state["stock"][c] += n
        state["tray"] = {}
        state["order"] = []
        state["turn_pos"] = 0
        _next_phase(state, notes)


def pirate_strength(state: dict, seat: int) -> int:
    revealed = state["pirates"]["row"][: state["pirates"]["revealed"]]
    # The seed: every player faces the stronger pirates, the owner too. The
    # English edition's reading (only the others) is the table option
    # ``pirates_others``.
    others_only = state.get("options", {}).get("pirates_others", False)
    extra = sum(2 for s in range(state["players"])
                if owns(state, s, "pirates+2") and not (others_only and s == seat))
    return sum(revealed) + extra


def pirate_attack(state: dict, notes: list[str]) -> None:
    for seat in range(state["players"]):
        p = state["seats"][seat]
        strength = pirate_strength(state, seat)
        if p["cannons"] >= strength:
            p["cannons"] -= strength
            key = "ame.ev.repel"
            if owns(state, seat, "repel2"):
                add_coins(state, seat, 2)
                key = "ame.ev.repel_coins"
            notes.append(msg(key, who=M.seat(seat), strength=strength))
        else:
            p["cannons"] = 0
            loss = -(-strength // 2) if owns(state, seat, "halfloss") else strength
            before = p["vp"]
            add_vp(state, seat, -loss, "pirates")
            lost = before - p["vp"]
            notes.append(msg("ame.ev.lose_floor" if lost < loss else "ame.ev.lose", who=M.seat(seat),
                             strength=strength, loss=loss, lost=lost))


def _round_end(state: dict, notes: list[str]) -> None:
    pirate_attack(state, notes)
    if state["round"] == ROUNDS:
        from .scoring import final_scoring

        final_scoring(state)
        state["finished"] = True
        state["order"], state["turn"] = [], None
        notes.append(msg("ame.ev.over"))
        return
    state["round"] += 1
    state["phase"] = -1
    state["pirates"]["revealed"] = min(PIRATES_USED, state["pirates"]["revealed"] + 1)
    dev = state["dev"]
    dev["right"] = dev["left"]
    dev["left"] = [dev["deck"].pop(0) if dev["deck"] else None for _ in range(DEV_REFILL)]
    _refresh_production(state)
    revealed = state["pirates"]["row"][state["pirates"]["revealed"] - 1]
    notes.append(msg("ame.ev.round", round=state["round"], pirate=revealed, time=time_value(state)))


def _refresh_production(state: dict) -> None:
    display = []
    for name, count in PRODUCTION_SHOWN[state["players"]].items():
        stack = state["prod"]["stacks"][name]
        display += stack[:count]
        del stack[:count]
    state["prod"]["display"] = display


# --- the turn steps ---------------------------------------------------------------------
def start_multi(state: dict, seat: int, action: str) -> str:
    colour = COLOUR_OF_ACTION[action]
    if colour not in action_colours(state, seat):
        raise IllegalMove("ame.err.no_cube_for", colour=M.colour(colour), action=action,
                          available=list(available_actions(state, seat)))
    turn = {"action": action, "colour": colour, "budget": points_for(state, seat, colour),
            "used": 0, "bought": 0}
    if action == "sail":
        turn["moved"] = [0, 0]
        turn["posted"] = [False, False]
    if action == "plan":
        turn["neutral"] = 0
    state["turn"] = turn
    return msg(f"ame.ev.start.{action}", who=M.seat(seat), n=turn["budget"])


def available_actions(state: dict, seat: int) -> list[str]:
    out = ["coins"]
    out += [ACTION_OF[c] for c in action_colours(state, seat)]
    if state["tray"].get("white"):
        out.append("order")
    return out


def track_move(state: dict, seat: int, action: str, n: int, notes: list[str]) -> None:
    """cannon / develop / order: move a track marker ``n`` spaces."""
    colour = COLOUR_OF_ACTION[action]
    if action == "order":
        if not state["tray"].get("white"):
            raise IllegalMove("ame.err.no_white")
    elif colour not in action_colours(state, seat):
        raise IllegalMove("ame.err.no_cube", colour=M.colour(colour))
    p = state["seats"][seat]
    key, end = {"cannon": ("cannons", CANNON_CAP), "develop": ("develop", DEVELOP_END),
                "order": ("special", SPECIAL_END)}[action]
    room = end - p[key]
    points = points_for(state, seat, colour)
    if n > room:
        raise IllegalMove("ame.err.track_room", action=action, room=room, n=n)
    if n == 0 and room > 0:
        raise IllegalMove("ame.err.at_least_one", action=action, most=min(room, points + p["coins"]))
    short = max(0, n - points)
    if short > p["coins"]:
        raise IllegalMove("ame.err.track_cost", action=action, n=n, points=points, coins=p["coins"])
    p["coins"] -= short
    start = p[key]
    p[key] += n
    note = msg(f"ame.ev.track.{action}", who=M.seat(seat), n=n, now=p[key], paid=M.paid(short, also=True))
    if n == room and points > n:
        add_coins(state, seat, GAIN_WHEN_TRACK_FULL)
        note = msg(f"ame.ev.track_full.{action}", who=M.seat(seat), n=n, now=p[key], paid=M.paid(short, also=True),
                   gain=msg("ame.coins", n=GAIN_WHEN_TRACK_FULL))
    if action == "order" and n:
        p["height"] = 1 + max((q["height"] for s, q in enumerate(state["seats"])
                               if s != seat and q["special"] == p["special"]), default=0)
    notes.append(note)
    if action == "develop":
        passed = sum(1 for space in DEVELOP_NUMBERS if start < space <= p[key])
        picks = min(passed, dev_count(state))
        if picks:
            state["turn"] = {"action": "develop", "colour": colour, "picks": picks, "budget": 0,
                             "used": 0, "bought": 0}
            notes.append(msg("ame.ev.may_take", who=M.seat(seat), n=picks))


def dev_count(state: dict) -> int:
    return sum(1 for d in state["dev"]["left"] + state["dev"]["right"] if d)


def take_dev(state: dict, seat: int, dev: str, notes: list[str]) -> None:
    for col in ("left", "right"):
        if dev in state["dev"][col]:
            i = state["dev"][col].index(dev)
            state["dev"][col][i] = None
            break
    else:
        shown = [d for d in state["dev"]["left"] + state["dev"]["right"] if d]
        raise IllegalMove("ame.err.dev_not_shown", dev=dev, shown=shown)  # a list: joined the reader's way
    state["seats"][seat]["devs"].append(dev)
    notes.append(msg("ame.ev.take_dev", who=M.seat(seat), dev=dev, desc=M.dev(dev)))
    state["turn"]["picks"] -= 1


def jump_first(state: dict, seat: int, notes: list[str]) -> None:
    leader = turn_order(state)[0]
    if leader == seat:
        raise IllegalMove("ame.err.already_first")
    p, q = state["seats"][seat], state["seats"][leader]
    p["special"] = q["special"]
    p["height"] = q["height"] + 1
    state["seats"][seat]["used"].append("first")
    notes.append(msg("ame.ev.jump", who=M.seat(seat), leader=M.seat(leader)))


def use_free(state: dict, seat: int, what: str, notes: list[str]) -> None:
    """Chests and one-shot coin tiles: turned into coins whenever you are to move."""
    p = state["seats"][seat]
    if what == "chest":
        if not p["chests"]:
            raise IllegalMove("ame.err.no_chest")
        p["chests"] -= 1
        vp = add_coins(state, seat, CHEST_COINS)
        notes.append(msg("ame.ev.chest", who=M.seat(seat), n=CHEST_COINS, vp=M.vp_over(vp)))
        return
    amount = {"coins3": 3, "coins5": 5}.get(what)
    if amount is None or not unused(state, seat, what):
        raise IllegalMove("ame.err.no_tile", what=what)
    p["used"].append(what)
    vp = add_coins(state, seat, amount)
    notes.append(msg("ame.ev.use_coins", who=M.seat(seat), what=what, n=amount, vp=M.vp_over(vp)))


def events(notes: list[str], seat: int | None, barrier: bool = False) -> list[Event]:
    return [Event(text=n, seat=seat, kind="move" if i == 0 else "info", barrier=barrier)
            for i, n in enumerate(notes)]

