"""One vocabulary for reading what a player typed, shared by every game.

Move notation is plain ASCII: words, ASCII digits and a little punctuation.
Everything else is refused with one of three precise errors (in the spirit
of python-chess's invalid / illegal / ambiguous):

* ``core.err.bad_text``: characters that are not notation (control
  characters, null bytes, letters or digits from other scripts such as
  ``²`` or ``①``, which ``str.isdigit`` would accept);
* ``core.err.too_long``: more than ``MAX_MOVE`` characters;
* ``core.err.not_number`` / ``core.err.number_range``: a number that is not
  ASCII digits, has more than ``MAX_DIGITS`` of them, or is out of range.

Refusals quote only a short, printable ``excerpt`` of the input.

Every game reads its tokens with these helpers (``words`` splits a move,
``number`` reads a count or an id number), so a bad number is refused in
the same words in every game.
"""

from __future__ import annotations

from .errors import NotationError
from .messages import Msg

#: longest move text any game accepts (the longest real moves are ~80)
MAX_MOVE = 300
#: longest number any notation needs
MAX_DIGITS = 4
#: how much of the player's text a refusal may quote
EXCERPT = 24

def excerpt(text: str, limit: int = EXCERPT) -> str:
    """At most ``limit`` printable characters of ``text`` (others shown as '?')."""
    text = str(text)
    short = "".join(c if c.isprintable() else "?" for c in text[:limit])
    return short + ("…" if len(text) > limit else "")


def words(text: str) -> list[str]:
    """A move's tokens: lower-cased, split on any whitespace (every game reads moves so)."""
    return text.lower().split()


def is_number(token: str, max_digits: int = MAX_DIGITS) -> bool:
    """True for 1..``max_digits`` ASCII digits (never '²', '①' or '٣')."""
    return 0 < len(token) <= max_digits and token.isascii() and token.isdecimal()  # as patterns.is_digits


def number(token: str, what: str | object = "", lo: int | None = None, hi: int | None = None,
           max_digits: int = MAX_DIGITS) -> int:
    """``token`` as an int, or a ``NotationError`` naming ``what`` it should be."""
    if not is_number(token, max_digits):
        raise NotationError("core.err.not_number", token=excerpt(token),
                            what=Msg("core.what", {"what": what}) if what else "")
    value = int(token)
    if (lo is not None and value < lo) or (hi is not None and value > hi):
        raise NotationError("core.err.number_range", token=excerpt(token), lo=lo if lo is not None else 0,
                            hi=hi if hi is not None else 10 ** max_digits - 1)
    return value


def check_text(text: str) -> str:
    """Whitespace-normalised move text, or a refusal for text that is not notation."""
    text = str(text)
    if len(text) > MAX_MOVE * 4:  # do not even split a huge paste
        raise NotationError("core.err.too_long", n=MAX_MOVE, text=excerpt(text))
    text = " ".join(text.split())
    if len(text) > MAX_MOVE:
        raise NotationError("core.err.too_long", n=MAX_MOVE, text=excerpt(text))
    bad = None if text.isascii() and text.isprintable() else next(
        (c for c in text if not (c.isascii() and c.isprintable())), None)
    if bad is not None:
        raise NotationError("core.err.bad_text", char=bad if bad.isprintable() else "?", text=excerpt(text))
    return text


def safe_prefix(prefix: str) -> str | None:
    """An autocomplete prefix fit to complete, or None when no move can start so."""
    try:
        return check_text(prefix) + (" " if prefix[-1:].isspace() and prefix.strip() else "")
    except NotationError:
        return None
