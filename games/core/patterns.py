"""Regular expressions compiled on first use.

Importing ``re`` (it brings ``enum``) and compiling the engines' patterns were about a fifth of a
one-game replay's start-up (issue 33 goal 7). The engines read ASCII notation by hand and keep each
pattern, as a ``LazyPattern``, for whatever else comes: its exact rules, compiled only then.
"""

from __future__ import annotations


class LazyPattern:
    """A regular expression compiled on first use: ``match``, ``split``... are the compiled
    pattern's. The usual ones are methods of their own: reached through ``__getattr__`` alone,
    every call first failed a lookup (an AttributeError made and dropped: about 6,000 instructions
    on each ``messages.fill_seats``, which the bot calls several times a move)."""

    __slots__ = ("pattern", "flags", "_compiled")

    def __init__(self, pattern: str, flags: int = 0) -> None:
        self.pattern, self.flags, self._compiled = pattern, flags, None

    def compiled(self):
        """The compiled pattern (``re`` imported and the pattern compiled on the first call)."""
        compiled = self._compiled
        if compiled is None:
            import re

            compiled = self._compiled = re.compile(self.pattern, self.flags)
        return compiled

    def match(self, string, *span):
        return (self._compiled or self.compiled()).match(string, *span)

    def fullmatch(self, string, *span):
        return (self._compiled or self.compiled()).fullmatch(string, *span)

    def search(self, string, *span):
        return (self._compiled or self.compiled()).search(string, *span)

    def sub(self, repl, string, count=0):
        return (self._compiled or self.compiled()).sub(repl, string, count)

    def split(self, string, maxsplit=0):
        return (self._compiled or self.compiled()).split(string, maxsplit)

    def findall(self, string, *span):
        return (self._compiled or self.compiled()).findall(string, *span)

    def finditer(self, string, *span):
        return (self._compiled or self.compiled()).finditer(string, *span)

    def __getattr__(self, name: str):  # the pattern's other attributes (``groups``, ``subn``...)
        return getattr(self.compiled(), name)


#: ``re.IGNORECASE`` without importing ``re`` (its value there: 2)
IGNORECASE = 2


#: the ASCII characters of ``\\w`` and ``\\d``
WORD_CHARS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_"
DIGITS = "0123456789"


def is_word(text: str) -> bool:
    """``\\w+`` read as ASCII: one or more ASCII letters, digits or underscores."""
    return text.isascii() and (text.isalnum() or (text != "" and text.strip(WORD_CHARS) == ""))


def is_digits(text: str) -> bool:
    """``\\d+`` read as ASCII: one or more of 0-9, never '²' or '①' (``int`` refuses them) nor
    '٣' (``int`` takes it, the notation does not). ``isdecimal`` is what ``int`` takes; of ASCII
    text, 0-9 alone: two C calls, for many tokens of every replayed move (``strip(DIGITS)`` cost
    4 % of a replay)."""
    return text.isascii() and text.isdecimal()


#: the most digits a number read from a record may have (``int`` of untrusted text stays small)
MAX_DIGITS = 9


def is_number(text: str, signed: bool = False) -> bool:
    """``-?\\d{1,9}`` (``signed``) or ``\\d{1,9}`` read as ASCII: a number ``int`` takes, at most
    ``MAX_DIGITS`` digits long."""
    if signed and text[:1] == "-":
        text = text[1:]
    return 0 < len(text) <= MAX_DIGITS and text.isascii() and text.isdecimal()


def run_end(text: str, start: int, chars: str) -> int:
    """Where the run of ``chars`` that starts at ``start`` in ``text`` ends."""
    rest = text[start:]
    return start + len(rest) - len(rest.lstrip(chars))
