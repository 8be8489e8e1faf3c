"""End of game: cult majorities, networks, resources, ties; whole playouts."""

import json

import pytest

from games.terra_mystica.scoring import final_scoring, network_size, share
from tests.contract_suite import check_playouts

from .tm_helpers import GAME, fac, give, put, start


def test_share_splits_tied_places_rounded_down():
    assert share([5, 3, 3, 1], (18, 12, 6)) == [18, 9, 9, 0]
    assert share([7, 7, 2, 0], (18, 12, 6)) == [15, 15, 6, 0]  # seed: (18 + 12) / 2
    assert share([4, 4, 4], (8, 4, 2)) == [4, 4, 4]  # 14 / 3 rounded down
    assert share([0, 0, 3], (8, 4, 2)) == [0, 0, 8]  # nobody scores at 0


def test_network_counts_shipping_reach():
    s = start(["mermaids", "witches"], {0: ["D2", "A4"], 1: ["E9", "G3"]})
    fac(s, 0)["ship"] = 2
    assert network_size(s, 0) == 1  # D2 and A4 are three river hexes apart (r7, r0, r1)
    fac(s, 0)["ship"] = 3
    assert network_size(s, 0) == 2
    assert network_size(s, 1) == 1


def test_final_scoring_cults_network_and_resources():
    s = start(["witches", "engineers"], {0: ["E9", "G3"], 1: ["E7", "C2"]})
    put(s, 0, "F6 E10", "D")
    give(s, 0, C=7, W=1, P=1, pw=[0, 5, 1], cult=[5, 0, 0, 3], vp=50)
    give(s, 1, C=2, W=0, P=0, pw=[12, 0, 0], cult=[5, 1, 0, 0], vp=50)
    out = dict(final_scoring(s))
    assert out["FIRE"] == [6, 6] and out["WATER"] == [0, 8] and out["AIR"] == [8, 0]
    assert out["network"] == [18, 12]
    # witches: 7 C + 1 W + 1 P + (1 + 2 burned) power = 12 coins = 4 VP
    assert out["resources"] == [4, 0]
    assert fac(s, 0)["vp"] == 50 + 6 + 8 + 18 + 4 and fac(s, 1)["C"] == 2


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_playouts_complete(players):
    check_playouts("terra-mystica", players, seeds=range(2))


def test_result_has_breakdown_and_state_round_trips_json():
    from games.core.playout import random_playout

    state, _moves = random_playout(GAME, 3, 5)
    result = GAME.result(state)
    assert len(result.breakdown) == 3
    for s, row in enumerate(result.breakdown):
        assert sum(row.values()) == result.scores[s]
    assert json.loads(json.dumps(GAME.dump(state))) == state
