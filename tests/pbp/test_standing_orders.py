"""Standing orders (issue 36, item 1) through discord.py's real code (the Discord harness): the
answers a player leaves to the bot answer the decisions they cover and no others, are seen by
nobody else where the decision is hidden, survive a restart, and lapse as documented.

Terra Mystica (open information): power offers answered at once, marked as a standing order.
The Tally toy with secret opening bids (hidden information): a forced bid answered after a
random delay, unmarked, so nobody else can tell an order exists.
"""

from __future__ import annotations

import pytest

from bot.table.pbp.orders import DELAY, Orders, PowerOrder, answer
from bot.table.timers import ManualClock
from tests.harness import User
from tests.terra_mystica_table.test_tm_table_ui import _opening, open_table, play, view

from .conftest import START

ALICE, BOB, CAROL = User(201, "Alice"), User(202, "Bob"), User(203, "Carol")
PEOPLE = [ALICE, BOB, CAROL]
ZH = User(204, "Dora", locale="zh-TW")


@pytest.fixture
async def tm(make_harness):
    """The real bot, Terra Mystica seeded as the table tests expect."""
    return await make_harness(seed=4321)


def marked(h) -> list[str]:
    return [m.content for m in h.posts() if "standing order" in m.content]


async def test_power_offers_answered_by_the_order_and_no_other_decision(tm):
    h = tm
    await open_table(h, PEOPLE)
    await _opening(h)
    await h.slash(CAROL, "game orders", power="vp1-ask")
    menu = h.last(CAROL)
    assert menu.ephemeral and "Power offers: take offers costing at most 1 VP, ask me about the rest" in menu.content
    assert not marked(h)

    # a free offer for Carol: taken at once, in the table's view as a move marked as her order
    await play(h, 0, "upgrade E4 to TP")
    await h.wait()
    assert view(h)["leeches"] == []
    (post,) = marked(h)
    assert post.startswith("📋 Carol's standing order: Carol takes 1 power from Alice"), post

    # Carol's own turn is never played for her: her orders cover power offers only
    await play(h, 1, next(f"pass {b}" for b in view(h)["bonus_cards"]))
    table = h.sessions.table(h.channel)
    assert list(table.to_move()) == [2]
    n = table.n
    await h.wait(600)
    assert h.sessions.table(h.channel).n == n and len(marked(h)) == 1


async def test_a_costly_offer_asks_or_declines_as_ordered(tm):
    """Alice's 2-power offer costs 1 VP: "free, ask me about the rest" leaves it to her;
    "free, decline the rest" declines it; "at most 1 VP" takes it."""
    h = tm
    await open_table(h, PEOPLE)
    await _opening(h)
    await play(h, 0, "upgrade E4 to TP")
    await play(h, 2, "decline 1 from mermaids")
    await play(h, 1, next(f"pass {b}" for b in view(h)["bonus_cards"]))
    await h.slash(ALICE, "game orders", power="free-ask")
    await play(h, 2, "upgrade E5 to TP")  # 2 power for the Mermaids, for 1 VP
    await h.wait(60)
    assert [o["amount"] for o in view(h)["leeches"] if o["seat"] == 0] == [2]
    vp = view(h)["players"][0]["vp"]
    await h.slash(ALICE, "game orders", power="vp1")  # changed: looked at again at once
    await h.wait()
    assert view(h)["leeches"] == [] and view(h)["players"][0]["vp"] == vp - 1
    assert marked(h) and marked(h)[-1].startswith("📋 Alice's standing order: Alice takes 2 power")


async def test_orders_survive_a_restart_and_lapse_with_an_undo(tm):
    h = tm
    await open_table(h, PEOPLE)
    await _opening(h)
    await h.slash(CAROL, "game orders", power="all")
    set_at = h.sessions.table(h.channel).n
    await h.restart()  # a new process: the orders come from the database
    await play(h, 0, "upgrade E4 to TP")
    await h.wait()
    assert view(h)["leeches"] == [] and len(marked(h)) == 1

    # an undo that takes back the move the orders were set at ends them (the board they foresaw is gone)
    table = h.sessions.table(h.channel)
    last = (await h.sessions.store.moves(table.record.id))[set_at - 1]
    while h.sessions.table(h.channel).n >= set_at:
        assert (await h.sessions.undo(h.channel)).ok
    await h.wait()
    await h.slash(CAROL, "game orders")
    assert "Power offers: ask me every time" in h.last(CAROL).content
    await play(h, last.seat, last.text)  # the same moves again: now the offer waits for Carol
    await play(h, 0, "upgrade E4 to TP")
    await h.wait(600)
    assert view(h)["leeches"] and len(marked(h)) == 1


