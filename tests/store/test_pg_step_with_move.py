"""On PostgreSQL, as on SQLite, the play-by-post step after a move runs inside the move's own
transaction (``PgStore.append_move(then=...)``): the moves of a group commit and their steps go
through the play-by-post thread's connection in ONE transaction, committed durably (issue 33
goal 5). A step's failure is its own: the moves still commit and the step runs again after."""

from __future__ import annotations

import asyncio
import json
import logging
import random
from datetime import UTC, datetime

import asyncpg

from bot.store import Conflict, StoreUnavailable
from bot.store.postgres import PgStepThread, PgStore
from bot.table.pbp.service import Pbp
from bot.table.timers import ManualClock

from .helpers import a_step_fails_once, confirmed_until_killed, new_game, random_move
from .test_pbp_backends import Notes
from .test_pg_group_commit import all_replay
from .test_store_backends import sessions_on

AT = datetime(2026, 1, 1, tzinfo=UTC)


async def _waits(pbp: Pbp, gid: int) -> list[int]:
    return await pbp._io(lambda: [r["seat"] for r in pbp.db.execute(
        "SELECT seat FROM pbp_waits WHERE game_id = $1 ORDER BY seat", (gid,))])


async def _on_pg(pg_url: str, games: tuple[str, ...]):
    sessions = await sessions_on({"url": pg_url})
    pbp = Pbp(sessions, pg_url, Notes(), ManualClock())
    await pbp.start(run=False)
    for i, game in enumerate(games):
        await new_game(sessions, 10 + i, game)
    return sessions, pbp


async def test_a_moves_step_commits_with_it_in_one_transaction(pg_url):
    sessions, pbp = await _on_pg(pg_url, ("west-of-africa", "bruges", "terra-mystica"))
    try:
        assert isinstance(pbp.dbt, PgStepThread) and sessions.with_move is not None
        store = sessions.store
        drainer = pbp._drainer  # the starts' steps went the old way (after their own writes)
        rnd = random.Random(4)
        trips = []
        for _ in range(3):
            for ch in (10, 11, 12):
                table = sessions.table(ch)
                batches, before = store.batches, await pbp._io(lambda: pbp.db.round_trips)
                assert (await sessions.move_as(ch, *random_move(table, rnd))).ok
                assert store.batches - batches == 1  # the move and its step: one transaction
                trips.append(await pbp._io(lambda: pbp.db.round_trips) - before)
                gid = table.record.id
                assert await _waits(pbp, gid) == sorted(table.to_move())
                keys = await pbp._io(lambda g=gid: {r["key"] for r in pbp.db.execute(
                    "SELECT key FROM timers WHERE game_id = $1", (g,))})
                assert {f"remind:{gid}:{s}" for s in table.to_move()} <= keys
                last = await pbp._io(lambda g=gid: pbp.db.execute(
                    "SELECT last_activity FROM pbp_games WHERE game_id = $1", (g,)).fetchone()[0])
                assert last == pbp.now()
        # the BEGIN with the move, the games' rows, the seats' rows, the step's writes with the COMMIT
        assert trips[3:] == [4] * len(trips[3:])
        assert pbp._changes == [] and pbp._drainer is drainer  # no move's step went the old way
    finally:
        await pbp.stop()
        await store.close()


async def test_the_steps_of_a_batch_go_together(pg_url):
    games = ("west-of-africa", "bruges") * 4
    sessions, pbp = await _on_pg(pg_url, games)
    try:
        store = sessions.store
        rnd = random.Random(7)
        tables = [sessions.table(10 + i) for i in range(len(games))]
        together = []
        real = pbp._together

        def spy(db, steps):
            together.append(len(steps))
            return real(db, steps)

        pbp._together = spy
        batches = store.batches
        out = await asyncio.gather(*(sessions.move_as(t.record.channel_id, *random_move(t, rnd)) for t in tables))
        assert all(reply.ok for reply in out)
        assert store.batches - batches < len(tables) and max(together) > 1  # grouped, steps and all
        for t in tables:
            assert await _waits(pbp, t.record.id) == sorted(t.to_move())
        assert pbp._changes == []
    finally:
        await pbp.stop()
        await store.close()


