"""Legal-move generation, one token at a time (apart from applying).

``next_tokens(state, seat, tokens)`` answers: after these whole tokens, which
tokens may come next, and does each finish a move and/or allow more. The
``legal_moves`` contract is built on it, so even the build move (a shape and
up to six squares) is completed square by square.
"""

from __future__ import annotations

from ..core.messages import Worded, msg, worded
from ..core.notation import is_number
from . import actions as T
from . import board as B
from . import islands as I
from . import messages as AM
from . import rules as R
from .data import DEV_DESIGNED, DEVELOPMENTS, SHAPES, SHIPS, VILLAGE_COST

Token = tuple[str, bool, bool]   # (token, completes a move, more tokens may follow)


def legal_moves(state: dict, seat: int, prefix: str = "") -> list[str]:
    if state["finished"] or R.current_seat(state) != seat:
        return []
    low = prefix.lower()
    words = low.split()
    if low and not low.endswith(" "):
        done, partial = words[:-1], words[-1]
    else:
        done, partial = words, ""
    base = " ".join(t if i == 1 and done[0] in ("n", "v") else _canonical(t) for i, t in enumerate(done))
    base = base + " " if base else ""
    out = []
    tokens = next_tokens(state, seat, done)
    if not partial and len(done) == 2 and done[0] == "ship":
        tokens = _useful_first(state, tokens)
    for tok, complete, more in tokens:
        if not tok.lower().startswith(partial):
            continue
        if complete:
            out.append(base + tok)
        if more:
            out.append(base + tok + " ")
    return out


def verbs(state: dict, seat: int) -> list[str]:
    """The first words of ``legal_moves(state, seat, "")`` (``Game.verbs``: a prompt's words after
    every move): the first tokens themselves, without the listing's prefix handling."""
    if state["finished"] or R.current_seat(state) != seat:
        return []
    out: list[str] = []
    for tok, complete, more in next_tokens(state, seat, []):
        if (complete or more) and tok not in out:
            out.append(tok)
    return out


def _canonical(tok: str) -> str:
    """Squares upper case (C7), frame spaces (rim3) and words lower case."""
    if B.parse_cell(tok):
        return tok.upper()
    return tok


def next_tokens(state: dict, seat: int, toks: list[str]) -> list[Token]:
    turn = state["turn"]
    uses = _use_items(state, seat)
    if toks and toks[0] == "use":
        return [(i, True, False) for i in uses] if len(toks) == 1 else []
    use_stem = [("use", False, True)] if uses else []
    if turn is None:
        return _top(state, seat, toks) + (use_stem if not toks else [])
    if turn["action"] == "develop":
        if not toks:
            return [("take", False, True)] + use_stem
        if toks == ["take"]:
            return [(d, True, False) for d in state["dev"]["left"] + state["dev"]["right"] if d]
        return []
    fn = {"sail": _sail, "plan": _plan, "build": _build, "produce": _produce}[turn["action"]]
    if not toks:
        placing = turn["action"] == "sail" and len(state["ships"][seat]) < SHIPS
        return fn(state, seat, turn, toks) + use_stem + ([] if placing else [("done", True, False)])
    return fn(state, seat, turn, toks)


def _use_items(state, seat) -> list[str]:
    """Chests and one-shot tiles this seat may use right now."""
    p = state["seats"][seat]
    items = (["chest"] if p["chests"] else []) + [d for d in ("coins3", "coins5") if R.unused(state, seat, d)]
    turn = state["turn"]
    if turn and turn["action"] == "sail" and R.unused(state, seat, "sail8"):
        items.append("sail8")
    return items


