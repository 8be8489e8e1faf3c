"""A game replayed move by move for one reader (issue 35 item 5): ``/game replay`` and the archive.

The reader gets an ephemeral message: the board after move n, what move n did, ⏮ ◀ ▶ ⏭ and a
menu of the round starts. It shows only what the table saw, finished game or running:

* the board is the public view (``engine.view(state, None)``), as the turn posts drew it;
* a move is told by its events' public texts, never by its logged text (a secret choice is
  logged verbatim, the table read "Ann is ready");
* the replay stops only where the table's history lists a move (``history.shown``): within a
  secret step, each seat's latest move alone, since how many secret moves a seat made is itself
  hidden until the reveal;
* a running game is replayed to its present: the moves committed so far.

Fast enough to click through: a log's :class:`Index` (a copy of the state every ``CHECKPOINT``
moves and the round each stop is in) is built once, by one replay of the whole log (0.25 s for
an 870-move Altiplano game), and kept for the last ``KEEP`` logs looked at, keyed by a digest
of the log (an undo never reuses a stale one). A step then replays at most ``CHECKPOINT`` moves
from the checkpoint below it, and draws.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

import games
from games.core import Game

from ...store.records import GameRecord, MoveRecord, SeatRecord
from ...words.i18n import joined, said, t, title
from .. import history, holders, render_pool
from ..posts import Button, Menu, Post
from ..sessions import Reply, copy_state, refusal
from . import archive

#: the replay keeps a copy of the state every this many moves (a step replays at most this many)
CHECKPOINT = 16
#: logs whose index is kept (the most recently looked at)
KEEP = 32
#: a select menu holds at most 25 options (Discord)
MENU_MAX = 25


@dataclass
class Index:
    """One log, replayed once: where the replay stops, each stop's round, and the checkpoints."""

    #: move numbers the replay stops at, ascending (0: before the first move)
    stops: list[int]
    #: the round (the public view's ``round``) after each stop, None where the game has none
    rounds: dict[int, int | None]
    #: move number -> a copy of the state after it (every CHECKPOINT moves, and 0)
    checkpoints: dict[int, Any] = field(default_factory=dict)

    def near(self, n: int) -> int:
        """The stop at ``n``, or the last one before it (a number no longer a stop: the log changed)."""
        n = max(0, min(n, self.stops[-1]))
        best = 0
        for s in self.stops:
            if s > n:
                break
            best = s
        return best

    def before(self, n: int) -> int | None:
        earlier = [s for s in self.stops if s < n]
        return earlier[-1] if earlier else None

    def after(self, n: int) -> int | None:
        return next((s for s in self.stops if s > n), None)

    def round_starts(self) -> list[tuple[int, int]]:
        """(round, the first stop in it), for each round after the start."""
        out, seen = [], None
        for s in self.stops:
            r = self.rounds.get(s)
            if r is not None and r != seen and s > 0:
                out.append((r, s))
            seen = r
        return out


def digest(game: str, players: int, seed: int, options: dict | None, moves) -> str:
    """A log's key: its setup and every (seat, text)."""
    h = hashlib.sha1(f"{game}:{players}:{seed}:{json.dumps(options, sort_keys=True)}".encode())
    for seat, text in moves:
        h.update(f"\n{seat} {text}".encode())
    return h.hexdigest()


def build(engine: Game, players: int, seed: int, options: dict | None, moves: list[MoveRecord]) -> Index:
    """The log's index: one replay of every move (a move that no longer plays raises
    :class:`bot.table.history.ReplayError`)."""
    listed = history.shown([(m.seat, m.kind) for m in moves])
    stops = [0] + [m.n for m, show in zip(moves, listed) if show]
    state = engine.setup(players, seed, options)
    index = Index(stops, {0: engine.view(state, None).get("round")}, {0: copy_state(engine, state)})
    wanted = set(stops)
    for i, m in enumerate(moves, start=1):
        try:
            engine.play(state, int(m.seat), m.text, atomic=False)
        except Exception as err:
            raise history.ReplayError(i, m.text, str(err) or type(err).__name__) from err
        if i in wanted:
            index.rounds[i] = engine.view(state, None).get("round")
        if i % CHECKPOINT == 0:
            index.checkpoints[i] = copy_state(engine, state)
    return index


def state_at(engine: Game, index: Index, moves: list[MoveRecord], n: int) -> tuple[Any, list]:
    """The state after move ``n`` and the events of move ``n`` (none at 0), replayed from the
    checkpoint below it."""
    base = max(k for k in index.checkpoints if k <= max(0, n - 1))
    state = copy_state(engine, index.checkpoints[base])
    events: list = []
    for i in range(base, n):
        m = moves[i]
        events = engine.play(state, int(m.seat), m.text, atomic=False)
    return state, events


