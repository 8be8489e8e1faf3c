"""A league through the Discord harness, on SQLite and on PostgreSQL: nine players sign up for
three-player tables in two divisions (a restart in the middle of sign-up), the tables are drawn
and opened in threads, played (a restart in the middle of the season), a stalled table is
reminded in its thread and then in the league's channel, the standings follow the published
rules, and season two is seeded from them with promotion and relegation."""

from __future__ import annotations

import io
import itertools
from collections import Counter
from fractions import Fraction

from PIL import Image

from bot.table.leagues import standings as ranking
from tests.harness import Harness, Message, User

OPTIONS = {"season-name": "Spring", "tables-per-player": 2, "divisions": 2, "options": "turns=3"}
#: each player's score at every table: P0 9, P1 8, ... (P3 ties with P2 at 7)
SCORE = {0: 9, 1: 8, 2: 7, 3: 7, 4: 5, 5: 4, 6: 3, 7: 2, 8: 1}


def league_posts(h: Harness) -> list[Message]:
    return h.posts(h.channel)


def rows(h: Harness, sql: str, args=()) -> list[tuple]:
    return h.rows(sql, args)


def tables(h: Harness, league: int) -> list[tuple]:
    """(division, number, seats, thread, game, status) of the league's tables."""
    import json

    got = rows(h, "SELECT division, number, seats, thread_id, game_id, status FROM league_tables"
                  " WHERE league_id = ? ORDER BY division, number", (league,))
    return [(d, n, json.loads(s), t, g, st) for d, n, s, t, g, st in got]


async def play_table(h: Harness, people: dict[int, User], thread: int, seats: list[int]) -> None:
    """Each seat in turn adds its score (``SCORE``) and passes: the table ends after three turns."""
    for uid in seats:
        user = people[uid]
        left = SCORE[int(user.name[1:])]
        while left:
            step = min(3, left)
            await h.slash(user, "move", channel=thread, move=f"add {step}")
            left -= step
        await h.slash(user, "move", channel=thread, move="pass")


def expected(draw: list[tuple], people: dict[int, User]) -> dict[int, tuple[Fraction, int, int]]:
    """Each player's (league points, tables won, tables played) worked out from the scores."""
    out: dict[int, list] = {}
    for _d, _n, seats, *_ in draw:
        score = {u: SCORE[int(people[u].name[1:])] for u in seats}
        for u in seats:
            mine = out.setdefault(u, [Fraction(0), 0, 0])
            beaten = sum(1 for o in seats if o != u and score[o] < score[u])
            level = sum(1 for o in seats if o != u and score[o] == score[u])
            mine[0] += beaten + Fraction(level, 2)
            mine[1] += 1 if all(score[o] <= score[u] for o in seats) else 0
            mine[2] += 1
    return {u: tuple(v) for u, v in out.items()}


