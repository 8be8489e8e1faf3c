"""Terra Mystica board: the public view -> one PNG 1600 px wide.

Layout, top to bottom: banner (round, who is up), turn-order strip with the
last move's text, the hex map (terrain, rivers, bridges, buildings in faction
colour and shape, towns ringed in gold, hex ids; hexes named by the last
move outlined in pink), then the cult tracks (markers, priests on the
3/2/2/2 spaces, a key on each free top space) beside the power actions
(crossed when used), the six round scoring tiles (current one marked) and
the bonus cards left with their coins; the favour and town tiles left; final
scores when over; one panel per faction in turn order.

``render_panel(view, seat)`` draws one faction larger for ``/hand``, with
what each build, upgrade, track advance and conversion would cost now.

Reads only the view (keys documented in ``games/terra_mystica/view.py``);
``_table`` turns it into the small model drawn here. Costs on the /hand
panel come from the engine's public faction table (``data.FACTIONS``).

Speed (budget: 300 ms p99 on a shared 2-core box): the terrain layer of the
map and every text label are cached, and the 256-colour palette (the named
colours and their blends) is built once, every board only mapped onto it.

DESIGNED (no published look to follow): colours, shapes (dwelling = small
house, trading house = house with a wing, temple = disc, stronghold = keep
with battlements, sanctuary = pill) and the short tile labels.
"""

from __future__ import annotations

import math
import re
from collections import OrderedDict
from functools import lru_cache

from PIL import Image, ImageDraw

from games.terra_mystica.data import FACTIONS, FAVOURS, TERRAINS, UPGRADE_FROM
from games.terra_mystica.data import POWER_ACTIONS as _ACTS
from games.terra_mystica.maps import MAPS

from . import canvas as cv
from . import terra_mystica_labels as face
from .canvas import INK, MUTED, WHITE, text_width
from .final_card import run_on
from .labels import game_name, label, last_lines, together
from .score_words import word as score_word
from .terra_mystica_terrain import TERRAINS as LOOKS
from .terra_mystica_terrain import draw_pattern, motif

WIDTH = 1600

# --- the base map --------------------------------------------------------

MAP_ROWS = MAPS["original"]["rows"]
#: a map's rows (the view's ``rows``; MAP_ROWS: the Original): every cell of every row,
#: '~' = river; the renderer also needs the river cells, which a view does not list.
ROW_LETTERS = "ABCDEFGHIJ"
#: letter, site colour name, fill, faction colour and pattern per terrain: one row each in
#: ``terra_mystica_terrain.TERRAINS``; these are views of that table.
LETTER_TERRAIN = {look.letter: t for t, look in LOOKS.items() if look.letter}
#: The site's colour names for the terrains (and for the factions living there).
TERRAIN_COLOUR_NAME = {t: look.colour for t, look in LOOKS.items()}
COLOUR_NAME_TERRAIN = {v: k for k, v in TERRAIN_COLOUR_NAME.items()} | {"grey": "mountains"}
#: Hex fill per terrain: light enough that a building in the saturated faction
#: colour stands out on its own home terrain.
TERRAIN_FILL = {t: look.fill for t, look in LOOKS.items()}
RIVER_FILL = (206, 230, 248)
#: Faction colour by home terrain: buildings, cult markers, panel strips.
FACTION_COLOUR = {t: look.faction for t, look in LOOKS.items()}
#: faction id -> home terrain and printed name, from the engine's faction table
#: (the variable factions pick theirs in play: the view's ``home`` says which)
FACTION_HOME = {fid: TERRAINS[f["home"]] for fid, f in FACTIONS.items() if f["home"] is not None}
FACTION_TITLE = {fid: f["name"] for fid, f in FACTIONS.items()}
#: Two letters per faction (unique among all of them): the second cue on its
#: buildings and cult markers beside the colour, which colour-blind players
#: may not tell apart (red wasteland vs green forest under deuteranopia).
FACTION_TAG = {fid: f["name"][:2] for fid, f in FACTIONS.items()}


def faction_tag(faction: str | None, locale: str = "en", default: str = "?") -> str:
    """A faction's mark in ``locale``: two Latin letters, or in Chinese the first character
    of its name (unique among the fourteen: 女 巫, 哈 比人, 遊 牧民族...)."""
    if not faction:
        return default
    if locale != "en":
        name = _title(faction, locale)
        if name and name != FACTION_TITLE.get(faction) and not name.isascii():
            return name[0]
    return FACTION_TAG.get(faction, default)

CULTS = ("fire", "water", "earth", "air")
CULT_COLOUR = {
    "fire": (226, 76, 36), "water": (40, 116, 214), "earth": (140, 96, 44), "air": (170, 176, 190),
}
#: Power gained when a cult marker reaches these spaces.
CULT_POWER = {3: 1, 5: 2, 7: 2, 10: 3}
PRIEST_SPACES = (3, 2, 2, 2)

#: the six power actions in board order (their faces: ``terra_mystica_labels.action_face``)
POWER_ACTIONS = ("ACT1", "ACT2", "ACT3", "ACT4", "ACT5", "ACT6")
POWER_COST = {a: _ACTS[a]["cost"] for a in POWER_ACTIONS}
BUILDINGS = ("D", "TP", "TE", "SH", "SA")
BUILDING_STOCK = {"D": 8, "TP": 4, "TE": 3, "SH": 1, "SA": 1}

HIGHLIGHT = cv.HIGHLIGHT
GOLD = (232, 178, 20)
POWER_PURPLE = (128, 70, 170)
X_RED = (200, 20, 20)
OK_GREEN = (30, 130, 50)
BAD_RED = (190, 40, 40)
WARN_AMBER = (170, 110, 20)
LAST_INK = (170, 30, 110)


# --- geometry ---------------------------------------------------------------

HEX_R = 68                      # centre to corner
HEX_W = math.sqrt(3) * HEX_R    # flat side to flat side
MAP_LEFT = (WIDTH - 13 * HEX_W) / 2
#: the top strip: big enough to read "whose turn" on a phone, where Discord
#: shows the board about a quarter of its width
HEADER_SCALE, HEADER_ROWS = 1.2, 2
BANNER_H = cv.header_height(HEADER_SCALE, HEADER_ROWS)
PANEL_BANNER_H = 76   # the /hand panel keeps the one-line banner
TITLE_SIZE, STATUS_SIZE = 34, 32
MAP_TOP = BANNER_H + 52


def _cells(rows: tuple[str, ...]) -> list[dict]:
    """Every map cell: id (E5 or r12), row, column, terrain letter or '~'."""
    cells, river = [], 0
    for r, row in enumerate(rows):
        land = 0
        for c, letter in enumerate(row.split()):
            if letter == "~":
                cid, river = f"r{river}", river + 1
            else:
                land += 1
                cid = f"{ROW_LETTERS[r]}{land}"
            cells.append({"id": cid, "row": r, "col": c, "letter": letter})
    return cells


class MapGeo:
    """One map's cells as drawn: ``first`` is its first row with cells (B on the maps the site
    keeps with an empty row A), drawn at the top; odd rows sit half a hex to the right."""

    def __init__(self, rows: tuple[str, ...]):
        self.rows = rows
        self.cells = _cells(rows)
        self.by_id = {c["id"]: c for c in self.cells}
        self.land_ids = [c["id"] for c in self.cells if c["letter"] != "~"]
        self.first = min(c["row"] for c in self.cells)


@lru_cache(maxsize=16)
def geo_for(rows: tuple[str, ...]) -> MapGeo:
    return MapGeo(rows)


ORIGINAL = geo_for(MAP_ROWS)
CELLS, CELL_BY_ID, LAND_IDS = ORIGINAL.cells, ORIGINAL.by_id, ORIGINAL.land_ids


def hex_centre(cell_id: str, top: float = MAP_TOP, left: float = MAP_LEFT, w: float = HEX_W,
               r: float = HEX_R, geo: MapGeo = ORIGINAL) -> tuple[float, float]:
    """Pixel centre of a cell: odd rows (B, D, F, H, J) are shifted half a hex."""
    cell = geo.by_id[cell_id]
    x = left + w / 2 + cell["col"] * w + (w / 2 if cell["row"] % 2 else 0)
    y = top + r + (cell["row"] - geo.first) * 1.5 * r
    return x, y


def neighbours(cell_id: str) -> list[str]:
    """Cells sharing an edge (the data file's rule), for tests and adapters."""
    cell = CELL_BY_ID[cell_id]
    r, c = cell["row"], cell["col"]
    by_pos = {(x["row"], x["col"]): x["id"] for x in CELLS}
    around = [(r, c - 1), (r, c + 1)]
    for dr in (-1, 1):
        cols = (c, c + 1) if r % 2 else (c - 1, c)
        around += [(r + dr, cc) for cc in cols]
    return [by_pos[p] for p in around if p in by_pos]


MAP_BOTTOM = MAP_TOP + HEX_R * 2 + 8 * 1.5 * HEX_R
#: hex ids in event texts: land (E5) and river (r16, a Mermaids' connection)
HEX_RE = re.compile(r"\b([A-J](?:1[0-3]|[1-9])|r(?:3[0-5]|[12]?[0-9]))\b")


# --- the model drawn, built from the engine's view --------------------------

def _norm_faction(name) -> str:
    return str(name or "").lower().replace(" ", "").replace("_", "")


def _title(faction: str, locale: str = "en") -> str:
    """A faction's name in ``locale`` (the engine's ``tm.faction.*`` keys), else the data's."""
    if not faction:
        return "?"
    if locale != "en":
        name = label(f"tm.faction.{faction}", locale)
        if not name.startswith("tm.faction."):
            return name
    return FACTION_TITLE.get(faction, faction.capitalize())


def _w(t: dict, key: str, **params) -> str:
    """A board label in the table's language."""
    return label(key, t.get("locale", "en"), **params)


def _colour(player: dict):
    home = _terrain(player.get("home")) or FACTION_HOME.get(player.get("faction") or "")
    if home:
        return FACTION_COLOUR[home]
    return cv.seat_colour(player["seat"])


@lru_cache(maxsize=64)
def _terrain(value) -> str | None:
    """The view names terrains by the site's colour (``gray``); drawn by terrain (kept per value:
    a turn image asks it for every hex of the map)."""
    v = str(value or "").lower()
    return COLOUR_NAME_TERRAIN.get(v, v if v in TERRAIN_FILL else None)


def _terrain_marks(t: dict, p: dict) -> tuple[str, list[str]] | None:
    """(word, terrains) a Fire & Ice seat shows beside its tiles: the Riverwalkers' unlocked
    terrains, else the colour an ice, volcano or variable faction picked; None for the others."""
    if p.get("unlocked"):
        return _w(t, "tm.board.unlocked"), [x for x in map(_terrain, p["unlocked"]) if x]
    picked = _terrain(p.get("picked"))
    return (_w(t, "tm.board.picked"), [picked]) if picked else None


def _draw_marks(draw, marks: tuple[str, list[str]], x: float, y: float, size: int, r: float) -> float:
    """The word and a swatch per terrain (its colour and pattern, as on the map) from ``x``,
    centred on ``y``; returns the right edge."""
    word, terrains = marks
    text(draw, (x, y), word, size=size, fill=MUTED, anchor="lm")
    x += text_width(word, size) + 8
    for name in terrains:
        cv.polygon(draw, cv.hex_corners(x + r, y, r), fill=TERRAIN_FILL[name], outline=(70, 64, 56), width=2)
        motif(draw, name, x + r, y, r * 0.42)
        x += 2 * r + 4
    return x


def _marks_width(marks: tuple[str, list[str]], size: int, r: float) -> float:
    return text_width(marks[0], size) + 8 + len(marks[1]) * (2 * r + 4)


def _building(value) -> str | None:
    return str(value).upper() if value else None


class _Names(dict):
    def __missing__(self, key):
        return "{" + key + "}"


def _fill_names(line, label: dict) -> str:
    """Event texts name players as {p0}, {p1}...; unknown braces stay as typed."""
    try:
        return str(line).format_map(_Names(label))
    except (ValueError, IndexError, AttributeError):
        return str(line)


def _player(p: dict, name: str) -> dict:
    """One seat of the view (``games/terra_mystica/view.py`` documents the keys).
    A seat that has not chosen a faction yet carries only seat and faction."""
    player = {
        "seat": p["seat"],
        "faction": _norm_faction(p.get("faction")),
        "name": name,
        "vp": p.get("vp", 0),
        "coins": p.get("coins", 0),
        "workers": p.get("workers", 0),
        "priests": p.get("priests", 0),
        "bowls": list(p.get("power") or [0, 0, 0]),
        "cult": list(p.get("cult") or [0, 0, 0, 0]),
        "shipping": p.get("shipping", 0),
        "range": p.get("range", 1),
        "digging": p.get("digging", 0),
        "left": {b: int((p.get("supply") or BUILDING_STOCK).get(b, 0)) for b in BUILDINGS},
        "favours": list(p.get("favours") or []),
        "towns": list(p.get("towns") or []),
        "keys": p.get("keys"),
        "bonus": p.get("bonus"),
        "passed": bool(p.get("passed")),
        "bridges": p.get("bridges_left"),
        "income": p.get("income"),
        # Fire & Ice: the terrain a faction builds on (a variable faction's pick), its picked colour
        "home": p.get("home"),
        "picked": p.get("picked"),
        "unlocked": list(p.get("unlocked") or []),
    }
    player["colour"] = _colour(player)
    return player


