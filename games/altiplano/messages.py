"""Altiplano's sentences (drafting, missions, secret planning, rounds and the
move notation): refusals and announcements, English and zh-TW.

Goods and locations are keys too (``good("fish")``), so a Chinese sentence
keeps no English but notation (space and card ids) and player names.
The action phase's texts (``actions.py``) are not keyed yet.
"""

from __future__ import annotations

from games.core.messages import Msg, msg, register

from .data import GOODS, LOCATIONS


def seat(s: int) -> str:
    return f"{{p{s}}}"


def good(g: str) -> Msg | str:
    return msg(f"alt.good.{g}") if g in GOODS else g


def goods(items) -> list | Msg:
    """Tiles in the order given, each a key ('nothing' when there are none)."""
    return [good(g) for g in items] or msg("core.nothing")


def space(s: str) -> Msg | str:
    """A planning space: a location (worded), 'move', 'role' or an extension id (notation)."""
    if s in LOCATIONS or s in ("move", "role"):
        return msg(f"alt.space.{s}")
    return s.upper()


def chain(items: list, key: str = "alt.then"):
    out = items[-1]
    for it in reversed(items[:-1]):
        out = msg(key, a=it, b=out)
    return out


EN = {
    "alt.good.food": "food", "alt.good.corn": "corn", "alt.good.wood": "wood", "alt.good.stone": "stone",
    "alt.good.fish": "fish", "alt.good.alpaca": "alpaca", "alt.good.ore": "ore", "alt.good.wool": "wool",
    "alt.good.cacao": "cacao", "alt.good.glass": "glass", "alt.good.cloth": "cloth", "alt.good.silver": "silver",
    "alt.space.farm": "farm", "alt.space.forest": "forest", "alt.space.mine": "mine", "alt.space.harbor": "harbor",
    "alt.space.village": "village", "alt.space.road": "road", "alt.space.market": "market",
    "alt.space.move": "move", "alt.space.role": "role",
    "alt.then": "{a} {b}",
    "alt.semi": "{a}; {b}",
    "alt.coins": {"one": "{n} coin", "other": "{n} coins"},
    "alt.from": "{good} from {space}",
    "alt.on": "{space}: {goods}",
    "alt.nothing_new": "nothing new",
    "alt.took_back": "{plan}; took back {back}",
    "alt.reason.ran_out": "{spaces} ran out",
    "alt.reason.strip": "the extension strip cannot be refilled",
    # drafting and missions
    "alt.err.pick_one": "Pick one of: {roles}.",
    "alt.ev.takes_role": "{who} takes the {role}.",
    "alt.err.kept": "You already kept a mission; now choose one of those passed to you.",
    "alt.err.two_cards": "Name two different cards of your hand: {hand}.",
    "alt.ev.kept": "{who} has kept a mission.",
    "alt.ev.you_keep": "You keep {keep} and pass {other}.",
    "alt.ev.missions_set": "Missions are set.",
    "alt.ev.missions_passed": "Missions were passed on: choose one of the two you got.",
    "alt.err.keep_first": "Keep one of your three missions first.",
    "alt.err.choose_one": "Choose one of: {cards}.",
    "alt.ev.chosen": "{who} has chosen a mission.",
    "alt.ev.you_choose": "You choose {card}.",
    "alt.ev.dealt": "Each player is dealt 3 mission cards.",
    # planning
    "alt.ev.planning": "{who} is planning.",
    "alt.err.no_coin_on": "There is no coin on {space}.",
    "alt.ev.coin_back": "You take 1 coin back from {space}.",
    "alt.err.nothing_to_take": "There is no {good} on {space} to take back.",
    "alt.err.spaces_full": "All your planning spaces are full.",
    "alt.ev.take_back_slot": "You take {good} back from {space} to a planning space.",
    "alt.ev.draw": "You draw {goods}.",
    "alt.err.no_swap": "You do not have the swap extension.",
    "alt.err.swapped": "You already swapped this round.",
    "alt.err.no_good_planned": "You have no {good} on a planning space.",
    "alt.err.crate_lacks": "Your crate holds no {good}.",
    "alt.ev.swap_bag": "You put {good} in the crate and draw {got}.",
    "alt.ev.swap": "You swap {good} for {take} from your crate.",
    "alt.err.no_good_spaces": "You have no {good} on your planning spaces.",
    "alt.ev.plan": "You plan {good} on {space}.",
    "alt.err.no_use": "No {space} action uses {good}; the {space} takes {takes}.",
    "alt.err.space_full": "Your {space} spaces are full ({n} tiles).",
    "alt.err.cannot_take": "{space} cannot take {good} now (full, or not its input).",
    "alt.err.role_cannot_take": "Your role tile cannot take {good} now (full, or not its input).",
    "alt.err.typed": "Multi-placement moves are typed, not listed.",
    "alt.err.not_planned": "You did not plan {good} on {space} this round.",
    "alt.err.no_free_space": "No free planning space.",
    "alt.ev.unplan": "You take {good} back from {space}.",
    "alt.err.coin_spaces": "Coins can go only on your market extensions.",
    "alt.err.coin_spaces_move": "Coins can go only on your market extensions and the move track.",
    "alt.err.no_coin": "You have no coin.",
    "alt.err.coins_full": "{space} holds no more coins.",
    "alt.ev.coin": "You put a coin on {space}.",
    "alt.err.no_coin_put": "You put no coin on {space} this round.",
    "alt.ev.uncoin": "You take a coin back from {space}.",
    "alt.ev.ready": "{who} is ready.",
    "alt.ev.your_plan": "Your plan: {plan}.",
    # rounds
    "alt.ev.round": "Round {round}: {who} is start player. Everyone plans in secret.",
    "alt.ev.planned": "{who} planned {plan}.",
    "alt.ev.action_phase": "Action phase: {who} starts.",
    "alt.ev.ext_leaves": "Nobody bought an extension: {ext} leaves the game.",
    "alt.ev.extra_over": "The extra round is over: the game ends.",
    "alt.ev.end_triggered": "The game end is triggered ({reason}): one more full round.",
    "alt.ev.game_ends": "The game ends: {reason}.",
    "alt.ev.final_draw": "{who} draws {goods} to store.",
    "alt.err.no_space": "You have no space '{space}'. Spaces: {spaces}.",
    "alt.ev.mission_done": "{who} fulfils mission {id} ({text}, {vp} VP).",
    # notation
    "alt.err.not_good": "'{token}' is not a good ({goods}).",
    "alt.err.not_id": "'{token}' is not {what} ({first} to {last}).",
    "alt.what.mission": "a mission card", "alt.what.order": "an order", "alt.what.boat": "a boat",
    "alt.what.house": "a house", "alt.what.extension": "an extension",
    "alt.err.not_space": "'{token}' is not a space (a location, move, role or an extension id like e05).",
    "alt.err.not_location": "'{token}' is not a location ({locations}).",
    "alt.err.not_number": "'{token}' should be a number ({what}).",
    "alt.what.row": "a warehouse row", "alt.what.alpacas": "alpacas",
    "alt.err.write_as": "Write it as '{usage}'.",
    "alt.err.type_move": "Type a move.",
    "alt.err.roles": "Roles: {roles}.",
    "alt.err.keep_usage": "Write it as 'keep m03 give m07'.",
    "alt.err.go_usage": "Write it as '{head} <location>' (add 'coin' to pay with a coin).",
    "alt.err.use_usage": "Write it as 'use role' or 'use e05 stone'.",
    "alt.err.use_words": "'use' takes at most one more word.",
    "alt.err.unknown": "Unknown move. Try {examples}.",
    "alt.err.plan_usage": "Write it as 'plan <good> <space>' (more pairs and a final 'done' may follow).",
    "alt.err.which_action": "Say which {loc} action, e.g. '{example}'.",
    "alt.err.farm_usage": "Write it as 'farm food 2'.",
}

