"""Drawing helpers every renderer shares: fonts, palette, panels, hexes, PNG out.

Boards are drawn about 1600 px wide so they stay legible when Discord shows
them shrunk on a phone: body text is never below ~20 px.
"""

from __future__ import annotations

import json
import math
import re
import threading
from collections import OrderedDict
from contextlib import contextmanager
from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from . import label_atlas, png

FONT_DIR = Path(__file__).parent / "fonts"

#: Seat colours, in seat order. Chosen so every pair stays apart (CIEDE2000
#: >= 15) for normal vision and simulated deuteranopia, protanopia and
#: tritanopia, and every colour stays apart from the grounds pieces stand on
#: (tests/renderers/test_seat_palette.py). The names stay the colour words
#: players type ("bump blue"); the letters and shapes below are the second cue.
SEAT_COLOURS = [
    (205, 55, 25),    # red (vermillion)
    (76, 105, 195),   # blue
    (23, 161, 103),   # green (bluish)
    (238, 172, 5),    # yellow (amber)
    (121, 49, 107),   # purple (plum)
]
SEAT_COLOUR_NAMES = ["red", "blue", "green", "yellow", "purple"]
#: The second cue of every seat: a letter (the colour's initial) on its
#: panels and pieces, and a shape for its markers.
SEAT_LETTERS = ["R", "B", "G", "Y", "P"]
SEAT_SHAPES = ["circle", "square", "triangle", "diamond", "hexagon"]

BG = (246, 241, 228)
INK = (33, 33, 33)
MUTED = (120, 115, 105)
HIGHLIGHT = (255, 80, 160)
WHITE = (255, 255, 255)
PANEL = (255, 252, 244)
WATER = (150, 196, 230)
#: Grounds seat pieces are drawn on in every renderer (each renderer module
#: may add its own as ``GROUNDS``; the palette test checks them all).
GROUNDS = (BG, PANEL, WHITE, WATER)


#: the fonts text is drawn in, tried glyph by glyph in this order (see ``runs``):
#: DejaVu Sans for Latin, Greek, Cyrillic and symbols; Noto Sans CJK TC (a subset:
#: Big5's common characters, kana and every character of the zh-TW catalogs) for
#: Chinese and Japanese; the same face cut to the rest of what names are written in
#: (all of Big5, Simplified Chinese, kanji, Hangul; Regular only, bold text too);
#: Noto Sans Thai; monochrome Noto Emoji for emoji. ``fonts/subset_fonts.py``
#: rebuilds the subsets and ``fonts/coverage.json`` (which code points each maps).
FONT_FILES = {
    "latin": ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf"),
    "cjk": ("NotoSansCJKtc-Regular.subset.otf", "NotoSansCJKtc-Bold.subset.otf"),
    "names": ("NotoSansCJKtc-Names.subset.otf", "NotoSansCJKtc-Names.subset.otf"),
    "thai": ("NotoSansThai-Regular.subset.ttf", "NotoSansThai-Bold.subset.ttf"),
    "emoji": ("NotoEmoji-Regular.subset.ttf", "NotoEmoji-Regular.subset.ttf"),
}
FALLBACK_ORDER = ("latin", "cjk", "names", "thai", "emoji")
#: families bundled in one weight whose bold text is drawn twice, the second strike a little to the
#: right (synthetic bold, as browsers do for a missing weight): about as much ink as the real bold
#: of the same face (1.4-1.5 times the regular's, measured on 中國 at 14-44 px). Emoji stay as drawn.
SYNTHETIC_BOLD = frozenset(f for f, (regular, bold) in FONT_FILES.items() if regular == bold and f != "emoji")
#: the second strike's offset, in ems
BOLD_STRIKE = 0.045
#: code points that join the glyph before them rather than choosing a font
#: (variation selectors, zero-width joiner, skin tones, combining keycap, tags)
_JOINERS = frozenset([0x200D, 0xFE0E, 0xFE0F, 0x20E3, *range(0x1F3FB, 0x1F400), *range(0xE0020, 0xE0080)])


@lru_cache(maxsize=64)
def font(size: int, bold: bool = False, family: str = "latin") -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(FONT_DIR / FONT_FILES[family][1 if bold else 0]), size)


@lru_cache(maxsize=1)
def _ranges() -> dict[str, list]:
    """``fonts/coverage.json``: per font family, the ranges of code points it maps."""
    return json.loads((FONT_DIR / "coverage.json").read_text())


@lru_cache(maxsize=len(FALLBACK_ORDER))
def covered(family: str) -> frozenset[int]:
    """The code points ``family`` maps, built when first asked (a render worker drawing English
    boards never needs the 33,000 of the Chinese families)."""
    return frozenset(p for a, b in _ranges()[family] for p in range(a, b + 1))


def coverage() -> dict[str, frozenset[int]]:
    """The code points each font family maps (from ``fonts/coverage.json``)."""
    return {fam: covered(fam) for fam in FALLBACK_ORDER}


@lru_cache(maxsize=1)
def _latin_chars() -> frozenset[str]:
    """The characters a run of Latin's font holds whatever comes around them (the loop in ``runs``
    gives a string of only these one Latin run): the font's, less the joiners and zero-widths."""
    return frozenset(chr(p) for p in covered("latin")
                     if p not in _JOINERS and chr(p) not in "\u200c\u200b")


def family_of(ch: str, prefer_emoji: bool = False) -> str | None:
    """The first font family that has ``ch`` (emoji first when a VS16 asks for it); None: no font has it."""
    cp = ord(ch)
    if prefer_emoji and cp in covered("emoji"):
        return "emoji"
    for fam in FALLBACK_ORDER:
        if cp in covered(fam):
            return fam
    return None


@lru_cache(maxsize=4096)
def runs(s: str) -> tuple[tuple[str, str], ...]:
    """``s`` cut into ``(family, text)`` runs, each drawn in one font. A joiner
    (VS16, ZWJ, skin tone) stays with the glyph before it; a character no font
    has stays in the run it is in (drawn as that font's box)."""
    if s.isascii() and s.isprintable():  # Latin's font has every printable ASCII character
        return (("latin", s),) if s else ()
    if _latin_chars().issuperset(s):  # every character in Latin's font ("·", "→", "…"): one run
        return (("latin", s),)
    out: list[list[str]] = []
    for i, ch in enumerate(s):
        cp = ord(ch)
        if out and (cp in _JOINERS or ch in "\u200c\u200b"):
            out[-1][1] += ch
            continue
        nxt = s[i + 1] if i + 1 < len(s) else ""
        fam = family_of(ch, prefer_emoji=nxt == "\ufe0f") or (out[-1][0] if out else "latin")
        if out and out[-1][0] == fam:
            out[-1][1] += ch
        else:
            out.append([fam, ch])
    return tuple((fam, text) for fam, text in out)


def missing_glyphs(s: str) -> list[str]:
    """The characters of ``s`` that none of the fonts has (drawn as boxes)."""
    return [ch for ch in s if not ch.isspace() and ord(ch) not in _JOINERS and family_of(ch) is None]


def new_canvas(width: int, height: int, bg=BG) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    img = Image.new("RGB", (width, height), bg)
    return img, ImageDraw.Draw(img)


