"""What each image the bot sends says to a screen reader (its alt text).

Discord reads an attachment's description aloud in place of the picture. Every image the table
posts gets one, made here from what the post already knows, as lines that remember their
messages (so ``Post.description`` words them in each reader's language):

1. what the image is ("Turn image of Bruges, move 12."),
2. what happened (the turn's own lines: who moved and what),
3. who is asked what (names, never mention markup),
4. every seat's score, highest first ("Scores: Ann 23, Bo 19.").

``describe`` keeps the text within Discord's limit by shortening the longest
lines (a long turn), so each line keeps its start.

A turn post keeps its description as :class:`Alt`, what the lines are made of, worded only when a
reader gets the image, in that reader's language (it was worded at the move in the table's, then
again for each reader; a board dropped for the channel's next turn has none to word).
"""

from __future__ import annotations

import re

from games.core.messages import normalize_locale

from ..words.i18n import STOPS, t, tr
from ..words.names import plain

#: a player's score in a public view, under the first of these keys that holds a number
SCORE_KEYS = ("vp", "points", "score")


def scores(view: dict | None, names: list[str]) -> list[tuple[str, int]]:
    """(name, score) of every seat the view scores, highest first (the final totals once over)."""
    return named(scored(view), names)


def named(got, names: list[str]) -> list[tuple[str, int]]:
    """``scored``'s (seat, score) pairs with each seat's name."""
    return [(names[seat] if seat < len(names) else f"#{seat + 1}", value) for seat, value in got]


def scored(view: dict | None) -> list[tuple[int, int]]:
    """(seat, score) of every seat the view scores, highest first (the final totals once over):
    what the render worker answers with a board it worked out the view of (``render_pool.State``)."""
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
            out.append((seat, int(value)))
    return sorted(out, key=lambda sv: -sv[1])


def score_line(view: dict | None, names: list[str]) -> str | None:
    return score_words(scores(view, names))


def score_words(got: list[tuple[str, int]], locale: str | None = None) -> str | None:
    """"Scores: Ann 23, Bo 19." of (name, score) pairs (None: nobody scores)."""
    if not got:
        return None
    return t("alt.scores", locale, scores=[t("alt.score", locale, name=n, n=v) for n, v in got])


def asked(asks: list[tuple[list[tuple[int, str]], str]], locale: str | None = None) -> list[str]:
    """"Ann, Bo: choose your cards." per prompt, with names (no mentions)."""
    return [t("alt.asked", locale, who=[n for _uid, n in who], what=what) for who, what in asks if who]


def lines(kind: str, game: str, *, n: int | None = None, said: list | None = None,
          asks: list | None = None, view: dict | None = None, names: list[str] | None = None,
          name: str | None = None) -> list[str]:
    """The alt-text lines of an image: ``kind`` is "turn" (a turn post's image), "board" (the
    full board), "hand" (``name``'s private view), "summary" (the final scores) or "at" (the
    board after move ``n``, replayed); ``game`` the game's English name (worded per reader)."""
    return worded(kind, game, n, said, asks, scores(view, names or []), name)


def worded(kind: str, game: str, n: int | None, said: list | None, asks: list | None,
           got: list[tuple[str, int]], name: str | None = None, locale: str | None = None) -> list[str]:
    """``lines`` given the scores as (name, score) pairs, highest first; worded in ``locale`` (the
    bot's by default). Each line remembers its message, so it can be worded again in another
    language; worded in the reader's, ``describe`` takes it as it is."""
    head = t(f"alt.{kind}", locale, game=game, n=n if n is not None else 0, name=name or "")
    out: list[str] = [head, *(line for line in said or () if line), *asked(asks or [], locale)]
    line = score_words(got, locale)
    out = out + [line] if line is not None else out
    # each line a sentence of its own: "...(secret). Scores: ..." (the reader's full stop)
    return [x if str(x).rstrip().endswith(STOPS) else t("join.stop", locale, a=x) for x in out]


