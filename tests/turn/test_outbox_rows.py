"""A turn post's outbox row keeps what its board's words are made of, not the words: rows written
before that change are still sent with the same description and redrawn with the same turn.

``tests/fixtures/outbox_rows/*.json`` were recorded with the code of main 44dc782, before the
change: a game's moves up to a turn of several steps, the row that turn's move wrote (its turn in
every language, its alt text as worded lines), the description a reader of each language got from
it once sent, and what ``SessionManager.redraw`` then added to the view for each language.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bot.store import SqliteStore
from bot.table import render_pool
from bot.table.posts import from_json
from bot.table.sessions import SessionManager
from tests.turn.post_words import TURN_KEYS, started

ROWS = Path(__file__).resolve().parent.parent / "fixtures" / "outbox_rows"
LOCALES = ("en", "zh-TW")


@pytest.fixture(params=sorted(p.stem for p in ROWS.glob("*.json")))
def recorded(request) -> dict:
    return json.loads((ROWS / f"{request.param}.json").read_text(encoding="utf-8"))


async def replayed(tmp_path, monkeypatch, recorded: dict):
    """The recorded game played again on today's code, boards on, the outbox written: the
    manager, the last move's reply and row, and the views handed to the renderer."""
    drawn: list[tuple[dict, str]] = []

    async def draw(game_id, view, names, seat=None, kind="board", locale="en", key=None):
        drawn.append((render_pool.decoded(view() if callable(view) else view), locale))
        return b"\x89PNG fake"

    monkeypatch.setattr(render_pool, "draw", draw)
    store = await SqliteStore.open(tmp_path / "rows.sqlite3")
    sessions = SessionManager(store, seed_source=lambda: recorded["seed"], render=True)
    sessions.owe = True
    rows: list[str | None] = []
    append = store.append_move

    async def kept(*args, **kw):
        rows.append(kw.get("owed"))
        return await append(*args, **kw)

    store.append_move = kept
    await started(sessions, recorded["game"])
    reply = None
    for seat, text in recorded["moves"]:
        reply = await sessions.move_as(1, seat, text, lazy=True)
        assert reply.ok, reply.text
    return sessions, store, reply, rows[-1], drawn


async def redrawn(sessions, game_id: int, image: dict, drawn: list, locale: str, post=None) -> dict:
    """What ``redraw`` added to the view for a reader of ``locale``, given the post (as the outbox)."""
    assert await sessions.redraw(game_id, image, locale, post.alt if post is not None else None) is not None
    view, at = drawn[-1]
    assert at == locale
    return {k: view[k] for k in TURN_KEYS if k in view}


async def test_a_row_written_before_still_sends_and_redraws(tmp_path, monkeypatch, recorded):
    sessions, store, reply, _row, drawn = await replayed(tmp_path, monkeypatch, recorded)
    try:
        post, image = from_json(recorded["row"])
        for locale in LOCALES:  # as the outbox does: redrawn, then sent with its description
            assert await redrawn(sessions, reply.game_id, image, drawn, locale, post) == recorded["redrawn"][locale]
            post.png = b"\x89PNG fake"
            assert post.description(locale) == recorded["description"][locale]
    finally:
        await store.close()


async def test_a_row_keeps_the_words_makings_and_reads_as_before(tmp_path, monkeypatch, recorded):
    sessions, store, reply, row, drawn = await replayed(tmp_path, monkeypatch, recorded)
    try:
        old = json.loads(recorded["row"])
        new = json.loads(row)
        assert "turn_text" not in new["image"] and "turn_steps" not in new["image"]  # no words in every language
        assert isinstance(new["alt"], dict)  # the description's makings, not its lines
        assert len(row) < len(recorded["row"])
        assert {k: v for k, v in new.items() if k not in ("image", "alt")} == \
            {k: v for k, v in old.items() if k not in ("image", "alt")}
        post, image = from_json(row)
        assert post.alt.scores is None  # not read from the board at the move: given by the redrawn board
        for locale in LOCALES:
            # redrawn: the turn worded for the reader alone, the steps as before
            told = recorded["redrawn"][locale]["turn_text"]
            assert await redrawn(sessions, reply.game_id, image, drawn, locale, post) == \
                {**recorded["redrawn"][locale], "turn_text": {locale: told[locale]}}
            post.png = b"\x89PNG fake"
            assert post.description(locale) == recorded["description"][locale]
            assert reply.public.description(locale) == recorded["description"][locale]  # the live post too
            # the live board, drawn for a reader of ``locale``: its turn worded in that language alone
            await reply.public.draw(locale)
            view, at = drawn[-1]
            assert at == locale and view["turn_text"] == {locale: told[locale]}
            assert view["turn_steps"] == recorded["redrawn"][locale]["turn_steps"]
    finally:
        await store.close()
