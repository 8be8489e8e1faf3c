"""The real slash-command callbacks, driven offline against a real SQLite file.

The toy game (tests/bot/toy.py) has what every real game has: a secret
simultaneous step, a reveal, a step where exactly one move is legal, hidden
hands and a final result.
"""

from __future__ import annotations

import asyncio
import io

from PIL import Image

from .fakes import FakeUser

PNG = b"\x89PNG"


def drawn_hand(png: bytes) -> str:
    """What the toy renderer was drawing from (it stores the view's hand in the PNG)."""
    return Image.open(io.BytesIO(png)).info["hand"]


async def new_table(h, users, game="toy-bids", **kw):
    alice, bob, carol = users[:3]
    await h.run("game new", alice, game=game, player2=bob, player3=carol, **kw)
    await h.run("game start", alice)


async def bid_all(h, users):
    """Every player bids their first listed card, through autocomplete and /move."""
    for user in users:
        (choice, *_rest) = await h.choices(user)
        await h.run("move", user, move=choice.value)


async def taker(h, users):
    for user in users:
        if [c.value for c in await h.choices(user)] == ["take"]:
            return user
    raise AssertionError("nobody can take")


async def test_whole_game_from_new_to_final_scores(toy, make_harness, users):
    h = await make_harness()
    alice, bob, carol = users[:3]
    inter = await h.run("game new", alice, game="toy-bids", player2=bob, player3=carol)
    assert inter.response.deferred == {"ephemeral": True, "thinking": True}
    assert inter.deleted_original  # only the channel message remains
    assert "Toy Bids" in h.transcript[-1].content and "Alice, Bob, Carol" in h.transcript[-1].content

    await h.run("game start", alice)
    start = h.transcript[-1]
    assert start.where == "channel" and not start.ephemeral and start.png.startswith(PNG)
    assert all(u.mention in start.content for u in users[:3])  # everyone bids

    for rnd in (1, 2):
        before = len(h.transcript)
        await bid_all(h, users[:3])
        public = [s for s in h.transcript[before:] if not s.ephemeral]
        assert len(public) == 3 and all("is ready" in s.content for s in public)
        assert all(s.png is None for s in public[:2])  # nothing to draw until the reveal
        assert "(1/3)" in public[0].content and "(2/3)" in public[1].content
        assert "Bids:" in public[2].content and public[2].png.startswith(PNG)
        who = await taker(h, users[:3])
        assert who.mention in public[2].content  # the channel is told who is up
        await h.run("move", who, move="take")
        last = h.transcript[-1]
        assert f"{who.display_name} takes the pot" in last.content
        if rnd == 1:
            assert "Game over" not in last.content

    final = h.transcript[-1]
    assert "Game over" in final.content and final.png.startswith(PNG)
    for u in users[:3]:
        assert u.display_name in final.content
    assert h.rows("SELECT status FROM games") == [("finished",)]
    assert h.rows("SELECT COUNT(*) FROM moves") == [(8,)]
    scores = [int(line.split(":")[1].split()[0]) for line in final.content.splitlines() if line[:2] in
              ("1.", "2.", "3.")]
    assert len(scores) == 3 and scores == sorted(scores, reverse=True)
    # after the end the channel is free again
    await h.run("game new", bob, game="toy-bids")
    assert "set up a table" in h.transcript[-1].content


async def test_restart_in_the_middle_continues_on_the_same_file(toy, make_harness, users):
    h1 = await make_harness()
    await new_table(h1, users)
    alice, bob, carol = users[:3]
    await h1.run("move", alice, move=(await h1.choices(alice))[0].value)
    assert "(1/3)" in h1.transcript[-1].content
    await h1.bot.store.close()
    h1.bot.store = None

    h2 = await make_harness()  # a new bot object on the same database file
    assert h2.bot is not h1.bot and h2.sessions.table(555) is not None
    (note,) = await h2.choices(alice)  # alice already bid: autocomplete says why
    assert "isn't your turn" in note.name and "Bob, Carol" in note.name
    await h2.run("move", bob, move=(await h2.choices(bob))[0].value)
    assert "(2/3)" in h2.transcript[-1].content  # the secret step's count survived the restart
    await h2.run("move", carol, move=(await h2.choices(carol))[0].value)
    assert "Bids:" in h2.transcript[-1].content
    who = await taker(h2, users[:3])
    await h2.run("move", who, move="take")
    assert h2.rows("SELECT COUNT(*) FROM moves") == [(4,)]
    assert h2.rows("SELECT n FROM snapshots") == [(4,)]


