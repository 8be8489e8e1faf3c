"""The play-by-post slash commands and buttons, through discord.py's real code (the Discord harness)."""

from __future__ import annotations

import pytest

from bot.config import load_settings
from bot.table.timers import ManualClock
from tests.harness import User

from .conftest import START

ALICE, BOB, CAROL = User(101, "Alice"), User(102, "Bob"), User(103, "Carol")


@pytest.fixture
async def bot(tally, make_harness, pbp_db):
    """The real bot with the Tally toy, on a manual clock (``h.wait(hours=...)`` moves it), on a
    SQLite file and on a real PostgreSQL database (``pbp_db``)."""
    return await make_harness(db=pbp_db, clock=ManualClock(START), seed=7)


def private(h, user) -> str:
    return h.last(user).content


def public(h) -> str:
    return h.last().content


def button(h, custom_id: str):
    """The latest visible message carrying ``custom_id``."""
    found = [m for m in h.transcript() if custom_id in m.custom_ids()]
    assert found, f"no message has the button {custom_id}"
    return found[-1]


async def press(h, user, custom_id: str) -> str:
    """Press the button ``custom_id`` where it was posted; returns what the presser is told."""
    await h.click(user, button(h, custom_id), custom_id)
    return private(h, user)


def game_id(h, channel=None) -> int:
    return h.sessions.table(channel or h.channel).record.id


def threads(h) -> list[int]:
    return [int(c["id"]) for c in h.discord.channels.values() if c["type"] == 11]


async def table_of_two(h, **settings):
    await h.slash(ALICE, "game new", game="tally", player2=BOB)
    if settings:
        await h.slash(ALICE, "game settings", **settings)
    await h.slash(ALICE, "game start")


async def test_commands_are_registered(bot):
    names = {c["name"] for c in bot.commands}
    assert {"undo", "games", "me", "game"} <= names
    game = next(c for c in bot.commands if c["name"] == "game")
    assert {"settings", "vacation", "history"} <= {o["name"] for o in game["options"]}
    me = next(c for c in bot.commands if c["name"] == "me")
    assert [o["name"] for o in me["options"]] == ["settings"]


async def test_settings_commands_answer_privately(bot):
    h = bot
    await h.slash(ALICE, "game new", game="tally", player2=BOB)
    await h.slash(ALICE, "game settings", remind=6.0, time="move:48")
    assert "reminders after 6 h" in public(h) and "48 h per move" in public(h)
    await h.slash(ALICE, "game settings", time="chess:0")
    assert "initial days" in private(h, ALICE)
    await h.slash(BOB, "me settings", quiet="23:00-07:00", timezone="UTC", dm=False)
    assert "quiet hours 23:00-07:00 (UTC)" in private(h, BOB)


async def test_reminder_in_the_channel_and_the_mute_button(bot):
    h = bot
    await table_of_two(h, remind=2.0)
    await h.wait(hours=2)
    reminder = public(h)
    assert "<@101>" in reminder and "Tally" in reminder and "waited 2 h" in reminder
    gid = game_id(h)
    (since,) = h.rows("SELECT since FROM pbp_waits WHERE game_id = ?", (gid,))[0]
    custom_id = f"pbp:mute:{gid}:0:{int(since)}"
    assert custom_id in h.last().custom_ids()  # the button is on the reminder itself
    assert "Only the reminded player" in await press(h, BOB, custom_id)
    assert "muted" in await press(h, ALICE, custom_id)
    before = len(h.posts())
    await h.wait(hours=4)
    assert len(h.posts()) == before


async def test_status_and_reminders_show_each_players_clock(bot):
    """Each player's remaining time, and when it runs out as a Discord timestamp (every reader's own
    zone and language), in /game status and in the reminder."""
    h = bot
    await table_of_two(h, remind=2.0, time="move:48")
    await h.wait(hours=2)
    due = int(START.timestamp()) + 48 * 3600
    reminder = public(h)
    assert f"Alice: 1 day 22 h left, runs out <t:{due}:R>" in reminder and "Bob:" not in reminder
    await h.slash(BOB, "game status")
    status = public(h)
    assert "Clocks (48 h per move):" in status
    assert f"Alice: 1 day 22 h left, runs out <t:{due}:R>" in status and "Bob: 2 days left" in status
    await h.slash(ALICE, "game vacation", days=1)
    await h.slash(BOB, "game status")
    back = int(START.timestamp()) + 26 * 3600
    assert f"runs out <t:{due + 24 * 3600}:R> (on vacation until <t:{back}:f>" in public(h)


