"""Bruges board and hand images, drawn only from a view.

Public view -> the table: dice and the reputation price, draw piles, statues,
the reputation track, then one panel per player (money, VP, workers, threats,
majority markers, both canals, houses with their persons). A seat's view
(it carries ``hand``) -> that player's hand as cards with their effect text.
"""

from __future__ import annotations

import json
import re
from functools import lru_cache

from games.bruges.data import CANAL_THIRD_VP, CARDS, MAJORITIES, MAJORITY_VP
from games.bruges.effects import describe_msg
from games.core.messages import render as say
from renderers import canvas as cv
from renderers.final_card import final_card
from renderers.labels import label, listing, round_label, together
from renderers.labels import last_lines as worded_last
from renderers.score_words import word as score_word

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
TIMING_MARK = {"end": "LAUREL", "now": "ARROW", "always": "INFINITY", "worker": "WORKER"}  # the hand's words
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


def _status(view, names, locale="en") -> str:
    if view.get("result"):
        winners = view["result"]["winners"]
        return label("board.wins", locale, n=len(winners), names=together((names[w] for w in winners), locale))
    waiting = view["to_move"]
    if not waiting:
        return ""
    if view["pending"]:
        first = view["pending"][0]
        more = label("bru.board.more", locale, n=len(view["pending"]) - 1) if len(view["pending"]) > 1 else ""
        return f"{names[first['seat']]} {first['text']}{more}"
    who = listing([names[s] for s in waiting], locale)
    key = f"bru.board.up.{view['phase']}"
    return label(key if key in UP_KEYS else "bru.board.up.other", locale, who=who, n=len(waiting))


UP_KEYS = frozenset(f"bru.board.up.{p}" for p in ("draw", "roll", "reputation", "actions"))


def _title(view, locale="en") -> str:
    game = label("bru.board.game", locale)
    if view.get("result"):
        return label("bru.board.final_title", locale, game=game, n=view["round"])
    phase = label(f"bru.board.phase.{view['phase']}", locale)
    title = f"{game} · {round_label('bruges', view['round'], locale)} · {phase}"
    if view["last_round"]:
        title += label("bru.board.last_round", locale)
    elif view["last_round_next"]:
        title += label("bru.board.last_next", locale)
    return title


def _colour(c: str, locale: str) -> str:
    return label(f"bru.colour.{c}", locale)


def _person(person: dict, locale: str) -> str:
    """A person's name in the board's language (its card key), else as the view has it."""
    name = label(f"bru.card.{person['id']}", locale)
    return person["name"] if name.startswith("bru.card.") else name


def _effect(card: dict, locale: str) -> str:
    """A card's effect in the board's language (its message), else the view's English line."""
    found = CARDS.get(card["id"])
    return say(describe_msg(found), locale) if found is not None else card["text"]


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


def _worker(draw, x, y, colour, count, r=16, size=20):
    fill = GAME_COLOURS[colour]
    draw.ellipse((x - r, y - r, x + r, y + r), fill=fill, outline=cv.INK, width=2)
    cv.text(draw, (x, y), str(count), size=size, fill=cv.contrast(fill), bold=True, anchor="mm")


def _threat(draw, x, y, colour, count, limit, size=20):
    """A pie showing markers held out of the disaster limit."""
    r = 18
    fill = GAME_COLOURS[colour]
    draw.ellipse((x - r, y - r, x + r, y + r), fill=cv.WHITE, outline=fill, width=3)
    if count:
        draw.pieslice((x - r, y - r, x + r, y + r), -90, -90 + 360 * count / limit, fill=fill)
    danger = count >= limit - 1 and count > 0
    cv.text(draw, (x, y + r + 4 + size / 2), f"{count}/{limit}", size=size, fill=cv.HIGHLIGHT if danger else cv.INK,
            bold=danger, anchor="mm")


def _card_back(draw, box, colour):
    fill = GAME_COLOURS.get(colour, GREY) if colour else GREY
    draw.rounded_rectangle(box, radius=8, fill=fill, outline=cv.INK, width=2)
    x0, y0, x1, y1 = box
    draw.polygon([(x0 + 8, y0 + (y1 - y0) * 0.45), ((x0 + x1) / 2, y0 + 8), (x1 - 8, y0 + (y1 - y0) * 0.45)],
                 outline=cv.contrast(fill), width=3)


# --- what the last move changed ------------------------------------------------------------

#: engine event key -> the part of the board it changes: a region of the acting seat's panel
#: ("head": VP, guilders and hand; "workers", "threats", "majority", "canals", "houses"), the
#: seat's place on the reputation track ("rep"), or the dice. Events without a seat
#: (a die's threat for everyone) mark that region on every panel.
EVENT_REGION = {
    "bru.ev.play_workers": "workers", "bru.ev.gains_workers": "workers", "bru.ev.use": "workers",
    "bru.ev.flood": "workers", "bru.ev.gives_workers": "workers",
    "bru.ev.play_money": "head", "bru.ev.gains_money": "head", "bru.ev.loses_money": "head",
    "bru.ev.robbery": "head", "bru.ev.intrigue": "head", "bru.ev.scores": "head", "bru.ev.has_drawn": "head",
    "bru.ev.draws": "head", "bru.ev.draws_cards": "head", "bru.ev.draws_cards_from": "head",
    "bru.ev.discards": "head",
    "bru.ev.play_threat": "threats", "bru.ev.clears": "threats", "bru.ev.threat_die": "threats",
    "bru.ev.threat_others": "threats",
    "bru.ev.play_canal": "canals", "bru.ev.canal": "canals", "bru.ev.canal_statue": "canals",
    "bru.ev.canal_no_statue": "canals", "bru.ev.lose_canal": "canals",
    "bru.ev.play_house": "houses", "bru.ev.hire": "houses", "bru.ev.hire_replace": "houses",
    "bru.ev.lose_person": "houses", "bru.ev.lose_house": "houses", "bru.ev.lose_house_person": "houses",
    "bru.ev.majority": "majority",
    "bru.ev.rep_free": "rep", "bru.ev.rep_paid": "rep", "bru.ev.rep_up": "rep", "bru.ev.rep_top": "rep",
    "bru.ev.rolls": "dice",
}


