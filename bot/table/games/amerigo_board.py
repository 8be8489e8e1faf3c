"""Amerigo's board as text, in English and zh-TW: the words of the facts its view gives
(``games.amerigo.view.facts``, keys ``ame.fact.*``) for ``/game status detail:full``.
Registered on import (``bot.table.board_text``)."""

from __future__ import annotations

from games.core.messages import register

EN = {
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

ZH = {
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
    "ame.fact.posts": "{who} 的貿易站（{n}）：{cells}。",
    "ame.fact.placed": "{what}在 {cells}",
    "ame.fact.tiles": "{who} 在島上的板塊：{tiles}。",
    "ame.fact.goods_at": "地圖上的{good}（{n}）：{cells}。",
    "ame.fact.player": "{who}：{vp} 分、{coins} 元、{cannons} 門大砲、發展 {develop}、順序軌 {special}、"
                       "剩 {posts} 個貿易站、{chests} 個寶箱。",
    "ame.fact.ships": "{who} 的船在：{where}。",
    "ame.fact.production": "{who} 的生產：{items}；貨物：{goods}。",
    "ame.fact.devs": "{who} 的發展板塊：{tiles}。",
    "ame.fact.village": "{who} 剩下的村莊板塊：{items}。",
    "ame.fact.hand": "{who} 手上有：{items}。",
    "ame.fact.to_move": "等待：{seats}。",
}

register("en", EN)
register("zh-TW", ZH)
