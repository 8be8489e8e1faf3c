"""Hidden information never reaches the table: not in a move line, an undo line, the
history, a notice, a status, nor a public image (drawn from the public view only).

Played with the real games that have secrets (West of Africa's card choice,
Altiplano's planning and missions, Bruges' drawn cards), random moves through
the session layer and the play-by-post service on a real SQLite file.
"""

from __future__ import annotations

import contextlib
import json
import random

import pytest

import games
import renderers
from bot.table import history
from bot.table.sessions import Actor
from bot.table.timers import ManualClock
from games.core import Event, Game, standings
from games.core.playout import expand

from .conftest import START, FakeNotifier, World

CHANNEL = 77
SECRET_GAMES = [("west-of-africa", 3, 60, None), ("altiplano", 2, 80, None), ("altiplano", 3, 80, "missions=true"),
                ("bruges", 3, 60, None)]


@contextlib.asynccontextmanager
async def started(db, game_id: str, names: list[str], options: str | None = None):
    """A started game of ``game_id`` in CHANNEL on a fresh world; yields (world, actors)."""
    world = await World(db, ManualClock(START), FakeNotifier()).open()
    try:
        actors = [Actor(i + 1, name) for i, name in enumerate(names)]
        assert (await world.sessions.create(CHANNEL, actors[0], game_id, actors[1:], options, guild_id=1)).ok
        assert (await world.sessions.start(CHANNEL, actors[0])).ok
        yield world, actors
    finally:
        await world.close()


#: what the session adds to a public view for the turn image: the turn's public lines (checked for leaks)
TURN_KEYS = ("turn_text", "turn_steps")


def _spy_on_images(monkeypatch, world: World) -> list[tuple[dict, int | None]]:
    """Record every view handed to a renderer; check public ones equal the public view
    (besides the turn's own lines, which the leak check reads as public text)."""
    drawn = []

    def fake_render(game_id, view, names, seat=None, **_):
        table = world.sessions.table(CHANNEL)
        if seat is None and table is not None and table.state is not None:
            bare = {k: v for k, v in view.items() if k not in TURN_KEYS}
            assert bare == table.engine.view(table.state, None), "a public image drawn from a private view"
        drawn.append((view, seat))
        return b"\x89PNG fake"

    monkeypatch.setattr(renderers, "render_png", fake_render)
    return drawn


@pytest.mark.parametrize("game_id,players,count,options", SECRET_GAMES)
async def test_secrets_stay_out_of_every_public_path(game_id, players, count, options, pbp_db, monkeypatch):
    names = [f"Player{i}" for i in range(players)]
    async with started(pbp_db, game_id, names, options) as (world, actors):
        drawn = _spy_on_images(monkeypatch, world)
        sessions = world.sessions
        game = sessions.table(CHANNEL).record.id
        engine = games.get(game_id)
        rnd = random.Random(5)
        public: list[str] = []
        secrets: set[str] = set()
        secret_moves = 0
        for i in range(count):
            table = sessions.table(CHANNEL)
            if table is None:
                break
            seat = rnd.choice(table.to_move())
            move = expand(engine, table.state, seat, "", rnd)
            reply = await sessions.move(CHANNEL, actors[seat], move)
            assert reply.ok, reply.text
            if reply.private:
                secrets.update(line.split(": ", 1)[-1] for line in reply.private.lines)
            if reply.public:
                public.append(reply.public.text)
            if reply.ready is not None:  # a secret (or revealing) move: its text is the secret
                secret_moves += 1
                secrets.add(f"`{move}`")
                if len(move.split()) > 1:
                    secrets.add(move)
                if i % 3 == 0 and sessions.table(CHANNEL) is not None:
                    # take it back (the console's undo; then the table's /undo) and play it again
                    public.append((await sessions.undo(CHANNEL)).text)
                    assert (await sessions.move(CHANNEL, actors[seat], move)).ok
                    played = table.n
                    asked = await world.pbp.request_undo(CHANNEL, actors[seat].user_id)
                    if asked.public:
                        public.append(asked.public.text)
                    if table.n < played:  # taken back freely: play it once more
                        assert (await sessions.move(CHANNEL, actors[seat], move)).ok
            world.clock.advance(60)
        assert secret_moves or secrets, "the opening kept nothing secret"
        if sessions.table(CHANNEL) is not None:
            public.append((await sessions.status(CHANNEL)).text)
            seen = None
            for number in range(1, 100):  # every page of /game history
                text = (await world.pbp.history(CHANNEL, number)).private or ""
                if text == seen:
                    break
                public.append(text)
                seen = text
        public += world.notifier.texts()
        public += [m.summary for m in await world.store.moves(game)]
        public += [json.dumps([v.get(k) for k in TURN_KEYS], ensure_ascii=False) for v, _ in drawn]
        said = "\n".join(public)
        leaks = sorted(s for s in secrets if s and s in said)
        assert not leaks, f"secret text reached the table: {leaks[:5]}"
        assert any(seat is None for _, seat in drawn)  # public boards were drawn (and checked)


