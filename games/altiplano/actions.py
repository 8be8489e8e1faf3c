"""The action phase (movement, every action, corn) and the end-game storing,
plus ``do``, the entry point for every move type.

``do(state, seat, act, dry)`` is the single entry point; ``dry=True`` only
validates, which is how ``moves.py`` makes sure every listed move is legal.
Each handler raises ``IllegalMove`` with a message in the player's terms.
"""

from __future__ import annotations

from collections import Counter

from games.core import Ambiguous, Event, IllegalMove, msg

from . import messages as M
from . import planning, rules
from . import warehouse as wh
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
        raise IllegalMove("alt.err.cannot_store", good=M.good(good), why=wh.reason(err)) from None
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
    # each refusal is worded only when refused: the legal-move list dry-runs every candidate here
    if phase in allowed:
        if t not in allowed[phase]:
            raise IllegalMove(msg("alt.err.not_now", phase=msg(f"alt.phase.{phase}")))
    elif phase == "plan":
        stage = p["stage"]
        ok = {"prep": {"return", "draw", "swap"},
              "plan": {"plan", "plans", "unplan", "coin", "uncoin", "swap", "done"}}
        if not (stage in ok and t in ok[stage]):
            raise IllegalMove(msg("alt.err.prep_first") if stage == "prep" else msg("alt.err.planning_now"))
    elif phase == "act":
        if state["pending"] is not None:
            if t != "corn":
                raise IllegalMove(msg("alt.err.corn_first_keep" if p["corn_keep"] else "alt.err.corn_first"))
        elif t not in {"move", "step", "pass", "act", "use"}:
            raise IllegalMove(msg("alt.err.act_phase"))
    return HANDLERS[t](state, seat, act, dry)


# --- movement ----------------------------------------------------------------

def distance(state: dict, a: str, b: str) -> int:
    ring = state["ring"]
    d = abs(ring.index(a) - ring.index(b))
    return min(d, len(ring) - d)


def _pay_move(p: dict, coin: bool, dry: bool):
    if coin:
        if not (p["space_coins"].get("move", 0) > 0):
            raise IllegalMove(msg("alt.err.no_coin_move"))
    else:
        if "food" not in p["spaces"].get("move", []):
            raise IllegalMove(msg("alt.err.no_food_move_coin" if p["space_coins"].get("move") else "alt.err.no_food_move"))
    if dry:
        return ""
    if coin:
        p["space_coins"]["move"] -= 1
        return msg("alt.a_coin")
    p["spaces"]["move"].remove("food")
    p["crate"].append("food")
    return msg("alt.a_food")


def h_move(state, seat, act, dry):
    p = state["seats"][seat]
    loc = act["loc"]
    if p["pawn"] is None:
        if act.get("coin"):
            raise IllegalMove(msg("alt.err.first_free"))
        if dry:
            return []
        p["pawn"] = loc
        return [Event(msg("alt.ev.starts_at", who=M.seat(seat), loc=M.space(loc)), seat=seat, kind="move")]
    if loc == p["pawn"]:
        raise IllegalMove(msg("alt.err.already_at", loc=M.space(loc)))
    if not (p["carts_used"] < p["carts"]):
        raise IllegalMove(msg("alt.err.carts_used"))
    if not (distance(state, p["pawn"], loc) <= 3):
        raise IllegalMove(msg("alt.err.cart_range"))
    paid = ""
    if p["carts_used"] > 0:
        paid = _pay_move(p, act.get("coin", False), dry)
    elif act.get("coin"):
        raise IllegalMove("alt.err.first_cart_free")
    if dry:
        return []
    p["carts_used"] += 1
    p["pawn"] = loc
    text = (msg("alt.ev.drive_paid", who=M.seat(seat), loc=M.space(loc), paid=paid) if paid
            else msg("alt.ev.drive", who=M.seat(seat), loc=M.space(loc)))
    return [Event(text, seat=seat, kind="move")]


