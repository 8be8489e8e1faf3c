"""The card actions of phase 2, one function per command, and ``HANDLERS``: the verbs as a table.

Each function checks the command against the rules, applies it in place and
returns the events. On a refusal it raises ``IllegalMove``; the engine's
``play`` then restores the state, so a half-applied command is harmless.
"""

from __future__ import annotations

from games.core import Event, IllegalMove, msg

from . import data
from . import messages as M
from .data import CROPS, ISLANDS, PLOTS
from .rules import (
    VERB_CARD,
    add_points,
    close_other_actions,
    count,
    current_seat,
    farm_plot,
    free_berth,
    has_card,
    set_coins,
    ships_at,
    site_plot,
)


def _need_turn(state, seat) -> None:
    if state["phase"] != "actions" or current_seat(state) != seat or state["pending"]:
        raise IllegalMove("woa.err.not_your_turn_act")


def _need_placed(state, seat) -> None:
    if state["ships"][seat] is None:
        raise IllegalMove("woa.err.place_first")


def _open(state, seat, verb) -> None:
    """The verb's card was chosen and its action is still open; start it."""
    _need_turn(state, seat)
    _need_placed(state, seat)
    card = VERB_CARD[verb]
    if not has_card(state, seat, card):
        raise IllegalMove("woa.err.no_card", card=M.card(card))
    if verb in state["turn"]["closed"]:
        raise IllegalMove("woa.err.action_closed", verb=msg(f"woa.verb.{verb}"))
    close_other_actions(state, verb)


def _need_island_card(state, seat, island, verb) -> None:
    if not has_card(state, seat, island):
        chosen = [M.island(c) for c in state["choice"][seat] if c in ISLANDS] or msg("core.none")
        raise IllegalMove("woa.err.island_card", verb=msg(f"woa.verb.{verb}"), chosen=chosen,
                          island=M.island(island))


# ------------------------------------------------------------------ place
def place(state, seat, island) -> list[Event]:
    _need_turn(state, seat)
    if state["ships"][seat] is not None:
        raise IllegalMove("woa.err.ship_placed")
    if not free_berth(state, island):
        free = [M.island(i) for i in data.ISLAND_KEYS if free_berth(state, i)]
        raise IllegalMove("woa.err.berth_full", island=M.island(island), free=free)
    state["ships"][seat] = island
    state["highlight"] = [island]
    return [Event(msg("woa.ev.place", who=M.seat(seat), island=M.island(island)), seat=seat)]


# ------------------------------------------------------------------- move
def move(state, seat, path: list[str]) -> list[Event]:
    _open(state, seat, "move")
    start = path[0]
    if start not in state["workers"][seat]:
        where = sorted(set(state["workers"][seat]))
        raise IllegalMove("woa.err.no_worker", place=M.loc(start), yours=[M.loc(w) for w in where])
    steps = len(path) - 1
    if steps > state["turn"]["ap"]:
        raise IllegalMove("woa.err.steps", steps=steps, left=state["turn"]["ap"])
    for a, b in zip(path, path[1:]):
        if b not in data.WORKER_ADJ[a]:
            nxt = [M.loc(x) for x in data.WORKER_ADJ[a]]
            raise IllegalMove("woa.err.no_lane", a=M.loc(a), b=M.loc(b), nxt=nxt)
    state["turn"]["ap"] -= steps
    state["workers"][seat].remove(start)
    state["workers"][seat].append(path[-1])
    state["workers"][seat].sort()
    state["highlight"] = [p for p in path if p in ISLANDS]
    route = M.chain([M.loc(p) for p in path], "woa.arrow")
    return [Event(msg("woa.ev.move", who=M.seat(seat), route=route, n=state["turn"]["ap"]), seat=seat)]


# ------------------------------------------------------------------- farm
def farm_cost(crops: int, helpers: int) -> int:
    return crops * max(0, data.FARM_COST - helpers)


