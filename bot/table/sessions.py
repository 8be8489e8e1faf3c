"""Sessions: one table (game) per channel or thread, driven by plain calls.

This module knows games, renderers and the store, but NOT Discord: the slash
commands and the local console both call a ``SessionManager`` and get back
``Reply`` objects (lines of text with player names filled in, who is up, an
optional PNG, and whether it is for the caller's eyes only).

A move: take the channel's lock, check the user holds a seat the table waits
for, ``play`` on a copy of the state, write the move in one transaction, then
swap the copy in. Only then is anything announced, so a crash loses at most
the move being typed and never applies one twice.

The running game's state lives here, in memory; the move row is the truth. The
stored snapshot is a cache for restarts: written with every ``SNAPSHOT_EVERY``-th
move, the last one, and for a table left idle (``save_snapshots``), so a move
encodes no state at all most of the time, and a restart replays the few moves
logged after the snapshot.
"""

from __future__ import annotations

import asyncio
import json
import logging
import marshal
import re
import secrets
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Protocol

import games
from games.core import Event, Game, Result, RuleError
from games.core.messages import LOCALES, Msg, msg
from games.core.messages import render as word
from games.core.notation import excerpt, safe_prefix
from renderers.score_words import term as score_term

from .. import observe
from ..store import Conflict, GameRecord, Store, StoreUnavailable
from ..store.shards import Shards
from ..words import help_terms
from ..words.i18n import Text, fill_names, help_sheet, joined, said, sentences, t, tr
from . import (
    board_keys,  # noqa: F401  the "Full board" button's words
    history,
    prompts,
    render_pool,
    turns,
)
from . import extras as game_ui  # per-game extras; importing it pulls in no Discord
from .bot_seats import bot_user_id
from .posts import TURN_PNG, Post, board_button, play_button, to_json
from .timers import SystemClock  # wall-clock UTC time; tests inject their own clock

log = logging.getLogger(__name__)

AUTOCOMPLETE_LIMIT = 25
CHOICE_MAX = 100  # Discord's limit for a choice name/value
#: Seconds of autocomplete time spent on cost hints; later entries go without (autocomplete stays snappy).
HINT_BUDGET = 0.010


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
        return (self.game_id is not None and self.result is None
                and any(not Seat(uid, n).is_bot for who, _what in post.asks for uid, n in who))


def refusal(text: str) -> Reply:
    return Reply(ok=False, private=Post([text]))


def with_buttons(reply: Reply, locale: str | None = None) -> Reply:
    """The buttons under a turn post, as meanings: "Play" while a person is asked (a bot seat
    moves on its own), "Full board" beside the turn image (the sender leaves it out when no image
    came). Every turn post gets them here, whichever way it leaves (a command's answer, a bot's
    or a timed-out move)."""
    post = reply.public
    if post is None or reply.game_id is None:
        return reply
    if reply.offers_play(post):
        post.buttons.append(play_button(reply.game_id, t("bot.menu.play", locale)))
    if post.filename == TURN_PNG and (post.png is not None or post.draw is not None) and reply.n is not None:
        post.buttons.append(board_button(reply.game_id, reply.n, t("bot.board.button", locale)))
    return reply


# --- one table --------------------------------------------------------------
@dataclass
class Seat:
    user_id: int
    name: str

    @property
    def is_bot(self) -> bool:
        """A bot seat (negative id: see ``bot.table.bot_seats``)."""
        return self.user_id < 0


@dataclass
class Table:
    """A game in one channel: its record, seats and (once started) live state."""

    record: GameRecord
    seats: list[Seat]
    state: Any = None
    n: int = 0
    #: seats that have made their secret choice in the current simultaneous step
    pending_secret: list[int] = field(default_factory=list)
    #: why the game could not be reloaded, if it could not
    broken: str | None = None
    #: what the seat whose turn is running has done so far (public lines, posted when the turn ends)
    turn_lines: list[str] = field(default_factory=list)
    #: the move number of the stored snapshot (the moves after it are replayed at a restart)
    snapshot_n: int = 0
    #: when the last move was made (``time.monotonic``): an idle table's snapshot is brought up to date
    moved_at: float = 0.0
    #: (state, {seat: what it is asked}): prompts worked out off the loop with the move
    asked: tuple[Any, dict[int, Msg]] | None = None

    @property
    def engine(self) -> Game:
        return games.get(self.record.game)

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.seats]

    def seat_of(self, user_id: int) -> int | None:
        for i, s in enumerate(self.seats):
            if s.user_id == user_id:
                return i
        return None

    def to_move(self) -> list[int]:
        if self.state is None:
            return []
        return sorted(self.engine.to_move(self.state))

    def up(self) -> list[tuple[int, str]]:
        """The players to ping: bot seats move on their own and are never mentioned."""
        return [(self.seats[s].user_id, self.seats[s].name) for s in self.to_move()
                if s < len(self.seats) and not self.seats[s].is_bot]


def steps_json(lines: list[str]) -> str | None:
    """A turn's steps for the store (each line with its message, so it can be worded again
    after a restart); None when there are none."""
    if not lines:
        return None
    out = []
    for line in lines:
        m = getattr(line, "msg", None)
        out.append({"text": str(line), "msg": m.to_json() if isinstance(m, Msg) else None,
                    "names": list(getattr(line, "names", ()))})
    return json.dumps(out, ensure_ascii=False)


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


_PLACEHOLDER = re.compile(r"\{p(\d+)\}")


def fresh_state(engine: Game, data: Any) -> Any:
    """A state from freshly parsed JSON that nobody else holds: the default ``load`` (or a
    ``plain_json`` engine's copying one) would copy it again for nothing."""
    return data if type(engine).load is Game.load or engine.plain_json else engine.load(data)


#: a move writes the snapshot with it every this many moves (and the game's last move); in between
#: only the move row is written, and a restart replays at most this many moves of a game
SNAPSHOT_EVERY = 16
#: seconds after its last move that a table's lagging snapshot is brought up to date (``save_snapshots``)
SNAPSHOT_IDLE = 60.0


def copy_state(engine: Game, state: Any) -> Any:
    """A private copy of ``state`` for the next move to change, keys in the same order. States of
    plain data go through ``marshal`` (several times cheaper than JSON both ways); they equal their
    JSON round trip (the contract suite checks it after every move). Other states go through their
    snapshot text."""
    if type(state) is dict and type(engine).dump is Game.dump and (type(engine).load is Game.load or engine.plain_json):
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


def fill(text: str, names: list[str]) -> str:
    """Replace ``{p0}``, ``{p1}``, ... with display names (unknown seats left as is)."""
    def sub(m: re.Match) -> str:
        i = int(m.group(1))
        return names[i] if i < len(names) else m.group(0)
    return _PLACEHOLDER.sub(sub, text)


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


def turn_text(lines: list, names) -> dict[str, list[str]]:
    """A turn's lines worded in every language, seat names filled in: the turn image's
    "last move" in whichever language its reader gets (a line without a message stays as it is)."""
    out = {}
    for locale in LOCALES:
        out[locale] = [fill_names(word(line.msg, locale), getattr(line, "names", ()) or names)
                       if isinstance(getattr(line, "msg", None), Msg) else str(line) for line in lines]
    return out


