"""Altiplano's plug file (see ``bot.table.games``): its prompt and menus. Planning (tile to action
space) and actions are whole moves from ``legal_moves``; the menus only name them the way the
board does, in the reader's words."""

from __future__ import annotations

from games.core.messages import Msg, msg, render

from ..verbs import keyed
from . import register_words


def progress(engine, state, seat: int):
    """The seat's planning so far, for its eyes only: each tile it planned this round and where,
    and the tiles still in its planning row (``None`` outside the planning phase)."""
    from games.altiplano import messages as M

    if state.get("phase") != "plan":
        return None
    p = state["seats"][seat]
    planned = [msg("bot.alt.pair", good=M.good(good), space=M.space(space)) for space, good in p.get("added") or []]
    left = [M.good(good) for good in p.get("slots") or [] if good]
    return msg("bot.alt.progress", planned=planned or msg("core.none"), left=left or msg("core.none"))


def label(engine, state, seat: int, move: str, locale: str = "en"):
    from games.altiplano import messages as M

    from ...words.i18n import tr

    words = move.split()
    if len(words) == 3 and words[0] in ("plan", "unplan"):
        arrow = "→" if words[0] == "plan" else "←"
        return f"{tr(M.good(words[1]), locale)} {arrow} {tr(M.space(words[2]), locale)}", ""
    if len(words) == 4 and words[0] == "keep" and words[2] == "give":  # the mission variant's first pick
        return tr(msg("bot.alt.keep", kept=words[1].upper(), given=words[3].upper()), locale), ""
    return None


# --- what the table asks -------------------------------------------------------------------
def prompt(engine, state, view, seat: int, vs: list[str]) -> Msg | None:
    """What ``seat`` is asked now (``bot.table.prompts``), from the public view and ``vs``, the first
    words of its legal moves."""
    phase = view.get("phase")
    if phase == "plan":
        if "draw" in vs:
            return msg("bot.ask.altiplano.draw")
        return msg("bot.ask.altiplano.plan")
    if phase == "act":
        if vs == ["pass"]:
            return msg("bot.ask.altiplano.pass_only")
        if "move" in vs or "step" in vs:
            return msg("bot.ask.altiplano.act_move")
        return msg("bot.ask.altiplano.act")
    if "final" in vs:
        return msg("bot.ask.altiplano.final")
    if "corn" in vs:
        return msg("bot.ask.altiplano.corn")
    for verb, key in (("pick", "role"), ("keep", "keep"), ("choose", "choose")):  # the set-up's choices
        if verb in vs:
            return msg(f"bot.ask.altiplano.{key}")
    return None


# --- its words ---------------------------------------------------------------------------------
#: notation verb -> zh-TW word (the menus show it beside the notation: 建造（build）)
VERBS_ZH = {
    "coin": "放錢幣", "done": "完成", "draw": "抽取板塊", "market": "市場行動", "move": "移動棋子",
    "pass": "跳過", "plan": "規劃板塊", "return": "拿回板塊", "step": "多走一步", "uncoin": "拿回錢幣",
    "unplan": "取消規劃", "use": "使用板塊", "village": "村莊行動", "farm": "農場行動", "forest": "森林行動",
    "mine": "礦場行動", "harbor": "港口行動", "road": "道路行動", "swap": "交換", "corn": "玉米",
    "final": "終局儲存", "pick": "選擇角色", "keep": "保留任務卡", "choose": "選擇任務卡",
}


def _space(word: str, space: str, locale: str | None) -> str:
    from games.altiplano import messages as AM

    return render(Msg("bot.menu.onto", {"word": word, "what": AM.space(space)}), locale)


#: verb -> how its argument reads when it is an id rather than a word
VERB_ARGS = {"coin": _space, "move": _space, "step": _space}


def token(verb: str, after: str, tok: str, locale: str | None) -> str | None:
    """One argument of a menu verb in words: an action, a good or a place (store alpaca: 存放貨物 羊駝)."""
    from renderers import altiplano_labels  # noqa: F401  (registers Altiplano's action names)

    return keyed([f"alt.board.act.{verb}.{tok}", f"alt.good.{tok}", f"alt.space.{tok}"], tok, locale)


#: option name -> zh-TW description (the English is the engine's)
OPTIONS_ZH = {
    "roles": "角色板塊：deal 隨機發給，或 draft 公開輪選",
    "missions": "任務變體：發 3 張、留 1 張，其餘傳給下家",
    "extra_round": "出版版本的結束方式：觸發結束的那一輪之後再玩完整的一輪（預設依規則整理：觸發的那一輪結束就結束）",
}

