"""The play-by-post policies against every registered game engine (skipped when none is registered)."""

import random

import pytest

import games
from bot.table import history
from bot.table.pbp import clocks, undo
from games.core.playout import expand

GAME_IDS = games.game_ids()


def _opening(game, players, seed, count):
    """``count`` random legal moves from the start, as (seat, text)."""
    rnd = random.Random(seed)
    state = game.setup(players, seed)
    moves = []
    while len(moves) < count and game.result(state) is None:
        seat = rnd.choice(sorted(game.to_move(state)))
        move = expand(game, state, seat, "", rnd)
        game.play(state, seat, move)
        moves.append((seat, move))
    return moves


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_dropped_seats_playing_their_simplest_move_finish_the_game(game_id):
    game = games.get(game_id)
    state = game.setup(game.min_players, 5)
    for _ in range(5000):
        if game.result(state) is not None:
            break
        seat = min(game.to_move(state))
        game.play(state, seat, clocks.simplest_move(game, state, seat))
    assert game.result(state) is not None


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_undo_analysis_replays_like_the_log(game_id):
    game = games.get(game_id)
    players = game.min_players
    moves = _opening(game, players, 11, 60)
    infos, state = undo.analyse(game, players, 11, None, moves)
    assert len(infos) == len(moves) and game.to_json_text(state) == game.to_json_text(
        history.state_at(game, players, 11, None, moves, len(moves)))
    # the last mover may take back their last move alone only when it hid and drew nothing
    last = infos[-1]
    plan = undo.plan_undo(infos, last.seat, list(range(players)))
    assert plan.verdict == (undo.CONSENT if (last.barrier or last.random) else undo.FREE)


@pytest.mark.parametrize("game_id", GAME_IDS)
async def test_a_dropped_player_is_played_for_until_the_game_ends(game_id, pbp_db):
    """Through the real service: Bo runs out of time, Ann votes to drop him, and his seat
    answers by itself (simplest legal move) while Ann plays on, until the final summary."""
    from bot.table.timers import ManualClock

    from .conftest import ANN, BO, START, FakeNotifier, World, ids

    world = await World(pbp_db, ManualClock(START), FakeNotifier()).open()
    try:
        world.sessions.render = False
        sessions, channel = world.sessions, 60
        made = await sessions.create(channel, ANN, game_id, [BO], guild_id=1)
        assert (await world.pbp.set_game(channel, ANN.user_id, time_control="move:1")).ok
        assert (await sessions.start(channel, ANN)).ok
        engine, rnd, sent, dropped = games.get(game_id), random.Random(3), [], False
        for _ in range(4000):
            table = sessions.table(channel)
            if table is None:
                break
            waiting = table.to_move()
            if 0 in waiting:
                move = expand(engine, table.state, 0, "", rnd)
                assert (await sessions.move(channel, ANN, move)).ok
                sent += await world.tick(0)
            elif not dropped:
                notices = await world.tick(1.01)
                poll = next(int(cid.split(":")[2]) for n in notices if "ran out of time" in n.text
                            for cid, _ in ids(n) if cid.endswith(":drop"))
                assert (await world.pbp.vote(poll, ANN.user_id, "drop")).ok
                dropped = True
                sent += notices + await world.tick(0)
            else:
                raise AssertionError(f"stuck: the table waits for {waiting} and nobody answers")
        assert sessions.table(channel) is None, "the game did not finish"
        assert (await world.store.game(made.game_id)).status == "finished"
        texts = [n.text for n in sent]
        assert any("automatic for Bo" in t for t in texts)
        said = "\n".join(texts)  # the automatic secret moves stayed secret too
        for m in await world.store.moves(made.game_id):
            assert m.kind == "public" or f"`{m.text}`" not in said, m.text
        assert any(cid.startswith("pbp:rematch:") for n in sent for cid, _ in ids(n))
    finally:
        await world.close()
