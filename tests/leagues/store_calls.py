"""Every league method of the store, called once with its answers checked: the store protocol test
(``tests/store/test_store_protocol.py``) runs it on SQLite and on PostgreSQL."""

from __future__ import annotations

from datetime import datetime, timedelta

from bot.store.leagues import NewLeague
from bot.store.records import iso
from bot.store.shards import Shards


async def league_calls(store, game_id: int, at: datetime) -> None:
    """``game_id``: a finished game of server ``3 << 22`` with results rows for users 1 (won) and 2."""
    guild = 3 << 22
    new = NewLeague(guild, 50, "bruges", "Spring", 2, 1, 1, {"x": 1}, 72.0, at + timedelta(days=2), 99, 1,
                    players=((5, "E"),))
    lid = await store.create_league(new, at)
    league = await store.league(lid)
    assert (league.status, league.options, league.size, league.season, league.previous_id) == ("signup", {"x": 1}, 2, 1, None)
    assert league.deadline == iso(at + timedelta(days=2)) and league.stall_hours == 72.0
    assert await store.sign_up(lid, 1, "A", at) == "joined"
    assert await store.sign_up(lid, 1, "A", at) == "already"
    assert await store.sign_up(lid, 2, "B", at + timedelta(seconds=1)) == "joined"
    assert await store.sign_up(lid + 100, 2, "B", at) == "missing"
    assert await store.withdraw(lid, 5) == "left" and await store.withdraw(lid, 5) == "not_in"
    assert [(p.user_id, p.display_name, p.seed) for p in await store.league_players(lid)] == [(1, "A", None), (2, "B", None)]
    await store.set_league_message(lid, 2**60)
    await store.move_league_deadline(lid, at + timedelta(days=3))
    league = await store.league(lid)
    assert league.message_id == 2**60 and league.deadline == iso(at + timedelta(days=3))
    assert [x.id for x in await store.guild_leagues(guild)] == [lid]
    assert [x.id for x in await store.active_leagues(Shards(2, (1,)))] == [lid]  # server 3 << 22: shard 1 of 2
    assert await store.active_leagues(Shards(2, (0,))) == []
    rated = await store.league_ratings("bruges", guild, [1, 2, 7])
    assert set(rated) == {1, 2} and rated[1] > rated[2]
    assert await store.start_league(lid, [(2, 1, 1), (1, 2, 1)], [(1, 1, [2, 1], 0)], at)
    assert not await store.start_league(lid, [(2, 1, 1)], [(1, 2, [2, 1], 0)], at), "drawn once"
    assert await store.sign_up(lid, 7, "G", at) == "closed" and await store.withdraw(lid, 1) == "closed"
    assert [(p.user_id, p.seed, p.division) for p in await store.league_players(lid)] == [(1, 2, 1), (2, 1, 1)]
    [table] = await store.league_tables(lid)
    assert (table.division, table.number, table.seats, table.bots, table.status, table.game_id) == (1, 1, [2, 1], 0, "drawn", None)
    await store.set_league_thread(lid, 1, 1, 777)
    assert await store.set_league_game(lid, 1, 1, game_id)
    assert not await store.set_league_game(lid, 1, 1, game_id), "a table gets its game once"
    table = await store.league_table_of_game(game_id)
    assert (table.thread_id, table.status) == (777, "playing") and await store.league_table_of_game(game_id + 99) is None
    assert await store.league_reminded(game_id) == 1 and await store.league_reminded(game_id) == 2
    status, when = await store.game_activity(game_id)
    assert status == "finished" and when.startswith("2026") and await store.game_activity(game_id + 99) is None
    seats = await store.league_results(lid)
    assert [(r.division, r.number, r.seat, r.user_id, r.rank, r.ended) for r in seats] == [
        (1, 1, 0, 2, 2, "finished"), (1, 1, 1, 1, 1, "finished")]
    assert (await store.end_league_table(game_id, "finished")).status == "finished"
    assert await store.end_league_table(game_id, "aborted") is None, "ended once"
    assert await store.next_season(lid) is None
    assert await store.finish_league(lid, at) and not await store.finish_league(lid, at)
    nxt = NewLeague(guild, 50, "bruges", "Summer", 2, 1, 1, {}, 24.0, at + timedelta(days=2), 100, 1,
                    season=2, previous_id=lid, players=((1, "A"), (2, "B")))
    nid = await store.create_league(nxt, at)
    assert (await store.next_season(lid)).id == nid
    assert [p.user_id for p in await store.league_players(nid)] == [1, 2]
    assert [x.id for x in await store.guild_leagues(guild)] == [nid, lid]
    assert await store.cancel_league(nid, at) and not await store.cancel_league(nid, at)
    assert (await store.league(nid)).status == "cancelled" and await store.active_leagues() == []
    # what a league owes its channel (``league_posts``): written with what it reports, then marked
    await store.move_league_deadline(nid, at, owed=[(50, "not signing up")], at=at)  # cancelled: nothing written
    assert await store.owed_league_posts(nid) == []
    third = NewLeague(guild, 50, "bruges", "Autumn", 2, 1, 1, {}, 24.0, at + timedelta(days=2), 101, 1)
    tid = await store.create_league(third, at, owed_by=lambda league_id: [(50, f"sign-up {league_id}")])
    [row] = await store.owed_league_posts(tid)
    assert (row.league_id, row.channel_id, row.post) == (tid, 50, f"sign-up {tid}")
    assert [p.id for p in await store.owed_league_posts(None, Shards(2, (1,)))] == [row.id]
    await store.league_post_failed(row.id, "denied")
    assert await store.owed_league_posts(tid) == []
    await store.move_league_deadline(tid, at + timedelta(days=3), owed=[(50, "extended")], at=at)
    [row] = await store.owed_league_posts(tid)
    await store.league_post_delivered(row.id, 2**60)
    assert await store.owed_league_posts() == []
