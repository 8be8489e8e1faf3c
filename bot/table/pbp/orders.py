"""Standing orders: answers a player sets in advance, which the bot gives for them while they
are away (``/game orders``, or the button on the prompt).

What an order can answer:

* in every game, **"play my only legal move"**: when the seat is waited for and exactly one
  complete move is legal (walking the notation's next words), that move;
* in Terra Mystica, power offers, cult steps and town tiles (``bot.table.games.terra_mystica_orders``).

How an answer reaches the table:

* In a game that hides nothing (Terra Mystica) the answer goes out at once and the table sees it
  like any other move, marked as a standing order.
* In a game with hidden information (hands, secret choices) that only move may say something
  about what the player holds, and an instant answer would say it was forced. There the answer
  waits a random ``DELAY`` and is NOT marked: the table sees an ordinary move, and nobody else
  can tell an order exists.

When an order no longer applies (documented in ``docs/async-play.md``):

* an answer waiting for its delay is dropped when the table moves on first (the decision it
  was worked out for is gone; the order looks again at the new position);
* an order lapses when an undo takes back the move after which it was set (the board it was
  set for is gone), and when the game ends;
* "only legal move" never answers a decision with two or more moves, so a board that opens a
  second choice leaves it to the player.

Pure: no clock and no I/O; ``bot.table.pbp.standing`` keeps the orders and runs the answers.
"""

from __future__ import annotations

import json
import random
from dataclasses import asdict, dataclass

from ..games import plug
from ..sessions import fresh_state, state_text

#: Designed: the span a hidden-information answer waits, in seconds (2 to 10 minutes): long
#: enough that it reads like a player's click, short enough not to hold the table up.
DELAY = (120.0, 600.0)
#: the power-offer presets of the menu: value -> (VP cost accepted, power accepted, otherwise)
POWER_PRESETS: dict[str, tuple[int | None, int | None, str] | None] = {
    "ask": None,
    "decline": (None, None, "decline"),
    "free": (0, None, "decline"),
    "free-ask": (0, None, "ask"),
    "vp1": (1, None, "decline"),
    "vp1-ask": (1, None, "ask"),
    "vp2": (2, None, "decline"),
    "p3": (None, 3, "decline"),
    "vp1-p4": (1, 4, "decline"),
    "all": (99, None, "decline"),
}


@dataclass(frozen=True)
class PowerOrder:
    """Take a power offer when its VP cost is at most ``vp`` or the power it gives is at least
    ``power`` (either may be None: not that way); else ``otherwise`` ("decline" or "ask")."""

    vp: int | None = None
    power: int | None = None
    otherwise: str = "ask"

    def preset(self) -> str | None:
        """The menu's name for this order, when it is one of the presets."""
        return next((k for k, v in POWER_PRESETS.items() if v == (self.vp, self.power, self.otherwise)), None)


@dataclass(frozen=True)
class Orders:
    """One seat's standing orders in one game; ``since``: the move number they were set at."""

    forced: bool = False
    power: PowerOrder | None = None
    cult: bool = False
    town: bool = False
    since: int = 0

    @property
    def empty(self) -> bool:
        return not (self.forced or self.power or self.cult or self.town)

    def to_json(self) -> dict:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict | None) -> Orders:
        if not data:
            return cls()
        power = data.get("power")
        return cls(bool(data.get("forced")), PowerOrder(**power) if power else None, bool(data.get("cult")),
                   bool(data.get("town")), int(data.get("since") or 0))


def power_preset(name: str) -> PowerOrder | None:
    """The order of a menu preset (None: "ask me"); KeyError for an unknown one."""
    got = POWER_PRESETS[name]
    return None if got is None else PowerOrder(*got)


def kinds(game_id: str) -> tuple[str, ...]:
    """The orders a game offers: "forced" everywhere, then the game's own (its plug's
    ``STANDING_ORDERS``, answered by its ``standing_answer``)."""
    return ("forced", *getattr(plug(game_id), "STANDING_ORDERS", ()))


def open_information(game_id: str) -> bool:
    """Whether every decision of the game is open information (its plug's ``OPEN_INFORMATION``):
    then an order's answer goes out at once, marked as one; else after a while, like a click."""
    return bool(getattr(plug(game_id), "OPEN_INFORMATION", False))


@dataclass(frozen=True)
class Answer:
    """What an order plays: ``move``, for which ``kind`` of order, after ``delay`` seconds,
    ``marked`` as a standing order for the table or not (hidden information)."""

    move: str
    kind: str
    delay: float
    marked: bool


def only_move(engine, state, seat: int, depth: int = 40) -> str | None:
    """The seat's one complete legal move, or None when it has none or a choice."""
    prefix = ""
    for _ in range(depth):
        try:
            options = engine.legal_moves(state, seat, prefix)
        except Exception:
            return None
        if len(options) != 1:
            return None
        if not options[0].endswith(" "):
            return options[0]
        prefix = options[0]
    return None


def legal(engine, state, seat: int, move: str) -> bool:
    """Whether ``move`` plays now (tried on a copy: the state is untouched)."""
    trial = fresh_state(engine, json.loads(state_text(engine, state)))
    try:
        engine.play(trial, seat, move, atomic=False)
    except Exception:
        return False
    return True


def answer(game_id: str, engine, state, seat: int, orders: Orders, rnd: random.Random | None = None) -> Answer | None:
    """What ``orders`` play for ``seat`` now, or None (nothing they answer: the player is asked)."""
    if orders.empty or seat not in engine.to_move(state):
        return None
    found = None
    own = getattr(plug(game_id), "standing_answer", None)
    if own is not None:
        found = own(engine, state, seat, orders)
    if found is None and orders.forced:
        move = only_move(engine, state, seat)
        found = ("forced", move) if move is not None else None
    if found is None or not legal(engine, state, seat, found[1]):
        return None
    kind, move = found
    if open_information(game_id):
        return Answer(move, kind, 0.0, True)
    return Answer(move, kind, (rnd or random).uniform(*DELAY), False)
