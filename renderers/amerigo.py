"""Amerigo board, drawn as the game looks: the island tiles in their frame
(sea as water, land as land, the tiles' borders), goods as icons, the
action circle beside the cube tower, the special-action track, the
development and production displays, and one panel per player. Drawn from
``view`` only; every word comes from ``amerigo_labels`` (en and zh-TW).

``board_image`` and ``layout`` give the turn image (``renderers.turn``) the
board and the box the last move changed.
"""

from __future__ import annotations

import re
from functools import lru_cache

from games.amerigo.board import COLS, geometry
from games.amerigo.data import ACTION_OF, COLOURS, DEVELOPMENTS, SHAPES
from games.amerigo.scoring import goods_points, track_value
from games.core.messages import Msg, fill_seats, first_seat
from games.core.messages import render as say
from games.core.notation import is_number
from renderers import canvas as C
from renderers.amerigo_icons import icon
from renderers.amerigo_labels import dev_effect, dev_name, word
from renderers.labels import label as board_label
from renderers.labels import together

W = 1600
HEADER_ROWS = 2
#: cube colours (the seven actions), as on the cubes
CUBE = {
    "blue": (40, 95, 205), "black": (35, 35, 35), "red": (205, 45, 45), "brown": (135, 85, 45),
    "green": (45, 150, 60), "yellow": (240, 200, 40), "white": (250, 250, 250),
}
#: Sea and land. Picked so every seat colour stays apart from both, and they
#: from each other, for normal vision and the three simulated dichromacies
#: (tests/renderers/test_seat_palette.py and tests/amerigo/test_amerigo_render.py).
SEA = (133, 209, 242)
WAVE = (98, 172, 214)
LAND = (203, 224, 168)
LAND_LINE = (176, 200, 140)
COAST = (70, 100, 60)
TILE_EDGE = (40, 70, 110)
NEUTRAL = (196, 164, 118)
FURROW = (170, 136, 92)
PLATE = (236, 232, 206)          # a free trading-post square
GOLD = (214, 160, 20)
NAVY = (30, 60, 100)
GROUNDS = (SEA, LAND, PLATE)     # seat pieces stand on these (the palette test checks them)
GOOD_FILL = {"cotton": (250, 250, 250), "tea": (70, 140, 50), "sugar": (250, 240, 205),
             "coconut": (140, 95, 55), "coffee": (80, 48, 28)}
DEV_FILL = {"perm": (240, 230, 205), "once": (215, 235, 250), "end": (235, 220, 245)}
DEV_TAG = {"perm": "∞", "once": "1x", "end": "E"}
#: the production sets as printed on their backs
ROMAN = {"II": "Ⅱ", "III": "Ⅲ", "IV": "Ⅳ"}
SPECIAL_COLOURS = (None,) + tuple(("blue", "black", "red", "brown", "green", "yellow")[(i - 1) % 6]
                                  for i in range(1, 16))
SPECIAL_NUMBERS = {3: 1, 6: 3, 9: 6, 12: 10, 15: 15}
DEVELOP_NUMBERS = {2: 1, 4: 3, 7: 6, 9: 10, 12: 15}
CELL_RE = re.compile(r"\b(rim\d{1,2}|[A-X](?:[1-9]|1\d|2[0-4]))\b")
RIGHT_X = 996
#: the map alone for the turn image: bigger squares, so a 400 px phone shows them ~37 px wide
#: and the ships' letters and numbers on them come out 22 px and up (11 on a phone)
ZOOM_MAP_W, ZOOM_CELL = 2000, 74
#: the zoomed map's coordinates and frame names: the turn image's type floor and up
ZOOM_COORD_TYPE, ZOOM_FRAME_TYPE = 22, 26
LEGEND_H = 160  # four rows of 36 px at most (``_legend_rows``)
#: the frame spaces' names on the strip (30 px): their type
FRAME_TYPE = 20


# --- texts -----------------------------------------------------------------------------

def _names(view, names):
    n = len(view["players"])
    return [str(names[i]) if names and i < len(names) and names[i] else f"Player {i + 1}" for i in range(n)]


def _fill(s: str, names) -> str:
    return fill_seats(s, names)


def last_lines(view, names, locale="en") -> list[str]:
    """The last move and its consequences, in ``locale`` when the view keeps their messages."""
    msgs = view.get("last_msgs") or []
    texts = list(view.get("last") or [])
    out = []
    for i, t in enumerate(texts):
        m = msgs[i] if i < len(msgs) else None
        if m:
            t = say(Msg.from_json(m), locale)
        out.append(_fill(t, names))
    return out


def _action(colour: str, locale) -> str:
    return word("ame.board.act." + ACTION_OF[colour], locale)


def _ships_left(turn) -> list[Msg]:
    """Each ship of a sailing action, as the bot's ask says it (``bot.ui.prompts._ships_left``):
    its steps left (every ship has the action's whole budget), or, once it built a trading post,
    that it stays there."""
    posted = list(turn.get("posted") or [])
    budget = int(turn.get("budget") or 0)
    return [Msg("ame.board.ask.ship_stays", {"i": i + 1}) if i < len(posted) and posted[i]
            else Msg("ame.board.ask.ship_left", {"i": i + 1, "n": max(0, budget - int(moved))})
            for i, moved in enumerate(turn.get("moved") or [])]


