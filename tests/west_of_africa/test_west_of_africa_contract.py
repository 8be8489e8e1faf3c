"""Random complete games for every player count, through the public contract."""

import pytest

from tests.contract_suite import check_playouts


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_playouts(players):
    check_playouts("west-of-africa", players, seeds=[1, 2, 3])


def test_random_playouts_immediate_end():
    check_playouts("west-of-africa", 4, seeds=[4], options={"end": "immediate"})
