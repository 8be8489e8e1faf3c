"""One table: a game in one channel (its record, seats and live state), and what a command
answers (:class:`Reply`: the caller's post, the table's post, the step inside a turn).

Plain data and small helpers the rest of the table layer shares; the commands themselves are
the :class:`bot.table.sessions.SessionManager`'s.
"""

from __future__ import annotations

import functools
import json
import logging
import marshal
import re
import threading
import zlib
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Protocol

import games
from games.core import Game, Result
from games.core.messages import Msg, fill_seats

from ..store import GameRecord
from ..words.i18n import Text, t
from ..words.names import inert
from .posts import (
    TURN_PNG,
    Button,
    Post,
    board_button,
    describe_button,
    orders_button,
    play_button,
    unescaped,
)

log = logging.getLogger(__name__)


# --- the clock ------------------------------------------------------------
class Clock(Protocol):
    def now(self) -> datetime: ...


# --- what callers get back --------------------------------------------------
@dataclass(frozen=True)
class Actor:
    """Who issued a command. ``can_manage``: may abort any game (Manage Server)."""

    user_id: int
    name: str
    can_manage: bool = False

    def __post_init__(self) -> None:  # a display name is written into text made inert (``words.names``)
        object.__setattr__(self, "name", inert(self.name))


@dataclass
class Reply:
    """The outcome of one command.

    ``private`` goes to the caller only (ephemeral), ``public`` to the
    channel. A refusal has ``ok`` False and only a private message.
    """

    ok: bool = True
    private: Post | None = None
    public: Post | None = None
    #: a step inside the caller's turn, told to the caller alone (what was done, what is left);
    #: nothing secret in it: the table sees the same lines when the turn ends
    step: Post | None = None
    #: (ready, total) after a secret simultaneous move
    ready: tuple[int, int] | None = None
    result: Result | None = None
    game_id: int | None = None
    #: moves applied after this command (start: 0)
    n: int | None = None

    @property
    def text(self) -> str:
        parts = [m.text for m in (self.step, self.private, self.public) if m]
        return "\n".join(parts)

    def offers_play(self, post: Post) -> bool:
        """Whether ``post`` (this command's turn post) carries "Play": the game goes on and a
        person is asked (a bot seat moves on its own: nobody could use the button)."""
        return (self.game_id is not None and self.result is None  # a bot seat's id is negative (``Seat.is_bot``)
                and any(uid >= 0 for who, _what in post.asks for uid, _n in who))


def refusal(text: str) -> Reply:
    return Reply(ok=False, private=Post([text]))


def with_buttons(reply: Reply, locale: str | None = None) -> Reply:
    """The buttons under a turn post, as meanings: "Play" while a person is asked (a bot seat
    moves on its own), "Full board" beside the turn image (the sender leaves it out when no image
    came), "Describe the board" while the game runs (its board as text). Every turn post gets them here, whichever way it leaves (a command's answer, a bot's
    or a timed-out move)."""
    post = reply.public
    if post is None or reply.game_id is None:
        return reply
    play = reply.offers_play(post)
    turn = post.filename == TURN_PNG
    if not (turn and (post.png is not None or post.draw is not None) and reply.n is not None):
        # no "Full board" (its move number is the only button part that changes): made once
        post.buttons.extend(_turn_buttons(reply.game_id, locale, play, turn and reply.result is None))
        return reply
    if play:
        post.buttons.append(play_button(reply.game_id, label("bot.menu.play", locale)))
    if post.filename == TURN_PNG and (post.png is not None or post.draw is not None) and reply.n is not None:
        post.buttons.append(board_button(reply.game_id, reply.n, label("bot.board.button", locale)))
    if post.filename == TURN_PNG and reply.result is None:  # the board as text, image or not
        post.buttons.append(describe_button(reply.game_id, label("board_text.button", locale)))
    if play:  # the answers a player may leave to the bot (``/game orders``)
        post.buttons.append(orders_button(reply.game_id, label("orders.button", locale)))
    return reply


