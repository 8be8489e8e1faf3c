"""Standing orders at the table: kept per game, looked at after every change, answered by a
durable timer (``bot.table.pbp.orders`` says what they answer and how).

The orders live in the store's settings (scope ``orders``, the game's id, key ``seats``: each
seat's orders as JSON), cached per game in memory: a move of a game nobody gave orders costs a
dictionary look-up (which games have any is read once at the start: such a game's first move after
a restart reads nothing either). After a change each waited-for seat with orders is looked at; an answer is
a timer (``order:<game>:<seat>``) due at once, or after its random delay, that survives a
restart. When it fires it plays only if the table is still at the move it was worked out for and
the orders still give the same answer: so a change meanwhile (an undo, a move, new orders)
drops it, and the new position is looked at again.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass, field, replace

from games.core.messages import DEFAULT_LOCALE, Msg, render

from ...words.i18n import Text, fill_names, t
from .. import timers
from ..posts import Post
from ..tables import copy_state
from .orders import POWER_PRESETS, Answer, Orders, PowerOrder, answer, kinds, open_information, power_preset

log = logging.getLogger(__name__)

SCOPE, KEY = "orders", "seats"


class StandingOrders:
    """The orders of every game this process holds, on the play-by-post service ``pbp``."""

    def __init__(self, pbp):
        self.pbp = pbp
        self._games: dict[int, dict[int, Orders]] = {}
        #: the games with orders in the store, read once at the start (:meth:`games`) and kept up
        #: to date by this process (the only one that holds them); None: not read, ask the store
        self._stored: set[int] | None = None

    # --- keeping them ----------------------------------------------------------------------------
    async def of(self, gid: int) -> dict[int, Orders]:
        """Seat -> orders of game ``gid`` (read once, then kept)."""
        got = self._games.get(gid)
        if got is None:
            if self._stored is not None and gid not in self._stored:
                return {}  # none given (a move of such a game reads nothing: its first one after a restart too)
            raw = await self.pbp.sessions.store.get_setting(SCOPE, gid, KEY, {}) or {}
            got = {int(seat): Orders.from_json(data) for seat, data in raw.items()}
            self._games[gid] = got
        return got

    async def games(self) -> set[int]:
        """The games that have orders stored (in one read; a start looks at those alone), kept: a
        game outside them has none until this process gives it some."""
        self._stored = set(await self.pbp.sessions.store.scope_ids(SCOPE, KEY))
        return set(self._stored)

    def adopted(self, gid: int) -> None:
        """Game ``gid`` came from another process (its orders may have changed there): read them."""
        self._games.pop(gid, None)
        if self._stored is not None:
            self._stored.add(gid)

    async def _save(self, gid: int, seats: dict[int, Orders]) -> None:
        self._games[gid] = seats
        if self._stored is not None:
            self._stored.add(gid)
        await self.pbp.sessions.store.set_setting(SCOPE, gid, KEY,
                                                  {str(s): o.to_json() for s, o in seats.items() if not o.empty})

    async def set(self, table, seat: int, orders: Orders) -> Orders:
        """The seat's new orders (as of the table's move now), then looked at at once."""
        seats = dict(await self.of(table.record.id))
        orders = Orders(orders.forced, orders.power, orders.cult, orders.town, since=table.n)
        if orders.empty:
            seats.pop(seat, None)
        else:
            seats[seat] = orders
        await self._save(table.record.id, seats)
        await self.review(table, [seat])
        return orders

    async def lapse(self, gid: int, seat: int | None = None) -> None:
        """The seat's orders (every seat's: None) end: the seat changed hands, or the game is over."""
        seats = dict(await self.of(gid))
        gone = [s for s in seats if seat is None or s == seat]
        if not gone:
            return
        for s in gone:
            seats.pop(s)
            await self.pbp._io(self.pbp.dispatcher.cancel, f"order:{gid}:{s}", write=True)
        await self._save(gid, seats)

    def forget(self, gid: int) -> None:
        self._games.pop(gid, None)

    # --- answering ----------------------------------------------------------------------------------
    async def after_change(self, table, what: str) -> None:
        """After a move, a start or an undo: an undo before an order's move ends it; then every
        waited-for seat with orders is looked at."""
        seats = await self.of(table.record.id)
        if not seats:
            return
        if what == "undone":
            for seat in [s for s, o in seats.items() if o.since > table.n]:
                await self.lapse(table.record.id, seat)
        await self.review(table)

    async def review(self, table, only: list[int] | None = None) -> None:
        """Schedule the answer of each waited-for seat's orders (or drop the one waiting)."""
        gid = table.record.id
        seats = await self.of(gid)
        if not seats or not table.started or table.record.status != "running":
            return  # (``started``: a frozen table is not thawed for a game nobody gave orders in)
        waiting = set(table.to_move())
        for seat, orders in sorted(seats.items()):
            if only is not None and seat not in only:
                continue
            key = f"order:{gid}:{seat}"
            found = None
            if seat in waiting and seat < len(table.seats) and not table.seats[seat].is_bot:
                # on a copy of its own: a move changes the table's state in place meanwhile
                found = await asyncio.to_thread(answer, table.record.game, table.engine,
                                                copy_state(table.engine, table.state), seat, orders)
            if found is None:
                await self.pbp._io(self.pbp.dispatcher.cancel, key, write=True)
                continue
            await self.pbp._io(self.pbp.dispatcher.add, "order", self.pbp.now() + found.delay,
                               {"game_id": gid, "seat": seat, "n": table.n, "move": found.move},
                               key=key, game_id=gid, write=True)

    async def on_timer(self, timer: timers.Timer) -> None:
        """An answer falls due: played if the table and the orders still give it."""
        p = timer.payload
        gid, seat = p["game_id"], p["seat"]
        table = await self.pbp._current(gid)
        if table is None or table.state is None or table.n != p["n"] or seat not in table.to_move():
            return  # the table moved on: that change looked at the orders again
        orders = (await self.of(gid)).get(seat)
        if orders is None:
            return
        found: Answer | None = await asyncio.to_thread(answer, table.record.game, table.engine,
                                                       copy_state(table.engine, table.state), seat, orders)
        if found is None or found.move != p["move"]:
            return
        reply = await self.pbp.sessions.move_as(table.record.channel_id, seat, found.move)
        if not reply.ok:
            log.warning("game %s: seat %s's standing order %r was refused: %s", gid, seat, found.move, reply.text)
            return
        if not found.marked:  # hidden information: an ordinary move, as a click would have made it
            await self.pbp._post_reply(table.record.channel_id, reply)
            return
        prefix = self.pbp._t("orders.played", name=table.seats[seat].name)
        if reply.public is None and reply.step is not None:
            # a step inside the seat's own turn (an offer answered just before it acts): a click
            # would have told the player alone; the table is told here, as the order is public
            reply.public = Post([done_line(reply.step, self.pbp.sessions.locale)], minor=True)
        await self.pbp._post_reply(table.record.channel_id, reply, prefix=prefix)


