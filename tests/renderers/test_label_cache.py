"""The label cache in ``canvas.text``: every board's labels are rasterised once and then stamped,
pixel for pixel what Pillow would have drawn."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image, ImageChops, ImageDraw

import games
import renderers
from games.core.playout import expand
from renderers import canvas as cv
from tests.pictures import shown

LATIN = ["E5", "12", "Tenerife", "VP 34", "—", "Wg", "ÆÖ", "+3 coins"]


def test_stamped_labels_are_what_pillow_draws():
    rnd = random.Random(1)
    for mode, ground in (("RGB", (30, 120, 200)), ("RGBA", (30, 120, 200, 128))):
        for _ in range(150):
            s, size, bold = rnd.choice(LATIN), rnd.choice([14, 18, 22, 30]), rnd.random() < 0.5
            anchor = rnd.choice(["la", "mm", "lm", "rm", "ms", "rs", "ma", "ls"])
            xy = (rnd.choice([50, 50.5, 50.25, 73.3333]), rnd.choice([40, 40.5, 41.7]))
            fill, outline = rnd.choice([cv.INK, cv.WHITE, (200, 10, 10)]), rnd.choice([None, cv.WHITE, cv.INK])
            want = Image.new(mode, (200, 90), ground)
            halo = {} if outline is None else {"stroke_width": max(2, size // 10), "stroke_fill": outline}
            ImageDraw.Draw(want).text(xy, s, font=cv.font(size, bold), anchor=anchor, fill=fill, **halo)
            for _ in range(2):  # the first draw fills the cache, the second is stamped from it
                got = Image.new(mode, (200, 90), ground)
                cv.text(ImageDraw.Draw(got), xy, s, size, fill, bold, anchor, outline)
                assert got.tobytes() == want.tobytes(), (mode, s, size, bold, anchor, xy, outline)


def test_mixed_scripts_and_the_edges_draw_the_same_from_the_cache():
    for s, xy in (("小明 🎲 VP", (20.5, 40)), ("回合 3", (0, 0)), ("要塞/聖殿 +5 分", (7.25, 33.5)), ("Edge", (-6.5, 30))):
        for outline in (None, cv.WHITE):
            want = Image.new("RGB", (220, 80), cv.BG)  # straight through Pillow: the halo of every run first
            if outline is not None:  # (a run's halo no longer covers the edge of the glyph before it)
                cv._draw_line(ImageDraw.Draw(want), xy, s, 24, outline, True, "lm", outline)
            cv._draw_line(ImageDraw.Draw(want), xy, s, 24, cv.INK, True, "lm", None)
            assert want.getbbox() is not None
            for _ in range(2):
                got = Image.new("RGB", (220, 80), cv.BG)
                cv.text(ImageDraw.Draw(got), xy, s, 24, cv.INK, True, "lm", outline)
                # exact; where two runs' halos overlap, one blend instead of two may round one level apart
                worst = max(hi for _lo, hi in ImageChops.difference(got, want).getextrema())
                assert worst <= (0 if outline is None else 1), (s, xy, outline, worst)


def _view(gid: str, moves: int = 10):
    game = games.get(gid)
    state = game.setup(3, 2)
    rnd = random.Random(2)
    for _ in range(moves):
        seat = rnd.choice(sorted(game.to_move(state)))
        game.play(state, seat, expand(game, state, seat, "", rnd))
    return game.view(state, None)


@pytest.mark.parametrize("gid", sorted(renderers.RENDERERS))
def test_every_board_draws_its_labels_through_the_cache(gid):
    view, names = _view(gid), ["Ann", "Bo", "Cy"]
    renderers.render(gid, view, names)
    renderers.render_turn(gid, view, names)
    before = cv._label.cache_info()
    renderers.render(gid, view, names)
    renderers.render_turn(gid, view, names)
    after = cv._label.cache_info()
    assert after.misses == before.misses  # the same board again: no label rasterised again
    assert after.hits - before.hits >= 30  # ... and its labels came from the shared cache


def _through_imagedraw(s, size, bold, anchor, halo, fx, fy):
    """A label as ``_label`` drew every one before its Latin short way: ``ImageDraw.text`` onto a
    blank canvas around the point, cut to its ink (None: no ink)."""
    reach = 2 * size + 4 + (max(2, size // 10) if halo else 0)
    width = cv.text_width(s, size, bold)
    ox, oy = reach + width, 2 * reach
    mask = Image.new("L", (2 * (reach + width), 4 * reach), 0)
    cv._draw_line(ImageDraw.Draw(mask), (ox + fx, oy + fy), s, size, 255, bold, anchor, 255 if halo else None)
    box = mask.getbbox()
    return None if box is None else (mask.crop(box), box[0] - ox, box[1] - oy)


@pytest.mark.parametrize("gid", sorted(renderers.RENDERERS))
def test_latin_labels_taken_from_pillows_mask_are_what_imagedraw_draws(gid, monkeypatch):
    """Every Latin label a board and a turn image of each title draw (hex ids at their fractions
    of a pixel, every anchor used), each with and without its halo: the mask ``_latin_label`` takes
    from ``getmask2`` is the one ``ImageDraw.text`` draws, pixel for pixel and at the same offset."""
    seen = {}
    real = cv._label

    def spy(*args):
        seen[args] = None
        return real(*args)

    monkeypatch.setattr(cv, "_label", spy)
    view, names = _view(gid, moves=25), ["Ann", "Bo", "Cy"]
    renderers.render(gid, view, names)
    renderers.render_turn(gid, view, names)
    latin = [a for a in seen if cv.runs(a[0]) == (("latin", a[0]),)]
    assert len(latin) >= 30
    for args in latin + [(*a[:4], not a[4], *a[5:]) for a in latin]:
        got, want = cv._latin_label(*args), _through_imagedraw(*args)
        assert (got is None) == (want is None), args
        if got is not None:
            assert got[1:] == want[1:] and got[0].size == want[0].size, args
            assert got[0].tobytes() == want[0].tobytes(), args


def _drawn_both_ways(gid: str, views: list, monkeypatch) -> None:
    """Every turn image and board of ``views``, with labels pasted from their plain-ground tiles
    (each label three times: seen, its tile made, then pasted) and stamped as before: the same
    picture."""
    names = ["Ann", "Bo", "Cy"]
    for view in views:
        for draw in (renderers.render_turn, renderers.render):
            monkeypatch.setattr(cv, "TILE_MIN_AREA", 10**9)  # every label stamped
            want = draw(gid, view, names)
            monkeypatch.setattr(cv, "TILE_MIN_AREA", 0)  # every label on a plain ground pasted
            for _ in range(3):
                assert shown(draw(gid, view, names)) == shown(want), (gid, draw.__name__)


@pytest.mark.parametrize("gid", sorted(renderers.RENDERERS))
def test_labels_pasted_from_their_plain_ground_are_what_stamping_draws(gid, monkeypatch):
    monkeypatch.setattr(cv, "_TILES", type(cv._TILES)())
    monkeypatch.setattr(cv, "_SEEN", type(cv._SEEN)())
    monkeypatch.setattr(cv, "TILE_BUDGET", 256 * 1024)  # small: tiles go out and come back
    _drawn_both_ways(gid, [_view(gid, moves) for moves in (0, 9, 24)], monkeypatch)
    assert len(cv._TILES) >= 10  # labels were pasted ...
    kept = sum(4 * t.width * t.height for t in cv._TILES.values())
    assert kept == cv._TILES.held <= cv.TILE_BUDGET  # ... and the tiles kept stay in their budget


def test_a_label_on_a_ground_of_two_colours_is_stamped():
    """Where the ground under a label is not one colour, it is blended as Pillow does, never pasted."""
    for outline in (None, cv.WHITE):
        want = Image.new("RGB", (300, 80), cv.BG)
        ImageDraw.Draw(want).rectangle((100, 0, 300, 40), fill=(200, 60, 60))
        got = want.copy()
        ImageDraw.Draw(want).text((20.5, 40), "Tenerife 34", font=cv.font(30, True), anchor="lm", fill=cv.INK,
                                  **({} if outline is None else {"stroke_width": 3, "stroke_fill": outline}))
        before = len(cv._TILES)
        for _ in range(2):
            img = got.copy()
            cv.text(ImageDraw.Draw(img), (20.5, 40), "Tenerife 34", 30, cv.INK, True, "lm", outline)
            assert img.tobytes() == want.tobytes(), outline
        assert len(cv._TILES) == before


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet=st.sampled_from([*(chr(c) for c in range(32, 127)), "·", "→", "…", "—", "×", "Ö", " "]),
               max_size=24),
       st.integers(10, 60), st.booleans())
def test_a_latin_line_is_as_long_as_its_words_and_spaces(s, size, bold):
    """``text_width`` of a Latin line adds up its words' and spaces' lengths: Pillow's length of
    the whole line (the bundled Latin font kerns no pair with a space and joins nothing across one)."""
    assert cv._width.__wrapped__(s, size, bold) == int(cv.font(size, bold).getlength(s))


@pytest.mark.parametrize("gid", sorted(renderers.RENDERERS))
def test_every_line_a_title_measures_is_as_long_as_pillow_says(gid, monkeypatch):
    seen = []
    real = cv._width

    def spy(s, size, bold):
        seen.append((s, size, bold))
        return real(s, size, bold)

    monkeypatch.setattr(cv, "_width", spy)
    view = _view(gid, 20)
    renderers.render(gid, view, ["Ann", "Bo", "Cy"])
    renderers.render_turn(gid, view, ["Ann", "Bo", "Cy"])
    spaced = [a for a in seen if " " in a[0] and cv.runs(a[0]) == (("latin", a[0]),)]
    assert len(spaced) >= 10
    for s, size, bold in spaced:
        assert real.__wrapped__(s, size, bold) == int(cv.font(size, bold).getlength(s)), (s, size, bold)
