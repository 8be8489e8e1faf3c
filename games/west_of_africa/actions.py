"""The card actions of phase 2, one function per command.

Each function checks the command against the rules, applies it in place and
returns the events. On a refusal it raises ``IllegalMove``; the engine's
``play`` then restores the state, so a half-applied command is harmless.
"""

from __future__ import annotations

from games.core import Event, IllegalMove

from . import data
from .data import CROPS, ISLANDS, PLOTS
from .rules import (
    VERB_CARD,
    VERB_NAME,
    add_points,
    close_other_actions,
    count,
    crop_list,
    current_seat,
    farm_plot,
    free_berth,
    has_card,
    iname,
    set_coins,
    ships_at,
    site_plot,
)


def _need_turn(state, seat) -> None:
    if state["phase"] != "actions" or current_seat(state) != seat or state["pending"]:
        raise IllegalMove("It is not your turn to act.")


def _need_placed(state, seat) -> None:
    if state["ships"][seat] is None:
        raise IllegalMove("First put your ship on an empty berth: place <island>.")


def _open(state, seat, verb) -> None:
    """The verb's card was chosen and its action is still open; start it."""
    _need_turn(state, seat)
    _need_placed(state, seat)
    card = VERB_CARD[verb]
    if not has_card(state, seat, card):
        raise IllegalMove(f"You did not choose the {data.CARD_NAMES[card]} card this round.")
    if verb in state["turn"]["closed"]:
        raise IllegalMove(f"You already finished your {VERB_NAME[verb]} action this turn "
                          "(finish one action before starting the next).")
    close_other_actions(state, verb)


def _need_island_card(state, seat, island, verb) -> None:
    if not has_card(state, seat, island):
        chosen = [iname(c) for c in state["choice"][seat] if c in ISLANDS] or ["none"]
        raise IllegalMove(f"You can only {VERB_NAME[verb]} on islands whose card you chose "
                          f"({', '.join(chosen)}), not {iname(island)}.")


# ------------------------------------------------------------------ place
def place(state, seat, island) -> list[Event]:
    _need_turn(state, seat)
    if state["ships"][seat] is not None:
        raise IllegalMove("Your ship is already on the board.")
    if not free_berth(state, island):
        free = [iname(i) for i in data.ISLAND_KEYS if free_berth(state, i)]
        raise IllegalMove(f"In round 1 the ship goes to an empty berth; {iname(island)} is full. "
                          f"With room: {', '.join(free)}.")
    state["ships"][seat] = island
    state["highlight"] = [island]
    return [Event(f"{{p{seat}}} puts their ship at {iname(island)}", seat=seat)]


# ------------------------------------------------------------------- move
def move(state, seat, path: list[str]) -> list[Event]:
    _open(state, seat, "move")
    start = path[0]
    if start not in state["workers"][seat]:
        where = sorted(set(state["workers"][seat]))
        raise IllegalMove(f"You have no worker at {_loc(start)} (yours: {', '.join(map(_loc, where))}).")
    steps = len(path) - 1
    if steps > state["turn"]["ap"]:
        raise IllegalMove(f"That takes {steps} steps and you have {state['turn']['ap']} left.")
    for a, b in zip(path, path[1:]):
        if b not in data.WORKER_ADJ[a]:
            nxt = ", ".join(_loc(x) for x in data.WORKER_ADJ[a])
            raise IllegalMove(f"No lane from {_loc(a)} to {_loc(b)}; from {_loc(a)} a worker goes to {nxt}.")
    state["turn"]["ap"] -= steps
    state["workers"][seat].remove(start)
    state["workers"][seat].append(path[-1])
    state["workers"][seat].sort()
    state["highlight"] = [p for p in path if p in ISLANDS]
    route = " → ".join(_loc(p) for p in path)
    return [Event(f"{{p{seat}}} moves a worker {route} ({state['turn']['ap']} steps left)", seat=seat)]


def _loc(place: str) -> str:
    return {"west": "the west ship", "east": "the east ship"}.get(place) or iname(place)


# ------------------------------------------------------------------- farm
def farm_cost(crops: int, helpers: int) -> int:
    return crops * max(0, data.FARM_COST - helpers)


