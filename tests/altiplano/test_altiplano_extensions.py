"""Every extension tile and role tile."""

from collections import Counter

import pytest

from games.altiplano import rules
from games.altiplano.data import EXTENSIONS, KINDS, ROLE_ONLY_KINDS, ROLES
from games.core import IllegalMove
from games.core.messages import render

from .altiplano_helpers import FACTS, GAME, acting, arrange, fresh, give_ext, play

TRADE_KINDS = sorted(k for k, spec in KINDS.items() if "gain" in spec and k not in ROLE_ONLY_KINDS)


def first_tile(kind):
    return next(e for e, (_s, _m, k, _c) in sorted(EXTENSIONS.items()) if k == kind)


def test_there_are_28_tiles_covering_all_24_published_effects():
    assert len(EXTENSIONS) == FACTS["extension_tiles"]
    assert {k for _s, _m, k, _c in EXTENSIONS.values()} == set(KINDS) - set(ROLE_ONLY_KINDS)
    assert len(KINDS) - len(ROLE_ONLY_KINDS) == 24
    kinds = Counter(k for _s, _m, k, _c in EXTENSIONS.values())
    assert kinds["wild"] == 2, "the rulebook lists the wildcard twice"


def test_village_extension_gives_two_more_village_spaces():
    state = GAME.setup(2, 1)
    p = state["seats"][0]
    p["spaces"]["village"] = ["wood", "stone", "fish"]
    assert not rules.can_hold(p, "village", "ore")
    give_ext(state, 0, "E07")
    assert EXTENSIONS["E07"][2] == "village-spaces"
    assert rules.can_hold(p, "village", "ore")
    p["spaces"]["village"] += ["ore", "glass"]
    assert not rules.can_hold(p, "village", "wool")
    assert rules.capacity(p, "farm") == rules.CAPACITY["farm"]


TRADE_TILES = sorted(e for e, (_s, _m, k, _c) in EXTENSIONS.items() if k in TRADE_KINDS)


@pytest.mark.parametrize("eid", TRADE_TILES)
def test_trade_extension(eid):
    """Tiles (or coins) put on the extension in planning buy its good at its location."""
    kind = EXTENSIONS[eid][2]
    spec = KINDS[kind]
    for choice in spec["gain"]:
        state = acting(5)
        state["seats"][0]["role"] = "trader" if kind != "buy-fish-wood" else "miner"
        give_ext(state, 0, eid)
        p = arrange(state, 0, pawn=spec["loc"], coins=0)
        if "coins" in spec:
            p["space_coins"][eid] = spec["coins"]
        else:
            p["spaces"][eid] = [g for g, n in spec["need"].items() for _ in range(n)]
        before = state["supply"][choice]
        play(state, 0, f"use {eid.lower()} {choice}" if len(spec["gain"]) > 1 else f"use {eid.lower()}")
        assert state["supply"][choice] == before - 1
        expect = Counter(spec.get("need", {}))
        expect[choice] += 1
        assert Counter(p["crate"]) == expect
        assert p["coins"] == 0 and not p["space_coins"].get(eid) and not p["spaces"].get(eid)
        assert state["turn"] == 1


@pytest.mark.parametrize("kind", TRADE_KINDS)
def test_trade_extension_needs_its_location_and_inputs(kind):
    spec = KINDS[kind]
    eid = first_tile(kind)
    state = acting(5)
    give_ext(state, 0, eid)
    elsewhere = next(loc for loc in state["ring"] if loc != spec["loc"])
    arrange(state, 0, pawn=elsewhere)
    arg = f" {spec['gain'][0]}"
    with pytest.raises(IllegalMove, match="pawn must be at"):
        GAME.play(state, 0, f"use {eid.lower()}{arg}")
    state["seats"][0]["pawn"] = spec["loc"]
    with pytest.raises(IllegalMove, match="needs"):
        GAME.play(state, 0, f"use {eid.lower()}{arg}")


