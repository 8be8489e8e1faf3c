"""A seat's role in words: Terra Mystica's faction, West of Africa's colour, Altiplano's role.

Given as a message (worded in each reader's language by the sender); a role nobody wrote words
for shows as stored. The message key of a game's role is its plug's ``ROLE_KEY``
(``bot/table/games/<game>.py``; ``{role}`` filled with the stored value).
"""

from __future__ import annotations

import games
from games.core.messages import Msg, msg, template

from ..games import plug


def role_word(game: str, role: str | None) -> Msg | str:
    """The role's name as a message (``role`` as it is when the catalogs have no name for it)."""
    if not role:
        return "-"
    pattern = getattr(plug(game), "ROLE_KEY", None)
    if pattern is None:
        return role
    games.get(game)  # its engine registers its words (the plug, imported above, its own)
    key = pattern.format(role=role)
    return msg(key) if template(key) is not None else role
