"""One racing process for the two-process tests: ``python -m tests.store.racer DB SEED`` (DB: a file or URL).

Loads every running game, then for a while plays random legal moves and
undos on them, and runs the timer dispatcher; prints one JSON line: the
moves it committed and the timers it fired.
"""

from __future__ import annotations

import asyncio
import json
import random
import sys

from bot import timers
from bot.sessions import SessionManager
from bot.store import open_store
from games.core.playout import expand


async def main(db: str, seed: int, rounds: int = 40) -> dict:
    url = db if db.startswith("postgresql://") else None
    store = await open_store(None if url else db, url)
    sessions = SessionManager(store, seed_source=lambda: 1, render=False)
    await sessions.load_all()
    dbt = timers.DbThread(db)
    fired: list[int] = []

    async def note(timer):
        fired.append(timer.id)
        await asyncio.sleep(0)

    dispatcher = timers.Dispatcher(timers.TimerStore(dbt), db=dbt)
    dispatcher.on("note", note)
    rnd = random.Random(seed)
    moves, undos, stale = [], 0, 0
    firing = asyncio.ensure_future(dispatcher.run_due())
    for _ in range(rounds):
        table = rnd.choice(sessions.tables())
        if table.state is None or table.broken:
            continue
        await sessions.refresh(table)
        if rnd.random() < 0.15:
            reply = await sessions.undo(table.record.channel_id)
            undos += reply.ok
            continue
        seat = rnd.choice(sorted(table.to_move()))
        move = expand(table.engine, table.state, seat, "", rnd)
        reply = await sessions.move_as(table.record.channel_id, seat, move)
        if reply.ok:
            moves.append([table.record.id, reply.n, move])
        else:
            stale += 1
        await asyncio.sleep(rnd.random() * 0.003)
    await firing
    dbt.close()
    await store.close()
    return {"moves": moves, "undos": undos, "stale": stale, "fired": fired}


if __name__ == "__main__":
    print(json.dumps(asyncio.run(main(sys.argv[1], int(sys.argv[2])))))
