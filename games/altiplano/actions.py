"""The action phase (movement, every action, corn) and the end-game storing,
plus ``do``, the entry point for every move type.

``do(state, seat, act, dry)`` is the single entry point; ``dry=True`` only
validates, which is how ``moves.py`` makes sure every listed move is legal.
Each handler raises ``IllegalMove`` with a message in the player's terms.
"""

from __future__ import annotations

from collections import Counter

from games.core import Ambiguous, Event, IllegalMove

from . import planning, rules
from . import warehouse as wh
from .common import fmt_goods as _fmt
from .common import need as _need
from .data import (
    BOAT_COST,
    BOATS,
    CART_COST,
    EXTENSIONS,
    HOUSE_COST,
    HOUSES,
    KIND_TEXT,
    KINDS,
    MAX_CARTS,
    ORDER_COST,
    ORDERS,
    ROAD_COST,
    ROAD_MAX,
    ROAD_STEPS,
    ROLES,
    SELL_PRICE,
    SURCHARGE,
)

#: simple location recipes: (location, action) -> (tiles needed, good gained)
RECIPES = {
    ("farm", "wool"): ({"alpaca": 1, "food": 1}, "wool"),
    ("farm", "cloth"): ({"wool": 1, "food": 1}, "cloth"),
    ("forest", "wood"): ({"food": 2}, "wood"),
    ("mine", "stone"): ({"food": 2}, "stone"),
    ("mine", "silver"): ({"ore": 1, "food": 1}, "silver"),
    ("harbor", "food"): ({"fish": 1, "food": 1}, "food"),
    ("harbor", "stone"): ({"fish": 2}, "stone"),
}
CACAO_TRADE = ("food", "cloth", "glass")

#: every basic action by location (for help, moves and the renderer)
BASIC = {
    "farm": ("food", "wool", "cloth"), "forest": ("wood", "cacao"),
    "mine": ("stone", "silver"), "harbor": ("food", "stone", "boat"),
    "village": ("house", "store", "cart"), "road": ("build",),
    "market": ("order", "deliver", "ext", "sell"),
}




# --- goods on the action board -------------------------------------------

def available(p: dict, loc: str) -> Counter:
    """Tiles usable for a basic action here: the location's space plus the
    wildcard extension's tile."""
    have = Counter(p["spaces"].get(loc, []))
    wild = rules.owns(p, "wild")
    if wild:
        have.update(p["spaces"].get(wild, []))
    return have


def consume(p: dict, loc: str, need: dict) -> list[str]:
    """Take the needed tiles, the location's own first (the wildcard tile
    stays for later), and put them into the crate."""
    taken = []
    wild = rules.owns(p, "wild")
    for good, n in need.items():
        for _ in range(n):
            for space in (loc, wild):
                if space and good in p["spaces"].get(space, []):
                    p["spaces"][space].remove(good)
                    taken.append(good)
                    break
    return taken


def gain(state: dict, seat: int, good: str, n: int = 1) -> int:
    """Goods from their supply into the crate (none if the supply is out)."""
    got = rules.take_supply(state, good, n)
    state["seats"][seat]["crate"] += [good] * got
    return got


def store_tile(state: dict, seat: int, good: str, row: int | None, allow_new: bool = True) -> int:
    p = state["seats"][seat]
    try:
        used = wh.put(p["warehouse"], good, row, allow_new)
    except ValueError as err:
        raise IllegalMove(f"Cannot store {good}: {err}.") from None
    if wh.is_full(p["warehouse"], used):
        firsts = state["firsts"]
        if firsts["row"] is None:
            firsts["row"] = seat
        tiles = p["warehouse"][used]["tiles"]
        if firsts["fishrow"] is None and all(t == "fish" for t in tiles):
            firsts["fishrow"] = seat
    return used


# --- entry point ---------------------------------------------------------

def do(state: dict, seat: int, act: dict, dry: bool = False) -> list[Event]:
    phase = state["phase"]
    t = act["t"]
    p = state["seats"][seat]
    allowed = {
        "draft": {"pick"},
        "missions": {"keep", "choose"},
        "final": {"fstore", "fdone"},
    }
    if phase in allowed:
        _need(t in allowed[phase], f"Now is not the time for that ({phase} phase).")
    elif phase == "plan":
        stage = p["stage"]
        ok = {"prep": {"return", "draw", "swap"},
              "plan": {"plan", "plans", "unplan", "coin", "uncoin", "swap", "done"}}
        _need(stage in ok and t in ok[stage],
              "First take back tiles or coins with 'return ...', then 'draw'." if stage == "prep"
              else "You are planning: plan/unplan/coin/uncoin/swap, then done.")
    elif phase == "act":
        if state["pending"] is not None:
            _need(t == "corn", "Place your corn first: 'corn <row>'" + (" or 'corn keep'." if p["corn_keep"] else "."))
        else:
            _need(t in {"move", "step", "pass", "act", "use"}, "It is the action phase: move, an action, or pass.")
    return HANDLERS[t](state, seat, act, dry)


