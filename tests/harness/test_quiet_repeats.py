"""`/game status` and `/game board` say who the table waits for without pinging them again: the
turn's post and the game's own offers already did (a Terra Mystica power offer was pinged three
times across two posts)."""

from __future__ import annotations

import random

import games
from games.core.playout import expand

from ..turn.test_turn_buttons import start


def _pings(h, since: int = 0) -> dict[int, int]:
    out: dict[int, int] = {}
    for m in h.transcript()[since:]:
        for uid in m.pinged:
            out[uid] = out.get(uid, 0) + 1
    return out


async def test_status_and_board_name_the_waiting_without_pinging(harness):
    h = harness
    people = await start(h)
    post = h.posts()[-1]
    assert set(post.pinged) == {p.id for p in people}   # the turn's post asks everyone: pinged
    seen = len(h.transcript())
    await h.slash(people[1], "game status")
    await h.slash(people[2], "game board")
    status, board = h.posts()[-2:]
    for m in (status, board):
        assert all(f"<@{p.id}>" in m.content for p in people)   # still named ...
        assert m.pinged == []                                   # ... not pinged
    assert _pings(h, seen) == {}


async def test_a_power_offer_pings_each_offered_seat_once(make_harness):
    engine = games.get("terra-mystica")
    state, rnd, moves = engine.setup(4, 2, None), random.Random(2), []
    offered: set[int] = set()
    while len(offered) < 2 and len(moves) < 300:  # seed 2, 4 players: walk to a build next to two seats
        seat = rnd.choice(sorted(engine.to_move(state)))
        move = expand(engine, state, seat, "", rnd)
        engine.play(state, seat, move)
        moves.append((seat, move))
        offered = {o["seat"] for o in state.get("leeches") or []}
    assert len(offered) >= 2, "the walk never offered power to two seats: pick another seed"
    h = await make_harness(seed=2)
    people = await start(h, "terra-mystica", 4)
    for seat, move in moves[:-1]:
        assert (await h.sessions.move_as(h.channel, seat, move)).ok
    seen = len(h.transcript())
    seat, move = moves[-1]
    await h.slash(people[seat], "move", move=move)
    await h.slash(people[seat], "game status")
    await h.slash(people[(seat + 1) % 4], "game board")
    pings = _pings(h, seen)
    assert all(pings.get(people[s].id) == 1 for s in offered), pings
    assert len([m for m in h.posts() if any(c.startswith("tm:leech") for c in m.custom_ids())]) == 1
