"""Results rows and ratings, written with the move (or abort) that ends a game: on both backends.

A game played to its end writes one row per seat and moves the ratings once, also when the
final move is sent again (by a second process holding the table) or the process dies right
after the commit; bots and unrated tables move none; the backfill gives ended games the very
rows they would have got live; recomputing the ratings gives the live values.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys

import games
from bot.store import open_store
from bot.store.portable import Step
from bot.store.records import GLOBAL
from bot.store.statements import Sql
from bot.table.records import backfill, ratings

from .helpers import PEOPLE, Clock, finished, open_table, play_out, play_until_last, sessions_on


async def test_a_finished_game_writes_one_row_per_seat_and_moves_both_ratings(backend):
    sessions = await sessions_on(backend)
    gid = await finished(sessions, 10, PEOPLE[:3])
    store = sessions.store
    rows = await store.results(gid)
    record, moves = await store.game(gid), await store.moves(gid)
    engine = games.get("west-of-africa")
    state = engine.setup(3, record.seed, record.options)
    for m in moves:
        engine.play(state, m.seat, m.text)
    result = engine.result(state)
    assert [r.seat for r in rows] == [0, 1, 2]
    assert [r.user_id for r in rows] == [p.user_id for p in PEOPLE[:3]]
    assert [r.score for r in rows] == result.scores
    assert [r.rank for r in rows] == result.places() and min(r.rank for r in rows) == 1
    assert [r.breakdown for r in rows] == result.breakdown
    assert {r.role for r in rows} == {p["colour"] for p in engine.view(state, None)["players"]}
    assert all(r.ended == "finished" and r.rated and r.rated_order == 1 and not r.left_early for r in rows)
    assert all(r.moves == len(moves) and r.players == 3 and r.guild_id == 1 for r in rows)
    assert sum(r.seat_moves for r in rows) == len(moves)
    assert all(r.started_at == record.started_at and r.ended_at == moves[-1].at for r in rows)
    assert sum(r.seconds for r in rows) == 60.0 * len(moves)  # the test clock: a minute per look
    table = await store.ratings()
    assert sorted((r.scope, r.user_id) for r in table) == sorted(
        (scope, p.user_id) for scope in (1, GLOBAL) for p in PEOPLE[:3])
    assert all(r.games == 1 and not r.established for r in table)
    assert sum(r.wins for r in table) == 2 * sum(1 for r in rows if r.rank == 1)
    best = max(rows, key=lambda r: -r.rank)
    mine = {(r.scope, r.user_id): r for r in table}
    assert mine[(GLOBAL, best.user_id)].rating == max(r.rating for r in table)
    assert len(await store.rating_points()) == 6
    await store.close()


async def test_the_final_move_sent_twice_writes_the_results_once(backend):
    """A second process holds the same table (or the first one retries after a lost answer):
    its copy of the final move is refused by the log, nothing is written twice."""
    first = await sessions_on(backend)
    gid = await open_table(first, 10, PEOPLE[:2])
    seat, move = await play_until_last(first, 10)
    second = await sessions_on(backend)  # loads the running table as it stands
    reply = await first.move_as(10, seat, move)
    assert reply.ok and reply.result is not None
    again = await second.move_as(10, seat, move)
    assert not again.ok
    assert len(await first.store.results(gid)) == 2
    assert [r.games for r in await first.store.ratings()] == [1, 1, 1, 1]
    await first.store.close()
    await second.store.close()


KILLER = """
import asyncio, os, signal, sys
from bot.store import open_store
from bot.table.sessions import SessionManager

async def main(db, seat, move):
    url = db if db.startswith("postgresql://") else None
    store = await open_store(None if url else db, url)
    sessions = SessionManager(store, render=False)
    await sessions.load_all()
    real = store.append_move
    async def then_die(*args, **kw):
        out = await real(*args, **kw)
        os.kill(os.getpid(), signal.SIGKILL)  # committed, then the process is gone: nothing announced
        return out
    store.append_move = then_die
    await sessions.move_as(10, int(seat), move)

