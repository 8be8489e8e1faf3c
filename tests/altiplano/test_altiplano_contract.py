"""Random complete games through the contract, 2-5 players, both options."""

import pytest

from tests.contract_suite import check_playouts


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_playouts_default(players):
    check_playouts("altiplano", players, seeds=[1, 2])


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_playouts_draft_and_missions(players):
    check_playouts("altiplano", players, seeds=[3], options={"roles": "draft", "missions": True})