@functools.lru_cache(maxsize=4096)
def _turn_buttons(game_id: int, locale: str | None, play: bool, describe: bool) -> tuple[Button, ...]:
    """A turn post's buttons without "Full board", in :func:`with_buttons`' order."""
    out = [play_button(game_id, label("bot.menu.play", locale))] if play else []
    if describe:
        out.append(describe_button(game_id, label("board_text.button", locale)))
    if play:
        out.append(orders_button(game_id, label("orders.button", locale)))
    return tuple(out)


@functools.lru_cache(maxsize=64)
def label(key: str, locale: str | None) -> str:
    """A button's label (``t(key, locale)``, no parameters): worded once per language, as every
    turn post has the same few (a ``Text``, immutable: shared by the posts)."""
    return t(key, locale)


# --- one table --------------------------------------------------------------
@dataclass(slots=True)
class Seat:
    """A seat: its player's Discord id (negative: a bot) and name, inert in text (``words.names``)."""

    user_id: int
    name: str

    def __post_init__(self) -> None:
        self.name = inert(self.name)

    @property
    def is_bot(self) -> bool:
        """A bot seat (negative id: see ``bot.table.bot_seats``)."""
        return self.user_id < 0


#: held while a table's state changes hands between live and frozen (the loop and the database thread)
_THAWING = threading.Lock()


class Stored:
    """Where the tables a restart left in the database read their state when first touched:
    ``read(table)`` returns the table's state (at ``table.n``) decoded from its stored snapshot,
    and that snapshot's text (None: the state was replayed from the log instead).
    One per ``SessionManager``, shared by its tables: such a table holds no copy of its state."""

    __slots__ = ("read",)

    def __init__(self, read: Callable[[Table], Any]) -> None:
        self.read = read


class Packed(bytes):
    """A state frozen in memory as its ``marshal`` bytes, compressed: plain data (what
    ``copy_state`` copies through marshal, equal to its JSON round trip) decodes in less than half
    its JSON's instructions (bench/PERF.md), and a play-by-post table is thawed at most of its moves."""

    __slots__ = ()


def plain_state(engine: Game, state: Any) -> bool:
    """Whether ``state`` is plain data that marshal copies as its JSON round trip would."""
    return type(state) is dict and (engine.plain_json or (type(engine).dump is Game.dump
                                                           and type(engine).load is Game.load))


def _decoded(engine: Game, frozen: bytes | str) -> Any:
    """A new state from what a table was frozen as: :class:`Packed`, its snapshot JSON compressed,
    or that JSON's text."""
    if type(frozen) is Packed:
        return marshal.loads(zlib.decompress(frozen))
    return fresh_state(engine, json.loads(zlib.decompress(frozen) if isinstance(frozen, bytes) else frozen))


def _thawed(table: Table, frozen: bytes | Stored) -> tuple[Any, bytes | str | None]:
    """A frozen table's state, decoded (a new object each call), and what it was decoded from
    (:func:`_decoded`'s; None: replayed from the log)."""
    if isinstance(frozen, Stored):
        return frozen.read(table)
    return _decoded(table.engine, frozen), frozen


