"""Each reader gets their own language on the Discord harness: what a player alone reads
(step answers, refusals, their menus) in their client's language, what the channel reads
(turn posts, the Play button) in the server's."""

from __future__ import annotations

import re

from bot.words.languages import languages_of

CJK = re.compile(r"[\u4e00-\u9fff]")


def chinese(text: str) -> bool:
    return bool(CJK.search(text))


async def bruges_table(h, server: str | None = None):
    """Ann (zh-TW client) and Bob, Cy (English clients) at a Bruges table; Ann is up first."""
    if server is not None:
        await languages_of(h.bot).set("guild", h.guild_id, server)
    ann = h.user("Ann", locale="zh-TW")
    bob, cy = h.user("Bob"), h.user("Cy")
    await h.slash(ann, "game new", game="bruges", player2=bob, player3=cy)
    await h.slash(ann, "game start")
    assert h.sessions.table(h.channel).to_move() == [0]
    return ann, bob, cy


async def play_out_turn(h, who) -> None:
    """``who`` draws until the table waits for someone else."""
    for _ in range(8):
        if 0 not in h.sessions.table(h.channel).to_move():
            return
        await h.slash(who, "move", move="draw a")
    raise AssertionError("Ann's turn never ended")


async def test_an_english_server_each_player_reads_their_own_language(harness):
    h = harness
    ann, bob, cy = await bruges_table(h)
    posts = len(h.posts())
    await h.slash(ann, "move", move="draw a")
    step = h.ephemeral(ann)[-1].content
    assert chinese(step) and "完成" in step and "Ann" in step  # the step, in Ann's language, her name kept
    assert len(h.posts()) == posts  # nothing public yet: her turn goes on
    await h.slash(bob, "move", move="draw a")
    refused = h.ephemeral(bob)[-1].content
    assert "isn't your turn" in refused and "Ann" in refused and not chinese(refused)
    await h.slash(ann, "move", move="xyz")
    assert chinese(h.ephemeral(ann)[-1].content) and "xyz" in h.ephemeral(ann)[-1].content
    await h.click(ann, h.posts()[-1], "Play")  # her own menu, in her language
    assert chinese(h.ephemeral(ann)[-1].content)
    await play_out_turn(h, ann)
    post = h.posts()[-1]
    assert len(h.posts()) == posts + 1 and post.png is not None
    assert "draws" in post.content and not chinese(post.content), post.content  # the server's language
    assert "Play" in post.labels()
    up = h.sessions.table(h.channel).to_move()[0]
    player = (ann, bob, cy)[up]
    await h.click(player, post, "Play")
    menu = h.ephemeral(player)[-1].content
    assert chinese(menu) == (player is ann), menu


async def test_a_chinese_server_posts_in_chinese_and_answers_english_players_in_english(harness):
    h = harness
    ann, bob, cy = await bruges_table(h, server="zh-TW")
    start = h.posts()[-1]
    assert chinese(start.content) and "Ann" in start.content
    await h.slash(bob, "move", move="draw a")
    assert "isn't your turn" in h.ephemeral(bob)[-1].content
    await play_out_turn(h, ann)
    post = h.posts()[-1]
    assert chinese(post.content) and "draws" not in post.content, post.content
    assert "Play" not in post.labels() and any(chinese(label) for label in post.labels())
    up = h.sessions.table(h.channel).to_move()[0]
    player = (ann, bob, cy)[up]
    if player is not ann:
        await h.slash(player, "move", move="xyz")
        assert not chinese(h.ephemeral(player)[-1].content)


async def test_reminders_read_in_the_servers_language(harness):
    """A reminder fires with no interaction: it is worded in the place's language."""
    h = harness
    await bruges_table(h, server="zh-TW")
    posts = len(h.posts())
    await h.wait(hours=12)
    reminder = h.posts()[-1]
    assert len(h.posts()) == posts + 1 and "<@" in reminder.content
    assert "12 小時" in reminder.content and chinese(reminder.content), reminder.content
    assert "waited" not in reminder.content and all(chinese(label) for label in reminder.labels() if label)


async def test_game_choices_are_named_in_the_callers_language(harness):
    h = harness
    ann, bob = h.user("Ann", locale="zh-TW"), h.user("Bob")
    mine = [c.name for c in await h.complete(ann, "game new", "game", "")]
    theirs = [c.name for c in await h.complete(bob, "game new", "game", "")]
    assert any("布魯日" in name for name in mine) and all(chinese(name) for name in mine), mine
    assert any("Bruges" in name for name in theirs) and not any(chinese(name) for name in theirs), theirs


async def test_move_hints_are_worded_for_the_caller(harness):
    h = harness
    ann, bob = h.user("Ann", locale="zh-TW"), h.user("Bob")
    await h.slash(ann, "game new", game="west-of-africa", player2=bob)
    await h.slash(ann, "game start")
    mine = [c.name for c in await h.complete(ann, "move", "move", "choose farm")]
    theirs = [c.name for c in await h.complete(bob, "move", "move", "choose farm")]
    assert any("合計" in name for name in mine) and not any("total" in name for name in mine), mine
    assert any("total" in name for name in theirs) and not any(chinese(name) for name in theirs), theirs


async def test_menu_notes_are_worded_for_the_player(harness):
    h = harness
    ann, bob, cy = await bruges_table(h)
    await h.click(ann, h.posts()[-1], "Play")
    select = next(c for c in h.ephemeral(ann)[-1].items() if c["type"] == 3)
    notes = [o.get("description") or "" for o in select["options"]]
    assert any("最上面" in n for n in notes) and not any("top is" in n for n in notes), notes


async def test_the_move_history_is_worded_for_its_reader(harness):
    h = harness
    ann, bob, cy = await bruges_table(h)
    await play_out_turn(h, ann)
    await h.slash(ann, "game history")
    mine = h.ephemeral(ann)[-1].content
    await h.slash(bob, "game history")
    theirs = h.ephemeral(bob)[-1].content
    assert "#1 · Ann" in mine and "抽了" in mine and "draws" not in mine and "<t:" in mine, mine  # the date: a Discord timestamp (the reader's own zone and language)
    assert "#1 · Ann" in theirs and "draws" in theirs and not chinese(theirs), theirs
