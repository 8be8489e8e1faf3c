"""Two helpers every move handler uses."""

from __future__ import annotations

from collections import Counter

from games.core import IllegalMove


def need(cond: bool, message: str) -> None:
    """Refuse the move with ``message`` unless ``cond`` holds."""
    if not cond:
        raise IllegalMove(message)


def fmt_goods(counter) -> str:
    """{"fish": 2, "ore": 1} -> "2 fish, 1 ore"."""
    return ", ".join(f"{n} {g}" for g, n in sorted(Counter(counter).items()) if n)
