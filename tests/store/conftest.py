"""Both backends for the storage tests: the SQLite file and a REAL PostgreSQL server.

The PostgreSQL server is the suite-wide ``pg_url`` fixture (``tests/conftest.py``):
each test gets a database of its own. Never skipped.
"""

from __future__ import annotations

import pytest


@pytest.fixture(params=["sqlite", "postgresql"])
def backend(request, tmp_path):
    """Where a store lives: ``{"path": ...}`` or ``{"url": ...}``, for ``open_store(**backend)``."""
    if request.param == "sqlite":
        return {"path": str(tmp_path / "bot.sqlite3")}
    return {"url": request.getfixturevalue("pg_url")}
