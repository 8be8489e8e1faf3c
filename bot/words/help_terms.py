"""What /help reads from the engines besides the sheets: each option's description and the
"not verified" list (``engine.options``, ``engine.unverified``), in zh-TW by the engine's
English text. Keys: ``bot.help.opt.<game>.<option>`` and ``bot.help.unv.<game>.<slug>``;
the English is registered from the engines, so a line an engine rewords falls back to its
English until its zh-TW is added here (a test lists such lines)."""

from __future__ import annotations

import re

from games.core.messages import CATALOGS, Msg, register

#: game id -> option name -> zh-TW description
OPTIONS_ZH: dict[str, dict[str, str]] = {
    "altiplano": {
        "roles": "角色板塊：deal 隨機發給，或 draft 公開輪選",
        "missions": "任務變體：發 3 張、留 1 張，其餘傳給下家",
        "extra_round": "出版版本的結束方式：觸發結束的那一輪之後再玩完整的一輪（預設依規則整理：觸發的那一輪結束就結束）",
    },
    "amerigo": {
        "pirates_others": "英文版對「海盜 +2」發展板塊的解讀：只對其他玩家強 2（預設依規則整理：對所有玩家，擁有者也算）",
    },
    "west-of-africa": {
        "end": "有人達 25 分或蓋滿 20 間小屋後：extra-round 再玩完整的一輪，或立即結束",
    },
    "terra-mystica": {
        "variable-turn-order": "下一回合的順序依跳過的先後",
        "mini-expansion-1": "城鎮板塊 TW6–TW8",
        "shipping-bonus": "獎勵卡 BON10（跳過時每級航行能力 3 分）",
        "temple-scoring-tile": "回合計分板塊 `SCORE9`（每座廟宇 4 分）",
        "strict-leech": "先回應魔力吸取，才能做其他事",
        "strict-darkling-sh": "魔族放棄要塞的換祭司時，照網站的寫法（-3CONVERT_W_TO_P）；"
                              "無論如何都只能在蓋要塞的那一回合換，與出版規則相同",
        "strict-chaosmagician-sh": "跳過會結束渾沌魔法師的雙重行動",
        "errata-cultist-power": "所有對手都放棄吸取魔力時，邪教徒得 1 點魔力",
        "fire-and-ice-factions/ice": "冰與火：冰雪少女與雪人",
        "fire-and-ice-factions/volcano": "冰與火：侍僧與龍王",
        "fire-and-ice-factions/variable_v5": "冰與火：河行者與變形者（網站採用的 2015 年規則）",
        "fire-and-ice-factions/variable": "冰與火：河行者與變形者的出版規則（2014 年）",
        "faction-auction": "冰與火拍賣：抽出與玩家人數相同的種族，以起始分數從 40 往下競標（競標細節為自行設計）",
        "partial-leech": "吸取魔力要付的分數超過你的分數時，可以只接受分數付得起的部分",
        "darkling-sh-later": "魔族蓋要塞得到的換祭司（3 工人換 3 祭司）可以留到之後的回合，"
                             "在下一次轉換時使用（網站沒有 strict-darkling-sh 的舊對局）",
        "map": "地圖：original（原版）、original-2017vp（原版 2017 分數）、fire-ice-1（冰與火第 1 面）、"
               "fire-ice-2（冰與火第 2 面）、loon-lakes-1.6（潛鳥湖 v1.6）、fjords-2.1（峽灣 v2.1）",
        "fire-and-ice-final-scoring": "冰與火終局計分板塊：true（依亂數抽出），或指定 building-on-edge、"
                                      "connected-clusters、connected-distance、connected-sa-sh-distance 其中之一",
    },
}

