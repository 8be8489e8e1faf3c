"""Move text <-> action dict. ``parse(fmt(a)) == a`` for every action.

Ids (extensions e01, orders o01, houses h01, boats b01, missions m01) are
typed in any case and kept upper case inside the state.
"""

from __future__ import annotations

import re

from games.core import NotationError, msg
from games.core.notation import excerpt, is_number, number, words

from . import messages as M
from .data import BOATS, EXTENSIONS, GOODS, HOUSES, LOCATIONS, MISSIONS, ORDERS, ROLES

ID_RE = re.compile(r"^[ehobm]\d\d$")


#: what an unknown move is answered with: moves to try
EXAMPLES = ("plan fish harbor", "done", "move farm", "farm wool", "village store fish", "pass")

def _good(tok: str) -> str:
    if tok not in GOODS:
        raise NotationError("alt.err.not_good", token=excerpt(tok), goods=list(GOODS))
    return tok


def _id(tok: str, table: dict, what: str) -> str:
    key = tok.upper()
    if key not in table:
        ids = sorted(table)
        raise NotationError("alt.err.not_id", token=excerpt(tok), what=msg(f"alt.what.{what.split()[0]}"),
                            first=ids[0].lower(), last=ids[-1].lower())
    return key


def _space(tok: str) -> str:
    if tok in LOCATIONS or tok in ("move", "role"):
        return tok
    if tok.upper() in EXTENSIONS:
        return tok.upper()
    raise NotationError("alt.err.not_space", token=excerpt(tok))


def _loc(tok: str) -> str:
    if tok not in LOCATIONS:
        raise NotationError("alt.err.not_location", token=excerpt(tok), locations=list(LOCATIONS))
    return tok


def _good_row(tok: str) -> tuple[str, int | None]:
    if "@" in tok:
        good, _, row = tok.partition("@")
        return _good(good), number(row, msg("alt.what.row"))
    return _good(tok), None


def _arity(toks, n, usage):
    if len(toks) != n:
        raise NotationError("alt.err.write_as", usage=usage)


def parse(text: str) -> dict:
    toks = words(text)
    if not toks:
        raise NotationError("alt.err.type_move")
    head, rest = toks[0], toks[1:]
    if head == "pick":
        _arity(rest, 1, "pick <role>")
        if rest[0] not in ROLES:
            raise NotationError("alt.err.roles", roles=sorted(ROLES))
        return {"t": "pick", "role": rest[0]}
    if head == "keep":
        if len(rest) != 3 or rest[1] != "give":
            raise NotationError("alt.err.keep_usage")
        return {"t": "keep", "card": _id(rest[0], MISSIONS, "mission"), "other": _id(rest[2], MISSIONS, "mission")}
    if head == "choose":
        _arity(rest, 1, "choose m07")
        return {"t": "choose", "card": _id(rest[0], MISSIONS, "mission")}
    if head == "return":
        _arity(rest, 2, "return <good|coin> <space>")
        good = "coin" if rest[0] == "coin" else _good(rest[0])
        return {"t": "return", "good": good, "from": _space(rest[1])}
    if head in ("draw", "done", "pass") or (head == "final" and rest == ["stop"]):
        if head != "final":
            _arity(rest, 0, head)
        return {"t": "fdone"} if head == "final" else {"t": head}
    if head == "swap":
        _arity(rest, 2, "swap <good> bag|<good from crate>")
        return {"t": "swap", "good": _good(rest[0]), "take": "bag" if rest[1] == "bag" else _good(rest[1])}
    if head == "plan" and len(rest) != 2:
        return _parse_plans(rest)
    if head in ("plan", "unplan"):
        _arity(rest, 2, f"{head} <good> <space>")
        key = "to" if head == "plan" else "from"
        return {"t": head, "good": _good(rest[0]), key: _space(rest[1])}
    if head in ("coin", "uncoin"):
        _arity(rest, 1, f"{head} <space>")
        return {"t": head, ("to" if head == "coin" else "from"): _space(rest[0])}
    if head in ("move", "step"):
        if not rest or len(rest) > 2 or (len(rest) == 2 and rest[1] != "coin"):
            raise NotationError("alt.err.go_usage", head=head)
        act = {"t": head, "loc": _loc(rest[0])}
        if len(rest) == 2:
            act["coin"] = True
        return act
    if head == "corn":
        _arity(rest, 1, "corn <row> (or corn keep)")
        return {"t": "corn", "row": "keep" if rest[0] == "keep" else number(rest[0], msg("alt.what.row"))}
    if head == "final":
        _arity(rest, 1, "final <good>[@row] or final stop")
        good, row = _good_row(rest[0])
        return {"t": "fstore", "good": good, "row": row}
    if head == "use":
        if not rest:
            raise NotationError("alt.err.use_usage")
        space = "role" if rest[0] == "role" else _id(rest[0], EXTENSIONS, "extension")
        args = rest[1:]
        if len(args) > 1:
            raise NotationError("alt.err.use_words")
        if args and is_number(args[0]):
            return {"t": "use", "space": space, "args": [int(args[0])]}
        return {"t": "use", "space": space, "args": [_good(a) for a in args]}
    if head in LOCATIONS:
        return _parse_basic(head, rest)
    raise NotationError("alt.err.unknown", examples=[f"`{m}`" for m in EXAMPLES])


