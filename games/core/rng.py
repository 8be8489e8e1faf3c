"""Seeded randomness kept inside the game state.

A game never touches the global ``random``: every draw comes from
``Rng(state["rng"])``, which derives a fresh generator from (seed, draws)
and bumps the counter. So (seed, options, moves) replays the same game, and
the counter tells the bot whether a move resolved any randomness.
"""

from __future__ import annotations

from collections.abc import MutableMapping, Sequence

#: ``typing`` only names types here: importing it costs a one-game replay's start-up (issue 33
#: goal 7) for nothing at run time
TYPE_CHECKING = False
if TYPE_CHECKING:
    import random
    from typing import Any, TypeVar

    T = TypeVar("T")


def new_rng(seed: int) -> dict:
    """The plain-data RNG record a state stores under ``"rng"``."""
    return {"seed": int(seed), "draws": 0}


class Rng:
    """Draws from the record in place; each draw advances ``draws`` by one."""

    def __init__(self, record: MutableMapping[str, Any]):
        self.record = record

    def _next(self) -> random.Random:
        import random  # on the first draw: a record that names its tiles (a league replay) draws none

        gen = random.Random(f"{self.record['seed']}/{self.record['draws']}")
        self.record["draws"] += 1
        return gen

    def randint(self, low: int, high: int) -> int:
        return self._next().randint(low, high)

    def choice(self, items: Sequence[T]) -> T:
        return self._next().choice(list(items))

    def shuffle(self, items: list) -> None:
        self._next().shuffle(items)

    def shuffled(self, items: Sequence[T]) -> list[T]:
        out = list(items)
        self.shuffle(out)
        return out

    def sample(self, items: Sequence[T], k: int) -> list[T]:
        return self._next().sample(list(items), k)

    def dice(self, count: int, sides: int = 6) -> list[int]:
        gen = self._next()
        return [gen.randint(1, sides) for _ in range(count)]
