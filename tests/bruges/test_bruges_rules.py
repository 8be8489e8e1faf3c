"""The rules of the seed write-up, one test per worked example or rule."""

import pytest

from games.bruges import rules
from games.bruges.data import CARDS, COLOURS, STATUES
from games.core import IllegalMove

from .helpers import FACTS, GAME, actions_state, by, give_house, play


def roll_with(state, values):
    """Roll with chosen dice (the dice phase after the RNG)."""
    state["phase"] = "roll"
    state["pending"] = []
    import games.bruges.rules as r

    class Fixed:
        def __init__(self, rec):
            pass

        def dice(self, n):
            return list(values)

    original = r.Rng
    r.Rng = Fixed
    try:
        return GAME.play(state, state["start"], "roll")
    finally:
        r.Rng = original


# --- set-up ----------------------------------------------------------------------------

@pytest.mark.parametrize("players, in_piles, reserve", [(2, 66, 99), (3, 99, 66), (4, 132, 33)])
def test_setup_by_player_count(players, in_piles, reserve):
    state = GAME.setup(players, 5)
    assert sum(len(p) for p in state["piles"]) + sum(
        len(p["hand"]) + len(p["drawn"]) for p in state["ps"]) == in_piles
    assert abs(len(state["piles"][0]) - len(state["piles"][1])) <= 5
    assert len(state["reserve"]) == reserve
    for p in state["ps"]:
        assert p["money"] == FACTS["start_money"] and p["vp"] == FACTS["start_vp"]
        assert p["workers"] == {c: 1 for c in COLOURS}
        assert not any(p["majority"].values())
    assert state["statues"] == FACTS["statues_bottom_to_top"]
    assert state["threat_supply"] == {c: FACTS["threats_per_colour"] for c in COLOURS}
    assert GAME.to_move(state) == {0} and state["phase"] == "draw"


def test_draw_phase_fills_hands_one_card_at_a_time_without_peeking():
    state = GAME.setup(2, 3)
    top = CARDS[state["piles"][1][-1]]
    events = play(state, 0, "draw b")
    assert f"draws a {top.colour} card from pile B" in events[0].text
    view = GAME.view(state, 0)
    assert view["hand"] == [] and view["drawn_backs"] == [top.colour]
    for _ in range(3):
        play(state, 0, "draw a")
    events = play(state, 0, "draw a")
    assert len(state["ps"][0]["hand"]) == 5 and state["ps"][0]["drawn"] == []
    assert any(e.private and e.private.startswith("You drew") for e in events)
    assert GAME.to_move(state) == {1}
    for _ in range(5):
        play(state, 1, "draw b")
    assert state["phase"] == "roll" and GAME.to_move(state) == {0}


# --- dice: reputation cost and threats (seed examples) -------------------------------------

@pytest.mark.parametrize("example", FACTS["reputation_examples"])
def test_reputation_price_is_the_sum_of_ones_and_twos(example):
    state = actions_state(3, {0: [1], 1: [2], 2: [3]})
    roll_with(state, example["dice"])
    assert state["rep_cost"] == example["cost"]
    assert GAME.to_move(state) == {0, 1, 2}
    play(state, 1, "rep")
    play(state, 0, "skip")
    play(state, 2, "rep")
    assert [p["rep"] for p in state["ps"]] == [0, 1, 1]
    assert [p["money"] for p in state["ps"]] == [5, 5 - example["cost"], 5 - example["cost"]]
    assert state["phase"] == "actions"


def test_no_one_or_two_means_no_reputation_step():
    state = actions_state(2, {0: [1], 1: [2]})
    roll_with(state, (3, 4, 3, 4, 3))
    assert state["rep_cost"] is None and state["phase"] == "actions"


def test_reputation_step_not_offered_when_too_poor():
    state = actions_state(2)
    state["ps"][0]["money"] = 3
    events = roll_with(state, (2, 2, 4, 3, 3))
    assert GAME.to_move(state) == {1} and GAME.legal_moves(state, 1) == ["rep", "skip"]
    assert any("cannot afford" in e.text for e in events)
    with pytest.raises(IllegalMove, match="no reputation step for you"):
        GAME.apply(state, 0, "rep")


