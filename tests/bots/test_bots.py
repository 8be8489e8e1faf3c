"""Bot seats through the public contract: legal, seeded, blind to hidden things."""

import copy
import random

import pytest

import games
from games.bots import make, play_game
from games.bots.candidates import candidates
from games.bots.hidden import determinise, redeal_of
from games.core.playout import expand, replay

PLAYERS = {"west-of-africa": 3, "terra-mystica": 3, "altiplano": 3, "bruges": 3, "amerigo": 3}
SMALL = {"iterations": 4, "horizon": 4, "width": 10}


def _position(gid: str, moves: int, seed: int = 7):
    game = games.get(gid)
    state = game.setup(PLAYERS[gid], seed, None)
    rnd = random.Random(seed)
    for _ in range(moves):
        if game.result(state) is not None:
            break
        seat = min(game.to_move(state))
        game.play(state, seat, expand(game, state, seat, "", rnd))
    return game, state


@pytest.mark.parametrize("gid", sorted(PLAYERS))
@pytest.mark.parametrize("policy", ["bot", "greedy", "random"])
def test_every_policy_plays_a_move_play_accepts(gid, policy):
    game, state = _position(gid, 25)
    seat = min(game.to_move(state))
    before = game.to_json_text(state)
    move = make(policy, 3, **(SMALL if policy == "bot" else {})).choose(game, state, seat)
    assert game.to_json_text(state) == before, "choosing must not touch the real state"
    game.play(state, seat, move)  # raises if the move is not legal


@pytest.mark.parametrize("gid", sorted(PLAYERS))
def test_same_seed_same_choice(gid):
    game, state = _position(gid, 30)
    seat = min(game.to_move(state))
    a = make("bot", 11, **SMALL).choose(game, copy.deepcopy(state), seat)
    b = make("bot", 11, **SMALL).choose(game, copy.deepcopy(state), seat)
    assert a == b


def test_candidates_keep_a_pass_like_move_when_moves_are_many():
    game, state = _position("terra-mystica", 40, seed=3)
    seat = min(game.to_move(state))
    moves = candidates(game, state, seat, random.Random(1), 8)
    assert moves and all(not m.endswith(" ") for m in moves)
    for m in moves:
        trial = copy.deepcopy(state)
        game.play(trial, seat, m)


def test_bruges_bot_choice_ignores_opponents_hands_and_the_piles():
    """Two positions that differ only in what the seat cannot see (opponents'
    hands, the order of the draw piles under their top colours) give the
    same decision with the same seed."""
    game, state = _position("bruges", 40, seed=5)
    seat = min(game.to_move(state))
    other = determinise(game, state, seat, random.Random(99))  # a re-deal is what a seat can't tell apart
    other["rng"] = dict(state["rng"])
    assert other != state
    assert game.view(other, seat) == game.view(state, seat)
    assert make("bot", 4, **SMALL).choose(game, state, seat) == make("bot", 4, **SMALL).choose(game, other, seat)


def test_bot_choice_ignores_the_seed_of_future_draws():
    """The state's generator seed decides every future draw; a bot must not
    read it (it re-seeds its worlds), so changing it changes nothing."""
    for gid in ("bruges", "amerigo", "altiplano"):
        game, state = _position(gid, 20, seed=9)
        seat = min(game.to_move(state))
        other = copy.deepcopy(state)
        other["rng"]["seed"] += 12345
        assert make("bot", 2, **SMALL).choose(game, state, seat) == make("bot", 2, **SMALL).choose(game, other, seat)


def test_west_of_africa_secret_choices_of_others_are_redealt():
    game = games.get("west-of-africa")
    state = game.setup(3, 4, None)
    rnd = random.Random(4)
    game.play(state, 1, expand(game, state, 1, "", rnd))  # seat 1 chooses in secret
    world = determinise(game, state, 0, random.Random(1))
    assert world["choice"][1] is None and state["choice"][1] is not None


def test_a_game_re_deals_its_hidden_cards_beside_its_view():
    """Each game's re-deal for the bots is ``redeal`` in its own view module, found by the game."""
    from games.altiplano import view as altiplano_view
    from games.amerigo import view as amerigo_view
    from games.bruges import view as bruges_view
    from games.west_of_africa import view as woa_view

    expected = {"altiplano": altiplano_view.redeal, "amerigo": amerigo_view.redeal, "bruges": bruges_view.redeal,
                "west-of-africa": woa_view.redeal, "terra-mystica": None}  # TM hides only its future draws
    assert {gid: redeal_of(games.get(gid)) for gid in expected} == expected


def test_determinise_never_changes_the_seats_own_view():
    for gid in PLAYERS:
        game, state = _position(gid, 35, seed=2)
        seat = min(game.to_move(state))
        world = determinise(game, state, seat, random.Random(5))
        mine, theirs = game.view(world, seat), game.view(state, seat)
        assert mine.get("hand") == theirs.get("hand")


@pytest.mark.parametrize("gid", ["bruges", "west-of-africa", "amerigo"])
def test_a_bot_game_ends_and_replays_from_its_log(gid):
    game = games.get(gid)
    rec = play_game(game, 3, 21, ["bot", "random", "greedy"], budget={"iterations": 0, "width": 8})
    state, applied, error = replay(game, 3, 21, None, rec.moves)
    assert error is None and applied == len(rec.moves)
    assert game.result(state).scores == rec.scores
