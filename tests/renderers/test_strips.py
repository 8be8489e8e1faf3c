"""``renderers.strips``: an image put together and mapped a strip of rows at a time is the image
put together whole and mapped at once, pixel for pixel."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image, ImageDraw

from renderers import canvas as cv
from renderers import strips


def _drawn(size, seed: int) -> Image.Image:
    rnd = random.Random(seed)
    img = Image.new("RGB", size, cv.PANEL)
    draw = ImageDraw.Draw(img)
    for _ in range(30):
        x, y = rnd.randrange(size[0]), rnd.randrange(size[1])
        draw.ellipse((x - 7, y - 7, x + 7, y + 7), fill=rnd.choice(cv.SEAT_COLOURS))
    cv.text(draw, (3, 3), "VP 17 · 中", size=22)
    return img


@pytest.mark.parametrize("height", [1, strips.ROWS, 3 * strips.ROWS + 5])
def test_strips_map_as_the_whole_image_does(height):
    """Parts that cross strips, a part of which only its first rows show (the header's kept canvas),
    a part reaching past the right edge and the bottom, and an outline whose edges fall in
    different strips: decoded, the PNG is the whole image mapped onto the same palette."""
    width = 300
    tall = _drawn((width, 500), 1)   # only its first rows show
    parts = [strips.Part(tall, (0, 0), strips.ROWS + 3),
             strips.Part(_drawn((120, 90), 2), (40, strips.ROWS - 10)),
             strips.Part(_drawn((200, 150), 3), (250, height - 20))]
    outlines = (((39, strips.ROWS - 11, 160, strips.ROWS + 80), cv.MUTED),)
    palette = cv.named_palette(tuple(cv.SEAT_COLOURS))
    data = strips.encode(width, height, parts, palette, cv.BG, outlines)
    img = Image.open(io.BytesIO(data))
    img.load()
    want = strips.whole(width, height, parts, cv.BG, outlines).quantize(palette=palette, dither=Image.Dither.NONE)
    assert img.size == (width, height) and img.mode == "P"
    assert img.tobytes() == want.tobytes()
    assert img.convert("RGB").tobytes() == want.convert("RGB").tobytes()


def test_the_whole_is_the_parts_in_their_places():
    """Only a part's first ``rows`` show, later parts cover earlier ones, the outline is over all."""
    red, blue = Image.new("RGB", (10, 10), (255, 0, 0)), Image.new("RGB", (4, 4), (0, 0, 255))
    got = strips.whole(12, 12, [strips.Part(red, (1, 1), 5), strips.Part(blue, (3, 3))], cv.BG,
                       (((0, 0, 11, 11), (0, 255, 0)),))
    assert got.getpixel((1, 5)) == (255, 0, 0) and got.getpixel((1, 6)) == cv.BG
    assert got.getpixel((4, 4)) == (0, 0, 255) and got.getpixel((0, 7)) == (0, 255, 0)


def test_the_kept_strips_carry_nothing_from_one_image_to_the_next():
    """The strip canvases are kept per thread (``strips._blank``, ``strips._framed``): an image of
    another width between two encodes of the same parts changes nothing of the second."""
    palette = cv.named_palette(tuple(cv.SEAT_COLOURS))
    parts = [strips.Part(_drawn((300, 100), 4), (0, strips.ROWS // 2))]
    first = strips.encode(300, 3 * strips.ROWS, parts, palette, cv.BG)
    strips.encode(200, 2 * strips.ROWS, [strips.Part(_drawn((200, 90), 5), (0, 0))], palette, cv.PANEL)
    again = strips.encode(300, 3 * strips.ROWS, parts, palette, cv.BG)
    decoded = [Image.open(io.BytesIO(data)) for data in (first, again)]
    assert decoded[0].tobytes() == decoded[1].tobytes()
