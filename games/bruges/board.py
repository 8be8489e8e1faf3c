"""Small state primitives shared by the rules and the effect engine.

Everything here changes one player's pieces (threats, canals, houses, cards)
and reports what happened as events; nothing here decides whose turn it is.
"""

from __future__ import annotations

from games.core import Event, Rng, msg

from . import messages as M
from .data import (
    CANAL_COST,
    CANALS,
    CARDS,
    COLOURS,
    DISASTER_AT,
)


def who(seat: int) -> str:
    return "{p" + str(seat) + "}"


def coins(n: int) -> str:
    """'1 guilder', '3 guilders' for event texts."""
    return f"{n} guilder{'s' if n != 1 else ''}"


def player(state: dict, seat: int) -> dict:
    return state["ps"][seat]


def persons(state: dict, seat: int) -> list[int]:
    """Card ids of the persons in a player's houses."""
    return [h["person"] for h in player(state, seat)["houses"] if h["person"] is not None]


def mod_total(state: dict, seat: int, mod: str, colour: str | None = None) -> int:
    """Sum of ``n`` over a player's permanent persons with this modifier.

    ``colour`` filters modifiers that name a colour (``any`` always counts)."""
    total = 0
    for pid in persons(state, seat):
        eff = CARDS[pid].effect
        if CARDS[pid].timing != "always" or eff.get("mod") != mod:
            continue
        if colour is not None and eff.get("colour") not in (colour, "any"):
            continue
        total += eff.get("n", 1)
    return total


def disaster_limit(state: dict, seat: int, colour: str) -> int:
    """Markers of a colour that set off its disaster (3, or 4 with a guard)."""
    return DISASTER_AT + (1 if mod_total(state, seat, "disaster_limit", colour) else 0)


#: the persons that raise a disaster's limit while they live in a house (``mod_total``'s test)
GUARDS = frozenset(pid for pid, card in CARDS.items()
                   if card.timing == "always" and card.effect.get("mod") == "disaster_limit")


def disaster_limits(state: dict, seat: int) -> dict[str, int]:
    """``disaster_limit`` of each colour the seat has a threat track of, its persons read once
    (the board's view shows all five)."""
    guards = []
    for house in player(state, seat)["houses"]:
        pid = house["person"]
        if pid is not None and pid in GUARDS:
            effect = CARDS[pid].effect
            guards.append((effect.get("colour"), effect.get("n", 1)))
    threats = player(state, seat)["threats"]
    if not guards:  # most seats: no guard in a house
        return dict.fromkeys(threats, DISASTER_AT)
    return {c: DISASTER_AT + (1 if sum(n for on, n in guards if on in (c, "any")) else 0) for c in threats}


def order_from(state: dict, first: int) -> list[int]:
    n = state["players"]
    return [(first + k) % n for k in range(n)]


# --- threats and disasters ---------------------------------------------

def give_threat(state: dict, seat: int, colour: str, events: list[Event]) -> None:
    """One threat marker from the supply; the disaster strikes at the limit."""
    if state["threat_supply"][colour] <= 0:
        events.append(Event(msg("bru.ev.no_threat_left", colour=M.colour(colour), who=who(seat)), seat))
        return
    state["threat_supply"][colour] -= 1
    p = player(state, seat)
    p["threats"][colour] += 1
    if p["threats"][colour] >= disaster_limit(state, seat, colour):
        disaster(state, seat, colour, events)


def remove_threat(state: dict, seat: int, colour: str, extra_vp: int = 0) -> int:
    """Discard one marker for 1 VP (+ ``extra_vp``); returns the VP scored."""
    p = player(state, seat)
    p["threats"][colour] -= 1
    state["threat_supply"][colour] += 1
    p["vp"] += 1 + extra_vp
    return 1 + extra_vp


def disaster(state: dict, seat: int, colour: str, events: list[Event]) -> None:
    """Return the colour's markers and apply its penalty (choices become pending)."""
    p = player(state, seat)
    state["threat_supply"][colour] += p["threats"][colour]
    p["threats"][colour] = 0
    name = msg(f"bru.disaster.{colour}")
    if colour == "blue":
        p["workers"] = {c: 0 for c in COLOURS}
        events.append(Event(msg("bru.ev.flood", name=name, who=who(seat)), seat, kind="disaster"))
    elif colour == "yellow":
        events.append(Event(msg("bru.ev.robbery", name=name, who=who(seat), money=M.guilders(p["money"])),
                            seat, kind="disaster"))
        p["money"] = 0
    elif colour == "purple":
        lost = min(3, p["vp"])
        p["vp"] -= lost
        events.append(Event(msg("bru.ev.intrigue", name=name, who=who(seat), vp=lost), seat, kind="disaster"))
    else:
        kind = "plague" if colour == "brown" else "fire"
        events.append(Event(msg("bru.ev.strikes", name=name, who=who(seat)), seat, kind="disaster"))
        state["pending"].append({"seat": seat, "kind": kind})


