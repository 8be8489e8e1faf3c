"""Load benchmark: N channels with running games of all five titles, moves offered at rising rates.

    python bench/load.py [--channels 1000] [--backend sqlite|postgresql|both] [--processes 1|2|both]
                         [--boards on|off|both [--repeat N] [--alternate N]] [--rates 25,50,100]
                         [--seconds 4] [--outbox on|off] [--drawing on|cached] [--baseline REV [--rounds N]]

For every configuration (backend x processes x boards) it prints, per offered
rate: committed moves/s, p50/p99 latency from the move to its commit and to
its posted board (the PNG ready to send), the event loop's lag (p99 of how late
a 5 ms ticker wakes), and the RSS of each bot process (board workers apart).
Targets on a 2-core machine stand beside the figures: with boards (one per
turn) >= 100 moves/s sustained with p99 < 1 s; commits alone >= 500/s on
SQLite and >= 300/s on PostgreSQL; loop lag p99 < 20 ms; RSS < 300 MB per
process at 1000 channels. PostgreSQL runs on a throwaway local cluster
(``bot/store/pg_cluster.py``); its server's CPU per committed move is printed beside the bot's. Several processes are shards: each loads only its guilds' games.
A move is offered only to a channel whose previous move is done (a table
plays one move at a time), so at high rates some offers are skipped.

The players are another process (``client``): it keeps its own copy of every
game, picks each channel's next random legal move there ahead of time and
hands it over when the bench offers it, as Discord hands the bot a typed
move; picking moves is not the bot's work and must not load its event loop.
The play-by-post layer (reminders, clocks, timers: ``bot/table/pbp/service.py``) watches
every move as in the bot (``--pbp off`` leaves it out). Each line ends with
the machine's 1-minute load average: the cores are shared, so figures taken
at another load do not compare: ``--baseline REV`` runs REV's bot too, interleaved
with this tree's in the same run, and prints both with the ratio (``bench/baseline.py``).

``--outbox on`` plays the Discord bot's outbox as well (off in the goals' figures): each move
writes the post it owes its table with it (the post's JSON encoded on the loop, its row in the
move's transaction) and, as the sender once Discord took it, marks it delivered (a second write;
after its board with boards on); the figures' names then say "outbox".

Each rate's window runs a second time at once (``--warm off``: not), its figures printed apart
as "warm": in the first window most tables make their first move since the bench's restart, and
pay what a table pays once after a restart (its state read from the database, its standing orders
looked up: goal 3's cost, not a move's); in the second nearly every table has moved already.

What the process's CPU per move counts: every thread of the bot process (the figures "bot CPU
per move"); "idle apart" leaves out what the process spends with no move at all (the ticker,
the timers), measured before the first rate; "bench apart" leaves out the bench's own work too:
its players' reader thread (its CPU read from /proc) and, on the loop's thread, asking the
players for a move (pickling, the pipe's write) and picking the channel offered (timed with
``time.thread_time``). Still counted there: the loop's wake-up for each answer and the task each
move runs in, as a real gateway's event would cost.

Goal 4a (``--boards both``): the bot's own CPU per committed move with boards on over boards off,
at the same rate on the same tables, judged on the bot alone ("bench apart") and printed with the
idle part alone set apart too. One run of each side is noisy (the boards-off figure of identical
code moved 0.71-1.03 ms a move from run to run): ``--repeat N`` runs N rounds of both, the sides'
order swapped every round, and judges the rounds' ratios (``bench/_on_off.py``: their mean without
the highest and lowest fifth, the median of three);
``--alternate N`` has one process play, after its first windows with boards on (at least 10 s each),
N pairs of ``--seconds`` windows with boards off and on in turn (the same process, tables and page
cache; the sides' order swapped every pair), and judges the pairs' ratios the same way (with
``--repeat N``: N such processes, each on a fresh set-up, judged on all their pairs together). Its
windows come after nearly every table has moved: the first window's figure also holds each
table's first move since the restart (goal 3's cost, the same on both sides) and the games' first
turns (fewer boards drawn a move), which lowers the ratio. ``--seconds 2 --alternate 40`` at
``--rates 100`` takes about 3 minutes (bench/PERF.md, "Goal 4a's judge, session 12").

``--drawing cached`` (a diagnosis, not a figure of the bot): each render worker draws a title's
first board, then answers every later board of that title with it at once (``bench/_cached_drawing.py``).
The bot's side of a board is unchanged and the other core stays nearly idle, so the judge then reads the
loop's own board work alone; what it gains is what the workers' drawing costs the bot's threads beside it.

The verdict judges each configuration at its target load (the first offered
rate at or above it; committed within 2 %, since an offer to a channel still
playing its previous move is skipped). Quick mode (``make bench``): 200
channels, one process, each configuration offered just its target rate for
3 s; ``make bench FULL=1`` runs the whole ladder above.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import multiprocessing
import os
import random
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import traceback
from collections import deque
from pathlib import Path

import baseline  # noqa: E402
from baseline import figure  # noqa: E402

baseline.use_code_root()

from _cached_drawing import cached_serve  # noqa: E402
from _on_off import (  # noqa: E402
    BOT_ALONE,
    IDLE_APART,
    Pair,
    describe,
    estimate,
    in_turn,
    medians,
    on_off_pairs,
    orders,
)
from _verdict import Verdict, commit_target, quick, sized  # noqa: E402

from bot.store import open_store  # noqa: E402
from games.core.playout import expand  # noqa: E402

try:  # bot/ in its layers; a --baseline revision from before the move has the flat names
    from bot.store.shards import Shards
    from bot.table import render_pool
    from bot.table.pbp.service import Pbp
    from bot.table.sessions import Actor, SessionManager
except ImportError:
    from bot.pbp import Pbp  # type: ignore[no-redef]
    from bot.sessions import Actor, SessionManager  # type: ignore[no-redef]
    from bot.shards import Shards  # type: ignore[no-redef]

    from bot import render_pool  # type: ignore[no-redef]

TITLES = ("west-of-africa", "bruges", "altiplano", "amerigo", "terra-mystica")
PLAYERS = [Actor(1000 + i, f"P{i}") for i in range(4)]
#: moves waiting at once per process; more offers count as skipped (a saturated bot, not an endless queue)
MAX_IN_FLIGHT = 64
TARGET = {"boards": (100, 1000.0), "sqlite": 500, "postgresql": 300, "lag_ms": 20, "rss_mb": 300,
          "boards_ratio": 1.2}
#: --alternate: the seconds the first windows play at least, before the windows in turn (boards on)
WARM_UP = 10.0
#: seconds each bot process idles before the first rate, to measure what it spends with no move
IDLE_SECONDS = 1.5


def pct(values, q):
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[max(0, min(len(ordered) - 1, round(q * (len(ordered) - 1))))]


def rss_mb(pid: int | None = None) -> float:
    try:
        for line in Path(f"/proc/{pid or 'self'}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return float("nan")


def by_title(channels: list[int], game_of) -> list[list[int]]:
    """The channels grouped by their table's title (``game_of(channel)``), the titles in order."""
    groups: dict[str, list[int]] = {}
    for ch in channels:
        groups.setdefault(game_of(ch), []).append(ch)
    return [groups[title] for title in sorted(groups)]


