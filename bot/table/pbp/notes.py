"""A player's private notes per game (``/note``), shown to them alone: by ``/note`` and at the
foot of their ``/hand``.

Kept in the store's settings (scope ``notes``, the game's id, the player's user id as the key;
the settings' primary key is the index), so they are on both backends and survive a restart.
A note is appended with the move it was written at ("#12: watch the bridge"); ``clear`` erases
them. Nobody else ever sees them: no public post, no other player's ``/hand``.
"""

from __future__ import annotations

from ...words.i18n import t

SCOPE = "notes"
#: characters a player's notes in one game may hold (the /hand answer must stay in one message)
LIMIT = 1500


async def read(store, game_id: int, user_id: int) -> list[str]:
    """The player's notes in this game, oldest first."""
    return list(await store.get_setting(SCOPE, game_id, str(user_id), []) or [])


async def add(store, game_id: int, user_id: int, n: int, text: str) -> list[str] | None:
    """Append a note written at move ``n``; None when the notes would pass ``LIMIT`` (nothing kept)."""
    notes = await read(store, game_id, user_id)
    notes.append(f"#{n}: {' '.join(text.split())}")
    if sum(len(x) + 1 for x in notes) > LIMIT:
        return None
    await store.set_setting(SCOPE, game_id, str(user_id), notes)
    return notes


async def clear(store, game_id: int, user_id: int) -> None:
    await store.set_setting(SCOPE, game_id, str(user_id), [])


def lines(notes: list[str]) -> list[str]:
    """How the notes read under ``/hand`` and ``/note``: a title, then one line each."""
    if not notes:
        return []
    return [t("notes.title"), *(f"> {x}" for x in notes)]


async def hand_lines(sessions, table, seat: int) -> list[str]:
    """The ``/hand`` hook (``SessionManager.hand_lines``): the seat holder's notes."""
    return lines(await read(sessions.store, table.record.id, table.seats[seat].user_id))
