"""Applying one parsed move: checks legality with a message that says what
would be legal, then changes the state and tells the table what happened."""

from __future__ import annotations

from games.core import IllegalMove

from . import board as B
from . import islands as I
from . import rules as R
from .data import SHAPES, SHIPS, VILLAGE_COST


def apply(state: dict, seat: int, action: tuple) -> list:
    """Check and apply one move. The events are a barrier (no silent undo)
    when the move made the tower pour or began a round (hidden tiles shown)."""
    draws, rnd = state["rng"]["draws"], state["round"]
    notes: list[str] = []
    _apply(state, seat, action, notes)
    barrier = state["rng"]["draws"] != draws or state["round"] != rnd
    return R.events(notes, seat, barrier=barrier)


def _apply(state: dict, seat: int, action: tuple, notes: list[str]) -> None:
    head = action[0]
    turn = state["turn"]
    if head == "use" and action[1] != "sail8":
        R.use_free(state, seat, action[1], notes)
        return
    if turn is None:
        _top(state, seat, action, notes)
    elif turn["action"] == "develop":
        if head != "take":
            raise IllegalMove(f"Take {turn['picks']} more development tile(s) first: `take <tile>`.")
        R.take_dev(state, seat, action[1], notes)
        if turn["picks"] == 0 or R.dev_count(state) == 0:
            R.end_turn(state, notes)
    else:
        if head == "done":
            if turn["action"] == "sail" and len(state["ships"][seat]) < SHIPS:
                raise IllegalMove("Put both ships on the frame first (free): `place F1`.")
            notes.append(f"{{p{seat}}} ends the {turn['action']} action.")
            R.end_turn(state, notes)
        else:
            STEPS[turn["action"]](state, seat, turn, action, notes)


def _top(state, seat, action, notes):
    head = action[0]
    p = state["seats"][seat]
    if head == "coins":
        n = R.coins_for_cubes(state, seat)
        vp = R.add_coins(state, seat, n)
        notes.append(f"{{p{seat}}} takes {n} coins" + (f" ({vp} over 12 as VP)" if vp else "") + ".")
    elif head == "vp":
        if not R.unused(state, seat, "vp"):
            raise IllegalMove("You have no unused 'vp' development tile.")
        n = R.cubes_shown(state)
        p["used"].append("vp")
        R.add_vp(state, seat, n, "vp tile")
        notes.append(f"{{p{seat}}} uses the 'vp' tile: +{n} VP for the cubes shown.")
    elif head in ("cannon", "develop", "order"):
        R.track_move(state, seat, head, action[1], notes)
        if state["turn"] is not None:  # development tiles to pick
            return
    elif head == "first":
        if not R.unused(state, seat, "first"):
            raise IllegalMove("You have no unused 'first' development tile.")
        if not state["tray"].get("white"):
            raise IllegalMove("'first' needs a white cube this phase.")
        R.jump_first(state, seat, notes)
    elif head in R.MULTI_STEP:
        reason = cannot_start(state, seat, head)
        if reason:
            raise IllegalMove(reason)
        notes.append(R.start_multi(state, seat, head))
        return
    else:
        raise IllegalMove(f"Start your turn first: one of {', '.join(R.available_actions(state, seat))}.")
    R.end_turn(state, notes)


def cannot_start(state, seat, action) -> str:
    """Why a build or produce action would be empty now ('' when it is fine)."""
    colour = R.COLOUR_OF_ACTION[action]
    if colour not in R.action_colours(state, seat):
        return ""                      # start_multi explains the missing colour
    money = R.points_for(state, seat, colour) + state["seats"][seat]["coins"]
    p = state["seats"][seat]
    if action == "build":
        for kind, hand in (("n", p["hand_n"]), ("v", p["hand_v"])):
            for shape, count in hand.items():
                cost = len(SHAPES[shape]) if kind == "n" else VILLAGE_COST
                if count and cost <= money and I.placements(state, seat, shape):
                    return ""
        return "You have no planned tile that fits next to your trading posts: plan first (red), or take coins."
    if action == "produce":
        if any(int(t[-1]) <= money for t in state["prod"]["display"]):
            return ""
        return "No production tile on display is affordable with your points and coins."
    if action == "plan":
        neutral = any(n and len(SHAPES[s]) <= money for s, n in state["neutral"].items())
        if neutral or any(p["village"].values()):
            return ""
        return "There is nothing left you could plan."
    return ""


