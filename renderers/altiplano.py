"""Altiplano board: the ring of locations, the extension strip, the cards on
offer, and one panel per player (action board, warehouse, order, cards).

Draws only from ``game.view``; a seat's own view adds its bag, crate,
planning spaces and secret plan.
"""

from __future__ import annotations

import math

from . import canvas
from .canvas import INK, MUTED, PANEL, SEAT_COLOURS, WHITE, text
from .labels import label

WIDTH = 1600
RING_H = 700

GOOD_COLOURS = {
    "food": (233, 196, 106), "corn": (250, 214, 30), "wood": (141, 94, 52),
    "stone": (150, 150, 150), "fish": (70, 140, 210), "alpaca": (236, 228, 210),
    "ore": (80, 80, 95), "wool": (250, 250, 250), "cacao": (110, 60, 40),
    "glass": (140, 220, 220), "cloth": (200, 60, 90), "silver": (205, 210, 225),
}
SHORT = {"food": "Fd", "corn": "Co", "wood": "Wd", "stone": "St", "fish": "Fi", "alpaca": "Al",
         "ore": "Or", "wool": "Wo", "cacao": "Ca", "glass": "Gl", "cloth": "Cl", "silver": "Si"}
LOC_COLOURS = {
    "farm": (170, 205, 120), "forest": (90, 150, 90), "mine": (170, 150, 130),
    "harbor": (120, 175, 220), "village": (225, 180, 120), "road": (200, 190, 160),
    "market": (230, 150, 150),
}
LOC_GOODS = {
    "farm": ("alpaca", "wool", "cloth"), "forest": ("wood", "cacao"),
    "mine": ("stone", "ore", "silver"), "harbor": ("fish",), "village": (),
    "road": ("corn",), "market": ("glass",),
}
PHASES = {"draft": "role draft", "missions": "mission choice", "plan": "secret planning",
          "act": "action phase", "final": "end-game storing", "over": "game over"}


def chip(draw, x, y, good, size=30):
    """One goods tile: a coloured square with its two-letter code."""
    col = GOOD_COLOURS.get(good, (200, 200, 200))
    draw.rounded_rectangle((x, y, x + size, y + size), radius=5, fill=col, outline=INK, width=1)
    text(draw, (x + size / 2, y + size / 2), SHORT.get(good, good[:2]), size=int(size * 0.5),
         fill=canvas.contrast(col), bold=True, anchor="mm")
    return x + size + 3


def chips(draw, x, y, goods, size=30):
    for g in goods:
        x = chip(draw, x, y, g, size)
    return x


def coin(draw, x, y, n, size=30):
    draw.ellipse((x, y, x + size, y + size), fill=(240, 200, 60), outline=(150, 110, 0), width=2)
    text(draw, (x + size / 2, y + size / 2), str(n), size=int(size * 0.55), bold=True, anchor="mm")
    return x + size + 4


def _name(names, seat):
    return names[seat] if names and seat < len(names) else f"Seat {seat}"


def _sub(s: str, names) -> str:
    for i in range(5):
        s = s.replace("{p" + str(i) + "}", _name(names, i))
    return s


