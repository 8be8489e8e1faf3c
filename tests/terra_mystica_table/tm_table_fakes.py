"""Offline stand-ins for the few discord.py objects the Terra Mystica components touch.

A click is driven the way discord.py's ``ViewStore`` drives a DynamicItem:
match the custom_id against the class template, ``from_custom_id``, refresh
the values the user picked, ``interaction_check``, then ``callback``.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field

import discord

from bot.app import MeepleBot
from bot.config import Settings

_ids = itertools.count(70000)


@dataclass
class Sent:
    content: str
    ephemeral: bool = False
    view: discord.ui.View | None = None
    png: bytes | None = None
    id: int = field(default_factory=lambda: next(_ids))


class FakeUser:
    def __init__(self, user_id: int, name: str):
        self.id = user_id
        self.name = name.lower()
        self.display_name = name
        self.global_name = name
        self.bot = False

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"


class FakeMessage:
    """A posted message; ``edit`` records the new content and components."""

    def __init__(self, sent: Sent):
        self.sent = sent
        self.id = sent.id
        self.content = sent.content
        self.edits: list[dict] = []

    async def edit(self, **kw):
        self.edits.append(kw)
        if "content" in kw:
            self.content = kw["content"]
        if "view" in kw:
            self.sent.view = kw["view"]


class FakeChannel:
    def __init__(self, channel_id: int):
        self.id = channel_id
        self.sent: list[Sent] = []
        self.messages: list[FakeMessage] = []

    async def send(self, content=None, *, file=None, view=None, allowed_mentions=None, **kw):
        png = file.fp.read() if file is not None and file is not discord.utils.MISSING else None
        sent = Sent(content or "", False, view, png)
        self.sent.append(sent)
        msg = FakeMessage(sent)
        self.messages.append(msg)
        return msg


class FakeResponse:
    def __init__(self, inter: FakeInteraction):
        self.inter = inter
        self._done = False

    def is_done(self) -> bool:
        return self._done

    async def defer(self, *, ephemeral: bool = False, thinking: bool = False):
        assert not self._done, "answered twice"
        self._done = True

    async def send_message(self, content=None, *, ephemeral: bool = False, **kw):
        assert not self._done, "answered twice"
        self._done = True
        self.inter.replies.append(Sent(content or "", ephemeral))


class FakeFollowup:
    def __init__(self, inter: FakeInteraction):
        self.inter = inter

    async def send(self, content=None, *, ephemeral: bool = False, wait: bool = False, **kw):
        assert self.inter.response.is_done()
        sent = Sent(content or "", ephemeral)
        self.inter.replies.append(sent)
        return FakeMessage(sent)


class FakeInteraction:
    def __init__(self, client, user: FakeUser, channel: FakeChannel, message: FakeMessage | None = None):
        self.client = client
        self.user = user
        self.channel = channel
        self.channel_id = channel.id
        self.guild_id = 1
        self.permissions = discord.Permissions.none()
        self.message = message
        self.response = FakeResponse(self)
        self.followup = FakeFollowup(self)
        self.replies: list[Sent] = []

    async def delete_original_response(self):
        return None


async def new_bot(db_path: str, clock=None) -> MeepleBot:
    """A bot on ``db_path`` with its games reloaded and components registered, as after a start."""
    from bot import ui

    bot = MeepleBot(Settings(token="", db_path=db_path), clock=clock, seed_source=lambda: 4321)
    await bot.prepare()
    ui.register(bot)
    return bot


def component(message: FakeMessage, index: int = 0):
    """The ``index``-th component (a DynamicItem) of a posted message."""
    return message.sent.view.children[index]


async def click(bot, user: FakeUser, channel: FakeChannel, message: FakeMessage, index: int = 0,
                values: list[str] | None = None) -> FakeInteraction:
    """Click the ``index``-th component of ``message`` as ``user`` (choosing ``values`` in a menu),
    rebuilding the item from its custom_id alone, as after a restart."""
    posted = component(message, index)
    custom_id = posted.custom_id
    registered = [cls for cls in _dynamic_classes(bot) if cls.__discord_ui_compiled_template__.fullmatch(custom_id)]
    assert len(registered) == 1, f"no registered component answers {custom_id}"
    cls = registered[0]
    match = cls.__discord_ui_compiled_template__.fullmatch(custom_id)
    inter = FakeInteraction(bot, user, channel, message)
    item = await cls.from_custom_id(inter, posted.item, match)
    item._refresh_state(inter, {"values": values or []})
    assert await item.interaction_check(inter)
    await item.callback(inter)
    return inter


def _dynamic_classes(bot) -> list[type]:
    """The DynamicItem classes registered on the client (discord.py keeps them in its view store)."""
    return list(bot._connection._view_store._dynamic_items.values())
