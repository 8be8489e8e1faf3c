"""Hidden information (issue 30 item 8): Altiplano's secret planning changes no public text, number,
history row or button id; /games lists no table of a channel the caller cannot see."""

from __future__ import annotations

import re

import discord

from .client import User

ALICE, BOB, CAROL = User(301, "Alice"), User(302, "Bob"), User(303, "Carol")


async def planned(make_harness, plans: int) -> dict:
    """An Altiplano table where Alice has made ``plans`` secret planning moves and Bob one: what a
    spectator (Carol) reads of it."""
    h = await make_harness(seed=11)
    await h.slash(ALICE, "game new", game="altiplano", player2=BOB)
    await h.slash(ALICE, "game start")
    table = h.sessions.table(h.channel)
    for user, count in ((ALICE, plans), (BOB, 1)):
        seat = table.seat_of(user.id)
        for _ in range(count):
            move = next(m for m in table.engine.legal_moves(table.state, seat, "plan ") if not m.endswith(" "))
            await h.slash(user, "move", move=move)
    await h.slash(CAROL, "game status")
    status = h.last()
    await h.slash(CAROL, "game history")
    history = h.last(CAROL).content
    await h.slash(CAROL, "game board", move=2)  # a move made in both tables, but a secret one
    board = h.last(CAROL).content
    posts = [(m.content, m.custom_ids()) for m in h.posts(h.channel)]
    return {"status": (status.content, status.custom_ids()), "history": re.sub(r"\d\d:\d\d", "", history),
            "board": board, "posts": posts, "logged": len(h.rows("SELECT n FROM moves"))}


async def test_secret_planning_moves_leave_no_public_trace(make_harness):
    one, three = await planned(make_harness, 1), await planned(make_harness, 3)
    assert three["logged"] == one["logged"] + 2  # Alice's two more plans are in the log...
    assert three["status"] == one["status"]  # ...and nowhere a spectator can read them
    assert three["history"] == one["history"]
    assert three["board"] == one["board"] and "from 0 to 0" in one["board"]
    assert three["posts"] == one["posts"]


async def test_games_lists_no_table_of_a_hidden_channel(make_harness):
    h = await make_harness(seed=11)
    hidden = h.text_channel("staff-only")
    ch = h.discord.channels[hidden]
    ch["permission_overwrites"] = [{"id": str(h.guild_id), "type": 0, "allow": "0",
                                   "deny": str(discord.Permissions(view_channel=True).value)},
                                  {"id": str(ALICE.id), "type": 1, "deny": "0",
                                   "allow": str(discord.Permissions(view_channel=True).value)}]
    await h.gateway("CHANNEL_UPDATE", ch)
    await h.slash(ALICE, "game new", game="altiplano", player2=BOB, channel=hidden)
    await h.slash(ALICE, "game new", game="bruges", player2=BOB)
    await h.slash(CAROL, "games")
    listed = h.last(CAROL).content
    assert "Bruges" in listed and "Altiplano" not in listed and str(hidden) not in listed
    await h.slash(ALICE, "games")
    assert "Altiplano" in h.last(ALICE).content  # she may see the channel