def h_step(state, seat, act, dry):
    p = state["seats"][seat]
    loc = act["loc"]
    if p["pawn"] is None:
        raise IllegalMove(msg("alt.err.place_pawn"))
    if not (distance(state, p["pawn"], loc) == 1):
        raise IllegalMove(msg("alt.err.not_next", loc=M.space(loc), at=M.space(p["pawn"])))
    paid = _pay_move(p, act.get("coin", False), dry)
    if dry:
        return []
    p["pawn"] = loc
    return [Event(msg("alt.ev.walk", who=M.seat(seat), loc=M.space(loc), paid=paid), seat=seat, kind="move")]


def h_pass(state, seat, act, dry):
    if dry:
        return []
    state["seats"][seat]["passed"] = True
    return [Event(msg("alt.ev.passes", who=M.seat(seat)), seat=seat, kind="pass")] + rules.next_turn(state)


# --- actions -------------------------------------------------------------

def _at(p: dict, loc: str) -> None:
    if not (p["pawn"] == loc):
        raise IllegalMove(msg("alt.err.pawn_at", loc=M.space(loc),
                                      at=M.space(p["pawn"]) if p["pawn"] else msg("alt.start")))


def _has(p: dict, loc: str, need: dict) -> None:
    have = available(p, loc)
    lack = {g: n - have[g] for g, n in need.items() if have[g] < n}
    if lack:
        raise IllegalMove(msg("alt.err.need_planned", need=M.counts(need), loc=M.space(loc), lack=M.counts(lack)))


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
            events.append(Event(msg("alt.ev.store_corn", who=M.seat(seat), row=row + 1), seat=seat, kind="store"))
        else:
            p["crate"].append("corn")
            events.append(Event(msg("alt.ev.corn_crate", who=M.seat(seat)), seat=seat))
    return events


def h_corn(state, seat, act, dry):
    p = state["seats"][seat]
    if not (state["pending"] == seat and p["corn_due"] > 0):
        raise IllegalMove(msg("alt.err.no_corn"))
    row = act["row"]
    if row == "keep":
        if not corn_keep_ok(p):
            raise IllegalMove(msg("alt.err.cannot_keep_corn"))
    else:
        rows = wh.targets(p["warehouse"], "corn")
        if row - 1 not in rows:
            raise IllegalMove(msg("alt.err.corn_rows", rows=[str(r + 1) for r in rows]))
    if dry:
        return []
    p["corn_due"] -= 1
    if row == "keep":
        e = rules.owns(p, "corn-store")
        p["spaces"].setdefault(e, []).append("corn")
        events = [Event(msg("alt.ev.keep_corn", who=M.seat(seat), ext=e.upper()), seat=seat, kind="store")]
    else:
        store_tile(state, seat, "corn", row - 1)
        events = [Event(msg("alt.ev.store_corn", who=M.seat(seat), row=row), seat=seat, kind="store")]
    return end_of_action(state, seat, events)


def h_act(state, seat, act, dry):
    p = state["seats"][seat]
    loc, name, args = act["loc"], act["a"], act["args"]
    if name not in BASIC[loc]:
        raise IllegalMove(msg("alt.err.offers", loc=M.space(loc), actions=list(BASIC[loc])))
    _at(p, loc)
    fn = ACTIONS.get((loc, name))
    if fn is None:
        need, out = RECIPES[(loc, name)]
        if args:
            raise IllegalMove(msg("alt.err.no_more_words", what=f"{loc} {name}"))
        _has(p, loc, need)
        if dry:
            return []
        taken = consume(p, loc, need)
        p["crate"] += taken
        got = gain(state, seat, out)
        events = [Event(msg("alt.ev.recipe" if got else "alt.ev.recipe_out", who=M.seat(seat),
                            used=M.counts(Counter(taken)), loc=M.space(loc), good=M.good(out)),
                        seat=seat, kind="action")]
    else:
        events = fn(state, seat, p, args, dry)
        if dry:
            return []
    return end_of_action(state, seat, events)