async def test_a_league_of_nine_draws_reminds_and_stands_through_to_season_two(make_harness, tally, backend):
    h = await make_harness(**({"db": backend["url"]} if "url" in backend else {}))
    admin = h.user("Admin", manage=True)
    people = {u.id: u for u in (h.user(f"P{i}") for i in range(9))}
    by_name = {u.name: u for u in people.values()}

    # --- sign-up, a restart in the middle of it ------------------------------------------------
    await h.slash(admin, "league new", game="tally", players=3, **OPTIONS)
    signup = league_posts(h)[-1]
    assert signup.labels() == ["Sign up", "Withdraw"] and "Sign-up closes <t:" in signup.content
    assert "`turns=3`" in signup.content and "bids" not in signup.content, "only the options chosen"
    [(league,)] = rows(h, "SELECT id FROM leagues")
    for i in range(5):
        await h.click(by_name[f"P{i}"], signup, "Sign up")
    await h.click(by_name["P4"], signup, "Withdraw")
    assert "You withdrew" in h.ephemeral(by_name["P4"])[-1].content
    await h.restart()
    for i in range(4, 9):  # the same post's buttons after the restart; P4 signs up again, now after P3
        await h.click(by_name[f"P{i}"], signup, "Sign up")
    await h.click(by_name["P8"], signup, "Sign up")
    assert "signed up for **Spring** already" in h.ephemeral(by_name["P8"])[-1].content
    content = h.discord.messages[signup.id].content
    assert "Signed up (9): P0, P1, P2, P3, P4, P5, P6, P7, P8" in content
    await h.slash(by_name["P0"], "league draw")
    assert "Manage Server" in h.ephemeral(by_name["P0"])[-1].content, "only an admin draws early"

    # --- the deadline: the draw and the tables -----------------------------------------------
    await h.wait(hours=48)
    assert "Sign-up is closed." in h.discord.messages[signup.id].content
    assert h.discord.messages[signup.id].labels() == [], "no buttons once sign-up is over"
    drawn = next(m for m in league_posts(h) if "is drawn" in m.content)
    assert "Division 1 (6): P0, P1, P2, P3, P4, P5" in drawn.content and "Division 2 (3): P6, P7, P8" in drawn.content
    draw = tables(h, league)
    assert [(d, n) for d, n, *_ in draw] == [(1, 1), (1, 2), (1, 3), (1, 4), (2, 1), (2, 2)]
    count = Counter(u for _d, _n, seats, *_ in draw for u in seats)
    assert set(count.values()) == {2} and len(count) == 9, "every player at two tables"
    top = {by_name[f"P{i}"].id for i in range(6)}
    for d, _n, seats, thread, game, status in draw:
        assert (set(seats) <= top) == (d == 1) and status == "playing" and thread and game
        seated = [u for (u,) in rows(h, "SELECT user_id FROM seats WHERE game_id = ? ORDER BY seat", (game,))]
        assert seated == seats, "the game's seats in the drawn order"
        opened = h.posts(thread)
        assert opened[0].content.startswith(f"🏆 **Spring**, division {d}") and "Tally** begins" in opened[1].content
    meetings = Counter(p for d, _n, seats, *_ in draw if d == 1 for p in itertools.combinations(sorted(seats), 2))
    assert max(meetings.values()) == 1, "in division 1 nobody meets an opponent twice"

    # --- the season, a restart in the middle of it -------------------------------------------
    for _d, _n, seats, thread, *_ in draw[:3]:
        await play_table(h, people, thread, seats)
    over = [m for m in league_posts(h) if "is over:" in m.content]
    assert len(over) == 3 and over[-1].png is not None, "each table's end posts the standings with their image"
    await h.restart()
    for _d, _n, seats, thread, *_ in draw[3:5]:
        await play_table(h, people, thread, seats)

    # --- a stalled table: reminded in its thread, then in the league's channel ------------------
    stalled = draw[5]
    first = people[stalled[2][0]]
    await h.wait(hours=72)
    reminders = [m for m in h.posts(stalled[3]) if "no move for 72 hours" in m.content]
    assert len(reminders) == 1 and first.mention in reminders[0].content
    assert not [m for m in league_posts(h) if "has had no move" in m.content]
    await h.restart()
    await h.wait(hours=72)
    assert len([m for m in h.posts(stalled[3]) if "no move for" in m.content and "the table waits" in m.content]) == 2
    told = [m for m in league_posts(h) if "has had no move" in m.content]
    assert len(told) == 1 and f"<#{stalled[3]}>" in told[0].content and "(2 reminders)" in told[0].content
    await play_table(h, people, stalled[3], stalled[2])

    # --- the season is over: the standings by the published rules --------------------------------
    final = [m for m in league_posts(h) if "season of **Spring** is over" in m.content]
    assert len(final) == 1 and final[0].png is not None
    image = Image.open(io.BytesIO(final[0].png))
    assert image.width == 720
    assert rows(h, "SELECT status FROM leagues WHERE id = ?", (league,)) == [("finished",)]
    await h.slash(by_name["P5"], "league standings")
    answer = h.ephemeral(by_name["P5"])[-1]
    assert answer.png is not None and "standings" in answer.content
    service = h.bot.leagues
    record = await service.store.league(league)
    table = await service.standings(record)
    want = expected(draw, people)
    for division in table:
        for row in division:
            assert (row.points, row.wins, row.played) == want[row.user_id], people[row.user_id].name
        keys = [r.key() for r in division]
        assert keys == sorted(keys), "ordered by points, wins, head to head, score, seed"
    assert [r.place for r in table[0]] == [1, 2, 3, 4, 5, 6]
    # the bottom of division 1 goes down, the top of division 2 goes up
    down, up = table[0][-1], table[1][0]
    assert f"Going up: {up.name}. Going down: {down.name}." in final[0].content

    # --- season two: seeded from these standings, promotion and relegation ------------------------
    await h.slash(admin, "league next", league=league, **{"season-name": "Summer"})
    second = league_posts(h)[-1]
    assert "Summer" in second.content and "Signed up (9)" in second.content
    [(league2,)] = rows(h, "SELECT id FROM leagues WHERE previous_id = ?", (league,))
    leaver = table[0][1].user_id  # second in division 1 sits season two out
    newcomer = h.user("N1")
    await h.click(people[leaver], second, "Withdraw")
    await h.click(newcomer, second, "Sign up")
    await h.slash(admin, "league draw", league=league2)
    await h.wait(1)
    before = [[r.user_id for r in d] for d in table]
    order = ranking.next_order(before, [u for u in people if u != leaver] + [newcomer.id], [newcomer.id])
    assert order[:5] == [u for u in before[0][:-1] if u != leaver] + [before[1][0]], "the top of division 2 came up"
    assert order[5] == before[0][-1], "the bottom of division 1 went down, first of division 2"
    placed = rows(h, "SELECT user_id, division, seed FROM league_players WHERE league_id = ? ORDER BY seed", (league2,))
    assert [u for u, _d, _s in placed] == order
    assert [d for _u, d, _s in placed] == [1] * 6 + [2] * 3
    assert len(tables(h, league2)) == 6 and all(t[5] == "playing" for t in tables(h, league2))
