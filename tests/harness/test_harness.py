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


async def test_an_answer_after_three_seconds_fails_the_test(harness):
    h = harness
    h.discord.ack_deadline = 0.0  # as if every answer came late
    with pytest.raises(AssertionError, match="answered after"):
        await h.slash(h.user("Alice"), "help")


async def test_interaction_rules_of_the_fake(harness):
    """Follow-ups need the initial response first; autocomplete answers have 25 choices of 100
    characters at most; the first follow-up after a thinking defer fills the original response."""
    import json

    from .discord_api import Interaction

    h = harness
    d = h.discord
    url = "https://discord.com/api/v10"

    def post(path, body):
        return d.handle("POST", url + path, json.dumps(body), None)

    inter = Interaction(1, "tok", 2, 101, h.channel, "test", d.now())
    d.interactions["tok"] = inter
    assert post(f"/webhooks/{d.app_id}/tok", {"content": "early"})[0] == 404
    with pytest.raises(AssertionError, match="before its response"):
        h.check()
    assert post("/interactions/1/tok/callback", {"type": 5, "data": {"flags": 64}})[0] == 200
    status, first = post(f"/webhooks/{d.app_id}/tok", {"content": "public?", "flags": 0})
    assert status == 200 and int(first["id"]) == inter.original.id and first["flags"] & 64  # still ephemeral
    status, second = post(f"/webhooks/{d.app_id}/tok", {"content": "more"})
    assert int(second["id"]) != inter.original.id and not second["flags"] & 64
    assert post("/interactions/1/tok/callback", {"type": 4, "data": {"content": "again"}})[0] == 400
    with pytest.raises(AssertionError, match="already been acknowledged"):
        h.check()

    auto = Interaction(2, "auto", 4, 101, h.channel, "auto", d.now())
    d.interactions["auto"] = auto
    choices = [{"name": f"c{i}", "value": f"v{i}"} for i in range(26)]
    assert post("/interactions/2/auto/callback", {"type": 8, "data": {"choices": choices}})[0] == 400
    with pytest.raises(AssertionError, match="26 autocomplete choices"):
        h.check()
    long = [{"name": "x" * 101, "value": "v"}]
    assert post("/interactions/2/auto/callback", {"type": 8, "data": {"choices": long}})[0] == 400
    with pytest.raises(AssertionError, match="choice name"):
        h.check()


async def test_uploads_and_attach_files(harness):
    import io

    import discord

    h = harness
    channel = h.bot.get_channel(h.channel)
    big = discord.File(io.BytesIO(b"\0" * (10 * 1024 * 1024 + 1)), filename="big.png")
    with pytest.raises(discord.HTTPException):
        await channel.send("board", file=big)
    with pytest.raises(AssertionError, match="uploads are"):
        h.check()
    h.deny(h.channel, "attach")
    await channel.send("text is fine")
    with pytest.raises(discord.Forbidden):
        await channel.send("board", file=discord.File(io.BytesIO(b"\x89PNG"), filename="b.png"))
    h.check()


async def test_limits_of_components():
    from .limits import components

    select = {"type": 3, "custom_id": "s", "options": [{"label": f"o{i}", "value": f"v{i}"} for i in range(26)]}
    assert any("26 select options" in p for p in components([{"type": 1, "components": [select]}]))
    long = {"type": 2, "style": 1, "label": "x" * 81, "custom_id": "c" * 101}
    problems = components([{"type": 1, "components": [long]}])
    assert any("label is 81" in p for p in problems) and any("custom_id is 101" in p for p in problems)
    rows = [{"type": 1, "components": [{"type": 2, "style": 1, "label": "b", "custom_id": f"{r}"}]} for r in range(6)]
    assert any("6 action rows" in p for p in components(rows))


def test_limits_of_command_definitions():
    from .limits import commands

    ok = {"name": "move", "description": "Make a move", "options": [
        {"type": 3, "name": "move", "description": "the move", "required": True, "autocomplete": True}]}
    assert commands([ok]) == []
    bad = {"name": "Move", "description": "x" * 101, "options": [
        {"type": 3, "name": f"o{i}", "description": "d", "required": i == 25} for i in range(26)]}
    problems = " | ".join(commands([bad]))
    for expected in ("name 'Move'", "101 characters", "26 options", "required option after an optional"):
        assert expected in problems, expected


async def test_a_thinking_left_behind_fails_the_test(harness, monkeypatch):
    import bot.discord.send

    async def nothing(*args, **kwargs):
        return None

    monkeypatch.setattr(bot.discord.send, "ANSWER_WITHIN", 0)  # too slow to answer at once: deferred
    monkeypatch.setattr(bot.discord.send, "deliver", nothing)  # ...then never answered
    with pytest.raises(AssertionError, match="left its deferred"):
        await harness.slash(harness.user("Alice"), "game status")
