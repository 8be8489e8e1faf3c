"""Amerigo board: island map, action circle with the last pour, displays,
special track and one panel per player. Drawn from ``view`` only."""

from __future__ import annotations

import re

from games.amerigo.board import COLS
from renderers import canvas as C
from renderers.labels import label as board_label

WIDTH = 1600
CUBE = {
    "blue": (40, 95, 205), "black": (35, 35, 35), "red": (205, 45, 45), "brown": (135, 85, 45),
    "green": (45, 150, 60), "yellow": (240, 200, 40), "white": (250, 250, 250),
}
ACTION = {"blue": "sail", "black": "cannon", "red": "plan", "brown": "develop", "green": "build",
          "yellow": "produce", "white": "order"}
GOOD = {"cotton": ((245, 245, 240), "Ct"), "tea": ((70, 120, 40), "Te"), "sugar": ((250, 230, 150), "Su"),
        "coconut": ((160, 110, 60), "Cn"), "coffee": ((90, 55, 30), "Cf")}
SEA, SEA_DARK, LAND, LAND_DONE = (120, 180, 225), (85, 145, 200), (150, 200, 110), (120, 165, 90)
NEUTRAL = (222, 196, 140)
FRAME = (70, 120, 170)
SPECIAL_COLOURS = (None,) + tuple(("blue", "black", "red", "brown", "green", "yellow")[(i - 1) % 6]
                                  for i in range(1, 16))
SPECIAL_NUMBERS = {3: 1, 6: 3, 9: 6, 12: 10, 15: 15}
DEVELOP_NUMBERS = {2: 1, 4: 3, 7: 6, 9: 10, 12: 15}


def _names(view, names):
    n = len(view["players"])
    return [names[i] if names and i < len(names) else f"Player {i + 1}" for i in range(n)]


def _fmt(textline, names):
    try:
        return textline.format_map({f"p{i}": n for i, n in enumerate(names)})
    except (KeyError, IndexError, ValueError):
        return textline


def _seat_colour(seat):
    return C.SEAT_COLOURS[seat % len(C.SEAT_COLOURS)]


def _lighter(rgb, k=0.55):
    return tuple(int(c + (255 - c) * k) for c in rgb)


def _cube(draw, x, y, colour, size=22):
    draw.rounded_rectangle((x, y, x + size, y + size), radius=4, fill=CUBE[colour], outline=C.INK, width=2)


