"""The base map: cells, neighbours, river reach and bridge slots."""

from games.terra_mystica.board import board_for, hex_id
from games.terra_mystica.data import WHEEL, spade_distance


class _Original:
    """The Original map's tables under the names these tests were written with."""

    def __init__(self):
        b = board_for("original")
        self.LAND, self.RIVER, self.TERRAIN = b.land, b.river, b.terrain
        self.NEIGHBOURS, self.LAND_NEIGHBOURS, self.SHIP_DIST = b.neighbours, b.land_neighbours, b.ship_dist
        self.BRIDGES, self.bridge_key, self.adjacent_pairs, self.hex_id = b.bridges, b.bridge_key, b.adjacent_pairs, hex_id


board = _Original()


def test_map_has_77_land_hexes_11_of_each_terrain_and_36_river_hexes():
    assert len(board.LAND) == 77 and len(board.RIVER) == 36
    for t in range(WHEEL):  # ice and volcano are made in play only
        assert sum(1 for h in board.LAND if board.TERRAIN[h] == t) == 11


def test_neighbours_match_the_data_file():
    assert board.adjacent_pairs() == 296
    assert set(board.NEIGHBOURS["C1"]) == {"D2", "D3", "r0", "r1", "r7", "r8"}
    assert set(board.NEIGHBOURS["E8"]) == {"D5", "E7", "r16", "r18", "r22", "r23"}
    assert set(board.NEIGHBOURS["A1"]) == {"A2", "B1"}
    assert set(board.NEIGHBOURS["I12"]) == {"H8", "I11"}
    assert set(board.NEIGHBOURS["r18"]) == {"D6", "E8", "r16", "r19", "r23", "r24"}
    assert set(board.NEIGHBOURS["G5"]) == {"F5", "F6", "G4", "G6", "H6", "H7"}
    for h, ns in board.NEIGHBOURS.items():
        for n in ns:
            assert h in board.NEIGHBOURS[n]


def test_river_reach_for_shipping_levels():
    dist = board.SHIP_DIST
    # across one river hex
    assert dist["A3"]["C1"] == 1 and dist["B1"]["D1"] == 1
    # land neighbours are not a shipping trip unless a river touches both
    assert "A2" not in dist["A1"]
    # two and three river hexes
    assert dist["E4"]["G1"] == 1
    assert dist["B2"]["D3"] == 1
    within = {k: {h for h, d in dist["E8"].items() if d <= k} for k in range(4)}
    assert within[0] == set()
    assert within[1] <= within[2] <= within[3]
    assert "G3" in within[1] and "F5" in within[2]
    assert all(dist[a][b] == dist[b][a] for a in dist for b in dist[a])


def test_bridge_slots_are_29_pairs_across_one_river_hex():
    assert len(board.BRIDGES) == 29
    for key in board.BRIDGES:
        a, b = key.split(":")
        assert board.SHIP_DIST[a][b] == 1 and b not in board.LAND_NEIGHBOURS[a]
    assert board.bridge_key("C5", "A11") == board.bridge_key("A11", "C5") == "A11:C5"


def test_terraform_wheel():
    assert spade_distance(0, 6) == 1 and spade_distance(0, 3) == 3 and spade_distance(2, 5) == 3
    assert board.hex_id("e5") == "E5" and board.hex_id("R3") == "r3" and board.hex_id("Z9") is None
