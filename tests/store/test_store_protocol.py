"""Both backends satisfy the :class:`bot.store.Store` protocol: the same methods with the same
parameters, and each method called once against a SQLite file and against the real PostgreSQL
server the tests start, with the same answers.

A method added to the protocol must be added to both classes (the signature test fails
otherwise) and called here (the call test fails otherwise): see docs/bot-layers.md.
"""

from __future__ import annotations

import asyncio
import inspect
import json
from datetime import UTC, datetime, timedelta

import pytest

from bot.store import Conflict, SqliteStore, Store, StoreUnavailable, open_store, resume
from bot.store.postgres import PgStore
from bot.store.records import ResultRow
from bot.store.resume import resume_rows
from bot.store.shards import Shards
from bot.table.records import ratings
from tests.leagues.store_calls import league_calls

T0 = datetime(2026, 1, 1, 12, tzinfo=UTC)
#: the protocol's methods (``kind`` and ``commits`` are attributes)
METHODS = sorted(name for name, value in vars(Store).items()
                 if inspect.isfunction(value) and not name.startswith("_"))


def _parameters(fn) -> list[tuple[str, object, object]]:
    return [(p.name, p.kind, p.default) for p in inspect.signature(fn).parameters.values()]


@pytest.mark.parametrize("backend_class", [SqliteStore, PgStore])
@pytest.mark.parametrize("method", METHODS)
def test_every_backend_has_every_method_with_the_protocols_parameters(backend_class, method):
    ours = getattr(backend_class, method, None)
    assert ours is not None, f"{backend_class.__name__} has no {method}"
    assert inspect.iscoroutinefunction(ours) == inspect.iscoroutinefunction(getattr(Store, method))
    assert _parameters(ours) == _parameters(getattr(Store, method))


class Recorder:
    """The store under test, noting which protocol methods were called."""

    def __init__(self, store):
        self.store, self.called = store, set()

    def __getattr__(self, name):
        if name in METHODS:
            self.called.add(name)
        return getattr(self.store, name)


