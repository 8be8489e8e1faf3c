"""The seed's game is the default table; the online site's option sets are presets.

The seed (a Taiwanese walkthrough of the base game) has 10 town tiles, 9 bonus cards, 8 round
scoring tiles, the first to pass starting next round, and a power offer that would take a
player below 0 VP cannot be taken. ``options:site`` is what the site adds to every new game
(plus its partial power take), ``options:league`` the eight options its four-player leagues use.
"""

import pytest

from games.core import IllegalMove, RuleError
from games.terra_mystica.data import TOWNS

from .tm_helpers import GAME, fac, give, play, put, start

SITE = {"strict-leech", "strict-darkling-sh", "strict-chaosmagician-sh", "errata-cultist-power", "partial-leech"}
CONTENT = {"variable-turn-order", "mini-expansion-1", "shipping-bonus", "temple-scoring-tile"}


def test_default_table_is_the_seeds_game_every_option_off():
    opts = GAME.resolve_options(None)
    assert opts.pop("map") == "original" and not any(opts.values())


@pytest.mark.parametrize("seed", range(12))
def test_default_table_has_the_seeds_components(seed):
    state = GAME.setup(4, seed)
    assert sum(state["towns"].values()) == 10  # 5 kinds x 2, no TW6-TW8
    assert set(state["towns"]) == {k for k, v in TOWNS.items() if not v.get("mini")}
    assert len(state["pool"]) == 7 and "BON10" not in state["pool"]  # 4 players draw 7 of BON1-BON9
    assert "SCORE9" not in state["scoring"] and len(state["scoring"]) == 6


def test_league_preset_adds_the_sites_components():
    seen_bon10 = seen_score9 = False
    for seed in range(40):
        state = GAME.setup(4, seed, {"league": True})
        assert sum(state["towns"].values()) == 14
        seen_bon10 |= "BON10" in state["pool"]
        seen_score9 |= "SCORE9" in state["scoring"]
    assert seen_bon10 and seen_score9


def test_presets_name_the_sites_option_sets():
    site = GAME.resolve_options({"site": True})
    assert {k for k, v in site.items() if v is True} == SITE
    league = GAME.resolve_options({"league": True})
    assert {k for k, v in league.items() if v is True} == SITE | CONTENT
    assert site["map"] == league["map"] == "original"  # the site's sets keep the Original map


def test_an_option_named_beside_a_preset_wins_over_it():
    opts = GAME.resolve_options({"variable-turn-order": False, "league": True})
    assert opts["variable-turn-order"] is False and opts["mini-expansion-1"] is True


def test_presets_are_listed_when_an_option_is_unknown_and_take_only_true():
    with pytest.raises(RuleError) as err:
        GAME.resolve_options({"leagues": True})
    assert "league" in str(err.value) and "site" in str(err.value)
    with pytest.raises(RuleError):
        GAME.resolve_options({"site": 3})


def test_games_begun_under_version_1_replay_with_the_site_options_they_played():
    stored = {n: True for n in SITE | CONTENT if n != "partial-leech"}  # what version 1 stored
    stored["variable-turn-order"] = False
    opts = GAME.resolve_options(GAME.log_options(stored, 1))
    assert opts["partial-leech"] is True and opts["variable-turn-order"] is False
    assert GAME.log_options({"site": True}, 2) == {"site": True}


def _round_one(options):
    s = start(["witches", "engineers", "darklings"], {0: ["C3", "C4"], 1: ["E7", "F6"], 2: ["E5", "G5"]},
              options=options)
    give(s, 0, W=10, C=10, P=1)
    give(s, 2, C=10, P=1)
    play(s, 0, "advance dig")
    play(s, 1, "pass " + _free_card(s))  # engineers pass first
    play(s, 2, "advance ship")
    play(s, 0, "pass " + _free_card(s))
    play(s, 2, "pass " + _free_card(s))  # pass order: engineers, witches, darklings
    assert s["round"] == 2
    return s


def test_seed_order_first_to_pass_starts_then_clockwise():
    s = _round_one({})
    assert s["order"] == [1, 2, 0] and s["current"] == 1


def test_league_order_is_the_pass_order():
    s = _round_one({"league": True})
    assert s["order"] == [1, 0, 2] and s["current"] == 1


def _free_card(s):
    return sorted(s["pool"], key=lambda b: int(b[3:]))[0]


def _offer_of_three(options, vp, pw=None):
    """Witches upgrade next to the engineers' temple and dwelling: an offer of 3 power."""
    s = start(["witches", "engineers"], {0: ["C3", "C4"], 1: ["E7", "F6"]}, options=options)
    put(s, 1, "E7", "TE")
    put(s, 1, "E8", "D")
    put(s, 0, "D5", "D")
    give(s, 0, W=10, C=10)
    give(s, 1, vp=vp, **({"pw": pw} if pw else {}))
    play(s, 0, "upgrade D5 to TP")
    return s


def test_seed_an_offer_whose_vp_cost_cannot_be_paid_cannot_be_taken():
    s = _offer_of_three({}, vp=1)
    assert "leech 3 from witches" not in GAME.legal_moves(s, 1)
    assert "decline 3 from witches" in GAME.legal_moves(s, 1)
    view = GAME.view(s)
    assert view["leeches"][0]["take"] is None
    before = (fac(s, 1)["vp"], list(fac(s, 1)["pw"]))
    with pytest.raises(IllegalMove, match="cannot pay for this power offer: 3 power costs 2 VP and you have 1"):
        play(s, 1, "leech 3 from witches")
    assert (fac(s, 1)["vp"], fac(s, 1)["pw"]) == before
    play(s, 1, "decline")
    assert fac(s, 1)["vp"] == 1


def test_seed_an_offer_capped_by_the_bowls_costs_only_what_moves():
    s = _offer_of_three({}, vp=1, pw=[0, 2, 10])  # only 2 power can move: 1 VP
    assert GAME.view(s)["leeches"][0]["take"] == 2
    play(s, 1, "leech 3 from witches")
    assert fac(s, 1)["vp"] == 0 and fac(s, 1)["pw"] == [0, 0, 12]


def test_seed_exactly_enough_vp_takes_it_all_down_to_zero():
    s = _offer_of_three({}, vp=2)
    play(s, 1, "leech 3 from witches")
    assert fac(s, 1)["vp"] == 0


@pytest.mark.parametrize("preset", ["site", "league"])
def test_site_presets_take_what_the_vp_pay_for(preset):
    s = _offer_of_three({preset: True}, vp=1)
    assert GAME.view(s)["leeches"][0]["take"] == 2
    play(s, 1, "leech 3 from witches")
    assert fac(s, 1)["vp"] == 0 and fac(s, 1)["pw"] == [1, 11, 0]  # 2 of 3 power: from 3/9/0
