"""Round end, game end, set-up for 2-5 players, and the legal-move contract."""

import pytest

from games.west_of_africa import data, notation, rules

from .woa_helpers import GAME, at_turn, fresh, play


def last_turn(players, **kw):
    """Seat players-1 is the last to act this round and holds only Move workers."""
    seat = players - 1
    st = at_turn(players, seat, ["workers"], **kw)
    st["order"] = list(range(players))
    st["turn_idx"] = players - 1
    for s in range(players):
        st["revealed"][s] = True
    return st, seat


def test_round_end_bonus_harvest_mayors_refill():
    st, last = last_turn(3, ships=["hierro", "gomera", "canaria"])
    st["coins"] = [20, 30, 30]
    st["stamp"] = [0, 1, 2]                      # seat 1 reached 30 before seat 2
    st["workers"] = [["gomera", "west", "west"], ["tenerife", "west", "east"], ["tenerife", "west", "east"]]
    st["plots"]["gomera"][0] = {"crop": "sugar", "seat": 0}
    st["mayors"]["lanzarote"] = 2                # nobody there any more: the token goes back
    st["track"] = 1
    play(st, last, "done")
    assert st["breakdown"][1]["richest"] == 1 and st["breakdown"][2]["richest"] == 1
    assert st["breakdown"][0]["richest"] == 0
    assert st["plots"]["gomera"][0] is None
    assert st["warehouses"]["gomera"][0]["sugar"] == 1
    assert st["mayors"] == {"hierro": 0, "palma": None, "gomera": 0, "tenerife": 1, "canaria": 2,
                            "fuerteventura": None, "lanzarote": None}
    assert [b["mayors"] for b in st["breakdown"]] == [2, 1, 1]
    assert st["points"] == [2, 2, 2]
    assert st["track"] == 4
    assert st["round"] == 3 and st["phase"] == "choose"
    assert GAME.to_move(st) == {0, 1, 2}


def test_influence_counts_crop_1_worker_2_ship_2():
    st = fresh(3)
    st["warehouses"]["tenerife"][0]["wine"] = 3    # 3
    st["workers"][1] = ["tenerife", "tenerife", "west"]  # 4
    st["ships"][2] = "tenerife"                    # 2
    assert rules.influence(st, "tenerife") == [3, 4, 2]


def test_two_players_only_the_richest_scores():
    st, last = last_turn(2)
    st["coins"] = [31, 30]
    play(st, last, "done")
    assert [b["richest"] for b in st["breakdown"]] == [1, 0]


def test_refill_is_limited_by_the_houses_left():
    st, last = last_turn(4)
    st["track"] = 0
    built = 0
    for isl in ("tenerife", "canaria", "fuerteventura", "lanzarote"):
        for i, p in enumerate(rules.PLOTS[isl]):
            if p[0] == "site" and built < 17:
                st["plots"][isl][i] = {"house": 0}
                built += 1
    play(st, last, "done")
    assert st["track"] == 3


def test_25_points_trigger_one_last_full_round():
    st, last = last_turn(3)
    st["points"][0] = 24                          # + mayor/wealth points at round end
    st["breakdown"][0]["settlements"] = 24
    st["coins"] = [40, 15, 15]
    play(st, last, "done")
    assert st["final_round"] == st["round"] == 3
    assert GAME.result(st) is None
    for s in range(3):
        play(st, s, "choose workers")
    while GAME.result(st) is None:
        seat = next(iter(GAME.to_move(st)))
        play(st, seat, "done")
    res = GAME.result(st)
    assert res.breakdown[0]["coins"] == 4
    assert res.scores[0] == st["points"][0] + 4
    assert res.winners == [0]
    assert GAME.to_move(st) == set()


def test_immediate_end_option_and_20_houses_trigger():
    st = GAME.setup(3, 1, {"end": "immediate"})
    st2, last = last_turn(3)
    st2["options"] = st["options"]
    n = 0
    for isl in ("tenerife", "canaria", "fuerteventura", "lanzarote"):
        for i, p in enumerate(rules.PLOTS[isl]):
            if p[0] in ("site", "dual") and n < 20:
                st2["plots"][isl][i] = {"house": 1}
                n += 1
    play(st2, last, "done")
    assert GAME.result(st2) is not None