def _top(state, seat, toks) -> list[Token]:
    colours = R.action_colours(state, seat)
    white = bool(state["tray"].get("white"))
    if not toks:
        out: list[Token] = [("coins", True, False)]
        if R.unused(state, seat, "vp"):
            out.append(("vp", True, False))
        for word in ("sail", "cannon", "plan", "develop", "build", "produce"):
            colour = R.COLOUR_OF_ACTION[word]
            if colour not in colours:
                continue
            if word in R.MULTI_STEP:
                if not T.cannot_start(state, seat, word):
                    out.append((word, True, False))
            elif _track_amounts(state, seat, word):
                out.append((word, False, True))
        if white and _track_amounts(state, seat, "order"):
            out.append(("order", False, True))
        if white and R.unused(state, seat, "first") and R.turn_order(state)[0] != seat:
            out.append(("first", True, False))
        return out
    if len(toks) == 1 and toks[0] in ("cannon", "develop", "order"):
        return [(str(n), True, False) for n in _track_amounts(state, seat, toks[0])]
    return []


def _track_amounts(state, seat, word) -> list[int]:
    p = state["seats"][seat]
    colour = R.COLOUR_OF_ACTION[word]
    key, end = {"cannon": ("cannons", R.CANNON_CAP), "develop": ("develop", R.DEVELOP_END),
                "order": ("special", R.SPECIAL_END)}[word]
    room = end - p[key]
    if room == 0:
        return [0]
    top = min(room, R.points_for(state, seat, colour) + p["coins"])
    return list(range(1, top + 1))


def _sail(state, seat, turn, toks) -> list[Token]:
    ships = state["ships"][seat]
    geo = R.geometry(state)
    if len(ships) < SHIPS:
        if not toks:
            return [("place", False, True)]
        if toks == ["place"]:
            return [(f, True, False) for f in geo["frame"]]
        return []
    if not toks:
        out: list[Token] = []
        if any(T.can_sail(state, seat, i) for i in range(SHIPS) if not turn["posted"][i]):
            out.append(("ship", False, True))
        if T.post_options(state, seat):
            out.append(("post", False, True))
        return out
    if toks == ["ship"]:
        return [(str(i + 1), False, True) for i in range(SHIPS)
                if not turn["posted"][i] and T.can_sail(state, seat, i)]
    if len(toks) == 2 and toks[0] == "ship" and toks[1] in ("1", "2"):
        i = int(toks[1]) - 1
        dests = T.ship_destinations(state, seat, i)
        return [(d, True, False) for d in _order_dests(state, dests)]
    if toks == ["post"]:
        return [(c, True, False) for c in T.post_options(state, seat)]
    return []


def _useful_first(state, tokens: list[Token]) -> list[Token]:
    """Ship destinations before a square is typed: only the anchors next to a
    free trading-post square when there are any (a typed square still lists
    and accepts every reachable square). This leads a new player, and random
    play, to the posts that open islands for building."""
    geo = R.geometry(state)
    useful = [t for t in tokens if any(c not in state["posts"] and c not in state["built"]
                                       for c in geo["anchors"].get(t[0], []))]
    return useful or tokens


def _order_dests(state, dests: dict) -> list[str]:
    """Anchors with a free post square first, then by distance, then name."""
    geo = R.geometry(state)

    def useful(d):
        return any(c not in state["posts"] and c not in state["built"] for c in geo["anchors"].get(d, []))

    return sorted(dests, key=lambda d: (not useful(d), dests[d], d))


def _plan(state, seat, turn, toks) -> list[Token]:
    p = state["seats"][seat]
    money = R.affordable(state, seat, turn)
    neutral_ok = turn["neutral"] < T.neutral_limit(state, seat)
    n_shapes = [s for s in SHAPES if neutral_ok and state["neutral"].get(s, 0) > 0 and len(SHAPES[s]) <= money]
    v_shapes = [s for s in SHAPES if p["village"].get(s, 0) > 0 and VILLAGE_COST <= money]
    if not toks:
        return ([("n", False, True)] if n_shapes else []) + ([("v", False, True)] if v_shapes else [])
    if toks == ["n"]:
        return [(s, True, False) for s in n_shapes]
    if toks == ["v"]:
        return [(s, True, False) for s in v_shapes]
    return []


