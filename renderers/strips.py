"""An image made of parts drawn apart, put together a strip of rows at a time, never whole.

    encode(width, height, parts, palette, ground, outlines=()) -> PNG bytes
    whole(width, height, parts, ground, outlines=()) -> the RGB image (``canvas.capture_images``)

The turn image is a header, a board part and the seat panel below it, each drawn on a canvas of its
own. Pasted onto one 800 x 1000 RGB canvas (Pillow keeps 4 bytes a pixel: about 3 MB) that was
filled first and read whole by the quantizer after, they streamed several images' worth through the
memory the render workers share with the bot's other core (bench/PERF.md, "Goal 4a, session 16").
Here each strip of ``ROWS`` rows is put together from the parts' rows in a canvas small enough
to stay in the core's own cache, mapped onto the palette and deflated, so each part is written once
and read once. Pillow maps every pixel onto a given palette by its colour alone (the palette's
colour cache is a function of the colour), so the pixels are those of the whole image mapped at once.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass

from PIL import Image, ImageDraw

from . import png


@dataclass(frozen=True)
class Part:
    """``image``, its top-left corner at ``at`` on the whole, its first ``rows`` rows only (all
    when None: the turn image's header is drawn on a kept canvas taller than the header)."""
    image: Image.Image
    at: tuple[int, int]
    rows: int | None = None

    def height(self) -> int:
        return self.image.height if self.rows is None else min(self.rows, self.image.height)


#: rows put together and mapped at a time: a strip (100 KB in RGB at 800 px), the parts' rows cut
#: for it, its palette strip and their bytes stay in the core's own 1 MB L2 on their way to the
#: deflate (at 64 rows a quarter more lines went past it: bench/PERF.md, "Goal 4a, session 16")
ROWS = 32


def _spans(parts) -> list[tuple[Image.Image, int, int, int]]:
    """(image, x, first row, row past the last) of each part on the whole."""
    return [(part.image, part.at[0], part.at[1], part.at[1] + part.height()) for part in parts]


_KEPT = threading.local()


def _blank(width: int, n: int, ground) -> Image.Image:
    """A strip of ``n`` rows filled with ``ground``: a full one is the same canvas each time (kept per
    thread), whose memory the core's cache still holds from the strip before, where a new one's
    may not be."""
    kept = getattr(_KEPT, "strip", None)
    if n != ROWS:
        return Image.new("RGB", (width, n), ground)
    if kept is None or kept.width != width:
        kept = _KEPT.strip = Image.new("RGB", (width, ROWS))
    kept.paste(ground, (0, 0, width, ROWS))
    return kept


def _framed(mapped, width: int) -> Image.Image:
    """``mapped`` (a core palette image of a strip) behind a column of index 0, as a palette image
    whose bytes are the strip's rows as PNG keeps them: a full strip in one kept per thread (its
    first column is never written)."""
    n = mapped.size[1]
    kept = getattr(_KEPT, "framed", None) if n == ROWS else None
    if kept is None or kept.width != width + 1:
        kept = Image.new("P", (width + 1, n), 0)
        if n == ROWS:
            _KEPT.framed = kept
    kept.im.paste(mapped, (1, 0, width + 1, n))
    return kept


def _strip(width: int, top: int, n: int, spans, ground, outlines) -> Image.Image:
    """Rows ``top`` to ``top + n`` of the whole, in RGB: the parts in their order, then the outlines."""
    end = top + n
    shown = [span for span in spans if span[2] < end and span[3] > top]
    lines = [line for line in outlines if line[0][1] < end and line[0][3] >= top]
    if shown and not lines:
        image, x, y0, y1 = shown[-1]
        if x == 0 and image.width >= width and y0 <= top and y1 >= end:
            # the rows of one part, wall to wall (the header's, the seat panel's): cut from it alone
            return image.crop((0, top - y0, width, end - y0))
    strip = _blank(width, n, ground)
    for image, x, y0, y1 in shown:
        a, b = max(top, y0), min(end, y1)
        strip.paste(image.crop((0, a - y0, image.width, b - y0)), (x, a - top))
    if lines:
        draw = ImageDraw.Draw(strip)
        for (x0, y0, x1, y1), colour in lines:   # the rows of ``top`` and on, shifted by a whole strip
            draw.rectangle((x0, y0 - top, x1, y1 - top), outline=colour, width=1)
    return strip


def encode(width: int, height: int, parts, palette: Image.Image, ground, outlines=()) -> bytes:
    """The PNG of the whole: ``parts`` (``Part``, later ones over earlier ones) on ``ground``, then
    ``outlines`` ((box, colour), a 1 px rectangle each) drawn over them, each strip mapped onto
    ``palette`` (a palette image, as ``Image.quantize`` takes it) with no dithering."""
    spans = _spans(parts)
    palette.load()
    first = _strip(width, 0, min(ROWS, height), spans, ground, outlines).quantize(
        palette=palette, dither=Image.Dither.NONE)   # its colours are the PNG's, as the whole's would be

    def framed():
        for top in range(0, height, ROWS):
            if top:
                strip = _strip(width, top, min(ROWS, height - top), spans, ground, outlines)
                # ``quantize(palette=palette, dither=NONE)``'s own mapping, without its checks and
                # its copy of the palette for each strip (the strips' palette is ``first``'s)
                mapped = strip.im.convert("P", Image.Dither.NONE, palette.im)
            else:
                mapped = first.im
            # a column of index 0 on the left: the filter type that leads each of a PNG's rows
            # (none), so the strip's bytes are its rows as PNG keeps them
            yield _framed(mapped, width)
    return png.encode_framed(width, height, first.getpalette("RGB"), framed())


def whole(width: int, height: int, parts, ground, outlines=()) -> Image.Image:
    """The whole as one RGB image: what ``encode`` maps strip by strip."""
    return _strip(width, 0, height, _spans(parts), ground, outlines)
