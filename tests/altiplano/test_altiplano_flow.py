"""Set-up, secret planning, rounds, game end, scoring and notation."""

import json
import random
from collections import Counter

import pytest

from games.altiplano import notation, rules
from games.altiplano.data import (
    CARTS,
    EXTENSIONS,
    HOUSE_VP,
    ORDERS,
    ROAD_START,
    SUPPLY,
    TOTAL_TILES,
    VALUES,
    WAREHOUSE,
)
from games.altiplano.scoring import breakdown
from games.core import IllegalMove, RuleError
from games.core.playout import expand

from .altiplano_helpers import FACTS, GAME, acting, arrange, everyone_done, fresh, play

# --- set-up -------------------------------------------------------------

def test_component_counts_match_the_seed():
    assert TOTAL_TILES == FACTS["goods_tiles"]
    assert sum(TOTAL_TILES.values()) == FACTS["total_goods_tiles"]
    assert max(CARTS.values()) == FACTS["carts"]
    assert len(ORDERS) == FACTS["cards"]["order"]
    from games.altiplano.data import BOATS, HOUSES, VALUES
    assert len(HOUSES) == FACTS["cards"]["house"] and len(BOATS) == FACTS["cards"]["boat"]
    assert VALUES["cloth"] == FACTS["cloth_value"]
    for good, counts in SUPPLY.items():
        assert all(n <= TOTAL_TILES[good] for n in counts)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_setup_by_player_count(players):
    state = fresh(players)
    assert len(state["orders"]) == 16 - FACTS["orders_removed"][str(players)]
    in_play = [e for e, (_s, mn, _k, _c) in EXTENSIONS.items() if mn <= players]
    assert len(state["stack"]) + 5 == len(in_play)
    tiles = state["strip"] + state["stack"]
    letters = [EXTENSIONS[e][0] for e in tiles]
    assert letters == sorted(letters)  # A on top ... D at the bottom
    assert state["carts"] == CARTS[players] - players
    assert len(set(p["role"] for p in state["seats"])) == players
    assert state["start"] == 0 and state["phase"] == "plan" and state["round"] == 1
    for p in state["seats"]:
        assert p["road"] == ROAD_START and p["carts"] == 1
        assert sum(1 for g in p["slots"] if g) == 4  # the four start goods drawn
    assert sorted(state["ring"]) == sorted(rules.LOCATIONS)


def test_role_draft_last_seat_first_start_player_last():
    state = fresh(3, roles="draft")
    assert state["phase"] == "draft" and GAME.to_move(state) == {2}
    play(state, 2, "pick miner")
    assert GAME.to_move(state) == {1}
    with pytest.raises(IllegalMove):
        GAME.play(state, 1, "pick miner")
    play(state, 1, "pick farmer")
    assert len(GAME.view(state, None)["roles_open"]) == 5
    play(state, 0, "pick trader")
    assert [p["role"] for p in state["seats"]] == ["trader", "farmer", "miner"]
    assert state["phase"] == "plan"
    assert GAME.view(state, None)["roles_open"] == []  # the unpicked roles leave the game


# --- secret planning -------------------------------------------------------

def public(state):
    view = GAME.view(state, None)
    for key in ("last", "last_msgs", "last_seat"):  # the public lines of who moved
        view.pop(key)
    return json.dumps(view, sort_keys=True)


def test_plans_stay_secret_until_everyone_is_done():
    state = fresh(3)
    state["seats"][0]["slots"][:4] = ["fish", "food", "food", "alpaca"]
    state["seats"][0]["coins"] = 3
    give = state["seats"][0]["exts"]
    give.append("E08")
    before = public(state)
    events = play(state, 0, "plan fish harbor", "plan food move", "plan alpaca farm", "coin e08",
                  "unplan alpaca farm")
    assert all(e.kind == "secret" for e in events)
    assert all("fish" not in e.text and "harbor" not in e.text for e in events)
    assert events[0].private and "fish" in events[0].private
    assert public(state) == before
    ev = play(state, 0, "done")
    assert ev[-1].kind == "secret" and "ready" in ev[-1].text
    assert public(state) != before  # only the ready flag changed
    assert GAME.view(state, None)["players"][0]["ready"]
    mine = GAME.view(state, 0)["me"]
    assert mine["spaces"]["harbor"] == ["fish"] and ["E08", "1 coin"] in mine["plan"]
    # the others finish: the plans are revealed with a barrier event
    play(state, 1, "done")
    events = play(state, 2, "done")
    reveal = [e for e in events if e.kind == "reveal"]
    assert len(reveal) == 3 and all(e.barrier for e in reveal)
    assert "harbor: fish" in reveal[0].text
    assert GAME.view(state, None)["players"][0]["spaces"]["harbor"] == ["fish"]
    assert state["phase"] == "act" and GAME.to_move(state) == {0}