@pytest.mark.parametrize("kind", [k for k in TRADE_KINDS if "need" in KINDS[k]])
def test_planning_onto_an_extension(kind):
    spec = KINDS[kind]
    eid = first_tile(kind)
    state = fresh(5)
    give_ext(state, 0, eid)
    p = state["seats"][0]
    need = [g for g, n in spec["need"].items() for _ in range(n)]
    p["slots"] = need + ["silver"] + [None] * (7 - len(need))
    for g in need:
        play(state, 0, f"plan {g} {eid.lower()}")
    assert sorted(p["spaces"][eid]) == sorted(need)
    with pytest.raises(IllegalMove):
        GAME.play(state, 0, f"plan silver {eid.lower()}")


@pytest.mark.parametrize("kind", [k for k in TRADE_KINDS if "coins" in KINDS[k]])
def test_coins_on_market_extensions_in_planning(kind):
    eid = first_tile(kind)
    state = fresh(5)
    give_ext(state, 0, eid)
    p = state["seats"][0]
    p["coins"] = 5
    for _ in range(KINDS[kind]["coins"]):
        play(state, 0, f"coin {eid.lower()}")
    assert p["space_coins"][eid] == KINDS[kind]["coins"] and p["coins"] == 5 - KINDS[kind]["coins"]
    with pytest.raises(IllegalMove, match="no more coins"):
        GAME.play(state, 0, f"coin {eid.lower()}")
    p = state["seats"][0]
    play(state, 0, f"uncoin {eid.lower()}")
    assert p["coins"] == 6 - KINDS[kind]["coins"]


def test_coins_cannot_be_placed_during_the_action_phase():
    state = acting(5)
    give_ext(state, 0, "E08")
    arrange(state, 0, pawn="market", coins=3)
    with pytest.raises(IllegalMove):
        GAME.play(state, 0, "coin e08")


@pytest.mark.parametrize("eid", ["E19", "E26"])
def test_wild_tile_serves_any_location(eid):
    state = fresh(3)
    give_ext(state, 0, eid)
    p = state["seats"][0]
    p["slots"] = ["silver", "ore", "food", None, None, None, None, None]
    play(state, 0, f"plan silver {eid.lower()}", "plan food mine", "plan ore mine")
    assert p["spaces"][eid] == ["silver"]
    state = acting(3)
    give_ext(state, 0, eid)
    p = arrange(state, 0, pawn="market", coins=0, **{eid.lower(): ["silver"]})
    play(state, 0, "market sell silver")
    assert p["coins"] == 3 and p["spaces"][eid] == []


def test_wild_tile_is_used_after_the_locations_own():
    # a location's own tile is used before the wildcard's
    state = acting(2)
    give_ext(state, 0, "E19")
    p = arrange(state, 0, pawn="forest", forest=["food"], e19=["food"])
    p["spaces"]["forest"].append("food")
    play(state, 0, "forest wood")
    assert p["spaces"]["E19"] == ["food"]
    state = acting(2)
    give_ext(state, 0, "E19")
    p = arrange(state, 0, pawn="forest", forest=["food"], e19=["food"])
    play(state, 0, "forest wood")
    assert p["spaces"]["E19"] == [] and "wood" in p["crate"]


def test_coin_move_pays_moves_with_coins():
    state = fresh(3)
    give_ext(state, 0, "E05")
    p = state["seats"][0]
    p["coins"] = 2
    play(state, 0, "coin move")
    assert p["space_coins"]["move"] == 1
    state = acting(3)
    give_ext(state, 0, "E05")
    p = arrange(state, 0, pawn="farm")
    p["space_coins"]["move"] = 1
    ring = state["ring"]
    nxt = ring[(ring.index("farm") + 1) % 7]
    play(state, 0, f"step {nxt} coin")
    assert p["pawn"] == nxt and p["space_coins"]["move"] == 0
    state = fresh(3)
    with pytest.raises(IllegalMove, match="Coins can go only"):
        GAME.play(state, 0, "coin move")


