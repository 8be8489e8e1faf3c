"""Amerigo's phone turn image: what ``renderers.turn`` draws under the header.

The board is 1600 px wide and its panels are set in 15-20 px type; pasted into the turn
image they came out at 9-16 px (5-8 on a phone), and a long sail's route made the map cut
the whole map, scaled to half. Here each part is drawn for the turn image's room instead,
its type 22 px and up (11 px on a phone):

- a move on the map: the map drawn with bigger squares (``amerigo.map_image``), cut at full
  size around what changed, as many changed squares whole as one cut holds, the last first;
- a move on a panel (the action circle, the special track, the production tiles, a seat's
  panel): that panel drawn by the board's own code through ``canvas.Zoom``, as big as the
  room allows and its type never under 22 px (a seat's drawn narrower, its lines flowing);
- the development tiles: their own card (``devs_card``), the board's panel being too tall to
  zoom;
- the game's end: the final ranking (``result_card``).
"""

from __future__ import annotations

from games.amerigo.scoring import goods_points, track_value
from renderers import amerigo as A
from renderers import canvas as C
from renderers.amerigo_labels import word
from renderers.labels import label as board_label

#: the turn image's type floor: 22 px on its 800 px (11 px on a phone)
TURN_TYPE = 22
#: how much bigger than on the board a panel may be drawn
MAX_ZOOM = 1.6
#: a panel's margin on its card (room for its changed outline, 3 px out and 5 wide)
MARGIN = 9

#: the board's panels a turn may change, and how each is drawn: (layout key, its drawer)
PANELS = {
    "circle": lambda draw, view, names, box, locale: A._circle(draw, view, box, locale, True),
    "special": lambda draw, view, names, box, locale: A._special(draw, view, names, box, locale, True),
    "prod": lambda draw, view, names, box, locale: A._production(draw, view, box, locale, True),
}


#: a seat's panel on its card is drawn narrower than on the board (its lines flow) and zoomed
#: this much: its 19-20 px type comes out 24-25 px
SEAT_ZOOM = 1.25


