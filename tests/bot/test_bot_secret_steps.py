"""A secret step that takes several moves (Altiplano planning) counts each seat once."""

from __future__ import annotations

from bot.store import SqliteStore
from bot.table.sessions import Actor, SessionManager
from bot.table.timers import ManualClock
from tests.harness.client import START

ALICE, BOB, CAROL = Actor(1, "Alice"), Actor(2, "Bob"), Actor(3, "Carol")


async def test_multi_move_planning_is_silent_until_done_and_counts_seats_once(tmp_path):
    store = await SqliteStore.open(tmp_path / "db.sqlite3")
    try:
        await _play_planning(SessionManager(store, clock=ManualClock(START), seed_source=lambda: 99, render=False))
    finally:
        await store.close()


async def _play_planning(sessions):
    await sessions.create(10, ALICE, "altiplano", [BOB, CAROL])
    await sessions.start(10, ALICE)
    engine = sessions.table(10).engine

    def a_plan(seat):
        return next(m for m in engine.legal_moves(sessions.table(10).state, seat, "plan "))

    first = await sessions.move(10, ALICE, a_plan(0))
    assert first.private is not None and first.public is None  # nothing for the table yet
    second = await sessions.move(10, ALICE, a_plan(0))
    assert second.public is None
    done = await sessions.move(10, ALICE, "done")
    assert done.ready == (1, 3)
    assert "Alice is ready (1/3)" in "\n".join(done.public.lines)
    assert "plan" not in "\n".join(done.public.lines)  # the plan itself stays secret

    bob = await sessions.move(10, BOB, "done")
    assert bob.ready == (2, 3)
    last = await sessions.move(10, CAROL, "done")
    assert last.ready == (3, 3)
    assert "Carol is ready (3/3)" in "\n".join(last.public.lines)


async def test_autocomplete_folds_move_and_stem_when_over_the_discord_limit(tmp_path):
    """West of Africa lists each card both as 'stop here' and 'add more' (26
    entries): folded, every card fits in Discord's 25 choices."""
    store = await SqliteStore.open(tmp_path / "db.sqlite3")
    try:
        sessions = SessionManager(store, clock=ManualClock(START), seed_source=lambda: 5, render=False)
        await sessions.create(10, ALICE, "west-of-africa", [BOB, CAROL])
        await sessions.start(10, ALICE)
        engine = sessions.table(10).engine
        raw = engine.legal_moves(sessions.table(10).state, 0, "choose ")
        assert len(raw) > 25
        choices = sessions.legal_moves(10, ALICE.user_id, "choose ")
        values = [v for _, v in choices]
        assert len(choices) <= 25
        assert "choose minus" in values  # the entry the cap used to hide
        for label, value in choices:
            assert not value.endswith(" ")  # each card is one complete, playable entry
            if value + " " in raw:
                assert label.startswith(value + " …")  # and says more can follow
        await sessions.move(10, ALICE, values[0])  # a folded value plays as is
    finally:
        await store.close()
