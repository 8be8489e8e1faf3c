"""Altiplano board, drawn the way the table looks.

Top to bottom: the shared header (game, round, phase; who is up and what is
asked; the last move); the seven locations as a ring on the road loop (each
pawn standing ON its location, each location's actions named, its stock as
goods tiles) with the goods legend in its middle; beside it the extension
strip with prices, the orders at the market, the houses at the village and
the boats at the harbor; then one panel per seat in its colour and mark,
with its running score (what it would score if the game ended now,
``scoring.running_breakdown`` through the view), action board, warehouse
(row 1 bottom left, as the game fills it), order, houses, boats, missions.
What the last move touched is framed in pink.

Draws only from ``game.view``; a seat's own view adds its bag, crate,
planning spaces and secret plan. ``turn_info`` feeds the phone turn image
(``renderers/turn.py``): not a cut of this board (its 16-20 px type reads at
8-10 px on a phone) but a card drawn at the turn image's size, 22 px and up:
the seat that moved with what it changed outlined (``turn_card``), every
seat's plan as the planning ends (``plans_card``), the final scores
(``result_card``).
"""

from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageDraw

from games.altiplano.actions import BASIC
from games.altiplano.data import GOODS, HOME, KIND_TEXT, VALUES
from games.core.messages import Msg, fill_seats
from games.core.messages import render as word_msg

from . import canvas as cv
from .altiplano_icons import paste_ghost, paste_icon
from .altiplano_labels import thing, word
from .canvas import INK, MUTED, PANEL, WHITE
from .labels import label, listing, round_label

