"""Display names made inert: a player's name is written into the table's text as plain words.

A Discord display name is whatever its owner typed: ``<@1234>`` (someone else's mention),
``@everyone``, ``[click](https://…)``, ``# shouting``, right-to-left overrides, zero-width
characters, or ``{p0}`` (a seat placeholder). Every name the bot seats is made inert once, where
it enters (:func:`inert`, applied to every ``Seat`` and ``Actor``):

* control and format characters are removed (bidi overrides and isolates, zero-width
  spaces and joiners, the byte-order mark), runs of white space (line breaks too) become
  one space, and the name is capped at ``NAME_MAX`` characters (Discord's own limit);
* every character Discord's markdown, mentions or our placeholders read is escaped with a
  backslash, which Discord shows as the character itself.

:func:`inert` is idempotent (an inert name stays as it is), so a name read back from the store
is made inert again harmlessly. The images draw the name as its owner wrote it (:func:`plain`).
"""

from __future__ import annotations

import functools
import re
import unicodedata

#: Discord's longest nickname
NAME_MAX = 32
#: what markdown, mentions, emoji, links and our ``{p0}`` placeholders read
_SPECIAL = "\\*_~`|>#-[]()<@{}"
_ESCAPE = re.compile("([" + re.escape(_SPECIAL) + "])")
_ESCAPED = re.compile(r"\\([" + re.escape(_SPECIAL) + "])")
_SPACES = re.compile(r"\s+")


def clean(name: object) -> str:
    """The name without control/format characters, on one line, at most ``NAME_MAX`` long."""
    text = "".join(" " if ch.isspace() else ch for ch in str(name or "")
                   if ch.isspace() or unicodedata.category(ch) not in ("Cc", "Cf", "Cs", "Co", "Cn"))
    text = _SPACES.sub(" ", text).strip()
    if len(text) > NAME_MAX:
        text = text[: NAME_MAX - 1].rstrip() + "…"
    return text or "?"


def plain(name: object) -> str:
    """The name as its owner wrote it (cleaned), for drawing: the escapes of :func:`inert` removed."""
    text = str(name or "")
    return _ESCAPED.sub(r"\1", text) if "\\" in text else text  # most names escape nothing: no regex


def inert(name: object) -> str:
    """The name safe to write into any message: cleaned, then every special character escaped."""
    return _inert(name) if type(name) is str else _ESCAPE.sub(r"\\\1", clean(plain(name)))


@functools.lru_cache(maxsize=4096)
def _inert(name: str) -> str:
    """``inert`` of a string, remembered: a restart seats every running game's players again (the
    same few names over and over: half a restart's CPU went here), and each table then shares
    one string per name."""
    return _ESCAPE.sub(r"\\\1", clean(plain(name)))
