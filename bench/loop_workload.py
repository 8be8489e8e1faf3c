"""A fixed workload for counting instructions: bench/load.py's tables, prepared moves, no clock.

    python bench/loop_workload.py prepare [--channels 1000] [--moves 6000] [--seed 1] [--dir DIR]
    python bench/loop_workload.py run [--dir DIR] [--warm N] [--moves 1000] [--inflight 1] [--pbp on] [--mark]
                                      [--boards 0.3] [--render-workers 2]
    python bench/loop_workload.py callgrind [--dir DIR] [--warm N] [--moves 1000] [--subtract] [--keep DIR]
                                            [--boards 0.3]

CPU time on the shared 2-core machine drifts 30 % from run to run; instructions do not. This
plays the same moves every time through the bot's own ``SessionManager.move_as`` (SQLite, boards
off, the play-by-post layer on as in the bot), on bench/load.py's tables (``--channels`` of the
five titles, three players each, set up by its ``setup``), so a small change can be judged by
the instructions it takes off the event loop's thread (or the store's writer).

* ``prepare`` sets the tables up in ``DIR`` (``bench/out/loop_workload`` by default) and picks
  ``--moves`` random legal moves on copies of the games, in order: each on a random table (so,
  as in bench/load.py, the moves are spread over all the tables, a few a table), its seat and
  text drawn as bench/load.py's players draw them. Kept there: the database as set up and the
  moves (``moves.json``); done once, outside any measurement.
* ``run`` copies that database, loads it as the bot does after a restart (the tables, the
  play-by-post layer, the collector frozen), plays the warm-up (by default every table's first
  move, so that no measured move pays what a table pays once after a restart; ``--warm N``: the
  first N moves as picked), then the next ``--moves`` (``--inflight`` at once: 1 awaits each
  move's commit, a closed loop), and says each phase on stderr (``phase: loaded``, ``phase:
  warm``, ``phase: measured``) with the loop thread's CPU time. ``--mark`` plays the measured
  moves inside one call of a C function (:data:`MARK`) for callgrind's ``--toggle-collect``.
* ``--boards F`` (run, callgrind): boards on, as bench/load.py's boards-on mode: the tables draw
  (``render=True``, a pool of ``--render-workers`` processes, which callgrind does not follow) and a
  share ``F`` of the public posts gets its board drawn and its description worded, as the sender
  does with a post whose board is drawn (``Post.render``, ``Post.description``); the others are
  dropped undrawn, as a board superseded by the channel's next turn would be (bench/load.py at 100
  moves/s over 1000 channels supersedes none: its figure is nearer ``--boards 1``). Which posts
  are drawn is fixed (a seeded choice), so the instructions repeat.
* ``callgrind`` runs ``run --mark`` under ``valgrind --tool=callgrind --separate-threads=yes
  --collect-atstart=no --toggle-collect=functools_reduce`` and prints the loop thread's
  instructions for the measured moves and a move's share (one run, about two minutes);
  ``--subtract`` counts every thread instead (the store's writer too), as the difference of two
  runs, with and without the measured moves; ``--keep DIR`` keeps the callgrind files for
  ``callgrind_annotate`` (thread 1 is the loop's).

Everything runs in this process as bench/load.py's worker does, minus its offering clock and
its players' process: nothing waits on time, so the same tree plays the same moves the same way.
"""

from __future__ import annotations

import argparse
import asyncio
import functools
import gc
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import load  # noqa: E402
from _verdict import Verdict  # noqa: E402  (bench/load.py: its tables, its players' way of picking a move)

from bot.store import open_store  # noqa: E402
from bot.table import render_pool  # noqa: E402
from bot.table.pbp.service import Pbp  # noqa: E402
from bot.table.sessions import SessionManager  # noqa: E402
from games.core.playout import expand  # noqa: E402

DEFAULT_DIR = HERE / "out" / "loop_workload"
DB = "tables.sqlite3"
MOVES = "moves.json"


def phase(name: str, began: float) -> None:
    print(f"phase: {name} ({time.thread_time() - began:.4f} s of the loop thread's CPU)", file=sys.stderr,
          flush=True)


async def pick_moves(db: str, count: int, seed: int) -> list[tuple[int, int, str]]:
    """``count`` moves (channel, seat, text), each on a random running table, legal in order."""
    store = await open_store(db, None)
    sessions = SessionManager(store, seed_source=lambda: 1, render=False)
    await sessions.load_all()
    await store.close()
    tables = {ch: t for ch, t in sessions._tables.items() if t.state is not None}
    rnd = random.Random(seed)
    channels = sorted(tables)
    out = []
    while len(out) < count and channels:
        ch = rnd.choice(channels)
        table = tables[ch]
        engine, state = table.engine, table.state
        if engine.result(state) is not None:
            channels.remove(ch)
            continue
        seat = rnd.choice(sorted(engine.to_move(state)))
        text = expand(engine, state, seat, "", rnd)
        engine.play(state, seat, text)
        out.append((ch, seat, text))
    return out


