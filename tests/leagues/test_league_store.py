"""The leagues' rows on both backends (bot/store/leagues.py): every method, every statement read
through an index, and a league's timers fired only by the shard holding its server."""

from __future__ import annotations

import asyncio
import json
import re
import sqlite3
from datetime import UTC, datetime, timedelta

from bot.store import league_sql, open_store
from bot.store.records import ResultRow
from bot.store.shards import Shards
from bot.store.statements import Sql
from bot.store.threads import connect
from bot.store.timers import TimerStore
from bot.table.records import ratings
from tests.leagues.store_calls import league_calls

T0 = datetime(2026, 1, 1, 12, tzinfo=UTC)


async def finished_game(store) -> tuple[int, datetime]:
    """A finished Bruges game on server 3 << 22 with its results (1 beat 2) and ratings."""
    gid = await store.create_game("bruges", 1, {}, 7, 3 << 22, 10, 1, [(1, "A"), (2, "B")], T0)
    await store.start_game(gid, [(2, "B"), (1, "A")], json.dumps({"n": 0}), 1, T0)
    later = T0 + timedelta(hours=1)
    await store.set_status(gid, "finished", later)
    rows = [ResultRow(gid, s, 3 << 22, "bruges", uid, name, None, score, {}, rank, "finished", False, True, 2, {},
                      T0.isoformat(), later.isoformat(), 2, 1, 60.0, 1)
            for s, uid, name, score, rank in ((0, 2, "B", 9, 2), (1, 1, "A", 12, 1))]
    assert await store.add_results(rows)
    await store.recompute_ratings(ratings.rate_all)
    return gid, later


async def test_every_league_method_on_both_backends(backend):
    store = await open_store(**backend)
    try:
        gid, later = await finished_game(store)
        await league_calls(store, gid, later)
    finally:
        await store.close()


def _statements() -> dict[str, Sql]:
    return {name: v for name, v in vars(league_sql).items() if isinstance(v, Sql)}


async def test_every_league_statement_reads_through_an_index(tmp_path):
    """EXPLAIN QUERY PLAN of each statement on SQLite: no table is scanned whole (perf, issue 33)."""
    store = await open_store(path=str(tmp_path / "bot.sqlite3"))
    await store.close()
    con = sqlite3.connect(tmp_path / "bot.sqlite3")
    try:
        for name, sql in _statements().items():
            text = sql.sqlite.replace("{where}", f" AND {Shards(2, (1,)).sql()}")
            plan = [row[3] for row in con.execute("EXPLAIN QUERY PLAN " + text, [1] * text.count("?"))]
            scans = [p for p in plan if re.match(r"SCAN (leagues|league_players|league_tables|results|ratings|games)\b", p)
                     and "USING" not in p]
            if name == "ACTIVE_LEAGUES":  # the shard filter is on a computed value: the index on status serves
                assert any("leagues_status" in p for p in plan), plan
                continue
            assert not scans, f"{name} scans: {plan}"
    finally:
        con.close()


def test_both_texts_of_every_league_statement_take_the_same_values():
    for name, sql in _statements().items():
        marks = sql.sqlite.count("?")
        numbered = {int(n) for n in re.findall(r"\$(\d+)", sql.postgres)}
        assert numbered == set(range(1, marks + 1)), name


def test_a_servers_timer_fires_only_in_the_process_of_its_shard(backend):
    """A league's deadline is a timer of a server and no game: the shard holding the server takes it."""
    async def migrate():
        await (await open_store(**backend)).close()

    asyncio.run(migrate())  # the database thread's connection runs a loop of its own: none here
    con = connect(backend.get("path") or backend["url"])
    try:
        mine, theirs = Shards(2, (1,)), Shards(2, (0,))
        timers = TimerStore(con)
        timers.put("league-deadline", 100.0, {"league": 1}, key="league-deadline:1", guild_id=3 << 22)  # shard 1
        timers.put("league-deadline", 100.0, {"league": 2}, key="league-deadline:2", guild_id=2 << 22)  # shard 0
        timers.put("vacation", 100.0, {}, key="nobody")  # no server, no game: anyone
        got = {t.key for t in TimerStore(con, mine).claim_due(200.0)}
        assert got == {"league-deadline:1", "nobody"}
        assert {t.key for t in TimerStore(con, theirs).claim_due(200.0)} == {"league-deadline:2"}
        assert {t.guild_id for t in TimerStore(con).all()} == {3 << 22, 2 << 22, None}
    finally:
        con.close()


async def test_league_posts_are_written_with_what_they_report(backend):
    """Each write that owes a post writes it in its own transaction, only when it changed
    something; the rows wait until marked delivered or failed, per league or shard."""
    from bot.store.leagues import NewLeague

    store = await open_store(**backend)
    try:
        gid, later = await finished_game(store)
        guild = 3 << 22
        new = NewLeague(guild, 50, "bruges", "Spring", 2, 1, 1, {}, 72.0, T0 + timedelta(days=2), 9, 1,
                        players=((1, "A"), (2, "B")))
        lid = await store.create_league(new, T0)
        await store.move_league_deadline(lid, T0 + timedelta(days=3), owed=[(50, "extended")], at=T0)
        assert await store.start_league(lid, [(1, 1, 1), (2, 2, 1)], [(1, 1, [1, 2], 0)], T0,
                                        owed=[(50, "drawn 1"), (50, "drawn 2")])
        assert not await store.start_league(lid, [(1, 1, 1)], [(1, 2, [1], 0)], T0, owed=[(50, "twice")])
        await store.move_league_deadline(lid, T0, owed=[(50, "not signing up")], at=T0)
        await store.set_league_thread(lid, 1, 1, 777)
        assert await store.set_league_game(lid, 1, 1, gid, owed=[(777, "opened")], at=T0)
        assert not await store.set_league_game(lid, 1, 1, gid, owed=[(777, "opened twice")], at=T0)
        assert await store.league_reminded(gid, lid, lambda n: [(777, f"reminder {n}")], at=T0) == 1
        assert await store.league_reminded(gid, lid, lambda n: [(777, f"reminder {n}")] + [(50, "told")] * (n >= 2),
                                           at=T0) == 2
        table = await store.end_league_table(gid, "finished", lambda left: [(50, f"standings, {left} left")], at=T0)
        assert table is not None and table.status == "finished"
        assert await store.end_league_table(gid, "finished", lambda left: [(50, "again")], at=T0) is None
        assert (await store.league(lid)).status == "finished", "the last table finishes the season with its post"
        assert not await store.finish_league(lid, T0, owed=[(50, "finished twice")])
        rows = await store.owed_league_posts(lid)
        assert [(p.channel_id, p.post) for p in rows] == [
            (50, "extended"), (50, "drawn 1"), (50, "drawn 2"), (777, "opened"), (777, "reminder 1"),
            (777, "reminder 2"), (50, "told"), (50, "standings, 0 left")]
        assert [p.id for p in await store.owed_league_posts(None, Shards(2, (1,)))] == [p.id for p in rows]
        assert await store.owed_league_posts(None, Shards(2, (0,))) == [], "another shard's server"
        await store.league_post_delivered(rows[0].id, 2**60)
        await store.league_post_failed(rows[1].id, "gone")
        await store.league_post_failed(rows[0].id, "denied")  # delivered already: stays delivered
        assert [p.id for p in await store.owed_league_posts(lid)] == [p.id for p in rows[2:]]
        assert await store.owed_league_posts(lid + 1) == []
    finally:
        await store.close()
