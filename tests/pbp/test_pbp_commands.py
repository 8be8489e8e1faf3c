"""The play-by-post slash commands and buttons, driven offline through the real callbacks."""

from __future__ import annotations

import pytest

from bot.app import MeepleBot
from bot.config import Settings, load_settings
from bot.pbp_commands import new_in_thread, press, start_pbp
from bot.timers import ManualClock
from tests.bot.fakes import FakeChannel, FakeInteraction, FakeUser, Transcript

from .conftest import START

ALICE, BOB, CAROL = FakeUser(101, "Alice"), FakeUser(102, "Bob"), FakeUser(103, "Carol")


class FakeThread(FakeChannel):
    archived = False
    auto_archive_duration = 10080


class FakeTextChannel(FakeChannel):
    """A channel in which threads can be opened."""

    def __init__(self, channel_id, transcript):
        super().__init__(channel_id, transcript)
        self.threads = []

    async def create_thread(self, name, type=None, auto_archive_duration=None):
        thread = FakeThread(7000 + len(self.threads), self.transcript)
        thread.name = name
        self.threads.append(thread)
        return thread


class Bot:
    """A real MeepleBot on a SQLite file with the pbp service started (dispatcher stepped by hand)."""

    def __init__(self, path, clock):
        self.path, self.clock = path, clock
        self.transcript = Transcript()
        self.channel = FakeTextChannel(555, self.transcript)
        self.channels = {555: self.channel}

    async def open(self):
        self.bot = MeepleBot(Settings(token="", db_path=self.path), clock=self.clock, seed_source=lambda: 7)
        await self.bot.prepare()
        self.bot.get_channel = self.channels.get  # the notifier finds our fake channels
        self.pbp = getattr(self.bot, "pbp", None) or await start_pbp(self.bot, run=False)
        return self

    async def close(self):
        await self.pbp.stop()
        await self.bot.store.close()

    def command(self, path):
        first, *rest = path.split()
        cmd = self.bot.tree.get_command(first)
        for part in rest:
            cmd = cmd.get_command(part)
        assert cmd is not None, path
        return cmd

    async def run(self, path, user, channel=None, **kwargs):
        inter = FakeInteraction(self.bot, user, channel or self.channel)
        await self.command(path).callback(inter, **kwargs)
        return inter

    async def press(self, user, custom_id, channel=None):
        await press(FakeInteraction(self.bot, user, channel or self.channel), custom_id)
        return self.transcript[-1].content

    async def tick(self, hours):
        self.clock.advance(hours * 3600)
        await self.pbp.dispatcher.run_due()

    def last(self, user=None, public=False):
        items = self.transcript.public() if public else self.transcript.private(user)
        return items[-1].content


@pytest.fixture
async def bot(tally, tmp_path):
    b = await Bot(str(tmp_path / "bot.sqlite3"), ManualClock(START)).open()
    yield b
    await b.close()


async def table_of_two(bot, **settings):
    await bot.run("game new", ALICE, game="tally", player2=BOB)
    if settings:
        await bot.run("game settings", ALICE, **settings)
    await bot.run("game start", ALICE)


async def test_commands_are_registered(bot):
    names = {c.name for c in bot.bot.tree.get_commands()}
    assert {"undo", "games", "me", "game"} <= names
    assert {"settings", "vacation", "history"} <= {c.name for c in bot.command("game").commands}
    assert bot.command("me settings")


async def test_settings_commands_answer_privately(bot):
    await bot.run("game new", ALICE, game="tally", player2=BOB)
    await bot.run("game settings", ALICE, remind=6.0, time="move:48")
    assert "reminders after 6 h" in bot.last(public=True) and "48 h per move" in bot.last(public=True)
    await bot.run("game settings", ALICE, time="chess:0")
    assert "initial days" in bot.last(ALICE.id)
    await bot.run("me settings", BOB, quiet="23:00-07:00", timezone="UTC", dm=False)
    assert "quiet hours 23:00-07:00 (UTC)" in bot.last(BOB.id)


