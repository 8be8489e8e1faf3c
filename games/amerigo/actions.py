"""Applying one parsed move: checks legality with a message that says what
would be legal, then changes the state and tells the table what happened.
The verbs are tables: ``HANDLERS`` at the top of a turn, ``STEPS`` inside a
multi-step action."""

from __future__ import annotations

from collections import deque

from games.core import IllegalMove, msg

from . import board as B
from . import islands as I
from . import messages as Msgs
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
            raise IllegalMove("ame.err.take_first", n=turn["picks"])
        R.take_dev(state, seat, action[1], notes)
        if turn["picks"] == 0 or R.dev_count(state) == 0:
            R.end_turn(state, notes)
    else:
        if head == "done":
            if turn["action"] == "sail" and len(state["ships"][seat]) < SHIPS:
                raise IllegalMove("ame.err.place_both")
            notes.append(msg(f"ame.ev.end_action.{turn['action']}", who=Msgs.seat(seat)))
            R.end_turn(state, notes)
        else:
            STEPS[turn["action"]](state, seat, turn, action, notes)


def _top(state, seat, action, notes):
    """An action at the top of a turn: its row of ``HANDLERS``; the turn ends unless it opened steps."""
    run = HANDLERS.get(action[0])
    if run is None:
        raise IllegalMove("ame.err.start_first", actions=list(R.available_actions(state, seat)))
    if run(state, seat, action, notes):
        R.end_turn(state, notes)


def _coins(state, seat, action, notes) -> bool:
    n = R.coins_for_cubes(state, seat)
    vp = R.add_coins(state, seat, n)
    notes.append(msg("ame.ev.coins", who=Msgs.seat(seat), n=n, vp=msg("ame.over12", vp=vp) if vp else ""))
    return True


def _vp(state, seat, action, notes) -> bool:
    if not R.unused(state, seat, "vp"):
        raise IllegalMove("ame.err.no_vp_tile")
    n = R.cubes_shown(state)
    state["seats"][seat]["used"].append("vp")
    R.add_vp(state, seat, n, "vp tile")
    notes.append(msg("ame.ev.vp_tile", who=Msgs.seat(seat), n=n))
    return True


def _track(state, seat, action, notes) -> bool:
    """``cannon N``, ``develop N``, ``order N``: the turn goes on while development tiles are to pick."""
    R.track_move(state, seat, action[0], action[1], notes)
    return state["turn"] is None


def _first(state, seat, action, notes) -> bool:
    if not R.unused(state, seat, "first"):
        raise IllegalMove("ame.err.no_first_tile")
    if not state["tray"].get("white"):
        raise IllegalMove("ame.err.first_white")
    R.jump_first(state, seat, notes)
    return True


def _multi(state, seat, action, notes) -> bool:
    """``sail``, ``plan``, ``build``, ``produce``: the action's steps follow (``STEPS``)."""
    head = action[0]
    reason = cannot_start(state, seat, head)
    if reason:
        raise IllegalMove(reason)
    notes.append(R.start_multi(state, seat, head))
    return False


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
        return msg("ame.err.nothing_to_build")
    if action == "produce":
        if any(int(t[-1]) <= money for t in state["prod"]["display"]):
            return ""
        return msg("ame.err.nothing_to_buy")
    if action == "plan":
        neutral = any(n and len(SHAPES[s]) <= money for s, n in state["neutral"].items())
        if neutral or any(p["village"].values()):
            return ""
        return msg("ame.err.nothing_to_plan")
    return ""


