"""A zh-TW table on Discord: a server set to Traditional Chinese and players whose clients
speak it read no English anywhere (posts, ephemeral answers, menus, buttons) but move
notation, mentions and names, for a stretch of every game played from autocomplete."""

from __future__ import annotations

import random
import re

import pytest

import games
from bot.words.languages import languages_of
from tests.harness.client import User
from tests.harness.play import play

from .test_zh_console import english_words

MOVES = 30
CJK = re.compile(r"[\u4e00-\u9fff]")


async def zh_table(make_harness, game: str, locale: str = "zh-TW"):
    h = await make_harness(seed=3)
    await languages_of(h.bot).set("guild", h.guild_id, "zh-TW")
    people = [User(500 + i, f"P{i + 1}", locale=locale) for i in range(3)]
    await h.slash(people[0], "game new", game=game, player2=people[1], player3=people[2])
    await h.slash(people[0], "game start")
    assert await play(h, people, random.Random(3), MOVES) > 0
    return h


def english_in(h) -> dict[str, str]:
    moves = [text for (text,) in h.rows("SELECT text FROM moves")]
    notation = {tok.lower() for m in moves for tok in re.findall(r"[A-Za-z][A-Za-z'-]*", m)}
    found: dict[str, str] = {}
    for message in h.transcript():
        for text in [message.content, *(label or "" for label in message.labels())]:
            for word in english_words(text, notation):
                found.setdefault(word, text[:160])
    return found


@pytest.mark.parametrize("game", sorted(games.ENGINES))
async def test_a_zh_tw_table_on_discord_reads_no_english(game, make_harness):
    h = await zh_table(make_harness, game)
    assert not english_in(h)
    assert all(CJK.search(m.content) for m in h.posts() if m.content.strip())


async def test_english_clients_at_a_chinese_server_read_english_answers(make_harness):
    h = await zh_table(make_harness, "bruges", locale="en-US")
    assert english_in(h)  # their own answers: the check above would see English
    assert all(CJK.search(m.content) for m in h.posts() if m.content.strip())
