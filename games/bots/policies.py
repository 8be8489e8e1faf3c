"""The seats a table can fill without a player: random, greedy and the search bot.

Every policy answers ``choose(game, state, seat) -> move text`` and plays
only moves ``legal_moves`` lists, through ``play`` on its own copies. None
looks at the real state beyond what ``hidden.determinise`` keeps for the
seat. A decision costs a budget of simulated moves, so the same seed always
picks the same move, and none reads a clock; a table's time limit reaches the
search bot as ``stop``, asked before each further plan: once it says so the
bot plays the best of the plans weighed, so only a slow machine or an odd
position ever sees it act.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from ..core.errors import RuleError
from ..core.game import Game, State
from .candidates import candidates, walk
from .features import bot_of, evaluate, lookahead, plan_alone, points, through_others, worth
from .hidden import determinise


def _value_after(game: Game, state: State, seat: int, move: str, points_only: bool = False) -> float | None:
    """The seat's evaluation after ``move`` on ``state`` (restored afterwards)."""
    backup = game.snapshot(state)
    try:  # the move came from legal_moves, so apply it without play's own backup
        game.apply(state, seat, move)
        return _score(game, state, seat, points_only, own_only=True)
    except RuleError:
        return None
    finally:
        game.restore(state, backup)


def _score(game: Game, state: State, seat: int, points_only: bool = False, own_only: bool = False) -> float:
    """Finished: the real margin. Running: the features, against the others
    unless ``own_only`` (ranking one seat's moves, where the others' worth
    hardly moves and costs most of the time)."""
    result = game.result(state)
    players = _players(game, state)
    if result is not None:  # a finished game is judged by its real scores
        best_other = max((result.scores[s] for s in range(players) if s != seat), default=0)
        margin = result.scores[seat] - best_other
        return margin * 2 + (50 if seat in result.winners else 0)
    if points_only:
        return points(game.id, state, seat)
    if own_only:
        return worth(game.id, state, seat)
    return evaluate(game.id, state, seat, players)


def _players(game: Game, state: State) -> int:
    """How many seats: the engines keep it under different names, and a game
    that keeps none still lists its players in the public view."""
    if isinstance(state, dict):
        for key in ("players", "seats"):
            n = state.get(key)
            if isinstance(n, int):
                return n
            if isinstance(n, list):
                return len(n)
    listed = game.view(state, None).get("players")
    return len(listed) if isinstance(listed, list) else 1


@dataclass
class RandomBot:
    """Uniform among the listed next tokens, walked down to a move."""

    seed: int = 0
    name: str = "random"

    def __post_init__(self):
        self.rnd = random.Random(self.seed)

    def choose(self, game: Game, state: State, seat: int) -> str:
        for _ in range(20):  # a walk can end on a stem with no completions: walk again
            move = walk(game, state, seat, self.rnd)
            if move:
                return move
        return candidates(game, state, seat, self.rnd, 4)[0]


@dataclass
class GreedyBot:
    """The yard stick: one ply, the move that leaves the seat the most points
    on the board right now (what a dropped seat's stand-in would do)."""

    seed: int = 0
    width: int = 24
    name: str = "greedy"

    def __post_init__(self):
        self.rnd = random.Random(self.seed)

    def choose(self, game: Game, state: State, seat: int) -> str:
        world = determinise(game, state, seat, self.rnd)
        moves = candidates(game, world, seat, self.rnd, self.width)
        ranked = rank(game, world, seat, moves, self.rnd, points_only=True)
        return ranked[0][1] if ranked else moves[0]


def rank(game: Game, state: State, seat: int, moves: list[str], rnd: random.Random,
         points_only: bool = False) -> list[tuple[float, str]]:
    """Moves best first by one-ply value (ties broken at random, seeded)."""
    scored = []
    for m in moves:
        v = _value_after(game, state, seat, m, points_only)
        if v is not None:
            scored.append((v, rnd.random(), m))
    scored.sort(reverse=True)
    return [(v, m) for v, _, m in scored]


def first_look(bot, game: Game, state: State, seat: int) -> tuple[str | None, list[tuple[float, str]]]:
    """The bot's candidates ranked one ply: (the move, []) when there is nothing to weigh."""
    moves = candidates(game, state, seat, bot.rnd, bot.width)
    if len(moves) == 1:
        return moves[0], []
    ranked = rank(game, state, seat, moves, bot.rnd)
    return (None, ranked) if ranked else (moves[0], [])


