"""Terra Mystica's board as text, in English and zh-TW: the words of the facts its view gives
(``games.terra_mystica.view.facts``, keys ``tm.fact.*``) for ``/game status detail:full``.

A tile's or card's face reads as the board draws it (``renderers.terra_mystica_labels``), so the
numbers a screen reader hears are the ones printed on the image. Registered on import
(``bot.table.board_text`` imports the game's ``<game>_board`` module before wording).
"""

from __future__ import annotations

from games.core.messages import register
from games.terra_mystica.data import BONUSES, FAVOURS, POWER_ACTIONS, SCORING, TOWNS
from renderers.terra_mystica_labels import action_face, bonus_face, favour_face, scoring_face, town_face

EN = {
    "tm.fact.round": "Round {round} of 6; phase: {phase}.",
    "tm.fact.phase.auction": "faction auction", "tm.fact.phase.factions": "choosing factions",
    "tm.fact.phase.dwellings": "placing the first dwellings", "tm.fact.phase.bonus": "choosing bonus cards",
    "tm.fact.phase.spades": "cult spades", "tm.fact.phase.actions": "actions", "tm.fact.phase.over": "game over",
    "tm.fact.scoring": "Round {round} scoring tile: {tile}.",
    "tm.fact.tile": "{id} ({face})",
    "tm.fact.none": "none",
    "tm.fact.no_faction": "{who} has no faction yet.",
    "tm.fact.player": "{who} plays the {faction} (home terrain {home}): {vp} VP, {coins} coins, {workers} workers, "
                      "{priests} priests; power bowls I {bowl1}, II {bowl2}, III {bowl3}.",
    "tm.fact.abilities": "{who}: shipping {shipping}, digging level {digging}, {keys} town keys, "
                         "{bridges} bridges left.",
    "tm.fact.range": "{who}: carpet flight range {n}.",
    "tm.fact.step": "{track} {n}",
    "tm.fact.cults_of": "{who} on the cult tracks: {steps}.",
    "tm.fact.tiles_of": "{who}'s bonus card: {bonus}; favour tiles: {favours}; town tiles: {towns}.",
    "tm.fact.income": "{who}'s income next round: {coins} coins, {workers} workers, {priests} priests, {power} power.",
    "tm.fact.buildings": "{who}'s {building} ({n}): {hexes}.",
    "tm.fact.piece": "{building} {n}",
    "tm.fact.supply": "{who}'s buildings left to build: {items}.",
    "tm.fact.passed": "{who} has passed.",
    "tm.fact.terrain": "{terrain} hexes ({n}): {hexes}.",
    "tm.fact.towns": "Hexes in towns: {hexes}.",
    "tm.fact.bridge": "{who}'s bridge between {a} and {b}.",
    "tm.fact.at": "{who} on {n}",
    "tm.fact.priest_on": "{who}'s priest on a {space} space",
    "tm.fact.track": "{track} track: {marks}; priests: {priests}.",
    "tm.fact.actions": "Power actions open: {free}; taken this round: {taken}.",
    "tm.fact.bonus_left": {"one": "{tile} with {n} coin on it", "other": "{tile} with {n} coins on it"},
    "tm.fact.bonus_pool": "Bonus cards left: {cards}.",
    "tm.fact.left": "{tile} x{n}",
    "tm.fact.favours_left": "Favour tiles left: {tiles}.",
    "tm.fact.towns_left": "Town tiles left: {tiles}.",
    "tm.fact.order": "Turn order this round: {seats}.",
    "tm.fact.offer": "{who} is offered {n} power by {source}.",
    "tm.fact.to_move": "Waiting for: {seats}.",
}