class Replays:
    """The indexes of the logs looked at last (one per process: :data:`REPLAYS`)."""

    def __init__(self, keep: int = KEEP):
        self.keep = keep
        self._kept: OrderedDict[str, Index] = OrderedDict()
        self.built = 0  # indexes built (a test counts them)

    async def index(self, engine: Game, record: GameRecord, players: int, moves: list[MoveRecord]) -> Index:
        options = engine.log_options(record.options, record.engine_version)
        key = digest(record.game, players, record.seed, options, [(m.seat, m.text) for m in moves])
        found = self._kept.get(key)
        if found is None:
            found = await asyncio.to_thread(build, engine, players, record.seed, options, moves)
            self.built += 1
            self._kept[key] = found
            while len(self._kept) > self.keep:
                self._kept.popitem(last=False)
        self._kept.move_to_end(key)
        return found


def _what(events: list, names: list[str], locale: str):
    """What a move did, from its events' public texts (a private text is never read here)."""
    parts = [said(e.msg, e.text, names, locale) for e in events if e.text]
    return joined(parts, "join.sentences", locale) if parts else None


#: the process's indexes
REPLAYS = Replays()


async def replay(store, locale: str, record: GameRecord | None, n: int | None = None,
                 replays: Replays = REPLAYS) -> Reply:
    """The replay of ``record``'s game at move ``n`` (None: its last), for the caller alone."""
    if record is None or record.status == "open" or record.game not in games.ENGINES:
        return refusal(t("records.replay.none", locale))
    engine = games.get(record.game)
    seats: list[SeatRecord] = await store.seats(record.id)
    moves: list[MoveRecord] = await store.moves(record.id)
    names = [s.display_name for s in seats]
    try:
        index = await replays.index(engine, record, len(seats), moves)
    except history.ReplayError as err:
        return refusal(t("records.replay.broken", locale, id=record.id, n=err.n))
    last = index.stops[-1]
    n = index.near(last if n is None else n)
    state, events = await asyncio.to_thread(state_at, engine, index, moves, n)
    names = holders.names_at(await holders.read(store, record.id), names, n)  # who held each seat at move n
    view = engine.view(state, None)
    head = [t("records.replay.head", locale, id=record.id, game=title(record.game), n=n, total=last)]
    if index.rounds.get(n) is not None:
        head.append(t("records.replay.round", locale, round=index.rounds[n]))
    if record.status == "running":
        head.append(t("records.replay.running", locale))
    lines = [joined(head, "join.dot", locale)]
    if n == 0:
        lines.append(t("records.replay.start", locale))
    else:
        m = moves[n - 1]
        name = names[m.seat] if m.seat < len(names) else f"Seat {m.seat}"
        lines.append(t("records.replay.move", locale, n=n, name=name,
                       what=_what(events, names, locale) or t("records.replay.moved", locale, name=name)))
    if n == last and record.status != "running":
        lines += await archive.card_lines(store, locale, record, engine)
    png = await render_pool.draw(record.game, view, names, locale=locale)
    return Reply(private=Post(lines, png=png, filename=f"replay-{record.id}-{n}.png",
                              buttons=_buttons(record.id, index, n, locale), menu=_menu(record.id, index, locale)),
                 game_id=record.id)


def _buttons(game_id: int, index: Index, n: int, locale: str) -> list[Button]:
    """⏮ ◀ ▶ ⏭: each leads to a stop; the ones that would not move are left out."""
    first, last = index.stops[0], index.stops[-1]
    out = []
    for tag, target, key in (("f", first, "records.replay.first"), ("p", index.before(n), "records.replay.prev"),
                             ("n", index.after(n), "records.replay.next"), ("l", last, "records.replay.last")):
        if target is not None and target != n:
            out.append(Button("replay", (game_id, target, tag), t(key, locale)))
    return out


def _menu(game_id: int, index: Index, locale: str) -> Menu | None:
    """The jump menu: the start, each round's first move, the end (at most 25: rounds thinned)."""
    starts = index.round_starts()
    room = MENU_MAX - 2
    if len(starts) > room:
        step = -(-len(starts) // room)
        starts = starts[::step]
    options = [(t("records.replay.jump_start", locale), "0")]
    options += [(t("records.replay.jump_round", locale, round=r, n=s), str(s)) for r, s in starts]
    last = index.stops[-1]
    if last > 0:
        options.append((t("records.replay.jump_end", locale, n=last), str(last)))
    seen, unique = set(), []
    for label, value in options:  # a value once (the end may be a round's first move)
        if value not in seen:
            seen.add(value)
            unique.append((label, value))
    return Menu("replay_jump", (game_id,), t("records.replay.jump", locale), tuple(unique)) if len(unique) > 1 else None
