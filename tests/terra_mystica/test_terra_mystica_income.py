"""A faction's income, summed once per set of buildings, favours and bonus card (``rules._income``
is cached): each caller gets a dict of its own, and the sum follows the buildings counted now."""

from games import get
from games.core.playout import random_playout
from games.terra_mystica import rules

GAME = get("terra-mystica")


def test_income_is_a_fresh_dict_and_follows_the_buildings():
    state, _moves = random_playout(GAME, 3, 5)
    seat = 0
    first = rules.income(state, seat)
    first["C"] = -99  # a reader changing its copy
    again = rules.income(state, seat)
    assert again is not first and again.get("C") != -99
    built = {k: rules.count_buildings(state, seat, k) for k in rules._KINDS}
    assert rules.income(state, seat, built) == again
    more = {**built, "D": built["D"] + 1}
    assert rules.income(state, seat, more) == rules._income.__wrapped__(
        state["factions"][seat].get("table") or state["factions"][seat]["faction"],
        tuple(more[k] for k in rules._KINDS), tuple(state["factions"][seat]["favours"]),
        state["factions"][seat]["bonus"])
