"""Run by ``test_pure_images.py`` in a fresh process: draws the images listed in a JSON file
(``[game, view, names, seat, kind, locale]`` each) in the order given, on ``threads`` threads at
once, and prints the digest of what each shows (``tests.pictures.shown``) as a JSON list in the file's order."""

from __future__ import annotations

import json
import sys
from concurrent.futures import ThreadPoolExecutor

import renderers
from tests.pictures import shown


def draw(job) -> str:
    game, view, names, seat, kind, locale = job
    return shown(renderers.render_png(game, view, names, seat, kind=kind, locale=locale))


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
