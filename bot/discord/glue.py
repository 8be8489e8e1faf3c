"""Discord glue shared by every command module (core commands, play-by-post, per-game UI).

One place for what each of them needs from discord.py: message limits and
allowed mentions, catalog-backed command descriptions, who the caller is,
the language a post is worded in (with an interaction or without one), and
where the game lives (how a post leaves: ``bot.discord.send``).
"""

from __future__ import annotations

import discord
from discord import app_commands

from ..table.sessions import Actor, SessionManager
from ..words.i18n import CATALOGS, DEFAULT_LOCALE, full_key, pick_locale, t, tr
from ..words.languages import languages_of

LIMIT = 2000  # Discord's message length
CHOICE_LIMIT = 100  # Discord's limit for an autocomplete choice's name and value
MENTIONS = discord.AllowedMentions(everyone=False, roles=False, users=True, replied_user=False)
#: a message that names players without notifying them (a repeat of who the table waits for)
QUIET = discord.AllowedMentions.none()
#: what a message may notify when it asks nobody: no user, no role, not everyone (the client's default)
NO_MENTIONS = QUIET


def only(user_ids) -> discord.AllowedMentions:
    """Allowed mentions of exactly these users (people: a bot seat's id is negative): whatever else
    the text holds (a name that reads ``<@id>``, ``@everyone``, a role) notifies nobody."""
    users = [discord.Object(int(u)) for u in dict.fromkeys(user_ids) if int(u) > 0]
    return discord.AllowedMentions(everyone=False, roles=False, replied_user=False, users=users)


def describe(key: str) -> app_commands.locale_str:
    """A command/option description from the catalog; Discord asks the translator for other languages."""
    return app_commands.locale_str(t(key), key=key)


class CatalogTranslator(app_commands.Translator):
    """Slash commands in the user's Discord language, from the bot's catalogs.

    Descriptions carry their key (``describe``). Names are looked up by
    where they sit: ``bot.name.game.new`` for ``/game new``,
    ``bot.name.game.new.game`` for its ``game`` option (falling back to
    ``bot.name.arg.game``, the option's name anywhere), and
    ``bot.name.choice.<value>`` for a fixed choice. Only locales with a
    catalog of their own are answered (Discord shows the English otherwise).
    """

    async def translate(self, string: app_commands.locale_str, locale: discord.Locale,
                        context: app_commands.TranslationContext) -> str | None:
        loc = locale.value
        if loc == DEFAULT_LOCALE or loc not in CATALOGS:
            return None
        catalog = CATALOGS[loc]
        for key in self.keys(string, context):
            found = catalog.get(key)
            if isinstance(found, str):
                return found
        return None

    @staticmethod
    def keys(string: app_commands.locale_str, context: app_commands.TranslationContext) -> list[str]:
        key = string.extras.get("key")
        if key:
            return [full_key(key)]
        where = context.location
        data = context.data
        TCL = app_commands.TranslationContextLocation
        if where in (TCL.command_name, TCL.group_name):
            return ["bot.name." + data.qualified_name.replace(" ", ".")]
        if where is TCL.parameter_name:
            command = data.command.qualified_name.replace(" ", ".")
            return [f"bot.name.{command}.{data.name}", f"bot.name.arg.{data.name}"]
        if where is TCL.choice_name:
            return [f"bot.name.choice.{str(data.value).lower()}"]
        return []


#: where an interaction keeps its caller's language once decided (``Interaction.extras``)
_MINE = "meeplecord.user_locale"


async def user_locale(interaction: discord.Interaction) -> str:
    """The language of what only this user reads: ``/me settings language``, else their Discord client's."""
    extras = getattr(interaction, "extras", None)
    if isinstance(extras, dict) and _MINE in extras:
        return extras[_MINE]
    langs = languages_of(interaction.client)
    saved = await langs.get("user", interaction.user.id) if langs is not None else None
    found = pick_locale(saved, getattr(interaction, "locale", None))
    if langs is not None:
        langs.seen(interaction.user.id, getattr(interaction, "locale", None))
    if isinstance(extras, dict):
        extras[_MINE] = found
    return found


def user_locale_now(interaction: discord.Interaction) -> str:
    """``user_locale`` where nothing may be awaited (building components): the decided one,
    else the saved choice if known, else the client's language."""
    extras = getattr(interaction, "extras", None)
    if isinstance(extras, dict) and _MINE in extras:
        return extras[_MINE]
    langs = languages_of(interaction.client)
    saved = langs.peek("user", interaction.user.id) if langs is not None else None
    return pick_locale(saved, getattr(interaction, "locale", None))


