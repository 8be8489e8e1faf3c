"""What the write that ends a game carries: its results rows and the ratings they move.

Called by the table (``bot/table/playing.py`` for the final move, ``seating.py`` for an abort)
just before that write, so that the rows go into the same transaction (``Finish``)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from ...store.records import Finish, SeatRecord, iso
from .. import holders
from . import ratings, results


async def finish_of(store, table, state: Any, ended: str, at: datetime,
                    last: tuple[int, datetime] | None = None) -> Finish:
    """``table``'s rows: ``state`` is the final one, or where the game stopped; ``ended`` how it
    ended; ``last``: the ending move's (seat, time), not logged yet."""
    record = table.record
    times = await store.move_times(record.id)
    if last is not None:
        times.append((last[0], iso(last[1])))
    dropped, _archived = await store.pbp_marks(record.id)
    seats = [SeatRecord(i, s.user_id, s.name) for i, s in enumerate(table.seats)]
    rows = results.build(table.engine, state, record, seats, times, ended, iso(at), dropped)
    held = await holders.read(store, record.id)
    for row in rows:  # a seat that changed hands: its row (credited to the holder at the end) says who held it
        mine = holders.of_seat(held, row.seat)
        if mine:
            row.breakdown = {**row.breakdown, "holders": [[h["user_id"], h["name"], h["from"]] for h in mine]}
    return ratings.finish(rows)
