"""What a play-by-post command answers (:class:`Outcome`) and where the service sends its posts
(:class:`Notifier`: Discord, or the tests' fake), with the few designed values they share."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

from ..posts import Button, Post
from .clocks import DAY

#: Designed: how many running games one player may sit in at once (0 = no limit).
DEFAULT_GAME_LIMIT = 10
#: Designed: a thread's activity is refreshed this often (Discord archives after 7 idle days at most).
THREAD_KEEPALIVE = 6 * DAY


class Notifier(Protocol):
    async def send(self, post: Post) -> bool: ...
    async def dm(self, post: Post) -> str | None:
        """``post`` to ``post.user_id`` alone, never a channel: None when sent, ``"closed"`` when the
        user's DMs are closed (Discord's 50007), ``"failed"`` otherwise."""
    async def keep_thread_alive(self, thread_id: int) -> None: ...
    def place(self, guild_id: int | None, channel_id: int) -> str: ...


@dataclass
class Outcome:
    """What a pbp command answers: ``private`` for the caller, ``public`` for the table."""

    ok: bool = True
    private: str | None = None
    public: Post | None = None
    #: buttons under the private answer (history pages)
    buttons: list[Button] = field(default_factory=list)
    #: an image for the caller alone (the recap's board) and its description (alt text lines)
    png: bytes | None = None
    alt: list = field(default_factory=list)


def denied(text: str) -> Outcome:
    return Outcome(ok=False, private=text)


def vote(poll: int, choice: str, label: str) -> Button:
    """A poll's button: dropping a seat or refusing an undo in red."""
    return Button("vote", (poll, choice), label, "danger" if choice in ("drop", "no") else "secondary")


def board_link(guild_id: int | None, channel_id: int, message_id: int | None) -> str | None:
    if not message_id:
        return None
    return f"https://discord.com/channels/{guild_id or '@me'}/{channel_id}/{message_id}"
