"""What changed between two drawings of one board, outlined on the later one.

``/game recap`` shows a returning player the board as it is now; drawn from the same renderer at
the player's last move and now, the two images differ exactly where the board changed (a score, a
worker, a tile). This finds those places on a coarse grid and frames them, so one image says what
changed for any game without the renderers knowing about it.
"""

from __future__ import annotations

import difflib
import io

from PIL import Image, ImageChops, ImageDraw

#: boards leave as 256-colour PNGs whose palette is chosen per image, so the same anti-aliased
#: text can come back a few shades apart: a pixel counts as changed past this difference (0-255)
NOISE = 32
#: the grid the differences are gathered on (pixels); changed cells this close merge into one frame
CELL = 12
#: frame colours: a wide magenta line inside a thin black one, visible on light and dark boards
#: and for every common colour-vision deficiency (magenta keeps its contrast against greens/reds)
FRAME, EDGE = (216, 27, 96), (0, 0, 0)
#: past this many frames the picture turns into confetti: the nearest ones are merged
MOST_FRAMES = 12


def boxes(before: Image.Image, after: Image.Image, cell: int = CELL) -> list[tuple[int, int, int, int]]:
    """The frames (left, top, right, bottom) around what differs between ``before`` and
    ``after``. A board whose panels moved down (a longer list above them) is matched row by row
    first, so what only moved is not framed; rows that are new or changed are then compared
    with their old counterparts on a grid of ``cell`` pixels."""
    a, b = before.convert("RGB"), after.convert("RGB")
    if a.width != b.width:
        return _merged(_grid(a, b, cell))
    w = b.width
    rows_a, rows_b = _rows(a), _rows(b)
    found = []
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, rows_a, rows_b, autojunk=False).get_opcodes():
        if tag == "equal" or j1 == j2:  # unchanged, or rows gone: nothing left to frame
            continue
        old = a.crop((0, i1, w, i2)) if i2 > i1 else Image.new("RGB", (w, 0))
        found += [(x0, y0 + j1, x1, y1 + j1) for x0, y0, x1, y1 in _grid(old, b.crop((0, j1, w, j2)), cell)]
    return _merged(found)


def _rows(img: Image.Image) -> list[bytes]:
    data, stride = img.tobytes(), img.width * 3
    return [data[y * stride:(y + 1) * stride] for y in range(img.height)]


def _grid(a: Image.Image, b: Image.Image, cell: int) -> list[tuple[int, int, int, int]]:
    """Boxes around the cells of ``b`` that differ from ``a`` laid over it (top-left aligned;
    what ``a`` does not cover counts as changed)."""
    w, h = b.size
    common = (min(a.width, w), min(a.height, h))
    changed = Image.new("L", (w, h), 255)
    if common[0] and common[1]:
        diff = ImageChops.difference(a.crop((0, 0, *common)), b.crop((0, 0, *common))).convert("L")
        changed.paste(diff.point(lambda v: 255 if v > NOISE else 0), (0, 0))
    grid = changed.reduce(cell)  # a cell with any changed pixel is > 0
    gw, gh = grid.size
    cells = grid.load()
    seen: set[tuple[int, int]] = set()
    found = []
    for y in range(gh):
        for x in range(gw):
            if not cells[x, y] or (x, y) in seen:
                continue
            stack, group = [(x, y)], []
            seen.add((x, y))
            while stack:  # cells touching (one cell of gap allowed) are one change
                cx, cy = stack.pop()
                group.append((cx, cy))
                for nx in range(cx - 2, cx + 3):
                    for ny in range(cy - 2, cy + 3):
                        if 0 <= nx < gw and 0 <= ny < gh and (nx, ny) not in seen and cells[nx, ny]:
                            seen.add((nx, ny))
                            stack.append((nx, ny))
            xs, ys = [c[0] for c in group], [c[1] for c in group]
            found.append((min(xs) * cell, min(ys) * cell, min(w, (max(xs) + 1) * cell), min(h, (max(ys) + 1) * cell)))
    return found


def _merged(found: list[tuple[int, int, int, int]]) -> list[tuple[int, int, int, int]]:
    """Overlapping frames become one; then the closest pairs merge until at most ``MOST_FRAMES``."""
    def join(p, q):
        return min(p[0], q[0]), min(p[1], q[1]), max(p[2], q[2]), max(p[3], q[3])

    def overlap(p, q):
        return p[0] <= q[2] and q[0] <= p[2] and p[1] <= q[3] and q[1] <= p[3]

    out = list(found)
    changed = True
    while changed:
        changed = False
        for i in range(len(out)):
            for j in range(i + 1, len(out)):
                if overlap(out[i], out[j]):
                    out[i] = join(out[i], out.pop(j))
                    changed = True
                    break
            if changed:
                break
    while len(out) > MOST_FRAMES:
        def area(p):
            return (p[2] - p[0]) * (p[3] - p[1])
        i, j = min(((i, j) for i in range(len(out)) for j in range(i + 1, len(out))),
                   key=lambda ij: area(join(out[ij[0]], out[ij[1]])) - area(out[ij[0]]) - area(out[ij[1]]))
        out[i] = join(out[i], out.pop(j))
    return sorted(out, key=lambda p: (p[1], p[0]))


def outlined(before_png: bytes, after_png: bytes) -> tuple[bytes, int]:
    """``after_png`` with a frame around each place that differs from ``before_png``, and how many
    frames; unchanged pixels stay as they were apart from the frames themselves."""
    before = Image.open(io.BytesIO(before_png))
    after = Image.open(io.BytesIO(after_png))
    found = boxes(before, after)
    if not found:
        return after_png, 0
    img = after.convert("RGB")
    draw = ImageDraw.Draw(img)
    line = max(3, round(img.width / 320))  # still a visible line when a phone shows the board 400 px wide
    for left, top, right, bottom in found:
        box = (max(0, left - 3), max(0, top - 3), min(img.width - 1, right + 2), min(img.height - 1, bottom + 2))
        draw.rectangle(box, outline=EDGE, width=1)
        draw.rectangle((box[0] + 1, box[1] + 1, box[2] - 1, box[3] - 1), outline=FRAME, width=line)
    out = io.BytesIO()
    img.save(out, "PNG", compress_level=6)  # RGB: every unframed pixel exactly as drawn
    return out.getvalue(), len(found)
