"""The final summary of any game: one stacked bar per player, split by scoring category.

Input is ``Result.to_json()`` (scores, winners, breakdown, ranking,
tiebreak), so it works for every game without knowing it. Players are drawn
in finishing order, the winner's row is marked, each category keeps one
colour across players and is named in the legend.
"""

from __future__ import annotations

from . import canvas
from .labels import game_name, label, together
from .score_words import word as score_word

WIDTH = 1600
ROW = 74
#: Category colours (cycled): distinct from each other, not the seat colours.
CATEGORY_COLOURS = [
    (78, 121, 167), (242, 142, 43), (89, 161, 79), (225, 87, 89), (118, 183, 178),
    (237, 201, 72), (176, 122, 161), (255, 157, 167), (156, 117, 95), (186, 176, 172),
]
NEGATIVE = (90, 90, 90)




def render(result: dict, names: list[str] | None = None, title: str | None = None, locale: str = "en",
           game: str | None = None) -> bytes:
    """The summary chart. ``title``: the game's name (``game``, its id, words it in ``locale``)."""
    if game is not None:
        title = game_name(game, locale)
    scores = list(result["scores"])
    seats = len(scores)
    names = list(names or [])
    names += [f"Seat {i}" for i in range(len(names), seats)]
    breakdown = list(result.get("breakdown") or [{} for _ in range(seats)])
    ranking = list(result.get("ranking") or sorted(range(seats), key=lambda s: -scores[s]))
    winners = set(result.get("winners") or [])

    categories: list[str] = []
    for parts in breakdown:
        for key in parts:
            if key not in categories:
                categories.append(key)
    colour = {c: CATEGORY_COLOURS[i % len(CATEGORY_COLOURS)] for i, c in enumerate(categories)}
    for c in categories:  # categories that only ever cost points are drawn as the penalty note
        if all(parts.get(c, 0) <= 0 for parts in breakdown):
            colour[c] = NEGATIVE

    legend_rows = max(1, -(-len(categories) // 4))
    tiebreak = result.get("tiebreak")
    show_tiebreak = bool(tiebreak) and len(set(scores)) < len(scores)
    rows = 2 if show_tiebreak else 1
    top = canvas.header_height(1.0, rows) + 20
    height = top + ROW * seats + 60 + 44 * legend_rows + 30
    img, draw = canvas.new_canvas(WIDTH, height)
    # the key line on top, as on every board: the game, who won, every score
    winner_names = together((names[s] for s in ranking if s in winners), locale)
    head = label("summary.title", locale, game=title) if title else label("board.final_scores", locale)
    status = label("board.wins", locale, n=len(winners), names=winner_names) if winner_names else label("board.game_over", locale)
    line = " · ".join(f"{names[s]} {scores[s]}" for s in ranking)
    tie = [label("summary.tiebreak", locale, tiebreak=score_word(game, tiebreak, locale))] if show_tiebreak else []
    canvas.header(draw, WIDTH, head, status, [line] + tie,
                  seat=min(winners) if winners else None, last_label=label("summary.scores", locale),
                  last_rows=rows, fixed=True)

    label_w, bar_x0, bar_x1 = 360, 400, WIDTH - 160
    biggest = max([sum(max(0, v) for v in parts.values()) for parts in breakdown] + [max(scores + [1]), 1])
    scale = (bar_x1 - bar_x0) / biggest
    for row, seat in enumerate(ranking):
        y = top + row * ROW
        place = 1 if seat in winners else row + 1
        seat_colour = canvas.seat_colour(seat)
        draw.rounded_rectangle((24, y + 8, 24 + label_w, y + ROW - 8), radius=10,
                               fill=seat_colour if seat in winners else canvas.PANEL, outline=seat_colour, width=3)
        ink = canvas.contrast(seat_colour) if seat in winners else canvas.INK
        canvas.seat_mark(draw, 46, y + ROW // 2, 14, seat, outline=ink, width=2)
        canvas.text(draw, (68, y + ROW // 2), _fit(f"{place}. {names[seat]}", label_w - 58, 26), size=26, bold=True,
                    fill=ink, anchor="lm")
        x = bar_x0
        parts = breakdown[seat] if seat < len(breakdown) else {}
        for key in categories:
            value = parts.get(key, 0)
            if value <= 0:
                continue
            w = value * scale
            draw.rectangle((x, y + 12, x + w, y + ROW - 12), fill=colour[key], outline=canvas.WHITE)
            if w > 44:
                canvas.text(draw, (x + w / 2, y + ROW // 2), str(value), size=22, bold=True,
                            fill=canvas.contrast(colour[key]), anchor="mm")
            x += w
        penalty = sum(v for v in parts.values() if v < 0)
        note = f"{scores[seat]}" + (f"  ({penalty})" if penalty else "")
        canvas.text(draw, (max(x, bar_x0) + 14, y + ROW // 2), note, size=28, bold=True, anchor="lm",
                    fill=NEGATIVE if penalty else canvas.INK)

    y = top + ROW * seats + 40
    for i, key in enumerate(categories):
        cx = 40 + (i % 4) * 385
        cy = y + (i // 4) * 44
        draw.rectangle((cx, cy, cx + 30, cy + 30), fill=colour[key])
        canvas.text(draw, (cx + 42, cy + 15), _fit(score_word(game, key, locale), 330, 22, bold=False), size=22, anchor="lm")
    return canvas.to_png(img)


def _fit(s: str, width: int, size: int, bold: bool = True) -> str:
    """``s`` shortened with an ellipsis until it fits ``width`` pixels."""
    if canvas.text_width(s, size, bold) <= width:
        return s
    while s and canvas.text_width(s + "…", size, bold) > width:
        s = s[:-1]
    return s + "…"
