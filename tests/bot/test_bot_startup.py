"""What the real start (login, setup_hook, READY) prepares before the first command arrives."""

from __future__ import annotations

import sys

import games
from tests.harness import User


async def test_every_engine_is_loaded_at_start_not_by_the_first_help(make_harness, monkeypatch):
    """The first /help lists every game: importing five engines then took 150-450 ms of its 3 s."""
    asked = []
    real = games.get
    monkeypatch.setattr(games, "get", lambda game_id: (asked.append(game_id), real(game_id))[1])
    h = await make_harness()
    assert set(asked) == set(games.game_ids())  # during the start
    modules = set(sys.modules)
    inter = await h.slash(User(101, "Alice"), "help")
    assert {m for m in set(sys.modules) - modules if m.startswith(("games.", "bot.table.", "bot.discord.components"))} == set()
    assert inter.response_type == 4  # in time: the fake Discord refuses an answer after its 3 s
