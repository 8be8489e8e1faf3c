"""West of Africa's plug file (see ``bot.table.games``): its prompt and menus; the secret card
choice as one multi-select. Each card says its number; the fifth card's cost is said once, in the title and the placeholder (where a
phone shows it, above the list), before you commit. Everything else is the generic walker (ship
placement, worker moves, farm, sell, build, sail: whole moves when they fit in a menu), except that
a move which may go on ("farm tenerife grain", then another crop or a worker's help) is offered both
as it stands and as "…" for more (``goes_on``): every move a player can type is a few clicks."""

from __future__ import annotations

from games.core.messages import CATALOGS, Msg, join, msg, render

from ..menus import Menu, Option
from ..prompts import choices
from . import register_words, verb_key


def menu(engine, state, seat: int, prefix: str, locale: str = "en") -> Menu | None:
    if prefix not in ("", "choose ") or state.get("phase") != "choose":
        return None
    from games.west_of_africa.data import CARD_NUMBERS, FIFTH_CARD_COST

    tokens = []
    for m in engine.legal_moves(state, seat, "choose "):
        token = m[len("choose "):].strip()
        if token and token not in tokens:
            tokens.append(token)
    if "minus" in tokens and "choose minus minus" in engine.legal_moves(state, seat, "choose minus "):
        tokens.append("minus minus")  # a second Minus 4 card in hand: both at once
    title = render(msg("bot.menu.cards", cost=FIFTH_CARD_COST), locale)
    out = Menu(title=title, prefix="choose ", multi=(1, min(5, len(tokens))), placeholder=title[:150])
    for token in tokens:
        number = sum(CARD_NUMBERS.get(t, 0) for t in token.split())
        name = card_name(token, locale) if " " not in token else f"{card_name('minus', locale)} ×2"
        out.options.append(Option(name, token, render(msg("bot.menu.card", n=number), locale)))
    return out


def card_name(token: str, locale: str) -> str:
    """A card's name in the reader's language (the token itself when the catalog has none)."""
    key = f"woa.card.{token}"
    return render(msg(key), locale) if key in CATALOGS["en"] else token


#: the moves a menu words (``place`` and ``retreat`` name one island: ``bot.table.verbs`` does them)
WORDED = ("farm", "sell", "build", "move", "ship")
#: Discord's longest option label
LABEL_MAX = 100
#: moves whose tokens after the island may come in any order (the same crops, helpers or spaces)
UNORDERED = ("farm", "sell", "build")
#: moves that may go on after a complete form: another crop or a helper, crop sold, space built, stop
GOES_ON = ("farm", "sell", "build", "move", "ship")


def goes_on(stem: str) -> bool:
    """Whether the menu offers ``stem`` ("farm tenerife grain ") beside the move it completes."""
    words = stem.split()
    return len(words) >= 2 and words[0] in GOES_ON


def _helpers(tokens: list[str], locale: str) -> list[str]:
    """The helpers of a planting (each west/east word: a worker on the island helps, then goes to
    that ship) in the reader's words, one phrase for each ship ("2 workers here help, then go to
    the west ship")."""
    out = []
    for ship in ("west", "east"):
        n = tokens.count(ship)
        if n:
            out.append(render(msg("bot.menu.woa.helpers", n=n, ship=msg(f"woa.ship.{ship}")), locale))
    return out


def label(engine, state, seat: int, move: str, locale: str = "en"):
    """A whole move in the reader's words beside its notation ("耕種作物：特內里費島 穀物、蔗糖
    （farm tenerife grain sugar）"); None in English, where the notation is the words already."""
    from games.core.messages import normalize_locale

    words = move.split()
    helping = words[0] == "farm" and any(t in ("west", "east") for t in words[2:])
    if (normalize_locale(locale) == "en" and not helping) or len(words) < 2 or words[0] not in WORDED:
        return None  # English notation is its words, but for a planting's helpers
    verb, args = words[0], words[1:]
    if verb in ("move", "ship"):  # a route: places one after another, what happens at each beside it
        stops: list[str] = []
        for tok in args:
            worded = token(tok, locale)
            if not worded:
                continue
            if _is_place(tok) or not stops:
                stops.append(worded)
            else:
                stops[-1] += " " + worded
        what = " → ".join(stops)
    else:  # one island, then what is planted, sold or built there, and who helps
        items = [token(t, locale) for t in args[1:] if t not in ("west", "east")]
        what = token(args[0], locale) + (" " + join(items, locale) if items else "")
        if helping:
            what = render(msg("bot.menu.then", a=what, b=join(_helpers(args[1:], locale), locale)), locale)
    word = render(msg(verb_key("west-of-africa", verb)), locale)
    worded = render(msg("bot.menu.act", word=word, what=what), locale)
    full = render(msg("bot.menu.verb", word=worded, verb=move), locale)
    return (full if len(full) <= LABEL_MAX else worded), ""  # a long route: its words, not a cut notation


