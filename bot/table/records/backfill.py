"""Results rows for the games that ended before records were kept, from their replayed logs.

Run by the bot at its first start after migration 0018 (before it serves anybody, so no live
game is rated in between) and by ``python -m bot.records backfill``. A game gets exactly the
rows it would have got live: the state its log replays to, the log's times, the same rating
policy; then every rating is recomputed from the results, in the order the games ended. A
game whose log no longer replays is skipped (logged) and tried again next time.
"""

from __future__ import annotations

import asyncio
import logging

import games

from .. import history
from . import ratings
from .results import ABANDONED, ABORTED, FINISHED, build

log = logging.getLogger(__name__)

#: the setting that says the backfill still has to run (set by migration 0018)
PENDING = ("records", 0, "backfill")


async def backfill(store) -> tuple[int, int]:
    """Rows for every ended game without any; then ratings recomputed if any were written.
    Returns (games written, games whose log did not replay)."""
    written = failed = 0
    for gid in await store.games_to_backfill():
        try:
            rows = await rows_of(store, gid)
        except Exception as err:  # noqa: BLE001  an unknown game, a log that no longer replays: skipped, said
            log.warning("game %s: no results (its log does not replay: %s)", gid, err)
            failed += 1
            continue
        if await store.add_results(ratings.finish(rows).rows):
            written += 1
    if written:
        await store.recompute_ratings(ratings.rate_all)
    return written, failed


async def rows_of(store, game_id: int, ended: str | None = None, ended_at: str | None = None):
    """The results rows game ``game_id`` gets from its log: it has ended, or ends now as ``ended``
    at ``ended_at`` (an orphaned game aborted, whose table is no longer in memory)."""
    record = await store.game(game_id)
    seats = await store.seats(game_id)
    moves = await store.moves(game_id)
    engine = games.get(record.game)
    state = await asyncio.to_thread(
        history.state_at, engine, len(seats), record.seed, engine.log_options(record.options, record.engine_version),
        [(m.seat, m.text) for m in moves], len(moves))
    dropped, archived = await store.pbp_marks(game_id)
    if ended is None:
        ended = FINISHED if record.status == "finished" else ABANDONED if archived else ABORTED
    return build(engine, state, record, seats, [(m.seat, m.at) for m in moves], ended,
                 ended_at or record.updated_at, dropped)


async def run_pending(store) -> tuple[int, int] | None:
    """The backfill, if migration 0018 left it to do (once; a game that failed stays for the CLI)."""
    if not await store.get_setting(*PENDING, default=False):
        return None
    out = await backfill(store)
    await store.set_setting(*PENDING, False)
    log.info("records: results written for %d game(s) that ended before records were kept (%d unreadable)", *out)
    return out
