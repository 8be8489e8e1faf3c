"""What a zh-TW table's images say: every string a render hands to Pillow, and the Latin words in them.

Used by ``test_zh_boards.py`` (the scanner) and the harness test of automatic moves.
A Latin word (two letters or more) on a zh-TW image is a bug unless it is move
notation (a word of a move the game lists: players type it), a player's name or
one of the few units below (slash commands have zh-TW names: ``/遊戲 圖板``).
"""

from __future__ import annotations

import functools
import random
import re
from contextlib import contextmanager

from PIL import ImageFont

import games
from renderers import canvas, label_atlas
from renderers.caches import forget_drawn

#: players with Chinese names (and an emoji): a name never adds Latin words to scan
NAMES = ["小明", "阿華🎲", "陳怡君"]
#: Latin words allowed on a zh-TW image in every game, each with why. Kept short on purpose.
UNITS: dict[str, str] = {}
WORD = re.compile(r"[A-Za-z]{2,}")


def clear_caches() -> None:
    """Forget every drawn label a renderer keeps (mask caches, panels, tiles, static layers), so
    the next render draws all of its text through Pillow again."""
    forget_drawn()


class Drawn(list):
    """The strings drawn, in order; ``fonts[i]`` is the font file ``self[i]`` was drawn in."""

    def __init__(self):
        super().__init__()
        self.fonts: list[str | None] = []


@contextmanager
def drawn_text():
    """``with drawn_text() as strings:`` every string a font rasterises inside (caches cleared first):
    ``FreeTypeFont.getmask2``, which ``ImageDraw.text`` calls for each line and ``canvas`` for a Latin label."""
    strings = Drawn()
    real = ImageFont.FreeTypeFont.getmask2

    def spy(self, text, *args, **kwargs):
        strings.append(str(text))
        strings.fonts.append(getattr(self, "path", None))
        return real(self, text, *args, **kwargs)

    clear_caches()
    ImageFont.FreeTypeFont.getmask2 = spy
    atlas, label_atlas.enabled = label_atlas.enabled, False   # no label from the shipped atlas either
    try:
        yield strings
    finally:
        ImageFont.FreeTypeFont.getmask2 = real
        label_atlas.enabled = atlas


def latin_words(strings: list[str], notation: frozenset[str] = frozenset(), names: list[str] = NAMES) -> dict[str, str]:
    """Word -> the first string it was drawn in, for every Latin word that is not allowed."""
    named = {w for name in names for w in WORD.findall(name)}  # a name may be drawn in runs, one per font
    found: dict[str, str] = {}
    for s in strings:
        for w in WORD.findall(s):
            if w not in notation and w not in UNITS and w not in named:
                found.setdefault(w, s)
    return found


@functools.cache
def cmap_of(path: str) -> frozenset[int]:
    from fontTools.ttLib import TTFont

    return frozenset(TTFont(path, lazy=True).getBestCmap())


def tofu(strings: Drawn) -> dict[str, list[str]]:
    """String -> its characters the font it was drawn in has no glyph for (drawn as boxes)."""
    out: dict[str, list[str]] = {}
    for text, path in zip(strings, strings.fonts):
        if path is None:
            continue
        cmap = cmap_of(path)
        bad = [c for c in text if not c.isspace() and ord(c) not in cmap and ord(c) not in canvas._JOINERS]
        if bad:
            out[text] = bad
    return out


#: ids of tiles players type (``+TW2``) even when a random game never takes one
TILE_IDS = {"terra-mystica": {"TW", "FAV", "BON", "SCORE", "ACT"}}


@functools.cache
def playthrough(gid: str, players: int = 3, seed: int = 4) -> tuple[list[tuple[str, str]], frozenset[str]]:
    """A seeded random game of ``gid``: its state (as JSON) at the start, in the middle and at
    the end, and its notation (every Latin word of every move the game listed on the way)."""
    game = games.get(gid)
    state = game.setup(players, seed, None)
    rnd = random.Random(seed)
    words: set[str] = set()
    texts = [game.to_json_text(state)]
    while game.result(state) is None:
        seat = rnd.choice(sorted(game.to_move(state)))
        prefix = ""
        for _ in range(40):
            options = game.legal_moves(state, seat, prefix)
            for option in options:
                words.update(WORD.findall(option))
            prefix = rnd.choice(options)
            if not prefix.endswith(" "):
                break
        game.play(state, seat, prefix)
        texts.append(game.to_json_text(state))
        assert len(texts) < 20000, gid
    stages = [("start", texts[0]), ("mid", texts[len(texts) // 2]), ("end", texts[-1])]
    return stages, frozenset(words | TILE_IDS.get(gid, set()))


def state_of(gid: str, stage: str):
    import json

    game = games.get(gid)
    stages, _ = playthrough(gid)
    return game, game.load(json.loads(dict(stages)[stage]))
