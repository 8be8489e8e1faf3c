"""Favour tiles, round scoring tiles, bonus cards and power actions."""

import pytest

from games.core import IllegalMove
from games.terra_mystica.data import BONUSES, CULTS, FAVOURS, POWER_ACTIONS, SCORING
from games.terra_mystica.rules import cult_income, income

from .tm_helpers import GAME, fac, give, play, put, start, turn_to


def _game(**kw):
    return start(["witches", "engineers"], {0: ["E9", "G3"], 1: ["E7", "C2"]}, **kw)


@pytest.mark.parametrize("tile", sorted(FAVOURS, key=lambda t: int(t[3:])))
def test_favour_tile_cult_steps_and_one_of_each_kind(tile):
    s = _game()
    f = fac(s, 0)
    f["pending"]["FAV"] = 2
    track, steps = FAVOURS[tile]["cult"]
    before = f["cult"][CULTS.index(track)]
    play(s, 0, f"+{tile}")
    assert f["cult"][CULTS.index(track)] == before + steps
    with pytest.raises(IllegalMove, match="one of each kind"):
        play(s, 0, f"+{tile}")


def test_favour_income_tiles():
    s = _game()
    fac(s, 0)["favours"] = ["FAV7", "FAV8", "FAV9"]
    base = income(s, 0)
    fac(s, 0)["favours"] = []
    plain = income(s, 0)
    assert base["W"] == plain["W"] + 1 and base["C"] == plain.get("C", 0) + 3
    assert base["PW"] == plain.get("PW", 0) + 5


def test_fav10_fav11_fav12_vp():
    s = _game()
    f = fac(s, 0)
    f["favours"] = ["FAV10", "FAV11", "FAV12"]
    give(s, 0, W=10, C=20)
    vp = f["vp"]
    play(s, 0, "upgrade E9 to TP")
    assert f["vp"] == vp + 3
    play(s, 1, "pass BON3")
    play(s, 0, "build F6")
    assert f["vp"] == vp + 3 + 2
    play(s, 0, "pass BON1")
    assert f["vp"] == vp + 5 + 2  # FAV12 with one trading house


def test_fav6_action_gives_a_cult_step_once_per_round():
    s = _game()
    fac(s, 0)["favours"] = ["FAV6"]
    play(s, 0, "action FAV6. +AIR")
    assert fac(s, 0)["cult"][3] == 3
    play(s, 1, "pass BON3")
    with pytest.raises(IllegalMove, match="already used"):
        play(s, 0, "action FAV6")


@pytest.mark.parametrize("tile", sorted(SCORING, key=lambda t: int(t[5:])))
def test_round_scoring_tile_cult_bonus(tile):
    s = _game(scoring=[tile] + [t for t in ["SCORE2", "SCORE3", "SCORE4", "SCORE5", "SCORE6", "SCORE7"]
                                if t != tile][:5])
    f = fac(s, 0)
    f["cult"] = [6, 6, 9, 6]
    s["priests"]["FIRE"][0] = 0
    track, per, reward = SCORING[tile]["cult"]
    got = cult_income(s, 0, 1)
    times = 1 if track == "PRIEST" else f["cult"][CULTS.index(track)] // per
    assert got == {k: v * times for k, v in reward.items()}


def test_seed_examples_air_six_gives_three_workers_and_earth_nine_two_spades():
    s = _game(scoring=["SCORE7", "SCORE2", "SCORE3", "SCORE4", "SCORE5", "SCORE6"])
    fac(s, 0)["cult"] = [0, 0, 9, 6]
    assert cult_income(s, 0, 1) == {"W": 3}
    assert cult_income(s, 0, 2) == {"SPADE": 2}


def test_scoring_tile_vp_during_the_round():
    s = _game(scoring=["SCORE5", "SCORE2", "SCORE3", "SCORE4", "SCORE6", "SCORE7"])
    give(s, 0, W=10, C=20)
    vp = fac(s, 0)["vp"]
    play(s, 0, "build F6")
    assert fac(s, 0)["vp"] == vp + 2