def farm(state, seat, island, crops: list[str], helpers: list[str]) -> list[Event]:
    _open(state, seat, "farm")
    _need_island_card(state, seat, island, "farm")
    if not any(p[0] in ("field", "dual") for p in PLOTS[island]):
        raise IllegalMove(f"{iname(island)} has no fields; crops grow on the western and middle islands.")
    if not crops:
        raise IllegalMove("Name the crops to plant, e.g. farm palma wine sugar.")
    want = count(t.removeprefix("dual-") for t in crops)
    for c in CROPS:
        if want[c] > state["supply"][seat][c]:
            raise IllegalMove(f"You have {state['supply'][seat][c]} {c} token(s) free, not {want[c]}.")
    for token in crops:
        i = farm_plot(state, island, token)
        if i is None:
            raise IllegalMove(f"No empty {token.replace('-', ' ')} field left on {iname(island)}.")
        state["plots"][island][i] = {"crop": token.removeprefix("dual-"), "seat": seat}
    here = state["workers"][seat].count(island)
    if len(helpers) > here:
        raise IllegalMove(f"You have {here} worker(s) on {iname(island)}, not {len(helpers)}.")
    if len(helpers) > data.FARM_COST:
        raise IllegalMove(f"At most {data.FARM_COST} workers can help (then planting is free).")
    cost = farm_cost(len(crops), len(helpers))
    if cost > state["coins"][seat]:
        raise IllegalMove(f"Planting {len(crops)} crop(s) with {len(helpers)} worker(s) costs {cost} coins; "
                          f"you have {state['coins'][seat]}.")
    for c in CROPS:
        state["supply"][seat][c] -= want[c]
    for ship in helpers:
        state["workers"][seat].remove(island)
        state["workers"][seat].append(ship)
    state["workers"][seat].sort()
    set_coins(state, seat, state["coins"][seat] - cost)
    state["highlight"] = [island]
    help_txt = f", {len(helpers)} worker(s) back to {' and '.join(sorted(set(helpers)))} ship" if helpers else ""
    return [Event(f"{{p{seat}}} plants {crop_list(want)} on {iname(island)} for {cost} coins{help_txt}",
                  seat=seat)]


# ------------------------------------------------------------------- sell
def sell(state, seat, island, crops: list[str]) -> list[Event]:
    _open(state, seat, "sell")
    _need_island_card(state, seat, island, "sell")
    stock = state["warehouses"][island][seat]
    if not sum(stock.values()):
        raise IllegalMove(f"You have no crops in the {iname(island)} warehouse.")
    want = count(crops) if crops else dict(stock)
    for c in CROPS:
        if want[c] > stock[c]:
            raise IllegalMove(f"Your {iname(island)} warehouse holds {crop_list(stock)}.")
    n = sum(want.values())
    price = ISLANDS[island][2]
    before = state["coins"][seat]
    for c in CROPS:
        stock[c] -= want[c]
        state["supply"][seat][c] += want[c]
    set_coins(state, seat, before + n * price)
    gained = n * price
    lost = before + gained - state["coins"][seat]
    note = f" ({lost} lost over the {data.COIN_CAP}-coin cap)" if lost else ""
    state["highlight"] = [island]
    return [Event(f"{{p{seat}}} sells {crop_list(want)} on {iname(island)} for {gained} coins{note}",
                  seat=seat)]


