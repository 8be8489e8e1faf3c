"""Board labels the shared renderer code draws, in every locale.

Keys live under ``board.``; ``label(key, locale, **params)`` words one.
Game-specific texts of the older full boards are still English in their
modules (to be keyed as they are touched).
"""

from __future__ import annotations

import games
from games.core.messages import Msg, normalize_locale, register, render

EN = {
    "board.round": "Round {n}",
    "board.round_of": "Round {n} of {total}",
    "board.last": "Last:",
    "board.game_start": "Game start",
    "board.up": "{name}: {asked}",
    "board.waiting": "Waiting for {names}",
    "board.game_over": "Game over",
    "board.wins": {"one": "{names} wins", "other": "{names} win"},
    "board.over_wins": {"one": "Game over: {names} wins", "other": "Game over: {names} win"},
    "board.in_brackets": " ({what})",
    "board.scores": "Scores",
    "board.full_board": "Full board: the button below, or /game board",
    "board.full_board.console": "Full board: type board",
    "board.designed": "◇ value not verified",
    "board.you": "{name}",
    "board.to_move": "to move",
    "board.nothing_changed": "(nothing on the board changed)",
    "board.final": "final {n}",
    "board.list": "{items}",
    "board.and": "{first} & {last}",
}
ZH_TW = {
    "board.round": "第 {n} 回合",
    "board.round_of": "第 {n} / {total} 回合",
    "board.last": "上一步：",
    "board.game_start": "遊戲開始",
    "board.up": "{name}：{asked}",
    "board.waiting": "等待 {names}",
    "board.game_over": "遊戲結束",
    "board.wins": "{names} 獲勝",
    "board.over_wins": "遊戲結束：{names} 獲勝",
    "board.in_brackets": "（{what}）",
    "board.scores": "分數",
    "board.full_board": "完整版圖：按下方按鈕，或用 /遊戲 圖板",
    "board.full_board.console": "完整版圖：輸入 board",
    "board.designed": "◇ 數值未經查證",
    "board.you": "{name}",
    "board.to_move": "行動中",
    "board.nothing_changed": "（版圖沒有變化）",
    "board.final": "終局 {n} 分",
    "board.list": "{items}",
    "board.and": "{first}與{last}",
}
# Bruges's full board
BRUGES_EN = {
    "bru.board.game": "Bruges",
    "bru.board.final_title": "{game} · final scores after round {n}",
    "bru.board.phase.draw": "draw cards",
    "bru.board.phase.roll": "dice",
    "bru.board.phase.reputation": "reputation step",
    "bru.board.phase.actions": "actions",
    "bru.board.phase.over": "game over",
    "bru.board.last_round": " (last round)",
    "bru.board.last_next": " (next round is the last)",
    "bru.board.more": " (+{n} more)",
    "bru.board.up.draw": {"one": "{who} draws", "other": "{who} draw"},
    "bru.board.up.roll": {"one": "{who} rolls", "other": "{who} roll"},
    "bru.board.up.reputation": {"one": "{who} decides on reputation", "other": "{who} decide on reputation"},
    "bru.board.up.actions": {"one": "{who} plays", "other": "{who} play"},
    "bru.board.up.other": "{who} to move",
    "bru.board.dice": "Dice",
    "bru.board.not_rolled": "not rolled yet",
    "bru.board.no_rep": "no 1 or 2: no reputation step",
    "bru.board.rep_cost": "reputation step costs {n}",
    "bru.board.corner": "(corner = threat for all)",
    "bru.board.cards": "Cards",
    "bru.board.reserve": "reserve",
    "bru.board.discard": "discard",
    "bru.board.statues": "Statues / threat supply",
    "bru.board.no_statues": "no statues left",
    "bru.board.supply_left": "markers left in the supply",
    "bru.board.rep_track": "Reputation track (VP at game end)",
    "bru.board.vp": "{n} VP",
    "bru.board.final_scores": "Final scores (tie-break: guilders)",
    "bru.board.winner": "WINNER",
    "bru.board.cat.total": "total",
    "bru.board.start_player": "[start player]",
    "bru.board.track_vp": "{n} VP on the track",
    "bru.board.hand": "hand {n}",
    "bru.board.plays_left": "plays left {n}",
    "bru.board.workers": "Workers",
    "bru.board.threats": "Threats",
    "bru.board.majorities": "Majorities",
    "bru.board.canal": "{side} canal",
    "bru.board.none": "none",
    "bru.board.statues_of": "Statues: {statues}",
    "bru.board.reputation": "Reputation: {n}",
    "bru.board.houses": "Houses ({n}) and persons",
    "bru.board.no_house": "no house yet",
    "bru.board.house": "house {n}",
    "bru.board.empty": "empty",
    "bru.board.used": "  (used)",
    "bru.board.timing.end": "LAUREL",
    "bru.board.timing.now": "ARROW",
    "bru.board.timing.always": "INFINITY",
    "bru.board.timing.worker": "WORKER",
    "bru.hand.title": "{game}: hand of {name}",
    "bru.hand.stats": "{money}   {vp} VP   reputation {rep}",
    "bru.hand.dice": "money use this round:",
    "bru.hand.play": "Play: 'play <card> workers|money|threat|canal|house|hire'",
    "bru.hand.threats": "your threats:",
    "bru.hand.decide": "Decide now: {moves}",
    "bru.hand.just_drawn": "just drawn",
    "bru.hand.empty": "Your hand is empty.",
    "bru.hand.published": "published",
    "bru.hand.timing.end": "laurel (game end)",
    "bru.hand.timing.now": "arrow (when hired)",
    "bru.hand.timing.always": "infinity (permanent)",
    "bru.hand.timing.worker": "worker (once a round)",
}
BRUGES_ZH_TW = {
    "bru.board.game": "布魯日",
    "bru.board.final_title": "{game} · 第 {n} 輪後的最終分數",
    "bru.board.phase.draw": "抽牌",
    "bru.board.phase.roll": "擲骰",
    "bru.board.phase.reputation": "推進聲望",
    "bru.board.phase.actions": "行動",
    "bru.board.phase.over": "遊戲結束",
    "bru.board.last_round": "（最後一輪）",
    "bru.board.last_next": "（下一輪是最後一輪）",
    "bru.board.more": "（另有 {n} 項）",
    "bru.board.up.draw": "{who} 抽牌",
    "bru.board.up.roll": "{who} 擲骰",
    "bru.board.up.reputation": "{who} 決定是否推進聲望",
    "bru.board.up.actions": "{who} 出牌",
    "bru.board.up.other": "{who} 行動中",
    "bru.board.dice": "骰子",
    "bru.board.not_rolled": "尚未擲骰",
    "bru.board.no_rep": "沒有 1 或 2：本輪不推進聲望",
    "bru.board.rep_cost": "推進聲望要花 {n} 元",
    "bru.board.corner": "（角標＝全體威脅）",
    "bru.board.cards": "卡牌",
    "bru.board.reserve": "備用牌",
    "bru.board.discard": "棄牌堆",
    "bru.board.statues": "雕像／威脅標記供應區",
    "bru.board.no_statues": "雕像已用完",
    "bru.board.supply_left": "供應區剩餘的標記",
    "bru.board.rep_track": "聲望軌（終局得分）",
    "bru.board.vp": "{n} 分",
    "bru.board.final_scores": "最終分數（平手比金錢）",
    "bru.board.winner": "勝者",
    "bru.board.cat.total": "總分",
    "bru.board.start_player": "［起始玩家］",
    "bru.board.track_vp": "分數軌 {n} 分",
    "bru.board.hand": "手牌 {n}",
    "bru.board.plays_left": "還可出牌 {n}",
    "bru.board.workers": "工人",
    "bru.board.threats": "威脅",
    "bru.board.majorities": "多數",
    "bru.board.canal": "{side}運河",
    "bru.board.none": "無",
    "bru.board.statues_of": "雕像：{statues}",
    "bru.board.reputation": "聲望：{n}",
    "bru.board.houses": "房屋（{n}）與人物",
    "bru.board.no_house": "還沒有房屋",
    "bru.board.house": "房屋 {n}",
    "bru.board.empty": "空屋",
    "bru.board.used": "（已使用）",
    "bru.board.timing.end": "桂冠",
    "bru.board.timing.now": "箭頭",
    "bru.board.timing.always": "無限",
    "bru.board.timing.worker": "工人",
    "bru.hand.title": "{game}：{name} 的手牌",
    "bru.hand.stats": "{money}　{vp} 分　聲望 {rep}",
    "bru.hand.dice": "本輪拿錢（骰子點數）：",
    "bru.hand.play": "出牌：play <卡片> workers|money|threat|canal|house|hire",
    "bru.hand.threats": "你的威脅：",
    "bru.hand.decide": "現在決定：{moves}",
    "bru.hand.just_drawn": "剛抽到",
    "bru.hand.empty": "你沒有手牌。",
    "bru.hand.published": "官方數值",
    "bru.hand.timing.end": "桂冠（遊戲結束時）",
    "bru.hand.timing.now": "箭頭（僱用時）",
    "bru.hand.timing.always": "無限（永久）",
    "bru.hand.timing.worker": "工人（每輪一次）",
}

