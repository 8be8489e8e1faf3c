"""A turn image's words: the turn's lines and steps it shows, and its description (alt text).

A turn post's board is drawn in a render worker (``render_pool.State``). Its words are worded
there too, from what they are made of (:class:`Makings`: the turn's lines and steps as their
messages, who is asked what, the seat names), in the language the board is drawn in: the bot's
loop only hands those over and gets the description back with the PNG (``Alt.told``). A board
drawn otherwise (a view made on the loop, a redraw from the outbox) words them on the loop, with
the same functions, so either way reads the same.

Nothing here imports the bot's posts or the render pool: the worker imports it at start.
"""

from __future__ import annotations

from games.core.messages import DEFAULT_LOCALE, LOCALES, Msg, normalize_locale
from games.core.messages import render as word

from ..words.i18n import Text, fill_names
from ..words.names import plain
from .alt import describe, named, worded
from .turns import registered


def turn_words(lines: list, names, locale: str) -> list[str]:
    """A turn's lines worded in ``locale``, seat names filled in as their owners wrote them
    (an image: ``words.names.plain``); a line without a message stays as it is."""
    return [fill_names(word(line.msg, locale), [plain(n) for n in getattr(line, "names", ()) or names])
            if isinstance(getattr(line, "msg", None), Msg) else str(line) for line in lines]


def turn_text(lines: list, names, locale: str) -> dict[str, list[str]]:
    """The turn image's "last move" for a reader of ``locale``: the turn's lines worded in that
    language alone, under its name (English for a language the bot does not speak, as the
    renderer falls back to), when the image is drawn: not in every language at every move."""
    key = locale if locale in LOCALES else DEFAULT_LOCALE
    return {key: turn_words(lines, names, key)}


def turn_extra(turn: list, steps: list[Msg], names: list[str], locale: str) -> dict:
    """What a turn image adds to the position's view, worded for a reader of ``locale``: the turn's
    lines (``turn_text``) and, for a turn of several steps, every step's event (``turn_steps``)."""
    extra: dict = {}
    if turn:
        extra["turn_text"] = turn_text(turn, names, locale)
    if steps:
        extra["turn_steps"] = {"last": [word(m, "en") for m in steps], "last_msgs": [m.to_json() for m in steps]}
    return extra


def line_ref(line) -> list | str:
    """A worded line as plain data (JSON's): its text, message, seat names and language (a
    ``Text``), so it is worded again elsewhere exactly as here; a line without a message as its text."""
    m = getattr(line, "msg", None)
    if not isinstance(m, Msg):  # as ``turn_words`` tells a worded line from a plain one
        return str(line)
    return [str(line), m.to_json(), line.names, line.locale]  # a str (marshal's), the names' tuple JSON's list


def line_of(ref: list | str) -> str:
    """``line_ref``'s line again."""
    if ref.__class__ is str:
        return ref
    text, m, names, locale = ref
    m = Msg.from_json(m)
    registered(m)  # a turn's act without its subject: its sentence is made where the turn is condensed
    return Text(text, m, tuple(names), locale)


class Makings:
    """What a turn image's words are made of: the game's English name and the move number, the
    turn's lines (``said``), every step's event (``steps``, a turn of several steps), who is asked
    what (``asks``: the post's own), the seat names as the table writes them (inert) and the
    language of the image's reader. Plain data once :meth:`to_json`: what a ``render_pool.State``
    sends its worker."""

    __slots__ = ("game", "n", "said", "steps", "asks", "names", "locale")

    def __init__(self, game: str, n: int, said: list, steps: list[Msg], asks: list, names: list[str],
                 locale: str | None):
        self.game, self.n, self.said, self.steps, self.asks = game, n, said, steps, asks
        self.names, self.locale = names, locale

    def extra(self) -> dict:
        """What the turn adds to the image's view (``turn_extra``)."""
        return turn_extra(self.said, self.steps, self.names, self.locale)

    def description(self, scores: list) -> str:
        """The image's alt text, ``scores`` the (seat, score) pairs the drawn view gave, highest
        first: what ``Post.description`` says of a turn image (``alt.Alt``) to the reader."""
        lines = worded("turn", self.game, self.n, self.said, self.asks, named(scores, self.names), None,
                       normalize_locale(self.locale))
        return describe(lines, self.locale)

    def to_json(self) -> list:
        # map, not comprehensions: each of those is a function call of its own (a board's
        # makings are a line or two, asked of every drawn board on the loop)
        return [self.game, self.n, list(map(line_ref, self.said)), list(map(Msg.to_json, self.steps)),
                [[who, line_ref(what)] for who, what in self.asks] if self.asks else [], self.names,
                self.locale]

    @classmethod
    def from_json(cls, data: list) -> Makings:
        game, n, said, steps, asks, names, locale = data
        steps = [Msg.from_json(m) for m in steps]
        registered(steps)
        return cls(game, n, [line_of(x) for x in said], steps,
                   [([(uid, name) for uid, name in who], line_of(what)) for who, what in asks], names, locale)