def stem(text: str, locale: str = "en", prefix: str = "") -> str | None:
    """The tokens of a deeper menu level ("tenerife …") in the reader's words, or None; a
    planting's helper ("west …" under "farm palma wine ") in any language."""
    from games.core.messages import normalize_locale

    if prefix.startswith("farm ") and text in ("west", "east"):
        return join(_helpers([text], locale), locale)
    if normalize_locale(locale) == "en":
        return None
    worded = " ".join(token(t, locale) for t in text.split())
    return None if worded == text else render(msg("bot.menu.verb", word=worded, verb=text), locale)


def same(move: str) -> str:
    """One key for moves that do the same ("farm palma grain sugar" and "farm palma sugar grain"),
    so a menu lists it once."""
    words = move.split()
    if len(words) > 3 and words[0] in UNORDERED:  # the helpers stay last; a stem stays a stem (it goes on)
        rest = words[2:]
        ships = [t for t in rest if t in ("west", "east")]
        key = words[:2] + sorted(t for t in rest if t not in ships) + sorted(ships)
        return " ".join(key) + (" " if move.endswith(" ") else "")
    return move


def _is_place(tok: str) -> bool:
    from games.west_of_africa.data import ISLAND_KEYS

    return tok in ISLAND_KEYS or tok in ("west", "east")


def token(tok: str, locale: str) -> str:
    """One token of a move in the reader's words (the token itself when it is not a game word)."""
    from games.west_of_africa import messages as WM
    from games.west_of_africa.data import COLOURS, CROPS, ISLAND_KEYS

    if tok in ISLAND_KEYS:
        return render(WM.island(tok), locale)
    if tok in CROPS:
        return render(WM.crop(tok), locale)
    if tok[:1] in "+-" and tok[1:] in CROPS:
        return render(msg("bot.menu.woa.load" if tok[0] == "+" else "bot.menu.woa.unload", crop=WM.crop(tok[1:])),
                      locale)
    if tok in ("west", "east"):
        return render(msg(f"woa.ship.{tok}"), locale)
    if tok.startswith("dual-"):
        return render(msg("bot.menu.woa.dual", what=token(tok[5:], locale)), locale)
    if tok in ("6", "9", "12"):
        return render(msg("bot.menu.woa.cost", n=tok), locale)
    if tok in COLOURS:
        return render(msg("bot.menu.woa.bump", colour=msg(f"bot.menu.woa.colour.{tok}")), locale)
    if tok == "bump":
        return ""
    return tok


# --- what the table asks -------------------------------------------------------------------
def prompt(engine, state, view, seat: int, vs: list[str]) -> Msg | None:
    """What ``seat`` is asked now (``bot.table.prompts``), from the public view and ``vs``, the first
    words of its legal moves."""
    if "choose" in vs:
        return msg("bot.ask.woa.choose")
    if "retreat" in vs:
        return msg("bot.ask.woa.retreat")
    if vs == ["place"]:
        return msg("bot.ask.woa.place")
    offered = choices("woa", [v for v in vs if v != "done"])
    if not offered:
        return msg("bot.ask.woa.done")
    return msg("bot.ask.woa.actions", choices=offered)


# --- its words ---------------------------------------------------------------------------------
#: notation verb -> zh-TW word (the menus show it beside the notation: 建造（build）)
VERBS_ZH = {
    "build": "建造定居小屋", "choose": "挑選卡片", "done": "結束回合", "farm": "耕種作物", "move": "移動工人",
    "place": "放船", "ship": "移動船", "sell": "出售作物", "retreat": "撤退",
}


