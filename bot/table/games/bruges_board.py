"""Bruges' board as text, in English and zh-TW: the words of the facts its view gives
(``games.bruges.view.facts``, keys ``bru.fact.*``) for ``/game status detail:full``.
Registered on import (``bot.table.board_text``)."""

from __future__ import annotations

from games.core.messages import register

EN = {
    "bru.fact.round": "Round {round}; phase: {phase}.",
    "bru.fact.phase.draw": "drawing cards", "bru.fact.phase.roll": "rolling the dice",
    "bru.fact.phase.reputation": "reputation", "bru.fact.phase.actions": "playing cards",
    "bru.fact.phase.over": "game over",
    "bru.fact.last_round": "This is the last round.",
    "bru.fact.none": "none",
    "bru.fact.count": "{what} {n}",
    "bru.fact.dice": "Dice: {dice}.",
    "bru.fact.pile": "pile {name}: {n} cards, top card {top}",
    "bru.fact.piles": "Draw piles: {piles}; {reserve} cards in reserve, {discard} discarded.",
    "bru.fact.statues": "Statues left to buy, costs: {costs}.",
    "bru.fact.threat_supply": "Threat tokens in the supply: {items}.",
    "bru.fact.rep_cost": "A step of reputation costs {n} guilders this round.",
    "bru.fact.rep_track": "Points on the reputation track, from 0 up: {values}.",
    "bru.fact.player": "{who}: {vp} points, {money} guilders, reputation {rep}, {hand} cards in hand.",
    "bru.fact.workers": "{who}'s workers: {items}.",
    "bru.fact.of": "{what} {n} of {limit}",
    "bru.fact.threats": "{who}'s threats: {items}.",
    "bru.fact.house_empty": "{who}'s house {n} ({roof} roof): empty.",
    "bru.fact.house": "{who}'s house {n} ({roof} roof): {person}, {colour} {group}, {points}{used}.",
    "bru.fact.points": {"one": "{n} point", "other": "{n} points"},
    "bru.fact.used": ", used this round",
    "bru.fact.canal": "{who}'s {side} canal: {built} of {length} sections built ({colours}).",
    "bru.fact.own_statues": "{who}'s statues, costs: {costs}.",
    "bru.fact.majority.persons": "persons", "bru.fact.majority.reputation": "reputation",
    "bru.fact.majority.canals": "canals",
    "bru.fact.majorities": "{who} leads in {what}.",
    "bru.fact.plays_left": "{who} has {n} cards to play this round.",
    "bru.fact.to_move": "Waiting for: {seats}.",
}

ZH = {
    "bru.fact.round": "第 {round} 回合；階段：{phase}。",
    "bru.fact.phase.draw": "抽牌", "bru.fact.phase.roll": "擲骰",
    "bru.fact.phase.reputation": "聲望", "bru.fact.phase.actions": "打出卡片",
    "bru.fact.phase.over": "遊戲結束",
    "bru.fact.last_round": "這是最後一回合。",
    "bru.fact.none": "無",
    "bru.fact.count": "{what} {n}",
    "bru.fact.dice": "骰子：{dice}。",
    "bru.fact.pile": "{name} 牌堆：{n} 張，最上面是{top}",
    "bru.fact.piles": "抽牌堆：{piles}；備用 {reserve} 張、棄牌 {discard} 張。",
    "bru.fact.statues": "可購買的雕像，價格：{costs}。",
    "bru.fact.threat_supply": "供應區的威脅標記：{items}。",
    "bru.fact.rep_cost": "本回合聲望前進一格要 {n} 元。",
    "bru.fact.rep_track": "聲望軌上的分數（由 0 起）：{values}。",
    "bru.fact.player": "{who}：{vp} 分、{money} 元、聲望 {rep}、手牌 {hand} 張。",
    "bru.fact.workers": "{who} 的工人：{items}。",
    "bru.fact.of": "{what} {n}/{limit}",
    "bru.fact.threats": "{who} 的威脅：{items}。",
    "bru.fact.house_empty": "{who} 的第 {n} 間房屋（{roof}屋頂）：空的。",
    "bru.fact.house": "{who} 的第 {n} 間房屋（{roof}屋頂）：{person}，{colour}{group}，{points}{used}。",
    "bru.fact.points": "{n} 分",
    "bru.fact.used": "，本回合已使用",
    "bru.fact.canal": "{who} 的{side}運河：已建 {built}/{length} 段（{colours}）。",
    "bru.fact.own_statues": "{who} 的雕像，價格：{costs}。",
    "bru.fact.majority.persons": "人物", "bru.fact.majority.reputation": "聲望",
    "bru.fact.majority.canals": "運河",
    "bru.fact.majorities": "{who} 在{what}領先。",
    "bru.fact.plays_left": "{who} 本回合還要打出 {n} 張牌。",
    "bru.fact.to_move": "等待：{seats}。",
}

register("en", EN)
register("zh-TW", ZH)
