"""Texts of delivery and its limits (issue 30), en and zh-TW: a post delayed or refused by Discord,
a game whose channel is gone, buttons from older posts, rate limits, refused values.

Registered with the ``bot.`` prefix like the other catalogs (``t("outbox.delayed", ...)``).
"""

from __future__ import annotations

from games.core.messages import register

EN: dict[str, str] = {
    # the outbox: the mover is told the truth, the move is saved either way
    "outbox.delayed": "Your move is saved. The table's post is delayed ({reason}); I will post it as soon as "
                      "Discord takes it.",
    "outbox.failed": "Your move is saved, but I could not post it to the table: {reason}.",
    "error.after_move": "Your move is saved, but something went wrong on my side while answering; "
                        "`/game status` shows the table.",
    "error.discord": "Discord refused part of my answer ({status}). What you asked may have gone through: "
                     "the channel or `/game status` shows where things stand.",
    "outbox.reason.rate": "Discord asks the bot to wait {seconds} s",
    "outbox.reason.server": "Discord's servers answered {status}",
    "outbox.reason.network": "the connection to Discord failed",
    "outbox.reason.late": "Discord no longer took the answer, so it goes to the channel",
    "outbox.reason.gone": "this channel or thread no longer exists",
    "outbox.reason.denied": "I may not post there",
    "outbox.reason.refused": "Discord refused it ({status}, code {code})",
    "outbox.reason.locked": "the thread is locked, and I may not reopen it",
    "outbox.locked_dm": "<#{channel}>, where your game is, is a locked thread, so I may not post there: unlock "
                        "it, or give me *Manage Threads*. The moves still count; each player sees them in their "
                        "own answers.",
    "error.thread_locked": "This thread is locked, so only you see this (the move counts). Unlock it, or give me "
                           "*Manage Threads*, so the table sees the board.",
    "outbox.refused_dm": "I may not post in <#{channel}>, where your game is: give me *Send Messages* there "
                         "(and *Attach Files* for the boards). The moves still count; each player sees them in "
                         "their own answers.",
    "error.grant_attach": "(The board is missing: give me *Attach Files* in this channel to show it.)",
    # the ping after a post that edited a "thinking…" in (an edit notifies nobody)
    "outbox.ping_above": "{mentions}: the post above asks you.",
    # a game whose channel or thread was deleted
    "orphan.dm": "The channel of your game {game} (game {id}) was deleted, so the game is paused. "
                 "In another channel, `/game adopt game:{id}` moves it there; `/game abort game:{id}` ends it.",
    "orphan.none": "There is no paused game {id} you may move or abort.",
    "orphan.adopted": "{game} (game {id}) moves to this channel and goes on.",
    "orphan.busy": "This channel already has a game: adopt it in another one.",
    "orphan.aborted": "{name} ended {game} (game {id}), whose channel was deleted.",
    "orphan.denied": "Only the game's creator, or someone with *Manage Server*, may do that.",
    "cmd.game.adopt": "Move here a game whose channel was deleted (its creator, or Manage Server)",
    "arg.paused_game": "The number of a game whose channel was deleted (its creator was told it)",
    # component ids
    "component.stale": "This button is from an older post: use the latest one.",
    "component.elsewhere": "This button belongs to another channel's game.",
    # limits
    "limit.cooldown": "Easy: you can press that again in {seconds} s.",
    "limit.dm": "Games live in server channels: use this command in a server.",
}

ZH: dict[str, str] = {
    "outbox.delayed": "你的這步已經存下來了。桌上的公告延遲了（{reason}），Discord 一接受我就會貼出來。",
    "outbox.failed": "你的這步已經存下來了，但我沒辦法貼到桌上：{reason}。",
    "error.after_move": "你的這步已經存下來了，但我回覆時出了問題；用 `/game status` 可以看桌面。",
    "error.discord": "Discord 拒絕了我的部分回覆（{status}）。你要做的事可能已經完成：請看頻道或用 `/game status` 確認。",
    "outbox.reason.rate": "Discord 要機器人等 {seconds} 秒",
    "outbox.reason.server": "Discord 伺服器回應 {status}",
    "outbox.reason.network": "與 Discord 的連線失敗",
    "outbox.reason.late": "Discord 已不再接受這個回覆，所以改貼到頻道",
    "outbox.reason.gone": "這個頻道或討論串已經不存在",
    "outbox.reason.denied": "我沒有權限在那裡發言",
    "outbox.reason.refused": "Discord 拒絕了（{status}，代碼 {code}）",
    "outbox.reason.locked": "這個討論串已被鎖定，我無法重新開啟它",
    "outbox.locked_dm": "你的遊戲所在的 <#{channel}> 是已鎖定的討論串，我沒辦法在那裡發言：請解除鎖定，"
                        "或給我「管理討論串」權限。每一步照樣算數，玩家會在自己的回覆裡看到。",
    "error.thread_locked": "這個討論串已被鎖定，所以只有你看得到這則訊息（這步已經算數）。請解除鎖定，"
                           "或給我「管理討論串」權限，讓大家看得到圖板。",
    "outbox.refused_dm": "我沒有權限在你的遊戲所在的 <#{channel}> 發言：請給我那裡的「傳送訊息」權限"
                         "（圖板還需要「附加檔案」）。每一步照樣算數，玩家會在自己的回覆裡看到。",
    "error.grant_attach": "（少了圖板：請給我這個頻道的「附加檔案」權限，才能顯示圖板。）",
    "outbox.ping_above": "{mentions}：上面那則貼文在等你。",
    "orphan.dm": "你的遊戲 {game}（第 {id} 局）所在的頻道被刪除了，遊戲已暫停。"
                 "在別的頻道用 `/game adopt game:{id}` 把它搬過去；用 `/game abort game:{id}` 結束它。",
    "orphan.none": "沒有你能搬移或結束的暫停遊戲（第 {id} 局）。",
    "orphan.adopted": "{game}（第 {id} 局）搬到這個頻道，繼續進行。",
    "orphan.busy": "這個頻道已經有一局遊戲了：請到別的頻道接手。",
    "orphan.aborted": "{name} 結束了頻道已被刪除的 {game}（第 {id} 局）。",
    "orphan.denied": "只有開局的人，或有「管理伺服器」權限的人可以這麼做。",
    "cmd.game.adopt": "把頻道已被刪除的遊戲搬到這裡（開桌者或有「管理伺服器」權限者）",
    "arg.paused_game": "頻道已被刪除的遊戲編號（開桌者已收到通知）",
    "name.game.adopt": "接手",
    "component.stale": "這個按鈕來自較舊的訊息：請用最新的那一則。",
    "component.elsewhere": "這個按鈕屬於另一個頻道的遊戲。",
    "limit.cooldown": "慢一點：{seconds} 秒後可以再按一次。",
    "limit.dm": "遊戲在伺服器的頻道裡進行：請在伺服器中使用這個指令。",
}

register("en", {f"bot.{key}": text for key, text in EN.items()})
register("zh-TW", {f"bot.{key}": text for key, text in ZH.items()})
