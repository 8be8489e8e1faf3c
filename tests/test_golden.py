"""Replaying each golden playthrough gives exactly the recorded text.

When a rule change is intended, regenerate (``python -m tests.golden.record``)
and review the diff of ``tests/golden/*.txt``.
"""

import json

import pytest

from tests.golden.record import CASES, path_for, replay_case


@pytest.mark.parametrize("game_id,players,seed,limit", CASES, ids=[c[0] for c in CASES])
def test_golden_playthrough(game_id, players, seed, limit):
    path = path_for(game_id, players, seed)
    moves = json.loads(path.with_suffix(".moves.json").read_text(encoding="utf-8"))
    expected = path.read_text(encoding="utf-8").splitlines()
    actual = replay_case(game_id, players, seed, moves)
    for i, (want, got) in enumerate(zip(expected, actual)):
        assert got == want, f"{path.name} line {i + 1} differs (regenerate and review if intended)"
    assert len(actual) == len(expected)