def header_text(view, names, locale="en"):
    """(title, status, seat up or None): the header's two key lines."""
    parts = [word("ame.board.game", locale), board_label("board.round_of", locale, n=view["round"], total=5)]
    if view.get("phase"):
        # the phase's colour only says which cubes were poured: every colour in the tray is an action
        parts.append(word("ame.board.phase", locale, colour=word("ame.colour." + view["phase"], locale),
                          i=view["phase_index"] + 1))
    time = word("ame.board.time", locale, n=view["time"])
    parts.append(time + (" ◇" if view.get("time_designed") else ""))
    title = "  ·  ".join(parts)
    res = view.get("result")
    if res:
        winners = [names[w] for w in res["winners"]]
        status = board_label("board.over_wins", locale, n=len(winners), names=together(winners, locale))
        return title, status, (res["winners"][0] if res["winners"] else None)
    if not view["to_move"]:
        return title, "", None
    seat = view["to_move"][0]
    name = names[seat]
    turn = view.get("turn")
    if turn and "picks" in turn:
        status = word("ame.board.ask.picks", locale, name=name, n=turn["picks"])
    elif turn and "moved" in turn:
        status = word("ame.board.ask.sail", locale, name=name, ships=_ships_left(turn))
    elif turn:
        status = word("ame.board.ask.points", locale, name=name, n=turn["points_left"],
                      action=word("ame.board.act." + turn["action"], locale))
    else:
        status = word("ame.board.ask.choose", locale, name=name, ap=view["ap"], coins=-(-view["cubes"] // 3))
    return title, status, seat


# --- geometry ------------------------------------------------------------------------------

@lru_cache(maxsize=16)
def _layout(w: int, h: int, players: int, over: bool, zoom: bool = False) -> dict:
    """Every box of the board: the same for every view of one table. ``zoom``: the map
    alone with bigger squares, at the top (the phone turn image cuts the last move from it)."""
    top = C.header_height(1.0, HEADER_ROWS) + 12
    if over:
        top += 84                                     # the final ranking
    if zoom:
        top = 0
    cols, rows = 6 * w, 6 * h
    strip, coord = (44, 34) if zoom else (30, 26)
    map_w = ZOOM_MAP_W if zoom else RIGHT_X - 16 - 16
    cell = min(ZOOM_CELL if zoom else 46, (map_w - 28 - 2 * strip - 2 * coord) // cols)
    mw, mh = cell * cols, cell * rows
    gx = 16 + (map_w - mw) // 2
    gy = top + 34 + 14 + coord + strip
    legend_h = 0 if zoom else LEGEND_H   # the zoomed map goes without its key (the board has it)
    map_box = (16, top, 16 + map_w, gy + mh + strip + coord + legend_h)
    x0, x1 = RIGHT_X, W - 16
    circle = (x0, top, x1, top + 372)
    special = (x0, circle[3] + 12, x1, circle[3] + 12 + 262)
    devs = (x0, special[3] + 12, x1, special[3] + 12 + 482)
    prod_h = 270
    if max(map_box[3] + 12 + prod_h, devs[3]) + 40 < max(map_box[3], devs[3] + 12 + prod_h):
        # a short map (3 players): production goes under it, not below the right column
        prod = (map_box[0], map_box[3] + 12, map_box[2], max(map_box[3] + 12 + prod_h, devs[3]))
    else:
        prod = (x0, devs[3] + 12, x1, max(map_box[3], devs[3] + 12 + prod_h))
    y = max(map_box[3], prod[3]) + 16
    ph = 318
    panels = []
    for i in range(players):
        col, row = i % 2, i // 2
        px = 16 + col * (W - 16) // 2
        panels.append((px, y + row * (ph + 12), px + (W - 48) // 2, y + row * (ph + 12) + ph))
    height = panels[-1][3] + 16
    return {"zoom": zoom, "top": top, "cell": cell, "gx": gx, "gy": gy, "rows": rows, "cols": cols, "strip": strip,
            "map": map_box, "circle": circle, "special": special, "devs": devs, "prod": prod,
            "panels": tuple(panels), "height": height, "grid": (gx, gy, gx + mw, gy + mh)}


#: a row of development tiles in a seat's panel; the panel's own height holds one row
DEV_ROW = 40
#: the most development tiles a seat's panel shows
DEV_SHOWN = 9


def layout(view) -> dict:
    """``_layout`` with the seats' panels as tall as the most development tiles a seat holds needs
    (three to a row on the board): every tile shown, none cut off below the panel."""
    L = _layout(view["map"]["w"], view["map"]["h"], len(view["players"]), bool(view.get("result")))
    per = dev_columns(L["panels"][0][2] - L["panels"][0][0])
    rows = max(-(-min(len(p["devs"]), DEV_SHOWN) // per) for p in view["players"])
    extra = DEV_ROW * max(0, rows - 1)
    if not extra:
        return L
    panels = tuple((x0, y0 + (i // 2) * extra, x1, y1 + (i // 2 + 1) * extra)
                   for i, (x0, y0, x1, y1) in enumerate(L["panels"]))
    return {**L, "panels": panels, "height": panels[-1][3] + 16}


def _frame_rects(L, w, h):
    """The frame spaces rim1.. clockwise from the top-left tile's north edge."""
    gx, gy, cell, strip = L["gx"], L["gy"], L["cell"], L["strip"]
    t = cell * 6
    out = []
    for tx in range(w):
        out.append((gx + tx * t, gy - strip, gx + (tx + 1) * t, gy))
    for ty in range(h):
        out.append((gx + w * t, gy + ty * t, gx + w * t + strip, gy + (ty + 1) * t))
    for tx in reversed(range(w)):
        out.append((gx + tx * t, gy + h * t, gx + (tx + 1) * t, gy + h * t + strip))
    for ty in reversed(range(h)):
        out.append((gx - strip, gy + ty * t, gx, gy + (ty + 1) * t))
    return out


def _rc(name: str) -> tuple[int, int]:
    return int(name[1:]) - 1, COLS.index(name[0])


def _cell_box(L, name):
    r, c = _rc(name)
    x, y = L["gx"] + c * L["cell"], L["gy"] + r * L["cell"]
    return x, y, x + L["cell"], y + L["cell"]


def _frame_names(view) -> list[str]:
    """The frame spaces' names as the engine gives them (``rim1``..; ``F1``.. in a
    game started under engine version 1, whose logs replay on that graph)."""
    n = view["map"]["frame"]
    return list(view["map"].get("frame_names") or [f"rim{i + 1}" for i in range(n)])


def _space_box(L, view, name):
    """The box of a square (``C7``) or frame space (``rim3``)."""
    names = _frame_names(view)
    if name in names:
        return _frame_rects(L, view["map"]["w"], view["map"]["h"])[names.index(name)]
    if name[0] not in COLS or not is_number(name[1:]):
        return None
    r, c = _rc(name)
    if 0 <= r < L["rows"] and 0 <= c < L["cols"]:
        return _cell_box(L, name)
    return None


def changed_spaces(view) -> list[str]:
    """The squares and frame spaces the last move names."""
    found = []
    for line in view.get("last") or []:
        for name in CELL_RE.findall(str(line)):
            if name not in found:
                found.append(name)
    return found


def _last_kind(view) -> str:
    """What the last move was about, from its first message key (or its English)."""
    msgs = [m for m in (view.get("last_msgs") or []) if m]
    key = msgs[0].get("key", "") if msgs else ""
    text = " ".join(view.get("last") or [])
    for kind, keys, words in (
        ("circle", ("ame.ev.fell", "ame.ev.none_fell", "ame.ev.no_cubes", "ame.ev.round"), ("phase:", "begins")),
        ("devs", ("ame.ev.take_dev", "ame.ev.may_take"), ("development tile",)),
        ("prod", ("ame.ev.buy",), ("buys production",)),
        ("special", ("ame.ev.track.order", "ame.ev.track_full.order", "ame.ev.jump"), ("moves order", "'first'")),
    ):
        if key in keys or (not key and any(w in text for w in words)):
            return kind
    return "map" if changed_spaces(view) else "seat"


def _mover(view) -> int | None:
    return first_seat(view.get("last"), len(view["players"]))


def focus_box(view) -> tuple[int, int, int, int]:
    """The part of the board the last move changed (board pixels)."""
    L = layout(view)
    kind = _last_kind(view)
    if kind == "map":
        boxes = [b for b in (_space_box(L, view, n) for n in changed_spaces(view)) if b]
        if boxes:
            pad = L["cell"] * 2
            return (min(b[0] for b in boxes) - pad, min(b[1] for b in boxes) - pad,
                    max(b[2] for b in boxes) + pad, max(b[3] for b in boxes) + pad)
        return L["map"]
    if kind in ("circle", "devs", "prod", "special"):
        return L[kind]
    seat = _mover(view)
    if seat is None and view["to_move"]:
        seat = view["to_move"][0]
    return L["panels"][seat] if seat is not None else L["map"]


# --- drawing ---------------------------------------------------------------------------------

#: every colour the board is drawn in: one palette for all Amerigo boards (built once from them and their blends, then only mapped)
COLOURS_USED = tuple(CUBE.values()) + tuple(GOOD_FILL.values()) + tuple(DEV_FILL.values()) + tuple(C.SEAT_COLOURS) + (
    SEA, WAVE, LAND, LAND_LINE, COAST, TILE_EDGE, NEUTRAL, FURROW, PLATE, GOLD, NAVY, C.HEADER_DARK, C.LAST_STRIP)


def render(view: dict, names: list[str] | None = None, locale: str = "en") -> bytes:
    return C.to_png(board_image(view, names, locale), COLOURS_USED, palette_key=("amerigo",))


def board_image(view: dict, names: list[str] | None = None, locale: str = "en"):
    """The full board as a Pillow image (the turn image cuts its focus from it)."""
    names = _names(view, names)
    L = layout(view)
    img, draw = C.new_canvas(W, L["height"])
    title, status, seat = header_text(view, names, locale)
    last = last_lines(view, names, locale) or [board_label("board.game_start", locale)]
    C.header(draw, W, title, status, last, seat=seat, last_label=board_label("board.last", locale),
             last_rows=HEADER_ROWS, fixed=True, names=names)
    if view.get("result"):
        _ranking(draw, view, names, locale, (16, L["top"] - 84, W - 16, L["top"] - 12))
    kind = _last_kind(view) if view.get("last") else None
    _map(img, draw, view, L, locale, highlight=kind == "map")
    _circle(draw, view, L["circle"], locale, kind == "circle")
    _special(draw, view, names, L["special"], locale, kind == "special")
    _developments(draw, view, L["devs"], locale, kind == "devs")
    _production(draw, view, L["prod"], locale, kind == "prod")
    mover = _mover(view) if kind == "seat" else None
    for s, box in enumerate(L["panels"]):
        _player(draw, view, names, s, box, locale, mover == s)
    return img


def _outline(draw, box, width=5):
    x0, y0, x1, y1 = box
    draw.rounded_rectangle((x0 - 3, y0 - 3, x1 + 3, y1 + 3), radius=14, outline=C.HIGHLIGHT, width=width)


def _places(res) -> list[tuple[int, int]]:
    """(seat, place) in ranking order: tied winners all first, a tie below the top shares its place."""
    ranking = res.get("ranking") or sorted(range(len(res["scores"])), key=lambda s: -res["scores"][s])
    out, place, prev = [], 0, None
    for i, s in enumerate(ranking):
        if res["scores"][s] != prev or s in res["winners"][1:]:
            place = i + 1 if s not in res["winners"][1:] else 1
        prev = res["scores"][s]
        out.append((s, place))
    return out


def _chip_w(chip: str, size: int) -> int:
    """The width ``C.seat_chip`` takes for ``chip`` at ``size`` (bold, the seat's shape in front)."""
    pad = size // 2
    return int(pad + int(2 * size * 0.42 + pad // 2) + C.text_width(chip, size, True) + pad)


#: the board's ranking chips: one row at these sizes, else two rows at these
RANK_ONE_ROW = (24, 22, 20, 18)
RANK_TWO_ROWS = (18, 16)


def _ranking(draw, view, names, locale, box):
    """The final ranking strip above the board: every seat's chip whole, on one row, or two
    smaller rows when long names leave no room."""
    res = view["result"]
    x0, y0, x1, y1 = box
    draw.rounded_rectangle(box, radius=12, fill=C.PANEL, outline=GOLD, width=4)
    C.text(draw, (x0 + 16, (y0 + y1) / 2), word("ame.board.ranking", locale), size=26, bold=True, anchor="lm")
    left = x0 + 32 + C.text_width(word("ame.board.ranking", locale), 26, True)
    room = x1 - 10 - left
    places = _places(res)
    chips = [(s, word("ame.board.rank", locale, rank=place, name=names[s], vp=res["scores"][s])) for s, place in places]
    gap = 14

    def row_w(row, size):
        return sum(_chip_w(c, size) for _s, c in row) + gap * (len(row) - 1)

    rows, size = None, RANK_TWO_ROWS[-1]
    for sz in RANK_ONE_ROW:
        if row_w(chips, sz) <= room:
            rows, size = [chips], sz
            break
    if rows is None:
        half = (len(chips) + 1) // 2
        split = [chips[:half], chips[half:]]
        for sz in RANK_TWO_ROWS:
            if all(row_w(r, sz) <= room for r in split):
                rows, size = split, sz
                break
    if rows is None:   # names longer than Discord allows: each chip gets its share of the row
        half = (len(chips) + 1) // 2
        share = room // half - gap
        rows = [[(s, C.fit(c, share - _chip_w("", size), size, True)) for s, c in r]
                for r in (chips[:half], chips[half:])]
    cy = (y0 + y1) / 2
    ys = [cy] if len(rows) == 1 else [cy - size * 0.85, cy + size * 0.85]
    for row, y in zip(rows, ys):
        x = left
        for s, chip in row:
            x += C.seat_chip(draw, (x, y), s, chip, size=size,
                             outline=GOLD if s in res["winners"] else None) + gap


#: the turn image's final ranking: a seat's chip, its score's parts under it
RESULT_CHIP = 30
RESULT_PARTS = 22


def result_card(view: dict, names: list[str], locale: str = "en", room_w: int = 776, room_h: int = 10_000):
    """The final ranking drawn for the turn image's room: a row per seat in ranking order,
    its place, name and score whole in a chip (the winners' outlined in gold), the score's
    parts under it while the room holds them."""
    names = _names(view, names)
    res = view["result"]
    places = _places(res)
    inner = room_w - 2 * 16
    banner = 50
    rows = []
    for s, place in places:
        chip = word("ame.board.rank", locale, rank=place, name=names[s], vp=res["scores"][s])
        size = RESULT_CHIP
        while size > 18 and _chip_w(chip, size) > inner:
            size -= 2
        if _chip_w(chip, size) > inner:   # longer than any Discord name
            chip = C.fit(chip, inner - _chip_w("", size), size, True)
        parts = " · ".join(f"{word('ame.board.part.' + k.replace(' ', '_'), locale)} {v}"
                           for k, v in res["breakdown"][s].items()) if res.get("breakdown") else ""
        rows.append((s, chip, size, C.wrap(parts, inner - 12, RESULT_PARTS) if parts else []))
    chip_h = RESULT_CHIP * 1.5 + 14
    part_h = RESULT_PARTS + 10
    with_parts = banner + sum(chip_h + len(p) * part_h for *_r, p in rows) + 12
    show_parts = with_parts <= room_h
    height = int(with_parts if show_parts else banner + len(rows) * chip_h + 12)
    img, draw = C.new_canvas(room_w, height, C.PANEL)
    draw.rounded_rectangle((0, 0, room_w - 1, height - 1), radius=12, outline=GOLD, width=4)
    draw.rounded_rectangle((0, 0, room_w - 1, banner - 6), radius=12, fill=NAVY)
    C.text(draw, (16, (banner - 6) / 2), word("ame.board.ranking", locale), size=28, bold=True, fill=C.WHITE,
           anchor="lm")
    y = banner
    for s, chip, size, parts in rows:
        C.seat_chip(draw, (16, y + chip_h / 2), s, chip, size=size, outline=GOLD if s in res["winners"] else None)
        y += chip_h
        if show_parts:
            for line in parts:
                C.text(draw, (28, y + part_h / 2 - 4), line, size=RESULT_PARTS, fill=C.INK, anchor="lm")
                y += part_h
    return img


# --- the map ---------------------------------------------------------------------------------

@lru_cache(maxsize=6)
def _map_base(grid, w, h, players, over, designed, locale, zoom=False, frame_names=()):
    """The map panel before any piece: frame, coordinates, sea, land, coasts, tile borders, legend."""
    L = _layout(w, h, players, over, zoom)
    box = L["map"]
    x0, y0, x1, y1 = box
    img, draw = C.new_canvas(max(W, x1 + 16), max(L["height"], y1 + 16))
    C.panel(draw, box, word("ame.board.islands", locale), colour=NAVY)
    ftype, ctype = (ZOOM_FRAME_TYPE, ZOOM_COORD_TYPE) if zoom else (FRAME_TYPE, 16)
    if designed:
        C.designed_legend(draw, (x1 - 14, y0 + 17), board_label("board.designed", locale), size=ctype if zoom else 18,
                          anchor="rm", fill=C.WHITE)
    cell, gx, gy, rows, cols = L["cell"], L["gx"], L["gy"], L["rows"], L["cols"]
    frames = _frame_rects(L, w, h)
    # the frame: sea too, one space per tile edge
    for i, fr in enumerate(frames):
        draw.rectangle(fr, fill=SEA, outline=NAVY, width=2)
        horizontal = fr[2] - fr[0] > fr[3] - fr[1]
        cx, cy = (fr[0] + fr[2]) / 2, (fr[1] + fr[3]) / 2
        # the name players type for it ("ship 1 rim3"), as large as the strip allows
        label = frame_names[i] if i < len(frame_names) else f"rim{i + 1}"
        if horizontal:
            C.text(draw, (fr[0] + 10, cy), label, size=ftype, fill=NAVY, bold=True, anchor="lm")
        else:   # the strip is narrow: the word over the number
            word_part = label.rstrip("0123456789")
            C.text(draw, (cx, fr[1] + cell * 0.55), word_part, size=ftype - 4, fill=NAVY, bold=True, anchor="mm")
            C.text(draw, (cx, fr[1] + cell * 0.55 + ftype), label[len(word_part):], size=ftype, fill=NAVY,
                   bold=True, anchor="mm")
    # corners of the frame
    s = L["strip"]
    for cx, cy in ((gx - s, gy - s), (gx + cols * cell, gy - s), (gx - s, gy + rows * cell),
                   (gx + cols * cell, gy + rows * cell)):
        draw.rectangle((cx, cy, cx + s, cy + s), fill=SEA, outline=NAVY, width=2)
    # coordinates outside the frame, clear of every square
    coord = L["gy"] - L["strip"] - L["map"][1] - 48   # the coordinates' band, above and left of the frame
    for c in range(cols):
        C.text(draw, (gx + c * cell + cell / 2, gy - s - coord / 2), COLS[c], size=ctype, fill=C.MUTED, bold=True,
               anchor="mm")
    for r in range(rows):
        C.text(draw, (gx - s - coord / 2, gy + r * cell + cell / 2), str(r + 1), size=ctype, fill=C.MUTED, bold=True,
               anchor="mm")
    # sea, then land
    draw.rectangle((gx, gy, gx + cols * cell, gy + rows * cell), fill=SEA)
    for r in range(rows):
        for c in range(cols):
            ch = grid[r][c]
            x, y = gx + c * cell, gy + r * cell
            if ch in ".A":
                if ch == "A":
                    _anchor(draw, x + cell / 2, y + cell / 2, cell * 0.36)
                elif (r + c) % 2 == 0:
                    _wave(draw, x + cell / 2, y + cell / 2, cell * 0.55)
                continue
            draw.rectangle((x, y, x + cell, y + cell), fill=LAND, outline=LAND_LINE)
    geo = geometry(grid)
    _coasts(draw, L, geo, geo["island_of"], COAST, 3)
    _tile_edges(draw, L, w, h)
    if not zoom:
        _map_legend(draw, L, locale, frame_names[0] if frame_names else "rim1")
    return img.crop(box)


def _coasts(draw, L, geo, cells, colour, width):
    """The coastline along ``cells`` (square -> island) where land meets sea."""
    rows, cols = L["rows"], L["cols"]
    land = geo["island_of"]
    for name in cells:
        x, y, xe, ye = _cell_box(L, name)
        r, c = _rc(name)
        for dr, dc, line in ((-1, 0, (x, y, xe, y)), (1, 0, (x, ye, xe, ye)), (0, -1, (x, y, x, ye)),
                             (0, 1, (xe, y, xe, ye))):
            rr, cc = r + dr, c + dc
            if not (0 <= rr < rows and 0 <= cc < cols) or f"{COLS[cc]}{rr + 1}" not in land:
                draw.line(line, fill=colour, width=width)


def _tile_edges(draw, L, w, h):
    """The borders of the island tiles (6 x 6 squares each)."""
    cell, gx, gy, rows, cols = L["cell"], L["gx"], L["gy"], L["rows"], L["cols"]
    for k in range(w + 1):
        draw.line((gx + k * 6 * cell, gy, gx + k * 6 * cell, gy + rows * cell), fill=TILE_EDGE, width=2)
    for k in range(h + 1):
        draw.line((gx, gy + k * 6 * cell, gx + cols * cell, gy + k * 6 * cell), fill=TILE_EDGE, width=2)


def _map(img, draw, view, L, locale, highlight):
    box = L["map"]
    grid = tuple(view["map"]["grid"])
    w, h = view["map"]["w"], view["map"]["h"]
    # what never changes in a game (water, land, anchors, frame, legend) is drawn once per table
    img.paste(_map_base(grid, w, h, len(view["players"]), bool(view.get("result")),
                        bool(view["map"].get("designed")), locale, L.get("zoom", False),
                        tuple(_frame_names(view))), box[:2])
    cell, rows, cols = L["cell"], L["rows"], L["cols"]
    geo = geometry(grid)
    placed_of = {}
    for t in view["placed"]:
        for name in t["cells"]:
            placed_of[name] = t
    # placed tiles: neutral fields and villages in the seat's colour
    for t in view["placed"]:
        _placed_tile(draw, L, t)
    # built tiles covered their squares' coast: draw it again (gold round a completed island)
    done = {i for i, isl in enumerate(view["islands"]) if isl["done"]}
    _coasts(draw, L, geo, [n for n in placed_of if geo["island_of"][n] not in done], COAST, 3)
    _coasts(draw, L, geo, [n for n, i in geo["island_of"].items() if i in done], GOLD, 5)
    _tile_edges(draw, L, w, h)
    # free post squares, goods, posts
    for r in range(rows):
        for c in range(cols):
            name = f"{COLS[c]}{r + 1}"
            if grid[r][c] == "P" and name not in view["posts"] and name not in placed_of:
                _post_square(draw, _cell_box(L, name))
    for name, good in view["goods"].items():
        x, y, xe, ye = _cell_box(L, name)
        good_icon(draw, (x + xe) / 2, (y + ye) / 2, cell * 0.4, good)
    for name, seat in view["posts"].items():
        x, y, xe, ye = _cell_box(L, name)
        draw.rectangle((x + 2, y + 2, xe - 2, ye - 2), fill=PLATE)
        _post(draw, (x + xe) / 2, (y + ye) / 2, cell * 0.42, seat)
    # chests: on a free square of their island, never over a built one
    for isl_i, isl in enumerate(view["islands"]):
        if isl["chest"]:
            spot = _chest_square(geo["islands"][isl_i], isl, view, placed_of)
            x, y, xe, ye = _cell_box(L, spot)
            _chest(draw, (x + xe) / 2, (y + ye) / 2, cell * 0.44)
    # ships
    ships_at = {}
    for seat, ships in enumerate(view["ships"]):
        for k, loc in enumerate(ships):
            ships_at.setdefault(loc, []).append((seat, k + 1))
    for loc, items in ships_at.items():
        b = _space_box(L, view, loc)
        if b is None:
            continue
        cx, cy = (b[0] + b[2]) / 2, (b[1] + b[3]) / 2
        horizontal = b[2] - b[0] >= b[3] - b[1]
        n = len(items)
        frame = b[2] - b[0] != b[3] - b[1]
        if frame:   # after the space's label
            cx, cy = (cx + cell * 0.9, cy) if horizontal else (cx, cy + cell * 0.9)
        for j, (seat, k) in enumerate(items):
            off = (j - (n - 1) / 2) * (cell * 1.05 if frame else cell * 0.3)
            sx, sy = (cx + off, cy) if horizontal else (cx, cy + off)
            _ship(draw, sx, sy, seat, k, cell * 0.42 if frame else cell * 0.40)
    # the last move, outlined
    if highlight:
        for name in changed_spaces(view):
            b = _space_box(L, view, name)
            if b:
                draw.rectangle((b[0] - 1, b[1] - 1, b[2] + 1, b[3] + 1), outline=C.HIGHLIGHT, width=4)


def _wave(draw, cx, cy, w):
    """A little wave mark on open sea."""
    h = w * 0.18
    pts = [(cx - w / 2 + i * w / 8, cy + (h if i % 2 else -h) / 2) for i in range(9)]
    draw.line(pts, fill=WAVE, width=2, joint="curve")


def _anchor(draw, cx, cy, r):
    draw.ellipse((cx - r * 1.25, cy - r * 1.25, cx + r * 1.25, cy + r * 1.25), fill=WAVE)
    C.text(draw, (cx, cy), "⚓", size=max(12, int(r * 1.7)), fill=NAVY, anchor="mm")


def _post_square(draw, box):
    x, y, xe, ye = box
    m = (xe - x) * 0.14
    draw.rectangle((x + m, y + m, xe - m, ye - m), fill=PLATE, outline=C.MUTED, width=2)
    cx, cy, r = (x + xe) / 2, (y + ye) / 2, (xe - x) * 0.2
    draw.line([(cx - r, cy + r * 0.9), (cx - r, cy - r * 0.1), (cx, cy - r), (cx + r, cy - r * 0.1),
               (cx + r, cy + r * 0.9), (cx - r, cy + r * 0.9)], fill=C.MUTED, width=2)


def _post(draw, cx, cy, r, seat):
    """A trading post: the seat's shape and letter, in its colour, on a pale plate."""
    C.seat_mark(draw, cx, cy, r, seat, outline=C.INK, width=2)


def _chest(draw, cx, cy, r):
    draw.rounded_rectangle((cx - r, cy - r * 0.7, cx + r, cy + r * 0.7), radius=3, fill=GOLD, outline=C.INK,
                           width=2)
    draw.line((cx - r, cy - r * 0.15, cx + r, cy - r * 0.15), fill=C.INK, width=2)
    draw.rectangle((cx - r * 0.18, cy - r * 0.3, cx + r * 0.18, cy + r * 0.1), fill=C.INK)


def _chest_square(isl_geo, isl, view, placed_of):
    """The free land square of the island nearest its centre (a built, posted or goods square last)."""
    cy, cx = isl["centre"]

    def busy(name):
        return (name in placed_of) * 4 + (name in view["posts"]) * 4 + (name in view["goods"]) * 2 + (
            name in isl_geo["posts"])

    def dist(name):
        r, c = _rc(name)
        return (r - cy) ** 2 + (c - cx) ** 2

    return min(isl_geo["cells"], key=lambda n: (busy(n), dist(n), n))


def _placed_tile(draw, L, t):
    cells = set(t["cells"])
    cell = L["cell"]
    village = t["kind"] == "v"
    fill = C.seat_colour(t["seat"]) if village else NEUTRAL
    for name in cells:
        x, y, xe, ye = _cell_box(L, name)
        draw.rectangle((x, y, xe, ye), fill=fill)
        if not village:
            for k in (0.3, 0.6, 0.9):
                draw.line((x + 3, y + cell * k, xe - 3, y + cell * k), fill=FURROW, width=2)
    for name in cells:
        x, y, xe, ye = _cell_box(L, name)
        r, c = _rc(name)
        for dr, dc, line in ((-1, 0, (x, y, xe, y)), (1, 0, (x, ye, xe, ye)), (0, -1, (x, y, x, ye)),
                             (0, 1, (xe, y, xe, ye))):
            if f"{COLS[c + dc] if 0 <= c + dc < len(COLS) else '?'}{r + dr + 1}" not in cells:
                draw.line(line, fill=C.INK, width=3)
    if village:
        first = min(cells, key=lambda n: _rc(n))
        x, y, xe, ye = _cell_box(L, first)
        _village_mark(draw, (x + xe) / 2, (y + ye) / 2, cell * 0.34, t["seat"])


def _village_mark(draw, cx, cy, r, seat):
    """A little house with the seat's letter: the second cue on a village tile."""
    colour = C.seat_colour(seat)
    ink = C.contrast(colour)
    house = [(cx - r, cy + r * 0.9), (cx - r, cy - r * 0.15), (cx, cy - r * 1.05), (cx + r, cy - r * 0.15),
             (cx + r, cy + r * 0.9)]
    C.polygon(draw, house, fill=colour, outline=ink, width=2)
    C.text(draw, (cx, cy + r * 0.2), C.seat_letter(seat), size=max(10, int(r * 1.2)), fill=ink, bold=True,
           anchor="mm")


def _ship(draw, x, y, seat, number, r):
    """A ship: hull in the seat's colour, its number on the hull, the seat's letter on the sail."""
    colour = C.seat_colour(seat)
    hull = [(x - r * 1.2, y + r * 0.05), (x + r * 1.2, y + r * 0.05), (x + r * 0.75, y + r * 0.85),
            (x - r * 0.75, y + r * 0.85)]
    C.polygon(draw, hull, fill=colour, outline=C.INK, width=2)
    sail = [(x - r * 0.05, y - r * 1.25), (x - r * 0.05, y - r * 0.05), (x + r * 1.0, y - r * 0.05)]
    C.polygon(draw, sail, fill=C.WHITE, outline=C.INK, width=2)
    draw.line((x - r * 0.05, y - r * 1.25, x - r * 0.05, y + r * 0.1), fill=C.INK, width=2)
    C.text(draw, (x + r * 0.34, y - r * 0.38), C.seat_letter(seat), size=max(9, int(r * 0.8)), fill=C.INK,
           bold=True, anchor="mm")
    C.text(draw, (x, y + r * 0.47), str(number), size=max(9, int(r * 0.75)), fill=C.contrast(colour), bold=True,
           anchor="mm")


def good_icon(draw, cx, cy, r, good):
    """A goods tile as a picture: cotton boll, tea leaf, sugar cube, coconut, coffee bean."""
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=(255, 250, 236), outline=C.INK, width=2)
    k = r * 0.62
    fill = GOOD_FILL[good]
    if good == "cotton":
        for dx, dy in ((-0.45, 0.1), (0.45, 0.1), (0, -0.35), (0, 0.35)):
            draw.ellipse((cx + dx * k - k * 0.5, cy + dy * k - k * 0.5, cx + dx * k + k * 0.5,
                          cy + dy * k + k * 0.5), fill=fill, outline=(120, 120, 120))
    elif good == "tea":
        leaf = [(cx - k, cy + k * 0.7), (cx - k * 0.6, cy - k * 0.3), (cx + k * 0.2, cy - k * 0.9),
                (cx + k, cy - k), (cx + k * 0.7, cy - k * 0.1), (cx, cy + k * 0.6)]
        draw.polygon(leaf, fill=fill, outline=(30, 70, 20))
        draw.line((cx - k, cy + k * 0.7, cx + k * 0.8, cy - k * 0.8), fill=(200, 230, 160), width=1)
    elif good == "sugar":
        top = [(cx, cy - k), (cx + k * 0.9, cy - k * 0.5), (cx, cy), (cx - k * 0.9, cy - k * 0.5)]
        draw.polygon(top, fill=(255, 255, 255), outline=(120, 110, 90))
        draw.polygon([(cx - k * 0.9, cy - k * 0.5), (cx, cy), (cx, cy + k), (cx - k * 0.9, cy + k * 0.5)],
                     fill=fill, outline=(120, 110, 90))
        draw.polygon([(cx + k * 0.9, cy - k * 0.5), (cx, cy), (cx, cy + k), (cx + k * 0.9, cy + k * 0.5)],
                     fill=(225, 210, 170), outline=(120, 110, 90))
    elif good == "coconut":
        draw.ellipse((cx - k, cy - k, cx + k, cy + k), fill=fill, outline=C.INK)
        for dx, dy in ((-0.3, -0.2), (0.3, -0.2), (0, 0.3)):
            draw.ellipse((cx + dx * k - k * 0.14, cy + dy * k - k * 0.14, cx + dx * k + k * 0.14,
                          cy + dy * k + k * 0.14), fill=(50, 30, 15))
    else:  # coffee
        draw.ellipse((cx - k * 0.7, cy - k, cx + k * 0.7, cy + k), fill=fill, outline=C.INK)
        draw.line([(cx, cy - k * 0.8), (cx - k * 0.2, cy - k * 0.2), (cx + k * 0.2, cy + k * 0.3), (cx, cy + k * 0.8)],
                  fill=(200, 160, 110), width=2)


#: the map legend's items: (key, icon width); their icons are drawn by ``_map_legend``
LEGEND_ITEMS = (("sea", 30), ("land", 30), ("anchor", 30), ("post_square", 30), ("post", 30), ("village", 30),
                ("neutral", 30), ("chest", 30), ("done", 30), ("ship", 30), ("last", 30), ("frame", 60))


def _legend_rows(locale, x0, x1, first_frame: str = "rim1") -> int:
    """How many rows the legend takes (its items flow, the goods row follows them)."""
    x, rows = x0 + 16, 1
    for key, icon_w in LEGEND_ITEMS:
        w = icon_w + 8 + C.text_width(word(f"ame.board.lg.{key}", locale, name=first_frame), 18) + 22
        if x + w > x1 - 10:
            x, rows = x0 + 16, rows + 1
        x += w
    goods = C.text_width(word("ame.board.lg.goods", locale), 18, True) + 10 + sum(
        32 + C.text_width(word("ame.good." + g, locale), 18) + 16 for g in GOOD_FILL)
    return rows + (x + goods > x1 - 10)


def _map_legend(draw, L, locale, first_frame: str = "rim1"):
    """The map's key; the frame's item shows the name players type for a frame space (``rim1``)."""
    x0, _, x1, y1 = L["map"]
    y = y1 - 24 - 36 * (_legend_rows(locale, x0, x1, first_frame) - 1)  # the last row at the bottom
    x = x0 + 16
    cell = 30

    def item(drawer, key, icon_w=cell):
        nonlocal x, y
        text = word(key, locale, name=first_frame)
        w = icon_w + 8 + C.text_width(text, 18) + 22
        if x + w > x1 - 10:
            x, y = x0 + 16, y + 36
        drawer(x, y - cell / 2, x + icon_w, y + cell / 2)
        C.text(draw, (x + icon_w + 8, y), text, size=18, anchor="lm")
        x += w

    def sea(a, b, c, d):
        draw.rectangle((a, b, c, d), fill=SEA, outline=NAVY)
        _wave(draw, (a + c) / 2, (b + d) / 2, cell * 0.6)

    def land(a, b, c, d):
        draw.rectangle((a, b, c, d), fill=LAND, outline=COAST, width=2)

    def neutral(a, b, c, d):
        draw.rectangle((a, b, c, d), fill=NEUTRAL, outline=C.INK, width=2)
        for k in (0.3, 0.6, 0.9):
            draw.line((a + 3, b + cell * k, c - 3, b + cell * k), fill=FURROW, width=2)

    def village(a, b, c, d):
        draw.rectangle((a, b, c, d), fill=C.seat_colour(0), outline=C.INK, width=2)
        _village_mark(draw, (a + c) / 2, (b + d) / 2, cell * 0.34, 0)

    def post(a, b, c, d):
        draw.rectangle((a, b, c, d), fill=PLATE)
        _post(draw, (a + c) / 2, (b + d) / 2, cell * 0.42, 1)

    def done(a, b, c, d):
        draw.rectangle((a, b, c, d), fill=LAND, outline=GOLD, width=4)

    def last(a, b, c, d):
        draw.rectangle((a, b, c, d), fill=LAND, outline=C.HIGHLIGHT, width=4)

    item(sea, "ame.board.lg.sea")
    item(land, "ame.board.lg.land")
    item(lambda a, b, c, d: (draw.rectangle((a, b, c, d), fill=SEA), _anchor(draw, (a + c) / 2, (b + d) / 2,
                                                                               cell * 0.36)), "ame.board.lg.anchor")
    item(lambda a, b, c, d: (draw.rectangle((a, b, c, d), fill=LAND), _post_square(draw, (a, b, c, d))),
         "ame.board.lg.post_square")
    item(post, "ame.board.lg.post")
    item(village, "ame.board.lg.village")
    item(neutral, "ame.board.lg.neutral")
    item(lambda a, b, c, d: _chest(draw, (a + c) / 2, (b + d) / 2, cell * 0.46), "ame.board.lg.chest")
    item(done, "ame.board.lg.done")
    item(lambda a, b, c, d: _ship(draw, (a + c) / 2, (b + d) / 2 + 2, 2, 1, cell * 0.4), "ame.board.lg.ship")
    item(last, "ame.board.lg.last")

    def frame(a, b, c, d):
        draw.rectangle((a, b, c, d), fill=SEA, outline=NAVY, width=2)
        C.text(draw, ((a + c) / 2, (b + d) / 2), first_frame, size=FRAME_TYPE, fill=NAVY, bold=True, anchor="mm")

    item(frame, "ame.board.lg.frame", icon_w=dict(LEGEND_ITEMS)["frame"])
    # goods
    text = word("ame.board.lg.goods", locale)
    goods_w = C.text_width(text, 18, True) + 10 + sum(32 + C.text_width(word("ame.good." + g, locale), 18) + 16
                                                       for g in GOOD_FILL)
    if x + goods_w > x1 - 10:
        x, y = x0 + 16, y + 36
    C.text(draw, (x, y), text, size=18, bold=True, anchor="lm")
    x += C.text_width(text, 18, True) + 10
    for good in GOOD_FILL:
        name = word("ame.good." + good, locale)
        good_icon(draw, x + 14, y, 14, good)
        C.text(draw, (x + 32, y), name, size=18, anchor="lm")
        x += 32 + C.text_width(name, 18) + 16


# --- action circle and tower -------------------------------------------------------------------

#: a cube this big or bigger shows its action's icon (the tower's smaller ones do not)
ICON_CUBE = 14


def _cube(draw, x, y, colour, size=22):
    """A cube of ``colour``; from ``ICON_CUBE`` px its action's icon on it, the cue that is
    not a colour (red and green cubes look alike to many)."""
    draw.rounded_rectangle((x, y, x + size, y + size), radius=max(2, size // 6), fill=CUBE[colour],
                           outline=C.INK if colour != "black" else (150, 150, 150), width=2)
    if size >= ICON_CUBE:
        icon(draw, colour, x + size / 2, y + size / 2, size * 0.3, C.contrast(CUBE[colour]))


def _circle(draw, view, box, locale, highlight):
    import math

    x0, y0, x1, y1 = box
    C.panel(draw, box, word("ame.board.circle", locale), colour=(90, 90, 90))
    if highlight:
        _outline(draw, box)
    cx, cy, R = x0 + 136, y0 + 166, 118
    n = len(COLOURS)
    phase = view.get("phase")
    for i, colour in enumerate(COLOURS):
        a0, a1 = -90 + i * 360 / n, -90 + (i + 1) * 360 / n
        grow = 10 if colour == phase else 0
        draw.pieslice((cx - R - grow, cy - R - grow, cx + R + grow, cy + R + grow), a0, a1,
                      fill=CUBE[colour], outline=C.HIGHLIGHT if grow else C.INK, width=4 if grow else 2)
        mid = math.radians((a0 + a1) / 2)
        # the action's icon beside the cubes waiting, along the slice's arc
        side = math.radians(12)
        ix, iy = cx + math.cos(mid + side) * R * 0.75, cy + math.sin(mid + side) * R * 0.75
        icon(draw, colour, ix, iy, 11, C.contrast(CUBE[colour]))
        tx, ty = cx + math.cos(mid - side) * R * 0.75, cy + math.sin(mid - side) * R * 0.75
        draw.ellipse((tx - 17, ty - 17, tx + 17, ty + 17), fill=C.WHITE, outline=C.INK, width=2)
        C.text(draw, (tx, ty), str(view["stock"].get(colour, 0)), size=20, bold=True, anchor="mm")
    # the middle: the cubes that fell out this phase (on offer)
    r_in = R * 0.5
    draw.ellipse((cx - r_in, cy - r_in, cx + r_in, cy + r_in), fill=C.PANEL, outline=C.INK, width=2)
    tray = [c for c in COLOURS for _ in range(view["tray"].get(c, 0))]
    size = 14 if len(tray) <= 12 else 11
    per_row = 4 if len(tray) <= 12 else 5
    total_rows = -(-len(tray) // per_row) if tray else 0
    for k, colour in enumerate(tray[:25]):
        row, col = divmod(k, per_row)
        in_row = min(per_row, len(tray) - row * per_row)
        x = cx - in_row * (size + 3) / 2 + col * (size + 3)
        y = cy - total_rows * (size + 3) / 2 + row * (size + 3)
        _cube(draw, x, y, colour, size)
    # the tower
    tx0, ty0 = x0 + 282, y0 + 60
    tw, th = 74, 190
    body = [(tx0 + 8, ty0 + 22), (tx0 + tw - 8, ty0 + 22), (tx0 + tw, ty0 + th), (tx0, ty0 + th)]
    C.polygon(draw, body, fill=(150, 110, 70), outline=C.INK, width=2)
    for k in range(4):
        bx = tx0 + 8 + k * (tw - 16) / 4
        draw.rectangle((bx, ty0 + 8, bx + (tw - 16) / 8, ty0 + 22), fill=(150, 110, 70), outline=C.INK)
    draw.rectangle((tx0 + 22, ty0 + th - 34, tx0 + tw - 22, ty0 + th), fill=(60, 40, 25))
    inside = view["tower_inside"]
    k = 0
    for colour in COLOURS:
        for _ in range(inside.get(colour, 0)):
            if k < 12:
                _cube(draw, tx0 + 14 + (k % 3) * 16, ty0 + 34 + (k // 3) * 16, colour, 13)
            k += 1
    C.text(draw, (tx0 + tw / 2, ty0 + th + 18), word("ame.board.in_tower", locale, n=sum(inside.values())),
           size=17, bold=True, anchor="mm")
    # the key: colour, action, cubes waiting
    lx = x0 + 376
    C.text(draw, (x1 - 14, y0 + 52), word("ame.board.stock", locale), size=15, fill=C.MUTED, anchor="rm")
    for i, colour in enumerate(COLOURS):
        y = y0 + 74 + i * 30
        _cube(draw, lx, y - 10, colour, 20)
        bold = colour == phase
        C.text(draw, (lx + 28, y), C.fit(_action(colour, locale), x1 - lx - 70, 18, bold), size=18, bold=bold,
               fill=C.HIGHLIGHT if bold else C.INK, anchor="lm")
        C.text(draw, (x1 - 14, y), str(view["stock"].get(colour, 0)), size=18, bold=True, anchor="rm")
    # last pour and what is on offer
    y = y1 - 72
    pour = view.get("pour")
    if pour:
        line = word("ame.board.poured", locale, colour=word("ame.colour." + pour["colour"], locale),
                    n=sum(pour["in"].values()), out=sum(pour["out"].values()))
        C.text(draw, (x0 + 14, y), C.fit(line, x1 - x0 - 28, 19), size=19, anchor="lm")
    y += 30
    if view["tray"] and sum(view["tray"].values()):
        line = word("ame.board.offer", locale, ap=view["ap"], cubes=view["cubes"], coins=-(-view["cubes"] // 3))
    elif pour and pour.get("skipped"):
        line = word("ame.board.skipped", locale)
    else:
        line = word("ame.board.no_offer", locale)
    C.text(draw, (x0 + 14, y), C.fit(line, x1 - x0 - 28, 20, True), size=20, bold=True, fill=(150, 20, 90),
           anchor="lm")


# --- special track, developments, production ---------------------------------------------------

def _order(view):
    ps = view["players"]
    return sorted(range(len(ps)), key=lambda s: (-ps[s]["special"], -ps[s]["height"]))


def _special(draw, view, names, box, locale, highlight):
    x0, y0, x1, y1 = box
    C.panel(draw, box, word("ame.board.special", locale), colour=(110, 110, 110))
    # the track's colours and numbers are ours (games.amerigo.data.UNVERIFIED)
    C.designed_legend(draw, (x1 - 14, y0 + 17), board_label("board.designed", locale), size=17, anchor="rm",
                      fill=C.WHITE)
    if highlight:
        _outline(draw, box)
    # the pirates the cannons must beat at the end of the round
    pir = view["pirates"]
    shown = " ".join(str(v) for v in pir["revealed"]) or "-"
    pirates = "☠ " + word("ame.board.pirates", locale, shown=shown, total=sum(pir["revealed"])) + " · " + word(
        "ame.board.hidden", locale, n=pir["hidden"])
    C.text(draw, (x0 + 14, y1 - 62), C.fit(pirates, x1 - x0 - 28, 20, True), size=20, bold=True, anchor="lm")
    n = len(SPECIAL_COLOURS)
    step = (x1 - x0 - 24) / n
    y = y0 + 44
    for i in range(n):
        x = x0 + 12 + i * step
        colour = SPECIAL_COLOURS[i]
        fill = CUBE[colour] if colour else C.WHITE
        draw.rectangle((x, y, x + step - 3, y + 30), fill=fill, outline=C.INK)
        lab = str(SPECIAL_NUMBERS.get(i, "")) if i else "⚑"
        if colour and not lab:  # the action's icon, where no number covers the space
            icon(draw, colour, x + (step - 3) / 2, y + 15, 9, C.contrast(fill))
        if lab:
            draw.ellipse((x + step / 2 - 13, y + 2, x + step / 2 + 10, y + 27), fill=C.WHITE, outline=C.INK)
            C.text(draw, (x + (step - 3) / 2, y + 15), lab, size=16, bold=True, anchor="mm")
        stack = sorted((p for p in view["players"] if p["special"] == i), key=lambda p: -p["height"])
        for k, p in enumerate(stack):           # the top of the stack first, highest
            C.seat_mark(draw, x + (step - 3) / 2, y + 48 + k * 24, 11, p["seat"], width=2)
    # turn order, as seat chips
    y = y1 - 24
    lab = word("ame.board.order", locale)
    C.text(draw, (x0 + 14, y), lab, size=19, bold=True, anchor="lm")
    x = x0 + 24 + C.text_width(lab, 19, True)
    for k, s in enumerate(_order(view)):
        chip = f"{k + 1}. {names[s]}"
        if x + C.text_width(chip, 18, True) + 40 > x1 - 8:
            break
        x += C.seat_chip(draw, (x, y), s, chip, size=18) + 6


def _developments(draw, view, box, locale, highlight):
    x0, y0, x1, y1 = box
    dev = view["dev"]
    C.panel(draw, box, word("ame.board.devs", locale, n=dev["deck"]), colour=(135, 85, 45))
    if highlight:
        _outline(draw, box)
    designed = set(dev.get("designed", ()))
    y = y0 + 40
    for key in ("left", "right"):
        C.text(draw, (x0 + 14, y + 12), word("ame.board.dev_new" if key == "left" else "ame.board.dev_old", locale),
               size=16, fill=C.MUTED, anchor="lm")
        y += 26
        for d in dev[key][:4]:
            if d:
                dev_tile(draw, (x0 + 12, y, x1 - 12, y + 38), d, locale, d in designed)
            else:
                draw.rounded_rectangle((x0 + 12, y, x1 - 12, y + 38), radius=8, outline=C.MUTED)
            y += 43
    # the three kinds
    y = y1 - 22
    x = x0 + 14
    for kind in ("perm", "once", "end"):
        text = word("ame.board.kind." + kind, locale)
        C.text(draw, (x, y), text, size=17, fill=C.MUTED, anchor="lm")
        x += C.text_width(text, 17) + 24
    if designed:
        C.designed_legend(draw, (x1 - 14, y), board_label("board.designed", locale), size=17, anchor="rm")


#: a development tile's type: name, effect, kind tag, and its cubes' size (the board's; the turn
#: image draws its tiles at ``amerigo_turn.DEV_TYPE``)
DEV_TYPE = (19, 16, 17, 16)


def dev_tile(draw, box, d, locale, designed=False, used=False, effect=True, type_=DEV_TYPE):
    """A development tile: its name in words, its kind (∞ / 1x / E) and, when there is room, its effect."""
    x0, y0, x1, y1 = box
    name_px, effect_px, tag_px, cube = type_
    kind = DEVELOPMENTS[d][0]
    fill = (225, 222, 215) if used else DEV_FILL[kind]
    draw.rounded_rectangle(box, radius=8, fill=fill, outline=C.MUTED if used else C.INK, width=2)
    cy = (y0 + y1) / 2
    colours = [c for c in ("blue", "black", "red", "brown", "green", "yellow") if c in d.split("+")[0].split("/")]
    x = x0 + 8
    for c in colours:
        _cube(draw, x, cy - cube // 2, c, cube)
        x += cube + 3
    tag = DEV_TAG[kind]
    tag_w = C.text_width(tag, tag_px, True) + 12
    right = x1 - tag_w - 12 - (cube + 2 if designed else 0)
    name = C.fit(dev_name(d, locale), right - x - 2, name_px, True)
    C.text(draw, (x + 2, cy), name, size=name_px, bold=True, fill=C.MUTED if used else C.INK, anchor="lm")
    x += 2 + C.text_width(name, name_px, True) + 12
    if effect and right - x > 60:
        C.text(draw, (x, cy), C.fit(dev_effect(d, locale), right - x, effect_px), size=effect_px, fill=C.MUTED,
               anchor="lm")
    half = round(tag_px * 0.7)
    draw.rounded_rectangle((x1 - tag_w - 6, cy - half, x1 - 6, cy + half), radius=6, fill=C.WHITE,
                           outline=C.INK)
    C.text(draw, (x1 - 6 - tag_w / 2, cy), tag, size=tag_px, bold=True, anchor="mm")
    if designed:
        C.designed_mark(draw, x1 - tag_w - 6 - (cube + 4) / 2 - 4, cy, round(cube * 0.45))


def _production(draw, view, box, locale, highlight):
    x0, y0, x1, y1 = box
    C.panel(draw, box, word("ame.board.production", locale), colour=(190, 150, 20))
    if highlight:
        _outline(draw, box)
    stacks = " · ".join(f"{ROMAN.get(k, k)} {v}" for k, v in view["prod"]["stacks"].items())
    C.text(draw, (x1 - 12, y0 + 17), word("ame.board.prod_stacks", locale, stacks=stacks), size=17,
           fill=C.WHITE, bold=True, anchor="rm")
    x, y = x0 + 14, y0 + 48
    tiles = sorted(view["prod"]["display"], key=lambda t: (t[:-1], t[-1]))
    for t in tiles:
        good, cost = t[:-1], t[-1]
        if x + 64 > x1 - 10:
            x, y = x0 + 14, y + 56
        draw.rounded_rectangle((x, y, x + 58, y + 48), radius=6, fill=C.WHITE, outline=C.INK, width=2)
        good_icon(draw, x + 20, y + 24, 15, good)
        C.text(draw, (x + 48, y + 36), cost, size=20, bold=True, anchor="mm")
        x += 64
    if not tiles:
        C.text(draw, (x + 4, y + 24), word("ame.board.empty", locale), size=19, fill=C.MUTED, anchor="lm")
    y += 48 + 16
    C.text(draw, (x0 + 14, y), word("ame.board.prod_note", locale), size=16, fill=C.MUTED, anchor="lm")
    # neutral tiles still in the supply, by shape
    y += 38
    lab = word("ame.board.neutral_left", locale)
    C.text(draw, (x0 + 14, y), lab, size=18, bold=True, anchor="lm")
    x = x0 + 24 + C.text_width(lab, 18, True)
    for shape, k in view["neutral"].items():
        if x + 80 > x1:
            x, y = x0 + 14, y + 40
        x += shape_counted(draw, x, y, shape, k, NEUTRAL, 7) + 10
    if view.get("neutral_designed"):
        C.designed_mark(draw, x1 - 16, y1 - 16, 7)


def shape_icon(draw, x, y, shape, unit, fill) -> int:
    """A tile shape in little squares, left edge ``x``, middle ``y``; returns its width."""
    cells = SHAPES[shape]
    rows = 1 + max(r for r, _ in cells)
    cols = 1 + max(c for _, c in cells)
    top = y - rows * unit / 2
    for r, c in cells:
        draw.rectangle((x + c * unit, top + r * unit, x + (c + 1) * unit, top + (r + 1) * unit), fill=fill,
                       outline=C.INK)
    return int(cols * unit)


def shape_counted(draw, x, y, shape, k, fill, unit=8, size=18) -> int:
    w = shape_icon(draw, x, y, shape, unit, fill)
    C.text(draw, (x + w + 4, y), f"×{k}", size=size, bold=True, fill=C.INK if k else C.MUTED, anchor="lm")
    return w + 4 + C.text_width(f"×{k}", size, True)


# --- players -------------------------------------------------------------------------------------

def dev_columns(width: int) -> int:
    """A seat panel's development tiles to a row: three on the board's panel, two on a narrower
    one (the turn image's, drawn bigger)."""
    return 3 if width >= 700 else 2


def _player(draw, view, names, seat, box, locale, highlight):
    x0, y0, x1, y1 = box
    p = view["players"][seat]
    colour = C.seat_colour(seat)
    up = seat in view["to_move"]
    draw.rounded_rectangle(box, radius=12, fill=C.PANEL, outline=colour, width=5 if up else 3)
    draw.rounded_rectangle((x0, y0, x1, y0 + 44), radius=12, fill=colour)
    draw.rectangle((x0, y0 + 28, x1, y0 + 44), fill=colour)
    ink = C.contrast(colour)
    C.seat_mark(draw, x0 + 26, y0 + 22, 15, seat, outline=ink, width=2)
    title = names[seat] + (f"  ◀ {word('ame.board.to_move', locale)}" if up else "")
    res = view.get("result")
    vp = res["scores"][seat] if res else p["vp"]
    vp_text = word("ame.board.vp", locale, n=vp)
    C.text(draw, (x1 - 14, y0 + 22), vp_text, size=26, bold=True, fill=ink, anchor="rm")
    C.text(draw, (x0 + 50, y0 + 22), C.fit(title, x1 - x0 - 90 - C.text_width(vp_text, 26, True), 24, True),
           size=24, bold=True, fill=ink, anchor="lm")
    if highlight:
        _outline(draw, box)
    x, y = x0 + 14, y0 + 66
    stats = [word("ame.board.coins", locale, n=p["coins"]), word("ame.board.cannons", locale, n=p["cannons"]),
             word("ame.board.progress", locale, n=p["develop"], vp=track_value(DEVELOP_NUMBERS, p["develop"])),
             word("ame.board.special_at", locale, n=p["special"], vp=track_value(SPECIAL_NUMBERS, p["special"])),
             word("ame.board.chests", locale, n=p["chests"]), word("ame.board.posts_left", locale, n=p["posts_left"])]
    line = ""
    for s in stats:
        trial = f"{line} · {s}" if line else s
        if C.text_width(trial, 20) > x1 - x0 - 28:
            C.text(draw, (x, y), line, size=20, anchor="lm")
            y += 30
            line = s
        else:
            line = trial
    C.text(draw, (x, y), line, size=20, anchor="lm")
    y += 36
    # goods: icon, how many, times what it is worth
    lab = word("ame.board.goods", locale)
    C.text(draw, (x, y), lab, size=19, bold=True, anchor="lm")
    gx = x + C.text_width(lab, 19, True) + 12
    goods = [(g, p["goods"].get(g, 0), 1 + p["production"].get(g, 0)) for g in GOOD_FILL]
    for g, k, mult in goods:
        if not k and mult == 1:
            continue
        good_icon(draw, gx + 13, y, 13, g)
        C.text(draw, (gx + 30, y), str(k), size=20, bold=True, fill=C.INK if k else C.MUTED, anchor="lm")
        gx += 30 + C.text_width(str(k), 20, True) + 2
        if mult > 1:   # production tiles of this good multiply it
            C.text(draw, (gx, y + 2), f"×{mult}", size=16, fill=C.MUTED, anchor="lm")
            gx += C.text_width(f"×{mult}", 16)
        gx += 14
    total = goods_points(p["goods"], p["production"])
    C.text(draw, (gx + 4, y), word("ame.board.goods_vp", locale, n=total), size=19, bold=True, anchor="lm")
    y += 38
    if res:                                   # the final breakdown
        parts = [f"{word('ame.board.part.' + k.replace(' ', '_'), locale)} {v}"
                 for k, v in res["breakdown"][seat].items()]
        for row in C.wrap(" · ".join(parts), x1 - x0 - 28, 20, True)[:2]:
            C.text(draw, (x, y), row, size=20, bold=True, anchor="lm")
            y += 30
    else:
        # planned tiles and the village tiles still in stock, as shapes
        for key, tiles, fill in (("ame.board.planned", None, None), ("ame.board.villages", p["village"], colour)):
            lab = word(key, locale)
            C.text(draw, (x, y), lab, size=19, bold=True, anchor="lm")
            sx = x + C.text_width(lab, 19, True) + 12
            if tiles is None:
                items = [(s, k, NEUTRAL) for s, k in p["hand_n"].items() if k] + [
                    (s, k, colour) for s, k in p["hand_v"].items() if k]
            else:
                items = [(s, k, fill) for s, k in tiles.items() if k]
            if not items:
                C.text(draw, (sx, y), word("ame.board.none", locale), size=19, fill=C.MUTED, anchor="lm")
            for s, k, f in items:
                if sx + 70 > x1 - 10:
                    break
                sx += shape_counted(draw, sx, y, s, k, f, 8) + 14
            y += 38
    # development tiles, named
    lab = word("ame.board.tiles", locale)
    C.text(draw, (x, y), lab, size=19, bold=True, anchor="lm")
    if not p["devs"]:
        C.text(draw, (x + C.text_width(lab, 19, True) + 12, y), word("ame.board.none", locale), size=19,
               fill=C.MUTED, anchor="lm")
        return
    y += 20
    per = dev_columns(x1 - x0)
    tw = (x1 - x0 - 28 - 8 * (per - 1)) // per
    for i, d in enumerate(p["devs"][:DEV_SHOWN]):
        col, row = i % per, i // per
        bx, by = x + col * (tw + 8), y + row * DEV_ROW
        if by + 36 > y1 - 6:
            break
        dev_tile(draw, (bx, by, bx + tw, by + 34), d, locale, used=d in p["used"], effect=False)


# --- the phone turn image (its parts: renderers/amerigo_turn.py) ---------------------------------

def map_image(view: dict, locale: str = "en"):
    """The map panel alone, with bigger squares (``ZOOM_CELL``), the last move outlined."""
    L = _layout(view["map"]["w"], view["map"]["h"], len(view["players"]), bool(view.get("result")), True)
    x0, y0, x1, y1 = L["map"]
    img, draw = C.new_canvas(x1 + 16, y1 + 16)
    _map(img, draw, view, L, locale, highlight=True)
    return img, L
