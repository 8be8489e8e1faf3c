"""Durable timers: rows in the database and ONE dispatcher task that sleeps until the next is due.

Why this shape (the durable-timer pattern of RoboDanny): no loop wakes up every
minute to poll every game. A timer is a row of the ``timers`` table (schema
0001 plus migration 010: ``kind, key, due_at, game_id, user_id, payload``);
the dispatcher reads the earliest ``due_at``, sleeps until then (or until
``add`` wakes it because a sooner timer arrived), runs the handler registered
for the timer's ``kind`` and deletes the row. A restart loses nothing: the
rows are still there, and timers that fell due while the bot was down fire at
start. Timers of a game go when it ends (the store deletes them by game_id).

``key`` makes a timer replaceable: adding ``remind:7:2`` again moves the one
reminder of game 7 / seat 2 instead of stacking a second one.

No timer statement runs on the event loop thread: the table's statements
(:class:`bot.store.timers.TimerStore`) run on the play-by-post layer's database thread
(:class:`bot.store.threads.DbThread`); the dispatcher reads and deletes through it, and ``add``/``cancel`` are meant to be called
from code already running there (they wake the dispatcher thread-safely).
Timers that are due are read in batches of 100 and the loop gets a turn
between every two, so a backlog of thousands never freezes the bot.

A command holds its game's timers back until its reply is posted (:meth:`Dispatcher.holding`):
a timer it made due at once (a reminder of a wait its new setting or a resume shortened) reaches
the table after what the command says, never before it. The hold is per game: the dispatcher
claims due timers as always and fires the others at once; a claimed timer of a held game waits
in a small task for that game's hold to end (at most ``HOLD_MAX`` seconds: a reply Discord keeps
waiting does not stop it), then fires if its row is still there (the command may have cancelled
or replaced it). It stays claimed meanwhile (``CLAIM_LEASE`` is far longer), so it fires once;
a process killed while it waits leaves the claim to run out and the timer fires after that.
Timers of no game are never held.

Time is injected: clocks answer ``now()`` with an aware UTC datetime (the same
protocol as the session manager's) and ``sleep(seconds)``. Production uses
:class:`SystemClock`, tests a :class:`ManualClock` advanced by hand, so nothing
really sleeps. Times inside this module are epoch seconds.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime

from .. import observe
from ..store import Conflict, StoreUnavailable
from ..store.threads import DbThread
from ..store.timers import CLAIM_LEASE, Timer, TimerStore, epoch, iso_at

#: the timers' rows and the database thread are the store's; named here for the dispatcher's callers
__all__ = ["CLAIM_LEASE", "DbThread", "Dispatcher", "ManualClock", "SystemClock", "Timer", "TimerStore", "epoch", "iso_at"]

log = logging.getLogger(__name__)

#: Longest single sleep: the dispatcher re-reads the table at least this often,
#: which also absorbs wall-clock jumps (suspend, NTP).
MAX_SLEEP = 24 * 3600.0
#: A handler that raises is retried this much later, at most MAX_ATTEMPTS times.
RETRY_DELAY = 300.0
MAX_ATTEMPTS = 5
#: Deleting a fired timer is tried this often, this many seconds (times the attempt) apart.
DELETE_ATTEMPTS = 4
DELETE_PAUSE = 0.5
#: Due timers claimed at once (one write transaction); a full batch means a backlog behind it.
CLAIM_BATCH = 100
#: Longest a command's reply holds its game's due timers back (seconds of the loop's own time): a
#: post Discord is slow to take (a rate limit, an outage) delays the reminders, it never stops them.
HOLD_MAX = 10.0


# --- clocks -----------------------------------------------------------------


class SystemClock:
    """Wall-clock UTC time."""

    def now(self) -> datetime:
        return datetime.now(UTC)

    async def sleep(self, seconds: float) -> None:
        await asyncio.sleep(max(0.0, seconds))


class ManualClock:
    """A clock that only moves when told to (tests, simulations).

    ``sleep`` returns once :meth:`advance` has moved the time past the target,
    so the real dispatcher loop can be driven without waiting.
    """

    def __init__(self, start: datetime | float = 1_700_000_000.0):
        self._now = epoch(start)
        self._sleepers: list[tuple[float, asyncio.Future]] = []

    def now(self) -> datetime:
        return datetime.fromtimestamp(self._now, UTC)

    def time(self) -> float:
        return self._now

    async def sleep(self, seconds: float) -> None:
        target = self._now + max(0.0, seconds)
        if target <= self._now:
            await asyncio.sleep(0)
            return
        fut = asyncio.get_running_loop().create_future()
        self._sleepers.append((target, fut))
        try:
            await fut
        finally:
            self._sleepers = [(t, f) for t, f in self._sleepers if f is not fut]

    def advance(self, seconds: float) -> None:
        self.set(self._now + seconds)

    def set(self, when: datetime | float) -> None:
        self._now = epoch(when)
        for target, fut in self._sleepers:
            if target <= self._now and not fut.done():
                fut.set_result(None)


# --- the dispatcher -------------------------------------------------------------

Handler = Callable[[Timer], Awaitable[None]]


class Dispatcher:
    """Runs due timers through the handler of their kind; one asyncio task."""

    def __init__(self, store: TimerStore, clock=None, db: DbThread | None = None):
        self.store = store
        self.db = db
        self.clock = clock or SystemClock()
        self.handlers: dict[str, Handler] = {}
        self._wake = asyncio.Event()
        self._task: asyncio.Task | None = None
        self.fired: int = 0
        #: timers due and not fired yet, as the loop last saw them: counted when it claims a full batch
        #: (a backlog), down by one as each fires, 0 when none is left to claim (the timers_due gauge)
        self.due_now: int = 0
        #: longest sleep; several processes on one database set it short, as another may add a timer
        self.max_sleep = MAX_SLEEP
        #: the due time the loop sleeps towards (-inf while it is awake): a timer added for
        #: later does not wake it (every move re-schedules reminders hours away; a wake-up
        #: per move would cost the loop a self-pipe write and a turn for nothing)
        self._until = float("-inf")
        #: games whose command runs or posts its reply (``holding``): how many such commands, and
        #: the event set when the last one is done
        self._holds: dict[int, int] = {}
        self._ended: dict[int, asyncio.Event] = {}
        #: claimed timers of held games, by game, each game's waiting in one task (``_after_hold``)
        self._later: dict[int, list[Timer]] = {}
        self._waiting: set[asyncio.Task] = set()
        try:
            self._home: asyncio.AbstractEventLoop | None = asyncio.get_running_loop()
        except RuntimeError:
            self._home = None

    async def io(self, fn, *args, write: bool = False):
        """``fn(*args)`` on the database thread (directly when there is none: plain tests)."""
        if self.db is None:
            return fn(*args)
        return await self.db.run(fn, *args, write=write)

    def _wake_up(self) -> None:
        loop = self._home
        if loop is None or loop.is_closed():
            self._wake.set()
            return
        try:
            running = asyncio.get_running_loop()
        except RuntimeError:
            running = None
        if running is loop:
            self._wake.set()
        else:
            loop.call_soon_threadsafe(self._wake.set)

    def on(self, kind: str, handler: Handler) -> None:
        self.handlers[kind] = handler

    @contextlib.asynccontextmanager
    async def holding(self, game_id: int | None):
        """``async with dispatcher.holding(game_id):`` around a command and the posting of its reply
        (on the loop): a due timer of that game fires after the table has read the reply. Other
        games' timers are not held, nor anything when there is no game."""
        if game_id is None:
            yield
            return
        self._holds[game_id] = self._holds.get(game_id, 0) + 1
        self._ended.setdefault(game_id, asyncio.Event())
        try:
            yield
        finally:
            self._holds[game_id] -= 1
            if not self._holds[game_id]:
                del self._holds[game_id]
                self._later.pop(game_id, None)  # its waiting timers go; a later one waits for the next hold
                self._ended.pop(game_id).set()

    def _put_off(self, timer: Timer) -> None:
        """A claimed timer of a held game: it waits for the hold (with the game's others, in order)."""
        waiting = self._later.get(timer.game_id)
        if waiting is not None:
            waiting.append(timer)
            return
        self._later[timer.game_id] = timers = [timer]
        task = asyncio.get_running_loop().create_task(
            self._after_hold(timer.game_id, self._ended[timer.game_id], timers))
        self._waiting.add(task)
        task.add_done_callback(self._waiting.discard)

    async def _after_hold(self, game_id: int, ended: asyncio.Event, timers: list[Timer]) -> None:
        """Fire a held game's claimed timers once its command's reply is posted (or ``HOLD_MAX`` passed)."""
        try:
            await asyncio.wait_for(ended.wait(), HOLD_MAX)
        except TimeoutError:
            log.warning("game %s's timers held by a command's reply for %.0f s; firing them", game_id, HOLD_MAX)
            if self._later.get(game_id) is timers:
                del self._later[game_id]
        try:
            for timer in timers:
                if await self.io(self.store.kept, timer.id):  # not cancelled or replaced by the command
                    await self._fire(timer)
        except (Conflict, StoreUnavailable):  # their claims run out, then they fire
            log.exception("timers of game %s held by a command could not be fired yet", game_id)

    # scheduling -------------------------------------------------------------
    def now(self) -> float:
        return epoch(self.clock.now())

    def add(self, kind: str, due: float, payload: dict | None = None, key: str | None = None,
            game_id: int | None = None, user_id: int | None = None, guild_id: int | None = None) -> None:
        """Schedule (or move, same ``key``) a timer; from code on the database thread. Nothing is
        returned: asking the row's id would cost PostgreSQL a round trip of its own. ``guild_id``:
        a server's timer of no game (it fires in the process holding that server's shard)."""
        self.store.put(kind, due, payload, key, game_id, user_id, now=self.now(), guild_id=guild_id)
        if due < self._until:  # sooner than what the loop sleeps towards
            self._wake_up()

    def cancel(self, key: str) -> None:
        """Drop the timer of ``key`` if there is one (no answer, for the same reason)."""
        self.store.discard(key)

    # running ------------------------------------------------------------------
    async def run_due(self) -> int:
        """Fire every timer that is due now; returns how many ran."""
        ran = 0
        while True:
            now = self.now()
            batch = await self.io(self.store.claim_due, now, CLAIM_BATCH, write=True)
            if not batch:
                self.due_now = 0
                return ran
            self.due_now = len(batch) if len(batch) < CLAIM_BATCH else await self.io(self.store.count_due, now)
            for i, timer in enumerate(batch, 1):
                if timer.game_id in self._holds:  # its game's command has not posted its reply yet
                    self._put_off(timer)
                else:
                    await self._fire(timer)
                    ran += 1
                self.due_now = max(0, self.due_now - 1)
                if i % 2 == 0:
                    await asyncio.sleep(0)  # a backlog never holds the loop

    async def _fire(self, timer: Timer) -> None:
        handler = self.handlers.get(timer.kind)
        if handler is None:
            log.warning("no handler for timer kind %r; dropping timer %s", timer.kind, timer.id)
            await self.io(self.store.delete, timer.id)
            return
        try:
            await handler(timer)
        except Exception:
            if timer.attempts + 1 >= MAX_ATTEMPTS:
                log.exception("timer %s (%s) failed %d times; dropped", timer.id, timer.kind, MAX_ATTEMPTS)
                await self.io(self.store.delete, timer.id)
            else:
                log.exception("timer %s (%s) failed; retrying later", timer.id, timer.kind)
                await self.io(self.store.retry, timer, self.now() + RETRY_DELAY)
            return
        # The handler may have replaced the row (same key, new id): then this is a no-op.
        await self._forget_fired(timer)
        self.fired += 1

    async def _forget_fired(self, timer: Timer) -> None:
        """Delete a timer that fired. A database busy past its timeout (another process's long
        sync on a saturated disk) is tried again a few times: a row left behind would fire a
        second time once its claim runs out."""
        for attempt in range(DELETE_ATTEMPTS):
            try:
                await self.io(self.store.delete, timer.id)
                return
            except (Conflict, StoreUnavailable):
                if attempt + 1 == DELETE_ATTEMPTS:
                    raise
                log.warning("timer %s fired but is not deleted yet (database busy); trying again", timer.id)
                await asyncio.sleep(DELETE_PAUSE * (attempt + 1))

    async def _loop(self) -> None:
        while True:
            self._until = float("-inf")  # awake: every add wakes the next sleep, it may come before it
            self._wake.clear()
            try:
                await self.run_due()
                nxt = await self.io(self.store.next_due)
            except (Conflict, StoreUnavailable):  # the database busy/full for too long: try again a bit later
                log.exception("timer dispatcher could not read the timers table")
                nxt = self.now() + 5.0
            if nxt is None:
                self._until = float("inf")
                await self._wake.wait()
                continue
            delay = min(nxt - self.now(), self.max_sleep)
            if delay <= 0:
                continue
            self._until = self.now() + delay
            await _first(self._wake.wait(), self.clock.sleep(delay))

    def start(self) -> asyncio.Task:
        self._home = asyncio.get_running_loop()
        observe.watch("timers_due", lambda: self.due_now)
        if self._task is None or self._task.done():
            self._task = asyncio.get_running_loop().create_task(self._loop(), name="timer-dispatcher")
        return self._task

    async def stop(self) -> None:
        for task in list(self._waiting):  # held timers stay claimed: they fire once the claim runs out
            task.cancel()
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None


async def _first(*aws) -> None:
    """Wait until the first awaitable finishes; cancel the rest."""
    tasks = [asyncio.ensure_future(a) for a in aws]
    try:
        await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for t in tasks:
            t.cancel()
        for t in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await t