async def test_reminder_in_the_channel_and_the_mute_button(bot):
    await table_of_two(bot, remind=2.0)
    await bot.tick(2)
    reminder = bot.last(public=True)
    assert "<@101>" in reminder and "Tally" in reminder and "waited 2 h" in reminder
    gid = bot.bot.sessions.table(555).record.id
    wait = bot.pbp.db.execute("SELECT since FROM pbp_waits WHERE game_id = ?", (gid,)).fetchone()
    custom_id = f"pbp:mute:{gid}:0:{int(wait['since'])}"
    assert "Only the reminded player" in await bot.press(BOB, custom_id)
    assert "muted" in await bot.press(ALICE, custom_id)
    before = len(bot.transcript.public())
    await bot.tick(4)
    assert len(bot.transcript.public()) == before


async def test_undo_history_and_board_commands(bot):
    await table_of_two(bot)
    await bot.run("move", ALICE, move="add 2")
    await bot.run("move", ALICE, move="pass")
    await bot.run("move", BOB, move="add 1")
    await bot.run("game history", CAROL)
    text = bot.last(CAROL.id)
    assert "#1 · Alice" in text and "Alice adds 2" in text and "#3 · Bob" in text
    await bot.run("undo", ALICE)
    assert "Everyone else must agree" in bot.last(public=True)
    poll = bot.pbp.db.execute("SELECT id FROM pbp_polls WHERE kind = 'undo'").fetchone()["id"]
    await bot.press(BOB, f"pbp:vote:{poll}:yes")
    assert "with everyone's consent" in bot.last(public=True)
    assert len(await bot.bot.store.moves(bot.bot.sessions.table(555).record.id)) == 1
    await bot.run("undo", ALICE)  # her own add 2, nobody acted since: free
    assert "Alice took back move #1" in bot.last(public=True)
    record = await bot.bot.store.game(bot.bot.sessions.table(555).record.id)
    assert record.board_message_id == bot.transcript.public()[-1].id  # reminders link the new board


async def test_games_lists(bot):
    await table_of_two(bot)
    await bot.tick(3)
    await bot.run("games", CAROL)
    assert "Tally" in bot.transcript[-1].content and "waiting 3 h" in bot.transcript[-1].content
    await bot.run("games", BOB, which="mine")
    assert "Your games" in bot.transcript[-1].content
    dm = FakeInteraction(bot.bot, CAROL, bot.channel, guild_id=None)  # /games in a DM: only the caller's
    await bot.command("games").callback(dm)
    assert "not in any running game" in bot.transcript[-1].content and "Tally" not in bot.transcript[-1].content


async def test_vacation_command(bot):
    await table_of_two(bot)
    await bot.run("game vacation", ALICE, days=3)
    assert "paused until 05 Mar 09:00 UTC" in bot.last(ALICE.id)
    assert "is on vacation" in bot.last(public=True)


async def test_new_game_in_a_thread_routes_its_moves_there(bot):
    await bot.run("game new", ALICE, game="tally", player2=BOB)  # a game in the channel itself
    inter = FakeInteraction(bot.bot, BOB, bot.channel)
    await new_in_thread(inter, "tally", [], None)
    thread = bot.channel.threads[0]
    bot.channels[thread.id] = thread
    assert f"<#{thread.id}>" in bot.last(BOB.id)
    await bot.run("game join", CAROL, channel=thread)
    await bot.run("game start", BOB, channel=thread)
    await bot.run("move", BOB, channel=thread, move="add 3")
    table = bot.bot.sessions.table(thread.id)
    assert table.record.parent_id == 555 and table.state["score"][0]["adds"] == 3
    assert bot.bot.sessions.table(555).record.status == "open"  # the channel's own game is untouched
    assert await bot.pbp.game_thread(thread.id)


async def test_finished_game_summary_and_rematch_button(bot):
    await bot.run("game new", ALICE, game="tally", player2=BOB, options="turns=2")
    await bot.run("game start", ALICE)
    await bot.run("move", ALICE, move="add 1")
    await bot.run("move", ALICE, move="pass")
    await bot.run("move", BOB, move="pass")
    summary = next(s for s in bot.transcript.public() if "is over" in s.content)
    assert summary.png and summary.filename == "summary.png"
    old = bot.pbp.db.execute("SELECT MAX(game_id) AS g FROM pbp_games").fetchone()["g"]
    assert "Only a player" in await bot.press(CAROL, f"pbp:rematch:{old}")
    await bot.press(BOB, f"pbp:rematch:{old}")
    assert "Rematch" in bot.last(public=True)
    assert bot.bot.sessions.table(555).record.status == "running"


