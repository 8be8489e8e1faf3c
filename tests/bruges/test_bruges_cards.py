"""Every effect primitive, and every one of the 165 persons hired at least once.

One scenario for all: seat 0 has 20 guilders, 2 workers and 1 threat of each
colour, one canal section (left), one empty house; seats 1 and 2 have 5
guilders, two canal sections, no threats. The oracle below says, op by op,
what must change; the engine must match it.
"""

import pytest

from games.bruges import board, effects, rules, scoring
from games.bruges.data import CARDS, COLOURS
from games.core import IllegalMove

from .helpers import GAME, actions_state, by, give_house, play

DICE = (1, 2, 5, 6, 6)  # blue 1, brown 2, yellow 5, red 6, purple 6


def scenario(hand=()):
    """The shared scenario; a spare card keeps seat 0's round going."""
    spare = 100 if 100 not in hand else 101
    state = actions_state(3, {0: [*hand, spare]}, dice=DICE)
    p = state["ps"][0]
    p["money"] = 20
    p["workers"] = {c: 2 for c in COLOURS}
    p["threats"] = {c: 1 for c in COLOURS}
    state["threat_supply"] = {c: 8 for c in COLOURS}
    p["canals"]["left"] = 1
    give_house(state, 0)
    for seat in (1, 2):
        state["ps"][seat]["canals"]["left"] = 2
        give_house(state, seat)
    return state


def snap(state):
    p = state["ps"][0]
    others = state["ps"][1:]
    out = {"money": p["money"], "vp": p["vp"], "rep": p["rep"], "hand": len(p["hand"]),
           "canals": sum(p["canals"].values()), "plays": p["plays_left"],
           "o_money": sum(q["money"] for q in others), "o_canals": sum(sum(q["canals"].values()) for q in others),
           "o_workers": sum(sum(q["workers"].values()) for q in others)}
    for c in COLOURS:
        out["w_" + c] = p["workers"][c]
        out["t_" + c] = p["threats"][c]
        out["o_t_" + c] = sum(q["threats"][c] for q in others)
    return out


def expected_count(state, what, cid):
    """Counts in the scenario, worked out by hand (the card is the only person)."""
    card = CARDS[cid] if cid else None
    fixed = {"house": 1, "person": 1 if card else 0, "canal": 1, "face:5": 1, "face:6": 2, "face:1": 1,
             "colours": 1 if card else 0}
    if what in fixed:
        return fixed[what]
    if what.startswith("group:"):
        return int(bool(card) and card.group == what[6:])
    if what == "rep":
        return 0
    if what.startswith("roof:"):  # the scenario's one house
        return int(state["ps"][0]["houses"][0]["roof"] == what[5:])
    raise KeyError(what)


def expect(state, ops, cid=None, choice=None):
    """Expected change of every snapshot key after the ops."""
    d = {}

    def add(k, n):
        d[k] = d.get(k, 0) + n

    for op in ops:
        kind, n = op["op"], op.get("n", 1)
        if kind == "money":
            add("money", n)
        elif kind == "workers":
            add("w_" + (choice if op["colour"] == "any" else op["colour"]), n)
        elif kind == "vp":
            add("vp", n)
        elif kind == "rep":
            add("rep", 1)
        elif kind == "draw":
            add("hand", n)
        elif kind == "clear_threats":
            add("t_" + (choice if op["colour"] == "any" else op["colour"]), -1)
            add("vp", 1)
        elif kind == "threat_others":
            add("o_t_" + op["colour"], 2)
        elif kind == "others_lose" and op["what"] == "workers":
            # both others hold one worker of each colour: each gives the first n colours
            add("o_workers", -2 * n)
            for c in COLOURS[:n]:
                add("w_" + c, 2)
        elif kind == "others_lose":
            add("o_money" if op["what"] == "money" else "o_canals", -2 * n if op["what"] == "money" else -2)
        elif kind == "canal_double":  # left has 1 section (next costs 2), right none (next costs 1)
            add("canals", 1)
            add("money", -2 * (2 if choice == "left" else 1))
        elif kind == "discard":
            add("hand", -n)
        elif kind == "free_canal":
            add("canals", 1)
        elif kind == "money_per":
            add("money", n * expected_count(state, op["what"], cid))
        elif kind == "vp_per":
            add("vp", n * expected_count(state, op["what"], cid))
        elif kind == "extra_play":
            add("plays", 1)
        else:
            raise AssertionError(kind)
    return d


def diff(a, b):
    return {k: b[k] - a[k] for k in a if b[k] != a[k]}


def answer_choices(state, seat=0):
    """Answer pending questions with their first option (a drawing person asks
    once per card); return the last option chosen."""
    chosen = None
    while True:
        entry = next((e for e in state["pending"] if e["seat"] == seat and e["kind"] == "choose"), None)
        if entry is None:
            return chosen
        chosen = entry["options"][0]
        play(state, seat, f"choose {chosen}")


# --- primitives ------------------------------------------------------------------------------