def a_farm_food(state, seat, p, args, dry):
    n = args[0] if args else 1
    if not (isinstance(n, int) and n >= 1):
        raise IllegalMove(msg("alt.err.how_many_alpacas"))
    _has(p, "farm", {"alpaca": n})
    if dry:
        return []
    p["crate"] += consume(p, "farm", {"alpaca": n})
    got = gain(state, seat, "food", n)
    return [Event(msg("alt.ev.farm_food", who=M.seat(seat), n=n, got=got), seat=seat, kind="action")]


def a_forest_cacao(state, seat, p, args, dry):
    if not (args and all(a in CACAO_TRADE for a in args)):
        raise IllegalMove(msg("alt.err.cacao_buys"))
    _has(p, "forest", {"cacao": len(args)})
    if dry:
        return []
    p["crate"] += consume(p, "forest", {"cacao": len(args)})
    got = [g for g in args if gain(state, seat, g)]
    return [Event(msg("alt.ev.cacao", who=M.seat(seat), n=len(args),
                      got=M.chain([M.good(g) for g in got], "alt.list") if got else msg("core.nothing")),
                  seat=seat, kind="action")]


def a_harbor_boat(state, seat, p, args, dry):
    if not state["boats"] and not args:
        # the seed: an action whose card supply is empty may still be taken; it gives nothing
        _has(p, "harbor", BOAT_COST)
        if not dry:
            p["crate"] += consume(p, "harbor", BOAT_COST)
        return [] if dry else [Event(msg("alt.ev.boat_none", who=M.seat(seat)),
                                     seat=seat, kind="action")]
    if not (len(args) == 1 and args[0] in state["boats"]):
        raise IllegalMove(msg("alt.err.name_boat", boats=[b.lower() + "=" + BOATS[b] for b in state["boats"]]
              or msg("alt.none_left")))
    _has(p, "harbor", BOAT_COST)
    if dry:
        return []
    boat = args[0]
    p["crate"] += consume(p, "harbor", BOAT_COST)
    state["boats"].remove(boat)
    p["boats"].append(boat)
    got = gain(state, seat, BOATS[boat])
    return [Event(msg("alt.ev.boat" if got else "alt.ev.boat_out", who=M.seat(seat), boat=boat.upper(),
                      good=M.good(BOATS[boat])), seat=seat, kind="action")]


def a_village_house(state, seat, p, args, dry):
    if not state["houses"] and not args:
        # the seed: an action whose card supply is empty may still be taken; it gives nothing
        _has(p, "village", HOUSE_COST)
        if not dry:
            p["crate"] += consume(p, "village", HOUSE_COST)
        return [] if dry else [Event(msg("alt.ev.house_none", who=M.seat(seat)),
                                     seat=seat, kind="action")]
    if not (len(args) == 1 and args[0] in state["houses"]):
        raise IllegalMove(msg("alt.err.name_house", houses=[h.lower() + "=" + HOUSES[h] for h in state["houses"]]
              or msg("alt.none_left")))
    _has(p, "village", HOUSE_COST)
    if dry:
        return []
    house = args[0]
    p["crate"] += consume(p, "village", HOUSE_COST)
    state["houses"].remove(house)
    p["houses"].append(house)
    if state["firsts"]["house"] is None:
        state["firsts"]["house"] = seat
    return [Event(msg("alt.ev.house", who=M.seat(seat), house=house.upper(), good=M.good(HOUSES[house])), seat=seat, kind="action")]


def a_village_store(state, seat, p, args, dry):
    if not args:
        raise IllegalMove(msg("alt.err.name_store"))
    need = Counter(g for g, _r in args)
    if "food" in need:
        raise IllegalMove(msg("alt.err.food_store"))
    _has(p, "village", need)
    trial = [dict(good=r["good"], tiles=list(r["tiles"])) for r in p["warehouse"]]
    for good, row in args:
        try:
            wh.put(trial, good, None if row is None else row - 1)
        except wh.NeedRow as err:
            raise Ambiguous("alt.err.store_yet", good=M.good(good), why=wh.reason(err)) from None
        except ValueError as err:
            raise IllegalMove("alt.err.cannot_store", good=M.good(good), why=wh.reason(err)) from None
    if dry:
        return []
    consume(p, "village", need)
    rows = [store_tile(state, seat, good, None if row is None else row - 1) + 1 for good, row in args]
    what = [msg("alt.in_row", good=M.good(g), row=r) for (g, _x), r in zip(args, rows)]
    return [Event(msg("alt.ev.stores", who=M.seat(seat), what=what), seat=seat, kind="store")]


