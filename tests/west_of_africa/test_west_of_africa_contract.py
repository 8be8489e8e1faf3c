"""Random complete games for every player count, through the public contract."""

import pytest

from tests.contract_suite import check_playouts


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_playouts(players):
    check_playouts("west-of-africa", players, seeds=[1, 2, 3])


def test_random_playouts_immediate_end():
    check_playouts("west-of-africa", 4, seeds=[4], options={"end": "immediate"})


def _busy_move(game, state, seat, rnd):
    """A random move from a livelier policy: 4-5 cards, rarely an early 'done'."""
    prefix = ""
    while True:
        options = game.legal_moves(state, seat, prefix)
        if prefix.startswith("choose") and prefix.count(" ") < 4:
            options = [o for o in options if o.endswith(" ")] or options
        if not prefix and rnd.random() < 0.85:
            options = [o for o in options if o != "done"] or options
        pick = rnd.choice(options)
        if not pick.endswith(" "):
            return pick
        prefix = pick


def test_lively_playouts_sell_build_and_push_ships():
    import random

    from games import get
    from tests.contract_suite import check_garbage_refused, check_listed_moves_accepted

    game = get("west-of-africa")
    verbs = set()
    for players in (2, 3, 4, 5):
        for seed in range(3):
            rnd = random.Random(seed)
            state = game.setup(players, seed)
            n = 0
            while game.result(state) is None:
                seat = rnd.choice(sorted(game.to_move(state)))
                if n % 9 == 0:
                    check_listed_moves_accepted(game, state, seat, rnd)
                    check_garbage_refused(game, state, rnd)
                move = _busy_move(game, state, seat, rnd)
                game.play(state, seat, move)
                verbs.add(move.split()[0])
                n += 1
                assert n < 3000
            result = game.result(state)
            for s in range(players):
                assert sum(result.breakdown[s].values()) == result.scores[s]
    assert verbs >= {"choose", "place", "move", "farm", "sell", "build", "ship", "retreat", "done"}
