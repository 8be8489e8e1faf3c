"""The one engine that reads person effects (data in :mod:`.data`).

Vocabulary:

* counts (``what``): ``house``, ``empty_house``, ``person``, ``canal``
  (sections built), ``statue``, ``rep``, ``majority`` (markers turned),
  ``money``, ``workers``, ``groups`` / ``colours`` (distinct among your
  persons), ``group:<g>``, ``colour:<c>``, ``face:<n>`` (dice showing n),
  ``no_threats`` (1 when you hold no threat marker), ``roof:<c>`` (your
  houses of roof colour c).
* end-game scoring: ``{"score": what, "n": k, "every": e}`` = k VP per e counted.
* ops (``now`` cards, ``worker`` cards and ``round`` permanents):
  ``money``, ``workers`` (colour or ``any``), ``vp``, ``rep``, ``draw`` (pile A or B
  asked card by card),
  ``clear_threats`` (all of a colour, or one of a chosen colour with ``any``),
  ``threat_others``, ``others_lose`` (money / workers / canal), ``free_canal``,
  ``money_per`` / ``vp_per`` (k per count), ``extra_play``, ``canal_double``
  (your next canal section without a card, at double price), ``discard`` (a
  card from your hand, asked card by card). ``others_lose`` ``workers``: every
  other player gives you n workers (from their biggest stacks).
* modifiers (``always`` cards): ``hire_discount``, ``canal_discount``,
  ``workers_bonus`` / ``money_bonus`` (for a card colour or ``any``),
  ``disaster_limit`` (disaster on the 4th marker), ``threat_vp`` (+VP when a
  card removes a threat), ``rep_discount``, ``hand_size`` (the draw phase
  fills your hand to n more), ``majority_ties`` (a tie for a majority counts
  as your lead).

An op that needs a choice with more than one sensible answer becomes a
pending ``choose`` decision for its player; the rest of the ops wait for it.
"""

from __future__ import annotations

from games.core import Event, msg
from games.core.messages import Msg, render

from . import board
from . import messages as M
from .board import player, who
from .data import CANALS, CARDS, COLOURS, REPUTATION_MAX


def count(state: dict, seat: int, what: str) -> int:
    p = player(state, seat)
    ps = board.persons(state, seat)
    if what.startswith("group:"):
        return sum(1 for pid in ps if CARDS[pid].group == what[6:])
    if what.startswith("colour:"):
        return sum(1 for pid in ps if CARDS[pid].colour == what[7:])
    if what.startswith("roof:"):
        return sum(1 for h in p["houses"] if h["roof"] == what[5:])
    if what.startswith("face:"):
        dice = state.get("dice") or {}
        return sum(1 for v in dice.values() if v == int(what[5:]))
    simple = {
        "house": lambda: len(p["houses"]),
        "empty_house": lambda: sum(1 for h in p["houses"] if h["person"] is None),
        "person": lambda: len(ps),
        "canal": lambda: sum(p["canals"].values()),
        "statue": lambda: len(p["statues"]),
        "rep": lambda: p["rep"],
        "majority": lambda: sum(1 for v in p["majority"].values() if v),
        "money": lambda: p["money"],
        "workers": lambda: sum(p["workers"].values()),
        "groups": lambda: len({CARDS[pid].group for pid in ps}),
        "colours": lambda: len({CARDS[pid].colour for pid in ps}),
        "no_threats": lambda: int(sum(p["threats"].values()) == 0),
    }
    return simple[what]()


