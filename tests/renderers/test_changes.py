"""renderers.changes: the recap's "what changed" frames, found from two drawings of a board."""

from __future__ import annotations

import io

from PIL import Image, ImageDraw

from renderers import changes


def png(img: Image.Image) -> bytes:
    out = io.BytesIO()
    img.save(out, "PNG")
    return out.getvalue()


def board(marks=(), size=(400, 300)) -> Image.Image:
    img = Image.new("RGB", size, "white")
    draw = ImageDraw.Draw(img)
    draw.rectangle((10, 10, 390, 40), fill=(40, 90, 160))  # a header that never changes
    for x, y in marks:
        draw.rectangle((x, y, x + 9, y + 9), fill=(200, 40, 40))
    return img


def test_no_change_gives_the_image_back_unframed():
    same = png(board([(50, 100)]))
    assert changes.outlined(same, same) == (same, 0)


def test_each_change_is_framed_and_nothing_else_is_touched():
    before, after = board([(50, 100)]), board([(50, 100), (300, 200), (60, 250)])
    marked, frames = changes.outlined(png(before), png(after))
    found = changes.boxes(before, after)
    assert frames == len(found) == 2
    img = Image.open(io.BytesIO(marked)).convert("RGB")
    touched = 0
    for y in range(img.height):
        for x in range(img.width):
            if img.getpixel((x, y)) != after.getpixel((x, y)):
                touched += 1
                assert img.getpixel((x, y)) in {changes.FRAME, changes.EDGE}, (x, y)
                assert any(b[0] - 3 <= x <= b[2] + 2 and b[1] - 3 <= y <= b[3] + 2 for b in found), (x, y)
    assert touched > 0
    # the unchanged mark at (50, 100) and the header are as drawn
    assert img.crop((45, 95, 65, 115)).tobytes() == after.crop((45, 95, 65, 115)).tobytes()
    assert img.crop((0, 0, 400, 50)).tobytes() == after.crop((0, 0, 400, 50)).tobytes()


def test_each_change_lies_inside_its_frame():
    before, after = board(), board([(300, 200), (60, 250)])
    found = changes.boxes(before, after)
    assert len(found) == 2
    for x, y in [(300, 200), (60, 250)]:
        assert sum(b[0] <= x and b[1] <= y and x + 9 < b[2] and y + 9 < b[3] for b in found) == 1


def test_a_longer_board_counts_its_new_part_as_changed():
    found = changes.boxes(board(size=(400, 300)), board(size=(400, 360)))
    assert found == [(0, 300, 400, 360)]


def test_many_small_changes_are_merged_to_a_few_frames():
    marks = [(20 + 60 * i, 80 + 40 * j) for i in range(6) for j in range(5)]
    found = changes.boxes(board(), board(marks))
    assert 1 <= len(found) <= changes.MOST_FRAMES
    for x, y in marks:
        assert any(b[0] <= x and b[1] <= y and x + 9 < b[2] and y + 9 < b[3] for b in found), (x, y)


def test_what_only_moved_down_is_not_framed():
    """A board whose lower panels moved down (a line added above them) frames the new line and
    the changed mark, not every panel below it."""
    before = board([(50, 100), (300, 200)])
    after = Image.new("RGB", (400, 330), "white")
    after.paste(before, (0, 30))  # everything 30 pixels lower...
    draw = ImageDraw.Draw(after)
    draw.rectangle((10, 5, 200, 20), fill=(0, 120, 0))  # ...under a new line
    draw.rectangle((300, 230, 309, 239), fill=(40, 40, 200))  # and one mark changed colour
    found = changes.boxes(before, after)
    assert len(found) == 2, found
    top, mark = found
    assert top[1] <= 5 and top[3] <= 30 + changes.CELL
    assert mark[0] <= 300 and mark[1] <= 230 and 309 < mark[2] and 239 < mark[3]
    assert not any(b[0] <= 50 < b[2] and b[1] <= 130 < b[3] for b in found)  # the moved, unchanged mark
