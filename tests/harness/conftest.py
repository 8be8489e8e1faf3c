"""The harness fixtures for the harness's own tests."""

import pytest

from bot.table.timers import ManualClock

from .client import START
from .fixtures import harness, make_harness  # noqa: F401


@pytest.fixture
def tally(monkeypatch):
    """The toy game the harness's fault and limit tests play (tests/pbp/pbp_toys.py)."""
    import games
    import renderers

    monkeypatch.setitem(games.ENGINES, "tally", "tests.pbp.pbp_toys:TALLY")
    monkeypatch.setitem(renderers.RENDERERS, "tally", "tests.pbp.pbp_toys")
    return "tally"


@pytest.fixture
async def h(tally, make_harness):  # noqa: F811 (the fixture by name)
    """A harness on a manual clock with the toy game registered."""
    return await make_harness(clock=ManualClock(START), seed=7)
