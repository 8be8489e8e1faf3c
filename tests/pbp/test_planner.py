"""The private planner (issue 36 item 5) through discord.py's real code (the Discord harness), on
a SQLite file and on PostgreSQL: ``/plan moves:`` plays moves on a private copy and answers the
player alone with the board and their resources after them; the real game's log, snapshot,
outbox, timers, polls and waits are the same before and after (compared row by row); a plan
survives a restart; "Play this plan" plays it through the normal path when the game has not
changed, and refuses, saying what changed, when it has. The copy deals the other seats' hidden
cards again (never the real ones).
"""

from __future__ import annotations

import random

import pytest

import games
from bot.table import planner
from tests.harness import User
from tests.terra_mystica_table.test_tm_table_ui import _opening, open_table, view

ALICE, BOB, CAROL = User(201, "Alice"), User(202, "Bob"), User(203, "Carol")
PEOPLE = [ALICE, BOB, CAROL]
#: every table a move, a turn post, a timer or a vote writes (the plan is one row of ``settings``)
REAL = ("moves", "snapshots", "outbox", "timers", "pbp_polls", "pbp_waits", "pbp_games", "pbp_clocks", "games",
        "seats", "interactions")


@pytest.fixture
async def tm(make_harness, pbp_db):
    """The real bot with Terra Mystica seeded as the table tests expect, on SQLite and PostgreSQL."""
    return await make_harness(db=pbp_db, seed=4321)


def database(h) -> dict[str, list]:
    out = {}
    for name in REAL:
        rows = h.rows(f"SELECT * FROM {name}")
        out[name] = sorted(repr(r) for r in rows)
    return out


async def test_a_plan_is_private_and_never_touches_the_real_game(tm):
    h = tm
    await open_table(h, PEOPLE)
    await _opening(h)
    table = h.sessions.table(h.channel)
    n, coins = table.n, view(h)["players"][0]["coins"]
    before, posts = database(h), len(h.posts())

    await h.slash(ALICE, "plan", moves="upgrade E4 to TP")
    mine = h.last(ALICE)
    assert mine.ephemeral and "Your plan in Terra Mystica from move" in mine.content
    assert "1. `upgrade E4 to TP`" in mine.content
    assert mine.filename == "plan.png" and mine.png
    (upload,) = [u for u in h.discord.uploads if u.filename == "plan.png"]
    assert upload.description and "Your plan" in upload.description  # alt text, like every image
    # her resources after the plan: a trading house costs 2 workers and 3 coins (6 next to a rival: not here)
    line = next(x for x in mine.content.splitlines() if x.startswith("Alice plays the Mermaids"))
    assert f"{coins - 3} coins" in line or f"{coins - 6} coins" in line, line
    assert "Play this plan" in mine.labels() and "Reset plan" in mine.labels()

    await h.slash(ALICE, "plan", moves="build Z99")  # refused on the copy, the plan keeps its first move
    refused = h.last(ALICE).content
    assert "Not added: `build Z99`" in refused and "1. `upgrade E4 to TP`" in refused and "2." not in refused

    assert h.sessions.table(h.channel).n == n and view(h)["players"][0]["coins"] == coins
    assert database(h) == before
    assert len(h.posts()) == posts  # nothing for the table

    await h.restart()  # durable: the plan is read back by a new process
    before = database(h)  # (a restart sends what the outbox owed and sets its timers again)
    await h.slash(ALICE, "plan")
    assert "1. `upgrade E4 to TP`" in h.last(ALICE).content
    await h.slash(BOB, "plan")  # Bob's plans are his own: Alice's is not shown to him
    assert "You have no plan in Terra Mystica yet" in h.last(BOB).content
    assert database(h) == before