def offer(titles: list[list[int]], k: int, busy: set[int], rnd: random.Random) -> int | None:
    """The channel the ``k``-th offer goes to: the titles take turns (``titles``: the channels of
    each), up to 8 random channels of this one are tried, the first free one taken; None when all
    were busy. In turn, not drawn: a window then plays each title's share exactly, where a random
    draw moved it by 6-14 % (1000-200 moves a window), and the titles' moves do not cost alike:
    one window was dearer than the next for that alone, boards on or off."""
    group = titles[k % len(titles)] if titles else []
    return next((ch for ch in (rnd.choice(group) for _ in range(8 if group else 0)) if ch not in busy), None)


def thread_cpu() -> dict[str, float]:
    """CPU seconds used so far by each thread of this process (user + system), summed per role:
    ``loop`` (the event loop's thread), ``writer`` (the store's writer threads), ``players`` (the
    bench's reader of the players' pipe), ``other`` (the rest). A Python thread's is read from its
    own CPU clock (nanoseconds); /proc's figure, in 10 ms ticks, only for a thread Python does not
    know: at 500 moves a window a tick is 0.02 ms a move, as much as the players' thread spends."""
    threads = {t.native_id: t for t in threading.enumerate()}
    loop_id = threading.get_native_id()
    tick = os.sysconf("SC_CLK_TCK")
    out = {"loop": 0.0, "writer": 0.0, "players": 0.0, "other": 0.0}
    for tid in os.listdir("/proc/self/task"):
        thread = threads.get(int(tid))
        try:
            used = time.clock_gettime(time.pthread_getcpuclockid(thread.ident))
        except (AttributeError, TypeError, OSError):  # not a Python thread, or it ended meanwhile
            try:
                fields = Path(f"/proc/self/task/{tid}/stat").read_text().rsplit(")", 1)[1].split()
            except OSError:  # the thread ended meanwhile
                continue
            used = (int(fields[11]) + int(fields[12])) / tick
        name = thread.name if thread is not None else ""
        role = ("loop" if int(tid) == loop_id else "writer" if name.startswith("store-writer")
                else "players" if name == Players.READER else "other")
        out[role] += used
    return out


