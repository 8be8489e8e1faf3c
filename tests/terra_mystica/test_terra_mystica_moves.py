"""Autocomplete (next-token completion), hints and error messages."""

import copy

import pytest

from games.core import IllegalMove, NotationError

from .tm_helpers import GAME, fac, give, play, put, start


def _game():
    return start(["witches", "engineers"], {0: ["E9", "G3"], 1: ["E7", "C2"]},
                 bonuses={0: "BON5", 1: "BON6"})


def test_setup_lists_factions_then_home_hexes_then_bonus_cards():
    s = GAME.setup(2, 3)
    assert "setup witches" in GAME.legal_moves(s, 0)
    play(s, 0, "setup witches")
    assert "setup auren" not in GAME.legal_moves(s, 1)  # same home terrain
    play(s, 1, "setup engineers")
    builds = GAME.legal_moves(s, 0, "build ")
    assert len(builds) == 11 and "build E9" in builds


def test_top_level_is_stems_and_build_lists_reachable_hexes_with_cost():
    s = _game()
    top = GAME.legal_moves(s, 0)
    assert {"build ", "upgrade ", "transform ", "pass "} <= set(top)
    builds = GAME.legal_moves(s, 0, "build ")
    assert "build F6" in builds and "build A1" not in builds
    assert GAME.hint(s, 0, "build F6") == "4 W 2 C"  # one spade (3 W) and the dwelling
    assert GAME.hint(s, 0, "build E10") == "7 W 2 C"  # swamp -> forest: 2 spades
    assert all(m.lower().startswith("build f") for m in GAME.legal_moves(s, 0, "BUILD f"))
    assert "build F6" in [m.lower().replace("build f", "build F") for m in GAME.legal_moves(s, 0, "BUILD f")]


def test_upgrade_lists_own_buildings():
    s = _game()
    assert sorted(GAME.legal_moves(s, 0, "upgrade ")) == ["upgrade E9 to TP", "upgrade G3 to TP"]
    assert GAME.hint(s, 0, "upgrade E9 to TP") == "2 W 6 C"  # no neighbour: doubled coins


def test_transform_walks_hex_then_colour():
    s = _game()
    stems = GAME.legal_moves(s, 0, "transform ")
    assert "transform F6 to " in stems
    colours = GAME.legal_moves(s, 0, "transform F6 to ")
    assert "transform F6 to green" in colours


def test_multi_part_moves_after_free_actions():
    s = _game()
    give(s, 0, pw=[0, 8, 0])
    assert "burn " in GAME.legal_moves(s, 0)
    assert "burn 2. " in GAME.legal_moves(s, 0, "burn ")
    after = GAME.legal_moves(s, 0, "burn 2. ")
    assert all(m.startswith("burn 2. ") for m in after) and "burn 2. pass " in after
    play(s, 0, "burn 2. convert 1PW to 1C. pass BON1")
    assert fac(s, 0)["passed"]


def test_every_listed_build_is_accepted():
    s = _game()
    for move in GAME.legal_moves(s, 0, "build "):
        trial = copy.deepcopy(s)
        play(trial, 0, move)


def test_errors_speak_the_players_terms():
    s = _game()
    with pytest.raises(IllegalMove, match="A1 is not reachable: your shipping is 0"):
        play(s, 0, "build A1")
    with pytest.raises(IllegalMove, match="already has the Engineers. dwelling"):
        play(s, 0, "build E7")
    with pytest.raises(NotationError, match="not a hex"):
        play(s, 0, "build Q7")
    with pytest.raises(IllegalMove, match="already took your action"):
        play(s, 0, "build F6. build F5")
    with pytest.raises(IllegalMove, match="bowl III"):
        play(s, 0, "action ACT6")
    give(s, 0, C=0)
    with pytest.raises(IllegalMove, match="1 worker and 2 coins for the dwelling"):
        play(s, 0, "build F6")