async def test_two_racing_moves_apply_exactly_once(toy, make_harness, users):
    h = await make_harness()
    await new_table(h, users)
    await bid_all(h, users[:3])
    who = await taker(h, users[:3])
    n_before = h.rows("SELECT COUNT(*) FROM moves")[0][0]
    a, b = await asyncio.gather(h.run("move", who, move="take"), h.run("move", who, move="take"))
    assert h.rows("SELECT COUNT(*) FROM moves")[0][0] == n_before + 1
    takes = [s for s in h.transcript.public() if "takes the pot" in s.content]
    assert len(takes) == 1
    refused = h.transcript.private(who.id)[-1]
    assert "isn't your turn" in refused.content or "doesn't work" in refused.content


async def test_refused_moves_leave_the_database_unchanged(toy, make_harness, users):
    h = await make_harness()
    await new_table(h, users)
    alice, bob, carol, dave = users
    await h.run("move", alice, move=(await h.choices(alice))[0].value)
    before = h.db_dump()
    sent = len(h.transcript)

    await h.run("move", bob, move="bid 99")                # illegal: not in hand
    await h.run("move", bob, move="fly away")              # not notation
    await h.run("move", alice, move="bid 1")               # already bid: not her turn
    await h.run("move", dave, move="bid 1")                # not seated
    await h.run("move", bob, move="   ")                   # empty

    assert h.db_dump() == before
    answers = h.transcript[sent:]
    assert len(answers) == 5 and all(s.ephemeral for s in answers)
    texts = [s.content for s in answers]
    assert "don't hold a 99" in texts[0] and "your cards" in texts[0]
    assert "bid N" in texts[1]
    assert "isn't your turn" in texts[2] and "Bob" in texts[2] and "Carol" in texts[2]
    assert "don't have a seat" in texts[3]
    assert "Type a move" in texts[4]
    # the game carries on normally afterwards
    await h.run("move", bob, move=(await h.choices(bob))[0].value)
    assert "(2/3)" in h.transcript[-1].content


async def test_autocomplete_lists_only_the_callers_legal_moves(toy, make_harness, users):
    h = await make_harness()
    alice, bob, carol, dave = users
    (note,) = await h.choices(alice)  # no game yet: one line saying so instead of nothing
    assert "no game" in note.name.lower() and note.value == "?"
    await new_table(h, users)
    hand = h.sessions.table(555).state["hands"][0]
    choices = await h.choices(alice)
    assert [c.value for c in choices] == [f"bid {c}" for c in hand]
    assert all(len(c.name) <= 100 and len(c.value) <= 100 for c in choices)
    assert [c.value for c in await h.choices(alice, f"BID {hand[1]}")] == [f"bid {hand[1]}"]
    (note,) = await h.choices(alice, "take")
    assert note.name.startswith("No legal move starts with 'take'") and note.value == "take"
    (note,) = await h.choices(dave)  # not seated
    assert "don't have a seat" in note.name
    assert len(await h.choices(alice)) <= 25
    await bid_all(h, users[:3])
    who = await taker(h, users[:3])
    (take,) = await h.choices(who)
    assert take.value == "take" and take.name == "take — wins the pot"  # the engine's hint in the label
    others = [u for u in users[:3] if u is not who]
    for u in others:
        (note,) = await h.choices(u)
        assert "isn't your turn" in note.name and who.display_name in note.name
    cmd = h.command("move")
    assert cmd.get_parameter("move").autocomplete


async def test_hidden_information_only_ephemeral(toy, make_harness, users):
    h = await make_harness()
    await new_table(h, users)
    alice, bob, carol = users[:3]
    table = h.sessions.table(555)
    hand = list(table.state["hands"][0])
    card = hand[-1]
    sent = len(h.transcript)
    await h.run("move", alice, move=f"bid {card}")
    private = h.transcript.private(alice.id)
    assert private and f"you bid {card}" in private[-1].content
    for s in h.transcript[sent:]:
        if not s.ephemeral:
            assert f"bid {card}" not in s.content and "you bid" not in s.content
            assert "Alice is ready (1/3)" in s.content and s.png is None

    await h.run("hand", bob)
    mine = h.transcript[-1]
    assert mine.ephemeral and mine.user_id == bob.id and mine.filename == "hand.png"
    assert drawn_hand(mine.png) == repr(table.state["hands"][1])
    await h.run("game board", carol)
    board = h.transcript[-1]
    assert not board.ephemeral and drawn_hand(board.png) == "None"
    # every image ever posted to the channel was drawn from the public view
    assert all(drawn_hand(s.png) == "None" for s in h.transcript.public() if s.png)


