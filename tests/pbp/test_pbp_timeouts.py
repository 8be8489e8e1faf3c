"""Time limits, the table's timeout decision, vacation, archive, threads and listings."""

from .conftest import ANN, BO, CHANNEL, CY, ids


def vote_buttons(notice):
    return {cid.rsplit(":", 1)[1]: int(cid.split(":")[2]) for cid, _ in ids(notice) if cid.startswith("pbp:vote:")}


def timeout_notice(sent):
    return next(n for n in sent if "ran out of time" in n.text)


async def test_time_control_is_chosen_before_the_start(world):
    await world.new_game(start=False)
    assert not (await world.pbp.set_game(CHANNEL, ANN.user_id, time_control="blitz")).ok
    assert (await world.pbp.set_game(CHANNEL, ANN.user_id, time_control="move:24")).ok
    assert not (await world.pbp.set_game(CHANNEL, CY.user_id, remind_hours=5)).ok  # not seated
    await world.sessions.start(CHANNEL, ANN)
    assert not (await world.pbp.set_game(CHANNEL, ANN.user_id, time_control="none")).ok
    assert "24 h per move" in (await world.pbp.set_game(CHANNEL, BO.user_id)).private


async def test_per_move_limit_wait_then_skip(world):
    gid = await world.new_game(time_control="move:24", remind_hours=100)
    assert await world.tick(23.9) == []
    notice = timeout_notice(await world.tick(0.1))
    buttons = vote_buttons(notice)
    assert set(buttons) == {"wait", "skip", "drop"} and notice.mentions == [BO.user_id]
    poll = buttons["wait"]
    assert not (await world.pbp.vote(poll, ANN.user_id, "drop")).ok  # the timed-out player has no say
    assert (await world.pbp.vote(poll, BO.user_id, "wait")).ok
    assert "waits for Ann" in world.notifier.take()[0].text
    assert not (await world.pbp.vote(poll, BO.user_id, "drop")).ok  # closed
    assert await world.tick(23.9) == []  # a second 24 h of grace
    poll = vote_buttons(timeout_notice(await world.tick(0.1)))["skip"]
    await world.pbp.vote(poll, BO.user_id, "skip")
    sent = await world.tick(0)  # the automatic pass runs from the dispatcher
    assert any("skipped" in n.text for n in sent) and any("automatic for Ann" in n.text for n in sent)
    table = world.sessions.table(CHANNEL)
    assert table.to_move() == [1] and table.state["turn"] == 1
    assert (await world.pbp._io(world.pbp._game_row, gid))["dropped"] == "[]"


async def test_drop_makes_the_seat_play_its_simplest_move_until_the_end(world):
    await world.new_game(options={"turns": 4}, time_control="move:10")
    await world.move(ANN, "pass")
    poll = vote_buttons(timeout_notice(await world.tick(10)))["drop"]
    await world.pbp.vote(poll, ANN.user_id, "drop")
    await world.tick(0)
    assert world.sessions.table(CHANNEL).to_move() == [0]
    await world.move(ANN, "add 2")
    await world.move(ANN, "pass")  # Bo's seat answers by itself at once
    sent = await world.tick(0)
    assert any("automatic for Bo" in n.text for n in sent)
    assert world.sessions.table(CHANNEL) is None  # four turns played: over
    assert any("is over" in n.text for n in sent)


async def test_majority_of_the_others_decides_and_skip_is_offered_only_where_rules_allow(world):
    await world.new_game(players=(ANN, BO, CY), options={"bids": True}, time_control="move:5")
    await world.move(ANN, "bid 1")
    await world.move(BO, "bid 2")
    sent = await world.tick(5)
    notice = timeout_notice(sent)
    buttons = vote_buttons(notice)
    assert set(buttons) == {"wait", "drop"}  # no pass while bidding
    assert "ran out of time" in notice.text and "Cy" in notice.text
    assert f"<@{ANN.user_id}>" in notice.text and f"<@{BO.user_id}>" in notice.text  # the voters, pinged
    assert set(notice.mentions) == {ANN.user_id, BO.user_id}
    poll = buttons["drop"]
    assert "1/2" in (await world.pbp.vote(poll, ANN.user_id, "drop")).private
    await world.pbp.vote(poll, BO.user_id, "drop")
    await world.tick(0)
    table = world.sessions.table(CHANNEL)
    assert table.state["bids"] == {"0": 1, "1": 2, "2": 0} and table.state["phase"] == "play"


