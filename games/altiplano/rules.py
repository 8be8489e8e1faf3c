"""Altiplano state and the round flow: set-up, drafting, drawing, planning,
round end and game end. The action phase lives in ``actions.py``.

State is a plain dict. Phases: ``draft`` (optional role draft), ``missions``
(optional mission deal), ``plan`` (simultaneous and secret: each seat may
first return old tiles, then draws, then plans and says done), ``act`` (turn
order, one action per turn), ``final`` (the end-game storing extension),
``over``.

Where the seed write-up is silent we DECIDED (numbers are in ``data.py``):
- a tile may be planned only on a location one of whose actions can use it;
- the wildcard extension's tile serves the basic actions of any location;
  a location's own tiles are used before it;
- a corn that no warehouse row can take goes to the crate;
- corn kept on the corn extension is stored later by an action at the
  village (``use e21 2``);
- the market sale (``market sell``) returns the sold tiles to the box;
- the road's rewards after its second step alternate: a planning space, a
  corn, ... (the first two are published);
- missions are revealed when fulfilled, all of them at the end; "first to"
  missions go to the first player in the whole game to do it, "most" ones
  to every player tied for most (at least one tile);
- tiles drawn for the end-game storing extension that are not stored go to
  the crate (they still score);
- the first ``move`` of the game only places the pawn and costs nothing.
"""

from __future__ import annotations

from games.core import Event, IllegalMove, Rng, msg, new_rng
from games.core.notation import excerpt

from . import messages as M
from . import warehouse as wh
from .data import (
    BOATS,
    CAPACITY,
    CARTS,
    EXTENSIONS,
    FINAL_STORE_DRAW,
    GOODS,
    HOUSES,
    KINDS,
    LOCATIONS,
    MISSIONS,
    ORDERS,
    ORDERS_REMOVED,
    ROAD_MAX,
    ROAD_START,
    ROLES,
    STRIP_SIZE,
    SUPPLY,
)
from .scoring import final_scores, running_breakdown

#: goods worth placing at each location (what its basic actions can use)
USEFUL = {
    "farm": ("alpaca", "food", "wool"),
    "forest": ("food", "cacao"),
    "mine": ("food", "ore"),
    "harbor": ("fish", "food", "wood"),
    "village": tuple(g for g in GOODS if g != "food"),
    "road": ("wood", "stone"),
    "market": tuple(g for g in GOODS if g not in ("food", "corn")),
    "move": ("food",),
}

#: which location's supply is emptied when its stock is gone
LOCATION_STOCK = {
    "farm": ("alpaca", "wool", "cloth"), "forest": ("wood", "cacao"),
    "mine": ("stone", "ore", "silver"), "harbor": ("fish",), "village": (),
    "road": ("corn",), "market": ("glass",),
}


# --- set-up -------------------------------------------------------------

def new_player() -> dict:
    return {
        "role": None, "exts": [], "coins": 0, "bag": [], "crate": [],
        "slots": [None] * ROAD_MAX, "road": ROAD_START, "road_steps": 0,
        "spaces": {}, "space_coins": {}, "added": [], "coins_added": [], "returned": [],
        "carts": 1, "carts_used": 0, "cart_bought": False, "ext_bought": False,
        "pawn": None, "passed": False, "stage": None, "swap_used": False,
        "warehouse": wh.new_warehouse(), "order": None, "done_orders": [],
        "houses": [], "boats": [], "missions": [], "mission_hand": [],
        "mission_in": [], "revealed": [], "corn_due": 0, "corn_keep": False,
        "final_draw": [],
    }


def setup_state(players: int, seed: int, options: dict) -> dict:
    rng = new_rng(seed)
    r = Rng(rng)
    idx = players - 2
    supply = {g: SUPPLY[g][idx] for g in GOODS}
    orders = r.shuffled(sorted(ORDERS))[ORDERS_REMOVED[players]:]
    stack = []
    for letter in "ABCD":
        tiles = [e for e, (st, mn, _k, _c) in sorted(EXTENSIONS.items()) if st == letter and mn <= players]
        stack += r.shuffled(tiles)
    state = {
        "players": players, "options": options, "rng": rng,
        "ring": r.shuffled(LOCATIONS),
        "supply": supply, "carts": CARTS[players] - players, "box": {},
        "houses": sorted(HOUSES), "boats": sorted(BOATS), "orders": sorted(orders),
        "stack": stack, "strip": [None] * STRIP_SIZE, "bought": False,
        "round": 0, "phase": "setup", "start": 0, "turn": 0, "pending": None,
        "final_queue": [], "final_drawn": [], "firsts": {"row": None, "fishrow": None, "order": None, "house": None},
        "roles_open": [], "draft_order": [], "end_reason": "", "last": [],
        "seats": [new_player() for _ in range(players)],
    }
    refill_strip(state)
    if options.get("roles") == "draft":
        state["roles_open"] = sorted(ROLES)
        state["draft_order"] = list(range(players - 1, -1, -1))
        state["phase"] = "draft"
    else:
        for seat, role in enumerate(r.sample(sorted(ROLES), players)):
            give_role(state, seat, role)
        after_roles(state)
    return state


