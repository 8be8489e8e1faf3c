"""Texts of the daily digest (``/me settings digest:``, issue 36 item 4), in English and
Traditional Chinese: the setting's answers, the DM, and the note after Discord refused it."""

from __future__ import annotations

from games.core.messages import register

EN: dict[str, str] = {
    "digest.arg": "A daily DM at this time (HH:MM, in your time zone) listing the games waiting for you; off to stop",
    "digest.on": "Every day at {at} ({tz}) I'll DM you the games waiting for you, with a button to each (nothing "
                 "on a day none waits). The first: {when}.",
    "digest.on_utc": "Every day at {at} UTC I'll DM you the games waiting for you, with a button to each (nothing "
                     "on a day none waits). The first: {when}. Set your time zone with `/me settings timezone:` "
                     "and the digest follows it.",
    "digest.off": "The daily digest is off.",
    "digest.how": "Write the time as HH:MM (08:00), or off.",
    "digest.title": "☀️ Your daily digest: games waiting for you ({count}).",
    "digest.row": "• **{game}** in {place}: {what} (waiting since {since})",
    "digest.more": "…and {count} more: `/games which:mine` lists them all.",
    "digest.play": "{n}. {game}",
    "digest.closed": "📭 Your daily digest is off: Discord refused my DM (your direct messages are closed). Open "
                     "them, then turn it on again with `/me settings digest:08:00`.",
    "name.arg.digest": "digest",
}

ZH: dict[str, str] = {
    "digest.arg": "每天在這個時間（例如 08:00，你的時區）私訊你等你行動的牌局；填 off 關閉",
    "digest.on": "每天 {at}（{tz}）我會私訊你等你行動的牌局，每局附一個按鈕（沒有牌局等你的那天就不傳）。第一則：{when}。",
    "digest.on_utc": "每天 {at}（UTC）我會私訊你等你行動的牌局，每局附一個按鈕（沒有牌局等你的那天就不傳）。第一則：{when}。"
                     "用 `/我 設定 時區:` 設定你的時區，摘要就會跟著調整。",
    "digest.off": "每日摘要已關閉。",
    "digest.how": "時間請寫成 HH:MM（例如 08:00），或填 off。",
    "digest.title": "☀️ 你的每日摘要：等你行動的牌局（{count} 局）。",
    "digest.row": "• **{game}**（{place}）：{what}（從 {since} 開始等你）",
    "digest.more": "……還有 {count} 局：`/牌局 範圍:mine` 會全部列出。",
    "digest.play": "{n}. {game}",
    "digest.closed": "📭 你的每日摘要已關閉：Discord 拒絕了我的私訊（你關閉了私人訊息）。開啟後再用 `/我 設定 每日摘要:08:00` "
                     "重新打開。",
    "name.arg.digest": "每日摘要",
}

register("en", {f"bot.{key}": text for key, text in EN.items()})
register("zh-TW", {f"bot.{key}": text for key, text in ZH.items()})
