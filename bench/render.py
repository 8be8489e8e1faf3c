"""Board and turn-image render cost for every game, over one random game each.

    .venv/bin/python bench/render.py [--states 30] [--players 3] [--seed 5] [--out DIR] [--lang zh-TW]
                                     [--label-cache on|off] [--per-game] [--baseline REV [--rounds N]]

For each game: plays one random game, then over ``--states`` states spread
from start to end draws the full board (``renderers.render``) and the
phone turn image (``renderers.render_turn``) and prints time p50/p99 and PNG
size p50/max beside the targets (p99 < 300 ms, PNG < 1.5 MB; the turn
image also at most 1000 x 1000 px), and the CPU time p50 of one image (on a
shared machine the wall-clock figures move with the neighbours' load, the CPU
time hardly does). ``--label-cache off`` rasterises every label afresh (as
before ``canvas.text`` kept them), to show what the cache saves. With ``--out`` writes the early, middle
and last images there. ``--per-game`` also draws the turn image after every move of the
game, in order (as a table posts them), and prints the CPU of one whole game's turn images (the
process's first game: its first sight of labels and maps counted), then of the next seed's game in
the same process (a render worker's next game).
Exits non-zero when a target is missed. Quick mode (``make bench``): 10 states per game. ``--baseline REV`` draws with REV's renderers too,
interleaved, and prints the ratio (``bench/baseline.py``).
"""

from __future__ import annotations

import argparse
import io
import random
import sys
import time
from pathlib import Path

import baseline  # noqa: E402
from baseline import figure  # noqa: E402

baseline.use_code_root()

from _verdict import Verdict, sized  # noqa: E402
from PIL import Image  # noqa: E402

import renderers  # noqa: E402
from games import game_ids, get  # noqa: E402
from games.core.playout import expand  # noqa: E402

NAMES = ["Alice", "Bob", "Chen", "Dana", "Eve"]
P99_MS, MAX_BYTES, MAX_SIDE = 300, 1.5 * 1024 * 1024, 1000


def pct(values, q):
    values = sorted(values)
    return values[min(len(values) - 1, int(round(q * (len(values) - 1))))]


def views_of_one_game(game_id, players, seed, n=None):
    """``n`` public views spread from the start to the end of one random game (all when None)."""
    game = get(game_id)
    rnd = random.Random(seed)
    state = game.setup(players, seed)
    views = [game.view(state, None)]
    while game.result(state) is None:
        seat = rnd.choice(sorted(game.to_move(state)))
        game.play(state, seat, expand(game, state, seat, "", rnd))
        views.append(game.view(state, None))
    if n is None:
        return views
    step = max(1, len(views) // n)
    picked = views[::step][:n]
    return picked[:-1] + [views[-1]]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--states", type=int, default=sized(30, 10))
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--seed", type=int, default=5)
    ap.add_argument("--out", help="write early/mid/late PNGs here")
    ap.add_argument("--games", default=",".join(game_ids()))
    ap.add_argument("--lang", default="en", help="the boards' language: en or zh-TW")
    ap.add_argument("--label-cache", choices=("on", "off"), default="on",
                    help="off: every label rasterised afresh (canvas.text without its mask cache)")
    ap.add_argument("--per-game", action="store_true",
                    help="also the turn image after every move of the game, in order: CPU per game")
    baseline.add_arguments(ap)
    args = ap.parse_args(argv)
    return baseline.run(args, measure, argv)


def measure(args) -> int:
    if args.label_cache == "off":
        from renderers import canvas

        canvas._label = canvas._label.__wrapped__
    verdict = Verdict()
    print(f"targets: p99 < {P99_MS} ms, PNG < {MAX_BYTES / 1024:.0f} KB, turn image <= {MAX_SIDE} px a side")
    for gid in args.games.split(","):
        names = NAMES[:args.players]
        views = views_of_one_game(gid, args.players, args.seed, args.states)
        renderers.render(gid, views[0], names, args.lang)  # fonts and caches warm, as in a running bot
        renderers.render_turn(gid, views[0], names, args.lang)
        if args.per_game:
            per_game(gid, names, args)
        for kind, fn in (("board", renderers.render), ("turn", renderers.render_turn)):
            ms, cpu, sizes, sides = [], [], [], []
            for i, view in enumerate(views):
                t0, c0 = time.perf_counter(), time.process_time()
                png = fn(gid, view, names, args.lang)
                ms.append((time.perf_counter() - t0) * 1000)
                cpu.append((time.process_time() - c0) * 1000)
                sizes.append(len(png))
                img = Image.open(io.BytesIO(png))
                sides.append(max(img.size))
                if args.out and i in (1, len(views) // 2, len(views) - 1):
                    tag = {1: "early", len(views) // 2: "mid"}.get(i, "late")
                    Path(args.out).mkdir(parents=True, exist_ok=True)
                    (Path(args.out) / f"{gid}-{kind}-{tag}-{args.lang}.png").write_bytes(png)
            good = verdict.check(f"{gid} {kind} p99", pct(ms, .99), "<", P99_MS, "ms")
            good &= verdict.check(f"{gid} {kind} PNG max", max(sizes) / 1024, "<", MAX_BYTES / 1024, "KB")
            if kind == "turn":
                good &= verdict.check(f"{gid} turn largest side", max(sides), "<=", MAX_SIDE, "px")
            figure(f"{gid} {kind} cpu p50", pct(cpu, .5))
            print(f"{gid:15s} {kind:5s} n={len(ms):3d}  p50 {pct(ms, .5):6.1f} ms  p99 {pct(ms, .99):6.1f} ms "
                  f"(< {P99_MS})  cpu p50 {pct(cpu, .5):6.1f} ms  PNG p50 {pct(sizes, .5) / 1024:5.0f} KB max {max(sizes) / 1024:5.0f} KB "
                  f"(< {MAX_BYTES / 1024:.0f})  largest side {max(sides)} px  {'ok' if good else 'MISSED'}",
                  flush=True)
    return verdict.finish()


def per_game(gid: str, names: list[str], args) -> None:
    """Every turn image of one game, drawn in order as a table posts them; then those of another
    game (the next seed) in the same process: a render worker's next game, with what it keeps
    between games (fonts, labels, map bases, palettes) already there."""
    for which, seed in (("", args.seed), (", next game", args.seed + 1)):
        views = views_of_one_game(gid, args.players, seed)
        cpu = 0.0
        for view in views:
            c0 = time.process_time()
            renderers.render_turn(gid, view, names, args.lang)
            cpu += time.process_time() - c0
        figure(f"{gid} turn images cpu per game{which}", cpu * 1000)
        print(f"{gid:15s} turn images of a whole game{which} ({len(views)} moves): {cpu:6.2f} s cpu, "
              f"{cpu / len(views) * 1000:5.1f} ms each", flush=True)


if __name__ == "__main__":
    sys.exit(main())
