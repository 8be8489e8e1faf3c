"""Undo with and without consent, history, the board at move n, the final summary and rematch."""

from .conftest import ANN, BO, CHANNEL, CY, START, ids


def poll_of(notice, choice):
    return next(int(cid.split(":")[2]) for cid, _ in ids(notice) if cid.endswith(":" + choice))


async def log_len(world, gid):
    return len(await world.store.moves(gid))


async def test_undo_own_moves_in_own_turn_is_immediate_and_logged(world):
    gid = await world.new_game()
    await world.move(ANN, "add 1")
    await world.move(ANN, "add 3")
    out = await world.pbp.request_undo(CHANNEL, ANN.user_id)
    assert out.ok and "Ann took back move #2" in out.public.text and out.public.channel_id == CHANNEL
    assert await log_len(world, gid) == 1
    assert world.sessions.table(CHANNEL).state["score"][0]["adds"] == 1
    out = await world.pbp.request_undo(CHANNEL, ANN.user_id)
    assert out.ok and await log_len(world, gid) == 0
    assert not (await world.pbp.request_undo(CHANNEL, ANN.user_id)).ok  # nothing left
    assert not (await world.pbp.request_undo(CHANNEL, CY.user_id)).ok  # not seated


async def test_undo_after_another_player_acted_needs_everyones_consent(world):
    gid = await world.new_game(players=(ANN, BO, CY))
    await world.move(ANN, "pass")
    await world.move(BO, "add 2")
    out = await world.pbp.request_undo(CHANNEL, ANN.user_id)
    assert out.ok and "acted" in out.public.text and await log_len(world, gid) == 2
    assert set(out.public.mentions) == {BO.user_id, CY.user_id}
    assert f"<@{BO.user_id}>" in out.public.text and f"<@{CY.user_id}>" in out.public.text  # named: pinged
    assert f"<@{ANN.user_id}>" not in out.public.text
    poll = poll_of(out.public, "yes")
    assert not (await world.pbp.request_undo(CHANNEL, ANN.user_id)).ok  # one request at a time
    assert not (await world.pbp.vote(poll, ANN.user_id, "yes")).ok  # the asker does not vote
    assert "1/2" in (await world.pbp.vote(poll, BO.user_id, "yes")).private
    assert await log_len(world, gid) == 2
    assert (await world.pbp.vote(poll, CY.user_id, "yes")).ok
    assert await log_len(world, gid) == 0
    assert any("with everyone's consent" in t and "moves #1–#2" in t for t in world.notifier.texts())


async def test_a_refusal_ends_the_undo_request(world):
    gid = await world.new_game()
    await world.move(ANN, "peek")  # hidden information revealed
    out = await world.pbp.request_undo(CHANNEL, ANN.user_id)
    assert "hidden information" in out.public.text
    await world.pbp.vote(poll_of(out.public, "no"), BO.user_id, "no")
    assert await log_len(world, gid) == 1 and "refused" in world.notifier.texts()[-1]


async def test_undo_of_randomness_needs_consent_and_moves_since_cancel_it(world):
    gid = await world.new_game()
    await world.move(ANN, "roll")
    out = await world.pbp.request_undo(CHANNEL, ANN.user_id)
    assert "randomness" in out.public.text
    await world.move(BO, "pass")  # the log changed after the request
    assert not (await world.pbp.vote(poll_of(out.public, "yes"), BO.user_id, "yes")).ok
    assert await log_len(world, gid) == 2


async def test_undo_reschedules_the_reminder_for_the_player_back_on_turn(world):
    gid = await world.new_game()
    await world.move(ANN, "pass")
    await world.tick(2)
    assert (await world.pbp.dispatcher.io(world.pbp.dispatcher.store.get, f"remind:{gid}:1")) is not None
    assert (await world.pbp.request_undo(CHANNEL, ANN.user_id)).ok  # nobody acted since: free
    assert (await world.pbp.dispatcher.io(world.pbp.dispatcher.store.get, f"remind:{gid}:1")) is None
    assert (await world.pbp.dispatcher.io(world.pbp.dispatcher.store.get, f"remind:{gid}:0")) is not None


