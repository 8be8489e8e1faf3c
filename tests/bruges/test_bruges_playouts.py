"""Random complete games through the public contract for 2, 3 and 4 players."""

import json

import pytest

from games import get
from games.core.playout import random_playout
from tests.contract_suite import check_playouts


@pytest.mark.parametrize("players", [2, 3, 4])
def test_playouts(players):
    check_playouts("bruges", players, seeds=[1, 2, 3])


@pytest.mark.parametrize("players", [2, 4])
def test_hands_never_in_public_view(players):
    """Along a whole game: no hand card id or name appears in the public view,
    and a seat's own view holds exactly its hand."""
    game = get("bruges")
    state, moves = random_playout(game, players, 11)
    replay = game.setup(players, 11)
    for seat, text in moves:
        game.play(replay, seat, text)
        public = game.view(replay, None)
        assert "hand" not in public and "drawn_backs" not in public
        blob = json.dumps(public)
        hidden = {c for p in replay["ps"] for c in p["hand"] + p["drawn"]}
        for pl, p in zip(public["players"], replay["ps"]):
            assert pl["hand_size"] == len(p["hand"]) + len(p["drawn"])
        for cid in hidden:
            assert f'"id": {cid},' not in blob.replace("\n", "") or _on_board(replay, cid)
        for s in range(players):
            mine = game.view(replay, s)
            assert [c["id"] for c in mine["hand"]] == sorted(replay["ps"][s]["hand"])


def _on_board(state, cid):
    return any(h["person"] == cid for p in state["ps"] for h in p["houses"])