def _table(view: dict, names: list[str] | None, locale: str = "en") -> dict:
    """The engine's public view -> the model this module draws (its labels in ``locale``)."""
    players = [_player(p, names[i] if names and i < len(names) else f"Seat {i + 1}")
               for i, p in enumerate(view.get("players") or [])]

    geo = geo_for(tuple(view.get("rows") or MAP_ROWS))
    hexes = {}
    for hid, h in (view.get("map") or {}).items():
        if hid in geo.by_id:
            hexes[hid] = {"terrain": _terrain(h.get("terrain")), "building": _building(h.get("building")),
                          "owner": h.get("owner"), "town": bool(h.get("town"))}
    bridges = [(b["hexes"][0], b["hexes"][1], b.get("owner")) for b in view.get("bridges") or []]

    cults = {str(k).lower(): v for k, v in (view.get("cults") or {}).items()}
    priests = {c: list((cults.get(c) or {}).get("priests") or []) for c in CULTS}
    acts = view.get("power_actions") or {}
    used = {a for a, v in acts.items() if v.get("used")}

    # the "what just happened" line names players; the hexes it names are outlined
    called = {f"p{p['seat']}": p["name"] if names else (_title(p["faction"], locale) if p["faction"] else p["name"])
              for p in players}
    last = [_fill_names(x, called) for x in last_lines(view, locale)]
    # the hexes named, read from the English lines (Chinese ones run words into hex ids)
    last_hexes = {m for line in view.get("last") or [] for m in HEX_RE.findall(str(line))}
    return {
        "locale": locale,
        "geo": geo,
        "players": players,
        "hexes": hexes,
        "bridges": bridges,
        "priests": priests,
        "round": view.get("round") or 0,
        "phase": view.get("phase") or "",
        "turn": view.get("turn"),
        "to_move": list(view.get("to_move") or []),
        # seats whose only business now is a power offer: told apart from the seat on turn
        "answering": {int(o["seat"]) for o in view.get("leeches") or []} & set(view.get("to_move") or []),
        "order": list(view.get("order") or [p["seat"] for p in players]),
        "actions_used": used,
        "scoring": list(view.get("scoring") or []),
        "final_tile": view.get("final_tile"),
        "bonus_pool": dict(view.get("bonus_cards") or {}),
        "favours_left": dict(view.get("favours") or {}),
        "towns_left": dict(view.get("town_tiles") or {}),
        # tiles whose value follows the online site, not a printed rule (games.terra_mystica.data.UNVERIFIED)
        "designed": set(view.get("designed_tiles") or ()),
        "last": last,
        "last_hexes": last_hexes,
        "result": view.get("result"),
    }


# --- cached text -----------------------------------------------------------------

#: text from the shared label cache (``canvas.text``): boards repeat most labels (hex ids, tile names)
text = cv.text


# --- drawing primitives -------------------------------------------------------

def _clip(s: str, size: int, bold: bool, room: float) -> str:
    """``s`` cut with "…" to fit ``room`` pixels (long Discord names in tight title rows)."""
    if text_width(s, size, bold) <= room:
        return s
    while s and text_width(s + "…", size, bold) > room:
        s = s[:-1]
    return s + "…"


def _fit_size(s: str, size: int, bold: bool, room: float, smallest: int) -> int:
    """The largest type from ``size`` down to ``smallest`` at which ``s`` fits ``room`` pixels
    (a Chinese tile face is wider than the English shorthand)."""
    while size > smallest and text_width(s, size, bold) > room:
        size -= 1
    return size


def _category(key: str, t: dict) -> str:
    """A final-score category (game, fire, network...) in the table's language."""
    return score_word("terra-mystica", key, t.get("locale", "en"))


def _darker(c, f=0.55):
    return tuple(int(v * f) for v in c[:3])


def _outline_for(colour):
    """Dark outline, except a light one around (near-)black pieces."""
    return (235, 235, 235) if sum(colour[:3]) < 120 else (30, 30, 30)


def draw_building(draw, kind: str, cx: float, cy: float, s: float, fill, outline=None, width=3):
    """One building: D small house, TP big house with a wing, TE disc,
    SH square keep with battlements, SA wide pill."""
    outline = outline or _outline_for(fill)
    if kind == "D":
        h = s * 0.9
        pts = [(cx - s / 2, cy + h / 2), (cx - s / 2, cy - h / 8), (cx, cy - h / 2 - s / 4),
               (cx + s / 2, cy - h / 8), (cx + s / 2, cy + h / 2)]
        cv.polygon(draw, pts, fill=fill, outline=outline, width=width)
    elif kind == "TP":
        a = s * 0.75
        pts = [(cx - a, cy + a * 0.8), (cx - a, cy - a * 0.1), (cx - a / 2, cy - a * 0.7),
               (cx, cy - a * 0.1), (cx, cy - a * 0.45), (cx + a / 2, cy - a * 1.05),
               (cx + a, cy - a * 0.45), (cx + a, cy + a * 0.8)]
        cv.polygon(draw, pts, fill=fill, outline=outline, width=width)
    elif kind == "TE":
        r = s * 0.62
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill, outline=outline, width=width)
    elif kind == "SH":
        a, t = s * 0.68, s * 0.22
        pts = [(cx - a, cy + a), (cx - a, cy - a - t), (cx - a + t, cy - a - t), (cx - a + t, cy - a),
               (cx - t / 2, cy - a), (cx - t / 2, cy - a - t), (cx + t / 2, cy - a - t), (cx + t / 2, cy - a),
               (cx + a - t, cy - a), (cx + a - t, cy - a - t), (cx + a, cy - a - t), (cx + a, cy + a)]
        cv.polygon(draw, pts, fill=fill, outline=outline, width=width)
    elif kind == "SA":
        a, b = s * 0.95, s * 0.52
        draw.rounded_rectangle((cx - a, cy - b, cx + a, cy + b), radius=b, fill=fill, outline=outline, width=width)
    else:
        text(draw, (cx, cy), kind, size=int(s * 0.6), fill=fill, bold=True, anchor="mm")


def _power_bowls(draw, x, y, bowls, d=44, size=22):
    """Three bowls I, II, III as discs with the token count inside."""
    fills = [(225, 214, 236), (196, 170, 222), POWER_PURPLE]
    for i, n in enumerate(bowls):
        cx = x + i * (d + 10)
        draw.ellipse((cx, y, cx + d, y + d), fill=fills[i], outline=_darker(POWER_PURPLE), width=2)
        text(draw, (cx + d / 2, y + d / 2), str(n), size=size, bold=True,
             fill=WHITE if i == 2 else INK, anchor="mm")
    return x + 3 * (d + 10)


def _key(draw, cx, cy, colour, s=1.0):
    """A small key: space 10 of a cult track needs one (from a town tile)."""
    r = 8 * s
    draw.ellipse((cx - 22 * s - r, cy - r, cx - 22 * s + r, cy + r), outline=colour, width=max(2, int(4 * s)))
    draw.line((cx - 14 * s, cy, cx + 20 * s, cy), fill=colour, width=max(2, int(5 * s)))
    for dx in (10, 18):
        draw.line((cx + dx * s, cy, cx + dx * s, cy + 8 * s), fill=colour, width=max(2, int(4 * s)))


def _x_mark(draw, box, colour=X_RED, width=7):
    x0, y0, x1, y1 = box
    draw.line((x0, y0, x1, y1), fill=colour, width=width)
    draw.line((x0, y1, x1, y0), fill=colour, width=width)


# --- the map ------------------------------------------------------------------

MAP_BOX = (0, MAP_TOP - 8, WIDTH, int(MAP_TOP + HEX_R * 2 + 8 * 1.5 * HEX_R) + 8)


#: the map's type on the full board: hex ids, a building's faction mark, river ids (Mermaids)
MAP_TYPE = (20, 18, 17)
#: the same on the turn image's map cut, pasted at full size: 22 px and up (11 px on a phone)
TURN_MAP_TYPE = (24, 24, 22)


#: map bases drawn (``_map_base``), least recently used first: (map rows, terrains, river ids, type)
#: -> image. A base is about 5 MB (1600 x 1100 RGB), so a render worker keeps a few.
_BASES: OrderedDict[tuple, Image.Image] = OrderedDict()
MAP_BASES = 8


def _map_base(geo: MapGeo, terrains: tuple, river_ids: bool, sizes: tuple | None = MAP_TYPE):
    """Rivers, terrain hexes and hex ids: the part of the map that changes only
    when a hex is terraformed, so consecutive boards share it (``sizes``: ``MAP_TYPE``
    or ``TURN_MAP_TYPE``; None: no words at all, for a map drawn smaller). Kept per map, terrains,
    river ids and type; a terraform starts from the kept base of the same map and type nearest
    to it and redraws only the hexes whose terrain differs (each hex's drawing stays inside its
    own outline, so the result is pixel for pixel the full drawing: tests/renderers/test_static_layers.py)."""
    key = (geo.rows, terrains, river_ids, sizes)
    img = _BASES.get(key)
    if img is not None:
        _BASES.move_to_end(key)
        return img
    near, changed = None, None
    for k in _BASES:
        if k[0] == geo.rows and k[2:] == (river_ids, sizes):
            diff = [i for i, (a, b) in enumerate(zip(k[1], terrains, strict=True)) if a != b]
            if changed is None or len(diff) < len(changed):
                near, changed = k, diff
    if near is not None and len(changed) <= len(terrains) // 4:
        img = _BASES[near].copy()
        draw = ImageDraw.Draw(img)
        land = [c for c in geo.cells if c["letter"] != "~"]
        for i in changed:
            _draw_hex(draw, geo, land[i], terrains[i], sizes)
    else:
        img = _draw_base(geo, terrains, river_ids, sizes)
    _BASES[key] = img
    while len(_BASES) > MAP_BASES:
        _BASES.popitem(last=False)
    return img


_map_base.cache_clear = _BASES.clear  # as before, when it was an ``lru_cache``


def _draw_base(geo: MapGeo, terrains: tuple, river_ids: bool, sizes: tuple | None):
    """The whole map base drawn from nothing (``_map_base``)."""
    x0, y0, x1, y1 = MAP_BOX
    img, draw = cv.new_canvas(x1 - x0, y1 - y0)
    for cell in geo.cells:
        if cell["letter"] == "~":
            cx, cy = hex_centre(cell["id"], top=MAP_TOP - y0, geo=geo)
            draw.polygon(cv.hex_corners(cx, cy, HEX_R + 1), fill=RIVER_FILL)
    for cell, terrain in zip((c for c in geo.cells if c["letter"] != "~"), terrains, strict=True):
        _draw_hex(draw, geo, cell, terrain, sizes)
    if river_ids and sizes:  # only Mermaids name river hexes (connect rN)
        for cell in geo.cells:
            if cell["letter"] == "~":
                cx, cy = hex_centre(cell["id"], top=MAP_TOP - y0, geo=geo)
                text(draw, (cx, cy), cell["id"], size=sizes[2], fill=(110, 150, 190), anchor="mm")
    return img


def _draw_hex(draw, geo: MapGeo, cell: dict, terrain: str, sizes: tuple | None) -> None:
    """One land hex of a map base: its terrain, pattern and id."""
    clear = (text_width("A13", sizes[0], True) / 2 + 4, sizes[0] * 0.6 + 2) if sizes else (0, 0)  # the id's half size
    cx, cy = hex_centre(cell["id"], top=MAP_TOP - MAP_BOX[1], geo=geo)
    cv.polygon(draw, cv.hex_corners(cx, cy, HEX_R - 1), fill=TERRAIN_FILL[terrain], outline=(70, 64, 56), width=2)
    draw_pattern(draw, terrain, cx, cy, HEX_R, -HEX_R * 0.58, clear)
    if sizes:
        label_fill = WHITE if terrain == "swamp" else INK
        text(draw, (cx, cy - HEX_R * 0.58), cell["id"], size=sizes[0], bold=True, fill=label_fill, anchor="mm")


def _draw_map(img, draw, t: dict, sizes: tuple | None = MAP_TYPE):
    img.paste(_map_base(t["geo"], _terrains(t), _has_mermaids(t), sizes), MAP_BOX[:2])
    for item in _map_items(t, sizes):
        item[2](draw)


def _terrains(t: dict) -> tuple:
    hexes, geo = t["hexes"], t["geo"]
    return tuple((hexes.get(h) or {}).get("terrain") or LETTER_TERRAIN[geo.by_id[h]["letter"]]
                 for h in geo.land_ids)


def _has_mermaids(t: dict) -> bool:
    return any(p["faction"] == "mermaids" for p in t["players"])


