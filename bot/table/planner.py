"""The private planner (issue 36 item 5): ``/plan moves:`` plays moves on a private copy of the
game, shows that player alone the board and their resources after them, and never touches the
real game (no move, snapshot, outbox row, timer or poll is written: the plan is one setting).

* **The copy** is made from what the player may see: the table's state with every other seat's
  hidden information dealt again (``games.bots.hidden.determinise``, as the bots and hints do,
  from a seed of the plan's own), never the real hands.
* **The plan** is kept per player and game in the store's settings (scope ``plan``, the game,
  the user's id): the seat, the move number it starts from, the copy at that move (JSON) and the
  moves planned. It survives a restart; ``/plan reset:True`` (or its button) starts again.
* **By menu**: the same menus the Play button opens (``bot.table.menus``), built on the copy
  after the plan (:func:`menu`); a pick of a whole move is added to the plan (:func:`pick`), a
  stem opens its next level. The "Plan" button under the Play menu and ``/plan`` without moves
  open them.
* **Play this plan** plays it for real only if the table is still at the plan's first move (else
  a refusal says how many moves were played since and the last one); then move by move through
  the table's normal path (each checked, each posted as usual), stopping at the first move the
  table refuses or when the turn passes to someone else. The plan is then gone.

No Discord here: the commands and buttons are ``bot.discord.cogs.planner``.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field

from games.bots.hidden import determinise

from ..words.i18n import t
from . import board_text, menus, render_pool
from .posts import Button, Post
from .tables import fresh_state, state_text

SCOPE = "plan"
#: moves one plan may hold (a whole turn of the longest game is well under it)
MOST = 40
#: several moves typed at once are separated by this (a Terra Mystica row uses ". " inside a move)
SEPARATOR = ";"


@dataclass
class Plan:
    """A player's plan in one game: from move ``base``, for ``seat``, on ``copy`` (the copy's state
    JSON at ``base``), the ``moves`` planned."""

    seat: int
    base: int
    copy: str
    moves: list[str] = field(default_factory=list)

    def to_json(self) -> dict:
        return {"seat": self.seat, "base": self.base, "copy": self.copy, "moves": list(self.moves)}

    @classmethod
    def from_json(cls, data: dict | None) -> Plan | None:
        if not data:
            return None
        return cls(int(data["seat"]), int(data["base"]), str(data["copy"]), list(data.get("moves") or []))


@dataclass
class Shown:
    """What the planner answers: ``ok`` False is a refusal (``lines`` say why); else the plan's
    lines, its board (PNG) and its buttons."""

    ok: bool
    lines: list
    png: bytes | None = None
    buttons: list[Button] = field(default_factory=list)
    game_id: int | None = None
    #: the menu of the copy (the seat's next decision there), None when the copy does not wait for it
    menu: menus.Menu | None = None
    #: what the menu was built on: the plan's first move number and how many moves it held
    #: (a pick from a menu built on another plan is not played: the menu is built again)
    at: tuple[int, int] = (0, 0)

    def post(self) -> Post:
        return Post(list(self.lines), png=self.png, filename="plan.png", buttons=list(self.buttons),
                    alt=[line for line in self.lines[:3]] if self.png is not None else [])


def _key(user_id: int) -> str:
    return str(user_id)


async def load(store, game_id: int, user_id: int) -> Plan | None:
    return Plan.from_json(await store.get_setting(SCOPE, game_id, _key(user_id), None))


async def save(store, game_id: int, user_id: int, plan: Plan | None) -> None:
    await store.set_setting(SCOPE, game_id, _key(user_id), plan.to_json() if plan is not None else None)


def private_copy(engine, state, seat: int, seed: int):
    """The table's state as ``seat`` may know it: the others' secrets dealt again from ``seed``."""
    return determinise(engine, state, seat, random.Random(seed))


def replay(engine, plan: Plan):
    """The copy after the plan's moves (each was checked when it was planned)."""
    state = fresh_state(engine, json.loads(plan.copy))
    for move in plan.moves:
        engine.play(state, plan.seat, move)
    return state


def chose_for_real(table, plan: Plan) -> set[int]:
    """The other seats that already made their secret choice at the real table but must choose
    again on the copy (their choice was taken back with the deal): the copy waits for them, which
    the plan says, so nobody thinks the real table does."""
    if table.n != plan.base:
        return set()
    engine = table.engine
    base = set(engine.to_move(fresh_state(engine, json.loads(plan.copy))))
    return base - set(engine.to_move(table.state)) - {plan.seat}