# --- hidden information: Tally's secret opening bids ---------------------------------------------
@pytest.fixture
async def toy(tally, make_harness, pbp_db):
    """The real bot with the Tally toy on a manual clock, on SQLite and on PostgreSQL."""
    return await make_harness(db=pbp_db, clock=ManualClock(START), seed=7)


async def secret_table(h, top: int = 0):
    await h.slash(ALICE, "game new", game="tally", player2=BOB, options=f"bids=on top={top}")
    await h.slash(ALICE, "game start")


async def test_a_forced_secret_move_waits_unmarked_and_nobody_else_sees_the_order(toy):
    h = toy
    await secret_table(h)
    before = len(h.posts())
    await h.slash(BOB, "game orders", forced=True)
    mine = h.last(BOB)
    assert mine.ephemeral and "Forced moves: play my only legal move" in mine.content
    assert "wait a few minutes and are not marked" in mine.content
    assert len(h.posts()) == before  # nothing public
    await h.slash(ALICE, "game orders")  # Alice's menu is hers: Bob's orders are not in it
    assert "Forced moves: ask me" in h.last(ALICE).content

    await h.wait(DELAY[0] - 1)  # not at once: an instant answer would tell it was forced
    table = h.sessions.table(h.channel)
    assert 1 in table.to_move() and len(h.posts()) == before
    await h.wait(DELAY[1] - DELAY[0] + 2)
    assert 1 not in h.sessions.table(h.channel).to_move()
    public = [m.content for m in h.posts()[before:]]
    assert public and all("order" not in text and "automatic" not in text for text in public), public
    assert "Bob is ready" in public[-1]


async def test_a_waiting_answer_survives_a_restart_and_is_dropped_when_the_player_moves_first(toy):
    h = toy
    await secret_table(h)
    await h.slash(BOB, "game orders", forced=True)
    await h.slash(ALICE, "game orders", forced=True)
    await h.restart()
    await h.slash(ALICE, "move", move="bid 0")  # Alice bids herself before her order's delay
    await h.wait(DELAY[1] + 1)  # Bob's answer, scheduled before the restart, is played after it
    table = h.sessions.table(h.channel)
    assert table.state["bids"] == {"0": 0, "1": 0} and table.state["phase"] == "play"
    log = [m.text for m in await h.sessions.store.moves(table.record.id)]
    assert log == ["bid 0", "bid 0"]  # one bid each: Alice's order did not play a second


async def test_a_choice_is_never_answered_by_the_forced_move_order(toy):
    h = toy
    await secret_table(h, top=3)
    await h.slash(BOB, "game orders", forced=True)
    await h.wait(DELAY[1] + 1)
    assert 1 in h.sessions.table(h.channel).to_move()


async def test_orders_menu_in_traditional_chinese(toy):
    h = toy
    await h.slash(ALICE, "game new", game="tally", player2=ZH, options="bids=on top=0")
    await h.slash(ALICE, "game start")
    await h.slash(ZH, "game orders")
    menu = h.last(ZH)
    assert "你在《" in menu.content and "只有一種走法：問我" in menu.content
    labels = [o["label"] for i in menu.items() if i["type"] == 3 for o in i["options"]]
    assert "替我走那唯一的合法行動" in labels
    await h.click(ZH, menu, "pbp:ord:" + menu.custom_ids()[0].split(":", 2)[2], values=["on"])
    assert "只有一種走法：替我走那唯一的合法行動" in h.last(ZH).content


def test_power_order_rules():
    """The rule itself: cost = power taken - 1 VP; take when cost <= vp or power >= power."""
    from games.terra_mystica import GAME

    state = GAME.setup(3, 1)
    view = {"players": [{"faction": "witches", "power": [5, 7, 0], "vp": 20},
                        {"faction": "nomads", "power": [5, 7, 0], "vp": 20}, {}],
            "leeches": [{"seat": 1, "from": 0, "amount": 3}]}
    from bot.table.games.terra_mystica_orders import power_answer

    assert power_answer(view, 1, PowerOrder(vp=2)) == "leech 3 from witches"
    assert power_answer(view, 1, PowerOrder(vp=1, otherwise="decline")) == "decline 3 from witches"
    assert power_answer(view, 1, PowerOrder(vp=1, otherwise="ask")) is None
    assert power_answer(view, 1, PowerOrder(power=3, otherwise="ask")) == "leech 3 from witches"
    assert power_answer(view, 0, PowerOrder(vp=9)) is None  # no offer for seat 0
    assert answer("terra-mystica", GAME, state, 0, Orders()) is None  # no orders: asked
