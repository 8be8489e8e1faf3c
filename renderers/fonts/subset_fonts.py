"""Rebuild the bundled CJK, Thai and emoji fonts (run it when a catalog gains a character).

    apt-get install fonts-noto-cjk fonts-noto-core     # the sources (Debian packages)
    python renderers/fonts/subset_fonts.py [--cjk-dir DIR] [--thai-dir DIR] [--emoji FILE]

The boards draw Latin text in DejaVu Sans and fall back, glyph by glyph, to
these (``renderers/canvas.py``), in this order:

* Noto Sans CJK TC (Regular and Bold; SIL Open Font License 1.1), cut down
  to what Taiwanese players write: every character of Big5 (level 1
  hanzi, about 5400 common characters, plus Big5's punctuation, bopomofo
  and full-width forms), CJK punctuation, kana, and every character of the
  zh-TW catalogs (so a rarer character a translation needs is never
  missing). Layout tables and vertical metrics are dropped (boards are
  horizontal, Pillow needs neither). Source: the ``Noto Sans CJK TC`` face
  of Debian's ``fonts-noto-cjk`` (``NotoSansCJK-Regular.ttc``).
* The same face, Regular only, cut to what players put in their names and
  the set above lacks: every CJK unified ideograph of Unicode's main block
  (U+4E00-9FFF: all of Big5 and GBK, so all of Traditional and Simplified
  Chinese in everyday use, Japanese kanji and Korean hanja, and the Taiwanese
  given-name characters Big5 lacks, like 喆 and 堃) and every Hangul syllable
  and compatibility jamo (Korean). One weight only (a second would double the
  largest file): bold text in it is struck twice, a little apart (synthetic bold,
  ``SYNTHETIC_BOLD`` in ``renderers/canvas.py``), about as heavy as the real bold.
* Noto Sans Thai (Regular and Bold; OFL 1.1), cut to the Thai block, its
  layout tables kept (Pillow places Thai vowel and tone marks with them,
  through libraqm). Source: Debian's ``fonts-noto-core``.
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
NAMES = "NotoSansCJKtc-Names.subset.otf"
THAI = {"regular": "NotoSansThai-Regular.subset.ttf", "bold": "NotoSansThai-Bold.subset.ttf"}
EMOJI = "NotoEmoji-Regular.subset.ttf"
COVERAGE = "coverage.json"
CJK_FACE = "Noto Sans CJK TC"


def double_byte(codec: str, leads: range, trails: list[int]) -> set[str]:
    """Every character a double-byte character set encodes in those lead and trail bytes."""
    out = set()
    for lead in leads:
        for trail in trails:
            try:
                out.add(bytes([lead, trail]).decode(codec))
            except UnicodeDecodeError:
                pass
    return {c for c in out if len(c) == 1}


BIG5_TRAILS = list(range(0x40, 0x7F)) + list(range(0xA1, 0xFF))
EUC_TRAILS = list(range(0xA1, 0xFF))


def big5_characters() -> set[str]:
    """Every character Big5 encodes from its symbols (A140) through level 1 hanzi (C67E)."""
    return double_byte("big5", range(0xA1, 0xC7), BIG5_TRAILS)


def name_points(common: set[int]) -> set[int]:
    """What names need beyond ``common``: every CJK unified ideograph of the main block (all of
    Big5, GB 2312 and GBK, JIS X 0208, KS X 1001's hanja, and name characters none of those
    national sets has, like 喆 and 堃), the compatibility ideographs Big5 and JIS use, all of Hangul."""
    chars = (double_byte("big5", range(0xA1, 0xFA), BIG5_TRAILS)
             | double_byte("euc_jp", range(0xA1, 0xF5), EUC_TRAILS))
    points = set(range(0x4E00, 0xA000))  # CJK Unified Ideographs (the font maps the ones Unicode assigned)
    points |= {ord(c) for c in chars if 0xF900 <= ord(c) <= 0xFAFF}
    points |= set(range(0xAC00, 0xD7A4))  # Hangul syllables
    points |= set(range(0x3131, 0x318F))  # Hangul compatibility jamo (ㅋㅋ)
    return points - common


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


def find_font(directory: Path | None, names: list[str], package: str, option: str) -> Path:
    dirs = [directory] if directory else [Path("/usr/share/fonts/opentype/noto"),
                                          Path("/usr/share/fonts/truetype/noto"), Path("/usr/share/fonts")]
    for d in dirs:
        for name in names:
            found = sorted(d.rglob(name)) if d.exists() else []
            if found:
                return found[0]
    raise SystemExit(f"no {names[0]} under {dirs}: apt-get install {package}, or pass {option}")


def find_cjk(directory: Path | None, weight: str) -> Path:
    return find_font(directory, [f"NotoSansCJK-{weight}.ttc", f"NotoSansCJKtc-{weight}.otf"], "fonts-noto-cjk",
                     "--cjk-dir")


def find_thai(directory: Path | None, weight: str) -> Path:
    return find_font(directory, [f"NotoSansThai-{weight}.ttf"], "fonts-noto-core", "--thai-dir")


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
    font.recalcTimestamp = False  # the source's date: the same sources give the same bytes
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
        "names": ranges(cmap_of(HERE / NAMES)),
        "thai": ranges(cmap_of(HERE / THAI["regular"]) & cmap_of(HERE / THAI["bold"])),
        "emoji": ranges(cmap_of(HERE / EMOJI)),
    }
    (HERE / COVERAGE).write_text(json.dumps(cover, separators=(",", ":")) + "\n")
    print(f"{COVERAGE}: " + ", ".join(f"{k} {sum(b - a + 1 for a, b in v)}" for k, v in cover.items()))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cjk-dir", type=Path, default=None, help="where NotoSansCJK-*.ttc are")
    parser.add_argument("--thai-dir", type=Path, default=None, help="where NotoSansThai-*.ttf are")
    parser.add_argument("--emoji", type=Path, default=None,
                        help="noto-emoji-emoji-400-normal.woff from @fontsource/noto-emoji (default: keep the bundled one)")
    parser.add_argument("--coverage-only", action="store_true", help="only rewrite coverage.json")
    args = parser.parse_args(argv)
    if not args.coverage_only:
        points = wanted()
        for weight, name in CJK.items():
            subset(load_face(find_cjk(args.cjk_dir, weight.capitalize())), points, HERE / name)
        common = cmap_of(HERE / CJK["regular"]) & cmap_of(HERE / CJK["bold"])
        subset(load_face(find_cjk(args.cjk_dir, "Regular")), name_points(common), HERE / NAMES)
        for weight, name in THAI.items():
            from fontTools.ttLib import TTFont

            subset(TTFont(str(find_thai(args.thai_dir, weight.capitalize()))), range(0x0E01, 0x0E5C), HERE / name,
                   layout=True)
        if args.emoji:
            from fontTools.ttLib import TTFont

            font = TTFont(str(args.emoji))
            subset(font, font.getBestCmap(), HERE / EMOJI, layout=True)
    write_coverage()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
