"""Bruges state and transitions: set-up, the four phases of a round, game end.

A round: draw (each player in turn fills the hand to 5, one card at a time,
choosing pile A or B; cards are seen only once the drawing is done), dice
(the start player rolls; threats for 5s and 6s, disasters on the third marker;
optional reputation step priced at the sum of the 1s and 2s), actions (in
turn order one card per turn for one of six uses, 4 cards each, persons'
abilities before or after the card), end (majorities, next start player).

Decisions that interrupt the flow (a disaster's loss, a person's question)
are kept in ``state["pending"]``; the table waits for them first.
``settle`` moves the game on until somebody has to decide something.
"""

from __future__ import annotations

from games.core import Event, IllegalMove, Rng, msg, new_rng
from games.core.notation import excerpt

from . import board, effects
from . import messages as M
from .board import player, who
from .data import (
    CANALS,
    CARDS,
    COLOURS,
    HAND_SIZE,
    MAJORITIES,
    PLAYS_PER_ROUND,
    REPUTATION_MAX,
    START_MONEY,
    START_VP,
    STATUES,
    THREATS_PER_COLOUR,
)

# --- set-up -------------------------------------------------------------------


def new_player() -> dict:
    return {
        "money": START_MONEY,
        "vp": START_VP,
        "rep": 0,
        "workers": {c: 1 for c in COLOURS},
        "threats": {c: 0 for c in COLOURS},
        "hand": [],
        "drawn": [],
        "houses": [],
        "canals": {side: 0 for side in CANALS},
        "statue_canals": [],
        "statues": [],
        "majority": {m: False for m in MAJORITIES},
        "used": [],
        "plays_left": 0,
    }


def setup_state(players: int, seed: int, options: dict) -> dict:
    """Deck in five piles of 33, one pile per player shuffled into two draw
    piles, the rest kept as the reserve."""
    state = {
        "rng": new_rng(seed),
        "players": players,
        "options": options,
        "round": 1,
        "phase": "draw",
        "start": 0,
        "last_round": False,
        "last_round_next": False,
        "dice": None,
        "rep_cost": None,
        "rep_waiting": [],
        "draw_queue": [],
        "turn": None,
        "turn_played": False,
        "pending": [],
        "threat_supply": {c: THREATS_PER_COLOUR for c in COLOURS},
        "statues": list(STATUES),
        "discard": [],
        "ps": [new_player() for _ in range(players)],
        "last": [],
    }
    deck = board.shuffle(state, sorted(CARDS))
    piles = [deck[k * 33:(k + 1) * 33] for k in range(5)]
    used = [c for pile in piles[:players] for c in pile]
    used = board.shuffle(state, used)
    half = len(used) // 2
    state["piles"] = [used[:half], used[half:]]
    state["reserve"] = board.shuffle(state, [c for pile in piles[players:] for c in pile])
    state["draw_queue"] = board.order_from(state, 0)
    return state


# --- who is to move -------------------------------------------------------------


def to_move(state: dict) -> set[int]:
    if state["phase"] == "over":
        return set()
    if state["pending"]:
        return {p["seat"] for p in state["pending"]}
    phase = state["phase"]
    if phase == "draw":
        return {state["draw_queue"][0]}
    if phase == "roll":
        return {state["start"]}
    if phase == "reputation":
        return set(state["rep_waiting"])
    return {state["turn"]}


def settle(state: dict, events: list[Event]) -> None:
    """Advance automatic steps until someone must decide."""
    for _ in range(1000):
        if state["phase"] == "over":
            return
        if state["pending"]:
            if _auto_pending(state, events):
                continue
            return
        phase = state["phase"]
        if phase == "draw":
            if _draw_step(state, events):
                continue
            return
        if phase == "roll":
            return
        if phase == "reputation":
            if state["rep_waiting"]:
                return
            _start_actions(state, events)
            continue
        if phase == "actions":
            if _turn_open(state):
                return
            if not _next_turn(state):
                end_round(state, events)
            continue
    raise RuntimeError("settle did not converge")  # pragma: no cover


