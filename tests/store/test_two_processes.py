"""Two real OS processes on one database (SQLite file and PostgreSQL): moves, undos and timers race.

Every game's log must replay to its snapshot without gaps, no committed move
may be lost or doubled unless an undo took it back, and every timer fires
exactly once, in one of the two processes.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from bot.store.shards import shard_of
from bot.table import timers

from .helpers import new_game, reports
from .test_store_backends import replays, sessions_on

ROOT = Path(__file__).resolve().parents[2]
TIMERS = 300


async def prepare(backend) -> tuple[str, list[int]]:
    sessions = await sessions_on(backend)
    ids = [await new_game(sessions, 10 + i, game) for i, game in enumerate(("west-of-africa", "bruges"))]
    await sessions.store.close()
    db = backend.get("url") or backend["path"]
    dbt = timers.DbThread(db)
    ts = timers.TimerStore(dbt)
    for i in range(TIMERS):  # due now, waiting for whichever process claims them
        await dbt.run(ts.add, "note", 1_000_000.0 + i, {"i": i}, f"note:{i}", write=True)
    dbt.close()
    return db, ids


async def test_two_processes_race_moves_undos_and_timers(backend):
    db, ids = await prepare(backend)
    procs = [subprocess.Popen([sys.executable, "-m", "tests.store.racer", db, str(seed)], cwd=ROOT,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for seed in (1, 2)]
    outs = reports(procs)
    fired = [t for o in outs for t, _game in o["fired"]]
    assert len(fired) == TIMERS and len(set(fired)) == TIMERS  # each timer once, in one process
    assert all(o["moves"] for o in outs)  # both processes did commit moves
    sessions = await sessions_on(backend)
    store = sessions.store
    for gid in ids:
        assert await replays(store, gid)  # every log replays to its snapshot, numbered without gaps
        logged = {(m.n, m.text) for m in await store.moves(gid)}
        committed = [(n, text) for o in outs for g, n, text in o["moves"] if g == gid]
        undos = sum(o["undos"] for o in outs)
        # a committed move is in the log unless undone (possibly replaced by another move n)
        assert len([c for c in committed if c not in logged]) <= undos
    dbt = timers.DbThread(db)
    assert await dbt.run(timers.TimerStore(dbt).all) == []  # all fired, none left behind
    dbt.close()
    print("two processes:", [{k: (len(v) if isinstance(v, list) else v) for k, v in o.items()} for o in outs])
    await store.close()


#: two guilds as Discord shards them over 2 shards: (id >> 22) % 2 is 0 for the first, 1 for the second
GUILDS = (81384788765712384, 81384788765712384 + (1 << 22))


def run_racers(db: str, args: list[list[str]]) -> list[dict]:
    procs = [subprocess.Popen([sys.executable, "-m", "tests.store.racer", db, *a], cwd=ROOT,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for a in args]
    return reports(procs)


async def test_two_shard_processes_split_games_and_timers_and_serialise_what_crosses(backend):
    """SHARD_COUNT=2: each process loads only its shard's games and fires only their timers;
    each also reaches one game of the other shard (as a DM or an undo from elsewhere would),
    racing the owner's moves and undos there: every log still replays, each timer fires once."""
    assert [shard_of(g, 2) for g in GUILDS] == [0, 1]
    sessions = await sessions_on(backend)
    ids = {0: [], 1: []}
    for shard, guild in enumerate(GUILDS):
        for k, game in enumerate(("west-of-africa", "bruges")):
            ids[shard].append(await new_game(sessions, 100 * (shard + 1) + k, game, guild_id=guild))
    await sessions.store.close()
    db = backend.get("url") or backend["path"]
    dbt = timers.DbThread(db)
    ts = timers.TimerStore(dbt)
    owner = {}
    for i in range(TIMERS):  # due now, for games of both shards
        gid = ids[i % 2][i // 2 % 2]
        owner[await dbt.run(ts.add, "note", 1_000_000.0 + i, {"i": i}, f"note:{i}", gid, write=True)] = i % 2
    dbt.close()
    outs = run_racers(db, [["1", "2", "0", str(ids[1][0])], ["2", "2", "1", str(ids[0][0])]])
    assert [o["loaded"] for o in outs] == [sorted(ids[0]), sorted(ids[1])]  # each its own shard's games only
    fired = [(t, shard) for shard, o in enumerate(outs) for t, _game in o["fired"]]
    assert sorted(t for t, _ in fired) == sorted(owner)  # every timer once
    assert all(owner[t] == shard for t, shard in fired)  # by the process of its game's shard
    crossed = {ids[1][0]: 0, ids[0][0]: 1}  # game -> the process that reached it from the other shard
    assert all(any(g == gid for g, _n, _t in outs[p]["moves"]) or outs[p]["undos"] for gid, p in crossed.items())
    sessions = await sessions_on(backend)
    store = sessions.store
    undos = sum(o["undos"] for o in outs)
    for gid in ids[0] + ids[1]:
        assert await replays(store, gid)  # every log replays to its snapshot, numbered without gaps
        logged = {(m.n, m.text) for m in await store.moves(gid)}
        committed = [(n, text) for o in outs for g, n, text in o["moves"] if g == gid]
        assert len([c for c in committed if c not in logged]) <= undos
    await store.close()
