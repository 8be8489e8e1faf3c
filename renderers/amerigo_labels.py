"""Words on the Amerigo board, English and Traditional Chinese.

Chinese terms follow the Taiwanese rules write-up the project seeds from
(島嶼板塊, 中立景觀板塊, 村莊板塊, 交易站, 藏寶箱, 骰塔, 行動圈, 特殊行動軌 ...).
Colours and goods reuse the engine's keys (``ame.colour.*``, ``ame.good.*``).
"""

from __future__ import annotations

from games.core.messages import Msg, register, render

EN = {
    "ame.board.game": "Amerigo",
    "ame.board.phase": "{colour} phase {i}/7",
    "ame.board.time": "time {n}",
    "ame.board.setup": "set-up",
    # who is up and what is asked
    "ame.board.ask.choose": "{name}: an action ({ap} points) or {coins} coins",
    "ame.board.ask.picks": {"one": "{name}: take {n} development tile", "other": "{name}: take {n} development tiles"},
    "ame.board.ask.sail": "{name}: sailing, {ships}",
    # each ship in a sailing action: its steps left, or staying by the post it just built
    "ame.board.ask.ship_left": {"one": "ship {i} has 1 step left", "other": "ship {i} has {n} steps left"},
    "ame.board.ask.ship_stays": "ship {i} stays by its new post",
    "ame.board.ask.points": {"one": "{name}: {action}, {n} point left", "other": "{name}: {action}, {n} points left"},
    # actions (the colour each cube stands for)
    "ame.board.act.sail": "Sail", "ame.board.act.cannon": "Cannons", "ame.board.act.plan": "Plan",
    "ame.board.act.develop": "Develop", "ame.board.act.build": "Build", "ame.board.act.produce": "Produce",
    "ame.board.act.order": "Special action",
    # map
    "ame.board.islands": "Islands",
    "ame.board.lg.sea": "sea", "ame.board.lg.land": "land", "ame.board.lg.anchor": "anchor",
    "ame.board.lg.post_square": "free trading-post square", "ame.board.lg.post": "trading post",
    "ame.board.lg.village": "village tile", "ame.board.lg.neutral": "neutral landscape tile",
    "ame.board.lg.chest": "treasure chest (3 coins)", "ame.board.lg.done": "island complete",
    "ame.board.lg.ship": "ship 1 / 2", "ame.board.lg.last": "last move", "ame.board.lg.frame": "frame space (type {name})",
    "ame.board.lg.goods": "Goods:",
    # action circle and tower
    "ame.board.circle": "Action circle and cube tower",
    "ame.board.tower": "tower",
    "ame.board.in_tower": "{n} inside",
    "ame.board.stock": "waiting",
    "ame.board.poured": "Last pour ({colour}): {n} in, {out} out",
    "ame.board.offer": "On offer: {ap} action points · {cubes} cubes = {coins} coins",
    "ame.board.skipped": "Nothing fell out: phase skipped",
    "ame.board.no_offer": "No cubes on offer",
    "ame.board.pirates": "Pirates {shown} = {total}",
    "ame.board.hidden": {"one": "{n} face down", "other": "{n} face down"},
    # tracks and displays
    "ame.board.special": "Special action track",
    "ame.board.order": "Turn order",
    "ame.board.start": "start",
    "ame.board.devs": "Development tiles (deck {n})",
    "ame.board.dev_new": "new: stays 2 rounds",
    "ame.board.dev_old": "leaves after this round",
    "ame.board.kind.perm": "∞ whole game", "ame.board.kind.once": "1x once", "ame.board.kind.end": "E at the end",
    "ame.board.production": "Production tiles",
    "ame.board.prod_note": "number = points to buy",
    "ame.board.prod_stacks": "stacks {stacks}",
    "ame.board.neutral_left": "Neutral tiles left",
    "ame.board.empty": "empty",
    # players
    "ame.board.vp": "{n} VP",
    "ame.board.coins": "coins {n}",
    "ame.board.cannons": "cannons {n}/12",
    "ame.board.progress": "progress {n}/12 ({vp} VP)",
    "ame.board.special_at": "special {n}/15 ({vp} VP)",
    "ame.board.chests": "chests {n}",
    "ame.board.posts_left": "posts left {n}",
    "ame.board.goods": "Goods",
    "ame.board.goods_vp": "= {n} VP",
    "ame.board.goods_line": {"one": "1 good ({vp} VP)", "other": "{n} goods ({vp} VP)"},
    "ame.board.planned": "Planned",
    "ame.board.villages": "Villages",
    "ame.board.tiles": "Tiles",
    "ame.board.none": "none",
    "ame.board.to_move": "to move",
    "ame.board.ranking": "Final ranking",
    "ame.board.rank": "{rank}. {name} {vp} VP",
    "ame.board.part.during_game": "during the game", "ame.board.part.coins": "coins",
    "ame.board.part.goods": "goods", "ame.board.part.progress_track": "progress",
    "ame.board.part.end_tiles": "end tiles", "ame.board.part.special_track": "special",
    # development tiles: short names (the long effect is ame.dev.*)
    "ame.board.dev.blueplus2": "Sail +2", "ame.board.dev.blackplus2": "Cannons +2",
    "ame.board.dev.redplus2": "Plan +2", "ame.board.dev.brownplus2": "Develop +2",
    "ame.board.dev.greenplus2": "Build +2", "ame.board.dev.yellowplus2": "Produce +2",
    "ame.board.dev.blue-redplus1": "Sail or plan +1", "ame.board.dev.brown-greenplus1": "Develop or build +1",
    "ame.board.dev.black-yellowplus1": "Cannons or produce +1", "ame.board.dev.sail8": "Sail +8",
    "ame.board.dev.piratesplus2": "Pirates +2", "ame.board.dev.halfloss": "Half pirate loss",
    "ame.board.dev.repel2": "Repel: +2 coins", "ame.board.dev.plan2": "Plan 2 neutral tiles",
    "ame.board.dev.redgreen": "Red and green swap", "ame.board.dev.first": "Jump to first",
    "ame.board.dev.coins3": "3 coins", "ame.board.dev.coins5": "5 coins",
    "ame.board.dev.postcoin": "Coin per new post", "ame.board.dev.halfcoins": "Coins = cubes ÷ 2",
    "ame.board.dev.vp": "VP = cubes shown", "ame.board.dev.e-posts": "1 VP per post",
    "ame.board.dev.e-7": "7 VP", "ame.board.dev.e-coins": "VP = your coins",
}