def loss_options(state: dict, seat: int, kind: str) -> list[str]:
    """What a player may give up for a pending loss, as move texts."""
    p = player(state, seat)
    out = []
    if kind == "plague":
        out = [f"lose person {pid}" for pid in persons(state, seat)]
    if kind == "fire":
        out = [f"lose house {i + 1}" for i in range(len(p["houses"]))]
    if kind in ("fire", "canal"):
        out += [f"lose canal {side}" for side in CANALS if p["canals"][side] > 0]
    return out


def lose_person(state: dict, seat: int, pid: int, events: list[Event]) -> None:
    for h in player(state, seat)["houses"]:
        if h["person"] == pid:
            h["person"] = None
            state["discard"].append(pid)
            events.append(Event(msg("bru.ev.lose_person", who=who(seat), name=M.card(pid), id=pid), seat))
            return
    raise KeyError(pid)


def lose_house(state: dict, seat: int, index: int, events: list[Event]) -> None:
    """A burnt house is discarded; its person goes back to the hand."""
    p = player(state, seat)
    house = p["houses"].pop(index)
    state["discard"].append(house["card"])
    text = msg("bru.ev.lose_house", who=who(seat), colour=M.colour(house["roof"]))
    if house["person"] is not None:
        p["hand"].append(house["person"])
        text = msg("bru.ev.lose_house_person", who=who(seat), colour=M.colour(house["roof"]),
                   name=M.card(house["person"]), id=house["person"])
    events.append(Event(text, seat))


def lose_canal(state: dict, seat: int, side: str, events: list[Event]) -> None:
    """The outermost section goes; a statue already taken is kept."""
    p = player(state, seat)
    p["canals"][side] -= 1
    events.append(Event(msg("bru.ev.lose_canal", who=who(seat), side=M.side(side)), seat))


# --- canals ----------------------------------------------------------------

def canal_next(state: dict, seat: int, side: str) -> str | None:
    """Colour of the next section of a canal, None when it is complete."""
    built = player(state, seat)["canals"][side]
    return CANALS[side][built] if built < len(CANALS[side]) else None


def canal_price(state: dict, seat: int, side: str) -> int:
    built = player(state, seat)["canals"][side]
    return max(0, CANAL_COST[built] - mod_total(state, seat, "canal_discount"))


def build_canal(state: dict, seat: int, side: str, events: list[Event], paid: int) -> None:
    """One more section; completing a canal takes the top statue (if any left
    and this canal never earned one)."""
    p = player(state, seat)
    p["canals"][side] += 1
    n = p["canals"][side]
    args = {"who": who(seat), "n": n, "side": M.side(side),
            "paid": msg("bru.for_money", money=M.guilders(paid)) if paid else msg("bru.for_free")}
    text = msg("bru.ev.canal", **args)
    if n == len(CANALS[side]) and side not in p["statue_canals"]:
        p["statue_canals"].append(side)
        if state["statues"]:
            value = state["statues"].pop()
            p["statues"].append(value)
            text = msg("bru.ev.canal_statue", **args, vp=value)
        else:
            text = msg("bru.ev.canal_no_statue", **args)
    events.append(Event(text, seat))


# --- cards ------------------------------------------------------------------

def draw_card(state: dict, seat: int, pile: int, events: list[Event], during_actions: bool) -> int | None:
    """Top card of a pile into the hand, then refill empty piles (game end rule)."""
    piles = state["piles"]
    if not piles[pile]:
        return None
    cid = piles[pile].pop()
    player(state, seat)["hand"].append(cid)
    refill_piles(state, events, during_actions)
    return cid


def fuller_pile(state: dict) -> int:
    a, b = state["piles"]
    return 0 if len(a) >= len(b) else 1


def refill_piles(state: dict, events: list[Event], during_actions: bool) -> None:
    """A pile ran out: the reserve replaces it and the end is near; later,
    the remaining pile is split so there are always two."""
    piles = state["piles"]
    for i in (0, 1):
        if piles[i]:
            continue
        name = "AB"[i]
        if state["reserve"]:
            piles[i] = state["reserve"]
            state["reserve"] = []
            if state["last_round"]:
                when = msg("bru.when.already")
            elif during_actions:
                state["last_round_next"] = True
                when = msg("bru.when.next")
            else:
                state["last_round"] = True
                when = msg("bru.when.this")
            events.append(Event(msg("bru.ev.reserve", pile=name, when=when), kind="game_end"))
        else:
            other = piles[1 - i]
            if len(other) >= 2:
                half = len(other) // 2
                piles[i] = other[:half]
                piles[1 - i] = other[half:]
                events.append(Event(msg("bru.ev.split", pile=name), kind="info"))
            if not state["last_round"] and not state["last_round_next"]:
                if during_actions:
                    state["last_round_next"] = True
                else:
                    state["last_round"] = True


def shuffle(state: dict, cards: list[int]) -> list[int]:
    return Rng(state["rng"]).shuffled(cards)
