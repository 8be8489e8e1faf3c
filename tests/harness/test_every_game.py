"""A few turns of every game through the real bot and the fake Discord (the full length is
``bench/discord_run.py``): setup, boards, autocomplete, moves and their posts all within Discord's
limits, every move from autocomplete accepted, every interaction answered in time."""

from __future__ import annotations

import random

import pytest

import games

from .play import open_game, play

TURNS = 6


@pytest.mark.parametrize("game", sorted(games.ENGINES))
async def test_a_few_turns_through_discord(game, make_harness):
    h = await make_harness(seed=3)
    people = await open_game(h, game, 3)
    assert any(m.png and m.png.startswith(b"\x89PNG") for m in h.posts())  # the opening board
    assert await play(h, people, random.Random(3), TURNS) == TURNS
    assert h.rows("SELECT COUNT(*) FROM moves") == [(TURNS,)]
    assert all(i.acked_at is not None for i in h.interactions)
    # the moves reached the table: turn posts, or lines edited into the latest one
    assert [r for r in h.requests() if r.route.startswith(("POST /channels/", "PATCH /channels/"))]