W = 1600
HEADER_ROWS = 3
BOARD_TOP = cv.header_height(1.0, HEADER_ROWS) + 12
RING_W, RING_H = 1050, 910
SIDE_X = 16 + RING_W + 16
SIDE_W = W - 16 - SIDE_X
TILE_W, TILE_H = 244, 210
RX, RY = 400, 320
CENTRE = (16 + RING_W // 2, BOARD_TOP + 40 + (RING_H - 40) // 2)
ICON = 28
FRAME = cv.HIGHLIGHT

LOC_COLOURS = {
    "farm": (170, 205, 120), "forest": (96, 156, 96), "mine": (176, 156, 136),
    "harbor": (128, 180, 222), "village": (226, 184, 128), "road": (206, 196, 166),
    "market": (232, 158, 158),
}
#: each location's stock (the goods whose tiles lie there) and its basic actions
LOC_GOODS = {loc: tuple(g for g in GOODS if HOME[g] == loc) for loc in BASIC}
LOC_ACTIONS = BASIC
#: an extension's effect key from the view's text of it
KIND_BY_TEXT = {t: k for k, t in KIND_TEXT.items()}
ROAD_COLOUR = (196, 170, 120)

#: what a last-move line (its message key) touched besides the mover's panel:
#: "pawn" = the location the mover's pawn stands on; other names = board displays
TOUCHED = {
    "alt.ev.takes_role": ("roles",),
    "alt.ev.ext": ("pawn", "strip"),
    "alt.ev.order": ("pawn", "orders"), "alt.ev.order_none": ("pawn",),
    "alt.ev.house": ("pawn", "houses"), "alt.ev.house_none": ("pawn",),
    "alt.ev.boat": ("pawn", "boats"), "alt.ev.boat_out": ("pawn",), "alt.ev.boat_none": ("pawn",),
    "alt.ev.stores": ("pawn", "warehouse"), "alt.ev.store_corn": ("warehouse",),
    "alt.ev.keep_corn": (), "alt.ev.fstore": ("warehouse",), "alt.ev.order_done_corn": ("warehouse",),
    "alt.ev.passes": (), "alt.ev.planning": (), "alt.ev.ready": (), "alt.ev.kept": (), "alt.ev.chosen": (),
    "alt.ev.fdone": (), "alt.ev.final": (),
}
#: keys of a move in the action phase whose place is the mover's pawn by default
ACTION_PREFIX = "alt.ev."


# --- small pieces --------------------------------------------------------------------

#: text from the shared label cache (``canvas.text``): a board repeats the same few hundred labels
text = cv.text


@lru_cache(maxsize=16)
def _slot(size: int):
    tile = Image.new("RGBA", (size + 1, size + 1), (0, 0, 0, 0))
    ImageDraw.Draw(tile).rounded_rectangle((0, 0, size, size), radius=5, outline=MUTED, width=1, fill=WHITE)
    return tile


def coin(draw, x, y, n, size=30):
    """A coin with a number on it; returns the x after it."""
    draw.ellipse((x, y, x + size, y + size), fill=(240, 200, 60), outline=(150, 110, 0), width=2)
    text(draw, (x + size / 2, y + size / 2), str(n), size=int(size * 0.55), bold=True, anchor="mm")
    return x + size + 4


def slot_box(draw, x, y, size=ICON):
    """An empty space for one tile; returns the x after it."""
    tile = _slot(size)
    draw._image.paste(tile, (int(x), int(y)), tile)
    return int(x) + size + max(2, size // 9)


def tiles(img, x, y, goods, size=ICON, limit=None):
    """A row of goods tiles; returns the x after it."""
    for g in list(goods)[:limit]:
        x = paste_icon(img, x, y, g, size)
    return x


def names_of(view, names, locale) -> list[str]:
    n = len(view["players"])
    return [str(names[i]) if names and i < len(names) and names[i] else word("alt.board.seat", locale, n=i + 1)
            for i in range(n)]


#: ``{pN}`` -> seat names (the engines' one filler)
fill_names = fill_seats


def last_lines(view, names, locale) -> list[str]:
    """The last move's lines in ``locale`` (from their keys when the view has them)."""
    msgs = view.get("last_msgs") or []
    plain = view.get("last") or []
    out = []
    for i, line in enumerate(plain):
        m = msgs[i] if i < len(msgs) else None
        worded = word_msg(Msg.from_json(m), locale) if m else str(line)
        out.append(fill_names(worded, names))
    return out


def seat_view(view, seat):
    """A player's public entry, with the viewer's own secrets laid over it."""
    p = view["players"][seat]
    me = view.get("me")
    return {**p, **me} if me and me["seat"] == seat else p


def _mark(view, cid) -> str:
    """◇ after a card or tile that carries a designed value (games.altiplano.data.UNVERIFIED)."""
    return "◇" if cid and cid in view.get("designed_ids", ()) else ""


def space_name(space, locale) -> str:
    if space in LOC_ACTIONS or space in ("move", "role"):
        return thing(f"alt.space.{space}", locale)
    return space.upper()


def part_name(part: str, locale) -> str:
    """A score part of ``scoring.breakdown`` ("house bonus") worded."""
    return word("alt.board.part." + part.replace(" ", "_"), locale)


def _status_words(view, p, seat, locale) -> list[str]:
    """A seat's role, and whether it starts, has passed or is ready: its band's words."""
    status = [role_name(p["role"], locale) + _mark(view, p["role"])]
    if view["start"] == seat:
        status.append(word("alt.board.start", locale))
    if p["passed"]:
        status.append(word("alt.board.passed", locale))
    elif p["ready"]:
        status.append(word("alt.board.ready", locale))
    return status


def role_name(role, locale) -> str:
    return thing(f"alt.role.{role}", locale) if role else word("alt.board.no_role", locale)


# --- the header --------------------------------------------------------------------------

def header_text(view, names, locale="en") -> tuple[str, str, int | None]:
    """(game, round and phase; who is up and what is asked; the seat up or None)."""
    title = word("alt.board.game", locale)
    title += " · " + (round_label("altiplano", view["round"], locale) if view["round"] else
                      word("alt.board.setup", locale))
    title += " · " + word(f"alt.board.phase.{view['phase']}", locale)
    waiting = list(view.get("to_move") or [])
    res = view.get("result")
    if res:
        winners = [names[w] for w in res["winners"]]
        tied = sum(1 for s in res["scores"] if s == res["scores"][res["winners"][0]]) > len(res["winners"])
        key = "alt.board.ask.wins_tie" if tied else "alt.board.ask.wins"
        return title, word(key, locale, names=winners), res["winners"][0]
    phase = view["phase"]
    if len(waiting) == 1 and phase == "act" and view["players"][waiting[0]].get("corn_due"):
        return title, word("alt.board.ask.corn", locale, name=names[waiting[0]]), waiting[0]
    if len(waiting) == 1 and phase in ("draft", "act", "final"):
        return title, word(f"alt.board.ask.{phase}", locale, name=names[waiting[0]]), waiting[0]
    ask = {"missions": "missions", "plan": "plan"}.get(phase, "plan")
    seat = waiting[0] if len(waiting) == 1 else None
    return title, word(f"alt.board.ask.{ask}", locale, names=[names[s] for s in waiting]), seat


# --- the ring ------------------------------------------------------------------------------

def tile_box(i: int, n: int) -> tuple[int, int, int, int]:
    """Where the i-th location of the ring lies (the first at the top, then clockwise)."""
    a = -math.pi / 2 + 2 * math.pi * i / n
    cx, cy = CENTRE[0] + RX * math.cos(a), CENTRE[1] + RY * math.sin(a)
    return int(cx - TILE_W / 2), int(cy - TILE_H / 2), int(cx + TILE_W / 2), int(cy + TILE_H / 2)


def draw_ring(img, draw, view, locale, boxes):
    x0, y0 = 16, BOARD_TOP
    cv.panel(draw, (x0, y0, x0 + RING_W, y0 + RING_H), word("alt.board.ring", locale), (120, 90, 60))
    cx, cy = CENTRE
    # the road loop the pawns travel, under the locations
    draw.ellipse((cx - RX, cy - RY, cx + RX, cy + RY), outline=ROAD_COLOUR, width=30)
    for k in range(56):
        a = 2 * math.pi * k / 56
        if k % 2 == 0:
            b = a + 2 * math.pi / 112
            draw.line((cx + RX * math.cos(a), cy + RY * math.sin(a), cx + RX * math.cos(b), cy + RY * math.sin(b)),
                      fill=(240, 228, 196), width=4)
    pawns: dict[str, list[int]] = {}
    for p in view["players"]:
        if p["pawn"]:
            pawns.setdefault(p["pawn"], []).append(p["seat"])
    ring = view["ring"]
    for i, loc in enumerate(ring):
        box = tile_box(i, len(ring))
        boxes[f"loc:{loc}"] = box
        draw_location(img, draw, view, loc, box, pawns.get(loc, []), locale)
    draw_centre(img, draw, view, locale)


def draw_location(img, draw, view, loc, box, seats, locale):
    x0, y0, x1, y1 = box
    colour = LOC_COLOURS[loc]
    draw.rounded_rectangle(box, radius=16, fill=colour, outline=INK, width=2)
    band = tuple(max(0, int(c * 0.72)) for c in colour)
    draw.rounded_rectangle((x0, y0, x1, y0 + 36), radius=16, fill=band, outline=INK, width=2)
    draw.rectangle((x0 + 2, y0 + 20, x1 - 2, y0 + 34), fill=band)
    name = space_name(loc, locale)
    text(draw, ((x0 + x1) / 2, y0 + 18), cv.fit(name, TILE_W - 16, 24, True), size=24, bold=True,
         fill=cv.contrast(band), anchor="mm")
    y = y0 + 42
    for act in LOC_ACTIONS[loc]:
        s = "• " + word(f"alt.board.act.{loc}.{act}", locale)
        text(draw, (x0 + 10, y), cv.fit(s, TILE_W - 20, 19), size=19, fill=INK)
        y += 23
    # the stock lying here
    y = y0 + 42 + 4 * 23 + 2
    x = x0 + 8
    for g in LOC_GOODS[loc]:
        x = paste_icon(img, x, y, g, 26)
        n = str(view["supply"][g])
        text(draw, (x, y + 13), n, size=20, bold=True, anchor="lm")
        x += cv.text_width(n, 20, True) + 8
    extra = {"harbor": word("alt.board.boats_n", locale, n=len(view["boats"])),
             "village": word("alt.board.houses_n", locale, n=len(view["houses"])) + "  "
             + word("alt.board.carts_n", locale, n=view["village_carts"]),
             "market": word("alt.board.orders_n", locale, n=len(view["orders"]))}.get(loc)
    if extra:
        text(draw, (x + 2, y + 13), cv.fit(extra, x1 - x - 10, 19), size=19, anchor="lm")
    # the pawns standing here: the seat's shape, colour and letter
    for k, seat in enumerate(seats):
        px = x0 + 28 + k * 46
        py = y1 - 25
        draw.ellipse((px - 21, py - 21, px + 21, py + 21), fill=WHITE, outline=INK, width=1)
        cv.seat_mark(draw, px, py, 17, seat, width=2)


def draw_centre(img, draw, view, locale):
    """The middle of the ring: food in the supply, the start player, the goods legend."""
    cx, cy = CENTRE
    y = cy - 196
    x = cx - 120
    paste_icon(img, x, y, "food", 32)
    text(draw, (x + 40, y + 16), f"{view['supply']['food']}  {word('alt.board.food_supply', locale)}", size=22,
         anchor="lm")
    if view["round"]:
        text(draw, (cx, y + 52), round_label("altiplano", view["round"], locale), size=22, bold=True, anchor="mm",
             fill=MUTED)
    draw_goods_legend(img, draw, cx - 250, cy - 92, 500, locale)


def draw_goods_legend(img, draw, x, y, w, locale, values=None):
    text(draw, (x + w / 2, y), word("alt.board.goods", locale), size=20, bold=True, anchor="mm", fill=MUTED)
    values = values or VALUES
    col = w // 2
    for i, g in enumerate(GOODS):
        gx = x + (i // 6) * col + 14
        gy = y + 16 + (i % 6) * 34
        paste_icon(img, gx, gy, g, ICON)
        text(draw, (gx + ICON + 8, gy + ICON / 2), f"{thing(f'alt.good.{g}', locale)}  {values[g]}", size=20,
             anchor="lm")


# --- the displays beside the ring --------------------------------------------------------

def draw_side(img, draw, view, locale, boxes) -> int:
    """Strip, orders, houses, boats, legend; returns the y below them."""
    x0, w = SIDE_X, SIDE_W
    y = BOARD_TOP
    # the extension strip: the most expensive slot on top, the price on a coin
    rows = len(view["strip"])
    h = 44 + 26 + rows * 44 + 8
    cv.panel(draw, (x0, y, x0 + w, y + h), word("alt.board.strip", locale, n=view["stack"]), (90, 110, 140))
    boxes["strip"] = (x0, y, x0 + w, y + h)
    text(draw, (x0 + 12, y + 46), word("alt.board.strip_cost", locale), size=18, fill=MUTED)
    yy = y + 72
    for slot in range(rows - 1, -1, -1):
        e = view["strip"][slot]
        if e:
            eid, _what, price = e
            draw.rounded_rectangle((x0 + 10, yy, x0 + w - 10, yy + 38), radius=6, fill=WHITE, outline=MUTED)
            coin(draw, x0 + 14, yy + 4, price)
            s = f"{eid}{_mark(view, eid)}  {thing(f'alt.kind.{_kind(view, eid)}', locale)}"
            size = strip_size(s, w - 76)
            text(draw, (x0 + 54, yy + 19), cv.fit(s, w - 76, size), size=size, anchor="lm")
        else:
            draw.rounded_rectangle((x0 + 10, yy, x0 + w - 10, yy + 38), radius=6, outline=MUTED)
        yy += 44
    y += h + 12
    # the orders at the market, as cards: goods needed and VP
    orders = view["orders"]
    h = 44 + ((len(orders) + 1) // 2) * 50 + 6
    cv.panel(draw, (x0, y, x0 + w, y + h), word("alt.board.orders", locale), LOC_COLOURS["market"])
    boxes["orders"] = (x0, y, x0 + w, y + h)
    col = (w - 20) // 2
    for i, (oid, need, vp) in enumerate(orders):
        cx = x0 + 10 + (i % 2) * col
        cy = y + 44 + (i // 2) * 50
        draw.rounded_rectangle((cx, cy, cx + col - 6, cy + 44), radius=6, fill=WHITE, outline=MUTED)
        text(draw, (cx + 8, cy + 12), f"{oid}{_mark(view, oid)}", size=16, fill=MUTED, anchor="lm")
        text(draw, (cx + 8, cy + 32), word("alt.board.vp", locale, n=vp), size=19, bold=True, anchor="lm")
        gx = cx + 78
        for g, n in need.items():
            gx = tiles(img, gx, cy + 8, [g] * n, ICON)
    if not orders:
        text(draw, (x0 + 14, y + 56), word("alt.board.none_left", locale), size=20, fill=MUTED, anchor="lm")
    y += h + 12
    for key, items, colour in (("houses", view["houses"], LOC_COLOURS["village"]),
                               ("boats", view["boats"], LOC_COLOURS["harbor"])):
        h = 44 + 24 + 42
        cv.panel(draw, (x0, y, x0 + w, y + h), None, colour)
        boxes[key] = (x0, y, x0 + w, y + h)
        text(draw, (x0 + 12, y + 20), cv.fit(word(f"alt.board.{key}", locale), w - 24, 20, True), size=20,
             bold=True, anchor="lm")
        gx = x0 + 12
        for cid, g in items:
            if gx + 44 > x0 + w:
                break
            draw.rounded_rectangle((gx, y + 42, gx + 42, y + 100), radius=6, fill=WHITE, outline=MUTED)
            paste_icon(img, gx + 7, y + 46, g, ICON)
            text(draw, (gx + 21, y + 88), f"{cid[1:]}{_mark(view, cid)}", size=15, fill=MUTED, anchor="mm")
            gx += 46
        if not items:
            text(draw, (x0 + 14, y + 70), word("alt.board.none_left", locale), size=20, fill=MUTED, anchor="lm")
        y += h + 12
    # the legend for what is abstract
    y = draw_legend(draw, view, x0 + 8, y + 4, w - 16, locale)
    return y


def strip_size(s: str, room: int, largest: int = 19, smallest: int = 16) -> int:
    """The type size of an extension's row on the strip: the largest at which ``s`` fits ``room``
    px, so the longest effect (E24's, before scoring) is written out whole a size or two smaller
    rather than cut (``smallest`` if none fits)."""
    return next((size for size in range(largest, smallest, -1) if cv.text_width(s, size) <= room), smallest)


def side_height(view) -> int:
    """Where ``draw_side`` ends, without drawing (the same sums)."""
    y = BOARD_TOP + 44 + 26 + len(view["strip"]) * 44 + 8 + 12
    y += 44 + ((len(view["orders"]) + 1) // 2) * 50 + 6 + 12
    y += 2 * (44 + 24 + 42 + 12)
    return y + 4 + 32 * (4 if view.get("designed_ids") else 3)


def _kind(view, eid) -> str:
    """An extension's effect key, read back from the view's own text of it."""
    return KIND_BY_TEXT.get(next((e[1] for e in view["strip"] if e and e[0] == eid), ""), "wild")


def draw_legend(draw, view, x, y, w, locale) -> int:
    draw.rounded_rectangle((x, y, x + 36, y + 24), radius=5, outline=FRAME, width=4)
    text(draw, (x + 46, y + 12), word("alt.board.legend_last", locale), size=19, fill=MUTED, anchor="lm")
    y += 32
    cv.seat_mark(draw, x + 18, y + 12, 12, 0, width=2)
    text(draw, (x + 46, y + 12), word("alt.board.legend_pawn", locale), size=19, fill=MUTED, anchor="lm")
    y += 32
    text(draw, (x + 46, y + 12), word("alt.board.legend_score", locale), size=19, fill=MUTED, anchor="lm")
    text(draw, (x + 18, y + 12), word("alt.board.vp_short", locale), size=16, bold=True, anchor="mm")
    y += 32
    if view.get("designed_ids"):
        cv.designed_legend(draw, (x + 10, y + 12), label("board.designed", locale), size=19)
        y += 32
    return y


def draw_roles(img, draw, view, locale, x0, y0, w) -> int:
    """The role tiles still to pick in the draft: action, start goods, coins."""
    roles = view["roles_open"]
    rows = (len(roles) + 1) // 2
    h = 44 + rows * 40 + 8
    cv.panel(draw, (x0, y0, x0 + w, y0 + h), word("alt.board.roles", locale), (120, 90, 60))
    col = (w - 20) // 2
    for k, (role, _action, goods, coins) in enumerate(roles):
        x = x0 + 12 + (k % 2) * col
        y = y0 + 46 + (k // 2) * 40
        kind = KIND_BY_TEXT.get(_action, "")
        s = word("alt.board.does", locale, what=f"{role_name(role, locale)}{_mark(view, role)}",
                 does=thing(f"alt.kind.{kind}", locale) if kind else _action)
        text(draw, (x, y + 15), cv.fit(s, col - 250, 19), size=19, anchor="lm")
        gx = tiles(img, x + col - 240, y, goods, ICON)
        coin(draw, gx + 2, y, coins, ICON)
    return y0 + h


# --- a player's panel ------------------------------------------------------------------

def draw_player(view, seat, names, locale, w, touched) -> tuple[Image.Image, dict]:
    """One seat's panel on its own image (its height is what it needs)."""
    img, draw = cv.new_canvas(w, 1600 if "bag" in seat_view(view, seat) else 1150, bg=PANEL)
    p = seat_view(view, seat)
    colour = cv.seat_colour(seat)
    ink = cv.contrast(colour)
    boxes = {}
    # title band: mark, name, role, start, status; the running score on the right
    draw.rectangle((0, 0, w, 48), fill=colour)
    cv.seat_mark(draw, 26, 24, 15, seat, outline=ink, width=2)
    status = _status_words(view, p, seat, locale)
    score = word("alt.board.vp", locale, n=p["score"])
    sw = cv.text_width(score, 30, True)
    title = f"{names[seat]} · " + " · ".join(status)
    text(draw, (50, 24), cv.fit(title, w - sw - 80, 24, True), size=24, bold=True, fill=ink, anchor="lm")
    draw.rounded_rectangle((w - sw - 24, 6, w - 6, 42), radius=8, fill=WHITE, outline=INK, width=2)
    text(draw, (w - 15, 24), score, size=30, bold=True, anchor="rm")
    y = 58
    # coins, carts, road, bag, crate, pawn
    x = coin(draw, 12, y, p["coins"], 30)
    x = road_track(draw, x + 8, y + 2, p["road"], seat, locale)
    bits = [word("alt.board.carts", locale, free=p["carts"] - p["carts_used"], total=p["carts"]),
            word("alt.board.bag", locale, n=p["bag_count"]), word("alt.board.crate", locale, n=p["crate_count"])]
    if p.get("planning_count"):
        bits.append(word("alt.board.planning", locale, n=p["planning_count"]))
    text(draw, (x + 10, y + 15), cv.fit("  ".join(bits), w - x - 20, 20), size=20, anchor="lm")
    y += 40
    at = word("alt.board.at", locale, loc=space_name(p["pawn"], locale)) if p["pawn"] else \
        word("alt.board.no_pawn", locale)
    parts = " · ".join(f"{part_name(k, locale)} {v}" for k, v in p["score_parts"].items() if v)
    score = word("alt.board.vp", locale, n=p["score"]) + (f" = {parts}" if parts else "")  # "0 VP", not "0 VP = 0"
    text(draw, (12, y + 12), cv.fit(f"{at}   {score}", w - 24, 19),
         size=19, anchor="lm", fill=MUTED)
    y += 32
    # the action board: every location's space, then move, role and extensions
    text(draw, (12, y), word("alt.board.action_board", locale), size=20, bold=True)
    y += 28
    keys = list(LOC_ACTIONS) + ["move", "role"] + [e for e, _t in p["exts"]]
    cols = 3
    col_w = (w - 24) // cols
    spaces, coins_on = p["spaces"], p["space_coins"]
    for i, k in enumerate(keys):
        xx = 12 + (i % cols) * col_w
        yy = y + (i // cols) * 36
        used = bool(spaces.get(k) or coins_on.get(k))
        name = space_name(k, locale) + (_mark(view, k) if k[:1] == "E" else "")
        text(draw, (xx, yy + 15), cv.fit(name, 96, 19), size=19, anchor="lm", fill=INK if used else MUTED)
        gx = tiles(img, xx + 100, yy + 1, spaces.get(k, []), ICON, limit=4)
        if coins_on.get(k):
            coin(draw, gx, yy + 1, coins_on[k], ICON)
    y += ((len(keys) + cols - 1) // cols) * 36 + 4
    owned = ([[p["role"], p["role_action"]]] if p["role"] and p.get("role_action") else []) + p["exts"]
    for e, t in owned:
        kind = KIND_BY_TEXT.get(t)
        what = role_name(e, locale) if e == p["role"] else e
        s = word("alt.board.does", locale, what=f"{what}{_mark(view, e)}",
                 does=thing(f"alt.kind.{kind}", locale) if kind else t)
        text(draw, (12, y), cv.fit(s, w - 24, 19), size=19)
        y += 25
    # the warehouse: left rows 1-5 bottom-up, then right rows 6-10
    y += 4
    text(draw, (12, y), cv.fit(word("alt.board.warehouse", locale), w - 24, 20, True), size=20, bold=True)
    y += 28
    top = y
    y = draw_warehouse(img, draw, view, p, 12, y, w - 24)
    boxes["warehouse"] = (6, top - 30, w - 6, y + 2)
    # the open order, houses, boats, missions
    if p["order"]:
        o = p["order"]
        s = word("alt.board.order", locale, id=o["id"] + _mark(view, o["id"]), vp=o["vp"])
        text(draw, (12, y + 15), s, size=20, bold=True, anchor="lm")
        gx = 24 + cv.text_width(s, 20, True)
        for g, n in o["need"].items():
            got = o["have"].get(g, 0)
            for k in range(n):
                gx = (paste_icon if k < got else paste_ghost)(img, gx, y + 1, g, ICON)
        y += 38
    y = cards_row(img, draw, view, p, 12, y, w - 24, locale)
    if view.get("missions_on"):
        rev = [word("alt.board.mission_done" if met else "alt.board.mission_failed", locale, id=m)
               for m, _t, _v, met in p["missions_revealed"]]
        s = word("alt.board.missions", locale, n=p["mission_count"]) + (": " + listing(rev, locale) if rev else "")
        for ln in cv.wrap(s, w - 24, 19):
            text(draw, (12, y), ln, size=19)
            y += 25
    if "bag" in p:
        y = draw_private(img, draw, view, p, w, y, locale)
    height = y + 10
    img = img.crop((0, 0, w, height))
    return img, boxes


def cards_row(img, draw, view, p, x0, y, w, locale) -> int:
    """Done orders (id and VP), houses and boats (their good) in one wrapped row."""
    items = []
    for oid, vp in p["done_orders"]:
        items.append(("order", oid, vp))
    for hid, g in p["houses"]:
        items.append(("house", hid, g))
    for bid, g in p["boats"]:
        items.append(("boat", bid, g))
    if not items:
        return y
    x = x0
    heads = {"order": word("alt.board.done_orders", locale), "house": word("alt.board.own_houses", locale),
             "boat": word("alt.board.own_boats", locale)}
    last = None
    for kind, cid, extra in items:
        if kind != last:
            head = heads[kind]
            hw = cv.text_width(head, 19, True) + 8
            if x + hw + 60 > x0 + w:
                x, y = x0, y + 40
            text(draw, (x, y + 15), head, size=19, bold=True, anchor="lm")
            x += hw
            last = kind
        chip = f"{cid} · {word('alt.board.vp', locale, n=extra)}" if kind == "order" else ""
        cw = cv.text_width(chip, 16, True) + 16 if chip else 40
        if x + cw > x0 + w:
            x, y = x0, y + 40
        draw.rounded_rectangle((x, y - 2, x + cw - 4, y + 32), radius=5, fill=WHITE, outline=MUTED)
        if chip:
            text(draw, (x + (cw - 4) / 2, y + 15), chip, size=16, bold=True, anchor="mm")
        else:
            paste_icon(img, x + 4, y + 1, extra, ICON)
        x += cw + 2
    return y + 42


def draw_warehouse(img, draw, view, p, x0, y0, w) -> int:
    rows = p["warehouse"]
    layout = view.get("warehouse_rows") or [["left", r["length"], r["points"]] for r in rows]
    left = [i for i, r in enumerate(layout) if r[0] == "left"]
    right = [i for i, r in enumerate(layout) if r[0] != "left"]
    col = w // 2
    height = max(len(left), len(right)) * 34
    for c, idx in enumerate((left, right)):
        for k, i in enumerate(idx):
            _side, length, points = layout[i]
            xx = x0 + c * col
            yy = y0 + height - (k + 1) * 34  # row 1 at the bottom, as the game fills it
            row = rows[i] if i < len(rows) else {"tiles": [], "full": False}
            opened = i < len(rows)
            if row["full"]:
                draw.rounded_rectangle((xx - 4, yy - 2, xx + col - 10, yy + 32), radius=6, fill=(214, 236, 200))
            text(draw, (xx + 14, yy + 15), str(i + 1), size=19, bold=True, anchor="mm",
                 fill=INK if opened else MUTED)
            gx = xx + 34
            for g in row["tiles"]:
                gx = paste_icon(img, gx, yy + 1, g, ICON)
            for _ in range(length - len(row["tiles"])):
                gx = slot_box(draw, gx, yy + 1, ICON)
            text(draw, (gx + 4, yy + 15), f"{points}", size=19, bold=row["full"], anchor="lm",
                 fill=INK if row["full"] else MUTED)
    return y0 + height + 6


def road_track(draw, x, y, road, seat, locale):
    """The road: planning spaces 4..8, those reached filled in the seat colour."""
    s = word("alt.board.road", locale)
    text(draw, (x, y + 13), s, size=20, anchor="lm")
    x += cv.text_width(s, 20) + 6
    colour = cv.seat_colour(seat)
    for step in range(4, 9):
        reached = step <= road
        draw.rectangle((x, y, x + 24, y + 26), fill=colour if reached else WHITE, outline=INK, width=1)
        text(draw, (x + 12, y + 13), str(step), size=16, bold=True, anchor="mm",
             fill=cv.contrast(colour) if reached else MUTED)
        x += 26
    return x


def draw_private(img, draw, view, p, w, y, locale) -> int:
    """What only the seat itself sees: stage, planning spaces, bag, crate, plan, missions."""
    colour = cv.seat_colour(p["seat"])
    y += 4
    draw.line((10, y, w - 10, y), fill=colour, width=3)
    y += 8
    if p.get("stage") in ("prep", "plan", "done", "keep", "choose"):
        text(draw, (12, y), word(f"alt.board.you.{p['stage']}", locale), size=20, bold=True, fill=(150, 30, 90))
        y += 30
    head = word("alt.board.slots", locale)
    text(draw, (12, y + 15), head, size=20, bold=True, anchor="lm")
    gx = 24 + cv.text_width(head, 20, True)
    for g in p["slots"]:
        gx = paste_icon(img, gx, y + 1, g, ICON) if g else slot_box(draw, gx, y + 1, ICON)
    y += 38
    for key, goods in (("alt.board.bag_of", p["bag"]), ("alt.board.crate_of", p["crate"])):
        head = f"{word(key, locale)} {len(goods)}"
        text(draw, (12, y + 13), head, size=20, bold=True, anchor="lm")
        tiles(img, 130, y, goods, 24, limit=(w - 150) // 27)
        y += 32
    if p.get("plan"):
        plan = listing([f"{space_name(s, locale)} {thing(f'alt.good.{g}', locale) if ' ' not in g else g}"
                        for s, g in p["plan"]], locale)
        for ln in cv.wrap(word("alt.board.plan", locale, plan=plan), w - 24, 19):
            text(draw, (12, y), ln, size=19, fill=(150, 30, 90))
            y += 25
    for key, lab in (("mission_hand", "alt.board.dealt"), ("mission_in", "alt.board.passed_in"),
                     ("missions", "alt.board.yours")):
        for m, _t, v in p.get(key) or []:
            s = word(lab, locale, id=m, vp=v, text=thing(f"alt.mission.{m.lower()}", locale))
            for ln in cv.wrap(s, w - 24, 19):
                text(draw, (12, y), ln, size=19)
                y += 25
    return y


# --- touched areas ----------------------------------------------------------------------

def touched_areas(view) -> set[str]:
    """Names of what the last move touched: ``seat:N``, ``loc:<location>``,
    ``warehouse:N`` and displays (``strip``, ``orders``, ``houses``, ``boats``, ``roles``)."""
    seat = view.get("last_seat")
    msgs = [m for m in (view.get("last_msgs") or []) if m]
    if seat is None or not msgs:
        return set()
    out = {f"seat:{seat}"}
    for m in msgs:
        key = m.get("key", "")
        places = TOUCHED.get(key, ("pawn",) if key.startswith(ACTION_PREFIX) and m is msgs[0] else ())
        for place in places:
            if place == "pawn":
                pawn = view["players"][seat]["pawn"] if seat < len(view["players"]) else None
                if pawn:
                    out.add(f"loc:{pawn}")
            elif place == "warehouse":
                out.add(f"warehouse:{seat}")
            else:
                out.add(place)
    return out


# --- the whole board ------------------------------------------------------------------------

def board_image(view: dict, names: list[str] | None = None, locale: str = "en") -> tuple[Image.Image, dict]:
    """The full board as an image, and the boxes of its parts (for the turn image)."""
    names = names_of(view, names, locale)
    n = len(view["players"])
    boxes: dict[str, tuple] = {}
    touched = touched_areas(view)
    pw = (W - 16 * 3) // 2
    panels = [draw_player(view, s, names, locale, pw - 12, touched) for s in range(n)]
    ring_bottom = BOARD_TOP + RING_H
    board_bottom = max(ring_bottom, side_height(view))
    roles_h = 44 + ((len(view["roles_open"]) + 1) // 2) * 40 + 8 + 16 if view.get("roles_open") else 0
    rows = (n + 1) // 2
    row_h = [max(panels[i][0].height for i in range(r * 2, min(n, r * 2 + 2))) + 12 for r in range(rows)]
    res_h = 60 + 34 * n if view.get("result") else 0
    height = board_bottom + 16 + roles_h + sum(h + 16 for h in row_h) + res_h + 16
    img, draw = cv.new_canvas(W, height)
    title, status, seat = header_text(view, names, locale)
    last = last_lines(view, names, locale) or [label("board.game_start", locale)]
    cv.header(draw, W, title, status, last, seat=seat, last_label=label("board.last", locale), scale=1.0,
              last_rows=HEADER_ROWS, fixed=True)
    draw_ring(img, draw, view, locale, boxes)
    draw_side(img, draw, view, locale, boxes)
    y = board_bottom + 16
    if roles_h:
        boxes["roles"] = (16, y, W - 16, draw_roles(img, draw, view, locale, 16, y, W - 32))
        y = boxes["roles"][3] + 16
    for r in range(rows):
        for c in range(2):
            s = r * 2 + c
            if s >= n:
                continue
            x = 16 + c * (pw + 16)
            panel, sub = panels[s]
            up = s in view.get("to_move", [])
            colour = cv.seat_colour(s)
            draw.rounded_rectangle((x, y, x + pw, y + row_h[r]), radius=12, fill=PANEL, outline=colour,
                                   width=7 if up else 3)
            img.paste(panel, (x + 6, y + 6))
            boxes[f"seat:{s}"] = (x, y, x + pw, y + row_h[r])
            wx0, wy0, wx1, wy1 = sub["warehouse"]
            boxes[f"warehouse:{s}"] = (x + 6 + wx0, y + 6 + wy0, x + 6 + wx1, y + 6 + wy1)
        y += row_h[r] + 16
    if view.get("result"):
        boxes["result"] = draw_result(draw, view, names, locale, y, res_h)
    for area in sorted(touched):
        if area in boxes:
            x0, y0, x1, y1 = boxes[area]
            pad = 5
            draw.rounded_rectangle((x0 - pad, y0 - pad, x1 + pad, y1 + pad), radius=16, outline=FRAME, width=6)
    boxes["touched"] = sorted(a for a in touched if a in boxes)
    return img, boxes


def result_rows(res: dict, names: list[str], locale: str) -> list[tuple[int, str]]:
    """(seat, its line of the final ranking: name, score and the score's parts, a winner marked),
    in ranking order: the board's ranking and the turn image's card word it alike."""
    rows = []
    for s in res["ranking"]:
        parts = listing([f"{part_name(k, locale)} {v}" for k, v in res["breakdown"][s].items() if v], locale)
        row = word("alt.board.final_row", locale, name=names[s], score=res["scores"][s], parts=parts or 0)
        if s in res["winners"]:
            row = f"{word('alt.board.winner', locale)} · {row}"
        rows.append((s, row))
    return rows


def draw_result(draw, view, names, locale, y, h) -> tuple[int, int, int, int]:
    """The final ranking with each score's parts; as wide as its rows (so the
    turn image, which shows it, keeps it legible). Returns its box."""
    res = view["result"]
    rows = result_rows(res, names, locale)
    width = min(W - 32, max(cv.text_width(r, 22, True) for _s, r in rows) + 90)
    box = (16, y, 16 + width, y + h - 10)
    cv.panel(draw, box, word("alt.board.final", locale), (60, 60, 60), fill=PANEL)
    yy = y + 62
    for s, row in rows:
        cv.seat_mark(draw, 40, yy, 13, s, width=2)
        text(draw, (64, yy), cv.fit(row, width - 70, 22, True), size=22, bold=s in res["winners"], anchor="lm")
        yy += 34
    return box


def focus_box(view, boxes: dict | None = None, names=None, locale="en") -> tuple[int, int, int, int]:
    """The part of the board the last move changed (for the turn image): the
    displays it touched (the strip for an extension bought), else the
    location it happened at, else the mover's warehouse or panel, else the
    ring; once the game is over, the final scores."""
    if boxes is None:
        boxes = board_image(view, names, locale)[1]
    if "result" in boxes:  # game over: the final scores are the news
        return boxes["result"]
    touched = boxes.get("touched") or []
    displays = [boxes[a] for a in touched if a in ("strip", "orders", "houses", "boats", "roles")]
    places = displays or [boxes[a] for a in touched if a.startswith("loc:")]
    if places:
        return (min(b[0] for b in places), min(b[1] for b in places), max(b[2] for b in places),
                max(b[3] for b in places))
    for prefix in ("warehouse:", "seat:"):
        for area in touched:
            if area.startswith(prefix):
                return boxes[area]
    return (16, BOARD_TOP, 16 + RING_W, BOARD_TOP + RING_H)


def render(view: dict, names: list[str] | None = None, locale: str = "en") -> bytes:
    img, _boxes = board_image(view, names, locale)
    return cv.to_png(img)


# --- the seat that moved, as a card for the turn image -----------------------------------------

#: the turn image's room for its board part: a card this wide is pasted at full size (``renderers.turn``)
TURN_W = 776
#: the card's type: 22 px and up, 11 px or more on a phone's 400 px wide preview
CARD_TYPE, CARD_BIG = 22, 24
CARD_ICON = 32
CARD_ROW = 44
#: a coin's number is 0.55 of the coin: 22 px
CARD_COIN = 40
#: the final scores' rows: larger, as there is room for five seats' two lines
RESULT_TYPE = 26
#: the card's part a last-move line of the mover changed (other action lines: "stats")
CARD_REGIONS = {
    "alt.ev.takes_role": "head", "alt.ev.passes": "head", "alt.ev.ready": "head",
    "alt.ev.planned": "spaces",
    "alt.ev.stores": "warehouse", "alt.ev.store_corn": "warehouse", "alt.ev.fstore": "warehouse",
    "alt.ev.corn_from": "warehouse", "alt.ev.final_draw": "warehouse", "alt.ev.corn_crate": "stats",
    "alt.ev.order": "order", "alt.ev.deliver": "order",
    "alt.ev.order_done": "cards", "alt.ev.order_done_corn": "cards",
    "alt.ev.house": "cards", "alt.ev.boat": "cards", "alt.ev.boat_out": "cards",
    "alt.ev.ext": "exts", "alt.ev.keep_corn": "exts",
    "alt.ev.mission_done": "missions",
}
#: a line outlined only while the card shows what it did (the seat's flag in the view)
CARD_SHOWN = {"alt.ev.passes": "passed", "alt.ev.ready": "ready"}
#: more parts a line changed: a price paid, the order a completion took away
CARD_ALSO = {"alt.ev.ext": ("stats",), "alt.ev.order_done": ("order",),
             "alt.ev.order_done_corn": ("order", "warehouse")}
#: the card's parts in the order they go when the room is short (the last goes first);
#: a part the last move changed always stays
CARD_KEEP = ("roles", "spaces", "warehouse", "order", "cards", "exts", "missions")
#: a last-move line with nothing to show on the card
CARD_NONE = ("alt.ev.planning", "alt.ev.kept", "alt.ev.chosen", "alt.ev.fdone", "alt.ev.final")


def card_changes(view, seat: int) -> set[str]:
    """The parts of ``seat``'s card the last move changed (``CARD_REGIONS``)."""
    who = f"{{p{seat}}}"
    out = set()
    for m in view.get("last_msgs") or []:
        if not m or (m.get("params") or {}).get("who") != who:
            continue
        key = m.get("key", "")
        if key in CARD_SHOWN and not view["players"][seat].get(CARD_SHOWN[key]):
            continue  # passed or ready in a round or planning already over: nothing shows it
        if key in CARD_REGIONS:
            out.add(CARD_REGIONS[key])
            out.update(CARD_ALSO.get(key, ()))
        elif key.startswith(ACTION_PREFIX) and key not in CARD_NONE:
            out.add("stats")
    return out


def _chips(items, width: int) -> list[list[tuple[int, object]]]:
    """Items of (width, payload) packed into rows no wider than ``width``."""
    rows, x = [[]], 0
    for w, item in items:
        if rows[-1] and x + w > width:
            rows.append([])
            x = 0
        rows[-1].append((x, item))
        x += w + 16
    return rows if rows[0] else []


def _space_chips(view, p, locale, width: int):
    """A seat's used action spaces as chips: (rows, their height)."""
    keys = list(LOC_ACTIONS) + ["move", "role"] + [e for e, _t in p["exts"]]
    items = []
    for k in keys:
        goods, coins = p["spaces"].get(k, []), p["space_coins"].get(k, 0)
        if not goods and not coins:
            continue
        name = space_name(k, locale) + (_mark(view, k) if k[:1] == "E" else "")
        w = cv.text_width(name, CARD_TYPE, True) + 8 + len(goods) * (CARD_ICON + 3) + (CARD_COIN + 4 if coins else 0)
        items.append((w, (name, goods, coins)))
    rows = _chips(items, width)
    return rows, len(rows) * CARD_ROW


def _draw_chip_row(img, draw, row, x0, y):
    for x, (name, goods, coins) in row:
        x += x0
        text(draw, (x, y + CARD_ROW / 2 - 2), name, size=CARD_TYPE, bold=True, anchor="lm")
        gx = x + cv.text_width(name, CARD_TYPE, True) + 8
        gy = y + (CARD_ROW - CARD_ICON) // 2 - 2
        for g in goods:
            gx = paste_icon(img, gx, gy, g, CARD_ICON) + 1
        if coins:
            coin(draw, gx, y + (CARD_ROW - CARD_COIN) // 2 - 2, coins, CARD_COIN)


def _card_parts(view, p, locale) -> dict:
    """Each part of a seat's card: name -> (height, draw(img, draw, y)). Only parts with
    something to show."""
    L = lambda key, **kw: word(key, locale, **kw)  # noqa: E731
    inner = TURN_W - 24
    parts = {}
    # the numbers: coins, carts, road, bag, crate, pawn
    bits = [L("alt.board.coins", n=p["coins"]), L("alt.board.carts", free=p["carts"] - p["carts_used"],
                                                   total=p["carts"]),
            L("alt.board.road_n", n=p["road"]), L("alt.board.bag", n=p["bag_count"]),
            L("alt.board.crate", n=p["crate_count"])]
    if p.get("planning_count"):
        bits.append(L("alt.board.planning", n=p["planning_count"]))
    bits.append(L("alt.board.at", loc=space_name(p["pawn"], locale)) if p["pawn"] else L("alt.board.no_pawn"))
    lines = cv.wrap(" · ".join(bits), inner, CARD_BIG)

    def stats(img, draw, y):
        for i, ln in enumerate(lines):
            text(draw, (12, y + 18 + i * 34), ln, size=CARD_BIG, anchor="lm")
    parts["stats"] = (len(lines) * 34 + 8, stats)
    # the tiles planned on the action board
    head = L("alt.board.card_planned")
    hw = cv.text_width(head, CARD_BIG, True) + 14
    rows, h = _space_chips(view, p, locale, inner - hw)
    if rows:
        def spaces(img, draw, y):
            text(draw, (12, y + CARD_ROW / 2 - 2), head, size=CARD_BIG, bold=True, anchor="lm")
            for i, row in enumerate(rows):
                _draw_chip_row(img, draw, row, 12 + hw, y + i * CARD_ROW)
        parts["spaces"] = (h + 4, spaces)
    # the warehouse: its open rows and the next one, in the order the game fills them
    layout = view.get("warehouse_rows") or [["left", r["length"], r["points"]] for r in p["warehouse"]]
    shown = list(range(min(len(layout), len(p["warehouse"]) + 1)))
    if shown:
        head_w = L("alt.board.card_warehouse")
        per_line = 2
        wrows = -(-len(shown) // per_line)

        def warehouse(img, draw, y):
            text(draw, (12, y + 16), head_w, size=CARD_BIG, bold=True, anchor="lm")
            col = inner // per_line
            for k, i in enumerate(shown):
                _side, length, points = layout[i]
                row = p["warehouse"][i] if i < len(p["warehouse"]) else {"tiles": [], "full": False}
                xx, yy = 12 + (k % per_line) * col, y + 36 + (k // per_line) * CARD_ROW
                if row["full"]:
                    draw.rounded_rectangle((xx - 4, yy - 2, xx + col - 12, yy + CARD_ICON + 4), radius=6,
                                           fill=(214, 236, 200))
                text(draw, (xx + 14, yy + CARD_ICON / 2 + 1), str(i + 1), size=CARD_TYPE, bold=True, anchor="mm",
                     fill=INK if i < len(p["warehouse"]) else MUTED)
                gx = xx + 34
                for g in row["tiles"]:
                    gx = paste_icon(img, gx, yy + 1, g, CARD_ICON) + 1
                for _ in range(length - len(row["tiles"])):
                    gx = slot_box(draw, gx, yy + 1, CARD_ICON) + 1
                text(draw, (gx + 6, yy + CARD_ICON / 2 + 1), L("alt.board.vp", n=points), size=CARD_TYPE,
                     bold=row["full"], anchor="lm", fill=INK if row["full"] else MUTED)
        parts["warehouse"] = (36 + wrows * CARD_ROW, warehouse)
    # the open order: what it needs, what it has
    if p["order"]:
        o = p["order"]
        head_o = L("alt.board.order", id=o["id"] + _mark(view, o["id"]), vp=o["vp"])

        def order(img, draw, y):
            text(draw, (12, y + CARD_ROW / 2), head_o, size=CARD_BIG, bold=True, anchor="lm")
            gx = 26 + cv.text_width(head_o, CARD_BIG, True)
            for g, n in o["need"].items():
                got = o["have"].get(g, 0)
                for k in range(n):
                    gx = (paste_icon if k < got else paste_ghost)(img, gx, y + (CARD_ROW - CARD_ICON) // 2, g,
                                                                   CARD_ICON) + 1
        parts["order"] = (CARD_ROW + 4, order)
    # done orders, houses and boats
    items = []
    heads = {"order": L("alt.board.done_orders"), "house": L("alt.board.own_houses"),
             "boat": L("alt.board.own_boats")}
    for kind, entries in (("order", p["done_orders"]), ("house", p["houses"]), ("boat", p["boats"])):
        if not entries:
            continue
        items.append((cv.text_width(heads[kind], CARD_BIG, True), ("head", heads[kind])))
        for cid, extra in entries:
            chip = f"{cid}{_mark(view, cid)} · {L('alt.board.vp', n=extra)}" if kind == "order" else ""
            items.append(((cv.text_width(chip, CARD_TYPE, True) + 16) if chip else CARD_ICON + 8, (kind, chip or extra)))
    crow = _chips(items, inner)
    if crow:
        def cards(img, draw, y):
            for i, row in enumerate(crow):
                yy = y + i * CARD_ROW
                for x, (kind, what) in row:
                    x += 12
                    if kind == "head":
                        text(draw, (x, yy + CARD_ROW / 2), what, size=CARD_BIG, bold=True, anchor="lm")
                    elif kind == "order":
                        w = cv.text_width(what, CARD_TYPE, True) + 16
                        draw.rounded_rectangle((x, yy + 3, x + w, yy + CARD_ROW - 3), radius=6, fill=WHITE,
                                               outline=MUTED)
                        text(draw, (x + w / 2, yy + CARD_ROW / 2), what, size=CARD_TYPE, bold=True, anchor="mm")
                    else:
                        draw.rounded_rectangle((x, yy + 1, x + CARD_ICON + 8, yy + CARD_ROW - 1), radius=6,
                                               fill=WHITE, outline=MUTED)
                        paste_icon(img, x + 4, yy + (CARD_ROW - CARD_ICON) // 2, what, CARD_ICON)
        parts["cards"] = (len(crow) * CARD_ROW + 4, cards)
    # the role's and the extensions' actions
    owned = ([[p["role"], p.get("role_action")]] if p["role"] and p.get("role_action") else []) + p["exts"]
    ext_lines = []
    for e, t in owned:
        kind = KIND_BY_TEXT.get(t)
        what = role_name(e, locale) if e == p["role"] else e
        ext_lines += cv.wrap(L("alt.board.does", what=f"{what}{_mark(view, e)}",
                               does=thing(f"alt.kind.{kind}", locale) if kind else t), inner, CARD_TYPE)
    if ext_lines:
        def exts(img, draw, y):
            for i, ln in enumerate(ext_lines):
                text(draw, (12, y + 16 + i * 30), ln, size=CARD_TYPE, anchor="lm")
        parts["exts"] = (len(ext_lines) * 30 + 6, exts)
    if view.get("missions_on"):
        rev = [L("alt.board.mission_done" if met else "alt.board.mission_failed", id=m)
               for m, _t, _v, met in p["missions_revealed"]]
        count = L("alt.board.missions", n=p["mission_count"])
        mlines = cv.wrap(L("alt.board.card_missions", missions=count, done=listing(rev, locale)) if rev else count,
                         inner, CARD_TYPE)

        def missions(img, draw, y):
            for i, ln in enumerate(mlines):
                text(draw, (12, y + 16 + i * 30), ln, size=CARD_TYPE, anchor="lm")
        parts["missions"] = (len(mlines) * 30 + 6, missions)
    return parts


def _roles_part(view, locale):
    """The roles still to pick in a draft (what the next seat is asked), one to a row."""
    roles = view.get("roles_open") or []
    if not roles:
        return None
    head = word("alt.board.roles", locale)

    def draw_part(img, draw, y):
        text(draw, (12, y + 16), head, size=CARD_BIG, bold=True, anchor="lm")
        for k, (role, action, goods, coins) in enumerate(roles):
            yy = y + 36 + k * CARD_ROW
            kind = KIND_BY_TEXT.get(action, "")
            s = word("alt.board.does", locale, what=f"{role_name(role, locale)}{_mark(view, role)}",
                     does=thing(f"alt.kind.{kind}", locale) if kind else action)
            room = TURN_W - 24 - len(goods) * (CARD_ICON + 4) - CARD_COIN - 20
            text(draw, (12, yy + CARD_ROW / 2), cv.fit(s, room, CARD_TYPE), size=CARD_TYPE, anchor="lm")
            gx = tiles(img, TURN_W - 12 - len(goods) * (CARD_ICON + 4) - CARD_COIN - 8,
                       yy + (CARD_ROW - CARD_ICON) // 2, goods, CARD_ICON)
            coin(draw, gx + 2, yy + (CARD_ROW - CARD_COIN) // 2, coins, CARD_COIN)
    return 36 + len(roles) * CARD_ROW + 4, draw_part


def turn_card(view: dict, names: list[str], seat: int, locale: str = "en", room_h: int = 10_000):
    """The seat's panel for the phone's turn image: the facts of its board panel that it has,
    larger than the full board's (cut down to a phone there, they read at 8-10 px), with what
    the last move changed outlined. At most ``room_h`` tall: parts the move did not change go
    first when the room is short (``CARD_KEEP``). Returns the image."""
    names = names_of(view, names, locale)
    p = view["players"][seat]
    colour = cv.seat_colour(seat)
    ink = cv.contrast(colour)
    changed = card_changes(view, seat)
    parts = _card_parts(view, p, locale)
    roles = _roles_part(view, locale)
    if roles:
        parts["roles"] = roles
    # the band: mark, name, role and status; the running score on the right. The name whole:
    # its role and status beside it when they fit, else on a line below (``cv.name_band``)
    score = word("alt.board.vp", locale, n=p["score"])
    sw = cv.text_width(score, 28, True)
    status = _status_words(view, p, seat, locale)
    for one_line in (False, True):  # a second line only when the card stays inside the room
        head, lines = cv.name_band(names[seat], " · ".join(status), TURN_W - sw - 40 - 54,
                                   rest_sizes=(CARD_TYPE,), one_line=one_line)
        bh = 50 if lines == 1 else 84
        band = bh + 6
        order = ["stats"] + [k for k in CARD_KEEP if k in parts]

        def height(keys, band=band):
            return band + sum(parts[k][0] + 8 for k in keys) + 6
        for k in reversed(CARD_KEEP):
            if height(order) <= room_h:
                break
            if k in order and k not in changed:
                order.remove(k)
        if lines == 1 or height(order) <= room_h:
            break
    img, draw = cv.new_canvas(TURN_W, height(order), PANEL)
    regions = {}
    draw.rounded_rectangle((0, 0, TURN_W - 1, bh), radius=12, fill=colour)
    cv.seat_mark(draw, 27, 25, 19, seat, outline=ink, width=2)
    draw.rounded_rectangle((TURN_W - sw - 30, bh / 2 - 20, TURN_W - 6, bh / 2 + 20), radius=8, fill=WHITE,
                           outline=INK, width=2)
    text(draw, (TURN_W - 18, bh / 2), score, size=28, bold=True, anchor="rm")
    for i, (who, size, rest, rsize) in enumerate(head):
        yy = 25 if i == 0 else 61
        sx = 54
        if who:
            text(draw, (54, yy), who, size=size, bold=True, fill=ink, anchor="lm")
            sx += cv.text_width(who, size, True) + 16
        if rest:
            text(draw, (sx, yy), rest, size=rsize, fill=ink, bold=True, anchor="lm")
    regions["head"] = (4, 4, TURN_W - 5, bh - 4)  # the whole band: its role and status
    y = band
    for k in order:
        h, fn = parts[k]
        fn(img, draw, y)
        regions[k] = (4, y - 2, TURN_W - 5, y + h)
        y += h + 8
    for k in changed:
        if k in regions and (k == "head" or k in order):
            cv.outline_changed(draw, regions[k], width=4)
    return img


def plans_card(view: dict, names: list[str], locale: str = "en", room_h: int = 10_000):
    """The plans every seat revealed at the end of the planning, one seat to a row (the turn
    image when the planning ends: every seat changed). Drawn for ``room_h``: when the rows do not
    fit it they stand closer, then the longest names give their chips room (cut a little,
    ``cv.NAME_KEEP`` characters at least), so the card is never scaled below its 22 px type."""
    names = names_of(view, names, locale)
    inner = TURN_W - 24
    # every name whole: at 24 px when the longest takes 200 px or less, else at 22 (11 px on a
    # phone) up to 330 px, a longer one cut a little (``cv.NAME_KEEP`` characters at least)
    size = CARD_BIG if max(cv.text_width(names[p["seat"]], CARD_BIG, True) for p in view["players"]) <= 200 \
        else CARD_TYPE
    for gap, cap in PLANS_FITS:
        rows = []
        for p in view["players"]:
            who = names[p["seat"]]
            for keep in cv.name_cuts([who]) if cv.text_width(who, size, True) > cap else ():
                who = cv.short_name(names[p["seat"]], keep)
                if cv.text_width(who, size, True) <= cap:
                    break
            who = cv.fit(who, cap, size, True)
            hw = 48 + cv.text_width(who, size, True) + 14
            chips, h = _space_chips(view, p, locale, inner - hw)
            rows.append((p["seat"], who, hw, chips, max(h, CARD_ROW)))
        height = 48 + sum(r[4] + gap for r in rows) + 6
        if height <= room_h:
            break
    head = word("alt.board.card_plans", locale)
    img, draw = cv.new_canvas(TURN_W, height, PANEL)
    draw.rounded_rectangle((0, 0, TURN_W - 1, 42), radius=12, fill=(120, 90, 60))
    text(draw, (14, 21), cv.fit(head, inner, CARD_BIG, True), size=CARD_BIG, bold=True, fill=WHITE, anchor="lm")
    y = 48
    for seat, who, hw, chips, h in rows:
        colour = cv.seat_colour(seat)
        draw.rounded_rectangle((4, y, TURN_W - 5, y + h + 4), radius=8, fill=WHITE, outline=colour, width=3)
        cv.seat_mark(draw, 31, y + CARD_ROW / 2 + 1, 19, seat, width=2)
        text(draw, (58, y + CARD_ROW / 2 - 2), who, size=size, bold=True, anchor="lm")
        if not chips:
            text(draw, (12 + hw, y + CARD_ROW / 2 - 2), word("alt.board.card_nothing", locale), size=CARD_TYPE,
                 fill=MUTED, anchor="lm")
        for i, row in enumerate(chips):
            _draw_chip_row(img, draw, row, 12 + hw, y + i * CARD_ROW)
        y += h + gap
    return img


#: the plans card's fits, tried in turn until it is inside its room: (the gap between two seats'
#: rows, the widest a name may be); a narrower name leaves its chips room for fewer rows
PLANS_FITS = ((10, 330), (6, 330), (6, 240), (6, 170))


def result_card(view: dict, names: list[str], locale: str = "en", room_h: int = 10_000):
    """The final ranking with each score's parts, wrapped at the card's type (the turn image
    at the game's end)."""
    names = names_of(view, names, locale)
    res = view["result"]
    inner = TURN_W - 24 - 52
    size, line = RESULT_TYPE, RESULT_TYPE + 8
    rows = [(s, cv.wrap(row, inner, size, s in res["winners"])) for s, row in result_rows(res, names, locale)]
    img, draw = cv.new_canvas(TURN_W, 50 + sum(len(r) * line + 14 for _s, r in rows) + 4, PANEL)
    draw.rounded_rectangle((0, 0, TURN_W - 1, 42), radius=12, fill=(60, 60, 60))
    text(draw, (14, 21), word("alt.board.final", locale), size=CARD_BIG, bold=True, fill=WHITE, anchor="lm")
    y = 50
    for s, lines in rows:
        cv.seat_mark(draw, 30, y + line / 2 + 1, 19, s, width=2)
        for i, ln in enumerate(lines):
            text(draw, (64, y + line / 2 + i * line), ln, size=size, bold=s in res["winners"], anchor="lm")
        y += len(lines) * line + 14
    return img


# --- the phone turn image -------------------------------------------------------------------

def turn_info(view: dict, names: list[str], locale: str = "en") -> dict:
    """What ``renderers/turn.py`` needs: header texts; as its board part a card drawn at the
    turn image's size (the final scores at the end, every seat's plan when the planning ends,
    else the seat that moved with what it changed outlined); the seat up's resources and every
    running score."""
    names = names_of(view, names, locale)
    title, status, seat = header_text(view, names, locale)
    mover = view.get("last_seat")
    focus_seat = seat if seat is not None else (mover if mover is not None else None)
    planned = {m["params"].get("who") for m in view.get("last_msgs") or []
               if m and m.get("key") in ("alt.ev.planned", "alt.ev.planned_nothing")}
    card_seat = None   # the seat the card shows whole: its panel below would repeat it
    if view.get("result"):
        def card(room_w, room_h):
            return result_card(view, names, locale, room_h)
    elif len(planned) > 1:
        def card(room_w, room_h):
            return plans_card(view, names, locale, room_h)
    else:
        card_seat = next((s for s in (mover, seat, view.get("start")) if s is not None), 0)

        def card(room_w, room_h):
            return turn_card(view, names, card_seat, locale, room_h)
    res = []
    if focus_seat is not None:
        p = view["players"][focus_seat]
        res = [word("alt.board.coins", locale, n=p["coins"]),
               word("alt.board.carts", locale, free=p["carts"] - p["carts_used"], total=p["carts"]),
               word("alt.board.road_n", locale, n=p["road"]),
               word("alt.board.bag", locale, n=p["bag_count"]), word("alt.board.crate", locale, n=p["crate_count"]),
               word("alt.board.at", locale, loc=space_name(p["pawn"], locale)) if p["pawn"]
               else word("alt.board.no_pawn", locale)]
        res += [f"{part_name(k, locale)} {v}" for k, v in p["score_parts"].items() if v]
    return {
        "title": title, "status": status, "seat": seat, "focus_seat": focus_seat,
        "last": last_lines(view, names, locale), "card": card, "card_seat": card_seat,
        "resources": res,
        "score_text": word("alt.board.vp", locale, n=view["players"][focus_seat]["score"])
        if focus_seat is not None else "",
        "scores": [(p["seat"], p["score"]) for p in sorted(view["players"], key=lambda p: -p["score"])],
    }


#: the turn image's parts (``renderers.turn``)
turn_parts = turn_info
