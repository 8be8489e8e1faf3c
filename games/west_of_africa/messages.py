"""West of Africa's sentences: refusals and move announcements, English and zh-TW.

Engine code names a key with parameters (``msg("woa.ev.sell", ...)``);
islands, crops and cards are keys too (``island("palma")``), so a Chinese
sentence carries no English word but notation and player names. Seats are
``{p0}``, ``{p1}``... (the bot puts names in).
"""

from __future__ import annotations

from games.core.messages import Msg, msg, register, seat_ref

from .data import CROPS

#: a seat's name placeholder (``{pN}``), filled in by whoever shows the text
seat = seat_ref


def coins(n: int) -> Msg:
    """"1 coin", "3 coins" (a count inside a sentence)."""
    return msg("woa.coins", n=n)


def points(n: int) -> Msg:
    return msg("woa.points", n=n)


def island(key: str) -> Msg:
    return msg(f"woa.island.{key}")


def crop(key: str) -> Msg:
    return msg(f"woa.crop.{key}")


def card(key: str) -> Msg:
    return msg(f"woa.card.{key}")


def loc(place: str) -> Msg:
    """An island or one of the two worker ships."""
    return msg(f"woa.ship.{place}") if place in ("west", "east") else island(place)


def crops(counts: dict) -> Msg | list[Msg]:
    """{"wine": 2, "sugar": 1} -> "1 sugar, 2 wine" (always in the crops' table order)."""
    parts = [msg("woa.crop_n", n=counts[c], crop=crop(c)) for c in CROPS if counts.get(c)]
    return parts or msg("core.nothing")


def either(items: list) -> Msg | str:
    """"a or b" (or just a)."""
    if not items:
        return msg("core.none")
    out = items[-1]
    for it in reversed(items[:-1]):
        out = msg("core.or", a=it, b=out)
    return out


def chain(items: list, key: str) -> Msg | str:
    """Items joined pairwise by the template ``key`` ("{a} → {b}")."""
    out = items[-1]
    for it in reversed(items[:-1]):
        out = msg(key, a=it, b=out)
    return out


def both(items: list) -> Msg | str:
    if not items:
        return msg("core.none")
    out = items[-1]
    for it in reversed(items[:-1]):
        out = msg("core.and", a=it, b=out)
    return out


