"""Amerigo's plug file (see ``bot.table.games``): its prompt and menus. A tile placement is one
pick from a menu of whole legal placements (shape + squares), never square by square; the squares' order does not matter,
so each placement is listed once. Past 25 placements they are grouped by anchor (the first
square)."""

from __future__ import annotations

from games.core.messages import Msg, msg, render

from ...words import texts
from ..menus import LIMIT, Menu, Option

#: legal_moves calls spent enumerating placements
BUDGET = 400


def placements(engine, state, seat: int, prefix: str) -> list[str] | None:
    """Every placement under ``prefix`` ("n u5 ", "v 1 "), one per set of squares."""
    out: dict[frozenset, str] = {}
    seen: set[frozenset] = set()
    stack = [prefix]
    calls = 0
    while stack:
        p = stack.pop()
        calls += 1
        if calls > BUDGET:
            return None
        for m in engine.legal_moves(state, seat, p):
            squares = frozenset(m[len(prefix):].split())
            if m.endswith(" "):
                if squares not in seen:
                    seen.add(squares)
                    stack.append(m)
            else:
                out.setdefault(squares, m)
    return list(out.values())


def same(move: str) -> str:
    """One key for a placement whatever the order of its squares ("v o4 V13 U13 V12 U12" and
    "v o4 U12 U13 V12 V13"), so a menu lists it once."""
    words = move.split()
    if len(words) > 3 and words[0] in ("n", "v"):
        return " ".join(words[:2] + sorted(words[2:])) + (" " if move.endswith(" ") else "")
    return move


def _is_placement_stem(prefix: str) -> bool:
    words = prefix.split()
    return prefix.endswith(" ") and len(words) == 2 and words[0] in ("n", "v")


def menu(engine, state, seat: int, prefix: str, locale: str = "en") -> Menu | None:
    anchor = None
    if prefix.count("@"):
        prefix, anchor = prefix.split("@", 1)
    if not _is_placement_stem(prefix):
        return None
    found = placements(engine, state, seat, prefix)
    if not found:
        return None
    shape = prefix.split()[1]
    out = Menu(title="", prefix=prefix)

    def option(m: str) -> Option:
        squares = " ".join(sorted(m[len(prefix):].split()))
        return Option(render(msg("bot.menu.placement", shape=shape, squares=squares), locale)[:100], f"m:{m}"[:100])

    if len(found) <= LIMIT:
        out.options = [option(m) for m in found]
        return out
    by_anchor: dict[str, list[str]] = {}
    for m in found:
        by_anchor.setdefault(min(m[len(prefix):].split()), []).append(m)
    if anchor is not None:
        out.options = [option(m) for m in by_anchor.get(anchor, [])[:LIMIT]]
        return out
    for square, ms in list(by_anchor.items())[:LIMIT]:
        out.options.append(Option(render(msg("bot.menu.anchor", square=square), locale) + f" ({len(ms)})",
                                  f"s:{prefix}@{square}"[:100]))
    return out


# --- what the table asks -------------------------------------------------------------------
AMERIGO_SUB = {"plan": "bot.ask.amerigo.plan", "produce": "bot.ask.amerigo.produce", "build": "bot.ask.amerigo.build"}


def _ships_left(turn) -> list[Msg]:
    """What each ship has left in a sailing action: every ship has the action's whole budget
    (``points_left`` is the budget less the longest voyage, 0 while the other ship has not
    moved); a ship that built a post stays where it is."""
    budget = int(turn.get("budget") or 0)
    posted = list(turn.get("posted") or [])
    out = []
    for i, moved in enumerate(turn.get("moved") or []):
        if i < len(posted) and posted[i]:
            out.append(msg("bot.ask.amerigo.ship_stays", i=i + 1))
        else:
            out.append(msg("bot.ask.amerigo.ship_left", i=i + 1, n=max(0, budget - int(moved))))
    return out


def prompt(engine, state, view, seat: int, vs: list[str]) -> Msg | None:
    """What ``seat`` is asked now (``bot.table.prompts``), from the public view and ``vs``, the first
    words of its legal moves."""
    turn = view.get("turn") or {}
    colour = msg(f"bot.ask.amerigo.colour.{view.get('phase')}") if texts.has(
        f"bot.ask.amerigo.colour.{view.get('phase')}") else str(view.get("phase") or "")
    if turn and turn.get("seat") == seat:
        action = turn.get("action")
        if action == "develop" or vs == ["take"]:
            return msg("bot.ask.amerigo.take", n=int(turn.get("picks") or 1))
        if vs == ["place"] or (action == "sail" and "place" in vs):   # ("use sail8" may be offered too)
            return msg("bot.ask.amerigo.place")
        if action == "sail" and turn.get("moved") is not None:
            return msg("bot.ask.amerigo.sail", ships=_ships_left(turn))
        key = AMERIGO_SUB.get(action)
        if key:
            return msg(key, n=int(turn.get("points_left") or 0))
    return msg("bot.ask.amerigo.action", colour=colour, n=int(view.get("ap") or 0))
