"""The bot's ask in an Amerigo sailing action says what each ship has left: every ship has the
action's whole budget, so 'points left' (the budget less the longest voyage) read 0 while the
other ship still had all its steps."""

from __future__ import annotations

import random

import pytest

from bot.table import prompts
from games.amerigo import GAME
from games.amerigo import actions as T
from games.core.messages import render
from games.core.playout import expand

from .amerigo_helpers import play, table, to_act


def _ask(state, seat=0):
    m = prompts.prompt("amerigo", GAME, state, seat)
    return m, render(m, "en"), render(m, "zh-TW")


def test_the_sailing_ask_gives_each_ships_steps_left():
    state = to_act(table(2, 1), 0, {"blue": 3})
    play(state, 0, "sail", "place rim1", "place rim1")
    m, en, zh = _ask(state)
    assert m.key == "bot.ask.amerigo.sail"
    assert "ship 1: 3 steps left, ship 2: 3 steps left" in en, en
    assert "1 號船還有 3 步、2 號船還有 3 步" in zh, zh
    # ship 1 sails all 3 steps: the engine's points_left is 0, ship 2 still has 3
    dest = next(d for d, n in T.ship_destinations(state, 0, 0).items() if n == 3)
    play(state, 0, f"ship 1 {dest}")
    assert GAME.view(state, None)["turn"]["points_left"] == 0
    assert any(t.startswith("ship 2 ") for t in GAME.legal_moves(state, 0, "ship "))
    _m, en, zh = _ask(state)
    assert "0 points" not in en and "剩 0 點" not in zh
    assert "ship 1: 0 steps left, ship 2: 3 steps left" in en, en
    assert "1 號船還有 0 步、2 號船還有 3 步" in zh, zh


def test_a_ship_that_built_a_post_is_said_to_stay():
    state = to_act(table(2, 1), 0, {"blue": 3})
    play(state, 0, "sail", "place rim1", "place rim1", "ship 1 B2")
    _m, en, zh = _ask(state)
    assert "ship 1: 1 step left, ship 2: 3 steps left" in en, en
    assert "1 號船還有 1 步、2 號船還有 3 步" in zh, zh
    play(state, 0, "post B3")
    _m, en, zh = _ask(state)
    assert "ship 1 stays by its new post, ship 2: 3 steps left" in en, en
    assert "1 號船停在新交易站旁、2 號船還有 3 步" in zh, zh


def test_ships_still_to_place_are_asked_for_first():
    """Before both ships are on the frame the ask is to place them, also when a tile
    ('use sail8') may be used too."""
    state = to_act(table(2, 1), 0, {"blue": 3})
    state["seats"][0]["devs"].append("sail8")
    play(state, 0, "sail")
    assert prompts.verbs(GAME, state, 0) == ["place", "use"]
    assert _ask(state)[0].key == "bot.ask.amerigo.place"
    play(state, 0, "place rim1", "place rim1")
    assert _ask(state)[0].key == "bot.ask.amerigo.sail"


@pytest.mark.parametrize("players,seed", [(2, 3), (3, 4)])
def test_in_seeded_games_the_sailing_ask_matches_each_ships_budget(players, seed):
    """Every sailing step of a seeded random game: the ask names each ship's steps, as the
    view's budget less that ship's voyage."""
    state = GAME.setup(players, seed)
    rnd = random.Random(seed)
    seen = 0
    while GAME.result(state) is None:
        seat = next(iter(GAME.to_move(state)))
        turn = GAME.view(state, None)["turn"]
        if turn and turn["action"] == "sail" and len(state["ships"][seat]) == 2:
            _m, en, zh = _ask(state, seat)
            for i, moved in enumerate(turn["moved"]):
                if turn["posted"][i]:
                    continue
                n = turn["budget"] - moved
                assert f"ship {i + 1}: {n} step{'s' if n != 1 else ''} left" in en, (turn, en)
                assert f"{i + 1} 號船還有 {n} 步" in zh, (turn, zh)
            seen += 1
        GAME.play(state, seat, expand(GAME, state, seat, "", rnd))
    assert seen