def test_several_draws_in_one_move_and_not_beyond_five():
    state = GAME.setup(2, 3)
    events = play(state, 0, "draw a b a")
    assert [e.text[-2] for e in events] == ["A", "B", "A"]  # in the order drawn
    assert len(state["ps"][0]["drawn"]) == 3
    with pytest.raises(IllegalMove, match="drawn enough"):
        play(state, 0, "draw b b b")
    assert len(state["ps"][0]["drawn"]) == 3
    play(state, 0, "draw bb")
    assert len(state["ps"][0]["hand"]) == 5 and GAME.to_move(state) == {1}


def test_red_and_purple_sixes_give_every_player_a_threat_of_each():
    state = actions_state(4)
    ex = FACTS["threat_example"]
    roll_with(state, [ex.get(c, 3) for c in COLOURS])
    for p in state["ps"]:
        assert p["threats"] == {c: (1 if c in ex["each_player_gets"] else 0) for c in COLOURS}
    assert state["threat_supply"]["red"] == 9 - 4


def test_fives_count_as_threats_too():
    state = actions_state(2)
    roll_with(state, (5, 4, 4, 4, 4))
    assert all(p["threats"]["blue"] == 1 for p in state["ps"])


def _third_marker(colour, players=2):
    state = actions_state(players)
    for p in state["ps"]:
        p["threats"][colour] = 2
        state["threat_supply"][colour] -= 2
    roll_with(state, [6 if c == colour else 3 for c in COLOURS])
    return state


def test_flood_takes_all_workers():
    state = _third_marker("blue")
    assert all(sum(p["workers"].values()) == 0 for p in state["ps"])
    assert all(p["threats"]["blue"] == 0 for p in state["ps"])
    assert state["threat_supply"]["blue"] == 9


def test_robbery_takes_all_money():
    state = _third_marker("yellow")
    assert all(p["money"] == 0 for p in state["ps"])


def test_intrigue_costs_three_vp_but_never_below_zero():
    state = actions_state(2)
    state["ps"][1]["vp"] = 2
    for p in state["ps"]:
        p["threats"]["purple"] = 2
    roll_with(state, (3, 3, 3, 3, 6))
    assert [p["vp"] for p in state["ps"]] == [2, 0]


def test_plague_discards_a_chosen_person():
    state = actions_state(2)
    give_house(state, 0, person=1)
    give_house(state, 0, person=2)
    give_house(state, 1, person=3)
    for p in state["ps"]:
        p["threats"]["brown"] = 2
    roll_with(state, (3, 6, 3, 3, 3))
    # seat 1 had one person: lost by itself; seat 0 must choose
    assert state["ps"][1]["houses"][0]["person"] is None and 3 in state["discard"]
    assert GAME.to_move(state) == {0}
    assert sorted(GAME.legal_moves(state, 0)) == ["lose person 1", "lose person 2"]
    with pytest.raises(IllegalMove):
        play(state, 0, "rep")
    play(state, 0, "lose person 2")
    assert [h["person"] for h in state["ps"][0]["houses"]] == [1, None]
    assert len(state["ps"][0]["houses"]) == 2  # the house stays


def test_fire_burns_a_house_and_the_person_returns_to_hand():
    state = actions_state(2)
    give_house(state, 0, person=5)
    state["ps"][0]["canals"]["left"] = 2
    for p in state["ps"]:
        p["threats"]["red"] = 2
    roll_with(state, (3, 3, 3, 6, 3))
    assert sorted(GAME.legal_moves(state, 0)) == ["lose canal left", "lose house 1"]
    play(state, 0, "lose house 1")
    assert state["ps"][0]["houses"] == [] and 5 in state["ps"][0]["hand"]
    assert state["ps"][0]["canals"]["left"] == 2


