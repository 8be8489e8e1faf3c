"""Event texts are functions of the state: a game rebuilt from its log says
what the live table was told (#18.3).

The live table and a replay differ in one way: the bot reloads the state
from its JSON text before every move (sorted keys, lists for tuples). Each
recorded game is played both ways and every event text compared, in English
and in Traditional Chinese.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from games import get

GOLDEN = Path(__file__).resolve().parents[1] / "golden"
CASES = sorted(GOLDEN.glob("*.moves.json"))


def _texts(events):
    out = []
    for e in events:
        out.append((e.text, e.private, e.text_in("zh-TW"), e.private_in("zh-TW")))
    return out


@pytest.mark.parametrize("path", CASES, ids=lambda p: p.name.removesuffix(".moves.json"))
def test_replay_from_json_tells_the_same_events(path):
    name = path.name.removesuffix(".moves.json")
    game_id, players, seed = name.rsplit("-", 2)
    game = get(game_id)
    players, seed = int(players.removesuffix("p")), int(seed.removeprefix("seed"))
    moves = json.loads(path.read_text())
    live = game.setup(players, seed)
    replayed = game.setup(players, seed)
    for n, (seat, move) in enumerate(moves, 1):
        replayed = game.load(json.loads(game.to_json_text(replayed)))
        a = _texts(game.play(live, seat, move))
        b = _texts(game.play(replayed, seat, move))
        assert a == b, f"{name} move {n} {move!r}"
