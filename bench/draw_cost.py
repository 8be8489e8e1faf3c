"""What a drawn board costs the bot's own process: boards sent to the render workers and their PNGs back.

    .venv/bin/python bench/draw_cost.py [--boards 600] [--rate 30] [--workers 2] [--seed 7]
                                        [--form json|state] [--callgrind] [--baseline REV [--rounds N]]

Turn images of the five titles (public views of one random three-player game each, taken as
the JSON text a turn post keeps, as ``SessionManager._board`` does) are asked of
``render_pool.draw`` at ``--rate`` boards a second (30: bench/load.py's 100 moves/s with about
30 % of its moves drawn), each with its own key, with ``--workers`` worker processes (load.py's
default: the machine's cores). It prints the CPU the bot's process spent per board, from
/proc: the event loop's thread and every other thread by name, user and system apart, with
the process's idle CPU (measured for a second before) left out; and beside it the workers' CPU
per board (the drawing itself, goal 4b's side). The bench's own part of the loop thread's figure
is measured first and set apart: the same boards at the same pace, each answered at once
without render_pool (the pacing, a task a board). The boards are drawn at a lower priority
than the bot (``render_pool.NICE``), so on a busy machine the wall times stretch; the CPU does not.
``--form state``: each board asked as a turn post asks it today (``render_pool.State``: the game's
state as marshal bytes and the turn's words; the worker makes the view and answers the scores with
the PNG), the State made when the board is asked, as ``SessionManager._board``'s draw makes it.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import marshal
import os
import random
import re
import subprocess
import sys
import threading
import time
from pathlib import Path

import baseline  # noqa: E402
from _verdict import Verdict  # noqa: E402
from baseline import figure  # noqa: E402

baseline.use_code_root()

from games import get  # noqa: E402
from games.core.playout import expand  # noqa: E402

try:
    from bot.table import render_pool
except ImportError:  # a --baseline revision from before bot/ had its layers
    from bot import render_pool  # type: ignore[no-redef]

TITLES = ("west-of-africa", "bruges", "altiplano", "amerigo", "terra-mystica")
NAMES = ["Alice", "Bob", "Chen"]
TICK = os.sysconf("SC_CLK_TCK")


def positions(seed: int, per_title: int, form: str = "json") -> list[tuple[str, str | bytes]]:
    """(game, view as JSON text): ``per_title`` positions spread over one random game of each title;
    ``form`` "state": (game, the state's marshal bytes) instead (:func:`asked`)."""
    def kept(game, state):
        return marshal.dumps(state) if form == "state" else json.dumps(game.view(state, None), default=str)
    out = []
    for title in TITLES:
        game, rnd = get(title), random.Random(seed)
        state = game.setup(len(NAMES), seed)
        views = [kept(game, state)]
        while game.result(state) is None and len(views) < 400:
            seat = rnd.choice(sorted(game.to_move(state)))
            game.play(state, seat, expand(game, state, seat, "", rnd))
            views.append(kept(game, state))
        step = max(1, len(views) // per_title)
        out += [(title, v) for v in views[::step][:per_title]]
    return out


def threads() -> dict[int, tuple[str, float, float, float, int, int]]:
    """tid -> (role, user s, system s, run s, minor page faults, timeslices) of every thread of
    this process; role: "loop" or the thread's name with its number dropped (``asyncio_3`` ->
    ``asyncio``); user and system in clock ticks (10 ms), run (their sum) in nanoseconds
    (``schedstat``); timeslices: the times it was put on a CPU (``schedstat``'s third field)."""
    names = {t.native_id: t.name for t in threading.enumerate()}
    me = threading.get_native_id()
    out = {}
    for tid in os.listdir("/proc/self/task"):
        try:
            fields = Path(f"/proc/self/task/{tid}/stat").read_text().rsplit(")", 1)[1].split()
            sched = Path(f"/proc/self/task/{tid}/schedstat").read_text().split()
        except OSError:
            continue
        name = "loop" if int(tid) == me else re.sub(r"[-_ ]?\d+$", "", names.get(int(tid), "unnamed")) or "unnamed"
        out[int(tid)] = (name, int(fields[11]) / TICK, int(fields[12]) / TICK, int(sched[0]) / 1e9, int(fields[7]),
                         int(sched[2]))
    return out


def spent(before: dict, after: dict) -> dict[str, list[float]]:
    """role -> [user s, system s, run s, minor faults, timeslices] between two :func:`threads` readings
    (threads started meanwhile count whole)."""
    out: dict[str, list[float]] = {}
    for tid, now in after.items():
        then = before.get(tid, (now[0], 0.0, 0.0, 0.0, 0, 0))
        row = out.setdefault(now[0], [0.0] * 5)
        for i in range(5):
            row[i] += now[i + 1] - then[i + 1]
    return out


def workers_cpu() -> float:
    """CPU seconds used so far by the board workers (user + system)."""
    return baseline.processes_cpu(render_pool.worker_pids())


#: a turn's words as a turn image shows them (``sessions.turn_extra``'s form)
EXTRA = {"turn_text": {"en": ["Alice: take 2 coins", "Alice: build E9"]}}


def asked(game_id: str, view: str | bytes):
    """The view as ``render_pool.draw`` is given it: JSON text as kept, or a State of the marshal bytes."""
    if isinstance(view, bytes):
        return render_pool.State(game_id, view, dict(EXTRA))
    return view


async def idle_board() -> bytes:
    """A board asked as the bench asks it and answered at once, without render_pool."""
    await asyncio.sleep(0)
    return b"png"


def count(args, on: str) -> None:
    """Under ``valgrind --tool=callgrind`` (``--callgrind``): the counts zeroed when a window starts
    and dumped when it ends, its files (one a thread) marked ``bench`` (the bench's own share) or
    ``boards`` (the measured boards): the loop thread's two dumps apart are a board's round trip."""
    if args.callgrind:
        subprocess.run(["callgrind_control", "--zero" if on == "on" else f"--dump={on}", str(os.getpid())],
                       check=True, stdout=subprocess.DEVNULL)


async def window(args, boards: list[tuple[str, str]], real: bool) -> dict:
    """Ask ``boards`` at ``args.rate`` a second and wait for them; the CPU spent meanwhile. Not
    ``real``: each board answered at once without render_pool (the bench's own share)."""
    count(args, "on")
    before, w0, t0 = threads(), workers_cpu(), time.perf_counter()
    tasks = []
    for i, (game_id, view) in enumerate(boards):
        due = t0 + i / args.rate
        now = time.perf_counter()
        if due > now:
            await asyncio.sleep(due - now)
        tasks.append(asyncio.ensure_future(render_pool.draw(game_id, asked(game_id, view), NAMES, kind="turn", key=i)
                                           if real else idle_board()))
    pngs = await asyncio.gather(*tasks)
    wall = time.perf_counter() - t0
    after, w1 = threads(), workers_cpu()
    count(args, "boards" if real else "bench")
    made = sum(1 for p in pngs if p)
    return {"split": spent(before, after), "wall": wall, "drawn": made, "workers_s": w1 - w0,
            "png_kb": sum(len(p) for p in pngs if p) / max(1, made) / 1024}


async def measure_async(args) -> tuple[dict, dict, float]:
    boards = positions(args.seed, max(1, args.boards // len(TITLES)), args.form)
    rnd = random.Random(args.seed)
    rnd.shuffle(boards)
    render_pool.start(args.workers)
    try:
        # the workers' first sight of each title (fonts, maps) is not measured
        await asyncio.gather(*(render_pool.draw(g, asked(g, v), NAMES, kind="turn")
                               for g, v in [next(b for b in boards if b[0] == t) for t in TITLES]
                               for _ in range(args.workers)))
        t0, c0 = time.perf_counter(), time.process_time()
        await asyncio.sleep(1.0)
        idle = (time.process_time() - c0) / (time.perf_counter() - t0)
        own = await window(args, boards, real=False)
        drawn = await window(args, boards, real=True)
    finally:
        render_pool.stop(True)
    return own, drawn, idle


def per_board(out: dict, idle: float) -> float:
    """The process's CPU per board in a window (ms), its idle rate apart."""
    return (sum(row[2] for row in out["split"].values()) - idle * out["wall"]) / max(1, out["drawn"]) * 1000


def measure(args) -> int:
    own, out, idle = asyncio.run(measure_async(args))
    n = max(1, out["drawn"])
    split = out["split"]
    print(f"{out['drawn']} boards ({args.form}) drawn at {args.rate:g}/s by {args.workers} worker(s) in {out['wall']:.1f} s "
          f"(PNG {out['png_kb']:.0f} KB on average); load average {os.getloadavg()[0]:.1f}")
    bot, bench = per_board(out, idle), per_board(own, idle)
    print(f"  the bot's process per board: {figure('bot_net_ms', bot - bench):.3f} ms, the bench's own apart "
          f"(all: {figure('bot_ms', bot):.3f}; the bench's pacing and tasks, each board answered at once: "
          f"{figure('bench_ms', bench):.3f}; idle apart: {idle * out['wall'] * 1000 / n:.3f} left out)")
    print(f"  of which system {figure('bot_sys_ms', sum(row[1] for row in split.values()) / n * 1000):.3f} "
          f"ms (clock ticks); by thread, all:")
    for role, (user, system, run, faults, slices) in sorted(split.items(), key=lambda kv: -kv[1][2]):
        if run > 0:
            print(f"    {role:24} {run * 1000 / n:.3f} ms (user {user * 1000 / n:.2f}, system {system * 1000 / n:.2f}); "
                  f"minor faults {faults / n:.2f}, timeslices {slices / n:.2f} a board")
    mine = own["split"].get("loop", [0.0] * 5)
    print(f"  the bench's own loop share: minor faults {mine[3] / n:.2f}, timeslices {mine[4] / n:.2f} a board")
    figure("loop_ms", split.get("loop", [0.0] * 5)[2] / n * 1000)
    figure("loop_faults", split.get("loop", [0.0] * 5)[3] / n)
    figure("other_threads_ms", sum(row[2] for role, row in split.items() if role != "loop") / n * 1000)
    print(f"  workers per board: {figure('workers_ms', out['workers_s'] / n * 1000):.2f} ms")
    return Verdict.skip("no target: a measurement (goal 4a is judged by bench/load.py --alternate 40)")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--boards", type=int, default=600)
    ap.add_argument("--rate", type=float, default=30.0, help="boards asked a second")
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--form", choices=("json", "state"), default="json",
                    help="how a board is asked: its view's JSON text, or a State (the turn post's form today)")
    ap.add_argument("--callgrind", action="store_true", help="run under valgrind --tool=callgrind: "
                    "each window's counts dumped apart, the bench's own share and the boards (callgrind_control)")
    baseline.add_arguments(ap)
    args = ap.parse_args(argv)
    return baseline.run(args, measure, argv)


if __name__ == "__main__":
    sys.exit(main())