#: the engine's English "not verified" line -> zh-TW
UNVERIFIED_ZH = {
    "each extension tile's price, stack letter and player mark, and which effects come twice":
        "每張擴展板塊的價格、疊放字母與玩家標記，以及哪些效果有兩張",
    "the strip surcharge of slots 3 to 5 (+1, +2, +3)": "擴展條第 3 至 5 格的加價（+1、+2、+3）",
    "each role's action and starting goods (only the Miner's start is published)":
        "每個角色的行動與起始貨物（只有礦工的起始已公開）",
    "the good each house counts": "每棟房屋計算的貨物",
    "the good each boat brings": "每艘船帶來的貨物",
    "the 16 orders' goods and VP (each pays its goods' value + 2 VP a tile)":
        "16 張訂單的貨物與分數（每張給貨物的價值，每個板塊再加 2 分）",
    "the VP of the 20 missions (their conditions are published)": "20 張任務卡的分數（條件已公開）",
    "the rows' lengths beyond row 1 and their points": "倉庫第 1 排之後各排的長度與分數",
    "the market's sale prices": "市場的售價",
    "how many tiles each location's action space holds (the rules say 2 or 3)":
        "每個地點的行動格能放幾個板塊（規則說 2 或 3 個）",
    "the road's rewards after the second step (alternating space and corn)":
        "道路第二步之後的獎勵（空間與玉米交替）",
}

#: the /help sheet in zh-TW: the notation explained, the notation itself unchanged
HELP_ZH = """\
神祕高原：抽袋、秘密計畫，然後每回合執行一個行動。代號：e05 擴展板塊、o03 訂單、h02 房屋、b04 船。
計畫（秘密）：`plan fish harbor`｜`plan food move`｜`plan food role`｜`plan food e05`｜`unplan fish harbor`
　一次多個並結束計畫：`plan fish harbor food harbor alpaca farm done`
　`coin e08`（放錢到市場擴展板塊）｜`uncoin e08`｜`swap fish bag` / `swap fish glass`（交換擴展）｜`done`
抽袋前（板塊還留在你的圖板上時）：`return fish harbor`｜`return coin e08`｜`draw`
移動（免費，不算行動）：`move farm`（第一台推車免費，之後每台花一個計畫好的食物）｜`step mine`（1 食物）
　加上 `coin` 表示用移動軌上的錢支付（錢幣移動擴展）
在你棋子所在地點的行動，每回合一個：
　`farm food 2`｜`farm wool`｜`farm cloth`｜`forest wood`｜`forest cacao glass food`｜`mine stone`｜`mine silver`
　`harbor food`｜`harbor stone`｜`harbor boat b03`｜`village house h02`｜`village store fish fish wool corn@4`
　`village cart`｜`road build`｜`market order o05`｜`market deliver fish stone`｜`market ext e05`｜`market sell silver`
　`use role`｜`use e12 ore`｜`use e21 2`｜`pass`
玉米：`corn 3`（第幾排）或 `corn keep`。開局：`pick miner`（輪選角色）、`keep m03 give m07`（給左手邊）、`choose m11`。
結束：`final fish`（終局存放擴展）｜`final corn@2`｜`final stop`
沒有船或房屋了：仍可以打 `harbor boat` / `village house`，付出資源但什麼都拿不到。
遊戲結束：清空某個地點或擴展條無法補滿的那一輪結束後，遊戲結束；選項 extra_round=true 則依出版規則再多玩完整的一輪。"""


#: its sentences: what the table asks, its menus' words, its turn summaries (``bot.table.prompts``,
#: ``menus``, ``turns``)
EN = {
    "bot.ask.altiplano.draw": "draw your tiles (secret)",
    "bot.ask.altiplano.plan": "plan your tiles (secret)",
    "bot.ask.altiplano.act_move": "your turn: move your pawn, then one action",
    "bot.ask.altiplano.act": "your turn: one action",
    "bot.ask.altiplano.pass_only": "your turn: nothing left but to pass",
    "bot.ask.altiplano.final": "store your last goods",
    "bot.ask.altiplano.corn": "decide about your corn",
    "bot.ask.altiplano.role": "pick your role",
    "bot.ask.altiplano.keep": "keep one of your missions, pass one on",
    "bot.ask.altiplano.choose": "choose one of the missions passed to you",
    "bot.alt.progress": "Planned so far: {planned}. Still to plan: {left}.",
    "bot.alt.pair": "{good} → {space}",
    "bot.alt.keep": "keep {kept}, pass on {given}",
}

