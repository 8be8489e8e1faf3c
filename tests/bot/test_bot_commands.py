"""The slash commands through discord.py's real code (the harness), against a real SQLite file.

The toy game (tests/bot/toy.py) has what every real game has: a secret
simultaneous step, a reveal, a step where exactly one move is legal, hidden
hands and a final result.
"""

from __future__ import annotations

import asyncio
import dataclasses
import io

from PIL import Image

from tests.harness import User

from .conftest import db_dump

PNG = b"\x89PNG"


def drawn_hand(png: bytes) -> str:
    """What the toy renderer was drawing from (it stores the view's hand in the PNG)."""
    return Image.open(io.BytesIO(png)).info["hand"]


async def choices(h, user, current: str = "", channel=None):
    return await h.complete(user, "move", "move", current, channel=channel)


async def new_table(h, users, game="toy-bids", **kw):
    alice, bob, carol = users[:3]
    await h.slash(alice, "game new", game=game, player2=bob, player3=carol, **kw)
    await h.slash(alice, "game start")


async def bid_all(h, users):
    """Every player bids their first listed card, through autocomplete and /move."""
    for user in users:
        (choice, *_rest) = await choices(h, user)
        await h.slash(user, "move", move=choice.value)


async def taker(h, users):
    for user in users:
        if [c.value for c in await choices(h, user)] == ["take"]:
            return user
    raise AssertionError("nobody can take")


async def test_whole_game_from_new_to_final_scores(toy, harness, users):
    h = harness
    alice, bob, carol = users[:3]
    before = len(h.requests())
    inter = await h.slash(alice, "game new", game="toy-bids", player2=bob, player3=carol)
    # the table's post IS the answer: one request, nothing deferred, deleted or posted besides
    assert inter.response_type == 4 and not inter.original.ephemeral and not inter.original.deleted
    assert [r.route for r in h.requests()[before:]] == ["POST /interactions/{interaction_id}/{token}/callback"]
    assert "Toy Bids" in h.transcript()[-1].content and "Alice, Bob, Carol" in h.transcript()[-1].content

    before = len(h.requests())
    await h.slash(alice, "game start")
    start = h.transcript()[-1]
    assert start.where == "response" and not start.ephemeral and start.png.startswith(PNG)
    assert len(h.requests()) == before + 1 and "Play" in start.labels()
    assert all(u.mention in start.content for u in users[:3])  # everyone bids

    for rnd in (1, 2):
        before = len(h.transcript())
        turn_post = h.posts()[-1]
        await bid_all(h, users[:3])
        public = [s for s in h.transcript()[before:] if not s.ephemeral]
        # one post for the round's bids: a seat getting ready is a line edited into the last post
        assert len(public) == 1 and "(3/3)" in public[0].content
        assert "(1/3)" in turn_post.content and "(2/3)" in turn_post.content and len(turn_post.edits) == 2
        assert "Bids:" in public[0].content and public[0].png.startswith(PNG)
        who = await taker(h, users[:3])
        assert who.mention in public[0].content  # the channel is told who is up
        await h.slash(who, "move", move="take")
        last = h.transcript()[-1]
        assert f"{who.display_name} takes the pot" in last.content
        if rnd == 1:
            assert "Game over" not in last.content

    final = h.transcript()[-1]
    assert "Game over" in final.content and final.png.startswith(PNG)
    for u in users[:3]:
        assert u.display_name in final.content
    assert h.rows("SELECT status FROM games") == [("finished",)]
    assert h.rows("SELECT COUNT(*) FROM moves") == [(8,)]
    scores = [int(line.split(":")[1].split()[0]) for line in final.content.splitlines() if line[:2] in
              ("1.", "2.", "3.")]
    assert len(scores) == 3 and scores == sorted(scores, reverse=True)
    # after the end the channel is free again
    await h.slash(bob, "game new", game="toy-bids")
    assert "set up a table" in h.transcript()[-1].content