def _auto_pending(state: dict, events: list[Event]) -> bool:
    """Resolve pending losses with no option, or with one option when it is
    the player's only loss waiting: with two (plague and fire) the player
    picks the order, which matters (a burnt house sends its person back to
    the hand before the plague could take it)."""
    for entry in list(state["pending"]):
        if entry["kind"] == "choose":
            continue
        opts = board.loss_options(state, entry["seat"], entry["kind"])
        alone = sum(1 for e in state["pending"] if e["seat"] == entry["seat"] and e["kind"] != "choose") == 1
        if not opts or (len(opts) == 1 and alone):
            state["pending"].remove(entry)
            if opts:
                resolve_loss(state, entry["seat"], _loss_action(opts[0]), events)
            return True
    return False


def _loss_action(text: str) -> dict:
    _, what, arg = text.split()
    return {"what": what, "arg": arg if what == "canal" else int(arg)}


# --- draw phase -----------------------------------------------------------------


def _draw_step(state: dict, events: list[Event]) -> bool:
    """Skip players whose hand is full; reveal a hand once it is full."""
    queue = state["draw_queue"]
    while queue:
        seat = queue[0]
        p = player(state, seat)
        if len(p["hand"]) + len(p["drawn"]) < hand_size(state, seat) and any(state["piles"]):
            return False
        _reveal_drawn(state, seat, events)
        queue.pop(0)
    state["phase"] = "roll"
    return True


def hand_size(state: dict, seat: int) -> int:
    """Cards the draw phase fills a hand to (the Inventor adds one)."""
    return HAND_SIZE + board.mod_total(state, seat, "hand_size")


def _reveal_drawn(state: dict, seat: int, events: list[Event]) -> None:
    p = player(state, seat)
    if p["drawn"]:
        names = [msg("bru.drawn_card", id=c, name=M.card(c), colour=M.colour(CARDS[c].colour)) for c in p["drawn"]]
        events.append(Event(msg("bru.ev.has_drawn", who=M.seat(seat), n=len(p["drawn"])), seat,
                            private=msg("bru.ev.you_drew", cards=names), barrier=True))
        p["hand"].extend(p["drawn"])
        p["drawn"] = []


def do_draw(state: dict, seat: int, pile: int, events: list[Event]) -> None:
    if not state["piles"][pile]:
        other = "AB"[1 - pile]
        raise IllegalMove("bru.err.pile_empty", pile="AB"[pile], other=other)
    colour = CARDS[state["piles"][pile][-1]].colour
    first = len(events)
    cid = board.draw_card(state, seat, pile, events, during_actions=False)
    p = player(state, seat)
    p["hand"].remove(cid)
    p["drawn"].append(cid)
    # no private text: the card is seen only when the hand is full (no peeking)
    events.insert(first, Event(msg("bru.ev.draws", who=M.seat(seat), colour=M.colour(colour), pile="AB"[pile]), seat,
                               barrier=True))


# --- dice phase -------------------------------------------------------------------


def do_roll(state: dict, seat: int, events: list[Event]) -> None:
    values = Rng(state["rng"]).dice(5)
    state["dice"] = dict(zip(COLOURS, values))
    shown = [msg("bru.die", colour=M.colour(c), value=state["dice"][c]) for c in COLOURS]
    events.append(Event(msg("bru.ev.rolls", who=M.seat(seat), dice=shown), seat, kind="dice", barrier=True))
    deal_threats(state, events)
    for s in board.order_from(state, state["start"]):
        for pid in board.persons(state, s):
            _fire_round_effect(state, s, pid, events)
    start_reputation(state, events)


def deal_threats(state: dict, events: list[Event]) -> None:
    """Every 5 or 6 gives every player a marker of its colour, in turn order
    from the start player (so a short supply hits the later players)."""
    for colour, value in state["dice"].items():
        if value >= 5:
            events.append(Event(msg("bru.ev.threat_die", colour=M.colour(colour), value=value), kind="threat"))
            for s in board.order_from(state, state["start"]):
                board.give_threat(state, s, colour, events)