# --- movement ----------------------------------------------------------------

def distance(state: dict, a: str, b: str) -> int:
    ring = state["ring"]
    d = abs(ring.index(a) - ring.index(b))
    return min(d, len(ring) - d)


def _pay_move(p: dict, coin: bool, dry: bool) -> str:
    if coin:
        _need(p["space_coins"].get("move", 0) > 0, "There is no coin on your move track.")
    else:
        _need("food" in p["spaces"].get("move", []), "There is no food on your move track"
              + (" (add 'coin' to pay with a coin there)." if p["space_coins"].get("move") else "."))
    if dry:
        return ""
    if coin:
        p["space_coins"]["move"] -= 1
        return "a coin"
    p["spaces"]["move"].remove("food")
    p["crate"].append("food")
    return "a food"


def h_move(state, seat, act, dry):
    p = state["seats"][seat]
    loc = act["loc"]
    if p["pawn"] is None:
        _need(not act.get("coin"), "Placing your pawn the first time is free: no coin needed.")
        if dry:
            return []
        p["pawn"] = loc
        return [Event(f"{{p{seat}}} starts at the {loc}.", seat=seat, kind="move")]
    _need(loc != p["pawn"], f"You are already at the {loc}.")
    _need(p["carts_used"] < p["carts"], "All your carts have been used this round; 'step' to a neighbour.")
    _need(distance(state, p["pawn"], loc) <= 3, "A cart goes at most 3 steps.")
    paid = ""
    if p["carts_used"] > 0:
        paid = _pay_move(p, act.get("coin", False), dry)
    elif act.get("coin"):
        raise IllegalMove("Your first cart this round is free: no coin needed.")
    if dry:
        return []
    p["carts_used"] += 1
    p["pawn"] = loc
    cost = f", paying {paid}" if paid else ""
    return [Event(f"{{p{seat}}} drives a cart to the {loc}{cost}.", seat=seat, kind="move")]


def h_step(state, seat, act, dry):
    p = state["seats"][seat]
    loc = act["loc"]
    _need(p["pawn"] is not None, "Place your pawn first: 'move <location>' is free at the start.")
    _need(distance(state, p["pawn"], loc) == 1, f"The {loc} is not next to the {p['pawn']}.")
    paid = _pay_move(p, act.get("coin", False), dry)
    if dry:
        return []
    p["pawn"] = loc
    return [Event(f"{{p{seat}}} walks to the {loc}, paying {paid}.", seat=seat, kind="move")]


def h_pass(state, seat, act, dry):
    if dry:
        return []
    state["seats"][seat]["passed"] = True
    return [Event(f"{{p{seat}}} passes.", seat=seat, kind="pass")] + rules.next_turn(state)


# --- actions -------------------------------------------------------------

def _at(p: dict, loc: str) -> None:
    _need(p["pawn"] == loc, f"Your pawn must be at the {loc} (it is at the {p['pawn'] or 'start'}).")


def _has(p: dict, loc: str, need: dict) -> None:
    have = available(p, loc)
    lack = {g: n - have[g] for g, n in need.items() if have[g] < n}
    _need(not lack, f"You need {_fmt(need)} planned at the {loc}; missing {_fmt(lack)}.")


def end_of_action(state: dict, seat: int, events: list[Event]) -> list[Event]:
    """Corn to place first? Otherwise the turn passes on."""
    p = state["seats"][seat]
    events += resolve_corn(state, seat)
    if p["corn_due"]:
        state["pending"] = seat
        return events
    state["pending"] = None
    return events + rules.next_turn(state)


def corn_keep_ok(p: dict) -> bool:
    e = rules.owns(p, "corn-store")
    return bool(e) and p["corn_keep"] and len(p["spaces"].get(e, [])) < 2


