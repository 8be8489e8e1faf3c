"""Whole games through the harness, the way players make them: ``/game new``, ``/game start``, then
each move picked from ``/move``'s autocomplete (walking next-word stems to a complete move) and sent
with ``/move``. Used by the short CI run (tests/harness/test_every_game.py) and the full-length
bench (bench/discord_run.py)."""

from __future__ import annotations

import random

from .client import Harness, User


async def open_game(h: Harness, game: str, players: int) -> list[User]:
    people = [User(500 + i, f"Player{i + 1}") for i in range(players)]
    extra = {f"player{i + 2}": p for i, p in enumerate(people[1:])}
    await h.slash(people[0], "game new", game=game, **extra)
    await h.slash(people[0], "game start")
    table = h.sessions.table(h.channel)
    assert table is not None and table.state is not None, h.transcript()[-1].content
    return people


async def pick(h: Harness, user: User, rnd: random.Random) -> str:
    prefix = ""
    for _ in range(60):
        choices = await h.complete(user, "move", "move", prefix)
        assert choices, f"{user.name} is to move but autocomplete offers nothing after {prefix!r}"
        value = rnd.choice(choices).value
        if not value.endswith(" "):
            return value
        prefix = value
    raise AssertionError("autocomplete never reached a complete move")


async def play(h: Harness, people: list[User], rnd: random.Random, limit: int) -> int:
    """Up to ``limit`` moves (fewer if the game ends); returns how many were accepted."""
    played = 0
    while played < limit:
        table = h.sessions.table(h.channel)
        if table is None or table.state is None:
            break
        user = people[rnd.choice(sorted(table.to_move()))]
        move = await pick(h, user, rnd)
        n = table.n
        await h.slash(user, "move", move=move)
        after = h.sessions.table(h.channel)
        assert after is None or after.n > n, f"{move!r} from autocomplete was refused: {h.last(user).content}"
        played += 1
    return played
