"""Each faction: starting position, income and its special abilities."""

import pytest

from games.core import IllegalMove, RuleError
from games.terra_mystica.rules import income, new_faction

from .tm_helpers import GAME, fac, give, play, put, start, turn_to

# faction: (C, W, P, bowl I, bowl II, cult F/W/E/A) from the data file's table
START = {
    "alchemists": (15, 3, 0, 5, 7, [1, 1, 0, 0]),
    "auren": (15, 3, 0, 5, 7, [0, 1, 0, 1]),
    "chaosmagicians": (15, 4, 0, 5, 7, [2, 0, 0, 0]),
    "cultists": (15, 3, 0, 5, 7, [1, 0, 1, 0]),
    "darklings": (15, 1, 1, 5, 7, [0, 1, 1, 0]),
    "dwarves": (15, 3, 0, 5, 7, [0, 0, 2, 0]),
    "engineers": (10, 2, 0, 3, 9, [0, 0, 0, 0]),
    "fakirs": (15, 3, 0, 7, 5, [1, 0, 0, 1]),
    "giants": (15, 3, 0, 5, 7, [1, 0, 0, 1]),
    "halflings": (15, 3, 0, 3, 9, [0, 0, 1, 1]),
    "mermaids": (15, 3, 0, 3, 9, [0, 2, 0, 0]),
    "nomads": (15, 2, 0, 5, 7, [1, 0, 1, 0]),
    "swarmlings": (20, 8, 0, 3, 9, [1, 1, 1, 1]),
    "witches": (15, 3, 0, 5, 7, [0, 0, 0, 2]),
}


@pytest.mark.parametrize("fid", sorted(START))
def test_starting_resources(fid):
    f = new_faction(fid)
    c, w, p, b1, b2, cult = START[fid]
    assert (f["vp"], f["C"], f["W"], f["P"], f["pw"], f["cult"]) == (20, c, w, p, [b1, b2, 0], cult)


def test_income_with_two_dwellings_and_a_bonus_card():
    s = start(["engineers", "swarmlings"], {0: ["E7", "F6"], 1: ["E4", "G6"]}, bonuses={0: "BON3", 1: "BON8"})
    # engineers: 2 dwellings -> 2 workers (their track starts at 0); BON3 6 C
    assert income(s, 0) == {"W": 2, "C": 6}
    assert income(s, 1) == {"W": 4, "P": 1}
    assert fac(s, 0)["W"] == 2 + 2 and fac(s, 0)["C"] == 10 + 6


def test_income_tables_for_trading_houses_temples_and_strongholds():
    s = start(["alchemists", "dwarves"], {0: ["E5", "G5"], 1: ["E7", "F6"]})
    put(s, 0, "A8 B3 B5", "TP")
    put(s, 0, "C1", "SH")
    put(s, 1, "A2 C2 C5", "TP")
    put(s, 1, "F1", "TE")
    fac(s, 0)["bonus"] = fac(s, 1)["bonus"] = None
    assert income(s, 0) == {"W": 3, "C": 7 + 6, "PW": 3}
    assert income(s, 1) == {"W": 3, "C": 7, "PW": 4, "P": 1}


def test_chaos_magicians_place_one_dwelling_last_and_nomads_a_third():
    s = GAME.setup(3, 1)
    for seat, fid in enumerate(["chaosmagicians", "nomads", "witches"]):
        play(s, seat, f"setup {fid}")
    assert s["queue"] == [1, 2, 2, 1, 1, 0]


def test_alchemists_trade_vp_and_coins_and_sh_power():
    s = start(["alchemists", "witches"], {0: ["E5", "G5"], 1: ["E9", "G3"]})
    give(s, 0, C=10, vp=20, W=10)
    play(s, 0, "convert 1VP to 1C. convert 2C to 1VP")
    assert (fac(s, 0)["vp"], fac(s, 0)["C"]) == (20, 9)
    with pytest.raises(RuleError):
        play(s, 1, "convert 1VP to 1C")
    put(s, 0, "E5", "TP")
    give(s, 0, pw=[12, 0, 0])
    play(s, 0, "upgrade E5 to SH")
    assert fac(s, 0)["pw"] == [0, 12, 0]
    turn_to(s, 0)
    give(s, 0, pw=[6, 0, 0], W=10)
    play(s, 0, "dig 1. transform F3 to black")  # desert -> swamp: 1 spade dug, 1 more auto-dug
    assert fac(s, 0)["pw"] == [2, 4, 0]  # 2 spades x 2 power