# West of Africa's full board
WOA_EN = {
    "woa.board.game": "West of Africa",
    "woa.board.start": "Game start: everyone chooses cards in secret.",
    "woa.board.last_round": " (last round)",
    "woa.board.phase.choose": "choosing cards",
    "woa.board.phase.actions": "actions",
    "woa.board.phase.over": "game over",
    "woa.board.tie_coins": " (tie broken on coins)",
    "woa.board.up.harbour": "{name}: ship pushed, choose its harbour",
    "woa.board.up.act": "{name} to act",
    "woa.board.up.place": "{name}: place your ship on an empty berth",
    "woa.board.steps_left": " · {n} worker steps left",
    "woa.board.settle_count": "this round {n} · supply {supply}",
    "woa.board.west": "West",
    "woa.board.east": "East",
    "woa.board.port": "Port",
    "woa.board.workers": "Workers",
    "woa.board.store": "Store ${price}",
    "woa.board.settlements": "Settlements",
    "woa.board.house_space": "house space, cost",
    "woa.board.dual_use": "dual use",
    "woa.board.mayor_store": "M mayor · Store $ = sale price per crop",
    "woa.board.designed": "{designed}: plots, card numbers",
    "woa.board.coins": "Coins",
    "woa.board.points": "Points",
    "woa.board.order": "Order",
    "woa.board.mayors": "Mayors",
    "woa.board.also": "Also changed: {islands}",
    "woa.board.coins_note": "richest first; ties: who got there first",
    "woa.board.points_note": "{n} ends the game",
    "woa.board.order_note": "card totals, lowest first",
    "woa.board.seating": "seating (no round played yet)",
    "woa.board.order_of": "order of round {n}",
    "woa.board.col.player": "Player",
    "woa.board.col.coins": "Coins",
    "woa.board.col.pts": "Pts",
    "woa.board.col.minus": "-4",
    "woa.board.col.cards": "Cards",
    "woa.board.col.free": "Free crops",
    "woa.board.col.mayor_of": "Mayor of",
    "woa.board.hidden_total": "total {n}, cards hidden until their turn",
    "woa.board.ready": "ready",
    "woa.board.choosing": "choosing...",
    "woa.board.your_cards": "{name}: your cards (private)",
    "woa.board.choice": "Your choice: {cards} = {total}",
    "woa.board.fifth": " · the 5th card costs {cost} coins at the reveal",
    "woa.board.no_choice": "No choice yet: choose 1-5 cards (the 5th costs {cost} coins).",
    "woa.board.crop_letter.sugar": "S",
    "woa.board.crop_letter.wine": "W",
    "woa.board.crop_letter.grain": "G",
    "woa.board.card.hierro": "Hierro",
    "woa.board.card.palma": "Palma",
    "woa.board.card.gomera": "Gomera",
    "woa.board.card.tenerife": "Tenerife",
    "woa.board.card.canaria": "Canaria",
    "woa.board.card.fuerteventura": "Fuerte",
    "woa.board.card.lanzarote": "Lanzarote",
    "woa.board.card.workers": "Workers",
    "woa.board.card.ship": "Ship",
    "woa.board.card.farm": "Farm",
    "woa.board.card.sell": "Sell",
    "woa.board.card.build": "Build",
    "woa.board.card.minus": "Minus",
}
WOA_ZH_TW = {
    "woa.board.game": "七島",
    "woa.board.start": "遊戲開始：所有人祕密選牌。",
    "woa.board.last_round": "（最後一輪）",
    "woa.board.phase.choose": "選牌",
    "woa.board.phase.actions": "行動",
    "woa.board.phase.over": "遊戲結束",
    "woa.board.tie_coins": "（平手以金錢決勝）",
    "woa.board.up.harbour": "{name}：船被擠開，選擇它要去的港口",
    "woa.board.up.act": "{name} 行動",
    "woa.board.up.place": "{name}：把船放到一個空的停泊處",
    "woa.board.steps_left": " · 還剩 {n} 步工人移動",
    "woa.board.settle_count": "本輪 {n} · 供應區 {supply}",
    "woa.board.west": "西",
    "woa.board.east": "東",
    "woa.board.port": "港口",
    "woa.board.workers": "工人",
    "woa.board.store": "商店 ${price}",
    "woa.board.settlements": "定居小屋",
    "woa.board.house_space": "小屋空地，費用",
    "woa.board.dual_use": "兩用地",
    "woa.board.mayor_store": "M 市長 · 商店 $ = 每個作物的售價",
    "woa.board.designed": "{designed}：田地、卡牌數字",
    "woa.board.coins": "金錢",
    "woa.board.points": "分數",
    "woa.board.order": "順序",
    "woa.board.mayors": "市長",
    "woa.board.also": "另有變動：{islands}",
    "woa.board.coins_note": "最有錢的在前；平手時先到者在前",
    "woa.board.points_note": "達到 {n} 分遊戲結束",
    "woa.board.order_note": "卡牌總和，小的先",
    "woa.board.seating": "座位順序（還沒進行任何一輪）",
    "woa.board.order_of": "第 {n} 輪的順序",
    "woa.board.col.player": "玩家",
    "woa.board.col.coins": "金錢",
    "woa.board.col.pts": "分數",
    "woa.board.col.minus": "-4",
    "woa.board.col.cards": "卡牌",
    "woa.board.col.free": "自有作物",
    "woa.board.col.mayor_of": "市長",
    "woa.board.hidden_total": "總和 {n}，輪到時才翻開",
    "woa.board.ready": "已選好",
    "woa.board.choosing": "選牌中…",
    "woa.board.your_cards": "{name}：你的手牌（私密）",
    "woa.board.choice": "你選的牌：{cards} = {total}",
    "woa.board.fifth": " · 第 5 張牌在翻開時要付 {cost} 金錢",
    "woa.board.no_choice": "還沒選牌：選 1 到 5 張（第 5 張要付 {cost} 金錢）。",
    "woa.board.crop_letter.sugar": "糖",
    "woa.board.crop_letter.wine": "酒",
    "woa.board.crop_letter.grain": "穀",
    "woa.board.card.hierro": "耶羅",
    "woa.board.card.palma": "拉帕爾馬",
    "woa.board.card.gomera": "拉戈梅拉",
    "woa.board.card.tenerife": "特內里費",
    "woa.board.card.canaria": "大加那利",
    "woa.board.card.fuerteventura": "富埃特",
    "woa.board.card.lanzarote": "蘭薩羅特",
    "woa.board.card.workers": "工人",
    "woa.board.card.ship": "船",
    "woa.board.card.farm": "耕種",
    "woa.board.card.sell": "出售",
    "woa.board.card.build": "建造",
    "woa.board.card.minus": "-4",
}

