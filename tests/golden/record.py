"""Golden playthroughs: a recorded random game per title, as readable text.

Each file holds, per move, who played what, what the table was told, who is
up next, how many top-level moves they have and a digest of the public view.
A rule change shows up in review as a diff of these files. Regenerate with

    .venv/bin/python -m tests.golden.record

and read the diff before committing it.
"""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path

from games import get
from games.core.playout import expand

HERE = Path(__file__).parent

#: (game id, players, seed, how many moves to keep: enough to cover a few rounds)
CASES = [
    ("west-of-africa", 3, 5, 120),
    ("terra-mystica", 3, 5, 160),
    ("altiplano", 3, 5, 160),
    ("bruges", 3, 5, 120),
    ("amerigo", 3, 5, 120),
]


def path_for(game_id: str, players: int, seed: int) -> Path:
    return HERE / f"{game_id}-{players}p-seed{seed}.txt"


def digest(view: dict) -> str:
    return hashlib.sha1(json.dumps(view, sort_keys=True).encode()).hexdigest()[:10]


def describe(game, state, n: int, seat: int | None, move: str | None, events) -> list[str]:
    waiting = sorted(game.to_move(state))
    counts = [len(game.legal_moves(state, s, "")) for s in waiting]
    head = f"{n:4d}. seat {seat}: {move}" if move is not None else "   0. setup"
    lines = [head]
    lines += [f"      | {e.text}" for e in events if e.text]
    result = game.result(state)
    tail = f"      up={waiting} moves={counts} view={digest(game.view(state, None))}"
    if result is not None:
        tail += f" result={result.scores} winners={result.winners}"
    return lines + [tail]


def play_case(game_id: str, players: int, seed: int, limit: int) -> tuple[list[tuple[int, str]], list[str]]:
    """A random game cut at ``limit`` moves: the moves and the text record."""
    game = get(game_id)
    rnd = random.Random(seed)
    state = game.setup(players, seed)
    out = [f"# {game_id}, {players} players, seed {seed}, engine version {game.version}"]
    out += describe(game, state, 0, None, None, [])
    moves = []
    while game.result(state) is None and len(moves) < limit:
        seat = rnd.choice(sorted(game.to_move(state)))
        move = expand(game, state, seat, "", rnd)
        events = game.play(state, seat, move)
        moves.append((seat, move))
        out += describe(game, state, len(moves), seat, move, events)
    return moves, out


def replay_case(game_id: str, players: int, seed: int, moves) -> list[str]:
    """The text record of replaying recorded moves (what the test compares)."""
    game = get(game_id)
    state = game.setup(players, seed)
    out = [f"# {game_id}, {players} players, seed {seed}, engine version {game.version}"]
    out += describe(game, state, 0, None, None, [])
    for n, (seat, move) in enumerate(moves, 1):
        events = game.play(state, seat, move)
        out += describe(game, state, n, seat, move, events)
    return out


def main() -> None:
    for game_id, players, seed, limit in CASES:
        moves, lines = play_case(game_id, players, seed, limit)
        path = path_for(game_id, players, seed)
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
        path.with_suffix(".moves.json").write_text(json.dumps(moves) + "\n", encoding="utf-8")
        print(f"{path.name}: {len(moves)} moves")


if __name__ == "__main__":
    main()
