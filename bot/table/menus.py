"""Menus built from ``legal_moves``: every decision a click, for every game (no Discord here).

The generic walker goes the way the autocomplete does, token by token, but
takes as many tokens at once as fit: when every complete move under a stem
fits in one select menu (25 options), the menu lists those moves whole, so a
typical decision is one click. Past 25 options a level is cut into groups
(consecutive runs, at most 25 groups), and a complete move that is also a
stem ("done" and "done ...") is one entry (as ``_fold_stems`` does).

A game may shape its menus in its plug file, ``bot/table/games/<game>.py``:
``menu(engine, state, seat, prefix) -> Menu | None`` for a level it knows
better (West of Africa's card choice as one multi-select with the fifth
card's cost, Amerigo's tile placements as whole placements), and
``label(engine, state, seat, move) -> (label, description)`` for names
(Bruges cards by name), ``stem(text, locale, prefix)`` for the tokens of a deeper level,
``same(move) -> key`` for moves a menu lists once (West of Africa's crops in any order), and
``order(moves) -> moves`` for the order a menu lists whole moves in (Terra Mystica's tiles by
number, not as text: FAV1, FAV2 … FAV10), and ``goes_on(stem) -> bool`` for a move that may be
played as it stands or go on (West of Africa's
"farm tenerife grain", or with another crop, a worker's help...): its menu offers both.

Option values say what a pick does: ``m:<move>`` plays a complete move,
``s:<stem>`` opens the next level, ``g:<k>:<stem>`` opens group k of that
level; a multi-select's values are the tokens after its ``prefix``.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass, field

from games.core.messages import Msg, msg, render

from ..words import texts  # noqa: F401  (registers the keys used here)
from . import prompts, verbs
from .games import plug

log = logging.getLogger(__name__)

LIMIT = 25  # Discord: options in one select menu
VALUE_MAX = 100  # Discord: an option's value and label
#: complete moves gathered under one stem to list them whole (and the legal_moves calls spent on it)
FLAT_CALLS = 60
#: seconds spent on cost hints per menu (later options go without)
HINT_BUDGET = 0.05

@dataclass
class Option:
    label: str
    value: str
    description: str = ""


@dataclass
class Menu:
    """One select menu: a title line, its options, and for a multi-select its prefix and bounds."""

    title: str
    options: list[Option] = field(default_factory=list)
    prefix: str = ""
    #: (min, max) picks: a multi-select whose values are tokens after ``prefix``
    multi: tuple[int, int] | None = None
    placeholder: str = ""


def listing(engine, state, seat: int, prefix: str, notes: dict | None = None) -> list[str]:
    """``legal_moves`` at ``prefix``; an engine that lists its entries with their notes in the same
    pass (``legal_moves_with_hints``: Terra Mystica's costs) fills ``notes`` (entry -> note) too, so
    a menu's costs do not wait on ``hint`` calls and their time budget."""
    with_hints = getattr(engine, "legal_moves_with_hints", None) if notes is not None else None
    if with_hints is None:
        return engine.legal_moves(state, seat, prefix)
    pairs = list(with_hints(state, seat, prefix))
    for entry, note in pairs:
        notes.setdefault(entry, note or "")
    return [entry for entry, _note in pairs]


def flat(engine, state, seat: int, prefix: str, limit: int = LIMIT, calls: int = FLAT_CALLS,
         notes: dict | None = None) -> list[str] | None:
    """Every complete move under ``prefix`` when there are at most ``limit`` (else None);
    ``notes`` gathers the entries' notes when the engine lists them (see ``listing``)."""
    stack, out, seen = [prefix], [], 0
    while stack:
        seen += 1
        if seen > calls:
            return None
        p = stack.pop()
        try:
            entries = listing(engine, state, seat, p, notes)
        except Exception:
            log.exception("legal_moves failed")
            return None
        for m in entries:
            if m.endswith(" "):
                if m != p:
                    stack.append(m)
            elif m not in out:
                out.append(m)
                if len(out) > limit:
                    return None
    return out


def label_of(game_id: str, engine, state, seat: int, move: str, prefix: str,
             locale: str = "en") -> tuple[str, str]:
    """A move's label (what is left after ``prefix``, or the game's own name, in ``locale``)
    and description."""
    mod = plug(game_id)
    fn = getattr(mod, "label", None)
    if fn is not None:
        try:
            found = fn(engine, state, seat, move, locale)
            if found:
                return found
        except Exception:
            log.exception("menu label of %s failed", game_id)
    rest = move[len(prefix):] if move.startswith(prefix) and move != prefix else move
    bare = rest.strip() or move.strip()
    if prefix:  # a whole move under a level: worded as a whole when its verb has words ("use sail8")
        whole = verbs.label(game_id, move.strip(), locale)
        if whole is not None and len(whole) <= VALUE_MAX:
            return whole, ""
    return _verb(game_id, bare, prefix, locale), ""


def build(game_id: str, engine, state, seat: int, prefix: str = "", group: int | None = None,
          locale: str = "en") -> Menu:
    """The menu for ``seat`` at ``prefix`` (``group``: one group of a long level)."""
    mod = plug(game_id)
    title = render(prompts.prompt(game_id, engine, state, seat), locale)
    if prefix:
        title = f"{title}\n" + render(msg("bot.menu.picked", prefix=prefix.strip()), locale)
    custom = getattr(mod, "menu", None)
    if custom is not None and group is None:
        try:
            shaped = custom(engine, state, seat, prefix, locale)
        except Exception:
            log.exception("menu of %s failed", game_id)
            shaped = None
        if shaped is not None:
            shaped.title = shaped.title or title
            return shaped
    menu = Menu(title=title, prefix=prefix, placeholder=render(msg("bot.menu.placeholder"), locale))
    notes: dict = {}
    whole = flat(engine, state, seat, prefix, notes=notes)
    deadline = time.perf_counter() + HINT_BUDGET
    if whole is not None:
        order = getattr(mod, "order", None)
        for m in _once(mod, order(whole) if order is not None else whole):
            menu.options.append(_move_option(game_id, engine, state, seat, m, prefix, deadline, locale, notes))
        return menu
    try:
        entries = listing(engine, state, seat, prefix, notes)
    except Exception:
        log.exception("legal_moves failed")
        entries = []
    complete = {m for m in entries if not m.endswith(" ")}
    goes_on = getattr(mod, "goes_on", None)
    items: list[str] = []
    for m in _once(mod, entries):  # "done" and "done " are one entry: the move (its longer forms by typing)
        if m.endswith(" ") and m.rstrip() in complete and not (goes_on is not None and goes_on(m)):
            continue
        if m not in items:
            items.append(m)
    if len(items) > LIMIT:
        groups = _groups(items)
        if group is None:
            for k, run in enumerate(groups):
                first, last = _short(run[0], prefix), _short(run[-1], prefix)
                name = first if first == last else f"{first} – {last}"
                menu.options.append(Option(render(msg("bot.menu.group", label=name, n=len(run)), locale)[:VALUE_MAX],
                                           f"g:{k}:{prefix}"[:VALUE_MAX]))
            return menu
        items = groups[group] if 0 <= group < len(groups) else []
    for m in items:
        if m.endswith(" "):
            name = _short(m, prefix)
            name = _verb(game_id, name, prefix, locale, mod)
            menu.options.append(Option(render(msg("bot.menu.more", label=name), locale)[:VALUE_MAX],
                                       f"s:{m}"[:VALUE_MAX]))
        else:
            menu.options.append(_move_option(game_id, engine, state, seat, m, prefix, deadline, locale, notes))
    return menu


def _verb(game_id: str, name: str, prefix: str, locale: str, mod=None) -> str:
    """A first-level entry worded for the reader ("移動船隻（sail）"); deeper levels by the game's
    ``stem`` when it has one ("特內里費島（tenerife）"), else as notation."""
    if not prefix:
        return verbs.label(game_id, name, locale) or name
    stem = getattr(mod, "stem", None)
    return (stem(name, locale, prefix) if stem is not None else None) or name


def _once(mod, moves: list[str]) -> list[str]:
    """``moves`` without those the game's ``same`` calls one move already listed (the same crops
    in another order)."""
    same = getattr(mod, "same", None)
    if same is None:
        return moves
    seen: set[str] = set()
    out = []
    for m in moves:
        key = same(m)
        if key not in seen:
            seen.add(key)
            out.append(m)
    return out


def _short(move: str, prefix: str) -> str:
    rest = move[len(prefix):] if move.startswith(prefix) else move
    return rest.strip() or move.strip()


def _groups(items: list[str]) -> list[list[str]]:
    size = -(-len(items) // LIMIT)
    return [items[i:i + size] for i in range(0, len(items), size)]


def _move_option(game_id, engine, state, seat, move: str, prefix: str, deadline: float,
                 locale: str = "en", notes: dict | None = None) -> Option:
    label, description = label_of(game_id, engine, state, seat, move, prefix, locale)
    if not description and notes and move in notes:  # listed with its note (a build's cost): no hint call
        description = _worded(notes[move], locale)
    elif not description and time.perf_counter() < deadline:
        try:
            description = _worded(engine.hint(state, seat, move) or "", locale)
        except Exception:
            description = ""
    return Option(label[:VALUE_MAX], f"m:{move}"[:VALUE_MAX], description[:VALUE_MAX])


def _worded(note, locale: str) -> str:
    """An engine's note that keeps its message, worded in the reader's language (else as it is)."""
    return render(note.msg, locale) if isinstance(getattr(note, "msg", None), Msg) else str(note or "")


def pick(menu: Menu, values: list[str]) -> tuple[str, str, int | None]:
    """What picking ``values`` in ``menu`` means: ("move", text, None), ("stem", prefix, None)
    or ("group", prefix, k)."""
    if menu.multi is not None:
        return "move", (menu.prefix + " ".join(values)).strip(), None
    return decode(values[0])


def decode(value: str) -> tuple[str, str, int | None]:
    kind, _, rest = value.partition(":")
    if kind == "m":
        return "move", rest, None
    if kind == "s":
        return "stem", rest, None
    if kind == "g":
        k, _, prefix = rest.partition(":")
        return "group", prefix, int(k)
    return "move", value, None


def path_to(game_id: str, engine, state, seat: int, move: str, locale: str = "en") -> int | None:
    """How many picks reach ``move`` from the first menu (None: no path). Used by the bench and tests.
    A move the menus list once under another order (``same``) is reached by that entry."""
    same = getattr(plug(game_id), "same", None)
    if same is not None:
        move = same(move)

        def _is(text: str) -> bool:
            return same(text) == move
    else:
        def _is(text: str) -> bool:
            return text == move
    prefix, group, clicks = "", None, 0
    for _ in range(12):
        menu = build(game_id, engine, state, seat, prefix, group, locale)
        clicks += 1
        if menu.multi is not None:
            tokens = move[len(menu.prefix):].split() if move.startswith(menu.prefix) else None
            if tokens is not None and menu.multi[0] <= len(tokens) <= menu.multi[1]:
                values = {o.value for o in menu.options}
                if all(t in values for t in tokens):
                    return clicks
            return None
        nxt = None
        for o in menu.options:
            kind, text, k = decode(o.value)
            if kind == "move" and _is(text):
                return clicks
            if kind == "stem" and _stem_covers(text, move):
                if nxt is None or len(text) > len(nxt[0]):
                    nxt = (text, None)
            if kind == "group":
                sub = build(game_id, engine, state, seat, text, k, locale)
                if any(_covers(s.value, move, _is) for s in sub.options):
                    nxt = (text, k)
                    break
        if nxt is None:
            return None
        prefix, group = nxt
    return None


def _stem_covers(stem: str, move: str) -> bool:
    """``move`` lies under ``stem`` ("n u5 @O1": a game's group by anchor square)."""
    if "@" in stem:
        base, anchor = stem.split("@", 1)
        return move.startswith(base) and min(move[len(base):].split() or [""]) == anchor
    return move.startswith(stem)


def _covers(value: str, move: str, is_move=None) -> bool:
    kind, text, _ = decode(value)
    if kind == "move":
        return is_move(text) if is_move is not None else text == move
    return _stem_covers(text, move)
