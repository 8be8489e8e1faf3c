"""Legal-move generation, apart from applying.

Candidates are enumerated per phase, each checked with the real handler in
dry-run mode (so a listed move is always accepted), formatted, and cut down
to the next token when more than 25 match the prefix.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from itertools import combinations_with_replacement

from games.core import RuleError

from . import actions, rules
from . import warehouse as wh
from .data import BOAT_COST, HOUSE_COST, KINDS, LOCATIONS, ROAD_COST, SELL_PRICE
from .notation import fmt

MAX_LISTED = 25


def complete(moves: list[str], prefix: str) -> list[str]:
    """Full moves when few match, else stems up to the next token."""
    p = " ".join(prefix.lower().split()) + (" " if prefix.endswith(" ") and prefix.strip() else "")
    matches = sorted({m for m in moves if m.startswith(p)})
    if len(matches) <= MAX_LISTED:
        return matches
    out = set()
    for m in matches:
        i = m.find(" ", len(p))
        out.add(m if i < 0 else m[: i + 1])
    return sorted(out)


def sub_multisets(goods: Counter) -> list[list[str]]:
    """Every non-empty sub-multiset, as sorted lists."""
    out = [[]]
    for g, n in sorted(goods.items()):
        out = [base + [g] * k for base in out for k in range(n + 1)]
    return [sorted(x) for x in out if x]


def store_sequences(rows: list, goods: Counter, prefix=()) -> list[list]:
    """Every storable ordered selection of goods, corn rows spelled out."""
    out = []
    for g in sorted(goods):
        if not goods[g] or g == "food":
            continue
        for row in wh.targets(rows, g):
            trial = [dict(good=r["good"], tiles=list(r["tiles"])) for r in rows]
            wh.put(trial, g, row)
            step = [g, row + 1 if g == "corn" else None]
            seq = list(prefix) + [step]
            out.append(seq)
            rest = goods.copy()
            rest[g] -= 1
            out += store_sequences(trial, rest, seq)
    return out


def candidates(state: dict, seat: int) -> list[dict]:
    phase = state["phase"]
    p = state["seats"][seat]
    out: list[dict] = []
    if phase == "draft":
        return [{"t": "pick", "role": r} for r in state["roles_open"]]
    if phase == "missions":
        if p["stage"] == "keep":
            return [{"t": "keep", "card": a, "other": b} for a in p["mission_hand"] for b in p["mission_hand"] if a != b]
        return [{"t": "choose", "card": c} for c in p["mission_in"]]
    if phase == "final":
        out = [{"t": "fstore", "good": g, "row": r + 1} for g, r in rules.final_options(p)]
        return out + [{"t": "fdone"}]
    if phase == "plan":
        return [act for _word, group in plan_groups(p) for act in group]
    if phase == "act":
        if state["pending"] is not None:
            rows = wh.targets(p["warehouse"], "corn")
            return [{"t": "corn", "row": r + 1} for r in rows] + [{"t": "corn", "row": "keep"}]
        out.append({"t": "pass"})
        pawn = p["pawn"]
        for loc in LOCATIONS:
            # only what ``h_move`` and ``h_step`` do not refuse before paying: a first drive is free
            # to anywhere, a cart drives to another location at most 3 away while carts are left,
            # a step goes to a neighbour (a prompt asks after every move: fewer refusals to raise)
            if pawn is None:
                out.append({"t": "move", "loc": loc})
                continue
            distance = actions.distance(state, pawn, loc)
            if loc != pawn and distance <= 3 and p["carts_used"] < p["carts"]:
                out.append({"t": "move", "loc": loc})
                if p["carts_used"] > 0:
                    out.append({"t": "move", "loc": loc, "coin": True})
            if distance == 1:
                out.append({"t": "step", "loc": loc})
                out.append({"t": "step", "loc": loc, "coin": True})
        if p["pawn"]:
            out += location_actions(state, p, p["pawn"])
        spaces = (["role"] if p["role"] else []) + list(p["exts"])
        for space in spaces:
            kind = rules.space_kind(p, space)
            if kind == "corn-store":
                out += [{"t": "use", "space": space, "args": [n]} for n in (1, 2)]
            elif "gain" in KINDS[kind]:
                out += [{"t": "use", "space": space, "args": [g]} for g in KINDS[kind]["gain"]]
        return out
    return out


def plan_groups(p: dict) -> list[tuple[str, Iterable[dict]]]:
    """A planning seat's candidates in :func:`candidates`' order, in groups of one first word
    each, made as they are read: ``verbs`` stops reading a group at its first legal candidate
    (planning is most of a game's positions, and its tiles times spaces most of their candidates)."""
    groups: list[tuple[str, Iterable[dict]]]
    if p["stage"] == "prep":
        groups = [("return", _returns(p)), ("draw", ({"t": "draw"},))]
    else:
        groups = [("plan", ({"t": "plan", "good": g, "to": s}
                            for g in sorted(set(rules.slot_goods(p))) for s in rules.plan_spaces(p))),
                  ("unplan", ({"t": "unplan", "good": g, "from": s} for s, g in p["added"])),
                  ("coin", ({"t": "coin", "to": s} for s in rules.coin_spaces(p))),
                  ("uncoin", ({"t": "uncoin", "from": s} for s, _n in p["coins_added"])),
                  ("done", ({"t": "done"},))]
    if rules.owns(p, "swap"):
        groups.append(("swap", ({"t": "swap", "good": g, "take": t}
                                for g in sorted(set(rules.slot_goods(p))) for t in ["bag"] + sorted(set(p["crate"])))))
    return groups


def _returns(p: dict):
    for space, tiles in p["spaces"].items():
        for g in sorted(set(tiles)):
            yield {"t": "return", "good": g, "from": space}
    for space, n in p["space_coins"].items():
        if n:
            yield {"t": "return", "good": "coin", "from": space}


def location_actions(state: dict, p: dict, loc: str) -> list[dict]:
    have = actions.available(p, loc)

    def act(name, args=()):
        return {"t": "act", "loc": loc, "a": name, "args": list(args)}

    def holds(need: dict) -> bool:
        """The tiles planned here pay ``need``: else ``actions._has`` refuses the action, so it is
        not tried (a prompt asks after every move: fewer refusals to word and raise)."""
        return all(have[g] >= n for g, n in need.items())

    out = []
    for (place, name), (need, _good) in actions.RECIPES.items():
        if place == loc and ((place, name) in actions.ACTIONS or holds(need)):
            out.append(act(name))
    if loc == "farm":
        out += [act("food", [n]) for n in range(1, have["alpaca"] + 1)]
    elif loc == "forest":
        for k in range(1, have["cacao"] + 1):
            out += [act("cacao", list(c)) for c in combinations_with_replacement(actions.CACAO_TRADE, k)]
    elif loc == "harbor":
        if holds(BOAT_COST):
            out += [act("boat", [b]) for b in state["boats"]] or [act("boat")]
    elif loc == "village":
        if holds(HOUSE_COST):
            out += [act("house", [h]) for h in state["houses"]] or [act("house")]
        out.append(act("cart"))
        out += [act("store", seq) for seq in store_sequences(p["warehouse"], have)]
    elif loc == "road":
        if holds(ROAD_COST):
            out.append(act("build"))
    elif loc == "market":
        out += [act("order", [o]) for o in state["orders"]] or [act("order")]
        out += [act("ext", [e]) for e in state["strip"] if e]
        missing = actions.order_missing(p)
        out += [act("deliver", s) for s in sub_multisets(have & missing)]
        sellable = Counter({g: n for g, n in have.items() if g in SELL_PRICE})
        out += [act("sell", s) for s in sub_multisets(sellable)]
    return out


def legal(state: dict, seat: int) -> list[str]:
    out = []
    for act in candidates(state, seat):
        try:
            actions.do(state, seat, act, dry=True)
        except RuleError:
            continue
        out.append(fmt(act))
    return out


#: a candidate's first word where it is not its type (``notation.fmt``): "final stop", "final
#: fish@2", "plan fish farm ..."; an action's is its location ("farm wool")
_WORD = {"fdone": "final", "fstore": "final", "plans": "plan"}


def first_word(act: dict) -> str:
    """``fmt(act)``'s first word, without formatting the rest (``verbs`` reads nothing else)."""
    t = act["t"]
    return act["loc"] if t == "act" else _WORD.get(t, t)


def verbs(state: dict, seat: int) -> list[str]:
    """The first words of :func:`legal_moves`, sorted as it lists them: one legal candidate per
    word is enough, so most candidates are never tried (a prompt asks this after every move)."""
    found: set[str] = set()
    if state["phase"] == "plan":
        return sorted(word for word, group in plan_groups(state["seats"][seat])
                      if any(_legal(state, seat, act) for act in group))
    for act in candidates(state, seat):
        word = first_word(act)
        if word not in found and _legal(state, seat, act):
            found.add(word)
    return sorted(found)


def has_verb(state: dict, seat: int, word: str) -> bool | None:
    """``word in verbs(state, seat)`` while planning, from that word's group alone (the prompt asks
    whether "draw" is open after every planning step); None in the other phases."""
    if state["phase"] != "plan":
        return None
    for name, group in plan_groups(state["seats"][seat]):
        if name == word:
            return any(_legal(state, seat, act) for act in group)
    return False


def _legal(state: dict, seat: int, act: dict) -> bool:
    try:
        actions.do(state, seat, act, dry=True)
    except RuleError:
        return False
    return True


def legal_moves(state: dict, seat: int, prefix: str = "") -> list[str]:
    return complete(legal(state, seat), prefix)


__all__ = ["legal_moves", "legal", "complete", "verbs", "has_verb"]
