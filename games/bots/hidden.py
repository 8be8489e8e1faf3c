"""Determinisation: a full state the seat could believe in, from what it sees.

A bot searches on copies of the game, never on the real one: the copy keeps
everything the seat can see and re-deals everything it cannot (opponents'
hands and secret choices, the order of face-down piles, and every future
draw, by re-seeding the state's generator). So a bot's choice depends only
on its seat's information and its own seed: the test in
``tests/bots/test_bots_hidden.py`` changes hidden things and checks the
choice does not move.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable

from ..core.game import Game, State


def _reseed(state: dict, rnd: random.Random) -> None:
    if isinstance(state.get("rng"), dict):
        state["rng"] = {"seed": rnd.getrandbits(48), "draws": state["rng"]["draws"]}


def _woa(state: dict, seat: int, rnd: random.Random) -> None:
    """Secret card choices of others are unknown until revealed: while the
    round's choosing is still open they are taken back (the others choose
    again in the search); once everyone chose, only the totals are public,
    so each other hidden choice is replaced by a random one with its total."""
    from ..west_of_africa import data

    numbers = data.CARD_NUMBERS
    all_in = all(c is not None for c in state["choice"])
    for s in range(state["players"]):
        if s == seat or state["revealed"][s] or state["choice"][s] is None:
            continue
        if not all_in:
            state["choice"][s] = None
            continue
        total, size = state["totals"][s], len(state["choice"][s])
        hand = [c for c in data.CARDS if c != "minus"] + ["minus"] * state["minus"][s]
        options = _subsets_with_total(hand, size, total, numbers, rnd)
        if options:
            state["choice"][s] = sorted(rnd.choice(options), key=data.CARDS.index)


def _subsets_with_total(hand, size, total, numbers, rnd, limit: int = 200):
    out, seen = [], set()
    for _ in range(limit * 5):
        pick = tuple(sorted(rnd.sample(hand, size))) if size <= len(hand) else ()
        if pick and pick not in seen and sum(numbers[c] for c in pick) == total:
            seen.add(pick)
            out.append(list(pick))
            if len(out) >= limit:
                break
    return out


def _bruges(state: dict, seat: int, rnd: random.Random) -> None:
    """Opponents' hands, the draw piles and the reserve are one pool of
    unseen cards; only each pile's top colour shows (the card backs), so
    every pile gets a top card of that colour back."""
    from ..bruges.data import CARDS

    pool = []
    for s, p in enumerate(state["ps"]):
        if s != seat:
            pool += p["hand"] + p["drawn"]
    tops = [CARDS[pile[-1]].colour if pile else None for pile in state["piles"]]
    pool += [c for pile in state["piles"] for c in pile] + list(state["reserve"])
    rnd.shuffle(pool)
    new_tops = []
    for colour in tops:
        if colour is None:
            new_tops.append(None)
            continue
        i = next(i for i, c in enumerate(pool) if CARDS[c].colour == colour)
        new_tops.append(pool.pop(i))
    for s, p in enumerate(state["ps"]):
        if s != seat:
            k, j = len(p["hand"]), len(p["drawn"])
            p["hand"], p["drawn"], pool = sorted(pool[:k]), pool[k:k + j], pool[k + j:]
    for i, pile in enumerate(state["piles"]):
        if new_tops[i] is None:
            continue
        rest = len(pile) - 1
        state["piles"][i], pool = pool[:rest] + [new_tops[i]], pool[rest:]
    state["reserve"] = pool


def _amerigo(state: dict, seat: int, rnd: random.Random) -> None:
    """Only the order of the face-down production stacks is hidden."""
    for stack in state["prod"]["stacks"].values():
        rnd.shuffle(stack)


def _altiplano(state: dict, seat: int, rnd: random.Random) -> None:
    """Others' mission hands are unseen: shuffle them with the mission stack
    when there is one; bags are drawn from by the (re-seeded) generator."""
    for s, p in enumerate(state["seats"]):
        if s != seat and p.get("mission_hand"):
            rnd.shuffle(p["mission_hand"])


REDEAL: dict[str, Callable[[dict, int, random.Random], None]] = {
    "west-of-africa": _woa, "bruges": _bruges, "amerigo": _amerigo, "altiplano": _altiplano,
}


def determinise(game: Game, state: State, seat: int, rnd: random.Random) -> State:
    """A copy of ``state`` with everything hidden from ``seat`` re-dealt."""
    out = copy.deepcopy(state)
    _reseed(out, rnd)
    hook = REDEAL.get(game.id)
    if hook is not None:
        hook(out, seat, rnd)
    return out