def test_swap_draws_from_the_bag_or_takes_from_the_crate():
    state = fresh(2)
    give_ext(state, 0, "E14")
    p = state["seats"][0]
    p["slots"] = ["fish", "food", "food", "food"] + [None] * 4
    p["bag"], p["crate"] = ["silver"], ["glass"]
    play(state, 0, "swap fish bag")
    assert sorted(g for g in p["slots"] if g) == ["food", "food", "food", "silver"]
    assert sorted(p["crate"]) == ["fish", "glass"] and p["bag"] == []
    with pytest.raises(IllegalMove, match="already swapped"):
        GAME.play(state, 0, "swap food bag")
    state = fresh(2)
    give_ext(state, 0, "E14")
    p = state["seats"][0]
    p["slots"] = ["fish", "food", "food", "food"] + [None] * 4
    p["crate"] = ["glass"]
    play(state, 0, "swap fish glass")
    assert "glass" in p["slots"] and p["crate"] == ["fish"]


def test_swap_also_works_before_drawing():
    state = fresh(2)
    give_ext(state, 0, "E14")
    p = state["seats"][0]
    p["stage"] = "prep"
    p["spaces"] = {"harbor": ["fish"]}
    assert any(m.startswith("swap") for m in GAME.legal_moves(state, 0, "swap "))


def test_corn_store_keeps_corn_then_stores_it_later():
    state = acting(2)
    give_ext(state, 0, "E21")
    p = arrange(state, 0, pawn="market", market=["fish", "fish", "stone"])
    p["order"] = {"id": "O01", "have": {}}
    play(state, 0, "market deliver fish fish stone")
    assert state["pending"] == 0 and "corn keep" in GAME.legal_moves(state, 0)
    play(state, 0, "corn keep")
    assert p["spaces"]["E21"] == ["corn"] and p["warehouse"] == []
    play(state, 1, "pass")
    p["warehouse"] = [{"good": "ore", "tiles": ["ore"]}]
    play(state, 0, "move village", "use e21 1")
    assert state["pending"] == 0
    assert "corn keep" not in GAME.legal_moves(state, 0)
    play(state, 0, "corn 2")
    assert p["warehouse"][1]["tiles"] == ["corn"] and p["spaces"]["E21"] == []


def test_corn_store_holds_at_most_two():
    state = acting(2)
    give_ext(state, 0, "E21")
    p = arrange(state, 0, pawn="road", road=["wood", "stone"], e21=["corn", "corn"])
    p["warehouse"] = [{"good": "ore", "tiles": ["ore"]}]
    play(state, 0, "road build")
    assert "corn keep" not in GAME.legal_moves(state, 0)


def test_final_store_draws_ten_and_fills_open_rows_only():
    state = acting(2)
    give_ext(state, 0, "E24")
    p = state["seats"][0]
    p["bag"] = ["fish"] * 4 + ["ore"] * 3 + ["wool"] * 3
    p["crate"] = ["silver"]
    p["warehouse"] = [{"good": "fish", "tiles": ["fish"]}, {"good": "ore", "tiles": ["ore"]}]
    state["strip"] = [None] * 5
    state["stack"] = []
    play(state, 0, "pass")
    play(state, 1, "pass")
    assert state["phase"] == "final" and GAME.to_move(state) == {0}
    assert sorted(p["final_draw"]) == sorted(["fish"] * 4 + ["ore"] * 3 + ["wool"] * 3)
    assert sorted(GAME.legal_moves(state, 0)) == ["final fish@1", "final ore@2", "final stop"]
    play(state, 0, "final fish", "final fish")
    assert p["warehouse"][0]["tiles"] == ["fish"] * 3
    assert sorted(GAME.legal_moves(state, 0)) == ["final ore@2", "final stop"]
    play(state, 0, "final ore", "final ore")
    assert state["phase"] == "over" and len(p["warehouse"]) == 2
    assert GAME.result(state) is not None


def test_one_extension_of_a_kind_and_not_the_roles_own():
    state = acting(5)
    p = arrange(state, 0, pawn="market", coins=30)
    p["role"] = "miner"
    p["exts"] = ["E02"]
    state["strip"] = ["E06", "E04", "E03", None, None]
    with pytest.raises(IllegalMove, match="already own"):
        GAME.play(state, 0, "market ext e06")
    with pytest.raises(IllegalMove, match="role tile already"):
        GAME.play(state, 0, "market ext e04")
    play(state, 0, "market ext e03")