async def test_vacation_pauses_the_clock_and_the_reminders(world):
    await world.new_game(time_control="move:24")
    await world.tick(10)
    out = await world.pbp.vacation(ANN.user_id, 3)
    assert out.ok and "paused" in out.private
    (told,) = world.notifier.take()  # the table hears it in its own channel
    assert told.channel_id == CHANNEL and "<@1>" in told.text and "vacation" in told.text
    assert not (await world.pbp.vacation(ANN.user_id, 90)).ok
    assert not (await world.pbp.vacation(CY.user_id, 2)).ok  # plays nowhere
    # reminders: due at 12 h, pushed to the end of the vacation (82 h)
    assert await world.tick(71.9) == []
    assert "<@1>" in (await world.tick(0.1))[0].text
    # clock: 14 h were left when the vacation began at 10 h -> deadline at 96 h
    assert not any("ran out" in n.text for n in await world.tick(13.9))
    assert any("ran out" in n.text for n in await world.tick(0.1))


async def test_chess_clock_runs_out_across_turns(world):
    await world.new_game(time_control="chess:1+0.5", remind_hours=200)
    await world.tick(20)
    await world.move(ANN, "pass")  # Ann used 20 h of 24, gets 12 h: 16 h left
    await world.move(BO, "pass")
    assert await world.tick(15.9) == []
    assert any("ran out" in n.text for n in await world.tick(0.1))


async def test_untouched_games_are_archived_after_sixty_days(world):
    await world.new_game(remind_hours=24 * 14)
    await world.tick(24 * 30)
    await world.move(ANN, "add 1")  # activity moves the archive date
    sent = await world.tick(24 * 59.9)
    assert not any("archived" in n.text for n in sent)
    sent = await world.tick(24 * 0.2)
    assert any("archived" in n.text and "60 days" in n.text for n in sent)
    assert world.sessions.table(CHANNEL) is None
    assert (await world.pbp.dispatcher.io(world.pbp.dispatcher.store.all)) == []


async def timers_of(world, gid):
    return {t.key: t for t in await world.pbp.dispatcher.io(world.pbp.dispatcher.store.all) if t.game_id == gid}


async def test_moves_keep_the_archive_timer_and_an_untimed_game_has_no_deadlines(world):
    """A move does not rewrite the archive timer (when it falls due it reads the last activity and
    moves itself on, as the test above shows) and a game without a time limit never gets deadline
    timers; a timed game gets one for the seat it waits for, moved on by every move."""
    gid = await world.new_game(remind_hours=24)
    archive = (await timers_of(world, gid))[f"archive:{gid}"]
    await world.move(ANN, "add 1")
    await world.tick(1)
    await world.move(ANN, "pass")
    after = await timers_of(world, gid)
    assert after[f"archive:{gid}"].id == archive.id and after[f"archive:{gid}"].due == archive.due
    # no deadline; Ann's reminder stands (when due it finds her not waited for, and goes)
    assert set(after) == {f"archive:{gid}", f"remind:{gid}:0", f"remind:{gid}:1"}
    await world.move(BO, "pass")
    assert set(await timers_of(world, gid)) == {f"archive:{gid}", f"remind:{gid}:0", f"remind:{gid}:1"}

    timed = await world.new_game(channel=CHANNEL + 1, time_control="move:24", remind_hours=100)
    first = (await timers_of(world, timed))[f"deadline:{timed}:0"]
    await world.tick(2)
    await world.move(ANN, "pass", channel=CHANNEL + 1)
    now = await timers_of(world, timed)
    assert f"deadline:{timed}:0" not in now and now[f"deadline:{timed}:1"].due == first.due + 2 * 3600


async def clock_rows(world, gid):
    return await world.pbp._io(lambda: [(r[0], r[1]) for r in world.pbp.db.execute(
        "SELECT seat, clock FROM pbp_clocks WHERE game_id = $1" if world.pbp.dbt.dialect == "postgres"
        else "SELECT seat, clock FROM pbp_clocks WHERE game_id = ?", (gid,)).fetchall()])


