"""/leaderboard, /stats and /me settings stats through the Discord harness (real discord.py)."""

from __future__ import annotations

import random
import re

from bot.table.sessions import Actor

from .helpers import final_move


async def play_games(h, tables: list[list], seed: int = 1) -> list[int]:
    """Finished West of Africa games on the harness's server, one channel each."""
    ids = []
    for i, people in enumerate(tables):
        channel = h.text_channel(f"t{i}")
        actors = [Actor(u.id, u.name) for u in people]
        made = await h.sessions.create(channel, actors[0], "west-of-africa", actors[1:], guild_id=h.guild_id)
        assert (await h.sessions.start(channel, actors[0])).ok
        rnd = random.Random(seed + i)
        while h.sessions.table(channel) is not None:
            seat, move, _ends = final_move(h.sessions.table(channel), rnd)
            assert (await h.sessions.move_as(channel, seat, move)).ok
        ids.append(made.game_id)
    await h.settle()
    return ids


async def test_leaderboard_pages_with_the_callers_own_row(make_harness):
    h = await make_harness()
    people = [h.user(f"P{i:02}") for i in range(12)]
    await play_games(h, [people[i:i + 2] for i in range(0, 12, 2)] + [people[:2]])
    await h.slash(people[0], "leaderboard", game="west-of-africa")
    first = h.last(people[0])
    lines = first.content.splitlines()
    assert "Leaderboard: West of Africa" in lines[0] and "page 1/2" in lines[0]
    rows = [line for line in lines if re.match(r"\d+\. ", line)]
    assert len(rows) == 10 and all("provisional" in r for r in rows)  # one or two games each
    ratings = [float(r.split(": ", 1)[1].split(" ")[0].strip("*")) for r in rows]
    assert ratings == sorted(ratings, reverse=True)
    before = first.content
    await h.click(people[0], first, "Lower ▶")
    page2 = h.discord.messages[first.id]
    assert "page 2/2" in page2.content and "7. " in page2.content and page2.content != before
    await h.click(people[0], page2, "◀ Higher")
    assert "page 1/2" in h.discord.messages[first.id].content
    # somebody off the first page sees their own row under it, and a button to their page
    stranger = next(p for p in people if p.name not in "\n".join(rows))
    await h.slash(stranger, "leaderboard", game="west-of-africa")
    mine = h.last(stranger)
    assert "You: " in mine.content and stranger.name in mine.content.splitlines()[-2]
    assert mine.labels() == ["Lower ▶"]  # their page is the next one: no second button to it
    await h.click(stranger, mine, "Lower ▶")
    assert "page 2/2" in h.discord.messages[mine.id].content
    await h.slash(people[0], "leaderboard", game="west-of-africa", scope="global")
    assert "(every server)" in h.last(people[0]).content


async def test_stats_hidden_stats_roles_and_reset(make_harness):
    h = await make_harness()
    ann, bob, cyd = h.user("Ann"), h.user("Bob"), h.user("Cyd")
    admin = h.user("Admin", manage=True)
    await play_games(h, [[ann, bob, cyd], [ann, bob], [bob, ann, cyd]])
    await h.slash(ann, "stats player")
    text = h.last(ann).content
    assert "**Ann: West of Africa**" in text and "3 games" in text and "Time per move" in text
    assert "Rating on this server" in text and "Rating across every server" in text and "Played most" in text
    assert h.last(ann).files and h.last(ann).files[0][0] == "rating.png" and h.last(ann).png.startswith(b"\x89PNG")
    await h.slash(bob, "stats player", player=ann, game="west-of-africa")
    assert "**Ann: West of Africa**" in h.last(bob).content
    await h.slash(ann, "me settings", stats="hidden")
    assert "hidden" in h.last(ann).content
    await h.slash(bob, "stats player", player=ann)
    assert "keeps their statistics to themselves" in h.last(bob).content
    await h.slash(ann, "stats player")  # still hers to see
    assert "3 games" in h.last(ann).content
    await h.slash(cyd, "stats game", game="west-of-africa")
    roles = h.last(cyd).content.splitlines()
    assert "by faction, colour or role" in roles[0] and sum(int(r.split(": ")[1].split(" ")[0]) for r in roles[1:]) == 8
    await h.slash(bob, "stats reset", confirm=True)
    assert "Only someone with Manage Server" in h.last(bob).content
    assert h.rows("SELECT COUNT(*) FROM ratings WHERE scope = ?", (h.guild_id,))[0][0] == 3
    await h.slash(admin, "stats reset", confirm=True)
    assert "start afresh" in h.last().content
    assert h.rows("SELECT COUNT(*) FROM ratings WHERE scope = ?", (h.guild_id,))[0][0] == 0
    assert h.rows("SELECT COUNT(*) FROM ratings WHERE scope = 0")[0][0] == 3  # across servers: kept
    await h.slash(bob, "stats player")
    assert "no finished games on this server" in h.last(bob).content


async def test_stats_in_traditional_chinese(make_harness):
    h = await make_harness()
    ann, bob = h.user("Ann", locale="zh-TW"), h.user("Bob")
    await play_games(h, [[ann, bob]])
    await h.slash(ann, "leaderboard", game="west-of-africa")
    assert "排行榜" in h.last(ann).content and "暫定" in h.last(ann).content
    await h.slash(ann, "stats player", game="west-of-africa")
    assert "本伺服器積分" in h.last(ann).content
