"""A turn image's description (its alt text) is worded once, in the reader's language: the same
text as when its lines were worded in the bot's language first and then again for the reader.

Random games of every title, boards on, the table in each language: every public post with an
image, described for a reader of each language, against the two-step wording of the same lines.
"""

from __future__ import annotations

import random

import pytest

import games
from bot.store import SqliteStore
from bot.table.alt import Alt
from bot.table.posts import describe
from bot.table.sessions import SessionManager
from tests.turn.post_words import next_move, started

LOCALES = ("en", "zh-TW")
MOVES = 40


@pytest.mark.parametrize("table_locale", LOCALES)
@pytest.mark.parametrize("game_id", games.game_ids())
async def test_a_description_worded_once_reads_as_worded_twice(tmp_path, game_id, table_locale):
    store = await SqliteStore.open(tmp_path / "alt.sqlite3")
    try:
        sessions = SessionManager(store, seed_source=lambda: 7, render=True, locale=table_locale)
        engine, _players = await started(sessions, game_id)
        rnd = random.Random(game_id)
        described = 0
        for _ in range(MOVES):
            picked = next_move(sessions, engine, rnd)
            if picked is None:
                break
            reply = await sessions.move_as(1, *picked, lazy=True)
            assert reply.ok, reply.text
            post = reply.public
            if post is None or not isinstance(post.alt, Alt):
                continue
            for locale in LOCALES:
                once = post.description(locale)
                assert once and once == describe(post.alt.lines(), locale), (game_id, table_locale, locale)
            described += 1
        assert described, f"no turn image described in {MOVES} moves of {game_id}"
    finally:
        await store.close()