ZH = {
    "alt.good.food": "食物", "alt.good.corn": "玉米", "alt.good.wood": "木頭", "alt.good.stone": "石頭",
    "alt.good.fish": "魚", "alt.good.alpaca": "羊駝", "alt.good.ore": "礦石", "alt.good.wool": "羊毛",
    "alt.good.cacao": "可可", "alt.good.glass": "玻璃", "alt.good.cloth": "布料", "alt.good.silver": "銀",
    "alt.space.farm": "農場", "alt.space.forest": "森林", "alt.space.mine": "礦場", "alt.space.harbor": "港口",
    "alt.space.village": "村莊", "alt.space.road": "道路", "alt.space.market": "市場",
    "alt.space.move": "移動區", "alt.space.role": "角色板塊",
    "alt.then": "{a} {b}",
    "alt.semi": "{a};{b}",
    "alt.coins": "{n} 枚錢幣",
    "alt.from": "{space}的{good}",
    "alt.on": "{space}:{goods}",
    "alt.nothing_new": "沒有新的計畫",
    "alt.took_back": "{plan};拿回 {back}",
    "alt.reason.ran_out": "{spaces}的供應用完了",
    "alt.reason.strip": "擴充板塊列無法補滿",
    "alt.err.pick_one": "請從這些選一個:{roles}。",
    "alt.ev.takes_role": "{who} 拿取角色 {role}。",
    "alt.err.kept": "你已經保留了一張任務卡;現在請從傳給你的任務卡中選一張。",
    "alt.err.two_cards": "請說出手上兩張不同的卡:{hand}。",
    "alt.ev.kept": "{who} 已保留一張任務卡。",
    "alt.ev.you_keep": "你保留 {keep},傳出 {other}。",
    "alt.ev.missions_set": "任務卡已確定。",
    "alt.ev.missions_passed": "任務卡已傳出:請從收到的兩張中選一張。",
    "alt.err.keep_first": "請先從你的三張任務卡中保留一張。",
    "alt.err.choose_one": "請從這些選一張:{cards}。",
    "alt.ev.chosen": "{who} 已選好一張任務卡。",
    "alt.ev.you_choose": "你選擇 {card}。",
    "alt.ev.dealt": "每位玩家發 3 張任務卡。",
    "alt.ev.planning": "{who} 正在計畫。",
    "alt.err.no_coin_on": "{space}上沒有錢幣。",
    "alt.ev.coin_back": "你從{space}拿回 1 枚錢幣。",
    "alt.err.nothing_to_take": "{space}上沒有可以拿回的{good}。",
    "alt.err.spaces_full": "你的計畫區都滿了。",
    "alt.ev.take_back_slot": "你把{good}從{space}拿回計畫區。",
    "alt.ev.draw": "你抽到 {goods}。",
    "alt.err.no_swap": "你沒有交換的擴充板塊。",
    "alt.err.swapped": "你這一輪已經交換過了。",
    "alt.err.no_good_planned": "你的計畫區沒有{good}。",
    "alt.err.crate_lacks": "你的木箱裡沒有{good}。",
    "alt.ev.swap_bag": "你把{good}放進木箱,並抽到 {got}。",
    "alt.ev.swap": "你用{good}交換木箱裡的{take}。",
    "alt.err.no_good_spaces": "你的計畫區沒有{good}。",
    "alt.ev.plan": "你把{good}計畫到{space}。",
    "alt.err.no_use": "{space}沒有行動會用到{good};{space}需要 {takes}。",
    "alt.err.space_full": "你的{space}已經滿了({n} 個板塊)。",
    "alt.err.cannot_take": "{space} 現在不能放{good}(已滿,或不是它需要的板塊)。",
    "alt.err.role_cannot_take": "你的角色板塊現在不能放{good}(已滿,或不是它需要的板塊)。",
    "alt.err.typed": "一次放多個板塊的指令要自己輸入,不會列出。",
    "alt.err.not_planned": "你這一輪沒有把{good}計畫到{space}。",
    "alt.err.no_free_space": "沒有空的計畫區。",
    "alt.ev.unplan": "你把{good}從{space}拿回來。",
    "alt.err.coin_spaces": "錢幣只能放在你的市場擴充板塊上。",
    "alt.err.coin_spaces_move": "錢幣只能放在你的市場擴充板塊和移動軌上。",
    "alt.err.no_coin": "你沒有錢幣。",
    "alt.err.coins_full": "{space}放不下更多錢幣了。",
    "alt.ev.coin": "你在{space}放上一枚錢幣。",
    "alt.err.no_coin_put": "你這一輪沒有在{space}放錢幣。",
    "alt.ev.uncoin": "你從{space}拿回一枚錢幣。",
    "alt.ev.ready": "{who} 準備好了。",
    "alt.ev.your_plan": "你的計畫:{plan}。",
    "alt.ev.round": "第 {round} 輪:{who} 是起始玩家。所有玩家秘密計畫。",
    "alt.ev.planned": "{who} 計畫了 {plan}。",
    "alt.ev.action_phase": "行動階段:由 {who} 開始。",
    "alt.ev.ext_leaves": "沒有人購買擴充板塊:{ext} 移出遊戲。",
    "alt.ev.extra_over": "額外的一輪結束:遊戲結束。",
    "alt.ev.end_triggered": "觸發遊戲結束({reason}):再進行完整的一輪。",
    "alt.ev.game_ends": "遊戲結束:{reason}。",
    "alt.ev.final_draw": "{who} 抽出 {goods} 準備存放。",
    "alt.err.no_space": "你沒有「{space}」這個區域。區域:{spaces}。",
    "alt.ev.mission_done": "{who} 完成任務 {id}({text},{vp} 分)。",
    "alt.err.not_good": "「{token}」不是貨物({goods})。",
    "alt.err.not_id": "「{token}」不是{what}({first} 到 {last})。",
    "alt.what.mission": "任務卡", "alt.what.order": "訂單", "alt.what.boat": "船",
    "alt.what.house": "房屋", "alt.what.extension": "擴充板塊",
    "alt.err.not_space": "「{token}」不是區域(地點、move、role,或像 e05 的擴充板塊編號)。",
    "alt.err.not_location": "「{token}」不是地點({locations})。",
    "alt.err.not_number": "「{token}」應該是數字({what})。",
    "alt.what.row": "倉庫的列", "alt.what.alpacas": "羊駝數量",
    "alt.err.write_as": "請寫成 '{usage}'。",
    "alt.err.type_move": "請輸入一步。",
    "alt.err.roles": "角色:{roles}。",
    "alt.err.keep_usage": "請寫成 'keep m03 give m07'。",
    "alt.err.go_usage": "請寫成 '{head} <地點>'(加上 'coin' 表示付一枚錢幣)。",
    "alt.err.use_usage": "請寫成 'use role' 或 'use e05 stone'。",
    "alt.err.use_words": "'use' 後面最多再接一個字。",
    "alt.err.unknown": "沒有這種指令。試試 {examples}。",
    "alt.err.plan_usage": "請寫成 'plan <貨物> <區域>'(可接更多組,最後可加 'done')。",
    "alt.err.which_action": "請說明要執行哪一個{loc}行動,例如 '{example}'。",
    "alt.err.farm_usage": "請寫成 'farm food 2'。",
}

register("en", EN)
register("zh-TW", ZH)
