"""Seat handover (issue 36 item 2, ``/game replace``) through the Discord harness, on SQLite and
on PostgreSQL: by the holder, by the holder's consent to the new person's request, by the table's
vote when the holder is silent past the time-out (a restart in the middle of the vote), by a
server manager when the holder left the server; the refusals; what passes and what does not
(orders, notes, vacation); who held the seat from which move in history, status, the export, the
results rows; the seat's hidden information only to its new holder; zh-TW."""

from __future__ import annotations

import json

import pytest

from bot.table import holders, render_pool
from bot.table.timers import ManualClock
from tests.harness import User
from tests.pictures import shown

from .conftest import START

ALICE, BOB, CAROL = User(101, "Alice"), User(102, "Bob"), User(103, "Carol")
DAVE, EVE = User(104, "Dave"), User(105, "Eve")
ADMIN = User(109, "Admin", manage=True)
DORA = User(106, "Dora", locale="zh-TW")


@pytest.fixture
async def bot(tally, make_harness, pbp_db):
    return await make_harness(db=pbp_db, clock=ManualClock(START), seed=7)


async def tally_table(h, *others, options="turns=6", **settings):
    players = {f"player{i + 2}": u for i, u in enumerate(others)}
    await h.slash(ALICE, "game new", game="tally", options=options, **players)
    if settings:
        await h.slash(ALICE, "game settings", **settings)
    await h.slash(ALICE, "game start")
    return h.sessions.table(h.channel)


async def test_the_holder_hands_over_and_the_new_holder_plays_with_nothing_of_the_old(bot):
    h = bot
    table = await tally_table(h, BOB, remind=2.0)
    gid = table.record.id
    await h.slash(ALICE, "move", move="pass")  # 1: Bob is up
    await h.slash(BOB, "game orders", forced=True)
    await h.slash(BOB, "note", text="peek before rolling")
    await h.slash(BOB, "game vacation", days=3)
    assert 1 in await h.bot.pbp.orders.of(gid)
    await h.slash(BOB, "game replace", seat=1, user=DAVE)
    said = h.last().content
    assert "Bob handed their seat over: seat 1 (Bob) is <@104>'s from move 2" in said, said
    assert "<@104>, the table waits for you" in said and set(h.last().pinged) == {104}
    assert h.last(BOB).content == "Done: the seat changed hands."
    assert [(s.user_id, s.name) for s in table.seats] == [(101, "Alice"), (104, "Dave")]
    # the old holder can no longer move (command or button); the new one can
    await h.slash(BOB, "move", move="add 1")
    assert table.n == 1 and "seat" in h.last(BOB).content.lower()
    turn = next(m for m in reversed(h.posts()) if "Play" in m.labels())  # move 1's post, which asked Bob
    await h.click(BOB, turn, "Play")
    assert "seat" in h.last(BOB).content.lower() and not h.last(BOB).components
    await h.click(DAVE, turn, "Play")
    assert h.last(DAVE).ephemeral and h.last(DAVE).components  # Dave's own menu
    # Bob's orders lapsed, his notes and vacation stay his: Dave's clock runs
    assert 1 not in await h.bot.pbp.orders.of(gid)
    await h.slash(DAVE, "note")
    assert "no notes" in h.last(DAVE).content
    await h.slash(ALICE, "game status")
    status = h.last().content
    assert "on vacation" not in status and "Seat 1: Bob (moves 1–1), Dave (from move 2)" in status, status
    await h.wait(hours=2.1)  # Dave is reminded (Bob's vacation does not stop his clock), not Bob
    reminders = [m.content for m in h.posts() if "<@104>" in m.content and "Bob handed" not in m.content]
    assert reminders and not any("<@102>" in m.content for m in h.posts()[-3:])
    await h.slash(DAVE, "move", move="pass")  # 2 by Dave
    assert table.n == 2
    await h.slash(ALICE, "move", move="pass")  # 3: Dave is pinged, not Bob
    assert "<@104>" in h.last().content and "<@102>" not in h.last().content and set(h.last().pinged) == {104}
    # the history says who made which move
    await h.slash(CAROL, "game history")
    history = h.last(CAROL).content
    assert "#1 · Alice" in history and "🔁 seat 1 passes from Bob to Dave (from move 2)" in history, history
    assert "#2 · Dave" in history and "Dave passes" in history
    assert await holders.read(h.sessions.store, gid) == [
        {"seat": 1, "user_id": 102, "name": "Bob", "from": 1}, {"seat": 1, "user_id": 104, "name": "Dave", "from": 2}]


