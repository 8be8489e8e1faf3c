"""The six Fire & Ice factions: set-up, terrain, costs, income, tracks,
stronghold powers and special rules, as the facts file gives them from the
site's engine (and the printed 2014 variable factions as an option)."""

import pytest

from games.core import IllegalMove, RuleError
from games.terra_mystica.data import COLOURS, ICE, VOLCANO
from games.terra_mystica.rules import income
from games.terra_mystica.wheel import spade_table

from .fi_helpers import FI_OPTIONS, start_fi, values
from .tm_helpers import GAME, fac, give, play, turn_to

M, P, D, W, L, F, S = (COLOURS.index(c) for c in ("gray", "brown", "yellow", "red", "blue", "green", "black"))


# --- set-up ------------------------------------------------------------------
@pytest.mark.parametrize("fid, want", [
    ("icemaidens", {"VP": 20, "C": 15, "W": 3, "P": 0, "PW": [6, 6, 0], "cult": [0, 1, 0, 1]}),
    ("yetis", {"VP": 20, "C": 15, "W": 3, "P": 0, "PW": [0, 12, 0], "cult": [0, 0, 1, 1]}),
    ("acolytes", {"VP": 20, "C": 15, "W": 3, "P": 0, "PW": [6, 6, 0], "cult": [3, 3, 3, 3]}),
    ("dragonlords", {"VP": 20, "C": 15, "W": 3, "P": 0, "PW": [4, 4, 0], "cult": [2, 0, 0, 0]}),
    ("riverwalkers", {"VP": 20, "C": 15, "W": 3, "P": 0, "PW": [10, 2, 0], "cult": [1, 0, 0, 1]}),
    ("shapeshifters", {"VP": 20, "C": 15, "W": 3, "P": 0, "PW": [4, 4, 0], "cult": [1, 1, 0, 0]}),
])
def test_start_resources(fid, want):
    s = GAME.setup(2, 1, FI_OPTIONS)
    play(s, 0, f"setup {fid}")
    assert values(fac(s, 0)) == want


def test_fire_and_ice_factions_need_their_option():
    s = GAME.setup(2, 1)
    with pytest.raises(IllegalMove, match="need a Fire & Ice option"):
        play(s, 0, "setup yetis")
    assert "setup yetis" not in GAME.legal_moves(s, 0)
    s = GAME.setup(2, 1, {"fire-and-ice-factions/ice": True})
    assert "setup yetis" in GAME.legal_moves(s, 0) and "setup acolytes" not in GAME.legal_moves(s, 0)


def test_one_faction_per_group_and_picked_colours_are_taken():
    s = GAME.setup(4, 1, FI_OPTIONS)
    play(s, 0, "setup icemaidens")
    assert GAME.to_move(s) == {0}  # the colour and the favour first
    with pytest.raises(RuleError):
        play(s, 1, "setup witches")
    play(s, 0, "pick-color gray. +FAV11")
    with pytest.raises(IllegalMove, match="Only one ice faction"):
        play(s, 1, "setup yetis")
    with pytest.raises(IllegalMove, match=r"home terrain \(mountains\) is taken by the Ice Maidens"):
        play(s, 1, "setup engineers")
    assert "setup dwarves" not in GAME.legal_moves(s, 1)
    play(s, 1, "setup shapeshifters")
    with pytest.raises(IllegalMove, match="gray is taken"):
        play(s, 1, "pick-color gray")
    play(s, 1, "pick-color green")
    assert "setup witches" not in GAME.legal_moves(s, 2) and "setup riverwalkers" not in GAME.legal_moves(s, 2)
    play(s, 2, "setup acolytes")
    play(s, 3, "setup halflings")
    assert GAME.to_move(s) == {2}  # the volcano faction picks once everyone has chosen
    with pytest.raises(IllegalMove, match="brown is taken"):
        play(s, 2, "pick-color brown")
    play(s, 2, "pick-color yellow")
    assert s["phase"] == "dwellings"


