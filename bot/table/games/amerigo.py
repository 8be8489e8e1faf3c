"""Amerigo's plug file (see ``bot.table.games``): its prompt and menus. A tile placement is one
pick from a menu of whole legal placements (shape + squares), never square by square; the squares' order does not matter,
so each placement is listed once. Past 25 placements they are grouped by anchor (the first
square)."""

from __future__ import annotations

from games.core.messages import Msg, msg, render
from games.core.notation import is_number

from ...words import texts
from ..menus import LIMIT, Menu, Option
from . import register_words

#: legal_moves calls spent enumerating placements
BUDGET = 400


def placements(engine, state, seat: int, prefix: str) -> list[str] | None:
    """Every placement under ``prefix`` ("n u5 ", "v 1 "), one per set of squares."""
    out: dict[frozenset, str] = {}
    seen: set[frozenset] = set()
    stack = [prefix]
    calls = 0
    while stack:
        p = stack.pop()
        calls += 1
        if calls > BUDGET:
            return None
        for m in engine.legal_moves(state, seat, p):
            squares = frozenset(m[len(prefix):].split())
            if m.endswith(" "):
                if squares not in seen:
                    seen.add(squares)
                    stack.append(m)
            else:
                out.setdefault(squares, m)
    return list(out.values())


def same(move: str) -> str:
    """One key for a placement whatever the order of its squares ("v o4 V13 U13 V12 U12" and
    "v o4 U12 U13 V12 V13"), so a menu lists it once."""
    words = move.split()
    if len(words) > 3 and words[0] in ("n", "v"):
        return " ".join(words[:2] + sorted(words[2:])) + (" " if move.endswith(" ") else "")
    return move


def _is_placement_stem(prefix: str) -> bool:
    words = prefix.split()
    return prefix.endswith(" ") and len(words) == 2 and words[0] in ("n", "v")


def menu(engine, state, seat: int, prefix: str, locale: str = "en") -> Menu | None:
    anchor = None
    if prefix.count("@"):
        prefix, anchor = prefix.split("@", 1)
    if not _is_placement_stem(prefix):
        return None
    found = placements(engine, state, seat, prefix)
    if not found:
        return None
    shape = prefix.split()[1]
    out = Menu(title="", prefix=prefix)

    def option(m: str) -> Option:
        squares = " ".join(sorted(m[len(prefix):].split()))
        return Option(render(msg("bot.menu.placement", shape=shape, squares=squares), locale)[:100], f"m:{m}"[:100])

    if len(found) <= LIMIT:
        out.options = [option(m) for m in found]
        return out
    by_anchor: dict[str, list[str]] = {}
    for m in found:
        by_anchor.setdefault(min(m[len(prefix):].split()), []).append(m)
    if anchor is not None:
        out.options = [option(m) for m in by_anchor.get(anchor, [])[:LIMIT]]
        return out
    for square, ms in list(by_anchor.items())[:LIMIT]:
        out.options.append(Option(render(msg("bot.menu.anchor", square=square), locale) + f" ({len(ms)})",
                                  f"s:{prefix}@{square}"[:100]))
    return out


# --- what the table asks -------------------------------------------------------------------
AMERIGO_SUB = {"plan": "bot.ask.amerigo.plan", "produce": "bot.ask.amerigo.produce", "build": "bot.ask.amerigo.build"}


def _ships_left(turn) -> list[Msg]:
    """What each ship has left in a sailing action: every ship has the action's whole budget
    (``points_left`` is the budget less the longest voyage, 0 while the other ship has not
    moved); a ship that built a post stays where it is."""
    budget = int(turn.get("budget") or 0)
    posted = list(turn.get("posted") or [])
    out = []
    for i, moved in enumerate(turn.get("moved") or []):
        if i < len(posted) and posted[i]:
            out.append(msg("bot.ask.amerigo.ship_stays", i=i + 1))
        else:
            out.append(msg("bot.ask.amerigo.ship_left", i=i + 1, n=max(0, budget - int(moved))))
    return out