def test_unbought_cheapest_tile_leaves_at_round_end():
    state = acting(2)
    bottom, second = state["strip"][0], state["strip"][1]
    top_of_stack = state["stack"][0]
    play(state, 0, "pass")
    play(state, 1, "pass")
    assert bottom not in state["strip"] and state["strip"][0] == second
    assert state["strip"][-1] == top_of_stack


def test_bought_tile_slides_the_strip_down_and_refills():
    state = acting(2)
    strip = list(state["strip"])
    top_of_stack = state["stack"][0]
    arrange(state, 0, pawn="market", coins=30)
    play(state, 0, f"market ext {strip[2].lower()}", )
    play(state, 1, "pass")
    play(state, 0, "pass")
    assert state["strip"] == [strip[0], strip[1], strip[3], strip[4], top_of_stack]


# --- roles ---------------------------------------------------------------

def test_seven_roles_with_start_goods():
    assert sorted(ROLES) == sorted(FACTS["roles"])
    miner = ROLES["miner"]
    assert sorted(miner["goods"]) == sorted(FACTS["miner_start"]["goods"])
    assert miner["coins"] == FACTS["miner_start"]["coins"]


@pytest.mark.parametrize("role", sorted(ROLES))
def test_role_action(role):
    kind = ROLES[role]["kind"]
    spec = KINDS[kind]
    state = acting(2)
    p = arrange(state, 0, pawn=spec["loc"], coins=0)
    p["role"] = role
    if "coins" in spec:
        p["space_coins"]["role"] = spec["coins"]
    else:
        p["spaces"]["role"] = [g for g, n in spec["need"].items() for _ in range(n)]
    choice = spec["gain"][-1]
    events = play(state, 0, f"use role {choice}")
    assert choice in p["crate"] and state["turn"] == 1
    # the table hears it in the third person ("their role tile"), never "your role"
    told = [e.msg for e in events if e.msg is not None and e.msg.key.startswith("alt.ev.use")]
    assert told, [e.text for e in events]
    assert "their role tile" in render(told[0], "en") and "your" not in render(told[0], "en")
    assert "自己的角色板塊" in render(told[0], "zh-TW") and "你的" not in render(told[0], "zh-TW")


@pytest.mark.parametrize("role", sorted(ROLES))
def test_role_start_goods_go_to_the_bag(role):
    for seed in range(1, 40):
        state = fresh(5, seed=seed)
        seat = next((s for s, p in enumerate(state["seats"]) if p["role"] == role), None)
        if seat is not None:
            break
    p = state["seats"][seat]
    mine = Counter(p["bag"]) + Counter(g for g in p["slots"] if g)
    assert mine == Counter(ROLES[role]["goods"])
    assert p["coins"] == ROLES[role]["coins"]


def test_final_store_draws_only_once_even_when_every_tile_fits():
    """Storing all ten drawn tiles must not trigger a second draw of ten."""
    state = acting(2)
    give_ext(state, 0, "E24")
    p = state["seats"][0]
    p["bag"] = ["fish"] * 2 + ["ore"] * 2 + ["wool"] * 3 + ["cacao"] * 3
    p["crate"] = ["glass"]
    p["warehouse"] = [{"good": g, "tiles": [g]} for g in ("fish", "ore", "wool", "cacao", "glass")]
    state["strip"] = [None] * 5
    state["stack"] = []
    play(state, 0, "pass")
    play(state, 1, "pass")
    assert len(p["final_draw"]) == 10
    play(state, 0, *["final fish"] * 2, *["final ore"] * 2, *["final wool"] * 3, *["final cacao"] * 3)
    assert state["phase"] == "over"
    assert p["crate"] == ["glass"] and len(p["warehouse"][4]["tiles"]) == 1


def test_no_role_action_dominates_another():
    """Same location and input, but a superset of goods out, would make one
    role strictly better than another (DESIGNED balance)."""
    specs = {r: KINDS[v["kind"]] for r, v in ROLES.items()}
    for a, sa in specs.items():
        for b, sb in specs.items():
            if a == b or sa.get("loc") != sb.get("loc"):
                continue
            same_input = sa.get("need") == sb.get("need") and sa.get("coins") == sb.get("coins")
            assert not (same_input and set(sa["gain"]) > set(sb["gain"])), (a, b)
