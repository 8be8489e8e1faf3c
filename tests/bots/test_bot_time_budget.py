"""The search bot's stop hook (how a table's CPU-time limit per decision reaches it): once it says
stop no further plan starts, at least one is weighed, and while it does not the move is the same."""

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
    hurried = SearchBot(seed=1, stop=lambda: True).choose(game, clone(state), seat)
    assert len(plans) == 1
    game.play(clone(state), seat, hurried)  # a legal move all the same
    plans.clear()
    assert SearchBot(seed=1, stop=lambda: False).choose(game, clone(state), seat) == free
    assert len(plans) == weighed


def test_the_stop_is_asked_between_plans_and_the_best_weighed_is_played(monkeypatch):
    game, state, seat = _tm_turn()
    values = []
    real = tm_bot.plan_value

    def plan(*args, **kw):
        values.append((real(*args, **kw), args[3]))
        return values[-1][0]

    monkeypatch.setattr(tm_bot, "plan_value", plan)
    move = SearchBot(seed=1, stop=lambda: len(values) >= 2).choose(game, clone(state), seat)
    assert len(values) == 2
    assert move == max(values, key=lambda v: v[0])[1]  # the first of equals, as without a stop


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
    move = SearchBot(seed=2, iterations=6, stop=lambda: True).choose(game, game.load(game.dump(state)), seat)
    assert len(plans) == 1 and not worlds
    game.play(game.load(game.dump(state)), seat, move)


def test_terra_mystica_plans_stop_after_their_judgement_budget(monkeypatch):
    """Without a clock the planner bounds its own work: once its plans have judged
    ``PLAN_JUDGEMENTS`` positions no further plan starts (at least one is weighed); the same
    seed then picks the same move on any machine."""
    game, state, seat = _tm_turn()
    plans = _counting(monkeypatch, tm_bot, "plan_value")
    free = SearchBot(seed=1).choose(game, clone(state), seat)
    weighed = len(plans)
    assert weighed >= 3
    monkeypatch.setattr(tm_bot, "PLAN_JUDGEMENTS", 1)
    plans.clear()
    one = SearchBot(seed=1).choose(game, clone(state), seat)
    assert len(plans) == 1
    game.play(clone(state), seat, one)
    judged = []
    real = tm_bot.judge
    monkeypatch.setattr(tm_bot, "judge", lambda s, who: judged.append(1) or real(s, who))
    monkeypatch.setattr(tm_bot, "PLAN_JUDGEMENTS", 10**9)
    plans.clear()
    assert SearchBot(seed=1).choose(game, clone(state), seat) == free and len(plans) == weighed
    per_plan = len(judged) / weighed
    monkeypatch.setattr(tm_bot, "PLAN_JUDGEMENTS", int(per_plan * 1.5))
    plans.clear()
    SearchBot(seed=1).choose(game, clone(state), seat)
    assert 2 <= len(plans) < weighed
