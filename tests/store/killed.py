"""A bot process that is killed mid-play: ``python -m tests.store.killed DB [--pbp]``.

Plays random moves on every running game, many at once (so they are group
committed), and prints ``game n text`` on stdout, flushed, the moment each
move is confirmed (``move_as`` returned ok): what a player would have seen.
It never stops by itself; the test kills it with SIGKILL. ``--pbp``: with the play-by-post
layer on, as the bot runs (on PostgreSQL the moves then go with their steps).
"""

from __future__ import annotations

import asyncio
import random
import sys

from bot.store import open_store
from bot.table.sessions import SessionManager

from .helpers import random_move


async def main(db: str, pbp: bool = False) -> None:
    url = db if db.startswith("postgresql://") else None
    store = await open_store(None if url else db, url)
    sessions = SessionManager(store, seed_source=lambda: 1, render=False)
    await sessions.load_all()
    if pbp:
        from bot.table.pbp.service import Pbp
        from bot.table.timers import ManualClock

        from .test_pbp_backends import Notes

        await Pbp(sessions, db, Notes(), ManualClock()).start(run=False)
    rnd = random.Random(3)
    print("ready", flush=True)

    async def table_plays(channel: int) -> None:
        while True:
            table = sessions.table(channel)
            if table is None or table.state is None:
                return
            seat, move = random_move(table, rnd)
            reply = await sessions.move_as(channel, seat, move)
            if reply.ok:
                sys.stdout.write(f"{reply.game_id} {reply.n} {move}\n")
                sys.stdout.flush()

    await asyncio.gather(*(table_plays(t.record.channel_id) for t in sessions.tables()))


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], "--pbp" in sys.argv[2:]))