def _fire_round_effect(state: dict, seat: int, pid: int, events: list[Event]) -> None:
    """A permanent 'every round' person works once a round, without a cost."""
    eff = CARDS[pid].effect
    p = player(state, seat)
    if CARDS[pid].timing == "always" and "round" in eff and pid not in p["used"]:
        p["used"].append(pid)
        effects.run_ops(state, seat, eff["round"], events, CARDS[pid].name)


def rep_price(state: dict, seat: int) -> int:
    return max(0, state["rep_cost"] - board.mod_total(state, seat, "rep_discount"))


def start_reputation(state: dict, events: list[Event]) -> None:
    """Price = sum of the dice showing 1 or 2; no such die, no step."""
    low = [v for v in state["dice"].values() if v <= 2]
    state["phase"] = "reputation"
    state["rep_waiting"] = []
    if not low:
        state["rep_cost"] = None
        events.append(Event(msg("bru.ev.no_rep")))
        return
    state["rep_cost"] = sum(low)
    cost = state["rep_cost"]
    events.append(Event(msg("bru.ev.rep_cost", cost=M.guilders(cost))))
    poor = []
    for s in board.order_from(state, state["start"]):
        p = player(state, s)
        if p["rep"] >= REPUTATION_MAX:
            continue
        if rep_price(state, s) == 0:
            p["rep"] += 1
            events.append(Event(msg("bru.ev.rep_free", who=M.seat(s), rep=p["rep"]), s))
        elif p["money"] < rep_price(state, s):
            poor.append(who(s))
        else:
            state["rep_waiting"].append(s)
    if poor:  # one line for all, so a busy roll stays readable
        events.append(Event(msg("bru.ev.rep_poor", who=poor)))


def rep_problem(state: dict, seat: int) -> str | None:
    if state["phase"] != "reputation" or seat not in state["rep_waiting"]:
        return msg("bru.err.no_rep_step")
    price = rep_price(state, seat)
    if player(state, seat)["money"] < price:
        return msg("bru.err.rep_cost", price=price, money=player(state, seat)["money"])
    return None


def do_rep(state: dict, seat: int, yes: bool, events: list[Event]) -> None:
    if seat not in state["rep_waiting"]:
        raise IllegalMove("bru.err.no_rep_step")
    if yes:
        problem = rep_problem(state, seat)
        if problem:
            raise IllegalMove(problem)
        p = player(state, seat)
        price = rep_price(state, seat)
        p["money"] -= price
        p["rep"] += 1
        events.append(Event(msg("bru.ev.rep_paid", who=M.seat(seat), cost=M.guilders(price), rep=p["rep"]), seat))
    else:
        events.append(Event(msg("bru.ev.rep_skip", who=M.seat(seat)), seat))
    state["rep_waiting"].remove(seat)


# --- action phase -------------------------------------------------------------------


def _start_actions(state: dict, events: list[Event]) -> None:
    state["phase"] = "actions"
    for p in state["ps"]:
        p["plays_left"] = PLAYS_PER_ROUND
    state["turn"] = state["start"]
    state["turn_played"] = False
    if not _can_start_turn(state, state["start"]):
        _next_turn(state)


def _can_start_turn(state: dict, seat: int) -> bool:
    p = player(state, seat)
    return p["plays_left"] > 0 and bool(p["hand"])


def _turn_open(state: dict) -> bool:
    """The turn player still has something to do."""
    seat = state["turn"]
    if not state["turn_played"]:
        return _can_start_turn(state, seat)
    return bool(usable_persons(state, seat))


def _next_turn(state: dict) -> bool:
    """Pass the turn on (clockwise); False when nobody can play any more."""
    n = state["players"]
    for k in range(1, n + 1):
        seat = (state["turn"] + k) % n
        if _can_start_turn(state, seat):
            state["turn"] = seat
            state["turn_played"] = False
            return True
    return False