async def test_the_new_person_asks_and_the_holder_consents_by_button(bot):
    h = bot
    table = await tally_table(h, BOB)
    await h.slash(DAVE, "game replace", seat=1, user=DAVE)
    ask = h.last()
    assert "Dave asks to take over seat 1. <@102>: do you hand it over?" in ask.content
    assert ask.labels() == ["Hand it over", "Refuse"]
    assert h.last(DAVE).content == "Asked: Bob answers with the buttons under your request."
    await h.slash(EVE, "game replace", seat=1, user=EVE)  # one request per seat at a time
    assert "already waiting" in h.last(EVE).content
    await h.click(ALICE, ask, "Hand it over")
    assert "not yours to answer" in h.last(ALICE).content
    await h.click(BOB, ask, "Hand it over")
    assert "Bob agreed: seat 1 (Bob) is <@104>'s from move 1" in h.last().content
    assert table.seat_of(DAVE.id) == 1 and table.seat_of(BOB.id) is None
    await h.slash(ALICE, "game status")  # handed over before any move: Bob held it for none
    assert "Seat 1: Dave (from move 1)" in h.last().content, h.last().content
    assert ask.labels() == []  # the request is answered: its buttons are gone
    # a refusal changes nothing
    await h.slash(EVE, "game replace", seat=0, user=EVE)
    await h.click(ALICE, h.last(), "Refuse")
    assert "Alice keeps the seat: Eve's request is refused." in h.last().content
    assert table.seat_of(ALICE.id) == 0


async def test_a_silent_holder_is_replaced_by_the_tables_vote_across_a_restart(bot):
    h = bot
    table = await tally_table(h, BOB, CAROL, time="move:48")
    await h.slash(ALICE, "move", move="pass")  # Bob is up, with 48 hours
    await h.slash(ALICE, "game replace", seat=1, user=DAVE)  # Bob is not silent yet
    assert "Bob still holds that seat" in h.last(ALICE).content
    await h.wait(hours=49)  # Bob ran out of time: the table's time-out vote is open, nobody answers it
    assert any("Bob ran out of time" in m.content for m in h.posts())
    await h.slash(ALICE, "game replace", seat=1, user=DAVE)
    ask = h.last()
    assert ("Alice asks to give seat 1 (Bob) to Dave: Bob has been silent past the table's time-out. "
            "<@103>: do you agree? (2 of 2 must agree.)") in ask.content, ask.content
    assert ask.labels() == ["Agree", "Refuse"]
    await h.restart()  # the vote is in the database: its buttons work in the new process
    table = h.sessions.table(h.channel)
    await h.click(BOB, ask, "Agree")
    assert "not yours to answer" in h.last(BOB).content
    await h.click(CAROL, ask, "Agree")
    done = h.last().content
    assert "The table agreed with Alice (Bob has been silent past the table's time-out): seat 1 (Bob) is <@104>'s" \
        in done, done
    assert table.seat_of(DAVE.id) == 1
    # Dave's turn starts afresh: no time-out for 48 hours, then his own
    before = len(h.posts())
    await h.wait(hours=47)
    assert not any("ran out of time" in m.content for m in h.posts()[before:])
    await h.slash(DAVE, "move", move="pass")
    assert table.n == 2 and 2 in table.to_move()


async def test_a_server_manager_replaces_a_holder_who_left_and_results_credit_the_new_holder(bot):
    h = bot
    table = await tally_table(h, BOB, options="turns=4")
    gid = table.record.id
    await h.slash(ALICE, "move", move="add 3")
    await h.slash(ALICE, "move", move="pass")  # 2
    await h.slash(BOB, "move", move="add 1")  # 3: Bob's
    await h.slash(ADMIN, "game replace", seat=1, user=DAVE)  # Bob is here and moving: not for a manager
    assert "Bob still holds that seat" in h.last(ADMIN).content
    h.leave_server(BOB)
    await h.slash(ADMIN, "game replace", seat=1, user=DAVE)
    assert "Admin, a server manager, decided (Bob has left the server): seat 1 (Bob) is <@104>'s from move 4" \
        in h.last().content, h.last().content
    for user in (DAVE, ALICE, DAVE):  # Dave's turn goes on, then the game ends
        await h.slash(user, "move", move="pass")
    assert table.record.status == "finished" or h.sessions.table(h.channel) is None
    rows = {r.seat: r for r in await h.sessions.store.results(gid)}
    assert (rows[1].user_id, rows[1].display_name) == (104, "Dave")
    assert rows[1].breakdown["holders"] == [[102, "Bob", 1], [104, "Dave", 4]]
    await h.slash(ALICE, "game export", number=gid)
    data = json.loads(h.last(ALICE).files[0][1])
    assert data["names"] == ["Alice", "Dave"]
    assert [e["player"] for e in data["log"]] == ["Alice", "Alice", "Bob", "Dave", "Alice", "Dave"]
    assert data["holders"][1] == {"seat": 1, "user_id": 104, "player": "Dave", "from": 4}
    await h.slash(ALICE, "game history", number=gid)
    history = h.last(ALICE).content
    assert "#3 · Bob" in history and "Bob adds 1" in history and "#4 · Dave" in history, history
    await h.slash(ALICE, "game replay", number=gid)  # the archive's replay: the result card at the end
    card = h.last(ALICE).content
    assert "Seat 1: Bob (moves 1–3), Dave (from move 4)" in card, card
    await h.slash(ALICE, "game replay", number=gid, move=3)
    assert "Bob" in h.last(ALICE).content.split("\n")[1], h.last(ALICE).content


