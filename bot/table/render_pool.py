"""Board drawing on every core: a process pool, so a slow render never holds the loop or another channel.

Pillow drawing is CPU-bound Python: in threads every render contends for one
interpreter lock with the event loop (and each thread keeps its own
allocator arenas). The bot starts a pool of worker processes
(``RENDER_WORKERS``, default: the CPUs this process may use; ``0`` keeps the threads)
and :func:`draw` sends each render there; the loop only awaits the PNG bytes.
The workers run at a lower CPU priority (:data:`NICE`): on busy cores the bot's own
process (its loop, and the pool's thread that hands boards over) is never starved by
the boards it asked for, which kept the workers themselves waiting for work.
The console and the tests keep the in-process thread unless they start a pool.
A worker that dies is replaced, and that one render falls back to a thread.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import logging
import multiprocessing
import os
import signal
import threading
import weakref
from collections.abc import Hashable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from ..config import available_cpus
from ..words.names import plain

log = logging.getLogger(__name__)

_pool: ProcessPoolExecutor | None = None
_workers = 0


#: how much lower the workers' CPU priority is than the bot's (``os.nice``): when the cores are
#: busy, the event loop (moves, acknowledgements) runs first and boards wait, never the other way
NICE = 10


def die_with_parent(parent: int) -> None:
    """In a worker process: Linux sends it SIGTERM when the bot's process dies, even killed outright
    (SIGKILL, the OOM killer), so no worker outlives a bot that had no chance to stop it."""
    try:
        import ctypes

        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGTERM)  # 1: PR_SET_PDEATHSIG
    except (OSError, AttributeError):  # not Linux: the bot's own shutdown stops its workers
        return
    if os.getppid() != parent:  # the bot died before the line above
        os._exit(0)


#: seconds a stopping bot gives a worker to finish the board or bot search it is at; then it is
#: killed. A shutdown must end: at NICE 10 on a loaded machine a worker may get no CPU for minutes
#: (a SIGTERM at load 30 once waited past 120 s), and what it was doing is owed or redone anyway
STOP_GRACE = 5.0


def end_pool(pool, wait: bool = False, grace: float = STOP_GRACE) -> None:
    """Shut a process pool down (the work waiting in it cancelled). ``wait``: until its workers are
    gone, giving the ones at work at most ``grace`` seconds before they are killed (SIGKILL: a
    stopped or starved process goes too). The pool's own thread then sees them gone and fails what
    they were doing with ``BrokenProcessPool`` (a board falls back to a thread: ``_run``)."""
    manager: threading.Thread | None = getattr(pool, "_executor_manager_thread", None)
    processes = list((getattr(pool, "_processes", None) or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    if not wait or manager is None:
        return
    manager.join(grace)  # it tells every worker to stop and waits for them
    if not manager.is_alive():
        return
    stuck = [p for p in processes if p.is_alive()]
    log.warning("%d worker process(es) still busy %.0f s after the stop; killed", len(stuck), grace)
    for process in stuck:
        process.kill()
    manager.join(grace)


def _init(parent: int | None = None) -> None:
    if parent is not None:
        die_with_parent(parent)
    try:
        os.nice(NICE)
    except OSError:  # not allowed here: draw at the bot's priority
        pass
    _warm()


def _warm() -> None:
    import renderers  # noqa: F401  (fonts and modules loaded once per worker)


def _draw(game_id: str, view: dict | str, names: list[str], seat: int | None = None,
          kind: str = "board", locale: str = "en") -> bytes | None:
    import renderers

    if isinstance(view, str):  # a view sent as its JSON text (``draw``) is decoded here, in the worker
        view = json.loads(view)
    return renderers.render_png(game_id, view, names, seat, kind=kind, locale=locale)


def start(workers: int | None = None) -> int:
    """Start the pool (``workers``: None = one per CPU this process may use, its affinity under a
    container's CPU quota; 0 = no pool). Returns how many workers."""
    global _pool, _workers
    stop()
    _slots.clear()  # waiting lines sized for the new number of workers
    count = available_cpus() if workers is None else workers
    if count <= 0:
        return 0
    ctx = multiprocessing.get_context("spawn")  # never fork a process that runs threads (database, loop)
    _pool = ProcessPoolExecutor(max_workers=count, mp_context=ctx, initializer=_init, initargs=(os.getpid(),))
    _workers = count
    for _ in range(count):  # start them now, not on the first board
        _pool.submit(_warm)
    return count


def stop(wait: bool = False) -> None:
    """Stop the pool; ``wait``: until its worker processes have exited (the bot's shutdown)."""
    global _pool, _workers
    pool, _pool, _workers = _pool, None, 0
    _slots.clear()
    if pool is not None:
        end_pool(pool, wait)


def running() -> bool:
    return _pool is not None


def worker_pids() -> list[int]:
    return list(getattr(_pool, "_processes", {}) or {}) if _pool is not None else []


#: renders waiting or running per event loop: two per worker are in the pool, the rest wait here
_slots: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
#: the newest render asked for each key (a channel): an older one still waiting is not drawn
_latest: dict[Hashable, int] = {}
_tickets = itertools.count(1)
#: renders skipped because a newer one of the same channel was already waiting
superseded = 0
#: renders asked for and not done yet (waiting or drawing): the render queue of the metrics
_asked = 0


def waiting() -> int:
    """Boards asked for and not drawn yet."""
    return _asked


def _slot() -> asyncio.Semaphore:
    loop = asyncio.get_running_loop()
    sem = _slots.get(loop)
    if sem is None:
        # two per worker: one drawing and one already handed over, so no worker idles between boards
        sem = _slots[loop] = asyncio.Semaphore(max(1, 2 * _workers))
    return sem


async def draw(game_id: str, view: dict | str, names: list[str], seat: int | None = None,
               kind: str = "board", locale: str = "en", key: Hashable | None = None) -> bytes | None:
    """The PNG of a board (or a seat's panel), drawn in a worker process when the pool runs.
    ``kind``: "board" (the full board) or "turn" (the phone-sized turn image). ``view`` may be
    its JSON text (a turn's board, copied when the move was made): decoded by the worker, so the
    bot's own process only hands over one string (a dict is pickled whole on the way).

    Renders queue here (two per worker in the pool), not inside the pool, so that a
    render of ``key`` (a channel) still waiting when a newer one of the same
    key is asked is dropped: it returns None and its post goes out without an
    image, since the next turn's post, already on its way, shows the board as
    it is now. Under load, the workers draw only boards someone will look at."""
    global superseded, _asked
    ticket = next(_tickets)
    if key is not None:
        _latest[key] = ticket
    _asked += 1
    try:
        async with _slot():
            if key is not None and _latest.get(key) != ticket:
                superseded += 1
                return None
            # drawn, a name is shown as its owner wrote it (in text it is escaped: ``words.names``)
            return await _run(game_id, view, [plain(n) for n in names], seat, kind, locale)
    finally:
        _asked -= 1
        if key is not None and _latest.get(key) == ticket:
            del _latest[key]


async def _run(game_id, view, names, seat, kind, locale) -> bytes | None:
    pool = _pool
    args = (game_id, view, list(names), seat, kind, locale)
    if pool is None:
        return await asyncio.to_thread(_draw, *args)
    try:
        return await asyncio.get_running_loop().run_in_executor(pool, _draw, *args)
    except BrokenProcessPool:
        if _pool is pool:  # not stopped meanwhile (the bot closing): a worker died
            log.error("a render worker died; starting a new pool")
            start(_workers)
        return await asyncio.to_thread(_draw, *args)