def resolve_corn(state: dict, seat: int) -> list[Event]:
    """Place corn automatically while there is no choice."""
    p = state["seats"][seat]
    events = []
    while p["corn_due"]:
        rows = wh.targets(p["warehouse"], "corn")
        if corn_keep_ok(p) or len(rows) > 1:
            break
        p["corn_due"] -= 1
        if rows:
            row = store_tile(state, seat, "corn", rows[0])
            events.append(Event(f"{{p{seat}}} stores corn in row {row + 1}.", seat=seat, kind="store"))
        else:
            p["crate"].append("corn")
            events.append(Event(f"{{p{seat}}}'s warehouse is full: the corn goes to the crate.", seat=seat))
    return events


def h_corn(state, seat, act, dry):
    p = state["seats"][seat]
    _need(state["pending"] == seat and p["corn_due"] > 0, "You have no corn to place.")
    row = act["row"]
    if row == "keep":
        _need(corn_keep_ok(p), "You cannot keep corn on an extension now.")
    else:
        rows = wh.targets(p["warehouse"], "corn")
        _need(row - 1 in rows, f"Corn may go to row {', '.join(str(r + 1) for r in rows)}.")
    if dry:
        return []
    p["corn_due"] -= 1
    if row == "keep":
        e = rules.owns(p, "corn-store")
        p["spaces"].setdefault(e, []).append("corn")
        events = [Event(f"{{p{seat}}} keeps a corn on {e.upper()}.", seat=seat, kind="store")]
    else:
        store_tile(state, seat, "corn", row - 1)
        events = [Event(f"{{p{seat}}} stores corn in row {row}.", seat=seat, kind="store")]
    return end_of_action(state, seat, events)


def h_act(state, seat, act, dry):
    p = state["seats"][seat]
    loc, name, args = act["loc"], act["a"], act["args"]
    _need(name in BASIC[loc], f"The {loc} offers: {', '.join(BASIC[loc])}.")
    _at(p, loc)
    fn = ACTIONS.get((loc, name))
    if fn is None:
        need, out = RECIPES[(loc, name)]
        _need(not args, f"'{loc} {name}' takes no more words.")
        _has(p, loc, need)
        if dry:
            return []
        taken = consume(p, loc, need)
        p["crate"] += taken
        got = gain(state, seat, out)
        events = [Event(f"{{p{seat}}} uses {_fmt(Counter(taken))} at the {loc}: "
                        f"{'+1 ' + out if got else 'no ' + out + ' left'}.", seat=seat, kind="action")]
    else:
        events = fn(state, seat, p, args, dry)
        if dry:
            return []
    return end_of_action(state, seat, events)


def a_farm_food(state, seat, p, args, dry):
    n = args[0] if args else 1
    _need(isinstance(n, int) and n >= 1, "Say how many alpacas: 'farm food 2'.")
    _has(p, "farm", {"alpaca": n})
    if dry:
        return []
    p["crate"] += consume(p, "farm", {"alpaca": n})
    got = gain(state, seat, "food", n)
    return [Event(f"{{p{seat}}} uses {n} alpaca at the farm: +{got} food.", seat=seat, kind="action")]


def a_forest_cacao(state, seat, p, args, dry):
    _need(bool(args) and all(a in CACAO_TRADE for a in args),
          "Name what each cacao buys: food, cloth or glass ('forest cacao glass food').")
    _has(p, "forest", {"cacao": len(args)})
    if dry:
        return []
    p["crate"] += consume(p, "forest", {"cacao": len(args)})
    got = [g for g in args if gain(state, seat, g)]
    return [Event(f"{{p{seat}}} trades {len(args)} cacao at the forest: +{' '.join(got) or 'nothing'}.",
                  seat=seat, kind="action")]


def a_harbor_boat(state, seat, p, args, dry):
    if not state["boats"] and not args:
        # the seed: an action whose card supply is empty may still be taken; it gives nothing
        _has(p, "harbor", BOAT_COST)
        if not dry:
            p["crate"] += consume(p, "harbor", BOAT_COST)
        return [] if dry else [Event(f"{{p{seat}}} builds at the harbor, but no boat is left: nothing gained.",
                                     seat=seat, kind="action")]
    _need(len(args) == 1 and args[0] in state["boats"],
          f"Name a boat: {', '.join(b.lower() + '=' + BOATS[b] for b in state['boats']) or 'none left'}.")
    _has(p, "harbor", BOAT_COST)
    if dry:
        return []
    boat = args[0]
    p["crate"] += consume(p, "harbor", BOAT_COST)
    state["boats"].remove(boat)
    p["boats"].append(boat)
    got = gain(state, seat, BOATS[boat])
    return [Event(f"{{p{seat}}} builds boat {boat.upper()} and gets "
                  f"{BOATS[boat] if got else 'no ' + BOATS[boat] + ' (none left)'}.", seat=seat, kind="action")]


