"""Amerigo's sentences: refusals and move announcements, English and zh-TW.

Colours, actions, goods and development tiles are keys too, so a Chinese
sentence keeps no English but notation (squares, shapes, tile ids) and
player names (``{p0}``...).
"""

from __future__ import annotations

from games.core.messages import Msg, msg, register, seat_ref

#: a seat's name placeholder (``{pN}``), filled in by whoever shows the text
seat = seat_ref


def colour(c: str) -> Msg:
    return msg(f"ame.colour.{c}")


def good(g: str) -> Msg:
    return msg(f"ame.good.{g}")


def dev_key(d: str) -> str:
    """Tile ids hold '+' and '/', which keys may not."""
    return "ame.dev." + d.replace("+", "plus").replace("/", "-")


def dev(d: str) -> Msg:
    return msg(dev_key(d))


def shape(s: str) -> Msg:
    """A tile shape in words ("L-shaped 3"), not its notation (``l3``)."""
    return msg(f"ame.shape.{s}")


def production(tile: str) -> Msg:
    """A production tile (``tea4``) in words: its good and its cost."""
    return msg("ame.prod_tile", good=good(tile[:-1]), n=tile[-1])


def paid(short: int, also: bool = False) -> Msg | str:
    """" (paid 1 coin)"; ``also``: inside brackets already open ("(now 4, paid 1 coin)")."""
    return msg("ame.paid_also" if also else "ame.paid", n=short) if short else ""


def vp_over(vp: int) -> Msg | str:
    return msg("ame.as_vp", vp=vp) if vp else ""


def none_or(items: list) -> list | Msg:
    return items or msg("core.none")