def farm(state, seat, island, crops: list[str], helpers: list[str]) -> list[Event]:
    _open(state, seat, "farm")
    _need_island_card(state, seat, island, "farm")
    if not any(p[0] in ("field", "dual") for p in PLOTS[island]):
        raise IllegalMove("woa.err.no_fields", island=M.island(island))
    if not crops:
        raise IllegalMove("woa.err.name_crops")
    want = count(t.removeprefix("dual-") for t in crops)
    for c in CROPS:
        if want[c] > state["supply"][seat][c]:
            raise IllegalMove("woa.err.supply", have=state["supply"][seat][c], crop=M.crop(c), n=want[c])
    for token in crops:
        i = farm_plot(state, island, token)
        if i is None:
            raise IllegalMove("woa.err.dual_field" if token.startswith("dual-") else "woa.err.no_field",
                              kind=M.crop(token.removeprefix("dual-")), island=M.island(island))
        state["plots"][island][i] = {"crop": token.removeprefix("dual-"), "seat": seat}
    here = state["workers"][seat].count(island)
    if len(helpers) > here:
        raise IllegalMove("woa.err.helpers", here=here, island=M.island(island), n=len(helpers))
    if len(helpers) > data.FARM_COST:
        raise IllegalMove("woa.err.max_helpers", n=data.FARM_COST)
    cost = farm_cost(len(crops), len(helpers))
    if cost > state["coins"][seat]:
        raise IllegalMove("woa.err.farm_cost", crops=len(crops), helpers=len(helpers), cost=cost,
                          coins=state["coins"][seat])
    for c in CROPS:
        state["supply"][seat][c] -= want[c]
    for ship in helpers:
        state["workers"][seat].remove(island)
        state["workers"][seat].append(ship)
    state["workers"][seat].sort()
    set_coins(state, seat, state["coins"][seat] - cost)
    state["highlight"] = [island]
    if helpers:
        ships = M.both([msg(f"woa.side.{s}") for s in sorted(set(helpers))])
        text = msg("woa.ev.farm_help", who=M.seat(seat), crops=M.crops(want), island=M.island(island), cost=M.coins(cost),
                   n=len(helpers), ships=ships)
    else:
        text = msg("woa.ev.farm", who=M.seat(seat), crops=M.crops(want), island=M.island(island), cost=M.coins(cost))
    return [Event(text, seat=seat)]


# ------------------------------------------------------------------- sell
def sell(state, seat, island, crops: list[str]) -> list[Event]:
    _open(state, seat, "sell")
    _need_island_card(state, seat, island, "sell")
    stock = state["warehouses"][island][seat]
    if not sum(stock.values()):
        raise IllegalMove("woa.err.empty_warehouse", island=M.island(island))
    want = count(crops) if crops else dict(stock)
    for c in CROPS:
        if want[c] > stock[c]:
            raise IllegalMove("woa.err.warehouse_holds", island=M.island(island), crops=M.crops(stock))
    n = sum(want.values())
    price = ISLANDS[island][2]
    before = state["coins"][seat]
    for c in CROPS:
        stock[c] -= want[c]
        state["supply"][seat][c] += want[c]
    set_coins(state, seat, before + n * price)
    gained = n * price
    lost = before + gained - state["coins"][seat]
    state["highlight"] = [island]
    args = {"who": M.seat(seat), "crops": M.crops(want), "island": M.island(island), "gained": M.coins(gained)}
    text = msg("woa.ev.sell_cap", **args, lost=lost, cap=data.COIN_CAP) if lost else msg("woa.ev.sell", **args)
    return [Event(text, seat=seat)]