def a_village_house(state, seat, p, args, dry):
    if not state["houses"] and not args:
        # the seed: an action whose card supply is empty may still be taken; it gives nothing
        _has(p, "village", HOUSE_COST)
        if not dry:
            p["crate"] += consume(p, "village", HOUSE_COST)
        return [] if dry else [Event(f"{{p{seat}}} builds at the village, but no house is left: nothing gained.",
                                     seat=seat, kind="action")]
    _need(len(args) == 1 and args[0] in state["houses"],
          f"Name a house: {', '.join(h.lower() + '=' + HOUSES[h] for h in state['houses']) or 'none left'}.")
    _has(p, "village", HOUSE_COST)
    if dry:
        return []
    house = args[0]
    p["crate"] += consume(p, "village", HOUSE_COST)
    state["houses"].remove(house)
    p["houses"].append(house)
    if state["firsts"]["house"] is None:
        state["firsts"]["house"] = seat
    return [Event(f"{{p{seat}}} builds house {house.upper()} (+1 per {HOUSES[house]}).", seat=seat, kind="action")]


def a_village_store(state, seat, p, args, dry):
    _need(bool(args), "Name the goods to store in order, e.g. 'village store fish wool'.")
    need = Counter(g for g, _r in args)
    _need("food" not in need, "Food can never be stored.")
    _has(p, "village", need)
    trial = [dict(good=r["good"], tiles=list(r["tiles"])) for r in p["warehouse"]]
    for good, row in args:
        try:
            wh.put(trial, good, None if row is None else row - 1)
        except wh.NeedRow as err:
            raise Ambiguous(f"Cannot store {good} yet: {err}.") from None
        except ValueError as err:
            raise IllegalMove(f"Cannot store {good}: {err}.") from None
    if dry:
        return []
    consume(p, "village", need)
    rows = [store_tile(state, seat, good, None if row is None else row - 1) + 1 for good, row in args]
    text = ", ".join(f"{g} in row {r}" for (g, _x), r in zip(args, rows))
    return [Event(f"{{p{seat}}} stores {text}.", seat=seat, kind="store")]


def a_village_cart(state, seat, p, args, dry):
    _need(not args, "'village cart' takes no more words.")
    _need(not p["cart_bought"], "You already got a cart this round.")
    _need(p["carts"] < MAX_CARTS, f"You have the most carts ({MAX_CARTS}).")
    _need(state["carts"] > 0, "The village has no cart left.")
    _need(p["coins"] >= CART_COST, f"A cart costs {CART_COST} coin.")
    if dry:
        return []
    p["coins"] -= CART_COST
    state["carts"] -= 1
    p["carts"] += 1
    p["cart_bought"] = True
    return [Event(f"{{p{seat}}} buys a cart (now {p['carts']}).", seat=seat, kind="action")]


def a_road_build(state, seat, p, args, dry):
    _need(not args, "'road build' takes no more words.")
    step = rules.road_steps(p)
    _need(step < len(ROAD_STEPS), f"Your road is complete ({ROAD_MAX} planning spaces).")
    _has(p, "road", ROAD_COST)
    if dry:
        return []
    p["crate"] += consume(p, "road", ROAD_COST)
    p["road_steps"] = step + 1
    if ROAD_STEPS[step] == "space":
        p["road"] = min(ROAD_MAX, p["road"] + 1)
        return [Event(f"{{p{seat}}} extends the road: {p['road']} planning spaces.", seat=seat, kind="action")]
    got = rules.take_supply(state, "corn", 1)
    p["corn_due"] += got
    p["corn_keep"] = True
    return [Event(f"{{p{seat}}} extends the road" + (" and takes a corn." if got else " (no corn left)."),
                  seat=seat, kind="action")]


def a_market_order(state, seat, p, args, dry):
    _need(len(args) == 1 and args[0] in state["orders"],
          f"Name an order: {', '.join(o.lower() for o in state['orders']) or 'none left'}.")
    _need(p["order"] is None, "Finish your open order before taking another.")
    _need(p["coins"] >= ORDER_COST, f"An order costs {ORDER_COST} coin.")
    if dry:
        return []
    p["coins"] -= ORDER_COST
    state["orders"].remove(args[0])
    p["order"] = {"id": args[0], "have": {}}
    need, vp = ORDERS[args[0]]
    return [Event(f"{{p{seat}}} takes order {args[0].upper()} ({_fmt(need)}; {vp} VP).", seat=seat, kind="action")]