# --- sail -----------------------------------------------------------------------
def _sail(state, seat, turn, action, notes):
    head = action[0]
    ships = state["ships"][seat]
    geo = R.geometry(state)
    if head == "use":
        if not R.unused(state, seat, "sail8"):
            raise IllegalMove("ame.err.no_sail8")
        state["seats"][seat]["used"].append("sail8")
        turn["budget"] += 8
        notes.append(msg("ame.ev.sail8", who=Msgs.seat(seat)))
        return
    if head == "place":
        if len(ships) >= SHIPS:
            raise IllegalMove("ame.err.ships_out")
        space = frame_space(state, action[1])
        if space not in geo["frame_set"]:
            raise IllegalMove("ame.err.frame", n=len(geo["frame"]))
        ships.append(space)
        notes.append(msg("ame.ev.place", who=Msgs.seat(seat), i=len(ships), space=space))
        return
    if len(ships) < SHIPS:
        raise IllegalMove("ame.err.frame_first")
    if head == "ship":
        i, dest = action[1], action[2]
        if R.legacy_frame(state) and B.frame_number(dest):
            dest = frame_space(state, dest)
        if turn["posted"][i]:
            raise IllegalMove("ame.err.ship_stays", i=i + 1)
        dests = ship_destinations(state, seat, i)
        if dest not in dests:
            if dest not in geo["graph"]:
                k = B.old_frame_number(dest)
                if k and k <= len(geo["frame"]) and not R.legacy_frame(state):   # the old frame name
                    raise IllegalMove("ame.err.land_frame", dest=dest, n=len(geo["frame"]), k=k)
                raise IllegalMove("ame.err.land", dest=dest)
            raise IllegalMove("ame.err.cannot_end", i=i + 1, dest=dest)
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
        notes.append(msg("ame.ev.sail", who=Msgs.seat(seat), i=i + 1, dest=dest, n=cost,
                         paid=Msgs.paid(short, also=True)))
        return
    if head == "post":
        cell = action[1]
        if state["seats"][seat]["posts_left"] <= 0:
            raise IllegalMove("ame.err.no_posts")
        for i in range(SHIPS):
            if not turn["posted"][i] and cell in I.post_squares_for_ship(state, seat, i):
                turn["posted"][i] = True
                I.found_post(state, seat, cell, notes)
                return
        options = post_options(state, seat)
        if options:
            raise IllegalMove("ame.err.no_anchor_options", cell=cell, options=list(options))
        raise IllegalMove("ame.err.no_anchor", cell=cell)
    raise IllegalMove("ame.err.sailing")


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
            if n > 0 and (d in geo["frame_set"] or d not in taken)}


def can_sail(state, seat, i) -> bool:
    """Whether ship ``i`` has a destination (``ship_destinations`` not empty): the same sea search,
    left at the first place it may end on (a prompt asks this after every move)."""
    turn = state["turn"]
    ships = state["ships"][seat]
    geo = R.geometry(state)
    reach = turn["budget"] - turn["moved"][i] + state["seats"][seat]["coins"]
    if reach <= 0:
        return False
    frame, graph, start = geo["frame_set"], geo["graph"], ships[i]
    taken = {loc for s in range(state["players"]) for j, loc in enumerate(state["ships"][s])
             if (s, j) != (seat, i)}
    dist = {start: 0}
    todo = deque([start])
    while todo:
        cur = todo.popleft()
        if dist[cur] >= reach:
            continue
        for nb in graph[cur]:
            if nb not in dist:
                if nb in frame or nb not in taken:
                    return True
                dist[nb] = dist[cur] + 1
                todo.append(nb)
    return False