def test_returns_before_drawing_are_secret_too():
    state = fresh(2)
    p = state["seats"][0]
    p["slots"] = [None] * 8
    p["spaces"] = {"harbor": ["fish"]}
    p["space_coins"] = {"E08": 1}
    p["exts"] = ["E08"]
    rules.start_round(state)
    before = public(state)
    play(state, 0, "return fish harbor", "return coin e08")
    assert public(state) == before


def test_bag_and_crate_sizes_during_planning_are_those_at_its_start():
    state = fresh(2)
    before = public(state)
    p = state["seats"][0]
    if p["stage"] == "prep":
        play(state, 0, "draw")
    p["bag"], p["crate"] = p["bag"][:1], p["crate"] + ["cloth"]  # as a secret swap or draw would
    assert public(state) == before


def test_bag_and_crate_contents_never_public():
    state = fresh(2)
    state["seats"][0]["bag"] = ["silver", "glass"]
    state["seats"][0]["crate"] = ["cloth"]
    state["seats"][0]["shown"] = {"bag": 2, "crate": 1}  # the sizes as planning began
    pub = GAME.view(state, None)["players"][0]
    assert "bag" not in pub and "crate" not in pub and "slots" not in pub
    assert pub["bag_count"] == 2 and pub["crate_count"] == 1
    own = GAME.view(state, 0)["me"]
    assert own["bag"] == ["glass", "silver"] and own["crate"] == ["cloth"]
    assert "bag" not in GAME.view(state, 1)["players"][0]
    assert GAME.view(state, 0)["players"] == GAME.view(state, None)["players"]
    assert GAME.view(state, 1)["me"]["seat"] == 1


def test_planned_tiles_are_locked_after_done():
    state = fresh(2)
    state["seats"][0]["slots"][:4] = ["fish", "food", "food", "alpaca"]
    play(state, 0, "plan fish harbor", "done")
    with pytest.raises(RuleError):
        GAME.play(state, 0, "unplan fish harbor")


def test_tiles_from_earlier_rounds_cannot_be_moved_in_planning():
    state = fresh(2)
    p = state["seats"][0]
    p["spaces"] = {"harbor": ["fish"]}
    with pytest.raises(IllegalMove, match="did not plan"):
        GAME.play(state, 0, "unplan fish harbor")


def test_planning_only_useful_tiles_and_capacity():
    state = fresh(2)
    p = state["seats"][0]
    p["slots"][:4] = ["silver", "food", "food", "food"]
    with pytest.raises(IllegalMove):
        GAME.play(state, 0, "plan silver farm")
    play(state, 0, "plan food forest", "plan food forest")
    with pytest.raises(IllegalMove, match="forest spaces are full"):
        GAME.play(state, 0, "plan food forest")


# --- rounds and the game end ----------------------------------------------

def test_round_end_start_player_moves_left_and_carts_reset():
    state = acting(3, seat=0)
    p = arrange(state, 0, pawn="farm")
    play(state, 0, f"move {state['ring'][(state['ring'].index('farm') + 2) % 7]}", "pass")
    assert p["carts_used"] == 1
    play(state, 1, "pass")
    play(state, 2, "pass")
    p = state["seats"][0]
    assert state["start"] == 1 and p["carts_used"] == 0 and state["phase"] == "plan"
    everyone_done(state)
    assert state["turn"] == 1


def test_game_ends_after_the_round_when_a_location_runs_out():
    state = acting(2)
    state["supply"]["fish"] = 0
    state["boats"] = ["B01"]
    arrange(state, 0, pawn="harbor", harbor=["wood", "wood"])
    play(state, 0, "harbor boat b01")
    assert state["phase"] == "act"  # the round is played out first
    play(state, 1, "pass")
    play(state, 0, "pass")
    assert state["phase"] == "over" and "harbor" in state["end_reason"]
    assert GAME.to_move(state) == set() and GAME.result(state) is not None


def test_game_ends_when_the_strip_cannot_be_refilled():
    state = acting(2)
    state["stack"] = []
    play(state, 0, "pass")
    play(state, 1, "pass")
    assert state["phase"] == "over" and "strip" in state["end_reason"]


