"""One racing process for the two-process tests:
``python -m tests.store.racer DB SEED [SHARD_COUNT SHARD_ID [CROSS_GAME_ID ...]]`` (DB: a file or URL).

Loads every running game (with a shard: only that shard's games), then for a
while plays random legal moves and undos on them, and runs the timer
dispatcher (with a shard: only that shard's timers). ``CROSS_GAME_ID``s are
another shard's games that this process also reaches (as a DM or an undo from
elsewhere would): it loads them on demand and moves and undoes on them too.
Prints one JSON line: the games it loaded, the moves it committed and the
timers it fired.
"""

from __future__ import annotations

import asyncio
import json
import random
import sys

from bot.store import StoreUnavailable, open_store
from bot.store.shards import Shards
from bot.table import timers
from bot.table.sessions import SessionManager

from .helpers import random_move


async def main(db: str, seed: int, shards: Shards | None = None, cross: tuple[int, ...] = (),
               rounds: int = 40) -> dict:
    url = db if db.startswith("postgresql://") else None
    store = await open_store(None if url else db, url)
    dbt = None
    try:  # closed whatever happens: an open store's thread would keep a failed racer alive, silent
        sessions = SessionManager(store, seed_source=lambda: 1, render=False, shards=shards)
        await sessions.load_all()
        loaded = sorted(t.record.id for t in sessions.tables())
        dbt = timers.DbThread(db)
        return await race(sessions, dbt, seed, shards, cross, rounds, loaded)
    finally:
        if dbt is not None:
            dbt.close()
        await store.close()


async def fire_all(dispatcher: timers.Dispatcher) -> None:
    """Every due timer, as the bot's dispatcher loop fires them: a database busy past its
    timeout (the other racer's long sync on a loaded machine) is tried again, not a failure."""
    while True:
        try:
            await dispatcher.run_due()
            return
        except StoreUnavailable:
            await asyncio.sleep(0.2)


async def race(sessions: SessionManager, dbt, seed: int, shards: Shards | None, cross: tuple[int, ...],
               rounds: int, loaded: list[int]) -> dict:
    fired: list[list] = []

    async def note(timer):
        fired.append([timer.id, timer.game_id])
        await asyncio.sleep(0)

    dispatcher = timers.Dispatcher(timers.TimerStore(dbt, shards), db=dbt)
    dispatcher.on("note", note)
    rnd = random.Random(seed)
    moves, undos, stale = [], 0, 0
    firing = asyncio.ensure_future(fire_all(dispatcher))
    for _ in range(rounds):
        if cross and rnd.random() < 0.3:  # reach another shard's game
            table = await sessions.load_game(rnd.choice(cross))
            if table is None:
                continue
        else:
            table = rnd.choice(sessions.tables())
        if table.state is None or table.broken:
            continue
        if await sessions.refresh(table) is None or not table.to_move():
            continue  # the game ended (a two-seat West of Africa lasts 30-40 random moves)
        if rnd.random() < 0.15:
            reply = await sessions.undo(table.record.channel_id)
            undos += reply.ok
            continue
        seat, move = random_move(table, rnd)
        reply = await sessions.move_as(table.record.channel_id, seat, move)
        if reply.ok:
            moves.append([table.record.id, reply.n, move])
        else:
            stale += 1
        await asyncio.sleep(rnd.random() * 0.003)
    await firing
    return {"loaded": loaded, "moves": moves, "undos": undos, "stale": stale, "fired": fired}


if __name__ == "__main__":
    args = sys.argv[1:]
    shards = Shards(int(args[2]), (int(args[3]),)) if len(args) >= 4 else None
    print(json.dumps(asyncio.run(main(args[0], int(args[1]), shards, tuple(int(a) for a in args[4:])))))
