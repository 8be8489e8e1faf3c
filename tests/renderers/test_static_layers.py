"""What the renderers keep between images (static layers, palettes) changes no pixel and holds no secret.

A render worker draws the turns of many games one after another and keeps what does not change
inside a game: Terra Mystica's map base per map, terrains and type (a terraform redraws only the
hexes it changed), its turn image's map with the buildings (only what a move changed redrawn) and
the dwelling pick's scaled map (only the rows and columns a dwelling reaches scaled again), board
panels per content, palettes per game and seat colours. Each test
draws the same images with the caches warm, in a game's order, and cold, from nothing.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import ImageChops

import renderers
from games import get
from games.core.playout import expand
from games.terra_mystica.maps import MAPS
from renderers import canvas as cv
from renderers import terra_mystica as tm

NAMES = ["Ann", "Bo", "Chen"]


def _views(game_id: str, seed: int = 3, every: int = 1, most: int = 400) -> list[dict]:
    """Public views of one random three-seat game, every ``every``-th move."""
    game = get(game_id)
    rnd = random.Random(seed)
    state = game.setup(3, seed)
    views = [game.view(state, None)]
    moves = 0
    while game.result(state) is None and moves < most:
        seat = rnd.choice(sorted(game.to_move(state)))
        game.play(state, seat, expand(game, state, seat, "", rnd))
        moves += 1
        if moves % every == 0:
            views.append(game.view(state, None))
    return views


def _cold() -> None:
    """Every cache a renderer keeps between images, emptied."""
    tm._BASES.clear()
    tm._KEPT.clear()
    tm._SMALL.clear()
    cv._PANELS.clear()
    cv._KEYED_PALETTES.clear()
    cv._KEYED_BYTES.clear()
    cv._TILES.clear()
    cv._SEEN.clear()
    from renderers import amerigo

    amerigo._map_base.cache_clear()


def _same(a, b) -> bool:
    return a.size == b.size and ImageChops.difference(a.convert("RGB"), b.convert("RGB")).getbbox() is None


def _drawn(fn):
    """The image ``fn`` draws, before it is encoded."""
    with cv.capture_images() as images:
        fn()
    return images[-1]


@pytest.mark.parametrize("rows_name", sorted(MAPS))
def test_a_terraform_redraws_only_its_hexes_pixel_for_pixel(rows_name):
    """Every map, with and without river ids, at the board's and the turn image's type: a base
    built from the nearest kept one by redrawing the changed hexes is the base drawn whole. The
    steps below terraform every land hex of the map at least once."""
    geo = tm.geo_for(tuple(MAPS[rows_name]["rows"]))
    rnd = random.Random(rows_name)
    kinds = sorted(tm.TERRAIN_FILL)
    start = [tm.LETTER_TERRAIN[geo.by_id[h]["letter"]] for h in geo.land_ids]
    order = list(range(len(start)))
    rnd.shuffle(order)
    for sizes, river_ids in ((tm.MAP_TYPE, False), (tm.TURN_MAP_TYPE, True)):
        tm._BASES.clear()
        terrains = list(start)
        tm._map_base(geo, tuple(terrains), river_ids, sizes)
        for step in range(0, len(order), 9):
            for i in order[step:step + 9]:
                terrains[i] = rnd.choice([k for k in kinds if k != terrains[i]])
            kept = len(tm._BASES)
            got = tm._map_base(geo, tuple(terrains), river_ids, sizes)
            assert len(tm._BASES) == min(kept + 1, tm.MAP_BASES)
            assert _same(got, tm._draw_base(geo, tuple(terrains), river_ids, sizes)), (rows_name, step)


@pytest.mark.parametrize("map_name", sorted(MAPS))
def test_kept_maps_redraw_only_what_changed_pixel_for_pixel(map_name):
    """A three-seat game on every map, kept maps brought up to date after every move: the turn
    image's map and the map without words equal ``map_image`` drawn whole, and the dwelling
    pick's scaled map equals the whole map scaled (buildings, towns, bridges, terraforms and the
    last move's outlines come and go; several moves apart the changes add up)."""
    from PIL import Image

    game = get("terra-mystica")
    rnd = random.Random(map_name)
    state = game.setup(3, 11, {"map": map_name})
    tm._KEPT.clear()
    tm._SMALL.clear()
    x0, y0, x1, y1 = tm.MAP_BOX
    size = (int((x1 - x0) * 0.485), int((y1 - y0) * 0.485))
    moves = 0
    while game.result(state) is None:
        seat = rnd.choice(sorted(game.to_move(state)))
        game.play(state, seat, expand(game, state, seat, "", rnd))
        moves += 1
        if moves % 2 and game.result(state) is None:
            continue   # every other move: a kept map catches up on two moves' changes at once
        t = tm._table(game.view(state, None), NAMES)
        kept = tm._kept_map(t)[0]
        small = tm._small_map(t, size)
        if moves % 12 == 0 or game.result(state) is not None:
            assert _same(kept, tm.map_image(t)), (map_name, moves)
            whole = tm.map_image(t, None)
            assert _same(tm._kept_map(t, None)[0], whole), (map_name, moves)
            assert _same(small, whole.crop(tm.MAP_BOX).resize(size, resample=Image.Resampling.BOX)), (map_name, moves)
    assert moves > 40
    assert len(tm._KEPT) <= tm.KEPT_MAPS and len(tm._SMALL) <= tm.SMALL_MAPS