def to_png(img: Image.Image, colours: tuple | list | None = None, palette_key: tuple | None = None) -> bytes:
    """PNG bytes with a 256-colour palette (a third of the RGB size).

    The palette is a function of the arguments alone, never of what this process drew before:
    an image is a pure function of what it shows, so the same board is the same pixels in a render
    worker, in the bot's own process, after a restart or under another hash seed (its PNG bytes may
    differ now and then in another process: the deflate, bench/PERF.md "Boards, session 8"; a palette once
    built from the first image of a key made every later image depend on which came first, and on
    two threads racing to build it: ``tests/renderers/test_pure_images.py``). Building a palette is
    the costly step, so there are two ways:
    - ``colours`` (every colour the renderer draws with): a palette of those colours and their
      anti-aliased blends, built once and kept; with ``palette_key`` (e.g. the factions of one
      game, a game's seat colours) in a cache bounded by bytes that holds many tables' palettes;
    - neither: a fast-octree palette per image, from a reduced copy.
    Median cut would cost several hundred ms on a full board.

    Inside ``capture_images()`` nothing is encoded: the image is kept for
    the caller (the turn image cuts boards this way) and b"" returned.
    """
    captured = getattr(_CAPTURE, "images", None)
    if captured is not None:
        captured.append(img)
        return b""
    named = tuple(tuple(c[:3]) for c in colours or ())
    if named or palette_key is not None:
        palette = named_palette(named, palette_key)
    else:
        # a copy a third the size has 9x fewer pixels to sort; mapping the
        # full image onto its palette is the cheap part
        palette = _octree(img.reduce(3) if min(img.size) >= 30 else img)
    return png.encode(img.quantize(palette=palette, dither=Image.Dither.NONE))


def capturing() -> bool:
    """Whether this thread is inside ``capture_images()`` (``to_png`` keeps images, encodes none)."""
    return getattr(_CAPTURE, "images", None) is not None


def named_palette(colours: tuple, palette_key: tuple | None = None) -> Image.Image:
    """The palette ``to_png`` maps an image drawn with ``colours`` (RGB tuples) onto: see there."""
    if palette_key is None:
        return palette_for(colours)
    key = (palette_key, colours)
    with _PALETTE_LOCK:
        palette = _KEYED_PALETTES.get(key)
        if palette is not None:
            _KEYED_PALETTES.move_to_end(key)
    if palette is None:
        palette = palette_of_set(colour_set(colours))
        with _PALETTE_LOCK:
            palette = _KEYED_PALETTES.setdefault(key, palette)  # another thread's equal one kept
            _KEYED_BYTES[key] = _palette_bytes(palette)
            while sum(_KEYED_BYTES.values()) > KEYED_PALETTE_BUDGET and len(_KEYED_PALETTES) > 1:
                oldest = next(iter(_KEYED_PALETTES))  # least recently used first
                del _KEYED_PALETTES[oldest], _KEYED_BYTES[oldest]
    return palette


_CAPTURE = threading.local()


@contextmanager
def capture_images():
    """``with capture_images() as images:`` any ``to_png`` inside appends its
    image to ``images`` instead of encoding it (this thread only)."""
    images: list[Image.Image] = []
    before = getattr(_CAPTURE, "images", None)
    _CAPTURE.images = images
    try:
        yield images
    finally:
        _CAPTURE.images = before


#: palettes kept by ``to_png(..., palette_key=...)``: (key, colours) -> a 1x1 image carrying only
#: the palette (about 1 KiB), least recently used first, bounded by bytes; boards may be drawn on
#: several threads at once
_KEYED_PALETTES: OrderedDict[tuple, Image.Image] = OrderedDict()
_KEYED_BYTES: dict[tuple, int] = {}
_PALETTE_LOCK = threading.Lock()
KEYED_PALETTE_BUDGET = 512 * 1024


def _palette_only(quantized: Image.Image) -> Image.Image:
    out = Image.new("P", (1, 1))
    out.putpalette(quantized.getpalette())
    return out


def _palette_bytes(palette: Image.Image) -> int:
    return len(palette.getpalette() or ()) + 200  # the colour table plus the image's own overhead


def _octree(img: Image.Image) -> Image.Image:
    return img.quantize(colors=256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)


def _is_colour(value) -> bool:
    return (isinstance(value, tuple) and len(value) in (3, 4)
            and all(isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= 255 for v in value))


@lru_cache(maxsize=16)
def module_colours(prefix: str) -> tuple:
    """Every colour constant (an RGB tuple, alone or as a dict's or a tuple's values) of the modules
    named ``prefix`` or starting with it (``renderers.amerigo``: also ``renderers.amerigo_turn``),
    each imported here: the band a game's shared palette is built with (``to_png(..., palette_key=...)``),
    so a colour first drawn late in the game (a card, a good) is in the palette already. All of
    them, not those some earlier drawing happened to load: the palette is the same in every process."""
    import importlib
    import pkgutil

    package, _, stem = prefix.rpartition(".")
    if not package or not stem:
        return ()
    names = sorted(f"{package}.{m.name}" for m in pkgutil.iter_modules(importlib.import_module(package).__path__)
                   if m.name.startswith(stem))
    found: dict[tuple, None] = {}
    for name in names:
        module = importlib.import_module(name)
        for attr, value in sorted(vars(module).items()):
            if not attr.isupper():
                continue
            values = value.values() if isinstance(value, dict) else value if isinstance(value, (tuple, list)) else ()
            for v in (value, *values):
                if _is_colour(v):
                    found[tuple(v)[:3]] = None
    return tuple(found)


@lru_cache(maxsize=32)
def palette_for(colours: tuple) -> Image.Image:
    """A palette holding ``colours`` exactly (weighted heavily) plus the
    quarter/half/three-quarter blends of every pair, for text edges."""
    return palette_of_set(colour_set(colours))


#: the colours every blends palette holds besides the ones it is asked for
PALETTE_GROUND = (BG, INK, MUTED, HIGHLIGHT, WHITE, PANEL, WATER)


def colour_set(colours) -> tuple:
    """The colours a blends palette is made of, each once, in one order: the palette depends on this
    set alone (Pillow's fast octree sums and counts its pixels by colour cube, so neither the
    colours' order nor the pixels' changes it: ``tests/renderers/test_palette_table.py``)."""
    return tuple(sorted({tuple(c)[:3] for c in colours}.union(PALETTE_GROUND)))


@lru_cache(maxsize=64)
def palette_of_set(colours: tuple) -> Image.Image:
    """The blends palette of a ``colour_set`` as a 1x1 image: read from ``palette_table`` (made ahead
    by ``renderers/make_palette_table.py`` for every set the renderers draw with), built otherwise
    (3.6-7.3 ms: a set the table does not hold, or another Pillow than the table's)."""
    from . import palette_table

    data = palette_table.PALETTES.get(colours) if palette_table.PILLOW == Image.__version__ else None
    if data is None:
        return _palette_only(_blends_palette(colours))
    out = Image.new("P", (1, 1))
    out.putpalette(data)
    out.load()  # the palette handed to Pillow now, not by the first of several threads mapping onto it
    return out


def _blends_palette(colours: tuple) -> Image.Image:
    """The blends palette of ``colours``, built (``palette_of_set`` keeps them)."""
    base = list(dict.fromkeys(tuple(colours) + PALETTE_GROUND))
    swatch = []
    for c in base:
        swatch += [c] * 400
    for i, a in enumerate(base):
        for b in base[i + 1:]:
            for t in (0.25, 0.5, 0.75):
                swatch.append(tuple(round(a[k] * (1 - t) + b[k] * t) for k in range(3)))
    img = Image.new("RGB", (len(swatch), 1))
    img.putdata(swatch)
    return _octree(img)