@lru_cache(maxsize=1)
def _event_patterns() -> tuple[tuple[re.Pattern, str], ...]:
    """The English templates of ``EVENT_REGION`` as patterns over the view's last lines
    (the state keeps them in English with ``{p0}`` for seats)."""
    import games.bruges  # noqa: F401  (registers the event templates)
    from games.core.messages import CATALOGS

    out = []
    for key, region in EVENT_REGION.items():
        template = CATALOGS["en"].get(key)
        for form in (template.values() if isinstance(template, dict) else [template] if template else []):
            parts = re.split(r"\{(\w+)\}", form)
            rx, seen = "", False
            for i, part in enumerate(parts):
                if i % 2 == 0:
                    rx += re.escape(part)
                elif part == "who" and not seen:
                    rx, seen = rx + r"\{p(?P<who>\d+)\}", True
                else:
                    rx += ".+?"
            out.append((re.compile(rx + "$"), region))
    return tuple(out)


def changes(view) -> list[tuple[int | None, str]]:
    """(seat or None, region) for every event of the last move the board can point at."""
    found = []
    for line in view.get("last") or []:
        for rx, region in _event_patterns():
            m = rx.match(str(line))
            if m:
                who = m.groupdict().get("who")
                item = (int(who) if who is not None else None, region)
                if item not in found:
                    found.append(item)
                break
    return found


# --- the public board ------------------------------------------------------------------------


def render(view: dict, names: list[str] | None = None, locale: str = "en") -> bytes:
    names = _names(view, names)
    if view.get("hand") is not None and view.get("seat") is not None:
        return render_hand(view, names, locale)
    return render_board(view, names, locale)


def render_board(view: dict, names: list[str], locale: str = "en") -> bytes:
    return cv.to_png(board_image(view, names, locale)[0])


def board_image(view: dict, names: list[str] | None = None, locale: str = "en"):
    """The full board as an image, and boxes on it: each player panel's (by seat) and
    ``"changed"``: where the last move changed the board (outlined in pink), or None."""
    names = _names(view, names)
    players = view["players"]
    panel_h = [_player_height(p) for p in players]
    last_lines = [_fmt(t, names) for t in worded_last(view, locale)]
    score_h = 112 + 40 * len(players) if view.get("result") else 0
    top = cv.header_height(HEADER_SCALE, HEADER_ROWS)
    h = top + 16 + 250 + 150 + score_h + sum(panel_h) + 16 * len(players)
    img, draw = cv.new_canvas(W, h)
    up = view["to_move"][0] if len(view["to_move"]) == 1 else None
    cv.header(draw, W, _title(view, locale), _status(view, names, locale),
              last_lines or [label("board.game_start", locale)], seat=up, scale=HEADER_SCALE,
              last_rows=HEADER_ROWS, fixed=True, last_label=label("board.last", locale), names=names)
    y = top + 16
    regions: dict = {}
    cv.cached_panel(img, _top_row, (locale, json.dumps([view[k] for k in TOP_ROW_KEYS], sort_keys=True)),
                    (0, y, W, y + 234), view, locale)
    regions[(None, "dice")] = (20, y, 700, y + 234)
    y += 250
    reps = tuple(p["rep"] for p in players)
    designed = any(cv.is_designed(h["person"]) for p in players for h in p["houses"] if h["person"])
    cv.cached_panel(img, _reputation_track, (locale, reps, designed, tuple(view["reputation_vp"])),
                    (0, y, W, y + 134), view, locale)
    cell = (W - 80) / len(view["reputation_vp"])
    for s, p in enumerate(players):
        x0 = 40 + p["rep"] * cell
        regions[(s, "rep")] = (int(x0), y + 44, int(x0 + cell - 8), y + 122)
    y += 150
    if score_h:
        _score_table(draw, view, names, y, score_h, locale)
        y += score_h
    boxes = {}
    for seat, p in enumerate(players):
        boxes[seat] = (20, y, W - 20, y + panel_h[seat])
        regions.update({(seat, k): b for k, b in
                        _player_panel(img, draw, view, p, names[seat], seat, boxes[seat], locale).items()})
        y += panel_h[seat] + 16
    changed = []
    for seat, region in changes(view):
        for s in ([seat] if seat is not None else [None] if region == "dice" else range(len(players))):
            box = regions.get((s if region != "dice" else None, region))
            if box is not None and box not in changed:
                changed.append(box)
    for box in changed:
        cv.outline_changed(draw, box, width=5)
    # where a phone should look: the panel of the seat the move changed (its outline inside),
    # else what changed (the dice a seat rolled: no panel shows them; the reputation track)
    seats = [seat for seat, region in changes(view) if seat is not None and region != "dice"]
    boxes["changed"] = boxes[seats[0]] if seats else cv.union(changed)
    return img, boxes


#: what the top row (dice, piles, statues) is drawn from
TOP_ROW_KEYS = ("dice", "rep_cost", "piles", "reserve", "discard", "statues", "threat_supply")


def _top_row(draw, view, locale, box):
    y = box[1]
    L = lambda key, **kw: label(key, locale, **kw)  # noqa: E731
    # dice
    cv.panel(draw, (20, y, 700, y + 234), title=L("bru.board.dice"), colour=cv.MUTED)
    dice = view["dice"] or {}
    for i, colour in enumerate(ORDER):
        _die(draw, 44 + i * 128, y + 56, 84, colour, dice.get(colour))
        cv.text(draw, (86 + i * 128, y + 160), _colour(colour, locale), size=20, anchor="mm")
    note = _roll_note(view, L)
    cv.text(draw, (40, y + 205), cv.fit(note + "   " + L("bru.board.corner"), 650, 22), size=22, anchor="lm")
    # piles
    cv.panel(draw, (716, y, 1150, y + 234), title=L("bru.board.cards"), colour=cv.MUTED)
    for i, pile in enumerate(view["piles"]):
        x = 740 + i * 140
        _card_back(draw, (x, y + 50, x + 90, y + 170), pile["top"])
        cv.text(draw, (x + 45, y + 195), f"{'AB'[i]}: {pile['size']}", size=24, bold=True, anchor="mm")
    cv.text(draw, (1030, y + 80), L("bru.board.reserve"), size=22, anchor="mm")
    cv.text(draw, (1030, y + 112), str(view["reserve"]), size=30, bold=True, anchor="mm")
    cv.text(draw, (1030, y + 160), L("bru.board.discard"), size=22, anchor="mm")
    cv.text(draw, (1030, y + 192), str(view["discard"]), size=30, bold=True, anchor="mm")
    # statues and threat supply
    cv.panel(draw, (1166, y, W - 20, y + 234), title=L("bru.board.statues"), colour=cv.MUTED)
    statues = view["statues"]
    for i, value in enumerate(reversed(statues)):
        cx, cy = 1200 + i * 62, y + 80
        pts = cv.hex_corners(cx, cy, 26)
        draw.polygon(pts, fill=(226, 220, 204), outline=cv.INK)
        cv.text(draw, (cx, cy), str(value), size=24, bold=True, anchor="mm")
    if not statues:
        cv.text(draw, (1190, y + 80), L("bru.board.no_statues"), size=22, anchor="lm")
    for i, colour in enumerate(ORDER):
        cx = 1200 + i * 76
        draw.rectangle((cx - 24, y + 140, cx + 24, y + 188), fill=GAME_COLOURS[colour], outline=cv.INK)
        cv.text(draw, (cx, y + 164), str(view["threat_supply"][colour]), size=24,
                fill=cv.contrast(GAME_COLOURS[colour]), bold=True, anchor="mm")
    cv.text(draw, (1180, y + 212), L("bru.board.supply_left"), size=20, anchor="lm", fill=cv.MUTED)


