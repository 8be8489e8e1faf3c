"""The shipped palette table (``renderers/palette_table.py``): every palette in it is the one its
colours give now, it holds every colour set the renderers draw with (no image of any title builds a
palette), and a palette depends on its set of colours alone, which is what it is looked up by."""

from __future__ import annotations

import random

import pytest
from PIL import Image

import games
import renderers
from games.core.playout import expand
from renderers import canvas as cv
from renderers import make_palette_table, palette_table

REMAKE = "the colours or Pillow changed: run renderers/make_palette_table.py"


def test_the_table_is_what_its_maker_makes_now():
    assert palette_table.PILLOW == Image.__version__, REMAKE
    assert make_palette_table.TABLE_FILE.read_text(encoding="utf-8") == make_palette_table.table_text(), REMAKE
    assert len(palette_table.PALETTES) >= 6   # five titles' turn images and the fixed boards' palettes
    for colours, data in palette_table.PALETTES.items():
        assert colours == cv.colour_set(colours)
        assert bytes(cv._blends_palette(colours).getpalette()) == data, colours


def test_a_palette_depends_on_the_set_of_its_colours_alone():
    rnd = random.Random(5)
    for colours, data in sorted(palette_table.PALETTES.items())[:3]:
        for _ in range(3):
            mixed = [c for c in colours if rnd.random() < 0.7] + list(colours)   # repeats, in any order
            rnd.shuffle(mixed)
            assert bytes(cv._blends_palette(tuple(mixed)).getpalette()) == data
            assert cv.colour_set(mixed) == colours


def test_a_set_the_table_does_not_hold_is_built():
    colours = cv.colour_set([(1, 2, 3), (250, 10, 10)])
    assert colours not in palette_table.PALETTES
    cv.palette_of_set.cache_clear()
    assert cv.palette_of_set(colours).getpalette() == cv._blends_palette(colours).getpalette()


@pytest.fixture
def no_palette_built(monkeypatch):
    built = []

    def build(colours):
        built.append(colours)
        return real(colours)

    real = cv._blends_palette
    monkeypatch.setattr(cv, "_blends_palette", build)
    cv.palette_of_set.cache_clear()
    cv.palette_for.cache_clear()
    cv._KEYED_PALETTES.clear()
    cv._KEYED_BYTES.clear()
    yield built
    cv.palette_of_set.cache_clear()
    cv.palette_for.cache_clear()


def test_no_image_of_any_title_builds_a_palette(no_palette_built):
    for game_id in sorted(renderers.RENDERERS):
        game, rnd = games.get(game_id), random.Random(3)
        for players in (2, 4):
            state = game.setup(players, 3)
            names = ["Ann", "Bob", "Chen", "Dee"][:players]
            for moves in range(400):
                if moves in (0, 40) or game.result(state) is not None:
                    for locale in ("en", "zh-TW"):
                        view = game.view(state, None)
                        for kind in ("turn", "board"):
                            assert renderers.render_png(game_id, view, names, kind=kind, locale=locale)
                        renderers.render_png(game_id, game.view(state, 1), names, 1, locale=locale)
                if game.result(state) is not None or moves == 40:
                    break
                seat = rnd.choice(sorted(game.to_move(state)))
                game.play(state, seat, expand(game, state, seat, "", rnd))
    assert not no_palette_built, f"{len(no_palette_built)} palettes built: {REMAKE}"