async def test_undo_of_a_secret_move_does_not_repeat_its_text(pbp_db):
    async with started(pbp_db, "west-of-africa", ["Ann", "Bo", "Cy"]) as (world, (_, b, _)):
        sessions = world.sessions
        live = sessions.table(CHANNEL)
        choice = expand(live.engine, live.state, 1, "", random.Random(1))
        chosen = await sessions.move(CHANNEL, b, choice)
        assert chosen.ok and chosen.ready == (1, 3)
        undone = await sessions.undo(CHANNEL)
        assert undone.ok
        assert choice not in undone.text and "Bo" in undone.text and "secret" in undone.text


async def test_history_lists_one_line_per_seat_for_a_secret_step(pbp_db):
    """Altiplano planning takes several secret moves; their number is hidden too."""
    async with started(pbp_db, "altiplano", ["Ann", "Bo"]) as (world, (a, _)):
        sessions = world.sessions
        engine = sessions.table(CHANNEL).engine
        planned = 0
        for _ in range(3):
            plans = engine.legal_moves(sessions.table(CHANNEL).state, 0, "plan ")
            if not plans:
                break
            move = plans[0]
            while move.endswith(" "):
                move = engine.legal_moves(sessions.table(CHANNEL).state, 0, move)[0]
            assert (await sessions.move(CHANNEL, a, move)).ok
            planned += 1
        assert planned >= 2
        text = (await world.pbp.history(CHANNEL, 0)).private
        assert text.count("Ann is planning") == 1, text
        assert (await sessions.move(CHANNEL, a, "done")).ok
        text = (await world.pbp.history(CHANNEL, 0)).private
        assert "Ann is planning" not in text and text.count("Ann is ready") == 1, text


def test_history_shown_keeps_each_seats_latest_secret_move_per_step():
    kinds = [(0, "public"), (0, "secret"), (1, "secret"), (0, "secret"), (1, "reveal"),
             (0, "secret"), (0, "secret"), (1, "public")]
    assert history.shown(kinds) == [True, False, True, True, True, False, True, True]


# --- a private line meant for another seat never reaches the mover -----------------
class Peek(Game):
    """Seat 0 moves; its move also deals seat 1 a card, which only seat 1 may know."""

    id = "peek-toy"
    name = "Peek"
    min_players = max_players = 2

    def setup(self, players, seed, options=None):
        return {"moved": 0, "last": []}

    def to_move(self, state):
        return {0} if state["moved"] < 2 else set()

    def legal_moves(self, state, seat, prefix=""):
        return [m for m in ["go"] if m.startswith(prefix)]

    def apply(self, state, seat, text):
        state["moved"] += 1
        return [Event("{p0} goes.", seat=0, private="You went."),
                Event("{p1} is dealt a card.", seat=1, private="You were dealt the ace of spades.")]

    def view(self, state, seat=None):
        return {"players": [{}, {}], "to_move": sorted(self.to_move(state)), "last": [], "result": None}

    def result(self, state):
        return standings([1, 0], [{}, {}]) if state["moved"] >= 2 else None


PEEK = Peek()


async def test_private_lines_go_only_to_the_seat_they_belong_to(pbp_db, monkeypatch):
    monkeypatch.setitem(games.ENGINES, "peek-toy", "tests.pbp.test_pbp_hidden_info:PEEK")
    async with started(pbp_db, "peek-toy", ["Ann", "Bo"]) as (world, (a, _)):
        reply = await world.sessions.move(CHANNEL, a, "go")
        assert reply.private is not None and "You went." in reply.private.text
        assert "ace of spades" not in reply.text
