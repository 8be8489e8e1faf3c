"""League posts through the durable outbox (issue 30): the draw, each table opened, a stall
reminder, the standings at each table's end and the season's end are written with what they
report and delivered once by the one sender. Through the Discord harness, on both backends: a
storm of 503s on every message while the season is drawn, a restart in the middle of it (the
posts still owed), then Discord heals: each post arrives exactly once, none is lost, and the
same again for a stall reminder and the standings."""

from __future__ import annotations

import json
import sqlite3

from bot.table.posts import notice, to_json
from tests.harness import Harness
from tests.harness.discord_api import CREATE

OPTIONS = {"season-name": "Spring", "tables-per-player": 1, "options": "turns=1"}


def owed(h: Harness) -> list[tuple]:
    return h.rows("SELECT channel_id, message_id IS NOT NULL, failed FROM league_posts ORDER BY id")


def count(h: Harness, channel: int, text: str) -> int:
    return len([m for m in h.posts(channel) if text in m.content])


def tables(h: Harness) -> list[tuple]:
    got = h.rows("SELECT division, number, seats, thread_id, game_id FROM league_tables ORDER BY division, number")
    return [(d, n, json.loads(s), t, g) for d, n, s, t, g in got]


async def test_a_503_storm_and_a_restart_mid_draw_post_each_league_post_once(make_harness, tally, backend):
    h = await make_harness(**({"db": backend["url"]} if "url" in backend else {}))
    admin = h.user("Admin", manage=True)
    people = [h.user(f"P{i}") for i in range(6)]
    by_id = {u.id: u for u in people}

    # --- the sign-up post in a storm, a restart before Discord takes it ---------------------------
    h.discord.fail(CREATE, 503, times=10_000, channel=h.channel)
    await h.slash(admin, "league new", game="tally", players=3, **OPTIONS)
    assert "as soon as Discord does" in h.last(admin).content and count(h, h.channel, "Sign-up closes") == 0
    await h.restart()
    h.discord.heal()
    await h.wait(60)
    signups = [m for m in h.posts(h.channel) if "Sign-up closes" in m.content]
    assert len(signups) == 1 and signups[0].labels() == ["Sign up", "Withdraw"]
    signup = signups[0]
    assert h.rows("SELECT message_id, status FROM leagues") == [(signup.id, "signup")]
    for user in people:
        await h.click(user, signup, "Sign up")
    assert "Signed up (6)" in h.discord.messages[signup.id].content  # the late post is edited as players come

    # --- the draw in a storm: every message Discord is asked for answers 503 ------------------
    storm = h.discord.fail(CREATE, 503, times=10_000)
    await h.wait(hours=48)
    drawn = tables(h)
    assert len(drawn) == 2 and all(thread and game for *_, thread, game in drawn)
    assert storm.hits > 0 and count(h, h.channel, "is drawn") == 0
    draw_rows = owed(h)[1:]  # after the sign-up's
    assert draw_rows and all(not delivered and failed is None for _, delivered, failed in draw_rows), "all owed"
    with h.expecting_errors():  # whatever the shutdown logs while Discord fails
        await h.restart()  # the bot stops with the draw's posts undelivered
    h.discord.heal()
    await h.wait(600)
    assert count(h, h.channel, "is drawn") == 1
    for _d, _n, _seats, thread, _g in drawn:
        assert count(h, thread, "🏆 **Spring**") == 1 and count(h, thread, "begins") == 1
    assert all(delivered and failed is None for _, delivered, failed in owed(h))
    made = len(owed(h))

    # --- a stall reminder in a storm, then the standings in one, with a restart ---------------
    storm = h.discord.fail(CREATE, 503, times=3)
    await h.wait(hours=72)
    await h.wait(60)
    for _d, _n, _seats, thread, _g in drawn:
        assert count(h, thread, "no move for 72 hours") == 1
    (_d, _n, seats, thread, _g), (_d2, _n2, seats2, thread2, _g2) = drawn
    storm = h.discord.fail(CREATE, 503, times=10_000, channel=h.channel)
    for uid in seats:
        await h.slash(by_id[uid], "move", channel=thread, move="pass")
    assert count(h, h.channel, "is over:") == 0 and storm.hits > 0
    h.discord.heal()  # Discord is back as the bot stops: the last try at closing sends it, board and all
    await h.restart()
    await h.wait(600)
    over = [m for m in h.posts(h.channel) if "is over:" in m.content]
    assert len(over) == 1 and over[0].png is not None
    for uid in seats2:
        await h.slash(by_id[uid], "move", channel=thread2, move="pass")
    await h.wait(60)
    final = [m for m in h.posts(h.channel) if "season of **Spring** is over" in m.content]
    assert len(final) == 1 and final[0].png is not None
    assert count(h, h.channel, "is over:") == 2
    assert h.rows("SELECT status FROM leagues") == [("finished",)]
    assert len(owed(h)) == made + 2 + 2 and all(delivered for _, delivered, _ in owed(h))
    await h.restart()
    await h.wait(600)
    assert count(h, h.channel, "is over:") == 2 and count(h, h.channel, "is drawn") == 1
    assert count(h, h.channel, "Sign-up closes") == 0 and len([m for m in h.posts(h.channel) if m.labels()]) == 0


async def test_a_sign_up_post_the_channel_refuses_calls_the_league_off(make_harness, tally):
    h = await make_harness()
    admin = h.user("Admin", manage=True)
    h.deny(h.channel, "send")
    await h.slash(admin, "league new", game="tally", players=3, **OPTIONS)
    assert "may not post" in h.last(admin).content
    await h.wait(5)
    assert h.rows("SELECT status FROM leagues") == [("cancelled",)]
    assert h.rows("SELECT failed FROM league_posts") == [("denied",)]


async def test_a_delayed_league_post_holds_back_the_next_one_to_its_channel(make_harness, tally):
    """Two posts a league owes one channel (say, a draw in two parts): the first delayed by a
    503, the second must not overtake it."""
    h = await make_harness()
    admin = h.user("Admin", manage=True)
    await h.slash(admin, "league new", game="tally", players=3, **OPTIONS)
    [(league_id,)] = h.rows("SELECT id FROM leagues")
    con = sqlite3.connect(h.db_path)
    with con:
        for text in ("part one", "part two"):
            con.execute("INSERT INTO league_posts (league_id, channel_id, post, created_at) VALUES (?, ?, ?, ?)",
                        (league_id, h.channel, to_json(notice(text, channel_id=h.channel)), "2026-01-01T00:00:00"))
    con.close()
    hiccup = h.discord.fail(CREATE, 503, times=1, channel=h.channel)
    went = await h.bot.outbox.owe_league(league_id)
    assert went == ["retry", "retry"] and hiccup.hits == 1  # the second waits behind the first
    await h.wait()  # the retry starts its pause
    await h.wait(60)
    parts = [m.content for m in h.posts(h.channel) if m.content.startswith("part ")]
    assert parts == ["part one", "part two"]
    assert all(delivered for _, delivered, _ in owed(h))
