"""/game new game:terra-mystica with its options, through the real slash command:
player counts 2-5, the site's default promo options switched off, the fixed
turn-order variant; bad options refused with the names that would work."""

from __future__ import annotations

import pytest

from tests.harness import User

PEOPLE = [User(401 + i, name) for i, name in enumerate(["Ann", "Ben", "Cy", "Di", "Ed", "Flo"])]


def said(h) -> str:
    """Everything shown, to the caller and the channel."""
    return " ".join(m.content for m in h.transcript())


async def new_game(make_harness, players: int, options: str | None = None):
    h = await make_harness(seed=4321)
    others = {f"player{i + 2}": u for i, u in enumerate(PEOPLE[1:players])}
    await h.slash(PEOPLE[0], "game new", game="terra-mystica", options=options, **others)
    return h


@pytest.mark.parametrize("players", [2, 5])
async def test_two_and_five_players_start(make_harness, players):
    h = await new_game(make_harness, players)
    await h.slash(PEOPLE[0], "game start")
    table = h.sessions.table(h.channel)
    assert table.state is not None and len(table.state["factions"]) == players
    assert table.state["options"]["variable-turn-order"] is False  # the seed's game by default
    view = table.engine.view(table.state, None)
    assert len(view["bonus_cards"]) == players + 3  # the bonus cards in play: players + 3
    (menu,) = [m for m in h.posts() if m.components and "mc:p:" not in " ".join(m.custom_ids())]  # the faction menu
    assert PEOPLE[0].mention in menu.content


async def test_one_player_is_refused_at_start(make_harness):
    h = await new_game(make_harness, 1)
    await h.slash(PEOPLE[0], "game start")
    assert "needs 2-5 players; 1 seated" in said(h)
    assert h.sessions.table(h.channel).state is None


async def test_promos_off_and_fixed_turn_order(make_harness):
    off = "mini-expansion-1=off shipping-bonus=off temple-scoring-tile=off variable-turn-order=off"
    h = await new_game(make_harness, 3, off)
    await h.slash(PEOPLE[0], "game start")
    state = h.sessions.table(h.channel).state
    assert {k: state["options"][k] for k in off.replace("=off", "").split()} == dict.fromkeys(
        off.replace("=off", "").split(), False)
    view = h.sessions.table(h.channel).engine.view(state, None)
    assert "BON10" not in view["bonus_cards"]  # shipping-bonus off
    assert not {"TW6", "TW7", "TW8"} & set(view["town_tiles"])  # mini expansion off
    assert "SCORE9" not in view["scoring"]  # temple scoring tile off


async def test_the_sites_league_in_one_word_and_a_map(make_harness):
    h = await new_game(make_harness, 3, "league map=fire-ice-1")
    await h.slash(PEOPLE[0], "game start")
    state = h.sessions.table(h.channel).state
    assert state["options"]["variable-turn-order"] and state["options"]["partial-leech"]
    assert state["map"] == "fire-ice-1" and "B1" in state["terrain"] and "A1" not in state["terrain"]
    assert state["options"]["shipping-bonus"] and sum(state["towns"].values()) == 14  # BON10 and TW6-TW8 in play


async def test_bad_option_names_the_options(make_harness):
    h = await new_game(make_harness, 3, "promos=off")
    text = said(h)
    assert "promos" in text and "variable-turn-order" in text and "shipping-bonus" in text
    assert h.sessions.table(h.channel) is None
