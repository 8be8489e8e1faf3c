"""Component ids are checked (issue 30 item 6), and server commands stay out of DMs (item 4).

A button or menu id is checked against the channel it is clicked in: one naming another
channel's game (forged, or copied from elsewhere) shows nothing of it. A malformed or unknown id
gets a short private answer ("this button is from an older post"), never an exception or
Discord's "This interaction failed" (the harness fails a test on an unanswered interaction or a
logged error).
"""

from __future__ import annotations

import pytest

from .client import User
from .discord_api import FOLLOWUP, Message, snowflake

ALICE, BOB, CAROL = User(101, "Alice"), User(102, "Bob"), User(103, "Carol")
STALE = "older post"
ELSEWHERE = "another channel"


async def played(h, channel=None) -> int:
    """A tally table of Alice and Bob in ``channel`` after Alice's first turn; its game id."""
    await h.slash(ALICE, "game new", game="tally", player2=BOB, channel=channel)
    await h.slash(ALICE, "game start", channel=channel)
    await h.slash(ALICE, "move", move="pass", channel=channel)
    return h.sessions.table(channel or h.channel).record.id


@pytest.mark.parametrize("custom_id", ["zz:nothing", "mc:fb:abc:1", "mc:fb:1", "mc:p:", "tm:leech:1:2",
                                       "pbp:page:", "pbp:page:²:1", "pbp:page:1:①", "x" * 100])
async def test_an_unknown_or_malformed_id_is_answered_kindly(h, custom_id):
    await played(h)
    await h.click(CAROL, h.old_message([custom_id]), 0)
    answer = h.last(CAROL)
    assert answer.ephemeral and (STALE in answer.content or ELSEWHERE in answer.content)


async def test_a_full_board_id_of_another_channels_game_shows_nothing(h):
    secret = h.text_channel("private-table")
    gid = await played(h, secret)
    await played(h)
    requests = len(h.requests(FOLLOWUP))
    await h.click(CAROL, h.old_message([f"mc:fb:{gid}:1"]), 0)  # clicked in #general
    answer = h.last(CAROL)
    assert ELSEWHERE in answer.content and answer.png is None
    assert len(h.requests(FOLLOWUP)) == requests + 1
    await h.click(CAROL, h.old_message([f"mc:fb:{gid}:1"], channel=secret), 0)  # in its own channel: shown
    assert h.last(CAROL).png is not None


async def test_a_history_page_id_of_another_channels_game_shows_nothing(h):
    secret = h.text_channel("private-table")
    gid = await played(h, secret)
    await h.click(CAROL, h.old_message([f"pbp:page:{gid}:1"]), 0)
    answer = h.last(CAROL)
    assert ELSEWHERE in answer.content and "Alice" not in answer.content
    await h.click(CAROL, h.old_message([f"pbp:page:{gid}"]), 0)  # no page number: refused, no exception
    assert ELSEWHERE in h.last(CAROL).content


async def test_a_damaged_menu_value_brings_the_menu_back(h):
    gid = await played(h)
    table = h.sessions.table(h.channel)
    menu = Message(snowflake(), h.channel, "menu", ephemeral=True, user_id=BOB.id, components=[
        {"type": 1, "components": [{"type": 3, "custom_id": f"mc:w:{gid}:1:{table.n}",
                                    "options": [{"label": "broken", "value": "g:abc:"}]}]}])
    h.discord.visible(menu)
    h.discord.messages[menu.id] = menu
    await h.click(BOB, menu, 0, values=["g:abc:"])
    assert "out of date" in menu.content and menu.components and table.n == h.sessions.table(h.channel).n


async def test_a_server_command_from_a_dm_is_refused(h):
    """Discord offers /game only in servers; a registration it kept from before says otherwise:
    the bot refuses all the same, and no table is made in the DM."""
    for command in h.discord.commands:
        command.pop("contexts", None)
        command.pop("dm_permission", None)
    dm = h.dm(ALICE)
    await h.slash(ALICE, "game new", game="tally", channel=dm)
    assert "server" in h.last(ALICE).content and h.rows("SELECT COUNT(*) FROM games") == [(0,)]
