"""Amerigo's actions as icons: each cube colour is an action, and each action has a
shape besides its colour, drawn on the action circle, its key, the cubes on offer and
the development tiles. Under deuteranopia red (plan) and green (build) cubes are 4.8
CIEDE2000 apart; a grid and a house are not alike at all.

One row per action in ``ICONS`` (cube colour -> shape); ``tests/amerigo/test_action_icons.py``
keeps every pair of cube colours either 15 apart under normal vision and the three
dichromacies, or marked with shapes that differ on the drawn cube.

DESIGNED (the box's cubes are plain): the shapes.
"""

from __future__ import annotations

import math


def _sail(draw, x, y, s, ink, w):
    """A boat: a sail over a hull."""
    draw.polygon([(x - s * 0.05, y - s), (x - s * 0.05, y + s * 0.3), (x - s * 0.85, y + s * 0.3)], fill=ink)
    draw.polygon([(x - s, y + s * 0.45), (x + s, y + s * 0.45), (x + s * 0.65, y + s), (x - s * 0.65, y + s)],
                 fill=ink)
    draw.line((x + s * 0.1, y - s, x + s * 0.1, y + s * 0.45), fill=ink, width=w)


def _cannon(draw, x, y, s, ink, w):
    """Three cannon balls stacked."""
    r = s * 0.42
    for bx, by in ((-0.5, 0.5), (0.5, 0.5), (0, -0.35)):
        cx, cy = x + bx * s, y + by * s
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=ink)


def _plan(draw, x, y, s, ink, w):
    """A plan: a two by two grid of squares (the island's tiles)."""
    k = s * 0.85
    draw.rectangle((x - k, y - k, x + k, y + k), outline=ink, width=w)
    draw.line((x, y - k, x, y + k), fill=ink, width=w)
    draw.line((x - k, y, x + k, y), fill=ink, width=w)


def _develop(draw, x, y, s, ink, w):
    """Progress: a flight of steps up."""
    k = s / 3
    draw.polygon([(x - s, y + s), (x - s, y + k), (x - k, y + k), (x - k, y - k), (x + k, y - k), (x + k, y - s),
                  (x + s, y - s), (x + s, y + s)], fill=ink)


def _build(draw, x, y, s, ink, w):
    """A trading post: a house."""
    draw.polygon([(x, y - s), (x + s * 0.9, y - s * 0.1), (x + s * 0.7, y - s * 0.1), (x + s * 0.7, y + s),
                  (x - s * 0.7, y + s), (x - s * 0.7, y - s * 0.1), (x - s * 0.9, y - s * 0.1)], fill=ink)


def _produce(draw, x, y, s, ink, w):
    """Goods: a sack (a round body tied at the top)."""
    draw.ellipse((x - s * 0.8, y - s * 0.35, x + s * 0.8, y + s), fill=ink)
    draw.polygon([(x - s * 0.45, y - s), (x + s * 0.45, y - s), (x + s * 0.15, y - s * 0.3),
                  (x - s * 0.15, y - s * 0.3)], fill=ink)


def _order(draw, x, y, s, ink, w):
    """The special action: a five-pointed star."""
    pts = []
    for k in range(10):
        r = s if k % 2 == 0 else s * 0.42
        a = math.radians(-90 + 36 * k)
        pts.append((x + r * math.cos(a), y + r * math.sin(a)))
    draw.polygon(pts, fill=ink)


#: cube colour -> its action's icon(draw, x, y, half size, ink, line width)
ICONS = {
    "blue": _sail, "black": _cannon, "red": _plan, "brown": _develop,
    "green": _build, "yellow": _produce, "white": _order,
}


def icon(draw, colour: str, x: float, y: float, s: float, ink) -> None:
    """The icon of ``colour``'s action centred on (x, y), ``s`` its half size."""
    ICONS[colour](draw, x, y, s, ink, max(1, round(s / 4)))
