"""Texts of the records: results, ratings, leaderboards, statistics, archive, replay, export (en, zh-TW)."""

from __future__ import annotations

from games.core.messages import register

EN: dict[str, str] = {
    # slash commands (descriptions: at most 100 characters)
    "records.cmd.leaderboard": "A game's ratings on this server (or every server), page by page",
    "records.arg.scope": "This server's ratings (default) or those across every server",
    "records.cmd.stats": "Statistics of this server's finished games",
    "records.cmd.stats.player": "A player's games, wins, scores, rating and favourite factions or roles",
    "records.arg.player": "Whose statistics (default: yours)",
    "records.arg.stats_game": "One game in full: best game, rating history, factions or roles",
    "records.cmd.stats.game": "A game's factions, colours or roles on this server: games, wins, scores",
    "records.cmd.stats.reset": "Start this server's ratings and statistics afresh (Manage Server)",
    "records.arg.confirm": "True: yes, reset them (the games stay in the archive)",
    "records.arg.stats": "Whether others may see your statistics",
    "records.reset.unconfirmed": "Nothing was reset: say `confirm: True` to start this server's records afresh.",
    "records.cmd.stats.export": "This server's results as a CSV file (one row per seat of every game)",
    "records.cmd.game.export": "A game's record as a file: every move with who and when (replayable)",
    "records.arg.number": "The game's number as the archive shows it (default: this channel's game)",
    # exports
    "records.export.none": "There is no game here to export (name one with `number:` from `/game archive`).",
    "records.export.json": {"one": "Game #{id} of {game}: its record, {n} move (seed, options, every move with "
                                   "who and when). `python -m games replay` replays it.",
                            "other": "Game #{id} of {game}: its record, {n} moves (seed, options, every move "
                                     "with who and when). `python -m games replay` replays it."},
    "records.export.running": "Game #{id} of {game} is still running: its record lists the public moves so far "
                              "(no seed, and secret choices only as \"chose\"). Once it is over, its export "
                              "replays.",
    "records.export.ledger": "Also its ledger in the online site's format (`python -m games.terra_mystica.ledger` "
                             "reads it back).",
    "records.export.no_ledger": "No ledger for this game: {why}.",
    "records.export.csv": {"one": "This server's results: {n} game, one row per seat.",
                           "other": "This server's results: {n} games, one row per seat."},
    "records.export.hidden_name": "(hidden)",
    "records.bad_rated": "`rated` takes `true` or `false` (got '{value}').",
    "records.unrated": "This game is not rated (rated:false).",
    # /leaderboard
    "records.board.title": "**Leaderboard: {game}** (this server) · page {page}/{pages}",
    "records.board.title_global": "**Leaderboard: {game}** (every server) · page {page}/{pages}",
    "records.board.empty": "Nobody is rated in this game here yet: ratings come from finished, rated games "
                           "of two or more people.",
    "records.board.row": {"one": "{place}. {name}: **{rating}** ({n} game, {wins} won)",
                          "other": "{place}. {name}: **{rating}** ({n} games, {wins} won)"},
    "records.board.row_provisional": {"one": "{place}. {name}: {rating} ({n} game, {wins} won) · provisional",
                                      "other": "{place}. {name}: {rating} ({n} games, {wins} won) · provisional"},
    "records.board.you": "You: {row}",
    "records.board.you_unrated": "You have no rating in this game here yet.",
    "records.board.note": "Rating: OpenSkill's estimate less three times its uncertainty (a newcomer starts at 0). "
                          "Provisional until {n} rated games; established players are listed first, equal ratings "
                          "share a place.",
    "records.board.newer": "◀ Higher",
    "records.board.older": "Lower ▶",
    "records.board.mine": "My place",
    # /stats
    "records.stats.tally": {"one": "{n} game, {wins} won ({share}%) · average {score} points · average place {place}",
                            "other": "{n} games, {wins} won ({share}%) · average {score} points · average place {place}"},
    "records.stats.hidden": "{name} keeps their statistics to themselves.",
    "records.stats.none": "{name} has no finished games on this server yet.",
    "records.stats.title_all": "**{name}'s games on this server**",
    "records.stats.title_line": "{game}: {tally}{rating}",
    "records.stats.rating_short": " · rating {rating}",
    "records.stats.more": "Name a game (`game:`) for the best game, the rating's history and favourite factions or roles.",
    "records.stats.title": "**{name}: {game}** (this server)",
    "records.stats.best": "Best game: {score} points, place {place} of {players} (game #{id}, {day})",
    "records.stats.rating_here": "Rating on this server: **{rating}**, place {place} ({state})",
    "records.stats.rating_global": "Rating across every server: **{rating}**, place {place} ({state})",
    "records.stats.provisional": "provisional",
    "records.stats.established": "established",
    "records.stats.per_move": "Time per move: {time}",
    "records.seconds": "{n} s",
    "records.stats.role": {"one": "{role} ({n} game, {wins} won, {share}%)",
                           "other": "{role} ({n} games, {wins} won, {share}%)"},
    "records.stats.roles": "Played most: {roles}",
    "records.stats.now_hidden": "Your statistics are now hidden from others (you still see them).",
    "records.stats.now_shown": "Your statistics can be seen by others again.",
    "records.chart.title": "{name}'s rating: {game}",
    "records.chart.game": "game {n}",
    "records.roles.title": "**{game} on this server, by faction, colour or role**",
    "records.roles.none": "No finished game of it here names one yet.",
    "records.roles.line": "{role}: {tally}",
    "records.reset.denied": "Only someone with Manage Server can reset this server's records.",
    "records.reset.done": "This server's records start afresh: its ratings and statistics count the games that "
                          "end from now on. The games themselves stay in the archive.",
}

