"""Reminders through the real service: sessions + SQLite file + dispatcher, clock stepped by hand."""

from bot.table.pbp.service import Pbp

from .conftest import ANN, BO, CHANNEL, ids


def mute_button(notice):
    return next(cid for cid, label in ids(notice) if cid.startswith("pbp:mute:"))


async def test_reminder_fires_at_the_interval_not_before_then_escalates_to_a_stall(world):
    gid = await world.new_game()
    assert await world.tick(11.9) == []
    sent = await world.tick(0.1)
    assert len(sent) == 1
    first = sent[0]
    assert first.channel_id == CHANNEL and first.mentions == [ANN.user_id]
    assert "<@1>" in first.text and "Tally" in first.text and f"<#{CHANNEL}>" in first.text
    assert "waited 12 h" in first.text and mute_button(first).startswith(f"pbp:mute:{gid}:0:")
    # growing gaps: 24 h, 48 h, 96 h
    for gap, waited in ((24, "1 day 12 h"), (48, "3 days 12 h"), (96, "7 days 12 h")):
        assert await world.tick(gap - 0.5) == []
        sent = await world.tick(0.5)
        assert len(sent) == 1 and f"waited {waited}" in sent[0].text
    # the cap: next comes the stall, told to the table once, then silence
    assert await world.tick(95) == []
    sent = await world.tick(1)
    assert len(sent) == 1 and "stalled" in sent[0].text and ids(sent[0]) == []
    assert await world.tick(24 * 20) == []
    assert (await world.pbp._io(world.pbp._game_row, gid))["stalled"] == 1


async def test_a_move_moves_the_reminder_to_the_next_player_and_clears_the_stall(world):
    gid = await world.new_game()
    await world.tick(5)
    await world.move(ANN, "pass")
    assert await world.tick(11.9) == []  # Ann's old reminder is gone; Bo waits since 5 h
    sent = await world.tick(0.1)
    assert len(sent) == 1 and "<@2>" in sent[0].text
    assert (await world.pbp.dispatcher.io(world.pbp.dispatcher.store.get, f"remind:{gid}:0")) is None


async def test_the_game_interval_setting_and_the_latest_board_link(world):
    gid = await world.new_game(remind_hours=3)
    await world.store.set_board_message(gid, 777)
    assert await world.tick(2.9) == []
    sent = await world.tick(0.1)
    assert f"https://discord.com/channels/1/{CHANNEL}/777" in sent[0].text


async def test_quiet_hours_hold_the_reminder_until_morning(world):
    await world.pbp.set_prefs(ANN.user_id, quiet="20:00-08:00", tz="UTC")
    await world.new_game()  # started Monday 09:00: 12 h later is 21:00, inside quiet hours
    assert await world.tick(12) == []
    assert await world.tick(10.9) == []  # 07:54 Tuesday
    sent = await world.tick(0.1)  # 08:00
    assert len(sent) == 1 and "waited 23 h" in sent[0].text


async def test_own_interval_and_dm_with_fallback_to_the_channel(world):
    assert (await world.pbp.set_prefs(ANN.user_id, interval_hours=2, dm=True)).ok
    assert (await world.pbp.set_prefs(BO.user_id, dm=True)).ok
    assert not (await world.pbp.set_prefs(BO.user_id, tz="Nowhere/Land")).ok
    assert not (await world.pbp.set_prefs(BO.user_id, quiet="late")).ok
    await world.new_game()
    sent = await world.tick(2)
    assert len(sent) == 1 and sent[0].user_id == ANN.user_id and sent[0].channel_id is None
    await world.move(ANN, "pass")
    world.notifier.closed_dms.add(BO.user_id)
    sent = await world.tick(12)
    assert sent[0].user_id is None and sent[0].channel_id == CHANNEL and "<@2>" in sent[0].text


async def test_mute_this_turn_silences_reminders_but_not_the_next_turn(world):
    gid = await world.new_game()
    first = (await world.tick(12))[0]
    _, _, g, seat, since = mute_button(first).split(":")
    assert not (await world.pbp.mute(int(g), int(seat), int(since), BO.user_id)).ok  # not Bo's reminder
    assert (await world.pbp.mute(int(g), int(seat), int(since), ANN.user_id)).ok
    assert await world.tick(24 + 48) == []
    await world.move(ANN, "pass")
    await world.move(BO, "pass")  # Ann's next turn: reminders again
    assert not (await world.pbp.mute(int(g), int(seat), int(since), ANN.user_id)).ok  # that turn is over
    sent = await world.tick(12)
    assert len(sent) == 1 and "<@1>" in sent[0].text
    assert gid == int(g)


async def test_reminders_survive_a_restart(world):
    await world.new_game()
    await world.tick(6)
    await world.restart()  # new store, sessions, service and dispatcher on the same file
    assert await world.tick(5.9) == []
    sent = await world.tick(0.1)
    assert len(sent) == 1 and "<@1>" in sent[0].text


async def test_a_reminder_due_while_the_bot_was_down_fires_once_at_start(world):
    await world.new_game()
    await world.close()
    world.clock.advance(30 * 3600)  # down for 30 h: the 12 h reminder fell due meanwhile
    await world.open()
    sent = await world.tick(0)
    assert len(sent) == 1 and "waited 1 day 6 h" in sent[0].text
    assert await world.tick(23.9) == []  # the next one counts from the one just sent
    assert len(await world.tick(0.1)) == 1


