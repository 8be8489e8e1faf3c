"""Audit round: rules the first version left untested or got slightly wrong."""

import pytest

from games.core import IllegalMove, NotationError
from games.core.messages import render
from games.west_of_africa import rules

from .woa_helpers import GAME, at_turn, fresh, play


def test_equal_totals_go_to_the_richer_player():
    st = fresh(3)
    st["coins"] = [15, 20, 15]
    st["stamp"] = [1, 2, 0]                         # seat 2 reached 15 before seat 0
    play(st, 0, "choose farm")                      # 2
    play(st, 1, "choose tenerife")                  # 2, but 20 coins
    play(st, 2, "choose gomera palma")              # 1 + 1 = 2
    assert st["totals"] == [2, 2, 2]
    assert st["order"] == [1, 2, 0]


def test_fifth_card_payments_keep_the_coin_track_order():
    """Two markers on 15 both pay 4: the one that was ahead is still ahead on 11."""
    st = fresh(3)
    st["stamp"] = [2, 1, 0]                         # seat 2 on top, then 1, then 0
    five = "choose hierro workers ship palma gomera"  # 0 + 0 + 1 + 1 + 1 = 3
    play(st, 0, five)
    play(st, 1, "choose build")
    play(st, 2, five)
    assert st["coins"] == [11, 15, 11]
    assert st["order"] == [2, 0, 1]
    assert rules.coin_rank(st) == [1, 2, 0]


def last_turn(players):
    st = at_turn(players, players - 1, ["workers"])
    st["order"] = list(range(players))
    st["turn_idx"] = players - 1
    return st


def test_mayor_ties_go_to_more_coins_then_earlier_arrival():
    st = last_turn(3)
    st["ships"] = ["hierro", "hierro", "lanzarote"]   # 2 each on El Hierro
    st["coins"] = [20, 20, 30]
    st["stamp"] = [7, 4, 0]                         # seat 1 reached 20 before seat 0
    st["warehouses"]["gomera"][0]["wine"] = 2       # 2 influence each on La Gomera
    st["warehouses"]["gomera"][2]["sugar"] = 2
    play(st, 2, "done")
    assert st["mayors"]["hierro"] == 1              # same coins: earlier arrival
    assert st["mayors"]["gomera"] == 2              # more coins


def test_crops_harvested_this_round_count_for_the_mayor():
    """Harvest comes before the mayors: a crop planted this round already counts."""
    st = last_turn(3)
    st["ships"] = ["hierro", "lanzarote", "lanzarote"]
    st["workers"][1] = ["palma", "west", "east"]   # 2 influence on La Palma
    st["plots"]["palma"][0] = {"crop": "sugar", "seat": 0}
    st["plots"]["palma"][1] = {"crop": "wine", "seat": 0}
    st["plots"]["palma"][3] = {"crop": "grain", "seat": 0}   # 3 crops = 3 influence
    play(st, 2, "done")
    assert st["mayors"]["palma"] == 0


def test_two_player_blockers_count_toward_the_twenty_houses():
    st = last_turn(2)
    assert rules.houses_on_islands(st) == 8
    spaces = [(isl, i) for isl in ("tenerife", "canaria", "fuerteventura", "lanzarote")
              for i, p in enumerate(rules.PLOTS[isl]) if p[0] in ("site", "dual") and st["plots"][isl][i] is None]
    for isl, i in spaces[:12]:
        st["plots"][isl][i] = {"house": 0}
    st["track"] = 0
    play(st, 1, "done")
    assert st["final_round"] == st["round"]


def test_ship_pushed_west_out_of_tenerife_goes_to_la_gomera():
    st = at_turn(3, 0, ["ship"], ships=["canaria", "tenerife", "hierro"])
    play(st, 0, "ship tenerife")
    assert st["ships"] == ["tenerife", "gomera", "hierro"] and st["pending"] is None


def test_ship_naming_its_own_harbour_is_explained():
    st = at_turn(3, 0, ["ship"], ships=["hierro", "lanzarote", "hierro"])
    with pytest.raises(IllegalMove, match="already at El Hierro"):
        GAME.play(st, 0, "ship hierro gomera")


@pytest.mark.parametrize("verb,example", [("farm", "farm palma"), ("ship", "ship tenerife"), ("choose", "choose ")])
def test_a_bare_verb_gets_an_example(verb, example):
    st = at_turn(3, 0, ["farm", "palma", "ship"])
    with pytest.raises(NotationError, match=f"e.g. {example}"):
        GAME.play(st, 0, verb)


def test_choice_hints_say_what_an_action_card_still_needs():
    st = fresh(3)
    assert GAME.hint(st, 0, "choose farm") == "total 2 ◇, farm needs a west or middle island"
    assert GAME.hint(st, 0, "choose farm palma") == "total 3 ◇"
    assert "no crops in any warehouse" in GAME.hint(st, 0, "choose sell tenerife")
    assert "no building in round 1" in GAME.hint(st, 0, "choose build tenerife")
    st["round"] = 2
    st["mayors"].update(tenerife=0, gomera=0)
    st["warehouses"]["gomera"][0]["sugar"] = 1
    assert GAME.hint(st, 0, "choose build lanzarote") == "total 13 ◇, build: you are mayor of Tenerife"
    assert GAME.hint(st, 0, "choose build tenerife") == "total 10 ◇"
    assert GAME.hint(st, 0, "choose sell palma") == "total 5 ◇, sell: your crops are on La Gomera"
    assert render(GAME.hint(st, 0, "choose sell palma").msg, "zh-TW") == "合計 5 ◇、出售作物：你的作物在拉戈梅拉島"
    assert GAME.hint(st, 0, "choose sell gomera") == "total 5 ◇"
