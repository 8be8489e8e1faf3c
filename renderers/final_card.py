"""The final scores as a turn image's card: a row per seat in ranking order, its place, name and
total in its chip (a tie shares the place), and the parts of its total under it, at the turn
image's phone type. For the games whose game-over image would otherwise show the last move
(West of Africa, Bruges); the parts are the engine's breakdown in its score words
(``score_words``)."""

from __future__ import annotations

from PIL import Image

from . import canvas as cv
from .labels import label
from .score_words import word as score_word

#: the chips' type and the parts' (the turn image's phone minimum is 22 px)
CHIP, PARTS = 24, 22


def final_card(game_id: str, view: dict, names: list[str], room_w: int, room_h: int,
               locale: str = "en", points: str = "turn.pts") -> Image.Image:
    """``view["result"]`` drawn for ``room_w`` x ``room_h``; the parts are left out when the room
    does not hold them. ``names``: one per seat; ``points``: the label a total is worded with (the
    one the game's turn image uses)."""
    res = view["result"]
    scores = res["scores"]
    breakdown = res.get("breakdown") or [{} for _ in scores]
    line_h, part_h = CHIP * 2, PARTS + 10
    rows = []
    for s in res["ranking"]:
        place = 1 + sum(1 for v in scores if v > scores[s])
        chip = f"{place}. {names[s]} · {label(points, locale, n=scores[s])}"
        parts = [f"{score_word(game_id, k, locale)} {v}" for k, v in breakdown[s].items() if v]
        rows.append((s, chip, run_on(parts, room_w - 44, PARTS)))
    band = line_h
    with_parts = band + 8 + sum(line_h + len(p) * part_h for *_r, p in rows) + 8
    show_parts = with_parts <= room_h
    height = with_parts if show_parts else band + 8 + len(rows) * line_h + 8
    img, d = cv.new_canvas(room_w, min(height, room_h))
    d.rectangle((0, 0, room_w, band), fill=cv.INK)
    cv.text(d, (16, band / 2), label("board.final_scores", locale), size=CHIP, bold=True, fill=cv.WHITE,
            anchor="lm")
    y = band + 8
    for s, chip, parts in rows:
        cv.seat_chip(d, (16, y + line_h / 2), s, cv.fit(chip, room_w - 60, CHIP, True), size=CHIP)
        y += line_h
        for part in parts if show_parts else []:
            cv.text(d, (32, y + part_h / 2), part, size=PARTS, fill=cv.MUTED, anchor="lm")
            y += part_h
    return img


def run_on(parts: list[str], room: int, size: int = PARTS, bold: bool = False) -> list[str]:
    """``parts`` run on with " · " in lines of ``room`` px at ``size``, each part whole on one line
    (a part's number never parts from its word: "reputation" / "5", and no line starts with "·")."""
    lines: list[str] = []
    for part in parts:
        if lines and cv.text_width(f"{lines[-1]} · {part}", size, bold) <= room:
            lines[-1] += f" · {part}"
        else:
            lines.append(part)
    return [cv.fit(line, room, size, bold) for line in lines]