def panel_card(view, names, kind: str, room_w: int, room_h: int, locale: str = "en", seat: int | None = None):
    """One panel of the board (``kind``: a key of ``PANELS``, or "seat" for ``seat``'s panel)
    drawn as big as the room allows, its type 22 px and up; a seat's panel, whose lines flow,
    at ``SEAT_ZOOM`` in a box as much narrower."""
    L = A.layout(view)
    x0, y0, x1, y1 = L["panels"][seat] if kind == "seat" else L[kind]
    if kind == "seat":   # narrower, and taller by the rows its development tiles take more
        x1 = x0 + int(room_w / SEAT_ZOOM) - 2 * MARGIN
        n = len(view["players"][seat]["devs"][:A.DEV_SHOWN])
        per = A.dev_columns(x1 - x0)
        y1 += A.DEV_ROW * max(0, -(-n // per) - -(-n // A.dev_columns(L["panels"][seat][2] - L["panels"][seat][0])))
    w, h = x1 - x0 + 2 * MARGIN, y1 - y0 + 2 * MARGIN
    k = min(MAX_ZOOM, room_w / w, room_h / h)
    img, draw = C.new_canvas(int(w * k), int(h * k))
    zoom = C.Zoom(draw, k, TURN_TYPE)
    box = (MARGIN, MARGIN, MARGIN + x1 - x0, MARGIN + y1 - y0)
    if kind == "seat":
        A._player(zoom, view, A._names(view, names), seat, box, locale, True)
    else:
        PANELS[kind](zoom, view, A._names(view, names), box, locale)
    return img


def map_card(view, room_w: int, room_h: int, locale: str = "en"):
    """The map with bigger squares, cut at full size around the squares the move named: as
    many of them whole as one cut holds, the last one's among them (a long sail's end)."""
    img, L = A.map_image(view, locale)
    return img.crop(map_window(view, L, img.size, room_w, room_h))


def map_window(view, L: dict, size: tuple[int, int], room_w: int, room_h: int) -> tuple[int, int, int, int]:
    """The box of the zoomed map (``L``, its image ``size``) that ``map_card`` shows."""
    boxes = [b for b in (A._space_box(L, view, n) for n in A.changed_spaces(view)) if b]
    ax0, ay0, ax1, ay1 = 0, 0, size[0], min(size[1], L["map"][3])
    w, h = min(room_w, ax1 - ax0), min(room_h, ay1 - ay0)
    pad = L["cell"] // 2

    def window(cx, cy):
        return min(max(ax0, cx - w / 2), ax1 - w), min(max(ay0, cy - h / 2), ay1 - h)

    def inside(win, b):
        return win[0] <= b[0] - pad and b[2] + pad <= win[0] + w and win[1] <= b[1] - pad and b[3] + pad <= win[1] + h

    if boxes:
        mids = [((b[0] + b[2]) / 2, (b[1] + b[3]) / 2) for b in boxes]
        centres = mids + [((p[0] + q[0]) / 2, (p[1] + q[1]) / 2) for i, p in enumerate(mids) for q in mids[i + 1:]]
        best = max((window(*c) for c in centres),
                   key=lambda win: (inside(win, boxes[-1]), sum(inside(win, b) for b in boxes)))
        held = [b for b in boxes if inside(best, b)] or boxes[-1:]
        left, top = window((min(b[0] for b in held) + max(b[2] for b in held)) / 2,
                           (min(b[1] for b in held) + max(b[3] for b in held)) / 2)
    else:
        left, top = window((ax0 + ax1) / 2, (ay0 + ay1) / 2)
    return int(left), int(top), int(left + w), int(top + h)


def turn_card(view, names, locale: str = "en") -> tuple:
    """The turn image's board part, drawn for its room (see the module's doc), and the seat
    whose panel it is (None: not a seat's)."""
    if view.get("result"):
        return (lambda room_w, room_h: A.result_card(view, names, locale, room_w, room_h)), None
    kind = A._last_kind(view) if view.get("last") else "seat"
    if kind == "map":
        return (lambda room_w, room_h: map_card(view, room_w, room_h, locale)), None
    if kind == "devs":
        return (lambda room_w, room_h: devs_card(view, room_w, room_h, locale)), None
    if kind in PANELS:
        return (lambda room_w, room_h: panel_card(view, names, kind, room_w, room_h, locale)), None
    seat = A._mover(view)
    if seat is None:
        seat = view["to_move"][0] if view["to_move"] else 0
    return (lambda room_w, room_h: panel_card(view, names, "seat", room_w, room_h, locale, seat)), seat


def turn_parts(view, names=None, locale="en") -> dict:
    """What ``renderers.turn`` needs: header texts, the board part drawn for the room, the
    focus seat's resources and score, every seat's score."""
    names = A._names(view, names)
    title, status, seat = A.header_text(view, names, locale)
    res = view.get("result")
    focus_seat = seat if seat is not None else (res["winners"][0] if res and res["winners"] else None)
    resources = []
    if focus_seat is not None:
        p = view["players"][focus_seat]
        resources = [word("ame.board.coins", locale, n=p["coins"]), word("ame.board.cannons", locale, n=p["cannons"]),
                     word("ame.board.progress", locale, n=p["develop"],
                          vp=track_value(A.DEVELOP_NUMBERS, p["develop"])),
                     word("ame.board.special_at", locale, n=p["special"],
                          vp=track_value(A.SPECIAL_NUMBERS, p["special"])),
                     word("ame.board.posts_left", locale, n=p["posts_left"]),
                     word("ame.board.goods_line", locale, n=sum(p["goods"].values()),
                          vp=goods_points(p["goods"], p["production"]))]
    scores = [(s, res["scores"][s] if res else p["vp"]) for s, p in enumerate(view["players"])]
    return {
        "title": title, "status": status, "seat": seat, "focus_seat": focus_seat,
        "last": A.last_lines(view, names, locale),
        **dict(zip(("card", "card_seat"), turn_card(view, names, locale))),
        "resources": resources,
        "score_text": word("ame.board.vp", locale, n=dict(scores)[focus_seat]) if focus_seat is not None else "",
        "scores": sorted(scores, key=lambda sv: -sv[1]),
    }


#: the turn image's development tiles: name, effect, kind tag, cubes (22 px and up)
DEV_TYPE = (24, 22, 22, 22)
DEV_ROW, DEV_HEAD = 46, 34


def devs_card(view, room_w: int, room_h: int, locale: str = "en"):
    """The development tiles on offer, larger than the board's panel (whose 16-19 px type came
    out 9 px on a phone): the new ones, those leaving after this round, the kinds' key."""
    dev = view["dev"]
    designed = set(dev.get("designed", ()))
    groups = [(key, [d for d in dev[key][:4] if d]) for key in ("left", "right")]
    groups = [(key, tiles) for key, tiles in groups if tiles]
    height = 44 + sum(DEV_HEAD + len(tiles) * DEV_ROW for _, tiles in groups) + 46
    img, draw = C.new_canvas(room_w, min(height, room_h))
    box = (4, 4, room_w - 4, img.height - 4)
    C.panel(draw, box, word("ame.board.devs", locale, n=dev["deck"]), colour=(135, 85, 45))
    A._outline(draw, (7, 7, room_w - 7, img.height - 7), width=4)
    y = 42
    for key, tiles in groups:
        C.text(draw, (18, y + DEV_HEAD / 2), word("ame.board.dev_new" if key == "left" else "ame.board.dev_old", locale),
               size=TURN_TYPE, fill=C.MUTED, anchor="lm")
        y += DEV_HEAD
        for d in tiles:
            A.dev_tile(draw, (16, y + 3, room_w - 16, y + DEV_ROW - 3), d, locale, d in designed, type_=DEV_TYPE)
            y += DEV_ROW
    kinds = "   ".join(word("ame.board.kind." + k, locale) for k in ("perm", "once", "end"))
    legend = board_label("board.designed", locale) if designed else ""
    room = room_w - 36 - (C.text_width(legend, TURN_TYPE) + TURN_TYPE + 24 if legend else 0)
    C.text(draw, (18, y + 22), C.fit(kinds, room, TURN_TYPE), size=TURN_TYPE, fill=C.MUTED, anchor="lm")
    if legend:
        C.designed_legend(draw, (room_w - 18, y + 22), legend, size=TURN_TYPE, anchor="rm")
    return img
