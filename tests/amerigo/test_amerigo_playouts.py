"""Random complete games through the contract, 2-4 players."""

import pytest

from games.amerigo import GAME
from games.amerigo.notation import fmt, parse
from games.core import RuleError
from tests.contract_suite import check_playouts


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_playouts(players):
    check_playouts("amerigo", players, seeds=[1, 2])


def test_parse_and_format_round_trip():
    for text in ("coins", "cannon 4", "develop 2", "order 3", "sail", "place rim3", "ship 1 C7",
                 "post C8", "use sail8", "n i3", "v l3", "n l3 C5 C6 D6", "buy cotton3", "take coins5",
                 "done", "use chest", "vp", "first"):
        assert fmt(parse(text)) == text
    assert parse("SHIP 2 c7") == ("ship", 1, "C7")


@pytest.mark.parametrize("bad", ["cannon", "cannon x", "ship 3 C7", "n q9", "place Z", "take nothing",
                                 "post", "buy", "fly away"])
def test_bad_notation_says_what_would_be_right(bad):
    state = GAME.setup(2, 3)
    seat = next(iter(GAME.to_move(state)))
    before = GAME.to_json_text(state)
    with pytest.raises(RuleError) as err:
        GAME.play(state, seat, bad)
    assert str(err.value)
    assert GAME.to_json_text(state) == before


def test_legal_moves_respect_the_prefix_and_hints_name_costs():
    state = GAME.setup(3, 6)
    seat = next(iter(GAME.to_move(state)))
    top = GAME.legal_moves(state, seat, "")
    assert "coins" in top and len(top) <= 25
    assert all(m.startswith("c") for m in GAME.legal_moves(state, seat, "c"))
    assert GAME.hint(state, seat, "coins").startswith("+")
    other = (seat + 1) % 3
    assert GAME.legal_moves(state, other, "") == []
