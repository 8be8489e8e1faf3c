"""What each seat may see. Hands are private: the public view shows only how
many cards a player holds; a seat's view adds its own hand with card texts.
Draw piles show their size and the colour of the top card's back (as the
card holders do on the table), never their order."""

from __future__ import annotations

import random

from ..core.messages import msg
from . import board, moves, rules
from .data import CANALS, CARDS, PUBLISHED_NOTES, REPUTATION_VP, TIMING_NAMES, is_designed
from .effects import describe


def card_info(cid: int) -> dict:
    """What a card shows (its words, price, timing...): the same for every game, so made once a
    card and copied for each view (a view's dicts are its own)."""
    made = _CARD_INFO.get(cid)
    if made is None:
        made = _CARD_INFO[cid] = _card_info(cid)
    return made.copy()


#: card id -> its ``card_info``, made on first use
_CARD_INFO: dict[int, dict] = {}


def _card_info(cid: int) -> dict:
    c = CARDS[cid]
    return {"id": cid, "name": c.name, "colour": c.colour, "group": c.group, "cost": c.cost, "vp": c.vp,
            "timing": c.timing, "timing_name": TIMING_NAMES[c.timing], "text": describe(c), "source": c.source,
            # its price (and so VP) is ours, not the publisher's: the card shows a ◇ marker
            "designed": is_designed(cid), "published": PUBLISHED_NOTES.get(cid, "")}


#: entries of a seat's public entry that read one field or two (``Game.glance``'s
#: ``"players.N.KEY"``: the draw prompt reads the hand's size alone, without the houses and canals)
PLAYER_ENTRIES = {
    "money": lambda p: p["money"],
    "vp": lambda p: p["vp"],
    "rep": lambda p: p["rep"],
    "hand_size": lambda p: len(p["hand"]) + len(p["drawn"]),
    "plays_left": lambda p: p["plays_left"],
}


def player(state: dict, seat: int) -> dict:
    """Seat ``seat``'s public entry of the view's ``players``."""
    p = state["ps"][seat]
    houses = []
    for i, h in enumerate(p["houses"]):
        person = h["person"]
        houses.append({"n": i + 1, "roof": h["roof"],
                       "person": card_info(person) if person is not None else None,
                       "used": person in p["used"] if person is not None else False})
    return {
        "seat": seat,
        "money": p["money"],
        "vp": p["vp"],
        "rep": p["rep"],
        "workers": dict(p["workers"]),
        "threats": dict(p["threats"]),
        "threat_limits": board.disaster_limits(state, seat),
        "hand_size": PLAYER_ENTRIES["hand_size"](p),
        "houses": houses,
        "canals": {side: {"built": p["canals"][side], "colours": list(CANALS[side])} for side in CANALS},
        "statues": list(p["statues"]),
        "majority": dict(p["majority"]),
        "plays_left": p["plays_left"],
    }


def _pending_public(state: dict) -> list[dict]:
    out = []
    for e in state["pending"]:
        ask = "picks pile A or B to draw" if e.get("op", {}).get("op") == "draw" else "chooses"
        what = {"choose": f"{ask} for {e.get('label', 'a person')}", "plague": "chooses a person to lose (plague)",
                "fire": "chooses a house or canal section to lose (fire)",
                "canal": "chooses a canal section to lose"}[e["kind"]]
        out.append({"seat": e["seat"], "kind": e["kind"], "text": what})
    return out


def view(state: dict, seat: int | None, result) -> dict:
    out = {
        "game": "bruges",
        "seat": seat,
        "round": state["round"],
        "phase": state["phase"],
        "start": state["start"],
        "last_round": state["last_round"],
        "last_round_next": state["last_round_next"],
        "dice": dict(state["dice"]) if state["dice"] else None,
        "rep_cost": state["rep_cost"],
        "reputation_vp": list(REPUTATION_VP),
        "turn": state["turn"],
        "piles": [{"size": len(pl), "top": CARDS[pl[-1]].colour if pl else None} for pl in state["piles"]],
        "reserve": len(state["reserve"]),
        "discard": len(state["discard"]),
        "statues": list(state["statues"]),
        "threat_supply": dict(state["threat_supply"]),
        "pending": _pending_public(state),
        "players": [player(state, s) for s in range(state["players"])],
        "to_move": sorted(rules.to_move(state)),
        "last": list(state["last"]),
        "last_msgs": list(state.get("last_msgs") or []),
        "result": result.to_json() if result else None,
    }
    if seat is not None:
        p = state["ps"][seat]
        out["hand"] = [card_info(c) for c in sorted(p["hand"])]
        out["drawn_backs"] = [CARDS[c].colour for c in p["drawn"]]
        out["private_last"] = list(state.get("private_last", {}).get(str(seat), []))
        waiting = any(e["seat"] == seat for e in state["pending"])
        out["decide"] = moves.complete_moves(state, seat) if waiting else []
    return out


