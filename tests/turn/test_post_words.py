"""What a move's posts say is what they said before the post's words were made cheaper (issue 33
goal 1), word for word and message for message, in English and in Chinese, over random games of
every title (the record: ``tests/turn/post_words.py``); and no message is worded twice in one
language while a move's posts are made."""

from __future__ import annotations

import random

import pytest

import games
from bot.store import SqliteStore
from bot.table import image_words, turns
from bot.table import sessions as sessions_module
from bot.table.sessions import SessionManager
from bot.words import i18n
from games.core import messages
from tests.turn.post_words import LOCALES, next_move, path_for, record, started


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("game_id", games.game_ids())
async def test_a_moves_posts_say_what_they_said(tmp_path, game_id, locale):
    kept = path_for(game_id, locale).read_text(encoding="utf-8").splitlines()
    now = await record(game_id, locale, tmp_path)
    for i, (old, new) in enumerate(zip(kept, now, strict=False)):
        assert new == old, f"{path_for(game_id, locale).name}, line {i + 1}"
    assert len(now) == len(kept)


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("game_id", games.game_ids())
async def test_no_message_is_worded_twice_while_a_move_is_told(tmp_path, monkeypatch, game_id, locale):
    worded: list = []  # (message, locale, nested) of every wording of a message while the bot tells a move
    counting = [False]
    depth = [0]
    render = messages.render

    def counted(m, loc=messages.DEFAULT_LOCALE):
        if counting[0] and m.__class__ is messages.Msg:
            worded.append((m, loc, depth[0] > 0))
        depth[0] += 1
        try:
            return render(m, loc)
        finally:
            depth[0] -= 1

    for module, name in ((messages, "render"), (i18n, "render"), (turns, "render"), (image_words, "word"),
                         (sessions_module, "word")):
        monkeypatch.setattr(module, name, counted)
    store = await SqliteStore.open(tmp_path / "db.sqlite3")
    sessions = SessionManager(store, seed_source=lambda: 3, render=False, locale=locale)
    engine, players = await started(sessions, game_id)
    rnd = random.Random(5)
    play = engine.play

    def told(*args, **kw):  # the engine's own wording (each event's English) is not the bot's
        counting[0] = False
        try:
            return play(*args, **kw)
        finally:
            counting[0] = True

    monkeypatch.setattr(engine, "play", told)
    told_at_all = 0
    for _ in range(60):
        if (move := next_move(sessions, engine, rnd)) is None:
            break
        seat, text = move
        worded.clear()
        counting[0] = True
        reply = await sessions.move_as(1, seat, text)
        counting[0] = False
        assert reply.ok, reply.text
        # a message worded as a line of its own is not worded again, inside another line or alone
        # (one message that is a part of two lines, a card named in both, is worded in each)
        alone = {}
        for m, loc, nested in worded:
            if not nested:
                alone[(id(m), loc)] = alone.get((id(m), loc), 0) + 1
        twice = [(m.key, loc) for m, loc, nested in worded
                 if alone.get((id(m), loc), 0) > (0 if nested else 1)]
        assert not twice, (game_id, text, twice)
        told_at_all += len(worded)
    await store.close()
    assert told_at_all > 0


def test_the_encoder_made_once_writes_what_json_dumps_writes():
    import json

    from bot.table.posts import unescaped

    data = [{"text": "Ann 把船放到 F4。 \"quoted\" \n tab\t", "msg": {"key": "k", "params": {"n": 2, "x": 1.5, "no": None,
                                                                                          "yes": True, "l": [1, "二"]}},
             "names": ["Ann", "Bob"]}, {}, [], {"nested": [{"a": -0.0, "b": 1e300}]}]
    for item in [data, data[0], *data]:
        assert unescaped(item) == json.dumps(item, ensure_ascii=False)
    with pytest.raises(TypeError):
        unescaped({"a": object()})
