"""The "Full board" and "Describe the board" buttons under a turn post.

A turn post carries the small turn image (readable on a phone); the button
answers the clicking player alone (ephemeral: nothing added to the channel)
with the full board as it was when that post was made. Its custom id holds
the game and the move number (``mc:fb:<game>:<n>``), so it keeps working
after a restart and on old posts (the log is replayed to move n).

"Describe the board" answers the clicker alone with the board as text, the same pages as
``/game status detail:full`` (``SessionManager.board_text``: the public view's facts), worded in
the clicker's language: a screen reader's way to the board from the post it is reading. Its custom
id holds the game (``mc:db:<game>``): it describes that game's board as it is now.
"""

from __future__ import annotations

import asyncio
import logging
import re

import discord

import games
from games.core.messages import msg, render

from ...table import alt, history, render_pool
from ...table.board_keys import button_label
from ...table.posts import describe
from ...words.i18n import t
from .. import limits
from ..glue import channel_key, clip, user_locale
from ..send import custom_id, followup, png_file

log = logging.getLogger(__name__)


class FullBoardButton(discord.ui.DynamicItem[discord.ui.Button], template=r"mc:fb:(?P<game>\d+):(?P<n>\d+)"):
    """The full board after move n, for the clicker's eyes only."""

    def __init__(self, game_id: int, n: int, locale: str = "en"):
        self.game_id, self.n = game_id, n
        super().__init__(discord.ui.Button(label=button_label(locale), style=discord.ButtonStyle.secondary,
                                           custom_id=custom_id("board", game_id, n)))

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match):
        return cls(int(match["game"]), int(match["n"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        locale = await user_locale(interaction)
        wait = limits.wait(interaction.client, "board", limits.FULL_BOARD, interaction.user.id)
        if wait is not None:  # a board costs a draw and a large upload: a few a minute per user
            await interaction.response.send_message(t("limit.cooldown", locale, seconds=wait), ephemeral=True)
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        if not await of_channel(interaction.client, self.game_id, interaction.channel_id):
            # an id naming another channel's game (forged, or copied): that table may be private
            await followup(interaction, t("component.elsewhere", locale), ephemeral=True)
            return
        try:
            png, described = await described_board(interaction.client, self.game_id, self.n, locale)
        except Exception:  # a replay or drawing fault: say so, never leave "thinking…"
            log.exception("the full board of game %s at move %s failed", self.game_id, self.n)
            png = None
        if png is None:
            await followup(interaction, render(msg("bot.board.gone"), locale), ephemeral=True)
            return
        await followup(interaction, render(msg("bot.board.after", n=self.n), locale), ephemeral=True,
                       file=png_file(png, "board.png", describe(described, locale)))


class DescribeButton(discord.ui.DynamicItem[discord.ui.Button], template=r"mc:db:(?P<game>\d+)"):
    """The board as text, for the clicker's eyes only, in their language."""

    def __init__(self, game_id: int, label: str = "…"):
        self.game_id = game_id
        super().__init__(discord.ui.Button(label=label, style=discord.ButtonStyle.secondary,
                                           custom_id=custom_id("describe", game_id)))

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match):
        return cls(int(match["game"]), item.label or "…")

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        locale = await user_locale(interaction)
        sessions = interaction.client.sessions
        table = sessions.table(channel_key(interaction))
        if table is None or table.record.id != self.game_id:  # a game that ended here, or another channel's
            here = await of_channel(interaction.client, self.game_id, interaction.channel_id)
            pages = [t("board_text.ended" if here else "component.elsewhere", locale)]
        else:
            _ok, pages = await sessions.board_text(channel_key(interaction), locale)
        for page in pages:
            await followup(interaction, clip(page), ephemeral=True)


async def of_channel(client, game_id: int, channel_id: int | None) -> bool:
    """Whether game ``game_id`` is played (or was) in ``channel_id``: a button shows only the game of
    the channel it is clicked in."""
    table = next((t for t in client.sessions.tables() if t.record.id == game_id), None)
    record = table.record if table is not None else await client.sessions.store.game(game_id)
    return record is not None and channel_id is not None and record.channel_id == channel_id


async def full_board(client, game_id: int, n: int, locale: str = "en") -> bytes | None:
    """The public full board of game ``game_id`` after move ``n`` (None: the game or move is unknown)."""
    return (await described_board(client, game_id, n, locale))[0]


async def described_board(client, game_id: int, n: int, locale: str = "en") -> tuple[bytes | None, list]:
    """The public full board of game ``game_id`` after move ``n`` and its description (alt
    text lines): the live table when it is still there, else replayed from the stored log.
    (None, []) when the game or move is unknown."""
    sessions = client.sessions
    table = next((t for t in sessions.tables() if t.record.id == game_id), None)
    if table is not None and table.state is not None and table.n == n:
        view = table.engine.view(table.state, None)
        described = alt.lines("board", table.engine.name, n=n, view=view, names=table.names)
        return await render_pool.draw(table.record.game, view, table.names, locale=locale), described
    store = sessions.store
    record = await store.game(game_id)
    if record is None or record.game not in games.ENGINES:
        return None, []
    seats = await store.seats(game_id)
    moves = [(m.seat, m.text) for m in await store.moves(game_id)]
    if not seats or n > len(moves):
        return None, []
    engine = games.get(record.game)
    checkpoints = getattr(getattr(client, "pbp", None), "checkpoints", None)
    replay = checkpoints.state_at if checkpoints is not None else history.state_at
    options = engine.log_options(record.options, record.engine_version)
    state = await asyncio.to_thread(replay, engine, len(seats), record.seed, options, moves, n)
    names = [s.display_name for s in seats]
    view = engine.view(state, None)
    described = alt.lines("board", engine.name, n=n, view=view, names=names)
    return await render_pool.draw(record.game, view, names, locale=locale), described


#: registered at startup (``bot.discord.components.register``)
DYNAMIC_ITEMS = (FullBoardButton, DescribeButton)