def order_missing(p: dict) -> Counter:
    if not p["order"]:
        return Counter()
    need = Counter(ORDERS[p["order"]["id"]][0])
    need.subtract(p["order"]["have"])
    return +need


def a_market_deliver(state, seat, p, args, dry):
    _need(p["order"] is not None, "You have no open order.")
    _need(bool(args), "Name the goods to deliver, e.g. 'market deliver fish stone'.")
    give = Counter(args)
    missing = order_missing(p)
    extra = give - missing
    _need(not extra, f"Your order still needs {_fmt(missing)}.")
    _has(p, "market", give)
    if dry:
        return []
    consume(p, "market", give)
    have = Counter(p["order"]["have"])
    have.update(give)
    p["order"]["have"] = dict(sorted(have.items()))
    oid = p["order"]["id"]
    events = [Event(f"{{p{seat}}} delivers {_fmt(give)} to order {oid.upper()}.", seat=seat, kind="action")]
    if not order_missing(p):
        p["done_orders"].append(oid)
        p["order"] = None
        if state["firsts"]["order"] is None:
            state["firsts"]["order"] = seat
        got = rules.take_supply(state, "corn")
        p["corn_due"] += got
        p["corn_keep"] = True
        events.append(Event(f"{{p{seat}}} completes order {oid.upper()}" + (" and takes a corn." if got else "."),
                            seat=seat, kind="action"))
    return events


def ext_price(state: dict, eid: str) -> int:
    slot = state["strip"].index(eid)
    return EXTENSIONS[eid][3] + SURCHARGE[slot]


def a_market_ext(state, seat, p, args, dry):
    _need(len(args) == 1 and args[0] in state["strip"],
          f"Name a tile on the strip: {', '.join(e.lower() for e in state['strip'] if e)}.")
    eid = args[0]
    kind = EXTENSIONS[eid][2]
    _need(not p["ext_bought"], "You already bought an extension this round.")
    _need(kind not in rules.owned_kinds(p), "You already own that extension.")
    _need(not p["role"] or ROLES[p["role"]]["kind"] != kind, "Your role tile already has that action.")
    price = ext_price(state, eid)
    _need(p["coins"] >= price, f"{eid.upper()} costs {price} coins; you have {p['coins']}.")
    if dry:
        return []
    p["coins"] -= price
    state["strip"][state["strip"].index(eid)] = None
    state["bought"] = True
    p["ext_bought"] = True
    p["exts"].append(eid)
    return [Event(f"{{p{seat}}} buys extension {eid.upper()} ({rules_kind_text(kind)}) for {price}.",
                  seat=seat, kind="action")]


def rules_kind_text(kind: str) -> str:
    return KIND_TEXT[kind]


def a_market_sell(state, seat, p, args, dry):
    _need(bool(args) and all(g in SELL_PRICE for g in args),
          f"Sell goods among: {', '.join(f'{g} {c}' for g, c in SELL_PRICE.items())} coins.")
    give = Counter(args)
    _has(p, "market", give)
    if dry:
        return []
    consume(p, "market", give)
    for g in args:  # sold tiles leave the game
        state["box"][g] = state["box"].get(g, 0) + 1
    coins = sum(SELL_PRICE[g] for g in args)
    p["coins"] += coins
    return [Event(f"{{p{seat}}} sells {_fmt(give)} for {coins} coins.", seat=seat, kind="action")]


ACTIONS = {
    ("farm", "food"): a_farm_food,
    ("forest", "cacao"): a_forest_cacao,
    ("harbor", "boat"): a_harbor_boat,
    ("village", "house"): a_village_house,
    ("village", "store"): a_village_store,
    ("village", "cart"): a_village_cart,
    ("road", "build"): a_road_build,
    ("market", "order"): a_market_order,
    ("market", "deliver"): a_market_deliver,
    ("market", "ext"): a_market_ext,
    ("market", "sell"): a_market_sell,
}