#: game id -> the engine's English "not verified" line -> zh-TW
UNVERIFIED_ZH: dict[str, dict[str, str]] = {
    "altiplano": {
        "each extension tile's price, stack letter and player mark, and which effects come twice":
            "每張擴展板塊的價格、疊放字母與玩家標記，以及哪些效果有兩張",
        "the strip surcharge of slots 3 to 5 (+1, +2, +3)": "擴展板塊列第 3 至 5 格的加價（+1、+2、+3）",
        "each role's action and starting goods (only the Miner's start is published)":
            "每個角色的行動與起始貨物（只有礦工的起始已公開）",
        "the good each house counts": "每棟房屋計算的貨物",
        "the good each boat brings": "每艘船帶來的貨物",
        "the 16 orders' goods and VP (each pays its goods' value + 2 VP a tile)":
            "16 張訂單的貨物與分數（每張給貨物的價值，每個板塊再加 2 分）",
        "the VP of the 20 missions (their conditions are published)": "20 張任務卡的分數（條件已公開）",
        "the rows' lengths beyond row 1 and their points": "倉庫第 1 列之後各列的長度與分數",
        "the market's sale prices": "市場的售價",
        "how many tiles each location's action space holds (the rules say 2 or 3)":
            "每個地點的行動格能放幾個板塊（規則說 2 或 3 個）",
        "the road's rewards after the second step (alternating space and corn)":
            "道路第二步之後的獎勵（空間與玉米交替）",
    },
    "amerigo": {
        "the 16 island tiles' layouts (land, goods, anchors, trading-post squares)":
            "16 片島嶼板塊的配置（陸地、貨物、錨、交易站格）",
        "how the frame spaces connect to each other and to the sea along the tiles":
            "外框格彼此之間以及沿著板塊與海洋如何相連",
        "how many neutral tiles of each shape (37 in all) and village tiles of each shape (16 each)":
            "各形狀的中立板塊數量（共 37 片）與各形狀的村莊板塊數量（各 16 片）",
        "the numbers printed on the progress track (1, 3, 6, 10, 15)": "發展軌上印的數字（1、3、6、10、15）",
        "the colours and numbers of the special-action track's spaces": "特殊行動軌各格的顏色與數字",
        "how the production values 2/3/4 split between the 2-, 3- and 4-player sets":
            "生產值 2／3／4 在 2、3、4 人配置之間如何分配",
        "the time value of round 5 (1)": "第 5 回合的時間值（1）",
        "trading-post scores above 6 posts (the triangular numbers go on)": "交易站超過 6 個時的分數（三角數繼續往上）",
        "the cube tower model (how many cubes stay inside and fall out)": "骰塔的模型（多少方塊留在塔內、多少掉出來）",
        "how many copies of each development effect make the 24 tiles, and whether 12 of them are permanent or once":
            "24 片發展板塊中每種效果各有幾片，以及其中 12 片是永久還是一次性",
    },
    "bruges": {
        "145 of the 165 persons (name, colour, group, effect); the 20 real ones keep their published effect, "
        "but their colour and group are ours unless the rulebook prints them":
            "165 位人物中的 145 位（名稱、顏色、群組、效果）；20 位真實人物保留已公開的效果，但顏色與群組除非規則書有印，否則由我們設計",
        "every person's price but the Prince's (9) and the Engraver's (12); VP = price / 3 is published":
            "除了王子（9）與雕刻師（12）以外每位人物的價格；分數 = 價格 / 3 已公開",
        "the VP of every reputation step but step 6 (7 VP)": "聲望軌每一格的分數（第 6 格 7 分除外）",
        "the colours of the canal sections after the first": "運河第一段之後各段的顏色",
    },
    "west-of-africa": {
        "the initiative number on each card (the range 0 to 8 and the Minus 4 card are published)":
            "每張卡的先手數字（0 到 8 的範圍與 -4 卡已公開）",
        "the crop fields, house spaces and house costs on each island": "每座島的作物田、小屋格與小屋費用",
        "how many blocker houses stand on each settlement island with 2 or 3 players":
            "2 或 3 人時每座定居島上放幾間阻擋小屋",
        "where a ship pushed west out of La Palma goes (El Hierro)": "從拉帕爾馬島往西被擠出的船去哪裡（耶羅島）",
        "whether workers may move back onto a ship (no)": "工人能否回到船上（不能）",
        "who receives a passed Minus 4 card (the next seat)": "傳出的 -4 卡由誰收下（下一個座位）",
    },
    "terra-mystica": {
        "town tile TW6 gives two keys": "城鎮板塊 TW6 給兩把鑰匙",
        "town tile TW7 gives a shipping level (the Fakirs: carpet range)": "城鎮板塊 TW7 給一級航行能力（苦行僧：飛毯距離）",
        "round scoring tile SCORE1 is never drawn for rounds 5 and 6": "回合計分板塊 `SCORE1` 不會出現在第 5、6 回合",
        "3 coins may be turned into 1 VP during play": "遊戲中可以用 3 元換 1 分",
        "faction auction: bids go round from seat 0, a held faction is outbid by at least 1 VP "
        "and the outbid player bids again (designed)":
            "種族拍賣：從 0 號座位輪流出價，別人已標下的種族至少要再低 1 分，被超過的玩家之後再出價（自行設計）",
    },
}


