"""``tr(key, locale, **params)`` for the play-by-post layer (kept for its callers).

Its sentences live in the bot's catalogs (``bot/words/``) under ``pbp.*``.
"""

from __future__ import annotations

from .i18n import t


def tr(key: str, locale: str | None = None, **kw) -> str:
    """``bot.words.i18n.t`` for the play-by-post keys."""
    return t(key, locale, **kw)
