"""bench/_cached_drawing.py (``bench/load.py --drawing cached``): a worker started with it through
``render_pool.start(target=...)`` answers each title's later boards with its first one."""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import games
from bot.table import render_pool
from games.core.playout import expand
from renderers import render_png
from tests.pictures import shown

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench._cached_drawing import cached_serve  # noqa: E402

NAMES = ["Ann", "Bob"]


def _positions(title: str, count: int) -> list[str]:
    game, rnd = games.get(title), random.Random(5)
    state, out = game.setup(2, 5), []
    for _ in range(count):
        out.append(json.dumps(game.view(state, None), default=str))
        seat = sorted(game.to_move(state))[0]
        game.play(state, seat, expand(game, state, seat, "", rnd))
    return out


async def test_each_title_is_drawn_once_and_its_later_boards_get_that_answer():
    woa, bruges = _positions("west-of-africa", 3), _positions("bruges", 2)
    first = [shown(render_png("west-of-africa", json.loads(woa[0]), NAMES, kind="turn")),
             shown(render_png("bruges", json.loads(bruges[0]), NAMES, kind="turn"))]
    assert len({shown(render_png("west-of-africa", json.loads(v), NAMES, kind="turn")) for v in woa}) > 1
    try:
        assert render_pool.start(1, target=cached_serve) == 1
        got = [shown(await render_pool.draw(title, view, NAMES, kind="turn"))
               for title, views in (("west-of-africa", woa), ("bruges", bruges)) for view in views]
    finally:
        render_pool.stop(True)
    assert got == [first[0]] * 3 + [first[1]] * 2
