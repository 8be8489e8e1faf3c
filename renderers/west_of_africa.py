"""West of Africa: a view (public or one seat's) -> PNG.

Layout, top to bottom: banner (round, phase, who is up); the latest move in
a highlight strip; the sea with the seven islands placed roughly as on the
map (west left, east right), lanes between them and the two worker ships;
the coin / score / order tracks and the settlement track; one row per
player; in a private view, the seat's hand and secret choice.

Each island panel shows its harbour berths with ships, its plots (fields
with the crop letter, planted crops as discs in the owner's colour, house
spaces with their cost, houses in the owner's colour, dual-use plots split
diagonally), the workers on it, every player's crops in its warehouse and
the mayor token. Islands touched by the latest move get a pink frame.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from games.west_of_africa.data import FIFTH_CARD_COST, WIN_POINTS

from . import canvas as cv
from .final_card import final_card
from .labels import label as word
from .labels import last_lines, listing, round_label, together

W = 1600
HEADER_SCALE, HEADER_ROWS = 1.2, 2
BOARD_TOP = cv.header_height(HEADER_SCALE, HEADER_ROWS) + 6
PANEL_W, PANEL_H = 292, 322
#: island -> top-left corner of its panel (rough map positions).
POS = {
    "palma": (90, BOARD_TOP + 10),
    "hierro": (90, BOARD_TOP + 362),
    "gomera": (402, BOARD_TOP + 186),
    "tenerife": (714, BOARD_TOP + 10),
    "canaria": (868, BOARD_TOP + 362),
    "lanzarote": (1296, BOARD_TOP + 10),
    "fuerteventura": (1182, BOARD_TOP + 362),
}
LANES = (("palma", "gomera"), ("hierro", "gomera"), ("gomera", "tenerife"), ("tenerife", "canaria"),
         ("canaria", "fuerteventura"), ("fuerteventura", "lanzarote"))
BOARD_H = 2 * PANEL_H + 50
CROP_COLOURS = {"sugar": (226, 236, 244), "wine": (196, 140, 190), "grain": (240, 214, 140)}
SAND = (244, 232, 200)
SITE = (214, 196, 170)
BLOCKER = (110, 104, 96)
SEA_DARK = (96, 150, 196)
STRIP = (255, 228, 242)
BERTH = (205, 228, 244)
HULL = (150, 110, 70)


def short_card(card: str, locale: str = "en") -> str:
    """A card's short name on the board (``woa.board.card.*``)."""
    return word(f"woa.board.card.{card}", locale)


def crop_letter(crop: str, locale: str = "en") -> str:
    """A crop's one-letter mark on plots and chips (S, W, G; 糖, 酒, 穀)."""
    return word(f"woa.board.crop_letter.{crop}", locale)


def island_name(isl: str, info: dict, locale: str = "en") -> str:
    name = word(f"woa.island.{isl}", locale)
    return info["name"] if name.startswith("woa.island.") else name


#: what seat pieces stand on here (checked by the colour-blind palette test)
GROUNDS = (SAND, SITE, BERTH, CROP_COLOURS["sugar"], CROP_COLOURS["grain"], cv.WATER)


def seat_colour(seat: int):
    return cv.seat_colour(seat) if seat >= 0 else BLOCKER


def _names(view, names):
    n = len(view["players"])
    if names:
        return [str(x) for x in names][:n] + [cv.SEAT_COLOUR_NAMES[i].title() for i in range(len(names), n)]
    return [cv.SEAT_COLOUR_NAMES[i].title() for i in range(n)]


def _fmt(text: str, names) -> str:
    mapping = {f"p{i}": name for i, name in enumerate(names)}
    try:
        return text.format_map(mapping)
    except (KeyError, IndexError, ValueError):
        return text


def render(view: dict, names: list[str] | None = None, locale: str = "en") -> bytes:
    return cv.to_png(board_image(view, names, locale), _colours())


def board_image(view: dict, names: list[str] | None = None, locale: str = "en"):
    """The full board as an image (``render`` encodes it; the turn image crops it)."""
    names = _names(view, names)
    private = view.get("you")
    players = view["players"]
    tracks = _track_lines(view, names, locale)
    height = (BOARD_TOP + BOARD_H + 24 + sum(h for *_rest, h in tracks) + 46 + 46 * len(players) + 20
              + (190 if private else 0))
    img, d = cv.new_canvas(W, height)
    title, status, seat = header_text(view, names, locale)
    last = [_fmt(t, names) for t in last_lines(view, locale)] or [word("woa.board.start", locale)]
    cv.header(d, W, title, status, last, seat=seat, scale=HEADER_SCALE, last_rows=HEADER_ROWS, fixed=True,
              last_label=word("board.last", locale), names=names)
    _board(img, d, view, names, locale)
    y = BOARD_TOP + BOARD_H + 10
    y = _tracks(d, view, tracks, y, locale)
    y = _players(d, view, names, y + 6, locale)
    if private:
        _private(d, view, names, private, y + 10, locale)
    return img


def _colours() -> tuple:
    """Every colour this board draws with, for the shared fast PNG palette."""
    base = [SAND, SITE, BLOCKER, SEA_DARK, STRIP, BERTH, HULL, *CROP_COLOURS.values(), *cv.SEAT_COLOURS]
    return tuple(dict.fromkeys(tuple(c) for c in base))


