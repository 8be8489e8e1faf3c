"""What a move did, as the table is told about it."""

from __future__ import annotations

from .messages import Msg, render
from .plain import Plain

#: ``typing`` only names types here: importing it costs a one-game replay's start-up (issue 33
#: goal 7) for nothing at run time
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


class Event(Plain):
    """One thing that happened.

    ``text`` is public: it may go to the channel. ``private`` is for the
    acting seat only (an ephemeral reply), e.g. the cards it just chose in
    secret. ``barrier`` marks a move that revealed hidden information or
    resolved randomness, which an undo may not silently take back.

    An engine passes a ``Msg`` for ``text`` and ``private``; the event keeps
    it as ``msg`` / ``private_msg`` (for the reader's language) and ``text``
    / ``private`` hold the English wording. Seat names are ``{p0}``,
    ``{p1}``... in either (the bot fills them in after wording).
    """

    #: the fields, in order (equality and ``repr`` as a dataclass's)
    _FIELDS = ("text", "seat", "kind", "private", "barrier", "data", "msg", "private_msg")

    def __init__(self, text: str | Msg, seat: int | None = None, kind: str = "info",
                 private: str | Msg | None = None, barrier: bool = False, data: dict[str, Any] | None = None,
                 msg: Msg | None = None, private_msg: Msg | None = None) -> None:
        self.text, self.seat, self.kind, self.private, self.barrier = text, seat, kind, private, barrier
        self.data = {} if data is None else data
        self.msg, self.private_msg = msg, private_msg
        if text.__class__ is Msg or isinstance(text, Msg):
            self.msg, self.text = text, render(text)
        if private is not None and isinstance(private, Msg):
            self.private_msg, self.private = private, render(private)

    def text_in(self, locale: str | None = None) -> str:
        """The public text worded in ``locale``."""
        return render(self.msg, locale) if self.msg is not None else self.text

    def private_in(self, locale: str | None = None) -> str | None:
        """The private text worded in ``locale``."""
        return render(self.private_msg, locale) if self.private_msg is not None else self.private

    def to_json(self) -> dict:
        out = {"text": self.text, "seat": self.seat, "kind": self.kind, "private": self.private,
               "barrier": self.barrier, "data": dict(self.data)}
        if self.msg is not None:
            out["msg"] = self.msg.to_json()
        if self.private_msg is not None:
            out["private_msg"] = self.private_msg.to_json()
        return out

    @classmethod
    def from_json(cls, data: dict) -> Event:
        data = dict(data)
        for name in ("msg", "private_msg"):
            if data.get(name) is not None:
                data[name] = Msg.from_json(data[name])
        return cls(**data)
