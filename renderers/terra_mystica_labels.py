"""Short faces of Terra Mystica's tiles and cards as the board draws them, in every locale.

A tile's face is put together from the engine's tables (``games.terra_mystica.data``:
what a bonus card pays, what a town tile gives...) and the words below, so the numbers
drawn are the engine's. English keeps the compact shorthand players know from the
online site ("TP >> 3", "+3 PW"); Chinese uses the seed write-up's words (住宅, 貿易站,
廟宇, 要塞, 聖殿, 鏟子, 祭司, 魔力, 航行, 元素信仰) in forms short enough for a tile.
Keys: ``tm.face.*`` (tile faces, units) and ``tm.hand.*`` (the /hand panel).
"""

from __future__ import annotations

from games.core.messages import register
from games.terra_mystica.data import BONUSES, FAVOURS, POWER_ACTIONS, SCORING, TOWNS

from .labels import label

#: VP a bonus card pays when its holder passes, per thing counted (the engine's pass rule)
PASS_VP = {"SHSA": 4, "TP": 2, "D": 1, "SHIP": 3}
#: favour tiles whose effect is not income (income is drawn from the data)
FAV_EFFECT = ("FAV5", "FAV6", "FAV10", "FAV11", "FAV12")

EN = {
    # units: "{n} C" on tiles, panels and cost notes
    "tm.face.res.c": "{n} C", "tm.face.res.w": "{n} W", "tm.face.res.p": "{n} P",
    "tm.face.res.pw": "{n} PW", "tm.face.res.vp": "{n} VP",
    "tm.face.res.spade": {"one": "spade", "other": "{n} spades"},
    "tm.face.res.cult": "cults+{n}", "tm.face.res.ship": "ship+{n}",
    "tm.face.res.bridge": "bridge",
    "tm.face.pw": "PW",
    "tm.face.free": "free",
    "tm.face.income": "+{what}",
    "tm.face.cult.fire": "fire", "tm.face.cult.water": "water", "tm.face.cult.earth": "earth",
    "tm.face.cult.air": "air",
    # round scoring tiles: VP during the round, and the cult bonus after it
    "tm.face.event.d": "D >> {vp}", "tm.face.event.tp": "TP >> {vp}", "tm.face.event.te": "TE >> {vp}",
    "tm.face.event.shsa": "SH/SA >> {vp}", "tm.face.event.spade": "spade >> {vp}",
    "tm.face.event.town": "town >> {vp}",
    "tm.face.cult_reward": "{n} {track}: {reward}",
    "tm.face.priest_reward": "priest on cult: {reward}",
    "tm.face.round": "R{n}",
    # bonus cards: what they add beside income
    "tm.face.bon.action.spade": "spade action", "tm.face.bon.action.cult": "cult action",
    "tm.face.bon.ship": "ship +{n}",
    "tm.face.bon.pass.shsa": "pass: {vp} VP per SH/SA", "tm.face.bon.pass.tp": "pass: {vp} VP per TP",
    "tm.face.bon.pass.d": "pass: {vp} VP per D", "tm.face.bon.pass.ship": "pass: {vp} VP per ship level",
    # favour tiles
    "tm.face.fav.cult": "{track} {n}",
    "tm.face.fav.fav5": "town 6", "tm.face.fav.fav6": "cult act", "tm.face.fav.fav10": "TP >> 3",
    "tm.face.fav.fav11": "D >> 2", "tm.face.fav.fav12": "pass TP",
    "tm.face.parts": "{a}, {b}",
    "tm.face.count": "x{n}",
    "tm.face.parts_list": "{items}",
    "tm.face.score_part": "{what} {n}",
    "tm.face.title": "{game}: {what}",
    "tm.face.named": "{name} ({faction})",
    "tm.face.panel_prefix": "{faction}: ",
    # power actions (octagons)
    "tm.face.act.act1": "bridge", "tm.face.act.act2": "1 P", "tm.face.act.act3": "2 W",
    "tm.face.act.act4": "7 C", "tm.face.act.act5": "1 spade", "tm.face.act.act6": "2 spades",
    # icons on the faction panels
    "tm.face.icon.c": "C", "tm.face.icon.w": "W", "tm.face.icon.p": "P",
    # the /hand panel: prices now
    "tm.hand.row.dwelling": "Dwelling", "tm.hand.row.upgrade": "{src} → {dst}", "tm.hand.row.spade": "Spade",
    "tm.hand.row.volcano": "Volcano (dig 1, free)",
    "tm.hand.volcano_cult": "{a} cult steps ({b} on a home terrain)",
    "tm.hand.volcano_tokens": "{a} power token ({b} on a home terrain)",
    "tm.hand.row.digging": "Digging {a} → {b}", "tm.hand.row.tunnel": "Tunnel (1 hex further)",
    "tm.hand.row.carpet": "Carpet flight (range {n})", "tm.hand.row.shipping": "Shipping {a} → {b}",
    "tm.hand.alone": " ({price} with no neighbour)", "tm.hand.plus_favour": " + favour",
    "tm.hand.each": "{price} each", "tm.hand.extra": "{price} extra", "tm.hand.plus": "{price} (+{vp})",
    "tm.hand.convert": "{src} → {dst}", "tm.hand.burn": "burn 1 (II → III)",
    "tm.hand.times_now": "{n}x now", "tm.hand.not_now": "not now",
    "tm.hand.no_faction": "Prices appear once you have chosen a faction.",
    "tm.hand.builds_title": "Builds and upgrades now", "tm.hand.none_left": "none left",
    "tm.hand.can_pay": "✓ can pay", "tm.hand.need": "✗ need {price}", "tm.hand.nothing": "nothing",
    "tm.hand.income": "Next income: {income}", "tm.hand.conversions_title": "Conversions (free, any time)",
    "tm.hand.actions_title": "Power actions open now", "tm.hand.taken": "taken",
    "tm.hand.burn_first": "burn {n} first", "tm.hand.no_power": "✗ not enough power",
    "tm.hand.action": "{act}: {effect} ({price})",
}

