"""The Bruges seat card on the turn image keeps the house the move hired into, even when the
card is short of room and shows only some of the seat's houses."""

from __future__ import annotations

import copy
import random

from games import get
from games.core.playout import expand
from renderers import bruges
from renderers import canvas as cv


def test_the_window_is_the_newest_houses_unless_an_older_one_was_touched():
    assert bruges.house_window(9, 3, set()) == 6
    assert bruges.house_window(9, 3, {2}) == 1
    assert bruges.house_window(9, 3, {9}) == 6
    assert bruges.house_window(9, 3, {1, 9}) == 6  # both cannot show: the newest touched stays
    assert bruges.house_window(2, 3, {1}) == 0


def _msgs(*lines):
    return [{"key": key, "params": params} for key, params in lines]


def test_the_houses_a_move_names_are_the_seats_own():
    view = {"last_msgs": _msgs(("bru.ev.hire", {"who": "{p1}", "id": 3, "house": 2}),
                               ("bru.ev.play_house", {"who": "{p0}", "n": 5}),
                               ("bru.ev.end_turn", {"who": "{p1}"})) + [None]}
    assert bruges.changed_houses(view, 1) == {2}
    assert bruges.changed_houses(view, 0) == {5}


def _view_with_houses():
    """A mid-game public view whose seat 0 has someone living in a house, given nine houses."""
    game = get("bruges")
    rnd = random.Random(4)
    state = game.setup(3, 4)
    for _ in range(2000):
        view = game.view(state, None)
        if any(h["person"] for h in view["players"][0]["houses"]):
            break
        seat = rnd.choice(sorted(game.to_move(state)))
        game.play(state, seat, expand(game, state, seat, "", rnd))
    houses = view["players"][0]["houses"]
    lived = next(h for h in houses if h["person"])
    empty = {"roof": houses[0]["roof"], "person": None, "used": False}
    nine = [copy.deepcopy(lived)] + [dict(empty) for _ in range(8)]
    for i, h in enumerate(nine):
        h["n"] = i + 1
    view["players"][0]["houses"] = nine
    return view, lived["person"]


def _drawn(monkeypatch, view, room_h):
    texts = []
    real = cv.text

    def spy(draw, xy, s, size=22, *args, **kwargs):
        texts.append(str(s))
        return real(draw, xy, s, size, *args, **kwargs)

    monkeypatch.setattr(cv, "text", spy)
    bruges.turn_card(view, ["Ann", "Bob", "Chen"], 0, "en", room_h=room_h)
    monkeypatch.undo()
    return texts


def test_a_hire_into_an_old_house_stays_on_a_short_card(monkeypatch):
    view, person = _view_with_houses()
    name = bruges._person(person, "en")[:6]  # a long name is fitted with "…" in its house
    view["last"] = [f"{{p0}} hires {person['name']} (#{person['id']}, x y) for 3 into house 1."]
    view["last_msgs"] = _msgs(("bru.ev.hire", {"who": "{p0}", "id": person["id"], "house": 1}))
    tall = _drawn(monkeypatch, view, 10_000)
    assert any(name in t for t in tall)  # all nine houses show
    room = 60 + 30 + 36 + 54 + 6  # the band (two lines at most) and one row of houses
    short = _drawn(monkeypatch, view, room)
    assert any(name in t for t in short)  # house 1 is on the card
    assert bruges.turn_card(view, ["Ann", "Bob", "Chen"], 0, "en", room_h=room).height <= room
    view["last"], view["last_msgs"] = [], []
    plain = _drawn(monkeypatch, view, room)
    assert not any(name in t for t in plain)  # without the hire the newest houses show