EN = {
    # autocomplete hints: what a move or a card choice gives, why a choice would leave an action idle
    "woa.hint.notes": "{notes}",
    "woa.hint.total": "total {total} ◇",
    "woa.hint.fifth": "costs {n} coins",
    "woa.hint.coins": {"one": "{n:+d} coin", "other": "{n:+d} coins"},
    "woa.hint.points": {"one": "{n:+d} point", "other": "{n:+d} points"},
    "woa.hint.farm_needs": "farm needs a west or middle island",
    "woa.hint.sell_nothing": "sell: no crops in any warehouse yet",
    "woa.hint.sell_on": "sell: your crops are on {islands}",
    "woa.hint.build_round1": "no building in round 1",
    "woa.hint.build_no_mayor": "build: you are mayor of no settlement island",
    "woa.hint.build_mayor_of": "build: you are mayor of {islands}",
    # components
    "woa.island.hierro": "El Hierro",
    "woa.island.palma": "La Palma",
    "woa.island.gomera": "La Gomera",
    "woa.island.tenerife": "Tenerife",
    "woa.island.canaria": "Gran Canaria",
    "woa.island.fuerteventura": "Fuerteventura",
    "woa.island.lanzarote": "Lanzarote",
    "woa.crop.sugar": "sugar",
    "woa.crop.wine": "wine",
    "woa.crop.grain": "grain",
    "woa.crop_n": "{n} {crop}",
    "woa.card.hierro": "El Hierro",
    "woa.card.palma": "La Palma",
    "woa.card.gomera": "La Gomera",
    "woa.card.tenerife": "Tenerife",
    "woa.card.canaria": "Gran Canaria",
    "woa.card.fuerteventura": "Fuerteventura",
    "woa.card.lanzarote": "Lanzarote",
    "woa.card.workers": "Move workers",
    "woa.card.ship": "Move ship",
    "woa.card.farm": "Cultivate",
    "woa.card.sell": "Sell",
    "woa.card.build": "Found settlement",
    "woa.card.minus": "Minus 4",
    "woa.arrow": "{a} → {b}",
    "woa.then": "{a}; {b}",
    "woa.side.west": "west",
    "woa.side.east": "east",
    "woa.ship.west": "the west ship",
    "woa.ship.east": "the east ship",
    "woa.verb.move": "move workers",
    "woa.verb.farm": "cultivate",
    "woa.verb.sell": "sell",
    "woa.verb.build": "found settlement",
    "woa.verb.ship": "move ship",
    "woa.what.island": "an island",
    "woa.what.crop": "a crop",
    "woa.what.card": "a card",
    "woa.what.colour": "a player colour",
    # notation
    "woa.err.not_a": "'{token}' is not {what} (one of: {names}).",
    "woa.err.type_move": "Type a move, e.g. 'choose tenerife farm', 'sell canaria' or 'done'.",
    "woa.err.unknown_verb": "Unknown command '{token}'. Commands: {verbs}.",
    "woa.err.done_alone": "'done' takes nothing after it.",
    "woa.err.needs_more": "'{verb}' needs more, e.g. {example}.",
    "woa.err.one_island": "'{verb}' takes one island, e.g. {verb} palma.",
    "woa.err.move_path": "Say where the worker is and where it goes: move west gomera.",
    "woa.err.not_cost": "'{token}' is not a space cost (6, 9, 12, dual-6, dual-9).",
    "woa.err.farm_order": "List the crops first, then the worker ships (farm palma wine west).",
    "woa.err.bump_last": "'bump <colour>' comes last, e.g. ... bump blue.",
    # refusals
    "woa.err.choosing_now": "Everyone is choosing cards now: choose <cards>, e.g. choose tenerife farm.",
    "woa.err.pending": "Waiting for a pushed ship to pick its harbour.",
    "woa.err.not_your_turn": "It is not your turn.",
    "woa.err.place_first": "First put your ship on an empty berth: place <island>.",
    "woa.err.not_your_turn_act": "It is not your turn to act.",
    "woa.err.no_card": "You did not choose the {card} card this round.",
    "woa.err.action_closed": "You already finished your {verb} action this turn "
                             "(finish one action before starting the next).",
    "woa.err.island_card": "You can only {verb} on islands whose card you chose ({chosen}), not {island}.",
    "woa.err.ship_placed": "Your ship is already on the board.",
    "woa.err.berth_full": "In round 1 the ship goes to an empty berth; {island} is full. With room: {free}.",
    "woa.err.no_worker": "You have no worker at {place} (yours: {yours}).",
    "woa.err.steps": "That takes {steps} steps and you have {left} left.",
    "woa.err.no_lane": "No lane from {a} to {b}; from {a} a worker goes to {nxt}.",
    "woa.err.no_fields": "{island} has no fields; crops grow on the western and middle islands.",
    "woa.err.name_crops": "Name the crops to plant, e.g. farm palma wine sugar.",
    "woa.err.supply": "You have {have} {crop} token(s) free, not {n}.",
    "woa.err.no_field": "No empty {kind} field left on {island}.",
    "woa.err.dual_field": "No empty dual {kind} field left on {island}.",
    "woa.err.helpers": "You have {here} worker(s) on {island}, not {n}.",
    "woa.err.max_helpers": "At most {n} workers can help (then planting is free).",
    "woa.err.farm_cost": "Planting {crops} crop(s) with {helpers} worker(s) costs {cost} coins; you have {coins}.",
    "woa.err.empty_warehouse": "You have no crops in the {island} warehouse.",
    "woa.err.warehouse_holds": "Your {island} warehouse holds {crops}.",
    "woa.err.round1_build": "No settlements in round 1: there are no mayors yet.",
    "woa.err.not_mayor": "Only the mayor of {island} may found settlements there.",
    "woa.err.name_sites": "Name the cost of each space to build on, e.g. build tenerife 6 9.",
    "woa.err.track": "Only {n} settlement(s) are left this round.",
    "woa.err.no_site": "No empty {cost} space on {island}.",
    "woa.err.no_dual_site": "No empty dual {cost} space on {island}.",
    "woa.err.build_cost": "Those settlements cost {total} coins; you have {coins}.",
    "woa.err.ship_steps": "A ship moves at most {n} harbours.",
    "woa.err.ship_there": "Your ship is already at {island}: name only the harbours it sails to.",
    "woa.err.no_sea_lane": "No sea lane from {a} to {b}; from {a}: {nxt}.",
    "woa.err.no_crop_there": "You have no {crop} in the {island} warehouse.",
    "woa.err.hold_full": "A ship carries at most 3 crops.",
    "woa.err.just_dropped": "You just dropped {crop} at {island}.",
    "woa.err.not_aboard": "Your ship carries no {crop}.",
    "woa.err.just_took": "You just took that {crop} at {island}.",
    "woa.err.name_harbour": "Name at least one harbour to sail to, e.g. ship tenerife.",
    "woa.err.free_berth": "{island} has a free berth; no ship needs to give way.",
    "woa.err.which_bump": "{island} is full: say which ship gives way (bump {names}).",
    "woa.err.only_bump": "Only the {colour} ship can give way at {island}.",
    "woa.err.no_retreat": "Your ship does not need to give way.",
    "woa.err.retreat_to": "Your ship can go to {options}.",
    "woa.err.cards_now": "Cards are chosen at the start of a round; now it is time for actions.",
    "woa.err.chosen": "You have already chosen your cards this round.",
    "woa.err.card_count": "Choose 1 to 5 cards, not {n}.",
    "woa.err.card_twice": "You hold one of each card (except Minus 4 cards); a card is listed twice.",
    "woa.err.minus_count": "You hold {have} Minus 4 card(s), not {n}.",
    "woa.err.fifth_card": "A fifth card costs {cost} coins and you have {coins}: choose at most 4.",
    # events
    "woa.ev.ends_turn": "{who} ends their turn.",
    "woa.ev.place": "{who} puts their ship at {island}.",
    "woa.ev.move": {"one": "{who} moves a worker {route} ({n} step left).",
                    "other": "{who} moves a worker {route} ({n} steps left)."},
    "woa.coins": {"one": "{n} coin", "other": "{n} coins"},
    "woa.points": {"one": "{n} point", "other": "{n} points"},
    "woa.ev.farm": "{who} plants {crops} on {island} for {cost}.",
    "woa.ev.farm_help": {"one": "{who} plants {crops} on {island} for {cost}, {n} worker back to {ships} ship.",
                         "other": "{who} plants {crops} on {island} for {cost}, {n} workers back to {ships} ship."},
    "woa.ev.sell": "{who} sells {crops} on {island} for {gained}.",
    "woa.ev.sell_cap": "{who} sells {crops} on {island} for {gained} ({lost} lost over the {cap}-coin cap).",
    "woa.ev.build": {"one": "{who} founds {n} settlement on {island} for {total} (+{points}).",
                     "other": "{who} founds {n} settlements on {island} for {total} (+{points})."},
    "woa.ev.sail": "{who} sails {route}.",
    "woa.ev.sail_and": "{who} sails {route}; {steps}.",
    "woa.ev.takes": "takes {crop} at {island}",
    "woa.ev.drops": "drops {crop} at {island}",
    "woa.ev.unloads": "unloads {crops} at {island}",
    "woa.ev.give_way": "{who}'s ship gives way to {island}.",
    "woa.ev.must_give_way": "{who}'s ship must give way: {who} chooses {options}.",
    "woa.ev.chosen": "{who} has chosen cards.",
    "woa.ev.you_chose": "You chose {cards} (total {total}).",
    "woa.ev.fifth_card": "{who} pays {cost} for a fifth card.",
    "woa.ev.total": "{who} {total}",
    "woa.ev.totals": "Round {round} totals: {totals}. Turn order: {order}.",
    "woa.ev.reveals": "{who} reveals {cards}.",
    "woa.ev.nothing_to_do": "{who} has nothing to do.",
    "woa.ev.minus": {"one": "{who} passes {n} Minus 4 card to {to}.",
                     "other": "{who} passes {n} Minus 4 cards to {to}."},
    "woa.ev.done": "{who} is done.",
    "woa.ev.wealth": "Round {round} ends: {richest} score 1 for wealth.",
    "woa.ev.mayor": "{island} {who}",
    "woa.ev.mayors": "Mayors: {mayors}.",
    "woa.ev.end_triggered": "The end is triggered: one last full round.",
    "woa.ev.score": "{who} {score}",
    "woa.ev.game_over": "Game over. Final scores: {scores}.",
}