def give_role(state: dict, seat: int, role: str) -> None:
    p = state["seats"][seat]
    p["role"] = role
    p["coins"] += ROLES[role]["coins"]
    for g in ROLES[role]["goods"]:
        take_supply(state, g)
        p["bag"].append(g)
    p["bag"].sort()


def after_roles(state: dict) -> list[Event]:
    """Roles are out: deal missions (variant) or start round 1."""
    if state["options"].get("missions"):
        cards = Rng(state["rng"]).shuffled(sorted(MISSIONS))
        for seat, p in enumerate(state["seats"]):
            p["mission_hand"] = sorted(cards[3 * seat: 3 * seat + 3])
            p["stage"] = "keep"
        state["phase"] = "missions"
        return [Event(msg("alt.ev.dealt"), kind="info")]
    return start_round(state)


def after_roles_missions_done(state: dict) -> list[Event]:
    """Missions are chosen: the first round starts."""
    return start_round(state)


def take_supply(state: dict, good: str, n: int = 1) -> int:
    """Take up to n tiles of a good from its supply; returns how many."""
    got = min(n, state["supply"][good])
    state["supply"][good] -= got
    return got


def refill_strip(state: dict) -> bool:
    """Slide tiles down to the cheap end and refill from the stack. False if
    a slot stayed empty (the game-end trigger)."""
    tiles = [t for t in state["strip"] if t]
    while len(tiles) < STRIP_SIZE and state["stack"]:
        tiles.append(state["stack"].pop(0))
    state["strip"] = tiles + [None] * (STRIP_SIZE - len(tiles))
    return len(tiles) == STRIP_SIZE


# --- small helpers ----------------------------------------------------

def kind_of(space: str) -> str | None:
    """The extension kind of an extension id (None for locations etc.)."""
    if space in EXTENSIONS:
        return EXTENSIONS[space][2]
    return None


def owned_kinds(p: dict) -> set[str]:
    kinds = {EXTENSIONS[e][2] for e in p["exts"]}
    return kinds


def owns(p: dict, kind: str) -> str | None:
    for e in p["exts"]:
        if EXTENSIONS[e][2] == kind:
            return e
    return None


def space_kind(p: dict, space: str) -> str | None:
    if space == "role":
        return ROLES[p["role"]]["kind"] if p["role"] else None
    return kind_of(space)


def can_hold(p: dict, space: str, good: str) -> bool:
    """May this good be planned onto this space now (room and use)?"""
    here = p["spaces"].get(space, [])
    if space in USEFUL:
        room = capacity(p, space) - len(here) - (p["space_coins"].get(space, 0) if space == "move" else 0)
        return good in USEFUL[space] and room > 0
    if space != "role" and space not in p["exts"]:
        return False
    kind = space_kind(p, space)
    spec = KINDS.get(kind, {})
    if kind == "wild":
        return len(here) < 1
    need = spec.get("need")
    return bool(need) and here.count(good) < need.get(good, 0)


def capacity(p: dict, space: str) -> int:
    """Tiles a location's action space holds (the village extension adds 2)."""
    extra = sum(KINDS[k].get("extra", 0) for k in owned_kinds(p) if KINDS[k].get("loc") == space)
    return CAPACITY[space] + extra


def road_steps(p: dict) -> int:
    """Steps built on the road (a game saved before steps were counted: one
    step per planning space gained)."""
    return p.get("road_steps", p["road"] - ROAD_START)


