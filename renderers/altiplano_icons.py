"""Altiplano's goods as small picture tiles (a loaf, a cob, a log, a fish...).

Each good is a rounded tile in its colour with a silhouette on it, so two
goods differ in shape as well as colour (the old two-letter chips needed a
key to read and were unreadable shrunk). The silhouettes are data: lists of
primitives in a unit square, drawn 4x larger and scaled down once per size
(anti-aliased, cached), then pasted.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from .canvas import INK, contrast

#: the tile colour of every good
GOOD_COLOURS = {
    "food": (233, 196, 106), "corn": (250, 214, 30), "wood": (141, 94, 52),
    "stone": (150, 150, 150), "fish": (70, 140, 210), "alpaca": (236, 228, 210),
    "ore": (80, 80, 95), "wool": (250, 250, 250), "cacao": (110, 60, 40),
    "glass": (140, 220, 220), "cloth": (200, 60, 90), "silver": (205, 210, 225),
}

#: silhouettes: (primitive, points or box[, width]) in a unit square
GLYPHS: dict[str, list[tuple]] = {
    # a round loaf with three cuts
    "food": [("ellipse", (0.14, 0.32, 0.86, 0.76)),
             ("cut", [(0.34, 0.42), (0.28, 0.62)], 0.05), ("cut", [(0.52, 0.40), (0.46, 0.64)], 0.05),
             ("cut", [(0.70, 0.42), (0.64, 0.62)], 0.05)],
    # a cob between two leaves
    "corn": [("poly", [(0.50, 0.92), (0.22, 0.50), (0.30, 0.40), (0.50, 0.78)]),
             ("poly", [(0.50, 0.92), (0.78, 0.50), (0.70, 0.40), (0.50, 0.78)]),
             ("ellipse", (0.36, 0.08, 0.64, 0.80)),
             ("cut", [(0.50, 0.14), (0.50, 0.74)], 0.04), ("cut", [(0.38, 0.44), (0.62, 0.44)], 0.04)],
    # a log lying down, its cut end with a ring
    "wood": [("rect", (0.12, 0.34, 0.76, 0.66)), ("ellipse", (0.64, 0.30, 0.90, 0.70)),
             ("ring", (0.71, 0.42, 0.83, 0.58), 0.04)],
    # a rough block
    "stone": [("poly", [(0.14, 0.74), (0.22, 0.40), (0.44, 0.22), (0.74, 0.28), (0.88, 0.52), (0.80, 0.78)])],
    # a fish with its tail and an eye
    "fish": [("ellipse", (0.10, 0.32, 0.68, 0.68)), ("poly", [(0.62, 0.50), (0.90, 0.28), (0.90, 0.72)]),
             ("dot", (0.22, 0.44, 0.29, 0.51))],
    # an alpaca's long neck and head with ears
    "alpaca": [("poly", [(0.36, 0.90), (0.36, 0.34), (0.42, 0.20), (0.52, 0.16), (0.70, 0.24), (0.72, 0.34),
                         (0.54, 0.36), (0.54, 0.90)]),
               ("poly", [(0.42, 0.20), (0.44, 0.06), (0.50, 0.18)]),
               ("poly", [(0.50, 0.17), (0.55, 0.05), (0.58, 0.19)])],
    # a cut gem of ore
    "ore": [("poly", [(0.50, 0.12), (0.84, 0.34), (0.74, 0.80), (0.26, 0.80), (0.16, 0.34)]),
            ("cut", [(0.16, 0.34), (0.50, 0.46), (0.84, 0.34)], 0.04), ("cut", [(0.50, 0.46), (0.50, 0.80)], 0.04)],
    # a fleece: a cloud of curls
    "wool": [("ellipse", (0.12, 0.38, 0.46, 0.72)), ("ellipse", (0.32, 0.22, 0.68, 0.58)),
             ("ellipse", (0.54, 0.38, 0.88, 0.72)), ("ellipse", (0.30, 0.46, 0.70, 0.80))],
    # a cacao pod with its ridge
    "cacao": [("poly", [(0.50, 0.08), (0.72, 0.26), (0.78, 0.52), (0.68, 0.80), (0.50, 0.92), (0.32, 0.80),
                        (0.22, 0.52), (0.28, 0.26)]),
              ("cut", [(0.50, 0.16), (0.50, 0.84)], 0.05)],
    # a vase
    "glass": [("poly", [(0.40, 0.10), (0.60, 0.10), (0.58, 0.28), (0.78, 0.50), (0.70, 0.88), (0.30, 0.88),
                        (0.22, 0.50), (0.42, 0.28)])],
    # a folded cloth with stripes
    "cloth": [("poly", [(0.12, 0.30), (0.70, 0.22), (0.88, 0.70), (0.30, 0.78)]),
              ("cut", [(0.22, 0.42), (0.74, 0.35)], 0.05), ("cut", [(0.26, 0.58), (0.80, 0.51)], 0.05)],
    # an ingot
    "silver": [("poly", [(0.28, 0.30), (0.72, 0.30), (0.88, 0.72), (0.12, 0.72)]),
               ("cut", [(0.34, 0.40), (0.56, 0.40)], 0.05)],
}

SUPER = 4  # drawn this many times larger, then scaled down


def glyph_ink(good: str):
    """The silhouette's colour: dark on light tiles, light on dark ones."""
    back = GOOD_COLOURS.get(good, (200, 200, 200))
    return (60, 50, 40) if contrast(back) == INK else (250, 246, 236)


