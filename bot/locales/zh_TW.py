"""The bot's Traditional Chinese (Taiwan) catalog: the same keys as ``en.py``.

Board-game words follow the Taiwanese rule write-ups the games are built
from. Move notation (``sell tenerife``, ``build E5``) stays as it is: it is
what players type and what the records keep.
"""

from __future__ import annotations

from games.core.messages import register

ZH: dict[str, str] = {
    "help.unverified": "無法查證的數值(本機器人自行設計;帶有這些數值的卡片與板塊標有 ◇):",
}

register("zh-TW", {f"bot.{key}": text for key, text in ZH.items()})