def frame_space(state, token: str) -> str:
    """The frame node a ``place``/``ship`` token names in this game: ``rim3``, or
    ``F3`` in a version-1 game. ``place F3`` (the old name) is the frame space
    in every game, since ``place`` names nothing else; ``ship 1 F3`` stays the
    square (the caller only maps ``rim`` tokens)."""
    n = B.frame_number(token) or B.old_frame_number(token)
    return B.frame_name(n - 1, R.legacy_frame(state)) if n else token


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
        raise IllegalMove("ame.err.planning")
    shape = action[1]
    p = state["seats"][seat]
    if head == "n":
        if turn["neutral"] >= neutral_limit(state, seat):
            raise IllegalMove("ame.err.neutral_limit")
        if state["neutral"].get(shape, 0) <= 0:
            raise IllegalMove("ame.err.no_neutral", shape=shape)
        short = R.pay(state, seat, turn, len(SHAPES[shape]), msg("ame.what.tile", kind=msg("ame.kind.n"), shape=shape))
        state["neutral"][shape] -= 1
        turn["neutral"] += 1
        p["hand_n"][shape] = p["hand_n"].get(shape, 0) + 1
        notes.append(msg("ame.ev.plan", who=Msgs.seat(seat), kind=msg("ame.kind.n"), shape=Msgs.shape(shape),
                         paid=R.spent_note(short)))
    else:
        if p["village"].get(shape, 0) <= 0:
            left = [s for s, n in p["village"].items() if n]
            raise IllegalMove("ame.err.no_village", shape=shape, left=list(left) or msg("core.none"))
        short = R.pay(state, seat, turn, VILLAGE_COST, msg("ame.what.tile", kind=msg("ame.kind.v"), shape=shape))
        p["village"][shape] -= 1
        p["hand_v"][shape] = p["hand_v"].get(shape, 0) + 1
        notes.append(msg("ame.ev.plan", who=Msgs.seat(seat), kind=msg("ame.kind.v"), shape=Msgs.shape(shape),
                         paid=R.spent_note(short)))


# --- build ----------------------------------------------------------------------------
def _build(state, seat, turn, action, notes):
    head = action[0]
    if head not in ("n", "v") or len(action) < 3:
        raise IllegalMove("ame.err.building")
    shape, cells = action[1], action[2:]
    p = state["seats"][seat]
    hand = p["hand_n"] if head == "n" else p["hand_v"]
    what = msg(f"ame.kind.{head}")
    if hand.get(shape, 0) <= 0:
        have = [f"{head} {s}" for s, n in hand.items() if n]
        raise IllegalMove("ame.err.not_planned", kind=what, shape=shape, have=list(have) or msg("core.none"))
    if len(cells) != len(SHAPES[shape]) or len(set(cells)) != len(cells):
        raise IllegalMove("ame.err.covers", shape=shape, n=len(SHAPES[shape]))
    key = tuple(sorted(cells, key=B.parse_cell))
    if key not in I.placements(state, seat, shape):
        raise IllegalMove("ame.err.placement", shape=shape, cells=" ".join(cells))
    cost = len(SHAPES[shape]) if head == "n" else VILLAGE_COST
    short = R.pay(state, seat, turn, cost, msg("ame.what.tile", kind=what, shape=shape))
    hand[shape] -= 1
    I.place_tile(state, seat, head, shape, key, notes, paid=R.spent_note(short))


# --- produce ------------------------------------------------------------------------------
def _produce(state, seat, turn, action, notes):
    if action[0] != "buy":
        raise IllegalMove("ame.err.producing")
    tile = action[1]
    display = state["prod"]["display"]
    if tile not in display:
        raise IllegalMove("ame.err.not_displayed", tile=tile, shown=sorted(set(display)) or msg("core.none"))
    cost = int(tile[-1])
    short = R.pay(state, seat, turn, cost, tile)
    display.remove(tile)
    good = tile[:-1]
    prod = state["seats"][seat]["production"]
    prod[good] = prod.get(good, 0) + 1
    notes.append(msg("ame.ev.buy", who=Msgs.seat(seat), tile=Msgs.production(tile), paid=R.spent_note(short)))


#: the verbs at the top of a turn: verb -> its function (True: the turn ends with it)
HANDLERS = {"coins": _coins, "vp": _vp, "cannon": _track, "develop": _track, "order": _track, "first": _first,
            **{action: _multi for action in R.MULTI_STEP}}
#: the steps inside a multi-step action: action -> its function
STEPS = {"sail": _sail, "plan": _plan, "build": _build, "produce": _produce}