async def test_refusals_change_nothing(bot):
    h = bot
    await h.slash(ALICE, "game replace", seat=1, user=DAVE)
    assert "no running game" in h.last(ALICE).content
    await h.slash(ALICE, "game new", game="tally", player2=BOB, bots=1, options="turns=2")
    await h.slash(ALICE, "game replace", seat=1, user=DAVE)  # not started yet
    assert "no running game" in h.last(ALICE).content
    await h.slash(ALICE, "game start")
    table = h.sessions.table(h.channel)
    seats = [(s.user_id, s.name) for s in table.seats]
    posts = len(h.posts())
    await h.slash(EVE, "game replace", seat=1, user=DAVE)
    assert "Only a player at this table, the person taking the seat or a server manager" in h.last(EVE).content
    await h.slash(ALICE, "game replace", seat=2, user=DAVE)
    assert "Seat 2 is a bot's" in h.last(ALICE).content
    await h.slash(ALICE, "game replace", seat=7, user=DAVE)
    assert "There is no seat 7 at this table (seats 0 to 2)." in h.last(ALICE).content
    await h.slash(ALICE, "game replace", seat=0, user=BOB)  # Bob already holds seat 1
    assert "Bob already holds a seat in this game: nobody holds two." in h.last(ALICE).content
    await h.slash(ALICE, "game replace", seat=0, user=ALICE)
    assert "Alice already holds a seat" in h.last(ALICE).content
    await h.slash(ALICE, "game replace", seat=0, user=h.user("Robo", bot=True))
    assert "A bot account cannot take a seat." in h.last(ALICE).content
    assert [(s.user_id, s.name) for s in table.seats] == seats and len(h.posts()) == posts
    # a replaced player cannot come back into a seat they hold elsewhere in the game
    await h.slash(BOB, "game replace", seat=1, user=DAVE)
    await h.slash(DAVE, "game replace", seat=1, user=ALICE)
    assert "Alice already holds a seat" in h.last(DAVE).content
    for _ in range(4):  # the game ends (bot seat moves on its own)
        up = table.to_move()
        if not up:
            break
        who = {0: ALICE, 1: DAVE}.get(up[0])
        if who is None:
            await h.wait(5)
            continue
        await h.slash(who, "move", move="pass")
    await h.wait(5)
    assert h.sessions.table(h.channel) is None
    await h.slash(DAVE, "game replace", seat=1, user=BOB)  # a finished game
    assert "no running game" in h.last(DAVE).content
    assert h.rows("SELECT user_id FROM seats WHERE game_id = ? ORDER BY seat", (table.record.id,))[1][0] == DAVE.id


async def test_the_seats_hidden_information_goes_to_the_new_holder_alone(make_harness, pbp_db):
    h = await make_harness(db=pbp_db, clock=ManualClock(START), seed=7)
    await h.slash(ALICE, "game new", game="bruges", player2=BOB)
    await h.slash(ALICE, "game start")
    table = h.sessions.table(h.channel)
    await h.slash(BOB, "hand")
    bobs = h.last(BOB)
    assert bobs.ephemeral
    await h.slash(DAVE, "hand")
    assert "seat" in h.last(DAVE).content.lower() and h.last(DAVE).content != bobs.content
    await h.slash(BOB, "game replace", seat=1, user=DAVE)
    await h.slash(DAVE, "hand")
    daves = h.last(DAVE)
    assert daves.ephemeral and daves.content == bobs.content.replace("Bob", "Dave")
    # the image holds the seat's cards: Dave's is seat 1's private view (not Alice's seat 0), drawn
    # under the names now
    seat1, seat0 = [await render_pool.draw("bruges", table.engine.view(table.state, s), table.names, s, locale="en")
                    for s in (1, 0)]
    assert shown(daves.png) == shown(seat1) != shown(seat0)
    await h.slash(BOB, "hand")  # Bob sees nothing of the seat now
    assert "seat" in h.last(BOB).content.lower() and not h.last(BOB).files
    assert table.seat_of(BOB.id) is None


async def test_traditional_chinese(bot):
    h = bot
    await tally_table(h, DORA)
    await h.slash(DAVE, "game replace", seat=1, user=DAVE)
    ask = h.last()
    await h.click(DORA, ask, "Hand it over")
    assert h.last().content.startswith("🔁 ") and "<@104>" in h.last().content
    await h.slash(DORA, "game replace", seat=1, user=EVE)
    assert "機器人" not in h.last(DORA).content and "找不到" not in h.last(DORA).content
    assert h.last(DORA).content == "只有這桌的玩家、要接手的人或伺服器管理員可以提出換人。"
