"""The records tests run on both backends: the SQLite file and a REAL PostgreSQL server."""

from __future__ import annotations

import pytest


@pytest.fixture(params=["sqlite", "postgresql"])
def backend(request, tmp_path):
    """Where a store lives: ``{"path": ...}`` or ``{"url": ...}``, for ``open_store(**backend)``."""
    if request.param == "sqlite":
        return {"path": str(tmp_path / "bot.sqlite3")}
    return {"url": request.getfixturevalue("pg_url")}


from tests.harness.fixtures import harness, make_harness  # noqa: E402,F401  the Discord harness