def _island(word: str, island: str, locale: str | None) -> str:
    from games.core.messages import CATALOGS
    from games.west_of_africa import messages as WM

    if f"woa.island.{island}" not in CATALOGS["en"]:
        return f"{word} {island}"
    return render(Msg("bot.menu.onto", {"word": word, "what": WM.island(island)}), locale)


#: verb -> how its argument reads when it is an id rather than a word
VERB_ARGS = {"place": _island, "retreat": _island}


#: option name -> zh-TW description (the English is the engine's)
OPTIONS_ZH = {
    "end": "有人達 25 分或蓋滿 20 間小屋後：extra-round 再玩完整的一輪，或立即結束",
}

#: the engine's English "not verified" line -> zh-TW
UNVERIFIED_ZH = {
    "the initiative number on each card (the range 0 to 8 and the Minus 4 card are published)":
        "每張卡的先手數字（0 到 8 的範圍與 -4 卡已公開）",
    "the crop fields, house spaces and house costs on each island": "每座島的作物田、小屋格與小屋費用",
    "how many blocker houses stand on each settlement island with 2 or 3 players":
        "2 或 3 人時每座定居島上放幾間阻擋小屋",
    "where a ship pushed west out of La Palma goes (El Hierro)": "從拉帕爾馬島往西被擠出的船去哪裡（耶羅島）",
    "whether workers may move back onto a ship (no)": "工人能否回到船上（不能）",
    "who receives a passed Minus 4 card (the next seat)": "傳出的 -4 卡由誰收下（下一個座位）",
}

#: the /help sheet in zh-TW: the notation explained, the notation itself unchanged
HELP_ZH = """\
七島：大家同時秘密挑選卡片，再依順位輪流執行行動；`done` 結束你的回合。
`choose tenerife farm sell`　挑 1-5 張卡（第 5 張要付 4 元）；`minus` 是 -4 卡
`place gomera`　第 1 輪：把你的船放到空的停泊處
`move west gomera tenerife`　移動一個工人（每條航道 1 步，每回合 4 步）
`farm palma wine wine west`　耕種作物；每個 `west`/`east` 代表該處一名工人幫忙（每個作物 -1 元），之後到那艘船上
`farm tenerife dual-sugar`　種在兩用田上
`sell canaria [wine]`　從該島倉庫出售全部（或列出的）作物
`build lanzarote 6 9`　建造定居小屋（限市長），寫出空格的價格；`dual-6` 是兩用空格
`ship tenerife +sugar canaria fuerteventura [bump blue]`　航行最多 3 個港口；`+作物` 裝貨，`-作物` 卸貨
`retreat palma`　被擠走的船選擇拉帕爾馬島或耶羅島
`done`　結束你的回合
島嶼：hierro（耶羅島）palma（拉帕爾馬島）gomera（拉戈梅拉島）tenerife（特內里費島）canaria（大加那利島）\
fuerteventura（富埃特文圖拉島）lanzarote（蘭薩羅特島），全名或開頭幾個字母都可以。
作物：`sugar`（蔗糖）`wine`（葡萄酒）`grain`（穀物）。
卡片：各島嶼、workers（移動工人）、ship（移動船）、farm（耕種作物）、sell（出售作物）、build（建造定居小屋）、\
minus（-4 卡）；也可以用 1-13 的順序編號（`choose 4 10 11`）。"""


