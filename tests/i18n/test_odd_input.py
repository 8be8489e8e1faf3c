"""Odd input never crashes a game (#18.2): property tests per game.

Arbitrary unicode, very long text, and legal moves mutated with look-alike
digits ('²', '①', '٣'), control characters, null bytes and huge numbers go
through ``play`` and through the session layer's move and autocomplete.
Allowed outcomes: the move plays, or it is refused with a ``RuleError``
whose message quotes at most a short excerpt of the input, with the state
unchanged byte for byte. Autocomplete answers a (maybe empty) list.
"""

from __future__ import annotations

import asyncio
import copy
import json
import logging
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.store import SqliteStore
from bot.table.sessions import Actor, SessionManager
from games import game_ids, get
from games.core import RuleError
from games.core.playout import expand

ODD = ["²", "①", "٣", "\x00", "\u200b", "\u202e", "Ⅻ", "１", "🎲", "\n", "\t", "\x7f", "é", "-", "#", "+", "0"]
HUGE = ["9" * 20, "1" * 5000, "0" * 40, "-1", "+3", "007", "1e9", "1_000"]


def _states(game_id: str, count: int = 6, players: int = 3, seed: int = 3):
    """States along a random game (each with a seat to move and that seat's legal moves)."""
    game = get(game_id)
    rnd = random.Random(seed)
    state = game.setup(players, seed)
    out = []
    step = 0
    while game.result(state) is None and len(out) < count:
        seat = rnd.choice(sorted(game.to_move(state)))
        if step % 25 == 0:
            legal = [expand(game, state, seat, "", rnd) for _ in range(4)]
            out.append((copy.deepcopy(state), seat, legal))
        game.play(state, seat, expand(game, state, seat, "", rnd))
        step += 1
    return out


_CACHE: dict[str, list] = {}


def states(game_id):
    if game_id not in _CACHE:
        _CACHE[game_id] = _states(game_id)
    return _CACHE[game_id]


@st.composite
def mutated(draw, legal: list[str]):
    move = draw(st.sampled_from(legal))
    words = move.split()
    for _ in range(draw(st.integers(1, 3))):
        kind = draw(st.integers(0, 4))
        i = draw(st.integers(0, max(0, len(words) - 1)))
        if kind == 0:
            words.insert(i, draw(st.sampled_from(HUGE)))
        elif kind == 1 and words:
            w = words[i]
            j = draw(st.integers(0, len(w)))
            words[i] = w[:j] + draw(st.sampled_from(ODD)) + w[j:]
        elif kind == 2 and words:
            words[i] = draw(st.sampled_from(HUGE))
        elif kind == 3 and words:
            del words[i]
        else:
            words.append(draw(st.text(max_size=8)))
    return " ".join(words)


def texts(legal):
    return st.one_of(
        st.text(max_size=40),
        st.text(alphabet=st.characters(codec="utf-8"), min_size=200, max_size=3000),
        st.builds(lambda d, w: w + " " + d, st.sampled_from(HUGE), st.sampled_from(legal)),
        mutated(legal),
    )


def check_refusal(err: RuleError, text: str) -> None:
    message = str(err)
    assert "\x00" not in message
    assert len(message) < 1200, message[:200]
    if len(text) > 80:
        assert text[:60] not in message, "the refusal echoes the whole input"


GAMES = sorted(game_ids())
FAST = settings(max_examples=120, deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@pytest.mark.parametrize("game_id", GAMES)
def test_play_takes_anything_and_refuses_cleanly(game_id):
    game = get(game_id)
    cases = states(game_id)

    @FAST
    @given(st.data())
    def run(data):
        state, seat, legal = cases[data.draw(st.integers(0, len(cases) - 1))]
        text = data.draw(texts(legal))
        trial = copy.deepcopy(state)
        before = game.to_json_text(trial)
        try:
            game.play(trial, seat, text)
        except RuleError as err:
            check_refusal(err, text)
            assert game.to_json_text(trial) == before
        listed = game.legal_moves(trial, seat, text)
        assert isinstance(listed, list)

    run()


@pytest.mark.parametrize("game_id", GAMES)
def test_session_move_and_autocomplete_never_crash(game_id, tmp_path, caplog):
    legal_texts = [m for _, _, legal in states(game_id) for m in legal]
    loop = asyncio.new_event_loop()
    store = loop.run_until_complete(SqliteStore.open(tmp_path / "odd.sqlite3"))
    try:
        sessions = SessionManager(store, seed_source=lambda: 3, render=False)
        actors = [Actor(500 + i, f"P{i}") for i in range(3)]
        loop.run_until_complete(sessions.create(77, actors[0], game_id, actors[1:]))
        assert loop.run_until_complete(sessions.start(77, actors[0])).ok
        table = sessions.table(77)
        engine = table.engine
        caplog.set_level(logging.ERROR)

        @settings(max_examples=60, deadline=None, derandomize=True,
                  suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                         HealthCheck.function_scoped_fixture])
        @given(st.data())
        def run(data):
            if engine.result(table.state) is not None:
                return
            seat = data.draw(st.sampled_from(sorted(engine.to_move(table.state))))
            text = data.draw(texts(legal_texts))
            before = engine.to_json_text(table.state)
            reply = loop.run_until_complete(sessions.move_as(77, seat, text))
            if not reply.ok:
                assert engine.to_json_text(table.state) == before
                said = json.dumps([m.text for m in (reply.public, reply.private) if m])
                assert "\\u0000" not in said and len(said) < 2500
            out = sessions.legal_moves(77, actors[seat].user_id, text)
            assert isinstance(out, list)

        run()
        crashes = [r for r in caplog.records if r.levelno >= logging.ERROR]
        assert not crashes, crashes[0].getMessage()
    finally:
        loop.run_until_complete(store.close())
        loop.close()


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("text", ["play ²² house", "play " + "1" * 15000 + " house", "use ①", "cannon ３",
                                  "draw a\x00", "x" * 100_000])
def test_the_reported_inputs_are_refused_with_a_short_message(game_id, text):
    game = get(game_id)
    state, seat, _ = states(game_id)[0]
    trial = copy.deepcopy(state)
    with pytest.raises(RuleError) as info:
        game.play(trial, seat, text)
    check_refusal(info.value, text)
    assert game.to_json_text(trial) == game.to_json_text(state)
    assert info.value.msg.key.startswith("core.err.")
    assert game.legal_moves(trial, seat, text) == [] or text.isascii()
