"""The private planner (issue 36 item 5) for every title through discord.py's real code: Altiplano,
Bruges, Amerigo and West of Africa (Terra Mystica: tests/pbp/test_planner.py). For each, a plan
of several of the player's own moves is answered to them alone and leaves the real game row for
row as it was; "Play this plan" then plays those moves for real, one by one. Hidden information:
the copy is dealt again from what the player may see (their own view of it is theirs of the
table; the others' secrets are not the real ones), the plan's image is drawn from the player's
view of the copy, and a move that would reveal the others' secret choices (Altiplano's last
"done") is refused instead of showing them. A plan whose move is no longer legal for real (a die
that fell otherwise) stops there, saying which move and why.
"""

from __future__ import annotations

import json
import random

import pytest

from bot.table import planner, render_pool
from bot.table.tables import fresh_state
from bot.words.i18n import t
from games.core.playout import expand
from tests.harness.play import open_game
from tests.pbp.test_planner import database
from tests.pictures import shown

TITLES = ("altiplano", "bruges", "amerigo", "west-of-africa")
#: per title, random moves made before looking for a seat with several moves of its own in a row
#: (Altiplano's planning, Bruges' draws, Amerigo's action points, West of Africa's placing and moving)
BEFORE = {"altiplano": 0, "bruges": 0, "amerigo": 0, "west-of-africa": 3}


async def table_at(make_harness, game: str, moves: int, db=None, seed: int = 11):
    h = await make_harness(db=db, seed=seed)
    people = await open_game(h, game, 3)
    table = h.sessions.table(h.channel)
    rnd = random.Random(5)
    for _ in range(moves):
        seat = sorted(table.to_move())[0]
        assert (await h.sessions.move_as(h.channel, seat, expand(table.engine, table.state, seat, "", rnd))).ok
    return h, people, h.sessions.table(h.channel)


def own_moves(table, user_id: int, seat: int, most: int = 3) -> list[str]:
    """Up to ``most`` moves of ``seat`` in a row on the planner's own copy, none that reveals;
    those that keep the turn first (so the plan has several)."""
    engine = table.engine
    state, rnd, out = planner.replay(engine, planner.new_plan(table, user_id, seat)), random.Random(2), []
    while len(out) < most and seat in engine.to_move(state) and engine.result(state) is None:
        found = []
        for _ in range(30):
            move = expand(engine, state, seat, "", rnd)
            trial = fresh_state(engine, json.loads(json.dumps(state)))
            if not planner.reveals(engine.play(trial, seat, move)):
                found.append((seat not in engine.to_move(trial), move))
        if not found:
            break
        move = min(found)[1]
        engine.play(state, seat, move)
        out.append(move)
    return out


async def several(make_harness, game: str):
    """A table of ``game`` walked on (seeded) to where the seat to move has several moves of its
    own in a row: (harness, people, table, that seat's player, the moves)."""
    h, people, table = await table_at(make_harness, game, BEFORE[game])
    rnd = random.Random(7)
    for _ in range(80):
        seat = sorted(table.to_move())[0]
        moves = own_moves(table, people[seat].id, seat)
        if len(moves) >= 2:
            return h, people, table, people[seat], moves
        assert (await h.sessions.move_as(h.channel, seat, expand(table.engine, table.state, seat, "", rnd))).ok
    raise AssertionError(f"{game}: no seat with two moves in a row")


@pytest.mark.parametrize("game", TITLES)
async def test_a_plan_of_several_moves_in_every_title(make_harness, game):
    h, people, table, user, moves = await several(make_harness, game)
    n, before, posts = table.n, database(h), len(h.posts())

    await h.slash(user, "plan", moves="; ".join(moves))
    mine = h.last(user)
    assert mine.ephemeral and f"Your plan in {table.engine.name} from move {n}" in mine.content, mine.content
    for i, move in enumerate(moves, 1):
        assert f"{i}. `{move}`" in mine.content, mine.content
    assert "Not added" not in mine.content and mine.filename == "plan.png" and mine.png
    assert [u.description for u in h.discord.uploads if u.filename == "plan.png"][-1]  # alt text
    assert database(h) == before and len(h.posts()) == posts and h.sessions.table(h.channel).n == n

    await h.click(user, mine, "Play this plan")
    log = [m.text for m in await h.sessions.store.moves(table.record.id)]
    assert log[-len(moves):] == moves and len(log) == n + len(moves)
    assert f"{len(moves)} of {len(moves)} moves played for real" in h.last(user).content


