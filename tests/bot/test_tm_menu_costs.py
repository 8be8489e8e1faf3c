"""Terra Mystica Play menus say what a build or an upgrade costs this seat now, beside the option,
as the engine prices it (a trading house next to another seat's building costs half the coins),
in the reader's words; the cost comes with the menu's listing, not from hint calls that a busy
process can run out of time for."""

from __future__ import annotations

import pytest

import games
from bot.table import menus
from games.terra_mystica.actions import tp_cost

#: a seeded 3-seat game to the Cultists' first turn: B2 stands next to the Nomads' A5, A7 alone
MOVES = [(0, "setup cultists"), (1, "setup nomads"), (2, "setup swarmlings"), (0, "build B2"), (1, "build E8"),
         (2, "build I4"), (2, "build H2"), (1, "build I7"), (0, "build A7"), (1, "build A5"), (2, "pass BON7"),
         (1, "pass BON6"), (0, "pass BON3")]
SEAT = 0

COSTS = {
    "en": {"upgrade B2 to TP": "2 W 3 C", "upgrade A7 to TP": "2 W 6 C",
           "build A8": "4 W 2 C", "build B3": "4 W 2 C"},
    "zh-TW": {"upgrade B2 to TP": "2 工人 3 元", "upgrade A7 to TP": "2 工人 6 元",
              "build A8": "4 工人 2 元", "build B3": "4 工人 2 元"},
}


@pytest.fixture
def table():
    game = games.get("terra-mystica")
    state = game.setup(3, 3, None)
    for seat, move in MOVES:
        game.play(state, seat, move)
    assert game.to_move(state) == {SEAT}
    return game, state


def test_the_position_has_a_neighbour_discount(table):
    """The engine's own price: B2's trading house has a neighbour (3 C), A7's has none (6 C)."""
    _game, state = table
    assert tp_cost(state, SEAT, "B2") == {"W": 2, "C": 3}
    assert tp_cost(state, SEAT, "A7") == {"W": 2, "C": 6}


@pytest.mark.parametrize("locale", ["en", "zh-TW"])
@pytest.mark.parametrize("budget", [menus.HINT_BUDGET, 0.0])
def test_upgrade_and_build_options_show_their_cost(table, locale, budget, monkeypatch):
    """Each option's description is its cost now, worded for the reader, with no time left for hint
    calls too (budget 0: what a loaded process or its first menu gets)."""
    game, state = table
    monkeypatch.setattr(menus, "HINT_BUDGET", budget)
    if budget == 0.0:
        monkeypatch.setattr(game, "hint", lambda *a, **k: pytest.fail("a menu cost asked hint()"), raising=False)
    shown = {}
    for prefix in ("upgrade ", "build "):
        menu = menus.build("terra-mystica", game, state, SEAT, prefix, None, locale)
        for o in menu.options:
            assert len(o.label) <= 100 and len(o.description) <= 100 and len(o.value) <= 100, o
            shown[menus.decode(o.value)[1]] = o.description
    assert shown == COSTS[locale]


@pytest.mark.parametrize("locale", ["en", "zh-TW"])
def test_zh_upgrade_label_keeps_its_words_and_the_cost_is_beside_it(table, locale):
    game, state = table
    menu = menus.build("terra-mystica", game, state, SEAT, "upgrade ", None, locale)
    by_move = {menus.decode(o.value)[1]: o for o in menu.options}
    o = by_move["upgrade B2 to TP"]
    if locale == "zh-TW":
        assert o.label == "升級建築：B2 → 貿易站（upgrade B2 to TP）"
        assert o.description == "2 工人 3 元"
    else:
        assert o.label == "B2 to TP"
        assert o.description == "2 W 3 C"
