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

The manager is cut by what it does: loading tables (``loading.py``), seating
(``seating.py``: create, join, leave, start, abort), playing (``playing.py``: moves,
autocomplete, undo); here the tables and their locks, what a table asks and what
it shows (status, board, hand, help). One table and a command's reply: ``tables.py``.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
from collections.abc import Awaitable, Callable
from typing import Any

import games
from games.core.messages import Msg, msg
from games.core.messages import render as word
from renderers.score_words import term as score_term

from ..store import GameRecord, Store
from ..store.shards import Shards
from ..words import help_terms
from ..words.i18n import Text, help_sheet, said, sentences, t, tr
from . import (
    alt,
    board_keys,  # noqa: F401  the "Full board" button's words
    board_text,
    history,
    prompts,
    render_pool,
)
from . import extras as game_ui  # per-game extras; importing it pulls in no Discord
from .games import load_plugs
from .image_words import Makings, turn_extra
from .loading import Loading
from .playing import Playing
from .positions import Position
from .posts import TURN_PNG, Post
from .seating import Seating
from .tables import (
    BOT_KEYS,
    Actor,
    Clock,
    Observer,
    Reply,
    Seat,
    Table,
    copy_state,
    fill,
    fresh_state,
    parse_options,
    refusal,
    snapshot_text,
    state_text,
    steps_json,
    steps_load,
    with_buttons,
)
from .timers import SystemClock  # wall-clock UTC time; tests inject their own clock

#: named here too: the table layer's callers (Discord, console, tests) import them from here
__all__ = ["Actor", "Clock", "Reply", "Seat", "SessionManager", "Table", "copy_state", "fill", "fresh_state",
           "parse_options", "refusal", "score_term", "snapshot_text", "state_text", "steps_json", "steps_load",
           "with_buttons"]

log = logging.getLogger(__name__)


