"""Two real OS processes on one database (SQLite file and PostgreSQL): moves, undos and timers race.

Every game's log must replay to its snapshot without gaps, no committed move
may be lost or doubled unless an undo took it back, and every timer fires
exactly once, in one of the two processes.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from bot import timers

from .helpers import new_game
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
    outs = []
    for p in procs:
        out, err = p.communicate(timeout=120)
        assert p.returncode == 0, err[-2000:]
        outs.append(json.loads(out.strip().splitlines()[-1]))
    fired = [t for o in outs for t in o["fired"]]
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