EN = {
    # autocomplete hints
    "ame.hint.notes": "{notes}",
    "ame.hint.plus_coins": {"one": "+{n} coin", "other": "+{n} coins"},
    "ame.hint.plus_vp": "+{n} VP",
    "ame.hint.points": {"one": "{n} point", "other": "{n} points"},
    "ame.hint.coins": {"one": "{n} coin", "other": "{n} coins"},
    "ame.hint.steps": {"one": "{n} step", "other": "{n} steps"},
    "ame.hint.designed": "{what} · ◇ not verified",
    "ame.colour.blue": "blue", "ame.colour.black": "black", "ame.colour.red": "red", "ame.colour.brown": "brown",
    "ame.colour.green": "green", "ame.colour.yellow": "yellow", "ame.colour.white": "white",
    "ame.good.cotton": "cotton", "ame.good.tea": "tea", "ame.good.sugar": "sugar", "ame.good.coconut": "coconut",
    "ame.good.coffee": "coffee",
    "ame.kind.n": "neutral", "ame.kind.v": "village",
    "ame.shape.1": "1-square tile", "ame.shape.2": "2-square tile", "ame.shape.i3": "straight 3-square tile",
    "ame.shape.l3": "L-shaped 3-square tile", "ame.shape.i4": "straight 4-square tile",
    "ame.shape.o4": "square 4-square tile", "ame.shape.u5": "U-shaped 5-square tile", "ame.shape.r6": "2x3 tile",
    "ame.prod_tile": "{good} tile (cost {n})",
    "ame.dev.blueplus2": "+2 points for sail",
    "ame.dev.blackplus2": "+2 points for cannons",
    "ame.dev.redplus2": "+2 points for plan",
    "ame.dev.brownplus2": "+2 points for develop",
    "ame.dev.greenplus2": "+2 points for build",
    "ame.dev.yellowplus2": "+2 points for produce",
    "ame.dev.blue-redplus1": "+1 point for sail or plan",
    "ame.dev.brown-greenplus1": "+1 point for develop or build",
    "ame.dev.black-yellowplus1": "+1 point for cannons or produce",
    "ame.dev.sail8": "+8 points in one sail action (once)",
    "ame.dev.piratesplus2": "pirates are 2 stronger against every player including the owner",
    "ame.dev.halfloss": "lose only half the pirate VP (round up)",
    "ame.dev.repel2": "+2 coins each round you repel the pirates",
    "ame.dev.plan2": "plan may take two neutral tiles",
    "ame.dev.redgreen": "red cubes count as green and green as red",
    "ame.dev.first": "jump on top of the leader in a white phase (once)",
    "ame.dev.coins3": "3 coins (once)",
    "ame.dev.coins5": "5 coins (once)",
    "ame.dev.postcoin": "+1 coin per trading post founded later",
    "ame.dev.halfcoins": "coins taken = cubes / 2 (round up)",
    "ame.dev.vp": "VP equal to the cubes shown in place of an action (once)",
    "ame.dev.e-posts": "1 VP per own trading post at the game end",
    "ame.dev.e-7": "7 VP at the game end",
    "ame.dev.e-coins": "VP equal to your coins again at the game end",
    "ame.paid": {"one": " (paid {n} coin)", "other": " (paid {n} coins)"},
    "ame.paid_also": {"one": ", paid {n} coin", "other": ", paid {n} coins"},
    "ame.as_vp": " ({vp} as VP)",
    "ame.over12": " ({vp} over 12 as VP)",
    "ame.cubes": "{n} {colour}",
    # notation
    "ame.err.not_your_turn": "It is not your turn.",
    "ame.err.type_move": "Type a move, e.g. `coins` or `cannon 3`.",
    "ame.err.nothing_after": "`{head}` takes nothing after it.",
    "ame.err.how_far": "Say how far: `{head} 3`.",
    "ame.err.place_usage": "Place a ship on a frame space (rim1, rim2.. round the map): `place rim3`.",
    "ame.err.ship_usage": "Move a ship: `ship 1 C7` (ship 1 or 2, then a sea square, or a frame space like `rim3`).",
    "ame.err.post_usage": "Found a trading post: `post C8`.",
    "ame.err.use_usage": "Use what? `use chest`, `use coins3`, `use coins5` or `use sail8`.",
    "ame.err.shape_usage": "Name a shape after `{head}`: {shapes}.",
    "ame.err.not_square": "`{token}` is not a square (squares look like C7).",
    "ame.err.buy_usage": "Buy one production tile: `buy cotton3`.",
    "ame.err.take_usage": "Take a development tile on display: `take coins5`.",
    "ame.err.unknown": "Unknown move `{head}`. {help}",
    # refusals
    "ame.err.needs_points": "{what} needs {cost} points; you have {left} left and {coins} coins.",
    "ame.err.no_cube_for": "There is no {colour} cube to {action} with (available: {available}).",
    "ame.err.no_white": "There is no white cube: no special action this phase.",
    "ame.err.no_cube": "There is no {colour} cube this phase.",
    "ame.err.track_room": "Your {action} track has room for {room} more, not {n}.",
    "ame.err.at_least_one": "Move at least 1 ({action} 1..{most}).",
    "ame.err.track_cost": "{action} {n} needs {n} points; you have {points} and {coins} coins.",
    "ame.err.dev_not_shown": "{dev} is not on display (take one of: {shown}).",
    "ame.err.already_first": "You are already first on the special track.",
    "ame.err.no_chest": "You have no treasure chest.",
    "ame.err.no_tile": "You have no unused '{what}' tile.",
    "ame.err.take_first": "Take {n} more development tile(s) first: `take <tile>`.",
    "ame.err.place_both": "Put both ships on the frame first (free): `place rim1`.",
    "ame.err.no_vp_tile": "You have no unused 'vp' development tile.",
    "ame.err.no_first_tile": "You have no unused 'first' development tile.",
    "ame.err.first_white": "'first' needs a white cube this phase.",
    "ame.err.start_first": "Start your turn first: one of {actions}.",
    "ame.err.nothing_to_build": "You have no planned tile that fits next to your trading posts: plan first (red), "
                                "or take coins.",
    "ame.err.nothing_to_buy": "No production tile on display is affordable with your points and coins.",
    "ame.err.nothing_to_plan": "There is nothing left you could plan.",
    "ame.err.no_sail8": "You have no unused 'sail8' tile.",
    "ame.err.ships_out": "Both your ships are on the map already: `ship 1 C7`.",
    "ame.err.frame": "Frame spaces are rim1..rim{n}, clockwise from the top left.",
    "ame.err.frame_first": "First put both ships on the frame: `place rim1`.",
    "ame.err.ship_stays": "Ship {i} founded a trading post and stays there this turn.",
    "ame.err.land": "{dest} is land, not sea.",
    "ame.err.land_frame": "{dest} is a land square, not sea. Frame spaces are rim1..rim{n}: `ship 1 rim{k}`.",
    "ame.err.cannot_end": "Ship {i} cannot end on {dest} now (occupied, or too far for your points and coins).",
    "ame.err.no_posts": "You have no trading posts left.",
    "ame.err.no_anchor": "No ship of yours is at an anchor next to a free trading-post square {cell}.",
    "ame.err.no_anchor_options": "No ship of yours is at an anchor next to a free trading-post square {cell} "
                                 "(possible: {options}).",
    "ame.err.sailing": "While sailing: `ship 1 C7`, `post C8`, `use sail8` or `done`.",
    "ame.err.planning": "While planning: `n i3` (neutral tile), `v l3` (village tile) or `done`.",
    "ame.err.neutral_limit": "You have taken as many neutral tiles as you may this phase; take village tiles "
                             "(`v 1`) or `done`.",
    "ame.err.no_neutral": "No neutral {shape} tiles are left.",
    "ame.err.no_village": "No village {shape} tiles left (left: {left}).",
    "ame.err.building": "While building: `n i3 C5 C6 C7`, `v 1 D4` or `done`.",
    "ame.err.not_planned": "You have no planned {kind} {shape} (you have: {have}).",
    "ame.err.covers": "A {shape} covers {n} different squares.",
    "ame.err.placement": "A {shape} cannot go on {cells}: it must cover free land of one island where you have "
                         "a trading post, in the tile's shape, touching your post or a placed tile.",
    "ame.err.producing": "While producing: `buy cotton3` or `done`.",
    "ame.err.not_displayed": "{tile} is not on display (on display: {shown}).",
    "ame.what.tile": "A {kind} {shape}",
    # events
    "ame.ev.complete": "{who} completes the island (+{vp}).",
    "ame.ev.complete_chest": "{who} completes the island (+{vp}) and takes the treasure chest.",
    "ame.ev.post_score": {"one": "{who} scores {n} trading post: {table} x {tv} = {vp} VP.",
                          "other": "{who} scores {n} trading posts: {table} x {tv} = {vp} VP."},
    "ame.ev.post": "{who} founds a trading post on {cell}{first}{coin}.",
    "ame.ev.post_first": " (first on the island: +{vp} VP)",
    "ame.ev.post_coin": " +1 coin",
    "ame.ev.build": "{who} builds a {kind} {shape} on {cells}: +{vp} VP{paid}.",
    "ame.ev.build_goods": "{who} builds a {kind} {shape} on {cells}: +{vp} VP, takes {goods}{paid}.",
    "ame.ev.no_cubes": "Round {round}, {colour} phase: no {colour} cubes to pour, skipped.",
    "ame.ev.setup_pour": "Set-up pour: {fell} of 49 cubes fell, {stayed} stayed in the tower.",
    "ame.ev.none_fell": "Round {round}, {colour} phase: poured {poured}, nothing fell out, so it is skipped.",
    "ame.ev.fell": "Round {round}, {colour} phase: poured {poured}, out fell {fell}, giving {ap} action points.",
    "ame.ev.repel": "{who} repels the pirates ({strength}).",
    "ame.ev.repel_coins": "{who} repels the pirates ({strength}) and takes 2 coins.",
    "ame.ev.lose": "{who} cannot repel the pirates ({strength}): -{loss} VP.",
    "ame.ev.lose_floor": "{who} cannot repel the pirates ({strength}): -{loss} VP (VP stop at 0, -{lost}).",
    "ame.ev.over": "The game is over.",
    "ame.ev.round": "Round {round} begins: a pirate {pirate} is revealed, new development and production tiles, "
                    "time marker {time}.",
    "ame.ev.start.sail": {"one": "{who} sails with {n} point.", "other": "{who} sails with {n} points."},
    "ame.ev.start.plan": {"one": "{who} plans with {n} point.", "other": "{who} plans with {n} points."},
    "ame.ev.start.build": {"one": "{who} builds with {n} point.", "other": "{who} builds with {n} points."},
    "ame.ev.start.produce": {"one": "{who} produces with {n} point.", "other": "{who} produces with {n} points."},
    "ame.coins": {"one": "{n} coin", "other": "{n} coins"},
    "ame.ev.track.cannon": "{who} loads cannon +{n} (now {now}{paid}).",
    "ame.ev.track.develop": "{who} moves develop +{n} (now {now}{paid}).",
    "ame.ev.track.order": "{who} moves order +{n} (now {now}{paid}).",
    "ame.ev.track_full.cannon": "{who} loads cannon +{n} (now {now}{paid}); track full, +{gain}.",
    "ame.ev.track_full.develop": "{who} moves develop +{n} (now {now}{paid}); track full, +{gain}.",
    "ame.ev.track_full.order": "{who} moves order +{n} (now {now}{paid}); track full, +{gain}.",
    "ame.ev.may_take": {"one": "{who} may take {n} development tile.",
                        "other": "{who} may take {n} development tiles."},
    "ame.ev.take_dev": "{who} takes a development tile: {desc}.",
    "ame.ev.jump": "{who} uses the jump-to-first tile: jumps on top of {leader} on the special track.",
    "ame.ev.chest": {"one": "{who} opens a treasure chest: +{n} coin{vp}.",
                     "other": "{who} opens a treasure chest: +{n} coins{vp}."},
    "ame.ev.use_coins": {"one": "{who} uses a one-shot coins tile: +{n} coin{vp}.",
                         "other": "{who} uses a one-shot coins tile: +{n} coins{vp}."},
    "ame.ev.end_action.sail": "{who} ends the sail action.",
    "ame.ev.end_action.plan": "{who} ends the plan action.",
    "ame.ev.end_action.build": "{who} ends the build action.",
    "ame.ev.end_action.produce": "{who} ends the produce action.",
    "ame.ev.end_action.develop": "{who} ends the develop action.",
    "ame.ev.coins": {"one": "{who} takes {n} coin{vp}.", "other": "{who} takes {n} coins{vp}."},
    "ame.ev.vp_tile": "{who} uses the one-shot VP tile: +{n} VP for the cubes shown.",
    "ame.ev.sail8": "{who} uses the sail +8 tile: +8 points.",
    "ame.ev.place": "{who} puts ship {i} on {space}.",
    "ame.ev.sail": {"one": "{who} sails ship {i} to {dest} ({n} step{paid}).",
                    "other": "{who} sails ship {i} to {dest} ({n} steps{paid})."},
    "ame.ev.plan": "{who} plans a {kind} {shape}{paid}.",
    "ame.ev.buy": "{who} buys a production tile: {tile}{paid}.",
}

