"""The refusal helper every move handler uses."""

from __future__ import annotations

from games.core import IllegalMove


def need(cond: bool, message: str) -> None:
    """Refuse the move with ``message`` unless ``cond`` holds."""
    if not cond:
        raise IllegalMove(message)