# --- what a seat cannot see, re-dealt (the bots search on such copies) ------------------------
def redeal(state: dict, seat: int, rnd: random.Random) -> None:
    """For the bots (``games.bots.hidden.determinise``): re-deal what ``seat`` cannot see.
    Opponents' hands, the draw piles and the reserve are one pool of
    unseen cards; only each pile's top colour shows (the card backs), so
    every pile gets a top card of that colour back."""
    pool = []
    for s, p in enumerate(state["ps"]):
        if s != seat:
            pool += p["hand"] + p["drawn"]
    tops = [CARDS[pile[-1]].colour if pile else None for pile in state["piles"]]
    pool += [c for pile in state["piles"] for c in pile] + list(state["reserve"])
    rnd.shuffle(pool)
    new_tops = []
    for colour in tops:
        if colour is None:
            new_tops.append(None)
            continue
        i = next(i for i, c in enumerate(pool) if CARDS[c].colour == colour)
        new_tops.append(pool.pop(i))
    for s, p in enumerate(state["ps"]):
        if s != seat:
            k, j = len(p["hand"]), len(p["drawn"])
            p["hand"], p["drawn"], pool = sorted(pool[:k]), pool[k:k + j], pool[k + j:]
    for i, pile in enumerate(state["piles"]):
        if new_tops[i] is None:
            continue
        rest = len(pile) - 1
        state["piles"][i], pool = pool[:rest] + [new_tops[i]], pool[rest:]
    state["reserve"] = pool


# --- the board as text (issue 36 item 7): every public fact the board image shows -------------
def facts(view: dict) -> list:
    """The public view as facts (``bru.fact.*`` keys and parameters) for a screen reader: the
    round, dice, piles, statues and threat tokens, then each player's points, guilders,
    reputation, hand size, workers, threats, houses with their persons, canals, statues and
    majorities. Made from the public view only (a hand is its size), so nothing hidden reaches it."""
    from .messages import card, colour, side

    def who(s: int) -> str:
        return "{p" + str(s) + "}"

    def counts(d: dict) -> list:
        return [msg("bru.fact.count", what=colour(c), n=n) for c, n in d.items()]

    out = [msg("bru.fact.round", round=view["round"], phase=msg(f"bru.fact.phase.{view['phase']}"))]
    if view.get("last_round"):
        out.append(msg("bru.fact.last_round"))
    if view.get("dice"):
        out.append(msg("bru.fact.dice", dice=counts(view["dice"])))
    piles = view.get("piles") or []
    out.append(msg("bru.fact.piles", piles=[msg("bru.fact.pile", name="AB"[i] if i < 2 else str(i + 1), n=p["size"],
                                                top=colour(p["top"]) if p.get("top") else msg("bru.fact.none"))
                                            for i, p in enumerate(piles)] or msg("bru.fact.none"),
                   reserve=view.get("reserve", 0), discard=view.get("discard", 0)))
    out.append(msg("bru.fact.statues", costs=", ".join(str(c) for c in view.get("statues") or []) or "-"))
    out.append(msg("bru.fact.threat_supply", items=counts(view.get("threat_supply") or {})))
    if view.get("rep_cost") is not None:
        out.append(msg("bru.fact.rep_cost", n=view["rep_cost"]))
    out.append(msg("bru.fact.rep_track", values=", ".join(str(x) for x in view.get("reputation_vp") or [])))
    for p in view.get("players") or []:
        s = p["seat"]
        out.append(msg("bru.fact.player", who=who(s), vp=p["vp"], money=p["money"], rep=p["rep"], hand=p["hand_size"]))
        out.append(msg("bru.fact.workers", who=who(s), items=counts(p["workers"])))
        out.append(msg("bru.fact.threats", who=who(s), items=[
            msg("bru.fact.of", what=colour(c), n=n, limit=p["threat_limits"].get(c, 3)) for c, n in p["threats"].items()]))
        for h in p.get("houses") or []:
            person = h.get("person")
            if person is None:
                out.append(msg("bru.fact.house_empty", who=who(s), n=h["n"], roof=colour(h["roof"])))
            else:
                out.append(msg("bru.fact.house", who=who(s), n=h["n"], roof=colour(h["roof"]), person=card(person["id"]),
                               colour=colour(person["colour"]), group=msg(f"bru.group.{person['group']}"),
                               points=msg("bru.fact.points", n=person["vp"]), used=msg("bru.fact.used") if h.get("used") else ""))
        for name, canal in (p.get("canals") or {}).items():
            out.append(msg("bru.fact.canal", who=who(s), side=side(name), built=canal["built"],
                           length=len(canal["colours"]),
                           colours=[colour(c) for c in canal["colours"]]))
        if p.get("statues"):
            out.append(msg("bru.fact.own_statues", who=who(s), costs=", ".join(str(c) for c in p["statues"])))
        held = [msg(f"bru.fact.majority.{k}") for k, v in (p.get("majority") or {}).items() if v]
        if held:
            out.append(msg("bru.fact.majorities", who=who(s), what=held))
        if p.get("plays_left"):
            out.append(msg("bru.fact.plays_left", who=who(s), n=p["plays_left"]))
    if view.get("to_move"):
        out.append(msg("bru.fact.to_move", seats=[who(s) for s in view["to_move"]]))
    return out