def test_scoring_breakdown_and_coin_tiebreak():
    state = acting(2)
    a, b = state["seats"]
    for p in (a, b):
        p["bag"], p["crate"], p["slots"], p["spaces"] = [], [], [None] * 8, {}
    a["crate"] = ["silver", "silver", "cloth", "food"]
    a["spaces"] = {"market": ["glass"]}
    a["houses"] = ["H10"]  # +1 per silver
    a["boats"] = ["B01", "B02"]
    a["done_orders"] = ["O01"]
    a["order"] = {"id": "O16", "have": {"silver": 1}}  # goods on orders score nothing
    a["warehouse"] = [{"good": "fish", "tiles": ["fish", "fish", "corn"]}, {"good": "ore", "tiles": ["ore"]}]
    got = breakdown(state, 0)
    goods = 2 * VALUES["silver"] + VALUES["cloth"] + VALUES["glass"] + 2 * VALUES["fish"] + VALUES["corn"] \
        + VALUES["ore"]
    assert got == {"goods": goods, "house bonus": 2, "houses": HOUSE_VP, "boats": 4,
                   "orders": ORDERS["O01"][1], "warehouse": WAREHOUSE[0][2]}


def test_tie_broken_by_coins():
    state = acting(2)
    for p in state["seats"]:
        p["bag"], p["crate"], p["slots"], p["spaces"] = ["silver"], [], [None] * 8, {}
    state["seats"][0]["coins"], state["seats"][1]["coins"] = 3, 5
    state["phase"] = "over"
    res = GAME.result(state)
    assert res.scores[0] == res.scores[1] and res.winners == [1] and res.ranking == [1, 0]


# --- notation and move listing -------------------------------------------

def test_listed_moves_round_trip_through_notation():
    rnd = random.Random(5)
    state = GAME.setup(3, 5, {"missions": True})
    seen = Counter()
    for _ in range(400):
        if GAME.result(state):
            break
        seat = rnd.choice(sorted(GAME.to_move(state)))
        for move in GAME.legal_moves(state, seat):
            if not move.endswith(" "):
                act = notation.parse(move)
                assert notation.parse(notation.fmt(act)) == act
                assert notation.fmt(act) == move
                seen[move.split()[0]] += 1
        move = expand(GAME, state, seat, "", rnd)
        GAME.play(state, seat, move)
    assert seen["plan"] and seen["done"] and seen["pass"]


def test_prefix_completion_gives_stems_then_moves():
    state = fresh(2)
    state["seats"][0]["road"] = 8
    state["seats"][0]["slots"] = ["fish", "food", "wood", "alpaca", "stone", "ore", "wool", "cacao"]
    top = GAME.legal_moves(state, 0)
    assert "plan " in top and "done" in top and len(top) <= 25
    stems = GAME.legal_moves(state, 0, "plan ")
    assert "plan fish " in stems
    full = GAME.legal_moves(state, 0, "PLAN FISH ")
    assert "plan fish harbor" in full and all(m.startswith("plan fish ") for m in full)
    assert GAME.legal_moves(state, 1, "zzz") == []


def test_bad_text_is_refused_with_a_helpful_message():
    state = fresh(2)
    for text, match in (("plan fish nowhere", "not a space"), ("plan gold farm", "not a good"),
                        ("farm", "Say which"), ("hello", "Unknown move")):
        with pytest.raises(RuleError, match=match):
            GAME.play(state, 0, text)


def test_hint_for_extensions_and_orders():
    state = acting(2)
    eid = state["strip"][1]
    assert "coins" in GAME.hint(state, 0, f"market ext {eid.lower()}")
    assert "VP" in GAME.hint(state, 0, f"market order {state['orders'][0].lower()}")
    assert GAME.hint(state, 0, "market sell silver glass") == "+5 coins"
    assert "wood" in GAME.hint(state, 0, "use e03")
    assert GAME.hint(state, 0, "pass") == ""


def test_help_text_mentions_every_move_word():
    for word in ("plan", "unplan", "coin", "return", "draw", "swap", "done", "move", "step", "pass", "use",
                 "corn", "final", "pick", "keep", "choose", "village store", "market deliver", "road build"):
        assert word in GAME.help_text