def test_auren_stronghold_favour_and_double_cult_step():
    s = start(["auren", "engineers"], {0: ["C3", "C4"], 1: ["E7", "C2"]})
    put(s, 0, "C3", "TP")
    give(s, 0, C=20, W=10)
    play(s, 0, "upgrade C3 to SH")
    assert fac(s, 0)["pending"]["FAV"] == 1
    play(s, 0, "+FAV2")
    play(s, 1, "pass BON3")
    play(s, 0, "action ACTA. +FIRE")
    assert fac(s, 0)["cult"][0] == 2


def test_chaos_magicians_double_action_and_two_favours():
    s = start(["chaosmagicians", "witches"], {0: ["E3"], 1: ["E9", "G3"]}, bonuses={0: "BON3", 1: "BON5"})
    put(s, 0, "D4", "TP")
    give(s, 0, C=30, W=20)
    play(s, 0, "upgrade D4 to TE")
    assert fac(s, 0)["pending"]["FAV"] == 2
    play(s, 0, "+FAV11. +FAV10")
    play(s, 1, "pass BON1")
    put(s, 0, "D6", "SH")
    play(s, 0, "action ACTC. upgrade E3 to TP. build D3")
    assert s["buildings"]["E3"][1] == "TP" and s["buildings"]["D3"] == [0, "D"]
    assert s["turn"] is None  # both actions used: the turn ended


def test_cultists_cult_step_when_an_opponent_takes_power_else_one_power():
    s = start(["cultists", "witches"], {0: ["E6", "F5"], 1: ["E9", "G3"]})
    give(s, 0, C=20, W=10)
    play(s, 0, "upgrade F5 to TP")  # next to the witches' E9
    play(s, 1, "leech 1 from cultists")
    assert fac(s, 0)["pending"]["CULTIST"] == 1 and 0 in GAME.to_move(s)
    play(s, 0, "+EARTH")
    assert fac(s, 0)["cult"][2] == 2
    play(s, 1, "pass BON3")
    play(s, 0, "upgrade F5 to TE. +FAV11")
    pw = list(fac(s, 0)["pw"])
    play(s, 1, "decline 2 from cultists")
    assert fac(s, 0)["pw"][1] == pw[1] + 1  # errata: +1 power when all decline


def test_cultists_stronghold_gives_7_vp():
    s = start(["cultists", "witches"], {0: ["E6", "F5"], 1: ["I6", "G3"]})
    put(s, 0, "E6", "TP")
    give(s, 0, C=20, W=10)
    play(s, 0, "upgrade E6 to SH")
    assert fac(s, 0)["vp"] == 27


def test_darklings_dig_with_priests_for_2_vp_and_sh_conversion():
    s = start(["darklings", "witches"], {0: ["E5", "G5"], 1: ["E9", "G3"]})
    give(s, 0, P=3, W=5, C=10)
    play(s, 0, "dig 1. build E4")  # lakes -> swamp: 1 spade = 1 priest
    assert (fac(s, 0)["P"], fac(s, 0)["vp"]) == (2, 22)
    turn_to(s, 0)
    with pytest.raises(IllegalMove, match="cannot advance"):
        play(s, 0, "advance dig")
    put(s, 0, "G5", "TP")
    give(s, 0, W=10, C=20, P=0)
    play(s, 0, "upgrade G5 to SH. convert 3W to 3P")
    assert fac(s, 0)["P"] == 3
    turn_to(s, 0)
    with pytest.raises(IllegalMove):
        play(s, 0, "convert 1W to 1P")


def test_darklings_stronghold_menu_offers_every_conversion_size():
    """After "upgrade .. to SH" the turn stays open for one conversion of up to 3 workers;
    the menu (what buttons offer) must list 1, 2 and 3, each a whole move."""
    s = start(["darklings", "witches"], {0: ["E5", "G5"], 1: ["E9", "G3"]})
    put(s, 0, "G5", "TP")
    give(s, 0, W=10, C=20, P=0)
    play(s, 0, "upgrade G5 to SH")
    offered = GAME.legal_moves(s, 0, "convert ")
    assert [m for m in offered if "W to" in m and m.endswith("P")] == [
        "convert 1W to 1P", "convert 2W to 2P", "convert 3W to 3P"]
    w = fac(s, 0)["W"]
    play(s, 0, "convert 3W to 3P")
    assert (fac(s, 0)["P"], fac(s, 0)["W"]) == (3, w - 3) and s["turn"] is None


