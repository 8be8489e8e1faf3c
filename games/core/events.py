"""What a move did, as the table is told about it."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any


@dataclass
class Event:
    """One thing that happened.

    ``text`` is public: it may go to the channel. ``private`` is for the
    acting seat only (an ephemeral reply), e.g. the cards it just chose in
    secret. ``barrier`` marks a move that revealed hidden information or
    resolved randomness, which an undo may not silently take back.
    """

    text: str
    seat: int | None = None
    kind: str = "info"
    private: str | None = None
    barrier: bool = False
    data: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict) -> Event:
        return cls(**data)