@dataclass(slots=True)
class Table:
    """A game in one channel: its record, seats and (once started) live state. ``slots``: a bot
    holds one per running game, most of them idle (issue 33: no ``__dict__`` each)."""

    record: GameRecord
    seats: list[Seat]
    _state: Any = field(default=None, repr=False)
    n: int = 0
    #: seats that have made their secret choice in the current simultaneous step
    pending_secret: list[int] = field(default_factory=list)
    #: why the game could not be reloaded, if it could not
    broken: str | None = None
    #: ``turn_lines``; None: not read yet from ``record.turn_steps`` (a restart leaves it there)
    _turn_lines: list[str] | None = field(default_factory=list, repr=False)
    #: the move number of the stored snapshot (the moves after it are replayed at a restart)
    snapshot_n: int = 0
    #: when the last move was made (``time.monotonic``): an idle table's snapshot is brought up to date
    moved_at: float = 0.0
    #: (state, move number, {seat: what it is asked}): prompts worked out with the move
    asked: tuple[Any, int, dict[int, Msg]] | None = None
    #: an idle table's state as its snapshot JSON, compressed (about a twentieth of the memory the
    #: state's objects take), or left in the database (:class:`Stored`, after a restart), and the
    #: seats it waits for; ``state`` decodes it when first used
    frozen: bytes | Stored | None = field(default=None, repr=False)
    _waiting: tuple[int, ...] = field(default=(), repr=False)
    #: (move number, events) of the last move, as ``/game status`` words them in any language
    last_said: Any = field(default=None, repr=False)
    #: the live state's waited-for seats, sorted, set by the move that changes the state in place
    #: (``Playing._move``): the play-by-post step reads ``to_move`` on the database thread, which
    #: must never see a state half-way through a move; None: ask the engine
    _live: tuple[int, ...] | None = field(default=None, repr=False)
    #: the turn's steps written with the last move, encoded (``steps_json``); None: none kept
    steps_written: TurnSteps | None = field(default=None, repr=False)
    #: what the live state can be built again from (``Playing._move``'s undo); None whenever the
    #: state is replaced (set, thawed, frozen): the next move takes a new one
    since: Since | None = field(default=None, repr=False)

    @property
    def state(self) -> Any:
        """The live state (None before the game starts); a frozen table's is decoded here, once.
        The play-by-post helpers read it on the database thread too: the decoded state is installed
        only if the table is still frozen as it was, so a move the loop made meanwhile stays."""
        frozen = self.frozen
        if frozen is not None:
            decoded, source = _thawed(self, frozen)
            # the JSON just decoded is the table's first undo token: none is taken at its next move
            since = Since(None, source) if source is not None else None
            with _THAWING:
                if self.frozen is frozen:
                    self._state, self.frozen, self.since = decoded, None, since
        return self._state

    @state.setter
    def state(self, value: Any) -> None:
        with _THAWING:
            self._state, self.frozen, self._live, self.since = value, None, None, None

    @property
    def turn_lines(self) -> list[str]:
        """What the seat whose turn is running has done so far (public lines, posted when the turn
        ends); after a restart read from the stored steps when first asked (most tables never are)."""
        lines = self._turn_lines
        if lines is None:
            lines = self._turn_lines = steps_load(self.record.turn_steps)
        return lines

    @turn_lines.setter
    def turn_lines(self, lines: list[str]) -> None:
        self._turn_lines = lines

    @property
    def started(self) -> bool:
        """It has a state (live or frozen): what loops over every table ask, without thawing any."""
        return self._state is not None or self.frozen is not None

    def freeze(self, text: str | None = None) -> None:
        """Keep the state compressed until it is next used, as :class:`Packed` marshal bytes when it
        is plain data, else as its snapshot JSON (``text``: already encoded, e.g. the stored
        snapshot): idle tables (most of a big bot's) then cost a few KB each."""
        if self.frozen is not None or self._state is None:
            return
        state = self._state
        engine = self.engine
        waiting = tuple(sorted(engine.to_move(state)))
        frozen: bytes | None = None
        if plain_state(engine, state):
            try:
                frozen = Packed(zlib.compress(marshal.dumps(state), 1))
            except ValueError:  # not plain data after all
                pass
        if frozen is None:
            frozen = zlib.compress((text or snapshot_text(engine, state)).encode(), 1)
        with _THAWING:
            if self._state is state:
                self._waiting, self.frozen = waiting, frozen
                self._state = self.asked = self._live = self.steps_written = self.since = None

    def rest(self, waiting: list[int], where: bytes | Stored) -> None:
        """Hold the table frozen without its state ever decoded: ``where`` is its snapshot JSON
        compressed, or the :class:`Stored` reader of the table's stored snapshot (a restart: the
        state stays in the database until the table is first touched); ``waiting``: the seats it
        waits for (stored with the snapshot)."""
        with _THAWING:
            self._state = self.asked = self._live = self.steps_written = self.since = None
            self._waiting, self.frozen = tuple(waiting), where

    def peek(self) -> Any:
        """The state without thawing the table (a frozen one's decoded for this call only)."""
        frozen = self.frozen
        if frozen is not None:
            return _thawed(self, frozen)[0]
        return self._state

    @property
    def engine(self) -> Game:
        return games.get(self.record.game)

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.seats]

    @property
    def public_n(self) -> int:
        """The move number the table may read: the moves of a secret step not yet revealed (one
        ``pending_secret`` entry each) are not counted, so no number changes with secret steps."""
        return self.n - len(self.pending_secret)

    def seat_of(self, user_id: int) -> int | None:
        for i, s in enumerate(self.seats):
            if s.user_id == user_id:
                return i
        return None

    def to_move(self) -> list[int]:
        if self.frozen is not None:  # listings and reminders over every table leave it frozen
            return list(self._waiting)
        if self._state is None:
            return []
        live = self._live
        if live is not None:
            return list(live)
        return sorted(self.engine.to_move(self._state))

    def up(self) -> list[tuple[int, str]]:
        """The players to ping: bot seats move on their own and are never mentioned."""
        return [(self.seats[s].user_id, self.seats[s].name) for s in self.to_move()
                if s < len(self.seats) and not self.seats[s].is_bot]


