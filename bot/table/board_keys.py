"""The "Full board" button's texts, without Discord (its custom id is built by ``bot.discord.send``)."""

from __future__ import annotations

from games.core.messages import msg, register, render

EN = {
    "bot.board.button": "Full board",
    "bot.board.after": "The full board after move {n}.",
    "bot.board.gone": "That game's board can no longer be drawn.",
}
ZH_TW = {
    "bot.board.button": "完整版圖",
    "bot.board.after": "第 {n} 步後的完整版圖。",
    "bot.board.gone": "這局遊戲的版圖已無法再畫出。",
}
register("en", EN)
register("zh-TW", ZH_TW)


def button_label(locale: str | None = "en") -> str:
    return render(msg("bot.board.button"), locale)