# --- sail -----------------------------------------------------------------------
def _sail(state, seat, turn, action, notes):
    head = action[0]
    ships = state["ships"][seat]
    geo = R.geometry(state)
    if head == "use":
        if not R.unused(state, seat, "sail8"):
            raise IllegalMove("You have no unused 'sail8' tile.")
        state["seats"][seat]["used"].append("sail8")
        turn["budget"] += 8
        notes.append(f"{{p{seat}}} uses 'sail8': +8 points.")
        return
    if head == "place":
        if len(ships) >= SHIPS:
            raise IllegalMove("Both your ships are on the map already: `ship 1 C7`.")
        if action[1] not in geo["frame"]:
            raise IllegalMove(f"Frame spaces are F1..F{len(geo['frame'])}.")
        ships.append(action[1])
        notes.append(f"{{p{seat}}} puts ship {len(ships)} on {action[1]}.")
        return
    if len(ships) < SHIPS:
        raise IllegalMove("First put both ships on the frame: `place F1`.")
    if head == "ship":
        i, dest = action[1], action[2]
        if turn["posted"][i]:
            raise IllegalMove(f"Ship {i + 1} founded a trading post and stays there this turn.")
        dests = ship_destinations(state, seat, i)
        if dest not in dests:
            if dest not in geo["graph"]:
                raise IllegalMove(f"{dest} is land, not sea.")
            raise IllegalMove(f"Ship {i + 1} cannot end on {dest} now (occupied, or too far for your "
                              "points and coins).")
        cost = dests[dest]
        allow = turn["budget"] - turn["moved"][i]
        short = max(0, cost - allow)
        if short:
            state["seats"][seat]["coins"] -= short
            turn["budget"] += short
            turn["bought"] += short
        turn["moved"][i] += cost
        turn["used"] = max(turn["moved"])
        ships[i] = dest
        notes.append(f"{{p{seat}}} sails ship {i + 1} to {dest} ({cost} step{'s' if cost != 1 else ''})"
                     + R.spent_note(short) + ".")
        return
    if head == "post":
        cell = action[1]
        if state["seats"][seat]["posts_left"] <= 0:
            raise IllegalMove("You have no trading posts left.")
        for i in range(SHIPS):
            if not turn["posted"][i] and cell in I.post_squares_for_ship(state, seat, i):
                turn["posted"][i] = True
                I.found_post(state, seat, cell, notes)
                return
        options = post_options(state, seat)
        raise IllegalMove(f"No ship of yours is at an anchor next to a free trading-post square {cell}"
                          + (f" (possible: {', '.join(options)})." if options else "."))
    raise IllegalMove("While sailing: `ship 1 C7`, `post C8`, `use sail8` or `done`.")


def ship_destinations(state, seat, i) -> dict[str, int]:
    """Where ship ``i`` may end this step, with the step count."""
    turn = state["turn"]
    ships = state["ships"][seat]
    geo = R.geometry(state)
    reach = turn["budget"] - turn["moved"][i] + state["seats"][seat]["coins"]
    if reach <= 0:
        return {}
    dist = B.distances(geo["graph"], ships[i], reach)
    taken = {loc for s in range(state["players"]) for j, loc in enumerate(state["ships"][s])
             if (s, j) != (seat, i)}
    return {d: n for d, n in dist.items()
            if n > 0 and (d.startswith("F") or d not in taken)}


def post_options(state, seat) -> list[str]:
    turn = state["turn"]
    if state["seats"][seat]["posts_left"] <= 0 or len(state["ships"][seat]) < SHIPS:
        return []
    out = []
    for i in range(SHIPS):
        if not turn["posted"][i]:
            out += [c for c in I.post_squares_for_ship(state, seat, i) if c not in out]
    return out