def reveals(events) -> bool:
    """Whether a move's events end a secret step (a secret part and an open one, as the table
    tells a reveal): on the copy it would show the others' secret choices, which are the real ones
    where the game keeps them (Altiplano's plans), so the planner refuses it."""
    kinds = {getattr(e, "kind", None) for e in events or ()}
    return "secret" in kinds and bool(kinds - {"secret"})


def split(text: str) -> list[str]:
    return [m.strip() for m in text.split(SEPARATOR) if m.strip()]


def _refuse(key: str, **params) -> Shown:
    return Shown(False, [t(key, **params)])


def _seated(table, user_id: int) -> tuple[int | None, Shown | None]:
    if table is None or table.state is None or table.record.status != "running":
        return None, _refuse("plan.no_game")
    seat = table.seat_of(user_id)
    if seat is None:
        return None, _refuse("plan.not_seated")
    return seat, None


async def show(sessions, table, user_id: int, locale: str, said: list | None = None, draw: bool = True) -> Shown:
    """The caller's plan: its moves, then their resources and the board after them (theirs alone),
    and the menu of the copy (``draw`` False: no board drawn, the message keeps its own)."""
    seat, why = _seated(table, user_id)
    if why:
        return why
    plan = await load(sessions.store, table.record.id, user_id)
    if plan is None or plan.seat != seat:
        shown = Shown(True, [*(said or []), t("plan.empty", game=table.engine.name)], game_id=table.record.id)
        fresh = new_plan(table, user_id, seat)
        shown.menu, shown.at = menu(table, fresh, locale), (fresh.base, 0)
        return shown
    return await _shown(sessions, table, plan, locale, said, draw=draw)


async def _shown(sessions, table, plan: Plan, locale: str, said: list | None = None, prefix: str = "",
                 group: int | None = None, draw: bool = True) -> Shown:
    """The plan's lines and buttons, its menu at ``prefix`` (``group``), and its board unless
    ``draw`` is False (a step inside a menu: the message keeps the board it shows)."""
    engine = table.engine
    state = replay(engine, plan)
    name = table.seats[plan.seat].name
    lines = [*(said or []), t("plan.title", game=engine.name, n=plan.base, name=name)]
    lines += [t("plan.move", i=i + 1, move=m) for i, m in enumerate(plan.moves)] or [t("plan.none_yet")]
    if table.n != plan.base:
        lines.append(t("plan.stale", base=plan.base, n=table.n))
    mine = engine.view(state, plan.seat)
    public = engine.view(state, None)
    facts = board_text.lines(table.record.game, engine, public, table.names, locale)
    lines += [line for line in facts if line.startswith(name)]  # their resources, as the board text words them
    waiting = sorted(engine.to_move(state))
    if engine.result(state) is not None:
        lines.append(t("plan.over"))
    elif plan.seat not in waiting:
        lines.append(t("plan.not_yours", who=[table.names[s] for s in waiting] or ["-"]))
    hidden = sorted(set(waiting) & chose_for_real(table, plan))
    if hidden:
        lines.append(t("plan.chose_for_real", who=[table.names[s] for s in hidden]))
    png = None
    if sessions.render and draw:
        png = await render_pool.draw(table.record.game, mine, table.names, plan.seat, locale=locale)
    buttons = [Button("plan_play", (table.record.id,), t("plan.play"), "primary"),
               Button("plan_reset", (table.record.id,), t("plan.reset"))] if plan.moves else []
    if prefix:
        buttons.append(Button("plan_back", (table.record.id,), t("bot.menu.back")))
    shown = Shown(True, lines, png, buttons, table.record.id)
    shown.menu = menu(table, plan, locale, prefix, group, state)
    shown.at = (plan.base, len(plan.moves))
    return shown


def new_plan(table, user_id: int, seat: int) -> Plan:
    """An empty plan on a fresh copy of the table as ``seat`` may know it. Its seed comes from the
    game's own seed (secret while it runs: a player who could compute the copy's seed could read
    the real deal back from the copy's), the player and the move number, so the same copy is made
    again until the table moves."""
    seed = random.Random(f"{table.record.seed}:{table.record.id}:{user_id}:{table.n}").getrandbits(32)
    return Plan(seat, table.n, state_text(table.engine, private_copy(table.engine, table.state, seat, seed)))


def menu(table, plan: Plan, locale: str, prefix: str = "", group: int | None = None,
         state=None) -> menus.Menu | None:
    """The menu the Play button would open, built on the copy after the plan (``state``, when the
    caller replayed it already) at ``prefix``; None when the copy does not wait for the seat."""
    engine = table.engine
    state = replay(engine, plan) if state is None else state
    if engine.result(state) is not None or plan.seat not in engine.to_move(state):
        return None
    return menus.build(table.record.game, engine, state, plan.seat, prefix, group, locale)


