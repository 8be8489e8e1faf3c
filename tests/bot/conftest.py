"""Fixtures for the bot tests: the toy game in the registry, the Discord harness, four players."""

from __future__ import annotations

import pytest

import games
import renderers
from tests.harness import User
from tests.harness.fixtures import harness, make_harness  # noqa: F401


@pytest.fixture
def toy(monkeypatch):
    """Register the toy game (and its renderer) for this test only."""
    monkeypatch.setitem(games.ENGINES, "toy-bids", "tests.bot.toy:GAME")
    monkeypatch.setitem(renderers.RENDERERS, "toy-bids", "tests.bot.toy")
    return "toy-bids"


@pytest.fixture
def users():
    return [User(101, "Alice"), User(102, "Bob"), User(103, "Carol"), User(104, "Dave")]


def db_dump(h) -> list[tuple]:
    out = []
    for table in ("games", "seats", "moves", "snapshots", "timers", "settings"):
        out += [(table, *row) for row in h.rows(f"SELECT * FROM {table} ORDER BY 1, 2")]
    return out