class Since:
    """The live state of a table as an engine's undo token (``Game.snapshot``) taken at some move
    and the moves committed since: what puts the state back after a move played on it in place
    was refused or not written, and what builds the state before a move when it is asked for
    (``one_seat_less``), both seldom. An accepted move then costs nothing for its undo; a new
    token is taken every ``Playing.SINCE_MOST`` moves, so a rebuild replays at most that many.

    A table just thawed (its first move since a restart or since it was frozen) holds, instead of
    a token, what its state was decoded from (``source``: :func:`_decoded`'s): the token is made from it
    only if asked (seldom), so a table's first move after a restart copies nothing for its undo."""

    __slots__ = ("token", "moves", "source", "sent")

    def __init__(self, token: Any, source: bytes | str | None = None) -> None:
        self.token = token
        #: what the token is still to be made from (``_decoded``'s); None: made
        self.source = source
        self.moves: list[tuple[int, str]] = []
        #: the state at the token as a render worker reads it (``positions.base``), once worked out
        self.sent: tuple[str, bytes] | None = None

    def _token(self, engine: Game) -> Any:
        if self.source is not None:
            self.token = engine.snapshot(_decoded(engine, self.source))
            self.source = None
        return self.token

    def state(self, engine: Game, state: Any) -> Any:
        """A new state equal to the table's before its current move (``state``, the live one,
        is left as it is): the token's state, then the moves since replayed (a trusted record)."""
        rebuilt = engine.undone(state, self._token(engine))
        for seat, text in self.moves:
            engine.play(rebuilt, seat, text, atomic=False)
        return rebuilt

    def put_back(self, engine: Game, state: Any) -> None:
        """Make ``state`` (the live one, in place) the table's before its current move again."""
        engine.restore(state, self._token(engine))
        for seat, text in self.moves:
            engine.play(state, seat, text, atomic=False)


def steps_json(lines: list[str], memo: TurnSteps | None = None) -> str | None:
    """A turn's steps for the store (each line with its message, so it can be worded again
    after a restart); None when there are none. ``memo``: the table's steps written last time,
    whose lines that come again are not encoded again (:class:`TurnSteps`)."""
    if not lines:
        return None
    if memo is None:
        return unescaped([_step(line) for line in lines])
    return memo.text(lines)


def _step(line: str) -> dict:
    """One step as ``steps_json`` writes it: its text, its message, the seat names it was filled with."""
    m = getattr(line, "msg", None)
    return {"text": str(line), "msg": m.to_json() if isinstance(m, Msg) else None,
            "names": list(getattr(line, "names", ()))}


class TurnSteps:
    """The steps a table wrote with its last move and their JSON: a turn's every move writes all
    its steps so far (a restart reads them back), and each step is encoded once, not again at
    every later step of the turn: the steps added since are encoded together (one call of the
    encoder) and put after the text written last. Lines are known by identity (the table keeps
    the very objects)."""

    __slots__ = ("lines", "written")

    def __init__(self) -> None:
        self.lines: list = []
        self.written = ""

    def text(self, lines: list[str]) -> str:
        old = self.lines
        kept = len(old)
        if kept and (kept > len(lines) or any(a is not b for a, b in zip(old, lines, strict=False))):
            kept = 0  # not the same turn's steps and more: all of them encoded again
        added = unescaped([_step(line) for line in lines[kept:]]) if len(lines) > kept else "[]"
        if kept:
            text = self.written if added == "[]" else self.written[:-1] + ", " + added[1:]
        else:
            text = added
        self.lines, self.written = list(lines), text
        return text


