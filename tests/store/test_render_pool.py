"""The render queue: one render per worker at a time, and a channel's board still waiting when
that channel's next turn asks for one is not drawn."""

from __future__ import annotations

import asyncio

from bot import render_pool


async def test_a_waiting_render_is_dropped_when_the_same_channel_asks_again(monkeypatch):
    drawn: list[str] = []
    gate = asyncio.Event()

    async def fake_run(game_id, view, names, seat, kind, locale):
        drawn.append(view["name"])
        if view["name"] == "blocker":
            await gate.wait()
        return view["name"].encode()

    monkeypatch.setattr(render_pool, "_run", fake_run)
    render_pool.stop()  # threads: one render at a time
    before = render_pool.superseded

    def ask(name, key):
        return asyncio.ensure_future(render_pool.draw("g", {"name": name}, [], key=key))

    blocker = ask("blocker", 9)
    await asyncio.sleep(0)
    old, other, new = ask("turn 4", 1), ask("other channel", 2), ask("turn 5", 1)
    await asyncio.sleep(0)
    assert drawn == ["blocker"]  # the rest wait for the one slot
    gate.set()
    assert await asyncio.gather(blocker, old, other, new) == [b"blocker", None, b"other channel", b"turn 5"]
    assert drawn == ["blocker", "other channel", "turn 5"]  # turn 4 was never drawn
    assert render_pool.superseded == before + 1
    assert render_pool._latest == {}  # nothing left behind
    # without a key nothing is ever dropped
    assert await asyncio.gather(*(render_pool.draw("g", {"name": "x"}, []) for _ in range(3))) == [b"x"] * 3