def _reputation_track(draw, view, locale, box):
    y = box[1]
    cv.panel(draw, (20, y, W - 20, y + 134), title=label("bru.board.rep_track", locale), colour=cv.MUTED)
    if any(cv.is_designed(h["person"]) for p in view["players"] for h in p["houses"] if h["person"]):
        cv.designed_legend(draw, (W - 36, y + 17), label("board.designed", locale), size=20, anchor="rm",
                           fill=cv.WHITE)
    steps = view["reputation_vp"]
    cell = (W - 80) / len(steps)
    for i, vp in enumerate(steps):
        x0 = 40 + i * cell
        draw.rectangle((x0, y + 44, x0 + cell - 8, y + 122), fill=cv.WHITE, outline=cv.MUTED, width=2)
        cv.text(draw, (x0 + 8, y + 58), f"{i}", size=22, bold=True, anchor="lm")
        cv.text(draw, (x0 + cell - 16, y + 58), label("bru.board.vp", locale, n=vp), size=20, fill=cv.MUTED,
                anchor="rm")
        here = [s for s, p in enumerate(view["players"]) if p["rep"] == i]
        for k, s in enumerate(here):
            cx = x0 + 22 + k * 34
            cv.seat_mark(draw, cx + 2, y + 97, 14, s, width=2)


HOUSE_W, HOUSE_H, EMPTY_W, EMPTY_H, GAP = 296, 200, 124, 96, 12
#: the turn image shows a seat's panel at this scale, cut from the board's left edge (``renderers.turn``):
#: everything a panel draws stays inside ``CONTENT_W`` so the cut keeps all of it
TURN_SCALE = 0.6
CONTENT_W = 1280
HOUSES_W = 4 * HOUSE_W + 3 * GAP  # four lived-in houses to a row (inside CONTENT_W)
#: canal rows: boxes CANAL_H tall, CANAL_PITCH apart, the first CANALS_DOWN below the workers;
#: the "3 VP" mark over the third box (CANAL_MARK px) keeps clear of the row above
CANAL_H, CANAL_PITCH, CANALS_DOWN, CANAL_MARK = 40, 70, 76, 16
MAJORITY_X, MAJORITY_W = 965, 170


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


def _category(cat: str, locale: str) -> str:
    """A final-score column: the engine's category in the table's language, or the total."""
    return label("bru.board.cat.total", locale) if cat == "total" else score_word("bruges", cat, locale)


def _score_table(draw, view, names, y, height, locale="en"):
    result = view["result"]
    cats = list(result["breakdown"][0])
    cv.panel(draw, (20, y, W - 20, y + height - 14), title=label("bru.board.final_scores", locale),
             colour=cv.HIGHLIGHT)
    col_w = (W - 420) / (len(cats) + 1)
    for k, cat in enumerate(cats + ["total"]):
        cv.text(draw, (330 + k * col_w + col_w / 2, y + 52), _category(cat, locale), size=20, bold=True,
                anchor="mm")
    for row, seat in enumerate(result["ranking"]):
        yy = y + 88 + row * 40
        win = seat in result["winners"]
        cv.seat_mark(draw, 52, yy, 13, seat, width=2)
        place = label("bru.board.winner", locale) if win else f"{row + 1}."
        cv.text(draw, (74, yy), f"{place} {names[seat]}", size=22, bold=win, anchor="lm")
        values = [result["breakdown"][seat][c] for c in cats] + [result["scores"][seat]]
        for k, v in enumerate(values):
            cv.text(draw, (330 + k * col_w + col_w / 2, yy), str(v), size=22, bold=k == len(cats), anchor="mm")


def _player_height(p) -> int:
    _, used = _house_boxes(p["houses"], 0, 0)
    canals = (len(p["canals"]) - 1) * CANAL_PITCH + CANAL_H
    # title band and workers row, the canal rows, the houses' title, the houses, a margin
    return 56 + CANALS_DOWN + canals + 28 + 28 + (used if p["houses"] else 40) + 20


def _panel_who(name: str, flag: str, room: int) -> str:
    """A panel's head: the seat's ``name`` and its ``flag`` (start player, to move) in ``room`` px
    at 24 px: whole when they fit, else the name a little shorter at a time (``cv.name_cuts``, 8
    characters at least) so the flag stays whole, else cut with "…"."""
    who = f"{name}{flag}"
    for keep in cv.name_cuts([name]) if cv.text_width(who, 24, True) > room else ():
        who = f"{cv.short_name(name, keep)}{flag}"
        if cv.text_width(who, 24, True) <= room:
            break
    return cv.fit(who, room, 24, True)


