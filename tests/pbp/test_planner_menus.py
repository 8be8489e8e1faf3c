"""Planning by menu (issue 36 item 5, "typed or by menu") through discord.py's real code, on a
SQLite file and on PostgreSQL: the "Plan" button under the Play menu (and ``/plan`` without moves)
opens the Play button's own menus built on the player's private copy; each pick of a whole move is
added to the plan and the planner's message shows the board and resources after it, to that
player alone; the real game's log, snapshot, outbox, timers, polls and waits are row for row as
they were; the menus keep working after a restart.
"""

from __future__ import annotations

from bot.table import menus
from tests.harness import User
from tests.pbp.test_planner import PEOPLE, database
from tests.terra_mystica_table.test_tm_table_ui import _opening, open_table, view

ALICE, BOB, CAROL = PEOPLE


def select(message) -> dict | None:
    return next((c for c in message.items() if c["type"] == 3), None)


def values(message) -> list[str]:
    found = select(message)
    return [o["value"] for o in found["options"]] if found else []


async def walk(h, user: User, message, move: str) -> None:
    """Pick ``move`` in the planner's menu of ``message``: the stems that lead to it, then the move."""
    for _ in range(8):
        shown = h.discord.messages[message.id]
        offered = values(shown)
        assert offered, f"no menu on {shown.content!r}"
        if f"m:{move}" in offered:
            await h.click(user, shown, select(shown)["custom_id"], values=[f"m:{move}"])
            return
        stems = [v for v in offered if v.startswith("s:") and move.startswith(v[2:])]
        assert stems, f"{move!r} is not under any of {offered}"
        await h.click(user, shown, select(shown)["custom_id"], values=[max(stems, key=len)])
    raise AssertionError(f"never reached {move!r}")


async def plan_message(h, user: User):
    """The Play menu (as the Play button under a turn post opens it), then its "Plan" button."""
    gid = h.sessions.table(h.channel).record.id
    await h.click(user, h.old_message([f"mc:p:{gid}"]), f"mc:p:{gid}")
    play_menu = h.last(user)
    assert "Plan" in play_menu.labels() and select(play_menu) is not None
    await h.click(user, play_menu, "Plan")
    return h.last(user)


async def test_plan_by_menu_plays_on_the_copy_only(make_harness, pbp_db):
    h = await make_harness(db=pbp_db, seed=4321)
    await open_table(h, PEOPLE)
    await _opening(h)
    n, coins = h.sessions.table(h.channel).n, view(h)["players"][0]["coins"]
    before, posts = database(h), len(h.posts())

    planner_msg = await plan_message(h, ALICE)
    assert planner_msg.ephemeral and "You have no plan in Terra Mystica yet" in planner_msg.content
    assert "s:upgrade " in values(planner_msg)  # the Play menu's first level, on the copy
    play_menu = values(h.ephemeral(ALICE)[-2])
    assert values(planner_msg) == play_menu  # the same menus the Play button opens

    await h.click(ALICE, planner_msg, select(planner_msg)["custom_id"], values=["s:upgrade "])
    step = h.discord.messages[planner_msg.id]
    assert "m:upgrade E4 to TP" in values(step) and "Back" in step.labels()
    await h.restart()  # the menu of an ephemeral message outlives the process: the pick still goes
    before, posts = database(h), len(h.posts())  # (a restart sends what the outbox owed)
    await h.click(ALICE, step, select(step)["custom_id"], values=["m:upgrade E4 to TP"])
    done = h.discord.messages[planner_msg.id]
    assert "1. `upgrade E4 to TP`" in done.content and done.filename == "plan.png" and done.png
    line = next(x for x in done.content.splitlines() if x.startswith("Alice plays the Mermaids"))
    assert f"{coins - 3} coins" in line or f"{coins - 6} coins" in line, line
    assert "After these moves the table would wait for" in done.content
    assert select(done) is None  # on the copy it is no longer Alice's turn: nothing more to pick
    assert "Play this plan" in done.labels() and "Reset plan" in done.labels()

    assert h.sessions.table(h.channel).n == n and view(h)["players"][0]["coins"] == coins
    assert database(h) == before  # log, snapshot, outbox, timers, polls: row for row
    assert len(h.posts()) == posts  # nothing for the table

    await h.click(ALICE, done, "Play this plan")  # and it plays for real, as a typed move
    log = [m.text for m in await h.sessions.store.moves(h.sessions.table(h.channel).record.id)]
    assert log[-1] == "upgrade E4 to TP" and h.sessions.table(h.channel).n == n + 1


