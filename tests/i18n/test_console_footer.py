"""The turn image says where the full board is: a button on Discord, the ``board`` command
in the console (which has no buttons), in the reader's language."""

from __future__ import annotations

import argparse
import io

import renderers
from bot import console as console_mod
from games.core.messages import msg, render
from renderers import TURN_CONSOLE, render_png


def footers(monkeypatch) -> list[str]:
    seen: list[str] = []
    real = renderers.render_turn

    def spy(game_id, view, names=None, locale="en", footer="board.full_board"):
        seen.append(render(msg(footer), locale))
        return real(game_id, view, names, locale, footer=footer)

    monkeypatch.setattr(renderers, "render_turn", spy)
    return seen


def test_discord_and_console_turn_images_point_to_their_own_full_board(monkeypatch):
    import games

    seen = footers(monkeypatch)
    view = games.get("bruges").view(games.get("bruges").setup(3, 1, None), None)
    assert render_png("bruges", view, ["A", "B", "C"], kind="turn", locale="zh-TW").startswith(b"\x89PNG")
    assert render_png("bruges", view, ["A", "B", "C"], kind=TURN_CONSOLE, locale="zh-TW").startswith(b"\x89PNG")
    assert render_png("bruges", view, ["A", "B", "C"], kind=TURN_CONSOLE, locale="en").startswith(b"\x89PNG")
    assert "按鈕" in seen[0] and "/遊戲 圖板" in seen[0]
    assert "按鈕" not in seen[1] and "board" in seen[1]
    assert "button" not in seen[2].lower() and "board" in seen[2]


async def test_the_console_draws_its_turn_images_with_the_console_footer(monkeypatch, tmp_path):
    seen = footers(monkeypatch)
    monkeypatch.chdir(tmp_path)
    args = argparse.Namespace(game="bruges", players=3, seed=4, db=None, out=str(tmp_path), options=None,
                              no_images=False, lang="zh-TW", bots=0)
    assert await console_mod.amain(args, stdin=io.StringIO("0 draw a\n" * 5), write=lambda _: None) == 0
    assert seen and all(f == render(msg("board.full_board.console"), "zh-TW") for f in seen), seen