def a_village_cart(state, seat, p, args, dry):
    if args:
        raise IllegalMove(msg("alt.err.no_more_words", what="village cart"))
    if p["cart_bought"]:
        raise IllegalMove(msg("alt.err.cart_got"))
    if not (p["carts"] < MAX_CARTS):
        raise IllegalMove(msg("alt.err.most_carts", n=MAX_CARTS))
    if not (state["carts"] > 0):
        raise IllegalMove(msg("alt.err.no_cart_left"))
    if not (p["coins"] >= CART_COST):
        raise IllegalMove(msg("alt.err.cart_cost", n=CART_COST))
    if dry:
        return []
    p["coins"] -= CART_COST
    state["carts"] -= 1
    p["carts"] += 1
    p["cart_bought"] = True
    return [Event(msg("alt.ev.cart", who=M.seat(seat), n=p["carts"]), seat=seat, kind="action")]


def a_road_build(state, seat, p, args, dry):
    if args:
        raise IllegalMove(msg("alt.err.no_more_words", what="road build"))
    step = rules.road_steps(p)
    if not (step < len(ROAD_STEPS)):
        raise IllegalMove(msg("alt.err.road_done", n=ROAD_MAX))
    _has(p, "road", ROAD_COST)
    if dry:
        return []
    p["crate"] += consume(p, "road", ROAD_COST)
    p["road_steps"] = step + 1
    if ROAD_STEPS[step] == "space":
        p["road"] = min(ROAD_MAX, p["road"] + 1)
        return [Event(msg("alt.ev.road_space", who=M.seat(seat), n=p["road"]), seat=seat, kind="action")]
    got = rules.take_supply(state, "corn", 1)
    p["corn_due"] += got
    p["corn_keep"] = True
    return [Event(msg("alt.ev.road_corn" if got else "alt.ev.road_nocorn", who=M.seat(seat)),
                  seat=seat, kind="action")]


def a_market_order(state, seat, p, args, dry):
    if not state["orders"] and not args:
        # the seed: an action whose card supply is empty may still be taken; it gives nothing
        # (the coin is paid all the same, and only a seat without an open order may take one)
        if p["order"] is not None:
            raise IllegalMove(msg("alt.err.open_order"))
        if not (p["coins"] >= ORDER_COST):
            raise IllegalMove(msg("alt.err.order_cost", n=ORDER_COST))
        if not dry:
            p["coins"] -= ORDER_COST
        return [] if dry else [Event(msg("alt.ev.order_none", who=M.seat(seat), n=ORDER_COST),
                                     seat=seat, kind="action")]
    if not (len(args) == 1 and args[0] in state["orders"]):
        raise IllegalMove(msg("alt.err.name_order", orders=[o.lower() for o in state["orders"]] or msg("alt.none_left")))
    if p["order"] is not None:
        raise IllegalMove(msg("alt.err.open_order"))
    if not (p["coins"] >= ORDER_COST):
        raise IllegalMove(msg("alt.err.order_cost", n=ORDER_COST))
    if dry:
        return []
    p["coins"] -= ORDER_COST
    state["orders"].remove(args[0])
    p["order"] = {"id": args[0], "have": {}}
    need, vp = ORDERS[args[0]]
    return [Event(msg("alt.ev.order", who=M.seat(seat), id=args[0].upper(), need=M.counts(need), vp=vp), seat=seat, kind="action")]


def order_missing(p: dict) -> Counter:
    if not p["order"]:
        return Counter()
    need = Counter(ORDERS[p["order"]["id"]][0])
    need.subtract(p["order"]["have"])
    return +need


