"""The verbs of a Bruges turn as a table: the phase each is played in and what it does.

The rules of each are in ``rules.py`` (``do_draw``, ``do_play``...); here each verb is one
row, so the engine's ``apply`` checks the phase and calls the row's function. A function
takes the parsed action (``notation.parse``) and adds its events to ``events``.
"""

from __future__ import annotations

from games.core import Event, IllegalMove

from . import rules


def draw(state: dict, seat: int, a: dict, events: list[Event]) -> None:
    """``draw a`` or ``draw a a b``: each draw while the seat is still the one drawing."""
    for pile in [a["pile"], *a.get("more", [])]:
        if state["phase"] != "draw" or rules.to_move(state) != {seat}:
            raise IllegalMove("bru.err.drawn_enough")
        rules.do_draw(state, seat, pile, events)
        rules.settle(state, events)


#: verb -> (the phase it is played in, None: whenever the seat is asked; its function)
HANDLERS = {
    "draw": ("draw", draw),
    "roll": ("roll", lambda state, seat, a, events: rules.do_roll(state, seat, events)),
    "rep": ("reputation", lambda state, seat, a, events: rules.do_rep(state, seat, True, events)),
    "skip": ("reputation", lambda state, seat, a, events: rules.do_rep(state, seat, False, events)),
    "play": ("actions", rules.do_play),
    "use": ("actions", lambda state, seat, a, events: rules.do_use(state, seat, a["card"], events)),
    "end": ("actions", lambda state, seat, a, events: rules.do_end(state, seat, events)),
    "choose": (None, lambda state, seat, a, events: rules.do_choose(state, seat, a["option"], events)),
    "lose": (None, rules.do_lose),
}