async def test_undo_history_and_board_commands(bot):
    h = bot
    await table_of_two(h)
    await h.slash(ALICE, "move", move="add 2")
    await h.slash(ALICE, "move", move="pass")
    await h.slash(BOB, "move", move="add 1")
    await h.slash(CAROL, "game history")
    text = private(h, CAROL)
    assert "#1 · Alice" in text and "Alice adds 2" in text and "#3 · Bob" in text
    await h.slash(ALICE, "undo")
    assert "Everyone else must agree" in public(h)
    ((poll,),) = h.rows("SELECT id FROM pbp_polls WHERE kind = 'undo'")
    await press(h, BOB, f"pbp:vote:{poll}:yes")
    assert "with everyone's consent" in public(h)
    assert len(await h.bot.store.moves(game_id(h))) == 1
    await h.slash(ALICE, "undo")  # her own add 2, nobody acted since: free
    assert "Alice took back move #1" in public(h)
    record = await h.bot.store.game(game_id(h))
    assert record.board_message_id == h.posts()[-1].id  # reminders link the new board


async def test_games_lists(bot):
    h = bot
    await table_of_two(h)
    await h.wait(hours=3)
    await h.slash(CAROL, "games")
    assert "Tally" in h.transcript()[-1].content and "waiting 3 h" in h.transcript()[-1].content
    await h.slash(BOB, "games", which="mine")
    assert "Your games" in h.transcript()[-1].content
    await h.slash(CAROL, "games", channel=h.dm(CAROL))  # /games in a DM: only the caller's
    assert "not in any running game" in h.transcript()[-1].content and "Tally" not in h.transcript()[-1].content


async def test_vacation_command(bot):
    h = bot
    await table_of_two(h)
    other = h.text_channel("elsewhere")
    await h.slash(ALICE, "game new", game="tally", player2=CAROL, channel=other)
    await h.slash(ALICE, "game start", channel=other)
    await h.slash(ALICE, "game vacation", days=3)
    until = int(START.timestamp()) + 3 * 86400  # a Discord timestamp: each reader's own zone and language
    assert f"paused until <t:{until}:f> (<t:{until}:R>)" in private(h, ALICE)
    for channel in (h.channel, other):  # announced at every table it affects, not only where typed
        assert "is on vacation" in h.posts(channel)[-1].content and f"<t:{until}:f>" in h.posts(channel)[-1].content


async def test_new_game_in_a_thread_routes_its_moves_there(bot):
    h = bot
    await h.slash(ALICE, "game new", game="tally", player2=BOB)  # a game in the channel itself
    await h.slash(BOB, "game new", game="tally", thread=True)
    (thread,) = threads(h)
    assert f"<#{thread}>" in private(h, BOB)
    await h.slash(CAROL, "game join", channel=thread)
    await h.slash(BOB, "game start", channel=thread)
    await h.slash(BOB, "move", channel=thread, move="add 3")
    table = h.sessions.table(thread)
    assert table.record.parent_id == h.channel and table.state["score"][0]["adds"] == 3
    assert h.sessions.table(h.channel).record.status == "open"  # the channel's own game is untouched
    assert await h.bot.pbp.game_thread(thread)
    await h.slash(BOB, "move", channel=thread, move="pass")  # the turn ends: one post in the thread
    assert any("adds 3" in m.content and "passes" in m.content for m in h.posts(thread))


async def test_finished_game_summary_and_rematch_button(bot):
    h = bot
    await h.slash(ALICE, "game new", game="tally", player2=BOB, options="turns=2")
    await h.slash(ALICE, "game start")
    await h.slash(ALICE, "move", move="add 1")
    await h.slash(ALICE, "move", move="pass")
    await h.slash(BOB, "move", move="pass")
    summary = next(s for s in h.posts() if "is over" in s.content)
    assert summary.png and summary.filename == "summary.png"
    ((old,),) = h.rows("SELECT MAX(game_id) FROM pbp_games")
    assert f"pbp:rematch:{old}" in summary.custom_ids()
    assert "Only a player" in await press(h, CAROL, f"pbp:rematch:{old}")
    await press(h, BOB, f"pbp:rematch:{old}")
    assert "Rematch" in public(h)
    assert h.sessions.table(h.channel).record.status == "running"
    assert summary.components == []  # the question is settled: the button is gone


async def test_over_the_game_limit_is_refused(bot):
    h = bot
    h.bot.pbp.game_limit = 1
    await h.slash(ALICE, "game new", game="tally", player2=BOB)
    inter = await h.slash(ALICE, "game new", channel=h.text_channel("other"), game="tally")
    assert inter.response_type == 4 and inter.original.ephemeral  # refused at once, privately
    assert "limit is 1" in h.transcript()[-1].content