def test_ice_maidens_favour_at_setup_scores_no_dwelling_vp():
    s = start_fi(["icemaidens", "witches"], {0: "pick-color gray. +FAV11"}, {0: ["E7", "H8"], 1: ["A3", "F2"]})
    f = fac(s, 0)
    assert f["favours"] == ["FAV11"] and f["cult"] == [0, 1, 1, 1] and f["vp"] == 20
    assert s["terrain"]["E7"] == ICE and s["terrain"]["H8"] == ICE


def test_initial_dwellings_go_on_the_picked_colour():
    s = GAME.setup(2, 1, FI_OPTIONS)
    play(s, 0, "setup yetis")
    play(s, 0, "pick-color red")
    play(s, 1, "setup witches")
    with pytest.raises(IllegalMove, match="starting dwellings go on red"):
        play(s, 0, "build E7")
    play(s, 0, "build E3")
    assert s["terrain"]["E3"] == ICE


# --- ice ------------------------------------------------------------------------
def _ice(extra=None):
    return start_fi(["icemaidens", "witches"], {0: "pick-color gray. +FAV1"},
                    {0: ["E7", "H8"], 1: ["A3", "F2"]}, **(extra or {}))


def test_ice_spades_count_from_the_picked_colour_which_itself_costs_one():
    s = _ice()
    table = spade_table(fac(s, 0))
    assert table[M][ICE] == 1 and table[W][ICE] == 1 and table[D][ICE] == 2 and table[P][ICE] == 3
    assert table[ICE] == [None] * len(table) and table[VOLCANO] == [None] * len(table)


def test_ice_transform_and_build():
    s = _ice()
    give(s, 0, W=10, C=10)
    play(s, 0, "dig 1. build D4")  # wasteland, one step from gray
    assert s["terrain"]["D4"] == ICE and s["buildings"]["D4"] == [0, "D"]
    assert fac(s, 0)["W"] == 10 - 3 - 1


def test_ice_partial_transform_moves_toward_the_picked_colour():
    s = _ice()
    give(s, 0, W=10)
    play(s, 0, "dig 1. transform E6")  # plains: 1 spade reaches desert on the way to gray
    assert s["terrain"]["E6"] == D


def test_nobody_transforms_ice():
    s = _ice()
    turn_to(s, 1)
    give(s, 1, W=20, pw=[0, 0, 12])
    s["terrain"]["E6"] = ICE
    with pytest.raises(IllegalMove, match="nobody can transform it"):
        play(s, 1, "action ACT6. transform E6 to green")


def test_ice_maidens_stronghold_scores_3_per_temple_when_passing():
    s = _ice()
    s["buildings"]["E7"] = [0, "SH"]
    s["buildings"]["H8"] = [0, "TE"]
    before = fac(s, 0)["vp"]
    play(s, 0, "pass BON3")
    assert fac(s, 0)["vp"] == before + 3


def test_ice_maidens_income_has_a_worker_for_the_eighth_dwelling():
    s = _ice()
    for h in ("E6", "E8", "D4", "D5", "F4", "F3"):
        s["buildings"][h] = [0, "D"]
    assert income(s, 0)["W"] == 9


def test_yetis_pay_one_power_less_and_reuse_actions_with_their_stronghold():
    s = start_fi(["yetis", "witches"], {0: "pick-color gray"}, {0: ["E7", "H8"], 1: ["A3", "F2"]})
    give(s, 0, pw=[0, 0, 12])
    play(s, 0, "action ACT3")
    assert fac(s, 0)["pw"] == [3, 0, 9]
    s["actions_used"].append("ACT4")
    turn_to(s, 0)
    with pytest.raises(IllegalMove, match="already used"):
        play(s, 0, "action ACT4")
    s["buildings"]["H8"] = [0, "SH"]
    play(s, 0, "action ACT4")
    assert fac(s, 0)["pw"] == [6, 0, 6] and "ACT4" in s["actions_used"]
    turn_to(s, 1)
    give(s, 1, pw=[0, 0, 12])
    with pytest.raises(IllegalMove, match="already used"):
        play(s, 1, "action ACT4")


