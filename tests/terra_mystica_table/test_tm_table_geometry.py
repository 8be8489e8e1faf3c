"""The renderer's map geometry matches the published base map."""

import math
from pathlib import Path

from renderers import terra_mystica as tm

FIXTURE = Path(__file__).resolve().parent.parent / "fixtures" / "terra_mystica_table" / "map.txt"


def _fixture():
    rows, bridges = [], []
    for line in FIXTURE.read_text(encoding="utf-8").splitlines():
        if line.startswith("#"):
            bridges += [tuple(p.split(":")) for p in line[1:].split() if ":" in p and p[0].isalpha()
                        and p.split(":")[0][0] in "ABCDEFGHI"]
            continue
        if line.strip():
            rows.append(line.split(None, 1)[1].strip())
    return rows, bridges


def test_rows_match_the_published_map():
    rows, _ = _fixture()
    assert tuple(rows) == tm.MAP_ROWS


def test_counts_and_ids():
    land = [c for c in tm.CELLS if c["letter"] != "~"]
    river = [c for c in tm.CELLS if c["letter"] == "~"]
    assert (len(tm.CELLS), len(land), len(river)) == (113, 77, 36)
    for letter in "DPSLFMW":
        assert sum(c["letter"] == letter for c in land) == 11
    assert tm.CELL_BY_ID["E5"]["letter"] == "S"
    assert tm.CELL_BY_ID["D7"]["letter"] == "W"
    assert tm.CELL_BY_ID["I12"]["letter"] == "W"
    assert river[-1]["id"] == "r35"
    assert sorted(tm.neighbours("r0")) == sorted(["A2", "A3", "B1", "C1", "r1", "r7"])


def test_pixel_neighbours_are_the_map_neighbours():
    """Cells drawn one hex width apart are exactly the 296 adjacent pairs."""
    ids = [c["id"] for c in tm.CELLS]
    drawn = set()
    for i, a in enumerate(ids):
        ax, ay = tm.hex_centre(a)
        for b in ids[i + 1:]:
            bx, by = tm.hex_centre(b)
            if abs(math.dist((ax, ay), (bx, by)) - tm.HEX_W) < 1:
                drawn.add(frozenset((a, b)))
    rule = {frozenset((a, b)) for a in ids for b in tm.neighbours(a)}
    assert len(drawn) == 296
    assert drawn == rule


def test_bridges_span_one_river_hex():
    _, bridges = _fixture()
    assert len(bridges) == 29
    for a, b in bridges:
        common = set(tm.neighbours(a)) & set(tm.neighbours(b))
        assert any(c.startswith("r") for c in common), (a, b)
        d = math.dist(tm.hex_centre(a), tm.hex_centre(b))
        assert 1.5 * tm.HEX_W < d < 2.1 * tm.HEX_W


def test_map_fits_the_image():
    xs = [tm.hex_centre(c["id"])[0] for c in tm.CELLS]
    assert min(xs) - tm.HEX_W / 2 >= 0 and max(xs) + tm.HEX_W / 2 <= tm.WIDTH
