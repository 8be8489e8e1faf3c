"""Growth simulation: what 10,000 and 100,000 running games and 100 moves/s at peak would cost.

    python bench/growth.py [--games 1000,10000] [--moves 600]

Nothing here runs 100,000 games: it measures the per-unit costs on this machine and scales them.
Measured: the CPU time and memory a restart spends per running game and the database bytes each
game and each move take (``bench/restart.py``'s database of real games, at two sizes, so the fixed
part and the slope are apart; each started once first, as ``bench/restart.py`` does, so that the
start counted is a restart's: loading the games, then the play-by-post start, as the bot does before
it connects; the memory as it connects); the bot's CPU per committed move, boards off (``--moves`` random
moves of all five titles through the sessions on a SQLite file, play-by-post off: the move path
alone); the CPU of one turn image (drawn in the board workers). Printed: for each size, the memory
of one process holding every game (frozen: the restart's figure; all live: as before idle tables
were frozen), the start-up CPU, the disk, and for 100 moves/s at peak the cores the moves and the
boards take; then the point where a second process or PostgreSQL is due. The figures are CPU time
(what the neighbours' load moves least) and linear extrapolations: a database past the page cache
reads slower than here.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import sqlite3
import subprocess
import sys
import tempfile
import time

import baseline
import restart
from _verdict import Verdict, sized

CODE = baseline.use_code_root()

SIZES = (10_000, 100_000)
PEAK = 100.0  # moves/s
#: one process's budget: half a core for the move path (the loop also acknowledges and sends)
CORE_SHARE = 0.5
RSS_BUDGET_MB = 300.0


def fit(runs: dict[int, dict], keys=("start_cpu_s", "rss_mb", "db_bytes")) -> tuple[dict, dict]:
    """(slope per game, fixed part) of each of ``keys`` through the runs at the two sizes."""
    a, b = sorted(runs)
    slope = {k: (runs[b][k] - runs[a][k]) / (b - a) for k in keys}
    return slope, {k: runs[a][k] - slope[k] * a for k in keys}


def started(got: dict) -> dict:
    """A restart's figures as the bot meets them before it connects: the start's CPU is the loading's
    and the play-by-post start's together, the memory the process's after both (a revision without
    the play-by-post start in ``restart.CHILD``'s shape: the loading alone)."""
    return {**got, "start_cpu_s": got["ready_cpu_s"] + got.get("pbp_cpu_s", 0.0),
            "rss_mb": got.get("rss_pbp_mb", got["rss_mb"])}


def per_game(sizes: list[int], moves: int) -> dict:
    """Restart CPU, RSS and database bytes at two sizes: the fixed part and the slope per game."""
    out = {}
    with tempfile.TemporaryDirectory(prefix="bench-growth-") as tmp:
        template = os.path.join(tmp, "template.sqlite3")
        restart.build(template, moves)
        for games in sizes:
            path = os.path.join(tmp, f"{games}.sqlite3")
            restart.grow(template, path, games)
            restart.settle(path)  # its play-by-post rows made once: what follows is a restart
            proc = subprocess.run([sys.executable, "-c", restart.CHILD, str(CODE), path], capture_output=True, text=True)
            if proc.returncode != 0:
                raise SystemExit(proc.stderr[-2000:])
            got = started(json.loads(proc.stdout.strip().splitlines()[-1]))
            con = sqlite3.connect(path)
            n_moves = con.execute("SELECT COUNT(*) FROM moves").fetchone()[0]
            move_bytes = con.execute("SELECT SUM(length(text) + length(summary) + length(at) + 24) FROM moves").fetchone()[0]
            con.close()
            got["db_bytes"] = os.path.getsize(path)
            got["moves"], got["move_bytes"] = n_moves, move_bytes
            out[games] = got
    a = min(sizes)
    slope, base = fit(out)
    return {"slope": slope, "base": base, "runs": out, "moves_per_game": out[a]["moves"] / a,
            "move_row_bytes": out[a]["move_bytes"] / out[a]["moves"]}


def move_cpu(moves: int) -> float:
    """CPU ms per committed move, boards and play-by-post off, SQLite, one process."""
    from bot.store import open_store
    from bot.table.sessions import Actor, SessionManager
    from games.core.playout import expand

    people = [Actor(1000 + i, f"P{i}") for i in range(3)]

    async def run() -> float:
        with tempfile.TemporaryDirectory(prefix="bench-growth-moves-") as tmp:
            store = await open_store(os.path.join(tmp, "m.sqlite3"))
            sessions = SessionManager(store, seed_source=lambda: 1, render=False)
            rnd = random.Random(3)
            chans = list(range(1, 51))
            for ch in chans:
                assert (await sessions.create(ch, people[0], restart.TITLES[ch % 5], people[1:3], None)).ok
                assert (await sessions.start(ch, people[0])).ok
            picked = []
            done, c0 = 0, time.process_time()
            spent = 0.0
            while done < moves:
                ch = rnd.choice(chans)
                table = sessions.table(ch)
                if table is None or table.engine.result(table.state) is not None:
                    continue
                seat = rnd.choice(table.to_move())
                t = time.process_time()
                text = expand(table.engine, table.state, seat, "", rnd)  # the players' work, not the bot's
                spent += time.process_time() - t
                reply = await sessions.move_as(ch, seat, text)
                picked.append(reply.ok)
                done += 1
            cpu = time.process_time() - c0 - spent
            await store.close()
            return 1000 * cpu / done

    return asyncio.run(run())


def board_cpu(states: int) -> float:
    """CPU ms of one turn image, over states of all five titles."""
    import games
    import renderers
    from games.core.playout import expand

    rnd = random.Random(5)
    times = []
    for gid in restart.TITLES:
        game = games.get(gid)
        state = game.setup(3, 1, None)
        for _ in range(states):
            for _ in range(4):
                if game.result(state) is not None:
                    break
                seat = rnd.choice(sorted(game.to_move(state)))
                game.play(state, seat, expand(game, state, seat, "", rnd))
            t = time.process_time()
            renderers.render_turn(gid, game.view(state, None), ["A", "B", "C"])
            times.append(time.process_time() - t)
    times = times[len(restart.TITLES):]  # the first image of each title warms its caches
    return 1000 * sum(times) / len(times)


def measure(args) -> int:
    sizes = [int(s) for s in args.games.split(",")]
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores; measuring ...", flush=True)
    g = per_game(sizes, 24)
    mv = move_cpu(args.moves)
    bd = board_cpu(sized(8, 3))
    s, b = g["slope"], g["base"]
    live_kb = args.live_kb
    for n, run in sorted(g["runs"].items()):
        print(f"measured at {n:,} running games: start-up {run['start_cpu_s']:.2f} s of CPU (loading"
              f" {run['ready_cpu_s']:.2f}, then the play-by-post start), RSS {run['rss_mb']:.0f} MB,"
              f" {run['db_bytes'] / 2**20:.0f} MB of database")
    print(f"measured: restart {1000 * s['start_cpu_s']:.3f} ms CPU and {1024 * s['rss_mb']:.1f} KB of RSS per running game"
          f" (frozen; fixed part {b['rss_mb']:.0f} MB), {s['db_bytes'] / 1024:.1f} KB of database per game of"
          f" {g['moves_per_game']:.0f} moves ({g['move_row_bytes']:.0f} B of text per move row);"
          f" {mv:.2f} ms of bot CPU per committed move (boards off); {bd:.1f} ms per turn image")
    baseline.figure("restart CPU per game", 1000 * s["start_cpu_s"], "ms")
    baseline.figure("RSS per game", 1024 * s["rss_mb"], "KB")
    baseline.figure("move CPU", mv, "ms")
    baseline.figure("turn image CPU", bd, "ms")
    print(f"{'running games':>14} {'RSS frozen':>11} {'RSS all live':>13} {'start-up CPU':>13} {'disk':>9}")
    for n in SIZES:
        rss = b["rss_mb"] + s["rss_mb"] * n
        live = b["rss_mb"] + live_kb * n / 1024
        print(f"{n:>14,} {rss:>9.0f} MB {live:>10.0f} MB {b['start_cpu_s'] + s['start_cpu_s'] * n:>11.1f} s"
              f" {(b['db_bytes'] + s['db_bytes'] * n) / 2**30:>7.2f} GB")
    moves_core = PEAK * mv / 1000
    boards_core = PEAK * bd / 1000
    day_gb = PEAK * 3600 * 4 * (g["move_row_bytes"] + 100) / 2**30  # four peak hours a day, row and index
    print(f"at {PEAK:.0f} moves/s: {moves_core:.2f} core(s) for the moves, {boards_core:.2f} for a board per turn;"
          f" about {day_gb:.2f} GB of move log a day of four peak hours")
    per_process = CORE_SHARE * 1000 / mv
    games_cap = (RSS_BUDGET_MB - b["rss_mb"]) / s["rss_mb"]
    print(f"one process: about {per_process:.0f} moves/s on half a core, and {games_cap:,.0f} running games"
          f" in {RSS_BUDGET_MB:.0f} MB (frozen); add a shard process (PostgreSQL) past either, or when start-up"
          f" passes 10 s (about {(10 - b['start_cpu_s']) / max(s['start_cpu_s'], 1e-9):,.0f} games)")
    v = Verdict()
    v.check("RSS of 100,000 running games, frozen", b["rss_mb"] + s["rss_mb"] * 100_000, "<", RSS_BUDGET_MB, "MB")
    v.check("start-up of 100,000 running games, CPU", b["start_cpu_s"] + s["start_cpu_s"] * 100_000, "<", 10.0, "s")
    return v.finish()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", default="1000,10000", help="two sizes to measure the slope between (far apart:"
                        " the slope between near sizes is mostly noise)")
    parser.add_argument("--moves", type=int, default=sized(600, 200), help="moves timed for the CPU per move")
    parser.add_argument("--live-kb", type=float, default=22.2,
                        help="memory of one live game's state, KB (measured: decoded snapshots, tracemalloc)")
    baseline.add_arguments(parser)
    return baseline.run(parser.parse_args(), measure)


if __name__ == "__main__":
    sys.exit(main())
