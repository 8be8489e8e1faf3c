"""Bruges menus read in the player's language: persons by their catalog names, uses keyed."""

from __future__ import annotations

import random
import re

import games
from bot.table import menus
from games.core.playout import expand


def _actions_state():
    engine = games.get("bruges")
    state = engine.setup(3, 1, None)
    rnd = random.Random(1)
    while state["phase"] != "actions":
        seat = sorted(engine.to_move(state))[0]
        engine.play(state, seat, expand(engine, state, seat, "", rnd))
    return engine, state, sorted(engine.to_move(state))[0]


def _options(engine, state, seat, locale):
    menu = menus.build("bruges", engine, state, seat, "", locale=locale)
    out = list(menu.options)
    for g in menu.options:
        if g.value.startswith(("s:", "g:")):
            kind, prefix, k = menus.decode(g.value)
            out += menus.build("bruges", engine, state, seat, prefix, k, locale=locale).options
    return [o for o in out if o.value.startswith("m:play ")]


def test_bruges_cards_are_named_in_the_menu():
    engine, state, seat = _actions_state()
    labels = [o.label for o in _options(engine, state, seat, "en")]
    hand = {c["name"] for c in engine.view(state, seat)["hand"]}
    assert any(name in label for label in labels for name in hand)


def test_cards_are_named_and_their_uses_worded_in_chinese():
    engine, state, seat = _actions_state()
    hand = engine.view(state, seat)["hand"]
    zh = _options(engine, state, seat, "zh-TW")
    assert zh and all(len(o.label) <= 100 and len(o.description) <= 100 for o in zh)
    for o in zh:
        assert not re.search(r"[A-Za-z]{3,}", o.label + o.description), o  # no English words left
    from games.core.messages import msg, render
    first = hand[0]
    zh_name = render(msg(f"bru.card.{first['id']}"), "zh-TW")
    assert any(zh_name in o.label and f"#{first['id']}" in o.label for o in zh)
    en = _options(engine, state, seat, "en")
    assert any(first["name"] in o.label and "take" in o.label for o in en)
    assert all("hire for" in o.description for o in en)


async def test_the_play_menu_is_in_the_clickers_language(harness):
    """An English table; a player whose Discord speaks zh-TW gets their own menus in Chinese."""
    h = harness
    ann, bob = h.user("Ann", locale="zh-TW"), h.user("Bob")
    await h.slash(ann, "game new", game="bruges", player2=bob)
    await h.slash(ann, "game start")
    await h.click(ann, h.posts()[-1], "Play")
    menu = h.ephemeral(ann)[-1]
    assert "抽" in menu.content  # "請再抽 5 張牌": the prompt in her language
    await h.click(bob, h.posts()[-1], "Play")
    assert "isn't your turn" in h.ephemeral(bob)[-1].content


async def test_a_typed_move_brings_the_next_menu_in_the_callers_language(harness):
    h = harness
    ann, bob = h.user("Ann", locale="zh-TW"), h.user("Bob")
    await h.slash(ann, "game new", game="bruges", player2=bob)
    await h.slash(ann, "game start")
    await h.slash(ann, "move", move="draw a")
    answer = h.ephemeral(ann)[-1]
    menu = next(c for c in answer.items() if c["type"] == 3)
    assert menu["placeholder"].startswith("請選擇")  # the menu that comes along is in her language
    await h.click(bob, h.posts()[-1], "Play")
    assert "isn't your turn" in h.ephemeral(bob)[-1].content  # Bob's Discord speaks English
