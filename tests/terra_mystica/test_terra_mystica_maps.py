"""Every map the online site offers: the data is the site's (its map id is the SHA-1 of the
terrain), and the geometry gives the counts the published facts list for each map."""

import hashlib

import pytest

from games.terra_mystica.board import board_for, hex_id
from games.terra_mystica.data import COLOURS, LETTER
from games.terra_mystica.maps import BY_SITE_ID, MAPS

#: key -> (land, river, adjacent cell pairs, bridge slots, edge land hexes, first hex), from the facts
COUNTS = {
    "original": (77, 36, 296, 29, 36, "A1"),
    "original-2017vp": (77, 36, 296, 29, 36, "A1"),
    "fire-ice-1": (77, 35, 295, 33, 31, "B1"),
    "fire-ice-2": (77, 36, 296, 29, 36, "A1"),
    "loon-lakes-1.6": (77, 35, 295, 22, 32, "B1"),
    "fjords-2.1": (80, 33, 296, 33, 34, "A1"),
}


def terrain_string(rows) -> str:
    """The site's terrain string: colour words, 'x' for river, 'E' closing every row."""
    words = []
    for row in rows:
        words += ["x" if c == "~" else COLOURS[LETTER[c]] for c in row.split()] + ["E"]
    return " ".join(words)


def test_the_site_offers_these_six_maps():
    assert set(MAPS) == set(COUNTS)


@pytest.mark.parametrize("key", sorted(COUNTS))
def test_map_data_is_the_sites_map_by_its_id(key):
    text = terrain_string(MAPS[key]["rows"])
    if "start_vp" in MAPS[key]:
        text += " original_2017"
    assert hashlib.sha1(text.encode()).hexdigest() == MAPS[key]["site_id"]
    assert BY_SITE_ID[MAPS[key]["site_id"]] == key


@pytest.mark.parametrize("key", sorted(COUNTS))
def test_map_geometry_counts(key):
    land, river, pairs, bridges, edge, first = COUNTS[key]
    b = board_for(key)
    assert (len(b.land), len(b.river), b.adjacent_pairs(), len(b.bridges), len(b.edge)) == (
        land, river, pairs, bridges, edge)
    assert b.land[0] == first
    for h, ns in b.neighbours.items():
        assert all(h in b.neighbours[n] for n in ns)


@pytest.mark.parametrize("key", sorted(COUNTS))
def test_bridge_slots_cross_one_river_hex_between_land_two_steps_apart(key):
    b = board_for(key)
    for slot in b.bridges:
        x, y = slot.split(":")
        assert b.hex_distance(x, y) == 2 and y not in b.land_neighbours[x] and b.ship_dist[x][y] == 1


def test_side_1_names_start_at_b1():
    b = board_for("fire-ice-1")
    assert "A1" not in b.cells and b.cells["B1"] == (1, 0)
    assert b.terrain["B1"] == LETTER["P"] and b.terrain["J9"] == LETTER["P"]
    assert hex_id("a1") == "A1"  # a hex name; the rules say it is not on this map


def test_fjords_has_twelve_forest_plains_and_mountains():
    b = board_for("fjords-2.1")
    counts = {c: sum(1 for t in b.terrain.values() if t == LETTER[c]) for c in LETTER}
    assert counts == {"D": 11, "P": 12, "S": 11, "L": 11, "F": 12, "M": 12, "W": 11}


def test_distance_counts_rows_from_a_even_when_row_a_is_empty():
    b = board_for("loon-lakes-1.6")
    assert b.hex_distance("B1", "C1") == 1 and b.hex_distance("B1", "B2") == 1
    assert b.hex_distance("B1", "J1") == 8


# --- the map as a table option ---------------------------------------------------------------

from games.core import IllegalMove, RuleError  # noqa: E402
from games.terra_mystica import GAME  # noqa: E402
from games.terra_mystica.ledger import parse  # noqa: E402
from tests.contract_suite import check_playouts  # noqa: E402


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("key", sorted(COUNTS))
def test_random_playouts_on_every_map(key, players):
    """The contract suite on each map and player count (one game each; fast: a second or so)."""
    check_playouts("terra-mystica", players, seeds=[players], options={"map": key}, probe_every=23)


def test_the_map_is_a_table_option_and_a_hex_of_another_map_is_refused():
    state = GAME.setup(2, 1, {"map": "fire-ice-1"})
    assert state["map"] == "fire-ice-1" and state["terrain"] == board_for("fire-ice-1").terrain
    GAME.play(state, 0, "setup witches")
    GAME.play(state, 1, "setup engineers")
    with pytest.raises(IllegalMove, match="no hex A1 on this map"):
        GAME.play(state, 0, "build A1")
    with pytest.raises(RuleError):
        GAME.resolve_options({"map": "atlantis"})


def test_original_with_2017_vp_starts_factions_at_the_sites_2017_vp():
    state = GAME.setup(3, 1, {"map": "original-2017vp"})
    for seat, fid in enumerate(("darklings", "fakirs", "witches")):
        GAME.play(state, seat, f"setup {fid}")
    assert [f["vp"] for f in state["factions"]] == [15, 33, 19]
    plain = GAME.setup(2, 1)
    GAME.play(plain, 0, "setup fakirs")
    assert plain["factions"][0]["vp"] == 20


def test_a_records_map_id_line_picks_our_map():
    head = "option strict-leech\nmap 95a66999127893f5925a5f591d54f8bcb9a670e6\n"
    rec = parse(head + "Added final scoring tile: connected-distance\n")
    assert rec.options["map"] == "fire-ice-1" and not rec.unsupported
    assert rec.options["fire-and-ice-final-scoring"] == "connected-distance"
    assert parse("map 126fe960806d587c78546b30f1a90853b1ada468\n").options["map"] == "original"
    assert parse("map original\n").options["map"] == "original"
    assert parse("option strict-leech\n").options["map"] == "original"
    assert parse("map c07f36f9e050992d2daf6d44af2bc51dca719c46\n").unsupported  # Loon Lakes v1.5: unknown terrain
