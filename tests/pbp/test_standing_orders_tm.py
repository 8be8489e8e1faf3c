"""Terra Mystica's standing orders for cult steps and town tiles (issue 36 item 1), through
discord.py's real code (the Discord harness): an order answers exactly the decisions it covers
(a cult step when one track alone gains, a town tile when one kind is left), leaves every other
to the player, answers at once and marked (Terra Mystica hides nothing: the table sees the
answer), and the "Standing orders" button under a turn post opens the clicker's own menu, which
saves an order.
"""

from __future__ import annotations

import pytest

from tests.harness import User
from tests.terra_mystica_table.test_tm_table_ui import open_table, play, view

ALICE, BOB, CAROL, DAVE = User(201, "Alice"), User(202, "Bob"), User(203, "Carol"), User(204, "Dave")
PEOPLE = [ALICE, BOB, CAROL]


@pytest.fixture
async def tm(make_harness):
    """The real bot, Terra Mystica seeded as the table tests expect."""
    return await make_harness(seed=4321)


def marked(h) -> list[str]:
    return [m.content for m in h.posts() if "standing order" in m.content]


async def log(h) -> list[str]:
    table = h.sessions.table(h.channel)
    return [m.text for m in await h.sessions.store.moves(table.record.id)]


async def cultists_table(h):
    """Alice's Cultists build a trading house next to Carol's Engineers: Carol is offered power."""
    await open_table(h, PEOPLE)
    for seat, text in ((0, "setup cultists"), (1, "setup witches"), (2, "setup engineers"),
                       (0, "build A7"), (1, "build I6"), (2, "build I3"),
                       (2, "build E7"), (1, "build I11"), (0, "build E6")):
        await play(h, seat, text)
    table = h.sessions.table(h.channel)
    for seat in (2, 1, 0):
        await play(h, seat, table.engine.legal_moves(table.state, seat, "pass ")[0])
    await play(h, 0, "upgrade E6 to TP")
    (offer,) = [o for o in view(h)["leeches"] if o["seat"] == 2]
    return offer


def block_three_tracks(h, seat: int) -> None:
    """FIRE, WATER and EARTH at 9 with no key: a step there gains nothing (10 needs a key)."""
    f = h.sessions.table(h.channel).state["factions"][seat]
    f["cult"] = [9, 9, 9, f["cult"][3]]
    f["keys"] = 0


async def test_a_cult_step_only_one_track_gains_is_taken_at_once_and_marked(tm):
    h = tm
    await cultists_table(h)
    await h.slash(ALICE, "game orders", cult=True)
    assert "Cult steps: answer when only one answer makes sense" in h.last(ALICE).content
    assert h.last(ALICE).ephemeral and not marked(h)
    block_three_tracks(h, 0)
    air = view(h)["players"][0]["cult"][3]
    await play(h, 2, "leech 1 from cultists")  # Carol takes power: the Cultists owe a step, off their turn
    assert view(h)["players"][0]["pending"]["CULT"] == 1
    await h.wait()  # no delay: nothing is hidden in Terra Mystica
    alice = view(h)["players"][0]
    assert alice["cult"] == [9, 9, 9, air + 1] and alice["pending"]["CULT"] == 0
    assert (await log(h))[-1] == "+AIR"
    (post,) = marked(h)  # the table sees the answer, marked as Alice's order
    assert post.startswith("📋 Alice's standing order: "), post
    assert "Air" in post or "AIR" in post, post


async def test_a_cult_step_with_a_choice_is_left_to_the_player(tm):
    h = tm
    await cultists_table(h)
    await h.slash(ALICE, "game orders", cult=True)
    await play(h, 2, "leech 1 from cultists")  # every track would gain: no sensible single answer
    n = h.sessions.table(h.channel).n
    await h.wait(600)
    assert view(h)["players"][0]["pending"]["CULT"] == 1 and h.sessions.table(h.channel).n == n
    assert not marked(h)
    await play(h, 0, "+FIRE")  # she answers herself, as always


async def test_a_cult_step_is_not_answered_without_the_cult_order(tm):
    """Orders for power offers and forced moves do not reach a cult step, even a one-answer one."""
    h = tm
    await cultists_table(h)
    await h.slash(ALICE, "game orders", power="all", town=True)
    block_three_tracks(h, 0)
    await play(h, 2, "leech 1 from cultists")
    n = h.sessions.table(h.channel).n
    await h.wait(600)
    assert view(h)["players"][0]["pending"]["CULT"] == 1 and h.sessions.table(h.channel).n == n
    assert not marked(h)


