"""What a PNG shows, for tests that compare a posted image with the same image drawn again.

Compare images by what they show (mode, size, palette, every pixel's index), never by their
bytes: the deflate (ISA-L, ``renderers/png.py``) now and then packs the same pixels into other
bits, depending on the process's past (bench/PERF.md, "Boards, session 8"). Players see pixels;
an assertion on bytes would fail once in a few thousand images for nothing."""

from __future__ import annotations

import hashlib
import io

from PIL import Image


def shown(png: bytes | None) -> str:
    """A short digest of what ``png`` shows (``"none"`` for no image): equal digests, the same
    picture. Short, so a failing assertion prints two lines rather than two whole PNGs."""
    if png is None:
        return "none"
    img = Image.open(io.BytesIO(png))
    seen = repr((img.mode, img.size)).encode() + bytes(img.getpalette() or []) + img.tobytes()
    return hashlib.sha256(seen).hexdigest()
