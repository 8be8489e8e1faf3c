"""``json.dumps`` with its encoder made once, for the JSON written at every move or board.

``json.dumps`` given any option but its defaults builds a new ``JSONEncoder`` at every call, and
``JSONEncoder.encode`` builds a new C encoder at every call: about a third of encoding a small
row. :func:`dumps_with` makes both once and gives the same text. No check for circular
references: what goes through it is plain rows of plain data.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from json.encoder import c_make_encoder, encode_basestring, encode_basestring_ascii


def dumps_with(ensure_ascii: bool = True, default: Callable | None = None) -> Callable[[object], str]:
    """A function giving ``json.dumps(data, ensure_ascii=ensure_ascii, default=default)``'s text."""
    slow = json.JSONEncoder(ensure_ascii=ensure_ascii, default=default)
    if c_make_encoder is None:  # an interpreter without json's C speed-ups
        return slow.encode
    fast = c_make_encoder(None, slow.default, encode_basestring_ascii if ensure_ascii else encode_basestring,
                          None, ": ", ", ", False, False, True)

    def dumps(data) -> str:
        return "".join(fast(data, 0))
    return dumps