def steps_load(text: str | None) -> list[str]:
    """The stored steps back as lines (``Text`` where a message was kept); [] when unreadable."""
    if not text:
        return []
    try:
        return [Text(d["text"], Msg.from_json(d["msg"]), tuple(d.get("names") or ())) if d.get("msg")
                else str(d["text"]) for d in json.loads(text)]
    except (ValueError, KeyError, TypeError, AttributeError):
        log.warning("unreadable turn steps dropped: %.80r", text)
        return []


def fresh_state(engine: Game, data: Any) -> Any:
    """A state from freshly parsed JSON that nobody else holds: the default ``load`` (or a
    ``plain_json`` engine's copying one) would copy it again for nothing."""
    return data if type(engine).load is Game.load or engine.plain_json else engine.load(data)


#: seconds after its last move that a table's lagging snapshot is brought up to date (``save_snapshots``)
SNAPSHOT_IDLE = 60.0
#: ``Table.snapshot_n`` of a table whose stored snapshot cannot be trusted (found damaged when the
#: table was read back): far enough below any move number that the next move writes it again
STALE_SNAPSHOT = -(1 << 30)
#: seconds after its last move that a table is frozen (``SessionManager.freeze_idle``); thawing one
#: when it is next used costs about half a millisecond
FREEZE_IDLE = 300.0


def copy_state(engine: Game, state: Any) -> Any:
    """A private copy of ``state`` for the next move to change, keys in the same order. States of
    plain data go through ``marshal`` (several times cheaper than JSON both ways); they equal their
    JSON round trip (the contract suite checks it after every move). A ``plain_json`` engine's state
    is such data even where its ``dump``/``load`` are overridden as copies (Altiplano: a JSON round
    trip each, 70-90 us a move more than marshal). Other states go through their snapshot text."""
    if plain_state(engine, state):
        try:
            return marshal.loads(marshal.dumps(state))
        except ValueError:  # not plain data after all
            pass
    return fresh_state(engine, json.loads(snapshot_text(engine, state)))


def snapshot_text(engine: Game, state: Any) -> str:
    """The stored snapshot of ``state``: its JSON with the keys in the state's own order, so that
    the state read back at a restart, the one the table kept in memory and the one replayed from
    the log list, draw and play everything in the same order (``to_json_text`` sorts the keys: the
    text to compare states by)."""
    if type(engine).to_json_text is Game.to_json_text and (type(engine).dump is Game.dump or engine.plain_json):
        return json.dumps(state, separators=(",", ":"))
    return engine.to_json_text(state)


def state_text(engine: Game, state: Any) -> str:
    """``engine.to_json_text(state)``, without the default ``dump``'s deep copy (or a ``plain_json``
    engine's copying one): the same text, encoded once."""
    if type(engine).to_json_text is Game.to_json_text and (type(engine).dump is Game.dump or engine.plain_json):
        return json.dumps(state, sort_keys=True, separators=(",", ":"))
    return engine.to_json_text(state)


#: ``{p0}``, ``{p1}``, ... -> display names: the engines' one filler (``games.core.messages``)
fill = fill_seats


def parse_options(text: str | dict | None, presets=()) -> dict:
    """``"goal=20 fast=true"`` -> ``{"goal": 20, "fast": True}``; a bare word that names one of the
    game's ``presets`` (``league``) -> ``{"league": True}``; ValueError on bad syntax."""
    if not text:
        return {}
    if isinstance(text, dict):
        return dict(text)
    out: dict[str, Any] = {}
    for token in text.replace(",", " ").split():
        key, sep, raw = token.partition("=")
        if not sep and key in presets:
            out[key] = True
            continue
        if not sep or not key or not raw:
            raise ValueError(token)
        value: Any = raw
        if re.fullmatch(r"-?\d+", raw):
            value = int(raw)
        elif raw.lower() in ("true", "yes", "on"):
            value = True
        elif raw.lower() in ("false", "no", "off"):
            value = False
        out[key] = value
    return out


#: the key prefix of the bot layer's own lines (a turn's "ready" count...): not the engine's events
BOT_KEYS = "bot."


#: called as ``fn(table, event_name)`` after a table changes (see ``SessionManager``)
Observer = Callable[[Table, str], Awaitable[None] | None]
