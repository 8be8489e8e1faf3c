"""The deck as a table: size, colours, groups, timings, costs and VP."""

from collections import Counter
from statistics import mean

from games.bruges import effects
from games.bruges.data import CARDS, COLOURS, GROUPS, PUBLISHED_NOTES, TIMINGS

from .helpers import FACTS

OPS = {"money", "workers", "vp", "rep", "draw", "clear_threats", "threat_others", "others_lose",
       "free_canal", "money_per", "vp_per", "extra_play", "canal_double", "discard"}
MODS = {"hire_discount", "canal_discount", "workers_bonus", "money_bonus", "disaster_limit", "threat_vp",
        "rep_discount", "hand_size", "majority_ties"}


def test_deck_size_colours_and_groups():
    deck = FACTS["deck"]
    assert len(CARDS) == deck["cards"] and sorted(CARDS) == list(range(1, 166))
    assert Counter(c.colour for c in CARDS.values()) == {c: deck["per_colour"] for c in COLOURS}
    assert len(GROUPS) == deck["groups"]
    assert Counter(c.group for c in CARDS.values()) == {g: deck["per_group"] for g in GROUPS}
    per = Counter((c.colour, c.group) for c in CARDS.values())
    assert set(per.values()) == {3}, "3 persons of each group in each colour"
    assert len({c.name for c in CARDS.values()}) == 165, "every person is unique"


def test_timing_mix():
    mix = Counter(c.timing for c in CARDS.values())
    assert set(mix) == set(TIMINGS)
    for colour in COLOURS:
        per = Counter(c.timing for c in CARDS.values() if c.colour == colour)
        assert per == {"end": 8, "now": 11, "always": 7, "worker": 7}


def test_cost_and_vp_curve():
    costs = [c.cost for c in CARDS.values()]
    assert min(costs) == 0 and max(costs) == 12
    assert 2.5 <= mean(costs) <= 5
    assert sum(3 <= c <= 9 for c in costs) / len(costs) >= 0.7, "most persons cost 3-9"
    for colour in COLOURS:  # colours balanced against each other
        assert abs(mean(c.cost for c in CARDS.values() if c.colour == colour) - mean(costs)) <= 0.5
    for c in CARDS.values():
        assert 0 <= c.vp <= 4 and c.vp <= c.cost, c
    # dearer persons are not worth fewer printed VP on average
    cheap = mean(c.vp for c in CARDS.values() if c.cost <= 3)
    dear = mean(c.vp for c in CARDS.values() if c.cost >= 5 and c.timing == "now")
    assert dear >= cheap


def test_effects_stay_inside_the_vocabulary_and_read_as_text():
    for c in CARDS.values():
        eff = c.effect
        if c.timing == "end":
            assert set(eff) <= {"score", "n", "every"}
        elif c.timing in ("now", "worker"):
            assert all(op["op"] in OPS for op in eff["do"])
            if c.timing == "worker":
                assert eff["pay"] in COLOURS
        else:
            assert ("mod" in eff and eff["mod"] in MODS) or all(op["op"] in OPS for op in eff["round"])
        assert effects.describe(c)


def test_published_cards_are_marked_and_explained():
    published = {c.id for c in CARDS.values() if c.source == "published"}
    assert published == set(PUBLISHED_NOTES)
    assert {c.source for c in CARDS.values()} == {"published", "designed"}
    engraver = next(c for c in CARDS.values() if c.name == "Engraver")
    assert engraver.cost == FACTS["engraver"]["cost"]
    assert engraver.effect == {"score": "groups", "n": FACTS["engraver"]["vp_per_group"]}
    cardinal = next(c for c in CARDS.values() if c.name == "Cardinal")
    assert cardinal.effect == {"score": "group:church", "n": 2} and cardinal.group == "church"


def test_laurels_that_grow_with_the_town_are_priced_by_their_rate():
    """Houses, empty houses and persons can pile up, so a laurel paying per
    piece costs at least 3 guilders per VP of rate; and since every person
    lives in a house, paying per house is never cheaper than paying per
    person at the same rate (the audit found a 2-VP-per-empty-house card at
    3 guilders and a 2-VP-per-house card cheaper than its per-person twin)."""
    town = [c for c in CARDS.values() if c.timing == "end" and c.effect["score"] in ("house", "empty_house", "person")]
    assert {c.effect["score"] for c in town} == {"house", "empty_house", "person"}
    for c in town:
        assert c.cost >= 3 * c.effect["n"], c
    for n in {c.effect["n"] for c in town}:
        per_person = [c.cost for c in town if c.effect == {"score": "person", "n": n}]
        per_house = [c.cost for c in town if c.effect == {"score": "house", "n": n}]
        if per_person and per_house:
            assert min(per_house) >= max(per_person), n
