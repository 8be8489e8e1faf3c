"""Bruges board and hand images, drawn only from a view.

Public view -> the table: dice and the reputation price, draw piles, statues,
the reputation track, then one panel per player (money, VP, workers, threats,
majority markers, both canals, houses with their persons). A seat's view
(it carries ``hand``) -> that player's hand as cards with their effect text.
"""

from __future__ import annotations

import textwrap

from renderers import canvas as cv
from renderers.labels import label

W = 1600
HEADER_SCALE, HEADER_ROWS = 1.2, 3
GAME_COLOURS = {
    "blue": (46, 104, 178),
    "brown": (133, 90, 55),
    "yellow": (232, 186, 30),
    "red": (204, 52, 45),
    "purple": (128, 72, 165),
}
ORDER = ("blue", "brown", "yellow", "red", "purple")
TIMING_MARK = {"end": "LAUREL", "now": "ARROW", "always": "INFINITY", "worker": "WORKER"}
GREY = (200, 196, 188)
#: what seat pieces stand on here (checked by the colour-blind palette test)
GROUNDS = (cv.WHITE, cv.PANEL)


def _names(view, names):
    n = len(view["players"])
    names = list(names or [])
    return [names[i] if i < len(names) and names[i] else f"Seat {i + 1}" for i in range(n)]


def _fmt(text: str, names: list[str]) -> str:
    mapping = {f"p{i}": name for i, name in enumerate(names)}
    try:
        return text.format_map(mapping)
    except (KeyError, IndexError, ValueError):
        return text


def _status(view, names) -> str:
    if view.get("result"):
        winners = view["result"]["winners"]
        return "Winner: " + " & ".join(names[w] for w in winners)
    waiting = view["to_move"]
    if not waiting:
        return ""
    what = {"draw": "draws", "roll": "rolls", "reputation": "decides on reputation", "actions": "plays"}
    if view["pending"]:
        first = view["pending"][0]
        more = f" (+{len(view['pending']) - 1} more)" if len(view["pending"]) > 1 else ""
        return f"{names[first['seat']]} {first['text']}{more}"
    who = ", ".join(names[s] for s in waiting)
    return f"{who} {what.get(view['phase'], 'to move')}"


def _title(view) -> str:
    if view.get("result"):
        return f"Bruges - final scores after round {view['round']}"
    phase = {"draw": "Draw cards", "roll": "Dice", "reputation": "Reputation step", "actions": "Actions",
             "over": "Game over"}[view["phase"]]
    last = " (LAST ROUND)" if view["last_round"] else (" (next round is the last)" if view["last_round_next"] else "")
    return f"Bruges - round {view['round']}: {phase}{last}"


# --- pieces --------------------------------------------------------------------------------


def _die(draw, x, y, size, colour, value):
    fill = GAME_COLOURS[colour]
    draw.rounded_rectangle((x, y, x + size, y + size), radius=10, fill=fill, outline=cv.INK, width=2)
    if value is None:
        cv.text(draw, (x + size / 2, y + size / 2), "?", size=34, fill=cv.contrast(fill), bold=True, anchor="mm")
        return
    cv.text(draw, (x + size / 2, y + size / 2), str(value), size=38, fill=cv.contrast(fill), bold=True,
            anchor="mm")
    if value >= 5:  # a threat for everyone
        draw.polygon([(x + size - 22, y - 6), (x + size + 6, y - 6), (x + size + 6, y + 22)], fill=cv.HIGHLIGHT)


def _worker(draw, x, y, colour, count, r=16):
    fill = GAME_COLOURS[colour]
    draw.ellipse((x - r, y - r, x + r, y + r), fill=fill, outline=cv.INK, width=2)
    cv.text(draw, (x, y), str(count), size=20, fill=cv.contrast(fill), bold=True, anchor="mm")


