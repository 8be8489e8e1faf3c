"""``board.disaster_limits`` (every colour's limit, the persons read once: the view's
``threat_limits``) equals ``board.disaster_limit`` colour by colour, with guards of one colour
or several in the houses and with none."""

from games.bruges import board
from games.bruges.data import CARDS, COLOURS

from .helpers import actions_state

GUARDS = [cid for cid, c in CARDS.items() if c.effect.get("mod") == "disaster_limit"]


def houses(state, seat, persons):
    state["ps"][seat]["houses"] = [{"roof": "red", "person": p} for p in persons]


def test_limits_equal_each_colour_limit():
    state = actions_state(players=3)
    cases = [[], [GUARDS[0]], GUARDS[:2], GUARDS, [None, GUARDS[-1]]]
    for persons in cases:
        houses(state, 1, persons)
        limits = board.disaster_limits(state, 1)
        assert limits == {c: board.disaster_limit(state, 1, c) for c in state["ps"][1]["threats"]}
        assert list(limits) == list(state["ps"][1]["threats"])
    # the guards raise their colour's limit alone
    houses(state, 1, [GUARDS[0]])
    raised = [c for c, n in board.disaster_limits(state, 1).items() if n > board.DISASTER_AT]
    assert raised == [CARDS[GUARDS[0]].effect["colour"]] and raised[0] in COLOURS


def test_card_info_is_made_once_and_each_view_gets_its_own():
    from games.bruges.view import card_info

    first = card_info(GUARDS[0])
    first["name"] = "changed by a reader"
    again = card_info(GUARDS[0])
    assert again["name"] == CARDS[GUARDS[0]].name and again is not first
