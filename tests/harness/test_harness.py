"""The harness itself: the real bot logs in, syncs, and answers a slash command through discord.py."""

from __future__ import annotations

import pytest

from . import NotOffered


async def test_login_sync_and_help(harness):
    h = harness
    names = {c["name"] for c in h.commands}
    assert {"game", "move", "help"} <= names
    alice = h.user("Alice")
    inter = await h.slash(alice, "help")
    assert inter.response_type == 4 and inter.original.ephemeral
    assert "west-of-africa" in h.last(alice).content
    assert h.requests("POST /interactions/{interaction_id}/{token}/callback")


@pytest.fixture
def toy(monkeypatch):
    import games
    import renderers

    monkeypatch.setitem(games.ENGINES, "toy-bids", "tests.bot.toy:GAME")
    monkeypatch.setitem(renderers.RENDERERS, "toy-bids", "tests.bot.toy")
    return "toy-bids"


async def test_a_toy_game_through_commands_and_autocomplete(toy, harness):
    h = harness
    alice, bob = h.user("Alice"), h.user("Bob")
    await h.slash(alice, "game new", game="toy-bids", player2=bob)
    assert "Toy Bids" in h.last().content
    await h.slash(alice, "game start")
    assert h.last().png.startswith(b"\x89PNG")
    choices = await h.complete(alice, "move", "move", "bid")
    assert choices and all(c.value.startswith("bid") for c in choices)
    await h.slash(alice, "move", move=choices[0].value)
    assert "Alice is ready" in h.last().content
    print(h.ack_times_ms(), [r.route for r in h.requests()])


async def test_limits_and_lifecycle_are_enforced(harness):
    import discord

    h = harness
    channel = h.bot.get_channel(h.channel)
    with pytest.raises(discord.HTTPException) as err:
        await channel.send("x" * 2001)
    assert err.value.status == 400
    with pytest.raises(AssertionError, match="2001 characters"):
        h.check()
    view = discord.ui.View()
    for i in range(6):
        view.add_item(discord.ui.Button(label=f"b{i}", custom_id=f"same{i % 5}", row=0 if i < 5 else 1))
    with pytest.raises(discord.HTTPException):
        await channel.send("buttons", view=view)
    with pytest.raises(AssertionError, match="custom_id used twice"):
        h.check()
    h.deny(h.channel, "send")
    with pytest.raises(discord.Forbidden) as err:
        await channel.send("hello")
    assert err.value.code == 50013
    h.check()  # a refusal the bot must handle is not a violation by itself


async def test_not_offered_outside_its_context(harness):
    h = harness
    alice = h.user("Alice")
    with pytest.raises(NotOffered):
        await h.slash(alice, "game nosuch")
    with pytest.raises(NotOffered):
        await h.slash(alice, "move")  # move: is required
