"""The phone-first turn image: one small PNG posted with every turn.

    render_turn(game_id, view, names, locale="en") -> PNG bytes

At most 800 x 1000 px, so Discord's ~400 px wide phone preview halves it and
body text (28-30 px here) stays about 14 px. Top to bottom:

1. the shared header (``canvas.header``): game, round and phase; who is up
   and what is asked, in the seat's colour with its mark; the last move;
2. the part of the board the last move changed, cut from the full board
   (its changes are outlined there) and scaled to fit;
3. the seat that is up (or the winner): its resources and score;
4. every seat's score as chips (colour + mark): one row, 24 px down to 22,
   else two rows (``score_rows``), never a seat left out; and a pointer to the full
   board (``/game board`` or the "Full board" button, which post
   ``renderers.render`` as before).

Each game gives a small adapter, ``turn_parts(view, names, locale)`` in its renderer module
(or in ``<renderer>_turn`` beside it: ``amerigo_turn.turn_parts``): the header texts, the focus
box on its full board, the seat's resource line and the scores; a game without one gets
``_generic`` below. Instead of a board to cut, an
adapter may give ``card``: a function drawing its board part for the room
left, ``card(room_w, room_h)``, shown whole (Altiplano's seat that moved); and ``card_seat``,
the seat that card shows whole, whose seat panel (3.) is then left out. Games whose module has no
``board_image`` are cut from their PNG and show the whole board scaled.
"""

from __future__ import annotations

import importlib
import io
import threading

from PIL import Image, ImageDraw

from games.core.messages import fill_seats, first_seat

from . import canvas as cv
from . import strips
from .labels import game_name, label, last_lines, listing, round_label, together

WIDTH = 800
MAX_H = 1000
SCALE = 1.3            # the header's type, against the full boards' 1.0
BODY = 28              # resource lines
PANEL_TOP = 54         # the seat panel's height without its resource lines (38 px each)


def render_turn(game_id: str, view: dict, names: list[str] | None = None, locale: str = "en",
                footer: str = "board.full_board") -> bytes:
    """The turn image of ``view`` (a public view) as PNG bytes: see the module doc."""
    n = len(view.get("players") or [])
    names = [str(names[i]) if names and i < len(names) and names[i] else f"Seat {i + 1}" for i in range(n)]
    # a turn of several steps: what all of them changed, not only the last step (bot.sessions)
    view = {**view, **(view.get("turn_steps") or {})}
    info = _parts(game_id, view, names, locale)
    told = view.get("turn_text") or {}
    if told.get(locale) or told.get("en"):  # the whole turn, not just its final step
        info["last"] = list(told.get(locale) or told["en"])
    final = (view.get("result") or {}).get("scores")
    if final:  # game over: the final totals, not the running track
        info["scores"] = sorted(((s, v) for s, v in enumerate(final) if s < n), key=lambda sv: -sv[1])
        fs = info["focus_seat"]
        info["score_text"] = label("board.final", locale, n=final[fs]) if fs is not None and fs < len(final) else ""
    height, parts, outlines = _compose(info, names, locale, footer)
    if cv.capturing():   # kept whole for the caller, as ``to_png`` keeps any image there
        return cv.to_png(strips.whole(WIDTH, height, parts, cv.BG, outlines))
    palette = cv.named_palette(tuple(tuple(c[:3]) for c in _swatch(game_id, info)), _palette_key(game_id, info))
    return strips.encode(WIDTH, height, parts, palette, cv.BG, outlines)


def _palette_key(game_id: str, info: dict) -> tuple:
    """The turn images of one game and set of seat colours share a palette (``canvas.to_png``): built
    once from every colour the game draws with (``_swatch``) and their blends, each image only
    mapped onto it (the per-image palette was about a fifth of a turn image's CPU)."""
    return ("turn", game_id, *sorted((info.get("colours") or {}).items()))