ZH = {
    "ame.hint.notes": "{notes}",
    "ame.hint.plus_coins": "+{n} 金幣",
    "ame.hint.plus_vp": "+{n} 分",
    "ame.hint.points": "{n} 點",
    "ame.hint.coins": "{n} 金幣",
    "ame.hint.steps": "{n} 步",
    "ame.hint.designed": "{what} · ◇ 數值未經查證",
    "ame.colour.blue": "藍色", "ame.colour.black": "黑色", "ame.colour.red": "紅色", "ame.colour.brown": "棕色",
    "ame.colour.green": "綠色", "ame.colour.yellow": "黃色", "ame.colour.white": "白色",
    "ame.good.cotton": "棉花", "ame.good.tea": "茶葉", "ame.good.sugar": "蔗糖", "ame.good.coconut": "椰子",
    "ame.good.coffee": "咖啡",
    "ame.kind.n": "中立景觀", "ame.kind.v": "村莊",
    "ame.shape.1": "1 格", "ame.shape.2": "2 格", "ame.shape.i3": "3 格（I）", "ame.shape.l3": "3 格（L）",
    "ame.shape.i4": "4 格（I）", "ame.shape.o4": "4 格（田型）", "ame.shape.u5": "5 格（凹型）",
    "ame.shape.r6": "6 格（2×3）",
    "ame.prod_tile": "{good}（費用 {n}）",
    "ame.dev.blueplus2": "移動船隻 +2 點",
    "ame.dev.blackplus2": "裝填砲彈 +2 點",
    "ame.dev.redplus2": "計畫 +2 點",
    "ame.dev.brownplus2": "發展 +2 點",
    "ame.dev.greenplus2": "建造 +2 點",
    "ame.dev.yellowplus2": "生產 +2 點",
    "ame.dev.blue-redplus1": "移動船隻或計畫 +1 點",
    "ame.dev.brown-greenplus1": "發展或建造 +1 點",
    "ame.dev.black-yellowplus1": "裝填砲彈或生產 +1 點",
    "ame.dev.sail8": "一次移動船隻行動 +8 點（限用一次）",
    "ame.dev.piratesplus2": "海盜對每位玩家都強 2 點（持有者也一樣）",
    "ame.dev.halfloss": "海盜只讓你失去一半分數（無條件進位）",
    "ame.dev.repel2": "每回合擊退海盜時 +2 金幣",
    "ame.dev.plan2": "計畫時可拿取兩個中立景觀板塊",
    "ame.dev.redgreen": "紅色和綠色方塊可以互相替代",
    "ame.dev.first": "白色階段跳到領先者的上方（限用一次）",
    "ame.dev.coins3": "獲得 3 金幣（限用一次）",
    "ame.dev.coins5": "獲得 5 金幣（限用一次）",
    "ame.dev.postcoin": "之後每建立一個交易站 +1 金幣",
    "ame.dev.halfcoins": "拿取的金幣 = 方塊數 / 2（無條件進位）",
    "ame.dev.vp": "取代一次行動，改得等同顯示方塊數的分數（限用一次）",
    "ame.dev.e-posts": "遊戲結束時每個自己的交易站得 1 分",
    "ame.dev.e-7": "遊戲結束時得 7 分",
    "ame.dev.e-coins": "遊戲結束時再得等同金幣數的分數",
    "ame.paid": "（支付 {n} 金幣）",
    "ame.paid_also": "，支付 {n} 金幣",
    "ame.as_vp": "（{vp} 轉為分數）",
    "ame.over12": "（超過 12 的 {vp} 轉為分數）",
    "ame.cubes": "{n} 個{colour}",
    "ame.err.not_your_turn": "還沒輪到你。",
    "ame.err.type_move": "請輸入一步，例如 `coins` 或 `cannon 3`。",
    "ame.err.nothing_after": "`{head}` 後面不能再接東西。",
    "ame.err.how_far": "請說明要走幾格：`{head} 3`。",
    "ame.err.place_usage": "把船放到外框格上（外框格由左上角順時針為 rim1、rim2⋯）：`place rim3`。",
    "ame.err.ship_usage": "移動船：`ship 1 C7`（船 1 或 2，再接海域格，或像 `rim3` 這樣的外框格）。",
    "ame.err.post_usage": "建立交易站：`post C8`。",
    "ame.err.use_usage": "使用什麼？`use chest`、`use coins3`、`use coins5` 或 `use sail8`。",
    "ame.err.shape_usage": "`{head}` 後面要接板塊形狀：{shapes}。",
    "ame.err.not_square": "`{token}` 不是地圖格（格子的寫法像 C7）。",
    "ame.err.buy_usage": "購買一個生產板塊：`buy cotton3`。",
    "ame.err.take_usage": "拿取一個展示中的發展板塊：`take coins5`。",
    "ame.err.unknown": "沒有 `{head}` 這種行動。{help}",
    "ame.help.moves": "亞美利哥：`coins`、`cannon 4`、`sail` 接著 `ship 1 C7`/`post C8`/`done`、`build` 接著 `n i3 C5 C6 C7`。",
    "ame.err.needs_points": "{what}需要 {cost} 點；你還剩 {left} 點和 {coins} 金幣。",
    "ame.err.no_cube_for": "沒有{colour}方塊可以執行 {action}（可用：{available}）。",
    "ame.err.no_white": "沒有白色方塊：這個階段沒有特殊行動。",
    "ame.err.no_cube": "這個階段沒有{colour}方塊。",
    "ame.err.track_room": "你的 {action} 軌只剩 {room} 格，不是 {n} 格。",
    "ame.err.at_least_one": "至少移動 1 格（{action} 1..{most}）。",
    "ame.err.track_cost": "{action} {n} 需要 {n} 點；你有 {points} 點和 {coins} 金幣。",
    "ame.err.dev_not_shown": "{dev} 不在展示區（可拿取：{shown}）。",
    "ame.err.already_first": "你已經在特殊行動軌的第一位。",
    "ame.err.no_chest": "你沒有寶箱。",
    "ame.err.no_tile": "你沒有未使用的「{what}」板塊。",
    "ame.err.take_first": "請先再拿取 {n} 個發展板塊：`take <板塊>`。",
    "ame.err.place_both": "請先把兩艘船都放到外框上（免費）：`place rim1`。",
    "ame.err.no_vp_tile": "你沒有未使用的「vp」發展板塊。",
    "ame.err.no_first_tile": "你沒有未使用的「first」發展板塊。",
    "ame.err.first_white": "「first」需要這個階段有白色方塊。",
    "ame.err.start_first": "請先開始你的回合：{actions} 其中之一。",
    "ame.err.nothing_to_build": "你沒有能放在交易站旁的已計畫板塊：請先計畫（紅色），或拿取金幣。",
    "ame.err.nothing_to_buy": "以你的點數和金幣，買不起任何展示中的生產板塊。",
    "ame.err.nothing_to_plan": "已經沒有可以計畫的板塊。",
    "ame.err.no_sail8": "你沒有未使用的「sail8」板塊。",
    "ame.err.ships_out": "你的兩艘船都已經在地圖上：`ship 1 C7`。",
    "ame.err.frame": "外框格是 rim1..rim{n}，由左上角順時針編號。",
    "ame.err.frame_first": "請先把兩艘船都放到外框上：`place rim1`。",
    "ame.err.ship_stays": "船 {i} 已建立交易站，這回合要停在那裡。",
    "ame.err.land": "{dest} 是陸地，不是海域。",
    "ame.err.land_frame": "{dest} 是陸地格，不是海域。外框格是 rim1..rim{n}：`ship 1 rim{k}`。",
    "ame.err.cannot_end": "船 {i} 現在不能停在 {dest}（已有船，或以你的點數和金幣到不了）。",
    "ame.err.no_posts": "你已經沒有交易站了。",
    "ame.err.no_anchor": "你沒有船停在空交易站格 {cell} 旁的錨點。",
    "ame.err.no_anchor_options": "你沒有船停在空交易站格 {cell} 旁的錨點（可以：{options}）。",
    "ame.err.sailing": "航行中：`ship 1 C7`、`post C8`、`use sail8` 或 `done`。",
    "ame.err.planning": "計畫中：`n i3`（中立景觀板塊）、`v l3`（村莊板塊）或 `done`。",
    "ame.err.neutral_limit": "這個階段你已拿取可拿的中立景觀板塊；請拿村莊板塊（`v 1`）或 `done`。",
    "ame.err.no_neutral": "{shape} 中立景觀板塊已經沒有了。",
    "ame.err.no_village": "{shape} 村莊板塊已經沒有了（剩下：{left}）。",
    "ame.err.building": "建造中：`n i3 C5 C6 C7`、`v 1 D4` 或 `done`。",
    "ame.err.not_planned": "你沒有已計畫的{kind} {shape}（你有：{have}）。",
    "ame.err.covers": "{shape} 要蓋住 {n} 個不同的格子。",
    "ame.err.placement": "{shape} 不能放在 {cells}：必須依板塊形狀蓋住你有交易站的某座島上的空地，"
                         "並且接觸你的交易站或已放置的板塊。",
    "ame.err.producing": "生產中：`buy cotton3` 或 `done`。",
    "ame.err.not_displayed": "{tile} 不在展示區（展示中：{shown}）。",
    "ame.what.tile": "{kind}板塊 {shape}",
    "ame.ev.complete": "{who} 完成了這座島（+{vp}）。",
    "ame.ev.complete_chest": "{who} 完成了這座島（+{vp}），並拿走寶箱。",
    "ame.ev.post_score": "{who} 以 {n} 個交易站計分：{table} x {tv} = {vp} 分。",
    "ame.ev.post": "{who} 在 {cell} 建立交易站{first}{coin}。",
    "ame.ev.post_first": "（島上第一個：+{vp} 分）",
    "ame.ev.post_coin": " +1 金幣",
    "ame.ev.build": "{who} 在 {cells} 建造{kind}板塊 {shape}：+{vp} 分{paid}。",
    "ame.ev.build_goods": "{who} 在 {cells} 建造{kind}板塊 {shape}：+{vp} 分，拿取 {goods}{paid}。",
    "ame.ev.no_cubes": "第 {round} 回合{colour}階段：沒有{colour}方塊可倒入，跳過。",
    "ame.ev.setup_pour": "開局把 49 個方塊倒進骰塔：掉出 {fell} 個，{stayed} 個留在塔裡。",
    "ame.ev.none_fell": "第 {round} 回合{colour}階段：倒入 {poured} 個方塊，沒有方塊掉出，跳過。",
    "ame.ev.fell": "第 {round} 回合{colour}階段：倒入 {poured} 個方塊，掉出 {fell}，得到 {ap} 點行動點數。",
    "ame.ev.repel": "{who} 擊退了海盜（{strength}）。",
    "ame.ev.repel_coins": "{who} 擊退了海盜（{strength}），並拿取 2 金幣。",
    "ame.ev.lose": "{who} 無法擊退海盜（{strength}）：-{loss} 分。",
    "ame.ev.lose_floor": "{who} 無法擊退海盜（{strength}）：-{loss} 分（分數最低為 0，-{lost}）。",
    "ame.ev.over": "遊戲結束。",
    "ame.ev.round": "第 {round} 回合開始：翻開海盜 {pirate}，補充新的發展板塊與生產板塊，時間標記 {time}。",
    "ame.ev.start.sail": "{who} 以 {n} 點移動船隻。",
    "ame.ev.start.plan": "{who} 以 {n} 點計畫。",
    "ame.ev.start.build": "{who} 以 {n} 點建造。",
    "ame.ev.start.produce": "{who} 以 {n} 點生產。",
    "ame.ev.track.cannon": "{who} 砲彈軌 +{n}（現在 {now}{paid}）。",
    "ame.ev.track.develop": "{who} 發展軌 +{n}（現在 {now}{paid}）。",
    "ame.ev.track.order": "{who} 特殊行動軌 +{n}（現在 {now}{paid}）。",
    "ame.ev.track_full.cannon": "{who} 砲彈軌 +{n}（現在 {now}{paid}）；軌道已滿，+{gain}。",
    "ame.ev.track_full.develop": "{who} 發展軌 +{n}（現在 {now}{paid}）；軌道已滿，+{gain}。",
    "ame.ev.track_full.order": "{who} 特殊行動軌 +{n}（現在 {now}{paid}）；軌道已滿，+{gain}。",
    "ame.coins": "{n} 金幣",
    "ame.ev.may_take": "{who} 可以拿取 {n} 個發展板塊。",
    "ame.ev.take_dev": "{who} 拿取發展板塊：{desc}。",
    "ame.ev.jump": "{who} 使用「跳到第一順位」板塊：跳到特殊行動軌上 {leader} 的上方。",
    "ame.ev.chest": "{who} 打開寶箱：+{n} 金幣{vp}。",
    "ame.ev.use_coins": "{who} 使用一次性金幣板塊：+{n} 金幣{vp}。",
    "ame.ev.end_action.sail": "{who} 結束移動船隻行動。",
    "ame.ev.end_action.plan": "{who} 結束計畫行動。",
    "ame.ev.end_action.build": "{who} 結束建造行動。",
    "ame.ev.end_action.produce": "{who} 結束生產行動。",
    "ame.ev.end_action.develop": "{who} 結束發展行動。",
    "ame.ev.coins": "{who} 拿取 {n} 金幣{vp}。",
    "ame.ev.vp_tile": "{who} 使用一次性分數板塊：依顯示的方塊 +{n} 分。",
    "ame.ev.sail8": "{who} 使用「移動船隻 +8」板塊：+8 點。",
    "ame.ev.place": "{who} 把船 {i} 放到 {space}。",
    "ame.ev.sail": "{who} 把船 {i} 航行到 {dest}（{n} 步{paid}）。",
    "ame.ev.plan": "{who} 計畫一個{kind}板塊 {shape}{paid}。",
    "ame.ev.buy": "{who} 購買生產板塊：{tile}{paid}。",
}

#: the final score's categories and tie-break (``Result.breakdown`` keys, ``Result.tiebreak``) in
#: zh-TW, by the English label: worded by ``renderers.score_words`` for the chart, the boards and
#: the end-of-game lines (``SCORE_EN``: where the English reads better than the label)
SCORE_ZH = {
    "coins": "金幣", "during game": "遊戲中得分", "end tiles": "終局發展板塊", "goods": "貨物",
    "progress track": "發展軌", "special track": "特殊行動軌",
    "furthest ahead on the special track (top of a stack first)": "特殊行動軌上最前面者勝（同格時疊在上面者優先）",
}
SCORE_EN = {"during game": "during the game"}

register("en", EN)
register("zh-TW", ZH)
