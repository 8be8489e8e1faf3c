"""``bench/load.py --drawing cached``: render workers that draw each title's first board only.

A diagnosis of goal 4a (the bot's CPU per move with boards on over off): with these workers the
bot's side of a board is what it is with real ones (its request, an answer of a real board's size
with its facts, the task that waits for it), while the other core stays nearly idle. The ratio
then leaves out what the workers' drawing costs the bot's own threads beside it.
"""

from __future__ import annotations


def cached_serve(conn, parent: int) -> None:
    """A render worker (``render_pool._serve``, whose arguments it takes) that draws each title's
    first board and answers every later board of that title with that same answer, at once."""
    from bot.table import render_pool as pool

    drawn: dict[str, list[bytes]] = {}
    served = pool.served

    def cached(asked: bytes) -> list[bytes]:
        title = pool.head_of(asked)[0][0]
        if title not in drawn:
            drawn[title] = served(asked)
        return drawn[title]

    pool.served = cached  # the worker's loop looks it up for each request
    pool._serve(conn, parent)
