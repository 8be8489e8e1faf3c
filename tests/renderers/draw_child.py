"""Run by ``test_pure_images.py`` in a fresh process: draws the images listed in a JSON file
(``[game, view, names, seat, kind, locale]`` each) in the order given, on ``threads`` threads at
once, and prints the digest of each (``drawn``) as a JSON list in the file's order."""

from __future__ import annotations

import hashlib
import io
import json
import sys
from concurrent.futures import ThreadPoolExecutor

from PIL import Image

import renderers


def drawn(png: bytes | None) -> str:
    """The SHA-256 of what a PNG shows: its size, its palette and every pixel's index. Not of its
    bytes: the deflate (ISA-L) now and then packs the same pixels into other bits (bench/PERF.md,
    "Boards, session 8"), a cause not found yet and not this test's."""
    if png is None:
        return "none"
    img = Image.open(io.BytesIO(png))
    return hashlib.sha256(repr((img.mode, img.size)).encode() + bytes(img.getpalette() or []) + img.tobytes()).hexdigest()


def draw(job) -> str:
    game, view, names, seat, kind, locale = job
    return drawn(renderers.render_png(game, view, names, seat, kind=kind, locale=locale))


def main(path: str, order: str, threads: int) -> None:
    jobs = json.loads(open(path, encoding="utf-8").read())
    indices = list(range(len(jobs)))
    if order == "reversed":
        indices.reverse()
    with ThreadPoolExecutor(threads) as pool:
        drawn = dict(zip(indices, pool.map(lambda i: draw(jobs[i]), indices), strict=True))
    print(json.dumps([drawn[i] for i in range(len(jobs))]))


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], int(sys.argv[3]))
