"""The Fire & Ice final scoring tiles (facts: the site's engine, its final scoring): one tile
added to the cult and network scoring, ranked within a network (buildings linked directly or
within reach), 18/12/6 with ties sharing the places they take (rounded down), a value of 0
scoring nothing, scored before the cult tracks."""

from games.terra_mystica.board import board_for
from games.terra_mystica.data import FINAL_TILES
from games.terra_mystica.rules import new_state
from games.terra_mystica.scoring import final_scoring, share, tile_value

from .tm_helpers import GAME, fac, put, start


def _pair(tile):
    s = start(["witches", "engineers"], {0: ["E9", "G3"], 1: ["F1", "I3"]})
    s["buildings"] = {}  # the tests place every building themselves
    s["final_tile"] = tile
    return s


def _scores(s, tile):
    return share([tile_value(s, seat, tile) for seat in range(len(s["factions"]))], (18, 12, 6))


def test_distance_is_the_longest_within_one_network():
    s = _pair("connected-distance")
    put(s, 0, "A1 A2 A3 I12")  # A1-A3 two steps; I12 is another network
    put(s, 1, "I1 I2")
    assert tile_value(s, 0, "connected-distance") == 2
    assert tile_value(s, 1, "connected-distance") == 1
    assert _scores(s, "connected-distance") == [18, 12]


def test_ties_share_the_places_they_take_and_zero_scores_nothing():
    s = start(["witches", "engineers", "cultists"], {0: ["E9", "G3"], 1: ["F1", "I3"], 2: ["E6", "F5"]})
    s["buildings"] = {}
    put(s, 0, "A1 A2 A3")
    put(s, 1, "I1 I2 I3")
    put(s, 2, "E6")  # one building: distance 0
    assert _scores(s, "connected-distance") == [15, 15, 0]


def test_sanctuary_to_stronghold_only_within_one_network():
    s = _pair("connected-sa-sh-distance")
    put(s, 0, "A1", "SA")
    put(s, 0, "A2")
    put(s, 0, "A3", "SH")
    put(s, 1, "I1", "SA")
    put(s, 1, "I12", "SH")  # not linked to its sanctuary
    assert tile_value(s, 0, "connected-sa-sh-distance") == 2
    assert tile_value(s, 1, "connected-sa-sh-distance") == 0
    assert _scores(s, "connected-sa-sh-distance") == [18, 0]


def test_edge_counts_one_networks_buildings_on_the_maps_edge():
    edge = board_for("original").edge
    assert {"A1", "A13", "B1", "B6", "I12", "E11"} <= edge and not {"E5", "C1", "B2"} & edge
    s = _pair("building-on-edge")
    put(s, 0, "A1 A2 A3 I12")  # three edge buildings in one network, one alone
    put(s, 1, "E5 E6")
    assert tile_value(s, 0, "building-on-edge") == 3
    assert tile_value(s, 1, "building-on-edge") == 0
    assert _scores(s, "building-on-edge") == [18, 0]


def test_clusters_count_direct_groups_inside_one_shipping_network():
    s = _pair("connected-clusters")
    fac(s, 0)["ship"] = 1
    put(s, 0, "A3 C1")  # across one river hex: one network, two clusters
    put(s, 1, "E5 I1")  # no shipping: two networks of one cluster each
    assert tile_value(s, 0, "connected-clusters") == 2
    assert tile_value(s, 1, "connected-clusters") == 1
    assert _scores(s, "connected-clusters") == [18, 12]


def test_the_tile_is_scored_first_and_named_in_the_breakdown():
    s = _pair("connected-distance")
    put(s, 0, "A1 A2 A3")
    put(s, 1, "I1 I2")
    before = [f["vp"] for f in s["factions"]]
    out = final_scoring(s)
    assert out[0] == ["connected-distance", [18, 12]]
    assert [c for c, _v in out] == ["connected-distance", "FIRE", "WATER", "EARTH", "AIR", "network", "resources"]
    assert all(f["vp"] >= b for f, b in zip(s["factions"], before))
    s["phase"] = "over"
    assert GAME.result(s).breakdown[0]["connected-distance"] == 18


def test_without_the_option_no_tile_is_scored():
    s = _pair(None)
    put(s, 0, "A1 A2 A3")
    assert [c for c, _v in final_scoring(s)][0] == "FIRE"


def test_the_tile_is_drawn_from_the_seed_or_named():
    opts = GAME.resolve_options(None)
    drawn = {new_state(4, seed, {**opts, "fire-and-ice-final-scoring": True})["final_tile"] for seed in range(20)}
    assert drawn <= set(FINAL_TILES) and len(drawn) >= 3
    again = new_state(4, 5, {**opts, "fire-and-ice-final-scoring": True})["final_tile"]
    assert again == new_state(4, 5, {**opts, "fire-and-ice-final-scoring": True})["final_tile"]
    named = new_state(4, 5, {**opts, "fire-and-ice-final-scoring": "building-on-edge"})
    assert named["final_tile"] == "building-on-edge"
    plain = new_state(4, 5, opts)
    assert plain["final_tile"] is None
    # the draw comes after the round tiles and bonus cards: those stay as without the tile
    with_tile = new_state(4, 5, {**opts, "fire-and-ice-final-scoring": True})
    assert (with_tile["scoring"], with_tile["pool"]) == (plain["scoring"], plain["pool"])
