"""Every image the bot sends in a whole game of each title carries a description (alt text) a
screen reader can say instead: who moved and what, who is asked what, the scores; in the
reader's language; within Discord's limit (the fake refuses a longer one, ``limits.DESCRIPTION``).

The boards themselves are not what is tested here: a stub draws a tiny PNG so that a whole game
of every title plays in seconds (the images' path through the bot and Discord is the real one).
"""

from __future__ import annotations

import random

import pytest

import games
import renderers.summary
from bot.table import render_pool
from games.core import Game

from .limits import DESCRIPTION
from .play import open_game

TINY_PNG = b"\x89PNG\r\n\x1a\n" + b"\0" * 64


def random_move(engine: Game, state, seat: int, rnd: random.Random) -> str:
    """A random complete legal move, walking the next-word stems as autocomplete does."""
    prefix = ""
    for _ in range(80):
        options = engine.legal_moves(state, seat, prefix)
        assert options, f"seat {seat} has no legal move after {prefix!r}"
        pick = rnd.choice(options)
        if not pick.endswith(" "):
            return pick
        prefix = pick
    raise AssertionError("no complete move reached")


@pytest.fixture
def tiny_boards(monkeypatch):
    async def draw(*args, **kwargs):
        return TINY_PNG

    monkeypatch.setattr(render_pool, "draw", draw)
    monkeypatch.setattr(renderers.summary, "render", lambda *a, **kw: TINY_PNG)
    monkeypatch.setattr(renderers, "render", lambda *a, **kw: TINY_PNG)


@pytest.mark.parametrize("game", sorted(games.ENGINES))
async def test_every_image_of_a_whole_game_is_described(game, make_harness, tiny_boards):
    h = await make_harness(seed=11)
    people = await open_game(h, game, 3)
    rnd = random.Random(5)
    await h.slash(people[1], "hand")
    start = next(m for m in h.posts() if m.filename == "turn.png")
    await h.click(people[0], start, "Full board")
    moves, asked = 0, False
    while (table := h.sessions.table(h.channel)) is not None and moves < 2000:
        seat = rnd.choice(table.to_move())
        move = random_move(table.engine, table.state, seat, rnd)
        await h.slash(people[seat], "move", move=move)
        moves += 1
        now = h.sessions.table(h.channel)
        if not asked and moves >= 7 and now is not None and now.public_n >= 3:
            # the other images a table asks for on the way (move 3 once it is public: an
            # unrevealed secret step's moves are not counted, issue 30's hidden information)
            asked = True
            await h.slash(people[0], "game status")
            await h.slash(people[2], "game board")
            await h.slash(people[2], "game board", move=3)
    assert h.sessions.table(h.channel) is None, f"{game}: not over after {moves} moves"
    uploads = h.discord.uploads
    names = {u.filename for u in uploads}
    assert {"turn.png", "hand.png", "board.png", "board-3.png", "summary.png"} <= names, names
    for u in uploads:
        assert u.description, f"{u.filename} sent by {u.route} without a description: {[(x.filename, x.description) for x in uploads][:6]}"
        assert len(u.description) <= DESCRIPTION and "<@" not in u.description and "**" not in u.description
    turn = [u.description for u in uploads if u.filename == "turn.png"][-2]  # a turn's, before the last
    assert turn.startswith("Turn image of") and "Scores: " in turn, turn
    summary = next(u.description for u in uploads if u.filename == "summary.png")
    assert "Final scores" in summary and all(p.name in summary for p in people)


async def test_descriptions_are_in_the_readers_language(make_harness, tiny_boards):
    """The table's images are described in the server's language, a player's own view in theirs."""
    h = await make_harness(seed=11, guild_locale="zh-TW")
    people = await open_game(h, "bruges", 2)
    start = h.discord.uploads[-1]
    assert start.filename == "turn.png" and "開局" in start.description and "分數" in start.description
    await h.slash(people[0], "hand")  # Player1's client is English
    assert h.discord.uploads[-1].description.startswith("Player1's private view of Bruges")


async def test_the_harness_refuses_a_description_past_discords_limit(harness):
    """The fake answers 400 for an attachment description over 1024 characters, as Discord does."""
    import discord

    from bot.discord.send import png_file

    channel = harness.bot.get_channel(harness.channel)
    with pytest.raises(discord.HTTPException):
        await channel.send("x", file=png_file(TINY_PNG, "a.png", "d" * (DESCRIPTION + 1)))
    assert any("description is 1025 characters" in v for v in harness.discord.violations)
    harness.discord.violations.clear()
    await channel.send("x", file=png_file(TINY_PNG, "a.png", "d" * DESCRIPTION))
    assert harness.discord.uploads[-1].description == "d" * DESCRIPTION