# ------------------------------------------------------------------ build
def build(state, seat, island, sites: list[str]) -> list[Event]:
    _open(state, seat, "build")
    if state["round"] == 1:
        raise IllegalMove("No settlements in round 1: there are no mayors yet.")
    _need_island_card(state, seat, island, "build")
    if state["mayors"][island] != seat:
        raise IllegalMove(f"Only the mayor of {iname(island)} may found settlements there.")
    if not sites:
        raise IllegalMove("Name the cost of each space to build on, e.g. build tenerife 6 9.")
    if len(sites) > state["track"]:
        raise IllegalMove(f"Only {state['track']} settlement(s) are left this round.")
    total = 0
    for token in sites:
        i = site_plot(state, island, token)
        if i is None:
            raise IllegalMove(f"No empty {token.replace('-', ' ')} space on {iname(island)}.")
        state["plots"][island][i] = {"house": seat}
        total += PLOTS[island][i][-1]
    if total > state["coins"][seat]:
        raise IllegalMove(f"Those settlements cost {total} coins; you have {state['coins'][seat]}.")
    set_coins(state, seat, state["coins"][seat] - total)
    state["track"] -= len(sites)
    add_points(state, seat, data.HOUSE_POINTS * len(sites), "settlements")
    state["highlight"] = [island]
    return [Event(f"{{p{seat}}} founds {len(sites)} settlement(s) on {iname(island)} for {total} coins "
                  f"(+{data.HOUSE_POINTS * len(sites)} points)", seat=seat)]


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
                raise IllegalMove(f"A ship moves at most {data.SHIP_STEPS} harbours.")
            if arg == pos:
                raise IllegalMove(f"Your ship is already at {iname(pos)}: name only the harbours it sails to.")
            if arg not in data.SHIP_ADJ[pos]:
                nxt = ", ".join(iname(x) for x in data.SHIP_ADJ[pos])
                raise IllegalMove(f"No sea lane from {iname(pos)} to {iname(arg)}; from {iname(pos)}: {nxt}.")
            pos = arg
            path.append(pos)
            loaded_here, dropped_here = set(), set()
        elif kind == "take":
            stock = state["warehouses"][pos][seat]
            if stock[arg] <= 0:
                raise IllegalMove(f"You have no {arg} in the {iname(pos)} warehouse.")
            if len(hold) >= 3:
                raise IllegalMove("A ship carries at most 3 crops.")
            if arg in dropped_here:
                raise IllegalMove(f"You just dropped {arg} at {iname(pos)}.")
            stock[arg] -= 1
            hold.append(arg)
            loaded_here.add(arg)
            moves.append(f"takes {arg} at {iname(pos)}")
        else:  # drop
            if arg not in hold:
                raise IllegalMove(f"Your ship carries no {arg}.")
            if arg in loaded_here:
                raise IllegalMove(f"You just took that {arg} at {iname(pos)}.")
            hold.remove(arg)
            state["warehouses"][pos][seat][arg] += 1
            dropped_here.add(arg)
            moves.append(f"drops {arg} at {iname(pos)}")
    if len(path) < 2:
        raise IllegalMove("Name at least one harbour to sail to, e.g. ship tenerife.")
    for c in hold:  # crops never stay aboard
        state["warehouses"][pos][seat][c] += 1
    if hold:
        moves.append(f"unloads {crop_list(count(hold))} at {iname(pos)}")
    state["ships"][seat] = pos
    route = " → ".join(iname(p) for p in path)
    text = f"{{p{seat}}} sails {route}"
    if moves:
        text += "; " + "; ".join(moves)
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
            raise IllegalMove(f"{iname(dest)} has a free berth; no ship needs to give way.")
        return []
    if len(others) > 1:
        if bump is None or bump not in others:
            names = ", ".join(data.COLOURS[s] for s in others)
            raise IllegalMove(f"{iname(dest)} is full: say which ship gives way (bump {names}).")
        victim = bump
    else:
        victim = others[0]
        if bump is not None and bump != victim:
            raise IllegalMove(f"Only the {data.COLOURS[victim]} ship can give way at {iname(dest)}.")
    east = ISLANDS[dest][3] > ISLANDS[path[-2]][3]
    options = push_targets(state, dest, east)
    if len(options) == 1:
        state["ships"][victim] = options[0]
        state["highlight"].append(options[0])
        return [Event(f"{{p{victim}}}'s ship gives way to {iname(options[0])}", seat=victim)]
    state["ships"][victim] = None  # in the water until its owner picks
    state["pending"] = {"seat": victim, "options": options, "mover": seat, "from": dest}
    names = " or ".join(iname(o) for o in options)
    return [Event(f"{{p{victim}}}'s ship must give way: {{p{victim}}} chooses {names}", seat=victim)]


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
        raise IllegalMove("Your ship does not need to give way.")
    if island not in pending["options"]:
        names = " or ".join(iname(o) for o in pending["options"])
        raise IllegalMove(f"Your ship can go to {names}.")
    state["ships"][seat] = island
    state["pending"] = None
    state["highlight"].append(island)
    return [Event(f"{{p{seat}}}'s ship gives way to {iname(island)}", seat=seat)]
