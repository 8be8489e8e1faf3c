"""Move text <-> action dicts.

    draw a | draw b | draw a a b    top card of pile A or B (several in a row)
    roll                            (start player) roll the five dice
    rep | skip                      pay for the reputation step, or not
    play 12 workers                 card 12 for 2 workers of its colour
    play 12 money                   guilders = the die of its colour
    play 12 threat                  remove a threat of its colour (+1 VP)
    play 12 canal [left|right]      next canal section of its colour
    play 12 house                   as a house (pay 1 worker of its colour)
    play 12 hire [house 2]          hire the person (into house 2, replacing)
    use 12                          activate person 12 (worker symbol)
    end                             end your turn after the card
    choose red | choose left        answer a person's question
    lose person 12 | lose house 2 | lose canal left   a disaster's loss

``parse(format(a)) == a`` for every action.
"""

from __future__ import annotations

from games.core import NotationError, msg
from games.core.notation import excerpt, number, words

from .data import CANALS, COLOURS

USES = ("workers", "money", "threat", "canal", "house", "hire")
ALIASES = {
    "worker": "workers", "coins": "money", "coin": "money", "guilders": "money", "gulden": "money",
    "remove": "threat", "threats": "threat", "person": "hire", "recruit": "hire", "canals": "canal",
}

HELP_LINE = ("Moves: draw a|b, roll, rep|skip, play <card> workers|money|threat|canal|house|hire, "
             "use <card>, end, choose <x>, lose person|house|canal <x>.")


def _number(token: str, what: str) -> int:
    """A card or house number, typed with or without '#'."""
    return number(token.lstrip("#"), msg(f"bru.what.{what}"))


def parse(text: str) -> dict:
    toks = words(text)
    if not toks:
        raise NotationError("bru.err.help")
    head, rest = toks[0], toks[1:]
    if head == "draw":
        if len(rest) == 1 and len(rest[0]) > 1 and set(rest[0]) <= {"a", "b"}:
            rest = list(rest[0])  # "draw aab" = "draw a a b"
        if not 1 <= len(rest) <= 5 or any(r not in ("a", "b", "1", "2") for r in rest):
            raise NotationError("bru.err.draw_usage")
        piles = [0 if r in ("a", "1") else 1 for r in rest]
        if len(piles) == 1:
            return {"type": "draw", "pile": piles[0]}
        return {"type": "draw", "pile": piles[0], "more": piles[1:]}
    if head in ("roll", "end", "rep", "skip") and not rest:
        return {"type": head}
    if head == "hire" and rest:  # shorthand: hire 12 [house 2]
        return parse(" ".join(["play", rest[0], "hire", *rest[1:]]))
    if head == "play":
        return _parse_play(rest)
    if head == "use" and len(rest) == 1:
        return {"type": "use", "card": _number(rest[0], "card")}
    if head == "choose" and len(rest) == 1:
        return {"type": "choose", "option": rest[0]}
    if head == "lose" and len(rest) == 2:
        what, arg = rest
        if what == "person":
            return {"type": "lose", "what": "person", "arg": _number(arg, "card")}
        if what == "house":
            return {"type": "lose", "what": "house", "arg": _number(arg, "house")}
        if what == "canal" and arg in CANALS:
            return {"type": "lose", "what": "canal", "arg": arg}
        raise NotationError("bru.err.lose_usage")
    raise NotationError("bru.err.unknown", text=excerpt(text), help=msg("bru.err.help"))


def _parse_play(rest: list[str]) -> dict:
    if len(rest) < 2:
        raise NotationError("bru.err.play_usage", uses=list(USES))
    cid = _number(rest[0], "card")
    use = ALIASES.get(rest[1], rest[1])
    if use not in USES:
        raise NotationError("bru.err.not_use", token=excerpt(rest[1]), uses=list(USES))
    action = {"type": "play", "card": cid, "use": use}
    extra = rest[2:]
    if use == "canal" and extra:
        if len(extra) != 1 or extra[0] not in CANALS:
            raise NotationError("bru.err.canal_usage")
        action["side"] = extra[0]
    elif use == "hire" and extra:
        if len(extra) == 1:
            extra = ["house", extra[0]]
        if len(extra) != 2 or extra[0] != "house":
            raise NotationError("bru.err.hire_usage")
        action["house"] = _number(extra[1], "house")
    elif extra:
        raise NotationError("bru.err.nothing_more", card=cid, use=use)
    return action


def format_action(a: dict) -> str:
    t = a["type"]
    if t == "draw":
        return "draw " + " ".join("ab"[i] for i in [a["pile"], *a.get("more", [])])
    if t in ("roll", "end", "rep", "skip"):
        return t
    if t == "play":
        out = f"play {a['card']} {a['use']}"
        if a.get("side"):
            out += f" {a['side']}"
        if a.get("house"):
            out += f" house {a['house']}"
        return out
    if t == "use":
        return f"use {a['card']}"
    if t == "choose":
        return f"choose {a['option']}"
    if t == "lose":
        return f"lose {a['what']} {a['arg']}"
    raise ValueError(t)


__all__ = ["parse", "format_action", "USES", "COLOURS"]