class SessionManager(Loading, Seating, Playing):
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
        #: the step that follows a move, run inside the move's own write (one transaction):
        #: ``fn(table, "moved")`` gives ``then`` for ``Store.append_move``, or None (the
        #: play-by-post layer sets it when its database thread is the store's writer)
        self.with_move: Callable[[Table, str], Callable[[Any], object] | None] | None = None
        #: write the post each move owes its table with the move (the outbox: the Discord app
        #: delivers them; the console and the benches have nobody to deliver to)
        self.owe = False
        #: more lines for ``/game status`` (play-by-post adds each seat's clock): ``fn(table)``
        self.status_lines: list[Callable[[Table], Awaitable[list[str]]]] = []
        #: more lines for a seat's ``/hand`` (play-by-post adds the player's notes): ``fn(table, seat)``
        self.hand_lines: list[Callable[[Table, int], Awaitable[list[str]]]] = []
        self._tables: dict[int, Table] = {}
        self._locks: dict[int, asyncio.Lock] = {}
        load_plugs()  # every game's words in the catalogs (a game list or /help words every game)

    # --- helpers ------------------------------------------------------------
    def t(self, key: str, **kw) -> str:
        return t(key, self.locale, **kw)

    def lock(self, channel_id: int) -> asyncio.Lock:
        lock = self._locks.get(channel_id)
        if lock is None:  # made once per channel (not one thrown away at every call)
            lock = self._locks[channel_id] = asyncio.Lock()
        return lock

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
        sent (the position is copied now: later moves cannot leak into it); returns how to draw it
        again from the log (the outbox keeps that: ``redraw``), None when nothing is drawn.
        The engine's ``last`` is only the turn's final step: ``turn`` (the turn's condensed
        lines) becomes the image's "last move" and ``steps`` (every step's public event) its
        ``last`` (``turn_steps``), so the board outlines all the turn changed. The view, those
        words and the image's description (``alt.Alt``) are made when the board is drawn, in its
        reader's language, and not at all for a board dropped for the channel's next turn; drawn by
        a render worker, it words them (``image_words.Makings``) and the loop only hands them over."""
        if not self.render:
            return None
        events = [line.msg for line in steps or () if isinstance(getattr(line, "msg", None), Msg)
                  and not line.msg.key.startswith(BOT_KEYS)]
        turn = list(turn or ())
        engine, record, names = table.engine, table.record, table.names
        board = Position(engine, table.state, table.since)
        game_id, channel, kind = record.game, record.channel_id, self.turn_kind
        title, n, stepped, asks = engine.name, table.n, events if len(events) > 1 else [], message.asks
        message.alt = described = alt.Alt("turn", title, n, turn, asks, board=board, names=names)
        ours = games.ENGINES.get(game_id) is not None and games.get(game_id) is engine

        async def draw(reader: str | None = None) -> bytes | None:  # skipped if the channel's next turn is drawn meanwhile
            locale = reader or await self.table_locale(record)
            sent = None

            def shown():  # made only if drawn: the position as the render worker takes it, with the turn's words
                nonlocal sent
                words = Makings(title, n, turn, stepped, asks, names, locale)
                if ours:  # the worker works out the view and words the turn
                    sent = board.state(game_id, words)
                return sent if sent is not None else board.shown(words.extra())
            png = await render_pool.draw(game_id, shown, names, kind=kind, locale=locale, key=channel)
            if sent is not None:  # the scores and the description the worker made with the drawn view
                described.drawn(sent.facts, locale)
            return png
        message.draw, message.filename = draw, TURN_PNG
        image: dict = {"n": n}
        if turn:
            image["said"] = turn
        if len(events) > 1:  # kept whether or not the view has a ``last`` (it is read when drawn)
            image["steps"] = events
        return image

    def _alt(self, table: Table, kind: str, post: Post, said: list | None = None) -> list[str]:
        """The description (alt text) of ``post``'s image of the table as it stands."""
        view = table.engine.view(table.state, None) if table.state is not None else None
        return alt.lines(kind, table.engine.name, n=table.n, said=said, asks=post.asks, view=view,
                         names=table.names)

    async def redraw(self, game_id: int, image: dict, locale: str | None = None,
                     described: list | alt.Alt | None = None) -> bytes | None:
        """A turn image the outbox asks for again after a restart (``_board``'s request): the
        board after move ``image["n"]``, from the snapshot or the log. None when it cannot be drawn.
        ``described``: the post's description, given the board's scores when it was kept without."""
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
        if isinstance(described, alt.Alt) and described.scores is None:
            described.scores = alt.scores(view, names)
        locale = locale or await self.table_locale(record)
        # a row written before the words were made at drawing time has them in every language
        view.update({k: v for k, v in image.items() if k in ("turn_text", "turn_steps")})
        if "said" in image or "steps" in image:
            steps = [Msg.from_json(m) for m in image.get("steps") or () if isinstance(m, dict)]
            view.update(render_pool.turn_shown(view, turn_extra(list(image.get("said") or ()), steps, names, locale)))
        return await render_pool.draw(record.game, view, names, kind=self.turn_kind, locale=locale)

    # --- what the table asks ---------------------------------------------------
    def word(self, m: Msg | str) -> str:
        """``m`` in the table's language, remembering its message (a reader may get it in theirs)."""
        return Text(word(m, self.locale), m, (), self.locale) if isinstance(m, Msg) else m

    def prompt(self, table: Table, seat: int) -> str:
        """What ``seat`` is asked now, worded ("choose your cards (secret)")."""
        return self.word(self._asked_of(table, seat))

    def _asked_of(self, table: Table, seat: int) -> Msg:
        """What ``seat`` is asked now, as a message."""
        asked = table.asked
        # worked out with the move (the state object and its move number: a move changes it in place)
        if asked is not None and asked[0] is table.state and asked[1] == table.n and seat in asked[2]:
            return asked[2][seat]
        return prompts.prompt(table.record.game, table.engine, table.state, seat)

    def _still(self, table: Table, seat: int) -> str:
        """"Your turn: sail, or done." under a step of the seat's turn: the prompt worded inside
        the line (``t(..., what=self.prompt(...))`` worded it alone first, then took it as it is)."""
        m = Msg("bot.turn.still", {"what": self._asked_of(table, seat)})
        return Text(word(m, self.locale), m, (), self.locale)

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
            # the move number the table may read: a secret step's moves are not counted until revealed
            lines = [self.t("status.running", game=engine.name, n=table.public_n, seating=self._seating(table))]
            last = self._last_line(table)
            if last:
                lines.append(self.t("status.last", last=last))
            png = await self._png(table, None, kind) if with_board else None
        for more in self.status_lines:
            try:
                lines += await more(table)
            except Exception:  # a line the table can do without: the status goes out
                log.exception("a /game status line failed")
        filename = TURN_PNG if kind == "turn" else "board.png"
        post = Post(lines, png=png, filename=filename, up=table.up(), asks=self.asks(table), ping=False)
        post.alt = self._alt(table, kind, post, said=[last] if last else None)
        return with_buttons(Reply(public=post, game_id=table.record.id, n=table.public_n), self.locale)

    async def board_text(self, channel_id: int, locale: str | None = None) -> tuple[bool, list[str]]:
        """``/game status detail:full``: every public fact of the board as text, worded in ``locale``
        (the caller's) and cut into pages within Discord's limit (``bot.table.board_text``);
        (False, [why]) when there is no board to describe."""
        table = self._tables.get(channel_id)
        if table is None:
            return False, [t("no_game", locale)]
        if table.record.status == "open" or table.broken or table.state is None:
            return False, [t("no_game_running", locale)]
        view = table.engine.view(table.state, None)  # the public view: nothing hidden is read
        lines = board_text.lines(table.record.game, table.engine, view, table.names, locale)
        if not lines:
            return False, [t("board_text.none", locale)]
        head = t("board_text.title", locale, game=table.engine.name, n=table.public_n)
        return True, board_text.pages([str(head), *lines])

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
        for more in self.hand_lines:
            try:
                lines += [tr(x, locale) for x in await more(table, seat)]
            except Exception:  # a line the player can do without: the view goes out
                log.exception("a /hand line failed")
        png = None
        if self.render:
            png = await render_pool.draw(table.record.game, mine, table.names, seat, locale=locale)
        post = Post(lines, png=png, filename="hand.png")
        post.alt = alt.lines("hand", engine.name, n=table.n, view=mine, names=table.names,
                             name=table.seats[seat].name, asks=self.asks(table, [seat] if seat in table.to_move() else []))
        return Reply(private=post, game_id=table.record.id)

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

    # --- help ------------------------------------------------------------
    def help(self, game_id: str | None = None) -> Reply:
        if game_id == "leagues":  # not a game: how leagues draw, score and break ties
            return Reply(private=Post([self.t("league.help")]))
        if game_id:
            if game_id not in games.ENGINES:
                return refusal(self.t("unknown_game", game=game_id, known=", ".join(games.game_ids())))
            engine = games.get(game_id)
            lines = [self.t("help.game_title", name=engine.name, min=engine.min_players, max=engine.max_players)]
            sheet = (game_ui.help_text(game_id) or engine.help_text).strip() or "-"  # a richer table sheet
            lines += [help_sheet(game_id, sheet, self.locale)]  # zh-TW: the plug's HELP_ZH
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
        lines.append(self.t("league.help.list"))
        return Reply(private=Post(lines))