# the turn image
TURN_EN = {
    "turn.to_move": "{name} to move",
    "turn.vp": "{n} VP",
    "turn.pts": "{n} pts",
    "turn.woa.coins": "coins {n}",
    "turn.woa.crops": "free crops {crops}",
    "turn.woa.minus": "−4 cards {n}",
    "turn.woa.mayor": "mayor of {islands}",
    "turn.bru.rep": "reputation {n}",
    "turn.tm.power": "power {bowls}",
    "turn.tm.bonus": "bonus {bonus} {text}",
    "turn.bru.workers": {"one": "{n} {colour} worker", "other": "{n} {colour} workers"},
    "turn.bru.no_workers": "no workers",
}
TURN_ZH_TW = {
    "turn.to_move": "輪到 {name}",
    "turn.vp": "{n} 分",
    "turn.pts": "{n} 分",
    "turn.woa.coins": "金錢 {n}",
    "turn.woa.crops": "自有作物 {crops}",
    "turn.woa.minus": "−4 卡 {n}",
    "turn.woa.mayor": "{islands}的市長",
    "turn.bru.rep": "聲望 {n}",
    "turn.tm.power": "魔力 {bowls}",
    "turn.tm.bonus": "獎勵卡 {bonus} {text}",
    "turn.bru.workers": "{n} 個{colour}工人",
    "turn.bru.no_workers": "沒有工人",
}