def _box(x0: float, y0: float, x1: float, y1: float) -> tuple[int, int, int, int]:
    """A drawing's bounds in whole pixels, with a pixel to spare for rounding."""
    return math.floor(x0) - 1, math.floor(y0) - 1, math.ceil(x1) + 2, math.ceil(y1) + 2


#: how far a hex's drawings reach from its centre: terrain and id, town and highlight outlines
#: (wide lines centred on a hex just inside the hex, their round joints), building and tag
HEX_REACH = HEX_R + 8


def _hex_box(geo: MapGeo, hid: str) -> tuple[int, int, int, int]:
    cx, cy = hex_centre(hid, geo=geo)
    return _box(cx - HEX_REACH, cy - HEX_REACH, cx + HEX_REACH, cy + HEX_REACH)


def _map_items(t: dict, sizes: tuple | None) -> list[tuple]:
    """What is drawn over the map base, in drawing order: bridges, then each hex's town and
    building, then the last move's outlines. Each item is (what it shows, the pixels it may
    touch, how to draw it): the first says when it changed (``_kept_map``), the second where."""
    hexes, players, geo = t["hexes"], t["players"], t["geo"]
    seat_colour = {p["seat"]: p["colour"] for p in players}
    seat_tag = {p["seat"]: faction_tag(p["faction"], t.get("locale", "en"), cv.seat_letter(p["seat"])) for p in players}
    items = []
    # bridges over the river, in the builder's colour
    for a, z, owner in t["bridges"]:
        if a not in geo.by_id or z not in geo.by_id:
            continue
        (x0, y0), (x1, y1) = hex_centre(a, geo=geo), hex_centre(z, geo=geo)
        colour = seat_colour.get(owner, (120, 90, 60))
        k = 0.45
        p0 = (x0 + (x1 - x0) * k * 0.75, y0 + (y1 - y0) * k * 0.75)
        p1 = (x1 - (x1 - x0) * k * 0.75, y1 - (y1 - y0) * k * 0.75)

        def bridge(draw, p0=p0, p1=p1, colour=colour):
            draw.line((p0, p1), fill=_outline_for(colour), width=20)
            draw.line((p0, p1), fill=colour, width=12)
        box = _box(min(p0[0], p1[0]) - 12, min(p0[1], p1[1]) - 12, max(p0[0], p1[0]) + 12, max(p0[1], p1[1]) + 12)
        items.append((("bridge", a, z, colour), box, bridge))
    # towns, buildings, last move
    for hid, h in hexes.items():
        if not (h.get("town") or h.get("building")):
            continue
        cx, cy = hex_centre(hid, geo=geo)
        box = _hex_box(geo, hid)
        if h.get("town"):
            def town(draw, cx=cx, cy=cy):
                cv.polygon(draw, cv.hex_corners(cx, cy, HEX_R - 8), outline=GOLD, width=7)
            items.append((("town", hid), box, town))
        if h.get("building"):
            colour = seat_colour.get(h.get("owner"), (80, 80, 80))
            tag = seat_tag.get(h.get("owner")) if sizes else None

            def building(draw, cx=cx, cy=cy, kind=h["building"], colour=colour, tag=tag):
                draw_building(draw, kind, cx, cy + HEX_R * 0.16, HEX_R * 0.62, colour, width=4)
                if tag:
                    text(draw, (cx, cy + HEX_R * 0.22), tag, size=sizes[1], bold=True, fill=cv.contrast(colour),
                         anchor="mm")
            items.append((("building", hid, h["building"], colour, tag), box, building))
    for hid in t["last_hexes"]:
        if hid in geo.by_id:
            cx, cy = hex_centre(hid, geo=geo)

            def last(draw, cx=cx, cy=cy):
                cv.polygon(draw, cv.hex_corners(cx, cy, HEX_R - 3), outline=HIGHLIGHT, width=8)
            items.append((("last", hid), _hex_box(geo, hid), last))
    return items


#: maps kept drawn between turn images (``_kept_map``), least recently used first:
#: (map rows, type, river ids) -> [image, base terrains, {item: its pixels}]. An image is about
#: 5.5 MB (1600 x 1160 RGB): a render worker keeps a few, one per map in play at once.
_KEPT: OrderedDict[tuple, list] = OrderedDict()
KEPT_MAPS = 4
#: past this many pixels to redraw, the whole map is drawn afresh
KEPT_REDRAW_SHARE = 0.4


def _kept_map(t: dict, sizes: tuple | None = TURN_MAP_TYPE) -> tuple[Image.Image, tuple, dict]:
    """``map_image(t, sizes)``, kept between calls and brought up to date by redrawing only where
    something changed; with what it shows (the base's terrains, each item's pixels, for
    ``_changed_boxes``). Read only: the caller crops it. Each box is drawn as ``map_image`` draws the whole: background, base,
    then every item that reaches into it, in order; a box grows until every item reaching
    into it lies inside it, so nothing is drawn half (tests/renderers/test_static_layers.py)."""
    geo, mermaids = t["geo"], _has_mermaids(t)
    key = (geo.rows, sizes, mermaids)
    terrains = _terrains(t)
    base = _map_base(geo, terrains, mermaids, sizes)
    items = _map_items(t, sizes)
    now = {item[0]: item[1] for item in items}
    kept = _KEPT.get(key)
    if kept is not None:
        _KEPT.move_to_end(key)
        img = kept[0]
        boxes = _grown(_changed_boxes(geo, kept[1], kept[2], terrains, now), items)
        if sum((x1 - x0) * (y1 - y0) for x0, y0, x1, y1 in boxes) <= KEPT_REDRAW_SHARE * img.width * img.height:
            draw = ImageDraw.Draw(img)
            for box in boxes:
                _redraw(img, draw, base, items, box)
            kept[1], kept[2] = terrains, now
            return img, terrains, now
    img, draw = cv.new_canvas(WIDTH, int(MAP_BOTTOM) + 10)
    img.paste(base, MAP_BOX[:2])
    for item in items:
        item[2](draw)
    _KEPT[key] = [img, terrains, now]
    while len(_KEPT) > KEPT_MAPS:
        _KEPT.popitem(last=False)
    return img, terrains, now


def _changed_boxes(geo: MapGeo, was_terrains: tuple, was: dict, terrains: tuple, now: dict) -> list:
    """Where two drawings of a map differ: the pixels of every item only one of them has
    and of every hex whose terrain changed."""
    land = geo.land_ids
    boxes = [was[k] for k in was.keys() - now.keys()] + [now[k] for k in now.keys() - was.keys()]
    return boxes + [_hex_box(geo, land[i]) for i, (a, b) in enumerate(zip(was_terrains, terrains)) if a != b]


def _meets(a: tuple, b: tuple) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _grown(boxes: list, items: list) -> list:
    """``boxes`` merged where they meet and grown until every item reaching into one lies inside it."""
    out = list(boxes)
    changed = True
    while changed:
        changed = False
        for i, box in enumerate(out):
            for _, item_box, _ in items:
                if _meets(box, item_box) and not (box[0] <= item_box[0] and box[1] <= item_box[1]
                                                  and item_box[2] <= box[2] and item_box[3] <= box[3]):
                    box = (min(box[0], item_box[0]), min(box[1], item_box[1]),
                           max(box[2], item_box[2]), max(box[3], item_box[3]))
                    changed = True
            for j in range(len(out)):
                if j != i and out[j] is not None and _meets(box, out[j]):
                    o = out[j]
                    box = (min(box[0], o[0]), min(box[1], o[1]), max(box[2], o[2]), max(box[3], o[3]))
                    out[j] = None
                    changed = True
            out[i] = box
            if changed:
                break
        out = [b for b in out if b is not None]
    return out


def _redraw(img: Image.Image, draw, base: Image.Image, items: list, box: tuple) -> None:
    """The pixels of ``box`` drawn again from nothing, as ``map_image`` draws them."""
    x0, y0, x1, y1 = max(box[0], 0), max(box[1], 0), min(box[2], img.width), min(box[3], img.height)
    if x0 >= x1 or y0 >= y1:
        return
    img.paste(cv.BG, (x0, y0, x1, y1))
    bx, by = MAP_BOX[:2]
    cut = (max(x0, bx), max(y0, by), min(x1, bx + base.width), min(y1, by + base.height))
    if cut[0] < cut[2] and cut[1] < cut[3]:
        img.paste(base.crop((cut[0] - bx, cut[1] - by, cut[2] - bx, cut[3] - by)), cut[:2])
    for _, item_box, paint in items:
        if _meets(item_box, box):
            paint(draw)


#: the terrain key under the map: each terrain's colour and pattern, and its name
KEY_H, KEY_TYPE = 44, 22


def map_terrains(t: dict) -> list[str]:
    """The terrains on the map now, in the table's order (``LOOKS``)."""
    hexes, geo = t["hexes"], t["geo"]
    on_map = {(hexes.get(h) or {}).get("terrain") or LETTER_TERRAIN[geo.by_id[h]["letter"]] for h in geo.land_ids}
    return [name for name in LOOKS if name in on_map]


def _draw_terrain_key(draw, t: dict, y: int) -> None:
    """A line under the map naming each terrain by its swatch: colour and pattern, the second
    the one a colour-blind player reads."""
    x = 20
    head = _w(t, "tm.board.terrain_key")
    text(draw, (x, y + KEY_H / 2), head, size=KEY_TYPE, bold=True, anchor="lm")
    x += text_width(head, KEY_TYPE, True) + 14
    for name in map_terrains(t):
        r = KEY_H / 2 - 1
        cx, cy = x + r, y + KEY_H / 2
        cv.polygon(draw, cv.hex_corners(cx, cy, r), fill=TERRAIN_FILL[name], outline=(70, 64, 56), width=2)
        motif(draw, name, cx, cy, r * 0.42)
        word = label(f"tm.terrain.{name}", t.get("locale", "en"))
        word = name if word.startswith("tm.terrain.") else word
        text(draw, (x + 2 * r + 8, cy), word, size=KEY_TYPE, anchor="lm")
        x += 2 * r + 8 + text_width(word, KEY_TYPE) + 22


# --- banner and turn order ---------------------------------------------------------

ROUNDS = 6  # a game of Terra Mystica has six rounds (the round scoring tiles drawn at setup)
SETUP_PHASES = ("factions", "dwellings", "bonus")  # each has a ``tm.board.phase.*`` label


