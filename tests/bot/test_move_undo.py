"""A move is played on the table's own state, in place, with no backup of its own (issue 33 goal 1):
a refused move, a move whose write failed, and a move cancelled while written put the state back
from the table's undo token and the moves committed since (``tables.Since``). Over every title,
random refused moves and failed writes at random points of a game played through the real session
layer on a real SQLite file: after each, the table's state equals, field for field and byte for
byte (``marshal`` without references: tuples apart from lists, int keys apart from str ones, the
keys' order), the same moves replayed from the game's start; and the state before a move built
again (what ``one_seat_less`` asks for) equals the state as it was.
"""

from __future__ import annotations

import asyncio
import marshal
import random

import pytest

import games
from bot.store import Conflict, SqliteStore, StoreUnavailable
from bot.table import playing
from bot.table.sessions import Actor, SessionManager
from bot.table.tables import Stored
from bot.table.timers import ManualClock
from games.core.playout import expand
from tests.harness.client import START

PEOPLE = [Actor(100 + i, f"P{i}") for i in range(6)]
CHANNEL = 40
#: moves a game plays at most here: past three tokens' worth of gaps, short of most games' end
MOVES = 3 * playing.SINCE_MOST + 20


def exact(value) -> bytes:
    """``value``'s bytes: marshal version 2 (no back references: the bytes do not depend on who
    else holds a part of it)."""
    return marshal.dumps(value, 2)


def differences(state, replayed) -> list[str]:
    """The fields of ``state`` that differ from ``replayed``'s (a dict state's keys in order, or an
    object's attributes); [] when the two are the same byte for byte."""
    if exact(state) == exact(replayed):
        return []
    a = state if isinstance(state, dict) else vars(state)
    b = replayed if isinstance(replayed, dict) else vars(replayed)
    if list(a) != list(b):
        return [f"keys {list(a)} != {list(b)}"]
    return [k for k in a if exact(a[k]) != exact(b[k])] or ["(the whole state)"]


def wrong_texts(engine, state, seat: int, played: list[str], rnd: random.Random) -> list[str]:
    """Texts ``seat`` may try that are mostly refused, many after the engine started applying them
    (Terra Mystica, West of Africa): moves played earlier in the game, one with a word changed,
    and another waited-for seat's legal move."""
    out = rnd.sample(played, min(2, len(played)))
    if out:
        words = out[0].split()
        words[-1] = rnd.choice(["9", "0", "x", words[0], "99 99"])
        out.append(" ".join(words))
    others = [s for s in engine.to_move(state) if s != seat]
    if others:
        try:
            out.append(expand(engine, state, rnd.choice(others), "", rnd))
        except Exception:  # no move listed for that seat now
            pass
    return out or ["nothing such"]


class Failing:
    """The store's ``append_move`` failing on cue, as a full disk, a process that moved the game
    on, or a cancelled task would: nothing written."""

    def __init__(self, append):
        self.append, self.next = append, None

    async def __call__(self, *args, **kw):
        how, self.next = self.next, None
        if how == "full":
            raise StoreUnavailable("full", "no space left on device")
        if how == "conflict":
            raise Conflict("the game moved on")
        if how == "cancel":
            raise asyncio.CancelledError()
        return await self.append(*args, **kw)


async def _play(game_id: str, seed: int, tmp_path) -> dict[str, int]:
    rnd = random.Random(seed)
    engine = games.get(game_id)
    players = rnd.randint(engine.min_players, min(engine.max_players, len(PEOPLE)))
    store = await SqliteStore.open(tmp_path / f"{game_id}-{seed}.sqlite3")
    sessions = SessionManager(store, clock=ManualClock(START), seed_source=lambda: seed, render=False)
    await sessions.load_all()
    assert (await sessions.create(CHANNEL, PEOPLE[0], game_id, PEOPLE[1:players], None)).ok
    assert (await sessions.start(CHANNEL, PEOPLE[0])).ok
    failing = store.append_move = Failing(store.append_move)
    table = sessions.table(CHANNEL)
    record = table.record
    replayed = engine.setup(players, record.seed, engine.log_options(record.options, record.engine_version))
    played: list[str] = []
    seen = {"refused": 0, "failed": 0, "widest": 0, "rebuilt": 0}

    def check(what: str) -> None:
        live = sessions.table(CHANNEL)
        if live is None:  # the game is over: the table is let go
            assert engine.result(replayed) is not None, f"{game_id}: the table went after {what}"
            return
        assert not differences(live.state, replayed), f"{game_id} after {what}: {differences(live.state, replayed)}"
        if live.since is not None:  # the state before the next move, built again as one_seat_less would
            again = live.since.state(engine, live.state)
            assert exact(again) == exact(replayed), f"{game_id} after {what}: the state built again differs"
            assert again is not live.state
            seen["rebuilt"] += 1

    for _ in range(MOVES):
        table = sessions.table(CHANNEL)
        if table is None or engine.result(table.state) is not None:
            break
        seat = rnd.choice(table.to_move())
        gap = len(table.since.moves) if table.since is not None else 0
        if rnd.random() < 0.4:
            for text in wrong_texts(engine, table.state, seat, played, rnd):
                reply = await sessions.move_as(CHANNEL, seat, text)
                if reply.ok:  # a legal move after all: the replay plays it too
                    engine.play(replayed, seat, " ".join(text.split()))
                    played.append(text)
                else:
                    seen["refused"] += 1
                    seen["widest"] = max(seen["widest"], gap)
                check(f"{text!r} tried by seat {seat}")
                break
            continue
        text = expand(engine, table.state, seat, "", rnd)
        if rnd.random() < 0.25:
            failing.next = rnd.choice(["full", "conflict", "cancel"])
            try:
                reply = await sessions.move_as(CHANNEL, seat, text)
            except asyncio.CancelledError:
                reply = None
            assert reply is None or not reply.ok
            seen["failed"] += 1
            seen["widest"] = max(seen["widest"], gap)
            check(f"{text!r} not written ({failing.next})")
            assert sessions.table(CHANNEL).n == len(played)
        reply = await sessions.move_as(CHANNEL, seat, text)
        assert reply.ok, reply.text
        engine.play(replayed, seat, text)
        played.append(text)
        check(f"{text!r}")
    # and the log the store holds replays from scratch to the same state
    moves = await store.moves(record.id)
    assert [m.text for m in moves] == played
    await store.close()
    return seen