def test_final_tie_goes_to_the_coin_track():
    st, last = last_turn(2)
    st["final_round"] = st["round"]
    st["coins"] = [25, 25]
    st["stamp"] = [5, 3]                          # seat 1 reached 25 first
    st["points"][0] = 1                           # seat 1 will take the wealth point
    st["breakdown"][0]["settlements"] = 1
    play(st, last, "done")
    res = GAME.result(st)
    assert res.scores[0] == res.scores[1]
    assert res.winners == [1] and res.ranking == [1, 0]


@pytest.mark.parametrize("players,track,berths,blockers", [(2, 4, 1, 8), (3, 4, 1, 4), (4, 6, 2, 0), (5, 6, 2, 0)])
def test_setup_by_player_count(players, track, berths, blockers):
    st = fresh(players)
    assert st["track"] == track
    assert data.berths("tenerife", players) == data.berths("canaria", players) == berths
    assert rules.houses_on_islands(st) == blockers
    assert all(p == {"house": -1} for plots in st["plots"].values() for p in plots if p)
    assert st["coins"] == [15] * players and st["points"] == [0] * players
    assert all(sorted(w) == ["east", "west", "west"] for w in st["workers"])
    assert st["supply"][0] == {"sugar": 4, "wine": 2, "grain": 2}
    assert sorted(st["stamp"]) == list(range(players))
    assert sum(1 for c in data.CARDS if c != "minus") + st["minus"][0] == 13


def test_legal_moves_complete_the_next_token():
    st = fresh(3)
    top = GAME.legal_moves(st, 0, "")
    assert top == ["choose "]
    entries = GAME.legal_moves(st, 0, "choose ")
    assert "choose tenerife" in entries and "choose tenerife " in entries
    assert all(e.startswith("choose ") for e in entries)
    assert GAME.legal_moves(st, 0, "CHOOSE TEN") == ["choose tenerife", "choose tenerife "]
    st = at_turn(3, 0, ["farm", "palma", "workers"], coins=[30, 15, 15])
    assert sorted(GAME.legal_moves(st, 0, "")) == ["done", "farm ", "move "]
    farm = GAME.legal_moves(st, 0, "farm palma ")
    assert "farm palma wine" in farm and "farm palma wine " in farm
    assert GAME.legal_moves(st, 1, "") == []
    for entry in farm:
        assert entry.startswith("farm palma ")


def test_hint_shows_costs():
    st = at_turn(3, 0, ["farm", "palma"], coins=[30, 15, 15])
    assert GAME.hint(st, 0, "farm palma wine wine") == "-6 coins"
    st = fresh(3)
    assert GAME.hint(st, 0, "choose farm tenerife") == "total 4 ◇"
    assert GAME.hint(st, 0, "choose minus farm tenerife ship palma") == "total 2 ◇, costs 4 coins"


def test_every_listed_move_plays_and_no_stem_is_empty():
    """Walk the whole completion tree of a busy turn; play every complete move."""
    import copy

    from .woa_helpers import busy_state

    st = busy_state(4)
    st["phase"], st["order"], st["turn_idx"] = "actions", [0, 1, 2, 3], 0
    st["turn"] = {"closed": [], "current": None, "ap": 4}
    st["choice"] = [["ship", "farm", "build", "sell", "tenerife"], ["workers"], ["workers"], ["workers"]]
    st["warehouses"]["tenerife"][0].update(sugar=1)
    st["supply"][0] = {"sugar": 2, "wine": 1, "grain": 0}
    st["workers"][0] = ["tenerife", "tenerife", "west"]

    def walk(prefix, out):
        entries = GAME.legal_moves(st, 0, prefix)
        assert entries, f"empty stem {prefix!r}"
        for e in entries:
            assert e.startswith(prefix)
            (walk(e, out) if e.endswith(" ") else out.append(e))

    moves: list[str] = []
    walk("", moves)
    assert {m.split()[0] for m in moves} == {"ship", "farm", "build", "sell", "done"}
    for m in moves:
        GAME.play(copy.deepcopy(st), 0, m)
        action = notation.parse(m, 4)
        assert notation.parse(notation.fmt(action), 4) == action