def test_fire_on_a_canal_takes_the_outer_section_and_keeps_the_statue():
    state = actions_state(2)
    p = state["ps"][0]
    p["canals"]["left"] = 5
    p["statue_canals"] = ["left"]
    p["statues"] = [7]
    p["threats"]["red"] = 2
    roll_with(state, (3, 3, 3, 6, 3))
    assert p["canals"]["left"] == 4 and p["statues"] == [7]  # only option: by itself
    # rebuilding the last section earns no second statue
    p["money"] = 10
    p["hand"] = [c for c in by(lambda c: c.colour == "brown")][:1]
    state["phase"], state["turn"], state["turn_played"], state["pending"] = "actions", 0, False, []
    p["plays_left"] = 4
    play(state, 0, f"play {p['hand'][0]} canal left")
    assert p["canals"]["left"] == 5 and p["statues"] == [7] and state["statues"] == list(STATUES)


def test_nothing_to_burn_means_nothing_happens():
    state = _third_marker("red")
    assert state["pending"] == [] and all(p["threats"]["red"] == 0 for p in state["ps"])


def test_two_disasters_in_one_roll_in_the_order_the_player_likes():
    state = actions_state(2)
    give_house(state, 0, person=5)
    give_house(state, 0, person=6)
    state["ps"][0]["threats"].update(brown=2, red=2)
    roll_with(state, (3, 6, 3, 6, 3))
    kinds = sorted(e["kind"] for e in state["pending"])
    assert kinds == ["fire", "plague"]
    play(state, 0, "lose house 2")  # fire first: person 6 back to hand
    assert 6 in state["ps"][0]["hand"]
    # plague now has a single person left: it goes by itself
    assert state["pending"] == [] and state["ps"][0]["houses"][0]["person"] is None


def test_short_threat_supply_deals_in_turn_order():
    """With 4th-marker guards players can hold 3; the 9 markers may run short:
    dealing goes in turn order from the start player, later players miss out."""
    state = actions_state(4)
    guards = by(lambda c: c.effect.get("mod") == "disaster_limit" and c.effect["colour"] == "red")
    give_house(state, 1, person=guards[0])
    held = [1, 3, 2, 2]
    for p, n in zip(state["ps"], held):
        p["threats"]["red"] = n
    state["threat_supply"]["red"] = 9 - sum(held)
    roll_with(state, (3, 3, 3, 6, 3))
    assert [p["threats"]["red"] for p in state["ps"]] == [2, 3, 2, 2]
    assert state["threat_supply"]["red"] == 0
    assert state["ps"][1]["houses"][0]["person"] == guards[0]


def test_short_supply_refilled_by_a_disaster_mid_deal():
    state = actions_state(4)
    for p in state["ps"]:
        p["threats"]["red"] = 2
    state["threat_supply"]["red"] = 1
    roll_with(state, (3, 3, 3, 6, 3))
    # seat 0 takes the last marker, burns (returns 3), so the next seats can be dealt
    assert [p["threats"]["red"] for p in state["ps"]] == [0, 0, 0, 0]
    assert state["threat_supply"]["red"] == 9


# --- the six uses ------------------------------------------------------------------------------

def test_workers_use_gives_two_of_the_card_colour():
    red = by(lambda c: c.colour == "red")[0]
    state = actions_state(2, {0: [red]})
    play(state, 0, f"play {red} workers")
    assert state["ps"][0]["workers"]["red"] == 3 and red in state["discard"]


@pytest.mark.parametrize("example", FACTS["money_examples"])
def test_money_use_pays_the_die_of_the_card_colour(example):
    cid = by(lambda c: c.colour == example["colour"])[0]
    dice = [example["die"] if c == example["colour"] else 1 for c in COLOURS]
    state = actions_state(2, {0: [cid]}, dice=dice)
    play(state, 0, f"play {cid} money")
    assert state["ps"][0]["money"] == 5 + example["guilders"]


def test_threat_use_removes_one_marker_for_one_vp():
    cid = by(lambda c: c.colour == "purple")[0]
    state = actions_state(2, {0: [cid, by(lambda c: c.colour == "blue")[0]]})
    state["ps"][0]["threats"]["purple"] = 2
    state["threat_supply"]["purple"] = 7
    assert f"play {cid} threat" in GAME.legal_moves(state, 0)
    play(state, 0, f"play {cid} threat")
    assert state["ps"][0]["threats"]["purple"] == 1 and state["ps"][0]["vp"] == 6
    assert state["threat_supply"]["purple"] == 8