def _swatch(game_id: str, info: dict) -> tuple:
    """The colours a game's turn images are drawn with: the shared palette, the seats' (or their
    factions') colours and every colour constant of the game's renderer modules."""
    import renderers

    module = renderers.RENDERERS.get(game_id, "")
    return (*cv.SEAT_COLOURS, *(tuple(c)[:3] for c in (info.get("colours") or {}).values()),
            *cv.module_colours(module))


#: the width a resource line may take inside the seat panel (packing and drawing use the same)
RES_W = WIDTH - 52


def _compose(info: dict, names: list[str], locale: str, footer: str = "board.full_board") -> tuple:
    """The turn image's height and parts (``strips.Part``: the header, the board part, the seat
    panel and score chips below it) and the board part's frame (``strips.encode``'s outlines):
    each part drawn on a canvas of its own and put together only strip by strip when encoded."""
    head, draw = _header_canvas()
    y = cv.header(draw, WIDTH, info["title"], info["status"], info["last"] or [label("board.game_start", locale)],
                  seat=info["seat"], last_label=label("board.last", locale), scale=SCALE, last_rows=3,
                  colour=info.get("colours", {}).get(info["seat"]), mark=info.get("marks", {}).get(info["seat"]),
                  names=names)
    colours, marks = info.get("colours", {}), info.get("marks", {})
    # the bottom part first, so the board cut gets what is left
    seat = info["focus_seat"]
    if seat is not None and info.get("card_seat") == seat:
        seat = None   # the card above is this seat's, whole: no second copy of it below
    res_lines = []
    for chunk in info["resources"]:
        if res_lines and cv.text_width(res_lines[-1] + " · " + chunk, BODY) <= RES_W:
            res_lines[-1] += " · " + chunk
        else:
            res_lines.append(chunk)
    res_lines = res_lines[:3]
    chip_size, chip_rows = score_rows(info["scores"], names, marks)
    step, note = _row_step(chip_size), label(footer, locale)
    # on two rows the footer runs on after the last chip when there is room: the rows then take
    # the height of one row and the footer line below it, and the board keeps its room
    beside = (len(chip_rows) > 1 and CHIP_LEFT + _row_width(chip_rows[-1], chip_size, marks) + 24
              + cv.text_width(note, FOOTER_PX) <= WIDTH - 14)
    half = (int(chip_size * 1.5) + 1) // 2   # half a chip's height
    first_y = 10 + half if beside else 30    # the first row's centre, below the seat panel
    last_y = first_y + (len(chip_rows) - 1) * step
    tail = last_y + half + 10 if beside else last_y + 68
    bottom = (PANEL_TOP + len(res_lines) * 38 if seat is not None else 0) + tail + 2
    room_w, room_h = WIDTH - 24, MAX_H - y - bottom - 20
    # a card drawn for the room (``card(room_w, room_h)``) is shown whole, or a board is cut
    board = info["card"](room_w, room_h) if info.get("card") else info["image"]
    box = info.get("focus") or (0, 0, board.width, board.height)
    area = info.get("area") or (0, 0, board.width, board.height)
    box = _frame(box, area, room_w, room_h, info.get("min_scale", 0.0))
    cut_w, cut_h = box[2] - box[0], box[3] - box[1]
    k = min(room_w / cut_w, room_h / cut_h, 1.0)
    size = (max(1, int(cut_w * k)), max(1, int(cut_h * k)))
    # the image as tall as what it shows
    panel_h = PANEL_TOP + len(res_lines) * 38 if seat is not None else 0
    height = min(MAX_H, y + size[1] + 20 + panel_h + tail)
    x0 = (WIDTH - size[0]) // 2
    parts = [strips.Part(head, (0, 0), y + 1),   # the header's bands reach the row y itself
             strips.Part(_scaled(board, box, size), (x0, y + 10))]
    frame = ((x0 - 1, y + 9, x0 + size[0], y + 10 + size[1]), cv.MUTED)
    y += size[1] + 20
    # what is below the board part is drawn on a canvas of its own from an even row: shifted by an
    # even number of rows, every shape and letter lands on the same pixels (a half pixel rounds to
    # even)
    below = y - y % 2
    img, draw = _canvas(max(1, height - below))
    parts.append(strips.Part(img, (0, below)))
    y -= below
    if seat is not None:
        colour = colours.get(seat) or cv.seat_colour(seat)
        h = panel_h  # the last line clear of the frame
        draw.rounded_rectangle((10, y, WIDTH - 10, y + h - 6), radius=12, fill=cv.PANEL, outline=colour, width=4)
        cv.seat_chip(draw, (22, y + 24), seat, names[seat] if seat < len(names) else "?", size=26,
                     colour=colours.get(seat), mark=marks.get(seat))
        if info.get("score_text"):
            cv.text(draw, (WIDTH - 26, y + 24), info["score_text"], size=30, bold=True, anchor="rm")
        for i, line in enumerate(res_lines):
            cv.text(draw, (26, y + 62 + i * 38), cv.fit(line, RES_W, BODY), size=BODY, anchor="lm")
        y += h
    for i, row in enumerate(chip_rows):
        x, row_y = CHIP_LEFT, y + first_y + i * step
        for s, chip in row:
            x += cv.seat_chip(draw, (x, row_y), s, chip, size=chip_size, colour=colours.get(s),
                              mark=marks.get(s)) + CHIP_GAP
    cv.text(draw, (WIDTH - 14, y + (last_y if beside else tail - 20)), note, size=FOOTER_PX, fill=cv.MUTED, anchor="rm")
    return height, parts, (frame,)