def prepare(args) -> int:
    where = Path(args.dir)
    where.mkdir(parents=True, exist_ok=True)
    db = where / DB
    if db.exists():
        db.unlink()
    for extra in ("-wal", "-shm"):
        Path(str(db) + extra).unlink(missing_ok=True)
    took = asyncio.run(load.setup(str(db), args.channels))
    moves = asyncio.run(pick_moves(str(db), args.moves, args.seed))
    (where / MOVES).write_text(json.dumps({"channels": args.channels, "seed": args.seed, "moves": moves}))
    print(f"{args.channels} tables set up in {took:.1f} s, {len(moves)} moves picked: {where}")
    return 0


def play(db: str, moves: list, warm: int, measured: int, inflight: int, pbp_on: bool, mark=None,
         boards: float = 0.0, render_workers: int = 2) -> None:
    """Load, play the warm-up, then the measured moves: inside ``mark(fn)`` when given (``fn``
    called back from C: callgrind's ``--toggle-collect`` then counts that call alone). ``boards``:
    the share of public posts whose board is drawn (0: boards off)."""
    loop = asyncio.new_event_loop()
    asyncio.set_event_loop(loop)
    began = time.thread_time()
    drawn = random.Random(7)

    async def loaded():
        store = await open_store(db, None)
        sessions = SessionManager(store, seed_source=lambda: 1, render=boards > 0)
        if boards > 0 and render_workers:
            render_pool.start(render_workers)
            await asyncio.sleep(2.0)  # the workers import the renderers before anything is measured
        await sessions.load_all()
        pbp = None
        if pbp_on:
            pbp = Pbp(sessions, db, load.Quiet())
            await pbp.start()
        return store, sessions, pbp

    store, sessions, pbp = loop.run_until_complete(loaded())
    gc.collect()  # as the bot does after loading (bot/discord/app.py) and bench/load.py's worker
    gc.freeze()
    gc.set_threshold(10_000, 20, 50)
    phase("loaded", began)

    async def board(post) -> None:
        """What the sender does with a post whose board is drawn: the PNG, then its alt text."""
        if await post.render() is not None:
            post.description()

    async def one(ch: int, seat: int, text: str, draws: list) -> None:
        reply = await sessions.move_as(ch, seat, text, lazy=True)
        post = reply.public
        if boards > 0 and post is not None and post.draw is not None and drawn.random() < boards:
            draws.append(asyncio.ensure_future(board(post)))

    async def some(batch: list) -> None:
        pending: set = set()
        draws: list = []
        for ch, seat, text in batch:
            if len(pending) >= inflight:
                done, pending = await asyncio.wait(pending, return_when=asyncio.FIRST_COMPLETED)
            pending.add(asyncio.ensure_future(one(ch, seat, text, draws)))
        if pending:
            await asyncio.wait(pending)
        if draws:
            await asyncio.wait(draws)
            print(f"  {len(draws)} boards drawn of {len(batch)} moves", file=sys.stderr)

    began = time.thread_time()
    loop.run_until_complete(some(moves[:warm]))
    phase("warm", began)
    began = time.thread_time()
    measure = lambda: loop.run_until_complete(some(moves[warm:warm + measured]))  # noqa: E731
    if mark is None:
        measure()
    else:
        mark(measure)
    phase("measured", began)

    async def closed():
        if pbp is not None:
            await pbp.stop()
        await store.close()

    loop.run_until_complete(closed())
    loop.close()
    render_pool.stop(wait=True)


#: the C function whose one call holds the measured moves (``--toggle-collect``): CPython's
#: ``functools.reduce``, which nothing in the bot or the engines calls
MARK = "functools_reduce"


def marked(fn) -> None:
    """``fn()`` called from inside ``functools.reduce`` (its one step over two items): the measured
    phase is then the only thing under that C function, which callgrind counts alone
    (``--collect-atstart=no --toggle-collect=functools_reduce``)."""
    functools.reduce(lambda _a, _b: fn(), (0, 0))


def in_order(moves: list, warm: int) -> list:
    """The moves as played: with ``warm`` < 0, every table's first move first (the warm-up: no
    table then pays, in the measured moves, what a table pays once after a restart), then the
    others in the order picked; else as picked."""
    if warm >= 0:
        return moves
    seen: set[int] = set()
    first, rest = [], []
    for move in moves:
        (rest if move[0] in seen else first).append(move)
        seen.add(move[0])
    return first + rest


def run(args) -> int:
    where = Path(args.dir)
    data = json.loads((where / MOVES).read_text())
    moves = in_order(data["moves"], args.warm)
    if args.warm < 0:
        args.warm = len({ch for ch, _seat, _text in moves})
    if args.warm + args.moves > len(moves):
        sys.exit(f"{len(moves)} moves prepared: fewer than --warm + --moves; prepare more (--moves)")
    with tempfile.TemporaryDirectory() as tmp:
        db = str(Path(tmp) / DB)
        shutil.copyfile(where / DB, db)
        play(db, moves, args.warm, args.moves, args.inflight, args.pbp == "on", marked if args.mark else None,
             args.boards, args.render_workers)
    return 0