def _player_panel(img, draw, view, p, name, seat, box, locale="en") -> dict:
    """One player's panel; returns the boxes of its regions (see ``EVENT_REGION``)."""
    L = lambda key, **kw: label(key, locale, **kw)  # noqa: E731
    x0, y0, x1, y1 = box
    colour = cv.seat_colour(seat)
    up = seat in view["to_move"]
    cv.panel(draw, box, colour=colour, width=7 if up else 3)
    draw.rounded_rectangle((x0, y0, x1, y0 + 40), radius=12, fill=colour)
    flag = ("  " + L("bru.board.start_player")) if view["start"] == seat else ""
    flag += ("  · " + L("board.to_move")) if up else ""
    cv.seat_mark(draw, x0 + 28, y0 + 20, 14, seat, outline=cv.contrast(colour), width=2)
    # the numbers right after the name (not at the far right): a phone's cut of the panel keeps them
    stats = "   ".join([L("bru.board.track_vp", n=p["vp"]), label("bru.guilders", locale, n=p["money"]),
                        L("bru.board.hand", n=p["hand_size"])]
                       + ([L("bru.board.plays_left", n=p["plays_left"])] if view["phase"] == "actions" else []))
    stats_w = cv.text_width(stats, 22, True)
    who = _panel_who(name, flag, x1 - x0 - 50 - 40 - stats_w - 16)
    cv.text(draw, (x0 + 50, y0 + 20), who, size=24, fill=cv.contrast(colour), bold=True, anchor="lm")
    sx = x0 + max(360, 50 + cv.text_width(who, 24, True) + 40)
    cv.text(draw, (sx, y0 + 20), stats, size=22, fill=cv.contrast(colour), bold=True, anchor="lm")
    regions = {"head": (sx - 12, y0 + 2, sx + stats_w + 12, y0 + 38)}
    y = y0 + 56
    # workers
    cv.text(draw, (x0 + 16, y + 18), L("bru.board.workers"), size=22, bold=True, anchor="lm")
    for i, c in enumerate(ORDER):
        _worker(draw, x0 + 150 + i * 44, y + 18, c, p["workers"][c])
    regions["workers"] = (x0 + 8, y - 4, x0 + 350, y + 40)
    # threats
    cv.text(draw, (x0 + 400, y + 18), L("bru.board.threats"), size=22, bold=True, anchor="lm")
    for i, c in enumerate(ORDER):
        _threat(draw, x0 + 520 + i * 56, y + 14, c, p["threats"][c], p["threat_limits"][c])
    regions["threats"] = (x0 + 392, y - 8, x0 + 800, y + 64)  # the counts under the pies too
    # majorities: a column beside the rows (workers, each canal), so the panel's content stays
    # inside what the turn image cuts from it
    cv.text(draw, (x0 + 830, y + 18), L("bru.board.majorities"), size=22, bold=True, anchor="lm")
    rows_y = [y] + [y + CANALS_DOWN + k * CANAL_PITCH for k in range(len(p["canals"]))]
    held = p["majority"]  # in the game's order on every panel (a stored state keeps its keys sorted)
    for i, (m, won) in enumerate((m, held[m]) for m in [*MAJORITIES, *sorted(set(held) - set(MAJORITIES))]):
        bx, by = x0 + MAJORITY_X, rows_y[i % len(rows_y)] + 1
        bx += (i // len(rows_y)) * (MAJORITY_W + 10)
        draw.rounded_rectangle((bx, by, bx + MAJORITY_W, by + 38), radius=8, fill=colour if won else GREY,
                               outline=cv.INK, width=2)
        word = label(f"bru.majority.{m}", locale) + (f" +{MAJORITY_VP}" if won else "")
        cv.text(draw, (bx + MAJORITY_W / 2, by + 19), cv.fit(word, MAJORITY_W - 10, 20, won), size=20,
                fill=cv.contrast(colour) if won else cv.INK, bold=won, anchor="mm")
    regions["majority"] = (x0 + 822, y - 6, bx + MAJORITY_W + 8, rows_y[-1] + 46)
    # canals
    y += CANALS_DOWN
    for row, (side, canal) in enumerate(p["canals"].items()):
        cy = y + row * CANAL_PITCH
        cv.text(draw, (x0 + 16, cy + 20), L("bru.board.canal", side=label(f"bru.side.{side}", locale)), size=22,
                bold=True, anchor="lm")
        for k, c in enumerate(canal["colours"]):
            bx = x0 + 166 + k * 64
            built = k < canal["built"]
            fill = GAME_COLOURS[c] if built else cv.WHITE
            draw.rectangle((bx, cy, bx + 56, cy + 40), fill=fill, outline=GAME_COLOURS[c], width=4)
            if not built:
                cv.text(draw, (bx + 28, cy + 20), str(k + 1), size=22, fill=GAME_COLOURS[c], bold=True, anchor="mm")
            else:
                draw.line((bx + 10, cy + 20, bx + 46, cy + 20), fill=cv.contrast(fill), width=4)
            if k == 2:
                cv.text(draw, (bx + 28, cy - 3), L("bru.board.vp", n=CANAL_THIRD_VP), size=CANAL_MARK,
                        fill=cv.MUTED, anchor="mb")
    canals_h = (len(p["canals"]) - 1) * CANAL_PITCH + CANAL_H
    regions["canals"] = (x0 + 8, y - 22, x0 + 490, y + canals_h + 6)
    statues = ", ".join(str(s) for s in p["statues"]) or L("bru.board.none")
    cv.text(draw, (x0 + 500, y + 20), L("bru.board.statues_of", statues=statues), size=22, anchor="lm")
    cv.text(draw, (x0 + 500, y + CANAL_PITCH + 20), L("bru.board.reputation", n=p["rep"]), size=22, anchor="lm")
    # houses
    y += canals_h + 28
    cv.text(draw, (x0 + 16, y + 10), L("bru.board.houses", n=len(p["houses"])), size=22, bold=True, anchor="lm")
    y += 28
    if not p["houses"]:
        cv.text(draw, (x0 + 16, y + 20), L("bru.board.no_house"), size=22, fill=cv.MUTED, anchor="lm")
    placed, used = _house_boxes(p["houses"], x0 + 16, y)
    if placed:
        key = (locale, json.dumps([h for h, _ in placed], sort_keys=True))
        cv.cached_panel(img, _houses, key, (x0 + 16, y, x1 - 16, y + used), placed, (x0 + 16, y), locale,
                        bg=cv.PANEL)
    right = max((b[2] for _, b in placed), default=x0 + 400)
    regions["houses"] = (x0 + 10, y - 34, right + 6, y + max(used, 40))
    return regions


def _houses(draw, placed, origin, locale, box):
    """Every house of a panel (drawn once per content: the persons' texts are the slow part)."""
    ox, oy = origin
    for house, (hx0, hy0, hx1, hy1) in placed:
        _house(draw, house, (hx0 - ox, hy0 - oy, hx1 - ox, hy1 - oy), locale)


def _house(draw, house, box, locale="en"):
    x0, y0, x1, y1 = box
    roof = GAME_COLOURS[house["roof"]]
    draw.polygon([(x0, y0 + 28), ((x0 + x1) / 2, y0), (x1, y0 + 28)], fill=roof, outline=cv.INK)
    body = (x0, y0 + 28, x1, y1)
    person = house["person"]
    number = label("bru.board.house", locale, n=house["n"])
    if person is None:  # a small cell: number and "empty" inside the walls
        draw.rectangle(body, fill=cv.WHITE, outline=cv.INK, width=2)
        cv.text(draw, ((x0 + x1) / 2, y0 + 48), number, size=20, bold=True, anchor="mm")
        cv.text(draw, ((x0 + x1) / 2, y0 + 74), label("bru.board.empty", locale), size=20, fill=cv.MUTED,
                anchor="mm")
        return
    cv.text(draw, ((x0 + x1) / 2, y0 + 17), number, size=16, fill=cv.contrast(roof), bold=True, anchor="mm")
    fill = GAME_COLOURS[person["colour"]]
    draw.rectangle(body, fill=(252, 250, 245), outline=fill, width=5)
    draw.rectangle((x0, y0 + 28, x1, y0 + 62), fill=fill)
    cv.text(draw, (x0 + 8, y0 + 45), cv.fit(_person(person, locale), x1 - x0 - 70, 22, True), size=22,
            fill=cv.contrast(fill), bold=True, anchor="lm")
    cv.text(draw, (x1 - 8, y0 + 45), f"#{person['id']}", size=20, fill=cv.contrast(fill), anchor="rm")
    if cv.is_designed(person):
        cv.designed_mark(draw, x1 - 16, y0 + 78, 9)
    used = label("bru.board.used", locale) if house["used"] else ""
    timing = label(f"bru.board.timing.{person['timing']}", locale)
    cv.text(draw, (x0 + 8, y0 + 78), label("bru.board.vp", locale, n=person["vp"]) + f"  {timing}{used}", size=20,
            bold=True, anchor="lm")
    for k, line in enumerate(_lines(_effect(person, locale), x1 - x0 - 16, 20, 4)):
        cv.text(draw, (x0 + 8, y0 + 103 + k * 24), line, size=20, fill=cv.INK, anchor="lm")


# --- a seat's card on the turn image ----------------------------------------------------------

#: the turn image's room for its board part: the card is pasted at full size (``renderers.turn``)
TURN_W = 776
#: the card's type: 22 px and up, 11 px or more on a phone's 400 px wide preview
CARD_TYPE, CARD_BIG = 22, 24
#: a row of the card: the canals, the majorities
CARD_ROW = 52
HOUSES_PER_ROW = 3


#: the messages that name one of the seat's houses, and the parameter that holds its number (1 up)
HOUSE_MSGS = {"bru.ev.play_house": "n", "bru.ev.hire": "house", "bru.ev.hire_replace": "house"}


def changed_houses(view: dict, seat: int) -> set[int]:
    """The numbers (1 up) of the seat's houses the last move built or hired into, read from the
    move's messages (``last_msgs``) as Terra Mystica's ``seat_changes`` reads its own."""
    out = set()
    for m in view.get("last_msgs") or []:
        param = HOUSE_MSGS.get(m.get("key")) if isinstance(m, dict) else None
        params = (m or {}).get("params") or {}
        if param and params.get("who") == f"{{p{seat}}}" and isinstance(params.get(param), int):
            out.add(params[param])
    return out


def house_window(count: int, room: int, touched: set[int]) -> int:
    """Where the houses shown start when only ``room`` of ``count`` fit: the newest, unless the
    move touched an older one (a hire into house 2 of 9), which then stays on the card."""
    start = max(0, count - room)
    if touched:
        start = min(start, min(touched) - 1)
        start = max(start, max(touched) - room)  # the newest touched wins when they cannot all show
    return max(0, min(start, count - room))


def turn_card(view: dict, names: list[str], seat: int, locale: str = "en", room_h: int = 10_000):
    """The seat's panel for the phone's turn image: the facts of its board panel, fewer to a row
    and larger than the full board's (cut down to a phone there, they read at 6-7 px), with what
    the last move changed outlined. Drawn for ``room_h`` and pasted whole, never scaled below its
    22 px type: when the room is short, parts the move did not change give way (``CARD_DROP``:
    the houses first, their newest rows staying while they fit, or the rows of the house the
    move built or hired into), a long name's second line only
    when the card still fits. Returns the image."""
    L = lambda key, **kw: label(key, locale, **kw)  # noqa: E731
    p = view["players"][seat]
    colour = cv.seat_colour(seat)
    ink = cv.contrast(colour)
    changed = {region for s, region in changes(view) if s is None or s == seat}
    house_rows = max(1, -(-len(p["houses"]) // HOUSES_PER_ROW))
    # the band: who, then the numbers; the name whole, the numbers on a line below when both do
    # not fit one (``cv.name_band``)
    stats = " · ".join([L("bru.board.vp", n=p["vp"]), label("bru.guilders", locale, n=p["money"]),
                        L("bru.board.hand", n=p["hand_size"])]
                       + ([L("bru.board.plays_left", n=p["plays_left"])] if view["phase"] == "actions" else []))
    heights = {"pieces": 76, "canals": 2 * CARD_ROW, "majority": CARD_ROW, "houses": 36 + house_rows * 54}
    for one_line in (False, True):  # a second line only when the card stays inside the room
        head, lines = cv.name_band(names[seat], stats, TURN_W - 54 - 12, gap=24, one_line=one_line)
        extra = 0 if lines == 1 else 30   # the band's second line: 22 px type
        shown = list(heights)

        def height(parts, extra=extra):
            return 60 + extra + sum(heights[k] for k in parts) + 6
        for k in CARD_DROP:
            if height(shown) <= room_h:
                break
            if not changed & set(CARD_PARTS[k]):
                shown.remove(k)
        if lines == 1 or height(shown) <= room_h:
            break
    # the houses row by row: when they are too many (the move changed them) or when dropping them
    # all left room for some, the newest that fit, slid back to the house the move hired into
    houses = p["houses"]
    rest = [k for k in shown if k != "houses"]
    rows = min(house_rows, (room_h - height(rest) - 36) // 54)
    if houses and rows < house_rows and ("houses" in shown or rows >= 1):
        rows = max(1, rows)
        start = house_window(len(houses), rows * HOUSES_PER_ROW, changed_houses(view, seat))
        houses = houses[start:start + rows * HOUSES_PER_ROW]
        heights["houses"] = 36 + rows * 54
        shown = rest + ["houses"]
    img, draw = cv.new_canvas(TURN_W, height(shown), cv.PANEL)
    regions = {}
    draw.rounded_rectangle((0, 0, TURN_W - 1, 48 + extra), radius=12, fill=colour)
    cv.seat_mark(draw, 27, 24, 19, seat, outline=ink, width=2)
    for i, (who, size, rest, rsize) in enumerate(head):
        yy, sx = 24 + 30 * i, 54
        if who:
            cv.text(draw, (54, yy), who, size=size, fill=ink, bold=True, anchor="lm")
            sx += cv.text_width(who, size, True) + 24
        if rest:
            cv.text(draw, (sx, yy), rest, size=rsize, fill=ink, bold=True, anchor="lm")
            regions["head"] = (sx - 8, yy - (21 if i == 0 else 15), TURN_W - 4, yy + (21 if i == 0 else 19))
    y = 60 + extra
    # each part drawn once per content and pasted (``cv.cached_panel``): a seat's card repeats
    # most of itself from turn to turn; each part draws inside its own band of the card
    if "pieces" in shown:  # workers and threats
        pieces = (locale, _frozen(p["workers"]), _frozen(p["threats"]), _frozen(p["threat_limits"]))
        cv.cached_panel(img, _card_pieces, pieces, (0, y - PIECES_ABOVE, TURN_W, y + heights["pieces"]), *pieces,
                        bg=cv.PANEL)
        x = 12 + cv.text_width(L("bru.board.workers"), CARD_BIG, True) + 33
        regions["workers"] = (4, y - 6, int(x + 4 * 46 + 29), y + 46)
        tx = max(360, regions["workers"][2] + 12)
        regions["threats"] = (tx - 8, y - 8, TURN_W - 4, y + 72)
        y += heights["pieces"]
    if "canals" in shown:  # canals, statues and reputation
        canals = (locale, _frozen(p["canals"]), _frozen(p["statues"]), p["rep"])
        cv.cached_panel(img, _card_canals, canals, (0, y, TURN_W, y + heights["canals"]), *canals, bg=cv.PANEL)
        regions["canals"] = (4, y - 6, 450, y + CARD_ROW + 50)
        regions["rep"] = (462, y + CARD_ROW - 4, TURN_W - 4, y + CARD_ROW + 48)
        y += heights["canals"]
    if "majority" in shown:
        majority = (locale, _frozen(p["majority"]), colour)
        cv.cached_panel(img, _card_majority, majority, (0, y, TURN_W, y + heights["majority"]), *majority,
                        bg=cv.PANEL)
        regions["majority"] = (4, y - 4, TURN_W - 4, y + 48)
        y += heights["majority"]
    if "houses" in shown:  # the number on the roof's colour, the person living there
        rows = (locale, len(p["houses"]), _frozen(houses))
        cv.cached_panel(img, _card_houses, rows, (0, y, TURN_W, img.height), *rows, bg=cv.PANEL)
        regions["houses"] = (4, y - 4, TURN_W - 4, img.height - 2)
    for region in changed:
        if region in regions:
            cv.outline_changed(draw, regions[region], width=4)
    return img


#: how far above its band the workers' and threats' part reaches (a worker's disc, 1 px)
PIECES_ABOVE = 6


def _frozen(value):
    """A view's part as a key of ``cv.cached_panel`` (lists and dicts as tuples, in order)."""
    if isinstance(value, dict):
        return tuple((k, _frozen(v)) for k, v in value.items())
    if isinstance(value, (list, tuple)):
        return tuple(_frozen(v) for v in value)
    return value


def _card_pieces(draw, locale, workers, threats, limits, box):
    """A seat card's workers and threats (``turn_card``), its band starting ``PIECES_ABOVE`` down."""
    workers, threats, limits = dict(workers), dict(threats), dict(limits)
    y = box[1] + PIECES_ABOVE
    word = label("bru.board.workers", locale)
    cv.text(draw, (12, y + 20), word, size=CARD_BIG, bold=True, anchor="lm")
    x = 12 + cv.text_width(word, CARD_BIG, True) + 33  # each piece after its word, in either language
    for i, c in enumerate(ORDER):
        _worker(draw, x + i * 46, y + 20, c, workers[c], r=21, size=CARD_TYPE)
    tx = max(360, int(x + 4 * 46 + 29) + 12)
    word = label("bru.board.threats", locale)
    cv.text(draw, (tx, y + 20), word, size=CARD_BIG, bold=True, anchor="lm")
    x = tx + cv.text_width(word, CARD_BIG, True) + 30
    for i, c in enumerate(ORDER):
        _threat(draw, x + i * 58, y + 18, c, threats[c], limits[c], size=CARD_TYPE)


def _card_canals(draw, locale, canals, statues, rep, box):
    """A seat card's canals, statues and reputation (``turn_card``)."""
    y = box[1]
    for row, (side, canal) in enumerate(canals):
        canal = dict(canal)
        cy = y + row * CARD_ROW
        cv.text(draw, (12, cy + 22), label("bru.board.canal", locale, side=label(f"bru.side.{side}", locale)),
                size=CARD_BIG, bold=True, anchor="lm")
        for k, c in enumerate(canal["colours"]):
            bx = 168 + k * 56
            built = k < canal["built"]
            fill = GAME_COLOURS[c] if built else cv.WHITE
            draw.rectangle((bx, cy, bx + 48, cy + 44), fill=fill, outline=GAME_COLOURS[c], width=4)
            if built:
                draw.line((bx + 10, cy + 22, bx + 38, cy + 22), fill=cv.contrast(fill), width=4)
            else:
                cv.text(draw, (bx + 24, cy + 22), str(k + 1), size=CARD_TYPE, fill=GAME_COLOURS[c], bold=True,
                        anchor="mm")
    shown = ", ".join(str(v) for v in statues) or label("bru.board.none", locale)
    cv.text(draw, (470, y + 22), cv.fit(label("bru.board.statues_of", locale, statues=shown), TURN_W - 480, CARD_BIG),
            size=CARD_BIG, anchor="lm")
    cv.text(draw, (470, y + CARD_ROW + 22), label("bru.board.reputation", locale, n=rep), size=CARD_BIG,
            anchor="lm")


def _card_majority(draw, locale, held, colour, box):
    """A seat card's majorities, those it holds in its colour (``turn_card``)."""
    y, held, ink = box[1], dict(held), cv.contrast(colour)
    cv.text(draw, (12, y + 22), label("bru.board.majorities", locale), size=CARD_BIG, bold=True, anchor="lm")
    for i, m in enumerate([*MAJORITIES, *sorted(set(held) - set(MAJORITIES))]):
        bx, won = 168 + i * 200, held.get(m)
        draw.rounded_rectangle((bx, y + 2, bx + 188, y + 42), radius=8, fill=colour if won else GREY,
                               outline=cv.INK, width=2)
        word = label(f"bru.majority.{m}", locale) + (f" +{MAJORITY_VP}" if won else "")
        cv.text(draw, (bx + 94, y + 22), cv.fit(word, 178, CARD_TYPE, bool(won)), size=CARD_TYPE,
                fill=ink if won else cv.INK, bold=bool(won), anchor="mm")


def _card_houses(draw, locale, count, houses, box):
    """A seat card's houses (``count`` in all; ``houses`` those shown), row by row (``turn_card``)."""
    y = box[1]
    cv.text(draw, (12, y + 16), label("bru.board.houses", locale, n=count), size=CARD_BIG, bold=True, anchor="lm")
    y += 36
    if not houses:
        cv.text(draw, (12, y + 22), label("bru.board.no_house", locale), size=CARD_TYPE, fill=cv.MUTED, anchor="lm")
    cell = (TURN_W - 24 - 2 * 10) / HOUSES_PER_ROW
    for i, house in enumerate(houses):
        house = dict(house)
        hx, hy = 12 + (i % HOUSES_PER_ROW) * (cell + 10), y + (i // HOUSES_PER_ROW) * 54
        person = dict(house["person"]) if house["person"] else None
        edge = GAME_COLOURS[person["colour"]] if person else cv.MUTED
        draw.rounded_rectangle((hx, hy, hx + cell, hy + 46), radius=8, fill=cv.WHITE, outline=edge,
                               width=4 if person else 2)
        roof = GAME_COLOURS[house["roof"]]
        draw.rectangle((hx + 4, hy + 4, hx + 44, hy + 42), fill=roof)
        cv.text(draw, (hx + 24, hy + 23), str(house["n"]), size=CARD_TYPE, fill=cv.contrast(roof), bold=True,
                anchor="mm")
        who_lives = _person(person, locale) if person else label("bru.board.empty", locale)
        cv.text(draw, (hx + 54, hy + 23), cv.fit(who_lives, int(cell - 62), CARD_TYPE, bool(person)),
                size=CARD_TYPE, fill=cv.INK if person else cv.MUTED, bold=bool(person), anchor="lm")


def dice_card(view: dict, locale: str = "en"):
    """The dice for the phone's turn image after a roll (no seat's card shows them; a cut of the
    full board read at 20 px and less): each die with its colour word under it and what the roll
    means for reputation, 22 px and up, outlined as the roll's change. Returns the image."""
    L = lambda key, **kw: label(key, locale, **kw)  # noqa: E731
    dice = view["dice"] or {}
    note = _roll_note(view, L)
    lines = _lines(note + "   " + L("bru.board.corner"), TURN_W - 40, CARD_TYPE, 2)
    h = 212 + len(lines) * 28 + 4
    img, draw = cv.new_canvas(TURN_W, h, cv.PANEL)
    cv.panel(draw, (0, 0, TURN_W - 1, h - 1), title=L("bru.board.dice"), colour=cv.MUTED)
    pitch = (TURN_W - 40) / len(ORDER)
    for i, colour in enumerate(ORDER):
        x = 20 + i * pitch + (pitch - 90) / 2
        _die(draw, x, 54, 90, colour, dice.get(colour))
        cv.text(draw, (x + 45, 174), cv.fit(_colour(colour, locale), int(pitch) - 8, CARD_BIG), size=CARD_BIG,
                anchor="mm")
    for k, line in enumerate(lines):
        cv.text(draw, (20, 222 + k * 28), line, size=CARD_TYPE, anchor="lm")
    if any(region == "dice" for _s, region in changes(view)):
        cv.outline_changed(draw, (12, 44, TURN_W - 13, 196), width=4)
    return img


#: the card's parts below its band, and the regions of ``changes`` each shows
CARD_PARTS = {"pieces": ("workers", "threats"), "canals": ("canals", "rep"), "majority": ("majority",),
              "houses": ("houses",)}
#: when the room is short, the parts the move did not change give way in this order
CARD_DROP = ("houses", "majority", "canals", "pieces")


# --- a player's hand -------------------------------------------------------------------------

CARD_W, CARD_H = 296, 390


def render_hand(view: dict, names: list[str], locale: str = "en") -> bytes:
    """A seat's /hand image, worded in the reader's ``locale``."""
    L = lambda key, **kw: label(key, locale, **kw)  # noqa: E731
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
    cv.turn_banner(draw, W, L("bru.hand.title", game=L("bru.board.game"), name=names[seat]),
                   round_label("bruges", view["round"], locale), colour=cv.seat_colour(seat))
    dice = view["dice"] or {}
    y = 80
    cv.text(draw, (30, y + 18), L("bru.hand.stats", money=L("bru.guilders", n=me["money"]), vp=me["vp"],
                                  rep=me["rep"]), size=24, bold=True, anchor="lm")
    for i, c in enumerate(ORDER):
        _worker(draw, 560 + i * 44, y + 18, c, me["workers"][c])
    cv.text(draw, (1040, y + 18), L("bru.hand.dice"), size=22, anchor="rm")
    for i, c in enumerate(ORDER):
        _die(draw, 1050 + i * 62, y - 2, 44, c, dice.get(c))
    cv.text(draw, (30, y + 70), L("bru.hand.play"), size=22, fill=cv.MUTED, anchor="lm")
    cv.text(draw, (1036, y + 66), L("bru.hand.threats"), size=22, anchor="rm")
    for i, c in enumerate(ORDER):
        _threat(draw, 1070 + i * 62, y + 60, c, me["threats"][c], me["threat_limits"][c])
    y += 130
    if decide:  # a disaster's loss or a person's question waits for this player
        draw.rounded_rectangle((20, y - 6, W - 20, y + 38), radius=10, fill=(255, 240, 248), outline=cv.HIGHLIGHT,
                               width=3)
        cv.text(draw, (36, y + 16), cv.fit(L("bru.hand.decide", moves="  |  ".join(decide)), W - 72, 22, True),
                size=22, bold=True, anchor="lm")
        y += extra
    for i, card in enumerate(hand):
        col, row = i % 5, i // 5
        _card(draw, card, (24 + col * (CARD_W + 16), y + row * (CARD_H + 20)), locale)
    for j, colour in enumerate(backs):
        i = len(hand) + j
        col, row = i % 5, i // 5
        x, yy = 24 + col * (CARD_W + 16), y + row * (CARD_H + 20)
        _card_back(draw, (x, yy, x + CARD_W, yy + CARD_H), colour)
        cv.text(draw, (x + CARD_W / 2, yy + CARD_H - 40), L("bru.hand.just_drawn"), size=24, fill=cv.WHITE,
                bold=True, anchor="mm", outline=cv.INK)
    if not hand and not backs:
        cv.text(draw, (30, y + 40), L("bru.hand.empty"), size=26, anchor="lm")
    return cv.to_png(img)


def _card(draw, card, xy, locale: str = "en"):
    L = lambda key, **kw: label(key, locale, **kw)  # noqa: E731
    x, y = xy
    fill = GAME_COLOURS[card["colour"]]
    ink = cv.contrast(fill)
    draw.rounded_rectangle((x, y, x + CARD_W, y + CARD_H), radius=14, fill=(252, 250, 245), outline=fill, width=6)
    draw.rounded_rectangle((x, y, x + CARD_W, y + 96), radius=14, fill=fill)
    draw.ellipse((x + 10, y + 10, x + 62, y + 62), fill=(250, 214, 90), outline=cv.INK, width=2)
    cv.text(draw, (x + 36, y + 36), str(card["cost"]), size=28, bold=True, anchor="mm")
    cv.text(draw, (x + CARD_W - 12, y + 30), f"#{card['id']}", size=32, fill=ink, bold=True, anchor="rm")
    mark = " ◇" if card.get("designed") else ""  # price/VP or effect not verified (games.bruges.data.UNVERIFIED)
    cv.text(draw, (x + 74, y + 36), L("bru.board.vp", n=card["vp"]) + mark, size=22, fill=ink, bold=True, anchor="lm")
    cv.text(draw, (x + 14, y + 78), cv.fit(_person(card, locale), CARD_W - 28, 24, True), size=24, fill=ink,
            bold=True, anchor="lm")
    group = L(f"bru.group.{card['group']}")
    kind = f"{_colour(card['colour'], locale)} · {group}"
    cv.text(draw, (x + 14, y + 118), cv.fit(kind, CARD_W - 50, 20), size=20, fill=cv.MUTED, anchor="lm")
    cv.text(draw, (x + 14, y + 150), cv.fit(L(f"bru.hand.timing.{card['timing']}"), CARD_W - 28, 20, True), size=20,
            bold=True, anchor="lm")
    for k, line in enumerate(_lines(_effect(card, locale), CARD_W - 28, 23, 6)):
        cv.text(draw, (x + 14, y + 188 + k * 30), line, size=23, anchor="lm")
    foot = L("board.designed") if card.get("designed") else L("bru.hand.published")
    cv.text(draw, (x + CARD_W / 2, y + CARD_H - 22), cv.fit(foot, CARD_W - 20, 16), size=16, fill=cv.MUTED, anchor="mm")
    if cv.is_designed(card):
        cv.designed_mark(draw, x + CARD_W - 22, y + 118, 11)


def _lines(s: str, width: int, size: int, rows: int) -> list[str]:
    """``s`` wrapped to ``width`` px, at most ``rows`` lines, the last ending in "…" when more was cut."""
    lines = cv.wrap(s, width, size)
    if len(lines) > rows:
        lines = lines[:rows]
        lines[-1] = cv.fit(lines[-1] + "…", width, size)
    return lines


def _roll_note(view, L) -> str:
    """What the dice say about reputation: not rolled yet, no cost, or its cost."""
    if view["dice"] is None:
        return L("bru.board.not_rolled")
    if view["rep_cost"] is None:
        return L("bru.board.no_rep")
    return L("bru.board.rep_cost", n=view["rep_cost"])


def turn_parts(view, names, locale: str = "en") -> dict:
    """The turn image's parts (``renderers.turn``): the header, the seat the move changed as a card
    (a roll: the dice), the seat's guilders, reputation, hand and workers, every score."""
    from .turn import _first_seat, _fmt, _up, _winner

    seat = _up(view)
    focus_seat = seat if seat is not None else _winner(view)
    mover = _first_seat(view.get("last"), names)
    # the seat the last move changed, as a card at full size; a roll of the dice as the dice's
    # card (no seat's card shows the dice)
    found = changes(view)
    changed = [s for s, region in found if s is not None and region != "dice"]
    if changed:
        card_seat = changed[0]
    elif found and all(region == "dice" for _, region in found):
        card_seat = None
    else:
        card_seat = mover if mover is not None else focus_seat
    if view.get("result"):  # game over: the final scores (the last mover's card gave its track score)
        cut = {"card": lambda room_w, room_h: final_card("bruges", view, names, room_w, room_h, locale, "turn.vp")}
    elif card_seat is not None:  # drawn for the room left: a long name's second line only when it fits
        cut = {"card": lambda room_w, room_h: turn_card(view, names, card_seat, locale, room_h)}
    else:  # a roll: the dice as a card (the full board cut there read at 20 px and less)
        cut = {"card": lambda room_w, room_h: dice_card(view, locale)}
    res = []
    if focus_seat is not None:
        p = view["players"][focus_seat]
        res = [label("bru.guilders", locale, n=p["money"]), label("turn.bru.rep", locale, n=p["rep"]),
               label("bru.board.hand", locale, n=p["hand_size"])]
        res += [label("turn.bru.workers", locale, n=n, colour=label(f"bru.colour.{c}", locale))
                for c, n in (p.get("workers") or {}).items() if n] or [label("turn.bru.no_workers", locale)]
    return {
        "title": _title(view, locale), "status": _status(view, names, locale), "seat": seat,
        "focus_seat": focus_seat, "last": [_fmt(t, names) for t in worded_last(view, locale)],
        **cut, "resources": res,
        "score_text": label("turn.vp", locale, n=view["players"][focus_seat]["vp"]) if focus_seat is not None
        else "",
        "scores": [(p["seat"], p["vp"]) for p in sorted(view["players"], key=lambda p: -p["vp"])],
    }