def _asked(game_id: str, engine: Game, state: Any, seat: int, before: set[int], events: list[Event]) -> dict[int, Msg]:
    """The prompts the move's announcement will word (``SessionManager._compose``): the
    mover's alone while its turn or secret step goes on, nobody's when one seat less waits
    in a simultaneous step, else every waited-for seat's. Worked out in the move's thread
    (legal moves can take milliseconds); a prompt missing here is worked out when asked."""
    if engine.result(state) is not None:
        return {}
    after = set(engine.to_move(state))
    secret = any(e.kind == "secret" for e in events)
    public = any(e.kind != "secret" for e in events)
    if (secret and not public) or (not secret and seat in after and after == before):
        seats = {seat} & after
    elif not secret and seat not in after and after < before:
        seats = set()
    else:
        seats = after
    view = prompts.PublicView(engine, state)
    return {s: prompts.prompt(game_id, engine, state, s, view) for s in sorted(seats)}


# --- the manager --------------------------------------------------------------
Observer = Callable[[Table, str], Awaitable[None] | None]


def _fold_stems(moves: list[str], limit: int) -> tuple[list[str], set[str]]:
    """Past Discord's choice limit, show "x" and its stem "x " as one entry.

    The complete move stays (it plays as is, and the player can go on
    typing); the returned set names the moves that can also be continued.
    """
    if len(moves) <= limit:
        return moves, set()
    complete = {m for m in moves if not m.endswith(" ")}
    more = {m.rstrip() for m in moves if m.endswith(" ") and m.rstrip() in complete}
    return [m for m in moves if not (m.endswith(" ") and m.rstrip() in more)], more


