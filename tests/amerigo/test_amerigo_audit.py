"""Review tests: the designed island tiles, play reaching posts and building,
track ends paying 2 coins, the pirate message and the tower's action points."""

from collections import Counter

from games.amerigo import GAME
from games.amerigo import board as B
from games.amerigo import rules as R
from games.amerigo.data import BIG_ISLAND, COLOURS, ISLAND_TILES, TILE_SIZE
from games.amerigo.tower import new_tower, pour
from games.core import Rng, new_rng
from games.core.playout import random_playout

from .amerigo_helpers import play, table, to_act

EDGES = {".####.", "..##..", "......"}     # land along, middle bridge, open sea


def _land(ch: str) -> bool:
    return ch in B.LAND


def test_tiles_are_about_half_land_and_any_rotation_fits():
    total = 0
    for tile in ISLAND_TILES:
        land = sum(_land(ch) for row in tile for ch in row)
        assert 11 <= land <= 24, tile                     # a real share of every tile is land
        total += land
        sides = (tile[0], "".join(r[-1] for r in tile), tile[-1], "".join(r[0] for r in tile))
        for side in sides:
            assert "".join("#" if _land(ch) else "." for ch in side) in EDGES, (tile, side)
        geo = B.geometry(tuple(tile))
        assert not geo["corner_touch"]
        assert all(isl["posts"] for isl in geo["islands"]), "every island has a post square"
    assert total >= 0.4 * len(ISLAND_TILES) * TILE_SIZE ** 2


def test_maps_hold_islands_of_every_size_with_chests_on_the_big_ones():
    sizes = Counter()
    for seed in range(6):
        state = GAME.setup(4, seed)
        geo = R.geometry(state)
        big = [len(isl["cells"]) for isl in geo["islands"] if isl["big"]]
        assert 2 <= len(big) <= 5 and min(big) >= BIG_ISLAND
        assert sum(isl["chest"] for isl in state["islands"]) == len(big)
        for isl in geo["islands"]:
            sizes["small" if len(isl["cells"]) < 10 else "medium" if len(isl["cells"]) < BIG_ISLAND else "big"] += 1
        land = sum(_land(ch) for row in state["map"]["grid"] for ch in row)
        assert land >= 0.4 * geo["rows"] * geo["cols"]
    assert sizes["small"] and sizes["medium"] and sizes["big"]


def test_random_play_founds_posts_and_builds():
    posts = placed = 0
    for players, seed in ((3, 1), (4, 3)):
        state, _ = random_playout(GAME, players, seed)
        posts += len(state["posts"])
        placed += len(state["placed"])
    assert posts >= 4 and placed >= 4


def test_ship_destinations_offer_free_post_anchors_first():
    state = to_act(table(), 0, {"blue": 3})
    play(state, 0, "sail", "place rim1", "place rim2")
    geo = R.geometry(state)
    listed = GAME.legal_moves(state, 0, "ship 1 ")
    assert "ship 1 B2" in listed
    assert all(geo["anchors"].get(m.split()[2]) for m in listed)
    typed = GAME.legal_moves(state, 0, "ship 1 a")         # a typed square lists every one
    assert "ship 1 A1" in typed
    play(state, 0, "ship 1 A1")                            # and any reachable square is accepted
    assert state["ships"][0][0] == "A1"


def test_full_special_and_progress_tracks_pay_two_coins_once():
    state = to_act(table(), 0, {"white": 5})
    p = state["seats"][0]
    p["special"], p["coins"] = 13, 0
    play(state, 0, "order 2")                              # 3 of 5 points wasted
    assert p["special"] == 15 and p["coins"] == 2
    to_act(state, 0, {"brown": 4})
    p["develop"] = 12
    assert GAME.legal_moves(state, 0, "develop ") == ["develop 0"]
    play(state, 0, "develop 0")
    assert p["coins"] == 4


def test_pirate_message_names_the_loss_and_the_floor():
    state = table()
    state["pirates"]["row"] = [4, 0, 0, 0, 0]
    state["seats"][0]["vp"], state["seats"][1]["vp"] = 10, 1
    notes: list[str] = []
    R.pirate_attack(state, notes)
    notes = [str(n) for n in notes]
    assert notes[0] == "{p0} cannot repel the pirates (4): -4 VP."
    assert notes[1] == "{p1} cannot repel the pirates (4): -4 VP (VP stop at 0, -1)."
    assert [s["vp"] for s in state["seats"]] == [6, 0]


def test_tower_action_points_follow_the_data_file():
    points = []
    for seed in range(150):
        rng = Rng(new_rng(seed))
        tower = new_tower()
        stock = pour(tower, {c: 7 for c in COLOURS}, rng, setup=True)
        stock = {c: stock.get(c, 0) for c in COLOURS}
        for _ in range(35):
            colour = COLOURS[len(points) % 7]
            got = pour(tower, {colour: stock[colour]}, rng)
            stock[colour] = 0
            for c, n in got.items():
                stock[c] += n
            points.append(max(got.values(), default=0))
    share = Counter(points)
    n = len(points)
    mean = sum(points) / n
    assert 3.4 <= mean <= 4.6, mean                        # data file 5.2: mostly 3-5 points
    assert (share[3] + share[4] + share[5]) / n >= 0.6
    assert share[0] / n < 0.03