class Alt:
    """A turn image's alt text as what it is made of: the ``lines`` arguments, the scores as
    (name, score) pairs, or ``board``: the position it describes (``positions.Position``), read
    for them when the lines are first worded (a board never drawn is never read). Worded when
    read (``Post.description``, iterating it), the same lines as ``lines`` gives. The post's
    ``asks`` are its own list, shared. Read back from the outbox without its scores (they were
    never read), the redrawn board gives them (``SessionManager.redraw``)."""

    __slots__ = ("kind", "game", "n", "said", "asks", "_scores", "board", "names", "name", "_told")

    def __init__(self, kind: str, game: str, n: int | None, said: list | None, asks: list | None,
                 scores: list[tuple[str, int]] | None = None, name: str | None = None, board=None,
                 names: list[str] | None = None):
        self.kind, self.game, self.n, self.said, self.asks = kind, game, n, list(said or ()), asks
        self._scores, self.name, self.board, self.names = scores, name, board, names or []
        self._told: tuple[str, str] | None = None  # (language, text): as the render worker worded it

    @property
    def scores(self) -> list[tuple[str, int]] | None:
        """(name, score) pairs, highest first; None while unknown (no board to read them from)."""
        if self._scores is None and self.board is not None:
            self._scores, self.board = scores(self.board.view(), self.names), None
        return self._scores

    @scores.setter
    def scores(self, value: list[tuple[str, int]] | None) -> None:
        self._scores, self.board = value, None

    def drawn(self, facts: dict | None, locale: str | None = None) -> None:
        """Take what the render worker read from the board it drew in ``locale`` (``render_pool.State``'s
        facts): the scores, so the position is not viewed again for them, and the description it
        worded (``image_words.Makings``), given to a reader of that language as it is (``told``)."""
        if facts is None:
            return
        if self._scores is None and "scores" in facts:
            self._scores, self.board = named(facts["scores"], self.names), None  # as ``scores = ...`` sets them
        if isinstance(facts.get("description"), str):
            self._told = (normalize_locale(locale), facts["description"])

    def told(self, locale: str | None) -> str | None:
        """The description as the render worker worded it, for a reader of ``locale``; None when it
        worded none in that language (another reader's, a board drawn some other way)."""
        told = self._told
        return told[1] if told is not None and told[0] == normalize_locale(locale) else None

    def lines(self, locale: str | None = None) -> list[str]:
        """The lines, worded in ``locale`` (a reader's: ``Post.description`` then words them once)."""
        return worded(self.kind, self.game, self.n, self.said, self.asks, self.scores or [], self.name, locale)

    def __iter__(self):
        return iter(self.lines())

    def __len__(self) -> int:
        return len(self.lines())

    def __bool__(self) -> bool:
        return True  # its head line at least

    def __eq__(self, other) -> bool:
        return list(self) == list(other) if isinstance(other, Alt | list) else NotImplemented

    __hash__ = None  # type: ignore[assignment]


#: Discord's limit for an attachment's description (its alt text), in characters
ALT_LIMIT = 1024
_MENTION = re.compile(r"<[@#][!&]?(\d+)>")
_MARKDOWN = re.compile(r"\*\*|__|`|~~|\|\|")


def describe(lines, locale: str | None = None) -> str:
    """Alt-text lines worded in ``locale`` as one plain text: names as their owners wrote them
    (``words.names.plain``: a description is not markdown, so their escapes would be read out),
    no markdown, no mention markup (a screen reader would spell it out), within :data:`ALT_LIMIT`
    characters: past it the longest lines are shortened (a long turn), so every line keeps its start."""
    parts = [" ".join(_MARKDOWN.sub("", _MENTION.sub("", plain(tr(line, locale)))).split()) for line in lines if line]
    parts = [p for p in parts if p]
    while parts and len(" ".join(parts)) > ALT_LIMIT:
        excess = len(" ".join(parts)) - ALT_LIMIT
        i = max(range(len(parts)), key=lambda k: len(parts[k]))
        keep = max(1, len(parts[i]) - excess - 1)
        if keep >= len(parts[i]) - 1 and len(parts[i]) <= 2:
            parts.pop(i)
            continue
        parts[i] = parts[i][:keep].rstrip() + "…"
    return " ".join(parts)