def test_threat_use_needs_a_marker_of_that_colour():
    cid = by(lambda c: c.colour == "purple")[0]
    state = actions_state(2, {0: [cid]})
    with pytest.raises(IllegalMove, match="no purple threat"):
        play(state, 0, f"play {cid} threat")


def test_canal_sections_in_order_paying_one_to_five_and_a_statue():
    by_colour = {c: by(lambda k, c=c: k.colour == c) for c in COLOURS}
    left = ["blue", "purple", "yellow", "red", "brown"]
    hand = [by_colour[c][0] for c in left]
    state = actions_state(2, {0: hand})
    p = state["ps"][0]
    p["money"] = 15
    with pytest.raises(IllegalMove, match="No canal of yours needs a red"):
        play(state, 0, f"play {hand[3]} canal")
    p = state["ps"][0]  # the refused move restored the state: fetch it again
    for k, cid in enumerate(hand):
        state["turn"], state["turn_played"], p["plays_left"] = 0, False, 4
        play(state, 0, f"play {cid} canal left")
        assert p["canals"]["left"] == k + 1
    assert p["money"] == 0 and p["statues"] == [7] and state["statues"] == [2, 3, 4, 5, 6]


def test_both_canals_wanting_the_same_colour_ask_which():
    blue = by(lambda c: c.colour == "blue")[0]
    state = actions_state(2, {0: [blue]})
    state["ps"][0]["canals"]["right"] = 4  # next right: blue (5); next left: blue (1)
    state["ps"][0]["money"] = 9
    moves = GAME.legal_moves(state, 0)
    assert f"play {blue} canal left" in moves and f"play {blue} canal right" in moves
    with pytest.raises(IllegalMove, match="Both canals"):
        play(state, 0, f"play {blue} canal")
    play(state, 0, f"play {blue} canal right")
    assert state["ps"][0]["money"] == 4


def test_house_costs_a_worker_of_the_card_colour():
    yellow = by(lambda c: c.colour == "yellow")[:2]
    state = actions_state(2, {0: yellow})
    play(state, 0, f"play {yellow[0]} house")
    p = state["ps"][0]
    assert p["workers"]["yellow"] == 0 and p["houses"][0]["roof"] == "yellow"
    state["turn"], state["turn_played"] = 0, False
    with pytest.raises(IllegalMove, match="yellow worker"):
        play(state, 0, f"play {yellow[1]} house")


def test_hire_needs_a_house_and_money_and_replaces_only_when_full():
    cheap = by(lambda c: c.cost == 3 and c.timing == "end")[:3]
    state = actions_state(2, {0: cheap})
    state["ps"][0]["money"] = 7
    with pytest.raises(IllegalMove, match="no house"):
        play(state, 0, f"play {cheap[0]} hire")
    give_house(state, 0)
    play(state, 0, f"play {cheap[0]} hire")
    p = state["ps"][0]
    assert p["money"] == 4 and p["houses"][0]["person"] == cheap[0]
    state["turn"], state["turn_played"] = 0, False
    assert f"play {cheap[1]} hire house 1" in GAME.legal_moves(state, 0)
    play(state, 0, f"hire {cheap[1]} house 1")
    assert p["houses"][0]["person"] == cheap[1] and cheap[0] in state["discard"]
    state["turn"], state["turn_played"] = 0, False
    with pytest.raises(IllegalMove, match="costs 3 guilders; you have 1"):
        play(state, 0, f"play {cheap[2]} hire house 1")