def _build(state, seat, turn, toks) -> list[Token]:
    p = state["seats"][seat]
    money = R.affordable(state, seat, turn)

    def shapes(kind):
        hand = p["hand_n"] if kind == "n" else p["hand_v"]
        out = []
        for s, n in hand.items():
            cost = len(SHAPES[s]) if kind == "n" else VILLAGE_COST
            if n > 0 and cost <= money and I.placements(state, seat, s):
                out.append(s)
        return [s for s in SHAPES if s in out]

    if not toks:
        return [(k, False, True) for k in ("n", "v") if shapes(k)]
    if len(toks) == 1:
        return [(s, False, True) for s in shapes(toks[0])] if toks[0] in ("n", "v") else []
    kind, shape, chosen = toks[0], toks[1], [c.upper() for c in toks[2:]]
    if kind not in ("n", "v") or shape not in shapes(kind):
        return []
    size = len(SHAPES[shape])
    if len(chosen) >= size:
        return []
    fits = [pl for pl in I.placements(state, seat, shape) if set(chosen) <= set(pl)]
    nxt = sorted({c for pl in fits for c in pl if c not in chosen}, key=B.parse_cell)
    last = len(chosen) + 1 == size
    return [(c, last, not last) for c in nxt]


def _produce(state, seat, turn, toks) -> list[Token]:
    money = R.affordable(state, seat, turn)
    tiles = sorted({t for t in state["prod"]["display"] if int(t[-1]) <= money})
    if not toks:
        return [("buy", False, True)] if tiles else []
    if toks == ["buy"]:
        return [(t, True, False) for t in tiles]
    return []


def hint(state: dict, seat: int, move: str) -> str:
    """A short cost note for autocomplete labels."""
    toks = move.lower().split()
    if not toks or R.current_seat(state) != seat:
        return ""
    turn = state["turn"]
    head = toks[0]
    if turn is None:
        if head == "coins":
            return worded("ame.hint.plus_coins", n=R.coins_for_cubes(state, seat))
        if head == "vp":
            return worded("ame.hint.plus_vp", n=R.cubes_shown(state))
        if head in R.MULTI_STEP:
            return worded("ame.hint.points", n=R.points_for(state, seat, R.COLOUR_OF_ACTION[head]))
        if head in ("cannon", "develop", "order") and len(toks) == 2 and is_number(toks[1]):
            short = int(toks[1]) - R.points_for(state, seat, R.COLOUR_OF_ACTION[head])
            return worded("ame.hint.coins", n=short) if short > 0 else ""
        return ""
    cost = None
    if turn["action"] in ("plan", "build") and head in ("n", "v") and len(toks) > 1 and toks[1] in SHAPES:
        cost = len(SHAPES[toks[1]]) if head == "n" else VILLAGE_COST
    elif head == "buy" and len(toks) == 2 and is_number(toks[1][-1:]):
        cost = int(toks[1][-1])
    elif head == "ship" and len(toks) == 3 and toks[1] in ("1", "2"):
        dests = T.ship_destinations(state, seat, int(toks[1]) - 1)
        dest = toks[2] if B.frame_number(toks[2]) else toks[2].upper()
        steps = dests.get(T.frame_space(state, dest) if B.frame_number(dest) else dest)
        if steps is None:
            return ""
        short = steps - (turn["budget"] - turn["moved"][int(toks[1]) - 1])
        return _notes(msg("ame.hint.steps", n=steps), short)
    if head == "take" and len(toks) == 2 and toks[1] in DEVELOPMENTS:
        what = AM.dev(toks[1])
        return worded("ame.hint.designed", what=what) if toks[1] in DEV_DESIGNED else Worded(what)
    if cost is None:
        return ""
    return _notes(msg("ame.hint.points", n=cost), cost - R.left(turn))


def _notes(first, short: int):
    """``first``, and the coins that pay for ``short`` missing points."""
    return worded("ame.hint.notes", notes=[first] + ([msg("ame.hint.coins", n=short)] if short > 0 else []))
