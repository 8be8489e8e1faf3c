"""Seat colours stay apart for colour-blind players, and every seat has a second cue."""

from __future__ import annotations

import importlib

import pytest

import renderers
from renderers import canvas as cv
from renderers import cvd
from tests.pictures import shown

#: minimum CIEDE2000 between two seats, and between a seat and a ground
SEAT_GAP = 15.0
GROUND_GAP = 12.0


def test_ciede2000_matches_published_pairs():
    # Sharma, Wu & Dalal (2005) test data, pairs 1 and 17
    assert cvd.ciede2000((50, 2.6772, -79.7751), (50, 0, -82.7485)) == pytest.approx(2.0425, abs=1e-4)
    assert cvd.ciede2000((50, 2.5, 0), (73, 25, -18)) == pytest.approx(27.1492, abs=1e-4)


def test_simulation_keeps_greys_and_merges_red_green():
    for kind in cvd.KINDS:
        grey = cvd.simulate((128, 128, 128), kind)
        assert all(abs(v - 128) < 2 for v in grey), kind
    # the textbook failure: pure red and green collapse under deuteranopia
    assert cvd.delta_e((214, 39, 40), (44, 160, 44), "deuteranopia") < 8


@pytest.mark.parametrize("kind", cvd.KINDS)
def test_every_seat_pair_is_distinct(kind):
    gap, i, j = cvd.worst_pair(cv.SEAT_COLOURS, kind)
    assert gap >= SEAT_GAP, f"{kind}: {cv.SEAT_COLOUR_NAMES[i]} vs {cv.SEAT_COLOUR_NAMES[j]} only {gap:.1f}"


def _grounds():
    out = {f"canvas {c}": c for c in cv.GROUNDS}
    for gid, module in renderers.RENDERERS.items():
        for c in getattr(importlib.import_module(module), "GROUNDS", ()):
            out[f"{gid} {c}"] = c
    return out


@pytest.mark.parametrize("kind", cvd.KINDS)
def test_seats_stand_out_on_their_grounds(kind):
    grounds = _grounds()
    assert len(grounds) > len(cv.GROUNDS)  # the renderers' own grounds are included
    for s, colour in enumerate(cv.SEAT_COLOURS):
        for name, ground in grounds.items():
            gap = cvd.delta_e(colour, ground, kind)
            assert gap >= GROUND_GAP, f"{kind}: {cv.SEAT_COLOUR_NAMES[s]} on {name}: {gap:.1f}"


def test_every_seat_has_a_distinct_letter_and_shape():
    n = len(cv.SEAT_COLOURS)
    assert len(set(cv.SEAT_LETTERS[:n])) == n == len(set(cv.SEAT_SHAPES[:n]))
    assert [name[0].upper() for name in cv.SEAT_COLOUR_NAMES] == cv.SEAT_LETTERS


def test_seat_mark_draws_shape_and_letter():
    img, draw = cv.new_canvas(80, 80)
    for seat in range(5):
        img.paste(cv.BG, (0, 0, 80, 80))
        cv.seat_mark(draw, 40, 40, 30, seat)
        colours = {c for _, c in img.getcolors(10000)}
        assert cv.seat_colour(seat) in colours
        assert cv.contrast(cv.seat_colour(seat)) in colours  # the letter


def test_keyed_palette_cache_is_small_and_lru(monkeypatch):
    monkeypatch.setattr(cv, "KEYED_PALETTE_BUDGET", 4 * 1024)
    cv._KEYED_PALETTES.clear()
    cv._KEYED_BYTES.clear()
    img, draw = cv.new_canvas(400, 300)
    draw.rectangle((10, 10, 200, 200), fill=cv.SEAT_COLOURS[0])
    first = cv.to_png(img, cv.SEAT_COLOURS, palette_key=("k", 0))
    for i in range(1, 10):
        cv.to_png(img, cv.SEAT_COLOURS, palette_key=("k", i))
        cv.to_png(img, cv.SEAT_COLOURS, palette_key=("k", 0))  # kept warm
    kept = [key for key, _colours in cv._KEYED_PALETTES]  # (key, colours): one palette per key here
    assert ("k", 0) in kept  # recently used survives
    assert ("k", 1) not in kept  # the oldest went
    assert sum(cv._KEYED_BYTES.values()) <= 4 * 1024
    assert all(p.size == (1, 1) for p in cv._KEYED_PALETTES.values())
    assert shown(cv.to_png(img, cv.SEAT_COLOURS, palette_key=("k", 0))) == shown(first)
