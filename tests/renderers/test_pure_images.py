"""An image is a pure function of (game, view, names, seat, kind, locale): the same picture in every
process, whatever it drew before, in whatever order, on however many threads, under any hash seed.

A board the bot posted (drawn in a render worker, or on one of its threads) is compared with the
same board drawn again (tests of the "Full board" button, /plan, /hand, the archive);
and a render worker is one process among several, each with its own history and hash seed. Once, a
game's palette was built from the first image of that game a process drew, so the same view gave
other pixels after another board had come first (or when two threads built it at once). What is
compared is what a PNG shows (size, palette, pixels: ``tests.pictures.shown``), not its deflated bits."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import games
import renderers
from games.core.playout import expand
from tests.pictures import shown

ROOT = Path(__file__).resolve().parents[2]
NAMES = ["Ann", "Bob", "Chen"]


def _jobs() -> list:
    """For every title: the start, the middle and the end of a random 3-seat game, each as the full
    board, the turn image and seat 1's own image, in English and in zh-TW."""
    jobs = []
    for game_id in sorted(renderers.RENDERERS):
        game = games.get(game_id)
        rnd = random.Random(11)
        state = game.setup(3, 11)
        moves = 0
        while True:
            if moves in (0, 60) or game.result(state) is not None:
                for locale in ("en", "zh-TW"):
                    public = game.view(state, None)
                    jobs.append([game_id, public, NAMES, None, "board", locale])
                    jobs.append([game_id, public, NAMES, None, "turn", locale])
                    jobs.append([game_id, game.view(state, 1), NAMES, 1, "board", locale])
            if game.result(state) is not None:
                break
            seat = rnd.choice(sorted(game.to_move(state)))
            game.play(state, seat, expand(game, state, seat, "", rnd))
            moves += 1
    return json.loads(json.dumps(jobs))  # as a worker gets them: JSON


def _drawn_in_a_fresh_process(path: Path, order: str, threads: int, hash_seed: str) -> list[str]:
    env = {**os.environ, "PYTHONHASHSEED": hash_seed, "PYTHONPATH": str(ROOT)}
    out = subprocess.run([sys.executable, str(Path(__file__).with_name("draw_child.py")), str(path), order,
                          str(threads)], env=env, cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr[-3000:]
    return json.loads(out.stdout)


def test_every_title_draws_the_same_picture_in_any_process_order_thread_and_hash_seed(tmp_path):
    jobs = _jobs()
    path = tmp_path / "jobs.json"
    path.write_text(json.dumps(jobs), encoding="utf-8")
    # one process draws them in order, one thread; another in reverse order on three threads at
    # once (each title's first image is another one there) under another hash seed
    straight = _drawn_in_a_fresh_process(path, "straight", 1, "1")
    crossed = _drawn_in_a_fresh_process(path, "reversed", 3, "2")
    here = [shown(renderers.render_png(g, v, n, s, kind=k, locale=loc))
            for g, v, n, s, k, loc in jobs]   # and this process, after whatever it drew before
    differ = [jobs[i][0:1] + jobs[i][3:] for i in range(len(jobs))
              if len({straight[i], crossed[i], here[i]}) > 1]
    assert {job[0] for job in jobs} == set(renderers.RENDERERS) and len(jobs) >= 5 * 2 * 2 * 3
    assert not differ, f"{len(differ)} of {len(jobs)} images differ: {differ[:10]}"
