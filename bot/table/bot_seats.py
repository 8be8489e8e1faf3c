"""Bot seats at the table: who is a bot, and its move, computed off the event loop.

A bot seat is a seat whose ``user_id`` is negative (-1, -2, ...: Discord ids
are positive, and the store keeps seats unique per game). The play-by-post
service plays for it exactly as for a dropped player (an ``auto`` timer due
now), so a bot moves after a restart too, and a seat the table drops is
taken over by the same bot.

The search runs in a worker process (``BOT_WORKERS``, default 1; 0 runs it
in a thread, for tests), under a time limit: the engine's bot reads no clock,
so its CPU allowance reaches it as a stop hook (``choose``), and the wall
clock is the backstop: on time-out or any failure the seat plays the cheap
greedy move instead, so a game never waits on a bot.
"""

from __future__ import annotations

import asyncio
import logging
import os
from concurrent.futures import Executor, ProcessPoolExecutor

import games
from games.bots import make

from ..config import Settings
from .render_pool import die_with_parent, end_pool

log = logging.getLogger(__name__)

_DEFAULT = Settings()
#: re-dealt worlds per decision on top of turn planning (0: planning only, what the arena measures)
ITERATIONS = _DEFAULT.bot_iterations
#: the time limit of one decision; past it the seat plays the greedy move
SECONDS = _DEFAULT.bot_seconds
#: worker processes for bot searches (0: a thread of this process)
WORKERS = _DEFAULT.bot_workers
#: ``bot`` (search), ``greedy`` or ``random``: what a bot seat plays
POLICY = _DEFAULT.bot_policy

#: the share of ``SECONDS`` of CPU after which a search starts no further plan (the plan in hand
#: still finishes, within the rest of the wall-clock limit)
THINK_SHARE = 0.7

_pool: Executor | None = None


def configure(settings: Settings) -> None:
    """BOT_WORKERS, BOT_SECONDS, BOT_ITERATIONS and BOT_POLICY from the settings (environment over
    .env), as ``python -m bot`` and the console read them."""
    global ITERATIONS, SECONDS, WORKERS, POLICY
    ITERATIONS, SECONDS = settings.bot_iterations, settings.bot_seconds
    WORKERS, POLICY = settings.bot_workers, settings.bot_policy


def mention(user_id: int, name: str) -> str:
    """How a post names a seat it asks: a Discord mention for a person, the seat's name for a
    bot (it has no Discord account: ``<@-1>`` would show as raw text)."""
    return name if is_bot(user_id) else f"<@{user_id}>"


def is_bot(user_id: int) -> bool:
    return user_id < 0


def bot_user_id(seats_user_ids: list[int]) -> int:
    """The next free bot id at a table: -1, -2, ..."""
    used = {u for u in seats_user_ids if u < 0}
    k = 1
    while -k in used:
        k += 1
    return -k


def choose(game_id: str, state_json: str, seat: int, seed: int, iterations: int, policy: str,
           seconds: float | None = None) -> str:
    """In a worker: rebuild the state and let the bot pick (pure, seeded). A pick the rules
    refuse (a bot's bug: the Terra Mystica bot once offered ``done`` with a town tile owed)
    would leave the seat waiting for ever: it gives way to the simplest legal move, logged.

    ``seconds``: the search bot's CPU allowance (this thread's clock): past ``THINK_SHARE`` of
    it no further plan starts and the best one weighed is played, so a long decision ends in the
    worker instead of being abandoned there by the table's wall-clock limit (where it would
    go on computing and hold up the next seat's search)."""
    import json
    import time

    from games.core import RuleError

    from .pbp.clocks import simplest_move

    game = games.get(game_id)
    budget: dict = {"iterations": iterations} if policy == "bot" else {}
    if policy == "bot" and seconds:
        began, allowed = time.thread_time(), seconds * THINK_SHARE
        budget["stop"] = lambda: time.thread_time() - began > allowed
    move = make(policy, seed, **budget).choose(game, game.load(json.loads(state_json)), seat)
    try:
        game.play(game.load(json.loads(state_json)), seat, move)  # on a fresh copy: a check only
    except RuleError as err:
        log.warning("bot move %r refused for seat %s of %s (%s): the simplest legal move instead",
                    move, seat, game_id, err)
        return simplest_move(game, game.load(json.loads(state_json)), seat)
    return move


def _executor() -> Executor | None:
    global _pool
    if WORKERS <= 0:
        return None
    if _pool is None:
        _pool = ProcessPoolExecutor(max_workers=WORKERS, initializer=die_with_parent, initargs=(os.getpid(),))
    return _pool


async def bot_move(game_id: str, state_json: str, seat: int, seed: int) -> str:
    """The bot's move, off the loop and within ``SECONDS``; the greedy move if that fails."""
    loop = asyncio.get_running_loop()
    pool = _executor()
    args = (game_id, state_json, seat, seed, ITERATIONS, POLICY, SECONDS)
    try:
        if pool is None:
            job = asyncio.to_thread(choose, *args)
        else:
            job = loop.run_in_executor(pool, choose, *args)
        return await asyncio.wait_for(job, SECONDS)
    except Exception as err:  # noqa: BLE001 - a bot must never stall the table
        log.warning("bot for seat %s of %s fell back to greedy: %r", seat, game_id, err)
        return await asyncio.to_thread(choose, game_id, state_json, seat, seed, 0, "greedy")


def shutdown(wait: bool = False) -> None:
    """Stop the search workers; ``wait``: until they have exited (the bot's shutdown; a search
    still running after ``render_pool.STOP_GRACE`` seconds is killed)."""
    global _pool
    pool, _pool = _pool, None
    if pool is not None:
        end_pool(pool, wait)
