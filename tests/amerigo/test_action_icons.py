"""Amerigo's actions are told apart without colour: any two cube colours closer than 15
CIEDE2000 under normal vision or a dichromacy carry different icons, and those icons show
on the drawn cube, in the action circle and in its key as that player sees them."""

from __future__ import annotations

import pytest

from games.amerigo import GAME
from games.amerigo.data import COLOURS
from renderers import amerigo as A
from renderers import amerigo_icons as AI
from renderers import canvas as C
from renderers import cvd

#: the gap under which colour alone does not tell two actions apart
COLOUR_GAP = 15.0
SIZE = 20  # the key's cubes


def test_every_action_has_its_own_icon():
    assert set(AI.ICONS) == set(COLOURS)
    assert len(set(AI.ICONS.values())) == len(COLOURS)


def _cube(colour: str, size: int = SIZE):
    img, draw = C.new_canvas(size + 4, size + 4)
    A._cube(draw, 2, 2, colour, size)
    return img


def _mark(colour: str, kind: str, size: int = SIZE) -> set[tuple[int, int]]:
    """The cube's pixels inside its outline that stand apart (>= 8) from its colour as ``kind`` sees."""
    img = _cube(colour, size)
    fill = A.CUBE[colour]
    far = {c: cvd.delta_e(c, fill, kind) >= 8 for _, c in img.getcolors(1 << 16)}
    inner = range(5, size)  # inside the 2 px outline
    return {(x, y) for x in inner for y in inner if far[img.getpixel((x, y))]}


def _close_pairs(kind):
    for i, a in enumerate(COLOURS):
        for b in COLOURS[i + 1:]:
            gap = cvd.delta_e(A.CUBE[a], A.CUBE[b], kind)
            if gap < COLOUR_GAP:
                yield a, b, gap


def test_the_red_green_trouble_is_real():
    assert ("red", "green") in {(a, b) for a, b, _ in _close_pairs("deuteranopia")}


@pytest.mark.parametrize("kind", cvd.KINDS)
@pytest.mark.parametrize("size", [SIZE, A.ICON_CUBE])
def test_close_actions_differ_by_an_icon_that_shows(kind, size):
    for a, b, gap in _close_pairs(kind):
        ma, mb = _mark(a, kind, size), _mark(b, kind, size)
        for colour, mark in ((a, ma), (b, mb)):
            assert len(mark) >= 0.15 * (size - 5) ** 2, f"{kind}: the {colour} cube's icon hardly shows"
        overlap = len(ma & mb) / len(ma | mb)
        assert overlap < 0.6, f"{kind}: {a} and {b} ({gap:.1f} apart) have look-alike icons ({overlap:.2f})"


def test_every_icon_stands_apart_from_its_cube():
    for colour in COLOURS:
        ink = C.contrast(A.CUBE[colour])
        for kind in cvd.KINDS:
            assert cvd.delta_e(ink, A.CUBE[colour], kind) >= 30, (colour, kind)


def test_the_circle_and_its_key_draw_every_action_icon(monkeypatch):
    """The circle draws each action's icon on its slice and on its cube in the key; the
    tower's small cubes go without."""
    drawn = []
    real = AI.icon

    def spy(draw, colour, x, y, s, ink):
        drawn.append((colour, s))
        return real(draw, colour, x, y, s, ink)

    monkeypatch.setattr(A, "icon", spy)
    view = GAME.view(GAME.setup(3, 1), None)
    img, draw = C.new_canvas(640, 400)
    A._circle(draw, view, (0, 0, 620, 372), "en", False)
    slices = [c for c, s in drawn if s == 11]
    key = [c for c, s in drawn if s == 0.3 * 20]
    assert slices == list(COLOURS) and key == list(COLOURS)
    assert all(s >= 0.3 * A.ICON_CUBE for _, s in drawn)