@lru_cache(maxsize=128)
def icon(good: str, size: int) -> Image.Image:
    """The RGBA tile of ``good``, ``size`` px square."""
    big = size * SUPER
    img = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    back = GOOD_COLOURS.get(good, (200, 200, 200))
    ink = glyph_ink(good)
    d.rounded_rectangle((0, 0, big - 1, big - 1), radius=big // 5, fill=back, outline=INK, width=max(2, big // 22))
    inset = big * 0.08

    def pt(x, y):
        return (inset + x * (big - 2 * inset), inset + y * (big - 2 * inset))

    for item in GLYPHS.get(good, []):
        kind, geo = item[0], item[1]
        if kind in ("poly",):
            d.polygon([pt(x, y) for x, y in geo], fill=ink)
        elif kind in ("ellipse", "dot", "rect", "ring"):
            (x0, y0), (x1, y1) = pt(geo[0], geo[1]), pt(geo[2], geo[3])
            if kind == "rect":
                d.rectangle((x0, y0, x1, y1), fill=ink)
            elif kind == "ring":
                d.ellipse((x0, y0, x1, y1), outline=back, width=max(1, int(item[2] * big)))
            else:
                d.ellipse((x0, y0, x1, y1), fill=back if kind == "dot" else ink)
        elif kind == "cut":  # a line in the tile's colour across the silhouette
            d.line([pt(x, y) for x, y in geo], fill=back, width=max(1, int(item[2] * big)), joint="curve")
    return img.resize((size, size), Image.Resampling.LANCZOS)


def paste_icon(img: Image.Image, x: float, y: float, good: str, size: int) -> int:
    """Pastes the tile of ``good`` with its top-left at (x, y); returns the x after it."""
    tile = icon(good, size)
    img.paste(tile, (int(x), int(y)), tile)
    return int(x) + size + max(2, size // 9)


@lru_cache(maxsize=128)
def ghost(good: str, size: int) -> Image.Image:
    """A faded tile of ``good``: a space waiting for that good (an order's need)."""
    tile = icon(good, size).copy()
    tile.putalpha(tile.getchannel("A").point(lambda a: a * 40 // 100))
    return tile


def paste_ghost(img: Image.Image, x: float, y: float, good: str, size: int) -> int:
    """Pastes the faded tile of ``good`` in a dashed frame; returns the x after it."""
    tile = ghost(good, size)
    img.paste(tile, (int(x), int(y)), tile)
    return int(x) + size + max(2, size // 9)