def done_line(step: Post, locale: str | None = None):
    """What a step did, without "Done:" and what is left (the step's answer to its player), as a
    line that can still be worded for each reader, seat names filled in."""
    first = step.lines[0] if step.lines else ""
    m = getattr(first, "msg", None)
    if m is None or m.key != "bot.turn.step" or "done" not in m.params:
        return first
    done, names = m.params["done"], getattr(first, "names", ())
    if isinstance(done, Msg):
        return Text(fill_names(render(done, locale or DEFAULT_LOCALE), names), done, names)
    return fill_names(str(done), names)


# --- the menu (``/game orders``, the button on a prompt) ------------------------------------------
@dataclass
class Menu:
    """A player's orders in one game as the menu shows them: its lines, and per kind of order
    the choices (value, label) with the one in force. ``ok`` False: ``lines`` say why not."""

    ok: bool
    lines: list[str]
    game_id: int = 0
    seat: int = 0
    fields: list[tuple[str, list[tuple[str, str]], str]] = field(default_factory=list)


def _t(key: str, **kw) -> str:
    return t(key, **kw)


def power_words(order: PowerOrder | None) -> str:
    if order is None:
        return _t("orders.power.ask")
    preset = order.preset()
    if preset is not None:
        return _t(f"orders.power.{preset}")
    never = _t("orders.power.never")
    return _t("orders.power.custom", vp=never if order.vp is None else order.vp,
              power=never if order.power is None else order.power,
              otherwise=_t("orders.power.decline_word") if order.otherwise == "decline" else _t("orders.ask"))


