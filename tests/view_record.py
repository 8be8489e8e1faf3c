"""Every view of a few random games of every title, recorded: what ``test_view_record.py``
compares with the record kept in ``tests/fixtures/views/``.

At each position of each game (from its set-up to its end, random legal moves), the public
view ``view(state, None)`` and every seat's ``view(state, seat)`` are written as ``repr`` text
(so a list that became a tuple, an int that became a float or a key moved within a dict all
count as a change) and kept as a short digest. The views are made by the engines as they stand:
the record says what the views were before a change meant to make them cheaper, not what they
should be. Regenerate (only after a change meant to change what a view shows) with

    .venv/bin/python -m tests.view_record

and say why in the commit.
"""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path

from games import get
from games.core.playout import expand

HERE = Path(__file__).resolve().parent / "fixtures" / "views"

#: Terra Mystica with the Fire & Ice factions on a Fire & Ice map
FIRE_ICE = {"fire-and-ice-factions/ice": True, "fire-and-ice-factions/volcano": True,
            "fire-and-ice-factions/variable_v5": True, "map": "fire-ice-1"}

#: record name -> (game id, options, [(players, seed), ...])
GAMES = {
    "altiplano": ("altiplano", None, [(2, 1), (4, 3)]),
    "altiplano-missions": ("altiplano", {"missions": True}, [(3, 4)]),
    "amerigo": ("amerigo", None, [(2, 1), (3, 2), (4, 3)]),
    "bruges": ("bruges", None, [(2, 1), (3, 2), (4, 3)]),
    "west-of-africa": ("west-of-africa", None, [(2, 1), (3, 2), (4, 3)]),
    "terra-mystica": ("terra-mystica", None, [(2, 1), (3, 2), (4, 3), (5, 4)]),
    "terra-mystica-fire-ice": ("terra-mystica", FIRE_ICE, [(3, 2), (4, 3)]),
}


def digest(view: dict) -> str:
    return hashlib.sha256(repr(view).encode()).hexdigest()[:16]


def views_of(game_id: str, options: dict | None, players: int, seed: int) -> list[list[str]]:
    """Per position: the public view's digest, then each seat's."""
    game = get(game_id)
    rnd = random.Random(seed)
    state = game.setup(players, seed, options)
    out = []
    while True:
        out.append([digest(game.view(state, None))] + [digest(game.view(state, s)) for s in range(players)])
        if game.result(state) is not None:
            return out
        seat = rnd.choice(sorted(game.to_move(state)))
        game.play(state, seat, expand(game, state, seat, "", rnd))


def record(name: str) -> dict:
    game_id, options, games = GAMES[name]
    return {"game": game_id, "options": options,
            "games": [{"players": n, "seed": seed, "views": views_of(game_id, options, n, seed)} for n, seed in games]}


def path(name: str) -> Path:
    return HERE / f"{name}.json"


def main() -> None:
    HERE.mkdir(parents=True, exist_ok=True)
    for name in GAMES:
        got = record(name)
        path(name).write_text(json.dumps(got, separators=(",", ":")) + "\n")
        print(name, sum(len(g["views"]) for g in got["games"]), "positions")


if __name__ == "__main__":
    main()
