"""Complete moves for a bot to weigh, drawn from ``legal_moves`` stems.

Some positions list thousands of complete moves (West of Africa card
combinations, Terra Mystica conversions chained before an action), so a bot
walks the stems: every complete move when there are few, otherwise a seeded
sample of random walks. Pass-like moves are always kept, so a bot can stop.
"""

from __future__ import annotations

import random

from ..core.game import Game, State

PASS_WORDS = ("pass", "done", "decline", "skip", "wait")


def all_moves(game: Game, state: State, seat: int, cap: int) -> list[str] | None:
    """Every complete move if there are at most ``cap`` (else None)."""
    out: list[str] = []
    stack = [""]
    calls = 0
    while stack:
        prefix = stack.pop()
        calls += 1
        if calls > cap:
            return None
        for m in game.legal_moves(state, seat, prefix):
            if m.endswith(" "):
                stack.append(m)
            else:
                out.append(m)
                if len(out) > cap:
                    return None
    return sorted(set(out))


def walk(game: Game, state: State, seat: int, rnd: random.Random, prefix: str = "", depth: int = 40) -> str | None:
    """One random walk from ``prefix`` down to a complete move (None at a dead end)."""
    for _ in range(depth):
        options = game.legal_moves(state, seat, prefix)
        if not options:
            return None
        pick = rnd.choice(options)
        if not pick.endswith(" "):
            return pick
        prefix = pick
    return None


def candidates(game: Game, state: State, seat: int, rnd: random.Random, width: int) -> list[str]:
    """Up to about ``width`` distinct complete moves, all of them when few."""
    every = all_moves(game, state, seat, cap=width)
    if every is not None:
        return every
    found: set[str] = set()
    for m in game.legal_moves(state, seat, ""):
        if not m.endswith(" ") or m.strip().split()[0] in PASS_WORDS:
            short = m if not m.endswith(" ") else walk_from(game, state, seat, m, rnd)
            if short:
                found.add(short)
    # stratified: every first word (build, upgrade, action, convert...) gets its share of walks,
    # so a rare kind of move is not drowned by a common one
    firsts = game.legal_moves(state, seat, "")
    per = max(1, width // max(1, len(firsts)))
    for first in firsts:
        for _ in range(per * 2):
            m = first if not first.endswith(" ") else walk(game, state, seat, rnd, first)
            if m is not None:
                found.add(m)
            if len(found) >= width + len(firsts):
                break
    return sorted(found)


def walk_from(game: Game, state: State, seat: int, prefix: str, rnd: random.Random) -> str | None:
    for _ in range(40):
        options = game.legal_moves(state, seat, prefix)
        if not options:
            return None
        complete = [m for m in options if not m.endswith(" ")]
        if complete:
            return min(complete, key=len)
        prefix = rnd.choice(options)
    return None
