"""What the table asks of a seat, in the player's terms ("choose your cards (secret)").

Discord-free: the session layer words a ping with it ("@Ann: your turn:
action phase, 3 action points left"), reminders say the same, and the menus
use it as their title. Each game's prompt is read from its public view and
the first words of the seat's legal moves, so it never says anything the
table may not know (a secret choice is named, never shown).

``prompt(game_id, engine, state, seat) -> Msg``; each game's wording is the ``prompt`` of its
plug file (``bot/table/games/<game>.py``).
"""

from __future__ import annotations

import logging

from games.core.game import first_words
from games.core.messages import Msg, msg

from ..words import texts  # registers the keys used here
from .games import plug

log = logging.getLogger(__name__)


def verbs(engine, state, seat: int) -> list[str]:
    """The first words of the seat's legal moves, in the engine's order (``Game.verbs``)."""
    try:
        fn = getattr(engine, "verbs", None)
        return list(fn(state, seat)) if fn is not None else first_words(engine.legal_moves(state, seat, ""))
    except Exception:
        log.exception("legal_moves failed")
        return []


class Verbs:
    """:func:`verbs` of a seat, worked out on the first look that needs them: a prompt told by
    the public view alone (Amerigo's action points, Terra Mystica's faction choice) never lists
    the seat's legal moves, and one that asks whether a word is open ("draw" while planning)
    asks the engine that alone when it answers so (``Game.has_verb``). A read-only sequence:
    ``in``, ``==`` a list, iteration, ``len`` and indexing, as the list it stands for."""

    __slots__ = ("_engine", "_state", "_seat", "_words")

    def __init__(self, engine, state, seat: int):
        self._engine, self._state, self._seat, self._words = engine, state, seat, None

    def words(self) -> list[str]:
        """The list itself (worked out now if it was not)."""
        if self._words is None:
            self._words = verbs(self._engine, self._state, self._seat)
        return self._words

    def __contains__(self, word) -> bool:
        if self._words is None:
            fn = getattr(self._engine, "has_verb", None)
            try:
                found = fn(self._state, self._seat, word) if fn is not None else None
            except Exception:
                log.exception("has_verb failed")
                found = None
            if found is not None:
                return found
        return word in self.words()

    def __iter__(self):
        return iter(self.words())

    def __len__(self) -> int:
        return len(self.words())

    def __getitem__(self, i):
        return self.words()[i]

    def __eq__(self, other) -> bool:
        return self.words() == (other.words() if isinstance(other, Verbs) else other)

    __hash__ = None  # type: ignore[assignment]  (equal to a list: not hashable either)

    def __repr__(self) -> str:
        return repr(self.words())


class PublicView:
    """``engine.view(state, None)``, worked out on the first look: the prompts of several seats
    of one position share it, and a prompt that needs only the legal moves, or only entries the
    engine answers alone (``Game.glance``: the phase, the round), never pays for it."""

    __slots__ = ("_engine", "_state", "_view")

    def __init__(self, engine, state):
        self._engine, self._state, self._view = engine, state, None

    def get(self, key: str, default=None):
        if self._view is None:
            try:  # one entry the engine answers alone (``Game.glance``): no whole view for it
                return self._engine.glance(self._state, key)
            except (KeyError, AttributeError):
                self._view = self._engine.view(self._state, None)
        return self._view.get(key, default)

    def player(self, seat: int) -> dict:
        """Seat ``seat``'s entry of the view's ``players`` list ({} when there is none)."""
        if self._view is None:
            try:
                return self._engine.glance(self._state, f"players.{seat}")
            except (KeyError, AttributeError):
                pass
        players = self.get("players") or []
        return players[seat] if 0 <= seat < len(players) and isinstance(players[seat], dict) else {}

    def player_entry(self, seat: int, key: str):
        """``player(seat).get(key)``: that entry alone when the engine answers it so
        (``"players.N.KEY"``; Terra Mystica's whole seat entry counts the seat's income)."""
        if self._view is None:
            try:
                return self._engine.glance(self._state, f"players.{seat}.{key}")
            except (KeyError, AttributeError):
                pass
        return self.player(seat).get(key)


def prompt(game_id: str, engine, state, seat: int, view: PublicView | None = None) -> Msg:
    """What ``seat`` is asked now (a generic "your turn" when the game has no wording).
    ``view``: the position's public view shared by the prompts of its other seats."""
    fn = getattr(plug(game_id), "prompt", None)
    try:
        view = view if view is not None else PublicView(engine, state)
        found = fn(engine, state, view, seat, Verbs(engine, state, seat)) if fn else None
    except Exception:  # a prompt is a courtesy: never break a move over it
        log.exception("prompt of %s failed", game_id)
        found = None
    return found or msg("bot.ask.your_turn")


def choices(game: str, vs: list[str]) -> list[Msg]:
    """The verbs among ``vs`` that have words (``bot.ask.<game>.verb.<verb>``), as messages."""
    return [msg(f"bot.ask.{game}.verb.{v}") for v in vs if texts.has(f"bot.ask.{game}.verb.{v}")]
