"""Town formation, town tiles, keys and the top of the cult tracks."""

import pytest

from games.core import IllegalMove
from games.terra_mystica.data import TOWNS
from games.terra_mystica.rules import check_towns, cult_advance

from .tm_helpers import GAME, fac, give, play, put, start


def _witches():
    return start(["witches", "engineers"], {0: ["E9", "G3"], 1: ["E7", "C2"]})


def test_four_buildings_with_power_seven_found_a_town():
    s = _witches()
    put(s, 0, "E10 D7", "TP")
    put(s, 0, "F6", "D")
    assert check_towns(s, 0) == []  # power 1+2+2+1 = 6
    give(s, 0, W=10, C=20)
    play(s, 0, "upgrade F6 to TP")
    assert fac(s, 0)["pending"]["TW"] == 1
    assert sorted(fac(s, 0)["town_hexes"]) == ["D7", "E10", "E9", "F6"]
    with pytest.raises(IllegalMove, match="favour tile"):
        play(s, 0, "+FAV1")  # the favour is not owed; the town tile is
    play(s, 0, "+TW1")
    assert fac(s, 0)["keys"] == 1


def test_three_buildings_suffice_with_a_sanctuary():
    s = _witches()
    put(s, 0, "E9", "SA")
    put(s, 0, "E10", "TE")
    put(s, 0, "D7", "D")
    give(s, 0, W=10, C=20)
    play(s, 0, "upgrade D7 to TP")  # SA 3 + TE 2 + TP 2 = 7, the SA counts twice
    assert fac(s, 0)["pending"]["TW"] == 1


def test_fav5_lowers_the_power_to_six_even_for_an_existing_group():
    s = _witches()
    put(s, 0, "E10 D7", "TP")
    put(s, 0, "F6", "D")
    put(s, 0, "F7", "TP")
    put(s, 0, "F7", "D")
    put(s, 0, "G3", "TP")
    fac(s, 0)["pending"]["FAV"] = 1
    play(s, 0, "+FAV5")
    assert fac(s, 0)["pending"]["TW"] == 1


def test_joining_an_existing_town_founds_no_new_one_and_towns_stay_separate():
    s = _witches()
    put(s, 0, "E10 D7 F6", "TP")
    fac(s, 0)["town_hexes"] = ["D7", "E10", "E9", "F6"]
    give(s, 0, W=10, C=20)
    play(s, 0, "build F5")
    assert fac(s, 0)["pending"]["TW"] == 0 and "F5" in fac(s, 0)["town_hexes"]


def test_mermaids_connect_across_a_river_hex():
    s = start(["mermaids", "witches"], {0: ["D2", "E4"], 1: ["E9", "G3"]})
    put(s, 0, "C1 A4", "TP")
    put(s, 0, "A3", "TE")
    assert check_towns(s, 0) == []  # river r1 parts C1+D2 from A3+A4
    give(s, 0, W=10, C=20)
    play(s, 0, "upgrade D2 to TP. connect r1")
    assert fac(s, 0)["pending"]["TW"] == 1 and "r1" in fac(s, 0)["connects"]
    play(s, 0, "+TW2")
    assert fac(s, 0)["W"] >= 2


@pytest.mark.parametrize("tile", sorted(TOWNS))
def test_town_tile_rewards(tile):
    s = _witches()
    f = fac(s, 0)
    f["pending"]["TW"] = 1
    before = dict(vp=f["vp"], C=f["C"], W=f["W"], P=f["P"], pw=list(f["pw"]), cult=list(f["cult"]), ship=f["ship"])
    play(s, 0, f"+{tile}")
    gain = TOWNS[tile]["gain"]
    assert f["vp"] == before["vp"] + gain["VP"] + (2 if "SHIP" in gain else 0)  # shipping 1: 2 VP
    assert f["C"] == before["C"] + gain.get("C", 0)
    assert f["W"] == before["W"] + gain.get("W", 0)
    assert f["P"] == before["P"] + gain.get("P", 0)
    assert f["keys"] == TOWNS[tile]["keys"]
    if "PW" in gain:
        assert f["pw"][1] + 2 * f["pw"][2] == before["pw"][1] + 2 * before["pw"][2] + 8
    if "CULT" in gain:
        assert f["cult"][1] == before["cult"][1] + gain["CULT"]
    if "SHIP" in gain:
        assert f["ship"] == before["ship"] + 1 and f["vp"] == before["vp"] + 4 + 2


def test_no_town_tile_left_means_no_town():
    s = _witches()
    s["towns"] = {k: 0 for k in s["towns"]}
    put(s, 0, "E10 D7 F6", "TP")
    assert check_towns(s, 0) == []


def test_top_of_a_cult_track_needs_a_key_and_holds_one_player():
    s = _witches()
    f0, f1 = fac(s, 0), fac(s, 1)
    f0["cult"][0] = 8
    assert cult_advance(s, 0, "FIRE", 3) == 1 and f0["cult"][0] == 9  # no key
    f0["keys"] = 1
    pw = list(f0["pw"])
    cult_advance(s, 0, "FIRE", 1)
    assert f0["cult"][0] == 10 and f0["keys"] == 0 and f0["pw"] != pw  # +3 power at 10
    f1["cult"][0] = 9
    f1["keys"] = 1
    cult_advance(s, 1, "FIRE", 2)
    assert f1["cult"][0] == 9 and f1["keys"] == 1


def test_cult_power_bonuses_at_3_5_7_and_10():
    s = _witches()
    f = fac(s, 0)
    f["pw"] = [12, 0, 0]
    f["keys"] = 1
    cult_advance(s, 0, "WATER", 10)
    assert f["pw"] == [4, 8, 0]  # 1 + 2 + 2 + 3 = 8 power


def test_priests_go_to_the_best_free_space_then_one_step():
    s = start(["witches", "engineers"], {0: ["E9", "G3"], 1: ["E7", "C2"]})
    give(s, 0, P=5)
    give(s, 1, P=5)
    steps = []
    for _n in range(5):
        seat = s["current"]
        before = fac(s, seat)["cult"][0]
        play(s, seat, "send p to FIRE")
        steps.append(fac(s, seat)["cult"][0] - before)
    assert steps == [3, 2, 2, 2, 1]
    assert s["priests"]["FIRE"] == [0, 1, 0, 1]
    assert fac(s, 0)["on_cult"] == 2 and fac(s, 0)["P"] == 2  # the fifth priest came back
    seat = s["current"]
    play(s, seat, "send p to WATER for 1")
    assert s["priests"]["WATER"] == [None] * 4


def test_at_most_seven_priests():
    s = _witches()
    f = fac(s, 0)
    f["P"] = 5
    f["on_cult"] = 2
    with pytest.raises(IllegalMove, match="more than 7"):
        give(s, 0, pw=[0, 0, 5])
        play(s, 0, "convert 5PW to 1P")
    assert GAME.to_move(s) == {0}


def test_refusing_a_town_tile_cult_step():
    s = _witches()
    f = fac(s, 0)
    f["pending"]["TW"] = 1
    f["cult"] = [2, 9, 2, 2]
    play(s, 0, "-WATER. +TW5")
    assert f["cult"] == [3, 9, 3, 3] and f["keys"] == 1
    with pytest.raises(IllegalMove, match="move back"):
        play(s, 0, "-FIRE")
