"""The games' names in Traditional Chinese (every list of games reads them).

Each game's zh-TW /help sheet is in its plug file (``bot/table/games/<game>.py``, ``HELP_ZH``);
``bot.words.i18n.help_sheet`` registers the English one under ``bot.help.text.<game>`` beside it.
"""

from __future__ import annotations

#: game id -> the game's name in the Taiwanese write-ups (the English name is the engine's)
TITLES_ZH = {
    "west-of-africa": "七島",
    "terra-mystica": "祕境",
    "altiplano": "神祕高原",
    "bruges": "布魯日",
    "amerigo": "亞美利哥",
}
