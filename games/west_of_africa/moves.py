"""Legal-move generation by next-token completion (apart from applying).

``legal_moves`` parses the tokens already typed, then lists the tokens that
may follow. Each candidate comes back as a complete move (plays as is),
a stem (ends in a space: more tokens needed), or both. The per-verb
generators mirror the checks in ``actions`` closely enough that every listed
complete move is accepted; the contract tests hold them to that.
"""

from __future__ import annotations

from games.core import RuleError
from games.core.messages import msg

from . import data, notation
from . import messages as WM
from .actions import farm_cost, needs_bump_choice
from .data import CROPS, PLOTS
from .rules import (
    available_verbs,
    can_build_somewhere,
    chosen_islands,
    current_seat,
    free_berth,
)


def legal_moves(state, seat: int, prefix: str = "") -> list[str]:
    low = " ".join(prefix.lower().split()) + (" " if prefix.endswith(" ") and prefix.strip() else "")
    if low.endswith(" ") or not low:
        head_text, partial = low, ""
    else:
        head_text, _, partial = low.rpartition(" ")
        head_text = head_text + " " if head_text else ""
    head = notation.tokens(head_text)
    try:
        cands = _candidates(state, seat, head)
    except RuleError:
        return []
    out = []
    for token, complete, stem in cands:
        if not token.startswith(partial):
            continue
        if complete:
            out.append(head_text + token)
        if stem:
            out.append(head_text + token + " ")
    # entries must start with what was typed (the caller compares case-insensitively)
    out = [e for e in out if e.startswith(low)]
    if len(out) > 25:  # Discord shows 25: keep every next token reachable (stems first)
        out = [e for e in out if e.endswith(" ")] + [e for e in out if not e.endswith(" ")]
    return out


def top_level(state, seat) -> list[tuple[str, bool, bool]]:
    if state["phase"] == "over":
        return []
    if state["phase"] == "choose":
        return [("choose", False, True)] if state["choice"][seat] is None else []
    verbs = available_verbs(state, seat)
    if verbs == ["retreat"]:
        return [("retreat", False, True)]
    out = [(v, False, True) for v in verbs]
    if current_seat(state) == seat and not state["pending"] and "place" not in verbs:
        out.append(("done", True, False))
    return out


def _candidates(state, seat, head: list[str]) -> list[tuple[str, bool, bool]]:
    if not head:
        return top_level(state, seat)
    verb = notation.VERB_ALIASES.get(head[0], head[0])
    allowed = {v for v, _, _ in top_level(state, seat)}
    if verb not in allowed:
        return []
    args = head[1:]
    return GENERATORS[verb](state, seat, args)


def _choose(state, seat, args):
    picked = [notation.card(t) for t in args]
    n = len(picked)
    limit = 5 if state["coins"][seat] >= data.FIFTH_CARD_COST else 4
    if n >= limit:
        return []
    out = []
    for c in data.CARDS:
        if c == "minus":
            if picked.count("minus") >= state["minus"][seat]:
                continue
        elif c in picked:
            continue
        out.append((c, True, n + 1 < limit))
    return out


def choice_notes(state, seat, cards: list[str]) -> list:
    """Why a card choice would leave farm / sell / build with nothing to do (messages).

    Shown next to the choice while picking, so a newcomer learns that these
    actions need a matching island card (and where their crops and mayors are).
    """
    islands = [c for c in cards if c in data.ISLANDS]
    notes = []
    if "farm" in cards and not any(_has_fields(i) for i in islands):
        notes.append(msg("woa.hint.farm_needs"))
    if "sell" in cards:
        stocked = [i for i in data.ISLAND_KEYS if sum(state["warehouses"][i][seat].values())]
        if not stocked:
            notes.append(msg("woa.hint.sell_nothing"))
        elif not set(stocked) & set(islands):
            notes.append(msg("woa.hint.sell_on", islands=[WM.island(i) for i in stocked]))
    if "build" in cards:
        mayor = [i for i in data.ISLAND_KEYS if state["mayors"][i] == seat and _has_sites(i)]
        if state["round"] == 1:
            notes.append(msg("woa.hint.build_round1"))
        elif not mayor:
            notes.append(msg("woa.hint.build_no_mayor"))
        elif not set(mayor) & set(islands):
            notes.append(msg("woa.hint.build_mayor_of", islands=[WM.island(i) for i in mayor]))
    return notes


def _has_fields(island: str) -> bool:
    return any(p[0] in ("field", "dual") for p in PLOTS[island])


def _has_sites(island: str) -> bool:
    return any(p[0] in ("site", "dual") for p in PLOTS[island])


