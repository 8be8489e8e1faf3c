"""Offline stand-ins for ``discord.Interaction`` and friends.

They expose exactly the attributes the command callbacks use and record
everything sent, so a test can read the "channel" like a transcript. Real
discord.py types are used where they carry logic (``User`` built from
gateway-shaped data, ``Permissions``, ``File``, ``app_commands.Choice``);
nothing touches the network.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta

import discord

_ids = itertools.count(9000)


class FakeClock:
    """A clock that only moves when told to."""

    def __init__(self, start: datetime | None = None):
        self.current = start or datetime(2026, 1, 1, 12, 0, tzinfo=UTC)

    def now(self) -> datetime:
        return self.current

    def advance(self, **kw) -> None:
        self.current += timedelta(**kw)


@dataclass
class Sent:
    """One thing the bot sent: where, to whom, what."""

    where: str            # "channel" | "followup" | "response"
    content: str
    ephemeral: bool
    user_id: int          # the user whose interaction caused it
    png: bytes | None = None
    filename: str | None = None
    id: int = field(default_factory=lambda: next(_ids))


class Transcript(list):
    """Everything sent in a test, in order."""

    def public(self) -> list[Sent]:
        return [s for s in self if not s.ephemeral]

    def private(self, user_id: int | None = None) -> list[Sent]:
        return [s for s in self if s.ephemeral and (user_id is None or s.user_id == user_id)]


def _read_file(file: discord.File | None) -> tuple[bytes | None, str | None]:
    if file is None or file is discord.utils.MISSING:
        return None, None
    data = file.fp.read()
    assert data, "a discord.File was sent twice (its buffer was already consumed)"
    return data, file.filename


def FakeUser(user_id: int, name: str, bot: bool = False) -> discord.User:  # noqa: N802 (reads like a class)
    """A real ``discord.User`` built from gateway-shaped data, with no connection behind it."""
    return discord.User(state=None, data={
        "id": str(user_id), "username": name.lower(), "discriminator": "0", "global_name": name,
        "avatar": None, "bot": bot,
    })


class FakeMessage:
    def __init__(self, sent: Sent):
        self.id = sent.id
        self.sent = sent


class FakeChannel:
    """A text channel (or thread) that records ``send``."""

    def __init__(self, channel_id: int, transcript: Transcript):
        self.id = channel_id
        self.transcript = transcript
        self._current_user = 0

    async def send(self, content=None, *, file=None, allowed_mentions=None, **kw):
        png, name = _read_file(file)
        sent = Sent("channel", content or "", False, self._current_user, png, name)
        self.transcript.append(sent)
        return FakeMessage(sent)


class FakeResponse:
    def __init__(self, interaction: FakeInteraction):
        self.interaction = interaction
        self.deferred: dict | None = None
        self._done = False

    def is_done(self) -> bool:
        return self._done

    async def defer(self, *, ephemeral: bool = False, thinking: bool = False) -> None:
        assert not self._done, "responded twice to one interaction"
        self.deferred = {"ephemeral": ephemeral, "thinking": thinking}
        self._done = True

    async def send_message(self, content=None, *, ephemeral: bool = False, file=None, **kw) -> None:
        assert not self._done, "responded twice to one interaction"
        self._done = True
        png, name = _read_file(file)
        self.interaction.transcript.append(
            Sent("response", content or "", ephemeral, self.interaction.user.id, png, name))


class FakeFollowup:
    """``interaction.followup``: the first send after an ephemeral defer is ephemeral too."""

    def __init__(self, interaction: FakeInteraction):
        self.interaction = interaction

    async def send(self, content=None, *, ephemeral: bool = False, file=discord.utils.MISSING,
                   wait: bool = False, **kw):
        inter = self.interaction
        assert inter.response.is_done(), "followup before the interaction was answered"
        png, name = _read_file(file)
        sent = Sent("followup", content or "", ephemeral, inter.user.id, png, name)
        inter.transcript.append(sent)
        return FakeMessage(sent)


class FakeInteraction:
    """What a command callback sees as ``interaction``."""

    def __init__(self, client, user: FakeUser, channel: FakeChannel, guild_id: int = 1,
                 manage_guild: bool = False):
        self.client = client
        self.user = user
        self.channel = channel
        self.channel_id = channel.id
        self.guild_id = guild_id
        self.transcript: Transcript = channel.transcript
        self.permissions = discord.Permissions(manage_guild=manage_guild)
        self.response = FakeResponse(self)
        self.followup = FakeFollowup(self)
        self.deleted_original = False
        channel._current_user = user.id

    async def delete_original_response(self) -> None:
        assert self.response.is_done()
        self.deleted_original = True