async def test_over_the_game_limit_is_refused(bot):
    from bot.pbp_commands import refuse_over_limit

    bot.pbp.game_limit = 1
    await bot.run("game new", ALICE, game="tally", player2=BOB)
    inter = FakeInteraction(bot.bot, ALICE, bot.channel)
    assert await refuse_over_limit(inter)
    assert "limit is 1" in bot.transcript[-1].content


async def test_game_new_with_thread_option_and_board_at_move_n(bot):
    await bot.run("game new", ALICE, game="tally", player2=BOB, thread=True)
    thread = bot.channel.threads[0]
    assert bot.bot.sessions.table(thread.id) is not None and bot.bot.sessions.table(555) is None
    await bot.run("game start", ALICE, channel=thread)
    await bot.run("move", ALICE, channel=thread, move="add 3")
    await bot.run("move", ALICE, channel=thread, move="pass")
    await bot.run("game board", CAROL, channel=thread, move=1)
    shown = bot.transcript.public()[-1]
    assert "after move 1 of 2" in shown.content and shown.png.startswith(b"\x89PNG")
    await bot.run("game board", CAROL, channel=thread, move=5)
    assert "from 0 to 2" in bot.last(CAROL.id)


async def test_join_and_new_refused_over_the_game_limit(bot):
    bot.pbp.game_limit = 1
    await bot.run("game new", ALICE, game="tally")
    await bot.run("game join", BOB)
    other = FakeTextChannel(556, bot.transcript)
    await bot.run("game new", ALICE, channel=other, game="tally")
    assert "limit is 1" in bot.transcript[-1].content and bot.bot.sessions.table(556) is None
    await bot.run("game new", CAROL, channel=other, game="tally")
    await bot.run("game join", BOB, channel=other)
    assert "limit is 1" in bot.transcript[-1].content


async def test_the_app_loads_the_play_by_post_extension(tally, tmp_path, monkeypatch):
    from tests.bot.fakes import FakeClock

    settings = load_settings(env={"GAME_LIMIT": "3", "DATABASE_PATH": str(tmp_path / "ext.sqlite3")}, env_file=None)
    app = MeepleBot(settings, clock=FakeClock())
    await app.prepare()
    assert "bot.pbp_commands" in await app.load_extensions()
    try:
        assert app.pbp.dispatcher._task is not None  # the one dispatcher task runs
        assert app.pbp.game_limit == 3
        assert app.tree.get_command("undo") is not None and app.tree.get_command("games") is not None
    finally:
        await app.pbp.stop()
        await app.store.close()


class _Response:
    status, reason = 403, "Forbidden"


class FakeDmUser:
    def __init__(self, open_dms):
        self.open_dms, self.got = open_dms, []

    async def send(self, content=None, **kw):
        if not self.open_dms:
            import discord

            raise discord.Forbidden(_Response(), "Cannot send messages to this user")
        self.got.append(content)


class EditableThread(FakeThread):
    archived = True
    auto_archive_duration = 1440

    async def edit(self, **kw):
        self.edits = kw


async def test_discord_notifier_dm_fallback_board_link_and_thread_keepalive(bot, monkeypatch):
    from bot.pbp import Notice
    from bot.pbp_commands import DiscordNotifier

    gid = (await bot.bot.sessions.create(555, _actor(ALICE), "tally")).game_id
    users = {1: FakeDmUser(True), 2: FakeDmUser(False)}
    monkeypatch.setattr(bot.bot, "get_user", users.get, raising=False)
    notifier = DiscordNotifier(bot.bot)
    assert await notifier.send(Notice("psst", user_id=1, fallback_channel_id=555))
    assert users[1].got == ["psst"]
    assert await notifier.send(Notice("<@2> psst", user_id=2, fallback_channel_id=555))
    assert bot.transcript[-1].content == "<@2> psst" and not bot.transcript[-1].ephemeral
    await notifier.send(Notice("board", channel_id=555, png=b"\x89PNG fake", board_of=gid))
    assert (await bot.bot.store.game(gid)).board_message_id == bot.transcript[-1].id
    thread = EditableThread(8000, bot.transcript)
    bot.channels[8000] = thread
    monkeypatch.setattr("bot.pbp_commands.discord.Thread", EditableThread)
    await notifier.keep_thread_alive(8000)
    assert thread.edits == {"archived": False, "auto_archive_duration": 10080}


