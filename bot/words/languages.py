"""Which language a reader gets: saved choices (``/me settings language``, a server's
default) kept in the store's settings table, with a small cache.

``bot.discord.glue.user_locale`` / ``place_locale`` decide from these and
what Discord sends (the user's client language, the server's language).
"""

from __future__ import annotations

from .i18n import locale_of

KEY = "locale"


class Languages:
    """``shared``: other processes (shards) write the same settings, so a saved choice is read
    from the store every time (one small query) instead of from this process's cache: a user's
    ``/me settings language`` on one shard holds on every shard at once."""

    def __init__(self, store, shared: bool = False):
        self.store = store
        self.shared = shared
        self._cache: dict[tuple[str, int], str | None] = {}
        self._seen: dict[int, str] = {}

    async def get(self, scope: str, ident: int | None) -> str | None:
        """The saved language of ``("user" | "guild", id)``, or None (decide from Discord's)."""
        if ident is None:
            return None
        key = (scope, ident)
        if self.shared or key not in self._cache:
            try:
                value = await self.store.get_setting(scope, ident, KEY)
            except Exception:  # a store hiccup must not cost the reply: the last known, else Discord's
                return self._cache.get(key)
            self._cache[key] = locale_of(value)
        return self._cache[key]

    def peek(self, scope: str, ident: int | None) -> str | None:
        """The saved language if already read (no store call)."""
        return self._cache.get((scope, ident))

    def seen(self, user_id: int, client_locale) -> None:
        """Remember the language a user's Discord client last sent, for what reaches them
        without an interaction (a reminder by DM)."""
        found = locale_of(client_locale)
        if found is not None:
            self._seen[user_id] = found

    def last_seen(self, user_id: int) -> str | None:
        return self._seen.get(user_id)

    async def set(self, scope: str, ident: int, locale: str | None) -> None:
        """Save a language (None or "auto": follow Discord's again)."""
        value = locale_of(locale) if locale and locale != "auto" else None
        await self.store.set_setting(scope, ident, KEY, value)
        self._cache[(scope, ident)] = value


def languages_of(client) -> Languages | None:
    """The client's ``Languages`` (made on first use from its session store)."""
    found = getattr(client, "_languages", None)
    if found is None:
        store = getattr(getattr(client, "sessions", None), "store", None)
        if store is None:
            return None
        found = Languages(store, shared=getattr(client.sessions, "shards", None) is not None)
        try:
            client._languages = found
        except AttributeError:
            return found
    return found