def loop_thread_counts() -> dict[str, float]:
    """The calling thread's (the loop's) scheduling so far, from /proc: its voluntary switches (it
    slept: each costs a wake-up), involuntary ones (preempted), and its user and kernel CPU in
    seconds (10 ms ticks: read over many windows). A wake-up's cost shows here and not in its
    instructions."""
    out = {"voluntary": 0.0, "involuntary": 0.0, "user_s": 0.0, "kernel_s": 0.0}
    try:
        status = Path("/proc/thread-self/status").read_text()
        fields = Path("/proc/thread-self/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:  # not Linux
        return out
    for line in status.splitlines():
        if line.startswith(("voluntary_ctxt_switches", "nonvoluntary_ctxt_switches")):
            name, value = line.split(":")
            out["involuntary" if name.startswith("non") else "voluntary"] = float(value)
    tick = os.sysconf("SC_CLK_TCK")
    out["user_s"], out["kernel_s"] = int(fields[11]) / tick, int(fields[12]) / tick
    return out


def workers_cpu() -> float:
    """CPU seconds used so far by the board workers (user + system)."""
    return baseline.processes_cpu(render_pool.worker_pids())


def server_processes(db: str) -> dict[int, tuple[str, float]] | None:
    """Per process of the PostgreSQL server behind ``db``: its title and the CPU seconds it has
    used so far (the postmaster's entry counts its reaped children too: processes that ended)."""
    if not db.startswith("postgresql://") or "host=" not in db:
        return None
    host = db.split("host=", 1)[1].split("&", 1)[0]
    try:
        pid = int((Path(host) / "data" / "postmaster.pid").read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return None
    tick = os.sysconf("SC_CLK_TCK")
    out = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            if int(entry.name) == pid:  # its own time, and its reaped children's (under a key no process has)
                out[pid] = ("postmaster", (int(fields[11]) + int(fields[12])) / tick)
                out[-pid] = ("ended processes (autovacuum workers, ...)", (int(fields[13]) + int(fields[14])) / tick)
            elif int(fields[1]) == pid:
                title = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace").strip()
                out[int(entry.name)] = (title.removeprefix("postgres: ").split(" ")[0],
                                        (int(fields[11]) + int(fields[12])) / tick)
        except (OSError, ValueError):
            continue
    return out


async def server_labels(store) -> dict[int, str]:
    """pid -> who the server process works for (its client's ``application_name``, else its kind)."""
    try:
        rows = await store._all("SELECT pid, application_name, backend_type FROM pg_stat_activity")
    except Exception:  # noqa: BLE001 (a figure the bench can do without)
        return {}
    return {r[0]: r[1] or r[2] for r in rows}


def server_split(before: dict | None, after: dict | None, labels: dict[int, str]) -> dict[str, float]:
    """The server's CPU between two :func:`server_processes` readings, summed per label."""
    out: dict[str, float] = {}
    for pid, (title, cpu) in (after or {}).items():
        used = cpu - (before or {}).get(pid, (title, 0.0))[1]
        label = labels.get(pid, title)
        out[label] = out.get(label, 0.0) + used
    return out


def load_avg() -> float:
    try:
        return os.getloadavg()[0]
    except OSError:
        return float("nan")


def client(conn, db: str, part: int, parts: int) -> None:
    """The players (a process of its own): a copy of each of this shard's games; answers a
    channel id with the seat and text of that channel's next random legal move, picked
    ahead of time (then plays it on its copy: the bot will have committed it)."""
    async def tables():
        path, url = target_of(db)
        store = await open_store(path, url)
        sessions = SessionManager(store, seed_source=lambda: 1, render=False, shards=Shards.of(parts, (part,)))
        await sessions.load_all()
        await store.close()
        return {ch: t for ch, t in sessions._tables.items() if t.state is not None}

    games = asyncio.run(tables())
    rnd = random.Random(1000 + part)
    ahead: dict[int, tuple[int, str] | None] = {}

    def pick(ch: int) -> tuple[int, str] | None:
        table = games[ch]
        if table.engine.result(table.state) is not None:
            return None
        seat = rnd.choice(sorted(table.engine.to_move(table.state)))
        return seat, expand(table.engine, table.state, seat, "", rnd)

    for ch in games:
        ahead[ch] = pick(ch)
    conn.send(sorted(games))
    while True:
        ch = conn.recv()
        if ch is None:
            return
        move = ahead.pop(ch, None) if ch in ahead else pick(ch)
        conn.send((ch, move))
        if move is not None:
            table = games[ch]
            table.engine.play(table.state, move[0], move[1])
            ahead[ch] = pick(ch)  # while the bot commits this one


class Players:
    """The bot side of :func:`client`: ``await players.next(ch)`` -> (seat, text) or None.
    What it costs the bot process is the bench's, not the bot's: its reader thread (named
    :data:`READER`, its CPU read from /proc) and, on the loop's thread, the asking (``spent``)."""

    READER = "bench-players"

    def __init__(self, db: str, part: int, parts: int):
        ctx = multiprocessing.get_context("spawn")
        self.conn, theirs = ctx.Pipe()
        self.proc = ctx.Process(target=client, args=(theirs, db, part, parts), daemon=True)
        self.proc.start()
        while not self.conn.poll(1.0):  # picking the first moves takes a few seconds
            if not self.proc.is_alive():
                raise RuntimeError(f"the players' process failed (exit code {self.proc.exitcode})")
        self.channels: list[int] = self.conn.recv()
        self.waiting: deque = deque()
        self.send_lock = threading.Lock()
        #: CPU seconds the loop's thread spent asking (pickling the channel, the pipe's write)
        self.spent = 0.0
        self.reader = threading.Thread(target=self._read, daemon=True, name=self.READER)
        self.reader.start()

    def _read(self) -> None:
        while True:
            try:
                ch, move = self.conn.recv()
            except (EOFError, OSError):
                return
            fut, loop = self.waiting.popleft()
            loop.call_soon_threadsafe(lambda f=fut, m=move: f.done() or f.set_result(m))

    async def next(self, ch: int):
        c = time.thread_time()
        loop = asyncio.get_running_loop()
        fut = loop.create_future()
        with self.send_lock:  # the answers come back in the order asked
            self.waiting.append((fut, loop))
            self.conn.send(ch)
        self.spent += time.thread_time() - c
        return await fut

    def close(self) -> None:
        with self.send_lock:
            self.conn.send(None)
        self.proc.join(10)


class Quiet:
    """The play-by-post layer's notifier: nothing is sent anywhere."""

    async def send(self, notice) -> bool:
        return True

    async def keep_thread_alive(self, thread_id: int) -> None:
        return None

    def place(self, guild_id, channel_id) -> str:
        return f"#{channel_id}"


def target_of(db: str) -> tuple[str | None, str | None]:
    return (None, db) if db.startswith("postgresql://") else (db, None)


async def setup(db: str, channels: int) -> float:
    t0 = time.perf_counter()
    path, url = target_of(db)
    store = await open_store(path, url)
    sessions = SessionManager(store, seed_source=lambda: 1, render=False)
    await sessions.load_all()
    for ch in range(1, channels + 1):
        title = TITLES[ch % len(TITLES)]
        # 50 guilds whose ids Discord spreads over the shards ((id >> 22) % shard_count)
        made = await sessions.create(ch, PLAYERS[0], title, PLAYERS[1:3], None, guild_id=((ch % 50) << 22) + 1)
        assert made.ok, made.text
        started = await sessions.start(ch, PLAYERS[0])
        assert started.ok, started.text
    await store.close()
    return time.perf_counter() - t0


async def worker(db: str, part: int, parts: int, rates: list[float], seconds: float, boards: bool,
                 render_workers: int, pbp_on: bool = True, warm: bool = True, outbox: bool = False,
                 alternate: int = 0, drawing: str = "on") -> list[dict]:
    players = Players(db, part, parts)
    path, url = target_of(db)
    store = await open_store(path, url)
    # each process is one shard: it loads only its guilds' games, as SHARD_IDS/SHARD_COUNT make the bot do
    sessions = SessionManager(store, seed_source=lambda: 1, render=boards, shards=Shards.of(parts, (part,)))
    # ``--outbox on``: as the Discord bot, each move writes the post it owes its table (bot/discord/app.py)
    sessions.owe = outbox
    await sessions.load_all()
    pbp = None
    if pbp_on:  # as the bot: reminders, clocks and timers follow every move
        pbp = Pbp(sessions, db, Quiet())
        await pbp.start()
    # as the bot does after loading (bot/discord/app.py): the loaded tables leave the collector's view,
    # so a full collection no longer walks them; both pauses are printed
    t = time.perf_counter()
    gc.collect()
    gc_before = (time.perf_counter() - t) * 1000
    gc.freeze()
    t = time.perf_counter()
    gc.collect()
    gc_after = (time.perf_counter() - t) * 1000
    gc.set_threshold(10_000, 20, 50)
    # the collector's work while moves are played: collections by generation, and the CPU they take
    # on the loop's thread and on the others (a collection runs in whichever thread allocates)
    collected = {"n": [0, 0, 0], "loop_s": 0.0, "other_s": 0.0, "at": 0.0}
    loop_thread = threading.get_ident()

    def on_gc(phase: str, info: dict) -> None:
        if phase == "start":
            collected["at"] = time.thread_time()
            collected["n"][info["generation"]] += 1
        else:
            collected["loop_s" if threading.get_ident() == loop_thread else "other_s"] += \
                time.thread_time() - collected["at"]

    gc.callbacks.append(on_gc)
    if boards and render_workers:
        # no ``target`` at all unless cached: a --baseline revision's ``start`` may not take one
        render_pool.start(render_workers, **({"target": cached_serve} if drawing == "cached" else {}))
        await asyncio.sleep(2.0)  # let the workers import the renderers
    commit_at: dict[tuple[int, int], float] = {}
    original = store.append_move

    async def timed_append(game_id, n, *args, **kw):
        out = await original(game_id, n, *args, **kw)
        commit_at[(game_id, n)] = time.perf_counter()
        return out

    store.append_move = timed_append
    lags: list[float] = []
    busy_ms: list[float] = []
    sent = iter(range(1, 1 << 62))  # the message ids "Discord" gives the owed posts
    #: the ticks later than the target: (lag, the loop thread's CPU, the process's other threads' CPU) in ms
    late: list[tuple[float, float, float]] = []
    stop = False

    def pbp_trips() -> int:
        """Round trips the play-by-post thread's PostgreSQL connection made so far (0: SQLite)."""
        return getattr(getattr(getattr(pbp, "dbt", None), "_conn", None), "round_trips", 0) or 0

    async def ticker():
        """How late a 5 ms sleep wakes (the lag), and how much CPU the loop's own thread spent
        meanwhile: lag far above that is time the thread waited for a core (a loaded
        machine) or for the interpreter lock (the bot's other threads), not loop work."""
        while not stop:
            t, c, p = time.perf_counter(), time.thread_time(), time.process_time()
            await asyncio.sleep(0.005)
            lags.append(time.perf_counter() - t - 0.005)
            busy_ms.append((time.thread_time() - c) * 1000)
            if lags[-1] > TARGET["lag_ms"] / 1000:  # a late tick: whose CPU filled it
                late.append((lags[-1] * 1000, busy_ms[-1], (time.process_time() - p) * 1000 - busy_ms[-1]))

    tick = asyncio.ensure_future(ticker())
    # what the process spends with no move at all (the ticker above, play-by-post timers): per second,
    # so each rate's CPU per move can be given without it (boards finishing after the offering
    # window keep the process idling longer with boards on than off)
    idle0, idle_t = time.process_time(), time.perf_counter()
    await asyncio.sleep(IDLE_SECONDS)
    idle_rate = (time.process_time() - idle0) / (time.perf_counter() - idle_t)
    rnd = random.Random(part)
    busy: set[int] = set()
    results = []

    async def window(rate: float) -> dict:
        """Offer ``rate`` moves/s for ``seconds``; what the process spent meanwhile."""
        commits, boards_ms, commits_ms, dropped, delivered = 0, [], [], 0, 0
        lags.clear()
        busy_ms.clear()
        late.clear()
        gc0 = (list(collected["n"]), collected["loop_s"], collected["other_s"])
        cpu0, wcpu0, server0 = time.process_time(), workers_cpu(), server_processes(db)
        wall0 = time.perf_counter()
        times0, writes0, batches0 = os.times(), getattr(store, "commits", 0), getattr(store, "batches", 0)
        trips0 = pbp_trips()
        threads0, spent0, picking = thread_cpu(), players.spent, 0.0
        sched0 = loop_thread_counts()
        skipped = 0
        tasks = []

        async def one(ch: int, began: float, commits_ms=commits_ms, boards_ms=boards_ms):
            nonlocal commits, dropped, delivered
            table = sessions.table(ch)
            try:
                if table is None or table.state is None:
                    return
                picked = await players.next(ch)
                if picked is None:
                    return
                seat, move = picked
                t0 = time.perf_counter()
                # as the bot does: the move is committed and answered, the board drawn after
                reply = await sessions.move_as(ch, seat, move, lazy=True)
                t1 = time.perf_counter()
            finally:
                busy.discard(ch)  # the channel takes its next move while its board is drawn
            if reply.ok:
                at = commit_at.pop((reply.game_id, reply.n), t1)
                commits += at - began <= seconds  # committed moves/s: those inside the offering window
                commits_ms.append((at - t0) * 1000)
                if boards and reply.public is not None and reply.public.draw is not None:
                    if await reply.public.render():
                        describe = getattr(reply.public, "description", None)  # a --baseline revision may have none
                        if describe is not None:
                            describe()  # as the sender does with a drawn board: its alt text
                        boards_ms.append((time.perf_counter() - t0) * 1000)
                    else:  # a newer turn of the channel was drawn instead
                        dropped += 1
                owed = getattr(reply.public, "owed", None)  # None too in a --baseline revision from before the outbox
                if owed is not None:  # as the sender, once Discord took it
                    await store.post_delivered(*owed, next(sent), board=reply.public.png is not None)
                    delivered += 1

        titles = by_title([ch for ch in players.channels if ch in sessions._tables],
                          lambda ch: sessions._tables[ch].record.game)
        start = time.perf_counter()
        k = 0
        while True:
            due = start + k / rate
            now = time.perf_counter()
            if due - start >= seconds:
                break
            if due > now:
                await asyncio.sleep(due - now)
            k += 1
            c = time.thread_time()
            # the bench's own picking runs on the bot's loop, so it stays cheap; its CPU is set apart
            free = None if len(busy) >= MAX_IN_FLIGHT else offer(titles, k, busy, rnd)
            picking += time.thread_time() - c
            if free is None:  # the table (or the bot) is saturated: offer skipped
                skipped += 1
                continue
            busy.add(free)
            tasks.append(asyncio.ensure_future(one(free, start)))
        await asyncio.gather(*tasks)
        threads1 = thread_cpu()
        sched1 = loop_thread_counts()
        server1 = server_processes(db)
        split = server_split(server0, server1, await server_labels(store)) if server1 is not None else None
        took = seconds  # the rate is over the window moves were offered in (boards may finish after it)
        return {"rate": rate, "offered": k, "skipped": skipped, "commits": commits, "seconds": took,
                        "commit_ms": commits_ms, "board_ms": boards_ms, "lag_ms": [x * 1000 for x in lags],
                        "busy_ms": list(busy_ms), "late": list(late),
                        "rss_mb": rss_mb(), "cpu_s": time.process_time() - cpu0,
                        "threads_s": {k: v - threads0[k] for k, v in threads1.items()},
                        "loop_sched": {k: v - sched0[k] for k, v in sched1.items()},
                        "bench_loop_s": players.spent - spent0 + picking,
                        "idle_cpu_s": idle_rate * (time.perf_counter() - wall0),
                        "sys_s": os.times().system - times0.system,
                        "writes": getattr(store, "commits", 0) - writes0,
                        "batches": getattr(store, "batches", 0) - batches0,
                        "pbp_trips": pbp_trips() - trips0,
                        "gc_ms": (gc_before, gc_after),
                        "collections": [b - a for a, b in zip(gc0[0], collected["n"], strict=True)],
                        "gc_loop_s": collected["loop_s"] - gc0[1], "gc_other_s": collected["other_s"] - gc0[2],
                        "workers_cpu_s": workers_cpu() - wcpu0, "dropped": dropped, "delivered": delivered,
                        "server_cpu_s": None if split is None else sum(split.values()),
                        "server_split": split,
                        "workers_mb": sum(rss_mb(p) for p in render_pool.worker_pids()),
                        "load": load_avg()}

    turns = seconds  # --alternate: the length of each window in turn; the first windows play at least
    if alternate:    # WARM_UP seconds each, the judge's single windows (nearly every table moves first)
        seconds = max(seconds, WARM_UP)
    for rate in rates:
        out = await window(rate)
        if warm:  # again at once: every table has moved since the restart (see ``--warm``)
            out["warm"] = await window(rate)
        if alternate:  # boards off and on in turn, same process and tables (see ``--alternate``)
            out["alternate"], first = [], seconds
            seconds = turns
            for side in [side for pair in orders(alternate) for side in pair]:
                boards = sessions.render = side
                out["alternate"].append(dict(await window(rate), boards=side))
            boards = sessions.render = True
            seconds = first
        results.append(out)
    stop = True
    await tick
    # the figures go out now; the connections close only when every process has given its own, so
    # no process's server readings see another's connections end meanwhile
    print(json.dumps(results), flush=True)
    await asyncio.to_thread(sys.stdin.read)
    render_pool.stop()
    players.close()
    if pbp is not None:
        await pbp.stop()
    await store.close()
    return results


def own_cpu(steps: list[dict]) -> dict:
    """A window's CPU per committed move in ms (``steps``: each process's figures for it): the
    process's (``cpu``), what it spends idle meanwhile (``idle``), per thread (``split``: loop,
    writer, players, other), the bench's own part on the loop (``bench``) and the bot alone
    (``alone``: the process's less idle, the players' reader thread and ``bench``)."""
    commits = max(1, sum(s["commits"] for s in steps))
    cpu = sum(s["cpu_s"] for s in steps) / commits * 1000
    idle = sum(s.get("idle_cpu_s", 0.0) for s in steps) / commits * 1000
    split = {k: sum(s.get("threads_s", {}).get(k, 0.0) for s in steps) / commits * 1000
             for k in ("loop", "writer", "players", "other")}
    bench = sum(s.get("bench_loop_s", 0.0) for s in steps) / commits * 1000
    return {"cpu": cpu, "idle": idle, "split": split, "bench": bench, "alone": cpu - idle - split["players"] - bench}


def run_config(db: str, processes: int, boards: bool, rates: list[float], seconds: float, workers: int,
               pbp: bool = True, verdict: Verdict | None = None, warm: bool = True, outbox: bool = False,
               alternate: int = 0, drawing: str = "on") -> dict[str, list[Pair]]:
    """One configuration's processes, their figures printed and checked; with ``alternate``, the
    pairs its windows in turn made at the judged rate (where -> pairs), for ``in_turn_verdict``."""
    config = (f"{'postgresql' if db.startswith('postgresql://') else 'sqlite'} {processes}p "
              f"{'outbox ' if outbox else ''}{'drawing cached ' if drawing == 'cached' else ''}"
              f"boards {'on' if boards else 'off'}")
    procs = [subprocess.Popen([sys.executable, __file__, "--worker", db, "--part", str(k), "--parts", str(processes),
                               "--rates", ",".join(str(r / processes) for r in rates), "--seconds", str(seconds),
                               "--boards", "on" if boards else "off", "--render-workers", str(workers),
                               "--pbp", "on" if pbp else "off", "--warm", "on" if warm else "off",
                               "--alternate", str(alternate)]
                              + (["--outbox", "on"] if outbox else [])
                              + (["--drawing", drawing] if drawing != "on" else []),
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True) for k in range(processes)]
    outs, lines = [], []
    for p in procs:  # each process's figures, then all are told to close (see ``worker``)
        lines.append(next((line for line in p.stdout if line.startswith("[")), ""))
    for p, line in zip(procs, lines):
        out, _ = p.communicate("")
        if p.returncode != 0 or not line:
            print(f"  worker failed ({p.returncode})")
            if verdict is not None:
                verdict.check(f"{config} worker exit code", p.returncode, "==", 0)
            return {}
        outs.append(json.loads(line))
    backend = "postgresql" if db.startswith("postgresql://") else "sqlite"
    goal = TARGET["boards"][0] if boards else TARGET[backend]
    judged = next((i for i, r in enumerate(rates) if r >= goal), len(rates) - 1)  # the row at the target load
    def report(i: int, rate: float, steps: list[dict], warm: bool) -> None:
        """One rate's lines and figures (``warm``: its second window, see ``--warm``)."""
        commits = sum(s["commits"] for s in steps)
        secs = max(s["seconds"] for s in steps)
        cms = [x for s in steps for x in s["commit_ms"]]
        bms = [x for s in steps for x in s["board_ms"]]
        lag = max(pct(s["lag_ms"], 0.99) for s in steps)
        busy = max(pct(s["busy_ms"], 0.99) for s in steps)
        rss = max(s["rss_mb"] for s in steps)
        wmb = sum(s["workers_mb"] for s in steps)
        skipped = sum(s["skipped"] for s in steps)
        dropped = sum(s["dropped"] for s in steps)
        own = own_cpu(steps)
        cpu, idle, split, bench_loop, alone = own["cpu"], own["idle"], own["split"], own["bench"], own["alone"]
        wcpu = sum(s["workers_cpu_s"] for s in steps)
        sys_ms = sum(s.get("sys_s", 0.0) for s in steps) / max(1, commits) * 1000
        writes, batches = sum(s.get("writes", 0) for s in steps), sum(s.get("batches", 0) for s in steps)
        line = (f"  {'again, warm' if warm else 'offered'} {rate:6.0f}/s ({skipped} skipped): committed {commits / secs:6.1f}/s  commit p50 {pct(cms, .5):6.1f} "
                f"p99 {pct(cms, .99):7.1f} ms")
        if boards:
            line += f"  board p50 {pct(bms, .5):6.1f} p99 {pct(bms, .99):7.1f} ms ({len(bms)} drawn, {dropped} superseded)"
        line += f"  loop lag p99 {lag:6.1f} ms (own work p99 {busy:4.1f} ms)  RSS {rss:5.0f} MB/process"
        if wmb:
            line += f" (+{wmb:.0f} MB board workers)"
        line += f"  load avg {max(s['load'] for s in steps):.1f}"
        print(line)
        late = [x for s in steps for x in s.get("late", [])]
        if late:  # waited for a core (neither busy) or for the interpreter lock (other threads busy)
            print(f"      {len(late)} ticks later than {TARGET['lag_ms']} ms: on average {sum(x[0] for x in late) / len(late):5.1f} ms"
                  f" late, the loop thread working {sum(x[1] for x in late) / len(late):4.1f} ms of it, the process's"
                  f" other threads {sum(x[2] for x in late) / len(late):4.1f} ms")
        name = config + f" @{rate:g}/s" + (" warm" if warm else "")
        figure(f"{name}: committed/s", commits / secs, "moves/s", "higher")
        figure(f"{name}: bot CPU per move", cpu, "ms")
        figure(f"{name}: bot CPU per move, idle apart", cpu - idle, "ms")
        figure(f"{name}: bot CPU per move, bench apart", alone, "ms")
        # per thread (0223526 played the rules and the copy on worker threads: "other" there)
        figure(f"{name}: loop thread CPU per move, bench apart", split["loop"] - idle - bench_loop, "ms")
        figure(f"{name}: writer thread CPU per move", split["writer"], "ms")
        figure(f"{name}: other threads CPU per move", split["other"], "ms")
        if boards:
            figure(f"{name}: board CPU per move", wcpu / max(1, commits) * 1000, "ms")
        figure(f"{name}: loop lag p99", lag, "ms")
        figure(f"{name}: RSS", rss, "MB")
        if verdict is not None and i == judged and not warm:
            at = f"{config} at {rate:.0f}/s offered:"
            # 2 % slack: an offer to a channel still playing its previous move is skipped, not queued
            floor, what = commit_target(goal, rate)
            verdict.check(f"{at} committed ({what})", commits / secs, ">=", 0.98 * floor, "moves/s")
            if boards:
                verdict.check(f"{at} board p99", pct(bms, .99), "<", TARGET["boards"][1], "ms")
            verdict.check(f"{at} loop lag p99", lag, "<", TARGET["lag_ms"], "ms")
            verdict.check(f"{at} RSS", rss, "<", TARGET["rss_mb"], "MB")
        # CPU per move: what the figures above would be on two quiet cores (the machine is shared)
        per_move = cpu + wcpu / max(1, commits) * 1000
        print(f"      CPU per committed move: {cpu:5.2f} ms in the bot process(es) ({cpu - idle:5.2f} ms without"
              f" the {idle:4.2f} ms it spends idle meanwhile)"
              + (f" + {wcpu / max(1, commits) * 1000:5.2f} ms drawing boards" if boards else "")
              + f" -> about {2000 / per_move:5.0f} moves/s if 2 cores were free (estimate; a PostgreSQL"
              " server's own CPU not counted)")
        print(f"      the bot alone {alone:5.2f} ms: the event loop's thread {split['loop'] - idle - bench_loop:5.2f}, the store's"
              f" writer {split['writer']:5.2f}, other threads {split['other']:5.2f}; set apart: idle {idle:4.2f}, the bench's"
              f" players' reader thread {split['players']:4.2f} and its asking and offering on the loop {bench_loop:4.2f}")
        served = [s["server_cpu_s"] for s in steps if s.get("server_cpu_s") is not None]
        if served:  # each process saw the whole server over about the same window: the largest
            server_ms = max(served) / max(1, commits) * 1000
            figure(f"{name}: server CPU per move", server_ms, "ms")
            print(f"      the PostgreSQL server's CPU per committed move: {server_ms:5.2f} ms")
            split = max((s for s in steps if s.get("server_split")), key=lambda s: s["server_cpu_s"],
                        default={}).get("server_split") or {}
            if split:  # whose work it was: the store's moves, the play-by-post thread, the server's own
                print("        of which " + ", ".join(f"{name} {cpu / max(1, commits) * 1000:4.2f}" for name, cpu in
                                              sorted(split.items(), key=lambda kv: -kv[1]) if cpu > 0))
        posts = sum(s.get("delivered", 0) for s in steps)  # --outbox on: each a row written, then marked
        if batches:  # the kernel's share (syncs, wake-ups) and how many writes each commit carried
            print(f"      of which system (kernel) {sys_ms:4.2f} ms; {writes / batches:4.1f} writes per commit"
                  f" ({batches / secs:4.0f} commits/s)" + (f"; {posts} owed posts written and marked delivered"
                                                          if posts else ""))
        if any("collections" in s for s in steps):  # the collector's share (its pauses are the loop's long ticks)
            n = [sum(s.get("collections", [0, 0, 0])[g] for s in steps) for g in range(3)]
            gc_loop = sum(s.get("gc_loop_s", 0.0) for s in steps) / max(1, commits) * 1000
            gc_other = sum(s.get("gc_other_s", 0.0) for s in steps) / max(1, commits) * 1000
            figure(f"{name}: garbage collection CPU per move, loop thread", gc_loop, "ms")
            print(f"      the garbage collector: {n[0]}/{n[1]}/{n[2]} collections of generation 0/1/2, its CPU per move"
                  f" {gc_loop:5.3f} ms on the loop's thread (counted above) and {gc_other:5.3f} ms on the others")
        trips = sum(s.get("pbp_trips", 0) for s in steps)
        if trips:  # PostgreSQL: what the play-by-post thread's statements cost in round trips
            print(f"      the play-by-post thread's round trips to the server: {trips / max(1, commits):4.2f} per move")

    judged_pairs: dict[str, list[Pair]] = {}
    for i, rate in enumerate(rates):
        report(i, rate, [o[i] for o in outs], False)
        if all(o[i].get("warm") for o in outs):  # the same rate again, every table having moved (--warm)
            report(i, rate, [o[i]["warm"] for o in outs], True)
        if all(o[i].get("alternate") for o in outs):
            where = config.replace(" boards on", "") + f" @{rate:g}/s"
            found = alternated(where, [list(w) for w in zip(*(o[i]["alternate"] for o in outs))])
            if i == judged:
                judged_pairs[where] = found
    gc_before, gc_after = max(o[0]["gc_ms"][0] for o in outs), max(o[0]["gc_ms"][1] for o in outs)
    print(f"  a full garbage collection with the tables loaded: {gc_before:.0f} ms, after gc.freeze() "
          f"{gc_after:.1f} ms (a pause of the loop: target < {TARGET['lag_ms']} ms)")
    if boards:
        print(f"  target: >= {TARGET['boards'][0]} moves/s with boards, p99 < {TARGET['boards'][1]:.0f} ms; "
              f"loop lag p99 < {TARGET['lag_ms']} ms; RSS < {TARGET['rss_mb']} MB")
    else:
        print(f"  target: commits alone >= {TARGET[backend]}/s on {backend}; loop lag p99 < {TARGET['lag_ms']} ms; "
              f"RSS < {TARGET['rss_mb']} MB")
    return judged_pairs


def alternated(where: str, windows: list[list[dict]]) -> list[Pair]:
    """``--alternate``: the windows one process played with boards off and on in turn (each a list
    of the processes' figures for it), paired in the order they ran; every pair's ratio and their
    estimate (``_on_off``) printed, on the bot alone and with the idle part alone set apart too.
    Returns the pairs of the bot alone (judged by ``in_turn_verdict``)."""
    judged: list[Pair] = []
    sides = [w[0]["boards"] for w in windows]
    own = [own_cpu(w) for w in windows]
    for what, values in ((BOT_ALONE, [o["alone"] for o in own]), (IDLE_APART, [o["cpu"] - o["idle"] for o in own])):
        found = in_turn(list(zip(sides, values)))
        figure(f"{where} in turn: {what}, boards on / off", estimate(found), "x")
        print(f"== {where}, boards off and on in turn in one process ({len(windows)} windows):"
              f" the bot's own CPU per move ({what.split(', ')[-1]}) with boards on / off: {describe(found)};"
              f" target <= {TARGET['boards_ratio']}")
        if what == BOT_ALONE:
            judged = found
            drawn = sum(len(s["board_ms"]) for w, side in zip(windows, sides) if side for s in w)
            moves = sum(s["commits"] for w, side in zip(windows, sides) if side for s in w)
            loads = [s["load"] for w in windows for s in w]
            # the share of moves that draw a board grows as the games go on (about 29 % of a table's first
            # moves, 37-40 % of its next ones): a figure holds for the part of the games it played
            print(f"     {drawn} boards drawn in {moves} moves with boards on ({drawn / max(1, moves):.0%});"
                  f" load average {min(loads):.1f}-{max(loads):.1f}")
            for thread in ("loop", "writer"):  # where it went: the loop's thread bench apart, the writer's
                per = [o["split"][thread] - (o["idle"] + o["bench"] if thread == "loop" else 0) for o in own]
                on = sorted(v for v, side in zip(per, sides) if side)
                off = sorted(v for v, side in zip(per, sides) if not side)
                print(f"     {thread} thread a move, windows' median (lowest-highest): on {statistics.median(on):4.2f}"
                      f" ({on[0]:4.2f}-{on[-1]:4.2f}), off {statistics.median(off):4.2f} ({off[0]:4.2f}-{off[-1]:4.2f})")
            print("     the loop thread a move, all windows of a side (on / off): " + loop_sched(windows, sides))
    return judged


def in_turn_verdict(verdict: Verdict, rounds: list[dict[str, list[Pair]]]) -> None:
    """``--alternate``: each configuration judged on the pairs of every round (``--repeat N``: N
    fresh processes, each playing its windows in turn) together, by the same estimate; with several
    rounds that estimate, every round's and the pairs' spread are printed. ``rounds``: each round's
    pairs at the judged rate, by configuration (``run_config``)."""
    found: dict[str, list[list[Pair]]] = {}
    for pairs in rounds:
        for where, those in pairs.items():
            found.setdefault(where, []).append(those)
    for where, each in found.items():
        together = [pair for those in each for pair in those]
        ratio = estimate(together)
        if len(each) > 1:
            figure(f"{where} in turn: {BOT_ALONE}, boards on / off", ratio, "x")
            print(f"== {where}, {len(each)} rounds, each a fresh process playing boards off and on in turn: the bot's own"
                  f" CPU per move (bench apart) with boards on / off, every round's pairs together: {describe(together)};"
                  f" each round's: {', '.join(f'{estimate(those):4.2f}' for those in each)};"
                  f" target <= {TARGET['boards_ratio']}")
        verdict.check(f"{where} in turn: bot CPU per move (bench apart) boards on / off", ratio, "<=",
                      TARGET["boards_ratio"])


def loop_sched(windows: list[list[dict]], sides: list[bool]) -> str:
    """The loop thread's voluntary and involuntary switches and its user and kernel CPU (ms) a
    committed move, each side's windows summed (a wake-up of the sleeping loop is one voluntary
    switch)."""
    out = []
    for key, unit in (("voluntary", "voluntary switches"), ("involuntary", "involuntary"),
                      ("user_s", "user ms"), ("kernel_s", "kernel ms")):
        per = []
        for want in (True, False):
            steps = [s for w, side in zip(windows, sides) if side == want for s in w]
            total = sum(s.get("loop_sched", {}).get(key, 0.0) for s in steps)
            per.append(total / max(1, sum(s["commits"] for s in steps)) * (1000 if key.endswith("_s") else 1))
        out.append(f"{unit} {per[0]:5.3f} / {per[1]:5.3f}")
    return ", ".join(out)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--channels", type=int, default=sized(1000, 200))
    ap.add_argument("--backend", default="both", choices=("sqlite", "postgresql", "both"))
    ap.add_argument("--processes", default=sized("both", "1"), choices=("1", "2", "both"))
    ap.add_argument("--boards", default="both", choices=("on", "off", "both"))
    ap.add_argument("--rates", default=None, help="offered moves/s, comma-separated")
    ap.add_argument("--seconds", type=float, default=sized(4.0, 3.0), help="per rate")
    ap.add_argument("--render-workers", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--pbp", default="on", choices=("on", "off"), help="the play-by-post layer watches every move")
    ap.add_argument("--outbox", default="off", choices=("on", "off"),
                    help="each move writes the post it owes its table, marked delivered after it (the Discord bot's"
                         " outbox; off in the goals' figures)")
    ap.add_argument("--drawing", default="on", choices=("on", "cached"),
                    help="cached: each render worker draws a title's first board, then answers every later board"
                         " of that title with it at once (a diagnosis of goal 4a, not a figure of the bot)")
    ap.add_argument("--warm", default="on", choices=("on", "off"),
                    help="each rate's window again at once, its figures printed apart as 'warm'")
    baseline.add_arguments(ap)
    ap.add_argument("--repeat", type=int, default=1, metavar="N",
                    help="with --boards both: N rounds of both, each on a fresh set-up, the sides' order swapped every"
                         " round (on/off, off/on, ...); every round's ratio printed, their median (of three) judged;"
                         " with --alternate: N fresh processes, each alternating, judged on all their pairs together")
    ap.add_argument("--alternate", type=int, default=0, metavar="N",
                    help="with --boards both: one process per configuration, which after its first windows (boards"
                         " on) plays N pairs of windows with boards off and on in turn, and judges their ratio")
    ap.add_argument("--worker", default=None, help=argparse.SUPPRESS)
    ap.add_argument("--part", type=int, default=0, help=argparse.SUPPRESS)
    ap.add_argument("--parts", type=int, default=1, help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.worker:
        rates = [float(r) for r in args.rates.split(",")]
        try:
            asyncio.run(worker(args.worker, args.part, args.parts, rates, args.seconds, args.boards == "on",
                               args.render_workers, args.pbp == "on", args.warm == "on", args.outbox == "on",
                               args.alternate, args.drawing))
        except BaseException:  # noqa: BLE001 (said, then gone: the store's open connection would hold the exit)
            traceback.print_exc()
            sys.stderr.flush()
            os._exit(1)
        return 0
    return baseline.run(args, measure, argv)


def measure(args) -> int:
    backends = ("sqlite", "postgresql") if args.backend == "both" else (args.backend,)
    processes = (1, 2) if args.processes == "both" else (int(args.processes),)
    both = args.boards == "both"
    if both and args.alternate:  # each round one fresh process plays both sides in turn (see ``--alternate``)
        rounds = [(True,)] * max(1, args.repeat)
    elif both:  # on, off; with --repeat N, N rounds in turn: on/off, off/on, ...
        rounds = orders(max(1, args.repeat))
    else:
        rounds = [(args.boards == "on",)]
    verdict = Verdict()
    kept: dict[str, tuple[float, str, str]] = {}
    for backend in backends:
        for count in processes:
            taken: list[dict[str, tuple[float, str, str]]] = []  # each round's figures, both sides'
            in_turns: list[dict[str, list[Pair]]] = []  # --alternate: each round's pairs
            for sides in rounds:
                taken.append({})
                for board in sides:
                    baseline.FIGURES.clear()
                    in_turns.append(one_config(args, backend, count, board, verdict, args.alternate if both else 0))
                    taken[-1].update(baseline.FIGURES)
            baseline.FIGURES.clear()
            baseline.FIGURES.update(medians(taken))  # what --baseline compares: each figure's median over the rounds
            on_off(verdict, [{name: value for name, (value, _unit, _better) in f.items()} for f in taken])
            in_turn_verdict(verdict, in_turns)
            kept.update(baseline.FIGURES)
    baseline.FIGURES.clear()
    baseline.FIGURES.update(kept)
    return verdict.finish()


def one_config(args, backend: str, count: int, board: bool, verdict: Verdict,
               alternate: int) -> dict[str, list[Pair]]:
    """One configuration's run: a fresh database of ``args.channels`` tables, then ``run_config``."""
    if args.rates:
        rates = [float(r) for r in args.rates.split(",")]
    elif quick():  # the target load alone
        rates = [float(TARGET["boards"][0] if board else TARGET[backend])]
    else:
        rates = [10, 25, 50, 100] if board else [100, 250, 500, 800]
    cluster = None
    with tempfile.TemporaryDirectory() as tmp:
        try:
            if backend == "sqlite":
                db = str(Path(tmp) / "load.sqlite3")
            else:
                try:
                    from bot.store.pg_cluster import Cluster
                except ImportError:  # a --baseline revision from before bot/'s layers
                    from bot.pg_cluster import Cluster  # type: ignore[no-redef]

                cluster = Cluster(durable=True)  # fsync on, as in production
                db = cluster.start()
            took = asyncio.run(setup(db, args.channels))
            print(f"== {backend}, {count} process(es), boards {'on' if board else 'off'}, play-by-post "
                  f"{args.pbp}{', outbox on' if args.outbox == 'on' else ''}: {args.channels} channels set up in"
                  f" {took:.1f} s (load avg {load_avg():.1f})", flush=True)
            return run_config(db, count, board, rates, args.seconds, args.render_workers, args.pbp == "on",
                              verdict, args.warm == "on", args.outbox == "on", alternate, args.drawing)
        finally:  # the server goes whatever happened (an interrupted bench left one running)
            if cluster is not None:
                cluster.stop()


def on_off(verdict: Verdict, rounds: list[dict[str, float]]) -> None:
    """With boards both on and off at the same rate and configuration: the bot's own CPU per move
    with boards over without, against issue 33's goal 4 (<= 1.2), judged on the bot alone
    (``bench apart``: idle, the players' thread and the bench's asking set apart) and printed
    with the idle part alone set apart too (the figure judged before session 12). ``rounds``:
    each round's figures by name, both sides'; several rounds are judged by ``_on_off.estimate``.
    The first window is judged; its warm repeat is printed."""
    for what in (BOT_ALONE, IDLE_APART):
        found = on_off_pairs(rounds, what)
        for where, those in found.items():
            ratio = figure(f"{where}: {what}, boards on / off", estimate(those), "x")
            if len(those) == 1:
                print(f"== {where}: the bot's own CPU per move ({what.split(', ')[-1]}) with boards on / off:"
                      f" {ratio:4.2f} ({those[0].on:5.2f} / {those[0].off:5.2f} ms; target <= {TARGET['boards_ratio']})")
            else:
                print(f"== {where}: the bot's own CPU per move ({what.split(', ')[-1]}) with boards on / off: "
                      f"{describe(those)}; target <= {TARGET['boards_ratio']}")
            if what == BOT_ALONE and not where.endswith(" warm"):
                verdict.check(f"{where} bot CPU per move (bench apart) boards on / off", ratio, "<=",
                              TARGET["boards_ratio"])


if __name__ == "__main__":
    sys.exit(main())
