"""pytest fixtures: ``harness`` (a started bot on a fresh database) and ``make_harness``."""

from __future__ import annotations

import pytest

from .client import Harness


@pytest.fixture
async def make_harness(tmp_path):
    """``await make_harness(**kw)``: a started :class:`Harness`; all are stopped after the test."""
    made: list[Harness] = []

    async def make(db: str | None = None, **kw) -> Harness:
        """``db``: a SQLite file or a ``postgresql://`` URL (default: a new file in the test's folder)."""
        h = Harness(db or str(tmp_path / f"bot{len(made)}.sqlite3"), **kw)
        made.append(h)
        return await h.start()

    yield make
    for h in made:
        await h.stop()


@pytest.fixture
async def harness(make_harness):
    return await make_harness()