def test_kept_maps_are_bounded_and_follow_each_table():
    """Two games on the same map drawn turn by turn in turns (a worker serving two tables): each
    image is its own game's map, and no more maps are kept than the bound."""
    game = get("terra-mystica")
    tm._KEPT.clear()
    tm._SMALL.clear()
    states = [game.setup(3, seed) for seed in (21, 22)]
    rnds = [random.Random(21), random.Random(22)]
    for turn in range(60):
        i = turn % 2
        state = states[i]
        if game.result(state) is not None:
            continue
        seat = rnds[i].choice(sorted(game.to_move(state)))
        game.play(state, seat, expand(game, state, seat, "", rnds[i]))
        t = tm._table(game.view(state, None), NAMES)
        kept = tm._kept_map(t)[0]
        if turn % 10 in (0, 1):
            assert _same(kept, tm.map_image(t)), turn
    for name in sorted(MAPS):   # more maps than are kept
        tm._kept_map(tm._table(game.view(game.setup(3, 1, {"map": name}), None), NAMES))
    assert len(tm._KEPT) == tm.KEPT_MAPS


def test_map_bases_are_bounded_and_keyed_by_map_and_type():
    tm._BASES.clear()
    geo = tm.ORIGINAL
    terrains = [tm.LETTER_TERRAIN[geo.by_id[h]["letter"]] for h in geo.land_ids]
    for i in range(tm.MAP_BASES + 5):
        terrains[i] = "desert" if terrains[i] != "desert" else "swamp"
        tm._map_base(geo, tuple(terrains), False, tm.MAP_TYPE)
    assert len(tm._BASES) == tm.MAP_BASES
    # the same terrains on another map, or in another type, are another base (never a stale one)
    other = tm.geo_for(tuple(MAPS["fire-ice-1"]["rows"]))
    mine = tm._map_base(geo, tuple(terrains), False, tm.MAP_TYPE)
    assert tm._map_base(geo, tuple(terrains), False, tm.TURN_MAP_TYPE) is not mine
    assert tm._map_base(geo, tuple(terrains), True, tm.MAP_TYPE) is not mine
    first = [tm.LETTER_TERRAIN[other.by_id[h]["letter"]] for h in other.land_ids]
    assert _same(tm._map_base(other, tuple(first), False, tm.MAP_TYPE),
                 tm._draw_base(other, tuple(first), False, tm.MAP_TYPE))
    assert all(k[0] in (geo.rows, other.rows) for k in tm._BASES)


