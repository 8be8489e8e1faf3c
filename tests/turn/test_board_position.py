"""A turn post's board is drawn when the post is sent, from the position its move made: the moves
played meanwhile change the table's state in place and must not show (``positions.Position``)."""

from __future__ import annotations

import json
import random

import pytest

import games
from bot.store import SqliteStore
from bot.table import alt, render_pool
from bot.table.positions import Position
from bot.table.sessions import SessionManager
from tests.turn.post_words import TURN_KEYS, as_drawn, next_move, started


@pytest.mark.parametrize("game_id", games.game_ids())
async def test_a_board_drawn_later_shows_its_own_move(tmp_path, monkeypatch, game_id):
    drawn: list[dict] = []

    async def draw(game, view, names, seat=None, kind="board", locale="en", key=None):
        drawn.append(render_pool.decoded(view() if callable(view) else view))
        return b"\x89PNG fake"

    monkeypatch.setattr(render_pool, "draw", draw)
    store = await SqliteStore.open(tmp_path / "t.sqlite3")
    try:
        sessions = SessionManager(store, seed_source=lambda: 5, render=True)
        engine, _players = await started(sessions, game_id)
        rnd = random.Random(3)
        post = None
        while post is None and (move := next_move(sessions, engine, rnd)) is not None:
            reply = await sessions.move_as(1, *move, lazy=True)
            post = reply.public if reply.public is not None and reply.public.draw is not None else None
        assert post is not None
        table = sessions.table(1)
        then = as_drawn(engine.view(table.state, None))
        names = list(table.names)
        for _ in range(6):  # the table moves on before the board is drawn
            if (move := next_move(sessions, engine, rnd)) is None:
                break
            await sessions.move_as(1, *move, lazy=True)
        assert as_drawn(engine.view(table.state, None)) != then
        assert await post.render() is not None
        assert {k: v for k, v in drawn[-1].items() if k not in TURN_KEYS} == then
        assert post.alt.scores == alt.scores(then, names)  # the description's scores: that position's too
    finally:
        await store.close()


class Opaque:
    """A state that is not plain data: its view is worked out at once."""

    def __init__(self):
        self.score = 1


class OpaqueGame:
    plain_json = False

    def view(self, state, seat):
        return {"players": [{"vp": state.score}]}


def test_a_state_that_is_not_plain_data_is_viewed_at_the_move():
    state = Opaque()
    board = Position(OpaqueGame(), state)
    state.score = 9
    assert board.view() == {"players": [{"vp": 1}]}
    assert json.loads(board.text()) == {"players": [{"vp": 1}]}