ZH: dict[str, str] = {
    "records.cmd.leaderboard": "某款遊戲在本伺服器（或所有伺服器）的積分排行，分頁顯示",
    "records.arg.scope": "本伺服器的積分（預設）或所有伺服器的積分",
    "records.cmd.stats": "本伺服器已結束對局的統計",
    "records.cmd.stats.player": "某位玩家的對局數、勝場、分數、積分與最常用的派系或角色",
    "records.arg.player": "看誰的統計（預設：你自己）",
    "records.arg.stats_game": "單看一款遊戲：最佳對局、積分走勢、派系或角色",
    "records.cmd.stats.game": "某款遊戲在本伺服器各派系、顏色或角色的對局數、勝場與分數",
    "records.cmd.stats.reset": "讓本伺服器的積分與統計重新開始（需「管理伺服器」權限）",
    "records.arg.confirm": "選「是」才會重設（對局本身仍留在存檔）",
    "records.arg.stats": "其他人能否看到你的統計資料",
    "records.reset.unconfirmed": "沒有重設任何東西：要讓本伺服器的紀錄重新開始，請選 `confirm: True`。",
    "records.cmd.stats.export": "本伺服器的對局結果，逗號分隔的試算表檔（每局每個座位一列）",
    "records.cmd.game.export": "一局遊戲的紀錄檔：每一步、誰下的、何時下的（可重播）",
    "records.arg.number": "存檔列表上的對局編號（預設：這個頻道的對局）",
    "records.export.none": "這裡沒有可以匯出的對局（可用 `number:` 指定 `/遊戲 存檔` 列出的對局）。",
    "records.export.json": "《{game}》第 {id} 局的紀錄，共 {n} 步（亂數種子、選項、每一步與下棋者和時間）。"
                           "`python -m games replay` 可以重播。",
    "records.export.running": "《{game}》第 {id} 局還在進行：紀錄只列出目前公開的行動（沒有亂數種子，秘密選擇只記為「已選」）。"
                              "對局結束後匯出的紀錄即可重播。",
    "records.export.ledger": "另附線上網站格式的紀錄表（`python -m games.terra_mystica.ledger` 可讀回）。",
    "records.export.no_ledger": "這局沒有網站格式的紀錄表：{why}。",
    "records.export.csv": "本伺服器的對局結果：共 {n} 局，每個座位一列。",
    "records.export.hidden_name": "（不公開）",
    "records.bad_rated": "`rated` 只能是 `true` 或 `false`（收到的是「{value}」）。",
    "records.unrated": "這局不計入積分（rated:false）。",
    # /leaderboard
    "records.board.title": "**排行榜：{game}**（本伺服器）· 第 {page}/{pages} 頁",
    "records.board.title_global": "**排行榜：{game}**（所有伺服器）· 第 {page}/{pages} 頁",
    "records.board.empty": "這個遊戲在這裡還沒有人有積分：積分來自兩位以上真人、計分且下完的對局。",
    "records.board.row": "{place}. {name}：**{rating}**（{n} 局，勝 {wins} 局）",
    "records.board.row_provisional": "{place}. {name}：{rating}（{n} 局，勝 {wins} 局）· 暫定",
    "records.board.you": "你：{row}",
    "records.board.you_unrated": "你在這裡還沒有這個遊戲的積分。",
    "records.board.note": "積分：OpenSkill 的估計值減去三倍的不確定度（新玩家從 0 開始）。計分對局未滿 {n} 局前為暫定；"
                          "已確定的玩家排在前面，積分相同者名次相同。",
    "records.board.newer": "◀ 較高",
    "records.board.older": "較低 ▶",
    "records.board.mine": "我的名次",
    # /stats
    "records.stats.tally": "{n} 局，勝 {wins} 局（{share}%）· 平均 {score} 分 · 平均名次 {place}",
    "records.stats.hidden": "{name} 不公開自己的統計資料。",
    "records.stats.none": "{name} 在這個伺服器還沒有下完的對局。",
    "records.stats.title_all": "**{name} 在這個伺服器的對局**",
    "records.stats.title_line": "{game}：{tally}{rating}",
    "records.stats.rating_short": " · 積分 {rating}",
    "records.stats.more": "指定遊戲（`game:`）可看最佳對局、積分走勢與最常用的派系或角色。",
    "records.stats.title": "**{name}：{game}**（本伺服器）",
    "records.stats.best": "最佳對局：{score} 分，{players} 人中第 {place} 名（第 {id} 局，{day}）",
    "records.stats.rating_here": "本伺服器積分：**{rating}**，第 {place} 名（{state}）",
    "records.stats.rating_global": "所有伺服器積分：**{rating}**，第 {place} 名（{state}）",
    "records.stats.provisional": "暫定",
    "records.stats.established": "已確定",
    "records.stats.per_move": "每步平均用時：{time}",
    "records.seconds": "{n} 秒",
    "records.stats.role": "{role}（{n} 局，勝 {wins} 局，{share}%）",
    "records.stats.roles": "最常使用：{roles}",
    "records.stats.now_hidden": "其他人現在看不到你的統計資料了（你自己仍看得到）。",
    "records.stats.now_shown": "其他人又可以看到你的統計資料了。",
    "records.chart.title": "{name} 的積分：{game}",
    "records.chart.game": "第 {n} 局",
    "records.roles.title": "**{game}：本伺服器各派系、顏色或角色**",
    "records.roles.none": "這裡下完的對局還沒有記下任何派系或角色。",
    "records.roles.line": "{role}：{tally}",
    "records.reset.denied": "只有具備「管理伺服器」權限的人可以重設這個伺服器的紀錄。",
    "records.reset.done": "這個伺服器的紀錄重新開始：積分與統計只計算從現在起結束的對局。對局本身仍留在存檔中。",
}

#: the commands' and options' names as a zh-TW Discord client shows them (English: the last part)
NAMES_ZH: dict[str, str] = {
    "name.leaderboard": "排行榜", "name.stats": "統計", "name.stats.player": "玩家", "name.stats.game": "遊戲",
    "name.stats.reset": "重設", "name.arg.scope": "範圍", "name.arg.player": "玩家", "name.arg.confirm": "確認",
    "name.arg.stats": "統計資料", "name.stats.export": "匯出", "name.game.export": "匯出", "name.arg.number": "編號", "name.choice.global": "所有伺服器", "name.choice.shown": "公開",
    "name.choice.hidden": "隱藏",
}
EN.update({key: key.rsplit(".", 1)[1] for key in NAMES_ZH})
ZH.update(NAMES_ZH)

register("en", {f"bot.{key}": text for key, text in EN.items()})
register("zh-TW", {f"bot.{key}": text for key, text in ZH.items()})