def _threat(draw, x, y, colour, count, limit):
    """A pie showing markers held out of the disaster limit."""
    r = 18
    fill = GAME_COLOURS[colour]
    draw.ellipse((x - r, y - r, x + r, y + r), fill=cv.WHITE, outline=fill, width=3)
    if count:
        draw.pieslice((x - r, y - r, x + r, y + r), -90, -90 + 360 * count / limit, fill=fill)
    danger = count >= limit - 1 and count > 0
    cv.text(draw, (x, y + r + 14), f"{count}/{limit}", size=20, fill=cv.HIGHLIGHT if danger else cv.INK,
            bold=danger, anchor="mm")


def _card_back(draw, box, colour):
    fill = GAME_COLOURS.get(colour, GREY) if colour else GREY
    draw.rounded_rectangle(box, radius=8, fill=fill, outline=cv.INK, width=2)
    x0, y0, x1, y1 = box
    draw.polygon([(x0 + 8, y0 + (y1 - y0) * 0.45), ((x0 + x1) / 2, y0 + 8), (x1 - 8, y0 + (y1 - y0) * 0.45)],
                 outline=cv.contrast(fill), width=3)


# --- the public board ------------------------------------------------------------------------


def render(view: dict, names: list[str] | None = None, locale: str = "en") -> bytes:
    names = _names(view, names)
    if view.get("hand") is not None and view.get("seat") is not None:
        return render_hand(view, names)
    return render_board(view, names, locale)


def render_board(view: dict, names: list[str], locale: str = "en") -> bytes:
    return cv.to_png(board_image(view, names, locale)[0])


def board_image(view: dict, names: list[str] | None = None, locale: str = "en"):
    """The full board as an image, and each player panel's box (by seat)."""
    names = _names(view, names)
    players = view["players"]
    panel_h = [_player_height(p) for p in players]
    last_lines = [_fmt(t, names) for t in view["last"]]
    score_h = 112 + 40 * len(players) if view.get("result") else 0
    top = cv.header_height(HEADER_SCALE, HEADER_ROWS)
    h = top + 16 + 250 + 150 + score_h + sum(panel_h) + 16 * len(players)
    img, draw = cv.new_canvas(W, h)
    up = view["to_move"][0] if len(view["to_move"]) == 1 else None
    cv.header(draw, W, _title(view), _status(view, names), last_lines or [label("board.game_start", locale)],
              seat=up, scale=HEADER_SCALE, last_rows=HEADER_ROWS, fixed=True, last_label=label("board.last", locale))
    y = top + 16
    _top_row(draw, view, y)
    y += 250
    _reputation_track(draw, view, names, y, locale)
    y += 150
    if score_h:
        _score_table(draw, view, names, y, score_h)
        y += score_h
    boxes = {}
    for seat, p in enumerate(players):
        boxes[seat] = (20, y, W - 20, y + panel_h[seat])
        _player_panel(draw, view, p, names[seat], seat, boxes[seat])
        y += panel_h[seat] + 16
    return img, boxes