def test_turns_go_round_four_cards_each_and_the_fifth_stays():
    state = GAME.setup(2, 9)
    while state["phase"] == "draw":
        play(state, next(iter(GAME.to_move(state))), "draw a")
    play(state, 0, "roll")
    while state["phase"] == "reputation" or state["pending"]:
        seat = min(GAME.to_move(state))
        play(state, seat, GAME.legal_moves(state, seat)[-1])
    order = []
    while state["phase"] == "actions":
        seat = state["turn"]
        moves = [m for m in GAME.legal_moves(state, seat) if m.endswith("workers") or m == "end"]
        if state["pending"]:
            seat = min(GAME.to_move(state))
            moves = GAME.legal_moves(state, seat)
        order.append(seat)
        play(state, seat, moves[0])
    plays = [s for s in order]
    assert plays[:8] == [0, 1, 0, 1, 0, 1, 0, 1]
    assert all(len(p["hand"]) + len(p["drawn"]) >= 1 for p in state["ps"])
    assert state["start"] == 1 and state["round"] == 2


# --- end of round --------------------------------------------------------------------------

def test_majorities_need_a_sole_leader_and_stay_turned():
    state = actions_state(3)
    ps = state["ps"]
    ps[0]["rep"], ps[1]["rep"], ps[2]["rep"] = 3, 3, 1  # tie: nobody
    ps[2]["canals"]["left"] = 2  # sole leader in canals
    events = []
    rules.end_round(state, events)
    assert [p["majority"]["reputation"] for p in ps] == [False, False, False]
    assert [p["majority"]["canals"] for p in ps] == [False, False, True]
    ps[1]["canals"]["left"] = 4  # now seat 1 leads canals: turns, seat 2 keeps its marker
    rules.end_round(state, events)
    assert [p["majority"]["canals"] for p in ps] == [False, True, True]


def test_end_round_passes_start_player_and_resets_used_persons():
    state = actions_state(3)
    state["ps"][0]["used"] = [12]
    rules.end_round(state, [])
    assert state["start"] == 1 and state["ps"][0]["used"] == []
    assert state["phase"] == "draw" and GAME.to_move(state) == {1}


# --- game end --------------------------------------------------------------------------------

def test_pile_running_out_in_draw_phase_makes_this_the_last_round():
    state = GAME.setup(4, 2)
    state["piles"][0] = state["piles"][0][-2:]
    reserve = list(state["reserve"])
    play(state, 0, "draw a")
    play(state, 0, "draw a")
    assert state["piles"][0] == reserve and state["reserve"] == []
    assert state["last_round"]


def test_pile_running_out_in_action_phase_makes_next_round_the_last():
    drawer = by(lambda c: c.timing == "now" and c.effect["do"][0]["op"] == "draw")[0]
    state = actions_state(2, {0: [drawer]})
    give_house(state, 0)
    state["piles"][0] = state["piles"][0][-1:]
    state["piles"][1] = state["piles"][1][-1:]
    play(state, 0, f"play {drawer} hire")
    assert GAME.legal_moves(state, 0) == ["choose a", "choose b"]  # which pile, card by card
    play(state, 0, "choose a")
    while any(e["kind"] == "choose" for e in state["pending"]):
        play(state, 0, "choose a")
    assert not state["last_round"] and state["last_round_next"]
    assert state["reserve"] == [] and all(state["piles"])
    rules.end_round(state, [])
    assert state["last_round"] and state["phase"] == "draw"


def test_in_the_last_round_an_empty_pile_is_refilled_by_splitting_the_other():
    state = GAME.setup(2, 2)
    state["reserve"] = []
    state["last_round"] = True
    state["piles"][0] = state["piles"][0][-1:]
    rest = list(state["piles"][1])
    play(state, 0, "draw a")
    assert len(state["piles"][0]) + len(state["piles"][1]) == len(rest)
    assert abs(len(state["piles"][0]) - len(state["piles"][1])) <= 1


def test_last_round_ends_the_game_with_final_scores():
    state = actions_state(2)
    state["last_round"] = True
    rules.end_round(state, [])
    assert state["phase"] == "over" and GAME.to_move(state) == set()
    assert GAME.result(state) is not None