def _canvas(height: int) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    """The canvas of the turn image's part below its board part, ``height`` px tall."""
    return cv.new_canvas(WIDTH, height)


_HEADER = threading.local()


def _header_canvas() -> tuple[Image.Image, ImageDraw.ImageDraw]:
    """A canvas of the turn image's greatest size, kept per thread, for the header: it is drawn
    before the image's height is known (its height decides the room below) and encoded from there
    (its first rows, ``strips.Part``). It is never blanked: the header's bands cover every pixel of
    the rows it takes (``canvas.header``), so nothing an earlier image left there shows."""
    kept = getattr(_HEADER, "canvas", None)
    if kept is None:
        kept = _HEADER.canvas = cv.new_canvas(WIDTH, MAX_H)
    return kept


def _scaled(board: Image.Image, box: tuple, size: tuple[int, int]) -> Image.Image:
    """The part ``box`` of ``board`` at ``size`` (never larger than the box), to be pasted: a card
    drawn for the room is the board itself and a cut at full size is only cropped (a card cropped
    whole and then "scaled" to its own size was copied twice, about 1.5 MB each time). A smaller one
    is cropped and then scaled (``resize``'s own ``box`` reads pixels past the box's edges: not the
    same pixels)."""
    if size == (box[2] - box[0], box[3] - box[1]):
        return board if box == (0, 0, *board.size) else board.crop(box)
    # BOX averages the pixels each output pixel covers: a downscale as smooth as BILINEAR
    # for about half its cost (a full board cut down is the costliest step of a turn image)
    return board.crop(box).resize(size, Image.Resampling.BOX)


#: the score chips' type: one row as big as these allow, down to the phone floor (22 px on the
#: 800 px image, 11 px on a phone), then two rows at these
CHIP_SIZES = (24, 23, 22)
#: the "Full board" pointer under the chips: at the phone floor too, it is how a player finds the rest
FOOTER_PX = 22
CHIP_LEFT, CHIP_RIGHT, CHIP_GAP = 10, WIDTH - 10, 8   # the seat panel's edges


def _row_step(size: int) -> int:
    """From one row of score chips to the next (a chip is 1.5 × its type high)."""
    return int(size * 1.5) + 6


def _row_width(row, size: int, marks: dict) -> int:
    """The width a row of score chips ((seat, label), ...) takes on the turn image."""
    return sum(cv.chip_width(c, size, mark=marks.get(s)) for s, c in row) + CHIP_GAP * (len(row) - 1)