#: how many drawn labels ``text`` keeps as masks (least recently used out; a mask is a few KB)
LABEL_CACHE = 4096


def _halo(size: int, outline) -> dict:
    return {} if outline is None else {"stroke_width": max(2, size // 10), "stroke_fill": outline}


def _draw_line(draw: ImageDraw.ImageDraw, xy, s: str, size: int, fill, bold, anchor: str, outline) -> None:
    """One line straight through Pillow: Latin-only text in one ``draw.text``, text with Chinese or
    emoji run by run, each in the font that has its glyphs, on one shared baseline."""
    parts = runs(s)
    if len(parts) == 1 and parts[0][0] == "latin":
        draw.text(xy, s, font=font(size, bold), anchor=anchor, fill=fill, **_halo(size, outline))
        return
    x, y = xy
    total = sum(font(size, bold, fam).getlength(part) for fam, part in parts)
    x -= {"l": 0, "m": total / 2, "r": total}.get(anchor[0], 0)
    baseline = _baseline(y, anchor[1], size, bold, s)
    for fam, part in parts:
        f = font(size, bold, fam)
        for dx in _strikes(size, bold, fam):
            draw.text((x + dx, baseline), part, font=f, anchor="ls", fill=fill, **_halo(size, outline))
        x += f.getlength(part)


def _strikes(size: int, bold: bool, family: str) -> tuple[float, ...]:
    """Where a run is drawn: once, or twice for bold in a family with one weight."""
    return (0.0, size * BOLD_STRIKE) if bold and family in SYNTHETIC_BOLD else (0.0,)


@lru_cache(maxsize=LABEL_CACHE)
def _label(s: str, size: int, bold: bool, anchor: str, halo: bool, fx: float, fy: float):
    """One label as Pillow draws it (same glyphs, same sub-pixel start ``fx, fy``) into an ``L``
    mask, its halo instead with ``halo``, and the offset of the mask's top-left from the integer
    anchor point; None when blank. Boards repeat the same few hundred labels render after render
    (hex ids, track numbers, names, legends), and rasterising glyphs was about 40% of a board's
    drawing time: every renderer draws through ``text``, so each label is rasterised once per
    process and then only stamped; the labels every game shows are shipped rasterised
    (``label_atlas``)."""
    found = label_atlas.find((s, size, bold, anchor, halo, fx, fy))
    if found is not None:
        return found
    parts = runs(s)
    if len(parts) == 1 and parts[0][0] == "latin":
        return _latin_label(s, size, bold, anchor, halo, fx, fy)
    reach = 2 * size + 4 + (max(2, size // 10) if halo else 0)  # glyphs, accents, CJK and halo stay inside
    width = _width(s, size, bold)
    ox, oy = reach + width, 2 * reach  # whole pixels: Pillow splits a position into int() and its fraction
    mask = Image.new("L", (2 * (reach + width), 4 * reach), 0)
    _draw_line(ImageDraw.Draw(mask), (ox + fx, oy + fy), s, size, 255, bold, anchor, 255 if halo else None)
    box = mask.getbbox()
    if box is None:
        return None
    return mask.crop(box), box[0] - ox, box[1] - oy


def _latin_label(s: str, size: int, bold: bool, anchor: str, halo: bool, fx: float, fy: float):
    """``_label`` of a line in Latin's font alone: the mask Pillow's ``ImageDraw.text`` makes of it
    (``getmask2`` with the same start, anchor and stroke: with ink and halo one colour it draws only
    the stroked text) and would paste at the integer point plus its offset, taken as it is instead
    of pasted onto a blank canvas and cut out again (a first sight twice as fast)."""
    stroke = {"stroke_width": max(2, size // 10), "stroke_filled": True} if halo else {}
    core, (dx, dy) = font(size, bold).getmask2(s, "L", anchor=anchor, start=(fx, fy), **stroke)
    box = core.getbbox()
    if box is None:
        return None
    return Image.Image()._new(core.crop(box)), dx + box[0], dy + box[1]  # the core as an Image, as Pillow does


def text(draw: ImageDraw.ImageDraw, xy, s: str, size: int = 22, fill=INK, bold=False, anchor="la", outline=None):
    """Draw text; ``outline`` adds a halo so labels stay readable on any colour. Chinese and
    emoji are drawn in the fonts that have them (see ``runs``). Each line is stamped from the
    label cache (``_label``): pixel for pixel what Pillow draws (its masks at the same sub-pixel
    start, blended with the same ink), the halo of the whole line first, then its text."""
    if isinstance(draw, Zoom):  # a panel drawn bigger: its place and type scaled
        xy, size, draw = draw.at(xy), draw.type(size), draw.base
    s = str(s)
    anchor = anchor or "la"
    if not s:
        return
    if "\n" in s:
        if len(runs(s)) == 1 and runs(s)[0][0] == "latin":  # Pillow's own line spacing
            draw.text(xy, s, font=font(size, bold), anchor=anchor, fill=fill, **_halo(size, outline))
            return
        x, y = xy  # one line at a time, each with the fallback
        step = font(size, bold).getmetrics()
        for i, line in enumerate(s.split("\n")):
            text(draw, (x, y + i * int((step[0] + step[1]) * 1.1)), line, size, fill, bold, anchor, outline)
        return
    x, y = xy
    if x < 0 or y < 0 or fill is None or draw.fontmode != "L":  # off the top/left edge, or unusual: Pillow itself
        _draw_line(draw, xy, s, size, fill, bold, anchor, outline)
        return
    xi, yi, fx, fy = int(x), int(y), math.modf(x)[0], math.modf(y)[0]
    layers = [(False, fill)] if outline is None else [(True, outline)] + ([(False, fill)] if fill != outline else [])
    stamps = []
    for halo, ink in layers:
        found = _label(s, size, bool(bold), anchor, halo, fx, fy)
        if found is not None:
            stamps.append((found, ink))
    if stamps and not _stamp_tile(draw, xi, yi, stamps, (s, size, bool(bold), anchor, fx, fy)):
        for (mask, dx, dy), ink in stamps:
            draw.bitmap((xi + dx, yi + dy), mask, fill=ink)


#: labels stamped on a plain ground, kept as the pixels they came out as (``_stamp_tile``), least
#: recently used first, bounded by bytes: (label, inks, ground) -> RGB image
class _Tiles(OrderedDict):
    """``_TILES``: with the bytes its images hold."""

    held = 0

    def clear(self) -> None:
        super().clear()
        self.held = 0


_TILES: _Tiles = _Tiles()
TILE_BUDGET = 16 * 1024 * 1024
#: labels seen once on a plain ground (least recently seen out past ``SEEN_MAX``): a tile is made
#: at the second sight, so a line drawn once (a move's words) costs no more than its stamping
_SEEN: OrderedDict[tuple, None] = OrderedDict()
SEEN_MAX = 8192
_TILE_LOCK = threading.Lock()  # boards may be drawn on several threads at once
#: a label smaller than this is stamped as usual (its blending costs less than the check)
TILE_MIN_AREA = 1500


def _stamp_tile(draw: ImageDraw.ImageDraw, xi: int, yi: int, stamps: list, label: tuple) -> bool:
    """A label on a ground of one colour (a banner, a panel, a chip: most of them) pasted as the
    pixels it came out as on that ground and in those inks (kept from its second sight on: see
    ``_SEEN``), instead of blended again pixel by pixel (blending a mask into RGB, every pixel of
    its box, was about a sixth of a turn image's CPU). Only when every pixel under the label is
    that colour, checked each time, so the pixels are those the stamping gives
    (``tests/renderers/test_label_cache.py``). False: stamp as usual."""
    (mask, dx, dy), _ink = stamps[0]
    x0, y0, x1, y1 = xi + dx, yi + dy, xi + dx + mask.width, yi + dy + mask.height
    for (mask, dx, dy), _ink in stamps[1:]:  # a halo and its text
        x0, y0 = min(x0, xi + dx), min(y0, yi + dy)
        x1, y1 = max(x1, xi + dx + mask.width), max(y1, yi + dy + mask.height)
    size = (x1 - x0, y1 - y0)
    img = draw._image
    if (size[0] * size[1] < TILE_MIN_AREA or img.mode != "RGB" or draw.mode != "RGB" or x0 < 0 or y0 < 0
            or x1 > img.width or y1 > img.height):
        return False
    box, im = (x0, y0, x1, y1), draw.im
    ground = im.getpixel((x0, y0))
    # the ground is plain: its other corners first (a map or a pattern fails there at once), then
    # no pixel of the box differs from its first
    if (im.getpixel((x1 - 1, y1 - 1)) != ground or im.getpixel((x1 - 1, y0)) != ground
            or im.getpixel((x0, y1 - 1)) != ground):
        return False
    key = (*label, tuple(ink for _found, ink in stamps), ground)
    with _TILE_LOCK:
        tile = _TILES.get(key)
        if tile is not None:
            _TILES.move_to_end(key)
        elif key not in _SEEN:
            _SEEN[key] = None
            while len(_SEEN) > SEEN_MAX:
                _SEEN.popitem(last=False)
            return False
    if im.crop(box).chop_difference(Image.core.fill("RGB", size, ground)).getbbox(False) is not None:
        return False
    if tile is None:
        tile = Image.new("RGB", size, ground)
        paint = ImageDraw.Draw(tile)
        for (mask, dx, dy), ink in stamps:
            paint.bitmap((xi + dx - x0, yi + dy - y0), mask, fill=ink)
        with _TILE_LOCK:
            if key not in _TILES:
                _TILES[key] = tile
                _TILES.held += 4 * size[0] * size[1]
            while _TILES.held > TILE_BUDGET and len(_TILES) > 1:
                _k, old = _TILES.popitem(last=False)
                _TILES.held -= 4 * old.width * old.height
    draw.im.paste(tile.im, box)
    return True


def _baseline(y: float, v: str, size: int, bold: bool, s: str) -> float:
    """The baseline for vertical anchor ``v`` at ``y``, measured on the Latin font (so mixed runs line up)."""
    f = font(size, bold)
    ascent, descent = f.getmetrics()
    if v == "a":
        return y + ascent
    if v == "d":
        return y - descent
    if v == "m":
        return y + (ascent - descent) / 2
    if v in "tb":
        top = min(font(size, bold, fam).getbbox(part, anchor="ls")[1] for fam, part in runs(s))
        bottom = max(font(size, bold, fam).getbbox(part, anchor="ls")[3] for fam, part in runs(s))
        return y - (top if v == "t" else bottom)
    return y  # "s": the baseline itself


def text_width(s: str, size: int = 22, bold: bool = False) -> int:
    return _width(str(s), size, bool(bold))


@lru_cache(maxsize=LABEL_CACHE)
def _width(s: str, size: int, bold: bool) -> int:
    """Layouts measure the same labels render after render (kept like the labels' masks). A line in
    Latin's font is as long as its words and the spaces between them, each measured once: the font
    kerns no pair with a space and joins nothing across one (``tests/renderers/test_label_cache.py``),
    so the sum is Pillow's length of the whole line to the 1/64 px; the wrapping and fitting loops
    measure line after line of the same words."""
    if not s:
        return 0
    parts = runs(s)
    if parts == (("latin", s),):   # a word alone is its own advance
        words = s.split(" ")
        return int(sum(_advance(w, size, bold) for w in words) + (len(words) - 1) * _advance(" ", size, bold))
    return int(sum(font(size, bold, fam).getlength(part) for fam, part in parts))


@lru_cache(maxsize=LABEL_CACHE)
def _advance(word: str, size: int, bold: bool) -> float:
    """How far a word of Latin's font moves the pen (Pillow's ``getlength``, in 1/64 px); the
    words every game measures are shipped measured (``label_atlas``)."""
    if not word:
        return 0.0
    found = label_atlas.advance(word, size, bold)
    return font(size, bold).getlength(word) if found is None else found


def text_mask(s: str, size: int = 22, bold: bool = False, anchor: str = "la") -> tuple[Image.Image, int, int]:
    """``s`` as an antialiased ``L`` mask (255 = ink) and the offset of its top-left from the anchor
    point, with the same per-glyph fallback as ``text`` (for renderers that cache label masks)."""
    s = str(s)
    width = max(1, text_width(s, size, bold))
    ascent, descent = font(size, bold).getmetrics()
    pad = size  # CJK and emoji glyphs may reach past the Latin ascent/descent
    mask = Image.new("L", (width + 2 * pad, ascent + descent + 2 * pad), 0)
    text(ImageDraw.Draw(mask), (pad, pad), s, size=size, fill=255, bold=bold, anchor="la")
    box = mask.getbbox() or (0, 0, 1, 1)
    mask = mask.crop(box)
    # where the anchor point sits in the uncropped mask (text drawn from "la" at (pad, pad))
    base = pad + ascent
    ax = pad + {"l": 0, "m": width / 2, "r": width}.get(anchor[0], 0)
    ay = {"a": pad, "s": base, "d": base + descent, "m": pad + (ascent + descent) / 2,
          "t": box[1], "b": box[3]}.get(anchor[1], pad)
    return mask, int(round(box[0] - ax)), int(round(box[1] - ay))


class Zoom:
    """An ``ImageDraw`` seen ``k`` times bigger, its type never under ``floor`` px: a panel drawn
    through it with the board's own code comes out ``k`` times its size (the turn image draws a
    board panel this way so its type reads on a phone). Points, boxes, line widths and radii
    scale; ``text`` (below) draws through it too."""

    def __init__(self, draw: ImageDraw.ImageDraw, k: float, floor: int = 0):
        self.base, self.k, self.floor = draw, k, floor
        self._image, self.fontmode = draw._image, draw.fontmode

    def at(self, xy) -> tuple:
        """Coordinates scaled: a flat sequence of numbers or a sequence of points."""
        if xy and isinstance(xy[0], (tuple, list)):
            return [(x * self.k, y * self.k) for x, y in xy]
        return [v * self.k for v in xy]

    def type(self, size: float) -> int:
        return max(round(size * self.k), self.floor)

    def _kw(self, kw: dict) -> dict:
        for key in ("width", "radius"):
            if kw.get(key):
                kw[key] = max(1, round(kw[key] * self.k))
        return kw

    def rectangle(self, xy, **kw):
        self.base.rectangle(self.at(xy), **self._kw(kw))

    def rounded_rectangle(self, xy, **kw):
        self.base.rounded_rectangle(self.at(xy), **self._kw(kw))

    def ellipse(self, xy, **kw):
        self.base.ellipse(self.at(xy), **self._kw(kw))

    def line(self, xy, **kw):
        self.base.line(self.at(xy), **self._kw(kw))

    def polygon(self, xy, **kw):
        self.base.polygon(self.at(xy), **self._kw(kw))

    def pieslice(self, xy, start, end, **kw):
        self.base.pieslice(self.at(xy), start, end, **self._kw(kw))

    def arc(self, xy, start, end, **kw):
        self.base.arc(self.at(xy), start, end, **self._kw(kw))


def panel(draw: ImageDraw.ImageDraw, box, title: str | None = None, colour=None, fill=PANEL, width=3):
    """A rounded box with an optional title strip in ``colour``."""
    x0, y0, x1, y1 = box
    draw.rounded_rectangle(box, radius=12, fill=fill, outline=colour or MUTED, width=width)
    if title:
        draw.rounded_rectangle((x0, y0, x1, y0 + 34), radius=12, fill=colour or MUTED)
        draw.rectangle((x0, y0 + 20, x1, y0 + 34), fill=colour or MUTED)
        text(draw, (x0 + 12, y0 + 17), title, size=22, fill=WHITE, bold=True, anchor="lm")


def polygon(draw: ImageDraw.ImageDraw, pts, fill=None, outline=None, width: int = 1):
    """``draw.polygon`` with a wide outline, without Pillow's full-canvas mask
    per call (a wide polygon outline allocates a mask the size of the whole
    image: ~4 M pixels on a full board, hundreds of times a board). The
    outline is drawn as a closed line centred on the edge."""
    pts = [tuple(p) for p in pts]
    if width <= 1:
        draw.polygon(pts, fill=fill, outline=outline)
        return
    if fill is not None:
        draw.polygon(pts, fill=fill)
    if outline is not None:
        draw.line(pts + [pts[0], pts[1]], fill=outline, width=width, joint="curve")


def hex_corners(cx: float, cy: float, r: float, pointy: bool = True) -> list[tuple[float, float]]:
    start = 30 if pointy else 0
    return [
        (cx + r * math.cos(math.radians(start + 60 * i)), cy + r * math.sin(math.radians(start + 60 * i)))
        for i in range(6)
    ]


def contrast(colour) -> tuple[int, int, int]:
    """Black or white, whichever reads better on ``colour``."""
    r, g, b = colour[:3]
    return INK if (0.299 * r + 0.587 * g + 0.114 * b) > 150 else WHITE


def turn_banner(draw, width: int, title: str, status: str, colour=INK, height: int = 60):
    """The strip at the top: game/round on the left, who is up on the right."""
    draw.rectangle((0, 0, width, height), fill=colour)
    text(draw, (20, height // 2), title, size=28, fill=contrast(colour), bold=True, anchor="lm")
    text(draw, (width - 20, height // 2), status, size=26, fill=contrast(colour), bold=True, anchor="rm")


# --- seats: colour plus a second cue ------------------------------------------

def seat_colour(seat: int):
    """The seat's colour (seats past five wrap; a negative seat is neutral grey)."""
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)] if seat >= 0 else MUTED


def seat_letter(seat: int) -> str:
    return SEAT_LETTERS[seat % len(SEAT_LETTERS)] if seat >= 0 else ""


def seat_shape(seat: int) -> str:
    return SEAT_SHAPES[seat % len(SEAT_SHAPES)] if seat >= 0 else "circle"


def shape_points(shape: str, cx: float, cy: float, r: float) -> list[tuple[float, float]] | None:
    """Corners of ``shape`` inscribed in a circle of radius ``r`` (None = circle)."""
    if shape == "square":
        q = r * 0.86
        return [(cx - q, cy - q), (cx + q, cy - q), (cx + q, cy + q), (cx - q, cy + q)]
    if shape == "triangle":
        return [(cx, cy - r * 1.1), (cx + r * 1.1, cy + r * 0.85), (cx - r * 1.1, cy + r * 0.85)]
    if shape == "diamond":
        return [(cx, cy - r * 1.15), (cx + r * 1.15, cy), (cx, cy + r * 1.15), (cx - r * 1.15, cy)]
    if shape == "hexagon":
        return hex_corners(cx, cy, r * 1.05, pointy=False)
    return None


def seat_mark(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, seat: int, outline=INK,
              letter: bool | str = True, width: int | None = None):
    """A seat's marker: its shape in its colour, outlined, with its letter on
    it when there is room (``letter`` may also be the text to write)."""
    colour = seat_colour(seat)
    width = width if width is not None else max(1, round(r / 7))
    pts = shape_points(seat_shape(seat), cx, cy, r)
    if pts is None:
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=colour, outline=outline, width=width)
    else:
        polygon(draw, pts, fill=colour, outline=outline, width=width)
    label = seat_letter(seat) if letter is True else (letter or "")
    if label and r >= 8:
        size = max(10, round(r * (1.15 if len(label) == 1 else 0.8)))
        dy = r * 0.22 if seat_shape(seat) == "triangle" else 0
        text(draw, (cx, cy + dy), label, size=size, fill=contrast(colour), bold=True, anchor="mm")


def chip_width(label: str, size: int = 22, bold: bool = True, mark: str | None = None) -> int:
    """The width ``seat_chip`` takes for ``label`` (measure before drawing)."""
    if mark:
        label = f"{mark} {label}"
    pad = size // 2
    shape_w = 0 if mark else int(2 * size * 0.42 + pad // 2)
    return int(pad + shape_w + text_width(label, size, bold) + pad)


def seat_chip(draw: ImageDraw.ImageDraw, xy, seat: int, label: str, size: int = 22, bold: bool = True,
              outline=None, anchor: str = "lm", colour=None, mark: str | None = None) -> int:
    """A seat's label as a chip in its colour with its mark in front:
    [▲ Alice]. Returns the chip's width (``chip_width``). ``anchor`` is "lm" or "rm".
    ``colour``/``mark`` replace the seat's colour and shape (e.g. a faction's)."""
    colour = colour or seat_colour(seat)
    w = chip_width(label, size, bold, mark)
    h = int(size * 1.5)
    x, y = xy
    if anchor == "rm":
        x -= w
    args = (x, y, w, h, seat, label, size, bool(bold), outline, colour, mark)
    if not _chip_tile(draw, args):
        _chip(draw, *args)
    return w


def _chip(draw, x: float, y: float, w: int, h: int, seat: int, label: str, size: int, bold: bool, outline, colour,
          mark: str | None) -> None:
    """``seat_chip``'s drawing, its left end at ``x``."""
    if mark:
        label = f"{mark} {label}"
    pad = size // 2
    r = size * 0.42
    draw.rounded_rectangle((x, y - h / 2, x + w, y + h / 2), radius=h // 3, fill=colour,
                           outline=outline or INK, width=2 if outline is None else 3)
    ink = contrast(colour)
    pts = shape_points(seat_shape(seat), x + pad + r, y, r)
    if mark:
        text(draw, (x + pad, y), label, size=size, fill=ink, bold=bold, anchor="lm")
        return
    if pts is None:
        draw.ellipse((x + pad, y - r, x + pad + 2 * r, y + r), fill=ink)
    else:
        draw.polygon(pts, fill=ink)
    text(draw, (x + pad + 2 * r + pad // 2, y), label, size=size, fill=contrast(colour), bold=bold, anchor="lm")


#: seat chips drawn on a plain ground, kept as the pixels they came out as (``_chip_tile``), least
#: recently used first, bounded by bytes: (chip's arguments, ground) -> RGB image
_CHIPS: _Tiles = _Tiles()
CHIP_BUDGET = 2 * 1024 * 1024
#: the pixels around a chip's box taken with it: the ground it must find plain, untouched by the chip
CHIP_MARGIN = 3


def _plain(im, box: tuple, ground) -> bool:
    """Every pixel of ``box`` of the image core ``im`` is ``ground``."""
    size = (box[2] - box[0], box[3] - box[1])
    return im.crop(box).chop_difference(Image.core.fill("RGB", size, ground)).getbbox(False) is None


def _chip_tile(draw: ImageDraw.ImageDraw, args: tuple) -> bool:
    """A seat chip on a ground of one colour pasted as the pixels it came out as there, at the
    same place (its exact coordinates are in the key, so nothing is shifted): the score rows and
    headers draw the same chips board after board, and a chip's rounded box, mark and name cost
    about 70 us drawn. The first sight draws it and keeps its box when nothing it drew reached the
    box's edge. False: not kept (draw it as usual): another ground, a canvas that is not plain
    RGB, a box past the edge (``tests/renderers/test_chip_tiles.py``)."""
    if type(draw) is not ImageDraw.ImageDraw:
        return False
    x, y, w, h = args[:4]
    img = draw._image
    m = CHIP_MARGIN
    box = (math.floor(x) - m, math.floor(y - h / 2) - m, math.ceil(x + w) + m, math.ceil(y + h / 2) + m)
    if (img.mode != "RGB" or draw.mode != "RGB" or draw.fontmode != "L" or box[0] < 0 or box[1] < 0
            or box[2] > img.width or box[3] > img.height):
        return False
    im = draw.im
    ground = im.getpixel(box[:2])
    if (im.getpixel((box[2] - 1, box[3] - 1)) != ground or im.getpixel((box[2] - 1, box[1])) != ground
            or im.getpixel((box[0], box[3] - 1)) != ground or not _plain(im, box, ground)):
        return False
    key = (args, ground)
    with _TILE_LOCK:
        tile = _CHIPS.get(key)
        if tile is not None:
            _CHIPS.move_to_end(key)
    if tile is not None:
        im.paste(tile.im, box)
        return True
    _chip(draw, *args)
    inner = (box[0] + 1, box[1] + 1, box[2] - 1, box[3] - 1)
    edge = [(box[0], box[1], box[2], inner[1]), (box[0], inner[3], box[2], box[3]),
            (box[0], inner[1], inner[0], inner[3]), (inner[2], inner[1], box[2], inner[3])]
    if all(_plain(im, side, ground) for side in edge):   # all it drew lies inside: keep it
        tile = Image.Image()._new(im.crop(box))
        with _TILE_LOCK:
            if key not in _CHIPS:
                _CHIPS[key] = tile
                _CHIPS.held += 4 * tile.width * tile.height
            while _CHIPS.held > CHIP_BUDGET and len(_CHIPS) > 1:
                _k, old = _CHIPS.popitem(last=False)
                _CHIPS.held -= 4 * old.width * old.height
    return True


# --- the shared header: game and round, who is up and what is asked, last move ---

HEADER_DARK = (44, 40, 56)
LAST_STRIP = (255, 232, 244)


#: characters a line may break before or after without a space (CJK ideographs, kana, full-width forms)
_CJK = "\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef\u3000-\u303f"
_TOKENS = re.compile(rf"\s+|[{_CJK}]|[^\s{_CJK}]+")
_CJK_CHAR = re.compile(rf"[{_CJK}]")
#: punctuation that never starts a line: it stays at the end of the line before
_NO_START = frozenset("，。、：；！？）」』】〉》…")
#: punctuation that never ends a line: it goes down with what it opens
_NO_END = frozenset("（「『【〈《")
#: a number (with its sign) ending a line before a Chinese unit ("+1 分"): it goes down with the unit
_NUMBER_END = re.compile(r"(?<![^\s])[+\-−]?\d+(?:[.,]\d+)?\s*$")


def wrap(s: str, width: int, size: int, bold: bool = False) -> list[str]:
    """``s`` broken into lines no wider than ``width`` px: between words, and anywhere between
    Chinese characters (so a Chinese phrase with a number in it wraps instead of being cut);
    only a Latin word longer than the line is cut."""
    rows, cur = [], ""
    for tok in _TOKENS.findall(s):
        if cur.strip() and not tok.isspace() and text_width((cur + tok).rstrip(), size, bold) > width:
            k = len(cur) - 1
            while k > 0 and cur[k] in _NO_START:  # "色）" + "；": the marks go down together
                k -= 1
            head, last = cur[:k], cur[k:]
            if tok in _NO_START and head.strip() and _CJK_CHAR.fullmatch(last[0]):
                cur = _break(rows, head, last) + tok  # the marks go down with the character before them
            elif tok in _NO_START:
                cur += tok
            elif _CJK_CHAR.fullmatch(tok) and (num := _NUMBER_END.search(cur)) and cur[:num.start()].strip():
                cur = _break(rows, cur[:num.start()], cur[num.start():]) + tok  # "+1 分": a number stays with its unit
            else:
                cur = _break(rows, cur, "") + tok
        elif cur or not tok.isspace():
            cur += tok
    if cur.strip():
        rows.append(cur.rstrip())
    return [fit(r, width, size, bold) for r in rows]


def _break(rows: list[str], row: str, rest: str) -> str:
    """``row`` ended as a line of ``rows``, less the opening marks at its end ("港口（"), which go
    down with what they open; returns what the next line starts with."""
    row = row.rstrip()
    k = len(row)
    while k > 0 and row[k - 1] in _NO_END:
        k -= 1
    if not row[:k].strip():
        k = len(row)
    rows.append(row[:k].rstrip())
    return row[k:] + rest


def fit(s: str, width: int, size: int, bold: bool = False) -> str:
    """``s`` cut with an ellipsis to ``width`` px."""
    if text_width(s, size, bold) <= width:
        return s
    while s and text_width(s + "…", size, bold) > width:
        s = s[:-1]
    return s + "…"


#: a name cut to fit keeps at least this many characters before its "…", so names stay told apart
NAME_KEEP = 8


def short_name(name: str, keep: int) -> str:
    """``name`` cut to its first ``keep`` characters and "…" (whole when it is not longer)."""
    return name if len(name) <= keep + 1 else name[:keep].rstrip() + "…"


def shorten_names(s: str, names, keep: int) -> str:
    """``s`` with every name of ``names`` in it longer than ``keep`` characters cut to ``short_name``."""
    long = sorted({str(n) for n in names or () if n and len(str(n)) > keep + 1}, key=len, reverse=True)
    if not long:
        return s
    return re.sub("|".join(re.escape(n) for n in long), lambda m: short_name(m.group(0), keep), s)


def name_cuts(names) -> list[int]:
    """The lengths to try cutting long names to, in turn: every long name a character or two shorter
    at each step (the longest first, so all end about as long), down to ``NAME_KEEP`` characters."""
    longest = max((len(str(n)) for n in names or ()), default=0)
    return list(range(longest - 2, NAME_KEEP - 1, -1))


def names_shown(text_: str, rows, names) -> bool:
    """Whether every name of ``names`` found in ``text_`` is in ``rows`` (lines drawn, a name may be
    wrapped over two of them), whole or cut to ``short_name`` of at least ``NAME_KEEP`` characters."""
    drawn = (" ".join(rows), "".join(rows))
    for name in {str(n) for n in names or () if n}:
        if name in text_ and not any(short_name(name, k) in d for d in drawn
                                     for k in range(len(name), min(len(name), NAME_KEEP) - 1, -1)):
            return False
    return True


def name_band(name: str, rest: str, room: int, sizes=(26, 25, 24, 23, 22), rest_sizes=(24, 23, 22),
              gap: int = 16, one_line: bool = False) -> tuple[list[tuple[str, int, str, int]], int]:
    """A seat card's head: its ``name`` and what follows it (``rest``: role, numbers) in ``room``
    px. One line when both fit whole (the name down to ``sizes[-1]``, the rest down to
    ``rest_sizes[-1]``: 22 px, 11 on a phone), else two lines: the name whole on the first, the rest
    on the second; the name cut with "…" (``NAME_KEEP`` characters at least) and the rest with "…"
    only when a line of its own cannot hold it. Returns ([(name, size, rest, rest size)] one per
    line: the name "" on a second line, the rest "" on a first), and the number of lines.
    ``one_line`` (no room for a second line): the name cut a little at a time until both fit."""
    for size in sizes:
        nw = text_width(name, size, True)
        for rsize in rest_sizes:
            if nw + (gap + text_width(rest, rsize, True) if rest else 0) <= room:
                return [(name, size, rest, rsize)], 1
    if one_line and rest:
        size, rsize = sizes[-1], rest_sizes[-1]
        rest_w = gap + text_width(rest, rsize, True)
        shown = name
        for keep in name_cuts([name]):
            if text_width(shown, size, True) + rest_w <= room:
                break
            shown = short_name(name, keep)
        if text_width(shown, size, True) + rest_w > room:
            rest = fit(rest, max(0, room - text_width(shown, size, True) - gap), rsize, True)
        return [(shown, size, rest, rsize)], 1
    size = next((z for z in sizes if text_width(name, z, True) <= room), sizes[-1])
    shown = name
    for keep in name_cuts([name]) if text_width(name, size, True) > room else ():
        shown = short_name(name, keep)
        if text_width(shown, size, True) <= room:
            break
    shown = fit(shown, room, size, True)
    if not rest:
        return [(shown, size, "", 0)], 1
    rsize = next((z for z in rest_sizes if text_width(rest, z, True) <= room), rest_sizes[-1])
    return [(shown, size, "", 0), ("", 0, fit(rest, room, rsize, True), rsize)], 2


def _status_lines(status: str, room: int, sizes, floor: int, two: int, names) -> tuple[list[str], int]:
    """The status line fitted: one line as big as ``sizes`` allow, else two lines (``two``: at most
    that big, 0: no room for two) down to ``floor`` px, else each long name a little shorter (``name_cuts``) at the smallest size, else
    cut with "…"."""
    def whole(rows, s):
        return "".join(rows).replace(" ", "") == s.replace(" ", "")

    for size in sizes:
        if text_width(status, size, True) <= room:
            return [status], size
    small = floor if two else sizes[-1]
    for size in range(min(sizes[-1], two), small - 1, -1) if two else ():
        rows = wrap(status, room, size, True)
        if len(rows) <= 2 and whole(rows, status):
            return rows, size
    shortened = status
    for keep in name_cuts(names):
        s = shorten_names(status, names, keep)
        if s == shortened:
            continue
        shortened = s
        rows = wrap(s, room, small, True) if two else [s]
        if len(rows) <= (2 if two else 1) and whole(rows, s) and text_width(rows[0], small, True) <= room:
            return rows, small
    if not two:
        return [fit(shortened, room, small, True)], small
    rows = wrap(shortened, room, small, True)
    return (rows if len(rows) <= 2 else [rows[0], fit(rows[1] + " …", room, small, True)]), small


def header(draw: ImageDraw.ImageDraw, width: int, title: str, status: str, last: list[str],
           seat: int | None = None, last_label: str = "Last:", scale: float = 1.0, last_rows: int = 3,
           y: int = 0, colour=None, mark: str | None = None, fixed: bool = False, names=None) -> int:
    """The same key lines at the top of every board and turn image:

    1. dark band: game, round, phase (``title``);
    2. a band in the colour of the seat that is up, with its mark: who is up
       and what is asked (``status``): one line shrinking to 21 px × ``scale``, else two lines
       down to ``floor`` (22 px on the turn image), else the seats' ``names`` a little shorter;
    3. a pink strip: the last move (first line bold), wrapped to ``last_rows``; when that would
       lose a seat's name, smaller down to the floor, then (unless ``fixed``) a row more, then
       the names a little shorter.

    Returns the y below it. ``scale`` enlarges everything (phone images).
    ``colour``/``mark`` replace the seat's colour and letter (Terra Mystica
    seats wear their faction's colour and tag). ``fixed``: always
    ``last_rows`` rows tall (boards with fixed geometry below it), see
    ``header_height``. ``names``: the seats' names, so a name is shortened rather than dropped.
    """
    s = scale
    floor = header_floor(s)
    h1, h2 = int(48 * s), int(56 * s)
    draw.rectangle((0, y, width, y + h1), fill=HEADER_DARK)
    size = int(26 * s)
    while size > int(19 * s) and text_width(title, size, True) > width - int(32 * s):
        size -= 1
    text(draw, (int(16 * s), y + h1 // 2), fit(title, width - int(32 * s), size, True), size=size,
         fill=WHITE, bold=True, anchor="lm")
    y += h1
    colour = colour or (seat_colour(seat) if seat is not None else (226, 220, 206))
    ink = contrast(colour)
    draw.rectangle((0, y, width, y + h2), fill=colour)
    x = int(16 * s)
    if seat is not None:
        r = int(17 * s)
        if mark is None:
            seat_mark(draw, x + r, y + h2 // 2, r, seat, outline=ink, width=max(2, int(2 * s)))
        else:
            draw.ellipse((x, y + h2 // 2 - r, x + 2 * r, y + h2 // 2 + r), fill=colour, outline=ink, width=2)
            text(draw, (x + r, y + h2 // 2), mark, size=int(r * 0.9), fill=ink, bold=True, anchor="mm")
        x += 2 * r + int(12 * s)
    room = width - x - int(16 * s)
    two = int((h2 - 6) / 2 / STATUS_LEADING)  # the biggest type two lines inside the band take
    two = two if two >= floor else 0
    rows, size = _status_lines(status, room, list(range(int(30 * s), int(21 * s) - 1, -1)), floor, two, names)
    step = int(size * STATUS_LEADING)
    for i, row in enumerate(rows):
        text(draw, (x, y + h2 // 2 + (i - (len(rows) - 1) / 2) * step), row, size=size, fill=ink, bold=True,
             anchor="lm")
    y += h2
    base = int(22 * s)
    lab_w = text_width(last_label, base, True) + int(10 * s)
    room = width - lab_w - int(30 * s)
    lines, size = _last_fitted(last or [], room, base, floor, last_rows, fixed, names)
    lines = lines or [("—", False)]
    if fixed:
        lines += [("", False)] * (last_rows - len(lines))
    line_h = int(size * 1.3)
    h3 = (last_rows * int(base * 1.3) if fixed else len(lines) * line_h) + int(14 * s)
    draw.rectangle((0, y, width, y + h3), fill=LAST_STRIP)
    draw.rectangle((0, y, int(8 * s), y + h3), fill=HIGHLIGHT)
    text(draw, (int(18 * s), y + int(7 * s) + int(base * 1.3) // 2), last_label, size=base, bold=True,
         fill=(170, 30, 110), anchor="lm")
    for i, (row, bold) in enumerate(lines):
        text(draw, (int(18 * s) + lab_w, y + int(7 * s) + i * line_h + line_h // 2), row, size=size, bold=bold,
             anchor="lm")
    return y + h3


#: from one line of the status band to the next, against the type's size
STATUS_LEADING = 1.18


def header_floor(scale: float) -> int:
    """The smallest type the header shrinks to before it wraps or shortens names: 22 px on the turn
    image (scale 1.3: 11 px on a phone), 20 px on the full boards."""
    return max(20, int(17 * scale))


def _last_fitted(events: list[str], room: int, size: int, floor: int, budget: int, fixed: bool, names):
    """``_last_rows`` at ``size``; when those rows lose a seat's name from the move or its newest
    consequence (``names_shown``): smaller down to ``floor``, then (unless ``fixed``) a row more,
    then each long name a little shorter (``name_cuts``). Returns (rows, size)."""
    events = [str(e) for e in events]
    rows = _last_rows(events, room, size, budget)
    if not names or not events:
        return rows, size
    want = events[0] + " " + events[-1]

    def ok(found, shown):
        return names_shown(want, [r for r, _b in found], shown)

    if ok(rows, names):
        return rows, size
    budgets = [budget] if fixed else [budget, budget + 1]
    for b in budgets:
        for sz in range(size - 1 if b == budget else size, floor - 1, -1):
            found = _last_rows(events, room, sz, b)
            if ok(found, names):
                return found, sz
    for keep in name_cuts(names):
        short = [shorten_names(e, names, keep) for e in events]
        found = _last_rows(short, room, floor, budgets[-1])
        if names_shown(shorten_names(want, names, keep), [r for r, _b in found],
                       [short_name(str(n), keep) for n in names]):
            return found, floor
    return _last_rows([shorten_names(e, names, NAME_KEEP) for e in events], room, floor, budgets[-1]), floor


def _run_on(events: list[str]) -> str:
    """Events one after another on a row: a sentence that ends with its full stop is followed
    as sentences are ("….。第 2 輪…", "… ends. Round 2…"), anything else by " · "."""
    out = ""
    for e in events:
        if out:
            out += "" if out.endswith(("。", "！", "？")) else " " if out.endswith((".", "!", "?")) else " · "
        out += e
    return out


def _last_rows(events: list[str], room: int, size: int, budget: int) -> list[tuple[str, bool]]:
    """Rows of the last-move strip: the move (first event, bold), then the
    newest whole consequences that fit, run on (``_run_on``; a skip marked
    "… "); when even the newest does not fit, its beginning."""
    if not events:
        return []
    events = [str(e) for e in events]
    rest = events[1:]
    first = wrap(events[0], room, size, True)
    head_n = max(1, min(len(first), budget - (1 if rest else 0)))
    head = [(r, True) for r in first[:head_n]]
    if len(first) > head_n:
        head[-1] = (fit(head[-1][0] + " …", room, size, True), True)
    left = budget - len(head)
    if not rest or left <= 0:
        return head
    chosen: list[str] = []
    for e in reversed(rest):
        trial = [e] + chosen
        mark = "… " if len(trial) < len(rest) else ""
        if len(wrap(mark + _run_on(trial), room, size)) > left:
            break
        chosen = trial
    if chosen:
        mark = "… " if len(chosen) < len(rest) else ""
        return head + [(r, False) for r in wrap(mark + _run_on(chosen), room, size)]
    rows = wrap(("… " if len(rest) > 1 else "") + rest[-1], room, size)
    tail = rows[:left]
    if len(rows) > left:
        tail[-1] = fit(tail[-1] + " …", room, size)
    return head + [(r, False) for r in tail]


def header_height(scale: float = 1.0, last_rows: int = 3) -> int:
    """The height of ``header(..., fixed=True)``."""
    return int(48 * scale) + int(56 * scale) + last_rows * int(int(22 * scale) * 1.3) + int(14 * scale)


# --- values not verified -----------------------------------------------------------

def is_designed(item) -> bool:
    """A card or tile of a view whose values were designed, not published."""
    return isinstance(item, dict) and (item.get("designed") is True or item.get("source") == "designed")


def designed_mark(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float = 9, fill=WHITE, outline=INK):
    """The small ◇ on a designed card or tile (its legend: ``labels`` key ``board.designed``)."""
    polygon(draw, [(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)], fill=fill, outline=outline, width=2)


def designed_legend(draw: ImageDraw.ImageDraw, xy, legend: str, size: int = 20, anchor: str = "lm", fill=MUTED):
    """The legend line: a mark and its words ("value not verified")."""
    x, y = xy
    words = legend.lstrip("◇ ").strip()
    w = text_width(words, size) + size + 8
    if anchor == "rm":
        x -= w
    designed_mark(draw, x + size * 0.45, y, size * 0.45)
    text(draw, (x + size + 8, y), words, size=size, fill=fill, anchor="lm")


# --- drawn once per content ----------------------------------------------------------

#: parts of a board drawn once per content and pasted (least recently used first, bounded by count)
_PANELS: OrderedDict = OrderedDict()
PANEL_CACHE = 48


def cached_panel(img: Image.Image, fn, key, box, *args, bg=BG) -> None:
    """``fn(draw, *args, local_box)`` drawn once per ``key`` onto its own small image and pasted
    at ``box``: a board redraws only the parts whose content changed. ``key`` must hold
    everything the drawing depends on (the locale too); ``bg``: the ground it is drawn on."""
    x0, y0, x1, y1 = (int(v) for v in box)
    full_key = (fn.__module__, fn.__name__, key, (x1 - x0, y1 - y0), bg)
    part = _PANELS.get(full_key)
    if part is None:
        part, d = new_canvas(x1 - x0, y1 - y0, bg)
        fn(d, *args, (0, 0, x1 - x0, y1 - y0))
        _PANELS[full_key] = part
        while len(_PANELS) > PANEL_CACHE:
            _PANELS.popitem(last=False)
    else:
        _PANELS.move_to_end(full_key)
    img.paste(part, (x0, y0))


def outline_changed(draw: ImageDraw.ImageDraw, box, width: int = 6, radius: int = 10) -> None:
    """The last move's mark on a board: a thick pink outline around what it changed
    (the same pink as the header's last-move strip)."""
    x0, y0, x1, y1 = box
    draw.rounded_rectangle((x0 - width, y0 - width, x1 + width, y1 + width), radius=radius, outline=HIGHLIGHT,
                           width=width)


def union(boxes) -> tuple[int, int, int, int] | None:
    """The smallest box holding every box of ``boxes`` (None when there is none)."""
    boxes = list(boxes)
    if not boxes:
        return None
    return (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes))