# Terra Mystica's full board
TM_EN = {
    "tm.board.final_title": "{game}: final scores",
    "tm.board.win": "{names} win",
    "tm.board.phase.factions": "choosing factions",
    "tm.board.phase.dwellings": "starting dwellings",
    "tm.board.phase.bonus": "first bonus cards",
    "tm.board.spades": ", cult bonus spades",
    "tm.board.turn": ", turn {n}",
    "tm.board.up": "Up: {who}",
    "tm.board.offer": "power offer: {who}",
    "tm.board.order": "Turn order:",
    "tm.board.terrain_key": "Terrains:",
    "tm.board.cults_title": "Cult tracks",
    "tm.board.cult.fire": "Fire",
    "tm.board.cult.water": "Water",
    "tm.board.cult.earth": "Earth",
    "tm.board.cult.air": "Air",
    "tm.board.priests": "Priests",
    "tm.board.cult_note": "Space 10 needs a town key.  +N: power for reaching it.",
    "tm.board.actions_title": "Power actions (crossed = used this round)",
    "tm.board.scoring_title": "Round scoring (cult bonus at round end)",
    "tm.board.no_cult_bonus": "(no cult bonus)",
    "tm.board.final_tile": "Final: {tile}",
    "tm.board.now": "NOW",
    # a final score row, cut around the player's name (it may be clipped): "1. Witches (Ann): 72 VP"
    "tm.board.result_head": "{rank}. {faction} (",
    "tm.board.result_tail": "): {score}",
    "tm.board.bonus_title": "Bonus cards left (coins on them)",
    "tm.board.none": "none",
    "tm.board.tiles_title": "Favour and town tiles left (how many)",
    "tm.board.offer_tag": "OFFER",
    "tm.board.passed": "PASSED",
    "tm.board.up_tag": "UP",
    "tm.board.choosing": "choosing a faction now",
    "tm.board.no_faction": "no faction yet",
    "tm.board.tunnel": "Tunnel",
    "tm.board.carpet": "Carpet {n}",
    "tm.board.ship": "Ship {n}",
    "tm.board.dig": "Dig {n}",
    "tm.board.keys": "Keys {n}",
    "tm.board.bridges": "Bridges {n}",
    "tm.board.cults": "Cults",
    "tm.board.left": "Left:",
    "tm.board.picked": "Colour:",
    "tm.board.unlocked": "Unlocked:",
    "tm.board.tiles_line": "Bonus {bonus}   Favours {favours}   Towns {towns}",
    "tm.board.final_scores": "Final scores",
}
TM_ZH_TW = {
    "tm.board.final_title": "{game}：最終分數",
    "tm.board.win": "{names} 獲勝",
    "tm.board.phase.factions": "選擇種族",
    "tm.board.phase.dwellings": "放置起始住宅",
    "tm.board.phase.bonus": "選擇第一張獎勵卡",
    "tm.board.spades": "，信仰獎勵鏟子",
    "tm.board.turn": "，第 {n} 輪行動",
    "tm.board.up": "輪到：{who}",
    "tm.board.offer": "魔力吸取：{who}",
    "tm.board.order": "行動順序：",
    "tm.board.terrain_key": "地形：",
    "tm.board.cults_title": "元素信仰軌",
    "tm.board.cult.fire": "火",
    "tm.board.cult.water": "水",
    "tm.board.cult.earth": "土",
    "tm.board.cult.air": "風",
    "tm.board.priests": "祭司",
    "tm.board.cult_note": "第 10 格需要一把城鎮鑰匙。+N：到達時獲得的魔力。",
    "tm.board.actions_title": "魔力行動（打叉＝本回合已使用）",
    "tm.board.scoring_title": "回合計分（回合結束時的信仰獎勵）",
    "tm.board.no_cult_bonus": "（沒有信仰獎勵）",
    "tm.board.final_tile": "終局：{tile}",
    "tm.board.now": "本回合",
    "tm.board.result_head": "{rank}. {faction}（",
    "tm.board.result_tail": "）：{score}",
    "tm.board.bonus_title": "剩下的獎勵卡（上面的錢）",
    "tm.board.none": "無",
    "tm.board.tiles_title": "剩下的宗教獎勵板塊與城鎮板塊（數量）",
    "tm.board.offer_tag": "魔力吸取",
    "tm.board.passed": "已跳過",
    "tm.board.up_tag": "行動中",
    "tm.board.choosing": "正在選擇種族",
    "tm.board.no_faction": "還沒有種族",
    "tm.board.tunnel": "地道",
    "tm.board.carpet": "飛毯 {n}",
    "tm.board.ship": "航行 {n}",
    "tm.board.dig": "鏟子等級 {n}",
    "tm.board.keys": "鑰匙 {n}",
    "tm.board.bridges": "橋 {n}",
    "tm.board.cults": "信仰",
    "tm.board.left": "剩餘：",
    "tm.board.picked": "選定顏色：",
    "tm.board.unlocked": "已解鎖：",
    "tm.board.tiles_line": "獎勵卡 {bonus}   宗教獎勵 {favours}   城鎮 {towns}",
    "tm.board.final_scores": "最終分數",
}