async def test_game_new_with_thread_option_and_board_at_move_n(bot):
    h = bot
    await h.slash(ALICE, "game new", game="tally", player2=BOB, thread=True)
    (thread,) = threads(h)
    assert h.sessions.table(thread) is not None and h.sessions.table(h.channel) is None
    await h.slash(ALICE, "game start", channel=thread)
    await h.slash(ALICE, "move", channel=thread, move="add 3")
    await h.slash(ALICE, "move", channel=thread, move="pass")
    await h.slash(CAROL, "game board", channel=thread, move=1)
    shown = h.posts()[-1]
    assert "after move 1 of 2" in shown.content and shown.png.startswith(b"\x89PNG")
    await h.slash(CAROL, "game board", channel=thread, move=5)
    assert "from 0 to 2" in private(h, CAROL)


async def test_join_and_new_refused_over_the_game_limit(bot):
    h = bot
    h.bot.pbp.game_limit = 1
    await h.slash(ALICE, "game new", game="tally")
    await h.slash(BOB, "game join")
    other = h.text_channel("other")
    await h.slash(ALICE, "game new", channel=other, game="tally")
    assert "limit is 1" in h.transcript()[-1].content and h.sessions.table(other) is None
    await h.slash(CAROL, "game new", channel=other, game="tally")
    await h.slash(BOB, "game join", channel=other)
    assert "limit is 1" in h.transcript()[-1].content


async def test_the_app_loads_the_play_by_post_extension(tally, tmp_path, make_harness, pbp_db):
    settings = load_settings(env={"GAME_LIMIT": "3", "DATABASE_PATH": str(tmp_path / "ext.sqlite3")}, env_file=None)
    assert settings.game_limit == 3
    h = await make_harness(db=pbp_db, game_limit=settings.game_limit)
    assert h.bot.pbp.dispatcher._task is not None  # the one dispatcher task runs
    assert h.bot.pbp.game_limit == 3
    assert h.bot.tree.get_command("undo") is not None and h.bot.tree.get_command("games") is not None


async def test_discord_notifier_dm_fallback_board_link_and_thread_keepalive(bot):
    from bot.table.posts import notice as Notice
    from bot.table.sessions import Actor

    h = bot
    gid = (await h.sessions.create(h.channel, Actor(ALICE.id, ALICE.name), "tally")).game_id
    one, two = h.user("One", 1), h.user("Two", 2)
    h.close_dms(two)
    notifier = h.bot.pbp.notifier
    assert await notifier.send(Notice("psst", user_id=1, fallback_channel_id=h.channel))
    assert [m.content for m in h.posts(h.dm(one))] == ["psst"]
    assert await notifier.send(Notice("<@2> psst", user_id=2, fallback_channel_id=h.channel))
    assert h.transcript()[-1].content == "<@2> psst" and h.transcript()[-1].channel_id == h.channel
    assert h.requests("POST /channels/{channel_id}/messages")[-2].status == 403  # the closed DM
    await notifier.send(Notice("board", channel_id=h.channel, png=b"\x89PNG fake", board_of=gid))
    assert (await h.bot.store.game(gid)).board_message_id == h.transcript()[-1].id
    thread = h.thread("old game", archived=True, auto_archive_duration=1440)
    await notifier.keep_thread_alive(thread)
    (edit,) = h.requests("PATCH /channels/{channel_id}")
    assert edit.body == {"archived": False, "auto_archive_duration": 10080}
    assert h.discord.channels[thread]["thread_metadata"]["archived"] is False


async def test_a_game_thread_archived_by_discord_is_reopened(bot):
    """THREAD_UPDATE (archived) for a game's thread: the bot unarchives it at once."""
    h = bot
    await h.slash(ALICE, "game new", game="tally", player2=BOB, thread=True)
    (thread,) = threads(h)
    await h.archive(thread)
    (edit,) = h.requests("PATCH /channels/{channel_id}")
    assert edit.path == f"/channels/{thread}" and edit.body["archived"] is False
    assert h.discord.channels[thread]["thread_metadata"]["archived"] is False
    other = h.thread("chat")
    await h.archive(other)  # not a game's thread: left alone
    assert len(h.requests("PATCH /channels/{channel_id}")) == 1


async def test_history_page_button_edits_the_message_in_place(bot):
    h = bot
    await h.slash(ALICE, "game new", game="tally", player2=BOB, options="turns=40")
    await h.slash(ALICE, "game start")
    for i in range(18):
        await h.slash(ALICE if i % 2 == 0 else BOB, "move", move="pass")
    gid = game_id(h)
    await h.slash(CAROL, "game history")
    page = h.last(CAROL)
    assert page.custom_ids() == [f"pbp:page:{gid}:1"]
    inter = await h.click(CAROL, page, f"pbp:page:{gid}:1")
    assert h.last(CAROL) is page  # edited in place, no new message
    assert "page 1/2" in page.content and "#1 · Alice" in page.content
    assert page.custom_ids() == [f"pbp:page:{gid}:2"]
    assert inter.response_type in (6, 7)


