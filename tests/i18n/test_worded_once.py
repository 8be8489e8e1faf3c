"""A line the table worded in a language reaches a reader of that language as it is (``tr`` takes
a ``Text`` worded in the reader's locale without wording it again: every post's lines pass through
``tr`` on their way to Discord). That holds only if such a line reads exactly as its message worded
again would: checked here on every line, prompt and step of random games of every title, with the
table in English and in Chinese, including the condensed turn lines and the lines made of lines."""

from __future__ import annotations

import random

import pytest

import games
from bot.table.sessions import SessionManager
from bot.words.i18n import Text, fill_names, tr
from games.core.messages import Msg, render
from tests.turn.post_words import next_move, started


def lines_of(reply) -> list:
    out = []
    for post in (reply.step, reply.private, reply.public):
        if post is not None:
            out += list(post.lines)
            out += [what for _who, what in post.asks]
    return out


@pytest.mark.parametrize("locale", ["en", "zh-TW"])
@pytest.mark.parametrize("game_id", games.game_ids())
async def test_a_line_worded_in_the_readers_language_reads_as_its_message_worded_again(tmp_path, game_id, locale):
    from bot.store import SqliteStore

    store = await SqliteStore.open(tmp_path / "db.sqlite3")
    sessions = SessionManager(store, seed_source=lambda: 3, render=False, locale=locale)
    engine, players = await started(sessions, game_id)
    rnd = random.Random(11)
    checked = 0
    for _ in range(120):
        if (move := next_move(sessions, engine, rnd)) is None:
            break
        reply = await sessions.move_as(1, *move)
        assert reply.ok, reply.text
        for line in lines_of(reply):
            if line.__class__ is Text and line.locale == locale and isinstance(line.msg, Msg):
                again = fill_names(render(line.msg, locale), line.names)
                assert str(line) == again, (game_id, locale, line.msg)
                assert tr(line, locale) == again and tr(line, locale).__class__ is str
                checked += 1
    await store.close()
    assert checked >= 100, checked