def score_rows(scores, names: list[str], marks: dict | None = None) -> tuple[int, list[list[tuple[int, str]]]]:
    """Every seat's score chip ("name score"), in the order given, laid out for the turn image:
    ``(size, rows of (seat, label))``. One row at the biggest of ``CHIP_SIZES`` it fits, else two
    rows (wrapped like text: the first row as full as it goes); only when two rows at the
    smallest size cannot hold them are the longest names of a row too long cut with "…" (as
    little as the row needs, the split that cuts least). No seat and no score is left out."""
    marks = marks or {}
    room = CHIP_RIGHT - CHIP_LEFT
    seats = [(s, names[s] if s < len(names) else "?", value) for s, value in scores]

    def chips(part, size, cap=None):
        return [(s, f"{cv.fit(name, cap, size, True) if cap is not None else name} {value}")
                for s, name, value in part]

    def width(row, size):
        return _row_width(row, size, marks)

    for size in CHIP_SIZES:
        if width(chips(seats, size), size) <= room:
            return size, [chips(seats, size)]
    splits = [(seats[:k], seats[k:]) for k in range(1, len(seats))]
    for size in CHIP_SIZES:
        fits = [i for i, (a, b) in enumerate(splits)
                if width(chips(a, size), size) <= room and width(chips(b, size), size) <= room]
        if fits:   # wrapped like text: the first row as full as it goes
            a, b = splits[fits[-1]]
            return size, [chips(a, size), chips(b, size)]
    # names longer than two rows hold: a row too long cuts its longest names to the widest that fits
    size = CHIP_SIZES[-1]

    def cap(part):
        """The widest a name in ``part`` may be for its row to fit (None: no cut)."""
        if width(chips(part, size), size) <= room:
            return None
        lo, hi = 0, max(cv.text_width(name, size, True) for _s, name, _v in part)
        while lo < hi:
            mid = (lo + hi + 1) // 2
            lo, hi = (mid, hi) if width(chips(part, size, mid), size) <= room else (lo, mid - 1)
        return lo

    def cut(caps):   # the split that cuts least: its narrowest cap widest, then its other
        return sorted((room * 9 if c is None else c) for c in caps)

    caps = [(cap(a), cap(b)) for a, b in splits] or [(cap(seats),)]
    best = max(range(len(caps)), key=lambda i: cut(caps[i]))
    parts = splits[best] if splits else (seats,)
    return size, [chips(part, size, c) for part, c in zip(parts, caps[best])]


def _frame(box, area, room_w: int, room_h: int, min_scale: float = 0.0):
    """``box`` grown to the room's shape (more of the board around the change
    rather than blown-up pixels) and kept inside ``area`` (the board without
    its own header). With ``min_scale`` a box too big to fit at that scale
    keeps its top-left part."""
    ax, ay, bw, bh = area
    bw, bh = bw - ax, bh - ay
    x0, y0, x1, y1 = box[0] - ax, box[1] - ay, box[2] - ax, box[3] - ay
    w, h = max(1, x1 - x0), max(1, y1 - y0)
    aspect = room_w / room_h
    if w / h < aspect:
        w = h * aspect
    else:
        h = w / aspect
    if w < room_w:  # smaller than the room at full size: show more around it
        w, h = room_w, room_h
    if min_scale and room_w / w < min_scale:
        w, h = room_w / min_scale, room_h / min_scale
        cx, cy = x0 + w / 2, y0 + h / 2
    else:
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    w, h = min(w, bw), min(h, bh)
    left = min(max(0, cx - w / 2), bw - w) + ax
    top = min(max(0, cy - h / 2), bh - h) + ay
    return int(left), int(top), int(left + w), int(top + h)


def _first_seat(lines, names) -> int | None:
    """The seat named first in the raw last-move lines ({p1} ...)."""
    return first_seat(lines, len(names))


def _fmt(line, names) -> str:
    return fill_seats(str(line), names)


def _up(view) -> int | None:
    to_move = view.get("to_move") or []
    return to_move[0] if len(to_move) == 1 else None


def _winner(view) -> int | None:
    res = view.get("result") or {}
    winners = res.get("winners") or []
    return winners[0] if winners else None