def usable_persons(state: dict, seat: int) -> list[int]:
    """Worker-symbol persons the player could activate right now."""
    return [pid for pid in board.persons(state, seat) if use_problem(state, seat, pid) is None]


def use_problem(state: dict, seat: int, pid: int) -> str | None:
    p = player(state, seat)
    if state["phase"] != "actions" or state["turn"] != seat or state["pending"]:
        return msg("bru.err.use_when")
    if pid not in board.persons(state, seat):
        return msg("bru.err.not_your_person", id=pid)
    card = CARDS[pid]
    if card.timing != "worker":
        return msg("bru.err.no_ability", name=M.card(pid), id=pid)
    if pid in p["used"]:
        return msg("bru.err.used", name=M.card(pid), id=pid)
    if p["workers"][card.effect["pay"]] < 1:
        return msg("bru.err.needs_worker", name=M.card(pid), id=pid, colour=M.colour(card.effect["pay"]))
    return None


def do_use(state: dict, seat: int, pid: int, events: list[Event]) -> None:
    problem = use_problem(state, seat, pid)
    if problem:
        raise IllegalMove(problem)
    card = CARDS[pid]
    p = player(state, seat)
    p["workers"][card.effect["pay"]] -= 1
    p["used"].append(pid)
    events.append(Event(msg("bru.ev.use", who=M.seat(seat), colour=M.colour(card.effect["pay"]), name=M.card(pid),
                            id=pid), seat))
    effects.run_ops(state, seat, card.effect["do"], events, card.name)


def do_end(state: dict, seat: int, events: list[Event]) -> None:
    if state["phase"] != "actions" or state["turn"] != seat:
        raise IllegalMove("bru.err.end_when")
    if not state["turn_played"]:
        raise IllegalMove("bru.err.play_first")
    events.append(Event(msg("bru.ev.end_turn", who=M.seat(seat)), seat))
    if not _next_turn(state):
        end_round(state, events)


# --- the six uses of a card -------------------------------------------------------------


def hire_price(state: dict, seat: int, cid: int) -> int:
    return max(0, CARDS[cid].cost - board.mod_total(state, seat, "hire_discount"))


def canal_sides(state: dict, seat: int, colour: str) -> list[str]:
    return [s for s in CANALS if board.canal_next(state, seat, s) == colour]


def play_problem(state: dict, seat: int, a: dict) -> str | None:
    """Why this card play is not legal now (None when it is)."""
    p = player(state, seat)
    if state["phase"] != "actions" or state["turn"] != seat or state["pending"]:
        return msg("bru.err.play_when")
    if state["turn_played"]:
        return msg("bru.err.played")
    cid = a["card"]
    if cid not in p["hand"]:
        hand = [str(c) for c in sorted(p["hand"])]
        return msg("bru.err.not_in_hand", id=excerpt(str(cid)), hand=hand)
    card = CARDS[cid]
    use = a["use"]
    if use == "threat" and p["threats"][card.colour] < 1:
        return msg("bru.err.no_threat", colour=M.colour(card.colour))
    if use == "canal":
        return _canal_problem(state, seat, card, a.get("side"))
    if use == "house" and p["workers"][card.colour] < 1:
        return msg("bru.err.house_worker", colour=M.colour(card.colour))
    if use == "hire":
        return _hire_problem(state, seat, cid, a.get("house"))
    return None


def _canal_problem(state: dict, seat: int, card, side: str | None) -> str | None:
    sides = canal_sides(state, seat, card.colour)
    p = player(state, seat)
    if not sides:
        nexts = [msg("bru.canal_next", side=M.side(s), colour=M.colour(nxt) if (nxt := board.canal_next(state, seat, s))
                     else msg("bru.complete")) for s in CANALS]
        return msg("bru.err.canal_next", colour=M.colour(card.colour), nexts=nexts)
    if side is not None and side not in sides:
        return msg("bru.err.canal_side", side=M.side(side), colour=M.colour(card.colour), other=M.side(sides[0]))
    if side is None and len(sides) > 1:
        return msg("bru.err.canal_which", colour=M.colour(card.colour))
    side = side or sides[0]
    price = board.canal_price(state, seat, side)
    if p["money"] < price:
        return msg("bru.err.canal_cost", price=price, money=p["money"])
    return None


