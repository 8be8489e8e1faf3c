"""Whole games through the real session layer, for the records tests."""

from __future__ import annotations

import copy
import random
from datetime import UTC, datetime, timedelta

from bot.store import open_store
from bot.table.sessions import Actor, SessionManager
from games.core.playout import expand

T0 = datetime(2026, 3, 1, 12, tzinfo=UTC)
PEOPLE = [Actor(100 + i, f"P{i}") for i in range(6)]


class Clock:
    """Every look at the clock is a minute later: games end in the order they are played."""

    def __init__(self, start: datetime = T0):
        self.t = start

    def now(self) -> datetime:
        self.t += timedelta(minutes=1)
        return self.t


async def sessions_on(backend: dict, clock: Clock | None = None, seed: int = 7) -> SessionManager:
    store = await open_store(**backend)
    sessions = SessionManager(store, clock=clock or Clock(), seed_source=lambda: seed, render=False)
    await sessions.load_all()
    return sessions


async def open_table(sessions: SessionManager, channel: int, people: list[Actor], game: str = "west-of-africa",
                     bots: int = 0, options=None, guild: int | None = 1, rated: bool = True) -> int:
    made = await sessions.create(channel, people[0], game, people[1:], options, guild_id=guild, bots=bots,
                                 rated=rated)
    assert made.ok, made.text
    started = await sessions.start(channel, people[0])
    assert started.ok, started.text
    return made.game_id


def final_move(table, rnd: random.Random) -> tuple[int, str, bool]:
    """A random legal move of a waited-for seat, and whether it ends the game."""
    seat = rnd.choice(sorted(table.to_move()))
    move = expand(table.engine, table.state, seat, "", rnd)
    trial = copy.deepcopy(table.state)
    table.engine.play(trial, seat, move)
    return seat, move, table.engine.result(trial) is not None


async def play_until_last(sessions: SessionManager, channel: int, seed: int = 1) -> tuple[int, str]:
    """Random moves until the next one would end the game; returns that (seat, move), not played."""
    rnd = random.Random(seed)
    while True:
        table = sessions.table(channel)
        seat, move, ends = final_move(table, rnd)
        if ends:
            return seat, move
        reply = await sessions.move_as(channel, seat, move)
        assert reply.ok, reply.text


async def play_out(sessions: SessionManager, channel: int, seed: int = 1) -> None:
    """Random moves to the end of the channel's game."""
    seat, move = await play_until_last(sessions, channel, seed)
    reply = await sessions.move_as(channel, seat, move)
    assert reply.ok and reply.result is not None, reply.text


async def finished(sessions: SessionManager, channel: int, people: list[Actor], seed: int = 1, **kw) -> int:
    gid = await open_table(sessions, channel, people, **kw)
    await play_out(sessions, channel, seed)
    return gid
