"""Texts of the leagues: sign-up, the draw, the tables' threads, reminders, standings (en, zh-TW)."""

from __future__ import annotations

from games.core.messages import register

EN: dict[str, str | dict[str, str]] = {
    # slash commands (descriptions: at most 100 characters)
    "league.cmd.league": "Leagues: seasons of drawn tables with standings, promotion and relegation",
    "league.cmd.new": "Open sign-up for a league season (Manage Server)",
    "league.cmd.standings": "A league's standings (with its image) and the tables still playing",
    "league.cmd.next": "Open the next season, seeded from the last standings (Manage Server)",
    "league.cmd.draw": "Close sign-up now and draw the tables (Manage Server)",
    "league.cmd.cancel": "Call off a league still taking sign-ups (Manage Server)",
    "league.arg.game": "The game every table plays",
    "league.arg.players": "Players at each table",
    "league.arg.season_name": "The season's name, e.g. Spring 2026",
    "league.arg.per_player": "Tables each player plays this season (default 2)",
    "league.arg.options": "The tables' options, as for /game new (name=value ...)",
    "league.arg.divisions": "How many divisions (default 1); with several, players go up and down",
    "league.arg.signup_hours": "Hours until sign-up closes and the tables are drawn (default 48)",
    "league.arg.stall_hours": "Hours without a move before a table is reminded (default 72)",
    "league.arg.league": "Which league (default: this channel's newest)",
    "league.arg.division": "Only this division's image",
    # refusals
    "league.no_server": "Leagues live in a server: run this in one of its channels.",
    "league.denied": "Only someone with the Manage Server permission can do that.",
    "league.bad_size": "{game} takes {min} to {max} players at a table (got {n}).",
    "league.bad_name": "A season needs a name of 1 to {max} characters.",
    "league.bad_per_player": "Each player may play 1 to {max} tables in a season.",
    "league.bad_divisions": "A league has 1 to {max} divisions.",
    "league.bad_hours": "Sign-up lasts 1 to {max} hours, and a table is reminded after 1 to 720 hours.",
    "league.missing": "There is no such league on this server (`/league standings` lists the newest).",
    "league.none": "This server has no league yet: `/league new` opens one (Manage Server).",
    "league.not_signing_up": "**{name}** is not taking sign-ups any more.",
    "league.not_finished": "**{name}** is still being played: its next season can open once its last table ends.",
    "league.has_next": "**{name}** has its next season already.",
    "league.no_next": "**{name}** was called off: it has no next season (`/league new` opens a league afresh).",
    "league.broken_button": "This button is from an older version of the bot; `/league standings` still works.",
    # created, sign-up
    "league.created": "**{name}** is open for sign-up; its post is in this channel.",
    "league.created_later": "**{name}** is open for sign-up. Discord is slow to take its post right now; "
                            "I will post it in this channel as soon as Discord does.",
    "league.signup.title": "🏆 **{name}**: a league of {game}, season {season}.",
    "league.signup.shape": {"one": "Tables of {size}; each player plays {n} table.",
                            "other": "Tables of {size}; each player plays {n} tables."},
    "league.signup.divisions": "Players are seeded into {divisions} divisions, the top one first; between seasons "
                               "the best of each go up and the last go down.",
    "league.signup.options": "Table options: {options}",
    "league.signup.deadline": "Sign-up closes {at} ({left}); then the tables are drawn and opened, each in a thread.",
    "league.signup.players": {"one": "Signed up ({n}): {names}", "other": "Signed up ({n}): {names}"},
    "league.signup.nobody": "Nobody has signed up yet.",
    "league.signup.carried": "Last season's players are signed up already: withdraw if you sit this one out.",
    "league.signup.rules": "How league points and tie-breaks work: `/help game:leagues`.",
    "league.signup.closed": "Sign-up is closed.",
    "league.signup.cancelled": "This league was called off.",
    "league.button.join": "Sign up",
    "league.button.leave": "Withdraw",
    "league.joined": "You are signed up for **{name}**. The tables are drawn {at}.",
    "league.already_in": "You are signed up for **{name}** already. The tables are drawn {at}.",
    "league.left": "You withdrew from **{name}**.",
    "league.not_in": "You had not signed up for **{name}**.",
    "league.closed": "Sign-up for **{name}** is closed.",
    "league.drawing": "Sign-up for **{name}** closes now: the tables are being drawn.",
    "league.cancelled": "**{name}** is called off.",
    "league.cancelled_post": "**{name}** was called off by {who}.",
    "league.too_few": "**{name}** has {n} players signed up; a table needs {size}. Sign-up stays open {hours} more "
                      "hours.",
    # the draw
    "league.drawn": {"one": "🎲 **{name}** is drawn: {n} players, {tables} tables, {divisions} division.",
                     "other": "🎲 **{name}** is drawn: {n} players, {tables} tables, {divisions} divisions."},
    "league.drawn.division": "Division {division} ({n}): {names}",
    "league.drawn.threads": "Each table opens in a thread of its own under this channel, with its seats in "
                            "playing order.",
    "league.thread": "{name} · D{division} T{number}",
    "league.table.opened": "🏆 **{name}**, division {division}, table {number}: {who}. Seats in playing order; "
                           "a table without a move for {hours} hours is reminded. Good luck!",
    # stalls
    "league.stall.table": "⏰ **{name}**, division {division}, table {number}: no move for {hours} hours. {who}: "
                          "the table waits for you.",
    "league.stall.league": "⏰ **{name}**, division {division}, table {number} ({thread}) has had no move for {days} "
                           "days ({n} reminders). An admin may settle it: `/game abort` there leaves it unplayed.",
    # a table ends
    "league.table.finished": "✅ **{name}**, division {division}, table {number} is over: {places}.",
    "league.table.unplayed": "**{name}**, division {division}, table {number} ended unplayed: it scores nothing.",
    "league.table.left": {"one": "{n} table still to play.", "other": "{n} tables still to play."},
    "league.season.over": "🏁 The season of **{name}** is over. Final standings:",
    "league.season.moves": "Going up: {up}. Going down: {down}.",
    "league.season.next": "An admin opens the next season with `/league next`: these players are signed up for it "
                          "already, seeded from these standings.",
    # standings
    "league.standings.title": "**{name}**, season {season}: standings.",
    "league.standings.playing": {"one": "Still playing: {threads}", "other": "Still playing ({n}): {threads}"},
    "league.standings.signup": "Sign-up is still open: the standings start with the draw.",
    "league.choice": "{name} · {game} · season {season} ({status})",
    "league.status.signup": "sign-up",
    "league.status.running": "playing",
    "league.status.finished": "finished",
    "league.status.cancelled": "called off",
    "league.image.division": "Division {division}",
    "league.image.table": "Standings",
    "league.image.player": "Player",
    "league.image.played": "P",
    "league.image.wins": "W",
    "league.image.score": "VP",
    "league.image.points": "Pts",
    "league.image.subtitle": "{game} · season {season} · {done} of {total} tables over · {status}",
    "league.image.tiebreaks": "Pts: league points (an opponent you finished ahead of 1, level ½). Ties: W (tables "
                              "won), then head to head, then VP (points scored), then the seed.",
    "league.image.zones": "▲ goes up, ▼ goes down at the season's end.",
    # /help game:leagues
    "league.help": (
        "**Leagues** (`/league`)\n"
        "An admin (Manage Server) opens a season with `/league new game: players: season-name:` "
        "(`tables-per-player`, `options`, `divisions`, `signup-hours`, `stall-hours`). Players sign up with "
        "the post's button until the deadline. Then the tables are drawn and each opens in its own thread.\n"
        "**The draw.** Players are seeded (a first season by their rating on this server in the game, then by "
        "sign-up; a next season by the last standings) and cut into divisions, the top one first. In each "
        "division everyone plays the same number of tables, and nobody meets an opponent more often than the "
        "numbers force (seven players at four 4-player tables meet every opponent exactly twice). Seats are "
        "shuffled so that nobody keeps the same seat. When the seats do not fill whole tables, the last ones are "
        "a seat short; a table left with fewer players than the game takes gets a bot seat.\n"
        "**League points.** At each finished table you score 1 point for every opponent who finished below you "
        "and ½ for every one level with you (the game's own tie-break decides ranks). A table short of a seat "
        "counts as a full one (its points are scaled). A table aborted, or closed after it stalled, scores "
        "nothing. A seat scores for whoever holds it at the end, if they are in the division.\n"
        "**Tie-breaks**, in order: 1. league points; 2. tables won; 3. head to head: the league points between "
        "the players still tied, at the tables they shared; 4. victory points scored in total; 5. the seed.\n"
        "**Reminders.** A table without a move for the league's stall hours (72 by default) is reminded in its "
        "thread, and again after as long; from the second reminder the league's channel is told too.\n"
        "**Next season.** When the last table ends, an admin opens the next season with `/league next`: last "
        "season's players are signed up already and newcomers join. Between neighbouring divisions a quarter of "
        "the smaller division (at least one player) moves: the top of the lower one goes up, the bottom of the "
        "upper one goes down. These numbers are designed for this bot (the site's own are not published).\n"
        "`/league standings` shows the standings and their image at any time."),
    "league.help.list": "`/help game:leagues`: how leagues draw their tables, score and break ties.",
    # slash command and option names in zh-TW are below; English names are the commands' own
}