def test_yetis_stronghold_counts_four_for_their_leech():
    s = start_fi(["yetis", "witches"], {0: "pick-color gray"}, {0: ["E7", "H8"], 1: ["A3", "F2"]})
    s["buildings"]["E7"] = [0, "SH"]
    s["buildings"]["F4"] = [1, "D"]
    s["terrain"]["F4"] = s["terrain"]["E6"] = F
    turn_to(s, 1)
    give(s, 1, W=10, C=10)
    play(s, 1, "build E6")
    assert [o["amount"] for o in s["leeches"]] == [4]


# --- volcano ---------------------------------------------------------------------
def _volcano(fid, extra=None):
    return start_fi([fid, "witches"], {0: "pick-color gray"}, {0: ["E7", "H8"], 1: ["A3", "F2"]},
                    **(extra or {}))


def test_acolytes_volcano_costs_cult_steps_more_on_a_home_terrain():
    s = _volcano("acolytes")
    give(s, 0, W=5, C=10, pw=[6, 6, 0])
    play(s, 0, "dig 1. build E6")  # plains: nobody's home here
    assert GAME.to_move(s) == {0} and s["current"] == 0
    with pytest.raises(IllegalMove, match="-3FIRE"):
        play(s, 0, "-2FIRE")
    play(s, 0, "-3FIRE")
    f = fac(s, 0)
    assert s["terrain"]["E6"] == VOLCANO and f["cult"] == [0, 3, 3, 3] and f["pw"] == [6, 6, 0]
    assert (f["W"], f["C"]) == (4, 8)  # the dig was free, the dwelling not
    assert s["current"] == 1
    turn_to(s, 0)
    f["cult"][1] = 5
    play(s, 0, "dig 1. build F4. -4WATER")  # forest: the Witches' home
    assert f["cult"] == [0, 1, 3, 3] and f["pw"] == [6, 6, 0]  # no power back going down


def test_the_volcano_factions_menu_offers_their_free_dig():
    """Nothing is transformable before the free ``dig 1`` (it is what turns a hex into
    volcano): the menu offered no ``dig`` then, so a player (and the bot) choosing from it
    never built a dwelling after the set-up."""
    for fid in ("acolytes", "dragonlords"):
        s = _volcano(fid)
        give(s, 0, W=5, C=10, pw=[6, 6, 0])
        top = GAME.legal_moves(s, 0)
        assert "dig " in top and "transform " not in top, (fid, top)
        assert GAME.legal_moves(s, 0, "dig ") == ["dig 1. "]
        assert "dig 1. build E6" in GAME.legal_moves(s, 0, "dig 1. build E6")
        play(s, 0, GAME.legal_moves(s, 0, "dig 1. build E6")[0])
        assert s["buildings"]["E6"] == [0, "D"]


def test_acolytes_turn_a_gained_spade_into_a_cult_step():
    s = _volcano("acolytes")
    give(s, 0, pw=[0, 0, 12])
    play(s, 0, "action ACT6")
    # two single steps: one each, or both on one track (the menu writes it as the site does)
    assert GAME.legal_moves(s, 0) == ["+FIRE", "+WATER", "+EARTH", "+AIR", "+2FIRE", "+2WATER", "+2EARTH", "+2AIR"]
    play(s, 0, "+2WATER")
    assert fac(s, 0)["cult"] == [3, 5, 3, 3] and fac(s, 0)["pw"][1] == 2  # 5 passed: 2 power


def test_acolytes_stronghold_adds_a_step_to_each_priest():
    s = _volcano("acolytes")
    s["buildings"]["E7"] = [0, "SH"]
    give(s, 0, P=2)
    play(s, 0, "send p to FIRE")
    assert fac(s, 0)["cult"][0] == 3 + 4
    turn_to(s, 0)
    play(s, 0, "send p to AIR for 1")
    assert fac(s, 0)["cult"][3] == 5


def test_dragonlords_pay_tokens_from_bowl_one_first():
    s = _volcano("dragonlords")
    give(s, 0, W=5, C=10, pw=[1, 4, 3])
    play(s, 0, "dig 1. build F4")  # forest: the Witches' home, 2 tokens
    assert fac(s, 0)["pw"] == [0, 3, 3] and s["terrain"]["F4"] == VOLCANO