def _hire_problem(state: dict, seat: int, cid: int, house: int | None) -> str | None:
    p = player(state, seat)
    houses = p["houses"]
    if not houses:
        return msg("bru.err.no_house")
    price = hire_price(state, seat, cid)
    if p["money"] < price:
        return msg("bru.err.hire_cost", name=M.card(cid), price=price, money=p["money"])
    empty = [i for i, h in enumerate(houses) if h["person"] is None]
    if house is None:
        if not empty:
            return msg("bru.err.houses_full")
        return None
    if not 1 <= house <= len(houses):
        return msg("bru.err.house_range", n=len(houses))
    if houses[house - 1]["person"] is not None and empty:
        return msg("bru.err.house_empty", n=empty[0] + 1)
    return None


def do_play(state: dict, seat: int, a: dict, events: list[Event]) -> None:
    problem = play_problem(state, seat, a)
    if problem:
        raise IllegalMove(problem)
    p = player(state, seat)
    cid = a["card"]
    card = CARDS[cid]
    p["hand"].remove(cid)
    p["plays_left"] -= 1
    state["turn_played"] = True
    me = M.seat(seat)
    use = a["use"]
    label = M.card_label(cid)
    if use == "workers":
        n = 2 + board.mod_total(state, seat, "workers_bonus", card.colour)
        p["workers"][card.colour] += n
        state["discard"].append(cid)
        events.append(Event(msg("bru.ev.play_workers", who=me, card=label, n=n, colour=M.colour(card.colour)), seat))
    elif use == "money":
        n = state["dice"][card.colour] + board.mod_total(state, seat, "money_bonus", card.colour)
        p["money"] += n
        state["discard"].append(cid)
        events.append(Event(msg("bru.ev.play_money", who=me, card=label, money=M.guilders(n)), seat))
    elif use == "threat":
        vp = board.remove_threat(state, seat, card.colour, board.mod_total(state, seat, "threat_vp"))
        state["discard"].append(cid)
        events.append(Event(msg("bru.ev.play_threat", who=me, card=label, colour=M.colour(card.colour), vp=vp), seat))
    elif use == "canal":
        side = a.get("side") or canal_sides(state, seat, card.colour)[0]
        price = board.canal_price(state, seat, side)
        p["money"] -= price
        state["discard"].append(cid)
        events.append(Event(msg("bru.ev.play_canal", who=me, card=label), seat))
        board.build_canal(state, seat, side, events, paid=price)
    elif use == "house":
        p["workers"][card.colour] -= 1
        p["houses"].append({"roof": card.colour, "card": cid, "person": None})
        events.append(Event(msg("bru.ev.play_house", who=me, colour=M.colour(card.colour), n=len(p["houses"])), seat))
    else:
        _hire(state, seat, cid, a.get("house"), events)


def _hire(state: dict, seat: int, cid: int, house: int | None, events: list[Event]) -> None:
    p = player(state, seat)
    card = CARDS[cid]
    price = hire_price(state, seat, cid)
    p["money"] -= price
    if house is None:
        house = next(i for i, h in enumerate(p["houses"]) if h["person"] is None) + 1
    target = p["houses"][house - 1]
    args = {"who": M.seat(seat), "name": M.card(cid), "id": cid, "colour": M.colour(card.colour),
            "group": msg(f"bru.group.{card.group}"), "money": M.guilders(price), "house": house}
    text = msg("bru.ev.hire", **args)
    if target["person"] is not None:
        old = target["person"]
        state["discard"].append(old)
        text = msg("bru.ev.hire_replace", **args, old=M.card(old), old_id=old)
    target["person"] = cid
    events.append(Event(text, seat))
    if card.timing == "now":
        effects.run_ops(state, seat, card.effect["do"], events, card.name)
    elif card.timing == "always" and "round" in card.effect:
        _fire_round_effect(state, seat, cid, events)


