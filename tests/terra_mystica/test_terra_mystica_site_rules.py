"""Rules of the online site the engine follows (issue #14), one test each,
written from the rule: power offers, cult steps, spades and digging, and the
stronghold abilities where the site is stricter or looser than a reading of
the rulebook."""

import pytest

from games.core import IllegalMove

from .tm_helpers import GAME, SCORING, fac, give, play, put, start, turn_to


def _cultists():
    # cultists (brown) E6 F5, witches (green) E9 G3: F5 touches E9
    return start(["cultists", "witches"], {0: ["E6", "F5"], 1: ["E9", "G3"]})


def _pair():
    # witches (green) C3 C4, engineers (gray) E7 F6: D5 touches E7, F5 touches F6
    return start(["witches", "engineers"], {0: ["C3", "C4"], 1: ["E7", "F6"]})


def _brown():
    # cultists (brown) E6 F5; around E6: E5 black (1 spade home), D4 red (2), E7 gray (3), F3 yellow
    s = start(["cultists", "witches"], {0: ["E6", "F5"], 1: ["I6", "G3"]})
    give(s, 0, W=20, C=20, pw=[0, 0, 12])
    return s


# --- power offers ------------------------------------------------------------------------------------
def test_1_cultists_place_their_step_while_another_offer_is_open():
    s = _cultists()
    give(s, 0, C=20, W=10)
    give(s, 1, C=20, W=10)
    play(s, 0, "upgrade F5 to TP")
    play(s, 1, "leech 1 from cultists. upgrade E9 to TP")  # a new offer to the Cultists
    assert fac(s, 0)["pending"]["CULTIST"] == 1 and [o["seat"] for o in s["leeches"]] == [0]
    play(s, 0, "+EARTH")  # strict-leech does not hold the step back
    assert fac(s, 0)["cult"][2] == 2 and s["leeches"]
    play(s, 0, "leech 2 from witches")


def test_2_a_full_action_declines_open_offers_silently():
    s = _pair()
    put(s, 0, "D5", "D")
    give(s, 0, W=10, C=10)
    give(s, 1, W=10, C=10)
    play(s, 0, "upgrade D5 to TP")
    assert s["leeches"] and s["current"] == 1
    pw = list(fac(s, 1)["pw"])
    events = play(s, 1, "upgrade E7 to TP")
    assert s["buildings"]["E7"] == [1, "TP"] and fac(s, 1)["pw"] == pw
    assert not any(o["seat"] == 1 for o in s["leeches"])
    assert not any("declines" in e.text for e in events)


def test_6_cultists_power_counts_only_opponents_who_could_take_power():
    s = _cultists()
    give(s, 0, C=20, W=10)
    give(s, 1, pw=[0, 0, 12])  # the witches' bowls cannot move a token
    pw = list(fac(s, 0)["pw"])
    play(s, 0, "upgrade F5 to TP")
    play(s, 1, "decline")
    assert fac(s, 0)["pw"] == pw and fac(s, 0)["pending"]["CULTIST"] == 0


def test_16_strict_leech_an_earlier_offer_cannot_be_taken_after_a_later_one():
    s = _pair()
    put(s, 1, "E7", "TP")
    put(s, 0, "D5 F5", "D")
    give(s, 0, W=20, C=20)
    play(s, 0, "upgrade D5 to TP")  # offer of 2 (E7 trading house)
    turn_to(s, 0)
    play(s, 0, "upgrade F5 to TP")  # offer of 1 (F6 dwelling), made later
    play(s, 1, "leech 1 from witches")
    with pytest.raises(IllegalMove, match="earlier one can only be declined"):
        play(s, 1, "leech 2 from witches")
    play(s, 1, "decline 2 from witches")
    assert not s["leeches"]


def test_16_without_strict_leech_the_order_is_free():
    s = start(["witches", "engineers"], {0: ["C3", "C4"], 1: ["E7", "F6"]}, options={"strict-leech": False})
    put(s, 1, "E7", "TP")
    put(s, 0, "D5 F5", "D")
    give(s, 0, W=20, C=20)
    play(s, 0, "upgrade D5 to TP")
    turn_to(s, 0)
    play(s, 0, "upgrade F5 to TP")
    play(s, 1, "leech 1 from witches")
    play(s, 1, "leech 2 from witches")
    assert not s["leeches"]


