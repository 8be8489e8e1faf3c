"""A seat's role in words: Terra Mystica's faction, West of Africa's colour, Altiplano's role.

Given as a message (worded in each reader's language by the sender); a role nobody wrote words
for shows as stored.
"""

from __future__ import annotations

import games
from games.core.messages import Msg, msg, template

#: game id -> the message key of a role (``{role}`` filled with the stored value)
KEYS: dict[str, str] = {
    "terra-mystica": "tm.faction.{role}",
    "west-of-africa": "bot.menu.woa.colour.{role}",
    "altiplano": "alt.role.{role}",
}


def role_word(game: str, role: str | None) -> Msg | str:
    """The role's name as a message (``role`` as it is when the catalogs have no name for it)."""
    if not role:
        return "-"
    pattern = KEYS.get(game)
    if pattern is None:
        return role
    games.get(game)  # its engine registers its words
    key = pattern.format(role=role)
    return msg(key) if template(key) is not None else role
