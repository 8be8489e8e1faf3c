"""Who held each seat from which move: a seat handed to another person (``/game replace``) keeps
its history here, for whatever tells the game's story (``/game history``, ``/game status``, the
export, the archive's card, the results rows).

Kept in the store's settings (scope ``holders``, the game's id, key ``seats``): a list of
``{"seat", "user_id", "name", "from"}``, each holder from that public move number on, written
with the seat's row in one transaction (``Store.hand_over_seat``). A game whose seats never
changed hands has none: every seat was its seat row's from move 1.
"""

from __future__ import annotations

SCOPE, KEY = "holders", "seats"


async def read(store, game_id: int) -> list[dict]:
    """The game's holders, in the order the seats changed hands ([]: none ever did)."""
    return list(await store.get_setting(SCOPE, game_id, KEY, []) or [])


def holder_at(held: list[dict], seat: int, n: int) -> dict | None:
    """Who held ``seat`` at move ``n`` (None: the seat never changed hands)."""
    got = None
    for h in held:
        if h["seat"] == seat and h["from"] <= n:
            got = h
    return got


def names_at(held: list[dict], names: list[str], n: int) -> list[str]:
    """The seats' names as they were at move ``n`` (``names``: the holders now)."""
    if not held:
        return names
    out = list(names)
    for seat in range(len(out)):
        h = holder_at(held, seat, n)
        if h is not None:
            out[seat] = h["name"]
    return out


def of_seat(held: list[dict], seat: int) -> list[dict]:
    return [h for h in held if h["seat"] == seat]


def lines(held: list[dict], t) -> list[str]:
    """A line per seat that changed hands: "Seat 1: Bob (moves 1-12), Dave (from move 13)";
    ``t(key, **kw)`` words them."""
    out = []
    for seat in sorted({h["seat"] for h in held}):
        mine = of_seat(held, seat)
        parts = []
        for i, h in enumerate(mine):
            last = mine[i + 1]["from"] - 1 if i + 1 < len(mine) else None
            if last is not None and last < h["from"]:
                continue  # handed on again before any move: held for none
            parts.append(t("replace.held_from", name=h["name"], n=h["from"]) if last is None else
                         t("replace.held_span", name=h["name"], first=h["from"], last=last))
        out.append(t("replace.holders", seat=seat, holders=parts))
    return out
