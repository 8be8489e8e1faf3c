"""Move text <-> sub-commands, in the online site's notation.

A row is sub-commands joined by '.': ``burn 2. action ACT6. transform E8 to
red. build D7``. ``parse_row`` returns a list of ``(verb, args)`` tuples and
``format_command`` turns one back into text (``parse(format(c)) == c``).
Case-insensitive; hexes come back normalised (``E5``, ``r3``).
"""

from __future__ import annotations

import re
from functools import lru_cache

from ..core import NotationError
from ..core.messages import msg
from ..core.notation import excerpt, number
from . import messages  # noqa: F401  (registers the refusals worded here)
from .board import hex_id
from .data import BUILDING_ALIASES, COLOUR_ALIASES, COLOURS, CULTS, FACTIONS

RESOURCE_ALIASES = {"pw": "PW", "power": "PW", "p": "P", "priest": "P", "priests": "P", "w": "W",
                    "worker": "W", "workers": "W", "c": "C", "coin": "C", "coins": "C", "vp": "VP"}

HELP = (
    "Terra Mystica in the online notation; several parts joined by '. '\n"
    "build E5 | upgrade E5 to TP|TE|SH|SA | transform E5 to red | dig 1\n"
    "send p to FIRE [for 1] | action ACT1..ACT6|BON1|BON2|FAV6|ACTA|ACTC|ACTE|ACTG|ACTN|ACTS|ACTW\n"
    "bridge C2:D4 | connect r1 | advance ship|dig | convert 2PW to 2C | burn 2\n"
    "pass BON7 | leech 1 from witches | decline | +FAV11 | +TW2 | +FIRE | -SPADE | done\n"
    "setup witches (faction choice at the start) | pick-color gray | -3FIRE\n"
    "unlock-terrain green|gain-priest | gain P3 for VP | -GAIN_P3_FOR_VP | action ACTH5 | bid witches 37"
)

_UPGRADE = re.compile(r"^upgrade (\S+) to (.+)$")
_SEND = re.compile(r"^send (?:p|priest) to (\w+)(?: for (\d+))?$")
_CONVERT = re.compile(r"^convert (.+?) to (.+)$")
_BON = re.compile(r"^bon\d+$")
_LEECH = re.compile(r"^leech (\d+) from (\w+)$")
_DECLINE = re.compile(r"^decline (\d+) from (\w+)$")
_GAIN = re.compile(r"^([+-])(\d*)([a-z]+)(\d*)$")
#: the site's refusal of the Darklings' stronghold conversion (``-3CONVERT_W_TO_P``)
_NO_CONVERT = re.compile(r"^-(\d*)convert_w_to_p$")
_PARTS = re.compile(r"\.(?:\s+|$)")


def _hex(text: str) -> str:
    h = hex_id(text)
    if h is None:
        raise NotationError("tm.err.not_hex", text=excerpt(text))
    return h


def _faction(text: str) -> str:
    t = text.lower().replace(" ", "")
    if t not in FACTIONS:
        raise NotationError("tm.err.not_faction", text=excerpt(text), factions=list(FACTIONS))
    return t


def _cult(text: str) -> str:
    t = text.upper()
    if t not in CULTS:
        raise NotationError("tm.err.not_cult", text=excerpt(text))
    return t


def _colour(text: str) -> int:
    colour = COLOUR_ALIASES.get(text, text)
    if colour not in COLOURS:
        raise NotationError("tm.err.not_colour", text=excerpt(text), colours=list(COLOURS))
    return COLOURS.index(colour)


_AMOUNT = re.compile(r"^(\d*)\s*([a-z]+)$")


def _amount(text: str) -> tuple[int, str]:
    m = _AMOUNT.match(text.strip())
    if not m or m.group(2) not in RESOURCE_ALIASES:
        raise NotationError("tm.err.not_amount", text=excerpt(text))
    return int(m.group(1) or 1), RESOURCE_ALIASES[m.group(2)]