# ------------------------------------------------------------------ build
def build(state, seat, island, sites: list[str]) -> list[Event]:
    _open(state, seat, "build")
    if state["round"] == 1:
        raise IllegalMove("woa.err.round1_build")
    _need_island_card(state, seat, island, "build")
    if state["mayors"][island] != seat:
        raise IllegalMove("woa.err.not_mayor", island=M.island(island))
    if not sites:
        raise IllegalMove("woa.err.name_sites")
    if len(sites) > state["track"]:
        raise IllegalMove("woa.err.track", n=state["track"])
    total = 0
    for token in sites:
        i = site_plot(state, island, token)
        if i is None:
            raise IllegalMove("woa.err.no_dual_site" if token.startswith("dual-") else "woa.err.no_site",
                              cost=token.removeprefix("dual-"), island=M.island(island))
        state["plots"][island][i] = {"house": seat}
        total += PLOTS[island][i][-1]
    if total > state["coins"][seat]:
        raise IllegalMove("woa.err.build_cost", total=total, coins=state["coins"][seat])
    set_coins(state, seat, state["coins"][seat] - total)
    state["track"] -= len(sites)
    add_points(state, seat, data.HOUSE_POINTS * len(sites), "settlements")
    state["highlight"] = [island]
    return [Event(msg("woa.ev.build", who=M.seat(seat), n=len(sites), island=M.island(island), total=M.coins(total),
                      points=M.points(data.HOUSE_POINTS * len(sites))), seat=seat)]


# ------------------------------------------------------------------- ship
def ship(state, seat, items: list[tuple[str, str]], bump: int | None) -> list[Event]:
    """Sail along lanes, taking (+crop) and dropping (-crop) own crops."""
    _open(state, seat, "ship")
    state["turn"]["closed"].append("ship")
    state["turn"]["current"] = None
    pos = state["ships"][seat]
    path = [pos]
    hold: list[str] = []
    loaded_here: set[str] = set()
    dropped_here: set[str] = set()
    moves: list[str] = []
    for kind, arg in items:
        if kind == "go":
            if len(path) - 1 >= data.SHIP_STEPS:
                raise IllegalMove("woa.err.ship_steps", n=data.SHIP_STEPS)
            if arg == pos:
                raise IllegalMove("woa.err.ship_there", island=M.island(pos))
            if arg not in data.SHIP_ADJ[pos]:
                nxt = [M.island(x) for x in data.SHIP_ADJ[pos]]
                raise IllegalMove("woa.err.no_sea_lane", a=M.island(pos), b=M.island(arg), nxt=nxt)
            pos = arg
            path.append(pos)
            loaded_here, dropped_here = set(), set()
        elif kind == "take":
            stock = state["warehouses"][pos][seat]
            if stock[arg] <= 0:
                raise IllegalMove("woa.err.no_crop_there", crop=M.crop(arg), island=M.island(pos))
            if len(hold) >= 3:
                raise IllegalMove("woa.err.hold_full")
            if arg in dropped_here:
                raise IllegalMove("woa.err.just_dropped", crop=M.crop(arg), island=M.island(pos))
            stock[arg] -= 1
            hold.append(arg)
            loaded_here.add(arg)
            moves.append(msg("woa.ev.takes", crop=M.crop(arg), island=M.island(pos)))
        else:  # drop
            if arg not in hold:
                raise IllegalMove("woa.err.not_aboard", crop=M.crop(arg))
            if arg in loaded_here:
                raise IllegalMove("woa.err.just_took", crop=M.crop(arg), island=M.island(pos))
            hold.remove(arg)
            state["warehouses"][pos][seat][arg] += 1
            dropped_here.add(arg)
            moves.append(msg("woa.ev.drops", crop=M.crop(arg), island=M.island(pos)))
    if len(path) < 2:
        raise IllegalMove("woa.err.name_harbour")
    for c in hold:  # crops never stay aboard
        state["warehouses"][pos][seat][c] += 1
    if hold:
        moves.append(msg("woa.ev.unloads", crops=M.crops(count(hold)), island=M.island(pos)))
    state["ships"][seat] = pos
    route = M.chain([M.island(p) for p in path], "woa.arrow")
    if moves:
        text = msg("woa.ev.sail_and", who=M.seat(seat), route=route, steps=M.chain(moves, "woa.then"))
    else:
        text = msg("woa.ev.sail", who=M.seat(seat), route=route)
    events = [Event(text, seat=seat)]
    state["highlight"] = list(dict.fromkeys(path))
    events += _bump(state, seat, path, bump)
    return events


