"""The log verification after a restart (issue 33, goal 3): in the background on a thread of the
lowest priority, and a pass a restart cut short goes on after the last game it noted."""

from __future__ import annotations

import asyncio
import os
import threading

import pytest

from bot.table import history, loading
from bot.table.sessions import SessionManager

from .helpers import new_game, open_sessions, play


async def _filled(path, count: int = 4) -> None:
    sessions = await open_sessions(path)
    for i in range(count):
        await new_game(sessions, 10 + i, ("west-of-africa", "bruges")[i % 2])
        await play(sessions, 10 + i, 5, seed=i)
    await sessions.save_snapshots(idle=0)
    await sessions.store.close()


async def test_a_pass_cut_short_goes_on_after_the_last_game_it_noted(tmp_path, monkeypatch):
    path = tmp_path / "bot.sqlite3"
    await _filled(path)
    sessions = await open_sessions(path)
    ids = sorted(t.record.id for t in sessions.tables())
    verified: list[int] = []
    real = SessionManager._verify
    stop_at: list[int] = []

    async def spy(self, table, pool=None):
        if table.record.id in stop_at:  # the process stops here (a restart, a deploy)
            raise asyncio.CancelledError
        verified.append(table.record.id)
        return await real(self, table, pool)

    monkeypatch.setattr(SessionManager, "_verify", spy)
    monkeypatch.setattr(loading, "VERIFY_NOTE_EVERY", 0.0)  # progress noted after every game
    stop_at.append(ids[2])
    with pytest.raises(asyncio.CancelledError):
        await sessions.verify_all(resume=True)
    assert verified == ids[:2]
    assert await sessions.store.get_setting("verify", 0, "logs") == {"after": ids[1]}
    await sessions.store.close()

    again = await open_sessions(path)  # the next process goes on from there
    verified.clear()
    stop_at.clear()
    assert await again.verify_all(resume=True) == []
    assert verified == ids[2:]
    assert await again.store.get_setting("verify", 0, "logs") == {"after": 0}  # over: the next pass starts afresh
    verified.clear()
    assert await again.verify_all(resume=True) == [] and verified == ids
    verified.clear()
    assert await again.verify_all() == [] and verified == ids  # asked for at once (the console): every game
    await again.store.close()


async def test_the_replays_run_on_a_thread_of_the_lowest_priority(tmp_path, monkeypatch):
    path = tmp_path / "bot.sqlite3"
    await _filled(path, count=1)
    sessions = await open_sessions(path)
    seen: list[tuple[bool, int]] = []
    real = history.state_at

    def spy(*args, **kwargs):
        seen.append((threading.current_thread() is threading.main_thread(),
                     os.getpriority(os.PRIO_PROCESS, threading.get_native_id())))
        return real(*args, **kwargs)

    monkeypatch.setattr(history, "state_at", spy)
    assert await sessions.verify_all(resume=True) == []
    assert seen == [(False, 19)]
    await sessions.store.close()