def plan_spaces(p: dict) -> list[str]:
    """Spaces a tile may be planned onto for this player."""
    out = list(LOCATIONS) + ["move"]
    if p["role"]:
        out.append("role")
    for e in p["exts"]:
        k = EXTENSIONS[e][2]
        if "need" in KINDS[k] or k == "wild":
            out.append(e)
    return out


def coin_spaces(p: dict) -> list[str]:
    out = []
    if p["role"] and "coins" in KINDS[ROLES[p["role"]]["kind"]]:
        out.append("role")
    for e in p["exts"]:
        if "coins" in KINDS[EXTENSIONS[e][2]]:
            out.append(e)
    if owns(p, "coin-move"):
        out.append("move")
    return out


def coin_room(p: dict, space: str) -> int:
    have = p["space_coins"].get(space, 0)
    if space == "move":
        return CAPACITY["move"] - len(p["spaces"].get("move", [])) - have
    return KINDS[space_kind(p, space)]["coins"] - have


def free_slots(p: dict) -> list[int]:
    return [i for i in range(p["road"]) if p["slots"][i] is None]


def slot_goods(p: dict) -> list[str]:
    return [g for g in p["slots"] if g]


def returnable(p: dict) -> bool:
    """Anything the player could take back before drawing?"""
    tiles = any(v for k, v in p["spaces"].items() if space_kind(p, k) != "corn-store")
    return (tiles and bool(free_slots(p))) or any(p["space_coins"].values())


def draw_tiles(state: dict, seat: int, n: int) -> list[str]:
    """Draw n tiles from the bag, refilling it from the crate only when empty."""
    p = state["seats"][seat]
    got = []
    r = Rng(state["rng"])
    while len(got) < n:
        if not p["bag"]:
            if not p["crate"]:
                break
            p["bag"], p["crate"] = sorted(p["crate"]), []
        got.append(p["bag"].pop(r.randint(0, len(p["bag"]) - 1)))
    return got


def draw_into_slots(state: dict, seat: int) -> list[str]:
    p = state["seats"][seat]
    free = free_slots(p)
    got = draw_tiles(state, seat, len(free))
    for i, g in zip(free, got):
        p["slots"][i] = g
    p["stage"] = "plan"
    return got


# --- rounds -------------------------------------------------------------

def start_round(state: dict) -> list[Event]:
    state["round"] += 1
    state["phase"] = "plan"
    state["bought"] = False
    events = [Event(msg("alt.ev.round", round=state["round"], who=M.seat(state["start"])),
                    kind="round")]
    for seat, p in enumerate(state["seats"]):
        p.update(passed=False, swap_used=False, added=[], coins_added=[], returned=[],
                 carts_used=0, cart_bought=False, ext_bought=False)
        if returnable(p):
            p["stage"] = "prep"
        else:
            draw_into_slots(state, seat)
        # what the table saw when planning began: bag and crate sizes (and so
        # the running score) move with secret steps
        p["shown"] = {"bag": len(p["bag"]), "crate": len(p["crate"]),
                      "score_parts": running_breakdown(state, seat)}
    return events


def plan_msg(p: dict):
    """What a seat planned this round, as a message (goods and locations worded in the reader's language)."""
    parts: dict[str, list] = {}
    for space, good in p["added"]:
        parts.setdefault(space, []).append(M.good(good))
    for space, n in p["coins_added"]:
        parts.setdefault(space, []).append(msg("alt.coins", n=n))
    back = [msg("alt.from", good=M.good(good), space=M.space(s)) for s, good in p["returned"]]
    if not parts and not back:
        return msg("alt.nothing_new")
    text = M.chain([msg("alt.on", space=M.space(s), goods=M.chain(v, "alt.list")) for s, v in parts.items()],
                   "alt.semi") if parts else msg("alt.nothing_new")
    if back:
        text = msg("alt.took_back", plan=text, back=back)
    return text


def reveal(state: dict) -> list[Event]:
    """Everyone is done: show the plans and start the action phase."""
    events = []
    for seat, p in enumerate(state["seats"]):
        plan = plan_msg(p)
        told = (msg("alt.ev.planned_nothing", who=M.seat(seat)) if plan.key == "alt.nothing_new"
                else msg("alt.ev.planned", who=M.seat(seat), plan=plan))
        events.append(Event(told, seat=seat, kind="reveal", barrier=True))
        p["added"], p["coins_added"], p["returned"] = [], [], []
        p["stage"] = None
    state["phase"] = "act"
    state["turn"] = state["start"]
    events.append(Event(msg("alt.ev.action_phase", who=M.seat(state["start"])), kind="phase"))
    return events


