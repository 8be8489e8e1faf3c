"""A drawn turn board's public view is worked out by the render worker from the position's state
(``render_pool.State``), which answers the description's scores with the PNG: the loop makes no
view for it, and the image and its description are the same as from a view made on the loop.
Images are compared by what they show (``tests.pictures.shown``): a worker's deflate may pack the
same pixels into other bits than this process's (bench/PERF.md, "Boards, session 8")."""

from __future__ import annotations

import asyncio
import marshal
import os
import random
import signal

import pytest

import games
from bot.store import SqliteStore
from bot.table import render_pool
from bot.table.positions import Position
from bot.table.sessions import SessionManager
from games.core.playout import expand
from tests.pictures import shown
from tests.turn.post_words import LOCALES, next_move, started


async def drawn(tmp_path, game_id: str, label: str) -> list[tuple[str, str | None]]:
    """(what the PNG shows, description) of two turn posts of a seeded game, in each language, each
    drawn after the table moved on (the first public post with a board and the first after 16 moves)."""
    store = await SqliteStore.open(tmp_path / f"{label}.sqlite3")
    try:
        sessions = SessionManager(store, seed_source=lambda: 5, render=True)
        engine, _players = await started(sessions, game_id)
        rnd = random.Random(3)
        posts = []
        for played in range(80):
            if (move := next_move(sessions, engine, rnd)) is None:
                break
            reply = await sessions.move_as(1, *move, lazy=True)
            if reply.public is not None and reply.public.draw is not None:
                posts.append(reply.public)
                if played >= 16:
                    break
        assert posts
        out = []
        for post in (posts[0], posts[-1]):
            job = post.draw
            for locale in LOCALES:
                png = await job(locale)
                assert png is not None and png.startswith(b"\x89PNG"), (game_id, locale)
                out.append((shown(png), post.description(locale)))
        return out
    finally:
        await store.close()


def on_the_loop(monkeypatch) -> None:
    """The old path: the view made on the loop and sent as its marshal bytes."""
    monkeypatch.setattr(Position, "state", lambda self, game_id, extra: None)


def counted_views(monkeypatch) -> list[int]:
    """Counts the public views ``Position`` works out in this process."""
    calls = [0]
    view = Position.view

    def counting(self):
        calls[0] += 1
        return view(self)
    monkeypatch.setattr(Position, "view", counting)
    return calls


@pytest.mark.parametrize("game_id", games.game_ids())
async def test_a_board_from_its_state_is_the_one_from_a_view_made_on_the_loop(tmp_path, monkeypatch, game_id):
    render_pool.stop()  # the thread fallback: the same State worked out in-process
    with monkeypatch.context() as m:
        on_the_loop(m)
        before = await drawn(tmp_path, game_id, "loop")
    views = counted_views(monkeypatch)
    now = await drawn(tmp_path, game_id, "state")
    assert now == before
    assert views == [0]  # no view made on the loop, not even for the description's scores


async def test_through_the_worker_the_board_and_its_description_are_the_same(tmp_path, monkeypatch):
    render_pool.stop()
    expected = {}
    with monkeypatch.context() as m:
        on_the_loop(m)
        for game_id in games.game_ids():
            expected[game_id] = await drawn(tmp_path, game_id, f"loop-{game_id}")
    views = counted_views(monkeypatch)
    try:
        assert render_pool.start(1) == 1
        for game_id in games.game_ids():
            assert await drawn(tmp_path, game_id, f"worker-{game_id}") == expected[game_id], game_id
    finally:
        render_pool.stop(True)
    assert views == [0]


def _state(title: str, moves: int) -> render_pool.State:
    game, rnd = games.get(title), random.Random(3)
    state = game.setup(2, 3)
    for _ in range(moves):
        seat = sorted(game.to_move(state))[0]
        game.play(state, seat, expand(game, state, seat, "", rnd))
    return render_pool.State(title, marshal.dumps(state), {"turn_text": "Ann moved."})


async def test_a_worker_killed_at_a_state_falls_back_to_a_thread_with_its_facts():
    asked = [_state("bruges", n) for n in (0, 3, 6, 9)]
    expected = []
    for form in asked:
        twin = render_pool.State(form.game_id, form.packed, form.extra)
        expected.append((shown(render_pool._draw(twin.game_id, twin, ["Ann", "Bob"])), twin.facts))
    assert all(facts is not None and "scores" in facts for _, facts in expected)
    try:
        assert render_pool.start(1) == 1
        assert shown(await render_pool.draw("bruges", asked[0], ["Ann", "Bob"])) == expected[0][0]
        assert asked[0].facts == expected[0][1]  # answered with the PNG, through the socket
        (old,) = render_pool.worker_pids()
        held = [asyncio.ensure_future(render_pool.draw("bruges", form, ["Ann", "Bob"])) for form in asked[1:]]
        await asyncio.sleep(0)  # sent
        os.kill(old, signal.SIGKILL)
        assert [shown(png) for png in await asyncio.gather(*held)] == [png for png, _ in expected[1:]]
        assert [form.facts for form in asked[1:]] == [facts for _, facts in expected[1:]]
    finally:
        render_pool.stop(True)


class Opaque:
    score = 1


class OpaqueGame:
    plain_json = False

    def view(self, state, seat):
        return {"players": [{"vp": state.score}]}


def test_a_state_that_is_not_plain_data_keeps_its_view_made_at_the_move():
    board = Position(OpaqueGame(), Opaque())
    assert board.state("opaque", {}) is None  # drawn from its view's JSON text instead
    assert board.shown({"turn_text": "x"}) == '{"players": [{"vp": 1}], "turn_text": "x"}'