def _top_row(draw, view, y):
    # dice
    cv.panel(draw, (20, y, 700, y + 234), title="Dice", colour=cv.MUTED)
    dice = view["dice"] or {}
    for i, colour in enumerate(ORDER):
        _die(draw, 44 + i * 128, y + 56, 84, colour, dice.get(colour))
        cv.text(draw, (86 + i * 128, y + 160), colour, size=20, anchor="mm")
    if view["dice"] is None:
        note = "not rolled yet"
    elif view["rep_cost"] is None:
        note = "no 1 or 2: no reputation step"
    else:
        note = f"reputation step costs {view['rep_cost']}"
    cv.text(draw, (40, y + 205), note + "   (corner = threat for all)", size=22, anchor="lm")
    # piles
    cv.panel(draw, (716, y, 1150, y + 234), title="Cards", colour=cv.MUTED)
    for i, pile in enumerate(view["piles"]):
        x = 740 + i * 140
        _card_back(draw, (x, y + 50, x + 90, y + 170), pile["top"])
        cv.text(draw, (x + 45, y + 195), f"{'AB'[i]}: {pile['size']}", size=24, bold=True, anchor="mm")
    cv.text(draw, (1030, y + 80), "reserve", size=22, anchor="mm")
    cv.text(draw, (1030, y + 112), str(view["reserve"]), size=30, bold=True, anchor="mm")
    cv.text(draw, (1030, y + 160), "discard", size=22, anchor="mm")
    cv.text(draw, (1030, y + 192), str(view["discard"]), size=30, bold=True, anchor="mm")
    # statues and threat supply
    cv.panel(draw, (1166, y, W - 20, y + 234), title="Statues / threat supply", colour=cv.MUTED)
    statues = view["statues"]
    for i, value in enumerate(reversed(statues)):
        cx, cy = 1200 + i * 62, y + 80
        pts = cv.hex_corners(cx, cy, 26)
        draw.polygon(pts, fill=(226, 220, 204), outline=cv.INK)
        cv.text(draw, (cx, cy), str(value), size=24, bold=True, anchor="mm")
    if not statues:
        cv.text(draw, (1190, y + 80), "no statues left", size=22, anchor="lm")
    for i, colour in enumerate(ORDER):
        cx = 1200 + i * 76
        draw.rectangle((cx - 24, y + 140, cx + 24, y + 188), fill=GAME_COLOURS[colour], outline=cv.INK)
        cv.text(draw, (cx, y + 164), str(view["threat_supply"][colour]), size=24,
                fill=cv.contrast(GAME_COLOURS[colour]), bold=True, anchor="mm")
    cv.text(draw, (1180, y + 212), "markers left in the supply", size=20, anchor="lm", fill=cv.MUTED)


def _reputation_track(draw, view, names, y, locale="en"):
    cv.panel(draw, (20, y, W - 20, y + 134), title="Reputation track (VP at game end)", colour=cv.MUTED)
    if any(cv.is_designed(h["person"]) for p in view["players"] for h in p["houses"] if h["person"]):
        cv.designed_legend(draw, (W - 36, y + 17), label("board.designed", locale), size=20, anchor="rm",
                           fill=cv.WHITE)
    steps = view["reputation_vp"]
    cell = (W - 80) / len(steps)
    for i, vp in enumerate(steps):
        x0 = 40 + i * cell
        draw.rectangle((x0, y + 44, x0 + cell - 8, y + 122), fill=cv.WHITE, outline=cv.MUTED, width=2)
        cv.text(draw, (x0 + 8, y + 58), f"{i}", size=22, bold=True, anchor="lm")
        cv.text(draw, (x0 + cell - 16, y + 58), f"{vp} VP", size=20, fill=cv.MUTED, anchor="rm")
        here = [s for s, p in enumerate(view["players"]) if p["rep"] == i]
        for k, s in enumerate(here):
            cx = x0 + 22 + k * 34
            cv.seat_mark(draw, cx + 2, y + 97, 14, s, width=2)


HOUSE_W, HOUSE_H, EMPTY_W, EMPTY_H, GAP = 296, 200, 124, 96, 12
HOUSES_W = W - 40 - 32  # inside a player panel


def _house_boxes(houses, x, y):
    """Houses in number order, flowing in rows: a lived-in house takes a
    wide cell with the person's text, an empty one a small cell (so a town of
    empty houses stays short). Returns the boxes and the height used."""
    boxes, rows, row, cx = [], [], [], 0
    for house in houses:
        w = HOUSE_W if house["person"] else EMPTY_W
        if row and cx + w > HOUSES_W:
            rows.append(row)
            row, cx = [], 0
        row.append((house, cx, w))
        cx += w + GAP
    if row:
        rows.append(row)
    yy = y
    for row in rows:
        full = any(h["person"] for h, _, _ in row)
        for house, cx, w in row:
            boxes.append((house, (x + cx, yy, x + cx + w, yy + (HOUSE_H if house["person"] else EMPTY_H))))
        yy += (HOUSE_H if full else EMPTY_H) + 10
    return boxes, yy - y


