"""Suite-wide guards."""

from __future__ import annotations

import os
import threading

import pytest


def pytest_sessionfinish(session, exitstatus):
    """A test that forgets to close a SQLite connection leaves aiosqlite's
    non-daemon worker thread behind, and the interpreter would wait for it
    forever after the last test. Give a normal exit 30 s, then leave with
    pytest's own status so CI never hangs on a finished run."""

    def leave() -> None:
        os._exit(int(exitstatus))

    timer = threading.Timer(30.0, leave)
    timer.daemon = True
    timer.start()


@pytest.fixture(autouse=True)
def _quick_bot_seats(monkeypatch):
    """Bot seats at test tables think in a thread and greedily (the search
    bot itself is tested in tests/bots; a whole table game must stay quick)."""
    from bot import bot_seats

    monkeypatch.setattr(bot_seats, "WORKERS", 0)
    monkeypatch.setattr(bot_seats, "POLICY", "greedy")