def h_use(state, seat, act, dry):
    """A role tile or extension action."""
    p = state["seats"][seat]
    space, args = act["space"], act["args"]
    _need(space == "role" or space in p["exts"], f"You have no tile '{space}'.")
    kind = rules.space_kind(p, space)
    spec = KINDS[kind]
    label = "your role" if space == "role" else space.upper()
    if kind == "corn-store":
        _at(p, "village")
        held = p["spaces"].get(space, [])
        n = args[0] if args else 0
        _need(isinstance(n, int) and 1 <= n <= len(held), f"{label} holds {len(held)} corn; store 1 or 2.")
        if dry:
            return []
        for _ in range(n):
            held.remove("corn")
        p["corn_due"] += n
        p["corn_keep"] = False
        return end_of_action(state, seat, [Event(f"{{p{seat}}} takes {n} corn from {label} to store.",
                                                 seat=seat, kind="action")])
    _need("loc" in spec, f"{label} has no action to use; it works by itself.")
    _at(p, spec["loc"])
    choices = spec["gain"]
    if len(choices) == 1 and not args:
        args = [choices[0]]
    _need(len(args) == 1 and args[0] in choices, f"Say what you take: {' or '.join(choices)}.")
    if "coins" in spec:
        _need(p["space_coins"].get(space, 0) >= spec["coins"],
              f"{label} needs {spec['coins']} coin(s) placed on it during planning.")
    else:
        have = Counter(p["spaces"].get(space, []))
        _need(all(have[g] >= n for g, n in spec["need"].items()),
              f"{label} needs {_fmt(spec['need'])} planned on it.")
    if dry:
        return []
    if "coins" in spec:
        p["space_coins"][space] -= spec["coins"]
        paid = f"{spec['coins']} coin(s)"
    else:
        for g, n in spec["need"].items():
            for _ in range(n):
                p["spaces"][space].remove(g)
        p["crate"] += [g for g, n in spec["need"].items() for _ in range(n)]
        paid = _fmt(spec["need"])
    got = gain(state, seat, args[0])
    return end_of_action(state, seat, [Event(
        f"{{p{seat}}} uses {label}: {paid} for {args[0] if got else 'nothing (' + args[0] + ' is out)'}.",
        seat=seat, kind="action")])


# --- the end-game storing extension ---------------------------------------

def h_fstore(state, seat, act, dry):
    p = state["seats"][seat]
    _need(bool(state["final_queue"]) and state["final_queue"][0] == seat, "You have nothing to store now.")
    good, row = act["good"], act["row"]
    _need(good in p["final_draw"], f"You did not draw {good}. Drawn: {' '.join(p['final_draw'])}.")
    options = [r for g, r in rules.final_options(p) if g == good]
    _need(bool(options), f"No open row can take {good}.")
    if row is None:
        _need(len(options) == 1, f"Say the row: {', '.join(f'{good}@{r + 1}' for r in options)}.")
        row = options[0] + 1
    _need(row - 1 in options, f"{good} may go to row {', '.join(str(r + 1) for r in options)}.")
    if dry:
        return []
    p["final_draw"].remove(good)
    store_tile(state, seat, good, row - 1, allow_new=False)
    return [Event(f"{{p{seat}}} stores {good} in row {row}.", seat=seat, kind="final")] + rules.next_final(state)


def h_fdone(state, seat, act, dry):
    _need(bool(state["final_queue"]) and state["final_queue"][0] == seat, "You have nothing to store now.")
    if dry:
        return []
    p = state["seats"][seat]
    p["crate"] += p["final_draw"]
    p["final_draw"] = []
    state["final_queue"].pop(0)
    return [Event(f"{{p{seat}}} stops storing.", seat=seat, kind="final")] + rules.next_final(state)


def finish_game(state: dict) -> list[Event]:
    from .scoring import final_scores
    state["phase"] = "over"
    state["pending"] = None
    scores, _breakdown = final_scores(state)
    for p in state["seats"]:
        p["revealed"] = list(p["missions"])
    text = ", ".join(f"{{p{s}}} {v}" for s, v in enumerate(scores))
    return [Event(f"Final scores: {text}.", kind="end", barrier=True)]


HANDLERS = {
    "pick": planning.h_pick, "keep": planning.h_keep, "choose": planning.h_choose,
    "return": planning.h_return, "draw": planning.h_draw, "swap": planning.h_swap,
    "plan": planning.h_plan, "plans": planning.h_plans, "unplan": planning.h_unplan,
    "coin": planning.h_coin, "uncoin": planning.h_uncoin, "done": planning.h_done,
    "move": h_move, "step": h_step, "pass": h_pass, "act": h_act, "use": h_use, "corn": h_corn,
    "fstore": h_fstore, "fdone": h_fdone,
}

