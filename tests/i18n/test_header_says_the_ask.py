"""The turn image's header says the same step as the turn post's ask where they had drifted:
Altiplano's action turn starts with the pawn's move, and West of Africa's harbour step is a
ship pushed out (its header said only 'pick a harbour')."""

import pytest

from renderers import altiplano as alti_r
from renderers import west_of_africa as woa_r


def _act_view():
    return {"round": 1, "phase": "act", "to_move": [0], "result": None,
            "players": [{"corn_due": False}, {"corn_due": False}]}


@pytest.mark.parametrize("locale,words", [("en", ("move", "one action", "pass")),
                                          ("zh-TW", ("移動棋子", "行動", "跳過"))])
def test_altiplano_act_header_asks_for_the_move_first(locale, words):
    _title, status, seat = alti_r.header_text(_act_view(), ["Ann", "Bo"], locale)
    assert seat == 0 and status.startswith("Ann")
    for w in words:
        assert w in status


@pytest.mark.parametrize("locale,word", [("en", "pushed"), ("zh-TW", "擠開")])
def test_west_of_africa_harbour_header_says_the_ship_was_pushed(locale, word):
    view = {"round": 1, "phase": "actions", "final_round": None, "result": None,
            "pending": {"seat": 1}, "to_move": [1], "turn_seat": 0, "players": [{}, {}]}
    _title, status, seat = woa_r.header_text(view, ["Ann", "Bo"], locale)
    assert seat == 1 and "Bo" in status and word in status