def test_17_an_offer_is_taken_whole_up_to_what_bowls_and_vp_allow():
    s = _pair()
    put(s, 1, "E7", "TP")
    put(s, 0, "D5", "D")
    give(s, 0, W=10, C=10)
    play(s, 0, "upgrade D5 to TP")
    with pytest.raises(IllegalMove, match="taken whole"):
        play(s, 1, "leech 1 from witches")
    vp = fac(s, 1)["vp"]
    play(s, 1, "leech 2 from witches")
    assert fac(s, 1)["vp"] == vp - 1


def test_17_leech_1_is_whole_when_the_bowls_take_only_1():
    s = _pair()
    put(s, 1, "E7", "TP")
    put(s, 0, "D5", "D")
    give(s, 0, W=10, C=10)
    give(s, 1, pw=[0, 1, 11])
    play(s, 0, "upgrade D5 to TP")
    play(s, 1, "leech 1 from witches")
    assert fac(s, 1)["pw"] == [0, 0, 12]


# --- cult steps --------------------------------------------------------------------------------------
def test_3_last_faction_acts_on_with_a_cult_step_owed_and_places_it_after_passing():
    s = _pair()
    turn_to(s, 1)
    play(s, 1, "pass BON3")
    fac(s, 0)["favours"].append("FAV6")
    play(s, 0, "action FAV6")  # every other faction has passed
    play(s, 0, "pass BON4")  # the next action, the step still owed
    assert s["round"] == 1 and GAME.to_move(s) == {0}
    water = fac(s, 0)["cult"][1]
    play(s, 0, "+WATER")
    assert fac(s, 0)["cult"][1] == water + 1 and s["round"] == 2


def test_3_with_others_still_playing_the_step_comes_first():
    s = _pair()
    fac(s, 0)["favours"].append("FAV6")
    play(s, 0, "action FAV6")
    assert s["current"] == 0
    with pytest.raises(IllegalMove):
        play(s, 0, "pass BON4")
    play(s, 0, "+WATER")
    assert s["current"] == 1


def test_5_a_step_held_at_9_for_want_of_a_key_reaches_10_when_a_town_brings_one():
    s = start(["witches", "engineers"], {0: ["E9", "G3"], 1: ["E7", "C2"]})
    put(s, 0, "E10 D7", "TP")
    put(s, 0, "F6", "TE")
    give(s, 0, W=20, C=20)
    fac(s, 0)["cult"][0] = 7
    play(s, 0, "upgrade F6 to SA. +FAV1")  # fire 7 + 3 stops at 9: no key yet
    assert fac(s, 0)["cult"][0] == 9 and fac(s, 0)["pending"]["TW"] == 1
    pw = list(fac(s, 0)["pw"])
    play(s, 0, "+TW1")  # the town's key arrives in the same turn
    assert fac(s, 0)["cult"][0] == 10 and fac(s, 0)["keys"] == 0
    assert fac(s, 0)["pw"] != pw  # 3 power for reaching 10


def test_5_the_key_of_a_later_turn_does_not_move_the_marker():
    s = start(["witches", "engineers"], {0: ["E9", "G3"], 1: ["E7", "C2"]})
    fac(s, 0)["cult"][0] = 8
    give(s, 0, P=1)
    play(s, 0, "send p to FIRE")
    assert fac(s, 0)["cult"][0] == 9
    fac(s, 0)["keys"] = 1
    play(s, 1, "pass BON3")
    play(s, 0, "pass BON4")
    assert fac(s, 0)["cult"][0] == 9


def test_14_cultists_place_their_owed_step_before_their_turn_ends():
    s = _cultists()
    give(s, 0, C=20, W=10)
    play(s, 0, "upgrade F5 to TP")
    play(s, 1, "leech 1 from cultists. pass BON3")
    assert fac(s, 0)["pending"]["CULTIST"] == 1
    play(s, 0, "upgrade E6 to TP")
    assert s["turn"] and s["turn"]["seat"] == 0 and GAME.to_move(s) == {0}  # the turn stays open
    with pytest.raises(IllegalMove, match="cult step"):
        play(s, 0, "done")
    play(s, 0, "+FIRE")
    assert s["turn"] is None and fac(s, 0)["pending"]["CULTIST"] == 0