def _parse_plans(rest: list[str]) -> dict:
    """``plan fish harbor food move done``: several placements in one secret
    move, optionally ending the planning too."""
    done = bool(rest) and rest[-1] == "done"
    parts = rest[:-1] if done else rest
    if not parts or len(parts) % 2:
        raise NotationError("alt.err.plan_usage")
    pairs = [[_good(parts[i]), _space(parts[i + 1])] for i in range(0, len(parts), 2)]
    return {"t": "plans", "pairs": pairs, "done": done}


def _parse_basic(loc: str, rest: list[str]) -> dict:
    if not rest:
        raise NotationError("alt.err.which_action", loc=M.space(loc), example=f"{loc} {_EXAMPLE[loc]}")
    name, args = rest[0], rest[1:]
    act = {"t": "act", "loc": loc, "a": name, "args": []}
    if (loc, name) == ("farm", "food"):
        act["args"] = [number(args[0], msg("alt.what.alpacas"))] if args else [1]
        if len(args) > 1:
            raise NotationError("alt.err.farm_usage")
    elif (loc, name) == ("forest", "cacao"):
        act["args"] = sorted(_good(a) for a in args)
    elif (loc, name) == ("harbor", "boat"):
        act["args"] = [_id(args[0], BOATS, "boat card")] if args else []
        _arity(args[1:], 0, "harbor boat b03")
    elif (loc, name) == ("village", "house"):
        act["args"] = [_id(args[0], HOUSES, "house card")] if args else []
        _arity(args[1:], 0, "village house h03")
    elif (loc, name) == ("village", "store"):
        act["args"] = [list(_good_row(a)) for a in args]
    elif (loc, name) == ("market", "order"):
        act["args"] = [_id(args[0], ORDERS, "order card")] if args else []  # none: the supply is empty
        _arity(args[1:], 0, "market order o05")
    elif (loc, name) == ("market", "ext"):
        _arity(args, 1, "market ext e05")
        act["args"] = [_id(args[0], EXTENSIONS, "extension")]
    elif (loc, name) in (("market", "deliver"), ("market", "sell")):
        act["args"] = sorted(_good(a) for a in args)
    else:
        act["args"] = list(args)
    return act


_EXAMPLE = {"farm": "wool", "forest": "wood", "mine": "silver", "harbor": "food",
            "village": "store fish", "road": "build", "market": "order o05"}


def _tok(x) -> str:
    return x.lower() if isinstance(x, str) else str(x)


def fmt(act: dict) -> str:
    t = act["t"]
    if t == "pick":
        return f"pick {act['role']}"
    if t == "keep":
        return f"keep {act['card'].lower()} give {act['other'].lower()}"
    if t == "choose":
        return f"choose {act['card'].lower()}"
    if t == "return":
        return f"return {act['good']} {_tok(act['from'])}"
    if t in ("draw", "done", "pass"):
        return t
    if t == "fdone":
        return "final stop"
    if t == "swap":
        return f"swap {act['good']} {act['take']}"
    if t == "plan":
        return f"plan {act['good']} {_tok(act['to'])}"
    if t == "plans":
        parts = [w for g, sp in act["pairs"] for w in (g, _tok(sp))]
        return " ".join(["plan"] + parts + (["done"] if act["done"] else []))
    if t == "unplan":
        return f"unplan {act['good']} {_tok(act['from'])}"
    if t == "coin":
        return f"coin {_tok(act['to'])}"
    if t == "uncoin":
        return f"uncoin {_tok(act['from'])}"
    if t in ("move", "step"):
        return f"{t} {act['loc']}" + (" coin" if act.get("coin") else "")
    if t == "corn":
        return f"corn {act['row']}"
    if t == "fstore":
        return f"final {act['good']}" + (f"@{act['row']}" if act["row"] is not None else "")
    if t == "use":
        return " ".join(["use", _tok(act["space"])] + [_tok(a) for a in act["args"]])
    if t == "act":
        parts = [act["loc"], act["a"]]
        for a in act["args"]:
            if isinstance(a, list):
                parts.append(a[0] + (f"@{a[1]}" if a[1] is not None else ""))
            else:
                parts.append(_tok(a))
        return " ".join(parts)
    raise ValueError(t)