@lru_cache(maxsize=4096)
def parse_command(text: str) -> tuple:
    """One sub-command -> (verb, *args). Cached: a game repeats the same few
    hundred sub-commands (leeches, passes, builds), and the result is an
    immutable tuple; a refusal is raised again each time."""
    t = " ".join(text.lower().split())
    words = t.split(" ")
    verb, rest = words[0], words[1:]
    if verb == "build" and len(rest) == 1:
        return ("build", _hex(rest[0]))
    if verb == "upgrade":
        m = _UPGRADE.match(t)
        if m:
            kind = m.group(2).strip()
            kind = BUILDING_ALIASES.get(kind, kind.upper())
            if kind not in ("TP", "TE", "SH", "SA"):
                raise NotationError("tm.err.upgrade_kind", kind=excerpt(m.group(2)))
            return ("upgrade", _hex(m.group(1)), kind)
    if verb == "transform" and rest:
        h = _hex(rest[0])
        if len(rest) == 1:
            return ("transform", h, None)
        if len(rest) == 3 and rest[1] == "to":
            return ("transform", h, _colour(rest[2]))
    if verb == "dig" and len(rest) == 1:
        return ("dig", number(rest[0], msg("tm.what.spades")))
    if verb == "send":
        m = _SEND.match(t)
        if m:
            return ("send", _cult(m.group(1)), int(m.group(2)) if m.group(2) else None)
    if verb == "action" and len(rest) == 1:
        return ("action", rest[0].upper())
    if verb == "bridge" and len(rest) == 1 and ":" in rest[0]:
        a, b = rest[0].split(":", 1)
        return ("bridge", _hex(a), _hex(b))
    if verb == "connect" and len(rest) == 1:
        return ("connect", tuple(_hex(x) for x in rest[0].split(":")))
    if verb == "advance" and len(rest) == 1:
        track = {"ship": "ship", "shipping": "ship", "dig": "dig", "digging": "dig"}.get(rest[0])
        if track:
            return ("advance", track)
    if verb == "convert":
        m = _CONVERT.match(t)
        if m:
            n, src = _amount(m.group(1))
            k, dst = _amount(m.group(2))
            return ("convert", n, src, k, dst)
    if verb == "burn" and len(rest) == 1:
        return ("burn", number(rest[0], msg("tm.what.power_n")))
    if verb == "pass":
        if not rest:
            return ("pass", None)
        if len(rest) == 1 and _BON.match(rest[0]):
            return ("pass", rest[0].upper())
    if verb == "leech":
        m = _LEECH.match(t)
        if m:
            return ("leech", int(m.group(1)), _faction(m.group(2)))
    if verb == "decline":
        if not rest:
            return ("decline", None, None)
        m = _DECLINE.match(t)
        if m:
            return ("decline", int(m.group(1)), _faction(m.group(2)))
        if len(rest) == 1:
            return ("decline", None, _faction(rest[0]))
    if verb in ("wait", "done") and not rest:
        return (verb,)
    if verb == "bid" and len(rest) == 2:
        return ("bid", _faction(rest[0]), number(rest[1], msg("tm.what.vp")))
    if verb == "pick-color" and len(rest) == 1:
        return ("pick", _colour(rest[0]))
    if verb == "unlock-terrain" and len(rest) == 1:
        return ("unlock", None if rest[0] == "gain-priest" else _colour(rest[0]))
    if t in ("gain p3 for vp", "gain pw3 for vp"):
        return ("token", True)
    if t == "-gain_p3_for_vp":
        return ("token", False)
    if verb == "setup" and len(rest) == 1:
        return ("setup", _faction(rest[0]))
    m = _NO_CONVERT.match(t)
    if m:
        return ("decline_convert", int(m.group(1) or 1))
    m = _GAIN.match(t)
    if m:
        sign, count, name, num = m.groups()
        count = int(count or 1)
        if name in ("fav", "tw") and num and sign == "+":
            return ("take", f"{name.upper()}{num}", count)
        if not num and name.upper() in CULTS:
            return ("cult", name.upper(), count if sign == "+" else -count)
        if not num and name == "spade" and sign == "-":
            return ("discard_spade", count)
        if not num and name == "bridge" and sign == "-":
            return ("discard_bridge", count)
    raise NotationError("tm.err.not_move", text=excerpt(text), help=HELP.splitlines()[1])


def parse_row(text: str) -> list[tuple]:
    return list(_parse_row(text))


@lru_cache(maxsize=4096)
def _parse_row(text: str) -> tuple:
    parts = [p.strip() for p in _PARTS.split(text.strip()) if p.strip()]
    if not parts:
        raise NotationError("tm.err.type_move")
    return tuple(parse_command(p) for p in parts)


