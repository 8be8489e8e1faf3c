"""Which games and timers a shard process owns.

Discord sends a guild's events to shard ``(guild_id >> 22) % shard_count``
and direct messages to shard 0. A process started with ``SHARD_IDS`` and
``SHARD_COUNT`` loads only the games of its shards' guilds and claims only
their timers, so the processes split the work instead of each holding every
game. What still crosses shards (a DM, an undo asked from elsewhere) loads the
game on demand; the database serialises its writes (the game's revision and
row lock), whoever makes them.
"""

from __future__ import annotations

from dataclasses import dataclass

#: ``guild_id >> 22`` written as a division, which SQLite and PostgreSQL both do on integers
SHIFT = 1 << 22


def shard_of(guild_id: int | None, count: int) -> int:
    """The shard Discord routes a guild to (no guild: shard 0, where DMs arrive)."""
    return ((guild_id or 0) >> 22) % count


@dataclass(frozen=True)
class Shards:
    """The shards one process runs: ``ids`` out of ``count``."""

    count: int
    ids: tuple[int, ...]

    def __post_init__(self):
        if self.count < 1 or not self.ids or any(not 0 <= i < self.count for i in self.ids):
            raise ValueError(f"SHARD_IDS {list(self.ids)} must be between 0 and SHARD_COUNT-1 ({self.count - 1})")

    @classmethod
    def of(cls, count: int | None, ids: tuple[int, ...] | None) -> Shards | None:
        """The filter for these settings; None (everything) when the process runs every shard."""
        if not count or not ids or set(ids) >= set(range(count)):
            return None
        return cls(int(count), tuple(sorted(int(i) for i in ids)))

    def owns(self, guild_id: int | None) -> bool:
        return shard_of(guild_id, self.count) in self.ids

    def sql(self, column: str = "guild_id") -> str:
        """A condition on ``column`` (a guild id) for SQLite and PostgreSQL; only integers go in."""
        ids = ", ".join(str(int(i)) for i in self.ids)
        return f"((COALESCE({column}, 0) / {SHIFT}) % {int(self.count)}) IN ({ids})"


def where(shards: Shards | None, column: str = "guild_id") -> str:
    """``AND <condition>`` for a query, or nothing when every shard is ours."""
    return f" AND {shards.sql(column)}" if shards is not None else ""
