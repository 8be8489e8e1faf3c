"""The deck and board against the publisher's rulebook, value for value
(issue #15), and no designed person breaking a rule the seed states."""

import json
from pathlib import Path

import pytest

from games.bruges import rules
from games.bruges.data import (
    CARDS,
    GROUPS,
    PRICE_PUBLISHED,
    PUBLISHED_NOTES,
    REPUTATION_VP,
    UNVERIFIED,
    is_designed,
)

from .helpers import GAME, actions_state, give_house

PUBLISHED = json.loads((Path(__file__).parents[1] / "fixtures" / "published" / "bruges.json").read_text())
BY_NAME = {c.name: c for c in CARDS.values()}

#: the published effects, as our effect vocabulary says them (Vicar and
#: Powderman: their effect is not in the text, so they are not modelled)
EFFECTS = {
    "Troublemaker": {"do": [{"op": "others_lose", "what": "canal", "n": 1}]},
    "Queen": {"round": [{"op": "vp", "n": 1}]},
    "Jailer": "clear_threats",
    "Acrobat": {"do": [{"op": "canal_double"}]},
    "Mathematician": {"do": [{"op": "draw", "n": 4}, {"op": "discard", "n": 4}]},
    "Alchemist": "money",
    "Servant": {"pay": "red", "do": [{"op": "draw", "n": 1}]},
    "Lawyer": {"mod": "workers_bonus", "colour": "any", "n": 1},
    "Accountant": "money",
    "Coachman": {"pay": "yellow", "do": [{"op": "extra_play"}]},
    "Inventor": {"mod": "hand_size", "n": 1},
    "Bishop": {"score": "workers", "n": 1, "every": 2},
    "Mayor": {"score": "group:bureaucrat", "n": 2},
    "Councilman": "money_per",
    "Beggar": {"do": [{"op": "others_lose", "what": "workers", "n": 2}]},
    "Engraver": {"score": "groups", "n": 2},
    "Judge": {"mod": "majority_ties"},
}
TIMINGS = {"worker": "worker", "now": "now", "end": "end"}


def _name(person):
    return person["name"].split(" (")[0]


def test_every_price_is_a_multiple_of_three_and_vp_is_a_third_of_it():
    for c in CARDS.values():
        assert c.cost % 3 == 0 and c.vp == c.cost // 3, c
        assert 0 <= c.cost <= 12


def test_groups_are_the_eleven_published_names():
    assert sorted(GROUPS) == sorted(g.lower() for g in PUBLISHED["groups"])
    assert {c.group for c in CARDS.values()} == set(GROUPS)


def test_reputation_step_six_scores_seven():
    for step, vp in PUBLISHED["reputation_step_vp"].items():
        assert REPUTATION_VP[int(step)] == vp
    assert list(REPUTATION_VP) == sorted(set(REPUTATION_VP)), "more reputation never scores less"


@pytest.mark.parametrize("person", PUBLISHED["persons"], ids=_name)
def test_real_persons_are_in_the_deck_as_published(person):
    name = _name(person)
    if name in ("Vicar", "Powderman"):
        assert name not in BY_NAME, "a real name with an unknown effect would mislead"
        return
    card = BY_NAME[name]
    assert card.source == "published" and card.id in PUBLISHED_NOTES
    if "cost" in person:
        assert (card.cost, card.vp) == (person["cost"], person["vp"])
        assert card.id in PRICE_PUBLISHED
        assert is_designed(card.id) == (person.get("effect") == "not in text")
    else:
        assert is_designed(card.id)
    group = person.get("group") or ""
    if group and "?" not in group and "(" not in group:  # only the groups the text states for sure
        assert card.group == group.lower()
    if person.get("pay"):
        assert card.timing == "worker" and card.effect["pay"] == person["pay"]
    timing = (person.get("timing") or "").split(" ")[0].rstrip(",")
    if timing in TIMINGS:
        assert card.timing == TIMINGS[timing]
    elif timing in ("always", "once"):
        assert card.timing == "always"
    want = EFFECTS.get(name)
    if isinstance(want, dict):
        assert card.effect == want or (card.timing == "worker" and card.effect["do"] == want.get("do")), card
    elif want:
        ops = card.effect.get("do") or card.effect.get("round") or []
        assert any(op["op"] == want for op in ops), card


def test_no_designed_person_moves_the_reputation_track():
    """The seed: one reputation step a round at most, and none without a 1 or
    a 2 on the dice, so no person may add a step."""
    for c in CARDS.values():
        ops = c.effect.get("do", []) + c.effect.get("round", [])
        assert all(op["op"] != "rep" for op in ops), c


def test_the_judge_wins_a_tied_majority_and_the_inventor_draws_to_six():
    judge, inventor = BY_NAME["Judge"].id, BY_NAME["Inventor"].id
    state = actions_state(3)
    give_house(state, 0, person=judge)
    for p in state["ps"]:
        p["canals"]["left"] = 2
    rules.end_round(state, [])
    assert [p["majority"]["canals"] for p in state["ps"]] == [True, False, False]
    give_house(state, 1, person=inventor)
    assert rules.hand_size(state, 1) == 6 and rules.hand_size(state, 2) == 5


def test_help_and_cards_say_what_is_designed():
    assert GAME.unverified == tuple(UNVERIFIED.values())
    state = actions_state(2, {0: [1, 139]})
    hand = {c["id"]: c for c in GAME.view(state, 0)["hand"]}
    assert hand[1]["designed"] is True and hand[139]["designed"] is False
    assert hand[139]["published"]
