"""Notation round trip, autocomplete stems, hints and friendly refusals."""

import random

import pytest

from games.bruges.data import CARDS
from games.bruges.notation import format_action, parse
from games.core import IllegalMove, NotationError
from games.core.playout import expand

from .helpers import GAME, actions_state, by, give_house, play


def test_every_listed_move_round_trips_through_the_notation():
    rnd = random.Random(2)
    state = GAME.setup(3, 2)
    seen = 0
    while GAME.result(state) is None and seen < 400:
        seat = rnd.choice(sorted(GAME.to_move(state)))
        for move in GAME.legal_moves(state, seat):
            if not move.endswith(" "):
                assert format_action(parse(move)) == move
        GAME.play(state, seat, expand(GAME, state, seat, "", rnd))
        seen += 1


def test_big_move_lists_fold_into_stems_that_expand():
    hand = by(lambda c: c.cost <= 2)[:5]
    state = actions_state(2, {0: hand})
    state["ps"][0]["money"] = 30
    state["ps"][0]["threats"] = {c: 1 for c in state["ps"][0]["threats"]}
    give_house(state, 0)
    top = GAME.legal_moves(state, 0)
    assert len(top) <= 25 and all(m.endswith(" ") for m in top)
    assert sorted(top) == sorted(f"play {c} " for c in hand)
    uses = GAME.legal_moves(state, 0, f"play {hand[0]} ")
    assert f"play {hand[0]} workers" in uses and f"play {hand[0]} hire" in uses
    assert all(m.startswith(f"play {hand[0]} ") for m in uses)
    assert GAME.legal_moves(state, 0, "PLAY") == top  # case-insensitive


def test_hints_give_costs():
    cid = by(lambda c: c.colour == "red" and c.cost == 6)[0]
    state = actions_state(2, {0: [cid]}, dice=(1, 2, 3, 6, 5))
    give_house(state, 0)
    name = CARDS[cid].name  # numbers alone mean little in the autocomplete list
    assert GAME.hint(state, 0, f"play {cid} money") == f"{name}: +6 guilders"
    assert GAME.hint(state, 0, f"play {cid} workers") == f"{name}: +2 red workers"
    assert GAME.hint(state, 0, f"play {cid} hire") == f"{name}: 6 guilders (◇ price not verified)"
    assert GAME.hint(state, 0, f"play {cid} house") == f"{name}: 1 red worker"
    assert GAME.hint(state, 0, f"play {cid} ") == f"{name} (red), hire for 6 (◇ price not verified)"
    assert GAME.hint(state, 0, "nonsense") == ""


@pytest.mark.parametrize("text, error", [
    ("draw c", NotationError),
    ("play", NotationError),
    ("play 12 fly", NotationError),
    ("play x workers", NotationError),
    ("lose canal middle", NotationError),
])
def test_bad_notation_is_refused(text, error):
    with pytest.raises(error):
        parse(text)


def test_illegal_moves_say_what_would_be_legal():
    cid = by(lambda c: c.colour == "blue")[0]
    state = actions_state(2, {0: [cid]})
    with pytest.raises(IllegalMove, match="not in your hand"):
        play(state, 0, "play 99 workers")
    with pytest.raises(IllegalMove, match="play a card as a house first"):
        play(state, 0, f"play {cid} hire")
    with pytest.raises(IllegalMove, match="Play a card first"):
        play(state, 0, "end")
    with pytest.raises(IllegalMove, match="not now"):
        play(state, 0, "roll")


def test_public_view_shows_pile_sizes_and_top_colour_only():
    state = GAME.setup(2, 8)
    view = GAME.view(state, None)
    assert view["piles"] == [{"size": len(p), "top": view["piles"][i]["top"]} for i, p in enumerate(state["piles"])]
    assert isinstance(view["reserve"], int)


def test_a_move_of_another_phase_says_what_is_legal_now():
    state = GAME.setup(2, 3)
    for text in ("roll", "rep", "play 5 money", "use 5", "end"):
        with pytest.raises(IllegalMove, match=r"not now \(phase: drawing\)\. Now: draw a, draw b\."):
            GAME.play(state, 0, text)
    assert GAME.to_move(state) == {0} and state["ps"][0]["drawn"] == []


def test_out_of_phase_refusal_in_the_action_phase_lists_cards_not_every_use():
    hand = by(lambda c: c.colour == "purple")[:5]
    state = actions_state(2, {0: hand})
    with pytest.raises(IllegalMove) as err:
        GAME.play(state, 0, "roll")
    expected = ", ".join(f"play {c} ..." for c in sorted(hand))
    assert str(err.value) == f"Rolling the dice is not now (phase: playing cards and using persons). Now: {expected}."