async def test_play_this_plan_plays_it_through_the_normal_path(tm):
    h = tm
    await open_table(h, PEOPLE)
    await _opening(h)
    n = h.sessions.table(h.channel).n
    await h.slash(ALICE, "plan", moves="upgrade E4 to TP")
    posts = len(h.posts())
    await h.click(ALICE, h.last(ALICE), "Play this plan")
    table = h.sessions.table(h.channel)
    assert table.n == n + 1
    log = [m.text for m in await h.sessions.store.moves(table.record.id)]
    assert log[-1] == "upgrade E4 to TP"
    public = [m.content for m in h.posts()[posts:]]
    assert any("Alice" in text and "E4" in text for text in public), public  # posted as a typed move is
    assert "1 of 1 moves played for real" in h.last(ALICE).content
    await h.slash(ALICE, "plan")  # played once: the plan is gone
    assert "You have no plan" in h.last(ALICE).content


async def test_play_stops_when_the_turn_passes(tm):
    """Alice plans her action and then, on the copy, nothing more is hers: a second move is not
    added; played for real, the one move goes and the turn passes."""
    h = tm
    await open_table(h, PEOPLE)
    await _opening(h)
    await h.slash(ALICE, "plan", moves="upgrade E4 to TP; upgrade D5 to TP")
    text = h.last(ALICE).content
    assert "Not added: `upgrade D5 to TP`" in text and "it would not be your turn then" in text, text
    assert "After these moves the table would wait for" in text


async def test_a_changed_game_refuses_the_plan_and_says_what_changed(tm):
    h = tm
    await open_table(h, PEOPLE)
    await _opening(h)
    n = h.sessions.table(h.channel).n
    await h.slash(ALICE, "plan", moves="upgrade E4 to TP")
    menu = h.last(ALICE)
    await h.slash(ALICE, "move", move="upgrade D5 to TP")  # the real game moves another way
    await h.click(ALICE, menu, "Play this plan")
    said = h.last(ALICE).content
    assert "Not played: the game has changed since you made this plan" in said, said
    assert f"move {n} then, {n + 1} now" in said and "D5" in said, said
    log = [m.text for m in await h.sessions.store.moves(h.sessions.table(h.channel).record.id)]
    assert "upgrade E4 to TP" not in log
    await h.slash(ALICE, "plan")
    assert "The table has moved on since" in h.last(ALICE).content
    await h.slash(ALICE, "plan", reset=True)
    assert "thrown away" in h.last(ALICE).content


async def test_plan_in_traditional_chinese(make_harness):
    h = await make_harness(seed=4321)
    dora = User(204, "Dora", locale="zh-TW")
    await open_table(h, [dora, BOB, CAROL])
    await _opening(h)
    await h.slash(dora, "plan", moves="upgrade E4 to TP")
    text = h.last(dora).content
    assert "你在《" in text and "只有你看得到" in text and "Dora 使用" in text
    assert "實際執行這份規劃" in h.last(dora).labels()


async def test_autocomplete_offers_the_moves_of_the_copy(tm):
    h = tm
    await open_table(h, PEOPLE)
    await _opening(h)
    got = await h.complete(ALICE, "plan", "moves", "upgrade E4 ")
    assert any("upgrade E4 to TP" in c.value for c in got), got
    after = await h.complete(ALICE, "plan", "moves", "upgrade E4 to TP; ")
    assert all(c.value.startswith("upgrade E4 to TP; ") for c in after), after


def test_the_copy_deals_the_other_hands_again():
    """Bruges: the copy keeps the planner's hand and deals the others' again from the plan's seed."""
    engine = games.get("bruges")
    state = engine.setup(3, 11)
    rnd = random.Random(2)
    while state["phase"] != "actions":
        seat = sorted(engine.to_move(state))[0]
        engine.play(state, seat, rnd.choice(engine.legal_moves(state, seat, "")).strip())
    copies = [planner.private_copy(engine, state, 0, seed) for seed in range(4)]
    assert all(engine.view(c, 0)["hand"] == engine.view(state, 0)["hand"] for c in copies)
    others = [(engine.view(c, 1)["hand"], engine.view(c, 2)["hand"]) for c in copies]
    real = (engine.view(state, 1)["hand"], engine.view(state, 2)["hand"])
    assert any(o != real for o in others)