async def test_a_stale_or_logged_move_in_a_batch_fails_alone_and_the_others_keep_their_steps(pg_url):
    store = await PgStore.open(pg_url)
    thread = store.step_thread_on()
    try:
        gids = []
        for ch in range(6):
            gid = await store.create_game("west-of-africa", 1, {}, 1, 1, 10 + ch, 1, [(1, "A"), (2, "B")], AT)
            await store.start_game(gid, [(1, "A"), (2, "B")], "{}", 1, AT)
            gids.append(gid)
        stepped: list[int] = []

        def step(gid):
            def then(db) -> None:
                db.execute("INSERT INTO settings (scope, scope_id, key, value) VALUES ('s', $1, 'k', '1')", (gid,))
                stepped.append(gid)
            return then

        assert await store.append_move(gids[0], 1, 0, "a", "public", "", False, None, 1, AT, rev=0,
                                       then=step(gids[0])) == 1
        batches = store.batches
        out = await asyncio.gather(
            *(store.append_move(g, 1, 0, "b", "public", "", False, None, 1, AT, rev=0, then=step(g)) for g in gids[1:4]),
            store.append_move(gids[0], 2, 0, "stale", "public", "", False, None, 1, AT, rev=0, then=step(-1)),
            store.append_move(gids[0], 1, 0, "logged", "public", "", False, None, 1, AT, rev=1, then=step(-2)),
            store.append_move(gids[4], 1, 0, "no revision asked", "public", "", False, None, 1, AT, then=step(gids[4])),
            return_exceptions=True)
        assert out[:3] == [1, 1, 1] and out[5] == 1
        assert isinstance(out[3], Conflict) and isinstance(out[4], Conflict)
        assert store.batches - batches < 6  # some went together
        assert [m.text for m in await store.moves(gids[0])] == ["a"]
        for g in gids[1:5]:
            assert [m.text for m in await store.moves(g)] in (["b"], ["no revision asked"])
        assert sorted(set(stepped)) == sorted(gids[:5])  # each written move's step, none of the refused
        for g in gids[:5]:
            assert await store.get_setting("s", g, "k") == 1
        assert await store.get_setting("s", -1, "k") is None and await store.get_setting("s", -2, "k") is None
    finally:
        thread.close()
        await store.close()


async def test_a_failing_step_leaves_the_move_and_runs_again_after_the_commit(pg_url, monkeypatch, caplog):
    sessions, pbp = await _on_pg(pg_url, ("bruges",))
    try:
        store = sessions.store
        table = sessions.table(10)
        gid = table.record.id
        batches = store.batches
        await a_step_fails_once(sessions, pbp, gid, lambda: pbp.dbt.on_thread() and pbp.db.in_transaction
                                and store.batches == batches, monkeypatch, caplog)
        assert await _waits(pbp, gid) == sorted(table.to_move())
    finally:
        await pbp.stop()
        await store.close()


async def test_a_step_refused_at_the_commit_leaves_the_moves_and_the_other_steps(pg_url, caplog):
    store = await PgStore.open(pg_url)
    thread = store.step_thread_on()
    try:
        gids = []
        for ch in (10, 11):
            gid = await store.create_game("west-of-africa", 1, {}, 1, 1, ch, 1, [(1, "A"), (2, "B")], AT)
            await store.start_game(gid, [(1, "A"), (2, "B")], "{}", 1, AT)
            gids.append(gid)

        def clash(db) -> None:  # queued writes: the key refuses the second only at the COMMIT
            db.execute("INSERT INTO settings (scope, scope_id, key, value) VALUES ('t', $1, 'k', '1')", (1,))
            db.execute("INSERT INTO settings (scope, scope_id, key, value) VALUES ('t', $1, 'k', '2')", (1,))

        def fine(db) -> None:
            db.execute("INSERT INTO settings (scope, scope_id, key, value) VALUES ('t', $1, 'k', '3')", (2,))

        with caplog.at_level(logging.ERROR):
            revs = await asyncio.gather(
                store.append_move(gids[0], 1, 0, "a", "public", "", False, None, 1, AT, rev=0, then=clash),
                store.append_move(gids[1], 1, 0, "b", "public", "", False, None, 1, AT, rev=0, then=fine))
        assert revs == [1, 1]
        assert [m.text for m in await store.moves(gids[0])] == ["a"]
        assert [m.text for m in await store.moves(gids[1])] == ["b"]
        assert await store.get_setting("t", 1, "k") is None  # the refused step left nothing
        assert await store.get_setting("t", 2, "k") == 3
        assert "refused at the commit" in caplog.text
    finally:
        thread.close()
        await store.close()


async def test_the_moves_commit_durably_and_the_steps_alone_do_not(pg_url):
    """The play-by-post thread's connection keeps the server's synchronous_commit for the
    transactions that carry moves; a transaction of play-by-post rows alone sets it off."""
    admin = await asyncpg.connect(pg_url)
    try:
        database = await admin.fetchval("SELECT current_database()")
        await admin.execute(f"ALTER DATABASE {database} SET synchronous_commit = on")
    finally:
        await admin.close()
    store = await PgStore.open(pg_url)
    thread = store.step_thread_on()
    try:
        gid = await store.create_game("west-of-africa", 1, {}, 1, 1, 10, 1, [(1, "A"), (2, "B")], AT)
        await store.start_game(gid, [(1, "A"), (2, "B")], "{}", 1, AT)
        seen = []

        def look(db) -> None:
            seen.append(db.execute("SELECT current_setting('synchronous_commit') AS s").fetchone()["s"])

        assert await store.append_move(gid, 1, 0, "a", "public", "", False, None, 1, AT, rev=0, then=look) == 1
        await thread.run(look, thread.conn, write=True)
        assert seen == ["on", "off"]
    finally:
        thread.close()
        await store.close()