def test_darklings_stronghold_menu_is_bounded_by_workers_and_priest_room():
    s = start(["darklings", "witches"], {0: ["E5", "G5"], 1: ["E9", "G3"]})
    put(s, 0, "G5", "TP")
    give(s, 0, W=4 + 2, C=20, P=0)  # 4 workers pay for the stronghold, 2 are left
    play(s, 0, "upgrade G5 to SH")
    offered = [m for m in GAME.legal_moves(s, 0, "convert ") if "W to" in m and m.endswith("P")]
    assert offered == ["convert 1W to 1P", "convert 2W to 2P"]


def test_dwarves_tunnel_for_2_workers_and_4_vp():
    s = start(["dwarves", "witches"], {0: ["E7", "F6"], 1: ["I6", "G3"]})
    give(s, 0, W=10, C=10)
    # C2 is across the river from E7's neighbour D4: two steps away
    with pytest.raises(IllegalMove, match="not reachable"):
        play(s, 0, "build A2")
    play(s, 0, "transform C3 to gray")  # C3 is forest -> mountains: 1 spade, tunnel
    assert fac(s, 0)["W"] == 10 - 3 - 2 and fac(s, 0)["vp"] == 24


def test_engineers_bridge_action_and_pass_vp():
    s = start(["engineers", "witches"], {0: ["C2", "F6"], 1: ["I6", "G3"]}, bonuses={0: "BON3", 1: "BON5"})
    give(s, 0, W=10, C=10)
    play(s, 0, "action ACTE. bridge C2:D4")
    assert fac(s, 0)["W"] == 8 and fac(s, 0)["bridges_left"] == 2
    play(s, 1, "pass BON1")
    put(s, 0, "D4", "D")
    put(s, 0, "F6", "SH")
    play(s, 0, "pass BON4")
    assert fac(s, 0)["vp"] == 23


def test_fakirs_carpet_flight():
    s = start(["fakirs", "witches"], {0: ["F3", "G4"], 1: ["I6", "G3"]})
    give(s, 0, W=10, C=10, P=2)
    play(s, 0, "build G1")  # mountains two hexes from F3 (a river hex between)
    assert (fac(s, 0)["P"], fac(s, 0)["W"], fac(s, 0)["vp"]) == (1, 10 - 6 - 1, 24)
    assert fac(s, 0)["range"] == 1
    with pytest.raises(IllegalMove, match="carpet range is 1"):
        turn_to(s, 0)
        play(s, 0, "build A5")


def test_giants_always_need_two_spades():
    s = start(["giants", "witches"], {0: ["E3", "D4"], 1: ["I6", "G3"]})
    give(s, 0, W=12, C=10)
    play(s, 0, "build E2")  # plains -> wasteland is 2 steps anyway
    assert fac(s, 0)["W"] == 12 - 6 - 1
    play(s, 1, "pass BON3")
    give(s, 0, W=12)
    play(s, 0, "transform D3")  # desert -> wasteland is 1 step, giants pay 2
    assert fac(s, 0)["W"] == 6


def test_giants_stronghold_two_free_spades():
    s = start(["giants", "witches"], {0: ["E3", "D4"], 1: ["I6", "G3"]})
    put(s, 0, "D4", "SH")
    give(s, 0, W=1, C=10)
    play(s, 0, "action ACTG. build E4")
    assert s["buildings"]["E4"] == [0, "D"] and fac(s, 0)["W"] == 0
    assert s["terrain"]["E4"] == 6


def test_halflings_spade_vp_and_stronghold_spades():
    s = start(["halflings", "witches"], {0: ["E6", "F5"], 1: ["I6", "G3"]})
    give(s, 0, W=20, C=20, P=1)
    play(s, 0, "advance dig")
    assert fac(s, 0)["C"] == 19 and fac(s, 0)["vp"] == 26
    play(s, 1, "pass BON3")
    play(s, 0, "dig 1. transform E5 to brown")  # swamp -> plains: 1 spade, +1 VP
    assert fac(s, 0)["vp"] == 27
    put(s, 0, "E6", "TP")
    turn_to(s, 0)
    play(s, 0, "upgrade E6 to SH. transform E7 to brown. build E7")
    assert s["buildings"]["E7"] == [0, "D"] and fac(s, 0)["vp"] == 27 + 3