def draw_ring(draw, view, names, x0, y0, w, h):
    canvas.panel(draw, (x0, y0, x0 + w, y0 + h), "The high plain", (120, 90, 60))
    ring_h = RING_H
    cx, cy = x0 + w / 2, y0 + 30 + (ring_h - 30) / 2
    radius = min(w, ring_h - 40) / 2 - 95
    ring = view["ring"]
    pawns = {}
    for p in view["players"]:
        if p["pawn"]:
            pawns.setdefault(p["pawn"], []).append(p["seat"])
    # road between locations
    pts = []
    for i in range(len(ring)):
        a = -math.pi / 2 + 2 * math.pi * i / len(ring)
        pts.append((cx + radius * math.cos(a), cy + radius * math.sin(a)))
    draw.line(pts + [pts[0]], fill=(180, 160, 120), width=8)
    bw, bh = 190, 112
    for loc, (px, py) in zip(ring, pts):
        box = (px - bw / 2, py - bh / 2, px + bw / 2, py + bh / 2)
        draw.rounded_rectangle(box, radius=14, fill=LOC_COLOURS[loc], outline=INK, width=2)
        text(draw, (px, box[1] + 16), loc.upper(), size=22, bold=True, anchor="mm")
        items = [(g, view["supply"][g]) for g in LOC_GOODS[loc]]
        yy = box[1] + 34
        xx = box[0] + 8
        for g, n in items:
            xx = chip(draw, xx, yy, g, 26)
            text(draw, (xx, yy + 13), str(n), size=20, bold=True, anchor="lm")
            xx += canvas.text_width(str(n), 20, True) + 8
        extra = {"harbor": f"boats {len(view['boats'])}",
                 "village": f"houses {len(view['houses'])}  carts {view['village_carts']}",
                 "market": f"orders {len(view['orders'])}"}.get(loc)
        if extra:
            text(draw, (box[0] + 8, yy + (34 if items else 4) + 12), extra, size=20, anchor="lm")
        for k, seat in enumerate(pawns.get(loc, [])):
            bx = box[0] + 14 + k * 34
            by = box[3] - 4
            draw.ellipse((bx, by - 14, bx + 30, by + 16), fill=SEAT_COLOURS[seat], outline=INK, width=2)
    text(draw, (cx, cy - 14), f"food supply {view['supply']['food']}", size=22, bold=True, anchor="mm")
    text(draw, (cx, cy + 16), f"round {view['round']}", size=22, anchor="mm", fill=MUTED)
    if view.get("roles_open"):
        draw_roles(draw, view["roles_open"], x0 + 12, y0 + RING_H + 30)


def draw_roles(draw, roles, x, y):
    """The role tiles still to pick in the draft, with their start goods."""
    text(draw, (x, y - 32), "Roles to pick (pick <role>):", size=22, bold=True)
    for k, (role, action, goods, coins) in enumerate(roles):
        yy = y + k * 34
        text(draw, (x, yy + 14), f"{role}: {action}", size=20, anchor="lm")
        gx = chips(draw, x + 470, yy + 1, goods, 28)
        coin(draw, gx + 4, yy + 1, coins, 28)


