"""A faction's income, summed once per set of buildings, favours and bonus card (``rules.income``
keeps each sum): each caller gets a dict of its own, and the sum follows the buildings counted now."""

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
    f = state["factions"][seat]
    summed = rules._income(rules.TABLES[f.get("table") or f["faction"]], more, f["favours"], f["bonus"])
    assert rules.income(state, seat, more) == summed  # not the income of the buildings counted before
    assert rules.income(state, seat, more) == summed  # nor, the second time, of the ones cached


def test_the_kept_sums_do_not_grow_past_their_bound(monkeypatch):
    state, _moves = random_playout(GAME, 3, 5)
    monkeypatch.setattr(rules, "_INCOME", {})
    monkeypatch.setattr(rules, "_INCOME_KEPT", 3)
    for d in range(8):
        rules.income(state, 0, {"D": d, "TP": 0, "TE": 0, "SH": 0, "SA": 0})
        assert len(rules._INCOME) <= 3
