"""The render queue: one render per worker at a time, and a channel's board still waiting when
that channel's next turn asks for one is not drawn."""

from __future__ import annotations

import asyncio

from bot.table import render_pool


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


def _nice(pid: int) -> int:
    import os

    return os.getpriority(os.PRIO_PROCESS, pid)


async def test_board_workers_draw_at_a_lower_priority_than_the_bot():
    """When the cores are busy the bot's loop (moves, acknowledgements) runs before the boards."""
    import os

    import games

    game = games.get("west-of-africa")
    view = game.view(game.setup(2, 1), None)
    try:
        assert render_pool.start(1) == 1
        png = await render_pool.draw("west-of-africa", view, ["Ann", "Bob"], kind="turn")  # through the worker
        assert png.startswith(b"\x89PNG")
        pids = render_pool.worker_pids()
        assert pids and all(_nice(pid) >= min(19, _nice(os.getpid()) + render_pool.NICE) for pid in pids)
    finally:
        render_pool.stop()
