"""/game new game:terra-mystica with its options, through the real slash command:
player counts 2-5, the site's default promo options switched off, the fixed
turn-order variant; bad options refused with the names that would work."""

from __future__ import annotations

import pytest

from .tm_table_fakes import FakeChannel, FakeInteraction, FakeUser, new_bot

CHANNEL = 4343
PEOPLE = [FakeUser(401 + i, name) for i, name in enumerate(["Ann", "Ben", "Cy", "Di", "Ed", "Flo"])]


async def command(bot, channel, path: str, user: FakeUser, **kw) -> FakeInteraction:
    first, *rest = path.split()
    cmd = bot.tree.get_command(first)
    for part in rest:
        cmd = cmd.get_command(part)
    inter = FakeInteraction(bot, user, channel)
    await cmd.callback(inter, **kw)
    return inter


def said(inter: FakeInteraction, channel: FakeChannel) -> str:
    return " ".join([r.content for r in inter.replies] + [m.content for m in channel.sent])


async def new_game(tmp_path, players: int, options: str | None = None):
    bot = await new_bot(str(tmp_path / "tm.sqlite3"))
    channel = FakeChannel(CHANNEL)
    others = {f"player{i + 2}": u for i, u in enumerate(PEOPLE[1:players])}
    inter = await command(bot, channel, "game new", PEOPLE[0], game="terra-mystica", options=options, **others)
    return bot, channel, inter


@pytest.mark.parametrize("players", [2, 5])
async def test_two_and_five_players_start(tmp_path, players):
    bot, channel, _ = await new_game(tmp_path, players)
    await command(bot, channel, "game start", PEOPLE[0])
    table = bot.sessions.table(CHANNEL)
    assert table.state is not None and len(table.state["factions"]) == players
    assert table.state["options"]["variable-turn-order"] is True  # the site's defaults
    view = table.engine.view(table.state, None)
    assert len(view["bonus_cards"]) == players + 3  # the bonus cards in play: players + 3
    (menu,) = [m for m in channel.messages if m.sent.view is not None]  # the first faction menu
    assert PEOPLE[0].mention in menu.content
    await bot.store.close()


async def test_one_player_is_refused_at_start(tmp_path):
    bot, channel, _ = await new_game(tmp_path, 1)
    inter = await command(bot, channel, "game start", PEOPLE[0])
    assert "needs 2-5 players; 1 seated" in said(inter, channel)
    assert bot.sessions.table(CHANNEL).state is None
    await bot.store.close()


async def test_promos_off_and_fixed_turn_order(tmp_path):
    off = "mini-expansion-1=off shipping-bonus=off temple-scoring-tile=off variable-turn-order=off"
    bot, channel, _ = await new_game(tmp_path, 3, off)
    await command(bot, channel, "game start", PEOPLE[0])
    state = bot.sessions.table(CHANNEL).state
    assert {k: state["options"][k] for k in off.replace("=off", "").split()} == dict.fromkeys(
        off.replace("=off", "").split(), False)
    view = bot.sessions.table(CHANNEL).engine.view(state, None)
    assert "BON10" not in view["bonus_cards"]  # shipping-bonus off
    assert not {"TW6", "TW7", "TW8"} & set(view["town_tiles"])  # mini expansion off
    assert "SCORE9" not in view["scoring"]  # temple scoring tile off
    await bot.store.close()


async def test_bad_option_names_the_options(tmp_path):
    bot, channel, inter = await new_game(tmp_path, 3, "promos=off")
    text = said(inter, channel)
    assert "promos" in text and "variable-turn-order" in text and "shipping-bonus" in text
    assert bot.sessions.table(CHANNEL) is None
    await bot.store.close()
