"""Terra Mystica's standing orders: what the bot answers for a player who is away (issue 36).

* **Power offers** (leech): take the offer when its VP cost is at most N, or when the power it
  gives is at least M; otherwise decline, or leave it to the player ("ask me").
* **Cult steps** (the Cultists' step for an accepted offer, a step carried past a turn, a
  bonus's step): answered only when one track gains anything (the others are at the top or
  blocked), or when none does (then every answer is the same).
* **Town tiles**: answered only when one kind of tile is left to take.

The open offers are read from the public view (``leech_offers``); a power offer is answered
with the same move its buttons play (``leech_text``), so the order is refused exactly as a
click would be. Terra Mystica hides nothing, so these answers go out at once and are marked as
a standing order (``bot.table.pbp.orders``).
"""

from __future__ import annotations

import json
import re

from ..sessions import fresh_state, state_text

CULT_ORDER = ("FIRE", "WATER", "EARTH", "AIR")
CULT_MOVE = re.compile(r"^\+(FIRE|WATER|EARTH|AIR)$")
TOWN_MOVE = re.compile(r"^\+(\d*)TW(\d+)$")


def factions(view: dict) -> list[str | None]:
    """Each seat's faction id as the notation writes it ("darklings"), None before it is chosen."""
    out = []
    for p in view.get("players") or []:
        f = p.get("faction") if isinstance(p, dict) else None
        out.append(str(f).lower().replace(" ", "") if f else None)
    return out


def leech_offers(view: dict) -> list[dict]:
    """Open offers as ``{"seat", "from", "amount"}`` (and ``take`` when the view says it), from the
    public view. An offer is known by (seat, from): the engine answers the oldest such offer."""
    out = []
    for o in view.get("leeches") or []:
        if isinstance(o, dict):
            offer = {"seat": int(o["seat"]), "from": int(o["from"]), "amount": int(o.get("amount", 0))}
            if "take" in o:  # what taking gives now, None when the seat cannot pay for it
                offer["take"] = o["take"]
            out.append(offer)
    return out


def room(view: dict, seat: int) -> int:
    """Power the seat's bowls I and II can still move up."""
    bowls = list(((view.get("players") or [{}] * (seat + 1))[seat] or {}).get("power") or [0, 0, 0])
    return 2 * bowls[0] + bowls[1]


def takeable(view: dict, offer: dict) -> int | None:
    """How much of ``offer`` its seat would really get now: no more than its bowls I and II can
    move up (2 per token in I, 1 per token in II), and no more than its VP + 1 (each power past
    the first costs 1 VP). The engine's view says it (``take``; None: the seed's rule, the seat
    cannot pay for it and may only decline)."""
    if "take" in offer:
        return offer["take"]
    players = view.get("players") or []
    p = players[offer["seat"]] if offer["seat"] < len(players) else {}
    bowls = list(p.get("power") or [])
    amount = offer["amount"]
    if len(bowls) == 3:
        amount = min(amount, 2 * bowls[0] + bowls[1])
    if "vp" in p:
        amount = min(amount, int(p["vp"]) + 1)
    return max(0, amount)


def leech_text(view: dict, offer: dict, verb: str) -> str:
    """The move of an answer: ``leech 2 from witches`` / ``decline 2 from witches``."""
    source = factions(view)[offer["from"]] or ""
    return f"{verb} {offer['amount']} from {source}".strip()


def power_answer(view: dict, seat: int, order) -> str | None:
    """The answer ``order`` (a ``PowerOrder``) gives the seat's oldest open offer, or None (no
    offer, or "ask me")."""
    offers = [o for o in leech_offers(view) if o["seat"] == seat]
    if not offers or order is None:
        return None
    offer = offers[0]
    amount = takeable(view, offer)
    if amount is None:  # the seat cannot pay for it: decline is the only answer
        return leech_text(view, offer, "decline") if order.otherwise == "decline" else None
    cost = max(0, amount - 1)
    take = amount > 0 and ((order.vp is not None and cost <= order.vp)
                           or (order.power is not None and amount >= order.power))
    if take:
        return leech_text(view, offer, "leech")
    return leech_text(view, offer, "decline") if order.otherwise == "decline" else None


def _copy(engine, state):
    return fresh_state(engine, json.loads(state_text(engine, state)))


def _picks(engine, state, seat: int, pattern: re.Pattern) -> list[str]:
    try:
        moves = engine.legal_moves(state, seat, "+")
    except Exception:
        return []
    return [m for m in moves if pattern.match(m.strip().upper())]


def cult_answer(engine, state, view: dict, seat: int) -> str | None:
    """The one cult track worth a step: the only one the step moves the seat up (or any, when
    none does: then they are all the same). None while two or more tracks would gain."""
    picks = _picks(engine, state, seat, CULT_MOVE)
    if not picks:
        return None
    before = list(((view.get("players") or [{}] * (seat + 1))[seat] or {}).get("cult") or [0, 0, 0, 0])
    gaining = []
    for move in picks:
        trial = _copy(engine, state)
        try:
            engine.play(trial, seat, move, atomic=False)
        except Exception:
            continue
        after = list(engine.view(trial, None)["players"][seat].get("cult") or before)
        if sum(after) > sum(before):
            gaining.append(move)
    if len(gaining) == 1:
        return gaining[0]
    return picks[0] if not gaining else None


def town_answer(engine, state, seat: int) -> str | None:
    """The town tile, when only one kind is left to take."""
    picks = sorted({m.strip() for m in _picks(engine, state, seat, TOWN_MOVE)})
    return picks[0] if len(picks) == 1 else None


def answer(engine, state, seat: int, orders) -> tuple[str, str] | None:
    """(kind, move) the seat's ``orders`` answer now: a power offer first (it is the oldest
    decision), then a cult step, then a town tile; None when they leave it to the player."""
    view = engine.view(state, None)
    move = power_answer(view, seat, orders.power)
    if move is not None:
        return "power", move
    if orders.cult:  # the engine lists cult picks only while a step is owed
        move = cult_answer(engine, state, view, seat)
        if move is not None:
            return "cult", move
    if orders.town:
        move = town_answer(engine, state, seat)
        if move is not None:
            return "town", move
    return None