def test_whole_plan_in_one_secret_move():
    """One move can place several tiles and say done (one 'ready' message)."""
    state = fresh(2)
    state["seats"][0]["slots"][:4] = ["fish", "food", "food", "alpaca"]
    before = public(state)
    events = play(state, 0, "plan fish harbor food harbor alpaca farm")
    assert [e.kind for e in events] == ["secret"] and public(state) == before
    events = play(state, 1, "done")
    state2 = fresh(2)
    state2["seats"][0]["slots"][:4] = ["fish", "food", "food", "alpaca"]
    play(state2, 1, "done")
    events = play(state2, 0, "plan fish harbor food harbor alpaca farm done")
    assert any(e.kind == "reveal" and "harbor: fish food" in e.text for e in events)
    assert state2["seats"][0]["spaces"]["farm"] == ["alpaca"] and state2["phase"] == "act"
    with pytest.raises(RuleError):
        GAME.play(state, 0, "plan fish harbor silver")
    state3 = fresh(2)
    state3["seats"][0]["slots"][:4] = ["fish", "food", "food", "alpaca"]
    keep = json.dumps(state3, sort_keys=True)
    with pytest.raises(IllegalMove):  # the third placement fails: nothing is kept
        GAME.play(state3, 0, "plan fish harbor food harbor alpaca mine done")
    assert json.dumps(state3, sort_keys=True) == keep


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_supplies_by_player_count_minus_start_goods(players):
    state = fresh(players)
    start = Counter()
    for p in state["seats"]:
        start += Counter(p["bag"]) + Counter(g for g in p["slots"] if g)
    for good, counts in SUPPLY.items():
        assert state["supply"][good] + start[good] == counts[players - 2]
    assert len(state["houses"]) == 10 and len(state["boats"]) == 10


def test_view_shapes_for_the_bot():
    state = fresh(3)
    pub = GAME.view(state, None)
    for key in ("players", "to_move", "last", "result"):
        assert key in pub
    assert len(pub["players"]) == 3 and pub["to_move"] == [0, 1, 2]
    assert [len(e) for e in pub["strip"]] == [3] * 5
    json.dumps(GAME.view(state, 2))


def test_tie_break_counts_coins_left_on_extensions_and_the_move_track():
    """Coins placed during planning are still the player's own."""
    state = acting(2)
    for p in state["seats"]:
        p["bag"], p["crate"], p["slots"], p["spaces"] = ["silver"], [], [None] * 8, {}
    state["seats"][0]["coins"], state["seats"][1]["coins"] = 2, 3
    state["seats"][0]["space_coins"] = {"E08": 1, "move": 1}
    state["phase"] = "over"
    res = GAME.result(state)
    assert res.scores[0] == res.scores[1] and res.winners == [0] and res.ranking == [0, 1]


def test_tiles_taken_back_are_named_at_the_reveal():
    """The board loses the returned tile at the reveal; the reveal line says why."""
    state = fresh(2)
    p = state["seats"][0]
    p["slots"] = [None] * 8
    p["spaces"] = {"harbor": ["fish"]}
    p["space_coins"] = {"E08": 1}
    p["exts"] = ["E08"]
    rules.start_round(state)
    play(state, 0, "return fish harbor", "return coin e08", "draw", "done")
    events = play(state, 1, "done")
    reveal = next(e for e in events if e.kind == "reveal" and e.seat == 0)
    assert "planned nothing new; took back fish from harbor, coin from E08" in reveal.text
    assert "harbor" not in GAME.view(state, None)["players"][0]["spaces"]


def test_an_order_pays_more_than_the_goods_it_takes():
    """Delivered goods are lost to scoring, so every order must pay for them
    and then some (DESIGNED balance: the goods' value + 2 VP per tile)."""
    from games.altiplano.data import VALUES
    for oid, (need, vp) in ORDERS.items():
        value = sum(VALUES[g] * n for g, n in need.items())
        assert vp == value + 2 * sum(need.values()), oid


def test_planning_refusals_say_full_or_what_the_space_takes():
    state = fresh(2)
    p = state["seats"][0]
    p["slots"][:4] = ["food", "stone", "stone", "stone"]
    with pytest.raises(IllegalMove, match="No village action uses food; the village takes"):
        GAME.play(state, 0, "plan food village")
    p = state["seats"][0]  # a refused move restores the state into fresh dicts
    p["spaces"]["road"] = ["wood"]
    play(state, 0, "plan stone road")
    with pytest.raises(IllegalMove, match=r"road spaces are full \(2 tiles\)"):
        GAME.play(state, 0, "plan stone road")
    assert state["seats"][0]["slots"][:4] == ["food", None, "stone", "stone"]