# --- the adapters ------------------------------------------------------------------------

def adapter(game_id: str):
    """The game's ``turn_parts(view, names, locale)``: in ``<renderer>_turn`` beside its renderer
    (Amerigo's) or in its renderer module itself; None for a game that has none (``_generic``)."""
    import renderers

    module = renderers.RENDERERS.get(game_id)
    if module is None:
        return None
    if module not in _ADAPTERS:   # looked for once: a missing ``<renderer>_turn`` costs an import search
        _ADAPTERS[module] = _find_adapter(module)
    return _ADAPTERS[module]


#: renderer module -> its ``turn_parts`` (None: none), as ``adapter`` found it
_ADAPTERS: dict = {}


def _find_adapter(module: str):
    for name in (f"{module}_turn", module):
        try:
            found = importlib.import_module(name)
        except ModuleNotFoundError as err:
            if err.name != name:
                raise
            continue
        if hasattr(found, "turn_parts"):
            return found.turn_parts
    return None


def _parts(game_id, view, names, locale) -> dict:
    own = adapter(game_id)
    return own(view, names, locale) if own is not None else _generic(game_id, view, names, locale)


#: keys a player's score may have in a view, in the order looked for
SCORE_KEYS = ("vp", "points", "score")


def _generic(game_id, view, names, locale):
    """Any game: header from the common view keys, the whole board scaled,
    the seat's numeric fields as its resources."""
    import renderers

    module = importlib.import_module(renderers.RENDERERS[game_id])
    if hasattr(module, "board_image"):
        img = module.board_image(view, names)
        img = img[0] if isinstance(img, tuple) else img
    else:
        with cv.capture_images() as images:
            png = renderers.render(game_id, view, names, locale)
        img = images[-1].convert("RGB") if images else Image.open(io.BytesIO(png)).convert("RGB")
    focus = module.focus_box(view) if hasattr(module, "focus_box") else None
    # a board starts with its own banner: the header above already says it
    area = (0, min(70, img.height // 4), img.width, img.height)
    focus = focus or area
    seat = _up(view)
    focus_seat = seat if seat is not None else _winner(view)
    players = view.get("players") or []
    title = game_name(game_id, locale)
    if view.get("round"):
        title += " · " + round_label(game_id, view["round"], locale)
    if view.get("phase"):
        title += f" · {view['phase']}"
    waiting = view.get("to_move") or []
    if view.get("result"):
        winners = view["result"].get("winners") or []
        status = (label("board.wins", locale, n=len(winners), names=together((names[w] for w in winners if w < len(names)), locale))
                  if winners else label("board.game_over", locale))
    elif len(waiting) == 1:
        status = label("turn.to_move", locale, name=names[waiting[0]])
    else:
        status = label("board.waiting", locale, names=listing([names[s] for s in waiting if s < len(names)], locale))

    def score(p):
        for k in SCORE_KEYS:
            if isinstance(p.get(k), int):
                return p[k]
        return (view.get("result") or {}).get("scores", [None] * (p.get("seat", 0) + 1))[p.get("seat", 0)]

    res = []
    if focus_seat is not None and focus_seat < len(players):
        p = players[focus_seat]
        res = [f"{k.replace('_', ' ')} {v}" for k, v in p.items()
               if isinstance(v, int) and not isinstance(v, bool) and k not in ("seat", *SCORE_KEYS)][:8]
    scores = [(p.get("seat", i), score(p)) for i, p in enumerate(players)]
    scores = sorted([(s, v) for s, v in scores if v is not None], key=lambda sv: -sv[1])
    fs = score(players[focus_seat]) if focus_seat is not None and focus_seat < len(players) else None
    return {
        "title": title, "status": status, "seat": seat, "focus_seat": focus_seat,
        "last": [_fmt(t, names) for t in last_lines(view, locale)],
        "image": img, "focus": focus, "area": area, "min_scale": 0.55, "resources": res,
        "score_text": label("turn.vp", locale, n=fs) if fs is not None else "", "scores": scores,
    }