def prompt(engine, state, view, seat: int, vs: list[str]) -> Msg | None:
    """What ``seat`` is asked now (``bot.table.prompts``), from the public view and ``vs``, the first
    words of its legal moves."""
    turn = view.get("turn") or {}
    colour = msg(f"bot.ask.amerigo.colour.{view.get('phase')}") if texts.has(
        f"bot.ask.amerigo.colour.{view.get('phase')}") else str(view.get("phase") or "")
    if turn and turn.get("seat") == seat:
        action = turn.get("action")
        if action == "develop" or vs == ["take"]:
            return msg("bot.ask.amerigo.take", n=int(turn.get("picks") or 1))
        if vs == ["place"] or (action == "sail" and "place" in vs):   # ("use sail8" may be offered too)
            return msg("bot.ask.amerigo.place")
        if action == "sail" and turn.get("moved") is not None:
            return msg("bot.ask.amerigo.sail", ships=_ships_left(turn))
        key = AMERIGO_SUB.get(action)
        if key:
            return msg(key, n=int(turn.get("points_left") or 0))
    return msg("bot.ask.amerigo.action", colour=colour, n=int(view.get("ap") or 0))


# --- its words ---------------------------------------------------------------------------------
#: notation verb -> zh-TW word (the menus show it beside the notation: 建造（build）)
VERBS_ZH = {
    "build": "建造", "buy": "購買生產", "cannon": "裝填砲彈", "coins": "拿取金幣", "develop": "發展軌",
    "done": "完成", "order": "特殊行動軌", "place": "放船", "plan": "計畫", "post": "建立交易站",
    "produce": "生產", "sail": "移動船隻", "ship": "航行", "take": "拿取發展板塊", "use": "使用", "vp": "使用分數板塊",
    "n": "中立板塊", "v": "村莊板塊",
}


#: notation verb -> English word, where the notation is a code rather than a word
VERBS_EN = {"n": "plan a neutral tile", "v": "plan a village tile", "develop": "progress track",
            "order": "special action track", "cannon": "load cannons", "take": "take the tile",
            "use": "use the tile", "buy": "buy a production tile", "vp": "use the VP tile"}

def _tile(word: str, tile: str, locale: str | None) -> str:
    from renderers.amerigo_labels import dev_name
    from renderers.amerigo_labels import word as board_word

    name = board_word("ame.board.lg.chest", locale) if tile == "chest" else dev_name(tile, locale)
    if name.startswith("ame.board."):  # no such tile: the id as typed
        return f"{word} {tile}"
    return render(Msg("bot.menu.named", {"word": word, "name": name}), locale)


def _steps(word: str, n: str, locale: str | None) -> str:
    """A track advanced by ``n`` ("develop 4": progress track +4)."""
    return f"{word} +{n}" if is_number(n) else f"{word} {n}"


def _rim(word: str, space: str, locale: str | None) -> str:
    n = space[3:]
    if not (space.startswith("rim") and is_number(n, 3)):
        return f"{word} {space}"
    return render(Msg("bot.menu.rim", {"word": word, "n": n}), locale)


#: verb -> how its argument reads when it is an id rather than a word
VERB_ARGS = {"take": _tile, "use": _tile, "place": _rim, "develop": _steps, "order": _steps, "cannon": _steps}


def token(verb: str, after: str, tok: str, locale: str | None) -> str | None:
    """One argument of a menu verb in words: a good, a production tile with its number (coconut2: 椰子 2)."""
    from games.core.messages import CATALOGS

    key = next((k for k in (f"ame.shape.{tok}", f"ame.good.{tok.rstrip('0123456789')}") if k in CATALOGS["en"]), None)
    if key is None:
        return None
    if key.startswith("ame.good.") and is_number(tok[-1:]):  # a production tile: its good and number
        return f"{render(Msg(key, {}), locale)} {tok[len(tok.rstrip('0123456789')):]}"
    return render(Msg(key, {"p": tok.upper()}), locale)