def test_cult_bonus_spades_are_used_before_the_next_round():
    s = _game(scoring=["SCORE2", "SCORE3", "SCORE4", "SCORE5", "SCORE6", "SCORE7"],
              bonuses={0: "BON5", 1: "BON6"})
    fac(s, 0)["cult"] = [0, 0, 4, 0]
    play(s, 0, "pass BON1")
    play(s, 1, "pass BON3")
    assert s["phase"] == "spades" and GAME.to_move(s) == {0}
    with pytest.raises(IllegalMove, match="only transform"):
        play(s, 0, "build F6")
    play(s, 0, "transform F6 to green")  # the one spade of 4 Earth under SCORE2
    assert s["phase"] == "actions" and s["round"] == 2


@pytest.mark.parametrize("card", sorted(BONUSES, key=lambda b: int(b[3:])))
def test_bonus_card_income(card):
    s = _game()
    fac(s, 0)["bonus"] = card
    with_card = income(s, 0)
    fac(s, 0)["bonus"] = None
    without = income(s, 0)
    for k, v in BONUSES[card]["income"].items():
        assert with_card[k] == without.get(k, 0) + v


def test_bonus_card_pass_vp():
    s = _game()
    put(s, 0, "F6 E10", "TP")
    put(s, 0, "G3", "SH")
    put(s, 0, "E9", "SA")
    f = fac(s, 0)
    f["ship"] = 2
    for card, vp in (("BON6", 8), ("BON7", 4), ("BON9", 0), ("BON10", 6)):
        f["bonus"] = card
        from games.terra_mystica.actions import pass_vp

        assert pass_vp(s, 0) == vp


def test_bon1_spade_bon2_cult_step_bon4_shipping():
    s = _game(bonuses={0: "BON1", 1: "BON2"})
    give(s, 0, W=10, C=10)
    play(s, 0, "action BON1. build F6")  # mountains -> forest: 1 spade from the card
    assert s["buildings"]["F6"] == [0, "D"] and fac(s, 0)["W"] == 9
    play(s, 1, "action BON2. +WATER")
    assert fac(s, 1)["cult"][1] == 1
    from games.terra_mystica.rules import ship_level

    fac(s, 0)["bonus"] = "BON4"
    assert ship_level(s, 0) == 1


def test_coins_pile_up_on_unpicked_bonus_cards():
    s = _game(pool=["BON1", "BON2", "BON3", "BON4", "BON5"], bonuses={0: "BON1", 1: "BON2"})
    assert s["pool"] == {"BON3": 1, "BON4": 1, "BON5": 1}
    c = fac(s, 0)["C"]
    play(s, 0, "pass BON3")
    assert fac(s, 0)["C"] == c + 1
    play(s, 1, "pass BON4")
    assert s["pool"] == {"BON5": 2, "BON1": 1, "BON2": 1}


@pytest.mark.parametrize("act", sorted(POWER_ACTIONS))
def test_power_actions_once_per_round(act):
    s = _game()
    give(s, 0, pw=[0, 0, 12], W=10, C=10)
    give(s, 1, pw=[0, 0, 12], W=10, C=10)
    text = {"ACT1": "action ACT1. bridge E9:D6".replace("E9:D6", "D6:E9"), "ACT5": "action ACT5. build F6",
            "ACT6": "action ACT6. transform F6. build F6. -SPADE"}.get(act, f"action {act}")
    put(s, 0, "D6", "D")
    play(s, 0, text)
    assert fac(s, 0)["pw"][2] == 12 - POWER_ACTIONS[act]["cost"]
    with pytest.raises(IllegalMove, match="already used"):
        play(s, 1, f"action {act}")


def test_burning_power():
    s = _game()
    give(s, 0, pw=[0, 5, 0])
    play(s, 0, "burn 2")
    assert fac(s, 0)["pw"] == [0, 1, 2]
    with pytest.raises(IllegalMove, match="bowl II"):
        play(s, 0, "burn 1")
    turn_to(s, 0)
