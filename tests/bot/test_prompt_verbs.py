"""A prompt lists the seat's legal moves only when it reads them (``prompts.Verbs``): the words
it says are exactly those it said when it was handed the whole list, over random games of every
title; where the public view alone tells the prompt (Amerigo's action points, Terra Mystica's
faction choice) the engine is not asked for the verbs, and where the prompt asks whether one word
is open (Altiplano's "draw" while planning) the engine answers that word alone (``has_verb``)."""

from __future__ import annotations

import random

import pytest

from bot.table import prompts
from bot.table.games import plug
from games import get
from games.core.playout import expand

TITLES = ["altiplano", "amerigo", "bruges", "terra-mystica", "west-of-africa"]


class Counted:
    """An engine whose ``verbs`` calls are counted (everything else is the engine's)."""

    def __init__(self, engine):
        self._engine, self.listed = engine, 0

    def __getattr__(self, name):
        return getattr(self._engine, name)

    def verbs(self, state, seat):
        self.listed += 1
        return self._engine.verbs(state, seat)


def _positions(title: str, players: int = 3, seeds=range(3), moves: int = 60):
    """(state, seat waited for) along random games' first ``moves`` moves."""
    game = get(title)
    for seed in seeds:
        rnd = random.Random(seed)
        state = game.setup(players, seed, None)
        for _ in range(moves):
            if game.result(state) is not None:
                break
            waiting = sorted(game.to_move(state))
            for seat in waiting:
                yield state, seat
            seat = rnd.choice(waiting)
            game.play(state, seat, expand(game, state, seat, "", rnd), atomic=False)


@pytest.mark.parametrize("title", TITLES)
def test_a_prompt_says_what_it_said_with_the_whole_list(title):
    game = get(title)
    fn = plug(title).prompt
    seen = 0
    for state, seat in _positions(title):
        whole = fn(game, state, prompts.PublicView(game, state), seat, prompts.verbs(game, state, seat))
        assert prompts.prompt(title, game, state, seat) == (whole or prompts.msg("bot.ask.your_turn")), (title, seat)
        seen += 1
    assert seen > 100


@pytest.mark.parametrize("title,moves", [("amerigo", 1), ("terra-mystica", 9), ("altiplano", 3)])
def test_a_prompt_told_by_the_view_lists_no_moves(title, moves):
    """At a game's start (Amerigo's first action, Terra Mystica's factions and first dwellings, Altiplano's
    planning) these prompts need no list of moves: the old code listed them for every prompt."""
    counted = Counted(get(title))
    asked = 0
    for state, seat in _positions(title, seeds=range(4), moves=moves):
        prompts.prompt(title, counted, state, seat)
        asked += 1
    assert asked >= 4
    assert counted.listed == 0, f"{title}: {counted.listed} of {asked} prompts listed the moves"


def test_the_verbs_read_as_the_list_they_stand_for():
    game = get("west-of-africa")
    state = game.setup(3, 1, None)
    seat = sorted(game.to_move(state))[0]
    whole = prompts.verbs(game, state, seat)
    lazy = prompts.Verbs(game, state, seat)
    assert lazy == whole and list(lazy) == whole and len(lazy) == len(whole) and lazy[0] == whole[0]
    assert whole[0] in prompts.Verbs(game, state, seat) and "no-such-verb" not in lazy
    assert repr(lazy) == repr(whole) and lazy == prompts.Verbs(game, state, seat)