ZH_TW = {
    "tm.face.res.c": "{n} 元", "tm.face.res.w": "{n} 工人", "tm.face.res.p": "{n} 祭司",
    "tm.face.res.pw": "{n} 魔力", "tm.face.res.vp": "{n} 分",
    "tm.face.res.spade": "{n} 鏟子",
    "tm.face.res.cult": "信仰各+{n}", "tm.face.res.ship": "航行+{n}",
    "tm.face.res.bridge": "造橋",
    "tm.face.pw": "魔力",
    "tm.face.free": "免費",
    "tm.face.income": "+{what}",
    "tm.face.cult.fire": "火", "tm.face.cult.water": "水", "tm.face.cult.earth": "土",
    "tm.face.cult.air": "風",
    "tm.face.event.d": "住宅 +{vp} 分", "tm.face.event.tp": "貿易站 +{vp} 分", "tm.face.event.te": "廟宇 +{vp} 分",
    "tm.face.event.shsa": "要塞/聖殿 +{vp} 分", "tm.face.event.spade": "每把鏟子 +{vp} 分",
    "tm.face.event.town": "城鎮 +{vp} 分",
    "tm.face.cult_reward": "每 {n} {track}：{reward}",
    "tm.face.priest_reward": "信仰上每個祭司：{reward}",
    "tm.face.round": "第{n}回",
    "tm.face.bon.action.spade": "鏟子行動", "tm.face.bon.action.cult": "信仰行動",
    "tm.face.bon.ship": "航行 +{n}",
    "tm.face.bon.pass.shsa": "跳過時：要塞與聖殿各 {vp} 分", "tm.face.bon.pass.tp": "跳過時：每間貿易站 {vp} 分",
    "tm.face.bon.pass.d": "跳過時：每間住宅 {vp} 分", "tm.face.bon.pass.ship": "跳過時：每級航行能力 {vp} 分",
    "tm.face.fav.cult": "{track}+{n}",
    "tm.face.fav.fav5": "城鎮 6 魔力", "tm.face.fav.fav6": "信仰行動", "tm.face.fav.fav10": "貿易站 +3 分",
    "tm.face.fav.fav11": "住宅 +2 分", "tm.face.fav.fav12": "跳過時依貿易站數得分",
    "tm.face.parts": "{a}，{b}",
    "tm.face.count": "×{n}",
    "tm.face.parts_list": "{items}",
    "tm.face.score_part": "{what} {n}",
    "tm.face.title": "{game}：{what}",
    "tm.face.named": "{name}（{faction}）",
    "tm.face.panel_prefix": "{faction}：",
    "tm.face.act.act1": "造橋", "tm.face.act.act2": "1 祭司", "tm.face.act.act3": "2 工人",
    "tm.face.act.act4": "7 元", "tm.face.act.act5": "1 鏟子", "tm.face.act.act6": "2 鏟子",
    "tm.face.icon.c": "元", "tm.face.icon.w": "工", "tm.face.icon.p": "祭",
    "tm.hand.row.dwelling": "住宅", "tm.hand.row.upgrade": "{src} → {dst}", "tm.hand.row.spade": "鏟子",
    "tm.hand.row.volcano": "火山（dig 1，免費）",
    "tm.hand.volcano_cult": "{a} 步信仰（家鄉地形 {b} 步）",
    "tm.hand.volcano_tokens": "{a} 個魔力指示物（家鄉地形 {b} 個）",
    "tm.hand.row.digging": "鏟子兌換率 {a} → {b}", "tm.hand.row.tunnel": "地道（多越過一格）",
    "tm.hand.row.carpet": "飛毯（距離 {n}）", "tm.hand.row.shipping": "航行能力 {a} → {b}",
    "tm.hand.alone": "（沒有相鄰對手時 {price}）", "tm.hand.plus_favour": " + 宗教獎勵",
    "tm.hand.each": "每把 {price}", "tm.hand.extra": "另付 {price}", "tm.hand.plus": "{price}（+{vp}）",
    "tm.hand.convert": "{src} → {dst}", "tm.hand.burn": "燒 1 點（2 級 → 3 級魔力池）",
    "tm.hand.times_now": "現在可換 {n} 次", "tm.hand.not_now": "現在不行",
    "tm.hand.no_faction": "選好種族後，這裡會列出價格。",
    "tm.hand.builds_title": "目前的建造與升級", "tm.hand.none_left": "已用完",
    "tm.hand.can_pay": "✓ 付得起", "tm.hand.need": "✗ 還差 {price}", "tm.hand.nothing": "沒有",
    "tm.hand.income": "下次收入：{income}", "tm.hand.conversions_title": "兌換（免費，隨時可做）",
    "tm.hand.actions_title": "本回合還能用的魔力行動", "tm.hand.taken": "已被使用",
    "tm.hand.burn_first": "先燒 {n} 點", "tm.hand.no_power": "✗ 魔力不足",
    "tm.hand.action": "{act}：{effect}（{price}）",
}