def needs_bump_choice(state, seat, island) -> list[int]:
    """Other ships the mover must choose between when ``island`` is full."""
    others = [s for s in ships_at(state, island) if s != seat]
    if len(others) + 1 > data.berths(island, state["players"]) and len(others) > 1:
        return others
    return []


def _bump(state, seat, path, bump) -> list[Event]:
    dest = path[-1]
    others = [s for s in ships_at(state, dest) if s != seat]
    if len(others) + 1 <= data.berths(dest, state["players"]):
        if bump is not None:
            raise IllegalMove("woa.err.free_berth", island=M.island(dest))
        return []
    if len(others) > 1:
        if bump is None or bump not in others:
            names = [data.COLOURS[s] for s in others]
            raise IllegalMove("woa.err.which_bump", island=M.island(dest), names=names)
        victim = bump
    else:
        victim = others[0]
        if bump is not None and bump != victim:
            raise IllegalMove("woa.err.only_bump", colour=data.COLOURS[victim], island=M.island(dest))
    east = ISLANDS[dest][3] > ISLANDS[path[-2]][3]
    options = push_targets(state, dest, east)
    if len(options) == 1:
        state["ships"][victim] = options[0]
        state["highlight"].append(options[0])
        return [Event(msg("woa.ev.give_way", who=M.seat(victim), island=M.island(options[0])), seat=victim)]
    state["ships"][victim] = None  # in the water until its owner picks
    state["pending"] = {"seat": victim, "options": options, "mover": seat, "from": dest}
    names = M.either([M.island(o) for o in options])
    return [Event(msg("woa.ev.must_give_way", who=M.seat(victim), options=names), seat=victim)]


def push_targets(state, island, east: bool) -> list[str]:
    """Where a ship pushed out of ``island`` may go: the next free berth onward."""
    line = ["gomera", "tenerife", "canaria", "fuerteventura", "lanzarote"]
    pos = ISLANDS[island][3]
    if east:
        for isl in line:
            if ISLANDS[isl][3] > pos and free_berth(state, isl):
                return [isl]
        return ["lanzarote"]
    if island == "palma":
        return [data.DESIGNED["west_of_palma"]]
    for isl in reversed(line):
        if ISLANDS[isl][3] < pos and free_berth(state, isl):
            return [isl]
    return (["palma"] if free_berth(state, "palma") else []) + ["hierro"]


def retreat(state, seat, island) -> list[Event]:
    pending = state["pending"]
    if not pending or pending["seat"] != seat:
        raise IllegalMove("woa.err.no_retreat")
    if island not in pending["options"]:
        raise IllegalMove("woa.err.retreat_to", options=M.either([M.island(o) for o in pending["options"]]))
    state["ships"][seat] = island
    state["pending"] = None
    state["highlight"].append(island)
    return [Event(msg("woa.ev.give_way", who=M.seat(seat), island=M.island(island)), seat=seat)]


#: the action phase's verbs: verb -> (its function, the fields of the parsed action it takes);
#: ``choose`` (the card phase: ``rules.choose``) and ``done`` (``rules.end_turn``) are the game's own
HANDLERS = {
    "place": (place, ("island",)),
    "move": (move, ("path",)),
    "farm": (farm, ("island", "crops", "helpers")),
    "sell": (sell, ("island", "crops")),
    "build": (build, ("island", "sites")),
    "ship": (ship, ("items", "bump")),
    "retreat": (retreat, ("island",)),
}


def do(state, seat, action: dict) -> list[Event]:
    """Play ``action`` (parsed by ``notation.parse``) through its verb's function."""
    run, fields = HANDLERS[action["verb"]]
    return run(state, seat, *(action[f] for f in fields))