async def pick(sessions, table, user_id: int, at: tuple[int, int], value: str, locale: str,
               multi: str | None = None, values: list[str] | None = None) -> Shown:
    """A pick in the planner's menu: a whole move is added to the plan (as ``/plan moves:``
    would: checked on the copy), a stem or group opens its level. A menu built on another plan
    (``at``: its first move number and length) is not played: the plan is shown as it stands."""
    seat, why = _seated(table, user_id)
    if why:
        return why
    plan = await load(sessions.store, table.record.id, user_id)
    if plan is None or plan.seat != seat:
        plan = new_plan(table, user_id, seat)
    if at != (plan.base, len(plan.moves)):
        return await _shown(sessions, table, plan, locale, [t("plan.menu_gone")])
    if multi:
        kind, text, group = "move", f"{multi} " + " ".join(values or []), None
    else:
        try:
            kind, text, group = menus.decode(value)
        except ValueError:  # a damaged or forged value: the plan as it stands
            return await _shown(sessions, table, plan, locale, [t("plan.menu_gone")])
    if kind == "move":
        return await extend(sessions, table, user_id, text, locale, pick=True)
    return await _shown(sessions, table, plan, locale, prefix=text, group=group, draw=False)


async def extend(sessions, table, user_id: int, text: str, locale: str, pick: bool = False) -> Shown:
    """Play ``text`` (one move, or several separated by ``;``; ``pick``: one move picked in a
    menu, taken whole) on the caller's copy and keep them."""
    seat, why = _seated(table, user_id)
    if why:
        return why
    store = sessions.store
    plan = await load(store, table.record.id, user_id)
    engine = table.engine
    if plan is None or plan.seat != seat:
        plan = new_plan(table, user_id, seat)
    state = replay(engine, plan)
    said = []
    for move in split(text) if not pick else [text.strip()]:
        if len(plan.moves) >= MOST:
            said.append(t("plan.full", n=MOST))
            break
        if engine.result(state) is not None or seat not in engine.to_move(state):
            said.append(t("plan.refused", move=move, why=t("plan.why_not_yours")))
            break
        try:
            events = engine.play(state, seat, move)
        except Exception as err:  # a RuleError: its message says what is wrong
            said.append(t("plan.refused", move=move, why=getattr(err, "msg", None) or str(err)))
            break
        if reveals(events):  # the copy played it: it is thrown away with the plan's state here
            said.append(t("plan.refused", move=move, why=t("plan.why_reveal")))
            break
        plan.moves.append(move)
    await save(store, table.record.id, user_id, plan)
    return await _shown(sessions, table, plan, locale, said)


def candidates(table, plan: Plan | None, seat: int, prefix: str, typed: list[str] = ()) -> list[str]:
    """Autocomplete on the copy: the seat's legal moves there (after the plan and the moves
    ``typed`` before this one) from ``prefix``. Without a plan the copy would be the table's
    position as the seat sees it, whose legal moves are the seat's own on the table."""
    engine = table.engine
    if plan is None or plan.seat != seat:
        state = fresh_state(engine, json.loads(state_text(engine, table.state)))
    else:
        state = replay(engine, plan)
    try:
        for move in typed:
            engine.play(state, seat, move)
    except Exception:
        return []
    if seat not in engine.to_move(state):
        return []
    try:
        return engine.legal_moves(state, seat, prefix.lower())
    except Exception:
        return []


async def reset(sessions, table, user_id: int) -> Shown:
    seat, why = _seated(table, user_id)
    if why:
        return why
    await save(sessions.store, table.record.id, user_id, None)
    return Shown(True, [t("plan.was_reset", game=table.engine.name)], game_id=table.record.id)


async def ready(sessions, table, user_id: int) -> tuple[Plan | None, Shown | None]:
    """The caller's plan if it can be played for real now; else (None, the refusal saying why)."""
    seat, why = _seated(table, user_id)
    if why:
        return None, why
    plan = await load(sessions.store, table.record.id, user_id)
    if plan is None or plan.seat != seat or not plan.moves:
        return None, _refuse("plan.nothing")
    if table.n != plan.base:
        last = sessions._last_line(table) if table.n > plan.base else None
        return None, _refuse("plan.changed", base=plan.base, n=table.n, since=abs(table.n - plan.base),
                             last=last or "-")
    return plan, None