def next_turn(state: dict) -> list[Event]:
    """Hand the turn on clockwise to the next seat still in the round."""
    n = state["players"]
    for k in range(1, n + 1):
        s = (state["turn"] + k) % n
        if not state["seats"][s]["passed"]:
            state["turn"] = s
            return []
    return end_round(state)


def location_empty(state: dict, loc: str) -> bool:
    stock = sum(state["supply"][g] for g in LOCATION_STOCK[loc])
    if loc == "harbor":
        stock += len(state["boats"])
    if loc == "village":
        stock += len(state["houses"]) + state["carts"]
    if loc == "market":
        stock += len(state["orders"])
    return stock == 0


def end_round(state: dict) -> list[Event]:
    events = []
    n = state["players"]
    if not state["bought"] and state["strip"][0]:
        gone = state["strip"][0]
        state["strip"][0] = None
        events.append(Event(msg("alt.ev.ext_leaves", ext=gone.upper()), kind="round"))
    full = refill_strip(state)
    empty = [loc for loc in LOCATIONS if location_empty(state, loc)]
    state["start"] = (state["start"] + 1) % n
    if state.get("last_round"):
        events.append(Event(msg("alt.ev.extra_over"), kind="end", barrier=True))
        return events + start_final(state)
    if empty or not full:
        state["end_reason"] = (f"{', '.join(empty)} ran out" if empty else "the extension strip cannot be refilled")
        reason = (msg("alt.reason.ran_out", spaces=[M.space(e) for e in empty]) if empty
                  else msg("alt.reason.strip"))
        if state["options"].get("extra_round"):
            # the published rule (table option): one more full round after the trigger round
            state["last_round"] = True
            events.append(Event(msg("alt.ev.end_triggered", reason=reason),
                                kind="end", barrier=True))
            return events + start_round(state)
        events.append(Event(msg("alt.ev.game_ends", reason=reason), kind="end", barrier=True))
        return events + start_final(state)
    return events + start_round(state)


# --- game end ---------------------------------------------------------

def start_final(state: dict) -> list[Event]:
    """The end-game storing extension: its owner draws 10 and stores."""
    state["phase"] = "final"
    state["final_queue"] = [s for s, p in enumerate(state["seats"]) if owns(p, "final-store")]
    return next_final(state)


def next_final(state: dict) -> list[Event]:
    while state["final_queue"]:
        seat = state["final_queue"][0]
        p = state["seats"][seat]
        drawn = state.setdefault("final_drawn", [])
        # one draw of ten per owner, even if all ten fit (a game saved before
        # ``final_drawn`` existed already holds its draw in ``final_draw``)
        if seat not in drawn and not p["final_draw"]:
            drawn.append(seat)
            p["final_draw"] = draw_tiles(state, seat, FINAL_STORE_DRAW)
            ev = Event(msg("alt.ev.final_draw", who=M.seat(seat), goods=M.goods(p["final_draw"])),
                       seat=seat, kind="final", barrier=True)
            if final_options(p):
                return [ev]
        if seat not in drawn:
            drawn.append(seat)
        if final_options(p):
            return []
        p["crate"] += p["final_draw"]
        p["final_draw"] = []
        state["final_queue"].pop(0)
    return finish_game(state)


def finish_game(state: dict) -> list[Event]:
    """The game is over: final scores, every mission revealed."""
    state["phase"] = "over"
    state["pending"] = None
    scores, _breakdown = final_scores(state)
    for p in state["seats"]:
        p["revealed"] = list(p["missions"])
    text = [msg("alt.score", who=M.seat(s), n=v) for s, v in enumerate(scores)]
    return [Event(msg("alt.ev.final", scores=text), kind="end", barrier=True)]


def final_options(p: dict) -> list[tuple[str, int]]:
    out = []
    for g in sorted(set(p["final_draw"])):
        for row in wh.targets(p["warehouse"], g, allow_new=False):
            out.append((g, row))
    return out


# --- helpers used by the planning handlers -----------------------------

def check_space_name(p: dict, space: str) -> None:
    if space in LOCATIONS or space == "move":
        return
    if space == "role" and p["role"]:
        return
    if space in p["exts"]:
        return
    raise IllegalMove("alt.err.no_space", space=excerpt(space), spaces=list(plan_spaces(p)))
