"""The mission variant: every card, the deal, reveal and scoring."""

import json

import pytest

from games.altiplano.data import MISSIONS
from games.altiplano.scoring import breakdown, mission_met
from games.core import IllegalMove

from .altiplano_helpers import FACTS, GAME, acting, arrange, fresh, play


def rows(*specs):
    """rows(("fish", 3), ("ore", 1)) -> warehouse rows filled with that good."""
    return [{"good": g, "tiles": [g] * n} for g, n in specs]


def _orders(p, ids):
    p["done_orders"] = list(ids)


#: mission -> a change to seat 0 that fulfils it
FULFIL = {
    "M01": lambda s, p: _orders(p, ["O01", "O02", "O03"]),
    "M02": lambda s, p: p.update(warehouse=rows(("alpaca", 3))),
    "M03": lambda s, p: p.update(warehouse=rows(("fish", 1), ("ore", 1), ("wool", 1), ("stone", 1), ("wood", 1),
                                                ("silver", 1), ("glass", 1))),
    "M04": lambda s, p: p.update(warehouse=rows(("fish", 3), ("ore", 3), ("wool", 4), ("stone", 4), ("wood", 5),
                                                ("glass", 1))),
    "M05": lambda s, p: s["firsts"].update(row=0),
    "M06": lambda s, p: p.update(warehouse=rows(("fish", 3), ("ore", 3), ("wool", 4), ("stone", 4))),
    "M07": lambda s, p: p.update(crate=["silver"] * 3 + ["cloth"] * 3),
    "M08": lambda s, p: p.update(bag=["glass"] * 4),
    "M09": lambda s, p: p.update(warehouse=rows(("fish", 3), ("ore", 3), ("wool", 4))),
    "M10": lambda s, p: p.update(warehouse=rows(("corn", 3), ("corn", 2))),
    "M11": lambda s, p: s["firsts"].update(fishrow=0),
    "M12": lambda s, p: p.update(boats=["B01", "B02", "B03"]),
    "M13": lambda s, p: p.update(houses=["H01", "H02", "H03"]),
    "M14": lambda s, p: p.update(crate=["ore"] * 2),
    "M15": lambda s, p: p.update(warehouse=rows(("cacao", 3), ("fish", 1), ("cacao", 1))),
    "M16": lambda s, p: p.update(done_orders=["O01"], boats=["B01"], houses=["H01"]),
    "M17": lambda s, p: s["firsts"].update(order=0),
    "M18": lambda s, p: s["firsts"].update(house=0),
    "M19": lambda s, p: p.update(crate=["stone"]),
    "M20": lambda s, p: _orders(p, ["O03", "O09"]),
}


def bare(players=2):
    state = acting(players)
    for p in state["seats"]:
        p["bag"], p["crate"] = [], []
    return state


def test_twenty_missions():
    assert len(MISSIONS) == FACTS["mission_conditions"] == len(FULFIL)


@pytest.mark.parametrize("mid", sorted(MISSIONS))
def test_mission_condition(mid):
    state = bare()
    assert not mission_met(state, 0, mid, final=True)
    FULFIL[mid](state, state["seats"][0])
    assert mission_met(state, 0, mid, final=True)
    assert not mission_met(state, 1, mid, final=True)


def test_partial_conditions_do_not_count():
    state = bare()
    p = state["seats"][0]
    p["done_orders"] = ["O01", "O02"]
    assert not mission_met(state, 0, "M01", final=True)
    p["warehouse"] = rows(("fish", 3), ("corn", 3), ("wool", 4), ("stone", 4))
    assert not mission_met(state, 0, "M06", final=True)  # a corn row does not count
    assert mission_met(state, 0, "M09", final=True)
    p["done_orders"] = ["O03", "O01"]
    assert not mission_met(state, 0, "M20", final=True)
    p["crate"] = ["silver"] * 3 + ["cloth"] * 2
    assert not mission_met(state, 0, "M07", final=True)


def test_goods_on_orders_do_not_count():
    state = bare()
    p = state["seats"][0]
    p["order"] = {"id": "O15", "have": {"glass": 2}}
    p["crate"] = ["glass", "glass"]
    assert not mission_met(state, 0, "M08", final=True)


