"""A bot process for tests/bot/test_shutdown.py: the real MeepleBot on the harness's fake Discord and a
SQLite file, with the signal handlers ``python -m bot`` installs, a board worker process, and a move
that takes a second.

    python -m tests.bot.sigterm_child DB OUT

Writes ``OUT/ready`` once the move is being played (the test then sends SIGTERM), tries one more
command while the bot is stopping, and writes ``OUT/result.json`` when the bot has closed.
"""

from __future__ import annotations

import asyncio
import json
import logging
import random
import sys
import time
import types
from pathlib import Path

import games
from bot.table import render_pool
from tests.harness import Harness
from tests.harness.play import open_game, pick


async def main(db: str, out: str) -> int:
    folder = Path(out)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")  # as python -m bot
    h = Harness(db)
    await h.start()
    bot = h.bot
    bot.install_signal_handlers()  # as python -m bot does in setup_hook
    render_pool.start(1)  # a board worker process, as in production
    people = await open_game(h, "bruges", 2)
    table = h.sessions.table(h.channel)
    seat = sorted(table.to_move())[0]
    move = await pick(h, people[seat], random.Random(1))
    engine = games.get("bruges")
    real = type(engine).play

    def slow(self, *args, **kwargs):
        (folder / "ready.part").write_text(str(table.n))
        (folder / "ready.part").rename(folder / "ready")  # whole, when the test sees it
        time.sleep(1.0)  # SIGTERM arrives while the move is being played
        return real(self, *args, **kwargs)

    engine.play = types.MethodType(slow, engine)
    posts_before = len(h.posts())
    mine_before = len(h.ephemeral(people[seat]))
    moving = asyncio.ensure_future(h.slash(people[seat], "move", move=move))
    while not bot.closing:
        await asyncio.sleep(0.01)
    late = asyncio.ensure_future(h.slash(people[1 - seat], "game status"))  # arrives while stopping
    while not bot.is_closed():
        await asyncio.sleep(0.05)
    await bot.close()  # as ``bot.run`` does: it returns once the close begun by the signal is complete
    await asyncio.wait([moving, late], timeout=5)
    replies = [m.content for m in h.ephemeral(people[1 - seat])]
    (folder / "result.json").write_text(json.dumps({
        "game_id": table.record.id, "move": move, "posts": [m.content for m in h.posts()[posts_before:]],
        "mover_replies": [m.content for m in h.ephemeral(people[seat])[mine_before:]],
        "late_replies": replies, "move_error": repr(moving.exception()) if moving.done() and not
        moving.cancelled() and moving.exception() else None}))
    return 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main(*sys.argv[1:3])))
