"""Loading tables: every open or running game at start, another process's game on demand, a
table caught up when another process wrote its game, and the check of each log against the
snapshot served. Part of :class:`bot.table.sessions.SessionManager`."""

from __future__ import annotations

import asyncio
import gc
import json
import logging
import time
import zlib
from concurrent.futures import ThreadPoolExecutor

import games

from ..store import StoreUnavailable
from ..store.resume import Resumed
from ..store.sqlite_file import lowest_priority
from . import history
from .tables import (
    FREEZE_IDLE,
    SNAPSHOT_IDLE,
    STALE_SNAPSHOT,
    Seat,
    Stored,
    Table,
    fresh_state,
    snapshot_text,
    steps_load,
)

log = logging.getLogger(__name__)

#: at most this share of one core goes to the log verification after a restart (``verify_all``
#: waits after each game as long as its replay took, times (1 / share - 1))
VERIFY_SHARE = 0.5
#: seconds between two notes of how far a verification pass got (a restart goes on from there)
VERIFY_NOTE_EVERY = 5.0


class Loading:
    """The tables this process holds, from the store (a mixin of ``SessionManager``)."""

    async def load_all(self) -> int:
        """Reload every open or running game (after a restart). Returns how many.

        Every game's row, seats, move count and stored snapshot's number come in a few statements
        a page of games (``Store.resume_pages``; the collector paused meanwhile). A game whose stored snapshot holds every move and says whose
        turn it is (as a clean shutdown leaves them all) is held without reading its state: on
        SQLite the state stays in the database until the table is first touched (``Stored``), on
        PostgreSQL its snapshot text is kept compressed. The others are restored as before."""
        self._tables.clear()
        reader = self.store.sync_reader()
        stored = Stored(self._thaw(reader)) if reader is not None else None
        collecting = gc.isenabled()
        gc.disable()  # every object made here lives on: the collector would walk them again and again
        try:
            async for page in self.store.resume_pages(self.shards):
                for row in page:
                    await self._resume(row, stored)
        finally:
            if collecting:
                gc.enable()
        return len(self._tables)

    async def _resume(self, row: Resumed, stored: Stored | None) -> None:
        record = row.record
        table = Table(record, [Seat(s.user_id, s.display_name) for s in row.seats])
        if record.status == "running":
            try:
                if not await self._rest(table, row, stored):
                    await self._restore(table, freeze=True)  # idle until a player or a timer touches it
            except Exception as err:  # keep the bot up; refuse moves on this table
                log.exception("could not reload game %s", record.id)
                table.broken = str(err) or type(err).__name__
        self._tables[record.channel_id] = table

    async def _rest(self, table: Table, row: Resumed, stored: Stored | None) -> bool:
        """Hold ``table`` frozen from ``row`` alone when its stored snapshot is current (every move,
        this engine's version, its waited-for seats known); False: it needs ``_restore``."""
        try:
            engine = games.get(table.record.game)
        except KeyError:  # ``_restore`` says it is not installed
            return False
        if (row.waiting is None or row.snapshot_n != row.n
                or row.snapshot_version != engine.version):
            return False
        where: bytes | Stored | None = stored
        if where is None:  # no synchronous reader (PostgreSQL): the text kept compressed
            text = row.state  # read with the page's rows (``Store.resume_pages``)
            if text is None:
                snap = await self.store.snapshot(table.record.id)
                if snap is None or snap.n != row.n or snap.engine_version != engine.version:
                    return False
                text = snap.state
            where = zlib.compress(text.encode(), 1)
        table.n = table.snapshot_n = row.n
        table.pending_secret = list(row.secret_tail)
        table._turn_lines = None  # read from ``record.turn_steps`` when first asked
        table.rest(row.waiting, where)
        return True

    def _thaw(self, reader):
        """``Stored.read`` over the store's synchronous ``reader``: the table's state from its stored
        snapshot, with that snapshot's text (the table's first undo token: ``tables.Since``), or,
        when that no longer holds the table's moves or cannot be read (damaged, another engine
        version), replayed from the log (the log is the truth) and no text; the snapshot is then
        marked stale, so the next move or the idle save writes it again."""
        def read(table: Table):
            record, engine = table.record, table.engine
            snap = reader.snapshot(record.id)
            if snap is not None and snap.n == table.n and snap.engine_version == engine.version:
                try:
                    return fresh_state(engine, json.loads(snap.state)), snap.state
                except Exception as err:  # damaged JSON, a state the engine refuses
                    log.warning("game %s: snapshot unreadable (%s); rebuilding from the log", record.id, err)
            moves = reader.moves(record.id)[: table.n]
            state = history.state_at(engine, len(table.seats), record.seed,
                                     engine.log_options(record.options, record.engine_version),
                                     [(m.seat, m.text) for m in moves], len(moves))
            table.snapshot_n = STALE_SNAPSHOT
            return state, None

        return read

    async def refresh(self, table: Table) -> Table | None:
        """Catch a table up if another process wrote its game meanwhile (its revision moved on);
        None if the game is no longer open or running."""
        record = await self.store.game(table.record.id)
        if record is None or record.status not in ("open", "running"):
            if self._tables.get(table.record.channel_id) is table:
                self._tables.pop(table.record.channel_id, None)
            return None
        if record.rev != table.record.rev or record.status != table.record.status:
            async with self.lock(table.record.channel_id):
                table.record.status = record.status
                if record.status == "running":
                    table.seats = [Seat(s.user_id, s.display_name) for s in await self.store.seats(record.id)]
                    await self._restore(table)
        return table

    async def load_game(self, game_id: int, hold: bool = True) -> Table | None:
        """The table of game ``game_id``, loaded from the database if this process does not hold it
        (another shard's game reached from a DM or a timer); None if it is not open or running.
        ``hold=False`` only reads: another shard's game is built from its snapshot WITHOUT being held
        here (a user's ``/games mine`` must not make this process take over other shards' games)."""
        table = next((t for t in self._tables.values() if t.record.id == game_id), None)
        if table is not None:
            return await self.refresh(table)
        record = await self.store.game(game_id)
        if record is None or record.status not in ("open", "running"):
            return None
        if not hold:
            table = Table(record, [Seat(s.user_id, s.display_name) for s in await self.store.seats(record.id)])
            if record.status == "running":
                try:
                    await self._restore(table)
                except Exception as err:  # listed as it is: broken
                    table.broken = str(err) or type(err).__name__
            return table
        async with self.lock(record.channel_id):
            if (held := self._tables.get(record.channel_id)) is not None and held.record.id == game_id:
                return held
            table = Table(record, [Seat(s.user_id, s.display_name) for s in await self.store.seats(record.id)])
            if record.status == "running":
                await self._restore(table)
            self._tables[record.channel_id] = table
        return table

    async def verify_all(self, resume: bool = False) -> list[int]:
        """Replay every running game's log, in id order, on a thread of the lowest CPU priority, and
        compare it with the state served (from the snapshot). A move that no longer replays marks
        the game broken with its number and reason; a snapshot that disagrees with its log is
        rebuilt from the log. Returns the ids of the games found broken.

        ``resume`` (the bot, after a restart): the pass goes on from the game the last process had
        reached (noted in the settings every :data:`VERIFY_NOTE_EVERY` seconds; a finished pass is
        noted too, and the next starts from the first game), and waits after each game so that its
        replays take at most :data:`VERIFY_SHARE` of a core: at 100,000 running games a pass is minutes of
        CPU, which a restart every few minutes would otherwise begin again each time."""
        mark = ("verify", 0, "logs" if self.shards is None
                else f"logs:{self.shards.count}:{','.join(map(str, self.shards.ids))}")
        after = int((await self.store.get_setting(*mark, default=None) or {}).get("after", 0)) if resume else 0
        if after:
            log.info("log verification goes on after game %s (the last process's pass)", after)
        broken: list[int] = []
        noted = time.monotonic()
        pool = ThreadPoolExecutor(1, thread_name_prefix="verify-logs", initializer=lowest_priority)
        try:
            for table in sorted(self._tables.values(), key=lambda t: t.record.id):
                if (table.record.id <= after or table.record.status != "running" or not table.started
                        or table.broken):
                    continue
                async with self.lock(table.record.channel_id):
                    cpu = 0.0
                    try:
                        cpu = await self._verify(table, pool)
                    except history.ReplayError as err:
                        log.error("game %s: %s", table.record.id, err)
                        table.broken = self.t("store.broken_move", n=err.n, reason=err.reason)
                        broken.append(table.record.id)
                    except StoreUnavailable as err:
                        log.warning("game %s: not verified (%s)", table.record.id, err)
                if resume:
                    await asyncio.sleep(cpu * (1 / VERIFY_SHARE - 1))
                    if time.monotonic() - noted >= VERIFY_NOTE_EVERY:
                        await self._note_verified(mark, table.record.id)
                        noted = time.monotonic()
            if resume:
                await self._note_verified(mark, 0)  # the pass is over: the next one starts from the first game
        finally:
            pool.shutdown(wait=False, cancel_futures=True)
        return broken

    async def _note_verified(self, mark: tuple, after: int) -> None:
        try:
            await self.store.set_setting(*mark, {"after": after})
        except StoreUnavailable as err:  # only where the next pass starts
            log.warning("log verification: progress not noted (%s)", err)

    async def _verify(self, table: Table, pool: ThreadPoolExecutor | None = None) -> float:
        """Replay ``table``'s log (on ``pool``'s thread) and compare; the replay's CPU seconds."""
        record, engine = table.record, table.engine
        moves = await self.store.moves(record.id)
        logged = [(m.seat, m.text) for m in moves]

        def replay():
            t0 = time.thread_time()
            state = history.state_at(engine, len(table.seats), record.seed,
                                     engine.log_options(record.options, record.engine_version), logged, len(logged))
            return state, time.thread_time() - t0

        state, cpu = await asyncio.get_running_loop().run_in_executor(pool, replay)
        text = engine.to_json_text(state)
        if len(moves) == table.n and text != engine.to_json_text(table.peek()):  # a frozen table stays so
            log.warning("game %s: the snapshot disagreed with the log; rebuilt from the log", record.id)
            table.state = state
            if await self.store.save_snapshot(record.id, len(moves), engine.version, snapshot_text(engine, state),
                                              self.clock.now(), rev=record.rev):
                table.snapshot_n = len(moves)
        return cpu

    async def save_snapshots(self, idle: float = SNAPSHOT_IDLE) -> int:
        """Bring the stored snapshot of every running table idle for ``idle`` seconds up to its last
        move (``0``: every table, as before a shutdown), so that a restart replays none of its moves.
        Returns how many were written. A snapshot is only a cache: one that cannot be written now
        (a full disk, another process's newer move) is left for later."""
        written = 0
        for table in list(self._tables.values()):
            if (not table.started or table.broken or table.n == table.snapshot_n
                    or time.monotonic() - table.moved_at < idle):
                continue
            async with self.lock(table.record.channel_id):
                state, n = table.state, table.n
                if state is None or n == table.snapshot_n or self._tables.get(table.record.channel_id) is not table:
                    continue
                engine = table.engine
                try:
                    saved = await self.store.save_snapshot(table.record.id, n, engine.version,
                                                           snapshot_text(engine, state), self.clock.now(),
                                                           rev=table.record.rev,
                                                           waiting=sorted(engine.to_move(state)))
                except StoreUnavailable as err:
                    log.warning("game %s: snapshot not brought up to date (%s)", table.record.id, err)
                    continue
                if saved:
                    table.snapshot_n = n
                    written += 1
        return written

    def freeze_idle(self, idle: float = FREEZE_IDLE) -> int:
        """Freeze every table idle for ``idle`` seconds whose stored snapshot is up to date (its
        state kept as that JSON, compressed, until next used: ``Table.freeze``), so that memory
        follows the games being played, not all those running. Returns how many."""
        frozen = 0
        now = time.monotonic()
        for table in self._tables.values():
            if (table.frozen is None and table._state is not None and not table.broken
                    and table.n == table.snapshot_n and now - table.moved_at >= idle
                    and not self.lock(table.record.channel_id).locked()):  # no move half made
                table.freeze()
                frozen += 1
        return frozen

    async def keep_snapshots(self, every: float = SNAPSHOT_IDLE / 2, idle: float = SNAPSHOT_IDLE) -> None:
        """Run ``save_snapshots(idle)`` and ``freeze_idle()`` every ``every`` seconds until cancelled
        (the bot starts it)."""
        while True:
            await asyncio.sleep(every)
            try:
                await self.save_snapshots(idle)
                self.freeze_idle()
            except Exception:  # a cache: never let it stop the bot
                log.exception("saving idle tables' snapshots failed")

    async def _restore(self, table: Table, freeze: bool = False) -> None:
        """State from the snapshot when it matches the log and engine; else replay the log
        (also when the snapshot is damaged: the log is the truth). ``freeze``: the table is left
        frozen (``Table.freeze``), the stored text kept as it is when it holds every move."""
        record = table.record
        try:
            engine = games.get(record.game)
        except KeyError as err:
            raise RuntimeError(f"game '{record.game}' is not installed") from err
        fresh = await self.store.game(record.id)  # the revision first: a write after it is caught later
        if fresh is not None:
            record.rev = fresh.rev
        moves = await self.store.moves(record.id)
        snap = await self.store.snapshot(record.id)
        table.n = len(moves)
        state = None
        if snap and snap.engine_version == engine.version and snap.n <= len(moves):
            try:
                state = fresh_state(engine, json.loads(snap.state))
                if snap.n < len(moves):  # the moves logged after the snapshot, replayed on it
                    state = await asyncio.to_thread(
                        history.state_at, engine, len(table.seats), record.seed, None,
                        [(m.seat, m.text) for m in moves], len(moves), start=(snap.n, state))
            except Exception as err:  # damaged JSON, a state the engine refuses, a tail that no
                # longer replays on it: rebuild from the whole log (the log is the truth)
                log.warning("game %s: snapshot unreadable (%s); rebuilding from the log", record.id, err)
                state = None
        if state is not None:
            table.state = state
            table.snapshot_n = snap.n
            if freeze and snap.n == len(moves):
                table.freeze(snap.state)
        else:
            try:
                state = await asyncio.to_thread(history.state_at, engine, len(table.seats), record.seed,
                                                engine.log_options(record.options, record.engine_version), [(m.seat, m.text) for m in moves], len(moves))
            except history.ReplayError as err:
                raise RuntimeError(self.t("store.broken_move", n=err.n, reason=err.reason)) from err
            table.state = state
            await self.store.save_snapshot(record.id, len(moves), engine.version,
                                           snapshot_text(engine, state), self.clock.now(), rev=record.rev)
            table.snapshot_n = len(moves)
            log.info("game %s rebuilt from its log (%d moves)", record.id, len(moves))
        pending: list[int] = []
        for m in reversed(moves):
            if m.kind != "secret":
                break
            pending.insert(0, m.seat)
        table.pending_secret = pending
        table.turn_lines = steps_load(fresh.turn_steps if fresh is not None else record.turn_steps)
