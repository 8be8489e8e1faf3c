"""A delivered turn post keeps its row (Discord's message id: never sent again) but not its JSON.

The post's JSON (its lines, alt text and how to draw its image again, about 2 KB with a board)
is read only while the post is owed (``owed_posts``: after a restart). Kept after delivery it was
most of what a move adds to the database file; the row now keeps the key and the message id.
A post not delivered (owed, or given up as failed) keeps its JSON as before.
"""

from __future__ import annotations

from datetime import UTC, datetime

from bot.store import open_store

T0 = datetime(2026, 1, 1, 12, tzinfo=UTC)
POST = '{"lines": [{"text": "P0 builds", "msg": null, "names": []}], "image": {"n": 1}, "alt": []}'


async def test_a_delivered_post_keeps_its_message_id_and_drops_its_json(backend):
    store = await open_store(**backend)
    try:
        gid = await store.create_game("bruges", 1, {}, 7, 3, 10, 1, [(1, "A"), (2, "B")], T0)
        await store.start_game(gid, [(1, "A"), (2, "B")], "{}", 1, T0, owed=POST)
        rev = (await store.game(gid)).rev
        for n in (1, 2):
            rev = await store.append_move(gid, n, 0, "m", "public", "", False, None, 1, T0, rev=rev, owed=POST)
        await store.post_delivered(gid, 1, 2**60, board=True)
        await store.post_failed(gid, 0, "denied")
        rows = [tuple(r) for r in await store._all("SELECT n, post, message_id, failed FROM outbox ORDER BY n")]
        assert rows == [(0, POST, None, "denied"), (1, "", 2**60, None), (2, POST, None, None)]
        assert [(o.n, o.post) for o in await store.owed_posts()] == [(2, POST)]
        assert (await store.game(gid)).board_message_id == 2**60
    finally:
        await store.close()