#: option name -> zh-TW description (the English is the engine's)
OPTIONS_ZH = {
    "pirates_others": "英文版對「海盜 +2」發展板塊的解讀：只對其他玩家強 2（預設依規則整理：對所有玩家，擁有者也算）",
}

#: the engine's English "not verified" line -> zh-TW
UNVERIFIED_ZH = {
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
}

#: the /help sheet in zh-TW: the notation explained, the notation itself unchanged
HELP_ZH = """\
亞美利哥：`coins`、`cannon 4`、`sail` 接著 `ship 1 C7`/`post C8`/`done`、`build` 接著 `n i3 C5 C6 C7`。
每個階段倒入一種顏色的行動方塊；顯示的方塊數 = 可用的行動點數，數量最多的顏色 = 分數。
`coins`：不執行行動，改拿錢（方塊數 / 3，無條件進位）。多拿的分數每分 1 元，自動支付。
`cannon N` 裝填砲彈（黑色）｜`develop N` 發展軌（棕色），每經過一個數字就 `take <板塊>`
`order N` 特殊行動軌（白色）｜白色方塊也算你特殊行動軌圓盤下方的顏色
`sail`（藍色）：第一次 `place rim3` 兩次（外框格由左上角順時針為 rim1、rim2⋯），`ship 1 C7`（每步花點數，每艘船都有全部點數），
　`post C8` 在你的船停靠的錨旁邊設交易站，`use sail8`，`done`
`plan`（紅色）：`n i3` 拿一塊中立景觀板塊（花費 = 大小，每階段一塊），`v l3` 自己的村莊板塊（花費 1），`done`
`build`（綠色）：在你有交易站的島上 `n i3 C5 C6 C7` 或 `v 1 D4`，要碰到你的交易站或板塊，`done`
`produce`（黃色）：`buy cotton3`（花費 = 數字），`done`
`vp`、`first`、`use chest`、`use coins3`、`use coins5`：一次性板塊與藏寶箱
形狀：1 2 i3 l3 i4 o4 u5 r6。貨物：`cotton`（棉花）`tea`（茶葉）`sugar`（蔗糖）`coconut`（椰子）`coffee`（咖啡）。格子：欄字母 + 列數（C7）；外框格：rim1⋯。"""


#: its sentences: what the table asks, its menus' words, its turn summaries (``bot.table.prompts``,
#: ``menus``, ``turns``)
EN = {
    "bot.turn.g.ame_place": "puts {n} ships on {space}",
    "bot.turn.g.ame_take_dev": "takes {n} development tiles: {desc}",
    "bot.ask.amerigo.action": {"one": "your turn: {colour} phase, 1 action point",
                           "other": "your turn: {colour} phase, {n} action points"},
    "bot.ask.amerigo.plan": {"one": "plan: take tiles (1 point left) or done",
                         "other": "plan: take tiles ({n} points left) or done"},
    # a sailing action: each ship has the whole budget ("ship 1: 1 step left, ship 2: 3 steps left")
    "bot.ask.amerigo.sail": "sail: move ships ({ships}), build posts, or done",
    "bot.ask.amerigo.ship_left": {"one": "ship {i}: 1 step left", "other": "ship {i}: {n} steps left"},
    "bot.ask.amerigo.ship_stays": "ship {i} stays by its new post",
    "bot.ask.amerigo.produce": {"one": "produce: buy production tiles (1 point left) or done",
                            "other": "produce: buy production tiles ({n} points left) or done"},
    "bot.ask.amerigo.build": {"one": "build: place tiles (1 point left) or done",
                          "other": "build: place tiles ({n} points left) or done"},
    "bot.ask.amerigo.take": {"one": "take 1 development tile", "other": "take {n} development tiles"},
    "bot.ask.amerigo.place": "put your ships on the frame (rim1, rim2.. round the map)",
    "bot.ask.amerigo.colour.blue": "blue",
    "bot.ask.amerigo.colour.black": "black",
    "bot.ask.amerigo.colour.red": "red",
    "bot.ask.amerigo.colour.brown": "brown",
    "bot.ask.amerigo.colour.green": "green",
    "bot.ask.amerigo.colour.yellow": "yellow",
    "bot.ask.amerigo.colour.white": "white",
    "bot.menu.placement": "{shape} at {squares}",
    "bot.menu.anchor": "Tiles touching {square}",
}

