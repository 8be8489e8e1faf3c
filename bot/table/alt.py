"""What each image the bot sends says to a screen reader (its alt text).

Discord reads an attachment's description aloud in place of the picture. Every image the table
posts gets one, made here from what the post already knows, as lines that remember their
messages (so ``Post.description`` words them in each reader's language):

1. what the image is ("Turn image of Bruges, move 12."),
2. what happened (the turn's own lines: who moved and what),
3. who is asked what (names, never mention markup),
4. every seat's score, highest first ("Scores: Ann 23, Bo 19.").

``bot.table.posts.describe`` keeps the text within Discord's limit by shortening the longest
lines (a long turn), so each line keeps its start.
"""

from __future__ import annotations

from ..words.i18n import STOPS, t

#: a player's score in a public view, under the first of these keys that holds a number
SCORE_KEYS = ("vp", "points", "score")


def scores(view: dict | None, names: list[str]) -> list[tuple[str, int]]:
    """(name, score) of every seat the view scores, highest first (the final totals once over)."""
    view = view or {}
    final = (view.get("result") or {}).get("scores")
    out = []
    for i, p in enumerate(view.get("players") or []):
        if not isinstance(p, dict):
            continue
        seat = p.get("seat", i) if isinstance(p.get("seat", i), int) else i
        value = final[seat] if final and seat < len(final) else next(
            (p[k] for k in SCORE_KEYS if isinstance(p.get(k), int) and not isinstance(p.get(k), bool)), None)
        if value is not None:
            out.append((names[seat] if seat < len(names) else f"#{seat + 1}", int(value)))
    return sorted(out, key=lambda nv: -nv[1])


def score_line(view: dict | None, names: list[str]) -> str | None:
    got = scores(view, names)
    if not got:
        return None
    return t("alt.scores", scores=[t("alt.score", name=n, n=v) for n, v in got])


def asked(asks: list[tuple[list[tuple[int, str]], str]]) -> list[str]:
    """"Ann, Bo: choose your cards." per prompt, with names (no mentions)."""
    return [t("alt.asked", who=[n for _uid, n in who], what=what) for who, what in asks if who]


def lines(kind: str, game: str, *, n: int | None = None, said: list | None = None,
          asks: list | None = None, view: dict | None = None, names: list[str] | None = None,
          name: str | None = None) -> list[str]:
    """The alt-text lines of an image: ``kind`` is "turn" (a turn post's image), "board" (the
    full board), "hand" (``name``'s private view), "summary" (the final scores) or "at" (the
    board after move ``n``, replayed); ``game`` the game's English name (worded per reader)."""
    head = t(f"alt.{kind}", game=game, n=n if n is not None else 0, name=name or "")
    out: list[str] = [head, *(line for line in said or () if line), *asked(asks or [])]
    line = score_line(view, names or [])
    out = out + [line] if line is not None else out
    # each line a sentence of its own: "...(secret). Scores: ..." (the reader's full stop)
    return [x if str(x).rstrip().endswith(STOPS) else t("join.stop", a=x) for x in out]
