"""Both backends for the storage tests: the SQLite file and a REAL PostgreSQL server.

The PostgreSQL cluster is started once per test session (per xdist worker) in
a temporary folder from Debian's ``postgresql`` package (``bot/pg_cluster.py``);
each test gets a database of its own. Never skipped: without the server
binaries these tests fail and say how to install them.
"""

from __future__ import annotations

import asyncio
import uuid

import asyncpg
import pytest

from bot.pg_cluster import Cluster


@pytest.fixture(scope="session")
def pg_cluster():
    cluster = Cluster()
    cluster.start()
    yield cluster
    cluster.stop()


async def _admin(url: str, sql: str) -> None:
    con = await asyncpg.connect(url)
    try:
        await con.execute(sql)
    finally:
        await con.close()


@pytest.fixture
def pg_url(pg_cluster):
    """A fresh, empty database on the session's cluster."""
    name = "t_" + uuid.uuid4().hex[:12]
    asyncio.run(_admin(pg_cluster.url, f"CREATE DATABASE {name}"))
    yield pg_cluster.url.replace("/postgres?", f"/{name}?")
    asyncio.run(_admin(pg_cluster.url, f"DROP DATABASE {name} WITH (FORCE)"))


@pytest.fixture(params=["sqlite", "postgresql"])
def backend(request, tmp_path):
    """Where a store lives: ``{"path": ...}`` or ``{"url": ...}``, for ``open_store(**backend)``."""
    if request.param == "sqlite":
        return {"path": str(tmp_path / "bot.sqlite3")}
    return {"url": request.getfixturevalue("pg_url")}