def _score_table(draw, view, names, y, height):
    result = view["result"]
    cats = list(result["breakdown"][0])
    cv.panel(draw, (20, y, W - 20, y + height - 14), title="Final scores (tie-break: guilders)",
             colour=cv.HIGHLIGHT)
    col_w = (W - 420) / (len(cats) + 1)
    for k, cat in enumerate(cats + ["total"]):
        cv.text(draw, (330 + k * col_w + col_w / 2, y + 52), cat, size=20, bold=True, anchor="mm")
    for row, seat in enumerate(result["ranking"]):
        yy = y + 88 + row * 40
        win = seat in result["winners"]
        cv.seat_mark(draw, 52, yy, 13, seat, width=2)
        cv.text(draw, (74, yy), ("WINNER " if win else f"{row + 1}. ") + names[seat], size=22, bold=win,
                anchor="lm")
        values = [result["breakdown"][seat][c] for c in cats] + [result["scores"][seat]]
        for k, v in enumerate(values):
            cv.text(draw, (330 + k * col_w + col_w / 2, yy), str(v), size=22, bold=k == len(cats), anchor="mm")


def _player_height(p) -> int:
    _, used = _house_boxes(p["houses"], 0, 0)
    return 294 + (used if p["houses"] else 40)


def _player_panel(draw, view, p, name, seat, box):
    x0, y0, x1, y1 = box
    colour = cv.seat_colour(seat)
    up = seat in view["to_move"]
    cv.panel(draw, box, colour=cv.HIGHLIGHT if up else colour, width=6 if up else 3)
    draw.rounded_rectangle((x0, y0, x1, y0 + 40), radius=12, fill=colour)
    flag = "  [start player]" if view["start"] == seat else ""
    cv.seat_mark(draw, x0 + 28, y0 + 20, 14, seat, outline=cv.contrast(colour), width=2)
    cv.text(draw, (x0 + 50, y0 + 20), f"{name}{flag}", size=24, fill=cv.contrast(colour), bold=True, anchor="lm")
    right = f"{p['vp']} VP on the track   {p['money']} guilders   hand {p['hand_size']}"
    if view["phase"] == "actions":
        right += f"   plays left {p['plays_left']}"
    cv.text(draw, (x1 - 14, y0 + 20), right, size=22, fill=cv.contrast(colour), bold=True, anchor="rm")
    y = y0 + 56
    # workers
    cv.text(draw, (x0 + 16, y + 18), "Workers", size=22, bold=True, anchor="lm")
    for i, c in enumerate(ORDER):
        _worker(draw, x0 + 150 + i * 44, y + 18, c, p["workers"][c])
    # threats
    cv.text(draw, (x0 + 400, y + 18), "Threats", size=22, bold=True, anchor="lm")
    for i, c in enumerate(ORDER):
        _threat(draw, x0 + 520 + i * 56, y + 14, c, p["threats"][c], p["threat_limits"][c])
    # majorities
    cv.text(draw, (x0 + 830, y + 18), "Majorities", size=22, bold=True, anchor="lm")
    for i, (m, won) in enumerate(p["majority"].items()):
        bx = x0 + 965 + i * 180
        draw.rounded_rectangle((bx, y, bx + 170, y + 38), radius=8, fill=colour if won else GREY,
                               outline=cv.INK, width=2)
        cv.text(draw, (bx + 85, y + 19), m + (" +4" if won else ""), size=20,
                fill=cv.contrast(colour) if won else cv.INK, bold=won, anchor="mm")
    # canals
    y += 70
    for row, (side, canal) in enumerate(p["canals"].items()):
        cy = y + row * 52
        cv.text(draw, (x0 + 16, cy + 20), f"{side} canal", size=22, bold=True, anchor="lm")
        for k, c in enumerate(canal["colours"]):
            bx = x0 + 166 + k * 64
            built = k < canal["built"]
            fill = GAME_COLOURS[c] if built else cv.WHITE
            draw.rectangle((bx, cy, bx + 56, cy + 40), fill=fill, outline=GAME_COLOURS[c], width=4)
            label = "#" if built else str(k + 1)
            cv.text(draw, (bx + 28, cy + 20), label if not built else "", size=22,
                    fill=GAME_COLOURS[c], bold=True, anchor="mm")
            if built:
                draw.line((bx + 10, cy + 20, bx + 46, cy + 20), fill=cv.contrast(fill), width=4)
            if k == 2:
                cv.text(draw, (bx + 28, cy - 2), "3VP", size=16, fill=cv.MUTED, anchor="mb")
    statues = ", ".join(str(s) for s in p["statues"]) or "none"
    cv.text(draw, (x0 + 500, y + 20), f"Statues: {statues}", size=22, anchor="lm")
    cv.text(draw, (x0 + 500, y + 72), f"Reputation: {p['rep']}", size=22, anchor="lm")
    # houses
    y += 120
    cv.text(draw, (x0 + 16, y + 10), f"Houses ({len(p['houses'])}) and persons", size=22, bold=True, anchor="lm")
    y += 28
    if not p["houses"]:
        cv.text(draw, (x0 + 16, y + 20), "no house yet", size=22, fill=cv.MUTED, anchor="lm")
    for house, box in _house_boxes(p["houses"], x0 + 16, y)[0]:
        _house(draw, house, box)


