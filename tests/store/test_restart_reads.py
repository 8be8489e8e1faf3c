"""What a restart reads costs what its games cost, not what the games after them cost (issue 33, goal 3).

A restart reads the running games a page at a time (``bot.store.resume``). A page read by sorting
every game after it (the status index's rows put in id order, then cut at the page's end) costs
the whole rest of the table each time: 4.5 s of a 100,000-game restart's CPU. These tests count
SQLite's own work (virtual machine steps) for the first page of a small and of a large database.
"""

from __future__ import annotations

import sqlite3

from bot.store import SqliteStore, portable
from bot.store.resume import resume_rows


def _fill(path, games: int) -> None:
    """``games`` running games of one seat each, some finished ones between them, written as rows."""
    con = sqlite3.connect(path)
    with con:
        for gid in range(1, games + 1):
            status = "finished" if gid % 5 == 0 else "running"
            con.execute("INSERT INTO games (id, game, engine_version, options, seed, channel_id, creator_id, status,"
                        " created_at, updated_at) VALUES (?, 'bruges', 1, '{}', 1, ?, 1, ?, 'x', 'x')",
                        (gid, gid, status))
            con.execute("INSERT INTO seats (game_id, seat, user_id, display_name) VALUES (?, 0, 1, 'P')", (gid,))
            con.execute("INSERT INTO moves (game_id, n, seat, text, at) VALUES (?, 1, 0, 'm', 'x')", (gid,))
    con.close()


def _steps(path, page: int, after: int = 0) -> tuple[int, list[int]]:
    """SQLite virtual machine steps (in hundreds) to read one page of running games, and the page's ids."""
    con = sqlite3.connect(path)
    con.row_factory = sqlite3.Row
    count = [0]

    def tick() -> int:
        count[0] += 1
        return 0

    con.set_progress_handler(tick, 100)
    try:
        rows = portable.run(con, resume_rows(None, page=page, after=after, pages=1))
    finally:
        con.close()
    return count[0], [r.record.id for r in rows]


async def test_a_page_of_the_restart_reads_its_own_games_not_every_later_one(tmp_path):
    small, large = tmp_path / "small.sqlite3", tmp_path / "large.sqlite3"
    for path, games in ((small, 60), (large, 3000)):
        store = await SqliteStore.open(path)  # the schema, as the bot makes it
        await store.close()
        _fill(path, games)
    few, ids = _steps(small, page=20)
    many, same = _steps(large, page=20)
    assert ids == same == [g for g in range(1, 26) if g % 5][:20]  # the running games, in id order
    # the same page costs the same whatever follows it (sorting the 2,400 later games: about 50 times more)
    assert many <= 2 * few + 5, (few, many)
    # and a page further on costs no more than the first (nothing before it is read again either)
    later, ids = _steps(large, page=20, after=2000)
    assert ids == [g for g in range(2001, 2026) if g % 5][:20]
    assert later <= 2 * few + 5, (few, later)
