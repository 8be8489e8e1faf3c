"""`/move` autocomplete obeys Discord's limits in every game, in states of random games.

Discord rejects the whole answer if there are more than 25 choices or a
choice's name/value is empty or longer than 100 characters; a value cut at
100 would also no longer be a move. Driven through the harness (the real
command tree and autocomplete response; the fake Discord refuses any answer
over the limits), for every seat the table waits for, with an empty field and
with a stem the player picked before. Moves between the checks are played on
the table directly: the walk is about autocomplete, not about /move. How fast it answers is a speed target
of ``bench/discord_run.py`` (acknowledgement p99 under 1 s), not of this test.
"""

from __future__ import annotations

import random

import pytest

import games
from games.core.playout import expand
from tests.harness import User

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
async def test_move_autocomplete_fits_discord_limits(game_id, players, seed, steps, make_harness):
    assert game_id in games.ENGINES
    h = await make_harness(seed=seed)
    h.sessions.render = False
    people = [User(100 + i, f"P{i}") for i in range(players)]
    extra = {f"player{i + 2}": p for i, p in enumerate(people[1:])}
    await h.slash(people[0], "game new", game=game_id, **extra)
    await h.slash(people[0], "game start")
    table = h.sessions.table(h.channel)
    assert table is not None and table.state is not None, h.last().content
    engine = table.engine
    rnd = random.Random(seed)
    for step in range(steps):
        if engine.result(table.state) is not None:
            break
        waiting = sorted(engine.to_move(table.state))
        for seat in waiting:
            stems = [m for m in engine.legal_moves(table.state, seat, "") if m.endswith(" ")]
            for typed in ["", rnd.choice(stems) if stems else "zz"]:
                choices = await h.complete(people[seat], "move", "move", typed)
                _check(choices, f"{game_id} step {step} seat {seat} typed {typed!r}")
        # someone not to move is told why instead of seeing moves
        idle = [s for s in range(players) if s not in waiting]
        if idle:
            note = await h.complete(people[idle[0]], "move", "move", "")
            _check(note, f"{game_id} idle seat")
            assert "isn't your turn" in note[0].name
        seat = rnd.choice(waiting)
        engine.play(table.state, seat, expand(engine, table.state, seat, "", rnd))
    assert step >= steps - 1 or engine.result(table.state) is not None
    assert all(i.response_type == 8 for i in h.interactions if i.type == 4)  # every one answered with choices