asyncio.run(main(*sys.argv[1:]))
"""


async def test_a_process_killed_after_committing_the_final_move_leaves_the_results_once(backend, tmp_path):
    sessions = await sessions_on(backend)
    gid = await open_table(sessions, 10, PEOPLE[:2])
    seat, move = await play_until_last(sessions, 10)
    n = sessions.table(10).n
    await sessions.store.close()
    db = backend.get("path") or backend["url"]
    proc = subprocess.run([sys.executable, "-c", KILLER, db, str(seat), move], capture_output=True, text=True,
                          timeout=120, cwd=os.getcwd())
    assert proc.returncode == -signal.SIGKILL, proc.stderr[-2000:]
    again = await sessions_on(backend)
    assert again.table(10) is None  # finished: nothing left to reload
    store = again.store
    assert len(await store.moves(gid)) == n + 1 and (await store.game(gid)).status == "finished"
    assert len(await store.results(gid)) == 2 and [r.games for r in await store.ratings()] == [1, 1, 1, 1]
    made = await again.create(10, PEOPLE[0], "west-of-africa", [PEOPLE[1]], guild_id=1)  # the channel is free
    assert made.ok
    await store.close()


async def test_bots_play_but_are_neither_rated_nor_rate_others(backend):
    sessions = await sessions_on(backend)
    two = await finished(sessions, 10, PEOPLE[:2], bots=1)
    rows = await sessions.store.results(two)
    assert [r.bot for r in rows] == [False, False, True] and [r.rated for r in rows] == [True, True, False]
    assert rows[2].user_id < 0 and rows[2].score is not None and rows[2].rank is not None
    table = await sessions.store.ratings()
    assert sorted({r.user_id for r in table}) == [PEOPLE[0].user_id, PEOPLE[1].user_id]
    # the two people are rated as a game of two: the bot's place between or above them counts for nothing
    alone = ratings.rate([r for r in rows if not r.bot], {}, 1)[0]
    assert sorted((r.scope, r.user_id, r.mu, r.sigma) for r in table) == sorted(
        (r.scope, r.user_id, r.mu, r.sigma) for r in alone)
    solo = await finished(sessions, 11, PEOPLE[2:3], bots=2)
    assert not any(r.rated for r in await sessions.store.results(solo))
    assert len(await sessions.store.ratings()) == 4  # nobody new
    await sessions.store.close()


async def test_an_unrated_table_and_bad_rated_values(backend):
    sessions = await sessions_on(backend)
    refused = await sessions.create(10, PEOPLE[0], "west-of-africa", [PEOPLE[1]], "rated=maybe", guild_id=1)
    assert not refused.ok and "rated" in refused.text
    gid = await finished(sessions, 10, PEOPLE[:2], options="rated=false")
    assert (await sessions.store.game(gid)).rated is False
    rows = await sessions.store.results(gid)
    assert len(rows) == 2 and not any(r.rated for r in rows) and rows[0].options.get("rated") is None
    gid = await finished(sessions, 11, PEOPLE[:2], rated=False)
    assert not any(r.rated for r in await sessions.store.results(gid))
    assert await sessions.store.ratings() == []
    await sessions.store.close()


async def test_an_aborted_game_keeps_unscored_unrated_rows_and_a_dropped_seat_unrates_the_game(backend):
    sessions = await sessions_on(backend)
    never = (await sessions.create(12, PEOPLE[0], "west-of-africa", [PEOPLE[1]], guild_id=1)).game_id
    assert (await sessions.abort(12, PEOPLE[0])).ok
    assert await sessions.store.results(never) == []  # never started: no results
    gid = await open_table(sessions, 10, PEOPLE[:3])
    seat, move = await play_until_last(sessions, 10)
    assert (await sessions.abort(10, PEOPLE[0])).ok
    rows = await sessions.store.results(gid)
    assert [r.ended for r in rows] == ["aborted"] * 3
    assert all(r.score is None and r.rank is None and not r.rated for r in rows)
    assert rows[0].moves == len(await sessions.store.moves(gid)) and rows[0].role is not None
    # a seat the table handed to a bot (play-by-post's time-out vote): the game counts for nobody's rating
    gid = await open_table(sessions, 11, PEOPLE[:3])
    await sessions.store._write_program(lambda: _drop(gid, 1))
    await play_out(sessions, 11)
    rows = await sessions.store.results(gid)
    assert [r.left_early for r in rows] == [False, True, False]
    assert all(r.ended == "finished" and not r.rated and r.score is not None for r in rows)
    assert await sessions.store.ratings() == []
    await sessions.store.close()


def _drop(gid: int, seat: int):
    """What play-by-post's time-out vote "drop" leaves: the seat in the game's dropped list."""
    yield Step(Sql("INSERT INTO pbp_games (game_id, dropped) VALUES (?, ?)",
                   "INSERT INTO pbp_games (game_id, dropped) VALUES ($1, $2)"), (gid, f"[{seat}]"))


async def test_recomputing_the_ratings_gives_the_live_values_and_history(backend):
    clock = Clock()
    sessions = await sessions_on(backend, clock)
    tables = [(PEOPLE[:3], 1), (PEOPLE[1:4], 1), (PEOPLE[:2], 2), (PEOPLE[2:5], 1), (PEOPLE[:4], 2),
              (PEOPLE[:3], 1), (PEOPLE[3:6], 2), (PEOPLE[:2], 1)]
    for i, (people, guild) in enumerate(tables):
        await finished(sessions, 20 + i, people, seed=i, guild=guild)
    store = sessions.store
    live, points = await store.ratings(), await store.rating_points()
    assert len(points) == 2 * sum(len(p) for p, _ in tables) and any(r.games >= 4 for r in live)
    count, rated = await store.recompute_ratings(ratings.rate_all)
    assert (count, rated) == (len(live), len(tables))
    assert await store.ratings() == live  # exactly: the same floats
    assert await store.rating_points() == points
    await store.close()


async def test_the_backfill_gives_ended_games_the_rows_they_got_live(backend):
    sessions = await sessions_on(backend)
    ids = [await finished(sessions, 20 + i, people, seed=i, guild=guild)
           for i, (people, guild) in enumerate([(PEOPLE[:3], 1), (PEOPLE[1:3], 1), (PEOPLE[:3], 2)])]
    ids.append(await open_table(sessions, 30, PEOPLE[:2]))
    await play_until_last(sessions, 30)
    assert (await sessions.abort(30, PEOPLE[0])).ok
    ids.append(await finished(sessions, 31, PEOPLE[:2], bots=1, seed=9))
    store = sessions.store
    live = {gid: await store.results(gid) for gid in ids}
    ratings_live, points_live = await store.ratings(), await store.rating_points()
    await store._write_program(_forget_records)
    assert await store.games_to_backfill() == ids
    written, failed = await backfill.backfill(store)
    assert (written, failed) == (len(ids), 0)
    assert {gid: await store.results(gid) for gid in ids} == live
    assert await store.ratings() == ratings_live and await store.rating_points() == points_live
    assert await backfill.backfill(store) == (0, 0)  # once
    await store.close()


def _forget_records():
    """The records as they were before migration 0018's tables were filled."""
    for table in ("results", "ratings", "rating_history"):
        yield Step(Sql(f"DELETE FROM {table}", f"DELETE FROM {table}"))


async def test_the_bot_backfills_once_at_its_first_start(backend):
    store = await open_store(**backend)
    assert await store.get_setting(*backfill.PENDING) is True  # set by the migration
    assert await backfill.run_pending(store) == (0, 0)
    assert await backfill.run_pending(store) is None
    await store.close()
