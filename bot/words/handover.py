"""Texts of the seat handover (``/game replace``, issue 36 item 2), in English and Traditional
Chinese: the command, its refusals, the requests and votes, the handover post, and the lines
that say who held a seat from which move (``/game status``, ``/game history``, the archive)."""

from __future__ import annotations

from games.core.messages import register

EN: dict[str, str] = {
    "replace.cmd": "Hand a running seat to someone else (by its holder, or the table's vote if they left or went silent)",
    "replace.arg.seat": "The seat to hand over (its number in /game status)",
    "replace.arg.user": "Who takes the seat",
    "replace.no_game": "There is no running game here whose seats could change hands.",
    "replace.no_seat": "There is no seat {seat} at this table (seats 0 to {last}).",
    "replace.bot_seat": "Seat {seat} is a bot's: there is nobody to replace.",
    "replace.new_bot": "A bot account cannot take a seat.",
    "replace.twice": "{name} already holds a seat in this game: nobody holds two.",
    "replace.not_in_game": "Only a player at this table, the person taking the seat or a server manager can ask for that.",
    "replace.pending": "A handover of this seat is already waiting for an answer.",
    "replace.holder_here": "{holder} still holds that seat and has not been silent past the table's time-out: only "
                           "{holder} can hand it over (or {name} can ask them with /game replace).",
    "replace.ask_holder": "🔁 {name} asks to take over seat {seat}. {holder}: do you hand it over?",
    "replace.asked_holder": "Asked: {holder} answers with the buttons under your request.",
    "replace.accept": "Hand it over",
    "replace.agree": "Agree",
    "replace.refuse": "Refuse",
    "replace.why.left": "{holder} has left the server",
    "replace.why.silent": "{holder} has been silent past the table's time-out",
    "replace.ask_table": "🔁 {asker} asks to give seat {seat} ({holder}) to {name}: {why}. {who}: do you agree? "
                         "({need} of {voters} must agree.)",
    "replace.asked_table": "Asked: the table decides with the buttons under your request.",
    "replace.nobody": "Nobody else at this table can vote: a server manager can hand the seat over.",
    "replace.not_voter": "This request is not yours to answer.",
    "replace.refused_holder": "{holder} keeps the seat: {name}'s request is refused.",
    "replace.refused_table": "The table refused to give seat {seat} to {name}: nothing changes.",
    "replace.refused_you": "Refused: nothing changes.",
    "replace.counted": "Counted ({yes} of {voters} agree so far; {need} needed).",
    "replace.agreed": "Agreed: done.",
    "replace.stale": "The seat changed meanwhile (the game ended, or someone else holds it now): nothing was handed over.",
    "replace.how.own": "{name} handed their seat over",
    "replace.how.consent": "{name} agreed",
    "replace.how.vote": "The table agreed with {name} ({why})",
    "replace.how.manager": "{name}, a server manager, decided ({why})",
    "replace.done": "🔁 {how}: seat {seat} ({old}) is {name}'s from move {n}. {old}'s standing orders and vacation "
                    "do not pass on.",
    "replace.done_you": "Done: the seat changed hands.",
    "replace.your_turn": "{name}, the table waits for you: {what}",
    "replace.holders": "Seat {seat}: {holders}",
    "replace.held_span": "{name} (moves {first}–{last})",
    "replace.held_from": "{name} (from move {n})",
    "replace.history": "🔁 seat {seat} passes from {old} to {name} (from move {n})",
    "name.game.replace": "replace", "name.arg.seat": "seat", "name.arg.user": "user",
}

ZH: dict[str, str] = {
    "replace.cmd": "把進行中的座位交給別人（由座位的玩家交出；玩家離開或失聯時由全桌投票）",
    "replace.arg.seat": "要交出的座位（/遊戲 狀態 列出的編號）",
    "replace.arg.user": "接手這個座位的人",
    "replace.no_game": "這裡沒有進行中的牌局可以換人。",
    "replace.no_seat": "這桌沒有座位 {seat}（座位是 0 到 {last}）。",
    "replace.bot_seat": "座位 {seat} 是機器人的：沒有人可以被換下。",
    "replace.new_bot": "機器人帳號不能入座。",
    "replace.twice": "{name} 在這局已經有座位了：一個人不能坐兩個位子。",
    "replace.not_in_game": "只有這桌的玩家、要接手的人或伺服器管理員可以提出換人。",
    "replace.pending": "這個座位的換人請求已經在等回應了。",
    "replace.holder_here": "{holder} 還坐在這個位子上，也沒有超過這桌的逾時：只有 {holder} 能交出座位（或由 {name} 用 "
                           "/遊戲 換人 向對方提出）。",
    "replace.ask_holder": "🔁 {name} 想接手座位 {seat}。{holder}，你願意交出嗎？",
    "replace.asked_holder": "已提出：{holder} 會用你請求下方的按鈕回應。",
    "replace.accept": "交出座位",
    "replace.agree": "同意",
    "replace.refuse": "拒絕",
    "replace.why.left": "{holder} 已經離開伺服器",
    "replace.why.silent": "{holder} 已超過這桌的逾時仍沒有回應",
    "replace.ask_table": "🔁 {asker} 提議把座位 {seat}（{holder}）交給 {name}：{why}。{who}，你們同意嗎？"
                         "（{voters} 人中需 {need} 人同意。）",
    "replace.asked_table": "已提出：大家用你請求下方的按鈕決定。",
    "replace.nobody": "這桌沒有其他人可以投票：請伺服器管理員來換人。",
    "replace.not_voter": "這個請求不需要你回應。",
    "replace.refused_holder": "{holder} 保留座位：{name} 的請求被拒絕了。",
    "replace.refused_table": "全桌拒絕把座位 {seat} 交給 {name}：一切照舊。",
    "replace.refused_you": "已拒絕：一切照舊。",
    "replace.counted": "已計入（目前 {voters} 人中有 {yes} 人同意；需要 {need} 人）。",
    "replace.agreed": "已同意：完成。",
    "replace.stale": "座位在這期間有了變化（牌局結束，或已經換了人）：沒有交出任何座位。",
    "replace.how.own": "{name} 交出了自己的座位",
    "replace.how.consent": "{name} 同意了",
    "replace.how.vote": "全桌同意了 {name} 的提議（{why}）",
    "replace.how.manager": "伺服器管理員 {name} 決定（{why}）",
    "replace.done": "🔁 {how}：座位 {seat}（{old}）從第 {n} 步起由 {name} 接手。{old} 的預設指令和休假不會轉移。",
    "replace.done_you": "完成：座位已經換人。",
    "replace.your_turn": "{name}，大家在等你：{what}",
    "replace.holders": "座位 {seat}：{holders}",
    "replace.held_span": "{name}（第 {first}–{last} 步）",
    "replace.held_from": "{name}（第 {n} 步起）",
    "replace.history": "🔁 座位 {seat} 由 {old} 換成 {name}（第 {n} 步起）",
    "name.game.replace": "換人", "name.arg.seat": "座位", "name.arg.user": "玩家",
}

register("en", {f"bot.{key}": text for key, text in EN.items()})
register("zh-TW", {f"bot.{key}": text for key, text in ZH.items()})