async def test_a_row_of_several_actions_by_menu_and_back(make_harness):
    """A free action then an action, picked level by level (one row, as the menus build it);
    "Back" returns to the first level without touching the plan."""
    h = await make_harness(seed=4321)
    await open_table(h, PEOPLE)
    await _opening(h)
    await h.slash(ALICE, "plan")  # /plan without moves: the plan and the same menus
    msg = h.last(ALICE)
    assert "s:burn " in values(msg)
    await h.click(ALICE, msg, select(msg)["custom_id"], values=["s:burn "])
    await h.click(ALICE, msg, "Back")
    assert "s:burn " in values(h.discord.messages[msg.id]) and "No moves planned" not in msg.content
    table = h.sessions.table(h.channel)
    state = table.state
    target = next(m for m in table.engine.legal_moves(state, 0, "burn 1. upgrade ") if "E4" in m)
    assert menus.path_to("terra-mystica", table.engine, state, 0, target) is not None
    await walk(h, ALICE, msg, target)
    shown = h.discord.messages[msg.id].content
    assert f"1. `{target}`" in shown, shown


async def test_a_menu_of_an_older_plan_adds_nothing(make_harness):
    """Two planner messages: a pick in the first changes the plan, so a pick in the second (built
    on the plan before it) is not added; the message shows the plan as it stands."""
    h = await make_harness(seed=4321)
    await open_table(h, PEOPLE)
    await _opening(h)
    first = await plan_message(h, ALICE)
    second = await plan_message(h, ALICE)
    await walk(h, ALICE, first, "upgrade E4 to TP")
    await h.click(ALICE, second, select(second)["custom_id"], values=["s:upgrade "])
    text = h.discord.messages[second.id].content
    assert "another version of your plan" in text and "1. `upgrade E4 to TP`" in text and "2." not in text


async def test_only_a_seated_player_plans_and_the_menus_are_worded_in_zh(make_harness):
    h = await make_harness(seed=4321)
    dora, eve = User(204, "Dora", locale="zh-TW"), User(205, "Eve")
    await open_table(h, [dora, BOB, CAROL])
    await _opening(h)
    gid = h.sessions.table(h.channel).record.id
    await h.click(dora, h.old_message([f"mc:p:{gid}"]), f"mc:p:{gid}")
    assert "規劃" in h.last(dora).labels()
    await h.click(dora, h.last(dora), "規劃")
    assert "還沒有規劃" in h.last(dora).content and values(h.last(dora))
    await h.click(eve, h.old_message([f"pbp:plano:{gid}"]), f"pbp:plano:{gid}")
    assert "Only a seated player can plan" in h.last(eve).content and select(h.last(eve)) is None


async def test_west_of_africa_secret_cards_picked_in_the_multi_select(make_harness):
    """West of Africa's card choice is one multi-select: picked in the planner, the cards are one
    move on the copy (secret there too: the copy then waits for the others, whose real choices it
    does not hold)."""
    from tests.harness.play import open_game

    h = await make_harness(seed=11)
    people = await open_game(h, "west-of-africa", 3)
    table = h.sessions.table(h.channel)
    await h.slash(people[1], "move", move=next(m for m in table.engine.legal_moves(table.state, 1, "choose ")
                                                if not m.endswith(" ")))
    before = database(h)
    await h.slash(people[0], "plan")
    msg = h.last(people[0])
    menu = select(msg)
    assert menu["custom_id"].endswith(":choose") and menu.get("max_values", 1) > 1, menu
    picked = [o["value"] for o in menu["options"]][:menu.get("min_values", 1)]
    await h.click(people[0], msg, menu["custom_id"], values=picked)
    text = h.discord.messages[msg.id].content
    assert f"1. `choose {' '.join(picked)}`" in text, text
    assert "After these moves the table would wait for Player2, Player3" in text, text
    assert database(h) == before
