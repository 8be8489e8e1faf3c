"""The printed Fire & Ice faction auction (option faction-auction); its
bidding rules are designed (auction.py): bids lower a faction's starting VP
from 40, a held faction only by at least 1, the outbid player bids again."""

import pytest

from games.core import IllegalMove, RuleError
from games.terra_mystica.data import FACTIONS

from .fi_helpers import FI_OPTIONS
from .tm_helpers import GAME, play


def _auction(players=3, seed=4, **extra):
    return GAME.setup(players, seed, dict(FI_OPTIONS, **{"faction-auction": True}, **extra))


def test_factions_drawn_one_per_player_without_conflicts():
    for seed in range(30):
        s = _auction(4, seed)
        drawn = s["auction"]["factions"]
        assert len(drawn) == 4 and s["phase"] == "auction" and GAME.to_move(s) == {0}
        groups = [FACTIONS[f].get("group") for f in drawn if FACTIONS[f].get("group")]
        homes = [FACTIONS[f]["home"] for f in drawn if FACTIONS[f]["home"] is not None and FACTIONS[f]["home"] < 7]
        assert len(groups) == len(set(groups)) and len(homes) == len(set(homes))
        assert set(s["auction"]["marks"].values()) == {40}


def test_bidding_outbid_and_starting_vp():
    s = _auction(3)
    a, b, c = s["auction"]["factions"]
    play(s, 0, f"bid {a} 40")
    with pytest.raises(IllegalMove, match="at 39 VP or less"):
        play(s, 1, f"bid {a} 40")
    play(s, 1, f"bid {a} 36")  # seat 0 is outbid
    assert GAME.to_move(s) == {2}
    with pytest.raises(RuleError):
        play(s, 0, f"bid {b} 40")
    play(s, 2, f"bid {b} 40")
    assert GAME.to_move(s) == {0}
    play(s, 0, f"bid {c} 31")
    assert s["phase"] != "auction"
    got = {f["faction"]: f["vp"] for f in s["factions"]}
    assert got == {a: 36, b: 40, c: 31}
    assert [f["faction"] for f in s["factions"]] == [c, a, b]


def test_auction_menu_and_refusals():
    s = _auction(2, 7)
    drawn = s["auction"]["factions"]
    moves = GAME.legal_moves(s, 0)
    assert f"bid {drawn[0]} 40" in moves and f"bid {drawn[1]} 38" in moves
    with pytest.raises(IllegalMove, match="auctioned first"):
        play(s, 0, f"setup {drawn[0]}")
    other = next(f for f in FACTIONS if f not in drawn)
    with pytest.raises(IllegalMove, match="were not drawn"):
        play(s, 0, f"bid {other} 30")
    with pytest.raises(IllegalMove, match="at 40 VP or less"):
        play(s, 0, f"bid {drawn[0]} 41")


def test_a_whole_auction_game_plays_through_the_colour_picks():
    import random

    from games.core.playout import expand

    for seed in (1, 2, 3):
        s = _auction(4, seed)
        rnd = random.Random(seed)
        moves = 0
        while GAME.result(s) is None and moves < 5000:
            seat = rnd.choice(sorted(GAME.to_move(s)))
            GAME.play(s, seat, expand(GAME, s, seat, "", rnd))
            moves += 1
        assert GAME.result(s) is not None