def a_market_deliver(state, seat, p, args, dry):
    if p["order"] is None:
        raise IllegalMove(msg("alt.err.no_order"))
    if not args:
        raise IllegalMove(msg("alt.err.name_deliver"))
    give = Counter(args)
    missing = order_missing(p)
    extra = give - missing
    if extra:
        raise IllegalMove(msg("alt.err.order_needs", need=M.counts(missing)))
    _has(p, "market", give)
    if dry:
        return []
    consume(p, "market", give)
    have = Counter(p["order"]["have"])
    have.update(give)
    p["order"]["have"] = dict(sorted(have.items()))
    oid = p["order"]["id"]
    events = [Event(msg("alt.ev.deliver", who=M.seat(seat), goods=M.counts(give), id=oid.upper()), seat=seat, kind="action")]
    if not order_missing(p):
        p["done_orders"].append(oid)
        p["order"] = None
        if state["firsts"]["order"] is None:
            state["firsts"]["order"] = seat
        got = rules.take_supply(state, "corn")
        p["corn_due"] += got
        p["corn_keep"] = True
        events.append(Event(msg("alt.ev.order_done_corn" if got else "alt.ev.order_done", who=M.seat(seat), id=oid.upper()),
                            seat=seat, kind="action"))
    return events


def ext_price(state: dict, eid: str) -> int:
    slot = state["strip"].index(eid)
    return EXTENSIONS[eid][3] + SURCHARGE[slot]


def a_market_ext(state, seat, p, args, dry):
    if not (len(args) == 1 and args[0] in state["strip"]):
        raise IllegalMove(msg("alt.err.name_ext", tiles=[e.lower() for e in state["strip"] if e]))
    eid = args[0]
    kind = EXTENSIONS[eid][2]
    if p["ext_bought"]:
        raise IllegalMove(msg("alt.err.ext_bought"))
    if kind in rules.owned_kinds(p):
        raise IllegalMove(msg("alt.err.ext_owned"))
    if p["role"] and ROLES[p["role"]]["kind"] == kind:
        raise IllegalMove(msg("alt.err.role_has"))
    price = ext_price(state, eid)
    if not (p["coins"] >= price):
        raise IllegalMove(msg("alt.err.ext_cost", id=eid.upper(), price=price, coins=p["coins"]))
    if dry:
        return []
    p["coins"] -= price
    state["strip"][state["strip"].index(eid)] = None
    state["bought"] = True
    p["ext_bought"] = True
    p["exts"].append(eid)
    return [Event(msg("alt.ev.ext", who=M.seat(seat), id=eid.upper(), kind=M.kind(kind), price=price),
                  seat=seat, kind="action")]


def rules_kind_text(kind: str) -> str:
    return KIND_TEXT[kind]


