"""Board drawing on every core: a process pool, so a slow render never holds the loop or another channel.

Pillow drawing is CPU-bound Python: in threads every render contends for one
interpreter lock with the event loop (and each thread keeps its own
allocator arenas). The bot starts a pool of worker processes
(``RENDER_WORKERS``, default: the number of cores; ``0`` keeps the threads)
and :func:`draw` sends each render there; the loop only awaits the PNG bytes.
The console and the tests keep the in-process thread unless they start a pool.
A worker that dies is replaced, and that one render falls back to a thread.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

log = logging.getLogger(__name__)

_pool: ProcessPoolExecutor | None = None
_workers = 0


def _warm() -> None:
    import renderers  # noqa: F401  (fonts and modules loaded once per worker)


def _draw(game_id: str, view: dict, names: list[str], seat: int | None = None,
          kind: str = "board", locale: str = "en") -> bytes | None:
    from .sessions import render_png

    return render_png(game_id, view, names, seat, kind=kind, locale=locale)


def start(workers: int | None = None) -> int:
    """Start the pool (``workers``: None = one per core, 0 = no pool). Returns how many workers."""
    global _pool, _workers
    stop()
    count = (os.cpu_count() or 1) if workers is None else workers
    if count <= 0:
        return 0
    ctx = multiprocessing.get_context("spawn")  # never fork a process that runs threads (database, loop)
    _pool = ProcessPoolExecutor(max_workers=count, mp_context=ctx, initializer=_warm)
    _workers = count
    for _ in range(count):  # start them now, not on the first board
        _pool.submit(_warm)
    return count


def stop() -> None:
    global _pool, _workers
    if _pool is not None:
        _pool.shutdown(wait=False, cancel_futures=True)
    _pool, _workers = None, 0


def running() -> bool:
    return _pool is not None


def worker_pids() -> list[int]:
    return list(getattr(_pool, "_processes", {}) or {}) if _pool is not None else []


async def draw(game_id: str, view: dict, names: list[str], seat: int | None = None,
               kind: str = "board", locale: str = "en") -> bytes | None:
    """The PNG of a board (or a seat's panel), drawn in a worker process when the pool runs.
    ``kind``: "board" (the full board) or "turn" (the phone-sized turn image)."""
    pool = _pool
    args = (game_id, view, list(names), seat, kind, locale)
    if pool is None:
        return await asyncio.to_thread(_draw, *args)
    try:
        return await asyncio.get_running_loop().run_in_executor(pool, _draw, *args)
    except BrokenProcessPool:
        log.error("a render worker died; starting a new pool")
        start(_workers)
        return await asyncio.to_thread(_draw, *args)
