"""Everything a render process keeps drawn, forgotten at once: the state of a fresh render worker.

The label atlas's maker (``fonts/make_label_atlas.py``) counts what a worker's first game draws, and
the tests that watch what reaches FreeType need every string drawn again; both start from here."""

from __future__ import annotations

import functools
import sys

from . import canvas
from . import terra_mystica as tm


def forget_drawn() -> None:
    """No label mask, measured word, panel, tile or Terra Mystica map layer kept, and every
    ``lru_cache`` of the renderers cleared: the next render draws all of its text through Pillow."""
    canvas._PANELS.clear()
    canvas._TILES.clear()
    canvas._SEEN.clear()
    for layers in (tm._BASES, tm._KEPT, tm._SMALL):  # Terra Mystica's maps kept drawn, their hex ids in them
        layers.clear()
    for name, module in list(sys.modules.items()):
        if name == "renderers" or name.startswith("renderers."):
            for value in vars(module).values():
                if isinstance(value, functools._lru_cache_wrapper):
                    value.cache_clear()
