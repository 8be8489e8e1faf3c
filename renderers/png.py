"""A palette image as PNG bytes, deflated by ISA-L when it is installed.

Every board and turn image leaves as a 256-colour PNG (``canvas.to_png``). Pillow writes one
with the system zlib, whose deflate at level 1 was about 2 ms of a 4-7 ms turn image (800 x 900
palette pixels); ISA-L's (``isal``, a binding of Intel's ISA-L) does it in about a third of that
and a little smaller. Pillow cannot be told to use another deflate, so this writes the four
chunks a palette PNG needs (IHDR, PLTE, IDAT, IEND) itself: the pixels and colours decoded are
exactly Pillow's (``tests/renderers/test_png.py``). Without ``isal`` the standard ``zlib`` does the
same at Pillow's speed.
"""

from __future__ import annotations

import struct
import zlib

from PIL import Image

try:
    from isal import isal_zlib as _deflate
    #: ISA-L's levels are 0-3; 1 is about as small as zlib's 1 and much faster
    LEVEL = 1
except ImportError:  # pragma: no cover - isal is a dependency; the standard library still works
    _deflate = zlib
    LEVEL = 1

SIGNATURE = b"\x89PNG\r\n\x1a\n"


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


#: rows framed and deflated at a time: a strip (about 50 KB at 800 pixels a row) stays in the
#: core's own cache on its way to the deflate, where the whole image framed at once (a copy of it,
#: then its bytes, then those joined) streamed three more images' worth through memory shared with
#: the bot's other core (bench/PERF.md, "Goal 4a, session 15")
STRIP = 64


def encode(img: Image.Image) -> bytes:
    """``img`` (mode "P", 8 bits a pixel) as PNG bytes: no row filter (a palette image compresses
    best unfiltered, as Pillow writes it), one IDAT."""
    if img.mode != "P":
        raise ValueError(f"png.encode wants a palette image, not {img.mode}")
    w, h = img.size
    # every row starts with its filter type, 0 (none): a column of zeros on the left gives a strip's
    # rows as PNG stores them in one copy (a crop reaching past the left edge fills it with zeros)
    return _png(w, h, img.getpalette("RGB"), (img.crop((-1, y, w, min(h, y + STRIP))).tobytes()
                                             for y in range(0, h, STRIP)))


def encode_framed(width: int, height: int, palette, framed) -> bytes:
    """The PNG bytes of a palette image ``width`` x ``height`` given as ``framed``: palette images
    one pixel wider, whose rows, top to bottom, make its rows, each led by a pixel of index 0 (the
    row's filter type, none; ``strips.encode`` maps them so, one strip at a time, and never makes the
    whole image); ``palette`` its colours (``getpalette("RGB")``)."""
    return _png(width, height, palette, (strip.tobytes() for strip in framed))


def _png(width: int, height: int, palette, framed) -> bytes:
    """The PNG of ``framed``: its rows as PNG stores them (each led by its filter type), a strip at a time."""
    deflate = _deflate.compressobj(LEVEL)
    idat = [deflate.compress(rows) for rows in framed]
    idat.append(deflate.flush())
    palette = bytes(palette or [0, 0, 0])
    header = struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0)
    return b"".join((SIGNATURE, _chunk(b"IHDR", header), _chunk(b"PLTE", palette[:768]),
                     _chunk(b"IDAT", b"".join(idat)), _chunk(b"IEND", b"")))
