"""All 24 development tiles."""

import pytest

from games.amerigo import GAME
from games.amerigo import rules as R
from games.amerigo.data import AP_BONUS, DEVELOPMENTS
from games.amerigo.scoring import final_scoring
from games.core import IllegalMove

from .amerigo_helpers import FACTS, play, table, to_act


def give(state, seat, *devs):
    state["seats"][seat]["devs"] += list(devs)


@pytest.mark.parametrize("dev", sorted(AP_BONUS))
def test_extra_point_tiles(dev):
    colours = list(AP_BONUS[dev])
    state = to_act(table(), 0, {c: 3 for c in colours} | {"white": 1})
    before = {c: R.points_for(state, 0, c) for c in colours}
    give(state, 0, dev)
    for c in colours:
        assert R.points_for(state, 0, c) == before[c] + AP_BONUS[dev][c]
    assert R.points_for(state, 0, "white") == 3               # other colours unchanged
    assert AP_BONUS[dev][colours[0]] == (2 if len(colours) == 1 else 1)


def test_six_single_and_three_pair_bonus_tiles():
    singles = [d for d in AP_BONUS if len(AP_BONUS[d]) == 1]
    pairs = [d for d in AP_BONUS if len(AP_BONUS[d]) == 2]
    assert len(singles) == 6 and len(pairs) == 3


def test_bonus_points_apply_in_a_track_action():
    state = to_act(table(), 0, {"black": 2})
    state["seats"][0]["coins"] = 0
    give(state, 0, "black+2")
    play(state, 0, "cannon 4")
    assert state["seats"][0]["cannons"] == 4


def test_sail8_adds_eight_points_once():
    state = to_act(table(), 0, {"blue": 1})
    give(state, 0, "sail8")
    play(state, 0, "sail", "place rim1", "place rim2", "use sail8")
    assert R.left(state["turn"]) == 9 and "sail8" in state["seats"][0]["used"]
    with pytest.raises(IllegalMove):
        GAME.play(state, 0, "use sail8")


def test_pirates_plus_two_hits_every_player_the_owner_too():
    """The seed: every player faces pirates 2 stronger, the owner included."""
    state = table(players=3)
    state["pirates"]["row"] = [3, 0, 0, 1, 2]
    give(state, 1, "pirates+2")
    assert [R.pirate_strength(state, s) for s in range(3)] == [5, 5, 5]
    give(state, 2, "pirates+2")
    assert [R.pirate_strength(state, s) for s in range(3)] == [7, 7, 7]


def test_pirates_plus_two_option_the_english_edition_hits_only_the_others():
    state = table(players=3)
    state["options"]["pirates_others"] = True
    state["pirates"]["row"] = [3, 0, 0, 1, 2]
    give(state, 1, "pirates+2")
    assert R.pirate_strength(state, 0) == 5 and R.pirate_strength(state, 1) == 3


def test_halfloss_rounds_up_and_vp_never_drop_below_zero():
    state = table(players=3)
    state["pirates"]["row"] = [5, 0, 0, 0, 0]             # strength 5 (test value)
    for s in state["seats"]:
        s["vp"], s["cannons"] = 10, 2
    state["seats"][2]["vp"] = 3
    give(state, 1, "halfloss")
    R.pirate_attack(state, [])
    assert FACTS["pirate_half_example"] == {"strength": 5, "loss": 3}
    assert [s["vp"] for s in state["seats"]] == [5, 7, 0]
    assert [s["cannons"] for s in state["seats"]] == [0, 0, 0]


def test_repel2_pays_two_coins_even_against_strength_zero():
    state = table()
    state["pirates"]["row"] = [0, 0, 1, 2, 3]
    for s in state["seats"]:
        s["coins"], s["cannons"] = 0, 0
    give(state, 0, "repel2")
    R.pirate_attack(state, [])
    assert [s["coins"] for s in state["seats"]] == [2, 0]


def test_pirates_are_repelled_when_cannons_cover_the_strength():
    state = table()
    state["pirates"]["row"] = [4, 2, 0, 0, 1]
    state["pirates"]["revealed"] = 2
    state["seats"][0]["cannons"], state["seats"][0]["vp"] = 7, 10
    state["seats"][1]["cannons"], state["seats"][1]["vp"] = 5, 10
    R.pirate_attack(state, [])
    assert state["seats"][0]["cannons"] == 1 and state["seats"][0]["vp"] == 10
    assert state["seats"][1]["cannons"] == 0 and state["seats"][1]["vp"] == 4   # whole strength lost


def test_plan2_allows_two_neutral_tiles():
    state = to_act(table(), 0, {"red": 6})
    give(state, 0, "plan2")
    play(state, 0, "plan", "n 2", "n 1")
    with pytest.raises(IllegalMove):
        GAME.play(state, 0, "n 1")
    assert state["seats"][0]["hand_n"] == {"2": 1, "1": 1}


def test_redgreen_turns_red_cubes_into_green_and_back():
    state = to_act(table(), 0, {"red": 2})
    state["posts"]["B3"] = 0
    state["seats"][0]["hand_v"] = {"1": 1}
    assert "build" not in GAME.legal_moves(state, 0)
    give(state, 0, "redgreen")
    assert "build" in GAME.legal_moves(state, 0) and "plan" in GAME.legal_moves(state, 0)
    to_act(state, 0, {"green": 2})
    assert "plan" in GAME.legal_moves(state, 0)