# ----------------------------------------------------------------- banner
def header_text(view, names, locale: str = "en") -> tuple[str, str, int | None]:
    """(game, round and phase; who is up and what is asked; the seat up or None)."""
    names = _names(view, names)
    rnd = view["round"]
    last = word("woa.board.last_round", locale) if view.get("final_round") == rnd and view["phase"] != "over" else ""
    phase = word(f"woa.board.phase.{view['phase']}", locale)
    title = f"{word('woa.board.game', locale)} · {round_label('west-of-africa', rnd, locale)}{last} · {phase}"
    seat = None
    if view["result"]:
        res = view["result"]
        winners = together((names[w] for w in res["winners"]), locale)
        tied = sum(1 for sc in res["scores"] if sc == res["scores"][res["winners"][0]]) > len(res["winners"])
        status = word("board.wins", locale, n=len(res["winners"]), names=winners) + (word("woa.board.tie_coins", locale) if tied else "")
    elif view["pending"]:
        s = view["pending"]["seat"]
        status = word("woa.board.up.harbour", locale, name=names[s])
        seat = s
    elif view["phase"] == "choose":
        waiting = view["to_move"]
        status = word("board.waiting", locale, names=listing([names[s] for s in waiting], locale)) if waiting else ""
    elif view["players"][view["turn_seat"]].get("ship") is None:   # the first round: its ship first
        s = view["turn_seat"]
        status = word("woa.board.up.place", locale, name=names[s])
        seat = s
    else:
        s = view["turn_seat"]
        status = word("woa.board.up.act", locale, name=names[s])
        turn = view.get("turn") or {}
        if turn.get("current") == "move" and turn.get("ap"):
            status += word("woa.board.steps_left", locale, n=turn["ap"])
        seat = s
    return title, status, seat


def _wrap(text: str, width: int, size: int, bold: bool = False) -> list[str]:
    words, rows, cur = text.split(), [], ""
    for w in words:
        trial = f"{cur} {w}".strip()
        if cv.text_width(trial, size, bold) > width and cur:
            rows.append(cur)
            cur = w
        else:
            cur = trial
    if cur:
        rows.append(cur)
    return rows


# ------------------------------------------------------------------ board
def focus_box(view) -> tuple[int, int, int, int]:
    """The part of the board the last move changed: its islands (or the sea)."""
    lit = [POS[i] for i in view.get("highlight") or [] if i in POS]
    if not lit:
        return (0, BOARD_TOP, W, BOARD_TOP + BOARD_H)
    return (min(x for x, _ in lit) - 20, min(y for _, y in lit) - 10,
            max(x for x, _ in lit) + PANEL_W + 20, max(y for _, y in lit) + PANEL_H + 10)


def _centre(isl):
    x, y = POS[isl]
    return x + PANEL_W // 2, y + PANEL_H // 2


def _board(img, d, view, names, locale="en"):
    """The sea and islands: a cached static layer plus what changes."""
    n = len(view["players"])
    plots = tuple((isl, island_name(isl, info, locale), info["price"], info["berths"],
                   tuple((p["kind"], p["crop"], p["cost"]) for p in info["plots"]))
                  for isl, info in view["islands"].items())
    img.paste(_base_board(n, plots, locale), (0, BOARD_TOP))
    _worker_ship(d, view, "west", WEST_SHIP)
    _worker_ship(d, view, "east", EAST_SHIP)
    lit = set(view.get("highlight") or [])
    for isl, info in view["islands"].items():
        _island(d, isl, info, isl in lit, locale)
    pending = view.get("pending")
    if pending:  # the pushed ship waits beside the harbour it must leave
        x, y = POS[pending["from"]]
        bx = x + 66 + len(view["islands"][pending["from"]]["ships"]) * 46
        d.rounded_rectangle((bx - 3, y + 39, bx + 66, y + 72), radius=6, outline=cv.HIGHLIGHT, width=3)
        _boat(d, bx + 1, y + 54, seat_colour(pending["seat"]), seat=pending["seat"])
        cv.text(d, (bx + 52, y + 56), "?", size=22, bold=True, fill=cv.HIGHLIGHT, anchor="mm")
    x0, y0 = SETTLE_BOX
    for i in range(data_track_size(n)):
        _house(d, x0 + 30 + i * 38, y0 + 62, cv.INK if i < view["track"] else None, 15)
    cv.text(d, (x0 + 12, y0 + 92), word("woa.board.settle_count", locale, n=view["track"], supply=view["house_supply"]),
            size=20)


WEST_SHIP = (6, POS["gomera"][1] + 40, 82, POS["gomera"][1] + 250)
EAST_SHIP = (1500, POS["fuerteventura"][1] + 40, 1592, POS["fuerteventura"][1] + 250)
SETTLE_BOX = (1024, BOARD_TOP + 14)


def data_track_size(players: int) -> int:
    return 6 if players >= 4 else 4


