"""West of Africa state and transitions.

A round is: every seat chooses cards in secret (phase ``choose``); the
totals fix the turn order; each seat in turn plays its actions one command
at a time and ends with ``done`` (phase ``actions``); then the round end
runs by itself (richest bonus, harvest, mayors, mayor points, refill).

Within a turn each action card is one action: commands of the same verb
continue it (``move`` a step at a time, ``farm`` one island at a time), and
a command of another verb closes it for good, because the rules want one
action finished before the next begins. ``ship`` is a whole action in one
command, since the bumping it causes is resolved when the ship stops.
"""

from __future__ import annotations

from games.core import Event, IllegalMove, Rng, msg, new_rng

from . import data
from . import messages as M
from .data import CARD_NUMBERS, CROPS, ISLANDS, PLOTS
from .scoring import final_scores, tie_key

VERB_CARD = {"move": "workers", "farm": "farm", "sell": "sell", "build": "build", "ship": "ship"}
VERB_NAME = {"move": "move workers", "farm": "cultivate", "sell": "sell", "build": "found settlement",
             "ship": "move ship"}


# --------------------------------------------------------------------- setup
def setup(players: int, seed: int, options: dict) -> dict:
    rng = new_rng(seed)
    state = {
        "players": players,
        "options": options,
        "rng": rng,
        "round": 1,
        "phase": "choose",
        "coins": [data.START_COINS] * players,
        "stamp": [0] * players,
        "stamp_next": players,
        "points": [0] * players,
        "breakdown": [{"settlements": 0, "richest": 0, "mayors": 0} for _ in range(players)],
        "minus": [1] * players,
        "choice": [None] * players,
        "totals": [None] * players,
        "order": list(range(players)),
        "turn_idx": 0,
        "revealed": [False] * players,
        "workers": [["west", "west", "east"] for _ in range(players)],
        "ships": [None] * players,
        "supply": [dict(data.CROP_SUPPLY) for _ in range(players)],
        "plots": {isl: [None] * len(PLOTS[isl]) for isl in data.ISLAND_KEYS},
        "warehouses": {isl: [dict.fromkeys(CROPS, 0) for _ in range(players)] for isl in data.ISLAND_KEYS},
        "mayors": dict.fromkeys(data.ISLAND_KEYS),
        "track": data.track_size(players),
        "turn": None,
        "pending": None,
        "final_round": None,
        "over": False,
        "last": [],
        "highlight": [],
    }
    # Coin markers share space 15 in random order: the stamp is arrival order.
    for rank, seat in enumerate(Rng(rng).shuffled(range(players))):
        state["stamp"][seat] = rank
    blockers = data.DESIGNED["blockers_per_island"][players]
    for isl in ("tenerife", "canaria", "fuerteventura", "lanzarote"):
        sixes = [i for i, p in enumerate(PLOTS[isl]) if p[0] == "site" and p[1] == 6]
        for i in sixes[:blockers]:
            state["plots"][isl][i] = {"house": -1}
    return state


# ------------------------------------------------------------------ helpers
def coin_rank(state) -> list[int]:
    """Seats best first on the coin track: more coins, then earlier arrival."""
    return sorted(range(state["players"]), key=lambda s: (-state["coins"][s], state["stamp"][s]))


def set_coins(state, seat: int, value: int) -> None:
    """Move a coin marker: it lands below markers already on that space."""
    value = max(0, min(data.COIN_CAP, value))
    if value != state["coins"][seat]:
        state["coins"][seat] = value
        state["stamp"][seat] = state["stamp_next"]
        state["stamp_next"] += 1


def add_points(state, seat: int, n: int, category: str) -> None:
    state["points"][seat] += n
    state["breakdown"][seat][category] += n


def houses_on_islands(state) -> int:
    return sum(1 for plots in state["plots"].values() for p in plots if p and "house" in p)


def house_supply(state, built: int | None = None) -> int:
    """Houses left to build (``built``: ``houses_on_islands``, when the caller counted them)."""
    return data.TOTAL_HOUSES - (houses_on_islands(state) if built is None else built) - state["track"]


def ships_at(state, island: str) -> list[int]:
    return [s for s in range(state["players"]) if state["ships"][s] == island]


def free_berth(state, island: str) -> bool:
    return len(ships_at(state, island)) < data.berths(island, state["players"])


def current_seat(state) -> int | None:
    if state["phase"] != "actions":
        return None
    return state["order"][state["turn_idx"]]


def iname(island: str) -> str:
    return ISLANDS[island][0]


def count(items) -> dict:
    out = dict.fromkeys(CROPS, 0)
    for c in items:
        out[c] += 1
    return out


def influence(state, island: str, workers: list[int] | None = None) -> list[int]:
    """Each seat's influence on an island (``workers``: each seat's workers there, when the
    caller counted them)."""
    stores, ships, weights = state["warehouses"][island], state["ships"], data.INFLUENCE
    out = []
    for s in range(state["players"]):
        n = sum(stores[s].values()) * weights["crop"]
        n += (state["workers"][s].count(island) if workers is None else workers[s]) * weights["worker"]
        if ships[s] == island:
            n += weights["ship"]
        out.append(n)
    return out


