"""The play-by-post layer on both backends, and with two instances (two processes) on one database."""

from __future__ import annotations

import asyncio

from bot.table.pbp.service import Pbp
from bot.table.timers import ManualClock

from .helpers import PLAYERS, new_game, play
from .test_store_backends import sessions_on

HOUR = 3600.0


class Notes:
    def __init__(self):
        self.sent = []

    async def send(self, notice):
        self.sent.append(notice)
        return True

    async def keep_thread_alive(self, thread_id):
        pass

    def place(self, guild_id, channel_id):
        return "here"


async def test_reminders_settings_and_undo_on_both_backends_fire_once_with_two_instances(backend):
    db = backend.get("url") or backend["path"]
    clock = ManualClock()
    one, two = await sessions_on(backend), await sessions_on(backend)
    notes_one, notes_two = Notes(), Notes()
    pbp_one = Pbp(one, db, notes_one, clock)
    await pbp_one.start(run=False)
    await new_game(one, 10, "west-of-africa")
    assert (await pbp_one.set_game(10, PLAYERS[0].user_id, remind_hours=2)).ok
    await play(one, 10, 3)
    await two.load_all()
    pbp_two = Pbp(two, db, notes_two, clock)
    await pbp_two.start(run=False)
    assert "reminders after 2 h" in (await pbp_two.set_game(10, PLAYERS[1].user_id)).private
    clock.advance(2.5 * HOUR)
    await asyncio.gather(pbp_one.dispatcher.run_due(), pbp_two.dispatcher.run_due())
    reminders = [n for n in notes_one.sent + notes_two.sent if "waited" in n.text or "waiting" in n.text]
    assert len(reminders) == 1, [n.text for n in notes_one.sent + notes_two.sent]
    assert "West of Africa" in await pbp_two.listing(guild_id=1)
    assert (await pbp_one.set_prefs(PLAYERS[0].user_id, quiet="22:00-07:00", tz="UTC")).ok
    assert (await pbp_one.vacation(PLAYERS[0].user_id, 2)).ok
    out = await pbp_one.request_undo(10, PLAYERS[0].user_id)
    assert out.private
    for p in (pbp_one, pbp_two):
        await p.stop()
    await one.store.close()
    await two.store.close()
