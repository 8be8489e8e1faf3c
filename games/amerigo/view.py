"""What a seat sees. Amerigo hides only the order of the face-down stacks
(development deck, production stacks) and the unrevealed pirates; everything
else is on the table, so every seat's view is the public one."""

from __future__ import annotations

import random

from ..core.messages import msg
from . import rules as R
from .data import COLOURS, DEV_DESIGNED, ROUNDS


def _colour(phase: int) -> str | None:
    return COLOURS[phase] if 0 <= phase < len(COLOURS) else None


def _turn(state: dict, current: int | None) -> dict | None:
    turn = state["turn"]
    if not turn:
        return None
    out = {"seat": current, "action": turn["action"], "points_left": R.left(turn),
           "budget": turn["budget"], "coins_paid": turn["bought"]}
    for key in ("picks", "moved", "posted", "neutral"):
        if key in turn:
            out[key] = turn[key]
    return out


def _player(p: dict, seat: int, ships: int) -> dict:
    """A seat's entry of the view: its whole state, each dict and list in it copied one level."""
    out = p.copy()
    for k, v in p.items():
        if isinstance(v, dict):
            out[k] = dict(v)
        elif isinstance(v, list):
            out[k] = list(v)
    out["seat"], out["ships_on_map"] = seat, ships
    return out


#: the entries of :func:`view` that :func:`glance` answers alone
GLANCES = {
    "phase": lambda state: _colour(state["phase"]),
    "round": lambda state: state["round"],
    "ap": lambda state: R.ap(state),
    "turn": lambda state: _turn(state, R.current_seat(state)),
}


def glance(state: dict, key: str):
    """``view(state)[key]`` alone, for the keys of :data:`GLANCES` (KeyError for the others)."""
    return GLANCES[key](state)


def view(state: dict, seat: int | None = None) -> dict:
    from .scoring import result

    geo = R.geometry(state)
    res = result(state)
    current = R.current_seat(state)
    turn = _turn(state, current)
    phase = state["phase"]
    return {
        "game": "amerigo",
        "seat": seat,
        "round": state["round"],
        "phase": _colour(phase),
        "phase_index": phase,
        "time": R.time_value(state),
        # the round-5 time value is ours (data.UNVERIFIED): the board marks it ◇
        "time_designed": state["round"] == ROUNDS,
        "to_move": [] if current is None else [current],
        "order": list(state["order"]),
        "turn_pos": state["turn_pos"],
        "turn": turn,
        "last": list(state.get("last", [])),
        "last_msgs": list(state.get("last_msgs") or []),
        "result": res.to_json() if res else None,
        "map": {"w": state["map"]["w"], "h": state["map"]["h"], "grid": list(state["map"]["grid"]),
                "frame": len(geo["frame"]), "frame_names": list(geo["frame"]),
                "designed": True},  # tile layouts are ours
        "islands": [
            {"size": len(isl["cells"]), "big": isl["big"], "chest": st["chest"], "done": st["done"],
             "centre": list(isl["centre"]), "completer": st["completer"]}
            for isl, st in zip(geo["islands"], state["islands"])
        ],
        "posts": dict(state["posts"]),
        "placed": [dict(t) for t in state["placed"]],
        "goods": dict(state["goods"]),
        "ships": [list(s) for s in state["ships"]],
        "neutral": dict(state["neutral"]),
        "neutral_designed": True,  # the counts per shape are ours
        "tray": dict(state["tray"]),
        "stock": dict(state["stock"]),
        "tower_inside": dict(state["tower"]["inside"]),
        "pour": dict(state["pour"]) if state["pour"] else None,
        "ap": R.ap(state),
        "cubes": R.cubes_shown(state),
        "pirates": {"revealed": state["pirates"]["row"][: state["pirates"]["revealed"]],
                    "hidden": len(state["pirates"]["row"]) - state["pirates"]["revealed"]},
        "dev": {"left": list(state["dev"]["left"]), "right": list(state["dev"]["right"]),
                "deck": len(state["dev"]["deck"]),
                # tiles whose copies or kind are ours: marked ◇ where shown
                "designed": sorted(d for d in state["dev"]["left"] + state["dev"]["right"] if d in DEV_DESIGNED)},
        "prod": {"display": list(state["prod"]["display"]),
                 "stacks": {k: len(v) for k, v in state["prod"]["stacks"].items()}},
        "players": [_player(p, s, len(state["ships"][s])) for s, p in enumerate(state["seats"])],
    }


# --- what a seat cannot see, re-dealt (the bots search on such copies) ------------------------
def redeal(state: dict, seat: int, rnd: random.Random) -> None:
    """For the bots (``games.bots.hidden.determinise``): re-deal what ``seat`` cannot see.
    Only the order of the face-down production stacks is hidden."""
    for stack in state["prod"]["stacks"].values():
        rnd.shuffle(stack)