def test_mermaids_shipping_starts_at_1_and_sh_adds_a_level():
    s = start(["mermaids", "witches"], {0: ["E4", "D2"], 1: ["I6", "G3"]})
    assert fac(s, 0)["ship"] == 1
    put(s, 0, "E4", "TP")
    give(s, 0, W=10, C=10)
    play(s, 0, "upgrade E4 to SH")
    assert fac(s, 0)["ship"] == 2 and fac(s, 0)["vp"] == 22


def test_nomads_sandstorm():
    s = start(["nomads", "witches"], {0: ["F3", "G4", "E8"], 1: ["I6", "G3"]})
    put(s, 0, "F3", "SH")
    give(s, 0, W=5, C=10)
    play(s, 0, "action ACTN. build F4")
    assert s["terrain"]["F4"] == 0 and s["buildings"]["F4"] == [0, "D"] and fac(s, 0)["W"] == 4


def test_swarmlings_free_trading_house_and_town_workers():
    s = start(["swarmlings", "witches"], {0: ["E4", "G6"], 1: ["I6", "G3"]})
    put(s, 0, "G6", "SH")
    c = fac(s, 0)["C"]
    play(s, 0, "action ACTS. upgrade E4 to TP")
    assert s["buildings"]["E4"][1] == "TP" and fac(s, 0)["C"] == c


def test_witches_ride_and_town_bonus():
    s = start(["witches", "engineers"], {0: ["E9", "G3"], 1: ["E7", "C2"]})
    put(s, 0, "G3", "SH")
    w, c = fac(s, 0)["W"], fac(s, 0)["C"]
    play(s, 0, "action ACTW. build A3")  # far from everything: the ride ignores reach
    assert s["buildings"]["A3"] == [0, "D"] and (fac(s, 0)["W"], fac(s, 0)["C"]) == (w, c)
    play(s, 1, "pass BON3")
    put(s, 0, "E10 D7", "TP")
    put(s, 0, "F6", "D")
    give(s, 0, W=10, C=20)
    vp = fac(s, 0)["vp"]
    play(s, 0, "upgrade F6 to TP")  # E9 D + three TP = 4 buildings, power 7
    assert fac(s, 0)["pending"]["TW"] == 1 and 0 in GAME.to_move(s)
    play(s, 0, "+TW8")
    assert fac(s, 0)["vp"] == vp + 5 + 5 + 11  # witches' bonus, SCORE2, TW8


def _darklings_seed_table(options=None):
    s = start(["darklings", "witches"], {0: ["E5", "G5"], 1: ["E9", "G3"]}, options=options or {})
    put(s, 0, "G5", "TP")
    give(s, 0, W=10, C=20, P=0)
    return s


def test_darklings_trade_is_made_when_the_stronghold_is_built_on_the_seeds_table():
    """Printed (terra-mystica-data.md: "once on building SH: convert up to 3 workers into 3
    priests"): with every option off the stronghold's turn stays open for the trade, and a
    later turn has none."""
    s = _darklings_seed_table()
    play(s, 0, "upgrade G5 to SH")
    assert GAME.to_move(s) == {0} and s["turn"]["darkling_open"]
    assert {"convert 1W to 1P", "convert 2W to 2P", "convert 3W to 3P", "done"} <= set(
        GAME.legal_moves(s, 0, "convert ") + GAME.legal_moves(s, 0))
    play(s, 0, "done")
    assert s["current"] == 1
    turn_to(s, 0)
    with pytest.raises(IllegalMove):
        play(s, 0, "convert 1W to 1P")
    s = _darklings_seed_table()
    play(s, 0, "upgrade G5 to SH")
    play(s, 0, "convert 3W to 3P")
    assert fac(s, 0)["P"] == 3 and s["current"] == 1


def test_strict_darkling_sh_words_the_refusal_as_the_site_does():
    """The site's option: the same trade in the same turn; the menu refuses it with the site's
    ``-3CONVERT_W_TO_P`` (its ``done`` leaves the trade open), and either word is taken."""
    for word in ("-3CONVERT_W_TO_P", "done"):
        s = _darklings_seed_table({"strict-darkling-sh": True})
        play(s, 0, "upgrade G5 to SH")
        menu = GAME.legal_moves(s, 0)
        assert "-3CONVERT_W_TO_P" in menu and "done" not in menu
        play(s, 0, word)
        assert s["current"] == 1
        turn_to(s, 0)
        with pytest.raises(IllegalMove):
            play(s, 0, "convert 1W to 1P")


