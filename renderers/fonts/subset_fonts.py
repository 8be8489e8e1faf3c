"""Rebuild the bundled CJK and emoji fonts (run it when a catalog gains a character).

    python renderers/fonts/subset_fonts.py [--cjk-dir DIR] [--emoji FILE]

The boards draw Latin text in DejaVu Sans and fall back, glyph by glyph, to
these two (``renderers/canvas.py``):

* Noto Sans CJK TC (Regular and Bold; SIL Open Font License 1.1), cut down
  to what Taiwanese players write: every character of Big5 (level 1
  hanzi, about 5400 common characters, plus Big5's punctuation, bopomofo
  and full-width forms), CJK punctuation, kana, and every character of the
  zh-TW catalogs (so a rarer character a translation needs is never
  missing). Layout tables and vertical metrics are dropped (boards are
  horizontal, Pillow needs neither). Source: the ``Noto Sans CJK TC`` face
  of Debian's ``fonts-noto-cjk`` (``NotoSansCJK-Regular.ttc``).
* Noto Emoji (monochrome, OFL 1.1), the ``emoji`` subset of npm's
  ``@fontsource/noto-emoji`` (``files/noto-emoji-emoji-400-normal.woff``),
  stored as TrueType.

It also writes ``coverage.json``: the code points each bundled font maps, as
ranges, so the renderer picks a font per glyph without fontTools at run time.
Needs fontTools (a dev dependency).
"""

from __future__ import annotations

import argparse
import importlib
import json
import pkgutil
import sys
from collections.abc import Iterable
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent

LATIN = {"regular": "DejaVuSans.ttf", "bold": "DejaVuSans-Bold.ttf"}
CJK = {"regular": "NotoSansCJKtc-Regular.subset.otf", "bold": "NotoSansCJKtc-Bold.subset.otf"}
EMOJI = "NotoEmoji-Regular.subset.ttf"
COVERAGE = "coverage.json"
CJK_FACE = "Noto Sans CJK TC"


def big5_characters() -> set[str]:
    """Every character Big5 encodes from its symbols (A140) through level 1 hanzi (C67E)."""
    out = set()
    for lead in range(0xA1, 0xC7):
        for trail in list(range(0x40, 0x7F)) + list(range(0xA1, 0xFF)):
            try:
                out.add(bytes([lead, trail]).decode("big5"))
            except UnicodeDecodeError:
                pass
    return out


def catalog_characters() -> set[str]:
    """Every character of every zh-TW template (all modules that register keys are imported)."""
    sys.path.insert(0, str(ROOT))
    for package in ("games", "renderers", "bot"):
        pkg = importlib.import_module(package)
        for info in pkgutil.walk_packages(pkg.__path__, package + "."):
            if info.name.endswith("__main__"):
                continue
            try:
                importlib.import_module(info.name)
            except Exception as err:  # a module that cannot import here has no catalog to read
                print(f"skipped {info.name}: {err}", file=sys.stderr)
    from games.core.messages import CATALOGS

    chars = set()
    for tmpl in CATALOGS.get("zh-TW", {}).values():
        for text in (tmpl.values() if isinstance(tmpl, dict) else [tmpl]):
            chars.update(text)
    return chars


def wanted() -> set[int]:
    chars = big5_characters() | catalog_characters()
    points = {ord(c) for c in chars}
    points |= set(range(0x3000, 0x3040))  # CJK symbols and punctuation
    points |= set(range(0x3040, 0x3100))  # hiragana, katakana
    points |= set(range(0x3100, 0x3130))  # bopomofo
    points |= set(range(0xFF00, 0xFFF0))  # full-width forms
    return {p for p in points if p > 0x2E7F or 0x2000 <= p < 0x2070}  # Latin stays DejaVu's


def find_cjk(directory: Path | None, weight: str) -> Path:
    names = [f"NotoSansCJK-{weight}.ttc", f"NotoSansCJKtc-{weight}.otf"]
    dirs = [directory] if directory else [Path("/usr/share/fonts/opentype/noto"), Path("/usr/share/fonts")]
    for d in dirs:
        for name in names:
            found = sorted(d.rglob(name)) if d.exists() else []
            if found:
                return found[0]
    raise SystemExit(f"no {names[0]} under {dirs}: install fonts-noto-cjk or pass --cjk-dir")


def load_face(path: Path):
    from fontTools.ttLib import TTCollection, TTFont

    if path.suffix.lower() == ".ttc":
        for face in TTCollection(str(path)).fonts:
            if face["name"].getDebugName(1) == CJK_FACE:
                return face
        raise SystemExit(f"{path} has no {CJK_FACE} face")
    return TTFont(str(path))


def subset(font, points: Iterable[int], out: Path, layout: bool = False) -> None:
    """``font`` cut to ``points``; ``layout`` keeps GSUB (emoji sequences: flags, ZWJ families)."""
    from fontTools import subset as ft_subset

    opts = ft_subset.Options()
    opts.layout_features = ["*"] if layout else []
    opts.drop_tables += ["vmtx", "vhea", "VORG", "BASE", "DSIG"] + ([] if layout else ["GSUB", "GPOS"])
    opts.name_IDs = ["*"]
    opts.notdef_outline = True
    opts.hinting = False
    sub = ft_subset.Subsetter(opts)
    sub.populate(unicodes=sorted(points))
    sub.subset(font)
    font.flavor = None
    font.save(str(out))
    print(f"{out.name}: {out.stat().st_size / 1e6:.2f} MB, {len(font.getBestCmap())} characters")


def ranges(points: Iterable[int]) -> list[list[int]]:
    out: list[list[int]] = []
    for p in sorted(set(points)):
        if out and out[-1][1] == p - 1:
            out[-1][1] = p
        else:
            out.append([p, p])
    return out


def cmap_of(path: Path) -> set[int]:
    from fontTools.ttLib import TTFont

    return set(TTFont(str(path), lazy=True).getBestCmap())


def write_coverage() -> None:
    cover = {
        "latin": ranges(cmap_of(HERE / LATIN["regular"]) & cmap_of(HERE / LATIN["bold"])),
        "cjk": ranges(cmap_of(HERE / CJK["regular"]) & cmap_of(HERE / CJK["bold"])),
        "emoji": ranges(cmap_of(HERE / EMOJI)),
    }
    (HERE / COVERAGE).write_text(json.dumps(cover, separators=(",", ":")) + "\n")
    print(f"{COVERAGE}: " + ", ".join(f"{k} {sum(b - a + 1 for a, b in v)}" for k, v in cover.items()))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cjk-dir", type=Path, default=None, help="where NotoSansCJK-*.ttc are")
    parser.add_argument("--emoji", type=Path, default=None,
                        help="noto-emoji-emoji-400-normal.woff from @fontsource/noto-emoji (default: keep the bundled one)")
    parser.add_argument("--coverage-only", action="store_true", help="only rewrite coverage.json")
    args = parser.parse_args(argv)
    if not args.coverage_only:
        points = wanted()
        for weight, name in CJK.items():
            subset(load_face(find_cjk(args.cjk_dir, weight.capitalize())), points, HERE / name)
        if args.emoji:
            from fontTools.ttLib import TTFont

            font = TTFont(str(args.emoji))
            subset(font, font.getBestCmap(), HERE / EMOJI, layout=True)
    write_coverage()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
