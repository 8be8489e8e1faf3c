"""The turn flow's sentences (prompts, turn summaries, menus, refusals), English and zh-TW:
those every game shares. A game's own (what its table asks, its menus' words) are in its plug
file, ``bot/table/games/<game>.py`` (``EN``, ``ZH``).

Registered in the shared message registry (``games.core.messages``); the
bot words them with ``render(msg(key, ...), locale)``.
"""

from __future__ import annotations

from games.core.messages import CATALOGS, register

EN = {
    # the local console's numbered menus (the "Play" menus of Discord)
    "bot.console.menu.pick": "Type a number to pick (or a move in notation).",
    "bot.console.menu.multi": "Type {lo} to {hi} numbers, e.g. `1 3` (or a move in notation).",
    "bot.console.menu.top": "back to the first menu",
    "bot.console.menu.about": "{label}  ({about})",
    "bot.console.menu.bad": "Pick a number from 1 to {count} (0: back to the first menu).",
    # a turn's summary: one line per seat's run of acts ("Ann puts 2 ships on rim3, rim4; sails ship 1 to P11.")
    "bot.turn.acts": "{who} {acts}.",
    "bot.turn.then": "{a}; {b}",
    # what the table asks (pings and reminders)
    "bot.ask.your_turn": "your turn",
    "bot.ask.bot_up": {"one": "{who} is up", "other": "{who} are up"},
    "bot.ask.line": "{who}: {what}",
    # the turn flow
    "bot.turn.step": "Done: {done}",
    "bot.turn.still": "{what!c}.",
    "bot.turn.next": "Next: {what}.",
    "bot.turn.ready": "{name} is ready ({ready}/{total}).",
    "bot.turn.wait": "The table waits for {who}.",
    "bot.turn.you_chose": "You already chose this round (`/undo` to change it); the table waits for {who}.",
    "bot.turn.not_yours": "It isn't your turn: the table is waiting for {who}.",
    "bot.turn.done": "Done: `{move}`.",
    "bot.turn.done_told": "Done. The table reads:",
    "bot.turn.done_plain": "Done.",
    "bot.turn.noted": "Noted (only you see it): {detail}",
    "bot.turn.no_prefix": "No move starts with '{prefix}'; your moves start with: {starts}.",
    "bot.turn.no_moves": "You have no move now; the table is waiting for {who}.",
    # menus
    "bot.menu.play": "Play",
    "bot.menu.placeholder": "Choose…",
    "bot.menu.more": "{label} …",
    "bot.menu.group": "{label} … ({n})",
    "bot.menu.back": "Back",
    "bot.menu.title": "{what}",
    "bot.menu.picked": "So far: `{prefix}`",
    "bot.menu.gone": "That menu is out of date: the table has moved on. Here is what you can do now.",
    "bot.menu.not_yours": "These buttons are for {name}.",
    "bot.menu.no_game": "That game is over or no longer in this channel.",
}

ZH = {
    "bot.console.menu.pick": "輸入編號來選擇（或直接輸入記譜法的行動）。",
    "bot.console.menu.multi": "輸入 {lo} 到 {hi} 個編號，例如 `1 3`（或直接輸入記譜法的行動）。",
    "bot.console.menu.top": "回到第一層選單",
    "bot.console.menu.about": "{label} — {about}",
    "bot.console.menu.bad": "請選 1 到 {count} 的編號（0：回到第一層選單）。",
    "bot.turn.acts": "{who} {acts}。",
    "bot.turn.then": "{a}；{b}",
    "bot.ask.your_turn": "輪到你了",
    "bot.ask.bot_up": {"other": "輪到 {who}"},
    "bot.ask.line": "{who}：{what}",
    "bot.turn.step": "完成：{done}",
    "bot.turn.still": "{what}。",
    "bot.turn.next": "接下來：{what}。",
    "bot.turn.ready": "{name} 已準備好（{ready}/{total}）。",
    "bot.turn.wait": "大家正在等 {who}。",
    "bot.turn.you_chose": "你這一輪已經選好了（要更改請用 `/undo`）；大家正在等 {who}。",
    "bot.turn.not_yours": "還沒輪到你：大家正在等 {who}。",
    "bot.turn.done": "完成：`{move}`。",
    "bot.turn.done_told": "完成。大家看到的是：",
    "bot.turn.done_plain": "完成。",
    "bot.turn.noted": "已記下（只有你看得到）：{detail}",
    "bot.turn.no_prefix": "沒有以「{prefix}」開頭的動作；你的動作開頭有：{starts}。",
    "bot.turn.no_moves": "你現在沒有可做的動作；大家正在等 {who}。",
    "bot.menu.play": "行動",
    "bot.menu.placeholder": "請選擇…",
    "bot.menu.more": "{label} …",
    "bot.menu.group": "{label} …（{n}）",
    "bot.menu.back": "返回",
    "bot.menu.title": "{what}",
    "bot.menu.picked": "目前已選：`{prefix}`",
    "bot.menu.gone": "這個選單已過期：牌局已經往前走了。以下是你現在能做的。",
    "bot.menu.not_yours": "這些按鈕是給 {name} 的。",
    "bot.menu.no_game": "這場遊戲已結束，或不在這個頻道了。",
}

register("en", EN)
register("zh-TW", ZH)


def has(key: str) -> bool:
    return key in CATALOGS["en"]
