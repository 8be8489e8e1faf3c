"""West of Africa's board as text, in English and zh-TW: the words of the facts its view gives
(``games.west_of_africa.view.facts``, keys ``woa.fact.*``) for ``/game status detail:full``.
Registered on import (``bot.table.board_text``)."""

from __future__ import annotations

from games.core.messages import register

EN = {
    "woa.fact.round": "Round {round}; phase: {phase}.",
    "woa.fact.phase.choose": "choosing cards", "woa.fact.phase.actions": "actions", "woa.fact.phase.over": "game over",
    "woa.fact.final_round": "The game ends after round {round}.",
    "woa.fact.none": "none",
    "woa.fact.count": "{n} {what}",
    "woa.fact.of": "{who} {n}",
    "woa.fact.order": "Turn order: {seats}.",
    "woa.fact.settled": "Settlements this round: {n}; houses in the supply: {supply}.",
    "woa.fact.player": "{who}: {coins} coins, {points} points, {minus} minus cards; free crops: {crops}; "
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

ZH = {
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

register("en", EN)
register("zh-TW", ZH)