@lru_cache(maxsize=16)
def _base_board(players: int, plots: tuple, locale: str = "en") -> Image.Image:
    """Everything on the board that a move never changes (drawn once per layout)."""
    img = Image.new("RGB", (W, BOARD_TOP + BOARD_H), cv.WATER)
    d = ImageDraw.Draw(img)
    for a, b in LANES:
        d.line((*_centre(a), *_centre(b)), fill=SEA_DARK, width=10)
    for box, label in ((WEST_SHIP, word("woa.board.west", locale)), (EAST_SHIP, word("woa.board.east", locale))):
        d.rounded_rectangle(box, radius=14, fill=HULL, outline=cv.INK, width=2)
        cv.text(d, ((box[0] + box[2]) // 2, box[1] + 16), label, size=20, fill=cv.WHITE, bold=True, anchor="mm")
    for isl, name, price, n_berths, plot_specs in plots:
        _island_base(d, *POS[isl], name, price, n_berths, plot_specs, locale)
    _legend(d, 402, BOARD_TOP + 530, locale)
    x0, y0 = SETTLE_BOX
    d.rounded_rectangle((x0, y0, x0 + 256, y0 + 130), radius=10, fill=cv.PANEL, outline=cv.MUTED, width=2)
    cv.text(d, (x0 + 12, y0 + 8), word("woa.board.settlements", locale), size=22, bold=True)
    return img.crop((0, BOARD_TOP, W, BOARD_TOP + BOARD_H))


class Scale:
    """An island drawn ``k`` times its board size: lengths times ``k``, type times ``k`` and never
    under ``floor`` (the turn image's island card; the board's own is ``ONE``, exactly as before)."""

    def __init__(self, k: float = 1.0, floor: int = 0):
        self.k, self.floor = k, floor

    def __call__(self, v: float):
        return v if self.k == 1 else round(v * self.k)

    def type(self, size: int) -> int:
        return max(self(size), self.floor)

    def mark(self, r: float, letters: int) -> float:
        """A seat mark's radius: ``r`` scaled, and big enough for its letters to reach the floor
        (``canvas.seat_mark`` writes one letter at 1.15 r, two at 0.8 r)."""
        return max(self(r), self.floor / (1.15 if letters == 1 else 0.8))


ONE = Scale()


def _island_base(d, x, y, name, price, n_berths, plot_specs, locale="en", sc: Scale = ONE, h: int | None = None):
    """What a move never changes on an island: its panel (``h`` high: the board's by default),
    name, berths, plots and words."""
    d.rounded_rectangle((x, y, x + sc(PANEL_W), y + (h or sc(PANEL_H))), radius=sc(16), fill=SAND, outline=cv.MUTED,
                        width=2)
    cv.text(d, (x + sc(12), y + sc(20)), name, size=sc.type(24), bold=True, anchor="lm")
    mx, my = x + sc(PANEL_W - 26), y + sc(20)
    d.ellipse((mx - sc(17), my - sc(17), mx + sc(17), my + sc(17)), outline=cv.MUTED, width=2)
    cy = y + sc(56)
    cv.text(d, (x + sc(12), cy), word("woa.board.port", locale), size=sc.type(20), fill=cv.MUTED, anchor="lm")
    if n_berths < 5:
        for i in range(n_berths):
            _berth(d, x + sc(66 + i * 46), cy, sc)
    px, py = x + sc(12), y + sc(84)
    for i, (kind, crop, cost) in enumerate(plot_specs):
        _plot_bg(d, px + sc((i % 5) * 54), py + sc((i // 5) * 54), kind, crop, cost, labels=True, locale=locale,
                 sc=sc)
    ry = py + sc(((len(plot_specs) + 4) // 5) * 54 + 8)
    cv.text(d, (x + sc(12), ry + sc(12)), word("woa.board.workers", locale), size=sc.type(20), fill=cv.MUTED,
            anchor="lm")
    cv.text(d, (x + sc(12), ry + sc(52)), word("woa.board.store", locale, price=price), size=sc.type(20),
            fill=cv.MUTED, anchor="lm")


def _berth(d, bx, cy, sc: Scale = ONE):
    d.rounded_rectangle((bx - sc(3), cy - sc(17), bx + sc(43), cy + sc(16)), radius=sc(6), outline=SEA_DARK, width=2,
                        fill=BERTH)


def _legend(d, x, y, locale="en"):
    d.rounded_rectangle((x, y, x + 440, y + 154), radius=10, fill=cv.PANEL, outline=cv.MUTED, width=2)
    for i, crop in enumerate(("sugar", "wine", "grain")):
        bx = x + 12 + i * 140
        d.rectangle((bx, y + 10, bx + 30, y + 40), fill=CROP_COLOURS[crop], outline=cv.INK)
        cv.text(d, (bx + 15, y + 25), crop_letter(crop, locale), size=20, fill=cv.MUTED, anchor="mm")
        cv.text(d, (bx + 38, y + 25), word(f"woa.crop.{crop}", locale), size=20, anchor="lm")
    d.rectangle((x + 12, y + 50, x + 42, y + 80), fill=SITE, outline=cv.INK)
    cv.text(d, (x + 27, y + 65), "9", size=20, bold=True, anchor="mm")
    cv.text(d, (x + 50, y + 65), word("woa.board.house_space", locale), size=20, anchor="lm")
    d.rectangle((x + 250, y + 50, x + 280, y + 80), fill=SITE, outline=cv.INK)
    d.polygon([(x + 250, y + 50), (x + 280, y + 50), (x + 250, y + 80)], fill=CROP_COLOURS["wine"])
    d.rectangle((x + 250, y + 50, x + 280, y + 80), outline=cv.INK)
    cv.text(d, (x + 288, y + 65), word("woa.board.dual_use", locale), size=20, anchor="lm")
    cv.text(d, (x + 12, y + 104), word("woa.board.mayor_store", locale), size=20, anchor="lm")
    # every plot and card number is ours (games.west_of_africa.data.UNVERIFIED)
    cv.text(d, (x + 12, y + 134), word("woa.board.designed", locale, designed=word("board.designed", locale)),
            size=18, fill=cv.MUTED, anchor="lm")


def _worker_ship(d, view, key, box):
    x0, y0 = box[0], box[1]
    y = y0 + 44
    for seat, n in enumerate(view["worker_ships"][key]):
        if n:
            _worker(d, x0 + 22, y, seat)
            cv.text(d, (x0 + 40, y), f"{n}", size=22, fill=cv.WHITE, bold=True, anchor="lm")
            y += 30


def _worker(d, x, y, seat, r=12):
    cv.seat_mark(d, x, y, r, seat, width=2)


def _house(d, x, y, colour, r=16, outline=cv.INK, seat=None, floor: int = 0):
    pts = [(x - r, y - r // 4), (x, y - r), (x + r, y - r // 4), (x + r, y + r), (x - r, y + r)]
    if colour is None:
        d.polygon(pts, outline=cv.MUTED)
    else:
        cv.polygon(d, pts, fill=colour, outline=outline, width=2 if seat is not None else 1)
    if seat is not None and seat >= 0:
        cv.text(d, (x, y + r * 0.35), cv.seat_letter(seat), size=max(round(r * 1.05), floor), fill=cv.contrast(colour),
                bold=True, anchor="mm")


def _boat(d, x, y, colour, w=40, seat=None, sc: Scale = ONE):
    w = sc(w)
    hull = [(x, y), (x + w, y), (x + w - sc(8), y + sc(14)), (x + sc(8), y + sc(14))]
    d.polygon(hull, fill=colour, outline=cv.INK)
    if seat is not None and seat >= 0:
        cv.text(d, (x + w // 2, y + sc(7)), cv.seat_letter(seat), size=sc.type(13), fill=cv.contrast(colour), bold=True,
                anchor="mm")
    d.polygon([(x + w // 2, y - sc(16)), (x + w // 2, y - 1), (x + w // 2 + sc(13), y - sc(3))], fill=cv.WHITE,
              outline=cv.INK)


def _island(d, isl, info, lit, locale="en", at: tuple | None = None, sc: Scale = ONE, h: int | None = None):
    """What changes on an island: frame highlight, mayor, ships, plots in use, workers, store;
    at its place on the board, or (the turn image's card) at ``at``, ``sc`` times as big."""
    x, y = at or POS[isl]
    if lit:
        d.rounded_rectangle((x, y, x + sc(PANEL_W), y + (h or sc(PANEL_H))), radius=sc(16), outline=cv.HIGHLIGHT,
                            width=7)
    mayor = info["mayor"]
    if mayor is not None:
        mx, my = x + sc(PANEL_W - 26), y + sc(20)
        cv.seat_mark(d, mx, my, sc.mark(17, 1), mayor, letter="M", width=2)
    cy = y + sc(56)
    ships = info["ships"]
    for i, seat in enumerate(ships):
        bx = x + sc(66 + i * 46)
        if info["berths"] >= 5 or i >= info["berths"]:
            _berth(d, bx, cy, sc)
        _boat(d, bx + 1, cy - 2, seat_colour(seat), seat=seat, sc=sc)
    if info["berths"] >= 5 and not ships:
        _berth(d, x + sc(66), cy, sc)
    px, py = x + sc(12), y + sc(84)
    for i, plot in enumerate(info["plots"]):
        if "house" in plot or "planted" in plot:
            _plot(d, px + sc((i % 5) * 54), py + sc((i // 5) * 54), plot, locale, sc)
    ry = py + sc(((len(info["plots"]) + 4) // 5) * 54 + 8)
    r = sc.mark(12, 1)
    # the workers after their word (as wide as it is in the table's language)
    wx = x + max(sc(104), sc(12) + cv.text_width(word("woa.board.workers", locale), sc.type(20)) + round(r) + 6)
    for s, n in enumerate(info["workers"]):
        if n:
            _worker(d, wx, ry + sc(12), s, r)
            cv.text(d, (wx + r + 3, ry + sc(12)), str(n), size=sc.type(20), bold=True, anchor="lm")
            wx += max(sc(44), round(2 * r + 20))
    wy = ry + sc(40)
    cx, line = x + sc(120), 0
    size = sc.type(20)
    for s, w in enumerate(info["warehouse"]):
        if not sum(w.values()):
            continue
        label = cv.seat_letter(s) + ": " + "".join(f"{n}{crop_letter(c, locale)}" for c, n in w.items() if n)
        width = cv.text_width(label, size, True) + sc(14)
        if cx + width > x + sc(PANEL_W - 8):
            line += 1
            cx = x + sc(120)
        col = seat_colour(s)
        yy = wy + line * sc(30)
        d.rounded_rectangle((cx, yy, cx + width, yy + sc(26)), radius=sc(8), fill=col, outline=cv.INK)
        cv.text(d, (cx + width // 2, yy + sc(13)), label, size=size, fill=cv.contrast(col), bold=True, anchor="mm")
        cx += width + sc(6)


def _plot_bg(d, x, y, kind, crop, cost, labels, locale="en", sc: Scale = ONE):
    s = sc(48)
    if kind == "field":
        d.rectangle((x, y, x + s, y + s), fill=CROP_COLOURS[crop], outline=cv.INK)
    elif kind == "site":
        d.rectangle((x, y, x + s, y + s), fill=SITE, outline=cv.INK)
    else:
        d.rectangle((x, y, x + s, y + s), fill=SITE, outline=cv.INK)
        d.polygon([(x, y), (x + s, y), (x, y + s)], fill=CROP_COLOURS[crop])
        d.rectangle((x, y, x + s, y + s), outline=cv.INK)
    if not labels:
        return
    if kind == "field":
        cv.text(d, (x + s // 2, y + s // 2), crop_letter(crop, locale), size=sc.type(22), fill=cv.MUTED, anchor="mm")
    elif kind == "site":
        cv.text(d, (x + s // 2, y + s // 2), str(cost), size=sc.type(22), bold=True, anchor="mm")
    else:
        cv.text(d, (x + sc(13), y + sc(14)), crop_letter(crop, locale), size=sc.type(20), fill=cv.MUTED, anchor="mm")
        cv.text(d, (x + sc(33), y + sc(34)), str(cost), size=sc.type(20), bold=True, anchor="mm")


def _plot(d, x, y, plot, locale="en", sc: Scale = ONE):
    """A plot in use: a house in its owner's colour, or a planted crop disc."""
    s = sc(48)
    _plot_bg(d, x, y, plot["kind"], plot["crop"], plot["cost"], labels=False, sc=sc)
    if "house" in plot:
        _house(d, x + s // 2, y + s // 2 + sc(2), seat_colour(plot["house"]), sc(18), seat=plot["house"],
               floor=sc.floor)
        return
    seat = plot["planted"]["seat"]
    cv.seat_mark(d, x + s // 2, y + s // 2, max(s // 2 - sc(5), sc.mark(0, 2)), seat, width=2,
                 letter=crop_letter(plot["planted"]["crop"], locale) + cv.seat_letter(seat))


# ----------------------------------------------------------------- tracks
#: the tracks' chips: from the right of their word to the board's edge, one line after another
TRACK_X, TRACK_RIGHT, TRACK_LINE, TRACK_GAP = 120, W - 20, 42, 8


def _track_rows(view, names, locale="en"):
    """The coin, score and order tracks: (what, [(seat, chip label)], note), every seat in each."""
    players = view["players"]
    L = lambda key, **kw: word(key, locale, **kw)  # noqa: E731
    rows = [
        ("coins", [(s, f"{names[s]} {players[s]['coins']}") for s in view["coin_track"]], L("woa.board.coins_note")),
        ("points", [(p["seat"], f"{names[p['seat']]} {p['points']}")
                    for p in sorted(players, key=lambda p: -p["points"])], L("woa.board.points_note", n=WIN_POINTS)),
    ]
    order = view["order"]
    totals = [players[s]["total"] for s in order]
    if view["phase"] == "actions" or any(t is not None for t in totals):
        rows.append(("order", [(s, f"{i + 1}. {names[s]}" + _total(players[s], locale)) for i, s in enumerate(order)],
                     L("woa.board.order_note")))
    else:
        note = L("woa.board.seating") if view["round"] == 1 else L("woa.board.order_of", n=view["round"] - 1)
        rows.append(("order", [(s, f"{i + 1}. {names[s]}") for i, s in enumerate(order)], note))
    return rows


def _track_lines(view, names, locale="en", x0: int = TRACK_X, right: int = TRACK_RIGHT, size: int = 22,
                 note_size: int = 20):
    """The tracks laid out: (what, lines of [(seat, label, x)], note, (x, line) of the note, height).
    The chips wrap like text onto as many lines as they need (five long names take two), never a
    seat left out; the note runs on after the last chip, or takes a line of its own. ``x0``,
    ``right``, ``size``: the chips' room and type (the board's, or the turn image's card)."""
    out = []
    for what, chips, note in _track_rows(view, names, locale):
        lines, note, at = _chip_lines(chips, x0, right, size, note, note_size)
        out.append((what, lines, note, at, (max(len(lines), at[1] + 1)) * TRACK_LINE))
    return out


def _chip_lines(chips, x0: int, right: int, size: int, note: str, note_size: int):
    """Seat chips ((seat, label), ...) wrapped like text between ``x0`` and ``right``: (lines of
    [(seat, label, x)], the note, (x, line) where the note goes)."""
    room = right - x0
    lines, x = [[]], x0
    for seat, label in chips:
        label = cv.fit(label, room - cv.chip_width("", size), size, True)  # a chip wider than a line: never here
        w = cv.chip_width(label, size)
        if lines[-1] and x + w > right:
            lines.append([])
            x = x0
        lines[-1].append((seat, label, x))
        x += w + TRACK_GAP
    at = (x + 6, len(lines) - 1)
    if note and x + 6 + cv.text_width(note, note_size) > right:
        at = (x0, len(lines))
    return lines, note, at


def _tracks(d, view, tracks, y, locale="en"):
    for what, lines, note, (nx, nline), h in tracks:
        cv.text(d, (20, y + 16), word(f"woa.board.{what}", locale), size=22, bold=True, anchor="lm")
        for i, line in enumerate(lines):
            for seat, label, x in line:
                lit = what == "order" and seat == view["turn_seat"]
                cv.seat_chip(d, (x, y + i * TRACK_LINE + 16), seat, label, size=22,
                             outline=cv.HIGHLIGHT if lit else None)
        cv.text(d, (nx, y + nline * TRACK_LINE + 16), note, size=20, fill=cv.MUTED, anchor="lm")
        y += h
    return y


def _total(player, locale: str = "en") -> str:
    """A seat's card total after its name: " (4)", "（4）"."""
    return "" if player["total"] is None else word("board.in_brackets", locale, what=player["total"])


def _cards_text(view, p, locale="en") -> str:
    """A seat's cards column: its revealed cards and total, the hidden total, or whether it chose."""
    if p["cards"]:
        return " ".join(short_card(c, locale) for c in p["cards"]) + (
            word("board.in_brackets", locale, what=f"={p['total']}") if p["total"] is not None else "")
    if p["total"] is not None:
        return word("woa.board.hidden_total", locale, n=p["total"])
    if view["phase"] == "choose":
        return word("woa.board.ready", locale) if p["ready"] else word("woa.board.choosing", locale)
    return ""


def _player_columns(view, names, locale="en"):
    """The seat table's columns {key: x} and its names (whole when they fit): the name column as
    wide as the longest name, the others moved right as far as the table's room allows; when that
    is not enough every long name is cut a little (``cv.name_cuts``), never below 8 characters."""
    players = view["players"]
    cards = max((cv.text_width(_cards_text(view, p, locale), 20) for p in players), default=0)
    free = max(cv.text_width(" ".join(f"{n}{crop_letter(c, locale)}" for c, n in p["supply"].items()), 20)
               for p in players)
    mayor = max(cv.text_width(listing([island_name(i, view["islands"][i], locale) for i in p["mayor_of"]],
                                      locale) or "-", 20) for p in players)
    final = max((cv.text_width(word("board.final", locale, n=t), 22, True) for t in view["result"]["scores"]),
                default=0) if view["result"] else 0
    right = W - 24 - (final + 24 if final else 0)   # where the mayor column must end

    def columns(shown):
        name_w = max(cv.text_width(n, 22, True) for n in shown)
        shift = max(0, 52 + name_w + 20 - 260)
        cols = {"player": 20, "coins": 260 + shift, "pts": 350 + shift, "minus": 420 + shift, "cards": 470 + shift}
        cols["free"] = max(930, cols["cards"] + cards + 30)
        cols["mayor_of"] = max(1110, cols["free"] + free + 30)
        return cols, cols["mayor_of"] + mayor <= right

    shown = list(names)
    cols, fits = columns(shown)
    for keep in cv.name_cuts(names) if not fits else ():
        shown = [cv.short_name(n, keep) for n in names]
        cols, fits = columns(shown)
        if fits:
            break
    return cols, shown


def _players(d, view, names, y, locale="en"):
    L = lambda key, **kw: word(key, locale, **kw)  # noqa: E731
    cols, shown = _player_columns(view, names, locale)
    for key, x in cols.items():
        cv.text(d, (x, y + 14), L(f"woa.board.col.{key}"), size=20, fill=cv.MUTED, bold=True, anchor="lm")
    y += 34
    for p in view["players"]:
        s = p["seat"]
        up = s in view["to_move"]
        d.rounded_rectangle((10, y, W - 10, y + 40), radius=8, fill=cv.PANEL,
                            outline=cv.HIGHLIGHT if up else cv.MUTED, width=4 if up else 1)
        cv.seat_mark(d, 30, y + 20, 13, s, width=2)
        cv.text(d, (52, y + 20), shown[s], size=22, bold=True, anchor="lm")
        cv.text(d, (cols["coins"], y + 20), str(p["coins"]), size=22, anchor="lm")
        cv.text(d, (cols["pts"], y + 20), str(p["points"]), size=22, bold=True, anchor="lm")
        cv.text(d, (cols["minus"], y + 20), str(p["minus_cards"]), size=22, anchor="lm")
        cv.text(d, (cols["cards"], y + 20), _cards_text(view, p, locale), size=20, anchor="lm")
        free = " ".join(f"{n}{crop_letter(c, locale)}" for c, n in p["supply"].items())
        cv.text(d, (cols["free"], y + 20), free, size=20, anchor="lm")
        mayor = listing([island_name(i, view["islands"][i], locale) for i in p["mayor_of"]], locale) or "-"
        cv.text(d, (cols["mayor_of"], y + 20), mayor, size=20, anchor="lm")
        if view["result"]:
            total = view["result"]["scores"][s]
            cv.text(d, (W - 24, y + 20), word("board.final", locale, n=total), size=22, bold=True, anchor="rm")
        y += 46
    return y


def _private(d, view, names, you, y, locale="en"):
    s = you["seat"]
    L = lambda key, **kw: word(key, locale, **kw)  # noqa: E731
    cv.panel(d, (10, y, W - 10, y + 176), title=L("woa.board.your_cards", name=names[s]), colour=seat_colour(s))
    x, yy = 24, y + 48
    chosen = list(you["choice"] or [])
    for card, n in you["hand"].items():
        for _ in range(n):
            picked = card in chosen
            if picked:
                chosen.remove(card)
            label = f"{short_card(card, locale)} {you['numbers'][card]}"
            width = cv.text_width(label, 20, True) + 16
            if x + width > W - 24:
                x, yy = 24, yy + 42
            d.rounded_rectangle((x, yy, x + width, yy + 34), radius=8,
                                fill=cv.HIGHLIGHT if picked else cv.WHITE, outline=cv.INK, width=2)
            cv.text(d, (x + width // 2, yy + 17), label, size=20, fill=cv.WHITE if picked else cv.INK,
                    bold=True, anchor="mm")
            x += width + 8
    if you["choice"]:
        line = L("woa.board.choice", cards=" ".join(short_card(c, locale) for c in you["choice"]),
                 total=you["choice_total"])
        if len(you["choice"]) == 5 and view["phase"] == "choose":
            line += L("woa.board.fifth", cost=FIFTH_CARD_COST)
    else:
        line = L("woa.board.no_choice", cost=FIFTH_CARD_COST)
    cv.text(d, (24, yy + 60), line, size=22, bold=True)


# ------------------------------------------------------------ the turn image
#: the turn image's island card: each island as big as the room allows (at most ``CARD_MAX``
#: times its board size), two side by side when both fit at ``CARD_MIN`` or more, its type
#: never under ``CARD_TYPE`` (22 px: 11 px on a phone)
CARD_MAX, CARD_MIN, CARD_TYPE, CARD_GAP = 1.6, 1.25, 22, 8
#: the messages of a round's end: their islands (the mayors) are not what a turn changed
ROUND_END_KEYS = ("woa.ev.mayors", "woa.ev.mayor")


def _islands_named(value, out: list) -> list:
    """Every island a message (or its nested parts) names, in order."""
    if isinstance(value, dict):
        key = value.get("key") or (value.get("$msg") or {}).get("key")
        if isinstance(key, str) and key in ROUND_END_KEYS:
            return out
        if isinstance(key, str) and key.startswith("woa.island.") and key[11:] in POS:
            out.append(key[11:])
        for v in value.values():
            _islands_named(v, out)
    elif isinstance(value, list):
        for v in value:
            _islands_named(v, out)
    return out


def turn_islands(view) -> list[str]:
    """The islands the turn changed, the latest first: those its messages name (every step's
    when the table gives the whole turn, so a bot's turn that ends on "done" still has them;
    not the mayors of a round's end) and those the board outlines."""
    named = _islands_named(view.get("last_msgs") or [], []) + list(view.get("highlight") or [])
    return list(dict.fromkeys(reversed(named)))


def _island_h(info, locale: str, sc: Scale) -> int:
    """An island panel's height at ``sc``: the board's, or more when its warehouse chips need it."""
    py = sc(84) + sc(((len(info["plots"]) + 4) // 5) * 54 + 8)
    size = sc.type(20)
    line, cx = 0, sc(120)
    for w in info["warehouse"]:
        if not sum(w.values()):
            continue
        label = "X: " + "".join(f"{n}{crop_letter(c, locale)}" for c, n in w.items() if n)
        width = cv.text_width(label, size, True) + sc(14)
        if cx + width > sc(PANEL_W - 8):
            line, cx = line + 1, sc(120)
        cx += width + sc(6)
    return max(sc(PANEL_H), py + sc(40) + line * sc(30) + sc(26) + sc(10))


def _card_fit(n: int, room_w: int, room_h: int) -> float:
    return min(CARD_MAX, (room_w - CARD_GAP * (n + 1)) / (n * PANEL_W), (room_h - 2 * CARD_GAP) / PANEL_H)


def island_card(view, islands: list[str], room_w: int, room_h: int, locale: str = "en") -> Image.Image:
    """The islands a turn changed, drawn whole and large for the turn image: the latest two side
    by side when both fit at ``CARD_MIN``, else the latest alone; the others named below."""
    infos = view["islands"]
    n = 2 if len(islands) >= 2 and _card_fit(2, room_w, room_h) >= CARD_MIN else 1
    shown, rest = islands[:n], islands[n:]
    note_h = 40 if rest else 0
    room = room_h - note_h - 2 * CARD_GAP
    k = _card_fit(n, room_w, room_h - note_h)
    # smaller while a crowded store's chips would run past the room (the type keeps its floor)
    while k > 0.8 and max(_island_h(infos[i], locale, Scale(k, CARD_TYPE)) for i in shown) > room:
        k -= 0.05
    sc = Scale(k, CARD_TYPE)
    heights = [min(_island_h(infos[i], locale, sc), room) for i in shown]
    w = n * sc(PANEL_W) + (n + 1) * CARD_GAP
    img, d = cv.new_canvas(w, max(heights) + 2 * CARD_GAP + note_h)
    d.rectangle((0, 0, img.width, img.height), fill=cv.WATER)
    pending = view.get("pending")
    for j, isl in enumerate(shown):
        info = infos[isl]
        x, y = CARD_GAP + j * (sc(PANEL_W) + CARD_GAP), CARD_GAP
        plots = tuple((p["kind"], p["crop"], p["cost"]) for p in info["plots"])
        _island_base(d, x, y, island_name(isl, info, locale), info["price"], info["berths"], plots, locale, sc,
                     heights[j])
        _island(d, isl, info, True, locale, at=(x, y), sc=sc, h=heights[j])
        if pending and pending["from"] == isl:  # the pushed ship waits beside the harbour it must leave
            bx = x + sc(66 + len(info["ships"]) * 46)
            _boat(d, bx + 1, y + sc(54), seat_colour(pending["seat"]), seat=pending["seat"], sc=sc)
    if rest:
        line = word("woa.board.also", locale, islands=listing([island_name(i, infos[i], locale) for i in rest], locale))
        cv.text(d, (CARD_GAP + 4, img.height - note_h / 2 - 2), cv.fit(line, img.width - 2 * CARD_GAP, CARD_TYPE),
                size=CARD_TYPE, bold=True, anchor="lm")
    return img


#: the tracks card (a turn that changed no island): type and the width of the tracks' words
TRACKS_TYPE, TRACKS_NOTE = 24, 22


def tracks_card(view, names, room_w: int, room_h: int, locale: str = "en") -> Image.Image:
    """A turn that changed no island (a card choice, a turn ended, a round's end): the coin,
    score and order tracks, and the mayors, at the turn image's width and type."""
    names = _names(view, names)
    heads = [word(f"woa.board.{what}", locale) for what in ("coins", "points", "order", "mayors")]
    x0 = 16 + max(cv.text_width(h, TRACKS_TYPE, True) for h in heads) + 14
    rows = _track_lines(view, names, locale, x0=x0, right=room_w - 12, size=TRACKS_TYPE, note_size=TRACKS_NOTE)
    mayors = [(info["mayor"], f"{island_name(isl, info, locale)} {names[info['mayor']]}")
              for isl, info in view["islands"].items() if info["mayor"] is not None]
    if mayors:
        rows.append(("mayors", *_chip_lines(mayors, x0, room_w - 12, TRACKS_TYPE, "", TRACKS_NOTE), 0))
    line_h = TRACKS_TYPE * 2
    rows = [(what, lines, note, at, max(len(lines), at[1] + 1) * line_h) for what, lines, note, at, _h in rows]
    height = sum(h for *_r, h in rows) + 16
    img, d = cv.new_canvas(room_w, min(height, room_h))
    y = 8
    for what, lines, note, (nx, nline), h in rows:
        cv.text(d, (16, y + line_h / 2), word(f"woa.board.{what}", locale), size=TRACKS_TYPE, bold=True, anchor="lm")
        for i, line in enumerate(lines):
            for seat, label, x in line:
                lit = what == "order" and seat == view["turn_seat"]
                cv.seat_chip(d, (x, y + i * line_h + line_h / 2), seat, label, size=TRACKS_TYPE,
                             outline=cv.HIGHLIGHT if lit else None)
        if note:
            cv.text(d, (nx, y + nline * line_h + line_h / 2), note, size=TRACKS_NOTE, fill=cv.MUTED, anchor="lm")
        y += h
    return img


def turn_card(view, names, locale: str = "en"):
    """The turn image's board part, drawn for its room: the final scores at game over, else the
    islands the turn changed, or the tracks when it changed none."""
    if view.get("result"):
        return lambda room_w, room_h: final_card("west-of-africa", view, _names(view, names), room_w, room_h, locale)
    islands = turn_islands(view)
    if islands:
        return lambda room_w, room_h: island_card(view, islands, room_w, room_h, locale)
    return lambda room_w, room_h: tracks_card(view, names, room_w, room_h, locale)


def turn_parts(view, names, locale: str = "en") -> dict:
    """The turn image's parts (``renderers.turn``): the header, the islands the move changed (else
    the tracks), the seat's coins, crops, minus cards and islands as mayor, every score."""
    from .turn import _fmt, _winner

    title, status, seat = header_text(view, names, locale)
    focus_seat = seat if seat is not None else _winner(view)
    res = []
    if focus_seat is not None:
        p = view["players"][focus_seat]
        crops = " ".join(f"{n}{crop_letter(c, locale)}" for c, n in p["supply"].items())
        res = [word("turn.woa.coins", locale, n=p["coins"]), word("turn.woa.crops", locale, crops=crops),
               word("turn.woa.minus", locale, n=p["minus_cards"])]
        if p.get("mayor_of"):
            res.append(word("turn.woa.mayor", locale, islands=listing(
                [island_name(i, view["islands"][i], locale) for i in p["mayor_of"]], locale)))
    return {
        "title": title, "status": status, "seat": seat, "focus_seat": focus_seat,
        "last": [_fmt(t, names) for t in last_lines(view, locale)],
        "card": turn_card(view, names, locale),   # the islands it changed, else the tracks
        "resources": res,
        "score_text": word("turn.pts", locale, n=view["players"][focus_seat]["points"]) if focus_seat is not None
        else "",
        "scores": [(p["seat"], p["points"]) for p in sorted(view["players"], key=lambda p: -p["points"])],
    }