async def test_both_backends_answer_every_method_alike(backend, tmp_path, monkeypatch):
    raw = await open_store(**backend)
    assert isinstance(raw, Store)
    assert raw.kind == ("sqlite" if "path" in backend else "postgresql")
    store = Recorder(raw)
    version = await store.schema_version()
    assert version >= 14 and await store.migrate() == version  # nothing left to apply

    gid = await store.create_game("bruges", 1, {"x": 1}, 7, 3 << 22, 10, 1, [(1, "A")], T0)
    with pytest.raises(Conflict):  # one active game per channel
        await store.create_game("bruges", 1, {}, 7, None, 10, 2, [(2, "B")], T0)
    other = await store.create_game("amerigo", 1, {}, 8, None, 11, 2, [(2, "B")], T0, parent_id=5)
    await store.set_seats(gid, [(1, "A"), (2, "B")], T0)
    assert [(s.seat, s.user_id, s.display_name) for s in await store.seats(gid)] == [(0, 1, "A"), (1, 2, "B")]
    await store.start_game(gid, [(2, "B"), (1, "A")], json.dumps({"n": 0}), 2, T0)
    record = await store.game(gid)
    assert (record.status, record.engine_version, record.options, record.seed) == ("running", 2, {"x": 1}, 7)
    assert (await store.active_game(10)).id == gid and (await store.active_game(12)) is None
    assert [g.id for g in await store.active_games()] == [gid, other]
    assert [g.id for g in await store.active_games(Shards(2, (1,)))] == [gid]  # guild 3 << 22: shard 1 of 2
    assert (await store.game(other)).parent_id == 5
    held = [{"seat": 1, "user_id": 3, "name": "C", "from": 0}]
    await store.hand_over_seat(gid, 1, 3, "C", held, T0)  # seat 1 (A) changes hands: C holds it
    assert [(s.seat, s.user_id) for s in await store.seats(gid)] == [(0, 2), (1, 3)]
    assert await store.get_setting("holders", gid, "seats") == held
    with pytest.raises(Conflict):  # B already holds seat 0: nobody holds two seats
        await store.hand_over_seat(gid, 1, 2, "B", [], T0)
    assert [(s.seat, s.user_id) for s in await store.seats(gid)] == [(0, 2), (1, 3)]
    assert await store.get_setting("holders", gid, "seats") == held
    await store.hand_over_seat(gid, 1, 1, "A", [], T0)  # back to A (the rest of the test expects it)

    later = T0 + timedelta(minutes=1)
    rev = await store.append_move(gid, 1, 0, "a", "public", "A did a", False, '{"n": 1}', 2, later,
                                  rev=record.rev, turn_steps='["s"]')
    with pytest.raises(Conflict):  # a stale revision
        await store.append_move(gid, 2, 1, "b", "public", "", False, "{}", 2, later, rev=rev - 1)
    rev = await store.append_move(gid, 2, 1, "b", "secret", "", True, '{"n": 2}', 2, later, rev=rev)
    assert [(m.n, m.seat, m.text, m.kind, m.summary, m.barrier) for m in await store.moves(gid)] == [
        (1, 0, "a", "public", "A did a", False), (2, 1, "b", "secret", "", True)]
    # what a restart reads of every game: a simultaneous step under way (its secret move's seat)
    [one, two] = await store.resume_rows()
    assert (one.record.id, one.record.rev, one.record.turn_steps, [s.user_id for s in one.seats]) == (
        gid, rev, None, [2, 1])
    assert (one.n, one.secret_tail, one.snapshot_n, one.snapshot_version, one.waiting) == (2, [1], 2, 2, None)
    assert (two.record.id, two.record.status, two.n, two.secret_tail, two.snapshot_n) == (other, "open", 0, [], None)
    assert [r.record.id for r in await store.resume_rows(Shards(2, (1,)))] == [gid]
    paged = await raw._read(resume_rows(None, page=1))  # a page of one game at a time: the same rows
    assert [(r.record.id, r.n, r.secret_tail, [s.seat for s in r.seats]) for r in paged] == [
        (gid, 2, [1], [0, 1]), (other, 0, [], [0])]
    with monkeypatch.context() as m:  # a restart reads a page of games at a time: one game a page here
        m.setattr(resume, "PAGE", 1)
        pages = [[(r.record.id, r.n, r.secret_tail) for r in rows] async for rows in store.resume_pages()]
    assert pages == [[(gid, 2, [1])], [(other, 0, [])]]
    assert [[r.record.id for r in rows] async for rows in store.resume_pages(Shards(2, (1,)))] == [[gid]]
    assert await store.check_pages() is None  # every page sound (checked after a restart's ready)
    rev = await store.drop_last_move(gid, 2, '{"n": 1}', 2, later, rev=rev)
    snap = await store.snapshot(gid)
    assert (snap.n, snap.engine_version, snap.state) == (1, 2, '{"n": 1}') and snap.at.startswith("2026-01-01T12:01")
    assert await store.save_snapshot(gid, 1, 2, '{"n": "again"}', later, rev=rev)
    assert not await store.save_snapshot(gid, 1, 2, '{"n": "stale"}', later, rev=rev - 1)
    assert (await store.snapshot(gid)).state == '{"n": "again"}' and (await store.game(gid)).rev == rev
    assert await store.save_snapshot(gid, 1, 2, '{"n": "waits"}', later, waiting=[1, 0])  # whose turn: known
    [one] = [r for r in await store.resume_rows() if r.record.id == gid]
    assert (one.n, one.secret_tail, one.snapshot_n, one.waiting) == (1, [], 1, (1, 0))
    # PostgreSQL (no synchronous reader) reads the snapshot's text with the rows, a page at a time
    assert one.state == ('{"n": "waits"}' if raw.kind == "postgresql" else None)
    read = store.sync_reader()  # synchronous, from any thread: SQLite only
    if raw.kind == "sqlite":
        snap = read.snapshot(gid)
        assert (snap.n, snap.state, snap.waiting) == (1, '{"n": "waits"}', "[1, 0]")
        assert read.snapshot(other) is None and await asyncio.to_thread(lambda: read.snapshot(gid).n) == 1
        assert [(m.n, m.text, m.kind) for m in read.moves(gid)] == [(1, "a", "public")]
    else:
        assert read is None

    # the outbox: a move's post is written with the move, delivered (or given up) after it
    rev = await store.append_move(gid, 2, 1, "c", "public", "", False, '{"n": 2}', 2, later, rev=rev,
                                  owed='{"lines": []}', interaction_id=2**61)
    with pytest.raises(Conflict):  # the same interaction again (and move 3 is not written)
        await store.append_move(gid, 3, 0, "d", "public", "", False, "{}", 2, later, rev=rev, interaction_id=2**61)
    assert len(await store.moves(gid)) == 2
    assert [(o.game_id, o.n, o.channel_id, o.post) for o in await store.owed_posts()] == [(gid, 2, 10, '{"lines": []}')]
    assert await store.owed_posts(Shards(2, (0,))) == []  # guild 3 << 22 is shard 1's
    assert await store.post_owed_at(gid, 2) == (await store.owed_posts())[0].created_at
    assert await store.post_owed_at(gid, 1) is None  # move 1 owed none
    assert await store.post_delivered(gid, 2, 2**60, board=True) is True
    assert await store.owed_posts() == [] and (await store.game(gid)).board_message_id == 2**60
    assert await store.post_owed_at(gid, 2) is None  # delivered: owed no more
    rev = await store.append_move(gid, 3, 0, "d", "public", "", False, '{"n": 3}', 2, later, rev=rev,
                                  owed='{"lines": [3]}')
    assert await store.post_owed_at(gid, 3) is not None
    rev = await store.drop_last_move(gid, 3, '{"n": 2}', 2, later, rev=rev)
    assert await store.post_owed_at(gid, 3) is None and await store.owed_posts() == []  # an undone move owes nothing
    rev = await store.append_move(gid, 3, 0, "e", "public", "", False, '{"n": 3}', 2, later + timedelta(seconds=1),
                                  rev=rev, owed='{"lines": [4]}')
    made = await store.post_owed_at(gid, 3)
    # the undone move's post: nothing marked, and its message not the game's board
    assert await store.post_delivered(gid, 3, 2**60 + 4, board=True, made="2000-01-01T00:00:00.000+00:00") is False
    assert await store.post_owed_at(gid, 3) == made  # the row of the move made again is still owed
    assert (await store.game(gid)).board_message_id == 2**60
    assert await store.post_delivered(gid, 3, 2**60 + 3, made=made) is True
    assert await store.post_owed_at(gid, 3) is None
    # marked again (a retried mark, or both the interaction's answer and the channel post): its row is
    # kept once delivered, so the mark still finds it and the outbox does not take the message back
    assert await store.post_delivered(gid, 3, 2**60 + 3, made=made) is True
    assert await store.post_delivered(gid, 4, 2**60 + 5) is False  # no move 4: nothing owed it
    rev = await store.drop_last_move(gid, 3, '{"n": 2}', 2, later, rev=rev)
    await store.start_game(other, [(2, "B")], "{}", 1, later, owed='{"start": 1}')
    await store.post_failed(other, 0, "gone")
    assert await store.owed_posts() == []
    assert await store.recent_interactions(T0) == [2**61]
    # a closing bot keeps the ids it handled without a move (the move's id stays as it was)
    await store.keep_interactions([(2**61, later + timedelta(minutes=5)), (2**61 + 1, later)])
    assert await store.recent_interactions(T0) == [2**61, 2**61 + 1]
    assert await store.recent_interactions(later + timedelta(minutes=20)) == []
    await store.set_paused(other, "orphaned")
    assert [g.id for g in await store.paused_games()] == [other] and (await store.game(other)).paused == "orphaned"
    assert [g.id for g in await store.active_games()] == [gid] and await store.paused_games(user_id=1) == []
    await store.set_paused(other, None, channel_id=12, parent_id=None)
    assert (await store.game(other)).channel_id == 12 and await store.paused_games(2) == []

    await store.set_board_message(gid, 2**62)
    assert (await store.game(gid)).board_message_id == 2**62
    await store.set_status(gid, "finished", later)
    assert (await store.latest_played(10)).id == gid and await store.active_game(10) is None

    # the records: a finished game's rows written after the fact, the ratings recomputed from them
    assert await store.move_times(gid) == [(0, "2026-01-01T12:01:00.000+00:00"), (1, "2026-01-01T12:01:00.000+00:00")]
    assert await store.pbp_marks(gid) == (set(), False)
    assert await store.games_to_backfill() == [gid]  # ended, started, no rows yet
    rows = [ResultRow(gid, s, 3 << 22, "bruges", uid, name, None, score, {"vp": score}, rank, "finished", False,
                      True, 2, {"x": 1}, T0.isoformat(), later.isoformat(), 1, 1 - s, 60.0 * (1 - s), 2)
            for s, uid, name, score, rank in ((0, 2, "B", 9, 2), (1, 1, "A", 12, 1))]
    assert await store.add_results(rows) and not await store.add_results(rows)
    assert await store.results(gid) == rows and await store.games_to_backfill() == []
    assert await store.recompute_ratings(ratings.rate_all) == (4, 1)  # two people, the server's and global
    assert {(r.scope, r.user_id, r.games, r.wins) for r in await store.ratings()} == {
        (3 << 22, 1, 1, 1), (3 << 22, 2, 1, 0), (0, 1, 1, 1), (0, 2, 1, 0)}
    assert len(await store.rating_points()) == 4
    page, total = await store.leaderboard("bruges", 3 << 22, 0, 10)
    assert total == 2 and [(place, r.user_id) for place, r in page] == [(1, 1), (2, 2)]
    assert (await store.leaderboard_row("bruges", 0, 2))[0::2] == (2, 1)
    await league_calls(store, gid, later)  # the leagues' methods (tests/leagues/store_calls.py)
    mine = await store.player_stats(1, 3 << 22, "bruges")
    assert mine["titles"] == [("bruges", 1, 1, 12, 1, 1, 0.0, 0)] and mine["best"][:3] == (gid, 12, 1)
    assert [p.game_id for p in mine["history"][0]] == [gid]
    assert await store.role_stats(3 << 22, "bruges") == []  # bruges seats have no role
    assert await store.archive(3 << 22, None, None, 0, 5) == ([(gid, "bruges", later.isoformat(), "finished", 2, 1)], False)
    assert await store.server_results(3 << 22) == await store.results(gid)
    assert await store.records_since(3 << 22) == "" and await store.hidden_users() == set()
    await store.set_setting("user", 2, "stats_hidden", True)
    assert await store.hidden_users() == {2}
    await store.reset_records(3 << 22, later.isoformat())
    assert await store.records_since(3 << 22) == later.isoformat() and await store.server_results(3 << 22, later.isoformat()) == []
    assert (await store.leaderboard("bruges", 3 << 22, 0, 10))[1] == 0

    await store.set_setting("guild", 1, "lang", "zh-TW")
    await store.set_setting("guild", 1, "lang", {"a": [1]})
    assert await store.get_setting("guild", 1, "lang") == {"a": [1]}
    assert await store.get_setting("guild", 2, "lang", "none") == "none"
    await store.set_setting("orders", 9, "seats", {"0": {}})
    await store.set_setting("orders", 4, "seats", {})
    await store.set_setting("orders", 5, "other", {})
    assert await store.scope_ids("orders", "seats") == [4, 9] and await store.scope_ids("nothing", "seats") == []

    if raw.kind == "sqlite":
        copy = await store.backup(tmp_path / "copy.sqlite3")
        assert copy.exists()
    else:
        with pytest.raises(StoreUnavailable):  # pg_dump's job
            await store.backup(tmp_path / "copy")
    await store.close()
    assert store.called == set(METHODS), f"call these here too: {sorted(set(METHODS) - store.called)}"