def test_auren_stronghold_step_takes_plus_2_earth_or_plus_earth():
    for text in ("action ACTA. +2EARTH", "action ACTA. +EARTH"):
        s = start(["auren", "engineers"], {0: ["I6", "I11"], 1: ["I3", "I9"]})
        put(s, 0, "I6", "SH")
        earth = fac(s, 0)["cult"][2]
        play(s, 0, text)
        assert fac(s, 0)["cult"][2] == earth + 2


# --- spades and digging ------------------------------------------------------------------------------
def test_explicit_dig_before_a_transform_pays_workers_at_the_dig():
    s = _brown()
    play(s, 0, "dig 1. transform E5")  # black -> brown, 1 spade for 3 workers
    assert s["terrain"]["E5"] == 1 and fac(s, 0)["W"] == 17


def test_8_dug_spades_cannot_be_thrown_away():
    s = _brown()
    with pytest.raises(IllegalMove, match="cannot be thrown away"):
        play(s, 0, "dig 1. -SPADE")


def test_8_dug_spades_all_go_into_a_transform_to_another_terrain():
    s = _brown()
    with pytest.raises(IllegalMove, match="must all be used"):
        play(s, 0, "dig 2. transform E5 to blue")  # black -> blue takes 1 of the 2
    play(s, 0, "dig 1. transform E5 to blue")
    assert s["terrain"]["E5"] == 3 and fac(s, 0)["W"] == 17


def test_9_transforms_come_before_the_build():
    s = _brown()
    with pytest.raises(IllegalMove, match="before its build"):
        play(s, 0, "action ACT6. build E5")  # E5 takes 1 of the 2 spades: 1 would be left
    play(s, 0, "action ACT6. transform E5. build E5. -SPADE")
    assert s["buildings"]["E5"] == [0, "D"]


def test_9_a_transform_typed_right_after_a_build_runs_before_it_as_on_the_site():
    """The site reads ``build X. transform Y`` as ``transform Y. build X`` (its row clean-up)."""
    s = _brown()
    play(s, 0, "action ACT6. transform E5. build E5. transform F3 to red")
    assert s["buildings"]["E5"] == [0, "D"] and s["terrain"]["F3"] == 6 and s["current"] == 1


def test_9_a_build_that_uses_every_spade_transforms_in_place():
    s = _brown()
    play(s, 0, "action ACT6. build D4")  # red -> brown: both spades
    assert s["buildings"]["D4"] == [0, "D"]


def test_10_one_hex_per_action_turns_to_a_terrain_other_than_home():
    s = _brown()
    with pytest.raises(IllegalMove, match="at most one hex"):
        play(s, 0, "action ACT6. transform E5 to blue. transform F3 to red")
    play(s, 0, "action ACT6. transform E5 to blue. transform F3")  # the second one goes home
    assert (s["terrain"]["E5"], s["terrain"]["F3"]) == (3, 1)


def test_11_halflings_stronghold_spades_cannot_be_topped_up():
    s = start(["halflings", "witches"], {0: ["E6", "F5"], 1: ["I6", "G3"]})
    put(s, 0, "E6", "TP")
    give(s, 0, W=20, C=20)
    with pytest.raises(IllegalMove, match="topped up"):
        play(s, 0, "upgrade E6 to SH. dig 1")
    with pytest.raises(IllegalMove, match="topped up"):
        play(s, 0, "upgrade E6 to SH. transform E5. transform E7 to brown")  # 1 + 3 spades of 3
    play(s, 0, "upgrade E6 to SH. transform E7. build E7")
    assert s["buildings"]["E7"] == [0, "D"]


def test_4_giants_stronghold_spades_score_the_spade_round():
    s = start(["giants", "witches"], {0: ["E3", "D4"], 1: ["I6", "G3"]}, scoring=["SCORE1"] + SCORING[1:])
    put(s, 0, "D4", "SH")
    give(s, 0, W=1, C=10)
    vp = fac(s, 0)["vp"]
    play(s, 0, "action ACTG. build E4")
    assert fac(s, 0)["vp"] == vp + 2 * 2