@pytest.mark.parametrize("game_id", sorted(renderers.RENDERERS))
def test_turn_images_and_boards_drawn_in_order_equal_those_drawn_from_nothing(game_id):
    """A game's turn images (and full boards) drawn one after another, as a render worker draws
    a table's turns, are pixel for pixel those drawn with every cache emptied first."""
    views = _views(game_id, every=1)
    step = max(1, len(views) // 14)
    picked = sorted(set(range(0, len(views), step)) | {len(views) - 1})
    boards = set(picked[::3])
    _cold()
    warm = {}
    for i, view in enumerate(views):   # every move in order: the caches fill as in a worker
        if i in picked:
            warm[i] = _drawn(lambda v=view: renderers.render_turn(game_id, v, NAMES))
        elif game_id == "terra-mystica":
            renderers.render_turn(game_id, view, NAMES)
        if i in boards:
            warm[i, "board"] = _drawn(lambda v=view: renderers.render(game_id, v, NAMES))
    for i in picked:
        _cold()
        assert _same(warm[i], _drawn(lambda v=views[i]: renderers.render_turn(game_id, v, NAMES))), (game_id, i)
        if i in boards:
            _cold()
            assert _same(warm[i, "board"], _drawn(lambda v=views[i]: renderers.render(game_id, v, NAMES))), (game_id, i)


def test_terra_mystica_on_every_map_keeps_bases_of_public_terrains_only():
    """Terra Mystica on each map: the bases kept hold only what the public view shows (the map's
    rows and each hex's terrain), and drawing a seat's private panel adds none."""
    game = get("terra-mystica")
    for name in sorted(MAPS):
        tm._BASES.clear()
        rnd = random.Random(name)
        try:
            state = game.setup(3, 7, {"map": name})
        except Exception:  # a map the engine does not offer as an option
            pytest.fail(f"map {name} cannot be set up")
        shown = set()
        for _ in range(36):
            if game.result(state) is not None:
                break
            seat = rnd.choice(sorted(game.to_move(state)))
            game.play(state, seat, expand(game, state, seat, "", rnd))
            view = game.view(state, None)
            t = tm._table(view, NAMES)
            shown.add(tuple((t["hexes"].get(h) or {}).get("terrain")
                            or tm.LETTER_TERRAIN[t["geo"].by_id[h]["letter"]] for h in t["geo"].land_ids))
            renderers.render_turn("terra-mystica", view, NAMES)
        keys = set(tm._BASES)
        assert keys and all(k[1] in shown for k in keys), name
        renderers.render_png("terra-mystica", game.view(state, 0), NAMES, seat=0)
        assert set(tm._BASES) == keys, name


def test_turn_palettes_are_kept_per_game_and_seat_colours_and_hold_only_a_palette():
    _cold()
    for game_id in sorted(renderers.RENDERERS):
        for view in _views(game_id, every=20, most=60):
            renderers.render_turn(game_id, view, NAMES)
    turn_keys = [key for key, _colours in cv._KEYED_PALETTES if key[0] == "turn"]
    assert {k[1] for k in turn_keys} == set(renderers.RENDERERS)
    assert all(p.size == (1, 1) for p in cv._KEYED_PALETTES.values())   # no pixels of any board


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.sampled_from([*(chr(c) for c in range(0, 128)), "中", "😀", "\ufe0f", "\u200b", "\u200c", "ไ", "é",
                                                 "·", "→", "…", "—", "×"]),
               max_size=12))
