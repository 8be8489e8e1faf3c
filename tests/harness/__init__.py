"""A Discord test harness on discord.py's real code: only the network is fake.

The real ``MeepleBot`` logs in as ``python -m bot --sync`` does; its HTTP
session (the one ``aiohttp.ClientSession`` that carries every REST call and
interaction webhook) is a :class:`~tests.harness.discord_api.FakeSession`
answering like Discord, and the test feeds raw gateway payloads (READY,
GUILD_CREATE, INTERACTION_CREATE, THREAD_UPDATE, ...) to the client's real
``ConnectionState`` parsers. So the command tree, option transformers, the
view store, serialisation and ``InteractionResponse`` bookkeeping all run for
real, and Discord's rules are enforced: message and component limits, the
interaction lifecycle (one initial response within 3 s, follow-ups only after
it, the first follow-up after a "thinking" defer *is* the original response)
and 403/50013 in a channel where the bot may not post. Any refusal, or an
error the bot logs, fails the test (``expecting_errors()`` to allow one).

Vocabulary (all on the ``harness`` fixture, see :class:`~tests.harness.client.Harness`)::

    async def test_new_game(harness):
        h = harness
        alice, bob = h.user("Alice"), h.user("Bob")
        await h.slash(alice, "game new", game="toy-bids", player2=bob)   # /game new game:... player2:@Bob
        assert "Toy Bids" in h.last().content                            # the latest public post
        choices = await h.complete(alice, "move", "move", "bid")        # autocomplete while typing
        await h.slash(alice, "move", move=choices[0].value)
        assert h.ephemeral(alice)[-1].content                           # what only Alice sees
        msg = h.posts()[-1]
        await h.click(bob, msg, "Yes")                                   # a button by label or custom id
        await h.click(bob, msg, 0, values=["x"])                         # a select menu
        await h.wait(hours=24)                                           # timers and reminders run
        h.requests("POST /channels/{channel_id}/messages")               # REST calls by route
        h.deny(h.channel, "send")                                        # no Send Messages here

Messages (:class:`~tests.harness.discord_api.Message`) carry ``content``,
``ephemeral``, ``user_id``, ``files``/``png``, ``components``, ``edits`` and
``deleted``; ``slash``/``click`` return the
:class:`~tests.harness.discord_api.Interaction` with its ``original``
response, ``followups`` and ``ack_ms``.
"""

from .client import Choice, Harness, NotOffered, User
from .discord_api import FakeDiscord, Interaction, Message

__all__ = ["Choice", "FakeDiscord", "Harness", "Interaction", "Message", "NotOffered", "User"]
