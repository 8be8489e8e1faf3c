"""Restart: how long a bot process takes to load its running games, and the memory they hold.

    python bench/restart.py [--games 1000,10000] [--moves 24] [--baseline REV [--rounds N]]

Builds a SQLite database of running games of all five titles (a hundred played for real, ``--moves``
random moves each, their snapshots brought up to date as a clean shutdown leaves them, then copied
row for row to each size: a game's rows are the same whatever its number; each size started once, so
that it holds the play-by-post rows a running bot leaves), and for each size starts
a fresh process that opens the store and loads every game as the bot does before it connects
(``SessionManager.load_all``), then starts the play-by-post layer as the bot's extensions do before it
connects. Prints the wall time to ready and its CPU time, the play-by-post start's, the process's RSS
after loading (and after touching 100 games: a move's worth of reading each), and the per-game
figures the growth simulation (``bench/growth.py``) builds on. Targets (issue #33): ready in < 2 s
with 1000 running games and < 10 s with 100,000; RSS < 300 MB with 100,000 running games.
The databases are built once per code revision and kept under ``bench/out/restart/`` (not
tracked; ``--no-cache`` builds them afresh in a temporary folder): ``--games 100000`` takes a few
minutes and about 0.8 GB the first time. Each loading process opens a copy.
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import json
import os
import random
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import baseline
from _verdict import Verdict, sized
from baseline import figure

CODE = baseline.use_code_root()

TITLES = ("west-of-africa", "bruges", "altiplano", "amerigo", "terra-mystica")
#: games played for real; the database's others are copies of them
PLAYED = 100
TARGET_READY = {1000: 2.0, 100_000: 10.0}
TARGET_RSS_MB = (100_000, 300.0)

CHILD = r"""
import asyncio, json, os, sys, time
t0, c0 = time.perf_counter(), time.process_time()
sys.path.insert(0, sys.argv[1])
from bot.store import open_store
try:
    from bot.table.sessions import SessionManager
except ImportError:
    from bot.sessions import SessionManager

def rss():
    for line in open("/proc/self/status"):
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024