def test_state_unchanged_after_a_refused_move():
    s = _game()
    before = GAME.to_json_text(s)
    with pytest.raises(IllegalMove):
        play(s, 0, "build F6. upgrade G3 to TE")
    assert GAME.to_json_text(s) == before


def test_engineers_trading_house_costs_two_or_four_coins():
    """Seed example: the engineers' board shows 2/4 coins for a trading house."""
    s = _game()
    put(s, 0, "D5", "D")
    play(s, 0, "pass BON1")
    give(s, 1, C=10, W=5)
    play(s, 1, "upgrade E7 to TP")  # E7 touches the witches' D5
    assert fac(s, 1)["C"] == 8
    assert s["leeches"][0]["seat"] == 0
    play(s, 0, "decline")
    give(s, 1, C=10)
    s["current"] = 1
    s["turn"] = None
    play(s, 1, "upgrade C2 to TP")  # nobody next to C2: doubled
    assert fac(s, 1)["C"] == 6


def test_view_has_what_a_board_renderer_needs():
    s = _game()
    play(s, 0, "build F6")
    v = GAME.view(s, None)
    for key in ("players", "to_move", "last", "result", "map", "cults", "power_actions", "scoring",
                "bonus_cards", "favours", "town_tiles", "order", "round", "bridges"):
        assert key in v
    assert v["map"]["F6"] == {"terrain": "green", "building": "D", "owner": 0, "town": False}
    assert v["last"] and "{p0}" in v["last"][0] and "F6" in v["last"][-1]
    assert v["players"][0]["faction"] == "witches" and v["players"][1]["power"] == fac(s, 1)["pw"]


def _dead_stems(state, seat, prefix, budget=400):
    """Stems under ``prefix`` that legal_moves offers but completes with nothing."""
    dead, todo = [], [m for m in GAME.legal_moves(state, seat, "") if m.startswith(prefix) and m.endswith(" ")]
    while todo and budget:
        budget -= 1
        stem = todo.pop()
        listed = GAME.legal_moves(state, seat, stem)
        if not listed:
            dead.append(stem)
        todo += [m for m in listed if m.endswith(" ")]
    return dead


def test_dig_is_offered_only_when_the_dug_spades_can_still_be_used():
    """Dug spades must all go into a transform of this action, and a tunnel costs
    the Dwarves workers too. From G1 and A2 the lakes hexes (four spades from
    wasteland the long way round the wheel) are reachable only by tunnel: with
    12 workers 'dig 3. dig 1' would eat the tunnel's 2 workers and leave four
    spades nothing can take. Whatever the workers, every stem offered under
    'dig' or 'transform' must lead to a move (a random walk found it)."""
    from .tm_helpers import give, put, start, turn_to

    for workers in range(0, 15):
        s = start(["dwarves", "witches"], {0: ["G1", "A2"], 1: ["I6", "I11"]})
        put(s, 1, ["A3", "B1"])  # the two direct neighbours a 4-spade transform would fit
        turn_to(s, 0)
        give(s, 0, W=workers, C=20, P=0)
        assert not _dead_stems(s, 0, "dig "), workers
        assert not _dead_stems(s, 0, "transform ", budget=150), workers


def test_has_verb_tells_the_spades_left_as_the_verbs_do():
    """``has_verb`` answers "-SPADE" from the turn alone: open while spades are held, not once
    some were dug for this turn's transform (random games seldom stop between the two)."""
    from games.terra_mystica import moves as M

    from .tm_helpers import start, turn_to

    for spades, dug in [(0, 0), (2, 0), (2, 1), (1, 1)]:
        s = start(["dwarves", "witches"], {0: ["G1", "A2"], 1: ["I6", "I11"]})
        turn_to(s, 0)
        t = M.turn_view(s, 0)
        s["turn"] = {**t, "spades": spades, "dug": dug, "took": True}
        assert GAME.has_verb(s, 0, "-SPADE") == ("-SPADE" in GAME.verbs(s, 0)) == (spades > 0 and not dug)
        assert GAME.has_verb(s, 0, "build") is None  # a verb only the searches tell