ZH = {
    "woa.hint.notes": "{notes}",
    "woa.hint.total": "合計 {total} ◇",
    "woa.hint.fifth": "要花 {n} 元",
    "woa.hint.coins": "{n:+d} 元",
    "woa.hint.points": "{n:+d} 分",
    "woa.hint.farm_needs": "耕種作物需要一張西側或中間的島嶼卡",
    "woa.hint.sell_nothing": "出售作物：你的倉庫裡還沒有作物",
    "woa.hint.sell_on": "出售作物：你的作物在{islands}",
    "woa.hint.build_round1": "第一輪不能建造",
    "woa.hint.build_no_mayor": "建造定居小屋：你不是任何定居島嶼的市長",
    "woa.hint.build_mayor_of": "建造定居小屋：你是{islands}的市長",
    "woa.island.hierro": "耶羅島",
    "woa.island.palma": "拉帕爾馬島",
    "woa.island.gomera": "拉戈梅拉島",
    "woa.island.tenerife": "特內里費島",
    "woa.island.canaria": "大加那利島",
    "woa.island.fuerteventura": "富埃特文圖拉島",
    "woa.island.lanzarote": "蘭薩羅特島",
    "woa.crop.sugar": "蔗糖",
    "woa.crop.wine": "葡萄酒",
    "woa.crop.grain": "穀物",
    "woa.crop_n": "{n} 個{crop}",
    "woa.card.hierro": "耶羅島",
    "woa.card.palma": "拉帕爾馬島",
    "woa.card.gomera": "拉戈梅拉島",
    "woa.card.tenerife": "特內里費島",
    "woa.card.canaria": "大加那利島",
    "woa.card.fuerteventura": "富埃特文圖拉島",
    "woa.card.lanzarote": "蘭薩羅特島",
    "woa.card.workers": "移動工人",
    "woa.card.ship": "移動船",
    "woa.card.farm": "耕種作物",
    "woa.card.sell": "出售作物",
    "woa.card.build": "建造定居小屋",
    "woa.card.minus": "-4 卡",
    "woa.arrow": "{a} → {b}",
    "woa.then": "{a}；{b}",
    "woa.side.west": "西邊",
    "woa.side.east": "東邊",
    "woa.ship.west": "西邊的船",
    "woa.ship.east": "東邊的船",
    "woa.verb.move": "移動工人",
    "woa.verb.farm": "耕種作物",
    "woa.verb.sell": "出售作物",
    "woa.verb.build": "建造定居小屋",
    "woa.verb.ship": "移動船",
    "woa.what.island": "島嶼",
    "woa.what.crop": "作物",
    "woa.what.card": "卡片",
    "woa.what.colour": "玩家顏色",
    "woa.err.not_a": "「{token}」不是{what}（可用：{names}）。",
    "woa.err.type_move": "請輸入一步，例如 'choose tenerife farm'、'sell canaria' 或 'done'。",
    "woa.err.unknown_verb": "沒有「{token}」這個指令。可用的指令：{verbs}。",
    "woa.err.done_alone": "'done' 後面不能再接東西。",
    "woa.err.needs_more": "'{verb}' 還需要更多內容，例如 {example}。",
    "woa.err.one_island": "'{verb}' 只接一座島嶼，例如 {verb} palma。",
    "woa.err.move_path": "請寫出工人在哪裡、要去哪裡：move west gomera。",
    "woa.err.not_cost": "「{token}」不是地基的費用（6、9、12、dual-6、dual-9）。",
    "woa.err.farm_order": "先列出作物，再列出工人要去的船（farm palma wine west）。",
    "woa.err.bump_last": "'bump <顏色>' 要放在最後，例如 ... bump blue。",
    "woa.err.choosing_now": "現在所有玩家都在挑選卡片：choose <卡片>，例如 choose tenerife farm。",
    "woa.err.pending": "正在等待被擠走的船選擇停泊的港口。",
    "woa.err.not_your_turn": "還沒輪到你。",
    "woa.err.place_first": "先把你的船放到一個空的停泊處：place <島嶼>。",
    "woa.err.not_your_turn_act": "還沒輪到你執行行動。",
    "woa.err.no_card": "你這一輪沒有挑選「{card}」卡。",
    "woa.err.action_closed": "你這回合已經完成了{verb}行動（必須完成一個行動後才能執行下一個行動）。",
    "woa.err.island_card": "你只能在挑選了島嶼卡的島嶼上{verb}（{chosen}），不能在{island}。",
    "woa.err.ship_placed": "你的船已經在圖板上了。",
    "woa.err.berth_full": "第一輪船要放到空的停泊處；{island}已經滿了。還有空位：{free}。",
    "woa.err.no_worker": "你在{place}沒有工人（你的工人在：{yours}）。",
    "woa.err.steps": "這需要 {steps} 點行動點數，你只剩 {left} 點。",
    "woa.err.no_lane": "{a}和{b}之間沒有海線；工人從{a}可以到：{nxt}。",
    "woa.err.no_fields": "{island}沒有耕種區域；作物只能種在西邊和中間的島嶼。",
    "woa.err.name_crops": "請寫出要耕種的作物，例如 farm palma wine sugar。",
    "woa.err.supply": "你只有 {have} 個空閒的{crop}標記，不是 {n} 個。",
    "woa.err.no_field": "{island}已經沒有空的{kind}區域。",
    "woa.err.dual_field": "{island}已經沒有空的雙重功能{kind}區域。",
    "woa.err.helpers": "你在{island}有 {here} 個工人，不是 {n} 個。",
    "woa.err.max_helpers": "最多 {n} 個工人可以協助（這時耕種就免費了）。",
    "woa.err.farm_cost": "用 {helpers} 個工人協助耕種 {crops} 個作物要花 {cost} 元；你有 {coins} 元。",
    "woa.err.empty_warehouse": "你在{island}的倉庫裡沒有作物。",
    "woa.err.warehouse_holds": "你在{island}的倉庫裡有：{crops}。",
    "woa.err.round1_build": "第一輪不能建造定居小屋：還沒有市長。",
    "woa.err.not_mayor": "只有{island}的市長可以在那裡建造定居小屋。",
    "woa.err.name_sites": "請寫出每個地基的費用，例如 build tenerife 6 9。",
    "woa.err.track": "這一輪只剩 {n} 個定居小屋。",
    "woa.err.no_site": "{island}沒有空的 {cost} 元地基。",
    "woa.err.no_dual_site": "{island}沒有空的雙重功能 {cost} 元地基。",
    "woa.err.build_cost": "這些定居小屋要花 {total} 元；你有 {coins} 元。",
    "woa.err.ship_steps": "船最多移動 {n} 個港口。",
    "woa.err.ship_there": "你的船已經在{island}：只要寫出要航行到的港口。",
    "woa.err.no_sea_lane": "{a}和{b}之間沒有航線；從{a}可以到：{nxt}。",
    "woa.err.no_crop_there": "你在{island}的倉庫裡沒有{crop}。",
    "woa.err.hold_full": "一艘船最多載 3 個作物。",
    "woa.err.just_dropped": "你剛剛才在{island}卸下{crop}。",
    "woa.err.not_aboard": "你的船上沒有{crop}。",
    "woa.err.just_took": "你剛剛才在{island}裝上那個{crop}。",
    "woa.err.name_harbour": "請寫出至少一個要航行到的港口，例如 ship tenerife。",
    "woa.err.free_berth": "{island}還有空的停泊處；不必擠走任何船。",
    "woa.err.which_bump": "{island}已經滿了：請說明要擠走哪一艘船（bump {names}）。",
    "woa.err.only_bump": "在{island}只有 {colour} 的船可以被擠走。",
    "woa.err.no_retreat": "你的船不需要讓位。",
    "woa.err.retreat_to": "你的船可以去{options}。",
    "woa.err.cards_now": "卡片在每一輪開始時挑選；現在是執行行動的時候。",
    "woa.err.chosen": "你這一輪已經挑選過卡片了。",
    "woa.err.card_count": "請挑選 1 到 5 張卡片，不是 {n} 張。",
    "woa.err.card_twice": "每種卡片你只有一張（-4 卡除外）；有一張卡片列了兩次。",
    "woa.err.minus_count": "你有 {have} 張 -4 卡，不是 {n} 張。",
    "woa.err.fifth_card": "第 5 張卡片要花 {cost} 元，你只有 {coins} 元：最多挑選 4 張。",
    "woa.ev.ends_turn": "{who} 結束回合。",
    "woa.ev.place": "{who} 把船放到{island}。",
    "woa.ev.move": "{who} 移動一個工人 {route}（剩 {n} 點行動點數）。",
    "woa.coins": "{n} 元",
    "woa.points": "{n} 分",
    "woa.ev.farm": "{who} 在{island}耕種 {crops}，花費 {cost}。",
    "woa.ev.farm_help": "{who} 在{island}耕種 {crops}，花費 {cost}，{n} 個工人回到{ships}的船。",
    "woa.ev.sell": "{who} 在{island}出售 {crops}，獲得 {gained}。",
    "woa.ev.sell_cap": "{who} 在{island}出售 {crops}，獲得 {gained}（超過 {cap} 元上限，失去 {lost} 元）。",
    "woa.ev.build": "{who} 在{island}建造 {n} 個定居小屋，花費 {total}（+{points}）。",
    "woa.ev.sail": "{who} 駕船航行 {route}。",
    "woa.ev.sail_and": "{who} 駕船航行 {route}；{steps}。",
    "woa.ev.takes": "在{island}裝上{crop}",
    "woa.ev.drops": "在{island}卸下{crop}",
    "woa.ev.unloads": "在{island}卸下 {crops}",
    "woa.ev.give_way": "{who} 的船讓位到{island}。",
    "woa.ev.must_give_way": "{who} 的船必須讓位：{who} 選擇{options}。",
    "woa.ev.chosen": "{who} 已挑選好卡片。",
    "woa.ev.you_chose": "你挑選了{cards}（總值 {total}）。",
    "woa.ev.fifth_card": "{who} 為第 5 張卡片支付 {cost}。",
    "woa.ev.total": "{who} {total}",
    "woa.ev.totals": "第 {round} 輪卡片總值：{totals}。順位：{order}。",
    "woa.ev.reveals": "{who} 翻開{cards}。",
    "woa.ev.nothing_to_do": "{who} 沒有可以執行的行動。",
    "woa.ev.minus": "{who} 把 {n} 張 -4 卡交給 {to}。",
    "woa.ev.done": "{who} 完成了。",
    "woa.ev.wealth": "第 {round} 輪結束：{richest} 因財富得 1 分。",
    "woa.ev.mayor": "{island} {who}",
    "woa.ev.mayors": "市長：{mayors}。",
    "woa.ev.end_triggered": "觸發遊戲結束：再進行最後完整的一輪。",
    "woa.ev.score": "{who} {score}",
    "woa.ev.game_over": "遊戲結束。最終分數：{scores}。",
}

#: the final score's categories and tie-break (``Result.breakdown`` keys, ``Result.tiebreak``) in
#: zh-TW, by the English label: worded by ``renderers.score_words`` for the chart, the boards and
#: the end-of-game lines
SCORE_ZH = {
    "coins": "錢幣", "mayors": "市長", "richest": "財富", "settlements": "定居小屋",
    "more coins, then the coin marker that got there first": "錢幣較多者勝；再相同時，先到達該格的錢幣標記勝",
}

#: "Round 3" on the boards, in the word the rule write-up and the events above use (輪; the
#: boards' default is 回合): ``renderers.labels.round_label``
ROUND = {"en": "Round {n}", "zh-TW": "第 {n} 輪"}

register("en", EN)
register("zh-TW", ZH)