#: game -> option -> value -> (English, zh-TW): a value's own words, for the options autocomplete
#: of /game new (``bot.table.option_complete``); a value without them is described by its option
CHOICES: dict[str, dict[str, dict[str, tuple[str, str]]]] = {
    "terra-mystica": {
        "map": {
            "original": ("the Original map", "原版地圖"),
            "original-2017vp": ("the Original map with the 2017 VP (starting VP by faction)", "原版地圖，2017 年的起始分數"),
            "fire-ice-1": ("Fire & Ice map, side 1", "冰與火地圖第 1 面"),
            "fire-ice-2": ("Fire & Ice map, side 2", "冰與火地圖第 2 面"),
            "loon-lakes-1.6": ("Loon Lakes v1.6", "潛鳥湖 v1.6"),
            "fjords-2.1": ("Fjords v2.1", "峽灣 v2.1"),
        },
        "fire-and-ice-final-scoring": {
            "true": ("a Fire & Ice final tile drawn at random", "依亂數抽一張冰與火終局計分板塊"),
            "building-on-edge": ("final tile: buildings on the edge", "終局計分：邊緣建築"),
            "connected-clusters": ("final tile: clusters", "終局計分：聚落群數"),
            "connected-distance": ("final tile: greatest distance", "終局計分：最遠距離"),
            "connected-sa-sh-distance": ("final tile: sanctuary-stronghold distance", "終局計分：聖殿與要塞距離"),
        },
    },
}


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", text.lower()).strip("_")[:60] or "_"


def option_key(game_id: str, name: str) -> str:
    return f"bot.help.opt.{game_id}.{_slug(name)}"


def unverified_key(game_id: str, line: str) -> str:
    return f"bot.help.unv.{game_id}.{_slug(line)}"


def _escaped(text: str) -> str:
    return text.replace("{", "{{").replace("}", "}}")


def option(game_id: str, name: str, english: str) -> Msg:
    """An option's description: its zh-TW when known, the engine's English in any case."""
    key = option_key(game_id, name)
    if CATALOGS["en"].get(key) != _escaped(english):
        register("en", {key: _escaped(english)})
    return Msg(key, {})


def choice_key(game_id: str, name: str, value: str) -> str:
    return f"bot.help.choice.{game_id}.{_slug(name)}.{_slug(value)}"


def choice(game_id: str, name: str, value: str) -> Msg | None:
    """A value's own words (``CHOICES``), or None."""
    return Msg(choice_key(game_id, name, value), {}) if value in CHOICES.get(game_id, {}).get(name, {}) else None


def unverified(game_id: str, line: str) -> Msg:
    """A "not verified" line, the same way."""
    key = unverified_key(game_id, line)
    if CATALOGS["en"].get(key) != _escaped(line):
        register("en", {key: _escaped(line)})
    return Msg(key, {})


register("zh-TW", {option_key(g, n): zh for g, table in OPTIONS_ZH.items() for n, zh in table.items()})
register("zh-TW", {unverified_key(g, en): zh for g, table in UNVERIFIED_ZH.items() for en, zh in table.items()})
for _locale, _i in (("en", 0), ("zh-TW", 1)):
    register(_locale, {choice_key(g, n, v): _escaped(words[_i]) for g, table in CHOICES.items()
                       for n, values in table.items() for v, words in values.items()})
