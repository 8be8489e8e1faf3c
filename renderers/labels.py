"""Board labels the shared renderer code draws, in every locale.

Keys live under ``board.``; ``label(key, locale, **params)`` words one.
Game-specific texts of the older full boards are still English in their
modules (to be keyed as they are touched).
"""

from __future__ import annotations

from games.core.messages import Msg, register, render

EN = {
    "board.round": "Round {n}",
    "board.round_of": "Round {n} of {total}",
    "board.last": "Last:",
    "board.game_start": "Game start",
    "board.up": "{name}: {asked}",
    "board.waiting": "Waiting for {names}",
    "board.game_over": "Game over",
    "board.wins": "{names} wins",
    "board.scores": "Scores",
    "board.full_board": "Full board: /game board",
    "board.designed": "◇ value not verified",
    "board.you": "{name}",
    "board.to_move": "to move",
    "board.nothing_changed": "(nothing on the board changed)",
    "board.final": "final {n}",
}
ZH_TW = {
    "board.round": "第 {n} 回合",
    "board.round_of": "第 {n} / {total} 回合",
    "board.last": "上一步：",
    "board.game_start": "遊戲開始",
    "board.up": "{name}：{asked}",
    "board.waiting": "等待 {names}",
    "board.game_over": "遊戲結束",
    "board.wins": "{names} 獲勝",
    "board.scores": "分數",
    "board.full_board": "完整版圖：/game board",
    "board.designed": "◇ 數值未經查證",
    "board.you": "{name}",
    "board.to_move": "行動中",
    "board.nothing_changed": "（版圖沒有變化）",
    "board.final": "終局 {n} 分",
}
register("en", EN)
register("zh-TW", ZH_TW)


def label(key: str, locale: str | None = "en", **params) -> str:
    return render(Msg(key, params), locale)