def _house(draw, house, box):
    x0, y0, x1, y1 = box
    roof = GAME_COLOURS[house["roof"]]
    draw.polygon([(x0, y0 + 28), ((x0 + x1) / 2, y0), (x1, y0 + 28)], fill=roof, outline=cv.INK)
    body = (x0, y0 + 28, x1, y1)
    person = house["person"]
    if person is None:  # a small cell: number and "empty" inside the walls
        draw.rectangle(body, fill=cv.WHITE, outline=cv.INK, width=2)
        cv.text(draw, ((x0 + x1) / 2, y0 + 48), f"house {house['n']}", size=20, bold=True, anchor="mm")
        cv.text(draw, ((x0 + x1) / 2, y0 + 74), "empty", size=20, fill=cv.MUTED, anchor="mm")
        return
    cv.text(draw, ((x0 + x1) / 2, y0 + 17), f"house {house['n']}", size=16, fill=cv.contrast(roof), bold=True,
            anchor="mm")
    fill = GAME_COLOURS[person["colour"]]
    draw.rectangle(body, fill=(252, 250, 245), outline=fill, width=5)
    draw.rectangle((x0, y0 + 28, x1, y0 + 62), fill=fill)
    cv.text(draw, (x0 + 8, y0 + 45), _fit(person["name"], 17), size=22, fill=cv.contrast(fill), bold=True,
            anchor="lm")
    cv.text(draw, (x1 - 8, y0 + 45), f"#{person['id']}", size=20, fill=cv.contrast(fill), anchor="rm")
    if cv.is_designed(person):
        cv.designed_mark(draw, x1 - 16, y0 + 78, 9)
    used = "  (used)" if house["used"] else ""
    cv.text(draw, (x0 + 8, y0 + 78), f"{person['vp']} VP  {TIMING_MARK[person['timing']]}{used}", size=20,
            bold=True, anchor="lm")
    for k, line in enumerate(textwrap.wrap(person["text"], 24)[:4]):
        cv.text(draw, (x0 + 8, y0 + 103 + k * 24), line, size=20, fill=cv.INK, anchor="lm")


def _fit(s: str, n: int) -> str:
    return s if len(s) <= n else s[: n - 1] + "."


# --- a player's hand -------------------------------------------------------------------------

CARD_W, CARD_H = 296, 390