def end_vp(state: dict, seat: int, effect: dict) -> int:
    """Laurel scoring of one card."""
    return effect["n"] * (count(state, seat, effect["score"]) // effect.get("every", 1))


# --- ops -------------------------------------------------------------------

def choices(state: dict, seat: int, op: dict) -> list[str] | None:
    """The answers an op needs, or None when it needs no choice."""
    p = player(state, seat)
    kind = op["op"]
    if kind == "workers" and op["colour"] == "any":
        return list(COLOURS)
    if kind == "clear_threats" and op["colour"] == "any":
        return [c for c in COLOURS if p["threats"][c] > 0]
    if kind == "free_canal":
        return [side for side in CANALS if board.canal_next(state, seat, side) is not None]
    if kind == "canal_double":
        return [side for side in CANALS if board.canal_next(state, seat, side) is not None
                and p["money"] >= 2 * board.canal_price(state, seat, side)]
    if kind == "discard":
        return [str(c) for c in sorted(p["hand"])]
    if kind == "draw":  # like in the draw phase, the player picks pile A or B (seeing the backs)
        piles = [name for name, pile in zip("ab", state["piles"]) if pile]
        return piles if len(piles) > 1 else None
    return None


def run_ops(state: dict, seat: int, ops: list[dict], events: list[Event], label: str) -> None:
    """Apply ops in order; stop at the first real choice (it becomes pending)."""
    for k, op in enumerate(ops):
        opts = choices(state, seat, op)
        if opts is None:
            apply_op(state, seat, op, None, events)
        elif len(opts) == 1:
            apply_op(state, seat, op, opts[0], events)
        elif len(opts) > 1:
            rest = ops[k + 1:]
            if op["op"] in ("draw", "discard") and op.get("n", 1) > 1:  # one question per card
                op, rest = dict(op, n=1), [dict(op, n=op["n"] - 1), *rest]
            state["pending"].append({"seat": seat, "kind": "choose", "op": op, "rest": rest,
                                     "options": opts, "label": label})
            return
        else:
            events.append(Event(msg("bru.ev.nothing_to_do", label=M.label(label), who=who(seat)), seat))


def apply_op(state: dict, seat: int, op: dict, choice: str | None, events: list[Event]) -> None:
    p = player(state, seat)
    kind, n = op["op"], op.get("n", 1)
    me = who(seat)
    if kind == "money":
        p["money"] += n
        events.append(Event(msg("bru.ev.gains_money", who=me, money=M.guilders(n)), seat))
    elif kind == "workers":
        colour = choice or op["colour"]
        p["workers"][colour] += n
        events.append(Event(msg("bru.ev.gains_workers", who=me, n=n, colour=M.colour(colour)), seat))
    elif kind == "vp":
        p["vp"] += n
        events.append(Event(msg("bru.ev.scores", who=me, n=n), seat))
    elif kind == "rep":
        before = p["rep"]
        p["rep"] = min(REPUTATION_MAX, p["rep"] + n)
        events.append(Event(msg("bru.ev.rep_up" if p["rep"] > before else "bru.ev.rep_top", who=me, rep=p["rep"]),
                            seat))
    elif kind == "draw":
        got = []
        for _ in range(n):
            chosen = "ab".index(choice) if choice else None
            pile = chosen if chosen is not None and state["piles"][chosen] else board.fuller_pile(state)
            cid = board.draw_card(state, seat, pile, events, during_actions=True)
            if cid is not None:
                got.append(cid)
        seen = [msg("bru.drawn_card", id=c, name=M.card(c), colour=M.colour(CARDS[c].colour)) for c in got]
        text = (msg("bru.ev.draws_cards_from", who=me, n=len(got), pile=choice.upper()) if choice and got
                else msg("bru.ev.draws_cards", who=me, n=len(got)))
        events.append(Event(text, seat, barrier=True, private=msg("bru.ev.you_drew", cards=seen) if got else None))
    elif kind == "clear_threats":
        colour = choice or op["colour"]
        times = 1 if op["colour"] == "any" else p["threats"][colour]
        vp = sum(board.remove_threat(state, seat, colour) for _ in range(times))
        events.append(Event(msg("bru.ev.clears", who=me, n=times, colour=M.colour(colour), vp=vp), seat))
    elif kind == "threat_others":
        events.append(Event(msg("bru.ev.threat_others", colour=M.colour(op["colour"])), seat))
        for other in board.order_from(state, seat)[1:]:
            board.give_threat(state, other, op["colour"], events)
    elif kind == "others_lose":
        _others_lose(state, seat, op, events)
    elif kind == "free_canal":
        board.build_canal(state, seat, choice, events, paid=0)
    elif kind == "money_per":
        gain = n * count(state, seat, op["what"])
        p["money"] += gain
        events.append(Event(msg("bru.ev.gains_money", who=me, money=M.guilders(gain)), seat))
    elif kind == "vp_per":
        gain = n * count(state, seat, op["what"])
        p["vp"] += gain
        events.append(Event(msg("bru.ev.scores", who=me, n=gain), seat))
    elif kind == "extra_play":
        p["plays_left"] += 1
        events.append(Event(msg("bru.ev.extra_play", who=me), seat))
    elif kind == "canal_double":
        price = 2 * board.canal_price(state, seat, choice)
        p["money"] -= price
        board.build_canal(state, seat, choice, events, paid=price)
    elif kind == "discard":
        cid = int(choice)
        p["hand"].remove(cid)
        state["discard"].append(cid)
        events.append(Event(msg("bru.ev.discards", who=me), seat, private=msg("bru.ev.you_discard", id=cid, name=M.card(cid))))
    else:  # pragma: no cover - the data test keeps the deck inside the vocabulary
        raise ValueError(f"unknown op {kind}")


def _others_lose(state: dict, seat: int, op: dict, events: list[Event]) -> None:
    what, n = op["what"], op.get("n", 1)
    for other in board.order_from(state, seat)[1:]:
        q = player(state, other)
        if what == "money":
            lost = min(n, q["money"])
            q["money"] -= lost
            events.append(Event(msg("bru.ev.loses_money", who=who(other), money=M.guilders(lost)), other))
        elif what == "canal":
            state["pending"].append({"seat": other, "kind": "canal"})
        elif what == "workers":
            me = player(state, seat)
            given = []
            for _ in range(n):
                have = [c for c in COLOURS if q["workers"][c] > 0]
                if not have:
                    break
                colour = max(have, key=lambda c: q["workers"][c])
                q["workers"][colour] -= 1
                me["workers"][colour] += 1
                given.append(colour)
            workers = [msg("bru.a_worker", colour=M.colour(c)) for c in given] or msg("bru.no_worker")
            events.append(Event(msg("bru.ev.gives_workers", who=who(other), to=who(seat), workers=workers), other))
        else:  # pragma: no cover
            raise ValueError(what)


# --- text for the cards ----------------------------------------------------
# Each card's effect is a message (``bru.fx.*``), so /hand, menus and boards word it in the
# reader's language; ``describe`` is its English.

_WHAT = {
    "house": "house", "empty_house": "empty_house", "person": "person", "canal": "canal", "statue": "statue",
    "rep": "rep", "majority": "majority", "money": "money", "workers": "workers", "groups": "groups",
    "colours": "colours",
}


def _what(what: str) -> Msg:
    if what.startswith("group:"):
        return msg("bru.fx.what.group", group=msg(f"bru.group.{what[6:]}"))
    if what.startswith("colour:"):
        return msg("bru.fx.what.colour", colour=M.colour(what[7:]))
    if what.startswith("face:"):
        return msg("bru.fx.what.face", face=what[5:])
    if what.startswith("roof:"):
        return msg("bru.fx.what.roof", colour=M.colour(what[5:]))
    return msg(f"bru.fx.what.{_WHAT[what]}")


def op_msg(op: dict) -> Msg:
    """One operation of a card's effect, as a message."""
    kind, n = op["op"], op.get("n", 1)
    if kind == "money":
        return msg("bru.fx.money", n=n)
    if kind == "workers":
        if op["colour"] == "any":
            return msg("bru.fx.workers_any", n=n)
        return msg("bru.fx.workers", n=n, colour=M.colour(op["colour"]))
    if kind == "vp":
        return msg("bru.fx.vp", n=n)
    if kind == "rep":
        return msg("bru.fx.rep")
    if kind == "draw":
        return msg("bru.fx.draw", n=n)
    if kind == "clear_threats":
        if op["colour"] == "any":
            return msg("bru.fx.clear_any")
        return msg("bru.fx.clear", colour=M.colour(op["colour"]))
    if kind == "threat_others":
        return msg("bru.fx.threat_others", colour=M.colour(op["colour"]))
    if kind == "others_lose":
        return msg(f"bru.fx.others_lose.{op['what']}", n=n)
    if kind in ("free_canal", "extra_play", "canal_double"):
        return msg(f"bru.fx.{kind}")
    if kind in ("money_per", "vp_per"):
        return msg(f"bru.fx.{kind}", n=n, what=_what(op["what"]))
    if kind == "discard":
        return msg("bru.fx.discard", n=n)
    raise ValueError(kind)


def op_text(op: dict) -> str:
    return render(op_msg(op))


def describe_msg(card) -> Msg:
    """The effect of a card in a short line, as a message (worded per reader)."""
    eff = card.effect
    if card.timing == "end":
        every = eff.get("every", 1)
        if eff["score"] == "no_threats":
            return msg("bru.fx.end_no_threats", n=eff["n"])
        if every > 1:
            return msg("bru.fx.end_every", n=eff["n"], every=every, what=_what(eff["score"]))
        return msg("bru.fx.end_per", n=eff["n"], what=_what(eff["score"]))
    if card.timing == "now":
        return msg("bru.fx.now", ops=_ops(eff["do"]))
    if card.timing == "worker":
        return msg("bru.fx.worker", colour=M.colour(eff["pay"]), ops=_ops(eff["do"]))
    if "round" in eff:
        return msg("bru.fx.round", ops=_ops(eff["round"]))
    mod, n = eff["mod"], eff.get("n", 1)
    colour = eff.get("colour")
    if mod in ("workers_bonus", "money_bonus") and colour == "any":
        return msg(f"bru.fx.mod.{mod}_any", n=n)
    return msg(f"bru.fx.mod.{mod}", n=n, colour=M.colour(colour) if colour else "", more=5 + n)


def _ops(ops: list) -> Msg | str:
    """Operations one after another ("+2 VP; draw 1 card")."""
    parts = [op_msg(o) for o in ops]
    out = parts[-1] if parts else ""
    for part in reversed(parts[:-1]):
        out = msg("bru.fx.ops2", a=part, b=out)
    return out


def describe(card) -> str:
    """The effect of a card in a short English line (``describe_msg`` words it per reader)."""
    return render(describe_msg(card))


