"""``renderers.png`` writes what Pillow writes: the same palette indices and colours, decoded."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image, ImageDraw

import renderers
from games import get
from games.core.playout import expand
from renderers import canvas as cv
from renderers import png


def _pillow(img: Image.Image) -> bytes:
    out = io.BytesIO()
    img.save(out, format="PNG")
    return out.getvalue()


def _decoded(data: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(data))
    img.load()
    return img


def _alike(ours: bytes, img: Image.Image) -> None:
    got, want = _decoded(ours), _decoded(_pillow(img))
    assert got.format == "PNG" and got.mode == "P" and got.size == img.size
    assert got.tobytes() == want.tobytes() == img.tobytes()
    assert got.convert("RGB").tobytes() == want.convert("RGB").tobytes()


@pytest.mark.parametrize("size", [(1, 1), (3, 7), (800, 550), (257, 13), (40, 2 * png.STRIP)])
def test_a_drawn_palette_image_decodes_to_the_same_pixels_and_colours(size):
    rnd = random.Random(size[0] * 1000 + size[1])
    img = Image.new("RGB", size, cv.BG)
    draw = ImageDraw.Draw(img)
    for _ in range(40):
        x, y = rnd.randrange(size[0]), rnd.randrange(size[1])
        draw.ellipse((x - 9, y - 9, x + 9, y + 9), fill=tuple(rnd.randrange(256) for _ in range(3)))
    cv.text(draw, (2, 2), "VP 42 · 中", size=22)
    many = img.quantize(colors=256, method=Image.Quantize.FASTOCTREE)
    _alike(png.encode(many), many)
    few = img.quantize(colors=5)   # a palette shorter than 256 entries
    _alike(png.encode(few), few)


def test_only_palette_images():
    with pytest.raises(ValueError):
        png.encode(Image.new("RGB", (2, 2)))


@pytest.mark.parametrize("game_id", sorted(renderers.RENDERERS))
def test_turn_images_and_boards_decode_as_pillow_wrote_them(game_id, monkeypatch):
    """A game's turn image and full board, as they are sent: the decoded pixels are those of the
    quantized image Pillow would have written. The turn image is put together and mapped strip by
    strip (``renderers.strips``): its pixels are those of the whole image mapped at once."""
    game = get(game_id)
    rnd = random.Random(4)
    state = game.setup(3, 4)
    for _ in range(12):
        if game.result(state) is not None:
            break
        seat = rnd.choice(sorted(game.to_move(state)))
        game.play(state, seat, expand(game, state, seat, "", rnd))
    view = game.view(state, None)
    pairs, palettes = [], []
    real, real_palette = png.encode, cv.named_palette

    def keep(img):
        pairs.append((img, real(img)))
        return pairs[-1][1]

    def palette(*args):
        palettes.append(real_palette(*args))
        return palettes[-1]

    monkeypatch.setattr(png, "encode", keep)
    monkeypatch.setattr(cv, "named_palette", palette)
    turn = renderers.render_turn(game_id, view, ["Ann", "Bo", "Chen"])
    board = renderers.render(game_id, view, ["Ann", "Bo", "Chen"])
    assert [data for _img, data in pairs] == [board]
    for img, data in pairs:
        _alike(data, img)
    with cv.capture_images() as images:
        renderers.render_turn(game_id, view, ["Ann", "Bo", "Chen"])
    _alike(turn, images[0].quantize(palette=palettes[0], dither=Image.Dither.NONE))