def describe(kind: str, orders: Orders) -> str:
    """One line of the menu: what the seat's ``kind`` order does now."""
    if kind == "power":
        what = power_words(orders.power)
    elif kind == "forced":
        what = _t("orders.forced.on" if orders.forced else "orders.ask")
    else:
        what = _t("orders.sensible" if getattr(orders, kind) else "orders.ask")
    return _t(f"orders.line.{kind}", what=what)


def choices(kind: str) -> list[tuple[str, str]]:
    if kind == "power":
        return [(name, _t(f"orders.power.{name}")) for name in POWER_PRESETS]
    on = "orders.forced.on" if kind == "forced" else "orders.sensible"
    return [("on", _t(on)), ("off", _t("orders.ask"))]


def current(kind: str, orders: Orders) -> str:
    if kind == "power":
        return (orders.power.preset() if orders.power is not None else "ask") or ""
    return "on" if getattr(orders, kind) else "off"


def changed(orders: Orders, kind: str, value) -> Orders:
    """``orders`` with one kind set from a menu's value (``"on"``/``"off"``, a power preset) or a
    typed order (a ``PowerOrder``, a bool)."""
    if kind == "power":
        power = value if isinstance(value, PowerOrder) or value is None else power_preset(value)
        return replace(orders, power=power)
    return replace(orders, **{kind: value if isinstance(value, bool) else value == "on"})


async def menu(pbp, table, user_id: int) -> Menu:
    """The caller's orders menu at ``table``."""
    if table is None or table.state is None or table.record.status != "running":
        return Menu(False, [_t("orders.no_game")])
    seat = table.seat_of(user_id)
    if seat is None:
        return Menu(False, [_t("orders.not_seated")])
    orders = (await pbp.orders.of(table.record.id)).get(seat, Orders())
    game = table.record.game
    lines = [_t("orders.title", game=table.engine.name, seat=seat + 1, name=table.seats[seat].name)]
    lines += [describe(kind, orders) for kind in kinds(game)]
    lines.append(_t("orders.marked" if open_information(game) else "orders.hidden"))
    lines.append(_t("orders.lapse"))
    return Menu(True, lines, table.record.id, seat,
                [(kind, choices(kind), current(kind, orders)) for kind in kinds(game)])


async def change(pbp, table, user_id: int, updates: dict) -> Menu:
    """Set the caller's orders (``updates``: kind -> value as ``changed`` takes it) and answer with
    the menu as it now stands; a kind the game does not offer is refused, nothing changed."""
    shown = await menu(pbp, table, user_id)
    if not shown.ok:
        return shown
    offered = kinds(table.record.game)
    wrong = [k for k in updates if k not in offered]
    if wrong:
        return Menu(False, [_t("orders.not_here", game=table.engine.name,
                                kinds=[_t(f"orders.kind.{k}") for k in offered])])
    orders = (await pbp.orders.of(table.record.id)).get(shown.seat, Orders())
    for kind, value in updates.items():
        orders = changed(orders, kind, value)
    await pbp.orders.set(table, shown.seat, orders)
    return await menu(pbp, table, user_id)