def render(view: dict, names: list[str] | None = None) -> bytes:
    names = _names(view, names)
    n = len(view["players"])
    rows_p = (n + 1) // 2
    top = 136                                 # banner and two lines of "last"
    height = top + 918 + rows_p * 300 + 20
    img, draw = C.new_canvas(WIDTH, height)
    _banner(draw, view, names)
    highlight = _mentioned(view.get("last", []))
    _map(draw, view, highlight, (16, top, 900, top + 908))
    _action_circle(draw, view, (916, top, WIDTH - 16, top + 328))
    _special_track(draw, view, names, (916, top + 340, WIDTH - 16, top + 468))
    _developments(draw, view, (916, top + 480, WIDTH - 16, top + 718))
    _production(draw, view, (916, top + 730, WIDTH - 16, top + 908))
    for i in range(n):
        col, row = i % 2, i // 2
        x0 = 16 + col * (WIDTH - 32 + 16) // 2
        y0 = top + 924 + row * 300
        _player(draw, view, names, i, (x0, y0, x0 + (WIDTH - 48) // 2, y0 + 288))
    return C.to_png(img)


# --- banner -------------------------------------------------------------------------
def _banner(draw, view, names):
    phase = view.get("phase")
    title = f"Amerigo  ·  round {view['round']}/5"
    if phase:
        title += f"  ·  {phase} phase ({view['phase_index'] + 1}/7)"
    title += f"  ·  time {view['time']}"
    res = view.get("result")
    if res:
        best = ", ".join(names[w] for w in res["winners"])
        status, colour = f"Game over: {best} wins", C.INK
    elif view["to_move"]:
        seat = view["to_move"][0]
        turn = view.get("turn")
        doing = ""
        if turn and "picks" in turn:
            doing = f" · take {turn['picks']} development tile(s)"
        elif turn and "moved" in turn:
            steps = [turn["budget"] - m for m in turn["moved"]]
            doing = f" · sail, ship 1: {steps[0]} / ship 2: {steps[1]} steps left"
        elif turn:
            left = turn["points_left"]
            doing = f" · {turn['action']}, {left} point{'s' if left != 1 else ''} left"
        status, colour = f"Up: {names[seat]}{doing}", _seat_colour(seat)
    else:
        status, colour = "", C.INK
    C.turn_banner(draw, WIDTH, title, status, colour=colour)
    last = [_fmt(t, names) for t in view.get("last", [])]
    draw.rectangle((0, 62, WIDTH, 128), fill=(255, 236, 246))
    lines = _wrap("Last: " + ("  ".join(last) if last else "-"), WIDTH - 32, 20, 2)
    for i, line in enumerate(lines):
        C.text(draw, (16, 80 + i * 28), line, size=20, fill=C.INK, anchor="lm")


def _wrap(s, width, size, max_lines):
    """Greedy word wrap; the last line ends in '...' when text is left over."""
    words, lines, cur = s.split(), [], ""
    for w in words:
        trial = f"{cur} {w}".strip()
        if C.text_width(trial, size) <= width:
            cur = trial
            continue
        lines.append(cur)
        cur = w
        if len(lines) == max_lines:
            break
    else:
        lines.append(cur)
        return lines[:max_lines]
    lines[-1] = _fit(lines[-1] + " " + cur, width, size)
    if not lines[-1].endswith("..."):
        lines[-1] = _fit(lines[-1] + " ...", width, size)
    return lines


def _mentioned(lines):
    found = set()
    for line in lines:
        found.update(re.findall(r"\b(?:[A-X]\d{1,2}|F\d{1,2})\b", line))
    return found


# --- map ------------------------------------------------------------------------------
def _map(draw, view, highlight, box):
    x0, y0, x1, y1 = box
    C.panel(draw, box, "Islands", colour=FRAME)
    C.text(draw, (x1 - 14, y0 + 17), "⚓ anchor   □ post square   V village   3$ chest   ✓ complete",
           size=18, fill=C.WHITE, anchor="rm")
    note = 0
    if view["map"].get("designed"):  # the tile layouts are ours (games.amerigo.data.UNVERIFIED)
        note = 26
        C.text(draw, (x0 + 14, y1 - 16), board_label("board.designed") + ": island layouts, tile counts, track numbers",
               size=18, fill=C.MUTED, anchor="lm")
    grid = view["map"]["grid"]
    rows, cols = len(grid), len(grid[0])
    w, h = view["map"]["w"], view["map"]["h"]
    strip = 30
    label = 24
    avail_w = (x1 - x0) - 2 * strip - label - 20
    avail_h = (y1 - y0 - 40) - 2 * strip - label - 16 - note
    cell = max(14, min(44, avail_w // cols, avail_h // rows))
    mw, mh = cell * cols, cell * rows
    gx = x0 + label + strip + ((x1 - x0) - label - 2 * strip - mw) // 2
    gy = y0 + 40 + label + strip + ((y1 - y0 - 40 - note) - label - 2 * strip - mh) // 2 - 6

    def rect(r, c):
        return (gx + c * cell, gy + r * cell, gx + (c + 1) * cell, gy + (r + 1) * cell)

    # frame spaces
    frames = _frame_rects(gx, gy, cell, w, h, strip)
    ships_at = {}
    for seat, ships in enumerate(view["ships"]):
        for k, loc in enumerate(ships):
            ships_at.setdefault(loc, []).append((seat, k + 1))
    for i, fr in enumerate(frames):
        name = f"F{i + 1}"
        draw.rectangle(fr, fill=FRAME, outline=C.WHITE, width=2)
        if name in highlight:
            draw.rectangle(fr, outline=C.HIGHLIGHT, width=4)
        cx, cy = (fr[0] + fr[2]) / 2, (fr[1] + fr[3]) / 2
        C.text(draw, (cx, cy), name, size=16, fill=C.WHITE, bold=True, anchor="mm")
        for j, (seat, k) in enumerate(ships_at.get(name, [])):
            horizontal = fr[2] - fr[0] > fr[3] - fr[1]
            sx = fr[0] + 18 + j * 30 if horizontal else cx
            sy = cy if horizontal else fr[1] + 18 + j * 30
            _ship(draw, sx, sy, seat, k, 13)
    # coordinates
    for c in range(cols):
        C.text(draw, (gx + c * cell + cell / 2, gy - strip - 12), COLS[c], size=15, fill=C.MUTED, anchor="mm")
    for r in range(rows):
        C.text(draw, (gx - strip - 12, gy + r * cell + cell / 2), str(r + 1), size=15, fill=C.MUTED, anchor="mm")
    # island completion
    placed_of = {}
    for idx, t in enumerate(view["placed"]):
        for cell_name in t["cells"]:
            placed_of[cell_name] = idx
    for r in range(rows):
        for c in range(cols):
            ch = grid[r][c]
            name = f"{COLS[c]}{r + 1}"
            box_ = rect(r, c)
            if ch in ".A":
                draw.rectangle(box_, fill=SEA)
                if ch == "A":
                    draw.rectangle(box_, fill=SEA_DARK)
                    C.text(draw, ((box_[0] + box_[2]) / 2, (box_[1] + box_[3]) / 2), "⚓", size=int(cell * 0.6),
                           fill=C.WHITE, anchor="mm")
            else:
                fill = LAND
                if name in placed_of:
                    t = view["placed"][placed_of[name]]
                    fill = NEUTRAL if t["kind"] == "n" else _lighter(_seat_colour(t["seat"]), 0.35)
                draw.rectangle(box_, fill=fill)
                if ch == "P" and name not in view["posts"] and name not in placed_of:
                    m = cell // 4
                    draw.rectangle((box_[0] + m, box_[1] + m, box_[2] - m, box_[3] - m), outline=C.WHITE, width=2)
    # light grid
    for r in range(rows + 1):
        draw.line((gx, gy + r * cell, gx + mw, gy + r * cell), fill=(255, 255, 255), width=1)
    for c in range(cols + 1):
        draw.line((gx + c * cell, gy, gx + c * cell, gy + mh), fill=(255, 255, 255), width=1)
    # tile outlines
    for t in view["placed"]:
        cells = set(t["cells"])
        for name in cells:
            r, c = int(name[1:]) - 1, COLS.index(name[0])
            bx = rect(r, c)
            for dr, dc, line in ((-1, 0, (bx[0], bx[1], bx[2], bx[1])), (1, 0, (bx[0], bx[3], bx[2], bx[3])),
                                 (0, -1, (bx[0], bx[1], bx[0], bx[3])), (0, 1, (bx[2], bx[1], bx[2], bx[3]))):
                rr, cc = r + dr, c + dc
                other = f"{COLS[cc]}{rr + 1}" if 0 <= rr < rows and 0 <= cc < cols else None
                if other not in cells:
                    draw.line(line, fill=(60, 45, 30), width=3)
        if t["kind"] == "v":
            r, c = int(t["cells"][0][1:]) - 1, COLS.index(t["cells"][0][0])
            bx = rect(r, c)
            C.text(draw, ((bx[0] + bx[2]) / 2, (bx[1] + bx[3]) / 2), "V", size=int(cell * 0.5),
                   fill=_seat_colour(t["seat"]), bold=True, anchor="mm", outline=C.WHITE)
    # goods
    for name, good in view["goods"].items():
        r, c = int(name[1:]) - 1, COLS.index(name[0])
        bx = rect(r, c)
        colour, short = GOOD[good]
        m = max(3, cell // 8)
        draw.ellipse((bx[0] + m, bx[1] + m, bx[2] - m, bx[3] - m), fill=colour, outline=C.INK, width=1)
        C.text(draw, ((bx[0] + bx[2]) / 2, (bx[1] + bx[3]) / 2), short, size=max(11, int(cell * 0.38)),
               fill=C.contrast(colour), bold=True, anchor="mm")
    # trading posts
    for name, seat in view["posts"].items():
        r, c = int(name[1:]) - 1, COLS.index(name[0])
        bx = rect(r, c)
        m = cell // 6
        house = [(bx[0] + m, bx[3] - m), (bx[0] + m, bx[1] + cell * 0.45), ((bx[0] + bx[2]) / 2, bx[1] + m),
                 (bx[2] - m, bx[1] + cell * 0.45), (bx[2] - m, bx[3] - m)]
        draw.polygon(house, fill=_seat_colour(seat), outline=C.INK, width=2)
    # chests and completed islands
    for isl in view["islands"]:
        cy, cx = isl["centre"]
        px, py = gx + (cx + 0.5) * cell, gy + (cy + 0.5) * cell
        if isl["chest"]:
            draw.rounded_rectangle((px - 16, py - 11, px + 16, py + 11), radius=3, fill=(230, 180, 30),
                                   outline=C.INK, width=2)
            C.text(draw, (px, py), "3$", size=14, fill=C.INK, bold=True, anchor="mm")
        elif isl["done"]:
            C.text(draw, (px, py), "✓", size=max(18, cell), fill=C.WHITE, bold=True, anchor="mm", outline=C.INK)
    # ships on the sea
    for loc, items in ships_at.items():
        if loc.startswith("F"):
            continue
        r, c = int(loc[1:]) - 1, COLS.index(loc[0])
        bx = rect(r, c)
        for j, (seat, k) in enumerate(items):
            _ship(draw, (bx[0] + bx[2]) / 2 + j * 6, (bx[1] + bx[3]) / 2 + j * 6, seat, k, max(9, cell * 0.42))
    # highlight squares named in the last move
    for name in highlight:
        if name.startswith("F") and name[1:].isdigit() and int(name[1:]) <= len(frames):
            continue
        if name[0] in COLS and name[1:].isdigit():
            r, c = int(name[1:]) - 1, COLS.index(name[0])
            if 0 <= r < rows and 0 <= c < cols:
                draw.rectangle(rect(r, c), outline=C.HIGHLIGHT, width=4)


def _ship(draw, x, y, seat, number, r):
    hull = [(x - r * 1.3, y - r * 0.2), (x + r * 1.3, y - r * 0.2), (x + r * 0.8, y + r * 0.8),
            (x - r * 0.8, y + r * 0.8)]
    draw.polygon(hull, fill=_seat_colour(seat), outline=C.INK, width=2)
    draw.polygon([(x, y - r * 1.2), (x, y - r * 0.3), (x + r * 0.9, y - r * 0.3)], fill=C.WHITE, outline=C.INK)
    C.text(draw, (x - r * 0.45, y - r * 0.65), str(number), size=max(11, int(r * 1.0)), fill=C.INK, bold=True,
           anchor="mm")


def _frame_rects(gx, gy, cell, w, h, strip):
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


# --- action circle ----------------------------------------------------------------------
def _action_circle(draw, view, box):
    x0, y0, x1, y1 = box
    C.panel(draw, box, "Action circle and tower", colour=(90, 90, 90))
    y = y0 + 50
    C.text(draw, (x0 + 14, y), "Stock:", size=20, bold=True, anchor="lm")
    x = x0 + 100
    for colour, count in view["stock"].items():
        _cube(draw, x, y - 11, colour)
        C.text(draw, (x + 28, y), f"{count}", size=20, anchor="lm")
        x += 74
    y += 36
    inside = sum(view["tower_inside"].values())
    C.text(draw, (x0 + 14, y), f"In the tower: {inside}", size=20, anchor="lm")
    x = x0 + 14 + C.text_width(f"In the tower: {inside}", 20) + 12
    for c, k in view["tower_inside"].items():
        for _ in range(k):
            _cube(draw, x, y - 9, c, 18)
            x += 20
    pour = view.get("pour")
    y += 36
    if pour:
        poured = sum(pour["in"].values())
        what = ", ".join(f"{n} {c}" for c, n in pour["in"].items()) or "nothing"
        fell = [(c, n) for c, n in pour["out"].items()]
        total = sum(k for _, k in fell)
        outcome = f"{total} out, {pour['ap']} point{'s' if pour['ap'] != 1 else ''}" if fell else (
            "nothing out, phase skipped" if poured else "nothing to pour, skipped")
        C.text(draw, (x0 + 14, y), _fit(f"Last pour, {pour['colour']} phase: {what} in -> {outcome}",
                                        x1 - x0 - 28, 20), size=20, bold=True, anchor="lm")
        if fell:
            y += 32
            size = max(14, min(26, (x1 - x0 - 40) // (total + len(fell)) - 4))
            x = x0 + 14
            for c, k in fell:
                for _ in range(k):
                    _cube(draw, x, y - size // 2, c, size)
                    x += size + 4
                x += size // 2
        y += 36
    tray = view["tray"]
    if tray and sum(tray.values()):
        C.text(draw, (x0 + 14, y), f"On offer: {view['ap']} action point{'s' if view['ap'] != 1 else ''}, {view['cubes']} cubes "
               f"(coins = {-(-view['cubes'] // 3)})", size=20, bold=True, fill=(150, 20, 90), anchor="lm")
        y += 34
        x = x0 + 14
        for c, k in tray.items():
            if not k:
                continue
            label = f"{ACTION[c]} x{k}"
            wbox = C.text_width(label, 19, True) + 40
            if x + wbox > x1 - 10:
                x, y = x0 + 14, y + 36
            draw.rounded_rectangle((x, y - 15, x + wbox, y + 15), radius=8, fill=_lighter(CUBE[c], 0.6),
                                   outline=C.INK)
            _cube(draw, x + 5, y - 10, c, 20)
            C.text(draw, (x + 30, y), label, size=19, bold=True, anchor="lm")
            x += wbox + 8
    else:
        C.text(draw, (x0 + 14, y), "No cubes on offer.", size=20, anchor="lm")
    # pirates and time
    y = y1 - 24
    pir = view["pirates"]
    shown = " ".join(str(v) for v in pir["revealed"])
    C.text(draw, (x0 + 14, y), f"☠ Pirates {shown} = {sum(pir['revealed'])}  ({pir['hidden']} face down)"
           f"   ·   time {view['time']}", size=20, bold=True, anchor="lm")


def _special_track(draw, view, names, box):
    x0, y0, x1, y1 = box
    C.panel(draw, box, "Special track", colour=(110, 110, 110))
    order = [names[s] for s in _order(view)]
    C.text(draw, (x1 - 14, y0 + 17), _fit("order: " + " > ".join(order), x1 - x0 - 200, 19), size=19,
           fill=C.WHITE, anchor="rm")
    n = len(SPECIAL_COLOURS)
    step = (x1 - x0 - 28) // n
    y = y0 + 42
    for i in range(n):
        x = x0 + 14 + i * step
        colour = SPECIAL_COLOURS[i]
        fill = _lighter(CUBE[colour], 0.35) if colour else C.WHITE
        draw.rectangle((x, y, x + step - 4, y + 30), fill=fill, outline=C.INK)
        label = str(SPECIAL_NUMBERS.get(i, "")) if i else "start"
        C.text(draw, (x + (step - 4) / 2, y + 15), label, size=16 if i == 0 else 19, bold=True,
               fill=C.contrast(fill), anchor="mm")
        stack = sorted((p for p in view["players"] if p["special"] == i), key=lambda p: p["height"])
        for k, p in enumerate(stack):           # bottom disc first, the top one drawn last, highest
            cx = x + (step - 4) / 2
            cy = y + 44 + (len(stack) - 1 - k) * 9
            draw.ellipse((cx - 14, cy - 9, cx + 14, cy + 9), fill=_seat_colour(p["seat"]), outline=C.INK, width=2)


def _order(view):
    ps = view["players"]
    return sorted(range(len(ps)), key=lambda s: (-ps[s]["special"], -ps[s]["height"]))


def _developments(draw, view, box):
    x0, y0, x1, y1 = box
    dev = view["dev"]
    C.panel(draw, box, f"Development display (deck {dev['deck']})", colour=(135, 85, 45))
    from games.amerigo.data import DEVELOPMENTS

    colw = (x1 - x0 - 28) // 2
    for col, key in enumerate(("left", "right")):
        x = x0 + 14 + col * (colw + 8)
        C.text(draw, (x, y0 + 48), "new (stays 2 rounds)" if key == "left" else "leaves after this round",
               size=16, fill=C.MUTED, anchor="lm")
        for i, d in enumerate(dev[key]):
            y = y0 + 64 + i * 41
            if not d:
                draw.rounded_rectangle((x, y, x + colw, y + 36), radius=6, outline=C.MUTED)
                continue
            kind = DEVELOPMENTS[d][0]
            fill = {"perm": (240, 230, 205), "once": (215, 235, 250), "end": (235, 220, 245)}[kind]
            draw.rounded_rectangle((x, y, x + colw, y + 36), radius=6, fill=fill, outline=C.INK)
            C.text(draw, (x + 8, y + 18), d, size=19, bold=True, anchor="lm")
            tag = {"perm": "∞", "once": "1x", "end": "E"}[kind]
            if d in dev.get("designed", ()):  # its kind or copies are ours (games.amerigo.data.UNVERIFIED)
                tag += " ◇"
            C.text(draw, (x + colw - 8, y + 18), tag, size=18, bold=True, fill=C.MUTED, anchor="rm")


def _production(draw, view, box):
    x0, y0, x1, y1 = box
    stacks = ", ".join(f"{k}: {v}" for k, v in view["prod"]["stacks"].items())
    C.panel(draw, box, f"Production (cost per tile; stacks {stacks})", colour=(200, 160, 20))
    x, y = x0 + 14, y0 + 48
    by_good = {}
    for t in view["prod"]["display"]:
        by_good.setdefault(t[:-1], []).append(t[-1])
    for good, costs in sorted(by_good.items()):
        colour, _ = GOOD[good]
        label = f"{good} {' '.join(sorted(costs))}"
        wbox = C.text_width(label, 19, True) + 46
        if x + wbox > x1 - 10:
            x, y = x0 + 14, y + 40
        draw.rounded_rectangle((x, y, x + wbox, y + 34), radius=6, fill=C.WHITE, outline=C.INK)
        draw.ellipse((x + 5, y + 5, x + 29, y + 29), fill=colour, outline=C.INK)
        C.text(draw, (x + 35, y + 17), label, size=19, bold=True, anchor="lm")
        x += wbox + 8
    if not by_good:
        C.text(draw, (x + 4, y + 17), "empty", size=19, fill=C.MUTED, anchor="lm")
    neutral = "  ".join(f"{s}:{k}" for s, k in view["neutral"].items())
    C.text(draw, (x0 + 14, y1 - 22), f"Neutral tiles left  {neutral}", size=18, fill=C.MUTED, anchor="lm")


# --- players ----------------------------------------------------------------------------
def _player(draw, view, names, seat, box):
    x0, y0, x1, y1 = box
    p = view["players"][seat]
    colour = _seat_colour(seat)
    up = seat in view["to_move"]
    C.panel(draw, box, f"{names[seat]}{'  ◀ to move' if up else ''}", colour=colour, width=5 if up else 3)
    res = view.get("result")
    vp = res["scores"][seat] if res else p["vp"]
    from games.amerigo.scoring import track_value

    goods = [(g, k, 1 + p["production"].get(g, 0)) for g, k in p["goods"].items() if k]
    lines = [
        f"VP {vp}   coins {p['coins']}   cannons {p['cannons']}/12   chests {p['chests']}",
        f"progress {p['develop']}/12 (worth {track_value(DEVELOP_NUMBERS, p['develop'])})   special "
        f"{p['special']}/15   posts left {p['posts_left']}   ships {p['ships_on_map']}/2",
        "planned: neutral " + (_counts(p["hand_n"]) or "-") + "   village " + (_counts(p["hand_v"]) or "-"),
        "village stock: " + (_counts(p["village"]) or "-"),
        "goods: " + (", ".join(f"{g} {k}x{m}" for g, k, m in goods) + f" = {sum(k * m for _, k, m in goods)} VP"
                     if goods else "-"),
        "production: " + (", ".join(f"{g} {k}" for g, k in p["production"].items() if k) or "-"),
        "tiles: " + (", ".join(d + (" (used)" if d in p["used"] else "") for d in p["devs"]) or "-"),
    ]
    if res:                               # the final breakdown replaces the tile stocks
        b = list(res["breakdown"][seat].items())
        lines[2:4] = [", ".join(f"{k} {v}" for k, v in part) for part in (b[:3], b[3:])]
    y = y0 + 54
    for i, line in enumerate(lines):
        bold = bool(res) and i in (2, 3)
        C.text(draw, (x0 + 14, y), _fit(line, x1 - x0 - 28, 20, bold), size=20, bold=bold, anchor="lm")
        y += 31


def _counts(d):
    return ", ".join(f"{s}" + (f" x{k}" if k > 1 else "") for s, k in d.items() if k)


def _fit(s, width, size, bold=False):
    if C.text_width(s, size, bold) <= width:
        return s
    while s and C.text_width(s + "...", size, bold) > width:
        s = s[:-1]
    return s + "..."
