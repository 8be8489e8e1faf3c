"""/game new|join|start|status|board and /hand answer the interaction itself: one request each
(two only when a slow call had to be deferred first)."""

from __future__ import annotations

PNG = b"\x89PNG"
CALLBACK = "POST /interactions/{interaction_id}/{token}/callback"


async def costs(h, user, path, **options):
    before = len(h.requests())
    inter = await h.slash(user, path, **options)
    return inter, [r.route for r in h.requests()[before:]]


async def test_each_table_command_is_one_request(harness, monkeypatch):
    import bot.discord.send

    h = harness
    # counted here: the requests of a prompt answer (a loaded test machine must not make it "slow")
    monkeypatch.setattr(bot.discord.send, "ANSWER_WITHIN", 60)
    h.discord.ack_deadline = 120
    ann, bob, cy = h.user("Ann"), h.user("Bob"), h.user("Cy")
    inter, made = await costs(h, ann, "game new", game="west-of-africa", player2=bob)
    assert made == [CALLBACK] and not inter.original.ephemeral and "West of Africa" in inter.original.content
    inter, made = await costs(h, cy, "game join")
    assert made == [CALLBACK] and "Cy" in inter.original.content
    inter, made = await costs(h, ann, "game start")
    assert made == [CALLBACK] and inter.original.png.startswith(PNG) and cy.mention in inter.original.content
    assert "Play" in inter.original.labels()  # the turn post's button comes with the answer
    for path in ("game status", "game board"):
        inter, made = await costs(h, bob, path)
        assert made == [CALLBACK], (path, made)
        assert not inter.original.ephemeral and inter.original.png.startswith(PNG)
    inter, made = await costs(h, bob, "hand")
    assert made == [CALLBACK] and inter.original.ephemeral and inter.original.png.startswith(PNG)
    # a minor line later (a seat ready) is edited into the start post, which answered an interaction
    start = h.posts()[-1]
    before = len(h.requests())
    await h.slash(ann, "move", move="choose tenerife")
    assert "(1/3)" in start.content and h.posts()[-1] is start
    assert "PATCH /channels/{channel_id}/messages/{message_id}" in [r.route for r in h.requests()[before:]]
    h.check()


async def test_a_slow_answer_is_deferred_then_edited_in(harness, monkeypatch):
    import bot.discord.send

    h = harness
    ann, bob = h.user("Ann"), h.user("Bob")
    await h.slash(ann, "game new", game="west-of-africa", player2=bob)
    await h.slash(ann, "game start")
    monkeypatch.setattr(bot.discord.send, "ANSWER_WITHIN", 0)  # every call is "too slow" now
    inter, made = await costs(h, bob, "game status")
    assert made == [CALLBACK, "PATCH /webhooks/{app}/{token}/messages/{message_id}"], made
    assert not inter.original.ephemeral and not inter.original.deleted and inter.original.png.startswith(PNG)
    inter, made = await costs(h, bob, "hand")
    assert len(made) == 2 and inter.original.ephemeral and inter.original.png.startswith(PNG)
    zed = h.user("Zed")
    inter, made = await costs(h, zed, "game status", channel=h.text_channel("empty"))  # no game there
    # a refusal after a public "thinking…": that is taken away, the caller alone is told
    assert inter.original.deleted and h.last(zed).ephemeral and "no game" in h.last(zed).content.lower()
    h.check()


def drawn_after_the_call(h, monkeypatch, gate):
    """/game start's board left to draw after the call (``Post.draw``), waiting for ``gate``: the
    board that ``send.answer_public`` draws before it answers."""
    real = h.sessions.start

    async def start(*args, **kwargs):
        reply = await real(*args, **kwargs)
        post, png = reply.public, reply.public.png

        async def draw(locale=None):
            await gate.wait()
            return png

        post.png, post.draw = None, draw
        return reply

    monkeypatch.setattr(h.sessions, "start", start)


async def late_board(h, monkeypatch):
    """Ann and Bob at a new West of Africa table whose /game start board is always drawn late (no
    time left to respond: ``RESPOND_BY`` 0), held until the returned gate is set."""
    import asyncio

    import bot.discord.send

    ann, bob = h.user("Ann"), h.user("Bob")
    await h.slash(ann, "game new", game="west-of-africa", player2=bob)
    gate = asyncio.Event()
    drawn_after_the_call(h, monkeypatch, gate)
    monkeypatch.setattr(bot.discord.send, "RESPOND_BY", 0)
    return ann, bob, gate


