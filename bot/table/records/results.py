"""A game's results rows: one per seat, built when the game ends (or from its replayed log).

Pure: the engine's final state (or the state when it stopped), the game's record and seats,
and the log's times in; :class:`bot.store.records.ResultRow` out. What a seat's *role* is
(a faction, a colour, the character it drew) is game data: the field of the public view's player
entry its plug names (``ROLE_FIELD``, beside ``ROLE_KEY``).
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from games.core import Game

from ...store.records import GameRecord, ResultRow, SeatRecord
from ..games import plug

#: how a game ended: played to its end, stopped by its creator or an admin, or closed by the
#: bot after it stalled for days (play-by-post's archive)
FINISHED, ABORTED, ABANDONED = "finished", "aborted", "abandoned"


def roles(engine: Game, state: Any, players: int) -> list[str | None]:
    """Each seat's role (None where the game has none, or it was not chosen yet)."""
    field = getattr(plug(engine.id), "ROLE_FIELD", None)
    if field is None or state is None:
        return [None] * players
    entries = engine.view(state, None).get("players") or []
    found = [entries[s].get(field) if s < len(entries) and isinstance(entries[s], dict) else None
             for s in range(players)]
    return [str(value) if value else None for value in found]


def waited(times: list[tuple[int, str]], started_at: str | None, players: int) -> tuple[list[int], list[float]]:
    """Per seat: its moves, and the seconds the table waited on it (from the move before, or the
    start, to its move; a move at the same instant as the one before counts none)."""
    moves, seconds = [0] * players, [0.0] * players
    last = datetime.fromisoformat(started_at) if started_at else None
    for seat, at in times:
        when = datetime.fromisoformat(at)
        if 0 <= seat < players:
            moves[seat] += 1
            if last is not None:
                seconds[seat] += max(0.0, (when - last).total_seconds())
        last = when
    return moves, [round(s, 3) for s in seconds]


def build(engine: Game, state: Any, record: GameRecord, seats: list[SeatRecord], times: list[tuple[int, str]],
          ended: str, ended_at: str, dropped: set[int] | frozenset = frozenset()) -> list[ResultRow]:
    """The game's rows. ``state``: the final one (or where an aborted game stopped); ``times``:
    (seat, at) of every move in order, the last one included; ``dropped``: seats handed to a
    bot before the end. ``rated`` is set on the rows a rating may count (people at a
    finished, rated table nobody left); whether they do is the rating's business."""
    players = len(seats)
    result = engine.result(state) if state is not None and ended == FINISHED else None
    places = result.places() if result is not None else [None] * players
    role = roles(engine, state, players)
    seat_moves, seconds = waited(times, record.started_at, players)  # unknown start: the first wait uncounted
    rateable = ended == FINISHED and record.rated and not dropped
    rows = []
    for s, seat in enumerate(seats):
        rows.append(ResultRow(
            game_id=record.id, seat=s, guild_id=record.guild_id, game=record.game, user_id=seat.user_id,
            display_name=seat.display_name, role=role[s],
            score=result.scores[s] if result is not None else None,
            breakdown=dict(result.breakdown[s]) if result is not None and s < len(result.breakdown) else {},
            rank=places[s], ended=ended, left_early=s in dropped, rated=rateable and seat.user_id >= 0,
            players=players, options=dict(record.options), started_at=record.started_at,
            ended_at=ended_at, moves=len(times), seat_moves=seat_moves[s], seconds=seconds[s],
            engine_version=record.engine_version))
    return rows
