"""Move text <-> action dicts.

Short, typable commands (lower case, single spaces after normalising):

    choose tenerife farm sell     secret card choice (1-5 cards; minus may repeat)
    place gomera                  round 1: put your ship on an empty berth
    move west gomera tenerife     one worker along lanes (1 step each; 4 per turn)
    farm palma wine wine sugar west west
                                  plant on one island; each west/east word is one
                                  of your workers there that helps (-1 coin per
                                  crop) and then goes to that worker ship
    farm tenerife dual-sugar      plant on the dual-use field (blocks its house space)
    sell canaria [wine ...]       sell the listed crops there (none listed: all)
    build lanzarote 6 9           found houses on spaces of those costs; dual-6 = dual space
    ship tenerife +sugar +sugar canaria fuerteventura [bump blue]
                                  sail (max 3 harbours); +crop takes one of your
                                  crops from the warehouse where the ship is,
                                  -crop drops one; the rest is unloaded at the end
    retreat palma                 your ship was pushed west: pick its harbour
    done                          end your turn

Island names: hierro, palma, gomera, tenerife, canaria, fuerteventura,
lanzarote (full names and unique prefixes work too).
"""

from __future__ import annotations

from games.core import NotationError, msg
from games.core.notation import excerpt, is_number, words

from . import data
from .data import CROPS, ISLAND_KEYS

VERBS = ("choose", "place", "move", "farm", "sell", "build", "ship", "retreat", "done")
VERB_ALIASES = {"pass": "done", "end": "done", "cultivate": "farm", "plant": "farm", "found": "build",
                "sail": "ship", "pick": "choose", "cards": "choose"}
COSTS = ("6", "9", "12")
#: A sample of each verb, for the message when one is typed bare.
EXAMPLES = {"choose": "choose tenerife farm sell", "place": "place gomera", "move": "move west gomera",
            "farm": "farm palma wine west", "sell": "sell canaria", "build": "build lanzarote 6",
            "ship": "ship tenerife +sugar canaria", "retreat": "retreat palma"}


def tokens(text: str) -> list[str]:
    s = " ".join(words(text))
    for phrase, key in data.MULTIWORD.items():
        s = s.replace(phrase, key)
    return s.split()


def _unique_prefix(token: str, names, what: str) -> str:
    if token in names:
        return token
    hits = [n for n in names if n.startswith(token)] if len(token) >= 2 else []
    if len(hits) == 1:
        return hits[0]
    raise NotationError("woa.err.not_a", token=excerpt(token), what=msg(f"woa.what.{what}"), names=list(names))


def island(token: str) -> str:
    token = data.ISLAND_ALIASES.get(token, token)
    return _unique_prefix(token, ISLAND_KEYS, "island")


def location(token: str) -> str:
    if token in data.WORKER_SHIPS:
        return token
    return island(token)


def crop(token: str) -> str:
    return _unique_prefix(token, CROPS, "crop")


def card(token: str) -> str:
    if is_number(token) and 1 <= int(token) <= len(data.CARDS):
        return data.CARDS[int(token) - 1]
    token = data.CARD_ALIASES.get(token, data.ISLAND_ALIASES.get(token, token))
    return _unique_prefix(token, data.CARDS, "card")


def colour(token: str, players: int) -> int:
    names = data.COLOURS[:players]
    return names.index(_unique_prefix(token, names, "colour"))


def parse(text: str, players: int = 5) -> dict:
    toks = tokens(text)
    if not toks:
        raise NotationError("woa.err.type_move")
    verb = VERB_ALIASES.get(toks[0], toks[0])
    if verb not in VERBS:
        raise NotationError("woa.err.unknown_verb", token=excerpt(toks[0]), verbs=[f"`{v}`" for v in VERBS])
    args = toks[1:]
    if verb == "done":
        if args:
            raise NotationError("woa.err.done_alone")
        return {"verb": "done"}
    if not args:
        raise NotationError("woa.err.needs_more", verb=verb, example=EXAMPLES[verb])
    if verb == "choose":
        return {"verb": "choose", "cards": [card(t) for t in args]}
    if verb in ("place", "retreat"):
        if len(args) != 1:
            raise NotationError("woa.err.one_island", verb=verb)
        return {"verb": verb, "island": island(args[0])}
    if verb == "move":
        path = [location(t) for t in args]
        if len(path) < 2:
            raise NotationError("woa.err.move_path")
        return {"verb": "move", "path": path}
    if verb == "farm":
        return parse_farm(args)
    if verb == "sell":
        return {"verb": "sell", "island": island(args[0]), "crops": [crop(t) for t in args[1:]]}
    if verb == "build":
        sites = []
        for t in args[1:]:
            bare = t.removeprefix("dual-")
            if bare not in COSTS:
                raise NotationError("woa.err.not_cost", token=excerpt(t))
            sites.append(t)
        return {"verb": "build", "island": island(args[0]), "sites": sites}
    return parse_ship(args, players)


def parse_farm(args) -> dict:
    isl = island(args[0])
    crops, helpers = [], []
    for t in args[1:]:
        if t in data.WORKER_SHIPS:
            helpers.append(t)
        elif helpers:
            raise NotationError("woa.err.farm_order")
        elif t.startswith("dual-"):
            crops.append("dual-" + crop(t[5:]))
        else:
            crops.append(crop(t))
    return {"verb": "farm", "island": isl, "crops": crops, "helpers": helpers}


def parse_ship(args, players) -> dict:
    items, bump = [], None
    i = 0
    while i < len(args):
        t = args[i]
        if t == "bump":
            if i + 2 != len(args):
                raise NotationError("woa.err.bump_last")
            bump = colour(args[i + 1], players)
            break
        if t[0] in "+-" and len(t) > 1:
            items.append(("take" if t[0] == "+" else "drop", crop(t[1:])))
        else:
            items.append(("go", island(t)))
        i += 1
    return {"verb": "ship", "items": items, "bump": bump}


def fmt(action: dict) -> str:
    """Canonical text of an action (parse(fmt(a)) == a)."""
    verb = action["verb"]
    if verb == "done":
        return "done"
    if verb == "choose":
        return "choose " + " ".join(action["cards"])
    if verb in ("place", "retreat"):
        return f"{verb} {action['island']}"
    if verb == "move":
        return "move " + " ".join(action["path"])
    if verb == "farm":
        return " ".join(["farm", action["island"], *action["crops"], *action["helpers"]])
    if verb == "sell":
        return " ".join(["sell", action["island"], *action["crops"]])
    if verb == "build":
        return " ".join(["build", action["island"], *action["sites"]])
    parts = ["ship"]
    for kind, arg in action["items"]:
        parts.append(arg if kind == "go" else ("+" if kind == "take" else "-") + arg)
    if action["bump"] is not None:
        parts += ["bump", data.COLOURS[action["bump"]]]
    return " ".join(parts)