def _actor(user):
    from bot.sessions import Actor

    return Actor(user.id, user.display_name)


async def test_history_page_button_edits_the_message_in_place(bot):
    await bot.run("game new", ALICE, game="tally", player2=BOB, options="turns=40")
    await bot.run("game start", ALICE)
    for i in range(18):
        await bot.run("move", ALICE if i % 2 == 0 else BOB, move="pass")
    gid = bot.bot.sessions.table(555).record.id
    inter = FakeInteraction(bot.bot, CAROL, bot.channel)
    edits = []

    async def edit_message(content=None, view=None):
        edits.append((content, [item.custom_id for item in view.children] if view else []))

    inter.response.edit_message = edit_message
    await press(inter, f"pbp:page:{gid}:1")
    content, buttons = edits[0]
    assert "page 1/2" in content and "#1 · Alice" in content and buttons == [f"pbp:page:{gid}:2"]


async def test_time_control_chosen_in_game_new(bot):
    await bot.run("game new", ALICE, game="tally", player2=BOB, time="blitz")
    assert "not a time control" in bot.last(ALICE.id) and bot.bot.sessions.table(555) is None
    await bot.run("game new", ALICE, game="tally", player2=BOB, time="chess:10+1")
    gid = bot.bot.sessions.table(555).record.id
    assert bot.pbp.time_control(gid).describe() == "chess clock 10 days + 1 per turn"
    await bot.run("game new", CAROL, game="tally", thread=True, time="move:36")
    thread = bot.channel.threads[0]
    assert bot.pbp.time_control(bot.bot.sessions.table(thread.id).record.id).move_hours == 36


async def test_a_reminder_survives_a_restart_of_the_whole_bot(tally, tmp_path):
    clock = ManualClock(START)
    path = str(tmp_path / "restart.sqlite3")
    first = await Bot(path, clock).open()
    await table_of_two(first)
    await first.tick(6)
    await first.close()
    second = await Bot(path, clock).open()  # a new MeepleBot object on the same file
    try:
        await second.tick(5.9)
        assert not any("waited" in s.content for s in second.transcript)
        await second.tick(0.1)
        assert "<@101>" in second.last(public=True) and "waited 12 h" in second.last(public=True)
    finally:
        await second.close()


async def test_everyone_not_allowed_gets_a_private_friendly_refusal(bot):
    """A spectator (Carol) tries every command that needs a seat, a turn or a right:
    each answer is ephemeral, says why, and the channel hears nothing."""
    await bot.run("game new", ALICE, game="tally", player2=BOB)
    await bot.run("game start", ALICE)
    before = len(bot.transcript.public())
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
        inter = await bot.run(path, CAROL, **kwargs)
        said = bot.transcript.private(CAROL.id)[-1].content
        assert why.lower() in said.lower(), (path, said)
        assert inter.response.deferred is None or inter.response.deferred["ephemeral"], path
    # Bob is seated but it is Alice's turn
    await bot.run("move", BOB, move="pass")
    assert "isn't your turn" in bot.last(BOB.id) and "Alice" in bot.last(BOB.id)
    # buttons: a stranger's mute, a vote by someone not asked, a rematch of a game not theirs
    gid = bot.bot.sessions.table(555).record.id
    assert "Only the reminded player" in await bot.press(CAROL, f"pbp:mute:{gid}:0:1")
    assert "closed" in (await bot.press(CAROL, "pbp:vote:999:yes")).lower()
    assert "Only a player" in await bot.press(CAROL, f"pbp:rematch:{gid}")
    assert len(bot.transcript.public()) == before
