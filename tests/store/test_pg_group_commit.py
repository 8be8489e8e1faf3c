"""The PostgreSQL store's group commit of moves (issue 33 goal 5): moves of several games handed over
together share one transaction, each keeps its own outcome, and a move the bot confirmed is in the
log even if the bot's process is killed right after."""

from __future__ import annotations

import asyncio
import time
from datetime import UTC, datetime

import asyncpg

from bot.store import Conflict, StoreUnavailable
from bot.store.postgres import PgStore

from .helpers import confirmed_until_killed, new_game, play, random_move
from .test_store_backends import replays, sessions_on

AT = datetime(2026, 1, 1, tzinfo=UTC)


async def all_replay(url: str, gids) -> bool:
    """Whether every game in ``gids``, read back by a fresh store, replays to its snapshot."""
    store = await PgStore.open(url)
    try:
        return all([await replays(store, g) for g in gids])
    finally:
        await store.close()


async def test_moves_of_many_games_commit_together_each_with_its_own_outcome(pg_url):
    sessions = await sessions_on({"url": pg_url})
    store = sessions.store
    assert isinstance(store, PgStore)
    gids = [await new_game(sessions, 10 + i, "west-of-africa") for i in range(30)]
    before_batches, before_commits = store.batches, store.commits
    out = await asyncio.gather(*(store.append_move(g, 1, 0, f"m{g}", "public", "", False, None, 1, AT, rev=0)
                                 for g in gids))
    assert out == [1] * 30  # each game's new revision
    assert store.commits - before_commits == 30
    assert store.batches - before_batches <= 3  # the first alone, the rest queued behind it together
    # with others: the same n with a stale revision, and the same n with no revision asked (the
    # log's key refuses it, failing the batch's transaction): both fail alone, the others commit
    more = [store.append_move(g, 2, 0, f"n{g}", "public", "", False, None, 1, AT, rev=1) for g in gids[1:6]]
    more.insert(2, store.append_move(gids[0], 1, 0, "stale", "public", "", False, None, 1, AT, rev=0))
    more.insert(4, store.append_move(gids[0], 1, 0, "twice", "public", "", False, None, 1, AT))
    out = await asyncio.gather(*more, return_exceptions=True)
    assert isinstance(out[2], Conflict) and isinstance(out[4], Conflict)
    assert [o for i, o in enumerate(out) if i not in (2, 4)] == [2] * 5
    assert [m.text for m in await store.moves(gids[3])] == [f"m{gids[3]}", f"n{gids[3]}"]
    for i, g in enumerate(gids):
        assert [m.text for m in await store.moves(g)] == [f"m{g}"] + ([f"n{g}"] if 1 <= i <= 5 else [])
    await store.close()


async def test_a_refused_batch_leaves_nothing_and_the_store_goes_on(pg_url, monkeypatch):
    sessions = await sessions_on({"url": pg_url})
    store = sessions.store
    gids = [await new_game(sessions, 10 + i, "bruges") for i in range(3)]
    real = store._append_many

    async def down(rows):
        raise StoreUnavailable("io", "the server went away")

    monkeypatch.setattr(store, "_append_many", down)
    out = await asyncio.gather(*(store.append_move(g, 1, 0, "x", "public", "", False, None, 1, AT, rev=0)
                                 for g in gids), return_exceptions=True)
    assert all(isinstance(o, StoreUnavailable) and o.kind == "io" for o in out)
    monkeypatch.setattr(store, "_append_many", real)
    for g in gids:
        assert await store.moves(g) == []
    assert await store.append_move(gids[0], 1, 0, "x", "public", "", False, None, 1, AT, rev=0) == 1
    await store.close()


async def test_moves_played_at_once_replay_and_the_store_closes_after_them(pg_url):
    sessions = await sessions_on({"url": pg_url})
    channels = [10 + i for i in range(10)]
    for i, ch in enumerate(channels):
        await new_game(sessions, ch, ("west-of-africa", "bruges", "altiplano", "amerigo", "terra-mystica")[i % 5])
    played = await asyncio.gather(*(play(sessions, ch, 12, seed=ch) for ch in channels))
    assert sum(played) >= 100
    store = sessions.store
    assert store.batches < store.commits  # they were grouped
    gids = [sessions.table(ch).record.id for ch in channels if sessions.table(ch) is not None]
    await store.close()
    assert await all_replay(pg_url, gids)


async def test_a_confirmed_move_survives_a_killed_bot_process(pg_url):
    sessions = await sessions_on({"url": pg_url})
    for i, game in enumerate(("west-of-africa", "bruges", "altiplano", "amerigo", "terra-mystica") * 2):
        await new_game(sessions, 10 + i, game)
    await sessions.store.close()
    confirmed = confirmed_until_killed(pg_url, 120)
    con = await asyncpg.connect(pg_url)
    try:
        logged = {(str(r[0]), str(r[1]), r[2]) for r in await con.fetch("SELECT game_id, n, text FROM moves")}
        gids = [r[0] for r in await con.fetch("SELECT id FROM games")]
    finally:
        await con.close()
    assert [c for c in confirmed if tuple(c) not in logged] == []  # every confirmed move is in the log
    assert await all_replay(pg_url, gids)


async def test_a_move_after_a_batch_sees_the_batch(pg_url):
    """Read after write: the table's next move (and a fresh read) sees the revision its batch made."""
    sessions = await sessions_on({"url": pg_url})
    await new_game(sessions, 10, "west-of-africa")
    import random

    rnd = random.Random(1)
    for _ in range(5):
        table = sessions.table(10)
        reply = await sessions.move_as(10, *random_move(table, rnd))
        assert reply.ok
        assert (await sessions.store.game(table.record.id)).rev == table.record.rev
    await sessions.store.close()


async def test_a_busy_store_lets_a_batch_gather_and_an_idle_one_writes_at_once(pg_url, monkeypatch):
    from bot.store import postgres

    sessions = await sessions_on({"url": pg_url})
    store = sessions.store
    gids = [await new_game(sessions, 10 + i, "west-of-africa") for i in range(4)]
    monkeypatch.setattr(postgres, "LINGER", 5.0)
    monkeypatch.setattr(postgres, "BUSY", 60.0)
    # one table's moves one after another, nobody else waiting: each goes at once, whatever LINGER says
    t = time.monotonic()
    for n in (1, 2, 3):
        assert await store.append_move(gids[0], n, 0, f"a{n}", "public", "", False, None, 1, AT, rev=n - 1) == n
    assert time.monotonic() - t < 5.0
    assert not store.appends.crowded
    # moves of several tables handed over together: the store is busy from then on
    assert await asyncio.gather(*(store.append_move(g, 1, 0, "b", "public", "", False, None, 1, AT, rev=0)
                                  for g in gids[1:3])) == [1, 1]
    assert store.appends.crowded
    # busy: the next batch waits LINGER for company, and a move handed over meanwhile goes with it
    monkeypatch.setattr(postgres, "LINGER", 0.3)
    store.appends.last = time.monotonic()
    before = store.batches
    first = asyncio.ensure_future(store.append_move(gids[3], 1, 0, "c", "public", "", False, None, 1, AT, rev=0))
    await asyncio.sleep(0.05)
    second = store.append_move(gids[0], 4, 0, "a4", "public", "", False, None, 1, AT, rev=3)
    assert await asyncio.gather(first, second) == [1, 4]
    assert store.batches - before == 1
    await store.close()