async def test_history_pages_show_public_summaries_only(world):
    await world.new_game(options={"bids": True})
    await world.move(BO, "bid 3")
    await world.tick(1)
    await world.move(ANN, "bid 1")
    await world.move(ANN, "add 2")
    text = (await world.pbp.history(CHANNEL)).private
    assert "page 1/1" in text and "bid 3" not in text
    at = int(START.timestamp())  # the dates are Discord timestamps: each reader's own zone and language
    assert f"#1 · Bo · <t:{at}:f> — Bo is ready" in text
    assert f"#2 · Ann · <t:{at + 3600}:f> — Ann is ready · Bids revealed: Ann 1, Bo 3" in text
    assert "#3 · Ann" in text and "Ann adds 2" in text


async def test_board_after_move_n(world):
    await world.new_game()
    await world.move(ANN, "add 3")
    await world.move(ANN, "pass")
    await world.move(BO, "peek")
    out = await world.pbp.board_at(CHANNEL, 1)
    assert out.public.png.startswith(b"\x89PNG") and "after move 1 of 3" in out.public.text
    assert (await world.pbp.board_at(CHANNEL, 1)).public.png != (await world.pbp.board_at(CHANNEL, 3)).public.png
    bad = await world.pbp.board_at(CHANNEL, 9)
    assert not bad.ok and "from 0 to 3" in bad.private


async def test_final_summary_chart_and_rematch_in_the_same_place(world):
    gid = await world.new_game(options={"turns": 2}, remind_hours=5, time_control="move:30")
    await world.move(ANN, "add 3")
    await world.move(ANN, "pass")
    await world.move(BO, "pass")
    summary = next(n for n in world.notifier.take() if "is over" in n.text)
    assert "Ann wins" in summary.text and summary.png.startswith(b"\x89PNG")
    assert ids(summary) == [(f"pbp:rematch:{gid}", "Rematch")]
    assert (await world.pbp.dispatcher.io(world.pbp.dispatcher.store.all)) == []  # no reminders for a finished game
    assert not (await world.pbp.rematch(gid, CY.user_id)).ok
    out = await world.pbp.rematch(gid, BO.user_id)
    assert out.ok
    table = world.sessions.table(CHANNEL)
    assert table.record.id != gid and table.record.status == "running"
    assert table.record.options == {"turns": 2, "bids": False, "top": 3}
    assert sorted(s.user_id for s in table.seats) == [ANN.user_id, BO.user_id]
    assert (await world.pbp._io(world.pbp.time_control, table.record.id)).move_hours == 30
    assert any("Rematch" in t for t in world.notifier.texts())
    assert not (await world.pbp.rematch(gid, ANN.user_id)).ok  # the channel is busy again


async def test_a_new_move_cancels_a_pending_undo_request(world):
    await world.new_game()
    await world.move(ANN, "peek")
    first = await world.pbp.request_undo(CHANNEL, ANN.user_id)
    await world.move(ANN, "add 1")
    assert not (await world.pbp.vote(poll_of(first.public, "yes"), BO.user_id, "yes")).ok
    again = await world.pbp.request_undo(CHANNEL, ANN.user_id)  # the old request no longer blocks
    assert again.ok and again.public is not None and "took back move #2" in again.public.text


async def test_history_page_buttons(world):
    gid = await world.new_game(options={"turns": 40})
    for i in range(20):
        await world.move(ANN if i % 2 == 0 else BO, "pass")
    last = await world.pbp.history(CHANNEL)
    assert "page 2/2" in last.private and ids(last) == [(f"pbp:page:{gid}:1", "◀ Older")]
    first = await world.pbp.history(CHANNEL, 1)
    assert "#1 · Ann" in first.private and ids(first) == [(f"pbp:page:{gid}:2", "Newer ▶")]


async def test_history_and_boards_of_a_finished_game_stay_readable(world):
    assert "No game has been played" in (await world.pbp.history(CHANNEL)).private
    gid = await world.new_game(options={"turns": 2})
    await world.move(ANN, "add 3")
    await world.move(ANN, "pass")
    await world.move(BO, "pass")
    assert world.sessions.table(CHANNEL) is None  # over
    text = (await world.pbp.history(CHANNEL)).private
    assert "#1 · Ann" in text and "Ann adds 3" in text and "#3 · Bo" in text
    assert "Ann adds 3" in (await world.pbp.history(CHANNEL, 1, game_id=gid)).private  # the page buttons
    board = await world.pbp.board_at(CHANNEL, 1)
    assert board.ok and board.public.png.startswith(b"\x89PNG") and "after move 1 of 3" in board.public.text
    await world.new_game(start=False)  # a new table, not started yet: the last played game is still shown
    assert "Ann adds 3" in (await world.pbp.history(CHANNEL)).private
