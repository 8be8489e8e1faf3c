"""Menu words for the notation verbs: a zh-TW reader's Play menu shows "建造（build）" where the
notation alone would be English. Each word is the seed's term for the action; the notation stays
beside it (it is what the records, autocomplete and typed moves use). English menus keep the
bare notation where it is already the word, and word the verbs that are codes (``EN``: Amerigo's
"n", "v", "develop 4")."""

from __future__ import annotations

from games.core.messages import Msg, register, render
from games.core.notation import is_number

#: game id -> notation verb -> zh-TW word
ZH: dict[str, dict[str, str]] = {
    "altiplano": {
        "coin": "放錢幣", "done": "完成", "draw": "抽取板塊", "market": "市場行動", "move": "移動棋子",
        "pass": "跳過", "plan": "規劃板塊", "return": "拿回板塊", "step": "多走一步", "uncoin": "拿回錢幣",
        "unplan": "取消規劃", "use": "使用板塊", "village": "村莊行動", "farm": "農場行動", "forest": "森林行動",
        "mine": "礦場行動", "harbor": "港口行動", "road": "道路行動", "swap": "交換", "corn": "玉米",
        "final": "終局儲存", "pick": "選擇角色", "keep": "保留任務卡", "choose": "選擇任務卡",
    },
    "amerigo": {
        "build": "建造", "buy": "購買生產", "cannon": "裝填砲彈", "coins": "拿取金幣", "develop": "發展軌",
        "done": "完成", "order": "特殊行動軌", "place": "放船", "plan": "計畫", "post": "建立交易站",
        "produce": "生產", "sail": "移動船隻", "ship": "航行", "take": "拿取發展板塊", "use": "使用", "vp": "使用分數板塊",
        "n": "中立板塊", "v": "村莊板塊",
    },
    "bruges": {
        "choose": "選擇", "draw": "抽牌", "end": "結束回合", "lose": "失去", "play": "打出人物卡",
        "rep": "推進聲望", "roll": "擲骰", "skip": "跳過", "use": "使用人物",
    },
    "west-of-africa": {
        "build": "建造定居小屋", "choose": "挑選卡片", "done": "結束回合", "farm": "耕種作物", "move": "移動工人",
        "place": "放船", "ship": "移動船", "sell": "出售作物", "retreat": "撤退",
    },
    "terra-mystica": {
        "action": "行動格", "advance": "提升等級", "bridge": "搭橋", "build": "建造住宅", "burn": "燒魔力",
        "convert": "轉換", "decline": "不吸取魔力", "dig": "鏟子", "leech": "吸取魔力", "pass": "結束本回合",
        "send": "派遣祭司", "setup": "選擇種族", "transform": "改造地形", "upgrade": "升級建築", "done": "完成",
        "connect": "連結", "pick-color": "選擇顏色", "unlock-terrain": "解鎖地形", "gain": "拿魔力指示物",
        "bid": "競標",
    },
}


#: game id -> notation verb -> English word, where the notation is a code rather than a word
EN: dict[str, dict[str, str]] = {
    "amerigo": {"n": "plan a neutral tile", "v": "plan a village tile", "develop": "progress track",
                "order": "special action track", "cannon": "load cannons", "take": "take the tile",
                "use": "use the tile", "buy": "buy a production tile", "vp": "use the VP tile"},
}


def _amerigo_steps(word: str, n: str, locale: str | None) -> str:
    """A track advanced by ``n`` ("develop 4": progress track +4)."""
    return f"{word} +{n}" if is_number(n) else f"{word} {n}"


def _amerigo_tile(word: str, tile: str, locale: str | None) -> str:
    from renderers.amerigo_labels import dev_name
    from renderers.amerigo_labels import word as board_word

    name = board_word("ame.board.lg.chest", locale) if tile == "chest" else dev_name(tile, locale)
    if name.startswith("ame.board."):  # no such tile: the id as typed
        return f"{word} {tile}"
    return render(Msg("bot.menu.named", {"word": word, "name": name}), locale)


def _amerigo_rim(word: str, space: str, locale: str | None) -> str:
    n = space[3:]
    if not (space.startswith("rim") and is_number(n, 3)):
        return f"{word} {space}"
    return render(Msg("bot.menu.rim", {"word": word, "n": n}), locale)


def _altiplano_space(word: str, space: str, locale: str | None) -> str:
    from games.altiplano import messages as AM

    return render(Msg("bot.menu.onto", {"word": word, "what": AM.space(space)}), locale)


def _woa_island(word: str, island: str, locale: str | None) -> str:
    from games.core.messages import CATALOGS
    from games.west_of_africa import messages as WM

    if f"woa.island.{island}" not in CATALOGS["en"]:
        return f"{word} {island}"
    return render(Msg("bot.menu.onto", {"word": word, "what": WM.island(island)}), locale)


def _tm_args(word: str, args: str, locale: str | None) -> str:
    """A Terra Mystica stem's arguments in words where they have some ("派遣祭司：火", "升級建築：E9 →")."""
    from .tm_tokens import words

    what = words(args, locale, bare=True)
    return f"{word} {args}" if what is None else render(Msg("bot.menu.act", {"word": word, "what": what}), locale)