# --- pending decisions -------------------------------------------------------------


def do_choose(state: dict, seat: int, option: str, events: list[Event]) -> None:
    entry = next((e for e in state["pending"] if e["seat"] == seat and e["kind"] == "choose"), None)
    if entry is None:
        raise IllegalMove("bru.err.nothing_waiting")
    still = effects.choices(state, seat, entry["op"])
    if option not in entry["options"] or (still is not None and option not in still):
        raise IllegalMove("bru.err.choose_one", label=M.label(entry["label"]), options=list(entry["options"]))
    state["pending"].remove(entry)
    effects.apply_op(state, seat, entry["op"], option, events)
    effects.run_ops(state, seat, entry["rest"], events, entry["label"])


def do_lose(state: dict, seat: int, a: dict, events: list[Event]) -> None:
    mine = [e for e in state["pending"] if e["seat"] == seat and e["kind"] != "choose"]
    text = f"lose {a['what']} {a['arg']}"
    for entry in mine:
        if text in board.loss_options(state, seat, entry["kind"]):
            state["pending"].remove(entry)
            resolve_loss(state, seat, a, events)
            return
    if not mine:
        raise IllegalMove("bru.err.nothing_to_lose")
    legal = [o for e in mine for o in board.loss_options(state, seat, e["kind"])]
    raise IllegalMove("bru.err.cannot_lose", text=excerpt(text), options=list(legal))


def resolve_loss(state: dict, seat: int, a: dict, events: list[Event]) -> None:
    if a["what"] == "person":
        board.lose_person(state, seat, a["arg"], events)
    elif a["what"] == "house":
        board.lose_house(state, seat, a["arg"] - 1, events)
    else:
        board.lose_canal(state, seat, a["arg"], events)


# --- end of round / game -------------------------------------------------------------


def majority_values(state: dict, seat: int) -> dict[str, int]:
    p = player(state, seat)
    return {
        "persons": len(board.persons(state, seat)),
        "reputation": p["rep"],
        "canals": sum(p["canals"].values()),
    }


def end_round(state: dict, events: list[Event]) -> None:
    """Majorities (a sole leader turns the marker for good), next start player,
    persons reset; then the next round or the end."""
    n = state["players"]
    values = [majority_values(state, s) for s in range(n)]
    for m in MAJORITIES:
        best = max(v[m] for v in values)
        leaders = [s for s in range(n) if values[s][m] == best]
        judges = [s for s in leaders if board.mod_total(state, s, "majority_ties")]
        if len(leaders) > 1 and len(judges) == 1:  # the Judge: a tie counts as the lead
            leaders = judges
        if len(leaders) == 1 and best > 0:
            p = player(state, leaders[0])
            if not p["majority"][m]:
                p["majority"][m] = True
                events.append(Event(msg("bru.ev.majority", who=M.seat(leaders[0]), majority=msg(f"bru.majority.{m}")),
                                    leaders[0], kind="majority"))
    for p in state["ps"]:
        p["used"] = []
        p["plays_left"] = 0
    state["turn"] = None
    state["turn_played"] = False
    if state["last_round"]:
        state["phase"] = "over"
        events.append(Event(msg("bru.ev.last_over"), kind="game_end"))
        return
    if state["last_round_next"]:
        state["last_round"] = True
        state["last_round_next"] = False
    state["start"] = (state["start"] + 1) % n
    state["round"] += 1
    state["dice"] = None
    state["rep_cost"] = None
    state["phase"] = "draw"
    state["draw_queue"] = board.order_from(state, state["start"])
    events.append(Event(msg("bru.ev.round_last" if state["last_round"] else "bru.ev.round", round=state["round"],
                            who=M.seat(state["start"])), kind="round"))
