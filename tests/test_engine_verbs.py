"""Every engine's ``verbs`` (the prompt's words, asked after every move; answered directly by
the engines where listing every move costs more) equals the first words of its listed moves, in
their order, for every seat waited for at EVERY position of random games of every player count
(the contract suite samples every seventh position; Terra Mystica has its own such test)."""

import random

import pytest

from games import get
from games.core.game import first_words
from games.core.playout import expand

TITLES = ["altiplano", "amerigo", "bruges", "west-of-africa"]
CASES = [(t, n) for t in TITLES for n in range(get(t).min_players, get(t).max_players + 1)]


def every_position(game, players: int, seed: int):
    """Each position of one random game from its start, with the seats it waits for; the game is
    played on in place after each (random legal moves, ``random.Random(players)``)."""
    rnd = random.Random(players)
    state = game.setup(players, seed, None)
    while game.result(state) is None:
        waiting = sorted(game.to_move(state))
        yield state, waiting
        seat = rnd.choice(waiting)
        game.play(state, seat, expand(game, state, seat, "", rnd), atomic=False)


@pytest.mark.parametrize("title,players", CASES)
def test_verbs_are_the_listed_first_words(title, players):
    game = get(title)
    positions = 0
    for state, waiting in every_position(game, players, 40 + players):
        for seat in waiting:
            assert game.verbs(state, seat) == first_words(game.legal_moves(state, seat, "")), (title, seat)
        positions += 1
    assert positions > 20


#: words a prompt asks about alone, besides each position's own verbs
PROBED = ("draw", "plan", "done", "return", "-SPADE", "leech", "decline", "setup", "place", "take", "no-such-verb")


def check_has_verb(game, state, seat) -> int:
    """``Game.has_verb`` answers None or exactly ``word in verbs`` (the seat's own words and
    the probed ones), changing nothing; returns how many it answered."""
    import json

    words = game.verbs(state, seat)
    before = json.dumps(game.dump(state), sort_keys=True)
    answered = 0
    for word in dict.fromkeys([*words, *PROBED]):
        found = game.has_verb(state, seat, word)
        if found is not None:
            assert found == (word in words), (seat, word, words)
            answered += 1
    assert json.dumps(game.dump(state), sort_keys=True) == before
    return answered


@pytest.mark.parametrize("title,players", CASES + [("terra-mystica", 3), ("terra-mystica", 5)])
def test_has_verb_is_the_verbs_word(title, players):
    game = get(title)
    answered = 0
    for state, waiting in every_position(game, players, 50 + players):
        for seat in waiting:
            answered += check_has_verb(game, state, seat)
    if title in ("altiplano", "terra-mystica"):  # the engines that answer it
        assert answered > 20