def _tokens(game_id: str, verb: str, args: str, locale: str | None) -> str:
    """A verb's arguments in the reader's words where the game's catalogs have them: Altiplano's
    goods, places and actions (store alpaca: 存放貨物 羊駝), Amerigo's production tiles (coconut2:
    椰子 2), Bruges' piles (a: 牌堆 A); anything else (hexes, numbers, ids) as typed."""
    from games.core.messages import CATALOGS
    from renderers import altiplano_labels  # noqa: F401  (registers Altiplano's action names)

    out, before = [], verb
    for tok in args.split():
        after, before = before, tok
        if game_id == "bruges" and after in ("play", "person") and is_number(tok):  # a card: its name
            from games.bruges import messages as bruges_words

            out.append(render(bruges_words.card_label(int(tok)), locale))
            continue
        keys = {"altiplano": [f"alt.board.act.{verb}.{tok}", f"alt.good.{tok}", f"alt.space.{tok}"],
                "amerigo": [f"ame.shape.{tok}", f"ame.good.{tok.rstrip('0123456789')}"],
                "bruges": ["bot.menu.bru.pile"] if verb in ("draw", "choose") and tok in ("a", "b")
                else [f"bot.menu.bru.w.{tok}" + ("_into" if after == "hire" else ""), f"bru.side.{tok}"]
                }.get(game_id, [])
        key = next((k for k in keys if k in CATALOGS["en"]), None)
        if key is None:
            out.append(tok)
        elif key.startswith("ame.good.") and is_number(tok[-1:]):  # a production tile: its good and number
            out.append(f"{render(Msg(key, {}), locale)} {tok[len(tok.rstrip('0123456789')):]}")
        else:
            out.append(render(Msg(key, {"p": tok.upper()}), locale))
    return " ".join(out)


#: (game id, verb) -> how its argument reads when it is an id rather than a word
#: ("take coins3": 拿取發展板塊「3 金幣」（take coins3）)
ARGS = {("amerigo", "take"): _amerigo_tile, ("amerigo", "use"): _amerigo_tile, ("amerigo", "place"): _amerigo_rim,
        ("amerigo", "develop"): _amerigo_steps, ("amerigo", "order"): _amerigo_steps,
        ("amerigo", "cannon"): _amerigo_steps,
        ("altiplano", "coin"): _altiplano_space, ("altiplano", "move"): _altiplano_space,
        ("altiplano", "step"): _altiplano_space, ("west-of-africa", "place"): _woa_island,
        ("west-of-africa", "retreat"): _woa_island,
        **{("terra-mystica", v): _tm_args for v in ZH["terra-mystica"] if v not in ("setup", "pass")}}


def key(game_id: str, verb: str) -> str:
    return f"bot.verb.{game_id}.{verb}"


def label(game_id: str, notation: str, locale: str | None) -> str | None:
    """``notation`` (one verb, as a menu shows it) worded for the reader, or None to keep it bare
    (an unknown verb, or a language whose word is the notation itself)."""
    verb, _, args = notation.strip().partition(" ")
    if verb not in ZH.get(game_id, {}):
        return None
    word = render(Msg(key(game_id, verb), {}), locale)
    if word == verb:
        return None
    if args and (game_id, verb) in ARGS:
        word = ARGS[game_id, verb](word, args, locale)
    elif args:
        said = _tokens(game_id, verb, args, locale)
        # "return fish harbor": 拿回板塊：魚 港口; "order 1": 特殊行動軌 1（order 1）
        word = f"{word} {args}" if said == args else render(Msg("bot.menu.act", {"word": word, "what": said}), locale)
    return render(Msg("bot.menu.verb", {"word": word, "verb": notation.strip()}), locale)


register("en", {key(g, v): v for g, table in ZH.items() for v in table}
         | {key(g, v): w for g, table in EN.items() for v, w in table.items()}
         | {"bot.menu.act": "{word}: {what}", "bot.menu.then": "{a}; {b}", "bot.menu.bru.pile": "pile {p}",
            "bot.menu.bru.w.hire": "hire", "bot.menu.bru.w.house_into": "into house", "bot.menu.bru.w.house": "house",
            "bot.menu.bru.w.person": "person"}
         | {"bot.menu.verb": "{word} ({verb})", "bot.menu.named": "{word} “{name}”",
            "bot.menu.rim": "{word} on frame space {n}", "bot.menu.onto": "{word} on {what}"})
register("zh-TW", {key(g, v): w for g, table in ZH.items() for v, w in table.items()}
         | {"bot.menu.act": "{word}：{what}", "bot.menu.then": "{a}；{b}", "bot.menu.bru.pile": "牌堆 {p}",
            "bot.menu.bru.w.hire": "僱用", "bot.menu.bru.w.house_into": "住進房屋", "bot.menu.bru.w.house": "房屋",
            "bot.menu.bru.w.person": "人物"}
         | {"bot.menu.verb": "{word}（{verb}）", "bot.menu.named": "{word}「{name}」",
            "bot.menu.rim": "{word}到外框格 {n}", "bot.menu.onto": "{word}到{what}"})