PRIMITIVES = [
    {"op": "money", "n": 4},
    {"op": "workers", "colour": "red", "n": 3},
    {"op": "workers", "colour": "any", "n": 2},
    {"op": "vp", "n": 2},
    {"op": "rep", "n": 1},
    {"op": "draw", "n": 2},
    {"op": "clear_threats", "colour": "yellow"},
    {"op": "clear_threats", "colour": "any", "n": 1},
    {"op": "threat_others", "colour": "brown"},
    {"op": "others_lose", "what": "money", "n": 3},
    {"op": "others_lose", "what": "canal", "n": 1},
    {"op": "free_canal"},
    {"op": "money_per", "what": "house", "n": 1},
    {"op": "money_per", "what": "face:6", "n": 1},
    {"op": "vp_per", "what": "canal", "n": 2},
    {"op": "extra_play"},
    {"op": "canal_double"},
    {"op": "others_lose", "what": "workers", "n": 2},
    {"op": "money_per", "what": "roof:yellow", "n": 2},
]


@pytest.mark.parametrize("op", PRIMITIVES, ids=lambda o: "-".join(str(v) for v in o.values()))
def test_op_primitive(op):
    state = scenario()
    before = snap(state)
    events = []
    effects.run_ops(state, 0, [op], events, "test")
    while rules._auto_pending(state, events):  # the victims' single-option losses
        pass
    chosen = None
    while state["pending"] and state["pending"][0]["kind"] == "choose":
        entry = state["pending"].pop()
        chosen = entry["options"][0]
        effects.apply_op(state, 0, entry["op"], chosen, events)
        effects.run_ops(state, 0, entry["rest"], events, "test")
    assert diff(before, snap(state)) == _clean(expect(state, [op], choice=chosen))
    assert events and all(e.text for e in events)


def test_choice_with_one_sensible_answer_is_not_asked():
    state = scenario()
    state["ps"][0]["threats"] = {c: 0 for c in COLOURS}
    state["ps"][0]["threats"]["red"] = 2
    effects.run_ops(state, 0, [{"op": "clear_threats", "colour": "any", "n": 1}], [], "test")
    assert state["pending"] == [] and state["ps"][0]["threats"]["red"] == 1


def test_choice_becomes_a_pending_question_and_the_rest_waits():
    state = scenario()
    ops = [{"op": "workers", "colour": "any", "n": 2}, {"op": "money", "n": 1}]
    effects.run_ops(state, 0, ops, [], "Scholar")
    assert state["pending"][0]["options"] == list(COLOURS) and state["ps"][0]["money"] == 20
    assert GAME.to_move(state) == {0}
    with pytest.raises(IllegalMove, match="choose one of"):
        play(state, 0, "choose green")
    play(state, 0, "choose purple")
    assert state["ps"][0]["workers"]["purple"] == 4 and state["ps"][0]["money"] == 21


COUNTS = {"house": 2, "empty_house": 1, "person": 1, "canal": 4, "statue": 1, "rep": 3, "majority": 2,
          "money": 9, "workers": 5, "groups": 1, "colours": 1, "no_threats": 1, "face:3": 5}


@pytest.mark.parametrize("what", sorted(COUNTS))
def test_counts(what):
    state = actions_state(2)
    p = state["ps"][0]
    give_house(state, 0, person=1)
    give_house(state, 0)
    p.update(money=9, rep=3, statues=[5], canals={"left": 3, "right": 1})
    p["workers"]["red"] = 1
    p["majority"]["persons"] = p["majority"]["canals"] = True
    assert effects.count(state, 0, what) == COUNTS[what]


def test_group_and_colour_counts():
    state = actions_state(2)
    church = by(lambda c: c.group == "church")[:2]
    for cid in church:
        give_house(state, 0, person=cid)
    assert effects.count(state, 0, "group:church") == 2
    assert effects.count(state, 0, f"colour:{CARDS[church[0]].colour}") >= 1
    assert effects.end_vp(state, 0, {"score": "group:church", "n": 2}) == 4
    assert effects.end_vp(state, 0, {"score": "money", "n": 1, "every": 3}) == 1


# --- every card ------------------------------------------------------------------------------

def _partner(pred):
    return by(pred)[-1]


@pytest.mark.parametrize("cid", sorted(CARDS))
def test_every_card_hired_and_working(cid):
    card = CARDS[cid]
    state = scenario([cid])
    price = max(0, card.cost)
    before = snap(state)
    play(state, 0, f"play {cid} hire")
    assert state["ps"][0]["houses"][0]["person"] == cid
    chosen = answer_choices(state)
    after = snap(state)
    base = _clean({"money": -price, "plays": -1, "hand": -1})
    if card.timing == "now":
        want = _merge(base, expect(state, card.effect["do"], cid, chosen))
        assert diff(before, after) == _clean(want), card
    elif card.timing == "always" and "round" in card.effect:
        want = _merge(base, expect(state, card.effect["round"], cid, chosen))
        assert diff(before, after) == _clean(want), card
        assert cid in state["ps"][0]["used"]
    elif card.timing == "always":
        assert diff(before, after) == base
        _check_modifier(state, card)
    elif card.timing == "worker":
        assert diff(before, after) == base
        _check_activation(state, card)
    else:
        assert diff(before, after) == base
        _check_laurel(state, card)


