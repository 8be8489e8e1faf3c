"""A turn post's board is its table's undo token and the moves since, played again where the board
is drawn (``positions.Position``, ``render_pool.replayed``): nothing of the state is copied at the
move, and every board still shows the position its own move made, whatever the token was read from
(a restart's snapshot JSON, a table frozen in memory, the engine's own token) and however far the
table moved on before the board was drawn."""

from __future__ import annotations

import json
import marshal
import random

import pytest

import games
from bot.store import SqliteStore
from bot.table import positions, render_pool
from bot.table.sessions import SessionManager
from tests.turn.post_words import TURN_KEYS, as_drawn, next_move, started


@pytest.mark.parametrize("game_id", games.game_ids())
async def test_every_board_drawn_at_the_end_shows_its_own_move(tmp_path, monkeypatch, game_id):
    drawn: list[dict] = []
    forms: set[str] = set()

    async def draw(game, view, names, seat=None, kind="board", locale="en", key=None):
        view = view() if callable(view) else view
        if type(view) is render_pool.State:
            forms.add(view.base)
        drawn.append(render_pool.decoded(view))
        return b"\x89PNG fake"

    monkeypatch.setattr(render_pool, "draw", draw)
    store = await SqliteStore.open(tmp_path / "t.sqlite3")
    try:
        sessions = SessionManager(store, seed_source=lambda: 5, render=True)
        engine, _players = await started(sessions, game_id)
        rnd = random.Random(3)
        posts = []
        restarted = frozen = False
        for _ in range(80):
            if len(posts) == 2 and not restarted:  # a restart: the table read back from its snapshot's JSON
                await sessions.save_snapshots(0)
                sessions = SessionManager(store, seed_source=lambda: 5, render=True)
                await sessions.load_all()
                restarted = True
            elif len(posts) == 4 and not frozen:  # frozen in memory: compressed marshal bytes
                sessions.table(1).freeze()
                frozen = True
            if (move := next_move(sessions, engine, rnd)) is None:
                break
            table = sessions.table(1)
            reply = await sessions.move_as(1, *move, lazy=True)
            if reply.public is not None and reply.public.draw is not None:
                posts.append((reply.public, as_drawn(engine.view(table.state, None))))
        assert len(posts) >= 5
        for post, then in posts:  # drawn once the table has moved on, past its next tokens
            assert await post.render() is not None
            assert {k: v for k, v in drawn[-1].items() if k not in TURN_KEYS} == then
        # the engine's own token, and one a thawed table read its state from (until a move asks for the token)
        assert "marshal" in forms and forms & {"json", "packed"}
    finally:
        await store.close()


async def test_a_move_copies_nothing_of_the_state_for_its_board(tmp_path, monkeypatch):
    """Bruges' undo token is its state's marshal bytes: the board is sent those, never a copy."""
    dumped = []

    class Counting:
        loads = staticmethod(marshal.loads)

        @staticmethod
        def dumps(value, *args):
            dumped.append(value)
            return marshal.dumps(value, *args)

    monkeypatch.setattr(positions, "marshal", Counting)
    store = await SqliteStore.open(tmp_path / "t.sqlite3")
    try:
        sessions = SessionManager(store, seed_source=lambda: 5, render=True)
        engine, _players = await started(sessions, "bruges")
        rnd = random.Random(3)
        posts = []
        for _ in range(20):
            reply = await sessions.move_as(1, *next_move(sessions, engine, rnd), lazy=True)
            if reply.public is not None and reply.public.draw is not None:
                posts.append(reply.public)
        assert posts
        assert dumped == []
    finally:
        await store.close()


@pytest.mark.parametrize("frozen", ["packed", "zjson", "json"])
def test_a_token_a_thawed_table_was_read_from_replays_to_its_state(frozen):
    """What a thawed table's state was decoded from (``tables._decoded``: compressed marshal, its
    snapshot JSON compressed as PostgreSQL's tables keep it, or that JSON) is sent as it is and read
    back to the same state, the moves since played on it."""
    import zlib

    from bot.table.positions import Position
    from bot.table.tables import Packed, Since
    from games.core.playout import expand

    game, rnd = games.get("bruges"), random.Random(3)
    state = game.setup(2, 3)
    source = {"packed": Packed(zlib.compress(marshal.dumps(state), 1)),
              "zjson": zlib.compress(json.dumps(state).encode(), 1), "json": json.dumps(state)}[frozen]
    since, moves = Since(None, source), []
    for _ in range(3):
        seat = sorted(game.to_move(state))[0]
        moves.append((seat, expand(game, state, seat, "", rnd)))
        game.play(state, *moves[-1], atomic=False)
    since.moves += moves[:2]
    board = Position(game, state, since)  # at the third move, before it is written
    since.moves.append(moves[2])
    sent = board.state("bruges", {})
    assert (sent.base, sent.packed, sent.moves) == (frozen, source if frozen != "json" else source.encode(), moves)
    assert render_pool.replayed(game, sent.base, sent.packed, sent.moves) == state
    assert board.view() == game.view(state, None)