def test_text_runs_of_plain_ascii_take_the_short_way_to_the_same_runs(s):
    """``canvas.runs`` answers printable ASCII, and text of only Latin's font's characters ("·",
    "→"), at once (one Latin run); everything else, and the answer for those too, is what the
    glyph-by-glyph fallback gives."""
    slow: list[list[str]] = []
    for i, ch in enumerate(s):
        if slow and (ord(ch) in cv._JOINERS or ch in "\u200c\u200b"):
            slow[-1][1] += ch
            continue
        nxt = s[i + 1] if i + 1 < len(s) else ""
        fam = cv.family_of(ch, prefer_emoji=nxt == "\ufe0f") or (slow[-1][0] if slow else "latin")
        if slow and slow[-1][0] == fam:
            slow[-1][1] += ch
        else:
            slow.append([fam, ch])
    assert cv.runs.__wrapped__(s) == tuple((f, t) for f, t in slow)


def _in_place(img, fn, key, box, *args, bg=cv.BG) -> None:
    """``cv.cached_panel`` without its cache or its own canvas: the part drawn straight onto the
    image at its place (what a panel stands for)."""
    from PIL import ImageDraw

    x0, y0, x1, y1 = (int(v) for v in box)
    draw = ImageDraw.Draw(img)
    draw.rectangle((x0, y0, x1 - 1, y1 - 1), fill=bg)
    fn(_Shifted(draw, x0, y0), *args, (0, 0, x1 - x0, y1 - y0))


class _Shifted:
    """An ``ImageDraw`` whose origin is at (dx, dy): a part drawn through it lands at its place,
    clipped to nothing (a part drawing outside its box shows here and not in its panel)."""

    def __init__(self, draw, dx, dy):
        self._draw, self.dx, self.dy = draw, dx, dy
        self.fontmode, self._image = draw.fontmode, draw._image

    def _at(self, xy):
        if xy and isinstance(xy[0], (tuple, list)):
            return [(x + self.dx, y + self.dy) for x, y in xy]
        return [v + (self.dx if i % 2 == 0 else self.dy) for i, v in enumerate(xy)]

    def __getattr__(self, name):
        fn = getattr(self._draw, name)

        def shifted(xy, *args, **kwargs):
            return fn(self._at(xy), *args, **kwargs)
        return shifted


def test_bruges_seat_card_parts_from_their_panels_are_the_card_drawn_in_place(monkeypatch):
    """Bruges' turn card is drawn part by part through ``cv.cached_panel`` (workers and threats,
    canals, majorities, houses, each drawn once per content): every turn image of a game equals
    the same image with each part drawn straight onto the card at its place."""
    views = _views("bruges", seed=5, every=1)
    _cold()
    cached = [_drawn(lambda v=v: renderers.render_turn("bruges", v, NAMES)) for v in views]
    assert len(cv._PANELS) > 0
    monkeypatch.setattr(cv, "cached_panel", _in_place)
    for i, view in enumerate(views):
        assert _same(cached[i], _drawn(lambda v=view: renderers.render_turn("bruges", v, NAMES))), i


@pytest.mark.parametrize("k", [0.5, 0.333, 0.61])
def test_a_kept_scaled_map_equals_the_whole_scaled_at_other_sizes(k):
    """The dwelling pick's scaled map, brought up to date box by box (each change's rows scaled
    across from its columns alone, then its columns down over the rows they reach), equals the whole
    map scaled at sizes whose scale is whole, a third, or neither."""
    from PIL import Image

    game = get("terra-mystica")
    rnd = random.Random(k)
    state = game.setup(3, 5)
    tm._KEPT.clear()
    tm._SMALL.clear()
    x0, y0, x1, y1 = tm.MAP_BOX
    size = (int((x1 - x0) * k), int((y1 - y0) * k))
    for moves in range(1, 41):
        seat = rnd.choice(sorted(game.to_move(state)))
        game.play(state, seat, expand(game, state, seat, "", rnd))
        t = tm._table(game.view(state, None), NAMES)
        small = tm._small_map(t, size)
        if moves % 8 == 0:
            whole = tm.map_image(t, None).crop(tm.MAP_BOX).resize(size, resample=Image.Resampling.BOX)
            assert _same(small, whole), (k, moves)