def test_dragonlords_spades_become_tokens_and_their_stronghold_adds_one_per_player():
    s = _volcano("dragonlords")
    give(s, 0, pw=[0, 0, 8])
    play(s, 0, "action ACT6")
    assert fac(s, 0)["pw"] == [8, 0, 2]
    turn_to(s, 0)
    s["buildings"]["E7"] = [0, "TP"]
    give(s, 0, W=10, C=20)
    play(s, 0, "upgrade E7 to SH")
    assert fac(s, 0)["pw"][0] == 8 + 2


def test_volcano_income_has_no_base_worker():
    s = _volcano("acolytes")
    assert income(s, 0).get("W", 0) == 2  # two dwellings: 0, 1, 2


def test_volcano_factions_dig_one_at_a_time():
    s = _volcano("dragonlords")
    with pytest.raises(IllegalMove, match="dig 1"):
        play(s, 0, "dig 2")


# --- Riverwalkers ------------------------------------------------------------------------
def _river(options=None):
    return start_fi(["riverwalkers", "witches"], {0: "pick-color blue"}, {0: ["D2", "D5"], 1: ["A3", "F2"]},
                    options=options)


def test_riverwalkers_start_beside_a_river():
    s = GAME.setup(2, 1, FI_OPTIONS)
    play(s, 0, "setup riverwalkers")
    play(s, 0, "pick-color red")
    play(s, 1, "setup witches")
    with pytest.raises(IllegalMove, match="does not touch a river"):
        play(s, 0, "build I1")


def test_riverwalkers_reach_only_over_rivers_and_unlock_for_coins():
    s = _river()
    give(s, 0, W=10, C=10, pw=[0, 0, 12])
    with pytest.raises(IllegalMove, match="not unlocked"):
        play(s, 0, "build C1")  # swamp, across river r7 from D2
    with pytest.raises(IllegalMove, match="not reachable"):
        play(s, 0, "build E4")  # lakes, but not across one river
    play(s, 0, "action ACT2")
    assert fac(s, 0)["pending"]["UNLOCK"] == 1 and fac(s, 0)["P"] == 0
    play(s, 0, "unlock-terrain green")  # the Witches' home: 2 coins
    f = fac(s, 0)
    assert f["C"] == 8 and f["max_p"] == 2 and COLOURS.index("green") in f["unlocked"]


def test_riverwalkers_take_the_priest_instead():
    s = _river()
    give(s, 0, pw=[0, 0, 12])
    play(s, 0, "action ACT2. unlock-terrain gain-priest")
    assert fac(s, 0)["P"] == 1
    turn_to(s, 0)
    s["actions_used"].remove("ACT2")
    play(s, 0, "action ACT2. unlock-terrain gain-priest")
    assert fac(s, 0)["P"] == 1  # the limit is 1 until a terrain is unlocked


def test_riverwalkers_may_not_take_spade_actions():
    s = _river()
    give(s, 0, pw=[0, 0, 12])
    with pytest.raises(IllegalMove, match="may not use ACT5"):
        play(s, 0, "action ACT5")
    assert "ACT5" not in [m.split()[-1] for m in GAME.legal_moves(s, 0, "action ")]


def test_riverwalkers_build_across_one_river_not_beside():
    s = _river()
    give(s, 0, W=10, C=10)
    s["terrain"]["E2"] = L  # next to D2 by land only
    with pytest.raises(IllegalMove):
        play(s, 0, "build E2")
    s["terrain"]["C1"] = L  # across river r7 from D2
    play(s, 0, "build C1")
    assert s["buildings"]["C1"] == [0, "D"]


def test_riverwalkers_second_temple_gives_power_instead_of_a_priest():
    s = _river()
    s["buildings"]["D2"] = [0, "TE"]
    s["buildings"]["D5"] = [0, "TE"]
    inc = income(s, 0)
    assert inc.get("P") == 1 and inc.get("PW", 0) >= 5