@pytest.mark.parametrize("game_id", games.game_ids())
async def test_a_refused_or_unwritten_move_leaves_the_state_exactly_as_a_replay_from_the_start(game_id, tmp_path):
    seen = {"refused": 0, "failed": 0, "widest": 0, "rebuilt": 0}
    for seed in (1, 2):
        got = await _play(game_id, seed, tmp_path)
        seen = {k: max(v, got[k]) if k == "widest" else v + got[k] for k, v in seen.items()}
    assert seen["refused"] >= 10 and seen["failed"] >= 5, seen  # the test tried what it says
    assert seen["rebuilt"] >= 50, seen
    assert seen["widest"] >= playing.SINCE_MOST // 2, seen  # a refusal far from the last token


async def _thawed_first_moves(game_id: str, tmp_path, monkeypatch) -> None:
    """A table's first move after it was thawed (frozen in memory, or left in the database by a
    restart) takes no undo token: the snapshot JSON its state was just decoded from is the token,
    made only if that move is refused or not written, and then the state is put back exactly."""
    rnd = random.Random(5)
    engine = games.get(game_id)
    path = tmp_path / f"{game_id}-thaw.sqlite3"
    store = await SqliteStore.open(path)
    sessions = SessionManager(store, clock=ManualClock(START), seed_source=lambda: 5, render=False)
    await sessions.load_all()
    players = engine.min_players
    assert (await sessions.create(CHANNEL, PEOPLE[0], game_id, PEOPLE[1:players], None)).ok
    assert (await sessions.start(CHANNEL, PEOPLE[0])).ok
    record = sessions.table(CHANNEL).record
    replayed = engine.setup(players, record.seed, engine.log_options(record.options, record.engine_version))
    tokens = []
    snapshot = type(engine).snapshot
    monkeypatch.setattr(type(engine), "snapshot", lambda self, state: tokens.append(1) or snapshot(self, state))

    async def first_moves(sessions, store) -> None:
        """Refused, then not written, then committed: the first three moves of a thawed table."""
        table = sessions.table(CHANNEL)
        assert table.frozen is not None
        seat = table.to_move()[0]
        reply = await sessions.move_as(CHANNEL, seat, "nothing such 99")
        assert not reply.ok
        assert not differences(sessions.table(CHANNEL).state, replayed), "after a refusal"
        text = expand(engine, table.state, seat, "", rnd)
        failing = store.append_move = Failing(store.append_move)
        failing.next = "full"
        assert not (await sessions.move_as(CHANNEL, seat, text)).ok
        assert not differences(sessions.table(CHANNEL).state, replayed), "after a write that failed"
        assert (await sessions.move_as(CHANNEL, seat, text)).ok
        engine.play(replayed, seat, text)
        assert not differences(sessions.table(CHANNEL).state, replayed), "after the move"
        del store.append_move

    for _ in range(3):  # a few moves, then the table frozen in memory as an idle one is
        table = sessions.table(CHANNEL)
        seat = table.to_move()[0]
        text = expand(engine, table.state, seat, "", rnd)
        assert (await sessions.move_as(CHANNEL, seat, text)).ok
        engine.play(replayed, seat, text)
    await sessions.save_snapshots(idle=0)
    sessions.table(CHANNEL).freeze()
    tokens.clear()
    table = sessions.table(CHANNEL)
    seat = table.to_move()[0]
    text = expand(engine, table.state, seat, "", rnd)  # (thaws it)
    assert (await sessions.move_as(CHANNEL, seat, text)).ok
    assert tokens == [], "the first move after a thaw took an undo token"
    engine.play(replayed, seat, text)
    await sessions.save_snapshots(idle=0)
    sessions.table(CHANNEL).freeze()
    await first_moves(sessions, store)
    # a restart: the table stays in the database until first touched
    await sessions.save_snapshots(idle=0)
    await store.close()
    store = await SqliteStore.open(path)
    sessions = SessionManager(store, clock=ManualClock(START), seed_source=lambda: 5, render=False)
    await sessions.load_all()
    assert isinstance(sessions.table(CHANNEL).frozen, Stored)
    await first_moves(sessions, store)
    await store.close()


@pytest.mark.parametrize("game_id", games.game_ids())
async def test_a_thawed_tables_first_move_takes_no_token_and_is_undone_exactly(game_id, tmp_path, monkeypatch):
    await _thawed_first_moves(game_id, tmp_path, monkeypatch)
