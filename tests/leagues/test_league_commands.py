"""The league commands through the Discord harness: bad input refused with nothing changed, who
may do what, too few players, calling a league off, the rules in /help, and zh-TW."""

from __future__ import annotations

import pytest

from tests.harness import Harness

SPRING = {"season-name": "Spring", "options": "turns=3"}


def leagues(h: Harness) -> list[tuple]:
    return h.rows("SELECT id, status FROM leagues ORDER BY id")


async def test_bad_input_is_refused_and_changes_nothing(make_harness, tally):
    h = await make_harness()
    admin, ann = h.user("Admin", manage=True), h.user("Ann")
    await h.slash(ann, "league new", game="tally", players=3, **SPRING)
    assert "Manage Server" in h.ephemeral(ann)[-1].content
    cases = [
        ({"game": "chess", "players": 3, **SPRING}, "don't know"),
        ({"game": "tally", "players": 5, **SPRING}, "takes 1 to 4 players"),
        ({"game": "tally", "players": 3, **SPRING, "options": "turns"}, "turns"),
        ({"game": "tally", "players": 3, **SPRING, "options": "colour=blue"}, "colour"),
        ({"game": "tally", "players": 3, **SPRING, "options": "rated=maybe"}, "rated"),
        ({"game": "tally", "players": 3, "season-name": "x" * 61}, "1 to 60 characters"),
    ]
    for options, said in cases:
        await h.slash(admin, "league new", **options)
        assert said in h.ephemeral(admin)[-1].content, (options, h.ephemeral(admin)[-1].content)
    assert leagues(h) == [] and h.posts() == [], "nothing was created, nothing posted"
    await h.slash(ann, "league standings")
    assert "no league yet" in h.ephemeral(ann)[-1].content


async def test_too_few_players_keep_sign_up_open_then_the_league_is_drawn(make_harness, tally):
    h = await make_harness()
    admin = h.user("Admin", manage=True)
    await h.slash(admin, "league new", game="tally", players=3, **SPRING, **{"signup-hours": 2})
    signup = h.posts()[-1]
    ann, bo, cy = h.user("Ann"), h.user("Bo"), h.user("Cy")
    await h.click(ann, signup, "Sign up")
    await h.click(bo, signup, "Sign up")
    await h.wait(hours=2)
    assert "has 2 players signed up; a table needs 3" in h.posts()[-1].content
    assert leagues(h)[0][1] == "signup" and h.discord.messages[signup.id].labels() == ["Sign up", "Withdraw"]
    await h.click(cy, signup, "Sign up")
    await h.wait(hours=24)
    assert leagues(h)[0][1] == "running"
    assert h.rows("SELECT COUNT(*) FROM league_tables WHERE status = 'playing'") == [(2,)]


async def test_an_admin_calls_a_league_off_and_its_buttons_say_so(make_harness, tally):
    h = await make_harness()
    admin, ann = h.user("Admin", manage=True), h.user("Ann")
    await h.slash(admin, "league new", game="tally", players=2, **SPRING)
    signup = h.posts()[-1]
    await h.click(ann, signup, "Sign up")
    await h.slash(ann, "league cancel")
    assert "Manage Server" in h.ephemeral(ann)[-1].content and leagues(h)[0][1] == "signup"
    await h.slash(admin, "league cancel")
    assert leagues(h)[0][1] == "cancelled"
    assert "called off by Admin" in h.posts()[-1].content
    assert "This league was called off." in h.discord.messages[signup.id].content
    assert h.discord.messages[signup.id].labels() == []
    old = h.old_message([f"lg:join:{leagues(h)[0][0]}"])
    await h.click(ann, old, 0)
    assert "is closed" in h.ephemeral(ann)[-1].content
    await h.wait(hours=72)
    assert h.rows("SELECT COUNT(*) FROM league_tables") == [(0,)], "a called-off league is never drawn"
    await h.slash(admin, "league next", league=leagues(h)[0][0], **{"season-name": "Summer"})
    assert "was called off: it has no next season" in h.ephemeral(admin)[-1].content
    assert len(leagues(h)) == 1


@pytest.mark.parametrize(("locale", "said"), [
    ("en-US", "**Tie-breaks**, in order: 1. league points; 2. tables won; 3. head to head"),
    ("zh-TW", "**同分決勝**，依序比：1. 聯賽積分；2. 拿第一的桌數；3. 相互對戰"),
])
async def test_help_publishes_the_points_and_tie_breaks(make_harness, locale, said):
    h = await make_harness()
    reader = h.user("Reader", locale=locale)
    await h.slash(reader, "help", game="leagues")
    assert said in "\n".join(m.content for m in h.ephemeral(reader))
    choices = await h.complete(reader, "help", "game", "lea")
    assert "leagues" in [c.value for c in choices]


async def test_a_zh_tw_server_reads_its_sign_up_post_in_zh_tw(make_harness, tally):
    h = await make_harness(guild_locale="zh-TW")
    admin = h.user("Admin", manage=True, locale="zh-TW")
    await h.slash(admin, "league new", game="tally", players=2, **SPRING)
    post = h.posts()[-1]
    assert "聯賽，第 1 季" in post.content and "報名於" in post.content
    assert post.labels() == ["報名", "退出報名"]
    assert "開放報名了" in h.ephemeral(admin)[-1].content


async def test_a_table_discord_would_not_open_is_opened_on_the_retry_after_a_restart_once(make_harness, tally):
    """The draw opens table 1, Discord refuses table 2's thread: the deadline's timer fails and is
    tried again (5 minutes later), here by the next process after a restart; table 1 keeps its
    thread and game, table 2 gets one of each, nobody is seated twice."""
    h = await make_harness()
    admin = h.user("Admin", manage=True)
    await h.slash(admin, "league new", game="tally", players=3, **SPRING, **{"tables-per-player": 1})
    signup = h.posts()[-1]
    for name in ("Ann", "Bo", "Cy", "Di", "Ed", "Flo"):
        await h.click(h.user(name), signup, "Sign up")
    h.discord.fail("POST /channels/{channel_id}/threads", 403, 50013, after=1, message="Missing Permissions")
    with h.expecting_errors() as logged:
        await h.wait(hours=48)
    assert any("league-deadline" in r.getMessage() for r in logged), "the timer failed and is tried again"
    assert leagues(h)[0][1] == "running"
    opened = h.rows("SELECT number, thread_id, game_id, status FROM league_tables ORDER BY number")
    assert [(n, t is not None, g is not None, s) for n, t, g, s in opened] == [(1, True, True, "playing"),
                                                                              (2, False, False, "drawn")]
    first = opened[0]
    await h.restart()
    await h.wait(seconds=5 * 60)
    opened = h.rows("SELECT number, thread_id, game_id, status FROM league_tables ORDER BY number")
    assert opened[0] == first, "table 1 kept its thread and its game"
    assert opened[1][1] is not None and opened[1][2] is not None and opened[1][3] == "playing"
    threads = [r for r in h.discord.requests if r.route == "POST /channels/{channel_id}/threads"]
    assert len(threads) == 3, "table 1's thread, table 2's refused, table 2's on the retry"
    assert h.rows("SELECT COUNT(*) FROM games") == [(2,)]
    seated = [u for (u,) in h.rows("SELECT user_id FROM seats")]
    assert len(seated) == 6 and len(set(seated)) == 6, "everybody at one table, once"
    assert "Tally** begins" in h.posts(opened[1][1])[1].content
