"""`/move` autocomplete obeys Discord's limits in every game, in states of random games.

Discord rejects the whole answer if there are more than 25 choices or a
choice's name/value is empty or longer than 100 characters; a value cut at
100 would also no longer be a move. Driven through the real autocomplete
callback, for every seat the table waits for, with an empty field and with a
stem the player picked before.
"""

from __future__ import annotations

import random
import time
from types import SimpleNamespace

import pytest

import games
from bot.commands import move_autocomplete
from bot.sessions import Actor, SessionManager
from bot.store import Store
from games.core.playout import expand

from .fakes import FakeChannel, FakeClock, FakeInteraction, FakeUser, Transcript

CHANNEL = 31
#: (game, players, seed, random moves to walk): a game's opening and middle, every player count covered overall
CASES = [
    ("terra-mystica", 2, 1, 120), ("terra-mystica", 4, 2, 60),
    ("west-of-africa", 2, 1, 120), ("west-of-africa", 5, 2, 80),
    ("altiplano", 2, 1, 150), ("altiplano", 4, 2, 80),
    ("bruges", 2, 1, 150), ("bruges", 4, 2, 80),
    ("amerigo", 2, 1, 150), ("amerigo", 4, 2, 80),
]


def _check(choices, where: str) -> None:
    assert 1 <= len(choices) <= 25, f"{where}: {len(choices)} choices"
    for c in choices:
        assert 1 <= len(c.name) <= 100, f"{where}: name {c.name!r}"
        assert 1 <= len(c.value) <= 100, f"{where}: value {c.value!r}"


@pytest.mark.parametrize("game_id,players,seed,steps", CASES)
async def test_move_autocomplete_fits_discord_limits(game_id, players, seed, steps, tmp_path):
    assert game_id in games.ENGINES
    store = await Store.open(tmp_path / "ac.sqlite3")
    try:
        sessions = SessionManager(store, clock=FakeClock(), seed_source=lambda: seed, render=False)
        actors = [Actor(100 + i, f"P{i}") for i in range(players)]
        await sessions.create(CHANNEL, actors[0], game_id, actors[1:])
        assert (await sessions.start(CHANNEL, actors[0])).ok
        table = sessions.table(CHANNEL)
        engine = table.engine
        client = SimpleNamespace(sessions=sessions)
        channel = FakeChannel(CHANNEL, Transcript())
        rnd = random.Random(seed)
        slowest = 0.0
        for step in range(steps):
            if engine.result(table.state) is not None:
                break
            waiting = sorted(engine.to_move(table.state))
            for seat in waiting:
                user = FakeUser(actors[seat].user_id, actors[seat].name)
                stems = [m for m in engine.legal_moves(table.state, seat, "") if m.endswith(" ")]
                for typed in ["", rnd.choice(stems) if stems else "zz"]:
                    started = time.perf_counter()
                    choices = await move_autocomplete(FakeInteraction(client, user, channel), typed)
                    slowest = max(slowest, time.perf_counter() - started)
                    _check(choices, f"{game_id} step {step} seat {seat} typed {typed!r}")
            # someone not to move is told why instead of seeing moves
            idle = [s for s in range(players) if s not in waiting]
            if idle:
                user = FakeUser(actors[idle[0]].user_id, actors[idle[0]].name)
                note = await move_autocomplete(FakeInteraction(client, user, channel), "")
                _check(note, f"{game_id} idle seat")
                assert "isn't your turn" in note[0].name
            seat = rnd.choice(waiting)
            engine.play(table.state, seat, expand(engine, table.state, seat, "", rnd))
        assert step >= steps - 1 or engine.result(table.state) is not None
        assert slowest < 1.0  # generous on a loaded CI machine; the budget is milliseconds
    finally:
        await store.close()
