"""Make ``label_atlas.json``: the labels every game of a title shows, rasterised ahead, and the
words it measures, measured (``renderers/label_atlas.py``). Run it again after a font, Pillow or layout change (the atlas
test says when):

    .venv/bin/python renderers/fonts/make_label_atlas.py [--games terra-mystica] [--per-language 24]
                                                        [--share 0.25] [--longest 12]

Plays ``--per-language`` random games of each title in English and in zh-TW (2-5 seats, names
made up per game, so no player's name recurs), each drawn as a fresh render worker draws it (the
first state's full board, then every turn image, then the last state's full board), and keeps
every label (``canvas._label``'s key) of at most ``--longest`` characters drawn in at least
``--share`` of a language's games: the ones a process's first game would otherwise rasterise
whatever the game (a long line's mask costs more to ship and read than it saves). The games'
seeds (from 1000) are not the render bench's (5 and 6). Likewise every word (``canvas._advance``)
measured in at least ``--share`` of them.
"""

from __future__ import annotations

import argparse
import collections
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import renderers  # noqa: E402
from games import get  # noqa: E402
from games.core.playout import random_views  # noqa: E402
from renderers import canvas, label_atlas  # noqa: E402
from renderers.caches import forget_drawn  # noqa: E402

SYLLABLES = ["ka", "ri", "mo", "zen", "ul", "bex", "tor", "shi", "ya", "vo", "lin", "dra"]
ZH = "明華怡君志偉淑芬建國家豪美玲俊傑"


def _name(rnd: random.Random, locale: str) -> str:
    if locale == "zh-TW" and rnd.random() < 0.6:
        return "".join(rnd.choice(ZH) for _ in range(rnd.randint(2, 3)))
    return "".join(rnd.choice(SYLLABLES) for _ in range(rnd.randint(2, 3))).capitalize()


def labels_of_one_game(gid: str, players: int, seed: int, locale: str) -> tuple[set, set]:
    """Every ``_label`` key a fresh worker draws for one random game, and every ``_advance`` key
    it measures."""
    rnd = random.Random(seed * 7 + 1)
    names = [_name(rnd, locale) for _ in range(players)]
    views = random_views(get(gid), players, seed)
    forget_drawn()
    drawn, measured = set(), set()
    label, advance = canvas._label, canvas._advance

    def spy_label(*key):
        drawn.add(key)
        return label(*key)

    def spy_advance(*key):
        measured.add(key)
        return advance(*key)

    canvas._label, canvas._advance = spy_label, spy_advance
    try:
        renderers.render(gid, views[0], names, locale)
        for view in views:
            renderers.render_turn(gid, view, names, locale)
        renderers.render(gid, views[-1], names, locale)
    finally:
        canvas._label, canvas._advance = label, advance
    return drawn, measured


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", default="terra-mystica")
    ap.add_argument("--per-language", type=int, default=24)
    ap.add_argument("--share", type=float, default=0.25)
    ap.add_argument("--longest", type=int, default=12,
                    help="labels of at most this many characters (a long line's mask costs more to ship and "
                         "read than the hex ids' and numbers' for the time it saves)")
    ap.add_argument("--out", default=str(label_atlas.ATLAS_FILE))
    args = ap.parse_args(argv)
    label_atlas.enabled = False   # every label from FreeType, as the atlas will hold it
    kept, words = set(), set()
    for gid in args.games.split(","):
        for locale in ("en", "zh-TW"):
            drawn, measured = collections.Counter(), collections.Counter()
            for i in range(args.per_language):
                labels, advances = labels_of_one_game(gid, 2 + i % 4, 1000 + i, locale)
                drawn.update(labels)
                measured.update(advances)
            least = args.share * args.per_language
            common = {k for k, n in drawn.items() if n >= least and len(k[0]) <= args.longest}
            common_words = {k for k, n in measured.items() if n >= least}
            print(f"{gid} {locale}: {len(drawn)} labels in {args.per_language} games, {len(common)} of at most "
                  f"{args.longest} characters in at least {args.share:.0%} of them; {len(measured)} words "
                  f"measured, {len(common_words)} in at least {args.share:.0%}", flush=True)
            kept |= common
            words |= common_words
    draw = canvas._label.__wrapped__
    labels = {k: found for k in kept if (found := draw(*k)) is not None}
    advances = {(w, size, bold): canvas.font(size, bold).getlength(w) for w, size, bold in words if w}
    label_atlas.write(Path(args.out), labels, advances)
    print(f"{len(labels)} labels, {len(advances)} words, {Path(args.out).stat().st_size / 1024:.0f} KB: {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