async def test_join_leave_start_rules(toy, make_harness, users):
    h = await make_harness()
    alice, bob, carol, dave = users
    await h.run("game start", alice)
    assert "no game" in h.transcript[-1].content.lower()
    await h.run("game new", alice, game="toy-bids")
    await h.run("game new", bob, game="toy-bids")
    assert h.transcript[-1].ephemeral and "already has a game" in h.transcript[-1].content
    await h.run("game start", alice)
    assert "needs 2-4 players" in h.transcript[-1].content
    await h.run("game join", bob)
    assert "Bob joins" in h.transcript[-1].content and not h.transcript[-1].ephemeral
    await h.run("game join", bob)
    assert "already have a seat" in h.transcript[-1].content
    await h.run("game leave", bob)
    await h.run("game join", carol)
    await h.run("game start", dave)
    assert "Only a seated player" in h.transcript[-1].content
    await h.run("game status", dave)
    assert "Alice, Carol" in h.transcript[-1].content
    await h.run("game start", carol)
    assert "begins" in h.transcript[-1].content
    await h.run("game join", dave)
    assert "already started" in h.transcript[-1].content
    assert h.rows("SELECT seat, user_id FROM seats ORDER BY seat") == [(0, alice.id), (1, carol.id)]


async def test_abort_needs_creator_or_manage_server(toy, make_harness, users):
    h = await make_harness()
    alice, bob = users[:2]
    await new_table(h, users)
    await h.run("game abort", bob)
    assert h.transcript[-1].ephemeral and "Manage Server" in h.transcript[-1].content
    await h.run("game abort", bob, manage=True)
    assert "aborted" in h.transcript[-1].content and not h.transcript[-1].ephemeral
    assert h.rows("SELECT status FROM games") == [("aborted",)]
    await h.run("move", alice, move="bid 1")
    assert "no game" in h.transcript[-1].content.lower()


async def test_options_and_unknown_games_are_refused_politely(toy, make_harness, users):
    h = await make_harness()
    alice = users[0]
    await h.run("game new", alice, game="chess")
    assert "don't know the game 'chess'" in h.transcript[-1].content
    await h.run("game new", alice, game="toy-bids", options="rounds=9")
    assert "must be one of" in h.transcript[-1].content
    await h.run("game new", alice, game="toy-bids", options="rounds")
    assert "name=value" in h.transcript[-1].content
    robot = FakeUser(200, "Robo", bot=True)  # bots are never seated
    await h.run("game new", alice, game="toy-bids", player2=users[1], player3=robot, options="rounds=1")
    assert h.rows("SELECT options FROM games") == [('{"rounds": 1}',)]
    assert h.rows("SELECT display_name FROM seats ORDER BY seat") == [("Alice",), ("Bob",)]
    assert h.rows("SELECT COUNT(*) FROM games") == [(1,)]


async def test_help_lists_games_and_shows_notation(toy, make_harness, users):
    h = await make_harness()
    await h.run("help", users[0])
    assert "toy-bids" in h.transcript[-1].content and h.transcript[-1].ephemeral
    await h.run("help", users[0], game="toy-bids")
    assert "bid 3" in h.transcript[-1].content and "rounds" in h.transcript[-1].content


async def test_board_message_is_remembered_for_links(toy, make_harness, users):
    h = await make_harness()
    await new_table(h, users)
    posted = h.transcript[-1]
    assert h.rows("SELECT board_message_id FROM games") == [(posted.id,)]


async def test_other_channels_are_independent(toy, make_harness, users):
    h1 = await make_harness(555)
    h2 = await make_harness(777)
    await new_table(h1, users)
    await h2.run("game new", users[3], game="toy-bids", player2=FakeUser(105, "Eve"))
    assert h1.rows("SELECT channel_id, status FROM games ORDER BY id") == [(555, "running"), (777, "open")]


async def test_a_busy_channel_does_not_hold_up_another(toy, make_harness, users):
    h = await make_harness(555)
    await new_table(h, users)
    other = await make_harness(777)
    other.bot = h.bot  # the same bot, a second channel
    async with h.sessions.lock(555):  # channel 555 is in the middle of something slow
        await asyncio.wait_for(other.run("game new", users[3], game="toy-bids"), timeout=5)
        blocked = asyncio.create_task(h.run("move", users[0], move=(await h.choices(users[0]))[0].value))
        await asyncio.sleep(0.05)
        assert not blocked.done()  # moves in 555 wait their turn
    await asyncio.wait_for(blocked, timeout=5)
    assert h.rows("SELECT channel_id, status FROM games ORDER BY id") == [(555, "running"), (777, "open")]
    assert h.rows("SELECT COUNT(*) FROM moves") == [(1,)]


async def test_without_the_right_to_post_the_caller_is_told_privately_why(toy, make_harness, users):
    import discord

    h = await make_harness()
    await new_table(h, users)

    class Response:
        status, reason = 403, "Forbidden"

    async def forbidden(*args, **kwargs):
        raise discord.Forbidden(Response(), "Missing Permissions")

    h.channel.send = forbidden
    await h.run("game status", users[3])
    answer = h.transcript[-1]
    assert answer.ephemeral and answer.user_id == users[3].id
    assert "Send Messages" in answer.content and answer.png.startswith(PNG)
