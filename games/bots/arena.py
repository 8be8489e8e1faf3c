"""Seats of chosen policies play whole games; the win rate of the first seat listed.

``python -m games arena GAME --players N --games K --seat bot,random,...``
Game ``i`` uses seed ``base + i`` and rotates the seating, so every policy
plays every seat equally often; a shared win counts half.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..core.game import Game
from .policies import make


@dataclass
class GameRecord:
    seed: int
    seats: list[str]
    scores: list[int]
    winners: list[int]
    moves: list[tuple[int, str]] = field(default_factory=list)


def play_game(game: Game, players: int, seed: int, policies: list[str], options: dict | None = None,
              max_moves: int = 20000, budget: dict | None = None) -> GameRecord:
    """One game, seat ``s`` played by ``policies[s]``; the move log is kept for replay."""
    bots = [make(name, seed * 31 + s, **((budget or {}) if name == "bot" else {}))
            for s, name in enumerate(policies)]
    state = game.setup(players, seed, options)
    moves: list[tuple[int, str]] = []
    while game.result(state) is None:
        if len(moves) >= max_moves:
            raise RuntimeError(f"{game.id}: no end within {max_moves} moves")
        seat = min(game.to_move(state))
        move = bots[seat].choose(game, state, seat)
        game.play(state, seat, move)
        moves.append((seat, move))
    result = game.result(state)
    return GameRecord(seed, list(policies), list(result.scores), list(result.winners), moves)


def run(game: Game, players: int, games: int, seats: list[str], seed: int = 1, options: dict | None = None,
        budget: dict | None = None, report=print) -> float:
    """Play ``games`` games rotating ``seats``; report each; return the first policy's win share."""
    hero = seats[0]
    wins = 0.0
    hero_scores: list[int] = []
    for i in range(games):
        shift = i % players
        policies = [seats[(s - shift) % len(seats)] for s in range(players)]
        rec = play_game(game, players, seed + i, policies, options, budget=budget)
        hero_seats = [s for s, name in enumerate(policies) if name == hero]
        share = sum(1 for s in hero_seats if s in rec.winners) / max(1, len(rec.winners))
        wins += share if hero_seats else 0
        hero_scores += [rec.scores[s] for s in hero_seats]
        report(f"game {i + 1}: seed {rec.seed} seats {','.join(policies)} scores {rec.scores} "
               f"winners {rec.winners} moves {len(rec.moves)}")
    if hero_scores:
        report(f"{hero} average score: {sum(hero_scores) / len(hero_scores):.1f} over {len(hero_scores)} seats")
    w = f"{round(wins, 1):g}"
    report(f"{hero} win rate: {w}/{games} = {round(100 * wins / games)}%")
    return wins / games