def draw_offer(draw, view, x0, y0, w, h):
    canvas.panel(draw, (x0, y0, x0 + w, y0 + h), f"Extension strip (stack {view['stack']})", (90, 110, 140))
    y = y0 + 44
    for slot in range(len(view["strip"]) - 1, -1, -1):
        e = view["strip"][slot]
        if e:
            eid, what, price = e
            draw.rounded_rectangle((x0 + 10, y, x0 + w - 10, y + 36), radius=6, fill=WHITE, outline=MUTED)
            coin(draw, x0 + 14, y + 3, price)
            text(draw, (x0 + 56, y + 18), f"{eid}{_mark(view, eid)}  {what}", size=20, anchor="lm")
        y += 40
    y += 4
    text(draw, (x0 + 12, y), "Orders at the market", size=22, bold=True)
    y += 30
    col_w = (w - 20) // 2
    for i, (oid, need, vp) in enumerate(view["orders"]):
        xx = x0 + 12 + (i % 2) * col_w
        yy = y + (i // 2) * 36
        text(draw, (xx, yy + 15), f"{oid} {vp}VP", size=20, bold=True, anchor="lm")
        gx = xx + 112
        for g, n in need.items():
            gx = chips(draw, gx, yy + 2, [g] * n, 26)
        text(draw, (gx + 2, yy + 15), _mark(view, oid), size=20, anchor="lm")
    y += ((len(view["orders"]) + 1) // 2) * 36 + 6
    text(draw, (x0 + 12, y), "Houses", size=22, bold=True)
    chips(draw, x0 + 110, y - 2, [g for _h, g in view["houses"]], 28)
    y += 36
    text(draw, (x0 + 12, y), "Boats", size=22, bold=True)
    chips(draw, x0 + 110, y - 2, [g for _b, g in view["boats"]], 28)
    y += 40
    legend = "Tiles: Fd food, Co corn, Wd wood, St stone, Fi fish, Al alpaca, Or ore, Wo wool, " \
             "Ca cacao, Gl glass, Cl cloth, Si silver"
    if view.get("designed_ids"):
        legend += ". " + label("board.designed")
    for ln in _wrap(legend, w - 24, 20):
        text(draw, (x0 + 12, y), ln, size=20, fill=MUTED)
        y += 24


def _mark(view, cid) -> str:
    """◇ after a card or tile that carries a designed value (games.altiplano.data.UNVERIFIED)."""
    return "◇" if cid in view.get("designed_ids", ()) else ""


def space_label(space):
    return space.upper() if space[:1] == "E" else space


def seat_view(view, seat):
    """A player's public entry, with the viewer's own secrets laid over it."""
    p = view["players"][seat]
    me = view.get("me")
    return {**p, **me} if me and me["seat"] == seat else p


def draw_player(draw, view, seat, names, x0, y0, w, h):
    p = seat_view(view, seat)
    colour = SEAT_COLOURS[seat]
    to_move = seat in view["to_move"]
    status = " (passed)" if p["passed"] else (" (ready)" if p["ready"] else "")
    title = f"{_name(names, seat)}{'  * start' if view['start'] == seat else ''}{status}"
    canvas.panel(draw, (x0, y0, x0 + w, y0 + h), title, colour, width=6 if to_move else 3)
    y = y0 + 44
    role = p["role"] or "no role yet"
    text(draw, (x0 + 12, y), f"{role}{_mark(view, p['role'])}: {p['role_action'] or ''}", size=20, bold=True)
    y += 28
    x = coin(draw, x0 + 12, y, p["coins"], 28)
    x = road_track(draw, x + 6, y, p["road"], colour)
    info = (f"carts {p['carts'] - p['carts_used']}/{p['carts']}  at {p['pawn'] or '-'}  "
            f"bag {p['bag_count']}  crate {p['crate_count']}")
    if p.get("planning_count"):  # tiles left on the planning spaces (hidden while planning)
        info += f"  planning {p['planning_count']}"
    text(draw, (x + 8, y + 14), info, size=20, anchor="lm")
    y += 36
    # action board: locations in a two-column grid
    spaces = p["spaces"]
    coins_on = p["space_coins"]
    keys = ["farm", "forest", "mine", "harbor", "village", "road", "market", "move", "role"] + [e for e, _t in p["exts"]]
    col_w = (w - 24) // 2
    shown = [k for k in keys if spaces.get(k) or coins_on.get(k) or k in ("farm", "forest", "mine", "harbor",
                                                                         "village", "road", "market", "move")]
    for i, k in enumerate(shown):
        xx = x0 + 12 + (i % 2) * col_w
        yy = y + (i // 2) * 32
        text(draw, (xx, yy + 14), space_label(k), size=20, anchor="lm", fill=MUTED if not spaces.get(k) else INK)
        gx = chips(draw, xx + 84, yy, spaces.get(k, []), 28)
        if coins_on.get(k):
            coin(draw, gx, yy, coins_on[k], 28)
    y += ((len(shown) + 1) // 2) * 32 + 4
    for e, t in p["exts"]:
        text(draw, (x0 + 12, y), f"{e}{_mark(view, e)}: {t}", size=20, fill=INK)
        y += 26
    # warehouse: every row, opened or not (rows 1-5 left, 6-10 right)
    text(draw, (x0 + 12, y + 4), "Warehouse (left 1-5, right 6-10; * = full)", size=20, bold=True)
    y += 30
    rows = p["warehouse"]
    layout = view.get("warehouse_rows") or [["", r["length"], r["points"]] for r in rows]
    half = (len(layout) + 1) // 2
    for i, (_side, length, points) in enumerate(layout):
        xx = x0 + 12 + (i // half) * col_w
        yy = y + (i % half) * 32
        row = rows[i] if i < len(rows) else {"tiles": [], "full": False}
        mark = f"{i + 1}" + ("*" if row["full"] else "")
        text(draw, (xx, yy + 14), mark, size=20, bold=row["full"], anchor="lm", fill=INK if i < len(rows) else MUTED)
        gx = chips(draw, xx + 40, yy, row["tiles"], 26)
        for _ in range(length - len(row["tiles"])):
            draw.rounded_rectangle((gx, yy, gx + 26, yy + 26), radius=5, outline=MUTED, width=1)
            gx += 29
        text(draw, (gx + 4, yy + 14), f"{points}VP", size=20, fill=MUTED if not row["full"] else INK, anchor="lm")
    y += half * 32 + 4
    # order, cards
    line = []
    if p["order"]:
        o = p["order"]
        label = f"Open order {o['id']} ({o['vp']} VP):"
        text(draw, (x0 + 12, y + 14), label, size=20, anchor="lm", bold=True)
        gx = x0 + 24 + canvas.text_width(label, 20, True)
        for g, n in o["need"].items():
            got = o["have"].get(g, 0)
            for k in range(n):
                if k < got:
                    gx = chip(draw, gx, y, g, 28)
                else:
                    draw.rounded_rectangle((gx, y, gx + 28, y + 28), radius=5, outline=GOOD_COLOURS[g], width=3)
                    gx += 31
        y += 34
    if p["done_orders"]:
        line.append("orders done " + " ".join(f"{o}({v}VP)" for o, v in p["done_orders"]))
    if p["houses"]:
        line.append("houses " + " ".join(f"+1/{g}" for _h, g in p["houses"]))
    if p["boats"]:
        line.append("boats " + " ".join(g for _b, g in p["boats"]))
    if view.get("missions_on"):
        rev = " ".join(f"{m} {'done' if met else 'failed'}" for m, _t, _v, met in p["missions_revealed"])
        line.append(f"missions {p['mission_count']}" + (f": {rev}" if rev else ""))
    for ln in _wrap("  |  ".join(line), w - 24, 20):
        text(draw, (x0 + 12, y), ln, size=20)
        y += 26
    if "bag" in p:
        y += 4
        draw.line((x0 + 10, y, x0 + w - 10, y), fill=colour, width=2)
        y += 6
        stage = {"prep": "take tiles back ('return ...'), then 'draw'", "plan": "plan your tiles, then 'done'",
                 "done": "plan sent, waiting for the others", "keep": "keep a mission, give one on",
                 "choose": "choose one of the missions passed to you"}.get(p.get("stage"))
        if stage:
            text(draw, (x0 + 12, y), f"You: {stage}", size=20, bold=True, fill=(150, 30, 90))
            y += 28
        text(draw, (x0 + 12, y + 14), "Planning:", size=20, bold=True, anchor="lm")
        gx = x0 + 130
        for g in p["slots"]:
            if g:
                gx = chip(draw, gx, y, g, 28)
            else:
                draw.rounded_rectangle((gx, y, gx + 28, y + 28), radius=5, outline=MUTED, width=1)
                gx += 31
        y += 34
        for label, goods in (("Bag", p["bag"]), ("Crate", p["crate"])):
            text(draw, (x0 + 12, y + 13), f"{label} {len(goods)}:", size=20, bold=True, anchor="lm")
            chips(draw, x0 + 130, y, goods[:22], 24)
            y += 30
        if p.get("plan"):
            plan = ", ".join(f"{space_label(s)} {g}" for s, g in p["plan"])
            for ln in _wrap("Secret plan: " + plan, w - 24, 20):
                text(draw, (x0 + 12, y), ln, size=20, fill=(150, 30, 90))
                y += 26
        for key, label in (("mission_hand", "dealt"), ("mission_in", "passed to you")):
            for m, t, v in p.get(key) or []:
                text(draw, (x0 + 12, y), f"{label} {m} ({v}VP): {t}", size=20)
                y += 24
        if p.get("missions"):
            for m, t, v in p["missions"]:
                text(draw, (x0 + 12, y), f"your {m} ({v}VP): {t}", size=20)
                y += 24
    return y


def road_track(draw, x, y, road, colour):
    """The road: planning spaces 4..8, those reached filled in the seat colour."""
    text(draw, (x, y + 14), "road", size=20, anchor="lm")
    x += canvas.text_width("road", 20) + 6
    for step in range(4, 9):
        reached = step <= road
        draw.rectangle((x, y + 2, x + 24, y + 26), fill=colour if reached else WHITE, outline=INK, width=1)
        text(draw, (x + 12, y + 14), str(step), size=16, bold=True, anchor="mm",
             fill=canvas.contrast(colour) if reached else MUTED)
        x += 26
    return x


def _wrap(s: str, width: int, size: int, bold: bool = False) -> list[str]:
    words, lines, cur = s.split(), [], ""
    for word in words:
        trial = (cur + " " + word).strip()
        if canvas.text_width(trial, size, bold) > width and cur:
            lines.append(cur)
            cur = word
        else:
            cur = trial
    if cur:
        lines.append(cur)
    return lines


def _player_height(p: dict) -> int:
    shown = 8 + sum(1 for k in p["spaces"] if k == "role" or k[:1] == "E") + (1 if p["space_coins"].get("role") else 0)
    h = 44 + 28 + 36 + ((shown + 1) // 2) * 32 + 4 + 30 + 5 * 32 + 30
    h += 26 * len(p["exts"])
    h += 34 if p["order"] else 0
    h += 56
    if "bag" in p:
        h += 44 + 28 + 60 + 26 * 2 + 24 * (len(p.get("missions", [])) + len(p.get("mission_hand", []))
                                           + len(p.get("mission_in", [])))
    return h


def render(view: dict, names: list[str] | None = None) -> bytes:
    n = len(view["players"])
    phase = PHASES.get(view["phase"], view["phase"])
    who = ", ".join(_name(names, s) for s in view["to_move"])
    heights = [_player_height(seat_view(view, s)) for s in range(n)]
    cols = 2
    rows = (n + cols - 1) // cols
    row_h = [max(heights[r * cols: r * cols + cols]) for r in range(rows)]
    top = 60 + 56
    board_h = RING_H + (40 + 34 * len(view["roles_open"]) if view.get("roles_open") else 0)
    res_h = 60 + 34 * n if view.get("result") else 0
    height = top + board_h + 16 + sum(row_h) + 16 * rows + res_h + 20
    img, draw = canvas.new_canvas(WIDTH, height)
    status = f"Up: {who}" if who else "Game over"
    when = f"round {view['round']}" if view["round"] else "set-up"
    canvas.turn_banner(draw, WIDTH, f"Altiplano  {when}  {phase}", status)
    last = _sub(" / ".join(view.get("last") or []), names) or "Game start."
    draw.rectangle((0, 60, WIDTH, 60 + 50), fill=(255, 230, 242))
    lines = _wrap(last, WIDTH - 40, 21, bold=True)  # measured bold: the widest style used
    if len(lines) > 2:
        lines = [lines[0], _wrap(" ".join(lines[1:]), WIDTH - 80, 21, bold=True)[0] + " ..."]
    for k, ln in enumerate(lines):
        text(draw, (20, 62 + k * 24), ln, size=21, fill=canvas.HIGHLIGHT if k == 0 else INK, bold=k == 0)
    draw_ring(draw, view, names, 16, top, 860, board_h)
    draw_offer(draw, view, 892, top, WIDTH - 908, board_h)
    y = top + board_h + 16
    w = (WIDTH - 16 * 3) // 2
    for r in range(rows):
        for c in range(cols):
            s = r * cols + c
            if s < n:
                draw_player(draw, view, s, names, 16 + c * (w + 16), y, w, row_h[r])
        y += row_h[r] + 16
    if view.get("result"):
        res = view["result"]
        canvas.panel(draw, (16, y, WIDTH - 16, y + res_h - 10), "Final scores", (60, 60, 60), fill=PANEL)
        yy = y + 44
        for s in res["ranking"]:
            parts = ", ".join(f"{k} {v}" for k, v in res["breakdown"][s].items())
            mark = "WINNER " if s in res["winners"] else ""
            text(draw, (30, yy), f"{mark}{_name(names, s)}: {res['scores'][s]}  ({parts})", size=21,
                 bold=bool(mark), fill=SEAT_COLOURS[s] if not mark else INK)
            yy += 34
    return canvas.to_png(img)
