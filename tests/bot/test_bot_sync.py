"""The command definitions Discord would receive from ``python -m bot --sync``, checked offline."""

from __future__ import annotations

import re

import discord
import pytest

from bot.discord.app import intents
from games.core.messages import CATALOGS


async def sync_payload(make_harness, guild_id=None):
    """What Discord received when the real bot logged in with ``--sync`` (through the harness)."""
    h = await make_harness(dev_guild=guild_id is not None)
    (put,) = [r for r in h.requests() if r.method == "PUT"]
    where = "guild" if "/guilds/" in put.route else "global"
    return [(where, h.guild_id if where == "guild" else None, put.body)], h


def walk(options):
    for opt in options:
        yield opt
        yield from walk(opt.get("options", []))


async def test_sync_payload_is_valid_and_complete(make_harness, capsys):
    ((where, guild, payload),), h = await sync_payload(make_harness)
    assert where == "global"
    names = {c["name"] for c in payload}
    # issue 2's commands, the play-by-post ones of issue 8, the records and leagues of issue 35, issue 36's
    assert names == {"game", "move", "hand", "help", "undo", "games", "me", "leaderboard", "stats", "league",
                     "note", "hint", "plan"}
    game = next(c for c in payload if c["name"] == "game")
    subs = {o["name"]: o for o in game["options"]}
    assert set(subs) == {"new", "join", "leave", "start", "status", "board", "abort", "settings", "vacation",
                         "history", "bot", "adopt", "export", "archive", "replay", "orders", "pause",
                         "resume", "recap", "replace"}
    assert {"game", "thread", "time", "options", "player2", "bots"} <= {o["name"] for o in subs["new"]["options"]}
    assert [o["name"] for o in subs["board"]["options"]] == ["move", "number"]
    assert {o["name"] for o in subs["settings"]["options"]} == {"remind", "time", "language", "hints"}
    me = next(c for c in payload if c["name"] == "me")
    assert {o["name"] for o in me["options"][0]["options"]} == {"remind", "quiet", "timezone", "dm", "language", "digest",
                                                                "stats"}
    stats = next(c for c in payload if c["name"] == "stats")
    assert {o["name"] for o in stats["options"]} == {"player", "game", "reset", "export"}
    league = {o["name"]: o for o in next(c for c in payload if c["name"] == "league")["options"]}
    assert set(league) == {"new", "standings", "draw", "cancel", "next"}
    assert [o["name"] for o in league["new"]["options"] if o.get("required")] == ["game", "players", "season-name"]
    for item in list(payload) + list(walk(sum((c.get("options", []) for c in payload), []))):
        assert re.fullmatch(r"[a-z0-9_-]{1,32}", item["name"]), item["name"]
        assert 1 <= len(item["description"]) <= 100, item["description"]
    move = next(c for c in payload if c["name"] == "move")
    assert move["options"][0]["autocomplete"] is True
    assert "Synced 13 commands" in capsys.readouterr().out
    assert h.commands and all(c["id"] for c in h.commands)  # Discord accepted every definition


async def test_where_commands_are_offered(make_harness):
    """A game lives in a server channel: /game, /move, /hand, /undo are not offered in the bot's DMs."""
    from tests.harness import NotOffered, User

    ((_, _, payload),), h = await sync_payload(make_harness)
    contexts = {c["name"]: c.get("contexts") for c in payload}
    assert contexts == {"game": [0], "move": [0], "hand": [0], "undo": [0],
                        "help": [0, 1], "games": [0, 1], "me": [0, 1], "leaderboard": [0], "stats": [0], "league": [0],
                        "note": [0], "hint": [0], "plan": [0]}
    alice = User(101, "Alice")
    dm = h.dm(alice)
    with pytest.raises(NotOffered):
        await h.slash(alice, "game new", channel=dm, game="west-of-africa")
    for path, kw in (("move", {"move": "pass"}), ("hand", {}), ("undo", {})):
        with pytest.raises(NotOffered):
            await h.slash(alice, path, channel=dm, **kw)
    await h.slash(alice, "help", channel=dm)
    assert "west-of-africa" in h.last(alice).content


async def test_dev_guild_sync_and_translations(monkeypatch, make_harness):
    monkeypatch.setitem(CATALOGS, "zh-TW", {"bot.cmd.move": "走一步"})
    ((where, guild, payload),), h = await sync_payload(make_harness, guild_id=True)
    assert (where, guild) == ("guild", h.guild_id)
    move = next(c for c in payload if c["name"] == "move")
    assert move["description_localizations"] == {"zh-TW": "走一步"}


def test_no_privileged_intents():
    wanted = intents()
    assert not (wanted.members or wanted.presences or wanted.message_content)
    assert wanted.guilds
    assert isinstance(wanted, discord.Intents)


def test_python_m_bot_sync_runs_the_real_startup_offline(monkeypatch, tmp_path, capsys):
    """``python -m bot --sync``: login, setup_hook, sync, exit, with only the network faked."""
    from bot.__main__ import main
    from tests.harness import FakeDiscord
    from tests.harness.client import fake_network

    discord_side = FakeDiscord()
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DISCORD_TOKEN", "t0ken")
    monkeypatch.setenv("DEV_GUILD_ID", "81384788765712384")  # a real id: a short one is refused
    monkeypatch.setenv("DATABASE_PATH", str(tmp_path / "data" / "bot.sqlite3"))
    with fake_network(discord_side):
        assert main(["--sync"]) == 0
    (put,) = [r for r in discord_side.requests if r.method == "PUT"]
    assert put.route == "PUT /applications/{app}/guilds/{guild_id}/commands" and put.path.endswith("/guilds/81384788765712384/commands")
    assert {c["name"] for c in put.body} == {"game", "move", "hand", "help", "undo", "games", "me", "leaderboard",
                                             "stats", "league", "note", "hint", "plan"}
    assert [r.route for r in discord_side.requests][:2] == ["GET /users/@me", "GET /oauth2/applications/@me"]
    assert discord_side.violations == []
    assert "Synced 13 commands to guild 81384788765712384" in capsys.readouterr().out
    assert (tmp_path / "data" / "bot.sqlite3").exists()


def test_python_m_bot_without_a_way_to_discord_says_so_in_one_line(monkeypatch, tmp_path, capsys):
    """A container with no route to discord.com (DNS fails): one clear line and a non-zero exit for the
    restart policy, not a traceback; the database is not touched before the login."""
    import socket

    from bot.__main__ import main

    def no_dns(*args, **kwargs):
        raise socket.gaierror(socket.EAI_NONAME, "Name or service not known")

    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DISCORD_TOKEN", "t0ken")
    monkeypatch.setenv("DATABASE_PATH", str(tmp_path / "data" / "bot.sqlite3"))
    monkeypatch.setattr(socket, "getaddrinfo", no_dns)
    assert main([]) == 3
    err = capsys.readouterr().err
    assert "cannot reach Discord" in err and "discord.com" in err and "Traceback" not in err
    assert not (tmp_path / "data" / "bot.sqlite3").exists()
