"""The board part of a turn image reads on a phone. Discord shows the 800 px wide turn image
about 400 px wide, so a text drawn on the board part must come out at 22 px or more on the
turn image (11 px on the phone) once the turn image has scaled that part into its room.

Checked where it once read at 6-10 px: the Bruges seat that just moved (a panel of the full
board cut down to 0.6) and a Terra Mystica bonus card pick (four small cards to a row)."""

from __future__ import annotations

import random

import pytest
from PIL import Image

import renderers
from games import get
from games.core.playout import expand
from renderers import canvas as cv
from renderers import terra_mystica as tm
from renderers.turn import MAX_H, WIDTH

#: the smallest type on the turn image, in its own 800 px (a phone shows half)
PHONE_MIN = 22
NAMES = ["小明", "阿華", "陳怡君", "Ann", "Bob"]


def board_type(monkeypatch, game_id: str, view: dict, locale: str) -> list[tuple[str, float]]:
    """(text, size on the turn image) of every text the turn image draws on its board part: its
    size where it was drawn times the scale the turn image pastes the board part at."""
    drawn, scales = [], []
    text, resize = cv.text, Image.Image.resize

    def spy_text(draw, xy, s, size=22, *args, **kwargs):
        if draw._image.size != (WIDTH, MAX_H):  # not the turn image's own canvas: the board part
            drawn.append((str(s), size))
        return text(draw, xy, s, size, *args, **kwargs)

    def spy_resize(self, size, *args, **kwargs):
        scales.append((size[0] * size[1], size[0] / self.width))
        return resize(self, size, *args, **kwargs)

    monkeypatch.setattr(cv, "text", spy_text)
    monkeypatch.setattr(tm, "text", spy_text)
    monkeypatch.setattr(Image.Image, "resize", spy_resize)
    renderers.render_turn(game_id, view, NAMES[:len(view["players"])], locale)
    scale = max(scales)[1]  # the board part is the biggest thing the turn image scales
    return [(s, size * scale) for s, size in drawn if s.strip()]


def _bruges_view(moves: int):
    game = get("bruges")
    rnd = random.Random(4)
    state = game.setup(3, 4)
    for _ in range(moves):
        seat = rnd.choice(sorted(game.to_move(state)))
        game.play(state, seat, expand(game, state, seat, "", rnd))
    return game.view(state, None)


@pytest.mark.parametrize("locale", ["zh-TW", "en"])
@pytest.mark.parametrize("moves", [16, 80, 200])
def test_the_bruges_seat_that_moved_reads_on_a_phone(monkeypatch, locale, moves):
    view = _bruges_view(moves)
    found = board_type(monkeypatch, "bruges", view, locale)
    mover = [p for p in view["players"] if any(f"{{p{p['seat']}}}" in line for line in view["last"])]
    assert found and mover
    small = [(s, round(size, 1)) for s, size in found if size < PHONE_MIN]
    assert not small, small
    # the seat's numbers are there: its canals' next sections, its reputation
    p = mover[0]
    rep = renderers.labels.label("bru.board.reputation", locale, n=p["rep"])
    assert rep in [s for s, _ in found]


@pytest.mark.parametrize("locale", ["zh-TW", "en"])
def test_terra_mystica_bonus_cards_to_pick_read_on_a_phone(monkeypatch, locale):
    game = get("terra-mystica")
    state = game.setup(5, 3)
    while state["phase"] != "bonus":
        seat = sorted(game.to_move(state))[0]
        game.play(state, seat, game.legal_moves(state, seat)[0])
    view = game.view(state, None)
    assert len(view["bonus_cards"]) == 8  # five players leave eight cards: the most there can be
    found = board_type(monkeypatch, "terra-mystica", view, locale)
    cards = [(s, size) for s, size in found if s.startswith("BON")]
    assert len(cards) == 8
    small = [(s, round(size, 1)) for s, size in found if size < PHONE_MIN]
    assert not small, small
