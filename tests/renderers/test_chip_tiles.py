"""Seat chips kept as tiles (``canvas._chip_tile``): a chip drawn again at the same place on a
plain ground is pasted, pixel for pixel what drawing it gives, on any ground and at any place."""

from __future__ import annotations

import random

from PIL import Image, ImageChops, ImageDraw

from renderers import canvas as cv

LABELS = ["Alice", "Bob", "陈", "P2 · 14 VP", "Witches"]


def _drawn(chips, ground, tiles: bool) -> Image.Image:
    img = Image.new("RGB", (420, 300), ground)
    draw = ImageDraw.Draw(img)
    draw.line((0, 150, 420, 151), fill=(10, 120, 200), width=3)   # a ground that is not plain here
    for xy, seat, label, kw in chips:
        if tiles:
            cv.seat_chip(draw, xy, seat, label, **kw)
        else:
            w = cv.chip_width(label, kw.get("size", 22), kw.get("bold", True), kw.get("mark"))
            x = xy[0] - w if kw.get("anchor") == "rm" else xy[0]
            cv._chip(draw, x, xy[1], w, int(kw.get("size", 22) * 1.5), seat, label, kw.get("size", 22),
                     kw.get("bold", True), kw.get("outline"), kw.get("colour") or cv.seat_colour(seat), kw.get("mark"))
    return img


def test_chips_drawn_again_are_the_pixels_drawing_gives_on_any_ground():
    rnd = random.Random(3)
    chips = []
    for _ in range(60):
        kw = {"size": rnd.choice([16, 22, 28]), "anchor": rnd.choice(["lm", "rm"])}
        if rnd.random() < 0.3:
            kw["mark"] = rnd.choice(["★", "B"])
        if rnd.random() < 0.3:
            kw["colour"] = tuple(rnd.randrange(256) for _ in range(3))
        if rnd.random() < 0.2:
            kw["outline"] = (250, 250, 250)
        xy = (rnd.uniform(-10, 400), rnd.choice([20.5, 60, 99.25, 150, 240.75, 295]))
        chips.append((xy, rnd.randrange(5), rnd.choice(LABELS), kw))
    cv._CHIPS.clear()
    for ground in (cv.BG, (40, 40, 40)):
        want = _drawn(chips, ground, tiles=False)
        for _ in range(2):   # the first pass keeps tiles, the second pastes them
            got = _drawn(chips, ground, tiles=True)
            assert ImageChops.difference(got, want).getbbox() is None
    assert cv._CHIPS


def test_a_chip_drawn_again_at_the_same_place_is_pasted(monkeypatch):
    img = Image.new("RGB", (300, 80), cv.BG)
    draw = ImageDraw.Draw(img)
    cv._CHIPS.clear()
    cv.seat_chip(draw, (20.5, 40), 1, "Alice")
    first = img.copy()
    calls = []
    monkeypatch.setattr(ImageDraw.ImageDraw, "rounded_rectangle", lambda *a, **k: calls.append(a))
    img.paste(cv.BG, (0, 0, 300, 80))
    cv.seat_chip(draw, (20.5, 40), 1, "Alice")
    assert calls == []
    assert ImageChops.difference(img, first).getbbox() is None