async def test_the_dispatcher_task_sleeps_until_due_and_is_woken_by_new_timers(world):
    pbp: Pbp = world.pbp
    pbp.dispatcher.start()
    try:
        fired = []

        async def note(timer):
            fired.append(timer.payload["n"])

        pbp.dispatcher.on("note", note)
        now = pbp.now()
        await pbp.dispatcher.io(lambda: pbp.dispatcher.add("note", now + 7200, {"n": 2}, key="b"), write=True)
        await _settle()
        await pbp.dispatcher.io(lambda: pbp.dispatcher.add("note", now + 3600, {"n": 1}, key="a"), write=True)  # sooner: must wake the sleeper
        await _settle()
        world.clock.advance(3600)
        await _until(lambda: fired)
        assert fired == [1]
        await _settle()  # back asleep before the clock moves: a sleep begun after an advance waits for the next
        world.clock.advance(3600)
        await _until(lambda: len(fired) > 1)
        assert fired == [1, 2] and (await pbp.dispatcher.io(pbp.dispatcher.store.all)) == []
    finally:
        await pbp.dispatcher.stop()


async def _settle():
    import asyncio

    for _ in range(20):  # the timers table is read on the database thread: give it real moments
        await asyncio.sleep(0.005)


async def _until(done, guard: float = 60.0):
    """Real moments until ``done()`` (the database thread's pace is the machine's, not the test's);
    ``guard`` seconds only keep a broken dispatcher from hanging the test."""
    import asyncio

    for _ in range(int(guard / 0.005)):
        if done():
            return
        await asyncio.sleep(0.005)


async def test_a_failing_timer_handler_is_retried_later_then_dropped(world):
    from bot.table import timers

    pbp: Pbp = world.pbp
    calls = []

    async def flaky(timer):
        calls.append(timer.attempts)
        raise RuntimeError("discord is down")

    pbp.dispatcher.on("flaky", flaky)
    await pbp.dispatcher.io(lambda: pbp.dispatcher.add("flaky", pbp.now(), {}, key="f"), write=True)
    await world.tick(0)
    assert calls == [0] and (await pbp.dispatcher.io(pbp.dispatcher.store.get, "f")).attempts == 1
    for _ in range(timers.MAX_ATTEMPTS):
        await world.tick(timers.RETRY_DELAY / 3600)
    assert calls == list(range(timers.MAX_ATTEMPTS)) and (await pbp.dispatcher.io(pbp.dispatcher.store.get, "f")) is None


async def test_a_step_of_a_turn_going_on_leaves_the_reminder_standing_and_it_moves_itself_on(world):
    """A step that keeps the turn restarts the wait but does not rewrite the seat's reminder (the
    same timer row stays); when that reminder falls due too early it moves itself to the wait's
    real next step, so the player hears nothing before the full interval after their last step.
    Escalated reminders are moved back to the first interval by a step (a later standing one
    would come too late)."""
    gid = await world.new_game()
    store = world.pbp.dispatcher.store

    async def reminder():
        return next(t for t in await world.pbp.dispatcher.io(store.all) if t.key == f"remind:{gid}:0")

    first = await reminder()
    await world.tick(5)
    await world.move(ANN, "add 1")  # Ann's turn goes on: she waits since 5 h
    kept = await reminder()
    assert (kept.id, kept.due) == (first.id, first.due)
    assert await world.tick(7) == []  # 12 h: the standing reminder falls due early and moves on
    moved = await reminder()
    assert moved.id != first.id and moved.due == first.due + 5 * 3600
    assert await world.tick(4.9) == []
    sent = await world.tick(0.1)  # 17 h: 12 h after her step
    assert len(sent) == 1 and "waited 12 h" in sent[0].text and "<@1>" in sent[0].text
    # after that reminder the next is 24 h away; a step brings it back to 12 h from now
    await world.tick(1)
    await world.move(ANN, "add 1")
    assert (await reminder()).due == world.clock.time() + 12 * 3600
    assert await world.tick(11.9) == []
    assert len(await world.tick(0.1)) == 1


async def test_a_reminder_left_standing_by_a_move_never_reaches_a_player_not_waited_for(world):
    """After a move the mover's reminder stands; when due it finds the seat no longer waited for
    and goes without a word, and the next player's reminder comes 12 h after their wait began."""
    gid = await world.new_game()
    await world.tick(3)
    await world.move(ANN, "pass")  # Bo waits since 3 h; Ann's reminder (due at 12 h) stands
    assert await world.tick(9) == []  # 12 h: it fires for a seat not waited for: nothing said
    left = {t.key for t in await world.pbp.dispatcher.io(world.pbp.dispatcher.store.all) if t.game_id == gid}
    assert f"remind:{gid}:0" not in left and f"remind:{gid}:1" in left
    assert await world.tick(2.9) == []
    sent = await world.tick(0.1)  # 15 h
    assert len(sent) == 1 and "<@2>" in sent[0].text and "waited 12 h" in sent[0].text
