"""Power offers (leech): amounts, caps, VP cost, order and round end."""

import pytest

from games.core import IllegalMove

from .tm_helpers import GAME, fac, give, play, put, start


def _pair():
    # engineers' E7 and F6 touch the witches' build spots E6/F4 and E8
    return start(["witches", "engineers"], {0: ["C3", "C4"], 1: ["E7", "F6"]})


def test_offer_is_the_sum_of_own_adjacent_buildings_for_vp_minus_one():
    s = _pair()
    put(s, 1, "E7", "TE")
    put(s, 0, "D5", "D")
    give(s, 0, W=10, C=10)
    play(s, 0, "upgrade D5 to TP")  # D5 touches E7 (temple) only
    assert s["leeches"] == [{"seat": 1, "from": 0, "amount": 2, "id": s["leeches"][0]["id"]}]
    assert GAME.to_move(s) == {1}
    vp = fac(s, 1)["vp"]
    play(s, 1, "leech 2 from witches")
    assert fac(s, 1)["vp"] == vp - 1


def test_seed_example_temple_and_dwelling_give_three_power_for_two_vp():
    s = _pair()
    put(s, 1, "E7", "TE")
    put(s, 1, "E8", "D")
    give(s, 0, W=10, C=10)
    put(s, 0, "D5", "D")
    give(s, 1, pw=[5, 7, 0])
    play(s, 0, "upgrade D5 to TP")  # D5 touches E7 and E8
    vp = fac(s, 1)["vp"]
    play(s, 1, "leech 3 from witches")
    assert fac(s, 1)["vp"] == vp - 2 and fac(s, 1)["pw"] == [2, 10, 0]


def test_power_is_capped_by_the_bowls_and_vp_cost_follows_what_moved():
    s = _pair()
    put(s, 1, "E7", "TE")
    put(s, 1, "E8", "D")
    put(s, 0, "D5", "D")
    give(s, 0, W=10, C=10)
    give(s, 1, pw=[0, 1, 11])
    play(s, 0, "upgrade D5 to TP")
    vp = fac(s, 1)["vp"]
    play(s, 1, "leech 3 from witches")
    assert fac(s, 1)["pw"] == [0, 0, 12] and fac(s, 1)["vp"] == vp  # 1 power moved: free


def test_cannot_pay_below_zero_vp():
    s = _pair()
    put(s, 1, "E7", "TE")
    put(s, 1, "E8", "D")
    put(s, 0, "D5", "D")
    give(s, 0, W=10, C=10)
    give(s, 1, vp=1)
    play(s, 0, "upgrade D5 to TP")
    play(s, 1, "leech 3 from witches")
    assert fac(s, 1)["vp"] == 0 and fac(s, 1)["pw"] == [1, 11, 0]  # 2 of 3 power: 1 VP


def test_decline_is_free_and_offers_are_answered_in_any_order():
    s = start(["witches", "engineers", "darklings"], {0: ["C3", "C4"], 1: ["E7", "F6"], 2: ["E5", "G5"]})
    put(s, 0, "E6", "D", terrain=True)
    give(s, 0, W=10, C=10)
    play(s, 0, "upgrade E6 to TP")  # E6 touches E7 (engineers) and E5 (darklings)
    assert GAME.to_move(s) == {1, 2}
    before = fac(s, 2)["vp"], list(fac(s, 2)["pw"])
    play(s, 2, "decline")
    assert (fac(s, 2)["vp"], fac(s, 2)["pw"]) == before
    play(s, 1, "leech 1 from witches")
    assert GAME.to_move(s) == {1}


def test_strict_leech_no_taking_an_offer_after_a_conversion():
    s = _pair()
    put(s, 0, "D5", "D")
    give(s, 0, W=10, C=10)
    play(s, 0, "upgrade D5 to TP")
    assert GAME.legal_moves(s, 1)[:2] == ["leech 1 from witches", "decline 1 from witches"]
    give(s, 1, pw=[0, 0, 12])
    assert "convert 1PW to 1C. leech 1 from witches" not in GAME.legal_moves(s, 1, "convert 1PW to 1C. ")
    play(s, 1, "convert 1PW to 1C")  # a free action with the offer open is fine...
    with pytest.raises(IllegalMove, match="only decline"):
        play(s, 1, "leech 1 from witches")  # ...but then the offer can only be declined
    assert "leech 1 from witches" not in GAME.legal_moves(s, 1)
    play(s, 1, "decline 1 from witches")


def test_a_row_answers_its_power_offers_first_as_the_site_reads_it():
    """The site runs every leech or decline of a row before the rest of it: ``burn 1. leech 1``
    with one power in bowl II burns what the leech brought there; under strict-leech a
    conversion typed before the leech in the same row is still after it (both accepted
    on the site), while a leech in a row after a conversion stays refused (above)."""
    s = _pair()
    put(s, 0, "D5", "D")
    give(s, 0, W=10, C=10)
    play(s, 0, "upgrade D5 to TP")
    give(s, 1, pw=[1, 1, 0])
    vp = fac(s, 1)["vp"]
    with pytest.raises(IllegalMove):
        play(s, 1, "burn 1")  # one power in bowl II: nothing to burn before the leech
    play(s, 1, "burn 1. leech 1 from witches")
    assert fac(s, 1)["pw"] == [0, 0, 1] and fac(s, 1)["vp"] == vp and not s["leeches"]
    # the menus never list a leech after another part: the row would not mean what it says
    s = _pair()
    put(s, 0, "D5", "D")
    give(s, 0, W=10, C=10)
    play(s, 0, "upgrade D5 to TP")
    give(s, 1, pw=[1, 1, 10])
    assert not [m for m in GAME.legal_moves(s, 1, "convert 1PW to 1C. ") if "leech" in m or "decline" in m]
    assert "leech 1 from witches. convert " in GAME.legal_moves(s, 1, "leech 1 from witches. ")
    coins = fac(s, 1)["C"]
    play(s, 1, "convert 1PW to 1C. leech 1 from witches")  # strict-leech: the leech came first
    assert fac(s, 1)["pw"] == [1, 2, 9] and fac(s, 1)["C"] == coins + 1


def test_a_row_in_the_sites_order_swaps_what_the_site_swaps():
    """The site's own clean-up of a row: ``build X. transform Y`` is the transform first."""
    from games.terra_mystica.notation import parse_row, site_order

    assert site_order(parse_row("build E5. transform F6 to black. leech 1 from witches")) == parse_row(
        "leech 1 from witches. transform F6 to black. build E5")
    assert site_order(parse_row("pass BON3. convert 1PW to 1C")) == parse_row("convert 1PW to 1C. pass BON3")
    assert site_order(parse_row("pass. convert 1PW to 1C")) == parse_row("pass. convert 1PW to 1C")
    assert site_order(parse_row("dig 1. action ACT5")) == parse_row("action ACT5. dig 1")


def test_round_waits_for_open_offers():
    s = _pair()
    put(s, 0, "D5", "D")
    give(s, 0, W=10, C=10)
    play(s, 0, "upgrade D5 to TP")
    play(s, 1, "decline")
    # now the engineers pass, the witches build next to them and pass too
    play(s, 1, "pass BON3")
    put(s, 0, "E8", "D")
    play(s, 0, "upgrade E8 to TP")
    assert 1 in GAME.to_move(s)
    play(s, 0, "pass BON1")
    assert s["round"] == 1 and GAME.to_move(s) == {1}
    play(s, 1, "leech 2 from witches")
    assert s["round"] == 2