# the end-of-game summary chart
SUMMARY_EN = {
    "board.final_scores": "Final scores",
    "summary.title": "{game}: final scores",
    "summary.scores": "Scores:",
    "summary.tiebreak": "Ties broken by: {tiebreak}",
}
SUMMARY_ZH_TW = {
    "board.final_scores": "最終分數",
    "summary.title": "{game}：最終分數",
    "summary.scores": "分數：",
    "summary.tiebreak": "平手時比：{tiebreak}",
}

EN.update(BRUGES_EN)
EN.update(SUMMARY_EN)
EN.update(TM_EN)
EN.update(TURN_EN)
EN.update(WOA_EN)
ZH_TW.update(BRUGES_ZH_TW)
ZH_TW.update(SUMMARY_ZH_TW)
ZH_TW.update(TM_ZH_TW)
ZH_TW.update(TURN_ZH_TW)
ZH_TW.update(WOA_ZH_TW)
register("en", EN)
register("zh-TW", ZH_TW)


def label(key: str, locale: str | None = "en", **params) -> str:
    return render(Msg(key, params), locale)


def game_name(game_id: str, locale: str | None = "en") -> str:
    """The game's name on a board: its engine's ``Game.names[locale]`` or ``Game.name`` (no table of
    names here: a new game brings its own); the id itself for an unknown game."""
    try:
        engine = games.get(game_id)
    except KeyError:
        return game_id
    return engine.names.get(normalize_locale(locale)) or engine.name