async def test_an_untimed_game_writes_no_clock_on_its_moves_and_a_vacation_still_counts(world):
    """Without a time limit a turn's time is never read: moves write no clock row (a timed game's
    moves do); a vacation taken in an untimed game is still kept and still pushes the reminders."""
    gid = await world.new_game(remind_hours=12)
    await world.move(ANN, "pass")
    await world.move(BO, "pass")
    assert await clock_rows(world, gid) == []
    timed = await world.new_game(channel=CHANNEL + 1, players=(CY, BO), time_control="move:24", remind_hours=100)
    await world.move(CY, "pass", channel=CHANNEL + 1)
    assert {seat for seat, _ in await clock_rows(world, timed)} == {0, 1}
    # Ann is waited for again (since the last move); she leaves for 3 days: her reminder (due at 12 h)
    # waits for the end of the vacation
    await world.tick(1)
    assert (await world.pbp.vacation(ANN.user_id, 3)).ok
    world.notifier.take()
    assert [seat for seat, _ in await clock_rows(world, gid)] == [0]
    assert not any("<@1>" in n.text for n in await world.tick(71.9))
    assert any("<@1>" in n.text for n in await world.tick(0.2))


async def test_game_in_a_thread_gets_its_moves_and_is_kept_unarchived(world):
    await world.new_game(players=(ANN, BO), channel=CHANNEL)
    thread = 51
    await world.sessions.create(thread, BO, "tally", [CY], None, guild_id=1, parent_id=CHANNEL)  # kept alive by itself
    await world.sessions.start(thread, BO)
    await world.move(BO, "add 3", channel=thread)  # in the thread: the thread's game
    assert world.sessions.table(thread).state["score"][0]["adds"] == 3
    assert world.sessions.table(CHANNEL).state["score"][1]["adds"] == 0
    assert not (await world.sessions.move(thread, ANN, "pass")).ok  # Ann has no seat there
    assert await world.pbp.game_thread(thread) and not await world.pbp.game_thread(999)
    await world.tick(24 * 6)
    assert world.notifier.kept_alive == [thread]
    await world.tick(24 * 6)
    assert world.notifier.kept_alive == [thread, thread]
    await world.sessions.abort(thread, BO)
    assert not await world.pbp.game_thread(thread)


async def test_listing_the_servers_games_and_mine_most_urgent_first(world):
    await world.new_game(players=(ANN, BO), channel=CHANNEL)
    await world.tick(1)
    await world.new_game(players=(BO, ANN), channel=60)  # Bo is up here
    await world.tick(3)
    text = await world.pbp.listing(guild_id=1)
    assert f"<#{CHANNEL}>" in text and "<#60>" in text and "up: Ann, waiting 4 h" in text
    mine = (await world.pbp.listing(user_id=BO.user_id)).splitlines()
    assert mine[1].endswith("up: Bo, waiting 3 h") and "<#60>" in mine[1]
    assert "not in any" in await world.pbp.listing(user_id=CY.user_id)


async def test_per_player_limit_on_running_games(world):
    world.pbp.game_limit = 1
    await world.new_game()
    assert "limit is 1" in await world.pbp.over_limit(ANN.user_id)
    assert await world.pbp.over_limit(CY.user_id) is None


async def test_an_open_table_nobody_starts_is_archived_and_a_stalled_game_is_listed_so(world):
    await world.new_game(channel=70, start=False)
    await world.new_game(channel=CHANNEL)
    for _ in range(16):  # 12+24+48+96 h of reminders, then the stall 96 h later
        await world.tick(24)
    assert "(stalled)" in await world.pbp.listing(guild_id=1)
    sent = await world.tick(24 * 45)
    assert sum("archived" in n.text for n in sent) == 2
    assert world.sessions.table(70) is None and world.sessions.table(CHANNEL) is None


async def test_a_player_who_comes_back_closes_the_timeout_question(world):
    await world.new_game(time_control="move:24")
    poll = vote_buttons(timeout_notice(await world.tick(24)))["drop"]
    await world.move(ANN, "add 1")  # Ann is back before the table decided
    out = await world.pbp.vote(poll, BO.user_id, "drop")
    assert not out.ok and "closed" in out.private
    assert (await world.pbp._io(world.pbp._game_row, world.sessions.table(CHANNEL).record.id))["dropped"] == "[]"


async def test_undo_does_not_refill_a_clock(world):
    await world.new_game(time_control="move:24", remind_hours=100)
    await world.tick(20)
    await world.move(ANN, "pass")
    assert (await world.pbp.request_undo(CHANNEL, ANN.user_id)).ok  # her turn resumes at 20 h used
    assert not any("ran out" in n.text for n in await world.tick(3.9))
    assert any("ran out" in n.text for n in await world.tick(0.1))