def test_printed_riverwalkers_unlock_for_free():
    s = _river({"fire-and-ice-factions/variable": True})
    give(s, 0, pw=[0, 0, 12])
    coins = fac(s, 0)["C"]
    play(s, 0, "action ACT2. unlock-terrain green")
    assert fac(s, 0)["C"] == coins and fac(s, 0)["max_p"] == 2


# --- Shapeshifters -------------------------------------------------------------------------
def _shapes(options=None):
    return start_fi(["shapeshifters", "witches"], {0: "pick-color gray"}, {0: ["E7", "H8"], 1: ["A3", "F2"]},
                    options=options)


def test_shapeshifters_buy_a_token_when_an_opponent_takes_power():
    s = _shapes()
    s["terrain"]["E6"] = M
    give(s, 0, W=10, C=10)
    s["buildings"]["F4"] = [1, "D"]
    play(s, 0, "build E6")
    play(s, 1, "leech 1 from shapeshifters")
    assert 0 in GAME.to_move(s) and "gain P3 for VP" in GAME.legal_moves(s, 0)
    vp, pw = fac(s, 0)["vp"], list(fac(s, 0)["pw"])
    play(s, 0, "gain P3 for VP")
    assert fac(s, 0)["vp"] == vp - 1 and fac(s, 0)["pw"] == [pw[0], pw[1], pw[2] + 1]
    assert 0 not in GAME.to_move(s)
    with pytest.raises(RuleError):
        play(s, 0, "gain P3 for VP")


def test_shapeshifters_gain_a_power_when_everyone_declines():
    s = _shapes()
    s["terrain"]["E6"] = M
    give(s, 0, W=10, C=10)
    s["buildings"]["F4"] = [1, "D"]
    give(s, 0, pw=[4, 4, 0])
    play(s, 0, "build E6")
    play(s, 1, "decline")
    assert fac(s, 0)["pw"] == [3, 5, 0] and not fac(s, 0)["pending"].get("TOKEN")


def test_shapeshifters_shift_for_five_power_and_their_buildings_follow():
    s = _shapes()
    s["buildings"]["E7"] = [0, "SH"]
    give(s, 0, pw=[0, 0, 8])
    vp = fac(s, 0)["vp"]
    with pytest.raises(IllegalMove, match="green is taken"):
        play(s, 0, "action ACTH5. pick-color green")  # the Witches' colour
    play(s, 0, "action ACTH5. pick-color blue")
    assert fac(s, 0)["home"] == L and s["terrain"]["E7"] == L and s["terrain"]["H8"] == L
    assert fac(s, 0)["pw"] == [5, 0, 3] and fac(s, 0)["vp"] == vp
    turn_to(s, 0)
    with pytest.raises(IllegalMove, match="blue is taken"):
        play(s, 0, "action ACTH6. pick-color blue")
    play(s, 0, "action ACTH6. pick-color yellow")  # five tokens leave the game
    assert fac(s, 0)["pw"] == [0, 0, 3] and fac(s, 0)["home"] == D


def test_printed_shapeshifters_shift_for_three_and_score_two():
    s = _shapes({"fire-and-ice-factions/variable": True})
    s["buildings"]["E7"] = [0, "SH"]
    give(s, 0, pw=[0, 0, 8])
    vp = fac(s, 0)["vp"]
    play(s, 0, "action ACTH1. pick-color blue")
    assert fac(s, 0)["vp"] == vp + 2 and fac(s, 0)["pw"] == [3, 0, 5]


def test_riverwalkers_stronghold_places_two_bridges_at_once_or_leaves_them():
    """Two bridges at once; where there is room for one only (C4:D5) the
    other is left with -BRIDGE, as on the site."""
    s = _river()
    s["buildings"]["D5"] = [0, "TP"]
    give(s, 0, W=10, C=10)
    play(s, 0, "upgrade D5 to SH")
    assert s["current"] == 0 and GAME.legal_moves(s, 0, "bridge ") == ["bridge C4:D5"]
    play(s, 0, "bridge C4:D5")
    assert s["current"] == 0 and GAME.legal_moves(s, 0) == ["-BRIDGE"]
    play(s, 0, "-BRIDGE")
    assert s["bridges"] == [["C4:D5", 0]] and s["current"] == 1
