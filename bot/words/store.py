"""Texts of the storage layer (a write refused by the database, a log that no longer replays), en and zh-TW."""

from __future__ import annotations

from games.core.messages import register

EN: dict[str, str] = {
    "store.full": "Not saved: the bot's disk is full. Nothing changed; send it again once the bot's host has "
                  "freed some space.",
    "store.readonly": "Not saved: the bot's database is read-only right now. Nothing changed; send it again "
                      "in a while.",
    "store.locked": "Not saved: the database stayed busy for too long. Nothing changed; send it again in a moment.",
    "store.damaged": "Not saved: the bot's database reports damage. Nothing changed; the bot's host has to "
                     "restore a backup.",
    "store.io": "Not saved: the bot could not write its database. Nothing changed; send it again in a while.",
    "store.broken_move": "move {n} of the log no longer replays: {reason}",
}

ZH: dict[str, str] = {
    "store.full": "沒有存下來：機器人的磁碟已滿。遊戲沒有任何改變；等主機騰出空間後再送一次。",
    "store.readonly": "沒有存下來：機器人的資料庫目前是唯讀的。遊戲沒有任何改變；請過一陣子再送一次。",
    "store.locked": "沒有存下來：資料庫忙碌太久。遊戲沒有任何改變；請稍等一下再送一次。",
    "store.damaged": "沒有存下來：機器人的資料庫回報損毀。遊戲沒有任何改變；需要主機還原備份。",
    "store.io": "沒有存下來：機器人無法寫入資料庫。遊戲沒有任何改變；請過一陣子再送一次。",
    "store.broken_move": "記錄中的第 {n} 步已無法重播：{reason}",
}

register("en", {f"bot.{key}": text for key, text in EN.items()})
register("zh-TW", {f"bot.{key}": text for key, text in ZH.items()})
