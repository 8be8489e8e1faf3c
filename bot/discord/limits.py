"""Per-user rate limits on the buttons that cost the bot real work (issue 30 item 7).

A "Full board" press draws a whole board (tens of milliseconds of CPU and a large upload); a
history page replays the log. Each user gets discord.py's own cooldown (``app_commands.Cooldown``:
``rate`` presses per ``per`` seconds) per button kind; a press over it is answered privately
with how long to wait, and nothing is drawn.
"""

from __future__ import annotations

import math
import time

from discord import app_commands

#: Designed: three full boards a minute per user (a look now and then, not a flood)
FULL_BOARD = (3, 60.0)
#: Designed: ten history pages a minute per user (paging through a long log)
HISTORY = (10, 60.0)


class PerUser:
    """One ``app_commands.Cooldown`` per user, on the bot's clock (``clock.now()``; None: the wall clock)."""

    def __init__(self, rate: int, per: float):
        self.rate, self.per = rate, per
        self._users: dict[int, app_commands.Cooldown] = {}

    def wait(self, user_id: int, clock=None) -> int | None:
        """Seconds ``user_id`` must wait before pressing again (None: go ahead; the press is counted)."""
        now = clock.now().timestamp() if clock is not None else time.time()
        if len(self._users) > 10_000:  # forget the users whose window has passed
            self._users = {u: c for u, c in self._users.items() if c.get_tokens(now) < self.rate}
        cooldown = self._users.setdefault(user_id, app_commands.Cooldown(self.rate, self.per))
        retry = cooldown.update_rate_limit(now)
        return None if retry is None else max(1, math.ceil(retry))


def per_user(client, name: str, limits: tuple[int, float]) -> PerUser:
    """The client's limiter called ``name`` (made on first use: it lives as long as the bot)."""
    found = getattr(client, "_limiters", None)
    if found is None:
        found = client._limiters = {}
    if name not in found:
        found[name] = PerUser(*limits)
    return found[name]


def wait(client, name: str, limits: tuple[int, float], user_id: int) -> int | None:
    """Seconds the user must wait before another press of ``name`` (None: go ahead)."""
    return per_user(client, name, limits).wait(user_id, getattr(client, "clock", None))