#: its sentences: what the table asks, its menus' words, its turn summaries (``bot.table.prompts``,
#: ``menus``, ``turns``)
EN = {
    "bot.ask.woa.choose": "choose your cards (secret)",
    "bot.ask.woa.retreat": "your ship was pushed: choose its harbour",
    "bot.ask.woa.place": "put your ship on an empty berth",
    "bot.ask.woa.actions": "your turn: {choices}, or done",
    "bot.ask.woa.done": "your turn: nothing left to do but done",
    "bot.ask.woa.verb.move": "move workers",
    "bot.ask.woa.verb.farm": "farm",
    "bot.ask.woa.verb.sell": "sell",
    "bot.ask.woa.verb.build": "build",
    "bot.ask.woa.verb.ship": "sail",
    "bot.ask.woa.verb.place": "place your ship",
    "bot.menu.cards": "Choose 1 to 5 cards (a 5th card costs {cost} coins)",
    "bot.menu.card_total": "total {total}",
    "bot.menu.card": "number {n}",
    "bot.menu.card_fifth": "total {total}; 5 cards: -{cost} coins",
    # West of Africa menus: a move's islands, crops and ships in the reader's words
    "bot.menu.woa.load": "load {crop}",
    "bot.menu.woa.unload": "unload {crop}",
    "bot.menu.woa.dual": "dual-use {what}",
    "bot.menu.woa.cost": "{n}-coin space",
    "bot.menu.woa.helpers": {"one": "a worker here helps, then goes to {ship}",
                             "other": "{n} workers here help, then go to {ship}"},
    "bot.menu.woa.bump": "bump {colour}",
    "bot.menu.woa.colour.red": "red", "bot.menu.woa.colour.blue": "blue", "bot.menu.woa.colour.green": "green",
    "bot.menu.woa.colour.yellow": "yellow", "bot.menu.woa.colour.purple": "purple",
}

ZH = {
    "bot.ask.woa.choose": "請秘密選擇你的卡片",
    "bot.ask.woa.retreat": "你的船被擠開了：請選擇它要去的港口",
    "bot.ask.woa.place": "請把你的船放到空的停泊處",
    "bot.ask.woa.actions": "輪到你了：{choices}，或結束（done）",
    "bot.ask.woa.done": "輪到你了：已無事可做，請結束（done）",
    "bot.ask.woa.verb.move": "移動工人",
    "bot.ask.woa.verb.farm": "耕種作物",
    "bot.ask.woa.verb.sell": "出售作物",
    "bot.ask.woa.verb.build": "建造定居小屋",
    "bot.ask.woa.verb.ship": "移動船",
    "bot.ask.woa.verb.place": "放置船隻",
    "bot.menu.cards": "選擇 1 到 5 張卡（第 5 張要付 {cost} 元）",
    "bot.menu.card_total": "總和 {total}",
    "bot.menu.card": "數字 {n}",
    "bot.menu.card_fifth": "總和 {total}；5 張卡：-{cost} 元",
    "bot.menu.woa.load": "裝上{crop}",
    "bot.menu.woa.unload": "卸下{crop}",
    "bot.menu.woa.dual": "兩用地{what}",
    "bot.menu.woa.cost": "{n} 元空地",
    "bot.menu.woa.helpers": "島上 {n} 名工人協助，之後前往{ship}",
    "bot.menu.woa.bump": "擠走{colour}的船",
    "bot.menu.woa.colour.red": "紅色", "bot.menu.woa.colour.blue": "藍色", "bot.menu.woa.colour.green": "綠色",
    "bot.menu.woa.colour.yellow": "黃色", "bot.menu.woa.colour.purple": "紫色",
}

#: events a turn's post need not repeat once the seat did anything else (the post IS the turn's end)
QUIET_EVENTS = frozenset({"woa.ev.ends_turn"})


#: the marks its catalog keys carry ("woa.ev.build", "bot.ask.tm.leech": ``bot.table.glossary``)
KEY_MARKS = ("woa", "west-of-africa")

#: its zh-TW terms, from its seed: concept -> (term, variants never to write, the seed's words or None)
GLOSSARY = {
    "mayor": ("市長", ("鎮長", "島長"), "為 7 個島嶼決定市長"),
    "berth": ("停泊處", ("碼頭", "空的港口"), "每座島嶼有 1 個、2 個,或 5 個港口的停泊處"),
}

#: the message key of a seat's role in its records (``bot.table.records.roles``)
ROLE_KEY = "bot.menu.woa.colour.{role}"
#: a seat's role in the records (its colour): this field of the public view's player entry
ROLE_FIELD = "colour"