def render_hand(view: dict, names: list[str]) -> bytes:
    seat = view["seat"]
    me = view["players"][seat]
    hand = view["hand"]
    backs = view.get("drawn_backs") or []
    n = max(1, len(hand) + len(backs))
    rows = (n + 4) // 5
    decide = view.get("decide") or []
    extra = 50 if decide else 0
    h = 60 + 140 + extra + rows * (CARD_H + 20) + 40
    img, draw = cv.new_canvas(W, h)
    cv.turn_banner(draw, W, f"Bruges - hand of {names[seat]}", f"round {view['round']}",
                   colour=cv.seat_colour(seat))
    dice = view["dice"] or {}
    y = 80
    cv.text(draw, (30, y + 18), f"{me['money']} guilders   {me['vp']} VP   reputation {me['rep']}", size=24,
            bold=True, anchor="lm")
    for i, c in enumerate(ORDER):
        _worker(draw, 560 + i * 44, y + 18, c, me["workers"][c])
    cv.text(draw, (800, y + 18), "money use this round:", size=22, anchor="lm")
    for i, c in enumerate(ORDER):
        _die(draw, 1050 + i * 62, y - 2, 44, c, dice.get(c))
    cv.text(draw, (30, y + 70), "Play: 'play <card> workers|money|threat|canal|house|hire'", size=22,
            fill=cv.MUTED, anchor="lm")
    cv.text(draw, (900, y + 66), "your threats:", size=22, anchor="lm")
    for i, c in enumerate(ORDER):
        _threat(draw, 1070 + i * 62, y + 60, c, me["threats"][c], me["threat_limits"][c])
    y += 130
    if decide:  # a disaster's loss or a person's question waits for this player
        draw.rounded_rectangle((20, y - 6, W - 20, y + 38), radius=10, fill=(255, 240, 248), outline=cv.HIGHLIGHT,
                               width=3)
        cv.text(draw, (36, y + 16), _fit("Decide now: " + "  |  ".join(decide), 118), size=22, bold=True,
                anchor="lm")
        y += extra
    for i, card in enumerate(hand):
        col, row = i % 5, i // 5
        _card(draw, card, (24 + col * (CARD_W + 16), y + row * (CARD_H + 20)))
    for j, colour in enumerate(backs):
        i = len(hand) + j
        col, row = i % 5, i // 5
        x, yy = 24 + col * (CARD_W + 16), y + row * (CARD_H + 20)
        _card_back(draw, (x, yy, x + CARD_W, yy + CARD_H), colour)
        cv.text(draw, (x + CARD_W / 2, yy + CARD_H - 40), "just drawn", size=24, fill=cv.WHITE, bold=True,
                anchor="mm", outline=cv.INK)
    if not hand and not backs:
        cv.text(draw, (30, y + 40), "Your hand is empty.", size=26, anchor="lm")
    return cv.to_png(img)


def _card(draw, card, xy):
    x, y = xy
    fill = GAME_COLOURS[card["colour"]]
    ink = cv.contrast(fill)
    draw.rounded_rectangle((x, y, x + CARD_W, y + CARD_H), radius=14, fill=(252, 250, 245), outline=fill, width=6)
    draw.rounded_rectangle((x, y, x + CARD_W, y + 96), radius=14, fill=fill)
    draw.ellipse((x + 10, y + 10, x + 62, y + 62), fill=(250, 214, 90), outline=cv.INK, width=2)
    cv.text(draw, (x + 36, y + 36), str(card["cost"]), size=28, bold=True, anchor="mm")
    cv.text(draw, (x + CARD_W - 12, y + 30), f"#{card['id']}", size=32, fill=ink, bold=True, anchor="rm")
    mark = " ◇" if card.get("designed") else ""  # price/VP or effect not verified (games.bruges.data.UNVERIFIED)
    cv.text(draw, (x + 74, y + 36), f"{card['vp']} VP{mark}", size=22, fill=ink, bold=True, anchor="lm")
    cv.text(draw, (x + 14, y + 78), _fit(card["name"], 20), size=24, fill=ink, bold=True, anchor="lm")
    cv.text(draw, (x + 14, y + 118), f"{card['colour']} - {card['group']}", size=20, fill=cv.MUTED, anchor="lm")
    cv.text(draw, (x + 14, y + 150), card["timing_name"], size=20, bold=True, anchor="lm")
    for k, line in enumerate(textwrap.wrap(card["text"], 21)[:6]):
        cv.text(draw, (x + 14, y + 188 + k * 30), line, size=23, anchor="lm")
    foot = label("board.designed") if card.get("designed") else card["source"]
    cv.text(draw, (x + CARD_W / 2, y + CARD_H - 22), foot, size=16, fill=cv.MUTED, anchor="mm")
    if cv.is_designed(card):
        cv.designed_mark(draw, x + CARD_W - 22, y + 118, 11)