class SessionManager:
    """All tables, one per channel, each behind its own ``asyncio.Lock``.

    ``clock``: where "now" comes from (inject a fake in tests).
    ``seed_source``: where new games get their seed.
    ``observers``: called as ``fn(table, event_name)`` after a table changes
    ("created", "joined", "left", "started", "moved", "undone", "finished",
    "aborted"); reminders and time limits hook in here. An observer may run
    while the channel's lock is held: it must not call back into this
    manager for the same channel (schedule a timer instead).
    """

    def __init__(
        self,
        store: Store,
        clock: Clock | None = None,
        seed_source: Callable[[], int] | None = None,
        render: bool = True,
        locale: str = "en",
        shards: Shards | None = None,
    ):
        self.store = store
        #: the shards this process runs (None: all): only their guilds' games are loaded
        self.shards = shards
        self.clock = clock or SystemClock()
        self.seed_source = seed_source or (lambda: secrets.randbelow(2**31))
        self.render = render
        #: the turn image's kind: "turn" on Discord, ``TURN_CONSOLE`` in the console (its own words)
        self.turn_kind = "turn"
        self.locale = locale
        #: the language a game's channel reads (``/game settings language``, else the server's Discord
        #: language), set by the Discord layer: public boards are drawn in it; None: ``locale``
        self.place_locale: Callable[[GameRecord], Awaitable[str]] | None = None
        self.observers: list[Observer] = []
        #: write the post each move owes its table with the move (the outbox: the Discord app
        #: delivers them; the console and the benches have nobody to deliver to)
        self.owe = False
        self._tables: dict[int, Table] = {}
        self._locks: dict[int, asyncio.Lock] = {}

    # --- helpers ------------------------------------------------------------
    def t(self, key: str, **kw) -> str:
        return t(key, self.locale, **kw)

    def lock(self, channel_id: int) -> asyncio.Lock:
        return self._locks.setdefault(channel_id, asyncio.Lock())

    def table(self, channel_id: int) -> Table | None:
        return self._tables.get(channel_id)

    def tables(self) -> list[Table]:
        return list(self._tables.values())

    async def _notify(self, table: Table, what: str) -> None:
        for fn in self.observers:
            try:
                out = fn(table, what)
                if asyncio.iscoroutine(out):
                    await out
            except Exception:
                log.exception("observer failed on %s", what)

    async def table_locale(self, record: GameRecord) -> str:
        """The language of what a game's channel reads (its boards, its summary), also for a board
        drawn without an interaction (a bot's or a timed-out move)."""
        if self.place_locale is not None:
            try:
                return await self.place_locale(record)
            except Exception:  # a lookup hiccup must not cost the board: the bot's language then
                log.warning("the language of game %s's channel is unknown", record.id, exc_info=True)
        return self.locale

    async def _png(self, table: Table, seat: int | None, kind: str = "turn") -> bytes | None:
        """The public image: ``kind`` "turn" (what a turn post carries) or "board" (the full board)."""
        if not self.render:
            return None
        view = table.engine.view(table.state, seat)
        kind = self.turn_kind if kind == "turn" else kind
        locale = await self.table_locale(table.record)
        return await render_pool.draw(table.record.game, view, table.names, kind=kind, locale=locale)

    def _board(self, table: Table, message: Post, turn: list | None = None, steps: list | None = None) -> dict | None:
        """Give ``message`` the public board as a job that draws this very position when it is
        sent (the view is copied now: later moves cannot leak into it); returns how to draw it
        again from the log (the outbox keeps that: ``redraw``), None when nothing is drawn.
        The engine's ``last`` is only the turn's final step: ``turn`` (the turn's condensed
        lines) becomes the image's "last move" in each language, and ``steps`` (every step's
        public event) its ``last`` (``turn_steps``), so the board outlines all the turn changed."""
        if not self.render:
            return None
        view = json.loads(json.dumps(table.engine.view(table.state, None), default=str))
        extra: dict = {}
        if turn:
            extra["turn_text"] = turn_text(turn, table.names)
        events = [line.msg for line in steps or () if isinstance(getattr(line, "msg", None), Msg)
                  and not line.msg.key.startswith(BOT_KEYS)]
        if len(events) > 1 and "last" in view:
            extra["turn_steps"] = {"last": [word(m, "en") for m in events], "last_msgs": [m.to_json() for m in events]}
        view.update(extra)
        game_id, names, record, channel = table.record.game, list(table.names), table.record, table.record.channel_id
        kind = self.turn_kind

        async def draw(reader: str | None = None) -> bytes | None:  # skipped if the channel's next turn is drawn meanwhile
            locale = reader or await self.table_locale(record)
            return await render_pool.draw(game_id, view, names, kind=kind, locale=locale, key=channel)
        message.draw, message.filename = draw, TURN_PNG
        return {"n": table.n, **extra}

    async def redraw(self, game_id: int, image: dict, locale: str | None = None) -> bytes | None:
        """A turn image the outbox asks for again after a restart (``_board``'s request): the
        board after move ``image["n"]``, from the snapshot or the log. None when it cannot be drawn."""
        if not self.render or not isinstance(image, dict):
            return None
        record = await self.store.game(game_id)
        if record is None or record.game not in games.ENGINES:
            return None
        engine = games.get(record.game)
        names = [s.display_name for s in await self.store.seats(game_id)]
        n = int(image.get("n", 0))
        moves = [(m.seat, m.text) for m in await self.store.moves(game_id)]
        if n > len(moves):
            return None
        snap = await self.store.snapshot(game_id)
        if snap is not None and snap.n == n and snap.engine_version == engine.version:
            state = fresh_state(engine, json.loads(snap.state))
        else:
            state = await asyncio.to_thread(history.state_at, engine, len(names), record.seed,
                                            engine.log_options(record.options, record.engine_version), moves, n)
        view = json.loads(json.dumps(engine.view(state, None), default=str))
        view.update({k: v for k, v in image.items() if k in ("turn_text", "turn_steps")})
        return await render_pool.draw(record.game, view, names, kind=self.turn_kind,
                                      locale=locale or await self.table_locale(record))

    # --- what the table asks ---------------------------------------------------
    def word(self, m: Msg | str) -> str:
        """``m`` in the table's language, remembering its message (a reader may get it in theirs)."""
        return Text(word(m, self.locale), m) if isinstance(m, Msg) else m

    def prompt(self, table: Table, seat: int) -> str:
        """What ``seat`` is asked now, worded ("choose your cards (secret)")."""
        asked = table.asked
        if asked is not None and asked[0] is table.state and seat in asked[1]:  # worked out with the move
            return self.word(asked[1][seat])
        return self.word(prompts.prompt(table.record.game, table.engine, table.state, seat))

    def _still(self, table: Table, seat: int) -> str:
        """"Your turn: sail, or done." under a step of the seat's turn."""
        what = self.prompt(table, seat)
        return self.t("bot.turn.still", what=what)

    def asks(self, table: Table, seats: list[int] | None = None) -> list[tuple[list[tuple[int, str]], str]]:
        """The waited-for seats (or ``seats``) grouped by what they are asked, in seat order."""
        seats = table.to_move() if seats is None else seats
        out: dict[str, list[tuple[int, str]]] = {}
        for s in seats:
            if s < len(table.seats):
                out.setdefault(self.prompt(table, s), []).append((table.seats[s].user_id, table.seats[s].name))
        return [(who, what) for what, who in out.items()]

    def waiting_line(self, table: Table) -> str:
        """"The table waits for Ann, Bob." (no mention: for private answers)."""
        return self.word(msg("bot.turn.wait", who=[table.names[s] for s in table.to_move()] or ["-"]))

    def _seated(self, table: Table) -> list[str]:
        """The seated names (a list: joined the reader's way, "Ann, Bob" or 「小明、阿華」)."""
        return [s.name for s in table.seats] or ["-"]

    def _seating(self, table: Table) -> list[str]:
        return [f"{i}: {s.name}" for i, s in enumerate(table.seats)] or ["-"]

    # --- loading ------------------------------------------------------------
    async def load_all(self) -> int:
        """Reload every open or running game (after a restart). Returns how many."""
        self._tables.clear()
        for record in await self.store.active_games(self.shards):
            seats = [Seat(s.user_id, s.display_name) for s in await self.store.seats(record.id)]
            table = Table(record, seats)
            if record.status == "running":
                try:
                    await self._restore(table)
                except Exception as err:  # keep the bot up; refuse moves on this table
                    log.exception("could not reload game %s", record.id)
                    table.broken = str(err) or type(err).__name__
            self._tables[record.channel_id] = table
        return len(self._tables)

    async def refresh(self, table: Table) -> Table | None:
        """Catch a table up if another process wrote its game meanwhile (its revision moved on);
        None if the game is no longer open or running."""
        record = await self.store.game(table.record.id)
        if record is None or record.status not in ("open", "running"):
            if self._tables.get(table.record.channel_id) is table:
                self._tables.pop(table.record.channel_id, None)
            return None
        if record.rev != table.record.rev or record.status != table.record.status:
            async with self.lock(table.record.channel_id):
                table.record.status = record.status
                if record.status == "running":
                    table.seats = [Seat(s.user_id, s.display_name) for s in await self.store.seats(record.id)]
                    await self._restore(table)
        return table

    async def load_game(self, game_id: int, hold: bool = True) -> Table | None:
        """The table of game ``game_id``, loaded from the database if this process does not hold it
        (another shard's game reached from a DM or a timer); None if it is not open or running.
        ``hold=False`` only reads: another shard's game is built from its snapshot WITHOUT being held
        here (a user's ``/games mine`` must not make this process take over other shards' games)."""
        table = next((t for t in self._tables.values() if t.record.id == game_id), None)
        if table is not None:
            return await self.refresh(table)
        record = await self.store.game(game_id)
        if record is None or record.status not in ("open", "running"):
            return None
        if not hold:
            table = Table(record, [Seat(s.user_id, s.display_name) for s in await self.store.seats(record.id)])
            if record.status == "running":
                try:
                    await self._restore(table)
                except Exception as err:  # listed as it is: broken
                    table.broken = str(err) or type(err).__name__
            return table
        async with self.lock(record.channel_id):
            if (held := self._tables.get(record.channel_id)) is not None and held.record.id == game_id:
                return held
            table = Table(record, [Seat(s.user_id, s.display_name) for s in await self.store.seats(record.id)])
            if record.status == "running":
                await self._restore(table)
            self._tables[record.channel_id] = table
        return table

    async def verify_all(self) -> list[int]:
        """Replay every running game's log off the loop and compare it with the state served
        (from the snapshot). A move that no longer replays marks the game broken with its
        number and reason; a snapshot that disagrees with its log is rebuilt from the log.
        Returns the ids of the games found broken."""
        broken = []
        for table in list(self._tables.values()):
            if table.record.status != "running" or table.state is None or table.broken:
                continue
            async with self.lock(table.record.channel_id):
                try:
                    await self._verify(table)
                except history.ReplayError as err:
                    log.error("game %s: %s", table.record.id, err)
                    table.broken = self.t("store.broken_move", n=err.n, reason=err.reason)
                    broken.append(table.record.id)
                except StoreUnavailable as err:
                    log.warning("game %s: not verified (%s)", table.record.id, err)
        return broken

    async def _verify(self, table: Table) -> None:
        record, engine = table.record, table.engine
        moves = await self.store.moves(record.id)
        logged = [(m.seat, m.text) for m in moves]
        state = await asyncio.to_thread(history.state_at, engine, len(table.seats), record.seed,
                                        engine.log_options(record.options, record.engine_version),
                                        logged, len(logged))
        text = engine.to_json_text(state)
        if len(moves) == table.n and text != engine.to_json_text(table.state):
            log.warning("game %s: the snapshot disagreed with the log; rebuilt from the log", record.id)
            table.state = state
            if await self.store.save_snapshot(record.id, len(moves), engine.version, snapshot_text(engine, state),
                                              self.clock.now(), rev=record.rev):
                table.snapshot_n = len(moves)

    async def save_snapshots(self, idle: float = SNAPSHOT_IDLE) -> int:
        """Bring the stored snapshot of every running table idle for ``idle`` seconds up to its last
        move (``0``: every table, as before a shutdown), so that a restart replays none of its moves.
        Returns how many were written. A snapshot is only a cache: one that cannot be written now
        (a full disk, another process's newer move) is left for later."""
        written = 0
        for table in list(self._tables.values()):
            if (table.state is None or table.broken or table.n == table.snapshot_n
                    or time.monotonic() - table.moved_at < idle):
                continue
            async with self.lock(table.record.channel_id):
                state, n = table.state, table.n
                if state is None or n == table.snapshot_n or self._tables.get(table.record.channel_id) is not table:
                    continue
                engine = table.engine
                try:
                    saved = await self.store.save_snapshot(table.record.id, n, engine.version,
                                                           snapshot_text(engine, state), self.clock.now(),
                                                           rev=table.record.rev)
                except StoreUnavailable as err:
                    log.warning("game %s: snapshot not brought up to date (%s)", table.record.id, err)
                    continue
                if saved:
                    table.snapshot_n = n
                    written += 1
        return written

    async def keep_snapshots(self, every: float = SNAPSHOT_IDLE / 2, idle: float = SNAPSHOT_IDLE) -> None:
        """Run ``save_snapshots(idle)`` every ``every`` seconds until cancelled (the bot starts it)."""
        while True:
            await asyncio.sleep(every)
            try:
                await self.save_snapshots(idle)
            except Exception:  # a cache: never let it stop the bot
                log.exception("saving idle tables' snapshots failed")

    async def _restore(self, table: Table) -> None:
        """State from the snapshot when it matches the log and engine; else replay the log
        (also when the snapshot is damaged: the log is the truth)."""
        record = table.record
        try:
            engine = games.get(record.game)
        except KeyError as err:
            raise RuntimeError(f"game '{record.game}' is not installed") from err
        fresh = await self.store.game(record.id)  # the revision first: a write after it is caught later
        if fresh is not None:
            record.rev = fresh.rev
        moves = await self.store.moves(record.id)
        snap = await self.store.snapshot(record.id)
        table.n = len(moves)
        state = None
        if snap and snap.engine_version == engine.version and snap.n <= len(moves):
            try:
                state = fresh_state(engine, json.loads(snap.state))
                if snap.n < len(moves):  # the moves logged after the snapshot, replayed on it
                    state = await asyncio.to_thread(
                        history.state_at, engine, len(table.seats), record.seed, None,
                        [(m.seat, m.text) for m in moves], len(moves), start=(snap.n, state))
            except Exception as err:  # damaged JSON, a state the engine refuses, a tail that no
                # longer replays on it: rebuild from the whole log (the log is the truth)
                log.warning("game %s: snapshot unreadable (%s); rebuilding from the log", record.id, err)
                state = None
        if state is not None:
            table.state = state
            table.snapshot_n = snap.n
        else:
            try:
                state = await asyncio.to_thread(history.state_at, engine, len(table.seats), record.seed,
                                                engine.log_options(record.options, record.engine_version), [(m.seat, m.text) for m in moves], len(moves))
            except history.ReplayError as err:
                raise RuntimeError(self.t("store.broken_move", n=err.n, reason=err.reason)) from err
            table.state = state
            await self.store.save_snapshot(record.id, len(moves), engine.version,
                                           snapshot_text(engine, state), self.clock.now(), rev=record.rev)
            table.snapshot_n = len(moves)
            log.info("game %s rebuilt from its log (%d moves)", record.id, len(moves))
        pending: list[int] = []
        for m in reversed(moves):
            if m.kind != "secret":
                break
            pending.insert(0, m.seat)
        table.pending_secret = pending
        table.turn_lines = steps_load(fresh.turn_steps if fresh is not None else record.turn_steps)

    # --- lifecycle ------------------------------------------------------------
    async def create(
        self,
        channel_id: int,
        actor: Actor,
        game_id: str,
        others: list[Actor] | None = None,
        options: str | dict | None = None,
        guild_id: int | None = None,
        parent_id: int | None = None,
        bots: int = 0,
    ) -> Reply:
        """Open a table with the creator (and any named players, and ``bots`` bot seats) seated."""
        if game_id not in games.ENGINES:
            return refusal(self.t("unknown_game", game=game_id, known=", ".join(games.game_ids())))
        engine = games.get(game_id)
        try:
            opts = engine.resolve_options(parse_options(options, engine.presets))
        except ValueError as err:
            return refusal(self.t("new.bad_option_syntax", text=str(err)))
        except RuleError as err:
            return refusal(self.t("new.bad_options", reason=said(getattr(err, "msg", None), str(err), (), self.locale)))
        seats = [Seat(actor.user_id, actor.name)]
        for other in others or []:
            if all(s.user_id != other.user_id for s in seats):
                seats.append(Seat(other.user_id, other.name))
        for _ in range(max(0, bots)):
            seats.append(self._bot_seat(seats))
        if len(seats) > engine.max_players:
            return refusal(self.t("new.too_many", game=engine.name, min=engine.min_players,
                                  max=engine.max_players, count=len(seats)))
        async with self.lock(channel_id):
            existing = self._tables.get(channel_id)
            if existing:
                return refusal(self.t("new.busy", game=existing.engine.name, status=existing.record.status))
            now = self.clock.now()
            seed = int(self.seed_source())
            try:
                gid = await self.store.create_game(
                    game_id, engine.version, opts, seed, guild_id, channel_id, actor.user_id,
                    [(s.user_id, s.name) for s in seats], now, parent_id=parent_id,
                )
            except Conflict:  # another process holds the channel
                return refusal(self.t("new.busy", game=engine.name, status="open"))
            except StoreUnavailable as err:
                return refusal(self.t(f"store.{err.kind}"))
            record = await self.store.game(gid)
            table = Table(record, seats)
            self._tables[channel_id] = table
        await self._notify(table, "created")
        lines = [
            self.t("new.created", creator=actor.name, game=engine.name, min=engine.min_players,
                   max=engine.max_players, seated=self._seated(table)),
            self.t("new.how_to_join"),
        ]
        return Reply(public=Post(lines), game_id=gid)

    def _bot_seat(self, seats: list[Seat]) -> Seat:
        uid = bot_user_id([s.user_id for s in seats])
        return Seat(uid, str(self.t("botseat.name", n=-uid)))

    async def add_bot(self, channel_id: int, actor: Actor) -> Reply:
        """A seated player fills the next seat of an open table with a bot."""
        async with self.lock(channel_id):
            table, why = self._open(channel_id, "join.started")
            if why:
                return refusal(why)
            engine = table.engine
            if table.seat_of(actor.user_id) is None:
                return refusal(self.t("botseat.add_not_seated"))
            if len(table.seats) >= engine.max_players:
                return refusal(self.t("join.full", max=engine.max_players))
            seat = self._bot_seat(table.seats)
            seats = table.seats + [seat]
            await self.store.set_seats(table.record.id, [(s.user_id, s.name) for s in seats], self.clock.now())
            table.seats = seats
        await self._notify(table, "joined")
        return Reply(public=Post([self.t("join.done", name=seat.name, game=engine.name,
                                            seat=len(seats) - 1, seated=self._seated(table))]),
                     game_id=table.record.id)

    async def join(self, channel_id: int, actor: Actor) -> Reply:
        async with self.lock(channel_id):
            table, why = self._open(channel_id, "join.started")
            if why:
                return refusal(why)
            engine = table.engine
            if table.seat_of(actor.user_id) is not None:
                return refusal(self.t("join.already"))
            if len(table.seats) >= engine.max_players:
                return refusal(self.t("join.full", max=engine.max_players))
            seats = table.seats + [Seat(actor.user_id, actor.name)]
            await self.store.set_seats(table.record.id, [(s.user_id, s.name) for s in seats], self.clock.now())
            table.seats = seats
        await self._notify(table, "joined")
        return Reply(public=Post([self.t("join.done", name=actor.name, game=engine.name,
                                            seat=len(seats) - 1, seated=self._seated(table))]),
                     game_id=table.record.id)

    async def leave(self, channel_id: int, actor: Actor) -> Reply:
        async with self.lock(channel_id):
            table, why = self._open(channel_id, "leave.started")
            if why:
                return refusal(why)
            seat = table.seat_of(actor.user_id)
            if seat is None:
                return refusal(self.t("leave.not_seated"))
            seats = [s for s in table.seats if s.user_id != actor.user_id]
            now = self.clock.now()
            if not seats:
                await self.store.set_status(table.record.id, "aborted", now)
                del self._tables[channel_id]
                closed = True
            else:
                await self.store.set_seats(table.record.id, [(s.user_id, s.name) for s in seats], now)
                table.seats = seats
                closed = False
        await self._notify(table, "aborted" if closed else "left")
        key = "leave.closed" if closed else "leave.done"
        return Reply(public=Post([self.t(key, name=actor.name, seated=self._seated(table))]),
                     game_id=table.record.id)

    async def start(self, channel_id: int, actor: Actor) -> Reply:
        async with self.lock(channel_id):
            table, why = self._open(channel_id, "start.already")
            if why:
                return refusal(why)
            engine = table.engine
            if table.seat_of(actor.user_id) is None:
                return refusal(self.t("start.not_seated"))
            count = len(table.seats)
            if not engine.min_players <= count <= engine.max_players:
                return refusal(self.t("start.count", game=engine.name, min=engine.min_players,
                                      max=engine.max_players, count=count))
            try:
                state = engine.setup(count, table.record.seed, table.record.options)
            except RuleError as err:
                return refusal(self.t("new.bad_options", reason=said(getattr(err, "msg", None), str(err), (), self.locale)))
            # the start's post is composed on the new state first: it is written with the start
            table.state, table.n = state, 0
            lines = [self.t("start.done", game=engine.name, seating=self._seating(table))]
            post = Post(lines, filename=TURN_PNG, up=table.up(), asks=self.asks(table))
            if self.render:
                post.draw = lambda _reader=None: self._png(table, None)
            reply = with_buttons(Reply(public=post, game_id=table.record.id, n=0), self.locale)
            try:
                await self.store.start_game(table.record.id, [(s.user_id, s.name) for s in table.seats],
                                            snapshot_text(engine, state), engine.version, self.clock.now(),
                                            owed=to_json(post, {"n": 0} if self.render else None) if self.owe else None)
            except StoreUnavailable as err:
                table.state, table.n = None, 0
                return refusal(self.t(f"store.{err.kind}"))
            except BaseException:
                table.state, table.n = None, 0
                raise
            post.owed = (table.record.id, 0) if self.owe else None
            table.record.status = "running"
            table.record.engine_version = engine.version
            await post.render()
        await self._notify(table, "started")
        return reply

    async def abort(self, channel_id: int, actor: Actor) -> Reply:
        async with self.lock(channel_id):
            table = self._tables.get(channel_id)
            if table is None:
                return refusal(self.t("no_game"))
            if actor.user_id != table.record.creator_id and not actor.can_manage:
                return refusal(self.t("abort.denied"))
            await self.store.set_status(table.record.id, "aborted", self.clock.now())
            table.record.status = "aborted"
            del self._tables[channel_id]
        await self._notify(table, "aborted")
        return Reply(public=Post([self.t("abort.done", name=actor.name, game=table.engine.name,
                                            moves=table.n)]), game_id=table.record.id)

    # --- a game whose channel is gone ----------------------------------------------
    async def orphan(self, game_id: int) -> GameRecord | None:
        """The game's channel or thread was deleted: it waits, paused as orphaned (no longer
        loaded, listed in ``/games`` or counted toward the game limit), until its creator or a
        server manager moves it (``adopt``) or ends it (``abort_paused``). Returns its record."""
        record = await self.store.game(game_id)
        if record is None or record.status not in ("open", "running") or record.paused:
            return None
        async with self.lock(record.channel_id):
            await self.store.set_paused(game_id, "orphaned")
            table = self._tables.get(record.channel_id)
            if table is not None and table.record.id == game_id:
                del self._tables[record.channel_id]
        record.paused = "orphaned"
        log.warning("game %s: its channel %s is gone; paused as orphaned", game_id, record.channel_id)
        if table is not None:
            await self._notify(table, "orphaned")
        return record

    async def _paused(self, game_id: int, actor: Actor, guild_id: int | None) -> tuple[GameRecord | None, str | None]:
        record = await self.store.game(game_id)
        if record is None or not record.paused or record.status not in ("open", "running") or \
                (guild_id is not None and record.guild_id not in (None, guild_id)):
            return None, self.t("orphan.none", id=game_id)
        if actor.user_id != record.creator_id and not actor.can_manage:
            return None, self.t("orphan.denied")
        return record, None

    async def adopt(self, game_id: int, channel_id: int, actor: Actor, guild_id: int | None = None,
                    parent_id: int | None = None) -> Reply:
        """``/game adopt game:<id>``: an orphaned game moves to this channel and goes on."""
        record, why = await self._paused(game_id, actor, guild_id)
        if why:
            return refusal(why)
        async with self.lock(channel_id):
            if channel_id in self._tables or await self.store.active_game(channel_id) is not None:
                return refusal(self.t("orphan.busy"))
            try:
                await self.store.set_paused(game_id, None, channel_id=channel_id, parent_id=parent_id)
            except StoreUnavailable as err:
                return refusal(self.t(f"store.{err.kind}"))
            except Conflict:
                return refusal(self.t("orphan.busy"))
        table = await self.load_game(game_id)
        if table is None:
            return refusal(self.t("orphan.none", id=game_id))
        await self._notify(table, "adopted")
        status = await self.status(channel_id)
        lines = [self.t("orphan.adopted", game=table.engine.name, id=game_id)]
        if status.public is not None:
            status.public.lines[0:0] = lines
            return status
        return Reply(public=Post(lines), game_id=game_id)

    async def abort_paused(self, game_id: int, actor: Actor, guild_id: int | None = None) -> Reply:
        """``/game abort game:<id>``: an orphaned game ends."""
        record, why = await self._paused(game_id, actor, guild_id)
        if why:
            return refusal(why)
        try:
            await self.store.set_status(game_id, "aborted", self.clock.now())
        except StoreUnavailable as err:
            return refusal(self.t(f"store.{err.kind}"))
        engine = games.get(record.game) if record.game in games.ENGINES else None
        return Reply(private=Post([self.t("orphan.aborted", name=actor.name, game=engine.name if engine else record.game,
                                          id=game_id)]), game_id=game_id)

    # --- looking ------------------------------------------------------------
    def _last_line(self, table: Table, events: list[str] | None = None) -> str | None:
        last = getattr(table, "last_said", None)
        if events is None and last and last[0] == table.n:  # this process saw the move: in any language
            return sentences([said(e.msg, e.text, table.names, self.locale) for e in last[1]], self.locale)
        msgs: list = []
        if events is None:
            view = table.engine.view(table.state, None)
            events = list(view.get("last") or [])
            msgs = list(view.get("last_msgs") or [])  # the same lines as messages: worded per reader
        if not events:
            return None
        if any(msgs):
            return sentences([said(Msg.from_json(msgs[i]) if i < len(msgs) and msgs[i] else None, e, table.names,
                                   self.locale) for i, e in enumerate(events)], self.locale)
        return fill(" ".join(events), table.names)

    async def status(self, channel_id: int, with_board: bool = True, kind: str = "turn") -> Reply:
        """The public state of the table: seats, move number, who is up, the turn image
        (``kind="board"``: the full board)."""
        async with self.lock(channel_id):
            table = self._tables.get(channel_id)
            if table is None:
                return refusal(self.t("no_game"))
            engine = table.engine
            if table.record.status == "open":
                lines = [self.t("status.open", game=engine.name, count=len(table.seats),
                                seated=self._seated(table)), self.t("new.how_to_join")]
                return Reply(public=Post(lines), game_id=table.record.id)
            if table.broken:
                return refusal(self.t("game.broken", reason=table.broken))
            lines = [self.t("status.running", game=engine.name, n=table.n, seating=self._seating(table))]
            last = self._last_line(table)
            if last:
                lines.append(self.t("status.last", last=last))
            png = await self._png(table, None, kind) if with_board else None
        filename = TURN_PNG if kind == "turn" else "board.png"
        return with_buttons(Reply(public=Post(lines, png=png, filename=filename, up=table.up(), asks=self.asks(table)),
                                  game_id=table.record.id, n=table.n), self.locale)

    async def board(self, channel_id: int) -> Reply:
        """``/game board``: the full board."""
        return await self.status(channel_id, with_board=True, kind="board")

    async def hand(self, channel_id: int, actor: Actor, locale: str | None = None) -> Reply:
        """The caller's private view: for their eyes only, worded in ``locale`` (theirs; None: the bot's)."""
        async with self.lock(channel_id):
            table, why = self._running(channel_id)
            if why:
                return refusal(why)
            seat = table.seat_of(actor.user_id)
            if seat is None:
                return refusal(self.t("move.not_seated"))
            return await self._hand(table, seat, locale or self.locale)

    async def _hand(self, table: Table, seat: int, locale: str) -> Reply:
        engine = table.engine
        mine = engine.view(table.state, seat)
        public = engine.view(table.state, None)
        secret = {k: v for k, v in mine.items() if public.get(k) != v}
        lines = [t("hand.title", locale, game=engine.name, seat=seat, name=table.seats[seat].name)]
        lines.append(t("hand.only_you" if secret else "hand.nothing", locale))
        png = None
        if self.render:
            png = await render_pool.draw(table.record.game, mine, table.names, seat, locale=locale)
        return Reply(private=Post(lines, png=png, filename="hand.png"), game_id=table.record.id)

    def _open(self, channel_id: int, started_key: str) -> tuple[Table | None, str | None]:
        """The channel's table while it is still open for seats; else why not (``started_key`` once it runs)."""
        table = self._tables.get(channel_id)
        if table is None:
            return None, self.t("no_game")
        if table.record.status != "open":
            return table, self.t(started_key)
        return table, None

    def _running(self, channel_id: int) -> tuple[Table | None, str | None]:
        table = self._tables.get(channel_id)
        if table is None:
            return None, self.t("no_game")
        if table.record.status == "open":
            return table, self.t("no_game_running")
        if table.broken:
            return table, self.t("game.broken", reason=table.broken)
        if table.record.status != "running":
            return table, self.t("game_over_already")
        return table, None

    def legal_moves(self, channel_id: int, user_id: int, prefix: str = "",
                    limit: int = AUTOCOMPLETE_LIMIT, locale: str | None = None) -> list[tuple[str, str]]:
        """(label, value) pairs for autocomplete: the caller's legal moves from ``prefix``.

        Empty when the caller is not to move. Labels carry the engine's hint (worded in
        ``locale``, the caller's, when the engine gives it as a message).
        Read-only and synchronous: moves run on the loop, so the state seen
        here is always a whole one.
        """
        table = self._tables.get(channel_id)
        if table is None or table.state is None or table.broken or table.record.status != "running":
            return []
        seat = table.seat_of(user_id)
        if seat is None or seat not in table.engine.to_move(table.state):
            return []
        engine = table.engine
        prefix = safe_prefix(prefix or "")
        if prefix is None:  # not notation (other scripts, control characters, far too long): nothing starts so
            return []
        try:  # a game may give (move, note) pairs in one pass when its per-move hint is costly
            quick = game_ui.autocomplete(table.record.game, engine, table.state, seat, prefix.lower(), limit)
            moves = [m for m, _ in quick] if quick is not None else engine.legal_moves(table.state, seat, prefix.lower())
        except Exception:
            log.exception("legal_moves failed")
            return []
        out = []
        deadline = time.perf_counter() + HINT_BUDGET
        notes = dict(quick or ())
        moves, more = _fold_stems(moves, limit)
        for move in moves[:limit]:
            hint = notes.get(move, "")
            if quick is None and not move.endswith(" ") and time.perf_counter() < deadline:
                try:
                    hint = engine.hint(table.state, seat, move)
                except Exception:
                    hint = ""
            label = move.rstrip() + (" …" if move.endswith(" ") or move in more else "")
            if hint:
                label = f"{label} — {tr(hint, locale or self.locale)}"
            out.append((label[:CHOICE_MAX], move[:CHOICE_MAX]))
        return out

    def autocomplete_note(self, channel_id: int, user_id: int, prefix: str = "") -> str | None:
        """Why autocomplete is empty for this caller: a line to show instead of nothing."""
        table, why = self._running(channel_id)
        if why:
            return why
        seat = table.seat_of(user_id)
        if seat is None:
            return self.t("move.not_seated")
        if seat not in table.to_move():
            return self._not_now(table, seat)
        starts = prompts.verbs(table.engine, table.state, seat)
        if starts and prefix.strip():
            return self.word(msg("bot.turn.no_prefix", prefix=excerpt(prefix.strip()), starts=list(starts)))
        return self.t("autocomplete.no_match", prefix=excerpt(prefix.strip()))

    # --- moving ------------------------------------------------------------
    async def move(self, channel_id: int, actor: Actor, text: str, lazy: bool = False,
                   interaction_id: int | None = None) -> Reply:
        """Play ``text`` for the caller's seat: persisted, then announced.

        ``lazy``: leave the board PNG to ``reply.public.render()`` (the caller answers first).
        ``interaction_id``: the interaction that asked, written with the move (played once)."""
        async with self.lock(channel_id):
            table, why = self._running(channel_id)
            if why:
                return refusal(why)
            seat = table.seat_of(actor.user_id)
            if seat is None:
                return refusal(self.t("move.not_seated"))
            return await self._move(table, seat, text, lazy, interaction_id=interaction_id)

    async def move_as(self, channel_id: int, seat: int, text: str, lazy: bool = False, prefix: str = "") -> Reply:
        """Play for a seat directly (the local console, tests, bot seats); ``prefix`` opens the
        table's post ("automatic for Bo: ...")."""
        async with self.lock(channel_id):
            table, why = self._running(channel_id)
            if why:
                return refusal(why)
            return await self._move(table, seat, text, lazy, prefix=prefix)

    def _not_now(self, table: Table, seat: int) -> str:
        """Why ``seat`` may not move now, in its terms."""
        waiting = table.to_move()
        if seat in table.pending_secret:  # its secret choice is in; the others are still choosing
            return self.word(msg("bot.turn.you_chose", who=[table.names[s] for s in waiting] or ["-"]))
        return self.word(msg("bot.turn.not_yours", who=[table.names[s] for s in waiting] or ["-"]))

    def _no_such_move(self, table: Table, seat: int, text: str) -> str | None:
        """"no move starts with 'xyz'; your moves start with: ..." when the first word matches nothing."""
        head = text.split(" ", 1)[0].lower()
        try:
            starts = prompts.verbs(table.engine, table.state, seat)
            if not starts or table.engine.legal_moves(table.state, seat, head):
                return None
        except Exception:
            return None
        if any(v.lower().startswith(head) for v in starts):
            return None
        return self.word(msg("bot.turn.no_prefix", prefix=excerpt(head), starts=list(starts)))

    async def _move(self, table: Table, seat: int, text: str, lazy: bool = False, prefix: str = "",
                    interaction_id: int | None = None) -> Reply:
        engine = table.engine
        names = table.names
        waiting = table.to_move()
        if seat not in waiting:
            return refusal(self._not_now(table, seat))
        text = " ".join(str(text or "").split())
        if not text:
            return refusal(self.t("move.empty", game=table.record.game))
        before = table.state
        game_id, waited = table.record.game, set(waiting)
        started = time.perf_counter()
        try:
            # Copy, rules and what the table is asked next, on the loop: a fraction of a
            # millisecond, less than handing it to a thread costs (the interpreter lock would run
            # it alone anyway). The copy is the move's own: a refused move leaves ``before``
            # untouched, so the engine's own backup is not needed.
            work = copy_state(engine, before)
            events = engine.play(work, seat, text, atomic=False)
            asked = _asked(game_id, engine, work, seat, waited, events)
        except RuleError as err:
            observe.REFUSALS.labels(game_id).inc()
            observe.event(log, "move refused", game=game_id, channel=table.record.channel_id, seat=seat,
                          move=text[:80], reason=str(err)[:120])
            lines = [self.t("move.illegal", reason=said(getattr(err, "msg", None), str(err), names, self.locale))]
            nothing = self._no_such_move(table, seat, text)
            return Reply(ok=False, private=Post([nothing, *lines] if nothing else lines))
        result = engine.result(work)
        secret = [e for e in events if e.kind == "secret"]
        public = [e for e in events if e.kind != "secret"]
        kind = ("reveal" if public else "secret") if secret else "public"
        summary = "\n".join(e.text for e in (secret + public) if e.text)
        n = table.n + 1
        status = "finished" if result is not None else "running"
        # the snapshot rides with every SNAPSHOT_EVERY-th move and the last one (the move row is the truth)
        snapshot = (snapshot_text(engine, work) if result is not None or n - table.snapshot_n >= SNAPSHOT_EVERY
                    else None)
        now = self._done_lines(table, seat, text, public) if kind == "public" else []
        after = set(engine.to_move(work))
        if kind == "secret":
            steps = table.turn_lines
        elif result is None and seat in after and after == set(waiting):  # the seat's turn goes on
            steps = table.turn_lines + now
        else:
            steps = []
        # The announcement is composed on the new state BEFORE anything is written: the post the
        # move owes its table goes into the move's own transaction (the outbox), delivered after.
        kept = (table.state, table.n, table.asked, table.turn_lines, list(table.pending_secret))
        table.state, table.n, table.asked = work, n, (work, asked)
        reply, what, image = self._compose(table, seat, text, events, secret, public, kind, result, set(waiting),
                                           now=now, prefix=prefix)
        post = reply.public if reply.public is not None and not reply.public.minor else None
        try:
            table.record.rev = await self.store.append_move(
                table.record.id, n, seat, text, kind, summary, any(e.barrier for e in events),
                snapshot, engine.version, self.clock.now(), status=status, rev=table.record.rev,
                turn_steps=steps_json(steps), owed=to_json(post, image) if post is not None and self.owe else None,
                interaction_id=interaction_id,
            )
        except StoreUnavailable as err:  # disk full, read-only, locked: nothing was written
            observe.DATABASE_ERRORS.labels(err.kind).inc()
            table.state, table.n, table.asked, table.turn_lines, table.pending_secret = kept
            return refusal(self.t(f"store.{err.kind}"))
        except Conflict:
            # The log already holds move n (a commit whose caller never returned), or another
            # process changed the game meanwhile (its revision moved on).
            # The log is the truth: catch up from it instead of refusing every move from now on.
            table.state, table.n, table.asked, table.turn_lines, table.pending_secret = kept
            log.warning("game %s: move %d already logged; reloading the table", table.record.id, n)
            await self._restore(table)
            return refusal(self.t("move.stale"))
        except BaseException:  # not written (a bug, a cancelled task): the table stays as it was
            table.state, table.n, table.asked, table.turn_lines, table.pending_secret = kept
            raise
        # Committed: the new state is the table's.
        seconds = time.perf_counter() - started
        observe.MOVES.labels(game_id).inc()
        observe.COMMIT_SECONDS.observe(seconds)
        observe.event(log, "move", game=game_id, channel=table.record.channel_id, n=n, seat=seat,
                      ms=round(seconds * 1000, 1), status=status)
        table.moved_at = time.monotonic()
        if snapshot is not None:
            table.snapshot_n = n
        if post is not None and self.owe:
            post.owed = (table.record.id, n)
        table.last_said = (n, [e for e in events if e.text])  # /game status words these in any language
        table.record.status = status
        if status == "finished":
            self._tables.pop(table.record.channel_id, None)
        if not lazy and reply.public is not None:
            await reply.public.render()
        await self._notify(table, what)
        return reply

    def _done_lines(self, table: Table, seat: int, text: str, public: list[Event]) -> list[str]:
        """What a public move did, one line per event (each remembering its message)."""
        names = table.names
        now = [said(e.msg, e.text, names, self.locale) for e in public if e.text]
        return now or [self.t("move.played", name=names[seat], move=text)]

    def _compose(self, table: Table, seat: int, text: str, events: list[Event], secret: list[Event],
                 public: list[Event], kind: str, result: Result | None, before: set[int] | None = None,
                 now: list[str] | None = None, prefix: str = "") -> tuple[Reply, str, dict | None]:
        """Tell the table as little as it needs: a turn is everything one seat does until the
        table waits on someone else. Steps inside a turn are answered to the player alone
        (what was done, what is left); the turn's end is ONE public post with what happened,
        the board, and who is asked what. A seat leaving a simultaneous step (ready, a power
        offer answered) is a ``minor`` line, without board or ping.

        Returns the reply, what the observers are told ("moved", "finished") and how the outbox
        draws the post's image again (``_board``). Synchronous: the caller writes the move with
        its post, then notifies."""
        names = table.names
        name = names[seat]
        # ``private`` is for the acting seat only: a line meant for another seat is never shown to this one.
        private_lines = [said(e.private_msg, e.private, names, self.locale) for e in events
                         if e.private and e.seat in (None, seat)]
        reply = Reply(game_id=table.record.id, result=result, n=table.n)
        waiting = table.to_move()
        before = set(waiting) if before is None else before
        if secret:
            table.pending_secret.append(seat)
            # A secret step may take several moves (Altiplano planning): a seat
            # counts as ready once it is no longer waited for.
            if kind == "secret":
                done = {s for s in table.pending_secret if s not in waiting}
                total = len(done) + len(waiting)
            else:  # the reveal: to_move already names the next phase's seats
                done = set(table.pending_secret)
                total = len(done)
            ready = len(done)
            reply.ready = (ready, total)
            detail = sentences(private_lines, self.locale) or f"`{text}`"
            reply.private = Post([self.t("move.secret_ok", detail=detail)])
            private_lines = []
            if kind == "secret":
                if seat in waiting:  # still planning: the table hears nothing yet
                    reply.private.lines.append(self._still(table, seat))
                else:
                    reply.public = Post([self.t("move.ready", name=name, ready=ready, total=total)], minor=True)
                return self._prefixed(reply, prefix), "moved", None
            table.pending_secret = []
            lines = table.turn_lines + [self.t("move.ready", name=name, ready=ready, total=total)]
            lines += [said(e.msg, e.text, names, self.locale) for e in public if e.text]
        else:
            table.pending_secret = []
            now = now if now is not None else self._done_lines(table, seat, text, public)
            if result is None and seat in waiting and set(waiting) == before:
                # the seat's turn goes on: only the player hears of this step
                table.turn_lines.extend(now)
                reply.step = Post([self.t("bot.turn.step", done=sentences(now, self.locale)),
                                      self._still(table, seat)])
                if private_lines:
                    reply.private = Post(private_lines)
                return self._prefixed(reply, prefix), "moved", None
            lines = table.turn_lines + now
            if result is None and seat not in waiting and set(waiting) < before:
                # one seat less in a simultaneous step: a line for the table, nobody new to ask
                table.turn_lines = []
                reply.public = Post(turns.condense(lines, self.locale, table.names), minor=True)
                if private_lines:
                    reply.private = Post(private_lines)
                return self._prefixed(reply, prefix), "moved", None
        table.turn_lines = []
        if private_lines:
            reply.private = Post(private_lines)
        steps = list(lines)
        lines = turns.condense(lines, self.locale, table.names)  # the turn in one or two lines
        turn = list(lines)
        if result is not None:
            lines += self.result_lines(table, result)
        reply.public = Post(lines, up=table.up(), asks=self.asks(table))
        image = self._board(table, reply.public, turn, steps)
        with_buttons(reply, self.locale)
        return self._prefixed(reply, prefix), "finished" if result is not None else "moved", image

    @staticmethod
    def _prefixed(reply: Reply, prefix: str) -> Reply:
        """``prefix`` opens the table's post (an automatic move: "automatic for Bo: ...")."""
        post = reply.public
        if prefix and post is not None:
            post.lines[0:1] = [joined([prefix, post.lines[0]], "join.concat") if post.lines else prefix]
        return reply

    def result_lines(self, table: Table, result: Result) -> list[str]:
        names = table.names
        game = getattr(getattr(table, "record", None), "game", "")  # score labels are worded per game
        winners = [names[s] for s in result.winners]
        verb = self.t("result.win" if len(result.winners) == 1 else "result.share")
        lines = [self.t("result.over", winners=winners, verb=verb)]
        place = 0
        previous = None
        for i, s in enumerate(result.ranking):
            # equal scores share a place unless the game names a tie-break (then ranking decided)
            key = result.scores[s] if not result.tiebreak else i
            if s in result.winners:
                place = 1
            elif key != previous:
                place = i + 1
            previous = key
            parts = result.breakdown[s] if s < len(result.breakdown) else {}
            detail = [self.t("result.part", label=score_term(game, k), points=v)
                      for k, v in parts.items() if v]
            lines.append(self.t("result.line", place=place, name=names[s], score=result.scores[s],
                                detail=self.t("result.detail", parts=detail) if detail else ""))
        if result.tiebreak and len(set(result.scores)) < len(result.scores):
            lines.append(self.t("result.tiebreak", tiebreak=score_term(game, result.tiebreak)))
        return lines

    async def undo(self, channel_id: int) -> Reply:
        """Take back the last move by replaying the log without it.

        No permission checks here: the console uses it as is; the Discord
        ``/undo`` (consent, barriers) is meant to be built on top.
        """
        async with self.lock(channel_id):
            table, why = self._running(channel_id)
            if why:
                return refusal(why)
            moves = await self.store.moves(table.record.id)
            if not moves:
                return refusal(self.t("undo.nothing"))
            engine = table.engine
            last = moves[-1]
            state = await asyncio.to_thread(history.state_at, engine, len(table.seats), table.record.seed,
                                            engine.log_options(table.record.options, table.record.engine_version),
                                            [(m.seat, m.text) for m in moves], len(moves) - 1)
            try:
                table.record.rev = await self.store.drop_last_move(
                    table.record.id, last.n, snapshot_text(engine, state), engine.version, self.clock.now(),
                    rev=table.record.rev)
            except StoreUnavailable as err:
                return refusal(self.t(f"store.{err.kind}"))
            except Conflict:  # another process moved or undid meanwhile: catch up from the log
                await self._restore(table)
                return refusal(self.t("move.stale"))
            table.state, table.n, table.snapshot_n = state, last.n - 1, last.n - 1
            pending: list[int] = []
            for m in reversed(moves[:-1]):
                if m.kind != "secret":
                    break
                pending.insert(0, m.seat)
            table.pending_secret = pending
            table.turn_lines = []
            png = await self._png(table, None)
        await self._notify(table, "undone")
        # A secret move's text is the secret itself (the cards chosen, the plan): never echo it.
        if last.kind == "public":
            line = self.t("undo.done", n=last.n, name=table.names[last.seat], move=last.text)
        else:
            line = self.t("undo.done_secret", n=last.n, name=table.names[last.seat])
        return with_buttons(Reply(public=Post([line], png=png, filename=TURN_PNG, up=table.up(), asks=self.asks(table)),
                                  game_id=table.record.id, n=table.n), self.locale)

    # --- help ------------------------------------------------------------
    def help(self, game_id: str | None = None) -> Reply:
        if game_id:
            if game_id not in games.ENGINES:
                return refusal(self.t("unknown_game", game=game_id, known=", ".join(games.game_ids())))
            engine = games.get(game_id)
            lines = [self.t("help.game_title", name=engine.name, min=engine.min_players, max=engine.max_players)]
            sheet = (game_ui.help_text(game_id) or engine.help_text).strip() or "-"  # a richer table sheet
            lines += [help_sheet(game_id, sheet, self.locale)]  # zh-TW: bot/words/help_zh.py
            if engine.options:
                opts = [self.t("help.option", name=o.name, default=o.default,
                               description=help_terms.option(game_id, o.name, o.description))
                        for o in engine.options]
                lines.append(self.t("help.options", options=opts))
            if engine.unverified:  # designed values, marked ◇ on the cards that carry them
                lines.append(self.t("help.unverified"))
                lines += [self.t("help.bullet", line=help_terms.unverified(game_id, line)) for line in engine.unverified]
            return Reply(private=Post(lines))
        lines = [self.t("help.list_title")]
        for gid in games.game_ids():
            engine = games.get(gid)
            summary = help_sheet(gid, engine.help_text or "-", self.locale, summary=True)
            lines.append(self.t("help.list_line", name=engine.name, id=gid, min=engine.min_players,
                                max=engine.max_players, summary=summary))
        lines.append(self.t("help.list_footer"))
        return Reply(private=Post(lines))