ZH = {
    "bot.turn.g.ame_place": "把 {n} 艘船放到 {space}",
    "bot.turn.g.ame_take_dev": "拿取 {n} 個發展板塊：{desc}",
    "bot.ask.amerigo.action": {"other": "輪到你了：{colour}階段，{n} 點行動點數"},
    "bot.ask.amerigo.plan": {"other": "規劃：拿取板塊（剩 {n} 點）或結束"},
    "bot.ask.amerigo.sail": "航行：移動船隻（{ships}）、建立交易站，或結束",
    "bot.ask.amerigo.ship_left": {"other": "{i} 號船還有 {n} 步"},
    "bot.ask.amerigo.ship_stays": "{i} 號船停在新交易站旁",
    "bot.ask.amerigo.produce": {"other": "生產：購買生產板塊（剩 {n} 點）或結束"},
    "bot.ask.amerigo.build": {"other": "建造：放置板塊（剩 {n} 點）或結束"},
    "bot.ask.amerigo.take": {"other": "請拿取 {n} 個發展板塊"},
    "bot.ask.amerigo.place": "請把你的船放到外框格上（rim1、rim2⋯沿地圖外圈）",
    "bot.ask.amerigo.colour.blue": "藍色",
    "bot.ask.amerigo.colour.black": "黑色",
    "bot.ask.amerigo.colour.red": "紅色",
    "bot.ask.amerigo.colour.brown": "棕色",
    "bot.ask.amerigo.colour.green": "綠色",
    "bot.ask.amerigo.colour.yellow": "黃色",
    "bot.ask.amerigo.colour.white": "白色",
    "bot.menu.placement": "{shape} 放在 {squares}",
    "bot.menu.anchor": "接觸 {square} 的板塊",
}

#: events a turn's post need not repeat once the seat did anything else (the post IS the turn's end)
QUIET_EVENTS = frozenset({"ame.ev.may_take", "ame.ev.end_action.sail", "ame.ev.end_action.plan",
                          "ame.ev.end_action.build", "ame.ev.end_action.produce", "ame.ev.end_action.develop"})

#: repeated events told once: event key -> (summary key, the params gathered in a list)
GROUPS = {
    "ame.ev.place": ("bot.turn.g.ame_place", ("i", "space")),
    "ame.ev.take_dev": ("bot.turn.g.ame_take_dev", ("dev", "desc")),
}


#: the marks its catalog keys carry ("woa.ev.build", "bot.ask.tm.leech": ``bot.table.glossary``)
KEY_MARKS = ("ame", "amerigo")

#: its zh-TW terms, from its seed: concept -> (term, variants never to write, the seed's words or None)
GLOSSARY = {
    "cube tower": ("骰塔", ("方塊塔",), "骰塔"),
    "trading post": ("交易站", ("貿易站",), "交易站"),
}