def test_darklings_conversion_later_with_darkling_sh_later():
    """The site's games without strict-darkling-sh: the trade may wait for a later turn; it is
    still one trade: the site's engine drops it at the first conversion the Darklings make
    after the stronghold."""
    opts = {"darkling-sh-later": True}
    s = start(["darklings", "witches"], {0: ["E5", "G5"], 1: ["E9", "G3"]}, options=opts)
    put(s, 0, "G5", "TP")
    give(s, 0, W=10, C=20, P=0)
    play(s, 0, "upgrade G5 to SH")
    turn_to(s, 0)
    play(s, 0, "convert 2W to 2P")
    assert fac(s, 0)["P"] == 2
    with pytest.raises(IllegalMove):
        play(s, 0, "convert 1W to 1P")


def _three(variable):
    return start(["witches", "engineers", "darklings"], {0: ["E9", "G3"], 1: ["E7", "C2"], 2: ["E5", "G5"]},
                 options={"variable-turn-order": variable}, bonuses={0: "BON1", 1: "BON2", 2: "BON6"})


def test_turn_order_by_passing_or_rotated_from_the_first_to_pass():
    s = _three(True)
    s["current"] = 1
    play(s, 1, "pass BON3")
    play(s, 2, "pass BON4")
    s["current"] = 0
    play(s, 0, "pass BON5")
    assert s["order"] == [1, 2, 0] and s["round"] == 2
    s = _three(True)
    s["current"] = 2
    play(s, 2, "pass BON3")
    play(s, 0, "pass BON4")
    play(s, 1, "pass BON5")
    assert s["order"] == [2, 0, 1]
    s = _three(False)
    s["current"] = 1
    play(s, 1, "pass BON3")
    s["current"] = 0
    play(s, 0, "pass BON4")
    play(s, 2, "pass BON5")
    assert s["order"] == [1, 2, 0]  # fixed: seat order from the first to pass
    s = _three(True)
    s["current"] = 1
    play(s, 1, "pass BON3")
    s["current"] = 0
    play(s, 0, "pass BON4")
    play(s, 2, "pass BON5")
    assert s["order"] == [1, 0, 2]  # variable: the pass order


def test_seed_example_two_dwellings_give_three_workers():
    s = start(["witches", "engineers"], {0: ["E9", "G3"], 1: ["E7", "C2"]}, bonuses={0: "BON3", 1: "BON4"})
    assert income(s, 0) == {"W": 3, "C": 6}


@pytest.mark.parametrize("text, change", [
    ("convert 5PW to 1P", {"P": 1, "pw3": -5}),
    ("convert 3PW to 1W", {"W": 1, "pw3": -3}),
    ("convert 1PW to 1C", {"C": 1, "pw3": -1}),
    ("convert 1P to 1W", {"P": -1, "W": 1}),
    ("convert 1W to 1C", {"W": -1, "C": 1}),
    ("convert 2P to 2W", {"P": -2, "W": 2}),
])
def test_free_conversions(text, change):
    s = start(["witches", "engineers"], {0: ["E9", "G3"], 1: ["E7", "C2"]})
    give(s, 0, P=2, W=2, C=2, pw=[0, 0, 6])
    play(s, 0, text)
    f = fac(s, 0)
    assert f["P"] == 2 + change.get("P", 0) and f["W"] == 2 + change.get("W", 0)
    assert f["C"] == 2 + change.get("C", 0) and f["pw"][2] == 6 + change.get("pw3", 0)
    assert s["current"] == 0  # conversions are free: still the witches' turn


def test_chaos_magicians_double_dig_row_from_a_real_game():
    s = start(["chaosmagicians", "witches"], {0: ["E3"], 1: ["E9", "G3"]}, bonuses={0: "BON3", 1: "BON5"})
    put(s, 0, "D4", "SH")
    give(s, 0, W=20, C=20)
    play(s, 0, "action ACTC. dig 1. build D3. dig 1. build E7")
    assert s["buildings"]["D3"] == [0, "D"] and s["buildings"]["E7"] == [0, "D"]
    assert fac(s, 0)["W"] == 20 - 3 - 1 - 3 - 1


