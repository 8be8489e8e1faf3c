"""A turn's position as a render worker gets it (``render_pool.State``): the game's state as bytes
(the table's undo token, or a copy made at the move) and the moves to play on it, what the turn
adds to its view (its words, or what they are made of), and what the worker answers with the PNG
(the description's scores, the description). Apart from the pool's processes and sockets: what is
sent, not how."""

from __future__ import annotations

import json
import logging
import marshal
import zlib
from collections.abc import Callable

from .image_words import Makings

log = logging.getLogger(__name__)


def turn_shown(view: dict, extra: dict) -> dict:
    """What a turn adds to ``view`` (``extra``: its words), as its image shows it: every step's
    event (``turn_steps``) only on a view that outlines its move (has a ``last``). The one rule
    for every way a turn image is drawn (the worker's :class:`State`, the loop's view, a redraw)."""
    if "turn_steps" in extra and "last" not in view:
        return {k: v for k, v in extra.items() if k != "turn_steps"}
    return extra


#: how a :class:`State`'s bytes read as the game's state: ``marshal`` bytes (a copy made at the move,
#: or the table's undo token), compressed ones (a table frozen in memory), a snapshot's JSON text
#: (a table read back after a restart) or that JSON compressed (``tables._decoded``'s forms)
BASES: dict[str, Callable[[bytes], object]] = {
    "marshal": marshal.loads,
    "packed": lambda data: marshal.loads(zlib.decompress(data)),
    "json": json.loads,
    "zjson": lambda data: json.loads(zlib.decompress(data)),
}


def replayed(engine, base: str, packed: bytes, moves) -> object:
    """The state ``packed`` holds (read as :data:`BASES` says), with ``moves`` ((seat, text), a trusted
    record) played on it by ``engine`` in order: a turn's position as its table had it (``positions.Position``)."""
    state = BASES[base](packed)
    for seat, text in moves:
        engine.play(state, seat, text, atomic=False)
    return state


class State:
    """A turn's position to draw, as the game's state (plain data) in ``packed``: bytes read as
    ``base`` says (:data:`BASES`), then ``moves`` played on it (:func:`replayed`): the table's own undo
    token and the moves since (``positions.Position``: nothing copied at the move), or a copy made at
    the move; and ``extra``: what the turn adds to its view (its words),
    worded (a dict), or what they are made of (``image_words.Makings``, its reader's language with
    them), worded where the board is drawn. The worker works out the public view itself (the public one only:
    nothing hidden can be drawn), so the bot's loop makes no view for a drawn board; it answers
    what the image's description needs with the PNG, put in ``facts`` once drawn: ``{"scores":
    [[seat, value], ...]}``, highest first (``alt.scored``), and with ``Makings`` the description
    itself, ``"description"`` (``Alt.drawn``). ``extra`` is shown as :func:`turn_shown` says."""

    __slots__ = ("game_id", "packed", "extra", "facts", "base", "moves")

    def __init__(self, game_id: str, packed: bytes, extra: dict | Makings, base: str = "marshal",
                 moves: list | tuple = ()):
        self.game_id, self.packed, self.extra, self.base, self.moves = game_id, packed, extra, base, moves
        self.facts: dict | None = None

    def meta(self) -> dict | list:
        """What the worker gets besides the state, as plain data: the extra words (a dict), or their
        makings (a list)."""
        extra = self.extra
        return extra.to_json() if type(extra) is Makings else extra

    @classmethod
    def read(cls, game_id: str, meta: dict | list | int, body: bytes, replay: bool = False) -> State:
        """In the worker: the State :meth:`meta` and the state's bytes came from. ``meta`` an int:
        that many bytes ahead of the state's are :meth:`meta`'s marshal bytes (``_request``), read as
        their JSON round trip: what the request's JSON line gave before, to the letter; ``replay``:
        those bytes hold ``[meta, base, moves]`` (a state to be read as ``base`` says, ``moves`` played on it)."""
        if type(meta) is int:
            meta, body = json.loads(json.dumps(marshal.loads(body[:meta]), default=str)), body[meta:]
        base, moves = "marshal", ()
        if replay:
            meta, base, moves = meta
        return cls(game_id, body, Makings.from_json(meta) if type(meta) is list else meta, base, moves)

    def seen(self) -> dict:
        """The view with the turn's extras as the renderer gets it (its JSON round trip); sets ``facts``."""
        import games

        from .alt import scored

        engine = games.get(self.game_id)
        view = engine.view(replayed(engine, self.base, self.packed, self.moves), None)
        scores = scored(view)
        self.facts = {"scores": [[seat, value] for seat, value in scores]}  # as it comes back from a worker
        extra = self.extra
        if type(extra) is Makings:
            try:
                self.facts["description"] = extra.description(scores)
            except Exception:  # the image goes out all the same; the bot words its description itself
                log.exception("a turn image's description could not be worded here")
            extra = extra.extra()
        return json.loads(json.dumps({**view, **turn_shown(view, extra)}, default=str))