ZH = {
    "bot.ask.altiplano.draw": "請抽取你的板塊（秘密）",
    "bot.ask.altiplano.plan": "請秘密規劃你的板塊",
    "bot.ask.altiplano.act_move": "輪到你了：移動你的棋子，然後執行一個行動",
    "bot.ask.altiplano.act": "輪到你了：執行一個行動",
    "bot.ask.altiplano.pass_only": "輪到你了：只能跳過（pass）",
    "bot.ask.altiplano.final": "請儲存你最後的貨物",
    "bot.ask.altiplano.corn": "請決定你的玉米",
    "bot.ask.altiplano.role": "請選擇你的角色板塊",
    "bot.ask.altiplano.keep": "請保留一張任務卡，並傳出一張",
    "bot.ask.altiplano.choose": "請從傳給你的任務卡中選一張",
    "bot.alt.progress": "目前已計畫：{planned}。尚未計畫：{left}。",
    "bot.alt.pair": "{good} → {space}",
    "bot.alt.keep": "保留 {kept}，傳出 {given}",
}


#: the marks its catalog keys carry ("woa.ev.build", "bot.ask.tm.leech": ``bot.table.glossary``)
KEY_MARKS = ("alt", "altiplano")

#: its zh-TW terms, from its seed: concept -> (term, variants never to write, the seed's words or None)
GLOSSARY = {
    "extension tile": ("擴展板塊", ("擴充",), "擴展板塊"),
    "extension strip": ("擴展條", ("擴展板塊列",), "擴展條"),
    "warehouse row": ("排", ("列",), "排"),
}

#: the message key of a seat's role in its records (``bot.table.records.roles``)
ROLE_KEY = "alt.role.{role}"
#: a seat's role in the records (the role card it drew): this field of the public view's player entry
ROLE_FIELD = "role"


# --- the board as text (``/game status detail:full``): the words of the facts its view gives
#: (``games.altiplano.view.facts``, keys ``alt.fact.*``), worded by ``bot.table.board_text``
BOARD_EN = {
    "alt.fact.round": "Round {round}; phase: {phase}.",
    "alt.fact.phase.draft": "choosing roles", "alt.fact.phase.missions": "choosing missions",
    "alt.fact.phase.plan": "planning", "alt.fact.phase.act": "actions", "alt.fact.phase.final": "final scoring",
    "alt.fact.phase.over": "game over",
    "alt.fact.none": "none",
    "alt.fact.ring": "Locations around the board: {places}.",
    "alt.fact.supply": "Goods in the supply: {goods}; {carts} carts at the village.",
    "alt.fact.tile": "{id} ({good})",
    "alt.fact.houses": "Houses on offer: {items}.",
    "alt.fact.boats": "Boats on offer: {items}.",
    "alt.fact.order": "{id} (needs {need}; {vp} points)",
    "alt.fact.orders": "Orders on offer: {items}.",
    "alt.fact.ext": "{id} ({what}) for {price} coins",
    "alt.fact.strip": "Extensions on offer: {items}; {stack} left in the stack.",
    "alt.fact.role_open": "Role {role} still to choose: {what}; starts with {goods} and {coins} coins.",
    "alt.fact.player": "{who}: {points} points, {coins} coins; role {role} ({what}).",
    "alt.fact.road": "{who}: road {road}, carts {used} used of {carts}, pawn at the {pawn}; "
                     "{bag} goods in the bag, {crate} in the crate.",
    "alt.fact.ext_own": "{id} ({what})",
    "alt.fact.exts": "{who}'s extensions: {items}.",
    "alt.fact.on_space": "{space}: {goods}",
    "alt.fact.coins_on": "{space}: {n} coins",
    "alt.fact.spaces": "{who}'s action spaces: {items}.",
    "alt.fact.planning": "{who} has {n} goods on the planning spaces.",
    "alt.fact.row": "row {n} {good} {have} of {length} ({points} points)",
    "alt.fact.warehouse": "{who}'s warehouse: {rows}.",
    "alt.fact.current_order": "{who}'s open order {id}: needs {need}, has {have}; {vp} points.",
    "alt.fact.done": "{id} ({vp} points)",
    "alt.fact.done_orders": "{who}'s fulfilled orders: {items}.",
    "alt.fact.own_houses": "{who}'s houses: {items}.",
    "alt.fact.own_boats": "{who}'s boats: {items}.",
    "alt.fact.mission": "{id} ({vp} points)",
    "alt.fact.missions": "{who} holds {n} missions; revealed: {shown}.",
    "alt.fact.part": "{what} {n}",
    "alt.fact.score.goods": "goods", "alt.fact.score.house_bonus": "house bonus", "alt.fact.score.houses": "houses",
    "alt.fact.score.boats": "boats", "alt.fact.score.orders": "orders", "alt.fact.score.warehouse": "warehouse",
    "alt.fact.score.missions": "missions",
    "alt.fact.score": "{who} would score {n} points now: {parts}.",
    "alt.fact.passed": "{who} has passed.",
    "alt.fact.to_move": "Waiting for: {seats}.",
}