# ------------------------------------------------------------ availability
def has_card(state, seat, card) -> bool:
    return card in (state["choice"][seat] or [])


def chosen_islands(state, seat) -> list[str]:
    return [c for c in (state["choice"][seat] or []) if c in ISLANDS]


def verb_open(state, seat, verb) -> bool:
    """The action card is chosen and its action not yet closed this turn."""
    turn = state["turn"]
    return has_card(state, seat, VERB_CARD[verb]) and verb not in turn["closed"]


def farm_plot(state, island, token) -> int | None:
    """Index of the empty plot a crop token goes to (plain fields first)."""
    dual_only = token.startswith("dual-")
    crop = token[5:] if dual_only else token
    plots = PLOTS[island]
    order = ("dual",) if dual_only else ("field", "dual")
    for kind in order:
        for i, p in enumerate(plots):
            if p[0] == kind and p[1] == crop and state["plots"][island][i] is None:
                return i
    return None


def site_plot(state, island, token) -> int | None:
    """Index of the empty house space a cost token names (plain sites first)."""
    dual_only = token.startswith("dual-")
    cost = int(token[5:] if dual_only else token)
    plots = PLOTS[island]
    order = ("dual",) if dual_only else ("site", "dual")
    for kind in order:
        for i, p in enumerate(plots):
            if p[0] == kind and p[-1] == cost and state["plots"][island][i] is None:
                return i
    return None


def can_farm_somewhere(state, seat) -> bool:
    for isl in chosen_islands(state, seat):
        helpers = min(data.FARM_COST, state["workers"][seat].count(isl))
        if max(0, data.FARM_COST - helpers) > state["coins"][seat]:
            continue
        for c in CROPS:
            if state["supply"][seat][c] and farm_plot(state, isl, c) is not None:
                return True
    return False


def can_sell_somewhere(state, seat) -> bool:
    return any(sum(state["warehouses"][isl][seat].values()) for isl in chosen_islands(state, seat))


def can_build_somewhere(state, seat) -> bool:
    if state["round"] == 1 or state["track"] <= 0:
        return False
    for isl in chosen_islands(state, seat):
        if state["mayors"][isl] != seat:
            continue
        for i, p in enumerate(PLOTS[isl]):
            if p[0] in ("site", "dual") and state["plots"][isl][i] is None and p[-1] <= state["coins"][seat]:
                return True
    return False


def available_verbs(state, seat) -> list[str]:
    """Verbs with at least one legal command for the seat on turn now."""
    if state["pending"]:
        return ["retreat"] if state["pending"]["seat"] == seat else []
    if current_seat(state) != seat:
        return []
    if state["ships"][seat] is None:
        return ["place"]
    out = []
    turn = state["turn"]
    if verb_open(state, seat, "move") and turn["ap"] > 0:
        out.append("move")
    if verb_open(state, seat, "farm") and can_farm_somewhere(state, seat):
        out.append("farm")
    if verb_open(state, seat, "sell") and can_sell_somewhere(state, seat):
        out.append("sell")
    if verb_open(state, seat, "build") and can_build_somewhere(state, seat):
        out.append("build")
    if verb_open(state, seat, "ship"):
        out.append("ship")
    return out


# ----------------------------------------------------------------- phases
def choose(state, seat, cards: list[str]) -> list[Event]:
    if state["phase"] != "choose":
        raise IllegalMove("woa.err.cards_now")
    if state["choice"][seat] is not None:
        raise IllegalMove("woa.err.chosen")
    if not 1 <= len(cards) <= 5:
        raise IllegalMove("woa.err.card_count", n=len(cards))
    fixed = [c for c in cards if c != "minus"]
    if len(set(fixed)) != len(fixed):
        raise IllegalMove("woa.err.card_twice")
    if cards.count("minus") > state["minus"][seat]:
        raise IllegalMove("woa.err.minus_count", have=state["minus"][seat], n=cards.count("minus"))
    if len(cards) == 5 and state["coins"][seat] < data.FIFTH_CARD_COST:
        raise IllegalMove("woa.err.fifth_card", cost=data.FIFTH_CARD_COST, coins=state["coins"][seat])
    state["choice"][seat] = sorted(cards, key=data.CARDS.index)
    total = sum(CARD_NUMBERS[c] for c in cards)
    names = [M.card(c) for c in state["choice"][seat]]
    events = [Event(msg("woa.ev.chosen", who=M.seat(seat)), seat=seat, kind="secret",
                    private=msg("woa.ev.you_chose", cards=names, total=total))]
    if all(c is not None for c in state["choice"]):
        events += reveal_totals(state)
    return events


