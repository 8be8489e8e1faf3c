"""Both backends for the league tests (a SQLite file and the real PostgreSQL server), and the
Discord harness."""

from __future__ import annotations

import pytest

from tests.harness.fixtures import harness, make_harness  # noqa: F401  (fixtures)


@pytest.fixture(params=["sqlite", "postgresql"])
def backend(request, tmp_path):
    """Where a store lives: ``{"path": ...}`` or ``{"url": ...}``, for ``open_store(**backend)``."""
    if request.param == "sqlite":
        return {"path": str(tmp_path / "bot.sqlite3")}
    return {"url": request.getfixturevalue("pg_url")}


@pytest.fixture
def tally(monkeypatch):
    """The play-by-post tests' toy game: a table ends after ``turns`` turns; ``add 1..3`` scores."""
    import games
    import renderers

    monkeypatch.setitem(games.ENGINES, "tally", "tests.pbp.pbp_toys:TALLY")
    monkeypatch.setitem(renderers.RENDERERS, "tally", "tests.pbp.pbp_toys")
    return "tally"
