"""Terra Mystica terrains are told apart without colour: any two terrains closer than 15
CIEDE2000 under normal vision or a dichromacy carry different patterns, and those patterns
show on the drawn hex as that player sees it."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image

import renderers
from games import get
from games.terra_mystica.data import TERRAINS as ENGINE_TERRAINS
from renderers import canvas as cv
from renderers import cvd
from renderers import terra_mystica as tm
from renderers import terra_mystica_terrain as tt

#: the gap under which colour alone does not tell two terrains apart
COLOUR_GAP = 15.0
R = tm.HEX_R


def test_every_engine_terrain_has_one_row():
    assert set(ENGINE_TERRAINS) <= set(tt.TERRAINS)
    assert {look.pattern for look in tt.TERRAINS.values()} <= set(tt.MOTIFS)
    patterns = [look.pattern for look in tt.TERRAINS.values()]
    assert len(set(patterns)) == len(patterns)  # one pattern per terrain
    letters = [look.letter for look in tt.TERRAINS.values() if look.letter]
    assert len(set(letters)) == len(letters)


def _hex(terrain: str) -> Image.Image:
    """One bare hex of ``terrain`` as the map draws it (fill, then pattern, clear of the id)."""
    img, draw = cv.new_canvas(2 * R + 4, 2 * R + 4)
    cx = cy = R + 2
    cv.polygon(draw, cv.hex_corners(cx, cy, R - 1), fill=tt.TERRAINS[terrain].fill)
    tt.draw_pattern(draw, terrain, cx, cy, R, -R * 0.58, (30, 16))
    return img


def _ink_mask(terrain: str, kind: str) -> set[tuple[int, int]]:
    """The pixels of the hex that stand apart from its fill (>= 8 CIEDE2000) as ``kind`` sees them."""
    img = _hex(terrain)
    fill = tt.TERRAINS[terrain].fill
    far = {c: cvd.delta_e(c, fill, kind) >= 8 for _, c in img.getcolors(1 << 16)}
    w = img.width
    return {(i % w, i // w) for i, c in enumerate(img.get_flattened_data()) if c != cv.BG and far[c]}


def _close_pairs(kind):
    names = list(tt.TERRAINS)
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            gap = cvd.delta_e(tt.TERRAINS[a].fill, tt.TERRAINS[b].fill, kind)
            if gap < COLOUR_GAP:
                yield a, b, gap


def test_the_deuteranopia_trouble_is_real():
    """The reason for the patterns: plains, forest and wasteland nearly one colour."""
    close = {(a, b) for a, b, _ in _close_pairs("deuteranopia")}
    assert {("plains", "forest"), ("forest", "wasteland"), ("plains", "wasteland")} <= close


@pytest.mark.parametrize("kind", cvd.KINDS)
def test_close_terrains_differ_by_a_pattern_that_shows(kind):
    area = 3 * 3 ** 0.5 / 2 * R * R
    for a, b, gap in _close_pairs(kind):
        assert tt.TERRAINS[a].pattern != tt.TERRAINS[b].pattern, (kind, a, b, gap)
        ma, mb = _ink_mask(a, kind), _ink_mask(b, kind)
        for name, mask in ((a, ma), (b, mb)):
            assert len(mask) > 0.03 * area, f"{kind}: {name}'s pattern hardly shows ({len(mask)} px)"
        overlap = len(ma & mb) / len(ma | mb)
        assert overlap < 0.5, f"{kind}: {a} and {b} ({gap:.1f} apart) have look-alike patterns ({overlap:.2f})"


@pytest.mark.parametrize("kind", cvd.KINDS)
def test_every_pattern_shows_on_its_own_fill(kind):
    for name, look in tt.TERRAINS.items():
        assert cvd.delta_e(look.ink, look.fill, kind) >= 15, (kind, name)


def _view(moves: int):
    game = get("terra-mystica")
    rnd = random.Random(3)
    state = game.setup(3, 3)
    from games.core.playout import expand
    for _ in range(moves):
        seat = rnd.choice(sorted(game.to_move(state)))
        game.play(state, seat, expand(game, state, seat, "", rnd))
    return game.view(state, None)


def test_the_board_draws_each_hex_with_its_pattern():
    """Every land hex of the board holds its own terrain's pattern ink and no other terrain's,
    and on the PNG sent (a 256-colour palette) the pattern still stands apart from the fill."""
    view = _view(0)
    tm._map_base.cache_clear()
    with cv.capture_images() as images:
        renderers.render("terra-mystica", view)
    drawn = images[0]
    sent = Image.open(io.BytesIO(renderers.render("terra-mystica", view))).convert("RGB")
    inks = {look.ink: name for name, look in tt.TERRAINS.items()}
    for hid in tm.LAND_IDS:
        cx, cy = tm.hex_centre(hid)
        terrain = tm.LETTER_TERRAIN[tm.CELL_BY_ID[hid]["letter"]]
        look = tt.TERRAINS[terrain]
        box = (int(cx - R * 0.7), int(cy - R * 0.3), int(cx + R * 0.7), int(cy + R * 0.8))
        seen = {inks[c] for _, c in drawn.crop(box).getcolors(1 << 16) if c in inks}
        assert seen == {terrain}, (hid, terrain, seen)
        inked = sum(n for n, c in sent.crop(box).getcolors(1 << 16)
                    if cvd.delta_e(c, look.ink) < cvd.delta_e(c, look.fill))
        assert inked > 0.03 * (box[2] - box[0]) * (box[3] - box[1]), (hid, terrain, inked)


@pytest.mark.parametrize("locale", ["en", "zh-TW"])
def test_the_key_under_the_map_names_every_terrain_on_it(monkeypatch, locale):
    drawn = []
    real = cv.text

    def spy(draw, xy, s, *args, **kwargs):
        drawn.append(str(s))
        return real(draw, xy, s, *args, **kwargs)

    monkeypatch.setattr(tm, "text", spy)
    renderers.render("terra-mystica", _view(0), locale=locale)
    words = {name: tm.label(f"tm.terrain.{name}", locale) for name in tm.LETTER_TERRAIN.values()}
    assert tm.label("tm.board.terrain_key", locale) in drawn
    for name, word in words.items():
        assert word in drawn, (name, word)
    if locale == "zh-TW":
        assert words["plains"] == "平原" and words["wasteland"] == "荒地"


def test_the_key_lists_only_the_terrains_on_the_map():
    t = tm._table(_view(0), None)
    assert tm.map_terrains(t) == list(tm.LETTER_TERRAIN.values())
    t["hexes"]["E9"] = dict(t["hexes"].get("E9") or {}, terrain="volcano")
    assert tm.map_terrains(t)[-1] == "volcano"