def reveal_totals(state) -> list[Event]:
    n = state["players"]
    events = []
    # Everyone pays at once: markers leaving the same space keep their order.
    for s in coin_rank(state):
        if len(state["choice"][s]) == 5:
            set_coins(state, s, state["coins"][s] - data.FIFTH_CARD_COST)
            events.append(Event(msg("woa.ev.fifth_card", who=M.seat(s), cost=M.coins(data.FIFTH_CARD_COST)), seat=s))
        state["totals"][s] = sum(CARD_NUMBERS[c] for c in state["choice"][s])
    rank = coin_rank(state)
    state["order"] = sorted(range(n), key=lambda s: (state["totals"][s], rank.index(s)))
    totals = [msg("woa.ev.total", who=M.seat(s), total=state["totals"][s]) for s in range(n)]
    order = [M.seat(s) for s in state["order"]]
    events.append(Event(msg("woa.ev.totals", round=state["round"], totals=totals, order=order),
                        kind="reveal", barrier=True))
    state["phase"] = "actions"
    state["turn_idx"] = 0
    return events + begin_turn(state)


def begin_turn(state) -> list[Event]:
    seat = current_seat(state)
    state["turn"] = {"closed": [], "current": None, "ap": data.WORKER_AP}
    state["revealed"][seat] = True
    names = [M.card(c) for c in state["choice"][seat]]
    events = [Event(msg("woa.ev.reveals", who=M.seat(seat), cards=names), seat=seat, kind="reveal", barrier=True)]
    if not available_verbs(state, seat):
        events.append(Event(msg("woa.ev.nothing_to_do", who=M.seat(seat)), seat=seat))
        events += end_turn(state)
    return events


def end_turn(state) -> list[Event]:
    seat = current_seat(state)
    events = []
    k = state["choice"][seat].count("minus")
    if k:
        left = (seat + data.DESIGNED["left_neighbour_offset"]) % state["players"]
        state["minus"][seat] -= k
        state["minus"][left] += k
        events.append(Event(msg("woa.ev.minus", who=M.seat(seat), n=k, to=M.seat(left)), seat=seat))
    state["turn"] = None
    state["turn_idx"] += 1
    if state["turn_idx"] >= state["players"]:
        return events + round_end(state)
    return events + begin_turn(state)


def close_other_actions(state, verb: str) -> None:
    turn = state["turn"]
    if turn["current"] and turn["current"] != verb:
        turn["closed"].append(turn["current"])
    turn["current"] = verb


def after_command(state, seat) -> list[Event]:
    """A turn with nothing left to do ends by itself."""
    if state["pending"] is None and current_seat(state) == seat and not available_verbs(state, seat):
        return [Event(msg("woa.ev.done", who=M.seat(seat)), seat=seat)] + end_turn(state)
    return []


# ------------------------------------------------------------------- round end
def round_end(state) -> list[Event]:
    n = state["players"]
    events = []
    rank = coin_rank(state)
    for s in rank[: (1 if n == 2 else 2)]:
        add_points(state, s, 1, "richest")
    richest = M.both([M.seat(s) for s in rank[: (1 if n == 2 else 2)]])
    events.append(Event(msg("woa.ev.wealth", round=state["round"], richest=richest)))
    for isl in data.ISLAND_KEYS:
        for i, p in enumerate(state["plots"][isl]):
            if p and "crop" in p:
                state["warehouses"][isl][p["seat"]][p["crop"]] += 1
                state["plots"][isl][i] = None
    lines = []
    for isl in data.ISLAND_KEYS:
        infl = influence(state, isl)
        best = max(infl)
        if best == 0:
            state["mayors"][isl] = None
            continue
        tied = [s for s in range(n) if infl[s] == best]
        winner = max(tied, key=lambda s: tie_key(state, s))
        state["mayors"][isl] = winner
        add_points(state, winner, 1, "mayors")
        lines.append(msg("woa.ev.mayor", island=M.island(isl), who=M.seat(winner)))
    events.append(Event(msg("woa.ev.mayors", mayors=lines or msg("core.none"))))
    state["track"] = min(data.track_size(n), state["track"] + max(0, house_supply(state)))
    # game end check
    if state["final_round"] is not None and state["round"] >= state["final_round"]:
        return events + finish(state)
    if state["final_round"] is None and (
        max(state["points"]) >= data.WIN_POINTS or houses_on_islands(state) >= data.TOTAL_HOUSES
    ):
        if state["options"].get("end") == "immediate":
            return events + finish(state)
        state["final_round"] = state["round"] + 1
        events.append(Event(msg("woa.ev.end_triggered")))
    state["round"] += 1
    state["phase"] = "choose"
    state["choice"] = [None] * n
    state["totals"] = [None] * n
    state["revealed"] = [False] * n
    return events


def finish(state) -> list[Event]:
    state["phase"] = "over"
    state["over"] = True
    for s in range(state["players"]):
        state["breakdown"][s]["coins"] = state["coins"][s] // 10
    scores = final_scores(state)
    line = [msg("woa.ev.score", who=M.seat(s), score=scores[s]) for s in range(state["players"])]
    return [Event(msg("woa.ev.game_over", scores=line), kind="end")]
