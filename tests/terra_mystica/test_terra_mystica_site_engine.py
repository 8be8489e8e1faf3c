"""Where random games under the site's options differed from the site's own engine (its
evaluation of the same command log; bench/tm_differential.py), one test per rule class, each
written from the site engine's behaviour:

1. steps granted together (the Auren's ACTA, FAV6...) go on one track: ``+2WATER``;
2. the Darklings' stronghold trade: the first conversion after the stronghold spends it, and
   ``-3CONVERT_W_TO_P`` refuses it; their turn then ends and the next seat moves while the
   power offer of the stronghold is still open;
3. the Cultists' +1 power when every opponent declines: an opponent whose bowls a different
   offer just filled counts as declining at once, while the Cultists' offer is still open;
4. under variable-turn-order, a pass that leaves the turn open (a Cultists' step to place)
   hands the turn to the first seat of the order that has not passed.
"""

import pytest

from games.core import IllegalMove

from .tm_helpers import GAME, fac, give, play, put, start, turn_to


def test_1_steps_granted_together_go_on_one_track():
    s = start(["auren", "cultists"], {0: ["E9", "G3"], 1: ["A1", "I8"]})
    put(s, 0, "E9", "SH")
    water = fac(s, 0)["cult"][1]
    play(s, 0, "action ACTA. +2WATER")
    assert fac(s, 0)["cult"][1] == water + 2


def test_1_the_menu_lists_steps_granted_together_as_the_site_writes_them():
    """``+2WATER`` (not ``+WATER``, which reads as one step although it moves two)."""
    s = start(["auren", "cultists"], {0: ["E9", "G3"], 1: ["A1", "I8"]})
    put(s, 0, "E9", "SH")
    play(s, 0, "action ACTA")
    assert GAME.legal_moves(s, 0) == ["+2FIRE", "+2WATER", "+2EARTH", "+2AIR"]
    assert GAME.legal_moves(s, 0, "+2W") == ["+2WATER"]
    play(s, 0, GAME.legal_moves(s, 0)[1])
    assert s["current"] == 1


def test_1_steps_granted_together_cannot_be_split():
    s = start(["auren", "cultists"], {0: ["E9", "G3"], 1: ["A1", "I8"]})
    put(s, 0, "E9", "SH")
    before = list(fac(s, 0)["cult"])
    with pytest.raises(IllegalMove):
        play(s, 0, "action ACTA. +FIRE. +WATER")
    assert fac(s, 0)["cult"] == before


def _darklings_stronghold():
    """Darklings upgrade G5 to their stronghold next to a witches' dwelling (an offer of 1)."""
    s = start(["darklings", "witches"], {0: ["E5", "G5"], 1: ["E9", "G3"]})
    put(s, 0, "G5", "TP")
    put(s, 1, "H6", "D")
    give(s, 0, W=10, C=20, P=0, pw=[0, 0, 12])
    return s


def test_2_the_first_conversion_after_the_stronghold_spends_the_trade():
    s = _darklings_stronghold()
    with pytest.raises(IllegalMove, match="cannot convert W to P"):
        play(s, 0, "upgrade G5 to SH. convert 1PW to 1C. convert 1W to 1P")
    play(s, 0, "upgrade G5 to SH. convert 1PW to 1C")
    assert fac(s, 0)["P"] == 0 and s["current"] == 1  # the trade is gone and so is the turn


def test_2_refusing_the_trade_ends_the_turn_with_the_offer_still_open():
    s = _darklings_stronghold()
    play(s, 0, "upgrade G5 to SH")
    assert s["leeches"] and GAME.to_move(s) == {0, 1}
    play(s, 0, "-3CONVERT_W_TO_P")
    assert s["current"] == 1 and GAME.to_move(s) == {1} and s["leeches"]
    turn_to(s, 0)
    with pytest.raises(IllegalMove):
        play(s, 0, "convert 1W to 1P")


