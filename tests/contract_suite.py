"""Checks every engine must pass, driven only through the public contract.

A game's test module calls ``check_playouts(game_id, players, seeds)``; it
plays whole random games and, along the way, checks that listed moves are
accepted, garbage is refused with the state untouched, and that replay and
JSON round trips reproduce the state exactly.
"""

from __future__ import annotations

import copy
import json
import random

from games import get
from games.core import RuleError
from games.core.game import first_words
from games.core.playout import expand, replay

GARBAGE = [
    "",
    "   ",
    "xyzzy",
    "pass pass pass pass",
    "build Z99",
    "play 999",
    "\u2603 snowman",
    "1 2 3 4 5 6 7 8 9",
    "sell",
    "DROP TABLE games;",
]


def _dump_text(game, state) -> str:
    return json.dumps(game.dump(state), sort_keys=True)


def check_listed_moves_accepted(game, state, seat, rnd, limit=25):
    """Every complete move listed at the top level (sampled when many) plays."""
    listed = game.legal_moves(state, seat, "")
    assert listed, f"seat {seat} is to move but has no legal move"
    # the prompt's words (``Game.verbs``, answered directly where the full list is costly) are
    # exactly the first words of the listed moves, in their order
    assert game.verbs(state, seat) == first_words(listed), f"seat {seat}: verbs differ from the listed moves"
    complete = [m for m in listed if not m.endswith(" ")]
    stems = [m for m in listed if m.endswith(" ")]
    if stems:  # follow one stem down to full moves as well
        complete += [expand(game, state, seat, rnd.choice(stems), rnd) for _ in range(3)]
    if len(complete) > limit:
        complete = rnd.sample(complete, limit)
    for move in complete:
        trial = copy.deepcopy(state)
        try:
            game.play(trial, seat, move)
        except RuleError as err:  # pragma: no cover - the assertion explains
            raise AssertionError(f"listed move {move!r} refused for seat {seat}: {err}") from err


def check_glances(game, state) -> int:
    """Every entry of the public view the engine answers alone (``Game.glance``) equals the
    view's; returns how many it answered."""
    public = game.view(state, None)
    answered = 0
    for key in public:
        try:
            value = game.glance(state, key)
        except KeyError:
            continue
        assert value == public[key], f"glance {key!r}: {value!r} != the view's {public[key]!r}"
        answered += 1
    players = public.get("players") or []
    names = {name for entry in players if isinstance(entry, dict) for name in entry} | {"no-such-entry"}
    for seat, entry in enumerate(players):  # one seat's entry, "players.N"
        try:
            value = game.glance(state, f"players.{seat}")
        except KeyError:
            pass
        else:
            assert value == entry, f"glance 'players.{seat}': {value!r} != the view's {entry!r}"
            answered += 1
        for name in names:  # one entry of it, "players.N.KEY": the view's, or KeyError where it has none
            try:
                value = game.glance(state, f"players.{seat}.{name}")
            except KeyError:
                continue
            assert isinstance(entry, dict) and name in entry, f"glance 'players.{seat}.{name}': not in the view"
            assert value == entry[name], f"glance 'players.{seat}.{name}': {value!r} != the view's {entry[name]!r}"
            answered += 1
    return answered


def check_garbage_refused(game, state, rnd):
    before = _dump_text(game, state)
    seats = sorted(game.to_move(state))
    n = len(game.view(state, None).get("players", [])) or 5
    for text in GARBAGE:
        for seat in seats:
            try:
                game.play(state, seat, text)
            except RuleError as err:
                assert str(err).strip(), f"empty error message for {text!r}"
            else:
                raise AssertionError(f"garbage {text!r} accepted for seat {seat}")
            assert _dump_text(game, state) == before, f"state changed by refused {text!r}"
    # a seat that is not to move is refused too
    idle = [s for s in range(n) if s not in seats]
    if idle:
        move = game.legal_moves(state, seats[0], "")[0]
        try:
            game.play(state, idle[0], move.strip())
        except RuleError:
            pass
        else:
            raise AssertionError(f"seat {idle[0]} moved out of turn")
        assert _dump_text(game, state) == before


def check_playouts(game_id: str, players: int, seeds, options: dict | None = None,
                   probe_every: int = 7, max_moves: int = 20000):
    """Play complete random games; probe the contract every few moves."""
    game = get(game_id)
    for seed in seeds:
        rnd = random.Random(seed * 7919 + players)
        state = game.setup(players, seed, options)
        json.dumps(game.view(state, None))
        moves: list[tuple[int, str]] = []
        while game.result(state) is None:
            assert len(moves) < max_moves, f"{game_id} seed {seed}: no end after {max_moves} moves"
            waiting = sorted(game.to_move(state))
            assert waiting, f"{game_id} seed {seed}: nobody to move, no result"
            seat = rnd.choice(waiting)
            if len(moves) % probe_every == 0:
                check_listed_moves_accepted(game, state, seat, rnd)
                check_garbage_refused(game, state, rnd)
                roundtrip = game.load(json.loads(json.dumps(game.dump(state))))
                assert _dump_text(game, roundtrip) == _dump_text(game, state)
                for s in range(players):
                    json.dumps(game.view(state, s))
                check_glances(game, state)
            move = expand(game, state, seat, "", rnd)
            game.play(state, seat, move)
            moves.append((seat, move))
        result = game.result(state)
        assert len(result.scores) == players
        assert result.winners and all(0 <= w < players for w in result.winners)
        assert sorted(result.ranking) == list(range(players))
        assert game.to_move(state) == set()
        replayed, applied, error = replay(game, players, seed, options, moves)
        assert error is None, f"replay failed at move {applied}: {error}"
        assert _dump_text(game, replayed) == _dump_text(game, state), "replay differs"
