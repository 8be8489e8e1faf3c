"""Terra Mystica terrains as the board draws them: one row per terrain.

Each terrain has its colour AND a pattern, so no two terrains are told apart by
colour alone: under deuteranopia plains, forest and wasteland are nearly the
same colour (CIEDE2000 0.9 to 2.3), their patterns (furrows, trees, cracks)
are not. A new terrain (a map's or an expansion's) is one row of ``TERRAINS``;
a new pattern is one small function in ``MOTIFS``.

``tests/renderers/test_terrain_marks.py`` keeps every pair of terrains either
15 CIEDE2000 apart under normal vision and the three dichromacies, or drawn with
different patterns that show on the hex in every one of them.

DESIGNED (no published look to follow): the fills (the site's colour for each
terrain, lightened so a building in the faction colour stands out on its home
terrain), the faction colours and the patterns.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache


@dataclass(frozen=True)
class Terrain:
    """How one terrain looks: ``letter`` its letter in the map rows (``data.MAP_ROWS``;
    empty for a terrain only a transform makes), ``colour`` the site's colour name (what
    the view and the notation call it), ``fill`` the hex, ``faction`` the buildings and
    markers of the factions living there, ``pattern`` the ``MOTIFS`` drawn over the hex."""

    letter: str
    colour: str
    fill: tuple[int, int, int]
    faction: tuple[int, int, int]
    pattern: str

    @property
    def ink(self) -> tuple[int, int, int]:
        """The pattern's colour: the fill darkened (lightened on a dark fill), so the
        pattern stands apart by lightness, which every dichromacy keeps."""
        r, g, b = self.fill
        if 0.299 * r + 0.587 * g + 0.114 * b > 120:
            return tuple(int(v * 0.68) for v in self.fill)
        return tuple(int(v + (255 - v) * 0.38) for v in self.fill)


TERRAINS: dict[str, Terrain] = {
    "desert": Terrain("D", "yellow", (244, 226, 126), (250, 196, 0), "dots"),
    "plains": Terrain("P", "brown", (196, 160, 112), (128, 74, 26), "furrows"),
    "swamp": Terrain("S", "black", (112, 108, 100), (12, 12, 12), "reeds"),
    "lakes": Terrain("L", "blue", (120, 168, 230), (24, 84, 206), "waves"),
    "forest": Terrain("F", "green", (122, 184, 104), (20, 124, 36), "trees"),
    "mountains": Terrain("M", "gray", (180, 180, 176), (96, 96, 104), "peaks"),
    "wasteland": Terrain("W", "red", (228, 124, 108), (204, 24, 24), "cracks"),
    # Fire & Ice: made only by a transform (never in the map rows)
    "ice": Terrain("", "ice", (222, 236, 244), (150, 186, 212), "flakes"),
    "volcano": Terrain("", "volcano", (240, 150, 70), (206, 84, 10), "craters"),
}


# --- the patterns: one motif, repeated over the hex -------------------------------------------

def _dots(draw, x, y, m, ink, w):
    r = max(1.5, m * 0.3)
    for dx, dy in ((-0.65, 0.45), (0.65, 0.45), (0, -0.6)):
        draw.ellipse((x + dx * m - r, y + dy * m - r, x + dx * m + r, y + dy * m + r), fill=ink)


def _furrows(draw, x, y, m, ink, w):
    for dy in (-m * 0.3, m * 0.3):
        draw.line((x - m, y + dy, x + m, y + dy), fill=ink, width=w)


def _reeds(draw, x, y, m, ink, w):
    for dx in (-0.6, 0, 0.6):
        draw.line((x, y + m * 0.7, x + dx * m, y - m * (0.9 if dx else 1.1)), fill=ink, width=w)


def _waves(draw, x, y, m, ink, w):
    pts = [(x - m + 2 * m * k / 12, y + m * 0.35 * math.sin(math.pi * 2 * k / 12)) for k in range(13)]
    draw.line(pts, fill=ink, width=w, joint="curve")


def _trees(draw, x, y, m, ink, w):
    draw.polygon([(x, y - m), (x - m * 0.7, y + m * 0.45), (x + m * 0.7, y + m * 0.45)], fill=ink)
    draw.line((x, y + m * 0.45, x, y + m), fill=ink, width=w)


def _peaks(draw, x, y, m, ink, w):
    draw.line([(x - m, y + m * 0.55), (x, y - m * 0.6), (x + m, y + m * 0.55)], fill=ink, width=w, joint="curve")


def _cracks(draw, x, y, m, ink, w):
    k = m * 0.75
    draw.line((x - k, y - k, x + k, y + k), fill=ink, width=w)
    draw.line((x - k, y + k, x + k, y - k), fill=ink, width=w)


def _flakes(draw, x, y, m, ink, w):
    for a in (90, 30, 150):
        dx, dy = m * math.cos(math.radians(a)), m * math.sin(math.radians(a))
        draw.line((x - dx, y - dy, x + dx, y + dy), fill=ink, width=w)


def _craters(draw, x, y, m, ink, w):
    r = m * 0.75
    draw.ellipse((x - r, y - r, x + r, y + r), outline=ink, width=w)


#: pattern name -> motif(draw, x, y, half size, ink, line width)
MOTIFS = {
    "dots": _dots, "furrows": _furrows, "reeds": _reeds, "waves": _waves, "trees": _trees,
    "peaks": _peaks, "cracks": _cracks, "flakes": _flakes, "craters": _craters,
}


def motif(draw, terrain: str, x: float, y: float, m: float) -> None:
    """One motif of ``terrain``'s pattern centred on (x, y), ``m`` its half size (the key
    under the map draws one per terrain)."""
    look = TERRAINS[terrain]
    MOTIFS[look.pattern](draw, x, y, m, look.ink, max(2, round(m / 3.4)))


#: a motif's half size and the grid's step, as parts of the hex's circumradius
MOTIF, STEP = 0.15, 0.48


def _inside(x: float, y: float, r: float) -> bool:
    """(x, y), relative to the centre, inside a pointy-top hex of circumradius ``r``."""
    x, y = abs(x), abs(y)
    return x <= r * math.sqrt(3) / 2 and y <= r - x / math.sqrt(3)


@lru_cache(maxsize=64)
def motif_spots(r: int, label_y: float, label_half: tuple[float, float]) -> tuple[tuple[float, float], ...]:
    """Where the motifs go on a hex of circumradius ``r`` (relative to its centre): a staggered
    grid, each motif whole inside the hex and clear of its id label (centred ``label_y`` below
    the centre, ``label_half`` its half width and height)."""
    step = r * STEP
    m = r * MOTIF
    spots = []
    for row in range(-4, 5):
        y = row * step * math.sqrt(3) / 2
        for col in range(-4, 5):
            x = (col + (0.5 if row % 2 else 0)) * step
            if not all(_inside(x + dx, y + dy, r - 4) for dx in (-m, m) for dy in (-m, m)):
                continue
            if abs(x) < label_half[0] + m and abs(y - label_y) < label_half[1] + m:
                continue
            spots.append((x, y))
    return tuple(spots)


def draw_pattern(draw, terrain: str, cx: float, cy: float, r: float, label_y: float = 0.0,
                 label_half: tuple[float, float] = (0.0, 0.0)) -> None:
    """``terrain``'s pattern over the hex centred on (cx, cy), circumradius ``r``."""
    m = r * MOTIF
    for x, y in motif_spots(int(r), label_y, label_half):
        motif(draw, terrain, cx + x, cy + y, m)