async def test_a_board_drawn_past_the_answer_time_is_deferred_then_edited_in_once(harness, monkeypatch):
    h = harness
    ann, bob, gate = await late_board(h, monkeypatch)
    inter, made = await costs(h, ann, "game start")  # the board is still being drawn
    assert made == [CALLBACK] and inter.response_type == 5  # a "thinking…", not the answer
    assert inter.original.loading and not inter.original.ephemeral and inter.original.files == []
    before = len(h.requests())
    gate.set()
    await h.settle()
    h.check()
    made = [r.route for r in h.requests()[before:]]
    # the post edits it in; an edit notifies nobody, so a follow-up pings who the post asks
    assert made == ["PATCH /webhooks/{app}/{token}/messages/{message_id}", "POST /webhooks/{app}/{token}"], made
    assert not inter.original.loading and inter.original.png.startswith(PNG)
    assert bob.mention in inter.original.content and "Play" in inter.original.labels()
    ping = h.posts()[-1]
    asked = [u.id for u in (ann, bob) if u.mention in inter.original.content]  # everyone the post asks
    assert bob.id in asked and inter.original.pinged == [] and sorted(ping.pinged) == sorted(asked)
    assert all(f"<@{uid}>" in ping.content for uid in asked) and ping.png is None and not ping.ephemeral
    assert [m for m in h.transcript() if bob.id in m.pinged] == [ping]  # told once
    assert h.rows("SELECT n, message_id FROM outbox") == [(0, inter.original.id)]  # delivered: never again
    await h.wait(hours=1)
    assert [m for m in h.posts() if m.png is not None] == [inter.original]


async def test_the_ping_after_an_edited_post_waits_out_a_429_and_a_lost_one_changes_nothing(harness, monkeypatch):
    from ..harness.discord_api import FOLLOWUP

    h = harness
    ann, bob, gate = await late_board(h, monkeypatch)
    h.discord.fail(FOLLOWUP, 429, times=1, retry_after=1.0)
    inter, _made = await costs(h, ann, "game start")
    gate.set()
    await h.settle()
    await h.wait(1.1)
    assert [m for m in h.transcript() if bob.id in m.pinged] == [h.posts()[-1]]  # after Discord's wait, once
    # a second table whose ping Discord refuses outright: the post stands, delivered, and nothing more
    other = h.text_channel("second")
    await h.slash(ann, "game new", game="west-of-africa", player2=bob, channel=other)
    gate.clear()
    h.discord.fail(FOLLOWUP, 500, times=1)
    inter, _made = await costs(h, ann, "game start", channel=other)
    gate.set()
    await h.settle()
    assert inter.original.png.startswith(PNG) and bob.mention in inter.original.content
    assert h.posts(other)[-1] is inter.original and inter.original.pinged == []
    await h.wait(hours=1)
    assert [m for m in h.posts(other) if m.png is not None] == [inter.original]


async def test_a_board_drawn_in_time_is_still_the_answer_itself(harness, monkeypatch):
    import asyncio

    h = harness
    ann, bob = h.user("Ann"), h.user("Bob")
    await h.slash(ann, "game new", game="west-of-africa", player2=bob)
    gate = asyncio.Event()
    gate.set()  # drawn at once
    drawn_after_the_call(h, monkeypatch, gate)
    inter, made = await costs(h, ann, "game start")
    assert made == [CALLBACK] and inter.response_type == 4  # one request: the post with its board
    assert inter.original.png.startswith(PNG) and bob.mention in inter.original.content


async def test_the_wait_for_a_call_counts_from_the_interactions_arrival(harness, monkeypatch):
    """A call or a move is waited for ``ANSWER_WITHIN`` from when the interaction arrived, not
    from when its handler began: one that arrived long ago is deferred before its call is awaited."""
    import time

    import bot.discord.tracing

    h = harness
    ann, bob = h.user("Ann"), h.user("Bob")
    await h.slash(ann, "game new", game="west-of-africa", player2=bob)
    await h.slash(ann, "game start")
    monkeypatch.setattr(bot.discord.tracing, "arrival", lambda interaction_id: time.monotonic() - 10)
    inter, made = await costs(h, bob, "game status")
    assert made == [CALLBACK, "PATCH /webhooks/{app}/{token}/messages/{message_id}"], made
    assert inter.response_type == 5 and inter.original.png.startswith(PNG)
    inter, _ = await costs(h, ann, "move", move="choose tenerife")
    assert inter.response_type == 5 and inter.original.ephemeral and not inter.original.loading
