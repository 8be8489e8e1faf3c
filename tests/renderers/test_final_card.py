"""The Bruges game-over turn image shows the final scores (``renderers.final_card``), as West of
Africa's does (tests/renderers/test_woa_turn_cards.py)."""

from __future__ import annotations

import random

import pytest

from games import get
from games.core.playout import expand
from renderers import final_card
from renderers.labels import label
from renderers.score_words import word as score_word

from .test_phone_type import PHONE_MIN, board_type

NAMES = ["Bartholomew Q. Smithers", "阿華", "Bob", "小明"]


def _over(game_id: str, players: int = 4, seed: int = 3) -> dict:
    game = get(game_id)
    state = game.setup(players, seed)
    rnd = random.Random(seed)
    while game.result(state) is None:
        seat = rnd.choice(sorted(game.to_move(state)))
        game.play(state, seat, expand(game, state, seat, "", rnd))
    return game.view(state, None)


@pytest.mark.parametrize("locale", ["en", "zh-TW"])
def test_bruges_game_over_shows_the_final_scores(monkeypatch, locale):
    """Seen in the console (zh-TW, 4 players): the game-over image showed the last mover's card
    headed "15 分", its score track, beside its chip's final 42."""
    view = _over("bruges")
    res = view["result"]
    found = board_type(monkeypatch, "bruges", view, locale, NAMES)
    drawn = " | ".join(s for s, _ in found)
    assert label("board.final_scores", locale) in drawn
    for s in range(4):
        assert f"{NAMES[s]} · {label('turn.vp', locale, n=res['scores'][s])}" in drawn, drawn
    top = res["ranking"][0]
    for part, n in res["breakdown"][top].items():
        if n:
            assert f"{score_word('bruges', part, locale)} {n}" in drawn, (part, drawn)
    assert min(size for _, size in found) >= PHONE_MIN


def test_a_part_never_leaves_its_number_behind():
    """The parts run on whole: "reputation" at a line's end and "5" on the next was the wrap."""
    parts = ["track 5", "houses 4", "majorities 8", "persons 5", "laurels 2", "reputation 5"]
    for room in range(140, 700, 10):   # the widest part, "reputation 5", is 135 px
        lines = final_card.run_on(parts, room)
        assert " · ".join(lines) == " · ".join(parts), (room, lines)
