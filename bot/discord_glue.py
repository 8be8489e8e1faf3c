"""Discord glue shared by every command module (core commands, play-by-post, per-game UI).

One place for what each of them needs from discord.py: message limits and
allowed mentions, catalog-backed command descriptions, who the caller is,
where the game lives, and how a session message becomes text and a file.
"""

from __future__ import annotations

import io

import discord
from discord import app_commands

from .i18n import CATALOGS, t
from .sessions import Actor, Message, SessionManager

LIMIT = 2000  # Discord's message length
CHOICE_LIMIT = 100  # Discord's limit for an autocomplete choice's name and value
MENTIONS = discord.AllowedMentions(everyone=False, roles=False, users=True, replied_user=False)


def describe(key: str) -> app_commands.locale_str:
    """A command/option description from the catalog; Discord asks the translator for other languages."""
    return app_commands.locale_str(t(key), key=key)


class CatalogTranslator(app_commands.Translator):
    """Command descriptions in the user's Discord language, from ``bot.i18n`` catalogs."""

    async def translate(self, string: app_commands.locale_str, locale: discord.Locale,
                        context: app_commands.TranslationContext) -> str | None:
        key = string.extras.get("key")
        catalog = CATALOGS.get(locale.value)
        if not key or catalog is None or key not in catalog:
            return None
        return catalog[key]


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


def png_file(png: bytes | None, filename: str) -> discord.File | None:
    """A NEW File each time: a File's buffer is consumed by one send."""
    return None if png is None else discord.File(io.BytesIO(png), filename=filename)


def file_of(message: Message) -> discord.File | None:
    return png_file(message.png, message.filename)


def public_text(message: Message) -> str:
    """A session message for the channel: its lines and a mention of who is up."""
    lines = list(message.lines)
    if message.up:
        lines.append(t("up.now", who=" ".join(f"<@{uid}>" for uid, _ in message.up)))
    return clip("\n".join(lines))


async def post(target, message: Message):
    """A session message to a channel or thread: its text, who is up, a fresh board file."""
    return await target.send(public_text(message), **public_kwargs(message))


def public_kwargs(message: Message) -> dict:
    kwargs: dict = {"allowed_mentions": MENTIONS}
    f = file_of(message)
    if f is not None:
        kwargs["file"] = f
    return kwargs
