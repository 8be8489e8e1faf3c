"""The search bot's CPU-time limit per decision (``SearchBot.seconds``): past it no further plan
starts, at least one is weighed, and with time to spare the move is the one without a limit."""

import random

import games
from games.bots import terra_mystica as tm_bot
from games.bots.policies import SearchBot
from games.core.playout import expand
from games.terra_mystica.rules import clone


def _tm_turn(seed: int = 11):
    """A random-play Terra Mystica position at the start of a seat's turn in round 2."""
    game = games.get("terra-mystica")
    state = game.setup(4, seed, None)
    rnd = random.Random(seed)
    while not (state["round"] == 2 and state["phase"] == "actions" and state["turn"] is None
               and game.to_move(state) == {state["current"]}):
        seat = min(game.to_move(state))
        game.play(state, seat, expand(game, state, seat, "", rnd))
    return game, state, state["current"]


def _counting(monkeypatch, owner, name):
    calls = []
    real = getattr(owner, name)

    def counted(*args, **kw):
        calls.append(args)
        return real(*args, **kw)

    monkeypatch.setattr(owner, name, counted)
    return calls


def test_terra_mystica_plans_stop_when_the_time_is_up(monkeypatch):
    game, state, seat = _tm_turn()
    plans = _counting(monkeypatch, tm_bot, "plan_value")
    free = SearchBot(seed=1).choose(game, clone(state), seat)
    weighed = len(plans)
    assert weighed >= 2  # a real choice: the limit below has plans to leave out
    plans.clear()
    hurried = SearchBot(seed=1, seconds=0.0).choose(game, clone(state), seat)
    assert len(plans) == 1
    game.play(clone(state), seat, hurried)  # a legal move all the same
    plans.clear()
    assert SearchBot(seed=1, seconds=1000.0).choose(game, clone(state), seat) == free
    assert len(plans) == weighed


def test_other_games_plans_and_worlds_stop_when_the_time_is_up(monkeypatch):
    game = games.get("west-of-africa")
    state = game.setup(3, 4, None)
    seat = min(game.to_move(state))
    plans = _counting(monkeypatch, SearchBot, "_plan")
    worlds = _counting(monkeypatch, SearchBot, "_rollout")
    SearchBot(seed=2, iterations=6).choose(game, game.load(game.dump(state)), seat)
    assert len(plans) >= 2 and worlds
    plans.clear()
    worlds.clear()
    move = SearchBot(seed=2, iterations=6, seconds=0.0).choose(game, game.load(game.dump(state)), seat)
    assert len(plans) == 1 and not worlds
    game.play(game.load(game.dump(state)), seat, move)


def test_the_clock_is_this_decisions_own():
    bot = SearchBot(seed=3, seconds=0.0)
    assert not bot.out_of_time()  # no decision running yet
    bot.seconds = 1000.0
    game, state, seat = _tm_turn()
    bot.choose(game, clone(state), seat)
    assert not bot.out_of_time()  # a new decision's clock starts afresh