async def place_of(client, guild_id: int | None, user_id: int | None = None) -> str:
    """The language of a post sent without an interaction (a reminder, a timeout, a bot's
    move): a DM in the user's (their saved choice, else the language their client last
    sent), a channel post in the place's (the server's saved choice, else its Discord
    language, else the bot's)."""
    langs = languages_of(client)
    default = getattr(getattr(client, "sessions", None), "locale", None)
    if user_id is not None and langs is not None:
        mine = await langs.get("user", user_id) or langs.last_seen(user_id)
        if mine is not None:
            return mine
    saved = await langs.get("guild", guild_id) if langs is not None and guild_id else None
    guild = client.get_guild(guild_id) if guild_id else None
    chosen = default if pick_locale(default) != "en" else None  # as ``glue.place_locale``
    return pick_locale(saved, chosen, getattr(guild, "preferred_locale", None), default)


async def channel_of(client, channel_id: int):
    """The channel or thread ``channel_id`` (from the cache, else asked of Discord)."""
    channel = client.get_channel(channel_id)
    if channel is None:
        channel = await client.fetch_channel(channel_id)
    return channel


async def guild_of(client, channel_id: int | None) -> int | None:
    """The server of a channel (None: a DM, or the channel cannot be read)."""
    if channel_id is None:
        return None
    try:
        return getattr(getattr(await channel_of(client, channel_id), "guild", None), "id", None)
    except discord.HTTPException:
        return None


async def place_locale(interaction: discord.Interaction) -> str:
    """The language of what the table reads (announcements, boards): the server's setting
    (``/game settings language``), else the server's Discord language, else the bot's
    default; in a DM the user's own."""
    guild_id = getattr(interaction, "guild_id", None)
    if guild_id is None:
        return await user_locale(interaction)
    langs = languages_of(interaction.client)
    saved = await langs.get("guild", guild_id) if langs is not None else None
    default = getattr(getattr(interaction.client, "sessions", None), "locale", None)
    # a bot configured for another language than English means it (Discord reports en-US for
    # every server that never chose): it comes before the server's Discord language
    chosen = default if pick_locale(default) != "en" else None
    return pick_locale(saved, chosen, getattr(interaction, "guild_locale", None), default)


async def readers(interaction: discord.Interaction) -> tuple[str, str]:
    """(the caller's language, the place's): what they alone read, and what the table reads."""
    return await user_locale(interaction), await place_locale(interaction)


def worded(text_or_message, locale: str | None) -> str:
    """A session message's lines (a list of lines, or one line) worded again in ``locale``."""
    lines = getattr(text_or_message, "lines", None)
    if lines is None and isinstance(text_or_message, list):
        lines = text_or_message
    if lines is None:
        return tr(text_or_message, locale)
    return "\n".join(tr(line, locale) for line in lines)


def sessions_of(interaction: discord.Interaction) -> SessionManager:
    return interaction.client.sessions


def actor_of(user: discord.abc.User, interaction: discord.Interaction | None = None) -> Actor:
    can_manage = False
    if interaction is not None and interaction.permissions is not None:
        can_manage = bool(interaction.permissions.manage_guild)
    name = getattr(user, "display_name", None) or user.name
    return Actor(user.id, name, can_manage)


def channel_key(interaction: discord.Interaction) -> int:
    """The game's home: the channel or thread the command was used in."""
    return interaction.channel_id


def parent_of(interaction: discord.Interaction) -> int | None:
    channel = interaction.channel
    return channel.parent_id if isinstance(channel, discord.Thread) else None


def clip(text: str, limit: int = LIMIT) -> str:
    """``text`` cut to ``limit`` characters (an ellipsis marks the cut)."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def retry_after(err: BaseException) -> float | None:
    """The pause a 429 asks for: discord.py's ``RateLimited.retry_after``, else the response's
    ``Retry-After`` header."""
    wait = getattr(err, "retry_after", None)
    if wait is None:
        headers = getattr(getattr(err, "response", None), "headers", None) or {}
        try:
            wait = float(headers.get("Retry-After")) if headers.get("Retry-After") is not None else None
        except (TypeError, ValueError):
            wait = None
    return wait
