"""Move text <-> sub-commands, in the online site's notation.

A row is sub-commands joined by '.': ``burn 2. action ACT6. transform E8 to
red. build D7``. ``parse_row`` returns a list of ``(verb, args)`` tuples and
``format_command`` turns one back into text (``parse(format(c)) == c``).
Case-insensitive; hexes come back normalised (``E5``, ``r3``).
"""

from __future__ import annotations

from functools import lru_cache

from ..core import NotationError
from ..core.messages import msg
from ..core.notation import excerpt, number
from ..core.patterns import DIGITS, LazyPattern, is_digits, is_word, run_end
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

# The sub-commands' shapes. ASCII text (all that ``check_text`` lets through) is read by hand in
# ``_match`` and ``split_parts``, exactly as these patterns read it (``tests/terra_mystica/
# test_terra_mystica_notation_patterns.py``); any other text by the patterns themselves.
_UPGRADE = LazyPattern(r"^upgrade (\S+) to (.+)$")
_SEND = LazyPattern(r"^send (?:p|priest) to (\w+)(?: for (\d+))?$")
_CONVERT = LazyPattern(r"^convert (.+?) to (.+)$")
_BON = LazyPattern(r"^bon\d+$")
_LEECH = LazyPattern(r"^leech (\d+) from (\w+)$")
_DECLINE = LazyPattern(r"^decline (\d+) from (\w+)$")
_GAIN = LazyPattern(r"^([+-])(\d*)([a-z]+)(\d*)$")
#: the site's refusal of the Darklings' stronghold conversion (``-3CONVERT_W_TO_P``)
_NO_CONVERT = LazyPattern(r"^-(\d*)convert_w_to_p$")
_PARTS = LazyPattern(r"\.(?:\s+|$)")
_AMOUNT = LazyPattern(r"^(\d*)\s*([a-z]+)$")
_LOWER = "abcdefghijklmnopqrstuvwxyz"


def _gain(t: str) -> tuple | None:
    if t[:1] not in ("+", "-"):
        return None
    i = run_end(t, 1, DIGITS)
    j = run_end(t, i, _LOWER)
    num = t[j:]
    return (t[0], t[1:i], t[i:j], num) if j > i and (num == "" or is_digits(num)) else None


def _no_convert(t: str) -> tuple | None:
    count = t[1:-14]
    ok = len(t) >= 15 and t[0] == "-" and t.endswith("convert_w_to_p") and (count == "" or is_digits(count))
    return (count,) if ok else None


def _convert(t: str) -> tuple | None:
    at = t.find(" to ", 9)  # the first ' to ' after one character at least
    return (t[8:at], t[at + 4:]) if t.startswith("convert ") and at != -1 and len(t) > at + 4 else None


def _amount_parts(t: str) -> tuple | None:
    i = run_end(t, 0, DIGITS)
    name = t[i:].lstrip(" ")
    return (t[:i], name) if name != "" and name.strip(_LOWER) == "" else None


def _bon(t: str) -> tuple | None:
    return () if t.startswith("bon") and is_digits(t[3:]) else None


def _upgrade(t: str) -> tuple | None:
    words = t.split(" ")
    return (words[1], " ".join(words[3:])) if len(words) >= 4 and words[0] == "upgrade" and words[2] == "to" else None


def _send(t: str) -> tuple | None:
    words = t.split(" ")
    if words[0] != "send" or len(words) not in (4, 6) or words[1] not in ("p", "priest") or words[2] != "to" \
            or not is_word(words[3]):
        return None
    if len(words) == 4:
        return (words[3], None)
    return (words[3], words[5]) if words[4] == "for" and is_digits(words[5]) else None


def _answer(verb: str):
    def read(t: str) -> tuple | None:
        words = t.split(" ")
        ok = len(words) == 4 and words[0] == verb and words[2] == "from" and is_digits(words[1]) and is_word(words[3])
        return (words[1], words[3]) if ok else None
    return read


#: each shape's reading of ASCII text by hand: the groups its pattern would give, None for no match
_BY_HAND = {_GAIN: _gain, _NO_CONVERT: _no_convert, _CONVERT: _convert, _AMOUNT: _amount_parts, _BON: _bon,
            _UPGRADE: _upgrade, _SEND: _send, _LEECH: _answer("leech"), _DECLINE: _answer("decline")}


def _match(pattern: LazyPattern, t: str) -> tuple | None:
    """``pattern.match(t).groups()`` (None: no match) for a normalised sub-command ``t`` (lower
    case, words joined by one space): read by hand when ``t`` is ASCII (``_BY_HAND``)."""
    if not t.isascii():
        m = pattern.match(t)
        return m.groups() if m else None
    return _BY_HAND[pattern](t)


def split_parts(text: str) -> list[str]:
    """``_PARTS.split(text)``: a row cut at each '.' followed by white space or the end (each part
    then stripped by the caller), by hand when ``text`` is ASCII."""
    if not text.isascii():
        return _PARTS.split(text)
    parts = []
    start = 0
    at = text.find(".")
    while at != -1:
        if at + 1 == len(text) or text[at + 1].isspace():
            parts.append(text[start:at])
            start = at + 1
        at = text.find(".", at + 1)
    parts.append(text[start:])
    return parts


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


def _amount(text: str) -> tuple[int, str]:
    m = _match(_AMOUNT, text.strip())
    if not m or m[1] not in RESOURCE_ALIASES:
        raise NotationError("tm.err.not_amount", text=excerpt(text))
    return int(m[0] or 1), RESOURCE_ALIASES[m[1]]


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
        m = _match(_UPGRADE, t)
        if m:
            kind = m[1].strip()
            kind = BUILDING_ALIASES.get(kind, kind.upper())
            if kind not in ("TP", "TE", "SH", "SA"):
                raise NotationError("tm.err.upgrade_kind", kind=excerpt(m[1]))
            return ("upgrade", _hex(m[0]), kind)
    if verb == "transform" and rest:
        h = _hex(rest[0])
        if len(rest) == 1:
            return ("transform", h, None)
        if len(rest) == 3 and rest[1] == "to":
            return ("transform", h, _colour(rest[2]))
    if verb == "dig" and len(rest) == 1:
        return ("dig", number(rest[0], msg("tm.what.spades")))
    if verb == "send":
        m = _match(_SEND, t)
        if m:
            return ("send", _cult(m[0]), int(m[1]) if m[1] else None)
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
        m = _match(_CONVERT, t)
        if m:
            n, src = _amount(m[0])
            k, dst = _amount(m[1])
            return ("convert", n, src, k, dst)
    if verb == "burn" and len(rest) == 1:
        return ("burn", number(rest[0], msg("tm.what.power_n")))
    if verb == "pass":
        if not rest:
            return ("pass", None)
        if len(rest) == 1 and _match(_BON, rest[0]) is not None:
            return ("pass", rest[0].upper())
    if verb == "leech":
        m = _match(_LEECH, t)
        if m:
            return ("leech", int(m[0]), _faction(m[1]))
    if verb == "decline":
        if not rest:
            return ("decline", None, None)
        m = _match(_DECLINE, t)
        if m:
            return ("decline", int(m[0]), _faction(m[1]))
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
    m = _match(_NO_CONVERT, t)
    if m:
        return ("decline_convert", int(m[0] or 1))
    m = _match(_GAIN, t)
    if m:
        sign, count, name, num = m
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
    parts = [p.strip() for p in split_parts(text.strip()) if p.strip()]
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