@pytest.mark.parametrize("game", TITLES)
async def test_the_copy_is_dealt_from_what_the_player_may_see(make_harness, game):
    """The player's view of the copy is theirs of the table (so the plan's image shows nothing
    they could not see); the plan's image is drawn from their view of the copy after the plan."""
    h, people, table, user, moves = await several(make_harness, game)
    seat, engine = table.seat_of(user.id), table.engine
    fresh = planner.new_plan(table, user.id, seat)
    copy = planner.replay(engine, fresh)
    mine, real = engine.view(copy, seat), engine.view(table.state, seat)
    if game == "west-of-africa":  # the others' choices are taken back: they choose again on the copy
        for view in (mine, real):
            view.pop("to_move", None)
            for p in view["players"]:
                p.pop("chosen", None)
                p.pop("ready", None)
    assert mine == real
    await h.slash(user, "plan", moves="; ".join(moves))
    plan = await planner.load(h.sessions.store, table.record.id, user.id)
    after = engine.view(planner.replay(engine, plan), seat)
    drawn = await render_pool.draw(table.record.game, after, table.names, seat, locale="en")
    assert shown(h.last(user).png) == shown(drawn)


async def test_bruges_deals_the_other_hands_again_from_a_secret_seed(make_harness):
    """Bruges: the copy keeps the planner's hand and deals the others' again, from a seed of the
    game's own (secret) seed: the same view of the table with another game seed gives another deal."""
    h, people, table = await table_at(make_harness, "bruges", 20)
    engine = table.engine
    seat = sorted(table.to_move())[0]
    copy = planner.replay(engine, planner.new_plan(table, people[seat].id, seat))
    others = [s for s in range(3) if s != seat]
    assert engine.view(copy, seat)["hand"] == engine.view(table.state, seat)["hand"]
    assert [copy["ps"][s]["hand"] for s in others] != [table.state["ps"][s]["hand"] for s in others]
    table.record.seed += 1
    again = planner.replay(engine, planner.new_plan(table, people[seat].id, seat))
    assert [again["ps"][s]["hand"] for s in others] != [copy["ps"][s]["hand"] for s in others]


async def test_altiplano_refuses_the_move_that_would_reveal_the_others_plans(make_harness):
    """Bob and Carol have planned (secretly) and are done: Alice's last "done" would reveal their
    plans on the copy (their real ones), so it is refused; her planning moves are kept."""
    h, people, table = await table_at(make_harness, "altiplano", 0)
    alice, bob, carol = people
    engine = table.engine
    for user in (bob, carol):
        seat = table.seat_of(user.id)
        move = next(m for m in engine.legal_moves(table.state, seat, "plan ") if not m.endswith(" "))
        await h.slash(user, "move", move=move)
        await h.slash(user, "move", move="done")
    move = next(m for m in engine.legal_moves(table.state, 0, "plan ") if not m.endswith(" "))
    before = database(h)
    await h.slash(alice, "plan", moves=f"{move}; done")
    text = h.last(alice).content
    assert f"1. `{move}`" in text and "Not added: `done`" in text and "secret" in text, text
    plan = await planner.load(h.sessions.store, table.record.id, alice.id)
    copy = planner.replay(engine, plan)
    assert copy["phase"] == "plan" and plan.moves == [move]
    public = engine.view(copy, None)["players"]
    assert [p["spaces"] for p in public[1:]] == [p["spaces"] for p in engine.view(table.state, None)["players"][1:]]
    assert database(h) == before


def _full(engine, state, seat, prefix="") -> list[str]:
    out = []
    for m in engine.legal_moves(state, seat, prefix):
        out += _full(engine, state, seat, m) if m.endswith(" ") else [m]
    return out