async def test_the_cult_order_answers_no_power_offer_and_no_turn(tm):
    """Carol orders cult steps only: her power offer and her own turn still wait for her."""
    h = tm
    offer = await cultists_table(h)
    await h.slash(CAROL, "game orders", cult=True, town=True)
    n = h.sessions.table(h.channel).n
    await h.wait(600)
    assert [o for o in view(h)["leeches"] if o["seat"] == 2] == [offer]
    assert h.sessions.table(h.channel).n == n and not marked(h)
    await play(h, 2, "decline 1 from cultists")
    await play(h, 1, next(f"pass {b}" for b in view(h)["bonus_cards"]))
    assert list(h.sessions.table(h.channel).to_move()) == [2]
    n = h.sessions.table(h.channel).n
    await h.wait(600)
    assert h.sessions.table(h.channel).n == n and not marked(h)


# --- town tiles: a league game's fourth round, the Fakirs found a town with E3 -------------------
async def fakirs_town(h, left: dict[str, int] | None = None):
    from tests.terra_mystica_table.tm_table_replay import state_before_line

    await open_table(h, PEOPLE, extra=[DAVE])
    table = h.sessions.table(h.channel)
    table.state = state_before_line(212)
    if left is not None:
        table.state["towns"] = {k: left.get(k, 0) for k in table.state["towns"]}
    assert view(h)["players"][3]["faction"] == "fakirs" and view(h)["to_move"] == [3]


async def test_a_town_tile_when_one_kind_is_left_is_taken_by_the_order(tm):
    h = tm
    await fakirs_town(h, left={"TW5": 1})
    await h.slash(DAVE, "game orders", town=True)
    assert "Town tiles: answer when only one answer makes sense" in h.last(DAVE).content
    await play(h, 3, "convert 3PW to 3C. upgrade E3 to TP")
    await h.wait()
    fakirs = view(h)["players"][3]
    assert fakirs["towns"] == ["TW5"] and fakirs["pending"]["TW"] == 0
    assert (await log(h))[-1] == "+TW5"
    assert marked(h) and marked(h)[-1].startswith("📋 Dave's standing order: "), marked(h)
    # the neighbours' power offers from the same upgrade are not the town order's: they wait
    assert view(h)["leeches"]


async def test_a_town_tile_with_a_choice_is_left_to_the_player(tm):
    h = tm
    await fakirs_town(h)
    assert sum(1 for n in view(h)["town_tiles"].values() if n) > 1
    await h.slash(DAVE, "game orders", town=True, cult=True, forced=True)
    await play(h, 3, "convert 3PW to 3C. upgrade E3 to TP")
    n = h.sessions.table(h.channel).n
    await h.wait(600)
    fakirs = view(h)["players"][3]
    assert fakirs["pending"]["TW"] == 1 and fakirs["towns"] == [] and h.sessions.table(h.channel).n == n
    assert not marked(h)


async def test_a_single_town_tile_is_not_taken_without_the_town_order(tm):
    h = tm
    await fakirs_town(h, left={"TW5": 1})
    await h.slash(DAVE, "game orders", cult=True, power="all")
    await play(h, 3, "convert 3PW to 3C. upgrade E3 to TP")
    await h.wait(600)
    assert view(h)["players"][3]["pending"]["TW"] == 1 and not marked(h)


# --- the button on a turn post -------------------------------------------------------------------
async def test_the_standing_orders_button_on_a_turn_post_opens_the_menu_and_saves(tm):
    h = tm
    await cultists_table(h)
    await play(h, 2, "decline 1 from cultists")
    await h.slash(BOB, "move", move=next(f"pass {b}" for b in view(h)["bonus_cards"]))  # Carol is up
    gid = h.sessions.table(h.channel).record.id
    button = f"pbp:ordm:{gid}"
    post = next(m for m in reversed(h.posts()) if button in m.custom_ids())
    assert CAROL.mention in post.content and "Standing orders" in post.labels()
    before = len(h.posts())
    await h.click(CAROL, post, button)
    menu = h.last(CAROL)
    assert menu.ephemeral and "Cult steps: ask me" in menu.content and "Carol" in menu.content
    cult = f"pbp:ord:{gid}:2:cult"
    assert cult in menu.custom_ids()
    await h.click(CAROL, menu, cult, values=["on"])
    assert "Cult steps: answer when only one answer makes sense" in h.last(CAROL).content
    assert len(h.posts()) == before  # nothing public: the orders are Carol's alone
    raw = await h.sessions.store.get_setting("orders", gid, "seats", {})
    assert raw["2"]["cult"] is True and not raw["2"]["town"]
    await h.restart()  # saved: a new process reads it back
    await h.slash(CAROL, "game orders")
    assert "Cult steps: answer when only one answer makes sense" in h.last(CAROL).content
    await h.slash(ALICE, "game orders")  # another player's menu shows her own, not Carol's
    assert "Cult steps: ask me" in h.last(ALICE).content
