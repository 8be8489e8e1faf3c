"""A league season's standings as an image: one table per division, phone-first.

Pure drawing: every word and number comes in already worded (the bot words them in the
reader's language). 720 px wide, type 26 px and up, so the image still reads on a phone
that shows it 400 px wide (type 14 px and up there). A row of the promotion zone is green
with ▲, one of the relegation zone red with ▼ (the marks tell them apart without colour).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from . import canvas

WIDTH = 720
MARGIN = 20
ROW = 46
TYPE = 26
HEAD = 30
UP = (214, 238, 214)
DOWN = (246, 220, 214)
STRIPE = (238, 232, 216)
RULE = (196, 188, 170)
UP_MARK, DOWN_MARK = (34, 120, 50), (170, 50, 40)


@dataclass
class Row:
    place: int
    name: str
    played: str
    points: str
    wins: str
    score: str
    #: "up" (promotion zone), "down" (relegation zone) or "" (stays)
    zone: str = ""


@dataclass
class Section:
    """One division: its heading and its rows, best first."""

    title: str
    rows: list[Row] = field(default_factory=list)


#: the columns right of the name: (what a row holds, its width in px)
COLUMNS = (("played", 72), ("wins", 72), ("score", 104), ("points", 104))


def render(title: str, subtitle: str, headers: dict[str, str], sections: list[Section], footer: list[str]) -> bytes:
    """``headers``: the column labels by key ("place", "name", "played", "wins", "score",
    "points"); ``footer``: lines under the tables (the tie-breaks, the zones)."""
    wrapped = [line for text in footer for line in canvas.wrap(text, WIDTH - 2 * MARGIN, 22)]
    height = MARGIN + 44 + 36 + sum(HEAD + 8 + ROW * (1 + len(s.rows)) + 16 for s in sections) \
        + 30 * len(wrapped) + MARGIN
    img, draw = canvas.new_canvas(WIDTH, height)
    canvas.text(draw, (MARGIN, MARGIN), canvas.fit(title, WIDTH - 2 * MARGIN, 32, True), 32, bold=True)
    y = MARGIN + 44
    canvas.text(draw, (MARGIN, y), canvas.fit(subtitle, WIDTH - 2 * MARGIN, 24), 24, fill=canvas.MUTED)
    y += 36
    right = WIDTH - MARGIN
    xs = []
    for _key, width in reversed(COLUMNS):
        xs.insert(0, right)
        right -= width
    name_left, name_right = MARGIN + 64, right - 8
    for section in sections:
        canvas.text(draw, (MARGIN, y + 4), canvas.fit(section.title, WIDTH - 2 * MARGIN, HEAD, True), HEAD, bold=True)
        y += HEAD + 8
        draw.rectangle([MARGIN, y, WIDTH - MARGIN, y + ROW], fill=canvas.HEADER_DARK)
        mid = y + ROW / 2
        canvas.text(draw, (MARGIN + 48, mid), headers.get("place", "#"), 22, fill=canvas.WHITE, bold=True, anchor="rm")
        canvas.text(draw, (name_left, mid), headers.get("name", ""), 22, fill=canvas.WHITE, bold=True, anchor="lm")
        for (key, _w), x in zip(COLUMNS, xs, strict=True):
            canvas.text(draw, (x - 8, mid), headers.get(key, key), 22, fill=canvas.WHITE, bold=True, anchor="rm")
        y += ROW
        for i, row in enumerate(section.rows):
            fill = UP if row.zone == "up" else DOWN if row.zone == "down" else STRIPE if i % 2 else canvas.PANEL
            draw.rectangle([MARGIN, y, WIDTH - MARGIN, y + ROW], fill=fill)
            mid = y + ROW / 2
            mark = "▲" if row.zone == "up" else "▼" if row.zone == "down" else ""
            if mark:
                canvas.text(draw, (MARGIN + 4, mid), mark, 20, fill=UP_MARK if row.zone == "up" else DOWN_MARK,
                            anchor="lm")
            canvas.text(draw, (MARGIN + 48, mid), str(row.place), TYPE, bold=True, anchor="rm")
            canvas.text(draw, (name_left, mid), canvas.fit(row.name, name_right - name_left, TYPE), TYPE, anchor="lm")
            for (key, _w), x in zip(COLUMNS, xs, strict=True):
                canvas.text(draw, (x - 8, mid), getattr(row, key), TYPE, bold=key == "points", anchor="rm")
            y += ROW
        draw.line([(MARGIN, y), (WIDTH - MARGIN, y)], fill=RULE, width=2)
        y += 16
    for line in wrapped:
        canvas.text(draw, (MARGIN, y), line, 22, fill=canvas.MUTED)
        y += 30
    return canvas.to_png(img)
