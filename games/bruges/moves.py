"""Legal-move generation (separate from applying) and autocomplete hints.

Every complete move is generated from the same checks the rules apply, so a
listed move is always accepted. When more than 25 moves match, the list is
folded into stems (one more token) for Discord's autocomplete.
"""

from __future__ import annotations

from games.core.game import first_words
from games.core.messages import Msg, msg, worded

from . import board, rules
from . import messages as M
from .board import player
from .data import CANALS, CARDS, is_designed
from .notation import USES, format_action

LIMIT = 25


def complete_moves(state: dict, seat: int) -> list[str]:
    if seat not in rules.to_move(state):
        return []
    mine = [e for e in state["pending"] if e["seat"] == seat]
    if mine:
        out: list[str] = []
        for entry in mine:
            if entry["kind"] == "choose":
                out += [f"choose {o}" for o in entry["options"]]
            else:
                out += board.loss_options(state, seat, entry["kind"])
        return list(dict.fromkeys(out))
    phase = state["phase"]
    if phase == "draw":
        return [f"draw {'ab'[i]}" for i in (0, 1) if state["piles"][i]]
    if phase == "roll":
        return ["roll"]
    if phase == "reputation":
        return (["rep"] if rules.rep_problem(state, seat) is None else []) + ["skip"]
    return _action_moves(state, seat)


def _action_moves(state: dict, seat: int) -> list[str]:
    p = player(state, seat)
    out = []
    if state["turn_played"]:
        out.append("end")
    else:
        for cid in sorted(p["hand"]):
            for action in _play_candidates(state, seat, cid):
                if rules.play_problem(state, seat, action) is None:
                    out.append(format_action(action))
    out += [f"use {pid}" for pid in rules.usable_persons(state, seat)]
    return out


def verbs(state: dict, seat: int) -> list[str]:
    """The first words of :func:`legal_moves` (``Game.verbs``: a prompt's words after every move)
    without listing every card's every use: one playable use of one card is enough for "play"."""
    if seat not in rules.to_move(state) or any(e["seat"] == seat for e in state["pending"]) \
            or state["phase"] in ("draw", "roll", "reputation"):
        return first_words(complete_moves(state, seat))
    out = []
    if state["turn_played"]:
        out.append("end")
    elif any(rules.play_problem(state, seat, action) is None
             for cid in sorted(player(state, seat)["hand"]) for action in _play_candidates(state, seat, cid)):
        out.append("play")
    if rules.usable_persons(state, seat):
        out.append("use")
    return out


def _play_candidates(state: dict, seat: int, cid: int) -> list[dict]:
    p = player(state, seat)
    out = []
    for use in USES:
        base = {"type": "play", "card": cid, "use": use}
        if use == "canal":
            sides = rules.canal_sides(state, seat, CARDS[cid].colour)
            if len(sides) > 1:
                out += [dict(base, side=s) for s in sides]
                continue
        if use == "hire" and p["houses"] and all(h["person"] is not None for h in p["houses"]):
            out += [dict(base, house=i + 1) for i in range(len(p["houses"]))]
            continue
        out.append(base)
    return out


def legal_moves(state: dict, seat: int, prefix: str = "") -> list[str]:
    want = " ".join(prefix.lower().split())
    trailing = prefix.endswith(" ") and want != ""
    key = want + (" " if trailing else "")
    moves = [m for m in complete_moves(state, seat) if m.startswith(key)]
    if len(moves) <= LIMIT:
        return moves
    depth = len(key.split()) + (0 if not key or key.endswith(" ") else -1) + 1
    best = _stems(moves, depth)
    while True:  # go one token deeper while the list still fits
        deeper = _stems(moves, depth + 1)
        if len(deeper) > LIMIT or deeper == best:
            return best
        best, depth = deeper, depth + 1


def _stems(moves: list[str], depth: int) -> list[str]:
    stems: list[str] = []
    for m in moves:
        words = m.split()
        stem = " ".join(words[:depth]) + (" " if len(words) > depth else "")
        if stem not in stems:
            stems.append(stem)
    return stems


def _mark(cid: int) -> Msg | str:
    """The designed-price marker (data.UNVERIFIED), as on the card image."""
    return msg("bru.hint.mark") if is_designed(cid) else ""


def hint(state: dict, seat: int, move: str) -> str:
    """Short cost or gain note for an autocomplete label (English, keeping its message)."""
    words = move.split()
    p = player(state, seat)
    try:
        if words[0] == "play" and len(words) == 2:  # a folded stem: just the card
            card = CARDS[int(words[1])]
            return worded("bru.hint.stem", card=M.card(card.id), colour=M.colour(card.colour),
                          price=rules.hire_price(state, seat, card.id), mark=_mark(card.id))
        if words[0] == "play":
            cid, use = int(words[1]), words[2]
            card = CARDS[cid]
            if use == "hire":
                return worded("bru.hint.hire", card=M.card(cid), price=rules.hire_price(state, seat, cid),
                              mark=_mark(cid))
            note = _use_note(state, seat, card, use, words)
            return worded("bru.hint.use", card=M.card(cid), note=note) if note else ""
        if words[0] == "use":
            card = CARDS[int(words[1])]
            return worded("bru.hint.pay", card=M.card(card.id), colour=M.colour(card.effect["pay"]))
        if words[0] == "rep":
            return worded("bru.hint.rep", price=rules.rep_price(state, seat), money=p["money"])
        if words[0] == "lose" and words[1] == "house":
            person = p["houses"][int(words[2]) - 1]["person"]
            return worded("bru.hint.back", card=M.card(person)) if person else worded("bru.hint.empty_house")
        if words[0] == "lose" and words[1] == "person":
            return worded("bru.hint.discard", card=M.card(int(words[2])))
        if words[0] == "lose" and words[1] == "canal":
            return worded("bru.hint.canal_out", side=M.side(words[2]))
        if words[0] in ("draw", "choose") and words[1] in ("a", "b"):
            pile = state["piles"]["ab".index(words[1])]
            if not pile:
                return worded("bru.hint.pile_empty")
            return worded("bru.hint.pile", n=len(pile), colour=M.colour(CARDS[pile[-1]].colour))
    except (IndexError, KeyError, ValueError, TypeError):
        return ""
    return ""


def _use_note(state: dict, seat: int, card, use: str, words: list[str]) -> Msg | str:
    colour = M.colour(card.colour)
    if use == "workers":
        return msg("bru.hint.workers", n=2 + board.mod_total(state, seat, "workers_bonus", card.colour), colour=colour)
    if use == "money":
        n = state["dice"][card.colour] + board.mod_total(state, seat, "money_bonus", card.colour)
        return msg("bru.hint.money", money=M.guilders(n))
    if use == "threat":
        return msg("bru.hint.threat", colour=colour, n=1 + board.mod_total(state, seat, "threat_vp"))
    if use == "canal":
        side = words[3] if len(words) > 3 else rules.canal_sides(state, seat, card.colour)[0]
        return msg("bru.hint.canal", side=M.side(side), n=board.canal_price(state, seat, side))
    if use == "house":
        return msg("bru.hint.house", colour=colour)
    return ""


__all__ = ["legal_moves", "complete_moves", "verbs", "hint", "CANALS"]