def listing(items, locale: str | None = "en") -> str:
    """Items one after another the locale's way ("a, b" in English, "a、b" in zh-TW)."""
    return label("board.list", locale, items=[str(i) for i in items])


def together(names, locale: str | None = "en") -> str:
    """Tied winners named together ("Ann & Bo", "Ann, Bo & Cy"; zh-TW "小明與小華", "甲、乙與丙")."""
    names = [str(n) for n in names]
    if len(names) < 2:
        return "".join(names)
    return label("board.and", locale, first=listing(names[:-1], locale), last=names[-1])


def round_label(game_id: str, n: int, locale: str | None = "en") -> str:
    """"Round 3" in the word the game's rule write-up (and its engine's events) use for a round:
    its ``ROUND`` (locale -> template) beside its events in ``games/<game>/messages.py`` where it
    has its own (輪: Bruges, West of Africa, Altiplano), else ``board.round`` (回合)."""
    own = getattr(games.part(game_id, "messages"), "ROUND", None)
    loc = normalize_locale(locale)
    return own[loc].format(n=n) if own and loc in own else label("board.round", locale, n=n)


def last_lines(view: dict, locale: str | None = "en") -> list[str]:
    """The view's last move and its consequences, worded in ``locale`` where the view keeps
    their messages (``last_msgs``), else its English lines. Seats stay ``{p0}``..."""
    texts = [str(t) for t in view.get("last") or []]
    msgs = view.get("last_msgs") or []
    if not locale or locale == "en" or not msgs:
        return texts
    return [render(Msg.from_json(msgs[i]), locale) if i < len(msgs) and msgs[i] else t for i, t in enumerate(texts)]