ZH = {
    "tm.fact.round": "第 {round} 回合（共 6 回合）；階段：{phase}。",
    "tm.fact.phase.auction": "派系競標", "tm.fact.phase.factions": "選擇派系",
    "tm.fact.phase.dwellings": "放置起始住宅", "tm.fact.phase.bonus": "選擇獎勵卡",
    "tm.fact.phase.spades": "元素信仰鏟子", "tm.fact.phase.actions": "行動", "tm.fact.phase.over": "遊戲結束",
    "tm.fact.scoring": "第 {round} 回合計分板塊：{tile}。",
    "tm.fact.tile": "{id}（{face}）",
    "tm.fact.none": "無",
    "tm.fact.no_faction": "{who} 還沒有選派系。",
    "tm.fact.player": "{who} 使用{faction}（家鄉地形：{home}）：{vp} 分、{coins} 元、{workers} 個工人、"
                      "{priests} 個祭司；魔力池 I {bowl1}、II {bowl2}、III {bowl3}。",
    "tm.fact.abilities": "{who}：航行能力 {shipping}、鏟子等級 {digging}、{keys} 把城鎮鑰匙、還剩 {bridges} 座橋。",
    "tm.fact.range": "{who}：飛毯距離 {n}。",
    "tm.fact.step": "{track} {n}",
    "tm.fact.cults_of": "{who}：元素信仰 {steps}。",
    "tm.fact.tiles_of": "{who} 的獎勵卡：{bonus}；宗教獎勵板塊：{favours}；城鎮板塊：{towns}。",
    "tm.fact.income": "{who} 下回合收入：{coins} 元、{workers} 個工人、{priests} 個祭司、{power} 點魔力。",
    "tm.fact.buildings": "{who} 的{building}（{n}）：{hexes}。",
    "tm.fact.piece": "{building} {n}",
    "tm.fact.supply": "{who} 還可以蓋的建築：{items}。",
    "tm.fact.passed": "{who} 已跳過。",
    "tm.fact.terrain": "{terrain}地形（{n} 格）：{hexes}。",
    "tm.fact.towns": "城鎮中的地格：{hexes}。",
    "tm.fact.bridge": "{who} 的橋：{a} 與 {b} 之間。",
    "tm.fact.at": "{who} 在 {n}",
    "tm.fact.priest_on": "{who} 的祭司在 {space} 格",
    "tm.fact.track": "{track}信仰：{marks}；祭司：{priests}。",
    "tm.fact.actions": "尚可使用的魔力行動：{free}；本回合已使用：{taken}。",
    "tm.fact.bonus_left": "{tile}（上面有 {n} 元）",
    "tm.fact.bonus_pool": "剩下的獎勵卡：{cards}。",
    "tm.fact.left": "{tile} ×{n}",
    "tm.fact.favours_left": "剩下的宗教獎勵板塊：{tiles}。",
    "tm.fact.towns_left": "剩下的城鎮板塊：{tiles}。",
    "tm.fact.order": "本回合順序：{seats}。",
    "tm.fact.offer": "{who} 可從 {source} 吸取 {n} 點魔力。",
    "tm.fact.to_move": "等待：{seats}。",
}


def _faces(locale: str) -> dict[str, str]:
    """``tm.fact.face.<id>``: each tile's and card's face as the board draws it in ``locale``."""
    out = {}
    for tid in SCORING:
        out[tid] = ("; " if locale == "en" else "；").join(x for x in scoring_face(tid, locale) if x)
    for bid in BONUSES:
        out[bid] = (", " if locale == "en" else "，").join(x for x in bonus_face(bid, locale) if x)
    for fid in FAVOURS:
        out[fid] = favour_face(fid, locale)
    for tid in TOWNS:
        out[tid] = town_face(tid, locale)
    for aid in POWER_ACTIONS:
        gives, cost = action_face(aid, locale)
        out[aid] = f"{gives}, {cost}" if locale == "en" else f"{gives}，{cost}"
    # a face is plain text: braces would read as placeholders
    return {f"tm.fact.face.{k.lower()}": v.replace("{", "{{").replace("}", "}}") for k, v in out.items()}


register("en", {**EN, **_faces("en")})
register("zh-TW", {**ZH, **_faces("zh-TW")})