ZH: dict[str, str | dict[str, str]] = {
    "league.cmd.league": "聯賽：分組抽桌的賽季，含積分榜與升降級",
    "league.cmd.new": "開放聯賽賽季報名（需管理伺服器權限）",
    "league.cmd.standings": "聯賽積分榜（附圖）與仍在進行的牌桌",
    "league.cmd.next": "依上季積分榜開放下一季（需管理伺服器權限）",
    "league.cmd.draw": "立刻截止報名並抽出牌桌（需管理伺服器權限）",
    "league.cmd.cancel": "取消仍在報名中的聯賽（需管理伺服器權限）",
    "league.arg.game": "每一桌玩的遊戲",
    "league.arg.players": "每桌人數",
    "league.arg.season_name": "賽季名稱，例如「2026 春季」",
    "league.arg.per_player": "每位玩家本季要打幾桌（預設 2）",
    "league.arg.options": "牌桌選項，寫法同 /遊戲 開桌（名稱=值 …）",
    "league.arg.divisions": "分幾級（預設 1）；多級時會升降級",
    "league.arg.signup_hours": "幾小時後截止報名並抽桌（預設 48）",
    "league.arg.stall_hours": "牌桌幾小時沒有人行動就提醒（預設 72）",
    "league.arg.league": "哪一個聯賽（預設：本頻道最新的）",
    "league.arg.division": "只看這一級的圖",
    "league.no_server": "聯賽要在伺服器裡舉辦：請在伺服器的頻道中使用。",
    "league.denied": "只有擁有「管理伺服器」權限的人可以這麼做。",
    "league.bad_size": "《{game}》每桌 {min} 到 {max} 人（收到 {n}）。",
    "league.bad_name": "賽季名稱需要 1 到 {max} 個字。",
    "league.bad_per_player": "每位玩家一季可打 1 到 {max} 桌。",
    "league.bad_divisions": "聯賽可分 1 到 {max} 級。",
    "league.bad_hours": "報名可開放 1 到 {max} 小時；牌桌提醒可設在 1 到 720 小時。",
    "league.missing": "這個伺服器沒有這個聯賽（`/聯賽 積分榜` 會列出最新的）。",
    "league.none": "這個伺服器還沒有聯賽：用 `/聯賽 開季` 開一個（需管理伺服器權限）。",
    "league.not_signing_up": "**{name}** 已不再接受報名。",
    "league.not_finished": "**{name}** 還在進行：最後一桌結束後才能開下一季。",
    "league.has_next": "**{name}** 已經開了下一季。",
    "league.no_next": "**{name}** 已取消，沒有下一季（用 `/聯賽 開季` 重新開一個聯賽）。",
    "league.broken_button": "這個按鈕來自舊版機器人；`/聯賽 積分榜` 仍可使用。",
    "league.created": "**{name}** 開放報名了；報名貼文在這個頻道。",
    "league.created_later": "**{name}** 開放報名了。Discord 暫時還沒接受報名貼文；Discord 一接受，我就會貼到這個頻道。",
    "league.signup.title": "🏆 **{name}**：《{game}》聯賽，第 {season} 季。",
    "league.signup.shape": {"other": "每桌 {size} 人；每位玩家打 {n} 桌。"},
    "league.signup.divisions": "玩家依種子分成 {divisions} 級，第 1 級最高；賽季之間各級前段升級、後段降級。",
    "league.signup.options": "牌桌選項：{options}",
    "league.signup.deadline": "報名於 {at} 截止（{left}）；之後抽出牌桌，每桌各開一個討論串。",
    "league.signup.players": {"other": "已報名（{n}）：{names}"},
    "league.signup.nobody": "還沒有人報名。",
    "league.signup.carried": "上一季的玩家已自動報名：這季不打的話請退出報名。",
    "league.signup.rules": "聯賽積分與同分決勝怎麼算：`/說明 遊戲:leagues`。",
    "league.signup.closed": "報名已截止。",
    "league.signup.cancelled": "這個聯賽已取消。",
    "league.button.join": "報名",
    "league.button.leave": "退出報名",
    "league.joined": "你已報名 **{name}**。牌桌將於 {at} 抽出。",
    "league.already_in": "你之前已報名 **{name}**。牌桌將於 {at} 抽出。",
    "league.left": "你已退出 **{name}** 的報名。",
    "league.not_in": "你沒有報名 **{name}**。",
    "league.closed": "**{name}** 的報名已截止。",
    "league.drawing": "**{name}** 現在截止報名：正在抽出牌桌。",
    "league.cancelled": "**{name}** 已取消。",
    "league.cancelled_post": "**{name}** 已由 {who} 取消。",
    "league.too_few": "**{name}** 目前有 {n} 人報名；一桌需要 {size} 人。報名再延長 {hours} 小時。",
    "league.drawn": {"other": "🎲 **{name}** 抽籤完成：{n} 位玩家、{tables} 桌、{divisions} 級。"},
    "league.drawn.division": "第 {division} 級（{n} 人）：{names}",
    "league.drawn.threads": "每一桌會在這個頻道下各開一個討論串，座位依行動順序排列。",
    "league.thread": "{name} · 第{division}級 第{number}桌",
    "league.table.opened": "🏆 **{name}** 第 {division} 級第 {number} 桌：{who}。座位依行動順序排列；"
                           "牌桌 {hours} 小時沒有人行動就會提醒。祝好運！",
    "league.stall.table": "⏰ **{name}** 第 {division} 級第 {number} 桌已經 {hours} 小時沒有人行動。{who}：牌桌在等你。",
    "league.stall.league": "⏰ **{name}** 第 {division} 級第 {number} 桌（{thread}）已經 {days} 天沒有人行動"
                           "（已提醒 {n} 次）。管理員可以處理：在那裡用 `/遊戲 中止` 會讓這桌不計分。",
    "league.table.finished": "✅ **{name}** 第 {division} 級第 {number} 桌結束：{places}。",
    "league.table.unplayed": "**{name}** 第 {division} 級第 {number} 桌未完成就結束：不計分。",
    "league.table.left": {"other": "還有 {n} 桌要打。"},
    "league.season.over": "🏁 **{name}** 本季結束。最終積分榜：",
    "league.season.moves": "升級：{up}。降級：{down}。",
    "league.season.next": "管理員可用 `/聯賽 下一季` 開下一季：這些玩家已自動報名，並依本季積分榜排定種子。",
    "league.standings.title": "**{name}** 第 {season} 季：積分榜。",
    "league.standings.playing": {"other": "仍在進行（{n}）：{threads}"},
    "league.standings.signup": "仍在報名中：抽桌後才開始計分。",
    "league.choice": "{name} · 《{game}》 · 第 {season} 季（{status}）",
    "league.status.signup": "報名中",
    "league.status.running": "進行中",
    "league.status.finished": "已結束",
    "league.status.cancelled": "已取消",
    "league.image.division": "第 {division} 級",
    "league.image.table": "積分榜",
    "league.image.player": "玩家",
    "league.image.played": "場",
    "league.image.wins": "勝",
    "league.image.score": "分數",
    "league.image.points": "積分",
    "league.image.subtitle": "《{game}》 · 第 {season} 季 · 共 {total} 桌，已結束 {done} 桌 · {status}",
    "league.image.tiebreaks": "積分：聯賽積分（名次在你之後的每位對手 1 分，同名次 ½ 分）。同分依序比：勝（拿第一的桌數）、"
                              "相互對戰、分數（遊戲得分合計）、種子序。",
    "league.image.zones": "▲ 季末升級，▼ 季末降級。",
    "league.help": (
        "**聯賽**（`/聯賽`）\n"
        "管理員（需管理伺服器權限）用 `/聯賽 開季 遊戲: 每桌人數: 賽季名稱:` 開一季"
        "（可加 `每人桌數`、`選項`、`級數`、`報名時數`、`提醒時數`）。玩家在截止前按貼文的按鈕報名，"
        "截止後抽出牌桌，每桌各開一個討論串。\n"
        "**抽桌。** 玩家先排種子（第一季依本伺服器該遊戲的評分，再依報名先後；之後的賽季依上季積分榜），再依序分成各級，"
        "第 1 級最高。同一級內每人打的桌數相同，與同一位對手同桌的次數不會多於人數所迫（七人各打四桌四人局，"
        "每兩人恰好同桌兩次）。座位會重新洗過，不會有人一直坐同一個位置。座位湊不成整桌時，最後幾桌少一人；"
        "人數少於遊戲下限的牌桌會補上機器人座位。\n"
        "**聯賽積分。** 每一桌結束時，名次在你之後的每位對手給你 1 分，與你同名次的每位給 ½ 分"
        "（名次依遊戲本身的同分規則）。少一人的牌桌按比例換算成整桌。被中止、或因停擺而關閉的牌桌不計分。"
        "座位的分數歸結束時坐在那裡、且屬於該級的玩家。\n"
        "**同分決勝**，依序比：1. 聯賽積分；2. 拿第一的桌數；3. 相互對戰：仍同分的玩家之間在同桌時的聯賽積分；"
        "4. 遊戲得分合計；5. 種子序。\n"
        "**提醒。** 牌桌超過聯賽設定的時數（預設 72 小時）沒有人行動，會在討論串提醒，之後每隔同樣時間再提醒；"
        "第二次起也會通知聯賽頻道。\n"
        "**下一季。** 最後一桌結束後，管理員用 `/聯賽 下一季` 開下一季：上季玩家已自動報名，新玩家可加入。"
        "相鄰兩級之間，較小那一級的四分之一（至少一人）互換：下一級的前段升級，上一級的後段降級。"
        "這些數字是本機器人設計的（該網站沒有公布它的數字）。\n"
        "`/聯賽 積分榜` 隨時可看積分榜與圖。"),
    "league.help.list": "`/說明 遊戲:leagues`：聯賽怎麼抽桌、計分與同分決勝。",
    # command and option names (Discord: lower case, no spaces); an option is looked up by its
    # Python name (``season_name``), not the name English clients see (``season-name``)
    "name.league": "聯賽", "name.league.new": "開季", "name.league.standings": "積分榜", "name.league.next": "下一季",
    "name.league.draw": "抽桌", "name.league.cancel": "取消",
    "name.league.new.players": "每桌人數", "name.league.new.season_name": "賽季名稱",
    "name.league.new.per_player": "每人桌數", "name.league.new.divisions": "級數",
    "name.league.new.signup_hours": "報名時數", "name.league.new.stall_hours": "提醒時數",
    "name.league.next.season_name": "賽季名稱", "name.league.next.signup_hours": "報名時數",
    "name.arg.league": "聯賽", "name.arg.division": "級別",
}

register("en", {f"bot.{key}": text for key, text in EN.items()})
register("zh-TW", {f"bot.{key}": text for key, text in ZH.items()})