async def test_play_this_plan_stops_at_the_first_move_no_longer_legal(make_harness):
    """Bruges: Alice plans her roll and what she does after it on a copy whose dice fell otherwise;
    for real the roll goes, the next move is refused: it stops there, naming the move and why."""
    h, people, table = await table_at(make_harness, "bruges", 0)
    engine = table.engine
    rnd = random.Random(3)
    while engine.legal_moves(table.state, sorted(table.to_move())[0], "") != ["roll"]:
        seat = sorted(table.to_move())[0]
        assert (await h.sessions.move_as(h.channel, seat, expand(engine, table.state, seat, "", rnd))).ok
    seat = sorted(table.to_move())[0]
    real = fresh_state(engine, json.loads(json.dumps(table.state)))
    engine.play(real, seat, "roll")
    for k in range(200):  # a copy where the roll leaves Alice a move the real roll does not
        copy = planner.private_copy(engine, table.state, seat, k)
        engine.play(copy, seat, "roll")
        if seat in engine.to_move(copy):
            only_copy = sorted(set(_full(engine, copy, seat)) - set(_full(engine, real, seat)))
            if only_copy:
                break
    else:
        raise AssertionError("no copy with other dice")
    plan = planner.Plan(seat, table.n, json.dumps(planner.private_copy(engine, table.state, seat, k)),
                        ["roll", only_copy[0]])
    await planner.save(h.sessions.store, table.record.id, people[seat].id, plan)
    n = table.n
    await h.click(people[seat], h.old_message([f"pbp:planp:{table.record.id}"]), f"pbp:planp:{table.record.id}")
    said = h.last(people[seat]).content
    log = [m.text for m in await h.sessions.store.moves(table.record.id)]
    assert log[n:] == ["roll"]
    assert "1 of 2 moves played for real (1 not played)" in said, said
    assert f"Stopped at `{only_copy[0]}` (move 2 of the plan):" in said, said


async def test_no_card_of_another_bruges_hand_is_named_in_a_plan(make_harness):
    """The plan's text names no card the planner cannot see (the others' real hands), though its
    moves play cards and draw on the copy."""
    from games.bruges.data import CARDS

    h, people, table = await table_at(make_harness, "bruges", 20)
    engine = table.engine
    seat = sorted(table.to_move())[0]
    user = people[seat]
    seen = json.dumps(engine.view(table.state, seat))
    hidden = {CARDS[c].name for s, p in enumerate(table.state["ps"]) if s != seat for c in p["hand"]}
    hidden = {name for name in hidden if name not in seen}
    assert hidden
    moves = own_moves(table, user.id, seat)
    await h.slash(user, "plan", moves="; ".join(moves))
    text = h.last(user).content
    assert "1. `" in text and not [name for name in hidden if name in text], text


async def test_play_this_plan_stops_once_the_turn_is_someone_elses(make_harness):
    """A plan whose next move comes after the table passed the turn on (as it can when the copy's
    hidden cards or dice fell otherwise; here a plan saved so): the moves up to there are played,
    then it stops, saying whose turn it is."""
    from tests.pbp.test_planner import PEOPLE
    from tests.terra_mystica_table.test_tm_table_ui import _opening, open_table

    h = await make_harness(seed=4321)
    await open_table(h, PEOPLE)
    await _opening(h)
    table = h.sessions.table(h.channel)
    alice = PEOPLE[0]
    plan = planner.new_plan(table, alice.id, 0)
    plan.moves = ["upgrade E4 to TP", "burn 1"]
    await planner.save(h.sessions.store, table.record.id, alice.id, plan)
    n = table.n
    await h.click(alice, h.old_message([f"pbp:planp:{table.record.id}"]), f"pbp:planp:{table.record.id}")
    said = h.last(alice).content
    assert [m.text for m in await h.sessions.store.moves(table.record.id)][n:] == ["upgrade E4 to TP"]
    assert "1 of 2 moves played for real" in said and "Stopped before `burn 1` (move 2 of the plan)" in said, said
    assert "the table now waits for" in said, said


async def test_the_plan_says_whom_its_copy_waits_for_though_they_chose_for_real(make_harness):
    """West of Africa: a seat that already made its secret choice at the real table chooses again
    on the copy (its choice is taken back with the deal). The plan says so by name, and names
    nobody who has not chosen yet; the words exist in zh-TW too."""
    h, people, table = await table_at(make_harness, "west-of-africa", 1)
    assert sorted(table.to_move()) == [1, 2]  # seat 0 chose for real
    user, engine = people[1], table.engine
    move = expand(engine, planner.replay(engine, planner.new_plan(table, user.id, 1)), 1, "", random.Random(3))
    await h.slash(user, "plan", moves=move)
    said = h.last(user).content
    assert f"1. `{move}`" in said, said
    line = [x for x in said.splitlines() if "already chose at the real table" in x]
    assert len(line) == 1 and table.names[0] in line[0], said
    assert table.names[2] not in line[0]
    plan = await planner.load(h.sessions.store, table.record.id, user.id)
    assert planner.chose_for_real(table, plan) == {0}
    assert t("plan.chose_for_real", "zh-TW", who=["A"]) != t("plan.chose_for_real", "en", who=["A"])