async def test_the_history_page_button_acknowledges_before_reading_the_log(bot):
    h = bot
    await table_of_two(h)
    await h.slash(ALICE, "move", move="add 1")
    await h.slash(CAROL, "game history")
    page = h.last(CAROL)
    gid = game_id(h)
    acked_first = []
    real = h.bot.pbp.history

    async def history(*args, **kwargs):
        acked_first.append(h.interactions[-1].acked_at is not None)
        return await real(*args, **kwargs)

    h.bot.pbp.history = history
    page.components = [{"type": 1, "components": [{"type": 2, "style": 2, "label": "older",
                                                   "custom_id": f"pbp:page:{gid}:1"}]}]
    await h.click(CAROL, page, f"pbp:page:{gid}:1")
    assert acked_first == [True]


async def test_time_control_chosen_in_game_new(bot):
    h = bot
    await h.slash(ALICE, "game new", game="tally", player2=BOB, time="blitz")
    assert "not a time control" in private(h, ALICE) and h.sessions.table(h.channel) is None
    await h.slash(ALICE, "game new", game="tally", player2=BOB, time="chess:10+1")
    gid = game_id(h)
    pbp = h.bot.pbp  # its rows are read on its database thread (PostgreSQL: that thread's own loop)
    assert (await pbp._io(pbp.time_control, gid)).describe() == "chess clock 10 days + 1 per turn"
    await h.slash(CAROL, "game new", game="tally", thread=True, time="move:36")
    (thread,) = threads(h)
    assert (await pbp._io(pbp.time_control, game_id(h, thread))).move_hours == 36


async def test_a_reminder_survives_a_restart_of_the_whole_bot(bot):
    h = bot
    await table_of_two(h)
    await h.wait(hours=6)
    await h.restart()  # a new MeepleBot object on the same file
    await h.wait(hours=5.9)
    assert not any("waited" in s.content for s in h.transcript())
    await h.wait(hours=0.1)
    assert "<@101>" in public(h) and "waited 12 h" in public(h)


async def test_everyone_not_allowed_gets_a_private_friendly_refusal(bot):
    """A spectator (Carol) tries every command that needs a seat, a turn or a right:
    each answer is ephemeral, says why, and the channel hears nothing."""
    h = bot
    await h.slash(ALICE, "game new", game="tally", player2=BOB)
    await h.slash(ALICE, "game start")
    before = len(h.posts())
    attempts = [
        ("move", {"move": "pass"}, "don't have a seat"),
        ("hand", {}, "don't have a seat"),
        ("undo", {}, "seated player"),
        ("game settings", {"remind": 5.0}, "seated"),
        ("game start", {}, "already running"),
        ("game join", {}, "already started"),
        ("game leave", {}, "running"),
        ("game abort", {}, "Only the creator"),
        ("game vacation", {"days": 3}, "not playing in any running game"),
    ]
    for path, kwargs, why in attempts:
        inter = await h.slash(CAROL, path, **kwargs)
        said = h.ephemeral(CAROL)[-1].content
        assert why.lower() in said.lower(), (path, said)
        assert inter.original.ephemeral, path
    # Bob is seated but it is Alice's turn
    await h.slash(BOB, "move", move="pass")
    assert "isn't your turn" in private(h, BOB) and "Alice" in private(h, BOB)
    # buttons: a stranger's mute, a vote by someone not asked, a rematch of a game not theirs
    gid = game_id(h)
    stale = h.old_message([f"pbp:mute:{gid}:0:1", "pbp:vote:999:yes", f"pbp:rematch:{gid}"])
    await h.click(CAROL, stale, f"pbp:mute:{gid}:0:1")
    assert "Only the reminded player" in private(h, CAROL)
    await h.click(CAROL, stale, "pbp:vote:999:yes")
    assert "closed" in private(h, CAROL).lower()
    await h.click(CAROL, stale, f"pbp:rematch:{gid}")
    assert "Only a player" in private(h, CAROL)
    assert len(h.posts()) == before + 1  # + the stale message the test put there


async def test_pbp_commands_without_send_messages_answer_the_caller(bot):
    """/game settings, /game board move:n and /undo used to crash with Forbidden (50013)."""
    h = bot
    await table_of_two(h)
    await h.slash(ALICE, "move", move="add 2")
    await h.slash(ALICE, "move", move="pass")
    h.deny(h.channel, "send")
    await h.slash(ALICE, "game settings", remind=6.0)
    assert "reminders after 6 h" in private(h, ALICE) and "Send Messages" in private(h, ALICE)
    await h.slash(CAROL, "game board", move=1)
    assert "after move 1 of 2" in private(h, CAROL) and h.last(CAROL).png.startswith(b"\x89PNG")
    await h.slash(ALICE, "undo")
    assert "took back" in private(h, ALICE) and "Send Messages" in private(h, ALICE)
    assert len(await h.bot.store.moves(game_id(h))) == 1  # the undo was made
    assert all(not r.deleted for r in h.ephemeral())