# --- the board as text (``/game status detail:full``): the words of the facts its view gives
#: (``games.west_of_africa.view.facts``, keys ``woa.fact.*``), worded by ``bot.table.board_text``
BOARD_EN = {
    "woa.fact.round": "Round {round}; phase: {phase}.",
    "woa.fact.phase.choose": "choosing cards", "woa.fact.phase.actions": "actions", "woa.fact.phase.over": "game over",
    "woa.fact.final_round": "The game ends after round {round}.",
    "woa.fact.none": "none",
    "woa.fact.count": "{n} {what}",
    "woa.fact.of": "{who} {n}",
    "woa.fact.order": "Turn order: {seats}.",
    "woa.fact.settled": "Settlements this round: {n}; houses in the supply: {supply}.",
    "woa.fact.player": "{who}: {coins} coins, {points} points, minus cards: {minus}; free crops: {crops}; "
                       "mayor of: {mayor}.",
    "woa.fact.cards": "{who} revealed {cards} (total {total}).",
    "woa.fact.total": "{who}'s cards total {total}.",
    "woa.fact.ready": "{who} has chosen cards.",
    "woa.fact.choosing": "{who} is choosing cards.",
    "woa.fact.ship": "{who}'s ship is at {where}.",
    "woa.fact.at.west": "the western edge", "woa.fact.at.east": "the eastern edge",
    "woa.fact.island": "{island}: price {price}, {berths} berths; ships in harbour: {ships}.",
    "woa.fact.plot.field": "plot {n}: {crop} field",
    "woa.fact.plot.dual": "plot {n}: {crop} field or building site, cost {cost}",
    "woa.fact.plot.site": "plot {n}: building site, cost {cost}",
    "woa.fact.house": "{who}'s house",
    "woa.fact.neutral_house": "a neutral house",
    "woa.fact.planted": "{crop} planted by {who}",
    "woa.fact.plot": "{parts}",
    "woa.fact.plots": "{island} plots: {plots}.",
    "woa.fact.store": "{who}: {crops}",
    "woa.fact.island_people": "{island}: workers {workers}; warehouse {stores}; influence {influence}; mayor {mayor}.",
    "woa.fact.worker_ship": "The {side} worker ship carries: {workers}.",
    "woa.fact.to_move": "Waiting for: {seats}.",
}

BOARD_ZH = {
    "woa.fact.round": "第 {round} 輪；階段：{phase}。",
    "woa.fact.phase.choose": "選牌", "woa.fact.phase.actions": "行動", "woa.fact.phase.over": "遊戲結束",
    "woa.fact.final_round": "遊戲在第 {round} 輪後結束。",
    "woa.fact.none": "無",
    "woa.fact.count": "{what} {n}",
    "woa.fact.of": "{who} {n}",
    "woa.fact.order": "行動順序：{seats}。",
    "woa.fact.settled": "本輪殖民數：{n}；供應區房屋：{supply}。",
    "woa.fact.player": "{who}：{coins} 元、{points} 分、{minus} 張 -4 卡；自由作物：{crops}；擔任市長：{mayor}。",
    "woa.fact.cards": "{who} 翻開 {cards}（合計 {total}）。",
    "woa.fact.total": "{who} 的卡片合計 {total}。",
    "woa.fact.ready": "{who} 已選好卡片。",
    "woa.fact.choosing": "{who} 正在選牌。",
    "woa.fact.ship": "{who} 的船在{where}。",
    "woa.fact.at.west": "西側邊緣", "woa.fact.at.east": "東側邊緣",
    "woa.fact.island": "{island}：價格 {price}、{berths} 個泊位；港內船隻：{ships}。",
    "woa.fact.plot.field": "第 {n} 格：{crop}田",
    "woa.fact.plot.dual": "第 {n} 格：{crop}田或建地，費用 {cost}",
    "woa.fact.plot.site": "第 {n} 格：建地，費用 {cost}",
    "woa.fact.house": "{who} 的房屋",
    "woa.fact.neutral_house": "中立房屋",
    "woa.fact.planted": "{who} 種了{crop}",
    "woa.fact.plot": "{parts}",
    "woa.fact.plots": "{island}的土地：{plots}。",
    "woa.fact.store": "{who}：{crops}",
    "woa.fact.island_people": "{island}：工人 {workers}；倉庫 {stores}；影響力 {influence}；市長 {mayor}。",
    "woa.fact.worker_ship": "{side}工人船上：{workers}。",
    "woa.fact.to_move": "等待：{seats}。",
}


register_words("west-of-africa", en=EN | BOARD_EN, zh=ZH | BOARD_ZH, verbs=VERBS_ZH, options=OPTIONS_ZH, unverified=UNVERIFIED_ZH, help_zh=HELP_ZH)
