"""``python -m bot.migrate_to_postgres``: a SQLite database with games of every title moves into PostgreSQL."""

from __future__ import annotations

from bot.migrate_to_postgres import migrate
from bot.store import open_store
from bot.table.pbp.service import Pbp
from bot.table.sessions import SessionManager
from bot.table.timers import ManualClock

from .helpers import PLAYERS, new_game, open_sessions, play
from .test_pbp_backends import Notes
from .test_store_backends import replays


async def test_a_sqlite_file_moves_into_postgresql_and_plays_on(tmp_path, pg_url):
    path = str(tmp_path / "old.sqlite3")
    sessions = await open_sessions(path)
    pbp = Pbp(sessions, path, Notes(), ManualClock())
    await pbp.start(run=False)
    for i, game in enumerate(("west-of-africa", "bruges", "altiplano", "amerigo", "terra-mystica")):
        await new_game(sessions, 10 + i, game)
        await play(sessions, 10 + i, 6, seed=i)
    await pbp.set_game(10, PLAYERS[0].user_id, remind_hours=3)
    await pbp.stop()
    await sessions.store.close()
    counts = await migrate(path, pg_url)
    assert counts["games"] == 5 and counts["moves"] == 30 and counts["checked"] == 5 and counts["timers"] > 0
    store = await open_store(url=pg_url)
    sessions = SessionManager(store, seed_source=lambda: 1, render=False)
    assert await sessions.load_all() == 5 and await sessions.verify_all() == []
    new = await store.create_game("bruges", 1, {}, 1, None, 99, 1, [(1, "A")], store_time())
    assert new > 5  # the id sequence moved past the copied ids
    for i in range(5):
        await play(sessions, 10 + i, 2, seed=20 + i)
    for t in sessions.tables():
        if t.state is not None:
            assert await replays(store, t.record.id)
    await store.close()


def store_time():
    from datetime import UTC, datetime

    return datetime(2026, 1, 1, tzinfo=UTC)