BOARD_ZH = {
    "alt.fact.round": "第 {round} 回合；階段：{phase}。",
    "alt.fact.phase.draft": "選擇角色", "alt.fact.phase.missions": "選擇任務",
    "alt.fact.phase.plan": "規劃", "alt.fact.phase.act": "行動", "alt.fact.phase.final": "最終計分",
    "alt.fact.phase.over": "遊戲結束",
    "alt.fact.none": "無",
    "alt.fact.ring": "版圖上的地點：{places}。",
    "alt.fact.supply": "供應區貨物：{goods}；村莊有 {carts} 輛推車。",
    "alt.fact.tile": "{id}（{good}）",
    "alt.fact.houses": "可取得的房屋：{items}。",
    "alt.fact.boats": "可取得的船：{items}。",
    "alt.fact.order": "{id}（需要 {need}；{vp} 分）",
    "alt.fact.orders": "可接的訂單：{items}。",
    "alt.fact.ext": "{id}（{what}）價格 {price} 元",
    "alt.fact.strip": "可購買的擴展板塊：{items}；牌堆還有 {stack} 張。",
    "alt.fact.role_open": "尚未選擇的角色{role}：{what}；起始 {goods} 與 {coins} 元。",
    "alt.fact.player": "{who}：{points} 分、{coins} 元；角色{role}（{what}）。",
    "alt.fact.road": "{who}：道路 {road}、推車已用 {used}/{carts}、棋子在{pawn}；袋中 {bag} 個貨物、箱中 {crate} 個。",
    "alt.fact.ext_own": "{id}（{what}）",
    "alt.fact.exts": "{who} 的擴展板塊：{items}。",
    "alt.fact.on_space": "{space}：{goods}",
    "alt.fact.coins_on": "{space}：{n} 元",
    "alt.fact.spaces": "{who} 的行動格：{items}。",
    "alt.fact.planning": "{who} 在規劃格上有 {n} 個貨物。",
    "alt.fact.row": "第 {n} 排 {good} {have}/{length}（{points} 分）",
    "alt.fact.warehouse": "{who} 的倉庫：{rows}。",
    "alt.fact.current_order": "{who} 進行中的訂單 {id}：需要 {need}，已有 {have}；{vp} 分。",
    "alt.fact.done": "{id}（{vp} 分）",
    "alt.fact.done_orders": "{who} 完成的訂單：{items}。",
    "alt.fact.own_houses": "{who} 的房屋：{items}。",
    "alt.fact.own_boats": "{who} 的船：{items}。",
    "alt.fact.mission": "{id}（{vp} 分）",
    "alt.fact.missions": "{who} 有 {n} 張任務；已公開：{shown}。",
    "alt.fact.part": "{what} {n}",
    "alt.fact.score.goods": "貨物", "alt.fact.score.house_bonus": "房屋加分", "alt.fact.score.houses": "房屋",
    "alt.fact.score.boats": "船", "alt.fact.score.orders": "訂單", "alt.fact.score.warehouse": "倉庫",
    "alt.fact.score.missions": "任務",
    "alt.fact.score": "{who} 若現在結束得 {n} 分：{parts}。",
    "alt.fact.passed": "{who} 已跳過。",
    "alt.fact.to_move": "等待：{seats}。",
}


register_words("altiplano", en=EN | BOARD_EN, zh=ZH | BOARD_ZH, verbs=VERBS_ZH, options=OPTIONS_ZH, unverified=UNVERIFIED_ZH, help_zh=HELP_ZH)
