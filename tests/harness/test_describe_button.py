"""The "Describe the board" button under a turn post (issue 36 item 7): the clicker alone gets the
same text as ``/game status detail:full`` (the public board's facts, in pages), in their own
language; nothing is posted; it works after a restart, and a button of another channel's game or
of a game that ended says so instead.
"""

from __future__ import annotations

from .client import User
from .play import open_game

ZH = User(520, "Dora", locale="zh-TW")


def described(h, user, since: int) -> list[str]:
    return [m.content for m in h.ephemeral(user)[since:]]


async def turn_post(h):
    return next(m for m in reversed(h.posts(h.channel)) if "Describe the board" in m.labels())


async def test_the_button_gives_the_full_status_text_to_the_clicker_alone(make_harness):
    h = await make_harness(seed=11)
    people = await open_game(h, "bruges", 3)
    post = await turn_post(h)
    gid = h.sessions.table(h.channel).record.id
    assert f"mc:db:{gid}" in post.custom_ids()
    posts = len(h.posts())

    since = len(h.ephemeral(people[1]))
    await h.slash(people[1], "game status", detail="full")
    full = described(h, people[1], since)
    assert full and full[0].startswith("The board of Bruges after move")
    since = len(h.ephemeral(people[1]))
    await h.click(people[1], post, "Describe the board")
    assert described(h, people[1], since) == full
    assert len(h.posts()) == posts  # for the clicker alone

    await h.restart()
    since = len(h.ephemeral(people[2]))
    await h.click(people[2], post, "Describe the board")  # anyone at the channel, after a restart
    assert described(h, people[2], since) == full


async def test_the_description_is_in_the_readers_language(make_harness):
    h = await make_harness(seed=11)
    await open_game(h, "terra-mystica", 3)
    post = await turn_post(h)
    since = len(h.ephemeral(ZH))
    await h.slash(ZH, "game status", detail="full")
    full = described(h, ZH, since)
    assert full and "圖板文字描述" in full[0]
    since = len(h.ephemeral(ZH))
    await h.click(ZH, post, "Describe the board")
    assert described(h, ZH, since) == full


async def test_another_channels_game_or_an_ended_one_is_not_described(make_harness):
    h = await make_harness(seed=11)
    people = await open_game(h, "amerigo", 3)
    gid = h.sessions.table(h.channel).record.id
    other = h.text_channel("elsewhere")
    await h.click(people[0], h.old_message([f"mc:db:{gid}"], channel=other), f"mc:db:{gid}")
    assert "another channel's game" in h.last(people[0]).content
    await h.slash(people[0], "game abort")
    await h.click(people[0], h.old_message([f"mc:db:{gid}"]), f"mc:db:{gid}")
    assert "no longer running here" in h.last(people[0]).content
