"""When an interaction's first response is due, and a board drawn without making it late.

Discord shows "The application did not respond" when an interaction's first response (the
answer, or a deferred "thinking…") comes more than 3 s after it was sent; ``bot.discord.tracing``
notes when each one arrived, so every wait is counted from there, not from where a handler began.
"""

from __future__ import annotations

import asyncio
import time

import discord

from ..table.posts import Post
from . import tracing


def spent(interaction: discord.Interaction) -> float | None:
    """Seconds since the interaction arrived (None: not noted, or its first response was sent)."""
    arrived = tracing.arrival(interaction.id)
    return None if arrived is None else time.monotonic() - arrived


async def drawn_in_time(interaction: discord.Interaction, post: Post, locale: str | None, seconds: float) -> None:
    """The post's board drawn; when that takes longer than ``seconds``, a public "thinking…"
    answers the interaction meanwhile (the post then edits it). The drawing is never cancelled:
    it is the post's whichever way the post leaves (the outbox's retry sends the same board)."""
    if post.png is not None or post.draw is None:
        return
    job = asyncio.ensure_future(post.render(locale))
    done, _ = await asyncio.wait({job}, timeout=max(0.0, seconds))
    if job not in done:
        try:
            await interaction.response.defer(thinking=True)
        except BaseException:
            await asyncio.wait({job})  # drawn all the same, for the outbox
            raise
    await job
