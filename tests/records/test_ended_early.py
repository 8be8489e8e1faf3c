"""Games that end before their end, through the Discord harness on both backends: a game
play-by-post closes after it stalled (abandoned) and a game whose channel was deleted, aborted
from elsewhere (aborted). Each writes its results rows once (no score, no place, unrated: see
docs/records.md), moves no rating, is listed in the archive with how it ended, and counts in
/stats as a game not finished; the orphaned one leaves /games and the game limit."""

from __future__ import annotations

import random

import pytest

from bot.table.pbp import clocks
from bot.table.sessions import Actor

from .helpers import final_move
from .test_records_discord import play_games


@pytest.fixture(params=["sqlite", "postgresql"])
def db(request, tmp_path):
    """The harness's database: a SQLite file or a fresh PostgreSQL database."""
    if request.param == "sqlite":
        return str(tmp_path / "bot.sqlite3")
    return request.getfixturevalue("pg_url")


async def some_moves(h, channel: int, people: list, n: int = 6, seed: int = 3) -> int:
    """A West of Africa table of ``people`` in ``channel``, started, ``n`` random moves in; its id."""
    actors = [Actor(u.id, u.name) for u in people]
    made = await h.sessions.create(channel, actors[0], "west-of-africa", actors[1:], guild_id=h.guild_id)
    assert made.ok, made.text
    assert (await h.sessions.start(channel, actors[0])).ok
    rnd = random.Random(seed)
    for _ in range(n):
        seat, move, ends = final_move(h.sessions.table(channel), rnd)
        assert not ends
        assert (await h.sessions.move_as(channel, seat, move)).ok
    await h.settle()
    return made.game_id


def result_rows(h, gid: int) -> list[tuple]:
    return h.rows("SELECT seat, user_id, ended, score, rank, rated, left_early FROM results WHERE game_id = ? "
                  "ORDER BY seat", (gid,))


def ratings(h) -> list[tuple]:
    """Every rating and its history, to check that nothing moved."""
    return (h.rows("SELECT scope, game, user_id, mu, sigma, games FROM ratings ORDER BY scope, game, user_id")
            + h.rows("SELECT COUNT(*) FROM rating_history"))


async def test_an_abandoned_game_writes_its_rows_once_unrated_and_is_listed(make_harness, db):
    h = await make_harness(db=db)
    ann, bob = h.user("Ann"), h.user("Bob")
    await play_games(h, [[ann, bob]])  # a finished game first: ratings exist and must not move
    rated = ratings(h)
    assert len(rated) == 5  # two players in two scopes, and the history count
    table = h.text_channel("stalled")
    gid = await some_moves(h, table, [ann, bob])
    await h.wait(hours=24 * (clocks.ARCHIVE_AFTER_DAYS + 1))  # nobody moves: play-by-post closes it
    assert h.sessions.table(table) is None
    assert h.rows("SELECT status FROM games WHERE id = ?", (gid,)) == [("aborted",)]
    assert any("archived" in m.content for m in h.posts(table))
    rows = result_rows(h, gid)
    assert rows == [(0, ann.id, "abandoned", None, None, 0, 0), (1, bob.id, "abandoned", None, None, 0, 0)]
    assert ratings(h) == rated

    # once: more time, and a restart (whose backfill looks for ended games without rows), add nothing
    await h.wait(hours=24 * (clocks.ARCHIVE_AFTER_DAYS + 1))
    await h.restart()
    assert result_rows(h, gid) == rows and ratings(h) == rated

    # the archive lists it, newest first, as abandoned; its card says so without places
    await h.slash(ann, "game archive")
    page = h.last(ann).content
    first = page.splitlines()[1]
    assert first.startswith(f"#{gid} · West of Africa") and "abandoned (it stalled)" in first
    await h.click(ann, h.last(ann), "rec:ap", values=[str(gid)])
    card = h.last(ann).content
    assert "**Result**" in card and "abandoned" in card and "1. " not in card

    # /stats: the finished game's tally, and the abandoned one counted apart
    await h.slash(ann, "stats player", game="west-of-africa")
    stats = h.last(ann).content
    assert "1 game" in stats and "1 abandoned" in stats
    await h.slash(bob, "stats export")
    csv = h.last(bob).files[0][1].decode("utf-8-sig")
    assert sum(f",{gid}," in f",{line}" and ",abandoned," in line for line in csv.splitlines()) == 2


async def test_an_orphaned_game_aborted_keeps_aborted_unrated_rows_and_leaves_games_and_the_limit(make_harness, db):
    h = await make_harness(db=db, game_limit=1)
    ann, bob = h.user("Ann"), h.user("Bob")
    doomed = h.text_channel("doomed")
    gid = await some_moves(h, doomed, [ann, bob])
    await h.slash(ann, "game new", game="bruges", channel=h.text_channel("second"))
    assert "limit is 1" in h.last(ann).content  # the running game counts

    # the channel is deleted: the next post the table owes there (a reminder) finds it gone
    h.delete_channel(doomed)
    await h.wait(hours=24 * 3)
    assert h.rows("SELECT status, paused FROM games WHERE id = ?", (gid,)) == [("running", "orphaned")]
    assert result_rows(h, gid) == []  # paused, not ended: it may still be adopted

    await h.slash(bob, "game abort", game=gid, channel=h.channel)
    assert "Only the game's creator" in h.last(bob).content and result_rows(h, gid) == []
    await h.slash(ann, "game abort", game=gid, channel=h.channel)
    assert "ended" in h.last(ann).content
    assert h.rows("SELECT status FROM games WHERE id = ?", (gid,)) == [("aborted",)]
    assert result_rows(h, gid) == [(0, ann.id, "aborted", None, None, 0, 0), (1, bob.id, "aborted", None, None, 0, 0)]
    assert ratings(h) == [(0,)]  # nobody rated, no history
    moves = h.rows("SELECT seat_moves, moves FROM results WHERE game_id = ? ORDER BY seat", (gid,))
    assert sum(m for m, _ in moves) == 6 and {n for _, n in moves} == {6}  # its replayed log

    await h.slash(ann, "game abort", game=gid, channel=h.channel)  # twice: refused, no second set of rows
    assert f"no paused game {gid}" in h.last(ann).content
    assert len(result_rows(h, gid)) == 2

    await h.slash(ann, "games", which="mine")
    assert "West of Africa" not in h.last(ann).content
    second = h.text_channel("third")
    await h.slash(ann, "game new", game="bruges", channel=second)
    assert h.sessions.table(second) is not None, h.last(ann).content  # the limit counts it no more
    await h.slash(ann, "game archive")
    assert f"#{gid} · West of Africa" in h.last(ann).content and "aborted" in h.last(ann).content
