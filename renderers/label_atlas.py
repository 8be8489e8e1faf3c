"""Labels that every game of a title shows, rasterised and measured ahead, shipped in
``fonts/label_atlas.json``.

A render worker keeps every label it rasterises (``canvas._label``) and every word it measures
(``canvas._advance``), but its first game of Terra Mystica still rasterised about 500 labels with
FreeType (about 0.1 ms each) and measured about 500 words; about half of them recur in every game
(hex ids at each map type, track and score numbers, the phases' and resources' words, the seat
cards' headings). The atlas holds those masks exactly as ``_label`` makes them (mask, offset) and
those lengths exactly as Pillow measures them; ``canvas`` takes them from here before asking
FreeType.

They are Pillow's own, so the atlas is used only with the Pillow, FreeType and Raqm it was made
with and fonts of the same sizes (``made_with``): another install draws and measures every label
itself, as before. ``tests/renderers/test_label_atlas.py`` draws and measures every entry afresh
and compares, so a font or Pillow change fails there until the atlas is made again:

    .venv/bin/python renderers/fonts/make_label_atlas.py

The file is JSON (``fonts/*.json`` ships with the package): the labels' keys, sizes and offsets,
their masks one after another in one string (each compressed with zlib and in base64 alone: only
the labels drawn are unpacked), and the words' lengths.
"""

from __future__ import annotations

import base64
import json
import threading
import zlib
from pathlib import Path

from PIL import Image

FONT_DIR = Path(__file__).parent / "fonts"
ATLAS_FILE = FONT_DIR / "label_atlas.json"
#: the file's layout (``write``); a file of another is not read
FORMAT = 1


class Atlas:
    """An atlas as read: ``labels`` maps a key (text, size, bold, anchor, halo, fx, fy:
    ``canvas._label``'s arguments) to (start, end, width, height, dx, dy), the mask being
    ``masks[start:end]``; ``advances`` maps (word, size, bold) to its length (``canvas._advance``)."""

    def __init__(self, labels: dict | None = None, masks: str = "", advances: dict | None = None):
        self.labels, self.masks, self.advances = labels or {}, masks, advances or {}

    def mask(self, key: tuple):
        """(mask, dx, dy) of ``key``, or None when not held."""
        entry = self.labels.get(key)
        if entry is None:
            return None
        start, end, w, h, dx, dy = entry
        return Image.frombytes("L", (w, h), zlib.decompress(base64.b64decode(self.masks[start:end]))), dx, dy


_ATLAS: Atlas | None = None   # read when first asked
_LOCK = threading.Lock()
#: False: every label is rasterised and measured (the tests that watch what reaches FreeType turn it off)
enabled = True


def made_with() -> dict:
    """What a mask depends on besides its key: Pillow, the FreeType and Raqm it bundles, and the
    bundled fonts (their sizes: a font rebuilt differently is caught by the atlas test)."""
    import PIL
    from PIL import features

    return {"pillow": PIL.__version__, "freetype2": features.version("freetype2"),
            "raqm": features.version("raqm"),
            "fonts": {p.name: p.stat().st_size for p in sorted(FONT_DIR.iterdir()) if p.suffix in (".ttf", ".otf")}}


def _atlas() -> Atlas:
    global _ATLAS
    if _ATLAS is None:
        with _LOCK:
            if _ATLAS is None:
                _ATLAS = read(ATLAS_FILE)
    return _ATLAS


def find(key: tuple):
    """``canvas._label``'s answer for ``key`` from the atlas: (mask, dx, dy), or None when the
    atlas does not hold it."""
    return _atlas().mask(key) if enabled else None


def advance(word: str, size: int, bold: bool) -> float | None:
    """``canvas._advance``'s answer from the atlas, or None when the atlas does not hold it."""
    return _atlas().advances.get((word, size, bold)) if enabled else None


def read(path: Path) -> Atlas:
    """The atlas at ``path``; empty when it is missing, of another layout or made for another
    Pillow, FreeType, Raqm or fonts."""
    try:
        data = json.loads(path.read_text(encoding="ascii"))
    except (OSError, ValueError):
        return Atlas()
    if data.get("format") != FORMAT or data.get("made_with") != made_with():
        return Atlas()
    labels, start = {}, 0
    for s, size, bold, anchor, halo, fx, fy, w, h, dx, dy, length in data["labels"]:
        labels[(s, size, bold, anchor, halo, fx, fy)] = (start, start + length, w, h, dx, dy)
        start += length
    return Atlas(labels, data["masks"], {(w, size, bold): value for w, size, bold, value in data["advances"]})


def write(path: Path, labels: dict, advances: dict) -> None:
    """Write an atlas: ``labels`` {key: (mask, dx, dy)} as ``canvas._label`` takes and gives them,
    ``advances`` {(word, size, bold): length} as ``canvas._advance`` does."""
    rows, masks = [], []
    for key, (mask, dx, dy) in sorted(labels.items(), key=lambda kv: repr(kv[0])):
        packed = base64.b64encode(zlib.compress(mask.tobytes(), 9)).decode("ascii")
        rows.append([*key, mask.width, mask.height, dx, dy, len(packed)])
        masks.append(packed)
    data = {"format": FORMAT, "made_with": made_with(), "labels": rows, "masks": "".join(masks),
            "advances": [[*key, value] for key, value in sorted(advances.items(), key=repr)]}
    # ASCII (Chinese labels' keys escaped): Python reads and parses a pure ASCII text fastest
    path.write_text(json.dumps(data, separators=(",", ":")) + "\n", encoding="ascii")


def forget() -> None:
    """Read the atlas file again when next asked (after it is made anew)."""
    global _ATLAS
    with _LOCK:
        _ATLAS = None