def _place(state, seat, args):
    if args:
        return []
    return [(i, True, False) for i in data.ISLAND_KEYS if free_berth(state, i)]


def _retreat(state, seat, args):
    if args:
        return []
    return [(i, True, False) for i in state["pending"]["options"]]


def _move(state, seat, args):
    ap = state["turn"]["ap"]
    if not args:
        return [(loc, False, True) for loc in sorted(set(state["workers"][seat]))]
    path = [notation.location(t) for t in args]
    if path[0] not in state["workers"][seat]:
        return []
    steps = len(path)  # steps after one more token
    if steps > ap:
        return []
    # a place already on the path is never offered: the walk back ends where a shorter one does,
    # for more action points (typed, it is still accepted)
    out = []
    for nxt in data.WORKER_ADJ[path[-1]]:
        if nxt not in path:
            onward = steps < ap and any(n not in path and n != nxt for n in data.WORKER_ADJ[nxt])
            out.append((nxt, True, onward))
    return out


def _free_fields(state, island):
    plain = dict.fromkeys(CROPS, 0)
    dual = dict.fromkeys(CROPS, 0)
    for i, p in enumerate(PLOTS[island]):
        if p[0] in ("field", "dual") and state["plots"][island][i] is None:
            (plain if p[0] == "field" else dual)[p[1]] += 1
    return plain, dual


def _farm(state, seat, args):
    coins = state["coins"][seat]
    if not args:
        out = []
        for isl in chosen_islands(state, seat):
            if _farm(state, seat, [isl]):
                out.append((isl, False, True))
        return out
    isl = notation.island(args[0])
    if isl not in chosen_islands(state, seat):
        return []
    parsed = notation.parse_farm(args)
    crops, helpers = parsed["crops"], parsed["helpers"]
    plain, dual = _free_fields(state, isl)
    supply = dict(state["supply"][seat])
    for t in crops:
        c = t.removeprefix("dual-")
        supply[c] -= 1
        if t.startswith("dual-") or plain[c] == 0:
            dual[c] -= 1
        else:
            plain[c] -= 1
    if min(supply.values()) < 0 or min(dual.values()) < 0:
        return []
    here = min(data.FARM_COST, state["workers"][seat].count(isl))
    out = []
    n, h = len(crops), len(helpers)
    if not helpers:
        for token, c, is_dual in _crop_options(plain, dual, supply):
            if farm_cost(n + 1, here) > coins:
                continue
            # after this token: helpers, or another crop that is still affordable
            p2, d2, s2 = dict(plain), dict(dual), dict(supply)
            s2[c] -= 1
            if is_dual or p2[c] == 0:
                d2[c] -= 1
            else:
                p2[c] -= 1
            more = here > 0 or (bool(_crop_options(p2, d2, s2)) and farm_cost(n + 2, here) <= coins)
            out.append((token, farm_cost(n + 1, 0) <= coins, more))
    if n and h < here:
        for ship in data.WORKER_SHIPS:
            out.append((ship, farm_cost(n, h + 1) <= coins, h + 1 < here))
    return out


def _crop_options(plain, dual, supply) -> list[tuple[str, str, bool]]:
    """Crop tokens that fit a free field: (token, crop, dual-only)."""
    out = []
    for c in CROPS:
        if supply[c] <= 0:
            continue
        if plain[c] + dual[c] > 0:
            out.append((c, c, False))
        if dual[c] > 0 and plain[c] > 0:
            out.append(("dual-" + c, c, True))
    return out


def _sell(state, seat, args):
    if not args:
        out = []
        for isl in chosen_islands(state, seat):
            if sum(state["warehouses"][isl][seat].values()):
                out.append((isl, True, True))
        return out
    isl = notation.island(args[0])
    if isl not in chosen_islands(state, seat):
        return []
    stock = dict(state["warehouses"][isl][seat])
    for t in args[1:]:
        stock[notation.crop(t)] -= 1
    if min(stock.values()) < 0:
        return []
    left = sum(stock.values())
    return [(c, True, left > 1) for c in CROPS if stock[c] > 0]


