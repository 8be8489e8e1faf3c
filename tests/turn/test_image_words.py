"""A drawn turn image's description is worded by the render worker (``image_words.Makings``), in
the language the board is drawn in, and reads exactly as the loop words it: every title, the table
in each language, a reader of the other language (worded on the loop, as before), players with
hostile nicknames (markdown, mentions, placeholders, the longest name)."""

from __future__ import annotations

import random

import pytest

import games
from bot.store import SqliteStore
from bot.table import render_pool
from bot.table.alt import Alt, describe
from bot.table.image_words import Makings
from bot.table.sessions import Actor, SessionManager
from games.core.messages import Msg
from tests.turn.post_words import LOCALES, next_move

HOSTILE = [Actor(200, "**Ann** <@123> @everyone"), Actor(201, "`Bo` ||x|| {p0} __u__ ~~s~~ \\*"),
           Actor(202, "Cy " + "\u5c0f" * 40)]
#: turn images drawn per title and table language
BOARDS = 6


async def drawn_posts(sessions: SessionManager, game_id: str, locale: str):
    """The first BOARDS public posts of a seeded game at channel 1, each drawn for its table (``locale``)."""
    await sessions.load_all()
    engine = games.get(game_id)
    players = min(engine.max_players, 3)
    assert (await sessions.create(1, HOSTILE[0], game_id, HOSTILE[1:players], None)).ok
    assert (await sessions.start(1, HOSTILE[0])).ok
    rnd = random.Random(game_id)
    out = []
    for _ in range(120):
        if len(out) >= BOARDS or (move := next_move(sessions, engine, rnd)) is None:
            break
        reply = await sessions.move_as(1, *move, lazy=True)
        assert reply.ok, reply.text
        post = reply.public
        if post is not None and post.draw is not None and isinstance(post.alt, Alt):
            assert await post.render(locale) is not None
            out.append(post)
    assert out, f"no turn image drawn in {game_id}"
    return out


@pytest.mark.parametrize("table_locale", LOCALES)
async def test_the_worker_words_the_description_as_the_loop_does(tmp_path, table_locale):
    other = next(x for x in LOCALES if x != table_locale)
    try:
        assert render_pool.start(1) == 1
        for game_id in games.game_ids():
            store = await SqliteStore.open(tmp_path / f"{game_id}.sqlite3")
            try:
                sessions = SessionManager(store, seed_source=lambda: 5, render=True, locale=table_locale)
                for post in await drawn_posts(sessions, game_id, table_locale):
                    told = post.alt.told(table_locale)
                    assert told is not None, game_id  # worded by the worker, with the PNG
                    assert told == describe(post.alt.lines(table_locale), table_locale), (game_id, table_locale)
                    assert post.description(table_locale) == told
                    assert post.alt.told(other) is None  # another reader's language: worded here, as before
                    assert post.description(other) == describe(post.alt.lines(other), other), (game_id, other)
            finally:
                await store.close()
    finally:
        render_pool.stop(True)


def test_makings_read_back_from_plain_data_word_the_same():
    """What a State sends its worker (``to_json``) words the same lines once read back: a worded
    line keeps its message, seat names and language; a plain line stays as it is."""
    from bot.words.i18n import t

    said = [t("join.stop", "zh-TW", a="x"), "a plain line"]
    steps = [Msg("bot.turn.wait", {"who": ["Ann", "Bo"]}), Msg("bot.turn.wait", {"who": ["Bo"]})]
    asks = [([(1, "Ann"), (2, "\\*Bo\\*")], t("turn.wait", "zh-TW", who=["Ann"]))]
    sent = Makings("Bruges", 7, said, steps, asks, ["Ann", "\\*Bo\\*"], "zh-TW")
    back = Makings.from_json(sent.to_json())
    # as a worker reads them: in the request's marshal head (no JSON of them on the loop)
    parts = render_pool._request("bruges", render_pool.State("bruges", b"", sent), ["Ann", "*Bo*"], None, "turn",
                                 "zh-TW")
    head, body = render_pool.head_of(b"".join(parts[1:]))
    sent_over = render_pool.State.read("bruges", head[-1], body).extra
    for got in (back, sent_over):
        assert got.extra() == sent.extra()
        assert got.description([[1, 3], [0, 2]]) == sent.description([[1, 3], [0, 2]])
        assert [(type(x), str(x), getattr(x, "locale", None)) for x in got.said] == \
            [(type(x), str(x), getattr(x, "locale", None)) for x in said]


async def test_a_hostile_nickname_is_described_as_its_owner_wrote_it(tmp_path):
    """A description is plain text, not markdown: a name is read without the escapes the post's
    text gives it, and without its markdown or mention markup, through the worker and on the loop."""
    store = await SqliteStore.open(tmp_path / "names.sqlite3")
    try:
        assert render_pool.start(1) == 1
        sessions = SessionManager(store, seed_source=lambda: 5, render=True)
        posts = await drawn_posts(sessions, "bruges", "en")
        for post in posts:
            for locale in LOCALES:
                text = post.description(locale)
                assert "\\" not in text and "<@123>" not in text and "**" not in text, text
                assert "Ann @everyone" in text and "Bo x {p0} u s *" in text, text
    finally:
        render_pool.stop(True)
        await store.close()


def test_describe_reads_names_plain():
    assert describe(["\\*\\*Ann\\*\\* \\<\\@1\\> moves. "]) == "Ann moves."


async def test_a_description_the_worker_cannot_word_costs_no_image(tmp_path, monkeypatch):
    """Drawn on a thread (as a worker draws), a description that raises leaves the PNG and the
    scores; the reader's description is then worded on the loop, the same words."""
    render_pool.stop()
    store = await SqliteStore.open(tmp_path / "broken.sqlite3")
    try:
        sessions = SessionManager(store, seed_source=lambda: 5, render=True)

        def broken(self, scores):
            raise KeyError("a key the worker lacks")
        monkeypatch.setattr(Makings, "description", broken)
        posts = await drawn_posts(sessions, "amerigo", "en")  # each post's PNG drawn (asserted there)
        for post in posts:
            assert post.alt.told("en") is None and post.alt.scores is not None
            assert post.description("en") == describe(post.alt.lines("en"), "en")
    finally:
        await store.close()
