"""Issue #15: every game lists its designed values in /help under "values we
could not verify", one line per entry of its ``data.UNVERIFIED`` table."""

import importlib

import pytest

import games
from bot.table.sessions import SessionManager

DATA = {"altiplano": "games.altiplano.data", "bruges": "games.bruges.data", "amerigo": "games.amerigo.data",
        "west-of-africa": "games.west_of_africa.data", "terra-mystica": "games.terra_mystica.data"}


@pytest.mark.parametrize("game_id", sorted(DATA))
def test_help_lists_every_designed_value(game_id):
    table = importlib.import_module(DATA[game_id]).UNVERIFIED
    engine = games.get(game_id)
    assert engine.unverified == tuple(table.values()) and table
    text = SessionManager(store=None).help(game_id).private.text
    assert "Values we could not verify" in text
    for line in table.values():
        assert f"- {line}" in text