def a_market_sell(state, seat, p, args, dry):
    if not (args and all(g in SELL_PRICE for g in args)):
        raise IllegalMove(msg("alt.err.sell_among", prices=[f"{g} {c}" for g, c in SELL_PRICE.items()]))
    give = Counter(args)
    _has(p, "market", give)
    if dry:
        return []
    consume(p, "market", give)
    for g in args:  # sold tiles leave the game
        state["box"][g] = state["box"].get(g, 0) + 1
    coins = sum(SELL_PRICE[g] for g in args)
    p["coins"] += coins
    return [Event(msg("alt.ev.sell", who=M.seat(seat), goods=M.counts(give), coins=msg("alt.coins", n=coins)), seat=seat, kind="action")]


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
    if not (space == "role" or space in p["exts"]):
        raise IllegalMove(msg("alt.err.no_tile", space=space))
    kind = rules.space_kind(p, space)
    spec = KINDS[kind]
    label = msg("alt.your_role") if space == "role" else space.upper()
    told = msg("alt.their_role") if space == "role" else label  # the table hears it in the third person
    if kind == "corn-store":
        _at(p, "village")
        held = p["spaces"].get(space, [])
        n = args[0] if args else 0
        if not (isinstance(n, int) and 1 <= n <= len(held)):
            raise IllegalMove(msg("alt.err.corn_holds", label=label, n=len(held)))
        if dry:
            return []
        for _ in range(n):
            held.remove("corn")
        p["corn_due"] += n
        p["corn_keep"] = False
        return end_of_action(state, seat, [Event(msg("alt.ev.corn_from", who=M.seat(seat), n=n, label=told),
                                                 seat=seat, kind="action")])
    if "loc" not in spec:
        raise IllegalMove(msg("alt.err.no_action", label=label))
    _at(p, spec["loc"])
    choices = spec["gain"]
    if len(choices) == 1 and not args:
        args = [choices[0]]
    if not (len(args) == 1 and args[0] in choices):
        raise IllegalMove(msg("alt.err.say_take", choices=M.chain([M.good(c) for c in choices], "alt.or")))
    if "coins" in spec:
        if not (p["space_coins"].get(space, 0) >= spec["coins"]):
            raise IllegalMove(msg("alt.err.needs_coins", label=label, n=spec["coins"]))
    else:
        have = Counter(p["spaces"].get(space, []))
        if not all(have[g] >= n for g, n in spec["need"].items()):
            raise IllegalMove(msg("alt.err.needs_planned", label=label, need=M.counts(spec["need"])))
    if dry:
        return []
    if "coins" in spec:
        p["space_coins"][space] -= spec["coins"]
        paid = msg("alt.coins_paid", n=spec["coins"])
    else:
        for g, n in spec["need"].items():
            for _ in range(n):
                p["spaces"][space].remove(g)
        p["crate"] += [g for g, n in spec["need"].items() for _ in range(n)]
        paid = M.counts(spec["need"])
    got = gain(state, seat, args[0])
    return end_of_action(state, seat, [Event(
        msg("alt.ev.use" if got else "alt.ev.use_out", who=M.seat(seat), label=told, paid=paid,
            good=M.good(args[0])),
        seat=seat, kind="action")])


# --- the end-game storing extension ---------------------------------------

def h_fstore(state, seat, act, dry):
    p = state["seats"][seat]
    if not (state["final_queue"] and state["final_queue"][0] == seat):
        raise IllegalMove(msg("alt.err.nothing_store"))
    good, row = act["good"], act["row"]
    if good not in p["final_draw"]:
        raise IllegalMove(msg("alt.err.not_drawn", good=M.good(good), drawn=M.chain([M.good(g) for g in p["final_draw"]], "alt.list")
                                          if p["final_draw"] else msg("core.nothing")))
    options = [r for g, r in rules.final_options(p) if g == good]
    if not options:
        raise IllegalMove(msg("alt.err.no_row", good=M.good(good)))
    if row is None:
        if not (len(options) == 1):
            raise IllegalMove(msg("alt.err.say_row", rows=[f"{good}@{r + 1}" for r in options]))
        row = options[0] + 1
    if row - 1 not in options:
        raise IllegalMove(msg("alt.err.good_rows", good=M.good(good), rows=[str(r + 1) for r in options]))
    if dry:
        return []
    p["final_draw"].remove(good)
    store_tile(state, seat, good, row - 1, allow_new=False)
    return [Event(msg("alt.ev.fstore", who=M.seat(seat), good=M.good(good), row=row), seat=seat, kind="final")] + rules.next_final(state)


def h_fdone(state, seat, act, dry):
    if not (state["final_queue"] and state["final_queue"][0] == seat):
        raise IllegalMove(msg("alt.err.nothing_store"))
    if dry:
        return []
    p = state["seats"][seat]
    p["crate"] += p["final_draw"]
    p["final_draw"] = []
    state["final_queue"].pop(0)
    return [Event(msg("alt.ev.fdone", who=M.seat(seat)), seat=seat, kind="final")] + rules.next_final(state)


HANDLERS = {
    "pick": planning.h_pick, "keep": planning.h_keep, "choose": planning.h_choose,
    "return": planning.h_return, "draw": planning.h_draw, "swap": planning.h_swap,
    "plan": planning.h_plan, "plans": planning.h_plans, "unplan": planning.h_unplan,
    "coin": planning.h_coin, "uncoin": planning.h_uncoin, "done": planning.h_done,
    "move": h_move, "step": h_step, "pass": h_pass, "act": h_act, "use": h_use, "corn": h_corn,
    "fstore": h_fstore, "fdone": h_fdone,
}