async def test_restart_in_the_middle_continues_on_the_same_file(toy, harness, users):
    h = harness
    await new_table(h, users)
    alice, bob, carol = users[:3]
    await h.slash(alice, "move", move=(await choices(h, alice))[0].value)
    assert "(1/3)" in h.posts()[-1].content
    old = h.bot
    await h.restart()  # a new bot object on the same database file, the same Discord
    assert h.bot is not old and h.sessions.table(h.channel) is not None
    (note,) = await choices(h, alice)  # alice already bid: autocomplete says why
    assert "already chose this round" in note.name and "Bob, Carol" in note.name
    await h.slash(bob, "move", move=(await choices(h, bob))[0].value)
    assert "(2/3)" in h.posts()[-1].content  # the secret step's count survived the restart
    await h.slash(carol, "move", move=(await choices(h, carol))[0].value)
    assert "Bids:" in h.transcript()[-1].content
    who = await taker(h, users[:3])
    await h.slash(who, "move", move="take")
    assert h.rows("SELECT COUNT(*) FROM moves") == [(4,)]
    # the bot's close brought the snapshot up to move 1; moves 2-4 are rows alone (the log is the
    # truth), replayed on that snapshot at the next start
    assert h.rows("SELECT n FROM snapshots") == [(1,)]
    await h.restart()
    assert h.sessions.table(h.channel).n == 4 and h.rows("SELECT n FROM snapshots") == [(4,)]


async def test_two_racing_moves_apply_exactly_once(toy, harness, users):
    h = harness
    await new_table(h, users)
    await bid_all(h, users[:3])
    who = await taker(h, users[:3])
    n_before = h.rows("SELECT COUNT(*) FROM moves")[0][0]
    await asyncio.gather(h.slash(who, "move", move="take"), h.slash(who, "move", move="take"))
    assert h.rows("SELECT COUNT(*) FROM moves")[0][0] == n_before + 1
    takes = [s for s in h.posts() if "takes the pot" in s.content]
    assert len(takes) == 1
    refused = h.ephemeral(who)[-1]
    assert "isn't your turn" in refused.content or "doesn't work" in refused.content


async def test_refused_moves_leave_the_database_unchanged(toy, harness, users):
    h = harness
    await new_table(h, users)
    alice, bob, carol, dave = users
    await h.slash(alice, "move", move=(await choices(h, alice))[0].value)
    before = db_dump(h)
    sent = len(h.transcript())

    await h.slash(bob, "move", move="bid 99")                # illegal: not in hand
    await h.slash(bob, "move", move="fly away")              # not notation
    await h.slash(alice, "move", move="bid 1")               # already bid: not her turn
    await h.slash(dave, "move", move="bid 1")                # not seated
    await h.slash(bob, "move", move="   ")                   # empty

    assert db_dump(h) == before
    answers = h.transcript()[sent:]
    assert len(answers) == 5 and all(s.ephemeral for s in answers)
    texts = [s.content for s in answers]
    assert "don't hold a 99" in texts[0] and "your cards" in texts[0]
    assert "bid N" in texts[1]
    assert "already chose this round" in texts[2] and "Bob" in texts[2] and "Carol" in texts[2]
    assert "don't have a seat" in texts[3]
    assert "Type a move" in texts[4]
    # the game carries on normally afterwards
    await h.slash(bob, "move", move=(await choices(h, bob))[0].value)
    assert "(2/3)" in h.posts()[-1].content


async def test_autocomplete_lists_only_the_callers_legal_moves(toy, harness, users):
    h = harness
    alice, bob, carol, dave = users
    (note,) = await choices(h, alice)  # no game yet: one line saying so instead of nothing
    assert "no game" in note.name.lower() and note.value == "?"
    await new_table(h, users)
    hand = h.sessions.table(h.channel).state["hands"][0]
    offered = await choices(h, alice)
    assert [c.value for c in offered] == [f"bid {c}" for c in hand]
    assert all(len(c.name) <= 100 and len(c.value) <= 100 for c in offered)
    assert [c.value for c in await choices(h, alice, f"BID {hand[1]}")] == [f"bid {hand[1]}"]
    (note,) = await choices(h, alice, "take")
    assert note.name.startswith("No move starts with 'take'; your moves start with: bid") and note.value == "take"
    (note,) = await choices(h, dave)  # not seated
    assert "don't have a seat" in note.name
    assert len(await choices(h, alice)) <= 25
    await bid_all(h, users[:3])
    who = await taker(h, users[:3])
    (take,) = await choices(h, who)
    assert take.value == "take" and take.name == "take — wins the pot"  # the engine's hint in the label
    others = [u for u in users[:3] if u is not who]
    for u in others:
        (note,) = await choices(h, u)
        assert "isn't your turn" in note.name and who.display_name in note.name
    move = next(c for c in h.commands if c["name"] == "move")
    assert move["options"][0]["autocomplete"] is True