def _merge(a, b):
    out = dict(a)
    for k, v in b.items():
        out[k] = out.get(k, 0) + v
    return out


def _clean(d):
    return {k: v for k, v in d.items() if v}


def _fresh_turn(state, hand):
    p = state["ps"][0]
    state["turn"], state["turn_played"], state["pending"] = 0, False, []
    p["plays_left"] = 4
    for cid in hand:
        p["hand"].append(cid)
        for pile in state["piles"] + [state["reserve"]]:
            if cid in pile:
                pile.remove(cid)


def _check_activation(state, card):
    cid, pay = card.id, card.effect["pay"]
    _fresh_turn(state, [_partner(lambda c: c.id != card.id)])
    assert f"use {cid}" in GAME.legal_moves(state, 0)
    before = snap(state)
    play(state, 0, f"use {cid}")
    chosen = answer_choices(state)
    want = _merge({"w_" + pay: -1}, expect(state, card.effect["do"], cid, chosen))
    assert diff(before, snap(state)) == _clean(want), card
    with pytest.raises(IllegalMove, match="already used"):
        play(state, 0, f"use {cid}")


def _check_laurel(state, card):
    eff = card.effect
    p = state["ps"][0]
    counts = {"house": 1, "empty_house": 0, "person": 1, "canal": 1, "statue": 0, "rep": 0, "majority": 0,
              "money": p["money"], "workers": 10, "groups": 1, "colours": 1, "no_threats": 0}
    what = eff["score"]
    if what == "no_threats":
        p["threats"] = {c: 0 for c in COLOURS}
        counts["no_threats"] = 1
    if what.startswith("group:"):
        n = int(card.group == what[6:])
    elif what.startswith("colour:"):
        n = int(card.colour == what[7:])
    else:
        n = counts[what]
    assert scoring.breakdown(state, 0)["laurels"] == eff["n"] * (n // eff.get("every", 1)), card


def _check_modifier(state, card):
    eff = card.effect
    mod, n = eff["mod"], eff.get("n", 1)
    p = state["ps"][0]
    if mod == "hire_discount":
        other = _partner(lambda c: c.cost >= 3 and c.timing == "end")
        give_house(state, 0)
        _fresh_turn(state, [other])
        money = state["ps"][0]["money"]
        play(state, 0, f"play {other} hire")
        assert money - state["ps"][0]["money"] == max(0, CARDS[other].cost - n)
    elif mod == "canal_discount":
        purple = _partner(lambda c: c.colour == "purple" and c.id != card.id)
        _fresh_turn(state, [purple])
        money = p["money"]
        play(state, 0, f"play {purple} canal")
        assert money - state["ps"][0]["money"] == 2 - n
    elif mod in ("workers_bonus", "money_bonus"):
        colour = "blue" if eff["colour"] == "any" else eff["colour"]
        other = _partner(lambda c: c.colour == colour and c.id != card.id)
        _fresh_turn(state, [other])
        if mod == "workers_bonus":
            play(state, 0, f"play {other} workers")
            assert state["ps"][0]["workers"][colour] == 2 + 2 + n
        else:
            money = p["money"]
            play(state, 0, f"play {other} money")
            assert state["ps"][0]["money"] - money == DICE[COLOURS.index(colour)] + n
    elif mod == "disaster_limit":
        colour = eff["colour"]
        events = []
        board.give_threat(state, 0, colour, events)
        board.give_threat(state, 0, colour, events)
        assert p["threats"][colour] == 3 and not events
        board.give_threat(state, 0, colour, events)
        assert p["threats"][colour] == 0 and events[0].kind == "disaster"
    elif mod == "threat_vp":
        other = _partner(lambda c: c.colour == "red")
        _fresh_turn(state, [other])
        vp = p["vp"]
        play(state, 0, f"play {other} threat")
        assert state["ps"][0]["vp"] - vp == 1 + n
    elif mod == "hand_size":
        assert rules.hand_size(state, 0) == 5 + n
    elif mod == "majority_ties":
        for q in state["ps"]:
            q["majority"] = {m: False for m in q["majority"]}
            q["canals"] = {"left": 2, "right": 0}
        state["ps"][2]["canals"] = {"left": 1, "right": 0}
        rules.end_round(state, [])
        assert state["ps"][0]["majority"]["canals"] and not state["ps"][1]["majority"]["canals"]
    elif mod == "rep_discount":
        state["rep_cost"] = 5
        assert rules.rep_price(state, 0) == 5 - n
        state["rep_cost"] = 1
        assert rules.rep_price(state, 0) == 0
    else:
        raise AssertionError(mod)
