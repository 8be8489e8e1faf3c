"""``actions.can_sail`` (whether a ship has somewhere to go: the "ship" stem a prompt offers) is
``bool(actions.ship_destinations(...))`` at every sailing position of random games, with the
seat's coins taken away too (a short reach, where the search ends without a place)."""

from __future__ import annotations

from games import get
from games.amerigo import actions as T
from games.amerigo.data import SHIPS
from games.core.playout import random_playout


def test_can_sail_is_whether_the_ship_has_a_destination():
    game = get("amerigo")
    checked = {True: 0, False: 0}
    for players in range(game.min_players, game.max_players + 1):
        for seed in range(2):
            state = game.setup(players, seed, None)
            for seat, text in random_playout(game, players, seed)[1]:
                turn = state["turn"]
                if turn and turn["action"] == "sail" and len(state["ships"][seat]) == SHIPS:
                    p = state["seats"][seat]
                    for coins in sorted({p["coins"], 0}):
                        kept, p["coins"] = p["coins"], coins
                        for i in range(SHIPS):
                            want = bool(T.ship_destinations(state, seat, i))
                            assert T.can_sail(state, seat, i) is want, (players, seed, text, i, coins)
                            checked[want] += 1
                        p["coins"] = kept
                game.play(state, seat, text, atomic=False)
    assert checked[True] and checked[False], checked