def test_2_converting_ends_the_turn_with_the_offer_still_open():
    s = _darklings_stronghold()
    play(s, 0, "upgrade G5 to SH")
    play(s, 0, "convert 2W to 2P")
    assert fac(s, 0)["P"] == 2 and s["current"] == 1 and s["leeches"]


def test_2_nothing_to_refuse_without_the_trade():
    s = _darklings_stronghold()
    with pytest.raises(IllegalMove, match="no stronghold trade"):
        play(s, 0, "-3CONVERT_W_TO_P")


def _three():
    """Cultists (seat 0), witches (1), engineers (2); the witches' A10 touches A9 and A11."""
    s = start(["cultists", "witches", "engineers"], {0: ["A1", "I8"], 1: ["E9", "G3"], 2: ["F1", "I3"]})
    put(s, 0, "A9", "D")
    put(s, 1, "A10", "D")
    put(s, 2, "A11", "D")
    give(s, 0, W=10, C=20)
    give(s, 2, W=10, C=20)
    return s


def test_3_cultists_power_when_a_filled_bowl_counts_as_declining_at_once():
    s = _three()
    turn_to(s, 2)
    play(s, 2, "upgrade A11 to TP")  # an offer of 1 to the witches
    give(s, 1, pw=[0, 1, 11])  # room for 1 power only
    turn_to(s, 0)
    play(s, 0, "upgrade A9 to TP")  # the Cultists' offer of 1 to the witches, still open
    before = list(fac(s, 0)["pw"])
    play(s, 1, "leech 1 from engineers")  # bowls full: the Cultists' offer can give nothing
    assert fac(s, 0)["pw"] == [before[0] - 1, before[1] + 1, before[2]]  # +1 power now
    assert fac(s, 0)["pending"]["CULTIST"] == 0
    play(s, 1, "decline 1 from cultists")
    assert fac(s, 0)["pw"] == [before[0] - 1, before[1] + 1, before[2]]  # not twice


def test_3_an_offer_counted_as_declined_gives_nothing_when_taken():
    s = _three()
    turn_to(s, 2)
    play(s, 2, "upgrade A11 to TP")
    give(s, 1, pw=[0, 1, 11])
    turn_to(s, 0)
    play(s, 0, "upgrade A9 to TP")
    play(s, 1, "leech 1 from engineers")
    give(s, 1, pw=[1, 0, 11])  # room again (as after spending power)
    vp, pw = fac(s, 1)["vp"], list(fac(s, 1)["pw"])
    play(s, 1, "leech 1 from cultists")
    assert (fac(s, 1)["vp"], fac(s, 1)["pw"]) == (vp, pw)
    assert fac(s, 0)["pending"]["CULTIST"] == 0  # no cult step for the Cultists either


def _cultists_pass_owing_a_step(options):
    s = start(["witches", "cultists", "engineers"], {0: ["E9", "G3"], 1: ["A1", "I8"], 2: ["F1", "I3"]},
              options=options)
    put(s, 1, "A9", "D")
    put(s, 0, "A10", "D")
    give(s, 1, W=10, C=20)
    turn_to(s, 1)
    play(s, 1, "upgrade A9 to TP")
    play(s, 0, "leech 1 from cultists")  # the Cultists owe a cult step
    turn_to(s, 1)
    card = sorted(s["pool"], key=lambda b: int(b[3:]))[0]
    play(s, 1, f"pass {card}")
    play(s, 1, "+FIRE")
    return s


def test_4_a_pass_left_open_hands_the_turn_to_the_first_seat_not_passed():
    s = _cultists_pass_owing_a_step(None)  # the site's league options
    assert s["current"] == 0  # the site: witches, the first of the order (engineers skipped)


def test_4_without_variable_turn_order_the_next_seat_moves():
    opts = {"league": True, "variable-turn-order": False}
    s = _cultists_pass_owing_a_step(opts)
    assert s["current"] == 2