def test_first_jumps_on_top_of_the_leader_once():
    state = table(players=3)
    for s, (pos, h) in enumerate([(0, 1), (5, 1), (5, 2)]):
        state["seats"][s]["special"], state["seats"][s]["height"] = pos, h
    give(state, 0, "first")
    to_act(state, 0, {"white": 1})
    play(state, 0, "first")
    assert R.turn_order(state)[0] == 0 and state["seats"][0]["special"] == 5
    assert "first" in state["seats"][0]["used"]


@pytest.mark.parametrize("dev,amount", [("coins3", 3), ("coins5", 5)])
def test_coin_tiles_once_and_converted_at_the_end(dev, amount):
    state = to_act(table(), 0, {"blue": 1})
    state["seats"][0]["coins"] = 0
    give(state, 0, dev)
    play(state, 0, f"use {dev}")
    assert state["seats"][0]["coins"] == amount
    with pytest.raises(IllegalMove):
        GAME.play(state, 0, f"use {dev}")
    other = table()
    other["seats"][0]["coins"] = 1
    give(other, 0, dev)
    final_scoring(other)
    assert other["final"]["breakdown"][0]["coins"] == 1 + amount


def test_postcoin_pays_a_coin_per_later_post():
    state = table()
    state["ships"][0] = ["B2", "G1"]
    state["seats"][0]["coins"] = 0
    give(state, 0, "postcoin")
    to_act(state, 0, {"blue": 1})
    play(state, 0, "sail", "post B3", "post G2")
    assert state["seats"][0]["coins"] == 2


def test_halfcoins_divides_by_two():
    state = to_act(table(), 0, {"red": 3, "blue": 2})       # 5 cubes
    state["seats"][0]["coins"] = 0
    assert R.coins_for_cubes(state, 0) == 2
    give(state, 0, "halfcoins")
    play(state, 0, "coins")
    assert state["seats"][0]["coins"] == 3


def test_vp_tile_scores_the_cubes_instead_of_an_action():
    state = to_act(table(), 0, {"red": 3, "blue": 4})
    give(state, 0, "vp")
    play(state, 0, "vp")
    assert state["seats"][0]["vp"] == 7 and "vp" in state["seats"][0]["used"]
    to_act(state, 0, {"red": 3})
    assert "vp" not in GAME.legal_moves(state, 0)


def test_end_tiles():
    state = table()
    state["posts"].update({"B3": 0, "G2": 0, "H5": 1})
    p = state["seats"][0]
    p["coins"], p["chests"] = 8, 1
    give(state, 0, "e-posts", "e-7", "e-coins")
    final_scoring(state)
    b = state["final"]["breakdown"][0]
    assert b["coins"] == 11 and b["end tiles"] == 2 + 7 + 11


def test_every_tile_is_covered_by_a_test():
    covered = set(AP_BONUS) | {"sail8", "pirates+2", "halfloss", "repel2", "plan2", "redgreen", "first",
                               "coins3", "coins5", "postcoin", "halfcoins", "vp", "e-posts", "e-7", "e-coins"}
    assert covered == set(DEVELOPMENTS)


@pytest.mark.parametrize("locale", ["en", "zh-TW"])
def test_taking_a_tile_reads_as_one_sentence(locale):
    """"Ann takes a development tile: 7 VP at the game end." — the tile's text has no colon of
    its own (it once read "拿取發展板塊：遊戲結束：7 分") and no comma, so a list of tiles stays clear."""
    from games.amerigo import messages as M
    from games.core.messages import msg, render

    colon = ":" if locale == "en" else "："
    for dev in DEVELOPMENTS:
        line = render(msg("ame.ev.take_dev", who="Ann", dev=dev, desc=M.dev(dev)), locale)
        assert line.count(colon) == 1, line
        tile = render(M.dev(dev), locale)
        assert (", " not in tile) if locale == "en" else ("、" not in tile), tile


@pytest.mark.parametrize(("locale", "line"), [
    ("en", "Ann moves develop +4 (now 4, paid 1 coin)."),
    ("zh-TW", "Ann 發展軌 +4（現在 4，支付 1 金幣）。")])
def test_a_track_step_paid_with_coins_reads_in_one_bracket(locale, line):
    """Not "發展軌 +4（現在 4）（支付 1 金幣）": the payment joins the bracket already open."""
    from games.amerigo import messages as M
    from games.core.messages import msg, render

    assert render(msg("ame.ev.track.develop", who="Ann", n=4, now=4, paid=M.paid(1, also=True)), locale) == line


def test_a_tile_not_on_display_lists_the_shown_ones_the_readers_way():
    """The ids on display joined with "、" in zh-TW (", " in English), as every other list."""
    from games.core import RuleError
    from games.core.messages import render

    state = table()
    with pytest.raises(RuleError) as err:
        R.take_dev(state, 0, "nosuch", [])
    assert "、" in render(err.value.msg, "zh-TW") and ", " in str(err.value)


@pytest.mark.parametrize(("locale", "line"), [
    ("en", "Ann sails ship 1 to C7 (6 steps, paid 1 coin)."),
    ("zh-TW", "Ann 把船 1 航行到 C7（6 步，支付 1 金幣）。")])
def test_a_voyage_paid_with_coins_reads_in_one_bracket(locale, line):
    from games.amerigo import messages as M
    from games.core.messages import msg, render

    assert render(msg("ame.ev.sail", who="Ann", i=1, dest="C7", n=6, paid=M.paid(1, also=True)), locale) == line