@dataclass
class SearchBot:
    """Plans whole turns, then checks them against the table.

    1. Shortlist: every candidate move ranked one ply by the features.
    2. Turn plan: each short-listed move is continued with the seat's own
       best next steps while the turn is still its own (an Amerigo action's
       points, a West of Africa turn's steps, Terra Mystica's chained
       conversions), and judged where the turn ends.
    3. With ``iterations`` left, each plan is replayed in re-dealt worlds
       with every seat playing quick greedy moves for ``horizon`` moves, and
       the averages decide.
    ``iterations`` bounds the simulated worlds per decision. ``stop``, when
    given, is asked before each further plan or world (at least one plan is
    weighed): true ends the decision (the table's CPU-time check)."""

    seed: int = 0
    width: int = 28
    shortlist: int = 5
    lookahead: int = 6
    iterations: int = 0
    horizon: int = 8
    rollout_width: int = 4
    name: str = "bot"
    stop: Callable[[], bool] | None = None

    def __post_init__(self):
        self.rnd = random.Random(self.seed)

    def out_of_time(self) -> bool:
        """Whether the decision must end now (``stop`` says so)."""
        return self.stop is not None and self.stop()

    def rank(self, game: Game, state: State, seat: int, moves: list[str]) -> list[tuple[float, str]]:
        """``moves`` best first, one ply (what a game's planner starts from)."""
        return rank(game, state, seat, moves, self.rnd)

    def choose(self, game: Game, state: State, seat: int) -> str:
        planner = getattr(bot_of(game.id), "choose", None)  # a game that plans its own way
        if planner is not None:
            return planner(self, game, state, seat)
        world = determinise(game, state, seat, self.rnd)
        only, ranked = first_look(self, game, world, seat)
        if only is not None:
            return only
        short = [m for _, m in ranked[: self.shortlist]]
        if len(short) == 1:
            return short[0]
        totals: dict[str, float] = {}
        for m in short:
            if totals and self.out_of_time():
                return max(totals, key=lambda m: (totals[m], -short.index(m)))
            totals[m] = self._plan(game, world, seat, m)
        per_move = self.iterations // len(short)
        for _ in range(per_move):
            if self.out_of_time():
                break
            sample = determinise(game, state, seat, self.rnd)
            for m in short:
                totals[m] += self._rollout(game, sample, seat, m)
        return max(short, key=lambda m: (totals[m], -short.index(m)))

    def _plan(self, game: Game, base: State, seat: int, move: str) -> float:
        """The move followed by the seat's own greedy steps until its turn ends.

        In games whose key choice is secret and simultaneous (West of Africa's
        cards, Altiplano's planning) a choice only shows its worth once the
        table has played the round out, so there the others play quick greedy
        moves too, until the seat has taken its next turn."""
        backup = game.snapshot(base)
        through = through_others(game.id)
        ahead = lookahead(game.id, base, self.lookahead)
        limit = ahead * (3 * _players(game, base) if through else 1)
        alone = plan_alone(game.id)
        try:
            if alone is not None:
                alone(base, seat)
            game.apply(base, seat, move)
            acted_after_others = others_moved = False
            for _ in range(limit):
                if game.result(base) is not None:
                    break
                waiting = game.to_move(base)
                if waiting == {seat}:
                    s, width = seat, self.rollout_width * 2
                    acted_after_others = others_moved
                elif not through or not waiting:
                    break
                elif acted_after_others and seat not in waiting:
                    break  # the seat's next turn is over
                else:
                    s, width = min(waiting - {seat}) if waiting - {seat} else seat, self.rollout_width
                    others_moved = others_moved or s != seat
                best = rank(game, base, s, candidates(game, base, s, self.rnd, width), self.rnd)
                if not best:
                    break
                game.apply(base, s, best[0][1])
            return _score(game, base, seat, own_only=not through)
        except RuleError:
            return float("-inf")
        finally:
            game.restore(base, backup)

    def _rollout(self, game: Game, base: State, seat: int, move: str) -> float:
        backup = game.snapshot(base)
        try:
            game.apply(base, seat, move)
            for _ in range(self.horizon):
                if game.result(base) is not None:
                    break
                waiting = sorted(game.to_move(base))
                if not waiting:
                    break
                s = self.rnd.choice(waiting)
                options = candidates(game, base, s, self.rnd, self.rollout_width)
                best = rank(game, base, s, options, self.rnd)
                if not best:
                    break
                game.apply(base, s, best[0][1])
            return _score(game, base, seat)
        except RuleError:
            return float("-inf")
        finally:
            game.restore(base, backup)


POLICIES = {"random": RandomBot, "greedy": GreedyBot, "bot": SearchBot}


def make(name: str, seed: int = 0, **budget):
    """A policy by name (``bot``, ``greedy``, ``random``) with its own seed."""
    try:
        cls = POLICIES[name]
    except KeyError:
        raise ValueError(f"unknown bot '{name}' (known: {', '.join(POLICIES)})") from None
    return cls(seed=seed, **budget)