# (faction, buildings on the map, expected income without bonus card) from the data file's table
INCOME_CASES = [
    ("engineers", {"D": 3, "TE": 2}, {"W": 2, "P": 1, "PW": 5}),
    ("engineers", {"D": 8, "TE": 3}, {"W": 6, "P": 2, "PW": 5}),
    ("swarmlings", {"D": 1, "TP": 4, "SH": 1, "SA": 1}, {"W": 3, "C": 9, "PW": 8 + 4, "P": 2}),
    ("darklings", {"SA": 1, "SH": 1}, {"W": 1, "P": 2, "PW": 2}),
    ("chaosmagicians", {"SH": 1}, {"W": 1 + 2}),
    ("fakirs", {"SH": 1, "SA": 1}, {"W": 1, "P": 2}),
    ("giants", {"SH": 1}, {"W": 1, "PW": 4}),
    ("mermaids", {"SH": 1}, {"W": 1, "PW": 4}),
    ("alchemists", {"TP": 3, "SH": 1}, {"W": 1, "C": 7 + 6, "PW": 3}),
    ("nomads", {"TP": 4}, {"W": 1, "C": 11, "PW": 4}),
    ("dwarves", {"TP": 1}, {"W": 1, "C": 3, "PW": 1}),
    ("dwarves", {"TP": 4}, {"W": 1, "C": 10, "PW": 6}),
    ("witches", {"D": 7, "TP": 4, "TE": 3, "SH": 1, "SA": 1}, {"W": 8, "C": 8, "PW": 6 + 2, "P": 3 + 1}),
]


@pytest.mark.parametrize("fid, counts, expected", INCOME_CASES)
def test_income_tracks(fid, counts, expected):
    other = "cultists" if fid != "cultists" else "witches"
    s = start([fid, other], _spots(fid, other))
    for h in list(s["buildings"]):
        if s["buildings"][h][0] == 0:
            del s["buildings"][h]
    spots = iter(["A1", "A2", "A3", "A4", "A5", "A6", "A7", "A8", "A9", "A10", "A11", "A12", "A13",
                  "I1", "I2", "I3", "I4", "I5", "I6", "I7"])
    for kind, n in counts.items():
        for _ in range(n):
            s["buildings"][next(spots)] = [0, kind]
    fac(s, 0)["bonus"] = None
    assert income(s, 0) == expected


def _spots(fid, other):
    from games.terra_mystica.board import board_for
    from games.terra_mystica.data import FACTIONS

    LAND, TERRAIN = board_for("original").land, board_for("original").terrain
    out = {}
    for seat, f in enumerate((fid, other)):
        home = FACTIONS[f]["home"]
        mine = [h for h in LAND if TERRAIN[h] == home and h[0] in "DEFG"]
        out[seat] = mine[:3]
    return out


def test_swarmlings_get_three_workers_per_town():
    s = start(["swarmlings", "witches"], {0: ["E4", "G6"], 1: ["I6", "G3"]})
    put(s, 0, "E5 E6", "TP")
    put(s, 0, "E4", "TP")
    put(s, 0, "F3", "D")
    give(s, 0, W=10, C=20)
    play(s, 0, "upgrade F3 to TP")  # 4 trading houses: power 8
    assert fac(s, 0)["W"] == 10 - 3 + 3 and fac(s, 0)["pending"]["TW"] == 1


def test_dwarves_stronghold_tunnels_for_one_worker():
    s = start(["dwarves", "witches"], {0: ["E7", "F6"], 1: ["I6", "G3"]})
    put(s, 0, "F6", "SH")
    give(s, 0, W=10, C=10)
    play(s, 0, "transform C3 to gray")
    assert fac(s, 0)["W"] == 10 - 3 - 1


def test_fakirs_stronghold_extends_the_carpet():
    s = start(["fakirs", "witches"], {0: ["F3", "G4"], 1: ["I6", "G3"]})
    put(s, 0, "F3", "TP")
    give(s, 0, W=20, C=20, P=3)
    play(s, 0, "upgrade F3 to SH")
    assert fac(s, 0)["range"] == 2
    play(s, 1, "pass BON3")
    play(s, 0, "build D3")  # desert three steps from F3 (E5, D3 across r14)
    assert s["buildings"]["D3"] == [0, "D"] and fac(s, 0)["P"] == 2