def test_15_no_sandstorm_on_a_desert_hex():
    s = start(["nomads", "witches"], {0: ["F3", "G4", "E8"], 1: ["I6", "G3"]})
    put(s, 0, "F3", "SH")
    give(s, 0, W=5, C=10)
    s["terrain"]["F4"] = 0  # desert already
    with pytest.raises(IllegalMove, match="already desert"):
        play(s, 0, "action ACTN. build F4")
    assert "F4" not in GAME.legal_moves(s, 0, "action ACTN. build F")


# --- strongholds and turns ---------------------------------------------------------------------------
def test_7_burn_0_is_accepted_and_does_nothing():
    s = _pair()
    pw = list(fac(s, 0)["pw"])
    play(s, 0, "burn 0")
    assert fac(s, 0)["pw"] == pw and s["current"] == 0


def test_12_darklings_stronghold_turn_stays_open_for_the_conversion():
    s = start(["darklings", "witches"], {0: ["E5", "G5"], 1: ["E9", "G3"]})
    put(s, 0, "G5", "TP")
    give(s, 0, W=10, C=20, P=0)
    play(s, 0, "upgrade G5 to SH")
    assert GAME.to_move(s) == {0} and s["turn"]["seat"] == 0
    assert "-3CONVERT_W_TO_P" in GAME.legal_moves(s, 0)  # the site's refusal (its 'done' leaves it open)
    play(s, 0, "convert 2W to 2P")
    assert fac(s, 0)["P"] == 2 and s["current"] == 1


def test_12_darklings_may_end_the_stronghold_turn_without_converting():
    s = start(["darklings", "witches"], {0: ["E5", "G5"], 1: ["E9", "G3"]})
    put(s, 0, "G5", "TP")
    give(s, 0, W=10, C=20, P=0)
    play(s, 0, "upgrade G5 to SH")
    play(s, 0, "done")
    assert s["current"] == 1
    turn_to(s, 0)
    with pytest.raises(IllegalMove):
        play(s, 0, "convert 1W to 1P")  # strict-darkling-sh: only in the stronghold turn


def test_13_chaos_magicians_cannot_end_a_half_used_double_action():
    s = start(["chaosmagicians", "witches"], {0: ["E3"], 1: ["E9", "G3"]}, bonuses={0: "BON3", 1: "BON5"})
    put(s, 0, "D4", "SH")
    give(s, 0, W=20, C=20)
    play(s, 0, "action ACTC. dig 1. build D3")
    with pytest.raises(IllegalMove, match="double action"):
        play(s, 0, "done")
    assert "done" not in GAME.legal_moves(s, 0)
    play(s, 0, "dig 1. build E4")
    assert s["current"] == 1


def test_8_dug_spades_no_transform_could_use_are_refused():
    s = start(["giants", "witches"], {0: ["E3", "D4"], 1: ["I6", "G3"]})
    give(s, 0, W=9, C=10)  # three spades' worth and not a worker more
    with pytest.raises(IllegalMove, match="dig fewer"):
        play(s, 0, "dig 3. transform E2")  # 2 of the 3 spades; the third could go nowhere
    play(s, 0, "dig 2. transform E2")
    assert s["terrain"]["E2"] == 6 and fac(s, 0)["W"] == 3


def test_8_dug_spades_are_used_before_the_build():
    s = _brown()
    with pytest.raises(IllegalMove, match="before you build"):
        play(s, 0, "dig 2. transform E5. build E5")  # 1 dug spade still held at the build
    play(s, 0, "dig 2. transform E5. transform F3. build E5")
    assert s["buildings"]["E5"] == [0, "D"] and s["terrain"]["F3"] == 1


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_under_the_site_rules_never_get_stuck(players):
    from games.core.playout import random_playout

    for seed in range(3):
        for options in ({"league": True}, None):  # the site's options, and the seed's game
            state, _moves = random_playout(GAME, players, 200 + seed, options)
            assert GAME.result(state) is not None


def test_8_a_row_cannot_end_on_dug_spades_nothing_can_use():
    s = start(["giants", "witches"], {0: ["E3", "D4"], 1: ["I6", "G3"]})
    give(s, 0, W=3, C=10)
    with pytest.raises(IllegalMove, match="dig fewer"):
        play(s, 0, "dig 1")  # the Giants need 2 spades a hex and cannot pay the second