def test_final_scoring_breakdown():
    laurel = by(lambda c: c.effect.get("score") == "house" and c.effect["n"] == 1)[0]
    state = actions_state(2)
    p = state["ps"][0]
    give_house(state, 0, person=laurel)
    give_house(state, 0)
    p["vp"] = 11
    p["majority"]["canals"] = True
    p["canals"] = {"left": 5, "right": 3}
    p["statues"] = [7]
    p["rep"] = 4
    state["last_round"] = True
    rules.end_round(state, [])  # seat 0 leads all three majorities now
    result = GAME.result(state)
    b = result.breakdown[0]
    assert b == {"track": 11, "houses": 2, "majorities": 12, "persons": CARDS[laurel].vp, "laurels": 2,
                 "canals": 6, "statues": 7, "reputation": 4}
    assert result.scores[0] == sum(b.values())


def test_tie_break_on_money_then_shared():
    state = actions_state(3)
    for p in state["ps"]:
        p["vp"] = 10
    state["ps"][0]["money"], state["ps"][1]["money"], state["ps"][2]["money"] = 4, 4, 2
    state["last_round"] = True
    rules.end_round(state, [])
    result = GAME.result(state)
    assert result.winners == [0, 1] and result.ranking[-1] == 2 and result.tiebreak == "guilders"


# --- persons' timing ----------------------------------------------------------------------------

def test_worker_person_hired_now_can_be_used_at_once_then_end_passes_the_turn():
    dyer = 27  # pay a yellow worker: one extra card this round
    spare = by(lambda c: c.colour == "blue")[:2]
    state = actions_state(2, {0: [dyer, *spare], 1: [by(lambda c: c.colour == "red")[0]]})
    give_house(state, 0)
    state["ps"][0]["money"] = 10
    play(state, 0, f"play {dyer} hire")
    assert GAME.to_move(state) == {0}  # turn stays open: the Dyer is usable
    assert GAME.legal_moves(state, 0) == ["end", f"use {dyer}"]
    play(state, 0, f"use {dyer}")
    p = state["ps"][0]
    assert p["plays_left"] == 4 and p["workers"]["yellow"] == 0
    assert GAME.to_move(state) == {1}  # nothing left to activate: the turn passed by itself
    with pytest.raises(IllegalMove):
        play(state, 1, f"use {dyer}")


def test_activation_before_the_card_and_end_only_after_it():
    illuminator = 30  # pay a purple worker: remove a threat of any colour
    blue = by(lambda c: c.colour == "blue")[0]
    state = actions_state(2, {0: [blue]})
    give_house(state, 0, person=illuminator)
    state["ps"][0]["threats"]["red"] = 1
    play(state, 0, f"use {illuminator}")
    assert state["ps"][0]["threats"]["red"] == 0 and state["ps"][0]["vp"] == 6
    moves = GAME.legal_moves(state, 0)
    assert f"play {blue} workers" in moves and "end" not in moves and f"use {illuminator}" not in moves
    with pytest.raises(IllegalMove, match="Play a card first"):
        play(state, 0, "end")
    play(state, 0, f"play {blue} workers")
    assert state["phase"] == "draw" and state["round"] == 2  # nobody holds a card: the round is over


def test_every_round_person_fires_by_itself_after_each_roll():
    friar = 91  # 1 guilder per die showing 6, every round
    state = actions_state(2, {0: [1], 1: [2]})
    give_house(state, 0, person=friar)
    roll_with(state, (6, 6, 3, 4, 3))
    assert state["ps"][0]["money"] == 7 and friar in state["ps"][0]["used"]
    rules.end_round(state, [])
    assert state["ps"][0]["used"] == []


def test_plague_and_fire_together_let_the_player_pick_the_order():
    """One house with its person, plague and fire at once: burning the house
    first sends the person back to the hand, and the plague then finds nobody.
    (Resolving the single-option plague by itself took that choice away.)"""
    state = actions_state(2)
    give_house(state, 0, person=5)
    state["ps"][0]["threats"].update(brown=2, red=2)
    roll_with(state, (3, 6, 3, 6, 3))
    assert sorted(e["kind"] for e in state["pending"]) == ["fire", "plague"]
    assert sorted(GAME.legal_moves(state, 0)) == ["lose house 1", "lose person 5"]
    play(state, 0, "lose house 1")
    p = state["ps"][0]
    assert state["pending"] == [] and p["houses"] == [] and p["hand"] == [5]
    assert 5 not in state["discard"]