async def test_hidden_information_only_ephemeral(toy, harness, users):
    h = harness
    await new_table(h, users)
    alice, bob, carol = users[:3]
    table = h.sessions.table(h.channel)
    hand = list(table.state["hands"][0])
    card = hand[-1]
    sent = len(h.transcript())
    await h.slash(alice, "move", move=f"bid {card}")
    private = h.ephemeral(alice)
    assert private and f"you bid {card}" in private[-1].content
    for s in h.transcript()[sent:]:
        if not s.ephemeral:
            assert f"bid {card}" not in s.content and "you bid" not in s.content
            assert "Alice is ready (1/3)" in s.content and s.png is None

    await h.slash(bob, "hand")
    mine = h.transcript()[-1]
    assert mine.ephemeral and mine.user_id == bob.id and mine.filename == "hand.png"
    assert drawn_hand(mine.png) == repr(table.state["hands"][1])
    await h.slash(carol, "game board")
    board = h.transcript()[-1]
    assert not board.ephemeral and drawn_hand(board.png) == "None"
    # every image ever posted to the channel was drawn from the public view
    assert all(drawn_hand(s.png) == "None" for s in h.posts() if s.png)


async def test_join_leave_start_rules(toy, harness, users):
    h = harness
    alice, bob, carol, dave = users
    await h.slash(alice, "game start")
    assert "no game" in h.transcript()[-1].content.lower()
    await h.slash(alice, "game new", game="toy-bids")
    await h.slash(bob, "game new", game="toy-bids")
    assert h.transcript()[-1].ephemeral and "already has a game" in h.transcript()[-1].content
    await h.slash(alice, "game start")
    assert "needs 2-4 players" in h.transcript()[-1].content
    await h.slash(bob, "game join")
    assert "Bob joins" in h.transcript()[-1].content and not h.transcript()[-1].ephemeral
    await h.slash(bob, "game join")
    assert "already have a seat" in h.transcript()[-1].content
    await h.slash(bob, "game leave")
    await h.slash(carol, "game join")
    await h.slash(dave, "game start")
    assert "Only a seated player" in h.transcript()[-1].content
    await h.slash(dave, "game status")
    assert "Alice, Carol" in h.transcript()[-1].content
    await h.slash(carol, "game start")
    assert "begins" in h.transcript()[-1].content
    await h.slash(dave, "game join")
    assert "already started" in h.transcript()[-1].content
    assert h.rows("SELECT seat, user_id FROM seats ORDER BY seat") == [(0, alice.id), (1, carol.id)]


async def test_abort_needs_creator_or_manage_server(toy, harness, users):
    h = harness
    alice, bob = users[:2]
    await new_table(h, users)
    await h.slash(bob, "game abort")
    assert h.transcript()[-1].ephemeral and "Manage Server" in h.transcript()[-1].content
    await h.slash(dataclasses.replace(bob, manage=True), "game abort")
    assert "aborted" in h.transcript()[-1].content and not h.transcript()[-1].ephemeral
    assert h.rows("SELECT status FROM games") == [("aborted",)]
    await h.slash(alice, "move", move="bid 1")
    assert "no game" in h.transcript()[-1].content.lower()