register("en", EN)
register("zh-TW", ZH_TW)

#: what a resource code is called in ``tm.face.res.*``
_UNIT = {"C": "c", "W": "w", "P": "p", "PW": "pw", "VP": "vp", "SPADE": "spade", "CULT": "cult",
         "SHIP": "ship", "BRIDGE": "bridge"}


def amount(code: str, n: int, locale: str = "en") -> str:
    """``n`` of a resource in the board's short form: "2 C" / "2 元"."""
    unit = _UNIT.get(code.upper())
    return label(f"tm.face.res.{unit}", locale, n=n) if unit else f"{n} {code}"


def amounts(res: dict, locale: str = "en", sep: str = " ") -> str:
    """Several amounts in the table's order: "3 PW 1 W" / "3 魔力 1 工人" ("" for nothing)."""
    return sep.join(amount(k, v, locale) for k, v in res.items() if v)


def cost(res: dict, locale: str = "en") -> str:
    """A price: its amounts, or "free"."""
    return amounts(res, locale) or label("tm.face.free", locale)


def cult(track: str, locale: str = "en") -> str:
    return label(f"tm.face.cult.{track.lower()}", locale)


def scoring_face(tid: str, locale: str = "en") -> tuple[str, str]:
    """(VP during the round, cult bonus after it) of a round scoring tile."""
    tile = SCORING.get(tid)
    if tile is None:
        return tid, ""
    event, vp = tile["event"]
    during = label(f"tm.face.event.{event.lower()}", locale, vp=vp)
    track, per, reward = tile["cult"]
    got = amounts(reward, locale)
    if track == "PRIEST":
        return during, label("tm.face.priest_reward", locale, reward=got)
    return during, label("tm.face.cult_reward", locale, n=per, track=cult(track, locale), reward=got)


def bonus_face(bid: str, locale: str = "en") -> tuple[str, str]:
    """(income line, what else the card does) of a bonus card."""
    card = BONUSES.get(bid)
    if card is None:
        return "", ""
    income = label("tm.face.income", locale, what=amounts(card["income"], locale))
    if card.get("action"):
        extra = label(f"tm.face.bon.action.{card['action'].lower()}", locale)
    elif card.get("ship"):
        extra = label("tm.face.bon.ship", locale, n=card["ship"])
    elif card.get("pass"):
        kind = card["pass"]
        extra = label(f"tm.face.bon.pass.{kind.lower()}", locale, vp=PASS_VP[kind])
    else:
        extra = ""
    return income, extra


def favour_face(fid: str, locale: str = "en") -> str:
    """A favour tile: its cult steps, then its income or lasting effect."""
    tile = FAVOURS.get(fid)
    if tile is None:
        return ""
    track, n = tile["cult"]
    text = label("tm.face.fav.cult", locale, track=cult(track, locale), n=n)
    if tile.get("income"):
        more = label("tm.face.income", locale, what=amounts(tile["income"], locale))
    elif fid in FAV_EFFECT:
        more = label(f"tm.face.fav.{fid.lower()}", locale)
    else:
        return text
    return label("tm.face.parts", locale, a=text, b=more)


def town_face(tid: str, locale: str = "en") -> str:
    """A town tile: what it gives at once."""
    tile = TOWNS.get(tid)
    return amounts(tile["gain"], locale) if tile else ""


def action_face(aid: str, locale: str = "en") -> tuple[str, str]:
    """(what a power action gives, what it costs) on its octagon."""
    act = POWER_ACTIONS.get(aid)
    if act is None:
        return aid, ""
    return label(f"tm.face.act.{aid.lower()}", locale), amount("PW", act["cost"], locale)


def count(n: int, locale: str = "en") -> str:
    """How many of a tile are left: "x2" / "×2"."""
    return label("tm.face.count", locale, n=n)
