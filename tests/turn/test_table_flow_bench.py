"""The table-flow bench's figures stay on target (one small game; the bench prints all five).

Counts only (posts, images, requests, clicks per turn): every figure here is the same on any
machine; the clicks are counted over the game's first 40 moves."""

from __future__ import annotations

import pytest

from bench.table_flow import TARGETS, play_one


@pytest.mark.parametrize("game_id", ["bruges", "west-of-africa"])
async def test_posts_boards_requests_and_clicks_are_on_target(game_id):
    r = await play_one(game_id, 3, 1, click_moves=40)  # the bench counts for a time budget instead
    turns = r["turns"]
    assert r["posts"] / turns <= TARGETS["posts"] and r["pngs"] / turns <= TARGETS["pngs"]
    assert r["requests"] / r["moves"] <= TARGETS["requests"]
    assert r["commands"] == 5 and r["command_requests"] / r["commands"] <= TARGETS["commands"]
    clicks = sorted(r["clicks"])
    assert clicks and clicks[len(clicks) // 2] <= TARGETS["clicks"]
