"""A player's rating over their rated games: a small line chart for ``/stats``.

Pure drawing: the values and every word come in already worded (the bot words them in the
reader's language); the x axis counts rated games, the y axis is the rating shown
(``mu - 3 sigma``). Phone-sized: 640 x 320, type 22 px and up.
"""

from __future__ import annotations

from . import canvas

WIDTH, HEIGHT = 640, 320
LINE = (46, 104, 170)
GRID = (214, 206, 190)
#: room for the title above and the axis numbers left and below
LEFT, TOP, RIGHT, BOTTOM = 78, 56, 24, 48


def render(values: list[float], title: str, first: str, last: str) -> bytes:
    """``values``: the rating after each rated game, oldest first (at least one). ``title``
    heads the chart; ``first``/``last`` label the x axis's ends ("game 1", "game 12")."""
    img, draw = canvas.new_canvas(WIDTH, HEIGHT)
    canvas.text(draw, (16, 12), title, 24, bold=True)
    low, high = min(values + [0.0]), max(values + [0.0])
    if high - low < 1:
        high, low = high + 0.5, low - 0.5
    pad = (high - low) * 0.08
    low, high = low - pad, high + pad
    x0, y0, x1, y1 = LEFT, TOP, WIDTH - RIGHT, HEIGHT - BOTTOM

    def y_of(v: float) -> float:
        return y1 - (v - low) / (high - low) * (y1 - y0)

    def x_of(i: int) -> float:
        return x0 + (x1 - x0) * (i / (len(values) - 1) if len(values) > 1 else 0.5)

    for v in _ticks(low, high):
        y = y_of(v)
        draw.line([(x0, y), (x1, y)], fill=GRID, width=1)
        canvas.text(draw, (x0 - 8, y), _number(v), 22, fill=canvas.MUTED, anchor="rm")
    draw.line([(x0, y_of(0.0)), (x1, y_of(0.0))], fill=canvas.MUTED, width=2)
    points = [(x_of(i), y_of(v)) for i, v in enumerate(values)]
    if len(points) > 1:
        draw.line(points, fill=LINE, width=4, joint="curve")
    for x, y in points[-40:]:  # dots only where they stay apart
        draw.ellipse([x - 4, y - 4, x + 4, y + 4], fill=LINE)
    canvas.text(draw, (x0, y1 + 10), first, 22, fill=canvas.MUTED)
    canvas.text(draw, (x1, y1 + 10), last, 22, fill=canvas.MUTED, anchor="ra")
    return canvas.to_png(img)


def _ticks(low: float, high: float) -> list[float]:
    """Three to six round values between ``low`` and ``high``."""
    span = high - low
    step = 1.0
    for step in (1, 2, 5, 10, 20, 50, 100):
        if span / step <= 5:
            break
    first = int(low // step + 1) * step
    out, v = [], first
    while v < high:
        out.append(float(v))
        v += step
    return out


def _number(v: float) -> str:
    return f"{v:.0f}" if abs(v - round(v)) < 1e-9 else f"{v:.1f}"
