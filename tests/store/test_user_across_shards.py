"""A user's own commands under shards: the answer must not depend on which process is asked.

Two shard processes (two managers, each with its play-by-post layer) on one
database, SQLite and PostgreSQL. The user sits in a game on shard 0 and in one
on shard 1, and asks shard 0 (where their direct messages arrive): ``/games
mine``, the game limit, ``/me settings``, ``/game vacation``, the mute button
of a reminder and the saved language all see both games.
"""

from __future__ import annotations

import asyncio
import json
import threading
import time

from bot.store import open_store
from bot.store.shards import Shards, shard_of
from bot.table import timers
from bot.table.pbp import clocks
from bot.table.pbp.service import Pbp
from bot.table.sessions import SessionManager
from bot.words.languages import Languages, languages_of
from tests.pbp.conftest import ids

from .helpers import PLAYERS, new_game
from .test_pbp_backends import Notes

HOUR = 3600.0
#: two guilds Discord puts on shard 0 and on shard 1 of 2 ((id >> 22) % 2)
GUILD0, GUILD1 = 81384788765712384, 81384788765712384 + (1 << 22)


async def shard(backend, index: int, clock) -> tuple[SessionManager, Pbp, Notes]:
    store = await open_store(**backend)
    sessions = SessionManager(store, clock=clock, seed_source=lambda: 5, render=False, shards=Shards(2, (index,)))
    await sessions.load_all()
    notes = Notes()
    pbp = Pbp(sessions, backend.get("url") or backend["path"], notes, clock)
    await pbp.start(run=False)
    return sessions, pbp, notes


async def test_a_users_commands_see_their_games_on_every_shard(backend):
    assert (shard_of(GUILD0, 2), shard_of(GUILD1, 2)) == (0, 1)
    clock = timers.ManualClock()
    s0, pbp0, _ = await shard(backend, 0, clock)
    s1, pbp1, notes1 = await shard(backend, 1, clock)
    try:
        await new_game(s0, 10, guild_id=GUILD0)
        far = await new_game(s1, 20, "bruges", guild_id=GUILD1)
        table = s1.table(20)
        seat = table.to_move()[0]
        user = table.seats[seat].user_id
        assert user in (PLAYERS[0].user_id, PLAYERS[1].user_id)  # seated at both tables
        assert s0.table(20) is None  # shard 0 does not hold the far game

        # /games mine on shard 0 lists both games, and does not make shard 0 hold the far one
        mine = await pbp0.listing(user_id=user)
        assert "<#10>" in mine and "<#20>" in mine and "Bruges" in mine
        assert s0.table(20) is None
        assert mine == await pbp1.listing(user_id=user)  # the same answer from either process
        assert "not in any" in await pbp0.listing(user_id=PLAYERS[3].user_id)

        # the limit counts both
        pbp0.game_limit = pbp1.game_limit = 2
        assert "(the limit is 2)" in await pbp0.over_limit(user)
        assert await pbp0.over_limit(user) == await pbp1.over_limit(user)
        pbp0.game_limit = 3
        assert await pbp0.over_limit(user) is None

        # /me settings on shard 0 moves the far game's reminder (12 h by default) to 1 h
        key = f"remind:{far}:{seat}"
        before = await pbp1._io(pbp1.dispatcher.store.get, key)
        assert before is not None and before.due >= pbp1.now() + 11 * HOUR
        assert (await pbp0.set_prefs(user, interval_hours=1)).ok
        after = await pbp1._io(pbp1.dispatcher.store.get, key)
        assert after.due <= pbp1.now() + HOUR + 1
        # ... and it fires on shard 1 (its game's shard), once; shard 0 claims nothing of it
        clock.advance(1.5 * HOUR)
        await pbp0.dispatcher.run_due()
        await pbp1.dispatcher.run_due()
        reminders = [n for n in notes1.sent if f"<@{user}>" in n.text and n.channel_id == 20]
        assert len(reminders) == 1, [n.text for n in notes1.sent]
        mute = next(b for b, _label in ids(reminders[0]) if b.startswith("pbp:mute:"))
        # the mute button of a DM reminder is pressed on shard 0 (direct messages arrive there)
        gid, mseat, since = (int(x) for x in mute.split(":")[2:])
        assert (gid, mseat) == (far, seat)
        assert (await pbp0.mute(gid, mseat, since, user)).ok
        assert not (await pbp0.mute(gid, mseat, since, PLAYERS[3].user_id)).ok
        assert (await pbp1._io(pbp1._wait, far, seat))["muted"] == 1

        # /game vacation on shard 0 pauses the clock in both games
        out = await pbp0.vacation(user, 3)
        assert out.ok and "2 game(s)" in out.private
        for pbp, gid in ((pbp1, far), (pbp0, s0.table(10).record.id)):
            stored = await pbp._io(pbp.rows.clock, gid,
                                   s1.table(20).seat_of(user) if gid == far else s0.table(10).seat_of(user))
            vacation = clocks.on_vacation(clocks.SeatClock.from_json(json.loads(stored)), pbp.now())
            assert vacation >= pbp.now() + 3 * 24 * HOUR - 1

        # the language saved on one shard is the one read on the other (no stale cache)
        class Client:
            sessions = s1

        l1 = languages_of(Client())
        assert l1.shared and await l1.get("user", user) is None
        await Languages(s0.store, shared=True).set("user", user, "zh-TW")
        assert await l1.get("user", user) == "zh-TW"
    finally:
        for pbp, s in ((pbp0, s0), (pbp1, s1)):
            await pbp.stop()
            await s.store.close()


async def test_a_vacation_from_another_shard_is_not_lost_to_a_concurrent_clock_write(backend):
    """Shard 1 is rewriting a seat's clock (its turn bookkeeping) while the player takes a vacation
    on shard 0: the vacation waits for that write and is kept (PostgreSQL: the clock row is locked)."""
    clock = timers.ManualClock()
    s0, pbp0, _ = await shard(backend, 0, clock)
    s1, pbp1, _ = await shard(backend, 1, clock)
    try:
        far = await new_game(s1, 20, "bruges", guild_id=GUILD1)
        table = s1.table(20)
        seat = table.to_move()[0]
        user = table.seats[seat].user_id
        started = threading.Event()

        def slow_rewrite():  # on shard 1's database thread, in one transaction
            tc = pbp1.time_control(far)
            c = pbp1._clock(far, seat, tc)
            started.set()
            time.sleep(0.4)
            c.vacations.append([1.0, 2.0])
            pbp1._save_clock(far, seat, c)

        rewrite = asyncio.ensure_future(pbp1._io(slow_rewrite, write=True))
        await asyncio.to_thread(started.wait, 10)
        assert (await pbp0.vacation(user, 2)).ok
        await rewrite
        kept = await pbp0._io(pbp0._clock, far, seat, await pbp0._io(pbp0.time_control, far))
        assert len(kept.vacations) == 2, kept.vacations  # both: the rewrite's and the vacation
    finally:
        for pbp, s in ((pbp0, s0), (pbp1, s1)):
            await pbp.stop()
            await s.store.close()