async def test_a_confirmed_move_survives_a_killed_bot_process_with_its_steps(pg_url):
    sessions = await sessions_on({"url": pg_url})
    for i, game in enumerate(("west-of-africa", "bruges", "altiplano", "amerigo", "terra-mystica") * 2):
        await new_game(sessions, 10 + i, game)
    await sessions.store.close()
    confirmed = confirmed_until_killed(pg_url, 120, pbp=True)
    con = await asyncpg.connect(pg_url)
    try:
        logged = {(str(r[0]), str(r[1]), r[2]) for r in await con.fetch("SELECT game_id, n, text FROM moves")}
        gids = [r[0] for r in await con.fetch("SELECT id FROM games")]
        stepped = await con.fetchval("SELECT COUNT(*) FROM pbp_waits")
    finally:
        await con.close()
    assert [c for c in confirmed if tuple(c) not in logged] == []  # every confirmed move is in the log
    assert stepped > 0  # the steps ran (with their moves)
    assert await all_replay(pg_url, gids)


async def test_a_move_waiting_for_a_row_held_elsewhere_is_refused_as_on_the_pool(pg_url):
    """The play-by-post thread's connection keeps the store's lock timeout: a move whose game's row
    another transaction holds is refused ("locked") after it, and the store goes on."""
    store = await PgStore.open(pg_url, lock_timeout=0.3)
    thread = store.step_thread_on()
    other = await asyncpg.connect(pg_url)
    try:
        gid = await store.create_game("west-of-africa", 1, {}, 1, 1, 10, 1, [(1, "A"), (2, "B")], AT)
        await store.start_game(gid, [(1, "A"), (2, "B")], "{}", 1, AT)
        ran = []
        holding = other.transaction()
        await holding.start()
        await other.execute("SELECT 1 FROM games WHERE id = $1 FOR UPDATE", gid)
        try:  # (without the timeout it would wait for the other transaction: 10 s and the test fails)
            await asyncio.wait_for(store.append_move(gid, 1, 0, "a", "public", "", False, None, 1, AT, rev=0,
                                                     then=ran.append), 10)
        except StoreUnavailable as err:
            assert err.kind == "locked"
        else:
            raise AssertionError("the move went through a row held elsewhere")
        finally:
            await holding.rollback()
        assert ran == [] and await store.moves(gid) == []
        assert await store.append_move(gid, 1, 0, "a", "public", "", False, None, 1, AT, rev=0, then=ran.append) == 1
        assert len(ran) == 1 and [m.text for m in await store.moves(gid)] == ["a"]
    finally:
        await other.close()
        thread.close()
        await store.close()


async def test_hostile_names_reach_the_joint_batch_as_written(pg_url, monkeypatch):
    """The moves of a batch with steps go as literals in one script (``pg_sync.send_many``): names
    with quotes, backslashes, a statement's end and CJK come back from the database as written, in
    the post the move owes its table, and the database is untouched by them."""
    from bot.store.pg_sync import PgSyncConn
    from bot.table.tables import Actor

    sent = []
    real = PgSyncConn.send_many

    def send_many(self, sql, rows):
        sent.append(real(self, sql, rows))
        return sent[-1]

    monkeypatch.setattr(PgSyncConn, "send_many", send_many)
    names = ["O'Neil ''x'' \\", "'); DROP TABLE games; --", "小明 \"引號\" 😀"]
    sessions = await sessions_on({"url": pg_url})
    sessions.owe = True
    pbp = Pbp(sessions, pg_url, Notes(), ManualClock())
    await pbp.start(run=False)
    store = sessions.store
    try:
        players = [Actor(200 + i, name) for i, name in enumerate(names)]
        made = await sessions.create(10, players[0], "west-of-africa", players[1:], None, guild_id=1)
        assert made.ok, made.text
        assert (await sessions.start(10, players[0])).ok
        table = sessions.table(10)
        rnd = random.Random(3)
        batches = store.batches
        for _ in range(4):
            assert (await sessions.move_as(10, *random_move(table, rnd))).ok
        assert store.batches > batches and any(sent)  # the moves went as literals, in one script
        stored = [s.display_name for s in await store.seats(table.record.id)]
        moved = [json.loads(p.post) for p in await store.owed_posts() if p.n >= 1]  # written in the batches
        assert moved and all(name in stored for post in moved for _uid, name in post["up"])
        assert {name for post in moved for _uid, name in post["up"]} & {stored[0], stored[1]}
        assert len(await store.moves(table.record.id)) == table.n  # every move written, none lost
    finally:
        await pbp.stop()
        await store.close()
