"""Real games through the real session layer on a real database, for the storage tests."""

from __future__ import annotations

import json
import logging
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import games
from bot.store import SqliteStore
from bot.table.sessions import Actor, SessionManager
from games.core.playout import expand

PLAYERS = [Actor(100 + i, f"P{i}") for i in range(4)]


async def open_sessions(path, **kw) -> SessionManager:
    store = await SqliteStore.open(path, **kw)
    sessions = SessionManager(store, seed_source=lambda: 5, render=False)
    await sessions.load_all()
    return sessions


async def new_game(sessions: SessionManager, channel: int, game: str = "west-of-africa", players: int = 2,
                   guild_id: int = 1):
    made = await sessions.create(channel, PLAYERS[0], game, PLAYERS[1:players], None, guild_id=guild_id)
    assert made.ok, made.text
    started = await sessions.start(channel, PLAYERS[0])
    assert started.ok, started.text
    return made.game_id


def random_move(table, rnd: random.Random) -> tuple[int, str]:
    """A waited-for seat and one random legal move of it."""
    seat = rnd.choice(sorted(table.to_move()))
    return seat, expand(table.engine, table.state, seat, "", rnd)


async def play(sessions: SessionManager, channel: int, count: int, seed: int = 1) -> int:
    """``count`` random legal moves (fewer if the game ends); returns how many were played."""
    rnd = random.Random(seed)
    done = 0
    for _ in range(count):
        table = sessions.table(channel)
        if table is None or table.state is None:
            break
        seat, move = random_move(table, rnd)
        reply = await sessions.move_as(channel, seat, move)
        assert reply.ok, reply.text
        done += 1
    return done


def replays_to_snapshot(con, game_id: int) -> bool:
    """The game's move log replays from the start, and its first ``n`` moves give exactly the stored
    snapshot (taken after move ``n``: a cache written every few moves, the log is the truth)."""
    game, seats, seed, options = con.execute(
        "SELECT g.game, (SELECT COUNT(*) FROM seats s WHERE s.game_id = g.id), g.seed, g.options"
        " FROM games g WHERE g.id = ?", (game_id,)).fetchone()
    import json

    engine = games.get(game)
    state = engine.setup(seats, seed, json.loads(options))
    moves = con.execute("SELECT n, seat, text FROM moves WHERE game_id = ? ORDER BY n", (game_id,)).fetchall()
    assert [m[0] for m in moves] == list(range(1, len(moves) + 1)), "gaps in the move numbers"
    n, snap = con.execute("SELECT n, state FROM snapshots WHERE game_id = ?", (game_id,)).fetchone()
    at_snapshot = engine.to_json_text(state) if n == 0 else None
    for k, seat, text in moves:
        engine.play(state, seat, text)
        if k == n:
            at_snapshot = engine.to_json_text(state)
    return n <= len(moves) and json.loads(snap) == json.loads(at_snapshot)


def reports(procs: list[subprocess.Popen], timeout: float = 120) -> list[dict]:
    """Wait for test processes started side by side; each must succeed and end with one JSON line."""
    out = []
    for p in procs:
        try:
            stdout, stderr = p.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:  # say what it was doing, not only that it took too long
            p.kill()
            stdout, stderr = p.communicate()
            raise AssertionError(f"{p.args[2:]} still running after {timeout} s; its stderr: {stderr[-3000:]}") from None
        assert p.returncode == 0, stderr[-3000:]
        out.append(json.loads(stdout.strip().splitlines()[-1]))
    return out


ROOT = Path(__file__).resolve().parents[2]


def confirmed_until_killed(db: str, after: int, seconds: float = 60, pbp: bool = False) -> list[list[str]]:
    """Runs ``tests.store.killed`` on ``db`` (a file or a postgresql:// URL; ``pbp``: with the
    play-by-post layer on), SIGKILLs it once it confirmed ``after`` moves (or ``seconds``
    passed), and returns every ``[game, n, text]`` it confirmed, the lines still in the pipe included."""
    proc = subprocess.Popen([sys.executable, "-m", "tests.store.killed", db, *(["--pbp"] if pbp else [])], cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    confirmed = []
    deadline = time.monotonic() + seconds
    try:
        assert proc.stdout.readline().strip() == "ready"
        while len(confirmed) < after and time.monotonic() < deadline:
            line = proc.stdout.readline()
            if not line:
                break
            confirmed.append(line.rstrip("\n").split(" ", 2))
    finally:
        proc.send_signal(signal.SIGKILL)  # no cleanup, no close: as if the process died
        proc.wait()
    confirmed += [line.split(" ", 2) for line in proc.stdout.read().splitlines() if line.count(" ") >= 2]
    proc.stdout.close()
    proc.stderr.close()
    assert len(confirmed) >= after, "the killed process confirmed too few moves to test"
    return confirmed


async def a_step_fails_once(sessions: SessionManager, pbp, gid: int, inside, monkeypatch, caplog) -> None:
    """Plays one move of table 10 whose play-by-post step fails the first time (after queueing an
    end of the waits it must undo), and checks the move stands, the failure is logged, and the step
    ran twice: first where ``inside()`` says (in the move's write), then again after the commit."""
    real = pbp._sync
    calls: list[bool] = []

    def sync(table, *args, **kw):
        calls.append(bool(inside()) and not calls)
        if len(calls) == 1:
            pbp.rows.end_waits(gid)  # written, then undone with the step alone
            raise ValueError("the step fails once")
        return real(table, *args, **kw)

    monkeypatch.setattr(pbp, "_sync", sync)
    table = sessions.table(10)
    seat, move = random_move(table, random.Random(2))
    n = table.n + 1
    with caplog.at_level(logging.ERROR):
        reply = await sessions.move_as(10, seat, move)
    assert reply.ok and reply.n == n
    assert [m.text for m in await sessions.store.moves(gid)][-1] == move  # the move stands
    assert "the step after a move failed" in caplog.text
    assert len(calls) == 2 and calls[0]  # in the move's write, then again after its commit
