"""The local console shows the Discord "Play" menus, numbered: a player picks by number."""

from __future__ import annotations

import argparse
import io

from bot.console import amain


def args(tmp_path, game, players=2, seed=3):
    return argparse.Namespace(game=game, players=players, seed=seed, db=str(tmp_path / "c.sqlite3"),
                              out=str(tmp_path / "out"), options=None, no_images=True, lang="en")


async def run(tmp_path, game, script, players=2):
    lines: list[str] = []
    assert await amain(args(tmp_path, game, players), stdin=io.StringIO(script), write=lines.append) == 0
    return "\n".join(lines)


async def test_cards_by_numbers_then_a_turn_by_numbers(tmp_path):
    # West of Africa: the card choice is one multi-pick menu; the turn after it, one number a step
    out = await run(tmp_path, "west-of-africa", "menu 0\n1 2\nmenu 1\n3\nmenu\n1\n")
    first = out.split("[P0]", 1)[1]
    assert "Choose 1 to 5 cards" in first and "   1. El Hierro" in first and "Type 1 to 5 numbers" in first
    assert "Your secret choice is in" in out  # "1 2" chose two cards by number, privately
    assert "Turn order" in out  # both chose: revealed
    after = out.split("Turn order", 1)[1]
    assert "puts their ship" in after  # picked by number from the turn's menu


async def test_a_wrong_number_is_refused_and_zero_goes_back(tmp_path):
    out = await run(tmp_path, "bruges", "menu 0\n99\n0\n")
    assert "Pick a number from 1 to" in out
    assert out.count("[P0]") == 2  # 0: the first menu again