def thread_totals(out_dir: Path) -> dict[int, tuple[int, bool]]:
    """valgrind thread number -> (instructions, whether SQLite ran statements on it), from the
    ``callgrind.out.PID-TID`` files of one run."""
    totals = {}
    for f in out_dir.glob("callgrind.out.*-*"):
        tid = int(f.name.rsplit("-", 1)[1])
        text = f.read_text(errors="replace")
        total = next((int(line.split()[1]) for line in text.splitlines()
                      if line.startswith(("summary:", "totals:"))), 0)
        totals[tid] = (total, "sqlite3VdbeExec" in text)
    return totals


def under_callgrind(args, measured: int, toggle: bool, keep: str | None) -> dict[int, tuple[int, bool]]:
    out = keep or tempfile.mkdtemp()
    Path(out).mkdir(parents=True, exist_ok=True)
    cmd = ["valgrind", "--tool=callgrind", "--separate-threads=yes", f"--callgrind-out-file={out}/callgrind.out.%p"]
    if toggle:
        cmd += ["--collect-atstart=no", f"--toggle-collect={MARK}"]
    cmd += [sys.executable, __file__, "run", "--dir", args.dir, "--warm", str(args.warm), "--moves", str(measured),
            "--inflight", str(args.inflight), "--pbp", args.pbp, "--boards", str(args.boards),
            "--render-workers", str(args.render_workers)] + (["--mark"] if toggle else [])
    env = dict(os.environ, PYTHONHASHSEED="0")
    t = time.perf_counter()
    subprocess.run(cmd, check=True, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    print(f"  (callgrind, {measured} moves measured: {time.perf_counter() - t:.0f} s)", file=sys.stderr)
    totals = thread_totals(Path(out))
    if keep is None:
        shutil.rmtree(out, ignore_errors=True)
    return totals


def callgrind(args) -> int:
    """The measured moves' instructions: the loop thread's alone in one run (``--toggle-collect``
    on the call that holds them), or every thread's as a difference of two runs (``--subtract``)."""
    if not args.subtract:
        full = under_callgrind(args, args.moves, True, args.keep)
        base: dict[int, tuple[int, bool]] = {}
        how = "the measured phase alone (--toggle-collect), the loop's thread only"
    else:
        full = under_callgrind(args, args.moves, False, args.keep)
        base = under_callgrind(args, 0, False, None)
        how = "every thread: the run with the measured moves minus the run without"
    sql = [tid for tid, (n, ran) in full.items() if ran and tid != 1]
    writer = max(sql, key=lambda tid: full[tid][0], default=None)
    warm = "every table's first move" if args.warm < 0 else f"{args.warm} moves"
    shown = f"boards on, {args.boards:g} of them drawn" if args.boards > 0 else "boards off"
    print(f"loop_workload: {warm} warm, {args.moves} measured, {args.inflight} in flight, "
          f"play-by-post {args.pbp}, {shown}; instructions of {how}")
    total = 0
    for tid in sorted(full):
        diff = full[tid][0] - base.get(tid, (0, False))[0]
        if not args.subtract and tid != 1:
            continue
        total += diff
        name = "loop" if tid == 1 else "writer" if tid == writer else "sqlite" if tid in sql else "other"
        print(f"  thread {tid} ({name:6s}) {diff / 1e6:10.1f} M   {diff / max(1, args.moves) / 1e3:8.1f} K a move")
    if args.subtract:
        print(f"  all threads        {total / 1e6:10.1f} M   {total / max(1, args.moves) / 1e3:8.1f} K a move")
    print(f"  load average {os.getloadavg()[0]:.1f} (instructions do not depend on it)")
    return 0


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command")
    p = sub.add_parser("prepare")
    p.add_argument("--channels", type=int, default=1000)
    p.add_argument("--moves", type=int, default=6000)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--dir", default=str(DEFAULT_DIR))
    for name in ("run", "callgrind"):
        p = sub.add_parser(name)
        p.add_argument("--dir", default=str(DEFAULT_DIR))
        p.add_argument("--warm", type=int, default=-1,
                       help="moves played before the measured ones (default: every table's first move)")
        p.add_argument("--moves", type=int, default=1000)
        p.add_argument("--inflight", type=int, default=1)
        p.add_argument("--pbp", choices=("on", "off"), default="on")
        p.add_argument("--boards", type=float, default=0.0,
                       help="boards on, this share of the public posts drawn (0: boards off; bench/load.py: about 0.3)")
        p.add_argument("--render-workers", type=int, default=2)
    sub.choices["run"].add_argument("--mark", action="store_true",
                                    help=f"play the measured moves inside {MARK} (callgrind's --toggle-collect)")
    sub.choices["callgrind"].add_argument("--subtract", action="store_true",
                                          help="every thread, as the difference of a run without the measured moves")
    sub.choices["callgrind"].add_argument("--keep", metavar="DIR", help="keep the callgrind files here (callgrind_annotate)")
    args = parser.parse_args(argv)
    if args.command is None:  # ``make bench`` runs every bench bare: this one has no target to judge
        return Verdict.skip("a workload for counting instructions, no target: see `loop_workload.py --help`")
    return {"prepare": prepare, "run": run, "callgrind": callgrind}[args.command](args)


if __name__ == "__main__":
    sys.exit(main())
