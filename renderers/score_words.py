"""Final-score words: the engines' breakdown labels and tie-breaks (``Result.breakdown`` keys,
``Result.tiebreak``) as ``score.<game>.<label>`` keys. One table for the end-of-game lines, the
summary chart and the boards' score tables, so a category reads the same in all three (they had
three tables, and the chart said 鎮長 where the lines said 市長). The English is the engine's own
label; the zh-TW uses the seeds' terms."""

from __future__ import annotations

import re

from games.core.messages import Msg, register, render

#: game id -> the engine's English label -> zh-TW
ZH: dict[str, dict[str, str]] = {
    "west-of-africa": {
        "coins": "錢幣", "mayors": "市長", "richest": "財富", "settlements": "定居小屋",
        "more coins, then the coin marker that got there first": "錢幣較多者勝；再相同時，先到達該格的錢幣標記勝",
    },
    "terra-mystica": {
        "fire": "火", "water": "水", "earth": "土", "air": "風", "game": "遊戲中得分",
        "network": "最大建築群", "resources": "剩餘資源",
        # the Fire & Ice final tiles (designed words: no Taiwanese write-up of the expansion)
        "connected-distance": "最遠距離", "connected-sa-sh-distance": "聖殿與要塞距離",
        "building-on-edge": "邊緣建築", "connected-clusters": "聚落群數",
    },
    "altiplano": {
        "boats": "船", "goods": "貨物", "house bonus": "房屋加成", "houses": "房屋", "orders": "訂單",
        "warehouse": "倉庫", "most coins": "錢幣最多者勝",
    },
    "bruges": {
        "canals": "運河", "houses": "房屋", "laurels": "月桂葉", "majorities": "多數", "persons": "人物",
        "reputation": "聲望軌", "statues": "雕像", "track": "分數軌", "guilders": "錢較多者勝",
    },
    "amerigo": {
        "coins": "金幣", "during game": "遊戲中得分", "end tiles": "終局發展板塊", "goods": "貨物",
        "progress track": "發展軌", "special track": "特殊行動軌",
        "furthest ahead on the special track (top of a stack first)": "特殊行動軌上最前面者勝（同格時疊在上面者優先）",
    },
}


#: where the English reads better than the engine's own label
EN: dict[str, dict[str, str]] = {
    "terra-mystica": {"game": "during the game", "connected-distance": "greatest distance",
                      "connected-sa-sh-distance": "sanctuary-stronghold distance",
                      "building-on-edge": "buildings on the edge", "connected-clusters": "clusters"},
    "amerigo": {"during game": "during the game"},
}


def key(game_id: str, label: str) -> str:
    """``score.<game>.<label>`` (the label made a key: lower case, runs of other characters ``_``)."""
    slug = re.sub(r"[^a-z0-9]+", "_", label.lower()).strip("_") or "_"
    return f"score.{game_id}.{slug}"


def term(game_id: str, label: str) -> Msg | str:
    """The label as a message when it is a known one; else as the engine gave it."""
    k = key(game_id, label)
    return Msg(k, {}) if k in _EN else label


def word(game_id: str | None, label: str, locale: str | None = "en") -> str:
    """The label in ``locale`` (as the engine gave it when unknown, or without a game)."""
    return render(term(game_id, label), locale) if game_id else str(label)


_EN = {key(g, en): EN.get(g, {}).get(en, en) for g, table in ZH.items() for en in table}
register("en", {k: v.replace("{", "{{").replace("}", "}}") for k, v in _EN.items()})
register("zh-TW", {key(g, en): zh for g, table in ZH.items() for en, zh in table.items()})