# --- the board as text (issue 36 item 7): every public fact the board image shows -------------
def facts(view: dict) -> list:
    """The public view as facts (``ame.fact.*`` keys and parameters) for a screen reader: the
    round, phase, time, action points and the tower's cubes, the pirates, the development and
    production tiles on offer, each island, trading posts, goods and placed tiles by cell, the
    ships, then each player's points, coins, cannons, tracks, tiles and buildings. Made from the
    public view only (face-down stacks and pirates are counts), so nothing hidden reaches it."""
    from .messages import colour, dev, good, production, shape

    def who(s: int) -> str:
        return "{p" + str(s) + "}"

    def colours(d: dict) -> list:
        return [msg("ame.fact.count", what=colour(c), n=n) for c, n in d.items() if n]

    none = msg("ame.fact.none")
    out = [msg("ame.fact.round", round=view["round"], phase=colour(view["phase"]) if view.get("phase") else none,
               time=view.get("time", 0), ap=view.get("ap", 0), cubes=view.get("cubes", 0))]
    out.append(msg("ame.fact.tower", tray=colours(view.get("tray") or {}) or none,
                   inside=colours(view.get("tower_inside") or {}) or none, stock=colours(view.get("stock") or {}) or none))
    pirates = view.get("pirates") or {}
    out.append(msg("ame.fact.pirates", revealed=", ".join(str(x) for x in pirates.get("revealed") or []) or "-",
                   hidden=pirates.get("hidden", 0)))
    d = view.get("dev") or {}
    for side in ("left", "right"):
        out.append(msg(f"ame.fact.dev_{side}", tiles=[msg("ame.fact.slot", n=i + 1, tile=dev(x))
                                                    for i, x in enumerate(d.get(side) or []) if x] or none))
    out.append(msg("ame.fact.dev_deck", n=d.get("deck", 0)))
    prod = view.get("prod") or {}
    out.append(msg("ame.fact.prod", tiles=[production(x) for x in prod.get("display") or []] or none,
                   stacks=[msg("ame.fact.stack", name=k, n=n) for k, n in (prod.get("stacks") or {}).items()] or none))
    out.append(msg("ame.fact.neutral", items=[msg("ame.fact.count", what=shape(k), n=n)
                                              for k, n in (view.get("neutral") or {}).items()] or none))
    for i, isl in enumerate(view.get("islands") or []):
        out.append(msg("ame.fact.island", n=i + 1, size=isl["size"],
                       kind=msg("ame.fact.big" if isl.get("big") else "ame.fact.small"),
                       chest=msg("ame.fact.chest") if isl.get("chest") else "",
                       done=msg("ame.fact.done", who=who(isl["completer"])) if isl.get("done") and
                       isl.get("completer") is not None else (msg("ame.fact.closed") if isl.get("done") else "")))
    for s in range(len(view.get("players") or [])):
        cells = sorted(c for c, o in (view.get("posts") or {}).items() if o == s)
        if cells:
            out.append(msg("ame.fact.posts", who=who(s), n=len(cells), cells=", ".join(cells)))
        tiles = [msg("ame.fact.placed", what=shape(t["shape"]), cells=", ".join(t["cells"]))
                 for t in view.get("placed") or [] if t.get("seat") == s]
        if tiles:
            out.append(msg("ame.fact.tiles", who=who(s), tiles=tiles))
    goods = view.get("goods") or {}
    by_good: dict = {}
    for cell, g in goods.items():
        by_good.setdefault(g, []).append(cell)
    for g in sorted(by_good):
        out.append(msg("ame.fact.goods_at", good=good(g), n=len(by_good[g]), cells=", ".join(sorted(by_good[g]))))
    for p in view.get("players") or []:
        s = p["seat"]
        out.append(msg("ame.fact.player", who=who(s), vp=p["vp"], coins=p["coins"], cannons=p["cannons"],
                       develop=p["develop"], special=p["special"], posts=p["posts_left"], chests=p.get("chests", 0)))
        ships = (view.get("ships") or [])[s] if s < len(view.get("ships") or []) else []
        out.append(msg("ame.fact.ships", who=who(s), where=", ".join(ships) or "-"))
        out.append(msg("ame.fact.production", who=who(s),
                       items=[msg("ame.fact.count", what=good(g), n=n) for g, n in (p.get("production") or {}).items()]
                       or none,
                       goods=[msg("ame.fact.count", what=good(g), n=n) for g, n in (p.get("goods") or {}).items() if n]
                       or none))
        if p.get("devs"):
            out.append(msg("ame.fact.devs", who=who(s), tiles=[dev(x) for x in p["devs"]]))
        out.append(msg("ame.fact.village", who=who(s), items=[msg("ame.fact.count", what=shape(k), n=n)
                                                             for k, n in (p.get("village") or {}).items()] or none))
        held = {**(p.get("hand_n") or {}), **(p.get("hand_v") or {})}
        if held:
            out.append(msg("ame.fact.hand", who=who(s), items=[msg("ame.fact.count", what=shape(k), n=n)
                                                              for k, n in held.items() if n] or none))
    if view.get("to_move"):
        out.append(msg("ame.fact.to_move", seats=[who(s) for s in view["to_move"]]))
    return out