ZH_TW = {
    "ame.board.game": "亞美利哥",
    "ame.board.phase": "{colour}階段 {i}/7",
    "ame.board.time": "時間 {n}",
    "ame.board.setup": "遊戲準備",
    "ame.board.ask.choose": "{name}：選擇行動（{ap} 點）或拿 {coins} 金幣",
    "ame.board.ask.picks": "{name}：拿取 {n} 個發展板塊",
    "ame.board.ask.sail": "{name}：移動船隻中，{ships}",
    "ame.board.ask.ship_left": "{i} 號船還有 {n} 步",
    "ame.board.ask.ship_stays": "{i} 號船停在新交易站旁",  # the board's word for a post (交易站)
    "ame.board.ask.points": "{name}：{action}，還有 {n} 點",
    "ame.board.act.sail": "移動船隻", "ame.board.act.cannon": "裝填砲彈", "ame.board.act.plan": "計畫",
    "ame.board.act.develop": "發展", "ame.board.act.build": "建造", "ame.board.act.produce": "生產",
    "ame.board.act.order": "特殊行動",
    "ame.board.islands": "島嶼",
    "ame.board.lg.sea": "海域", "ame.board.lg.land": "陸地", "ame.board.lg.anchor": "錨",
    "ame.board.lg.post_square": "交易站空位", "ame.board.lg.post": "交易站",
    "ame.board.lg.village": "村莊板塊", "ame.board.lg.neutral": "中立景觀板塊",
    "ame.board.lg.chest": "藏寶箱（3 金幣）", "ame.board.lg.done": "島嶼已完成",
    "ame.board.lg.ship": "1 號 / 2 號船", "ame.board.lg.last": "上一步", "ame.board.lg.frame": "外框格（輸入 {name}）",
    "ame.board.lg.goods": "貨物：",
    "ame.board.circle": "行動圈與骰塔",
    "ame.board.tower": "骰塔",
    "ame.board.in_tower": "塔內 {n} 個",
    "ame.board.stock": "存放區",
    "ame.board.poured": "上次倒入（{colour}）：倒入 {n} 個，掉出 {out} 個",
    "ame.board.offer": "本階段：{ap} 行動點 · {cubes} 個方塊 = {coins} 金幣",
    "ame.board.skipped": "沒有方塊掉出：跳過此階段",
    "ame.board.no_offer": "中央行動區沒有方塊",
    "ame.board.pirates": "海盜 {shown} = {total}",
    "ame.board.hidden": "{n} 個未翻開",
    "ame.board.special": "特殊行動軌",
    "ame.board.order": "順位",
    "ame.board.start": "起點",
    "ame.board.devs": "發展板塊（牌堆 {n}）",
    "ame.board.dev_new": "新翻開：留 2 回合",
    "ame.board.dev_old": "本回合結束後移除",
    "ame.board.kind.perm": "∞ 持續到遊戲結束", "ame.board.kind.once": "1x 一次性", "ame.board.kind.end": "E 遊戲結束時",
    "ame.board.production": "生產板塊",
    "ame.board.prod_note": "數字 = 購買所需點數",
    "ame.board.prod_stacks": "牌堆 {stacks}",
    "ame.board.neutral_left": "剩餘中立景觀板塊",
    "ame.board.empty": "空",
    "ame.board.vp": "{n} 分",
    "ame.board.coins": "金幣 {n}",
    "ame.board.cannons": "砲彈 {n}/12",
    "ame.board.progress": "發展軌 {n}/12（{vp} 分）",
    "ame.board.special_at": "特殊行動軌 {n}/15（{vp} 分）",
    "ame.board.chests": "藏寶箱 {n}",
    "ame.board.posts_left": "剩餘交易站 {n}",
    "ame.board.goods": "貨物",
    "ame.board.goods_vp": "= {n} 分",
    "ame.board.goods_line": "貨物 {n} 個（{vp} 分）",
    "ame.board.planned": "已計畫",
    "ame.board.villages": "村莊板塊",
    "ame.board.tiles": "發展板塊",
    "ame.board.none": "無",
    "ame.board.to_move": "行動中",
    "ame.board.ranking": "最終排名",
    "ame.board.rank": "第 {rank} 名 {name} {vp} 分",
    "ame.board.part.during_game": "遊戲中", "ame.board.part.coins": "金幣",
    "ame.board.part.goods": "貨物", "ame.board.part.progress_track": "發展軌",
    "ame.board.part.end_tiles": "E 板塊", "ame.board.part.special_track": "特殊行動軌",
    "ame.board.dev.blueplus2": "移動船隻 +2", "ame.board.dev.blackplus2": "裝填砲彈 +2",
    "ame.board.dev.redplus2": "計畫 +2", "ame.board.dev.brownplus2": "發展 +2",
    "ame.board.dev.greenplus2": "建造 +2", "ame.board.dev.yellowplus2": "生產 +2",
    "ame.board.dev.blue-redplus1": "移動船隻或計畫 +1", "ame.board.dev.brown-greenplus1": "發展或建造 +1",
    "ame.board.dev.black-yellowplus1": "裝填砲彈或生產 +1", "ame.board.dev.sail8": "移動船隻 +8",
    "ame.board.dev.piratesplus2": "海盜 +2", "ame.board.dev.halfloss": "海盜損失減半",
    "ame.board.dev.repel2": "擊退海盜 +2 金幣", "ame.board.dev.plan2": "計畫 2 個中立景觀",
    "ame.board.dev.redgreen": "紅綠方塊互換", "ame.board.dev.first": "跳到第一順位",
    "ame.board.dev.coins3": "3 金幣", "ame.board.dev.coins5": "5 金幣",
    "ame.board.dev.postcoin": "新交易站 +1 金幣", "ame.board.dev.halfcoins": "金幣 = 方塊 ÷ 2",
    "ame.board.dev.vp": "分數 = 方塊數", "ame.board.dev.e-posts": "每個交易站 1 分",
    "ame.board.dev.e-7": "7 分", "ame.board.dev.e-coins": "分數 = 金幣數",
}
register("en", EN)
register("zh-TW", ZH_TW)


def word(key: str, locale: str | None = "en", **params) -> str:
    return render(Msg(key, params), locale)


def dev_key(d: str) -> str:
    """``blue+2`` -> ``blueplus2`` (keys hold no '+' or '/'), as the engine's ``ame.dev.*`` keys."""
    return d.replace("+", "plus").replace("/", "-")


def dev_name(d: str, locale: str | None = "en") -> str:
    return word("ame.board.dev." + dev_key(d), locale)


def dev_effect(d: str, locale: str | None = "en") -> str:
    return word("ame.dev." + dev_key(d), locale)