#: answers to power offers: the site runs them before anything else typed in the same row
ANSWER_VERBS = ("leech", "decline")
#: adjacent parts the site runs the other way round (its own clean-up of a row, first match
#: only): a transform typed after the build it makes room for, a conversion typed after the
#: pass (with a card), a dig typed before the action that gives the spades
SWAPS = (
    ("build", "transform", lambda cmd: True),
    ("pass", "convert", lambda cmd: cmd[1] is not None),
    ("dig", "action", lambda cmd: True),
)


def site_order(cmds: list[tuple]) -> list[tuple]:
    """The parts of one row in the order the site runs them: the swaps above, then every
    leech or decline moved to the front (in their order). ``burn 4. leech 2 from cultists``
    takes the power before burning; under strict-leech, ``convert 1PW to 1C. leech 1 from
    witches`` is the leech first and then the conversion, while a leech in a later row than
    a conversion is still refused."""
    cmds = list(cmds)
    for first, second, applies in SWAPS:
        for i in range(len(cmds) - 1):
            if cmds[i][0] == first and cmds[i + 1][0] == second and applies(cmds[i]):
                cmds[i], cmds[i + 1] = cmds[i + 1], cmds[i]
                break
    return [c for c in cmds if c[0] in ANSWER_VERBS] + [c for c in cmds if c[0] not in ANSWER_VERBS]


def format_command(cmd: tuple) -> str:
    verb = cmd[0]
    if verb == "build":
        return f"build {cmd[1]}"
    if verb == "upgrade":
        return f"upgrade {cmd[1]} to {cmd[2]}"
    if verb == "transform":
        return f"transform {cmd[1]}" + ("" if cmd[2] is None else f" to {COLOURS[cmd[2]]}")
    if verb == "dig":
        return f"dig {cmd[1]}"
    if verb == "send":
        return f"send p to {cmd[1]}" + ("" if cmd[2] is None else f" for {cmd[2]}")
    if verb == "action":
        return f"action {cmd[1]}"
    if verb == "bridge":
        return f"bridge {cmd[1]}:{cmd[2]}"
    if verb == "connect":
        return "connect " + ":".join(cmd[1])
    if verb == "advance":
        return f"advance {cmd[1]}"
    if verb == "convert":
        return f"convert {cmd[1]}{cmd[2]} to {cmd[3]}{cmd[4]}"
    if verb == "burn":
        return f"burn {cmd[1]}"
    if verb == "pass":
        return "pass" + (f" {cmd[1]}" if cmd[1] else "")
    if verb == "leech":
        return f"leech {cmd[1]} from {cmd[2]}"
    if verb == "decline":
        if cmd[1] is None and cmd[2] is None:
            return "decline"
        if cmd[1] is None:
            return f"decline {cmd[2]}"
        return f"decline {cmd[1]} from {cmd[2]}"
    if verb in ("wait", "done"):
        return verb
    if verb == "setup":
        return f"setup {cmd[1]}"
    if verb == "take":
        return "+" + (str(cmd[2]) if cmd[2] != 1 else "") + cmd[1]
    if verb == "cult":
        n = cmd[2]
        return ("+" if n > 0 else "-") + (str(abs(n)) if abs(n) != 1 else "") + cmd[1]
    if verb == "discard_spade":
        return "-" + (str(cmd[1]) if cmd[1] != 1 else "") + "SPADE"
    if verb == "discard_bridge":
        return "-" + (str(cmd[1]) if cmd[1] != 1 else "") + "BRIDGE"
    if verb == "decline_convert":
        return "-" + (str(cmd[1]) if cmd[1] != 1 else "") + "CONVERT_W_TO_P"
    if verb == "pick":
        return f"pick-color {COLOURS[cmd[1]]}"
    if verb == "bid":
        return f"bid {cmd[1]} {cmd[2]}"
    if verb == "unlock":
        return "unlock-terrain " + ("gain-priest" if cmd[1] is None else COLOURS[cmd[1]])
    if verb == "token":
        return "gain P3 for VP" if cmd[1] else "-GAIN_P3_FOR_VP"
    raise ValueError(cmd)


def clear_parse_caches() -> None:
    """Forget every cached parse (benchmarks time a record as if new)."""
    parse_command.cache_clear()
    _parse_row.cache_clear()