def test_plague_first_then_the_fire_takes_the_emptied_house():
    state = actions_state(2)
    give_house(state, 0, person=5)
    state["ps"][0]["threats"].update(brown=2, red=2)
    roll_with(state, (3, 6, 3, 6, 3))
    play(state, 0, "lose person 5")
    p = state["ps"][0]
    assert state["pending"] == [] and p["houses"] == [] and 5 in state["discard"] and p["hand"] == []


def test_a_drawing_person_tells_only_its_player_which_cards_came():
    juggler = 14  # when hired: draw 2 cards
    state = actions_state(2, {0: [juggler]})
    give_house(state, 0)
    a_top, b_top = state["piles"][0][-1], state["piles"][1][-1]
    play(state, 0, f"play {juggler} hire")
    assert GAME.view(state, None)["pending"][0]["text"] == "picks pile A or B to draw for Juggler"
    assert GAME.hint(state, 0, "choose b").endswith(f"top is {CARDS[b_top].colour}")
    events = play(state, 0, "choose b")
    line = next(e for e in events if "draws 1 card from pile B" in e.text)
    assert line.private == f"You drew: #{b_top} {CARDS[b_top].name} ({CARDS[b_top].colour})."
    assert f"#{b_top}" not in line.text
    assert GAME.view(state, 0)["private_last"] == [line.private]
    assert "private_last" not in GAME.view(state, None)
    play(state, 0, "choose a")
    assert sorted(state["ps"][0]["hand"]) == sorted([a_top, b_top])


def test_no_replacing_while_a_house_stands_empty_and_a_replaced_persons_power_ends():
    watchman = 20  # permanent: hiring costs 1 less
    king = 1
    price = CARDS[king].cost
    state = actions_state(2, {0: [king]})
    state["ps"][0]["money"] = price
    give_house(state, 0, person=watchman)
    give_house(state, 0)
    assert rules.hire_price(state, 0, king) == price - 1
    with pytest.raises(IllegalMove, match="House 2 is empty"):
        play(state, 0, f"play {king} hire house 1")
    assert GAME.legal_moves(state, 0, f"play {king} hire") == [f"play {king} hire"]
    state["ps"][0]["houses"][1]["person"] = 2  # now both houses are lived in
    play(state, 0, f"play {king} hire house 1")
    p = state["ps"][0]
    assert p["houses"][0]["person"] == king and watchman in state["discard"]
    assert p["money"] == 1  # the Watchman still counted for this hire
    assert rules.hire_price(state, 0, king) == price  # but is gone for the next one


def test_the_seat_view_lists_a_waiting_decision_and_the_public_view_does_not():
    state = actions_state(2)
    give_house(state, 0, person=1)
    give_house(state, 0, person=2)
    state["ps"][0]["threats"]["brown"] = 2
    roll_with(state, (3, 6, 3, 3, 3))
    assert GAME.view(state, 0)["decide"] == ["lose person 1", "lose person 2"]
    assert GAME.view(state, 1)["decide"] == []
    public = GAME.view(state, None)
    assert "decide" not in public
    assert public["pending"] == [{"seat": 0, "kind": "plague", "text": "chooses a person to lose (plague)"}]


def test_a_busy_roll_reads_well_one_line_for_all_who_cannot_pay():
    state = actions_state(3)
    for p in state["ps"]:
        p["money"] = 0
    events = roll_with(state, (1, 3, 3, 4, 4))
    texts = [e.text for e in events]
    assert "The reputation step costs 1 guilder this round." in texts
    assert "{p0}, {p1}, {p2} cannot afford the reputation step." in texts


def test_loss_hints_say_what_each_choice_costs():
    state = actions_state(2)
    give_house(state, 0, person=5)
    give_house(state, 0)
    state["ps"][0]["canals"]["left"] = 1
    assert GAME.hint(state, 0, "lose house 1") == "Master Craftsman goes back to your hand"
    assert GAME.hint(state, 0, "lose house 2") == "an empty house"
    assert GAME.hint(state, 0, "lose person 5") == "Master Craftsman is discarded (the house stays)"
    assert GAME.hint(state, 0, "lose canal left") == "outermost section of the left canal"