def _build(state, seat, args, deep=True):
    if not can_build_somewhere(state, seat):
        return []
    if not args:
        out = []
        for isl in chosen_islands(state, seat):
            if state["mayors"][isl] == seat and _build(state, seat, [isl]):
                out.append((isl, False, True))
        return out
    isl = notation.island(args[0])
    if isl not in chosen_islands(state, seat) or state["mayors"][isl] != seat:
        return []
    free = {}
    for i, p in enumerate(PLOTS[isl]):
        if p[0] in ("site", "dual") and state["plots"][isl][i] is None:
            free[(p[0], p[-1])] = free.get((p[0], p[-1]), 0) + 1
    spent = 0
    for t in args[1:]:
        cost = int(t.removeprefix("dual-"))
        key = ("dual", cost) if t.startswith("dual-") or not free.get(("site", cost)) else ("site", cost)
        if not free.get(key):
            return []
        free[key] -= 1
        spent += cost
    n = len(args) - 1
    if n >= state["track"]:
        return []
    coins = state["coins"][seat] - spent
    out = []
    for cost in (6, 9, 12):
        plain_n, dual_n = free.get(("site", cost), 0), free.get(("dual", cost), 0)
        if cost > coins:
            continue
        tokens = ([str(cost)] if plain_n + dual_n else []) + ([f"dual-{cost}"] if dual_n and plain_n else [])
        for t in tokens:
            more = bool(_build(state, seat, args + [t], deep=False)) if deep else True
            out.append((t, True, more))
    return out


def _ship(state, seat, args, deep=True):
    if args and args[-1] == "bump":
        pos, steps, _, _, _ = _sail(state, seat, args[:-1])
        victims = needs_bump_choice(state_with_ship(state, seat, pos), seat, pos)
        return [(data.COLOURS[v], True, False) for v in victims]
    if "bump" in args:
        return []
    pos, steps, hold, loaded, dropped = _sail(state, seat, args)
    out = []
    if steps < data.SHIP_STEPS:
        for nxt in data.SHIP_ADJ[pos]:
            choice = needs_bump_choice(state_with_ship(state, seat, nxt), seat, nxt)
            out.append((nxt, not choice, _more(state, seat, args, nxt, deep)))
    stock = _stock_after(state, seat, args, pos)
    if len(hold) < 3:
        for c in CROPS:
            if stock[c] > 0 and c not in dropped:
                token = "+" + c
                done = steps > 0 and not _needs_bump(state, seat, pos)
                out.append((token, done, _more(state, seat, args, token, deep)))
    for c in sorted(set(hold)):
        if c not in loaded:
            token = "-" + c
            done = steps > 0 and not _needs_bump(state, seat, pos)
            out.append((token, done, _more(state, seat, args, token, deep)))
    if steps > 0 and _needs_bump(state, seat, pos):
        out.append(("bump", False, True))
    return out


def _more(state, seat, args, token, deep) -> bool:
    """Whether a ship token can be followed by more (one level deep is enough)."""
    return bool(_ship(state, seat, args + [token], deep=False)) if deep else True


def _needs_bump(state, seat, pos) -> bool:
    return bool(needs_bump_choice(state_with_ship(state, seat, pos), seat, pos))


def state_with_ship(state, seat, pos):
    """A shallow stand-in with the mover's ship at ``pos`` (for berth checks)."""
    ships = list(state["ships"])
    ships[seat] = pos
    return {"players": state["players"], "ships": ships}


def _sail(state, seat, args):
    """Walk the typed ship items: (position, steps, hold, loaded here, dropped here)."""
    pos = state["ships"][seat]
    steps, hold, loaded, dropped = 0, [], set(), set()
    stock_delta: dict = {}
    for t in args:
        if t[0] in "+-" and len(t) > 1:
            c = notation.crop(t[1:])
            key = (pos, c)
            if t[0] == "+":
                have = state["warehouses"][pos][seat][c] + stock_delta.get(key, 0)
                if have <= 0 or len(hold) >= 3 or c in dropped:
                    raise RuleError("cannot take")
                stock_delta[key] = stock_delta.get(key, 0) - 1
                hold.append(c)
                loaded.add(c)
            else:
                if c not in hold or c in loaded:
                    raise RuleError("cannot drop")
                hold.remove(c)
                stock_delta[key] = stock_delta.get(key, 0) + 1
                dropped.add(c)
        else:
            nxt = notation.island(t)
            if steps >= data.SHIP_STEPS or nxt not in data.SHIP_ADJ[pos]:
                raise RuleError("no lane")
            pos, steps, loaded, dropped = nxt, steps + 1, set(), set()
    return pos, steps, hold, loaded, dropped


def _stock_after(state, seat, args, pos) -> dict:
    stock = dict(state["warehouses"][pos][seat])
    here = state["ships"][seat]
    for t in args:
        if t[0] in "+-" and len(t) > 1:
            if here == pos:
                stock[notation.crop(t[1:])] += -1 if t[0] == "+" else 1
        else:
            here = notation.island(t)
    return stock


GENERATORS = {
    "choose": _choose,
    "place": _place,
    "retreat": _retreat,
    "move": _move,
    "farm": _farm,
    "sell": _sell,
    "build": _build,
    "ship": _ship,
    "done": lambda state, seat, args: [],
}

__all__ = ["legal_moves"]
