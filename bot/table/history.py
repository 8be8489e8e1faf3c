"""The move log as the table may read it, and the game as it was after move n.

History lines show the PUBLIC summary stored with each move (its events'
public texts), never the logged move text: a secret move ("choose 3 7") is
logged verbatim but the table only ever saw "{p1} is ready". A move whose
events say nothing shows as "moved". :func:`state_at` is the one replay of
the log (restart, undo, the board at move n).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

from games.core import Game
from games.core.notation import is_number

from ..words.i18n import Refusal

PER_PAGE = 15


@dataclass
class HistoryLine:
    n: int
    seat: int
    at: float | None
    text: str
    #: who held the seat then, when it changed hands since (``bot.table.holders``); None: its holder now
    name: str | None = None


class _Names(dict):
    """``{p3}`` for a seat without a name stays readable instead of raising."""

    def __missing__(self, key):
        return f"Seat {key[1:]}" if key.startswith("p") and is_number(key[1:]) else "{" + key + "}"


def names_map(names: list[str] | None, players: int) -> dict:
    names = list(names or [])
    return _Names({f"p{i}": (names[i] if i < len(names) else f"Seat {i}") for i in range(players)})


def shown(moves) -> list[bool]:
    """Which logged moves the table's history lists. ``moves``: ``(seat, kind)`` per move.

    Within a secret step (a run of moves of kind ``"secret"``) only each seat's
    latest move is listed: how many secret moves a seat made (Altiplano
    planning placements) is itself hidden until the reveal.
    """
    show = [True] * len(moves)
    latest: dict[int, int] = {}
    for i, (seat, kind) in enumerate(moves):
        if kind != "secret":
            latest = {}
            continue
        if seat in latest:
            show[latest[seat]] = False
        latest[seat] = i
    return show


def public_count(kinds) -> int:
    """How many logged moves the table may count: a secret step not yet revealed (the run of
    ``"secret"`` moves at the log's end, Altiplano's planning) is not, since how many secret moves
    a seat made is itself hidden."""
    kinds = list(kinds)
    k = len(kinds)
    while k and kinds[k - 1] == "secret":
        k -= 1
    return k


def row_numbers(kinds) -> list[int]:
    """Each logged move's number in the history: its own, except in a secret step not yet revealed,
    whose rows all show the step's first number."""
    kinds = list(kinds)
    public = public_count(kinds)
    return [i + 1 if i < public else public + 1 for i in range(len(kinds))]