def test_most_missions_share_ties_and_need_one():
    state = bare()
    state["seats"][0]["crate"] = ["ore"]
    state["seats"][1]["crate"] = ["ore"]
    assert mission_met(state, 0, "M14", final=True) and mission_met(state, 1, "M14", final=True)
    state["seats"][1]["crate"] = ["ore", "ore"]
    assert not mission_met(state, 0, "M14", final=True)
    assert not mission_met(bare(), 0, "M19", final=True)


def test_end_only_missions_are_not_judged_early():
    state = bare()
    FULFIL["M08"](state, state["seats"][0])
    assert not mission_met(state, 0, "M08") and mission_met(state, 0, "M08", final=True)


def test_first_row_and_first_fish_row_are_recorded_in_play():
    state = acting(2)
    arrange(state, 0, pawn="village", village=["fish", "fish", "fish"])
    play(state, 0, "village store fish fish fish")
    assert state["firsts"]["row"] == 0 and state["firsts"]["fishrow"] == 0


def test_fish_row_with_corn_is_not_a_fish_row():
    state = acting(2)
    p = arrange(state, 0, pawn="village", village=["fish", "fish"])
    p["warehouse"] = [{"good": "fish", "tiles": ["fish", "corn"]}]
    play(state, 0, "village store fish")
    assert state["firsts"]["row"] == 0 and state["firsts"]["fishrow"] is None


# --- the deal ----------------------------------------------------------

def test_deal_three_keep_one_pass_left_and_right():
    state = fresh(3, missions=True)
    assert state["phase"] == "missions" and GAME.to_move(state) == {0, 1, 2}
    hands = [list(p["mission_hand"]) for p in state["seats"]]
    assert all(len(h) == 3 for h in hands) and len({c for h in hands for c in h}) == 9
    for seat in range(3):
        keep, give, rest = hands[seat]
        ev = play(state, seat, f"keep {keep.lower()} give {give.lower()}")
        assert ev[0].kind == "secret" and keep.lower() not in ev[0].text.lower()
    for seat in range(3):
        got = state["seats"][seat]["mission_in"]
        assert sorted(got) == sorted([hands[(seat - 1) % 3][1], hands[(seat + 1) % 3][2]])
        assert not any(c in json.dumps(GAME.view(state, None)) for c in got)
    for seat in range(3):
        play(state, seat, f"choose {state['seats'][seat]['mission_in'][0].lower()}")
    assert state["phase"] == "plan"
    assert all(len(p["missions"]) == 2 for p in state["seats"])


def test_two_player_deal_keep_one_give_one_discard_one():
    state = fresh(2, missions=True)
    hands = [list(p["mission_hand"]) for p in state["seats"]]
    play(state, 0, f"keep {hands[0][0].lower()} give {hands[0][1].lower()}")
    with pytest.raises(IllegalMove):
        GAME.play(state, 1, f"keep {hands[1][0].lower()} give {hands[1][0].lower()}")
    play(state, 1, f"keep {hands[1][2].lower()} give {hands[1][0].lower()}")
    assert state["phase"] == "plan"
    assert state["seats"][0]["missions"] == sorted([hands[0][0], hands[1][0]])
    assert state["seats"][1]["missions"] == sorted([hands[1][2], hands[0][1]])


def test_missions_hidden_until_fulfilled_then_revealed():
    state = acting(2, missions=True)
    p = state["seats"][0]
    p["missions"] = ["M18", "M08"]
    assert "M18" not in str(GAME.view(state, None)) and "M18" in str(GAME.view(state, 0))
    arrange(state, 0, pawn="village", village=["stone", "stone"])
    events = play(state, 0, "village house h01")
    assert any(e.kind == "mission" and "M18" in e.text for e in events)
    pub = GAME.view(state, None)["players"][0]
    assert [m[0] for m in pub["missions_revealed"]] == ["M18"] and "M08" not in str(pub)


def test_missions_score_at_the_end():
    state = bare()
    state["options"]["missions"] = True
    p = state["seats"][0]
    p["missions"] = ["M13", "M12"]
    FULFIL["M13"](state, p)
    assert breakdown(state, 0)["missions"] == MISSIONS["M13"][2]