# --- the board as text (``/game status detail:full``): the words of the facts its view gives
#: (``games.amerigo.view.facts``, keys ``ame.fact.*``), worded by ``bot.table.board_text``
BOARD_EN = {
    "ame.fact.round": "Round {round}; phase: {phase}; time {time}; {ap} action points from {cubes} cubes.",
    "ame.fact.none": "none",
    "ame.fact.count": "{what} {n}",
    "ame.fact.tower": "Cubes in the tray: {tray}; inside the tower: {inside}; in the stock: {stock}.",
    "ame.fact.pirates": "Pirates revealed, strengths: {revealed}; {hidden} still face down.",
    "ame.fact.slot": "{n}. {tile}",
    "ame.fact.dev_left": "Development tiles on the left: {tiles}.",
    "ame.fact.dev_right": "Development tiles on the right: {tiles}.",
    "ame.fact.dev_deck": "{n} development tiles in the deck.",
    "ame.fact.stack": "stack {name}: {n}",
    "ame.fact.prod": "Production tiles on display: {tiles}; face down: {stacks}.",
    "ame.fact.neutral": "Neutral tiles left: {items}.",
    "ame.fact.big": "large", "ame.fact.small": "small",
    "ame.fact.chest": ", with a treasure chest",
    "ame.fact.done": ", completed by {who}",
    "ame.fact.closed": ", completed",
    "ame.fact.island": "Island {n}: {kind}, {size} squares{chest}{done}.",
    "ame.fact.posts": "{who}'s trading posts ({n}): {cells}.",
    "ame.fact.placed": "{what} on {cells}",
    "ame.fact.tiles": "{who}'s tiles on the islands: {tiles}.",
    "ame.fact.goods_at": "{good} on the map ({n}): {cells}.",
    "ame.fact.player": "{who}: {vp} points, {coins} coins, {cannons} cannons, development {develop}, "
                       "order track {special}, {posts} trading posts left, {chests} treasure chests.",
    "ame.fact.ships": "{who}'s ships at: {where}.",
    "ame.fact.production": "{who}'s production: {items}; goods: {goods}.",
    "ame.fact.devs": "{who}'s development tiles: {tiles}.",
    "ame.fact.village": "{who}'s village tiles left: {items}.",
    "ame.fact.hand": "{who} holds: {items}.",
    "ame.fact.to_move": "Waiting for: {seats}.",
}

BOARD_ZH = {
    "ame.fact.round": "第 {round} 回合；階段：{phase}；時間 {time}；{cubes} 個方塊給 {ap} 點行動力。",
    "ame.fact.none": "無",
    "ame.fact.count": "{what} {n}",
    "ame.fact.tower": "托盤中的方塊：{tray}；塔內：{inside}；庫存：{stock}。",
    "ame.fact.pirates": "已翻開的海盜，強度：{revealed}；還有 {hidden} 張蓋著。",
    "ame.fact.slot": "{n}. {tile}",
    "ame.fact.dev_left": "左側的發展板塊：{tiles}。",
    "ame.fact.dev_right": "右側的發展板塊：{tiles}。",
    "ame.fact.dev_deck": "發展板塊牌堆還有 {n} 張。",
    "ame.fact.stack": "{name} 堆：{n}",
    "ame.fact.prod": "展示中的生產板塊：{tiles}；蓋著的：{stacks}。",
    "ame.fact.neutral": "剩下的中立板塊：{items}。",
    "ame.fact.big": "大", "ame.fact.small": "小",
    "ame.fact.chest": "，有寶箱",
    "ame.fact.done": "，由 {who} 完成",
    "ame.fact.closed": "，已完成",
    "ame.fact.island": "第 {n} 座島：{kind}島，{size} 格{chest}{done}。",
    "ame.fact.posts": "{who} 的交易站（{n}）：{cells}。",
    "ame.fact.placed": "{what}在 {cells}",
    "ame.fact.tiles": "{who} 在島上的板塊：{tiles}。",
    "ame.fact.goods_at": "地圖上的{good}（{n}）：{cells}。",
    "ame.fact.player": "{who}：{vp} 分、{coins} 元、{cannons} 門大砲、發展 {develop}、順序軌 {special}、"
                       "剩 {posts} 個交易站、{chests} 個寶箱。",
    "ame.fact.ships": "{who} 的船在：{where}。",
    "ame.fact.production": "{who} 的生產：{items}；貨物：{goods}。",
    "ame.fact.devs": "{who} 的發展板塊：{tiles}。",
    "ame.fact.village": "{who} 剩下的村莊板塊：{items}。",
    "ame.fact.hand": "{who} 手上有：{items}。",
    "ame.fact.to_move": "等待：{seats}。",
}


register_words("amerigo", en=EN | BOARD_EN, zh=ZH | BOARD_ZH, verbs=VERBS_ZH, verbs_en=VERBS_EN, options=OPTIONS_ZH, unverified=UNVERIFIED_ZH,
               help_zh=HELP_ZH)