def page(all_lines: list[HistoryLine], number: int, per_page: int = PER_PAGE) -> tuple[list[HistoryLine], int, int]:
    """Page ``number`` (1-based; 0 or less = the last page). Returns (lines, page, pages)."""
    pages = max(1, -(-len(all_lines) // per_page))
    number = pages if number <= 0 else min(number, pages)
    start = (number - 1) * per_page
    return all_lines[start:start + per_page], number, pages


def row_head(line: HistoryLine, names: dict):
    """``#12 · Ann · <t:…:f> — `` (the start of a history row; the date a Discord timestamp)."""
    from ..words.i18n import joined

    head = f"#{line.n} · {line.name or names[f'p{line.seat}']}"
    if line.at is None:
        return head + " — "
    return joined([head + " · ", stamp(line.at), " — "], "join.concat")


def stamp(at: float, style: str = "f") -> str:
    """A moment as a Discord timestamp: each reader's client shows it in their own time zone and
    language (``f``: "2 January 2026 09:05", ``R``: "in 3 hours", ``F``: with the weekday)."""
    return f"<t:{int(at)}:{style}>"


def moment(at: float) -> str:
    """A date in the future (a deadline, the end of a pause): "<date> (<in 3 days>)"."""
    return f"{stamp(at)} ({stamp(at, 'R')})"


def when(at: float):
    """``3 Nov 14:05 UTC`` (``11月3日 14:05（UTC）``): a moment worded per reader."""
    from ..words.i18n import t

    moment = datetime.fromtimestamp(at, UTC)
    return t("history.when", day=moment.day, mon=t(f"month.{moment.month}"), time=moment.strftime("%H:%M"))


def format_page(all_lines: list[HistoryLine], number: int, names: list[str] | None, players: int,
                per_page: int = PER_PAGE, title: str = "Moves, page {page}/{pages}:",
                empty: str = "No moves yet.") -> str:
    """A Discord-ready block: ``#12 · Ann · 3 Nov 14:05 — Ann builds E5``."""
    chunk, number, pages = page(all_lines, number, per_page)
    table = names_map(names, players)
    if not chunk:
        return empty
    rows = [title.format(page=number, pages=pages)]
    for line in chunk:
        when = _when(line.at)
        rows.append(f"#{line.n} · {table[f'p{line.seat}']}" + (f" · {when}" if when else "") + f" — {line.text}")
    return "\n".join(rows)


class ReplayError(ValueError):
    """Logged move ``n`` (1-based) no longer plays: ``reason`` says why."""

    def __init__(self, n: int, text: str, reason: str):
        self.n, self.text, self.reason = n, text, reason
        super().__init__(f"move {n} ({text!r}) no longer replays: {reason}")


def state_at(game: Game, players: int, seed: int, options: dict | None, moves, n: int, start=None):
    """The state after the first ``n`` moves (0 = the start). ``moves``: (seat, text[, at]).

    ``start``: an optional ``(k, state)`` checkpoint (the state after move k, not shared) to replay from.
    """
    moves = list(moves)
    if not 0 <= n <= len(moves):
        raise Refusal("history.err.range", n=len(moves))
    k, state = start if start is not None and start[0] <= n else (0, game.setup(players, seed, options))
    for i, (seat, text, *_) in enumerate(moves[k:n], start=k + 1):
        try:  # a logged move was accepted once: no per-move backup (a refusal discards the state)
            game.play(state, int(seat), text, atomic=False)
        except Exception as err:
            raise ReplayError(i, text, str(err) or type(err).__name__) from err
    return state


#: ``/game board move:n`` keeps the state every this many moves, so the next look replays at most this many
CHECKPOINT_EVERY = 25


class Checkpoints:
    """States at every ``CHECKPOINT_EVERY`` moves of recently viewed logs, keyed by the log's prefix
    (a digest of its moves), so an undo that changed the log never reuses a stale state."""

    def __init__(self, keep: int = 2000):
        from collections import OrderedDict

        self.keep = keep
        self._states: OrderedDict[bytes, str] = OrderedDict()

    def state_at(self, game: Game, players: int, seed: int, options: dict | None, moves, n: int):
        import hashlib
        import json

        moves = list(moves)
        if not 0 <= n <= len(moves):
            raise Refusal("history.err.range", n=len(moves))
        digest = hashlib.sha1(f"{game.id}:{players}:{seed}:{json.dumps(options, sort_keys=True)}".encode())
        keys: dict[int, bytes] = {}
        for k in range(0, n + 1):
            if k and k % CHECKPOINT_EVERY == 0:
                keys[k] = digest.digest()
            if k < n:
                seat, text, *_ = moves[k]
                digest.update(f"\n{seat} {text}".encode())
        start = None
        for k in sorted(keys, reverse=True):
            if keys[k] in self._states:
                self._states.move_to_end(keys[k])
                start = (k, game.load(json.loads(self._states[keys[k]])))
                break
        k0, state = start if start is not None else (0, game.setup(players, seed, options))
        for i in range(k0, n):
            seat, text, *_ = moves[i]
            try:
                game.play(state, int(seat), text, atomic=False)
            except Exception as err:
                raise ReplayError(i + 1, text, str(err) or type(err).__name__) from err
            if i + 1 in keys and keys[i + 1] not in self._states:
                self._states[keys[i + 1]] = game.to_json_text(state)
                while len(self._states) > self.keep:
                    self._states.popitem(last=False)
        return state


def public_view_at(game: Game, players: int, seed: int, options: dict | None, moves, n: int) -> dict:
    """What the table could see after move ``n``: the input of the board renderer."""
    return game.view(state_at(game, players, seed, options, moves, n), None)


def _when(at: float | None) -> str:
    if at is None:
        return ""
    return datetime.fromtimestamp(at, UTC).strftime("%d %b %H:%M UTC")