# --- plan -------------------------------------------------------------------------
def neutral_limit(state, seat) -> int:
    return 2 if R.owns(state, seat, "plan2") else 1


def _plan(state, seat, turn, action, notes):
    head = action[0]
    if head not in ("n", "v") or len(action) != 2:
        raise IllegalMove("While planning: `n i3` (neutral tile), `v l3` (village tile) or `done`.")
    shape = action[1]
    p = state["seats"][seat]
    if head == "n":
        if turn["neutral"] >= neutral_limit(state, seat):
            raise IllegalMove("You have taken as many neutral tiles as you may this phase; take village tiles "
                              "(`v 1`) or `done`.")
        if state["neutral"].get(shape, 0) <= 0:
            raise IllegalMove(f"No neutral {shape} tiles are left.")
        short = R.pay(state, seat, turn, len(SHAPES[shape]), f"A neutral {shape}")
        state["neutral"][shape] -= 1
        turn["neutral"] += 1
        p["hand_n"][shape] = p["hand_n"].get(shape, 0) + 1
        notes.append(f"{{p{seat}}} plans a neutral {shape}" + R.spent_note(short) + ".")
    else:
        if p["village"].get(shape, 0) <= 0:
            left = [s for s, n in p["village"].items() if n]
            raise IllegalMove(f"No village {shape} tiles left (left: {', '.join(left) or 'none'}).")
        short = R.pay(state, seat, turn, VILLAGE_COST, f"A village {shape}")
        p["village"][shape] -= 1
        p["hand_v"][shape] = p["hand_v"].get(shape, 0) + 1
        notes.append(f"{{p{seat}}} plans a village {shape}" + R.spent_note(short) + ".")


# --- build ----------------------------------------------------------------------------
def _build(state, seat, turn, action, notes):
    head = action[0]
    if head not in ("n", "v") or len(action) < 3:
        raise IllegalMove("While building: `n i3 C5 C6 C7`, `v 1 D4` or `done`.")
    shape, cells = action[1], action[2:]
    p = state["seats"][seat]
    hand = p["hand_n"] if head == "n" else p["hand_v"]
    what = "neutral" if head == "n" else "village"
    if hand.get(shape, 0) <= 0:
        have = [f"{head} {s}" for s, n in hand.items() if n]
        raise IllegalMove(f"You have no planned {what} {shape} (you have: {', '.join(have) or 'none'}).")
    if len(cells) != len(SHAPES[shape]) or len(set(cells)) != len(cells):
        raise IllegalMove(f"A {shape} covers {len(SHAPES[shape])} different squares.")
    key = tuple(sorted(cells, key=B.parse_cell))
    if key not in I.placements(state, seat, shape):
        raise IllegalMove(f"A {shape} cannot go on {' '.join(cells)}: it must cover free land of one "
                          "island where you have a trading post, in the tile's shape, touching your post "
                          "or a placed tile.")
    cost = len(SHAPES[shape]) if head == "n" else VILLAGE_COST
    short = R.pay(state, seat, turn, cost, f"A {what} {shape}")
    hand[shape] -= 1
    I.place_tile(state, seat, head, shape, key, notes)
    if short:
        notes[-1] = notes[-1][:-1] + R.spent_note(short) + "."


# --- produce ------------------------------------------------------------------------------
def _produce(state, seat, turn, action, notes):
    if action[0] != "buy":
        raise IllegalMove("While producing: `buy cotton3` or `done`.")
    tile = action[1]
    display = state["prod"]["display"]
    if tile not in display:
        raise IllegalMove(f"{tile} is not on display (on display: {', '.join(sorted(set(display))) or 'none'}).")
    cost = int(tile[-1])
    short = R.pay(state, seat, turn, cost, tile)
    display.remove(tile)
    good = tile[:-1]
    prod = state["seats"][seat]["production"]
    prod[good] = prod.get(good, 0) + 1
    notes.append(f"{{p{seat}}} buys production {tile}" + R.spent_note(short) + ".")


STEPS = {"sail": _sail, "plan": _plan, "build": _build, "produce": _produce}
