"""The move path's shortcuts (``state_text``, ``fresh_state``, ``copy_state``) give exactly what the
engine's own ``to_json_text`` and ``load`` give, move after move of a random game of every title: the
snapshot the store keeps and the copy a move plays on must not depend on which way they were made.
The in-memory copy (``copy_state``, marshal) must equal what a restart reads back from the JSON
text, tuple for list and key for key: the state a table keeps in memory between snapshots plays on
exactly as the one a restart rebuilds."""

import json
import random

import pytest

import games
from bot.table.sessions import copy_state, fresh_state, state_text
from games.core.playout import expand


@pytest.mark.parametrize("game_id", games.game_ids())
def test_shortcuts_match_the_engine_along_a_random_game(game_id):
    engine = games.get(game_id)
    rnd = random.Random(5)
    state = engine.setup(engine.min_players if engine.min_players > 1 else 2, 11)
    checked = 0
    for _ in range(60):
        text = engine.to_json_text(state)
        assert state_text(engine, state) == text
        loaded = engine.load(json.loads(text))
        fresh = fresh_state(engine, json.loads(text))
        assert fresh == loaded and json.dumps(fresh, sort_keys=True) == json.dumps(loaded, sort_keys=True)
        copied = copy_state(engine, state)
        assert copied == loaded and copied is not state  # == is strict: a tuple is no list, 1 no "1"
        checked += 1
        if engine.result(state) is not None:
            break
        seat = rnd.choice(sorted(engine.to_move(state)))
        engine.play(state, seat, expand(engine, state, seat, "", rnd))
    assert checked > 10


@pytest.mark.parametrize("game_id", games.game_ids())
def test_prompts_read_glances_equal_to_the_public_view(game_id):
    """A prompt reads the entries the engine answers alone (``Game.glance``) instead of the whole
    view: along a random game they equal the view's, and each title's prompt words the same
    with and without them."""
    from bot.table import prompts
    from tests.contract_suite import check_glances

    engine = games.get(game_id)
    rnd = random.Random(7)
    state = engine.setup(engine.min_players if engine.min_players > 1 else 2, 13)
    for _ in range(80):
        if engine.result(state) is not None:
            break
        check_glances(engine, state)
        for seat in sorted(engine.to_move(state)):
            whole = prompts.PublicView(engine, state)
            whole._view = engine.view(state, None)  # the view built first: no glance taken
            assert prompts.prompt(game_id, engine, state, seat) == prompts.prompt(game_id, engine, state, seat, whole)
        seat = rnd.choice(sorted(engine.to_move(state)))
        engine.play(state, seat, expand(engine, state, seat, "", rnd))