async def test_options_and_unknown_games_are_refused_politely(toy, harness, users):
    h = harness
    alice = users[0]
    await h.slash(alice, "game new", game="chess")
    assert "don't know the game 'chess'" in h.transcript()[-1].content
    await h.slash(alice, "game new", game="toy-bids", options="rounds=9")
    assert "must be one of" in h.transcript()[-1].content
    await h.slash(alice, "game new", game="toy-bids", options="rounds")
    assert "name=value" in h.transcript()[-1].content
    robot = User(200, "Robo", bot=True)  # bots are never seated
    await h.slash(alice, "game new", game="toy-bids", player2=users[1], player3=robot, options="rounds=1")
    assert h.rows("SELECT options FROM games") == [('{"rounds": 1}',)]
    assert h.rows("SELECT display_name FROM seats ORDER BY seat") == [("Alice",), ("Bob",)]
    assert h.rows("SELECT COUNT(*) FROM games") == [(1,)]


async def test_help_lists_games_and_shows_notation(toy, harness, users):
    h = harness
    await h.slash(users[0], "help")
    assert "toy-bids" in h.transcript()[-1].content and h.transcript()[-1].ephemeral
    await h.slash(users[0], "help", game="toy-bids")
    assert "bid 3" in h.transcript()[-1].content and "rounds" in h.transcript()[-1].content


async def test_board_message_is_remembered_for_links(toy, harness, users):
    h = harness
    await new_table(h, users)
    posted = h.transcript()[-1]
    assert h.rows("SELECT board_message_id FROM games") == [(posted.id,)]


async def test_other_channels_are_independent(toy, harness, users):
    h = harness
    other = h.text_channel("other")
    await new_table(h, users)
    await h.slash(users[3], "game new", channel=other, game="toy-bids", player2=User(105, "Eve"))
    assert h.rows("SELECT channel_id, status FROM games ORDER BY id") == [(h.channel, "running"), (other, "open")]


async def test_a_busy_channel_does_not_hold_up_another(toy, harness, users):
    h = harness
    await new_table(h, users)
    other = h.text_channel("other")
    async with h.sessions.lock(h.channel):  # the game channel is in the middle of something slow
        await asyncio.wait_for(h.slash(users[3], "game new", channel=other, game="toy-bids"), timeout=5)
        assert h.rows("SELECT channel_id, status FROM games ORDER BY id")[1] == (other, "open")
        blocked = await h.slash(users[0], "move", move=(await choices(h, users[0]))[0].value)
        assert blocked.acked_at is not None  # answered ("thinking…") at once...
        assert h.rows("SELECT COUNT(*) FROM moves") == [(0,)]  # ...but the move waits its turn
    await h.wait()
    assert h.rows("SELECT channel_id, status FROM games ORDER BY id") == [(h.channel, "running"), (other, "open")]
    assert h.rows("SELECT COUNT(*) FROM moves") == [(1,)]


async def test_without_the_right_to_post_the_caller_is_told_privately_why(toy, harness, users):
    """The fallback follow-up after a "thinking" defer IS the original response: it must stay."""
    h = harness
    await new_table(h, users)
    h.deny(h.channel, "send")
    posts = len(h.posts())
    inter = await h.slash(users[3], "game status")
    answer = h.transcript()[-1]
    assert answer.ephemeral and answer.user_id == users[3].id
    assert "Send Messages" in answer.content and answer.png.startswith(PNG)
    assert answer is inter.original and not answer.deleted  # the player still sees it
    assert len(h.posts()) == posts
    assert h.requests("POST /channels/{channel_id}/messages")[-1].status == 403


async def test_every_command_that_posts_keeps_the_callers_reply_without_send_messages(toy, harness, users):
    h = harness
    alice, bob, carol = users[:3]
    h.deny(h.channel, "send")
    await h.slash(alice, "game new", game="toy-bids", player2=bob)
    await h.slash(carol, "game join")
    await h.slash(carol, "game leave")
    await h.slash(alice, "game start")
    await h.slash(alice, "game status")
    await h.slash(alice, "move", move=(await choices(h, alice))[0].value)
    await h.slash(alice, "game abort")
    replies = [i.original for i in h.interactions if i.type == 2]
    assert len(replies) == 7 and all(r.ephemeral and not r.deleted and r.content for r in replies)
    assert "Send Messages" in replies[0].content and "aborted" in replies[-1].content
    assert h.posts() == []
