"""Four bot seats finish a Terra Mystica game with the Fire & Ice factions on every map the
table offers (the 2017 VP map too): every move they pick is legal, nobody is left waiting, and
the game reaches its final scoring. The bots plan one move each (``stop``: the table's clock
at its tightest), which keeps each game to a few seconds; their choices are the same code."""

from __future__ import annotations

import pytest

import games
from games.bots.policies import SearchBot
from games.terra_mystica.maps import MAPS

FIRE_ICE = {"fire-and-ice-factions/ice": True, "fire-and-ice-factions/volcano": True,
            "fire-and-ice-factions/variable_v5": True}
NEW = {"icemaidens", "yetis", "acolytes", "dragonlords", "riverwalkers", "shapeshifters"}


@pytest.mark.parametrize("map_id", list(MAPS))
def test_four_bots_finish_a_fire_and_ice_game(map_id):
    assert "original-2017vp" in MAPS
    game = games.get("terra-mystica")
    state = game.setup(4, 3000, {**FIRE_ICE, "map": map_id})
    bots = [SearchBot(seed=seat, stop=lambda: True) for seat in range(4)]
    for _ in range(600):
        if game.result(state) is not None:
            break
        seat = min(game.to_move(state))
        game.play(state, seat, bots[seat].choose(game, state, seat))
    result = game.result(state)
    assert result is not None and state["round"] == 6 and state["map"] == map_id
    factions = {f["faction"] for f in state["factions"]}
    assert len(factions & NEW) == 3  # one ice, one volcano, one variable faction
    # each seat built beyond its start (the volcano factions' dwellings need the menu's dig)
    for seat, f in enumerate(state["factions"]):
        built = [h for h, (owner, _kind) in state["buildings"].items() if owner == seat]
        assert len(built) > 2, (f["faction"], built)
    assert all(score > 20 for score in result.scores), result.scores
