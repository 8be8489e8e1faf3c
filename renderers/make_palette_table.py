"""Make ``palette_table.py``: the blends palette of every colour set the renderers draw with, built
ahead (``canvas.palette_of_set``). Run it again after a colour constant or Pillow changes (the
palette table test says when):

    .venv/bin/python renderers/make_palette_table.py

A process used to build each palette at its first image of a title (3.6-7.3 ms of CPU each, a
Terra Mystica game's first turn images three times over as its factions were picked); the table
holds the same 256 colours, so every image is the same bytes as when they were built.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from PIL import Image  # noqa: E402

import renderers  # noqa: E402
from renderers import amerigo, turn, west_of_africa  # noqa: E402
from renderers import canvas as cv  # noqa: E402
from renderers import terra_mystica as tm  # noqa: E402

TABLE_FILE = Path(__file__).with_name("palette_table.py")


def colour_sets() -> dict[str, tuple]:
    """Every colour set a palette is asked for, by what draws with it: each title's turn images
    (the seats' colours are among the shared seat colours or the title's own constants, so one set
    a title) and the boards drawn onto a fixed palette."""
    sets = {f"turn images of {game_id}": turn._swatch(game_id, {}) for game_id in sorted(renderers.RENDERERS)}
    sets["Terra Mystica boards"] = tm.NAMED_COLOURS
    sets["Amerigo boards"] = amerigo.COLOURS_USED
    sets["West of Africa boards"] = west_of_africa._colours()
    return {what: cv.colour_set(colours) for what, colours in sets.items()}


def table_text() -> str:
    lines = ['"""The blends palettes of the renderers\' colour sets (``canvas.palette_of_set``), made by',
             "``renderers/make_palette_table.py`` with the Pillow named below: do not edit; run it again.",
             '"""', "", f'PILLOW = "{Image.__version__}"', "", "PALETTES = {"]
    written = set()
    for what, colours in colour_sets().items():
        if colours in written:
            continue
        written.add(colours)
        palette = bytes(cv._blends_palette(colours).getpalette())
        lines.append(f"    # {what}")
        lines.append("    (")
        for i in range(0, len(colours), 6):
            lines.append("        " + " ".join(f"{c!r}," for c in colours[i:i + 6]))
        lines.append("    ): bytes.fromhex(")
        hexed = palette.hex()
        for i in range(0, len(hexed), 96):
            lines.append(f'        "{hexed[i:i + 96]}"')
        lines.append("    ),")
    lines.append("}")
    return "\n".join(lines) + "\n"


def main() -> int:
    TABLE_FILE.write_text(table_text(), encoding="utf-8")
    print(f"{TABLE_FILE}: {len(set(colour_sets().values()))} palettes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
