"""Bot seats at a real table: seated at /game new or later, they move on their own."""

import random

import pytest

import games
from bot.discord.send import public_text
from bot.table import bot_seats
from bot.table.timers import ManualClock
from games.core.playout import expand

from .conftest import ANN, BO, START, FakeNotifier, World, ids


async def _world(db):
    world = await World(db, ManualClock(START), FakeNotifier()).open()
    world.sessions.render = False
    return world


async def _started(world, channel: int, game_id: str, bots: int) -> None:
    """Ann's table of ``game_id`` with ``bots`` bot seats, started, the bots' first moves made."""
    await world.sessions.create(channel, ANN, game_id, [], guild_id=1, bots=bots)
    assert (await world.sessions.start(channel, ANN)).ok
    await world.tick(0)


@pytest.mark.parametrize("game_id", ["west-of-africa", "bruges", "amerigo"])
async def test_a_player_and_two_bots_play_a_whole_game(game_id, pbp_db):
    world = await _world(pbp_db)
    try:
        sessions, channel = world.sessions, 70
        made = await sessions.create(channel, ANN, game_id, [], guild_id=1, bots=2)
        assert made.ok
        table = sessions.table(channel)
        assert [s.is_bot for s in table.seats] == [False, True, True]
        assert all(s.user_id < 0 for s in table.seats[1:]) and table.seats[1].name != table.seats[2].name
        assert (await sessions.start(channel, ANN)).ok
        sent = await world.tick(0)
        engine, rnd = games.get(game_id), random.Random(1)
        for _ in range(3000):
            table = sessions.table(channel)
            if table is None:
                break
            waiting = table.to_move()
            assert waiting, "nobody to move"
            if 0 in waiting:
                assert (await sessions.move(channel, ANN, expand(engine, table.state, 0, "", rnd))).ok
            sent += await world.tick(0)
            table = sessions.table(channel)
            if table is not None and 0 not in table.to_move():
                raise AssertionError(f"stuck on bot seats {table.to_move()}")
        assert sessions.table(channel) is None, "the game did not finish"
        assert (await world.store.game(made.game_id)).status == "finished"
        for n in sent:  # bots are never pinged
            assert all(uid > 0 for uid in n.asked())
        assert any(cid.startswith("pbp:rematch:") for n in sent for cid, _ in ids(n))
        # a bot's turn post says what the player is asked and carries the "Play" button of the menus
        asked = [n for n in sent if f"<@{ANN.user_id}>:" in public_text(n)]
        assert asked and all((f"mc:p:{made.game_id}", "Play") in ids(n) for n in asked)
    finally:
        await world.close()


async def test_add_bot_fills_an_open_table_and_only_seated_players_may(pbp_db):
    world = await _world(pbp_db)
    try:
        sessions, channel = world.sessions, 71
        await sessions.create(channel, ANN, "west-of-africa", [], guild_id=1)
        assert not (await sessions.add_bot(channel, BO)).ok  # Bo has no seat
        assert (await sessions.add_bot(channel, ANN)).ok
        assert (await sessions.add_bot(channel, ANN)).ok
        table = sessions.table(channel)
        assert [s.user_id for s in table.seats] == [ANN.user_id, -1, -2]
        await world.restart()  # bot seats are kept like any seat
        assert [s.user_id for s in world.sessions.table(channel).seats] == [ANN.user_id, -1, -2]
    finally:
        await world.close()


async def test_the_search_bot_moves_off_the_loop_with_its_real_policy(pbp_db, monkeypatch):
    monkeypatch.setattr(bot_seats, "POLICY", "bot")
    monkeypatch.setattr(bot_seats, "ITERATIONS", 2)
    world = await _world(pbp_db)
    try:
        sessions, channel = world.sessions, 72
        await _started(world, channel, "bruges", bots=1)
        before = len(await world.store.moves(sessions.table(channel).record.id))
        engine, rnd = games.get("bruges"), random.Random(2)
        for _ in range(6):
            table = sessions.table(channel)
            if 0 in table.to_move():
                assert (await sessions.move(channel, ANN, expand(engine, table.state, 0, "", rnd))).ok
            await world.tick(0)
        moves = await world.store.moves(sessions.table(channel).record.id)
        assert any(m.seat == 1 for m in moves[before:]), "the bot seat never moved"
    finally:
        await world.close()


async def test_a_bot_that_fails_falls_back_to_the_greedy_move(monkeypatch):
    def broken(*args):
        if args[5] == "bot":  # (game, state, seat, seed, iterations, policy, seconds)
            raise RuntimeError("worker died")
        return bot_seats.choose.__wrapped__(*args) if hasattr(bot_seats.choose, "__wrapped__") else real(*args)

    real = bot_seats.choose
    monkeypatch.setattr(bot_seats, "POLICY", "bot")
    monkeypatch.setattr(bot_seats, "choose", broken)
    game = games.get("bruges")
    state = game.setup(3, 4, None)
    seat = min(game.to_move(state))
    move = await bot_seats.bot_move("bruges", game.to_json_text(state), seat, 1)
    game.play(state, seat, move)


async def test_a_bot_move_the_rules_refuse_gives_way_to_the_simplest_legal_one(pbp_db, monkeypatch, caplog):
    """A bot's move that the engine refuses (the Terra Mystica bot once offered ``done`` while a
    town tile was owed) left its seat waiting for ever: the table now plays the simplest legal
    move for it and logs the refusal."""
    class Garbage:
        def choose(self, game, state, seat):
            return "garbage"

    monkeypatch.setattr(bot_seats, "make", lambda *args, **budget: Garbage())
    world = await _world(pbp_db)
    try:
        sessions, channel = world.sessions, 73
        await _started(world, channel, "west-of-africa", bots=2)
        table = sessions.table(channel)
        moves = await world.store.moves(table.record.id)
        assert {m.seat for m in moves} >= {1, 2}, moves
        assert not any("garbage" in m.text for m in moves)
        assert list(table.to_move()) == [0]
        assert "refused" in caplog.text
    finally:
        await world.close()


def test_the_search_stops_within_its_cpu_allowance(monkeypatch):
    """BOT_SECONDS reaches the search itself (its stop hook, on this thread's CPU clock): with the
    allowance spent at once, one plan is weighed and a legal move played; without one, several."""
    import random

    from games.bots import terra_mystica as tm_bot
    from games.core.playout import expand

    game = games.get("terra-mystica")
    state = game.setup(4, 11, None)
    rnd = random.Random(11)
    while not (state["round"] == 2 and state["phase"] == "actions" and state["turn"] is None
               and game.to_move(state) == {state["current"]}):
        seat = min(game.to_move(state))
        game.play(state, seat, expand(game, state, seat, "", rnd))
    seat, text = state["current"], game.to_json_text(state)
    plans = []
    real = tm_bot.plan_value
    monkeypatch.setattr(tm_bot, "plan_value", lambda *a, **k: plans.append(1) or real(*a, **k))
    bot_seats.choose("terra-mystica", text, seat, 1, 0, "bot", None)
    assert len(plans) >= 2  # a real choice, with plans the allowance can leave out
    plans.clear()
    move = bot_seats.choose("terra-mystica", text, seat, 1, 0, "bot", 1e-9)
    assert len(plans) == 1
    game.play(state, seat, move)
