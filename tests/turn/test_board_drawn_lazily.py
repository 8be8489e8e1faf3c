"""A turn board's view is made when the board is drawn, not for a board dropped because the
channel's next turn was asked meanwhile, and goes to the worker as marshal bytes read there as
its JSON (``render_pool.Plain``)."""

from __future__ import annotations

import asyncio
import json
import marshal

from bot.table import render_pool


def test_a_plain_view_reaches_the_renderer_as_its_json_would():
    view = {"players": [{"vp": 3, "at": (1, 2)}], "hexes": {7: "E7"}, "last": ["P0 builds"], "done": None}
    assert render_pool.decoded(render_pool.Plain(marshal.dumps(view))) == json.loads(json.dumps(view))
    assert render_pool.decoded(json.dumps(view)) == json.loads(json.dumps(view))


async def test_a_dropped_board_never_makes_its_view(monkeypatch):
    release = asyncio.Event()
    drawn = []

    async def run(game_id, view, names, seat, kind, locale):
        drawn.append(view)
        await release.wait()
        return b"\x89PNG fake"

    monkeypatch.setattr(render_pool, "_run", run)
    monkeypatch.setattr(render_pool, "_workers", 0)  # one board at a time: the next ones wait their turn
    render_pool._slots.clear()
    made = []

    def view(name):
        def make():
            made.append(name)
            return "{}"
        return make

    first = asyncio.ensure_future(render_pool.draw("bruges", view("first"), [], key="ch"))
    await asyncio.sleep(0)
    dropped = asyncio.ensure_future(render_pool.draw("bruges", view("dropped"), [], key="ch"))
    await asyncio.sleep(0)
    latest = asyncio.ensure_future(render_pool.draw("bruges", view("latest"), [], key="ch"))
    await asyncio.sleep(0)
    release.set()
    assert await first == b"\x89PNG fake" and await dropped is None and await latest == b"\x89PNG fake"
    assert made == ["first", "latest"] and drawn == ["{}", "{}"]
