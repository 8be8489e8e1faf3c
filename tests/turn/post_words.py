"""Every word a move's posts carry, over random games of every title, as text: the record
``test_post_words.py`` compares with the one kept in ``tests/fixtures/post_words/``.

What is recorded, move by move, the table in English and in Chinese: each post of the reply
(the step, the private answer, the public post) with its lines as worded, each line's message
(what a reader of another language gets it worded from), who is up and who is asked what, the
buttons, whether it is minor; and the turn's steps and the outbox row the move writes. Regenerate
(after a change meant to change what players read) with

    .venv/bin/python -m tests.turn.post_words

and read the diff before committing it.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import random
import tempfile
from pathlib import Path

import games
from bot.store import SqliteStore
from bot.table.posts import line_json
from bot.table.sessions import Actor, SessionManager
from games.core.playout import expand

HERE = Path(__file__).resolve().parent.parent / "fixtures" / "post_words"
PEOPLE = [Actor(100 + i, f"P{i}") for i in range(4)]

LOCALES = ("en", "zh-TW")
#: moves recorded a game: a few turns of every kind (steps, turn ends, secret steps, minor lines)
MOVES = 40

#: what a turn adds to a board's view (its words and steps), beside the engine's own view
TURN_KEYS = ("turn_text", "turn_steps")


def as_drawn(view: dict) -> dict:
    """``view`` as a render worker gets it (its JSON round trip)."""
    return json.loads(json.dumps(view, default=str))


async def started(sessions: SessionManager, game_id: str) -> tuple:
    """``game_id`` loaded, created and started at channel 1 by PEOPLE (three, or fewer where the
    title allows fewer): its engine and how many play. The tests that watch a game's posts share it."""
    await sessions.load_all()
    engine = games.get(game_id)
    players = min(engine.max_players, 3)
    assert (await sessions.create(1, PEOPLE[0], game_id, PEOPLE[1:players], None)).ok
    assert (await sessions.start(1, PEOPLE[0])).ok
    return engine, players


def next_move(sessions: SessionManager, engine, rnd: random.Random) -> tuple[int, str] | None:
    """A random legal move at channel 1's table, (seat, text), chosen before it is played; None once
    the game is over (the table gone)."""
    table = sessions.table(1)
    if table is None:
        return None
    seat = rnd.choice(table.to_move())
    return seat, expand(engine, table.state, seat, "", rnd)


def path_for(game_id: str, locale: str) -> Path:
    return HERE / f"{game_id}-{locale}.txt"


def digest(text: str | None) -> str:
    return "-" if text is None else f"{hashlib.sha1(text.encode()).hexdigest()[:12]} ({len(text)} chars)"


def _line(line) -> str:
    return json.dumps(line_json(line), ensure_ascii=False, sort_keys=True)


def post_lines(name: str, post) -> list[str]:
    """One post as text lines: its words and every message behind them."""
    if post is None:
        return []
    out = [f"  {name}{' (minor)' if post.minor else ''}:"]
    out += [f"    line {_line(x)}" for x in post.lines]
    out += [f"    up {list(post.up)}"] if post.up else []
    out += [f"    ask {[list(w) for w in who]} {_line(what)}" for who, what in post.asks]
    out += [f"    button {b.action} {list(b.args)} {_line(b.label)} {b.style}" for b in post.buttons]
    return out


async def record(game_id: str, locale: str, tmp: Path, moves: int = MOVES) -> list[str]:
    """The words of ``moves`` random moves of ``game_id`` (three players, or its most), the table
    worded in ``locale``."""
    store = await SqliteStore.open(tmp / f"{game_id}-{locale}.sqlite3")
    sessions = SessionManager(store, seed_source=lambda: 3, render=False, locale=locale)
    sessions.owe = True  # the outbox row is written with the move: recorded too
    written: list[dict] = []
    append = store.append_move

    async def kept(*args, **kw):
        written.append({"steps": kw.get("turn_steps"), "owed": kw.get("owed")})
        return await append(*args, **kw)

    store.append_move = kept
    engine, players = await started(sessions, game_id)
    rnd = random.Random(7)
    out = [f"# {game_id}, {players} players, the table in {locale}"]
    for n in range(1, moves + 1):
        if (move := next_move(sessions, engine, rnd)) is None:
            break
        seat, text = move
        written.clear()
        reply = await sessions.move_as(1, seat, text)
        assert reply.ok, reply.text
        out.append(f"{n}. seat {seat}: {text}")
        for name in ("step", "private", "public"):
            out += post_lines(name, getattr(reply, name))
        for row in written:  # the texts the store keeps, by digest (their words are in the lines above)
            out.append(f"  steps {digest(row['steps'])}, owed {digest(row['owed'])}")
    await store.close()
    return out


async def record_all() -> None:
    HERE.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        for game_id in games.game_ids():
            for locale in LOCALES:
                lines = await record(game_id, locale, Path(tmp))
                path_for(game_id, locale).write_text("\n".join(lines) + "\n", encoding="utf-8")
                print(f"{path_for(game_id, locale).name}: {len(lines)} lines")


if __name__ == "__main__":
    asyncio.run(record_all())