def _banner(draw, width: int, title: str, status: str) -> None:
    """``canvas.turn_banner`` in larger type (its sizes are fixed)."""
    draw.rectangle((0, 0, width, PANEL_BANNER_H), fill=BANNER)
    ink = cv.contrast(BANNER)
    text(draw, (20, PANEL_BANNER_H // 2), title, size=TITLE_SIZE, fill=ink, bold=True, anchor="lm")
    text(draw, (width - 20, PANEL_BANNER_H // 2), status, size=STATUS_SIZE, fill=ink, bold=True, anchor="rm")


BANNER = (52, 44, 72)


def _status(t: dict, width: int = WIDTH) -> tuple[str, str]:
    players = {p["seat"]: p for p in t["players"]}
    rnd = t["round"]
    loc = t.get("locale", "en")
    game = game_name("terra-mystica", loc)
    if t["result"]:
        winners = t["result"].get("winners") or []
        names = together((_w(t, "tm.face.named", name=players[s]["name"], faction=_title(players[s]["faction"], loc))
                          if players[s].get("name") else _title(players[s]["faction"], loc)
                          for s in winners if s in players), loc)
        return (_w(t, "tm.board.final_title", game=game),
                _w(t, "tm.board.win", names=names) if names else _w(t, "board.game_over"))
    if not rnd:
        phase = _w(t, f"tm.board.phase.{t['phase']}") if t["phase"] in SETUP_PHASES else str(t["phase"] or "")
        title = _w(t, "tm.face.title", game=game, what=phase)
    else:
        what = _w(t, "board.round_of", n=rnd, total=ROUNDS)
        if t["phase"] == "spades":
            what += _w(t, "tm.board.spades")
        if t["turn"]:
            what += _w(t, "tm.board.turn", n=t["turn"])
        title = _w(t, "tm.face.title", game=game, what=what)
    acting = [players[s] for s in t["to_move"] if s in players and s not in t.get("answering", ())]
    offered = [players[s] for s in t["to_move"] if s in players and s in t.get("answering", ())]
    if not acting and not offered:
        return title, ""
    room = width - 80 - text_width(title, TITLE_SIZE, True)
    def who(ps, named):
        if named:
            items = [_w(t, "tm.face.named", name=p["name"], faction=_title(p["faction"], loc)) if p["faction"]
                     else p["name"] for p in ps]
        else:
            items = [_title(p["faction"], loc) if p["faction"] else p["name"] for p in ps]
        return _w(t, "tm.face.parts_list", items=items)

    for named in (True, False):  # drop the player names when both do not fit
        parts = ([_w(t, "tm.board.up", who=who(acting, named))] if acting else []) + (
            [_w(t, "tm.board.offer", who=who(offered, named))] if offered else [])
        status = "; ".join(parts)
        if text_width(status, STATUS_SIZE, True) <= room:
            break
    while text_width(status, STATUS_SIZE, True) > room and len(status) > 12:
        status = status[:-2] + "…"
    return title, status


def up_seat(t: dict) -> int | None:
    """The seat on turn (a seat only answering a power offer comes second)."""
    acting = [s for s in t["to_move"] if s not in t.get("answering", ())]
    return acting[0] if acting else (t["to_move"][0] if t["to_move"] else None)


def _draw_order(draw, t: dict, y: int):
    players = {p["seat"]: p for p in t["players"]}
    x = 20
    head = _w(t, "tm.board.order")
    text(draw, (x, y + 20), head, size=22, bold=True, anchor="lm")
    x += text_width(head, 22, True) + 14
    for i, seat in enumerate(t["order"]):
        p = players.get(seat)
        if not p:
            continue
        chip = f"{i + 1}. {_title(p['faction'], t.get('locale', 'en')) if p['faction'] else p['name']}"
        w = text_width(chip, 22, True) + 24
        up = seat in t["to_move"]
        fill = p["colour"] if not p["passed"] else (215, 210, 200)
        draw.rounded_rectangle((x, y + 3, x + w, y + 37), radius=8, fill=fill,
                               outline=HIGHLIGHT if up else MUTED, width=5 if up else 2)
        text(draw, (x + w / 2, y + 20), chip, size=22, bold=True,
             fill=cv.contrast(fill) if not p["passed"] else MUTED, anchor="mm")
        x += w + 10


# --- cult tracks ------------------------------------------------------------------

def _draw_cults(draw, t: dict, box):
    x0, y0, x1, y1 = box
    cv.panel(draw, box, _w(t, "tm.board.cults_title"), colour=(90, 70, 120))
    players = t["players"]
    n = max(1, len(players))
    col_w = (x1 - x0 - 86) / 4
    top = y0 + 84
    row_h = 49
    for ci, cult in enumerate(CULTS):
        cx0 = x0 + 76 + ci * col_w
        colour = CULT_COLOUR[cult]
        draw.rounded_rectangle((cx0 + 4, y0 + 42, cx0 + col_w - 4, y0 + 76), radius=8, fill=colour)
        text(draw, (cx0 + col_w / 2, y0 + 59), _w(t, f"tm.board.cult.{cult}"), size=22, bold=True,
             fill=cv.contrast(colour), anchor="mm")
        for pos in range(10, -1, -1):
            ry = top + (10 - pos) * row_h
            shade = (236, 230, 244) if pos in CULT_POWER else (250, 247, 240)
            draw.rectangle((cx0 + 4, ry, cx0 + col_w - 4, ry + row_h - 2), fill=shade, outline=(210, 204, 196))
            if pos == 10 and not any(p["faction"] and p["cult"][ci] == 10 for p in players):
                _key(draw, cx0 + col_w / 2, ry + row_h / 2 - 1, (200, 190, 170))
            slot = (col_w - 12) / n
            d = min(32, slot - 4)
            for p in players:
                if p["faction"] and len(p["cult"]) > ci and p["cult"][ci] == pos:
                    mx = cx0 + 8 + p["seat"] * slot + (slot - d) / 2
                    my = ry + (row_h - 2 - d) / 2
                    draw.ellipse((mx, my, mx + d, my + d), fill=p["colour"], outline=_outline_for(p["colour"]),
                                 width=2)
                    if d >= 22:
                        text(draw, (mx + d / 2, my + d / 2), faction_tag(p["faction"], t.get("locale", "en")), size=int(d * 0.5),
                             bold=True, fill=cv.contrast(p["colour"]), anchor="mm")
        # priest spaces under the track
        py = top + 11 * row_h + 6
        sw = (col_w - 8) / 4
        for k, steps in enumerate(PRIEST_SPACES):
            sx = cx0 + 4 + k * sw
            draw.rounded_rectangle((sx + 2, py, sx + sw - 2, py + 44), radius=6, fill=(240, 234, 222),
                                   outline=colour, width=2)
            seats = t["priests"].get(cult) or []
            owner = seats[k] if k < len(seats) else None
            if owner is not None and owner != -1:
                pc = next((p["colour"] for p in players if p["seat"] == owner), MUTED)
                mid = sx + sw / 2
                draw.polygon([(mid, py + 5), (mid + 15, py + 39), (mid - 15, py + 39)], fill=pc,
                             outline=_outline_for(pc))
            else:
                text(draw, (sx + sw / 2, py + 22), str(steps), size=22, bold=True, fill=colour, anchor="mm")
    # position labels with power bonus and the key at 10
    for pos in range(10, -1, -1):
        ry = top + (10 - pos) * row_h + row_h / 2 - 1
        text(draw, (x0 + 26, ry), str(pos), size=22, bold=True, anchor="mm")
        if pos in CULT_POWER:
            label = f"+{CULT_POWER[pos]}"
            text(draw, (x0 + 58, ry), label, size=17, bold=True, fill=POWER_PURPLE, anchor="mm")
    text(draw, (x0 + 12, top + 11 * row_h + 28), _w(t, "tm.board.priests"), size=17, bold=True, fill=MUTED,
         anchor="lm")
    text(draw, (x0 + 14, y1 - 18), _w(t, "tm.board.cult_note"), size=18, fill=MUTED, anchor="lm")


# --- power actions, scoring, bonus cards, tiles -------------------------------------------

def _octagon(cx, cy, r):
    return [(cx + r * math.cos(math.radians(22.5 + 45 * i)), cy + r * math.sin(math.radians(22.5 + 45 * i)))
            for i in range(8)]


def _draw_actions(draw, t: dict, box):
    x0, y0, x1, y1 = box
    cv.panel(draw, box, _w(t, "tm.board.actions_title"), colour=POWER_PURPLE)
    w = (x1 - x0 - 20) / 6
    for i, aid in enumerate(POWER_ACTIONS):
        effect, price = face.action_face(aid, t.get("locale", "en"))
        cx = x0 + 10 + w * i + w / 2
        cy = y0 + 104
        used = aid in t["actions_used"]
        draw.polygon(_octagon(cx, cy, 62), fill=(222, 205, 238) if not used else (205, 200, 205),
                     outline=POWER_PURPLE, width=3)
        text(draw, (cx, cy - 32), aid, size=20, bold=True, anchor="mm")
        text(draw, (cx, cy), effect, size=_fit_size(effect, 22, True, 104, 17), bold=True, anchor="mm")
        text(draw, (cx, cy + 32), price, size=19, fill=POWER_PURPLE, bold=True, anchor="mm")
        if used:
            _x_mark(draw, (cx - 44, cy - 44, cx + 44, cy + 44))


def _draw_scoring(draw, t: dict, box):
    x0, y0, x1, y1 = box
    cv.panel(draw, box, _w(t, "tm.board.scoring_title"), colour=(60, 110, 80))
    tiles = t["scoring"]
    w = (x1 - x0 - 20) / 3
    h = (y1 - y0 - 50) / 2
    rnd = t["round"] or 0
    for i in range(6):
        tile = tiles[i] if i < len(tiles) else None
        bx = x0 + 10 + (i % 3) * w
        by = y0 + 42 + (i // 3) * h
        current = (i + 1) == rnd and not t["result"]
        past = (i + 1) < rnd or bool(t["result"])
        fill = (255, 246, 200) if current else ((232, 228, 220) if past else (250, 248, 242))
        draw.rounded_rectangle((bx + 3, by + 3, bx + w - 3, by + h - 5), radius=10, fill=fill,
                               outline=HIGHLIGHT if current else MUTED, width=6 if current else 2)
        ink = MUTED if past else INK
        rlabel = label("tm.face.round", t.get("locale", "en"), n=i + 1)
        text(draw, (bx + 14, by + 20), rlabel, size=22, bold=True, fill=ink, anchor="lm")
        if tile:
            tid = str(tile).upper()
            mark = "◇" if tid in t.get("designed", ()) else ""
            # the tile's id is the site's name for it (English only: nobody types it in a move)
            shown = tid + mark if t.get("locale", "en") == "en" else mark
            text(draw, (bx + w - 14, by + 20), shown, size=18, fill=MUTED, anchor="rm")
            during, bonus = face.scoring_face(tid, t.get("locale", "en"))
            room = w - 28
            text(draw, (bx + 14, by + 48), during, size=_fit_size(during, 22, True, room, 16), bold=True, fill=ink,
                 anchor="lm")
            if i < 5:
                text(draw, (bx + 14, by + 76), bonus, size=_fit_size(bonus, 20, False, room, 15), fill=ink,
                     anchor="lm")
            elif t.get("final_tile"):  # Fire & Ice: the extra final tile, scored after round 6
                line = _w(t, "tm.board.final_tile", tile=score_word("terra-mystica", t["final_tile"], t.get("locale")))
                text(draw, (bx + 14, by + 76), line, size=_fit_size(line, 20, True, room, 16), bold=True,
                     fill=(60, 110, 80), anchor="lm")
            else:
                text(draw, (bx + 14, by + 76), _w(t, "tm.board.no_cult_bonus"), size=18, fill=MUTED, anchor="lm")
        if current:  # on the title row: the lines below may run to the tile's right edge
            text(draw, (bx + 24 + text_width(rlabel, 22, True), by + 20), _w(t, "tm.board.now"), size=18, bold=True,
                 fill=HIGHLIGHT, anchor="lm")


def _draw_bonus_pool(draw, t: dict, box, per_row: int = 0, k: float = 1.0):
    """The bonus cards left (at most 8: players + 3), four to a row so their text keeps the
    board's body size in Chinese too; a long pass bonus wraps onto a second line, ``per_row`` to a
    row, every size times ``k`` (the turn image of a pick draws its own cards: ``bonus_image``)."""
    x0, y0, x1, y1 = box
    cv.panel(draw, box, _w(t, "tm.board.bonus_title"), colour=(150, 110, 40))
    pool = sorted(t["bonus_pool"].items(), key=lambda kv: int(re.sub(r"\D", "", kv[0]) or 0))
    per_row = per_row or BONUS_PER_ROW
    w = (x1 - x0 - 20) / per_row
    room = _bonus_room(x1 - x0, per_row, k)
    card_h, extra_size = round(BONUS_CARD_H * k), round(BONUS_EXTRA * k)
    for i, (bid, coins) in enumerate(pool):
        bx = x0 + 10 + (i % per_row) * w
        by = y0 + 42 + (i // per_row) * (card_h + 4)
        draw.rounded_rectangle((bx + 3, by, bx + w - 3, by + card_h), radius=8, fill=(250, 240, 215),
                               outline=MUTED, width=2)
        text(draw, (bx + 10, by + 16 * k), bid.upper(), size=round(21 * k), bold=True, anchor="lm")
        inc, extra = face.bonus_face(bid.upper(), t.get("locale", "en"))
        text(draw, (bx + 10, by + 39 * k), inc, size=_fit_size(inc, round(20 * k), False, room, round(16 * k)),
             anchor="lm")
        for row_i, row in enumerate(_two_lines(extra, room, extra_size)):
            text(draw, (bx + 10, by + (61 + row_i * 20) * k), row, size=extra_size, fill=MUTED, anchor="lm")
        coins = int(coins or 0)
        if coins:
            cxm, cym = bx + w - 24 * k, by + 18 * k
            draw.ellipse((cxm - 16 * k, cym - 14 * k, cxm + 16 * k, cym + 14 * k), fill=GOLD, outline=(150, 110, 20),
                         width=2)
            text(draw, (cxm, cym), str(coins), size=round(19 * k), bold=True, anchor="mm")
    if not pool:
        text(draw, (x0 + 16, y0 + 70), _w(t, "tm.board.none"), size=22, fill=MUTED, anchor="lm")


def _bonus_room(panel_w: float, per_row: int = 0, k: float = 1.0) -> float:
    """The width a bonus card's text may take in a panel ``panel_w`` wide."""
    return (panel_w - 20) / (per_row or BONUS_PER_ROW) - 18 * k


def _two_lines(s: str, room: float, size: int) -> list[str]:
    """``s`` on one line, else broken after its first colon ("跳過：" / "每個住宅 1 分"), so a
    number never parts from its unit; at most two lines."""
    if not s or text_width(s, size) <= room:
        return [s] if s else []
    for sep in ("：", ": "):
        head, mark, tail = s.partition(sep)
        if mark and tail:
            return (cv.wrap(head + mark.strip(), room, size) + cv.wrap(tail, room, size))[:2]
    return cv.wrap(s, room, size)[:2]


#: the bonus cards' grid: two rows of four hold the most a table can leave (5 players + 3)
BONUS_PER_ROW, BONUS_CARD_H, BONUS_EXTRA = 4, 94, 18


def _draw_tiles_left(draw, t: dict, box):
    """Favour tiles on three rows of four, town tiles on rows of four below."""
    x0, y0, x1, y1 = box
    cv.panel(draw, box, _w(t, "tm.board.tiles_title"), colour=(70, 90, 140))

    def rows(items, per_row, y):
        w = (x1 - x0 - 20) / per_row
        for i, (tid, n) in enumerate(items):
            bx = x0 + 12 + (i % per_row) * w
            by = y + (i // per_row) * 34
            ink = INK if n else (190, 185, 175)
            loc = t.get("locale", "en")
            label = f"{tid.upper()}{'◇' if tid.upper() in t.get('designed', ()) else ''} {face.count(n, loc)}"
            text(draw, (bx, by + 15), label, size=19, bold=True, fill=ink, anchor="lm")
            tid = tid.upper()
            desc = face.favour_face(tid, loc) if tid.startswith("FAV") else face.town_face(tid, loc)
            room = w - text_width(label, 19, True) - 14
            text(draw, (bx + text_width(label, 19, True) + 8, by + 15), desc, size=_fit_size(desc, 17, False, room, 13),
                 fill=MUTED if n else ink, anchor="lm")
        return y + ((len(items) + per_row - 1) // per_row) * 34

    def ordered(d):
        return sorted(d.items(), key=lambda kv: int(re.sub(r"\D", "", kv[0]) or 0))

    y = rows(ordered(t["favours_left"]), 4, y0 + 44)
    draw.line((x0 + 12, y + 3, x1 - 12, y + 3), fill=(210, 204, 196), width=2)
    rows(ordered(t["towns_left"]), 4, y + 8)


# --- faction panels ------------------------------------------------------------------

def _resource(draw, x, y, kind, n, size=24, locale="en"):
    """An icon (coin, worker cube, priest) followed by its count; returns the next x."""
    letter = label(f"tm.face.icon.{kind.lower()}", locale)
    if kind == "C":
        draw.ellipse((x, y - 13, x + 26, y + 13), fill=GOLD, outline=(150, 110, 20), width=2)
        text(draw, (x + 13, y), letter, size=14, bold=True, anchor="mm")
    elif kind == "W":
        draw.rectangle((x + 1, y - 12, x + 25, y + 12), fill=(236, 236, 236), outline=INK, width=2)
        text(draw, (x + 13, y), letter, size=14, bold=True, anchor="mm")
    elif kind == "P":
        draw.polygon([(x + 13, y - 14), (x + 26, y + 13), (x, y + 13)], fill=(120, 80, 160), outline=INK)
        text(draw, (x + 13, y + 5), letter, size=12, bold=True, fill=WHITE, anchor="mm")
    text(draw, (x + 32, y), str(n), size=size, bold=True, anchor="lm")
    return x + 32 + text_width(str(n), size, True) + 22


def _faction_panel(draw, p: dict, t: dict, box, big: bool = False):
    x0, y0, x1, y1 = box
    colour = p["colour"]
    up = p["seat"] in t["to_move"]
    draw.rounded_rectangle(box, radius=12, fill=cv.PANEL, outline=HIGHLIGHT if up else colour, width=6 if up else 3)
    draw.rounded_rectangle((x0, y0, x1, y0 + 40), radius=12, fill=colour)
    draw.rectangle((x0, y0 + 24, x1, y0 + 40), fill=colour)
    ink = cv.contrast(colour)
    offer = p["seat"] in t.get("answering", ())
    status = _w(t, "tm.board.offer_tag" if offer else "tm.board.passed" if p["passed"] else "tm.board.up_tag") \
        if offer or p["passed"] or up else ""
    right = x1 - 14
    if status:
        text(draw, (right, y0 + 20), status, size=22, bold=True, fill=ink, anchor="rm")
        right -= text_width(status, 22, True) + 16
    if p["faction"]:
        vp = _w(t, "turn.vp", n=p["vp"])
        text(draw, (right, y0 + 20), vp, size=26, bold=True, fill=ink, anchor="rm")
        right -= text_width(vp, 26, True) + 16
    prefix = _w(t, "tm.face.panel_prefix", faction=_title(p["faction"], t.get("locale", "en"))) if p["faction"] else ""
    name = _clip(p["name"], 24, True, right - x0 - 14 - text_width(prefix, 24, True))
    text(draw, (x0 + 14, y0 + 20), prefix + name, size=24, bold=True, fill=ink, anchor="lm")

    if not p["faction"]:
        text(draw, (x0 + 16, y0 + 80), _w(t, "tm.board.choosing" if up else "tm.board.no_faction"), size=24,
             fill=MUTED, anchor="lm")
        return

    y = y0 + 74
    x = x0 + 16
    for kind, key in (("C", "coins"), ("W", "workers"), ("P", "priests")):
        x = _resource(draw, x, y, kind, p[key], locale=t.get("locale", "en"))
    x = _power_bowls(draw, x + 6, y - 22, p["bowls"]) + 6
    text(draw, (x, y), _w(t, "tm.face.pw"), size=18, bold=True, fill=POWER_PURPLE, anchor="lm")

    y += 46
    parts = [_reach_word(t, p)]
    parts.append(_w(t, "tm.board.dig", n=p["digging"]))
    if p["keys"] is not None:
        parts.append(_w(t, "tm.board.keys", n=p["keys"]))
    if p["bridges"] is not None:
        parts.append(_w(t, "tm.board.bridges", n=p["bridges"]))
    text(draw, (x0 + 16, y), "   ".join(parts), size=22, bold=True, anchor="lm")
    cx = x1 - 16
    for ci in range(3, -1, -1):
        cult = CULTS[ci]
        val = p["cult"][ci] if ci < len(p["cult"]) else 0
        label = str(val)
        w = 44
        draw.rounded_rectangle((cx - w, y - 16, cx, y + 16), radius=8, fill=CULT_COLOUR[cult])
        text(draw, (cx - w / 2, y), label, size=21, bold=True, fill=cv.contrast(CULT_COLOUR[cult]), anchor="mm")
        cx -= w + 6
    text(draw, (cx - 4, y), _w(t, "tm.board.cults"), size=18, fill=MUTED, anchor="rm")

    y += 44
    x = x0 + 16
    left = _w(t, "tm.board.left")
    text(draw, (x, y), left, size=20, fill=MUTED, anchor="lm")
    x += max(58, text_width(left, 20) + 10)
    for b in BUILDINGS:
        n = p["left"].get(b, 0)
        fill = colour if n else (210, 206, 200)
        gap = 50 if b == "SA" else 38
        draw_building(draw, b, x + 16 + (8 if b == "SA" else 0), y + 2, 24, fill, width=2)
        stock = f"{_bname(b, t.get('locale', 'en'))} {n}"
        text(draw, (x + gap, y), stock, size=20, bold=True, fill=INK if n else MUTED, anchor="lm")
        x += gap + 14 + text_width(stock, 20, True)

    y += 40
    bonus = str(p["bonus"]).upper() if p["bonus"] else "-"
    fav = " ".join(str(f).upper() for f in p["favours"]) or "-"
    towns = " ".join(str(f).upper() for f in p["towns"]) or "-"
    line = _w(t, "tm.board.tiles_line", bonus=bonus, favours=fav, towns=towns)
    marks = _terrain_marks(t, p)
    room = x1 - x0 - 30 - (_marks_width(marks, 20, 15) + 16 if marks else 0)
    size = 20
    while text_width(line, size) > room and size > 15:
        size -= 1
    text(draw, (x0 + 16, y), _clip(line, size, False, room), size=size, anchor="lm")
    if marks:  # the picked colour / unlocked terrains, right-aligned
        _draw_marks(draw, marks, x1 - 14 - _marks_width(marks, 20, 15), y, 20, 15)


# --- result -------------------------------------------------------------------------

def _draw_result(draw, t: dict, box):
    x0, y0, x1, y1 = box
    cv.panel(draw, box, _w(t, "tm.board.final_scores"), colour=(40, 40, 40))
    res = t["result"]
    players = {p["seat"]: p for p in t["players"]}
    ranking = res.get("ranking") or sorted(players, key=lambda s: -res["scores"][s])
    y = y0 + 60
    for rank, seat in enumerate(ranking):
        p = players.get(seat)
        if not p:
            continue
        score = res["scores"][seat]
        bd = (res.get("breakdown") or [{}] * len(players))[seat] or {}
        detail = _w(t, "tm.face.parts_list", items=[_w(t, "tm.face.score_part", what=_category(k, t), n=v)
                                                     for k, v in bd.items() if v]) if any(bd.values()) else ""
        draw.rounded_rectangle((x0 + 14, y - 16, x0 + 44, y + 14), radius=6, fill=p["colour"])
        size = 18
        while text_width(detail, size) > (x1 - x0 - 520) and size > 13:
            size -= 1
        text(draw, (x1 - 16, y), detail, size=size, fill=MUTED, anchor="rm")
        head = _w(t, "tm.board.result_head", rank=rank + 1, faction=_title(p["faction"], t.get("locale", "en")))
        tail = _w(t, "tm.board.result_tail", score=_w(t, "turn.vp", n=score))
        room = x1 - 32 - text_width(detail, size) - (x0 + 56) - text_width(head + tail, 24, True)
        text(draw, (x0 + 56, y), head + _clip(p["name"], 24, True, room) + tail, size=24, bold=True, anchor="lm")
        y += 40


# --- entry points ---------------------------------------------------------------------

PANEL_H = 236
BOARD_H = 1002  # cult tracks | actions, scoring, bonus cards; then tiles left
COLUMN_H = 722  # the cult tracks and the column beside them


def _layout_height(t: dict) -> int:
    n = len(t["players"])
    panels = ((n + 1) // 2) * (PANEL_H + 14)
    result = (80 + 40 * n) if t["result"] else 0
    return int(MAP_BOTTOM) + 24 + KEY_H + BOARD_H + result + panels + 10


#: every named colour of this board, kept in the cached palette even when rare
NAMED_COLOURS = (cv.BG, cv.PANEL, INK, MUTED, WHITE, RIVER_FILL, GOLD, POWER_PURPLE, HIGHLIGHT, X_RED, OK_GREEN,
                 BAD_RED, WARN_AMBER, LAST_INK, *TERRAIN_FILL.values(), *FACTION_COLOUR.values(),
                 *(look.ink for look in LOOKS.values()),
                 *CULT_COLOUR.values(), *cv.SEAT_COLOURS)


def _to_png(img) -> bytes:
    """The fixed palette of the named colours and their blends, kept (``canvas.palette_for``): every
    board maps onto it, so a board is the same bytes whatever was drawn before."""
    return cv.to_png(img, NAMED_COLOURS)


def _board(t: dict, locale: str = "en"):
    img, draw = cv.new_canvas(WIDTH, _layout_height(t))
    title, status = _status(t, width=10_000)
    seat = up_seat(t)
    by_seat = {p["seat"]: p for p in t["players"]}
    p = by_seat.get(seat)
    cv.header(draw, WIDTH, title, status, t["last"], seat=seat, scale=HEADER_SCALE, last_rows=HEADER_ROWS,
              fixed=True, last_label=label("board.last", locale), colour=p["colour"] if p and p["faction"] else None,
              mark=faction_tag(p["faction"], locale) if p and p["faction"] else None,
              names=[q["name"] for q in t["players"]])
    _draw_order(draw, t, BANNER_H + 4)
    _draw_map(img, draw, t)
    _draw_terrain_key(draw, t, int(MAP_BOTTOM) + 12)

    y = int(MAP_BOTTOM) + 24 + KEY_H
    players = tuple((p["seat"], p["faction"], p["colour"], tuple(p["cult"])) for p in t["players"])
    panel = cv.cached_panel
    panel(img, _draw_cults, (locale, players, tuple((c, tuple(v)) for c, v in t["priests"].items())),
          (20, y, 790, y + COLUMN_H), t)
    panel(img, _draw_actions, (locale, tuple(sorted(t["actions_used"]))), (810, y, WIDTH - 20, y + 190), t)
    panel(img, _draw_scoring, (locale, tuple(map(str, t["scoring"])), t["round"], bool(t["result"]),
                               t.get("final_tile")),
          (810, y + 206, WIDTH - 20, y + 466), t)
    panel(img, _draw_bonus_pool, (locale, tuple(sorted((str(k), str(v)) for k, v in t["bonus_pool"].items()))),
          (810, y + 482, WIDTH - 20, y + COLUMN_H), t)
    panel(img, _draw_tiles_left, (locale, tuple(sorted((str(k), str(v)) for k, v in t["favours_left"].items())),
                                  tuple(sorted((str(k), str(v)) for k, v in t["towns_left"].items()))),
          (20, y + COLUMN_H + 16, WIDTH - 20, y + BOARD_H - 16), t)

    y += BOARD_H
    if t["result"]:
        h = 60 + 40 * len(t["players"])
        _draw_result(draw, t, (20, y, WIDTH - 20, y + h))
        y += h + 20
    order = t["order"] if set(t["order"]) == {p["seat"] for p in t["players"]} else [p["seat"] for p in t["players"]]
    by_seat = {p["seat"]: p for p in t["players"]}
    for i, seat in enumerate(order):
        col, row = i % 2, i // 2
        x0 = 20 + col * 790
        y0 = y + row * (PANEL_H + 14)
        _faction_panel(draw, by_seat[seat], t, (x0, y0, x0 + 770, y0 + PANEL_H))
    return img


#: the turn image of a bonus card pick: two cards to a row, as wide as the turn image's room for
#: them (pasted at full size), its type 22 px and up (11 px on a phone)
PICK_PER_ROW, PICK_W, PICK_FLOOR = 2, 776, 22
#: a pick card's type: its name, what it gives (down to the floor for a long one), what it
#: scores on a pass (wrapped onto a second line when long), the coins on it
PICK_BID, PICK_INC, PICK_EXTRA, PICK_COIN = 26, 26, 23, 24
PICK_LINE = 28  # from one line of a card to the next


def _pick_layout(t: dict, per_row: int, heading: bool) -> tuple[list, list[int], int]:
    """The cards of a pick laid out: ([(id, coins, income, its size, pass lines)], each row's
    card height, the image height)."""
    pool = sorted(t["bonus_pool"].items(), key=lambda kv: int(re.sub(r"\D", "", kv[0]) or 0))
    room = (PICK_W - 8 - 20) / per_row - 26
    cards = []
    for bid, coins in pool:
        inc, extra = face.bonus_face(bid.upper(), t.get("locale", "en"))
        size = _fit_size(inc, PICK_INC, False, room, PICK_FLOOR)
        cards.append((bid.upper(), int(coins or 0), cv.fit(inc, room, size), size,
                      [cv.fit(r, room, PICK_EXTRA) for r in _two_lines(extra, room, PICK_EXTRA)]))
    rows = [cards[i:i + per_row] for i in range(0, len(cards), per_row)]
    heights = [2 * PICK_LINE + 20 + max(len(c[4]) for c in row) * PICK_LINE for row in rows]
    return cards, heights, (42 if heading else 8) + sum(h + 6 for h in heights) + 10


def bonus_image(t: dict, room_h: int = 10_000):
    """The bonus cards left, larger than on the board (the turn image of a card pick), drawn for
    ``room_h``: each row of cards as tall as its text, and when that is still too tall the
    panel's heading goes (the header above asks for a card), then three cards to a row; its type
    stays 22 px and up (11 px on a phone), never scaled."""
    for per_row, heading in PICK_FITS:
        cards, heights, height = _pick_layout(t, per_row, heading)
        if height <= room_h:
            break
    img, draw = cv.new_canvas(PICK_W, height)
    box = (4, 4, PICK_W - 4, height - 4)
    cv.panel(draw, box, _w(t, "tm.board.bonus_title") if heading else None, colour=(150, 110, 40))
    w = (PICK_W - 8 - 20) / per_row
    by = box[1] + (38 if heading else 6)
    if not cards:
        text(draw, (box[0] + 16, by + 30), _w(t, "tm.board.none"), size=PICK_FLOOR, fill=MUTED, anchor="lm")
    for r, card_h in enumerate(heights):
        for i, (bid, coins, inc, size, extra) in enumerate(cards[r * per_row:(r + 1) * per_row]):
            bx = box[0] + 10 + i * w
            draw.rounded_rectangle((bx + 3, by, bx + w - 3, by + card_h), radius=8, fill=(250, 240, 215),
                                   outline=MUTED, width=2)
            text(draw, (bx + 12, by + 6 + PICK_LINE / 2), bid, size=PICK_BID, bold=True, anchor="lm")
            text(draw, (bx + 12, by + 10 + PICK_LINE * 1.5), inc, size=size, anchor="lm")
            for k, row in enumerate(extra):
                text(draw, (bx + 12, by + 14 + PICK_LINE * (2.5 + k)), row, size=PICK_EXTRA, fill=MUTED,
                     anchor="lm")
            if coins:
                cxm, cym = bx + w - 30, by + 6 + PICK_LINE / 2
                draw.ellipse((cxm - 20, cym - 17, cxm + 20, cym + 17), fill=GOLD, outline=(150, 110, 20), width=2)
                text(draw, (cxm, cym), str(coins), size=PICK_COIN, bold=True, anchor="mm")
        by += card_h + 6
    return img


#: a pick's layouts, tried in turn until one is inside its room: (cards to a row, the heading)
PICK_FITS = ((PICK_PER_ROW, True), (PICK_PER_ROW, False), (3, False))


def map_image(t: dict, sizes: tuple | None = TURN_MAP_TYPE):
    """Only the banner strip and the map (the turn image cuts its focus from it), its type
    ``sizes`` (the turn image's, read at full size, by default; None: no words)."""
    img, draw = cv.new_canvas(WIDTH, int(MAP_BOTTOM) + 10)
    _draw_map(img, draw, t, sizes)
    return img


def render(view: dict, names: list[str] | None = None, locale: str = "en") -> bytes:
    """The whole public board as PNG bytes."""
    t = _table(view, names, locale)
    return _to_png(_board(t, locale))


# --- /hand: one faction, larger, with what things cost now ----------------------------

def _faction_data(faction: str) -> dict:
    """The faction's board (costs, tracks) from the engine's public table;
    the standard board for a seat without a faction yet."""
    return FACTIONS.get(faction) or FACTIONS["witches"]


def _fmt_cost(cost: dict, locale: str = "en") -> str:
    return face.cost(cost, locale)


def _short(p: dict, cost: dict) -> dict:
    """What is missing to pay ``cost`` (empty: affordable)."""
    have = {"C": p["coins"], "W": p["workers"], "P": p["priests"], "PW": p["bowls"][2], "VP": p["vp"]}
    return {k: n - have.get(k, 0) for k, n in cost.items() if n > have.get(k, 0)}


def _bname(code: str, locale: str) -> str:
    """A building on the /hand panel: its notation code in English, its name in Chinese."""
    return code if locale == "en" else label(f"tm.building.{code.lower()}", locale)


def _cost_rows(p: dict, locale: str = "en") -> list[tuple[str, str, dict | None]]:
    """(what, price, cost-to-check) for every build, upgrade and track advance."""
    f = p["faction"]
    data = _faction_data(f)
    cost = data["cost"]
    rows = []
    d = cost["D"]
    w = lambda key, **kw: label(key, locale, **kw)  # noqa: E731
    vp = lambda n: face.amount("VP", n, locale)  # noqa: E731
    rows.append((w("tm.hand.row.dwelling"), _fmt_cost(d, locale), d if p["left"]["D"] else None))
    for b in ("TP", "TE", "SH", "SA"):
        c = dict(cost[b])
        what = w("tm.hand.row.upgrade", src=_bname(UPGRADE_FROM[b], locale), dst=_bname(b, locale))
        price = _fmt_cost(c, locale)
        if b == "TP":
            price += w("tm.hand.alone", price=face.amount("C", c["C"] * 2, locale))
        if b in ("TE", "SA"):
            price += w("tm.hand.plus_favour")
        rows.append((what, price, c if p["left"][b] else None))
    dig = p["digging"]
    volcano = data.get("volcano")
    if volcano:  # a free dig turns one hex to volcano, paid in cult steps or power tokens
        kind, cheap, dear = volcano
        rows.append((w("tm.hand.row.volcano"), w("tm.hand.volcano_" + ("cult" if kind == "cult" else "tokens"),
                                                 a=cheap, b=dear), {}))
    elif data.get("spade") == "lost":
        pass  # the Riverwalkers never use spades
    elif f == "darklings":
        rows.append((w("tm.hand.row.spade"), w("tm.hand.plus", price=w("tm.hand.each", price=face.amount("P", 1, locale)),
                                                 vp=vp(2)), {"P": 1}))
    else:
        per = 3 - min(dig, 2)
        rows.append((w("tm.hand.row.spade"), w("tm.hand.each", price=face.amount("W", per, locale)), {"W": per}))
        if dig < data["dig_max"]:
            rows.append((w("tm.hand.row.digging", a=dig, b=dig + 1),
                         w("tm.hand.plus", price=_fmt_cost(data["dig_cost"], locale), vp=vp(6)), data["dig_cost"]))
    if f == "dwarves":
        n = 1 if p["left"]["SH"] == 0 else 2
        rows.append((w("tm.hand.row.tunnel"), w("tm.hand.plus", price=w("tm.hand.extra", price=face.amount("W", n, locale)),
                                                  vp=vp(4)), {"W": n}))
    if f == "fakirs":
        rows.append((w("tm.hand.row.carpet", n=p["range"]),
                     w("tm.hand.plus", price=w("tm.hand.extra", price=face.amount("P", 1, locale)), vp=vp(4)), {"P": 1}))
    ship = data["ship"]
    if ship and p["shipping"] < ship[1]:
        level = p["shipping"] + 1
        vp_table = data["ship_vp"]
        gain = vp_table[level - 1] if 0 < level <= len(vp_table) and vp_table[level - 1] else None
        price = _fmt_cost({"P": 1, "C": 4}, locale)
        rows.append((w("tm.hand.row.shipping", a=p["shipping"], b=level),
                     w("tm.hand.plus", price=price, vp=vp(gain)) if gain else price, {"P": 1, "C": 4}))
    return rows


def _conversion_rows(p: dict, locale: str = "en") -> list[tuple[str, str]]:
    """(conversion, how many times it is possible right now)."""
    pw3, pw2 = p["bowls"][2], p["bowls"][1]

    def conv(src, k, dst):
        return label("tm.hand.convert", locale, src=face.amount(src, k, locale), dst=face.amount(dst, 1, locale))

    rows = [
        (conv("PW", 1, "C"), pw3),
        (conv("PW", 3, "W"), pw3 // 3),
        (conv("PW", 5, "P"), pw3 // 5),
        (conv("P", 1, "W"), p["priests"]),
        (conv("W", 1, "C"), p["workers"]),
        (conv("C", 3, "VP"), p["coins"] // 3),
        (label("tm.hand.burn", locale), pw2 // 2),
    ]
    if p["faction"] == "alchemists":
        rows[5] = (conv("C", 2, "VP"), p["coins"] // 2)
        rows.append((conv("VP", 1, "C"), p["vp"]))
    return [(a, label("tm.hand.times_now", locale, n=n) if n else label("tm.hand.not_now", locale)) for a, n in rows]


def render_panel(view: dict, seat: int, names: list[str] | None = None, locale: str = "en") -> bytes:
    """The /hand image: ``seat``'s faction panel larger, with today's prices, in ``locale``."""
    t = _table(view, names, locale)
    w = lambda key, **kw: label(key, locale, **kw)  # noqa: E731
    p = next(pl for pl in t["players"] if pl["seat"] == seat)
    width, height = 1200, 1060 + PANEL_BANNER_H - 60
    img, draw = cv.new_canvas(width, height)
    colour = p["colour"]
    title, status = _status(t, width)
    _banner(draw, width, title, status)
    top = PANEL_BANNER_H + 16
    _faction_panel(draw, p, t, (20, top, width - 20, top + PANEL_H))

    y = top + PANEL_H + 20
    if not p["faction"]:
        text(draw, (40, y + 30), w("tm.hand.no_faction"), size=24, fill=MUTED, anchor="lm")
        return _to_png(img.crop((0, 0, width, y + 70)))
    half = (width - 60) // 2
    box = (20, y, 20 + half, height - 20)
    cv.panel(draw, box, w("tm.hand.builds_title"), colour=colour)
    yy = y + 64
    for what, price, cost in _cost_rows(p, locale):
        if cost is None:
            mark, fill = w("tm.hand.none_left"), MUTED
        else:
            short = _short(p, cost)
            mark, fill = (w("tm.hand.can_pay"), OK_GREEN) if not short else (
                w("tm.hand.need", price=_fmt_cost(short, locale)), BAD_RED)
        text(draw, (20 + half - 14, yy), mark, size=20, bold=True, fill=fill, anchor="rm")
        room = half - 36 - text_width(mark, 20, True)
        text(draw, (36, yy), what, size=_fit_size(what, 22, True, room, 16), bold=True, anchor="lm")
        text(draw, (36, yy + 28), price, size=_fit_size(price, 20, False, half - 30, 15), fill=MUTED, anchor="lm")
        yy += 66
    if p["income"]:
        inc = " ".join("+" + face.amount(k, n, locale) for k, n in p["income"].items() if n) or w("tm.hand.nothing")
        line = w("tm.hand.income", income=inc)
        text(draw, (36, height - 48), line, size=21, bold=True, fill=POWER_PURPLE, anchor="lm")

    x0 = 40 + half
    cv.panel(draw, (x0, y, width - 20, y + 392), w("tm.hand.conversions_title"), colour=POWER_PURPLE)
    yy = y + 62
    for conv, n in _conversion_rows(p, locale):
        text(draw, (x0 + 16, yy), conv, size=22, bold=True, anchor="lm")
        text(draw, (width - 36, yy), n, size=20, fill=MUTED if n == w("tm.hand.not_now") else OK_GREEN,
             bold=True, anchor="rm")
        yy += 42

    y2 = y + 408
    cv.panel(draw, (x0, y2, width - 20, height - 20), w("tm.hand.actions_title"), colour=POWER_PURPLE)
    yy = y2 + 60
    burnable = p["bowls"][1] // 2
    for aid in POWER_ACTIONS:
        effect, price = face.action_face(aid, locale)
        cost = POWER_COST[aid]
        used = aid in t["actions_used"]
        if used:
            note, fill = w("tm.hand.taken"), MUTED
        elif p["bowls"][2] >= cost:
            note, fill = w("tm.hand.can_pay"), OK_GREEN
        elif p["bowls"][2] + burnable >= cost:
            note, fill = w("tm.hand.burn_first", n=cost - p["bowls"][2]), WARN_AMBER
        else:
            note, fill = w("tm.hand.no_power"), BAD_RED
        line = w("tm.hand.action", act=aid, effect=effect, price=price)
        room = width - 36 - text_width(note, 19, True) - (x0 + 16) - 10
        text(draw, (x0 + 16, yy), line, size=_fit_size(line, 21, not used, room, 15), bold=not used,
             fill=MUTED if used else INK, anchor="lm")
        text(draw, (width - 36, yy), note, size=19, bold=True, fill=fill, anchor="rm")
        yy += 38
    return _to_png(img)


# --- the turn image's parts (``renderers.turn`` composes them) ---------------------------

def map_cut(t: dict, hexes: list[str], room_w: int, room_h: int):
    """The part of the turn image's map (``map_image``) that fits the room at full size, so its
    hex ids and building marks read on a phone (the whole map is twice the room's width): around
    ``hexes`` (the turn's changes, the last step last), as many of them whole as one cut holds,
    the last step's first; with none, the map's middle."""
    img = _kept_map(t)[0]
    ax0, ay0, ax1, ay1 = MAP_BOX
    w, h = min(room_w, ax1 - ax0), min(room_h, ay1 - ay0)
    pts = [hex_centre(hx, geo=t["geo"]) for hx in hexes]
    mx, my = HEX_W / 2 + 6, HEX_R + 6   # a hex whole inside the cut, its outline too

    def window(cx, cy):
        left = min(max(ax0, cx - w / 2), ax1 - w)
        top = min(max(ay0, cy - h / 2), ay1 - h)
        return left, top

    def inside(win, pt):
        return win[0] + mx <= pt[0] <= win[0] + w - mx and win[1] + my <= pt[1] <= win[1] + h - my

    if pts:
        centres = pts + [((a[0] + b[0]) / 2, (a[1] + b[1]) / 2) for i, a in enumerate(pts) for b in pts[i + 1:]]
        # the most changed hexes whole, then the last step's among them, then the cut nearest their middle
        best = max((window(*c) for c in centres),
                   key=lambda win: (sum(inside(win, pt) for pt in pts), inside(win, pts[-1])))
        held = [pt for pt in pts if inside(best, pt)] or pts[-1:]
        xs, ys = [x for x, _ in held], [y for _, y in held]
        left, top = window((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2)
    else:
        left, top = window((ax0 + ax1) / 2, (ay0 + ay1) / 2)
    return img.crop((int(left), int(top), int(left + w), int(top + h)))


#: what a step's message changes on its seat's card: resources (c, w, p, pw, vp), "cult:<track>",
#: "ship", "dig", "bonus", "favours"; the message's own track, tile, resources and action add the rest
STEP_CHANGES = {
    "tm.ev.burn": {"pw"}, "tm.ev.leech": {"pw"}, "tm.ev.leech_vp": {"pw", "vp"}, "tm.ev.power_action": {"pw"},
    "tm.ev.bonus": {"bonus"}, "tm.ev.bonus_coins": {"bonus", "c"}, "tm.ev.fav": {"favours"},
    "tm.ev.ship": {"ship"}, "tm.ev.dig_track": {"dig"}, "tm.ev.bridge_pay": {"w"}, "tm.ev.send": {"p"},
}


def _msg_word(value) -> str:
    """A message parameter as a plain lower-case word: a nested message (``{"$msg": {"key":
    "tm.cult.air"}}``) by its key's last part, else the text itself (``AIR``)."""
    if isinstance(value, dict):
        return str((value.get("$msg") or {}).get("key", "")).split(".")[-1].lower()
    return str(value or "").lower()


def _reach_word(t: dict, p: dict) -> str:
    """How far a seat reaches over water: the Dwarves tunnel, the Fakirs fly their carpet
    (its range), the others ship (their level)."""
    if p["faction"] == "dwarves":
        return _w(t, "tm.board.tunnel")
    if p["faction"] == "fakirs":
        return _w(t, "tm.board.carpet", n=p["range"])
    return _w(t, "tm.board.ship", n=p["shipping"])


def seat_changes(view: dict, seat: int) -> set[str]:
    """What the turn changed on ``seat``'s card, read from the turn's messages (``last_msgs``:
    every step's when the bot gives the whole turn): the cult tracks a priest, a cult step or a
    favour tile moved, the resources a conversion, a burn, a leech or a power action changed."""
    who, out = f"{{p{seat}}}", set()
    for msg in view.get("last_msgs") or []:
        if not isinstance(msg, dict) or (msg.get("params") or {}).get("who") != who:
            continue
        key, params = msg.get("key"), msg["params"]
        out |= STEP_CHANGES.get(key, set())
        if key in ("tm.ev.send", "tm.ev.cult_up", "tm.ev.drop_step") and _msg_word(params.get("track")) in CULTS:
            out.add("cult:" + _msg_word(params["track"]))
        elif key == "tm.ev.fav" and str(params.get("tile")) in FAVOURS:
            out.add("cult:" + FAVOURS[str(params["tile"])]["cult"][0].lower())
        elif key == "tm.ev.convert":
            out |= {_msg_word(params.get(end)) for end in ("src", "dst")} & {"c", "w", "p", "pw", "vp"}
        elif key == "tm.ev.power_action":
            out |= {k.lower() for k in (_ACTS.get(str(params.get("act"))) or {}).get("gain", {}) if k in "CWP"}
    return out


def _changed(draw, box, width=4):
    """The outline of a part of a seat's card the turn changed."""
    x0, y0, x1, y1 = box
    draw.rounded_rectangle((x0, y0, x1, y1), radius=9, outline=HIGHLIGHT, width=width)


#: the type of a seat's card on the turn image (pasted at full size: 22 px and up, 11 px on a phone)
CARD_TITLE, CARD_BODY, CARD_SMALL = 28, 25, 22
CARD_LINE = 42


def seat_card(t: dict, p: dict, room_w: int, room_h: int, changed: set[str] = frozenset()):
    """The seat that moved, as a card at full size for a turn that changed no hex (a pass, a
    power offer answered, a cult step, a conversion, a faction pick): its faction, score,
    resources, power, cult steps, buildings left and tiles, every text 22 px and up; what the
    turn changed (``changed``, as ``seat_changes`` gives) outlined."""
    locale = t.get("locale", "en")
    w = min(room_w, 776)
    room = w - 40
    colour = p["colour"]
    lines: list[tuple[str, list]] = []   # (kind, parts)
    if p["faction"]:
        lines.append(("res", [("c", label("tm.res.c", locale, n=p["coins"])),
                              ("w", label("tm.res.w", locale, n=p["workers"])),
                              ("p", label("tm.res.p", locale, n=p["priests"])),
                              ("pw", label("turn.tm.power", locale, bowls="/".join(str(b) for b in p["bowls"])))]))
        reach = [("ship", _reach_word(t, p)), ("dig", _w(t, "tm.board.dig", n=p["digging"]))]
        if p["keys"] is not None:
            reach.append(("keys", _w(t, "tm.board.keys", n=p["keys"])))
        if p["bridges"] is not None:
            reach.append(("bridges", _w(t, "tm.board.bridges", n=p["bridges"])))
        lines.append(("reach", reach))
        lines.append(("cults", []))
        lines.append(("left", []))
        if _terrain_marks(t, p):
            lines.append(("marks", []))
        bonus = str(p["bonus"]).upper() if p["bonus"] else "-"
        fav = " ".join(str(f).upper() for f in p["favours"]) or "-"
        towns = " ".join(str(f).upper() for f in p["towns"]) or "-"
        tiles = "tiles" if changed & {"bonus", "favours"} else ""
        for row in _two_lines(_w(t, "tm.board.tiles_line", bonus=bonus, favours=fav, towns=towns), room, CARD_SMALL):
            lines.append(("small", [row, tiles]))
        if p["bonus"]:
            for row in _two_lines(" ".join(x for x in face.bonus_face(bonus, locale) if x), room, CARD_SMALL):
                lines.append(("small", [row]))
    else:
        lines.append(("text", [_w(t, "tm.board.choosing" if p["seat"] in t["to_move"] else "tm.board.no_faction")]))
    band = 52
    while lines and band + 16 + len(lines) * CARD_LINE > room_h:   # a short room drops the last lines
        lines.pop()
    height = band + 16 + len(lines) * CARD_LINE
    img, draw = cv.new_canvas(w, height)
    x0, y0, x1, y1 = 2, 2, w - 2, height - 2
    draw.rounded_rectangle((x0, y0, x1, y1), radius=12, fill=cv.PANEL, outline=colour, width=4)
    draw.rounded_rectangle((x0, y0, x1, y0 + band), radius=12, fill=colour)
    draw.rectangle((x0, y0 + band - 16, x1, y0 + band), fill=colour)
    ink = cv.contrast(colour)
    right = x1 - 16
    if p["passed"]:
        tag = _w(t, "tm.board.passed")
        text(draw, (right, y0 + band / 2), tag, size=CARD_SMALL, bold=True, fill=ink, anchor="rm")
        right -= text_width(tag, CARD_SMALL, True) + 16
    if p["faction"]:
        vp = _w(t, "turn.vp", n=p["vp"])
        text(draw, (right, y0 + band / 2), vp, size=CARD_TITLE, bold=True, fill=ink, anchor="rm")
        if "vp" in changed:
            _changed(draw, (right - text_width(vp, CARD_TITLE, True) - 8, y0 + 7, right + 8, y0 + band - 7))
        right -= text_width(vp, CARD_TITLE, True) + 16
    prefix = _w(t, "tm.face.panel_prefix", faction=_title(p["faction"], locale)) if p["faction"] else ""
    name = _clip(p["name"], CARD_TITLE, True, right - x0 - 16 - text_width(prefix, CARD_TITLE, True))
    text(draw, (x0 + 16, y0 + band / 2), prefix + name, size=CARD_TITLE, bold=True, fill=ink, anchor="lm")
    y = y0 + band + 8 + CARD_LINE / 2
    for kind, parts in lines:
        if kind == "text":
            text(draw, (x0 + 18, y), cv.fit(parts[0], room, CARD_BODY), size=CARD_BODY, anchor="lm")
        elif kind in ("res", "reach"):   # parts side by side, each outlined when the turn changed it
            sep = " · " if kind == "res" else "   "
            size = CARD_BODY
            while size > CARD_SMALL and text_width(sep.join(s for _k, s in parts), size) > room:
                size -= 1
            x = x0 + 18
            for i, (key, part) in enumerate(parts):
                part = cv.fit(part, int(x0 + 18 + room - x), size)
                text(draw, (x, y), part + (sep if i < len(parts) - 1 else ""), size=size, anchor="lm")
                if key in changed:
                    _changed(draw, (x - 6, y - 19, x + text_width(part, size) + 6, y + 19))
                x += text_width(part + (sep if i < len(parts) - 1 else ""), size)
        elif kind == "small":
            text(draw, (x0 + 18, y), cv.fit(parts[0], room, CARD_SMALL), size=CARD_SMALL, anchor="lm")
            if len(parts) > 1 and parts[1]:
                _changed(draw, (x0 + 12, y - 18, x0 + 24 + text_width(cv.fit(parts[0], room, CARD_SMALL),
                                                                       CARD_SMALL), y + 18), width=3)
        elif kind == "cults":
            head = _w(t, "tm.board.cults")
            text(draw, (x0 + 18, y), head, size=CARD_SMALL, fill=MUTED, anchor="lm")
            cx = x0 + 30 + text_width(head, CARD_SMALL)
            for ci, cult in enumerate(CULTS):
                val = p["cult"][ci] if ci < len(p["cult"]) else 0
                draw.rounded_rectangle((cx, y - 17, cx + 56, y + 17), radius=8, fill=CULT_COLOUR[cult])
                if f"cult:{cult}" in changed:
                    _changed(draw, (cx - 4, y - 21, cx + 60, y + 21))
                text(draw, (cx + 28, y), str(val), size=CARD_BODY, bold=True, fill=cv.contrast(CULT_COLOUR[cult]),
                     anchor="mm")
                cx += 64
        elif kind == "marks":
            _draw_marks(draw, _terrain_marks(t, p), x0 + 18, y, CARD_SMALL, 17)
        elif kind == "left":
            head = _w(t, "tm.board.left")
            text(draw, (x0 + 18, y), head, size=CARD_SMALL, fill=MUTED, anchor="lm")
            x = x0 + 28 + text_width(head, CARD_SMALL)
            for b in BUILDINGS:
                n = p["left"].get(b, 0)
                wide = 12 if b == "SA" else 0
                draw_building(draw, b, x + 14 + wide, y + 2, 24, colour if n else (210, 206, 200), width=2)
                stock = f"{_bname(b, locale)} {n}"
                text(draw, (x + 34 + 2 * wide, y), stock, size=CARD_SMALL, bold=True, fill=INK if n else MUTED,
                     anchor="lm")
                x += 34 + 2 * wide + text_width(stock, CARD_SMALL, True) + 16
        y += CARD_LINE
    return img


def result_rows(t: dict) -> list[dict]:
    """The final standings in ranking order: seat, place (tied winners all first, a tie below
    them shares its place), winner or not, total and the final scoring's parts ((category, VP),
    the game's own first, then the cult majorities, network and resources that scored)."""
    res = t["result"]
    scores, winners = res["scores"], set(res.get("winners") or [])
    ranking = res.get("ranking") or sorted(range(len(scores)), key=lambda s: -scores[s])
    rows = []
    for seat in ranking:
        if seat >= len(scores):
            continue
        place = 1 if seat in winners else 1 + sum(1 for o in range(len(scores))
                                                 if scores[o] > scores[seat] or o in winners)
        bd = (res.get("breakdown") or [{}] * len(scores))[seat] or {}
        rows.append({"seat": seat, "place": place, "winner": seat in winners, "total": scores[seat],
                     "parts": [(k, v) for k, v in bd.items() if v or k == "game"]})
    return rows


#: the final scores card: a seat's line, its parts' lines, where its name and parts begin
RESULT_LINE, RESULT_PART, RESULT_TEXT_X = 46, 30, 62


def result_card(t: dict, room_w: int, room_h: int):
    """The final scores as the turn image's card at game over: a row per seat in ranking order
    (place, faction, name, total; the winners' rows outlined in gold), the final scoring's parts
    under each while the room holds them; every text 22 px and up."""
    locale = t.get("locale", "en")
    w = min(room_w, 776)
    room = w - RESULT_TEXT_X - 22   # the parts' lines, from their x to the card's inner edge
    players = {p["seat"]: p for p in t["players"]}
    rows = [r for r in result_rows(t) if r["seat"] in players]
    parts = {}
    for r in rows:
        items = [_w(t, "tm.face.score_part", what=_category(k, t), n=v) for k, v in r["parts"]]
        lines = run_on(items, room, CARD_SMALL)
        if len(lines) > 2:   # at most two lines: the rest told as cut
            lines = [lines[0], cv.fit(lines[1] + " · " + " · ".join(lines[2:]), room, CARD_SMALL)]
        parts[r["seat"]] = lines
    band = 52
    full = band + 8 + sum(RESULT_LINE + len(parts[r["seat"]]) * RESULT_PART + 8 for r in rows) + 4
    if full > room_h:   # a short room: the totals only
        parts = {s: [] for s in parts}
    height = band + 8 + sum(RESULT_LINE + len(parts[r["seat"]]) * RESULT_PART + 8 for r in rows) + 4
    img, draw = cv.new_canvas(w, height)
    draw.rounded_rectangle((2, 2, w - 3, height - 3), radius=12, fill=cv.PANEL, outline=GOLD, width=4)
    draw.rounded_rectangle((2, 2, w - 3, band), radius=12, fill=BANNER)
    draw.rectangle((2, band - 16, w - 3, band), fill=BANNER)
    text(draw, (18, 2 + band / 2), _w(t, "tm.board.final_scores"), size=CARD_TITLE, bold=True, fill=WHITE,
         anchor="lm")
    y = band + 8
    for r in rows:
        p = players[r["seat"]]
        h = RESULT_LINE + len(parts[r["seat"]]) * RESULT_PART
        if r["winner"]:
            draw.rounded_rectangle((10, y - 2, w - 11, y + h + 2), radius=10, outline=GOLD, width=4)
        cy = y + RESULT_LINE / 2
        draw.rounded_rectangle((20, cy - 15, 50, cy + 15), radius=6, fill=p["colour"])
        text(draw, (35, cy), str(r["place"]), size=CARD_SMALL, bold=True, fill=cv.contrast(p["colour"]),
             anchor="mm")
        total = _w(t, "turn.vp", n=r["total"])
        text(draw, (w - 22, cy), total, size=CARD_TITLE, bold=True, anchor="rm")
        prefix = _w(t, "tm.face.panel_prefix", faction=_title(p["faction"], locale)) if p["faction"] else ""
        left = w - 22 - text_width(total, CARD_TITLE, True) - 16 - RESULT_TEXT_X
        name = _clip(p["name"], CARD_BODY, True, left - text_width(prefix, CARD_BODY, True))
        text(draw, (RESULT_TEXT_X, cy), prefix + name, size=CARD_BODY, bold=True, anchor="lm")
        py = y + RESULT_LINE + RESULT_PART / 2 - 4
        for line in parts[r["seat"]]:
            text(draw, (RESULT_TEXT_X, py), line, size=CARD_SMALL, fill=MUTED, anchor="lm")
            py += RESULT_PART
        y += h + 8
    return img


#: the starting-dwelling map's hex ids: on the map drawn to the turn image's room (22 px and up)
DWELL_TYPE = 24


def home_hexes(t: dict, seat: int) -> list[str]:
    """The free hexes of ``seat``'s home terrain: where its starting dwellings may go."""
    p = next((p for p in t["players"] if p["seat"] == seat), None)
    home = FACTION_HOME.get((p or {}).get("faction") or "")
    geo, hexes = t["geo"], t["hexes"]
    return [h for h in geo.land_ids if home and not (hexes.get(h) or {}).get("building")
            and ((hexes.get(h) or {}).get("terrain") or LETTER_TERRAIN[geo.by_id[h]["letter"]]) == home]


def dwelling_card(t: dict, seat: int, room_w: int, room_h: int):
    """The starting-dwelling pick: the whole map fitted to the room without its small words, the
    seat's free home hexes outlined and named large (what it types: ``build E5``); the prompt
    lists those ids, the map shows where they are."""
    x0, y0, x1, y1 = MAP_BOX
    k = min(room_w / (x1 - x0), room_h / (y1 - y0))
    small = _small_map(t, (int((x1 - x0) * k), int((y1 - y0) * k))).copy()
    draw = ImageDraw.Draw(small)
    for hid in home_hexes(t, seat):
        cx, cy = hex_centre(hid, geo=t["geo"])
        cx, cy = (cx - x0) * k, (cy - y0) * k
        cv.polygon(draw, cv.hex_corners(cx, cy, (HEX_R - 4) * k), outline=HIGHLIGHT, width=4)
        text(draw, (cx, cy), hid, size=DWELL_TYPE, bold=True, fill=INK, anchor="mm", outline=WHITE)
    return small


#: the dwelling picks' scaled maps (``_small_map``): (map rows, river ids, size) -> [the kept map's
#: drawing it was scaled from, rows scaled across only, the scaled map]; about 4.5 MB each
_SMALL: OrderedDict[tuple, list] = OrderedDict()
SMALL_MAPS = 2


def _small_map(t: dict, size: tuple[int, int]) -> Image.Image:
    """The map without words (``MAP_BOX`` of ``map_image(t, None)``) scaled to ``size`` with a box
    filter, kept: the dwelling picks of a game differ by a dwelling or two, so only the rows and
    columns they reach are scaled again. Pillow scales across (each row alone) and then down
    (each column alone), with weights that depend only on the two sizes: the changed rows scaled
    across, then the changed columns down, give the pixels of scaling the whole
    (tests/renderers/test_static_layers.py). Only the box a change reaches is scaled again: its
    rows across from its columns alone, then its columns down over the rows they reach (Pillow's
    ``box``: the same weights as the whole, from the same source pixels), where scaling a hex's rows
    across the whole width cost a tenth of a turn image's CPU in bench/load.py's dwelling picks.
    Read only: the caller copies it."""
    big, terrains, now = _kept_map(t, None)
    x0, y0, x1, y1 = MAP_BOX
    w, h = x1 - x0, y1 - y0
    key = (t["geo"].rows, _has_mermaids(t), size)
    box = Image.Resampling.BOX
    kept = _SMALL.get(key)
    if kept is None:   # scaled whole in one call; the rows scaled across are kept from the next pick on
        kept = _SMALL[key] = [terrains, now, None, big.crop(MAP_BOX).resize(size, resample=box)]
        while len(_SMALL) > SMALL_MAPS:
            _SMALL.popitem(last=False)
        return kept[3]
    _SMALL.move_to_end(key)
    changed = _changed_boxes(t["geo"], kept[0], kept[1], terrains, now)
    across, small = kept[2], kept[3]
    if changed and across is None:   # every row scaled across, as they are now
        across = kept[2] = big.crop(MAP_BOX).resize((size[0], h), resample=box)
        changed_rows = False
    else:
        changed_rows = True
    scale, down = w / size[0], h / size[1]
    for bx0, by0, bx1, by1 in dict.fromkeys(changed):   # a dwelling and its outline: one hex, once
        top, bottom = max(by0 - y0, 0), min(by1 - y0, h)
        left = max(math.floor((bx0 - x0) / scale) - 1, 0)
        right = min(math.ceil((bx1 - x0) / scale) + 1, size[0])
        if top >= bottom or left >= right:
            continue
        if changed_rows:   # the columns a change reaches, of its rows, scaled across
            band = big.resize((right - left, bottom - top), resample=box,
                              box=(x0 + left * scale, y0 + top, x0 + right * scale, y0 + bottom))
            across.paste(band, (left, top))
        upper = max(math.floor(top / down) - 1, 0)   # the rows of the scaled map those rows reach
        lower = min(math.ceil(bottom / down) + 1, size[1])
        small.paste(across.resize((right - left, lower - upper), resample=box,
                                  box=(left, upper * down, right, lower * down)), (left, upper))
    kept[0], kept[1] = terrains, now
    return small


def turn_parts(view: dict, names: list[str], locale: str = "en") -> dict:
    """Header texts, the map cut around the last move, the seat's resources and the scores
    of the phone-sized turn image, all in ``locale``."""
    t = _table(view, names, locale)
    title, status = _status(t, width=10_000)
    seat = up_seat(t)
    focus_seat = seat
    if focus_seat is None:
        winners = (view.get("result") or {}).get("winners") or []
        focus_seat = winners[0] if winners else None
    by_seat = {p["seat"]: p for p in t["players"]}
    res = []
    if focus_seat in by_seat:
        p = by_seat[focus_seat]
        res = [label("tm.res.c", locale, n=p["coins"]), label("tm.res.w", locale, n=p["workers"]),
               label("tm.res.p", locale, n=p["priests"]),
               label("turn.tm.power", locale, bowls="/".join(str(b) for b in p["bowls"])),
               _reach_word(t, p), label("tm.board.dig", locale, n=p["digging"])]
        if p.get("bonus"):
            bonus = str(p["bonus"]).upper()
            res.append(label("turn.tm.bonus", locale, bonus=bonus,
                             text=" ".join(x for x in face.bonus_face(bonus, locale) if x)).strip())
        if p["faction"]:
            res.insert(0, _title(p["faction"], locale))
    # the hexes the turn changed, in the order its lines name them (the last step last)
    named = [m for line in view.get("last") or [] for m in HEX_RE.findall(str(line))]
    card_seat = None   # the seat the card shows whole (its seat panel below is then left out)
    hexes = list(dict.fromkeys(h for h in named if h in t["geo"].by_id))
    if t["result"]:  # the game is over: the final scores are the news, whatever the last move changed

        def card(room_w, room_h):
            return result_card(t, room_w, room_h)
        card_seat = focus_seat   # the card holds the winner's row: no winner's panel below it
    elif t["phase"] == "dwellings" and seat in by_seat and by_seat[seat]["faction"]:
        # a starting dwelling is asked: where the seat may place it, by the ids it types

        def card(room_w, room_h):
            return dwelling_card(t, seat, room_w, room_h)
    elif t["phase"] == "bonus" and t["bonus_pool"]:  # what is asked is a card: show the cards, not the map

        def card(room_w, room_h):  # drawn for the room the turn image leaves it, pasted whole
            return bonus_image(t, room_h)
    elif hexes:  # the map around what changed, at full size (its type 22 px and up)

        def card(room_w, room_h):
            return map_cut(t, hexes, room_w, room_h)
    else:  # nothing on the map changed (a pass, a leech, a cult step, a faction pick): the mover's card
        mover = next((int(m) for line in view.get("last") or [] for m in re.findall(r"\{p(\d+)\}", str(line))
                      if int(m) in by_seat), focus_seat)
        card_seat = mover if mover in by_seat else None

        def card(room_w, room_h):
            if mover in by_seat:
                return seat_card(t, by_seat[mover], room_w, room_h, seat_changes(view, mover))
            return map_cut(t, [], room_w, room_h)
    return {
        "colours": {p["seat"]: p["colour"] for p in t["players"] if p["faction"]},
        "marks": {p["seat"]: faction_tag(p["faction"], locale, "") for p in t["players"] if p["faction"]},
        "title": title, "status": status, "seat": seat, "focus_seat": focus_seat, "last": t["last"],
        "card": card, "card_seat": card_seat,
        "resources": res,
        "score_text": label("turn.vp", locale, n=by_seat[focus_seat]["vp"]) if focus_seat in by_seat else "",
        "scores": [(p["seat"], p["vp"]) for p in sorted(t["players"], key=lambda p: -p["vp"])],
    }
