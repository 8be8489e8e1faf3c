"""The images of a table are in the table's language whoever made the move (a player's command,
a bot seat, the end of the game), and /hand in the reader's: through the whole bot on the harness,
with the render calls and what they drew watched."""

from __future__ import annotations

import re

import pytest

import games
import renderers
from bot.words.languages import languages_of
from games.core.playout import random_playout
from renderers import summary
from tests.i18n.zh_scan import drawn_text, latin_words, playthrough

CJK = re.compile(r"[\u4e00-\u9fff]")


@pytest.fixture
def renders(monkeypatch):
    """(kind, seat, locale) of every board the bot asks for, drawn as usual."""
    asked: list[tuple[str, int | None, str]] = []
    real = renderers.render_png

    def spy(game_id, view, names, seat=None, kind="board", locale="en"):
        asked.append((kind, seat, locale))
        return real(game_id, view, names, seat, kind=kind, locale=locale)

    monkeypatch.setattr(renderers, "render_png", spy)
    return asked


async def test_a_chinese_servers_bot_seats_post_chinese_boards(harness, renders):
    h = harness
    await languages_of(h.bot).set("guild", h.guild_id, "zh-TW")
    ann = h.user("Ann")  # an English client: the boards are the table's, not hers
    await h.slash(ann, "game new", game="bruges", bots=2)
    await h.slash(ann, "game start")
    assert renders and all(locale == "zh-TW" for _, _, locale in renders), renders  # the start post's board
    table = h.sessions.table(h.channel)
    assert [s.is_bot for s in table.seats] == [False, True, True]
    posts, renders[:] = len(h.posts()), []
    with drawn_text() as strings:
        for _ in range(8):  # Ann draws her cards; then the bots draw theirs on their own
            if 0 not in table.to_move():
                break
            await h.slash(ann, "move", move="draw a")
        await h.wait(60)
    bots = [p for p in h.posts()[posts:] if p.content.startswith(tuple(s.name for s in table.seats[1:]))]
    assert len(bots) == 2 and all(p.png is not None for p in bots), [p.content for p in h.posts()[posts:]]
    assert len(renders) == len(h.posts()[posts:]) and {locale for _, _, locale in renders} == {"zh-TW"}, renders
    assert CJK.search("".join(strings)) and not latin_words(strings, playthrough("bruges")[1],
                                                             [s.name for s in table.seats])


async def test_hand_is_drawn_in_each_readers_language(harness, renders):
    h = harness  # an English server
    ann, bob = h.user("Ann", locale="zh-TW"), h.user("Bob")
    await h.slash(ann, "game new", game="bruges", player2=bob)
    await h.slash(ann, "game start")
    await h.slash(ann, "move", move="draw a")
    for who, want in ((ann, "zh-TW"), (bob, "en")):
        renders[:] = []
        await h.slash(who, "hand")
        assert renders == [("board", h.sessions.table(h.channel).seat_of(who.id), want)], renders
        answer = h.ephemeral(who)[-1]
        assert answer.png is not None and bool(CJK.search(answer.content)) == (want == "zh-TW"), answer.content


async def test_the_summary_of_a_chinese_servers_game_is_chinese(harness, monkeypatch):
    h = harness
    await languages_of(h.bot).set("guild", h.guild_id, "zh-TW")
    asked = []
    real = summary.render

    def spy(*args, **kwargs):
        asked.append(kwargs.get("locale"))
        return real(*args, **kwargs)

    monkeypatch.setattr(summary, "render", spy)
    ann = h.user("Ann")
    await h.slash(ann, "game new", game="west-of-africa", bots=2)
    await h.slash(ann, "game start")
    table = h.sessions.table(h.channel)
    table.state, _ = random_playout(games.get("west-of-africa"), 3, 5)  # the game as it ends
    with drawn_text() as strings:
        await h.bot.pbp._finished(table)
    assert asked == ["zh-TW"]
    assert h.posts()[-1].png is not None and CJK.search("".join(strings))
    assert not latin_words(strings, names=[s.name for s in table.seats])


async def test_posts_name_a_bot_seat_instead_of_a_broken_mention(harness):
    """A bot seat has no Discord account: "who is asked" names it (電腦 1 🤖), never ``<@-1>``."""
    h = harness
    ann = h.user("Ann")
    await h.slash(ann, "game new", game="west-of-africa", bots=2)
    await h.slash(ann, "game start")
    await h.wait(60)
    table = h.sessions.table(h.channel)
    bots = [s.name for s in table.seats if s.is_bot]
    said = "\n".join(p.content for p in h.posts())
    assert "<@-" not in said, said
    assert any(name in line and ":" in line for line in said.splitlines() for name in bots), said