async def main():
    t1, c1 = time.perf_counter(), time.process_time()
    store = await open_store(sys.argv[2])
    sessions = SessionManager(store, seed_source=lambda: 1, render=False)
    count = await sessions.load_all()
    t2, c2 = time.perf_counter(), time.process_time()
    out = {"count": count, "imports_s": t1 - t0, "ready_s": t2 - t1, "ready_cpu_s": c2 - c1, "rss_mb": rss()}
    # then the play-by-post layer brings each running game's waits and reminders in line, as the
    # bot's extensions do before it connects (a revision without it in this shape: not measured)
    try:
        from bot.table.pbp.service import Pbp
    except ImportError:
        Pbp = None
    if Pbp is not None:
        class Quiet:
            async def send(self, notice): return True
            async def keep_thread_alive(self, thread_id): return None
            def place(self, guild_id, channel_id): return f"#{channel_id}"
        pbp = Pbp(sessions, sys.argv[2], Quiet())
        await pbp.start(run=False)
        t3, c3 = time.perf_counter(), time.process_time()
        out.update(pbp_s=t3 - t2, pbp_cpu_s=c3 - c2, rss_pbp_mb=rss())
    # the first touch of 100 games (what a move or a status reads of an idle game)
    warm = getattr(sessions, "warm", None)
    chans = sorted(t.record.channel_id for t in sessions.tables())[:: max(1, count // 100)][:100]
    t3 = time.perf_counter()
    for ch in chans:
        table = sessions.table(ch)
        if warm is not None:
            await warm(table)
        assert table.state is not None
    out["touch_ms"] = (time.perf_counter() - t3) * 1000 / len(chans)
    out["rss_touched_mb"] = rss()
    # then what the bot runs after it is ready, in the background: every page of the file checked
    check = getattr(store, "check_pages", None)
    if check is not None:
        c4 = time.process_time()
        await check()
        out["check_cpu_s"] = time.process_time() - c4
    if Pbp is not None:
        await pbp.stop()
    await store.close()
    print(json.dumps(out))

asyncio.run(main())
"""


def build(path: str, moves: int) -> None:
    """The games played for real (this tree's code or the baseline's), snapshots up to date."""
    from bot.store import open_store
    from games.core.playout import expand
    try:
        from bot.table.sessions import Actor, SessionManager
    except ImportError:
        from bot.sessions import Actor, SessionManager  # type: ignore[no-redef]

    people = [Actor(1000 + i, f"P{i}") for i in range(3)]

    async def play():
        store = await open_store(path)
        sessions = SessionManager(store, seed_source=lambda: 1, render=False)
        rnd = random.Random(7)
        for ch in range(1, PLAYED + 1):
            made = await sessions.create(ch, people[0], TITLES[ch % len(TITLES)], people[1:3], None,
                                         guild_id=((ch % 50) << 22) + 1)
            assert made.ok, made.text
            assert (await sessions.start(ch, people[0])).ok
            for _ in range(moves):
                table = sessions.table(ch)
                if table is None or table.engine.result(table.state) is not None:
                    break
                seat = rnd.choice(sorted(table.to_move()))
                await sessions.move_as(ch, seat, expand(table.engine, table.state, seat, "", rnd))
        if hasattr(sessions, "save_snapshots"):
            await sessions.save_snapshots(idle=0)
        await store.close()

    asyncio.run(play())


def grow(template: str, path: str, games: int) -> None:
    """``path``: the template's running games copied (ids and channels shifted) up to ``games``."""
    Path(path).unlink(missing_ok=True)
    con = sqlite3.connect(template)
    con.execute(f"VACUUM INTO '{path}'")
    con.close()
    con = sqlite3.connect(path)
    cols = {t: [r[1] for r in con.execute(f"PRAGMA table_info({t})")] for t in ("games", "seats", "moves", "snapshots")}
    ids = [r[0] for r in con.execute("SELECT id FROM games WHERE status = 'running' ORDER BY id")]
    con.execute("DELETE FROM games WHERE status != 'running'")
    have, shift = len(ids), 1
    span = max(ids) + 1
    while have < games:
        take = min(len(ids), games - have)
        last = ids[take - 1]
        off = shift * span
        for table, col in (("games", "id"), ("seats", "game_id"), ("moves", "game_id"), ("snapshots", "game_id")):
            sel = ", ".join(f"{c} + {off}" if c in (col, "channel_id") else c for c in cols[table])
            con.execute(f"INSERT INTO {table} ({', '.join(cols[table])}) SELECT {sel} FROM {table}"
                        f" WHERE {col} <= {last} AND {col} < {span}")
        have += take
        shift += 1
    con.commit()
    con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    con.close()


def settle(path: str) -> None:
    """Start a bot on ``path`` once (loading and the play-by-post start), so that the database holds
    the play-by-post rows and timers a running bot leaves: a restart finds them, and its start only
    brings them in line (a first start makes them all, several times the work)."""
    proc = subprocess.run([sys.executable, "-c", CHILD, str(CODE), path], capture_output=True, text=True)
    if proc.returncode != 0:
        print(proc.stderr[-3000:])
        raise SystemExit("the settling start failed")
    con = sqlite3.connect(path)
    con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    con.close()


def cache_dir(moves: int) -> Path:
    """``bench/out/restart/<key>``: the databases built for this code (its games, its store and
    migrations, as committed) and ``moves``, kept between runs (``bench/out`` is not tracked)."""
    trees = subprocess.run(["git", "-C", str(CODE), "rev-parse", "HEAD:games", "HEAD:bot/store",
                            "HEAD:bot/table"], capture_output=True, text=True).stdout.split()
    key = hashlib.sha1(" ".join([*trees, str(moves), str(PLAYED)]).encode()).hexdigest()[:12]
    return baseline.ROOT / "bench" / "out" / "restart" / key


def measure(args) -> int:
    sizes = [int(s) for s in args.games.split(",")]
    verdict = Verdict()
    with tempfile.TemporaryDirectory(prefix="bench-restart-") as tmp:
        cache = Path(tmp) if args.no_cache else Path(args.db_dir) if args.db_dir else cache_dir(args.moves)
        cache.mkdir(parents=True, exist_ok=True)
        template = str(cache / "template.sqlite3")
        if not os.path.exists(template):
            t = time.perf_counter()
            build(template + ".part", args.moves)
            os.replace(template + ".part", template)
            print(f"{PLAYED} games played for real ({args.moves} moves each) in {time.perf_counter() - t:.1f} s; "
                  f"load average {os.getloadavg()[0]:.1f}", flush=True)
        else:
            print(f"databases cached in {cache} (built once by this code; --no-cache builds them afresh)")
        for games in sizes:
            path = str(cache / f"{games}.sqlite3")
            if not os.path.exists(path):
                t = time.perf_counter()
                grow(template, path + ".part", games)
                settle(path + ".part")
                os.replace(path + ".part", path)
                print(f"  {games} games copied from the {PLAYED} played (one INSERT ... SELECT per table and"
                      f" copy), then started once, in {time.perf_counter() - t:.1f} s", flush=True)
            size_mb = os.path.getsize(path) / 2**20
            # the loading process opens a copy: its own migrations, a restart's writes, change nothing here
            run_path = os.path.join(tmp, f"run-{games}.sqlite3")
            shutil.copyfile(path, run_path)
            path = run_path
            proc = subprocess.run([sys.executable, "-c", CHILD, str(CODE), path], capture_output=True, text=True)
            if proc.returncode != 0:
                print(proc.stderr[-3000:])
                raise SystemExit(f"the loading process failed at {games} games")
            out = json.loads(proc.stdout.strip().splitlines()[-1])
            assert out["count"] == games, out
            print(f"{games:7d} running games ({size_mb:6.0f} MB of database): ready in {out['ready_s']:6.2f} s"
                  f" ({out['ready_cpu_s']:6.2f} s CPU; imports {out['imports_s']:.2f} s before)"
                  f"  RSS {out['rss_mb']:6.0f} MB, {out['rss_touched_mb']:6.0f} MB after touching 100 games"
                  f" ({out['touch_ms']:.1f} ms each)  load average {os.getloadavg()[0]:.1f}", flush=True)
            if "pbp_s" in out:
                print(f"{'':7s} then the play-by-post start: {out['pbp_s']:6.2f} s ({out['pbp_cpu_s']:6.2f} s CPU),"
                      f" RSS {out['rss_pbp_mb']:6.0f} MB", flush=True)
                figure(f"{games} games: play-by-post start CPU", out["pbp_cpu_s"], "s")
                total = out["ready_cpu_s"] + out["pbp_cpu_s"]
                target = f" (target < {TARGET_READY[games]:g} s)" if games in TARGET_READY else ""
                print(f"{'':7s} ready with the play-by-post start: {out['ready_s'] + out['pbp_s']:6.2f} s wall,"
                      f" {total:6.2f} s CPU{target}", flush=True)
                figure(f"{games} games: ready + play-by-post CPU", total, "s")
                if games in TARGET_READY:
                    verdict.check(f"{games} games ready with the play-by-post start, CPU", total, "<",
                                  TARGET_READY[games], "s")
            if "check_cpu_s" in out:
                print(f"{'':7s} after ready, in the background (lowest priority): every page of the file checked,"
                      f" {out['check_cpu_s']:6.2f} s CPU", flush=True)
            figure(f"{games} games: ready", out["ready_s"], "s")
            figure(f"{games} games: ready CPU", out["ready_cpu_s"], "s")
            figure(f"{games} games: RSS", out["rss_mb"], "MB")
            figure(f"{games} games: first touch", out["touch_ms"], "ms")
            if games in TARGET_READY:
                verdict.check(f"{games} games ready", out["ready_s"], "<", TARGET_READY[games], "s")
            if games == TARGET_RSS_MB[0]:
                verdict.check(f"{games} games RSS", out["rss_mb"], "<", TARGET_RSS_MB[1], "MB")
            Path(path).unlink()
    return verdict.finish()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", default=sized("1000,10000", "1000"), help="sizes, comma separated")
    parser.add_argument("--moves", type=int, default=24, help="random moves played in each real game")
    parser.add_argument("--no-cache", action="store_true", help="build the databases afresh in a temporary "
                        "folder instead of reusing those under bench/out/restart")
    parser.add_argument("--db-dir", help="the databases to start from (N.sqlite3 for each size, built there if "
                        "missing) instead of the folder keyed by this code: the same files for both sides of a "
                        "--baseline run, and for code whose key moved on (a restart after an upgrade meets an "
                        "older database too)")
    baseline.add_arguments(parser)
    return baseline.run(parser.parse_args(), measure)


if __name__ == "__main__":
    sys.exit(main())
