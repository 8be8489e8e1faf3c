"""A whole 3-player West of Africa game through the real slash commands.

Through the Discord harness. Moves are picked the way a player would: from /move's autocomplete,
walking next-token stems down to a complete move. A restart (a new bot
object on the same SQLite file) happens in the middle.
"""

from __future__ import annotations

import random
import re

import pytest

import games
import renderers

GAME = "west-of-africa"

pytestmark = pytest.mark.skipif(GAME not in games.ENGINES, reason="West of Africa is not registered yet")

PNG = b"\x89PNG"


async def pick_move(h, user, rnd: random.Random) -> str:
    prefix = ""
    for _ in range(40):
        choices = await h.complete(user, "move", "move", prefix)
        assert choices, f"{user.display_name} is to move but autocomplete offers nothing after {prefix!r}"
        assert len(choices) <= 25
        pick = rnd.choice(choices).value
        if not pick.endswith(" "):
            return pick
        prefix = pick
    raise AssertionError("autocomplete never reached a complete move")


async def play_moves(h, users, rnd: random.Random, limit: int) -> int:
    """Play up to ``limit`` moves (fewer if the game ends); returns how many."""
    played = 0
    while played < limit and h.sessions.table(h.channel) is not None:
        table = h.sessions.table(h.channel)
        user = users[rnd.choice(table.to_move())]
        move = await pick_move(h, user, rnd)
        sent = len(h.transcript())
        await h.slash(user, "move", move=move)
        answers = h.transcript()[sent:]
        assert answers, "a move got no answer"
        refused = [s for s in answers if s.ephemeral and "doesn't work" in s.content]
        assert not refused, f"{move!r} from autocomplete was refused: {refused[0].content}"
        # the real bot loads play-by-post too: at the end it adds its summary card (summary.png)
        public = [s for s in answers if not s.ephemeral and s.filename != "summary.png"]
        assert len(public) <= 1, f"one channel message per move: {public}"
        if any("secret choice" in s.content for s in answers if s.ephemeral):
            # a secret card choice: the channel learns only that the player is ready (a line edited
            # into the latest post, or the round's reveal)
            shown = public[0].content if public else h.posts()[-1].content
            assert re.search(rf"^{user.display_name} is ready \(\d/3\)\.$", shown, re.M), shown
        played += 1
    return played


async def test_whole_three_player_game_with_a_restart(harness, users):
    rnd = random.Random(7)
    alice, bob, carol = users[:3]
    h = harness
    await h.slash(alice, "game new", game=GAME, player2=bob, player3=carol)
    await h.slash(alice, "game start")
    assert "begins" in h.transcript()[-1].content
    if GAME in renderers.RENDERERS:
        assert h.transcript()[-1].png.startswith(PNG)
    h.sessions.render = False  # drawing every move is the renderer's tests' job; keep this one quick

    first = await play_moves(h, users, rnd, 25)
    assert first == 25
    n_before = h.rows("SELECT COUNT(*) FROM moves")[0][0]
    assert n_before == 25
    await h.restart()  # a new bot object on the same file (draws again)
    h2 = h
    assert h2.sessions.table(h.channel).n == 25
    await h2.slash(bob, "hand")  # the private view goes to Bob alone
    hand = h2.transcript()[-1]
    assert hand.ephemeral and hand.user_id == bob.id and "Your private view" in hand.content
    if GAME in renderers.RENDERERS:
        assert hand.png.startswith(PNG)
    rest = await play_moves(h2, users, rnd, 3000)
    assert rest > 0 and h2.sessions.table(h.channel) is None

    final = h2.transcript()[-1]
    assert "Game over" in final.content and not final.ephemeral
    assert h2.rows("SELECT status FROM games") == [("finished",)]
    total = h2.rows("SELECT COUNT(*) FROM moves")[0][0]
    assert total == 25 + rest
    # the stored log replays to the same result the channel was told
    engine = games.get(GAME)
    seed = h2.rows("SELECT seed FROM games")[0][0]
    state = engine.setup(3, seed, {})
    for seat, text in h2.rows("SELECT seat, text FROM moves ORDER BY n"):
        engine.play(state, seat, text)
    result = engine.result(state)
    for seat in result.ranking:
        assert f"{users[seat].display_name}: {result.scores[seat]} points" in final.content
    if GAME in renderers.RENDERERS:
        assert final.png.startswith(PNG)
    # secrets never reached the channel
    for s in h2.posts():
        assert "secret choice" not in s.content.lower()
