"""Suite-wide guards."""

from __future__ import annotations

import os
import threading
import uuid

import pytest

from bot.store.pg_cluster import Cluster
from tests.pg import pg_rows


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
    from bot.table import bot_seats

    monkeypatch.setattr(bot_seats, "WORKERS", 0)
    monkeypatch.setattr(bot_seats, "POLICY", "greedy")


# --- a REAL PostgreSQL server for the storage and play-by-post tests ---------------------------
# Started once per test session (per xdist worker), only when a test asks for it, in a temporary
# folder from Debian's ``postgresql`` package (``bot/pg_cluster.py``). Never skipped: without the
# server binaries these tests fail and say how to install them.


@pytest.fixture(scope="session")
def pg_cluster():
    cluster = Cluster()
    cluster.start()
    yield cluster
    cluster.stop()


def _admin(url: str, sql: str) -> None:
    """One statement as the cluster's owner (CREATE/DROP DATABASE: no transaction around it)."""
    pg_rows(url, sql)


@pytest.fixture
def pg_url(pg_cluster):
    """A fresh, empty database on the session's cluster."""
    name = "t_" + uuid.uuid4().hex[:12]
    _admin(pg_cluster.url, f"CREATE DATABASE {name}")
    yield pg_cluster.url.replace("/postgres?", f"/{name}?")
    _admin(pg_cluster.url, f"DROP DATABASE {name} WITH (FORCE)")
