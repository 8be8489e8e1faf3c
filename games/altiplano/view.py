"""What each seat may see.

Public: the board (ring, supplies, strip with prices, cards on offer), and
per player what lies open on the table. During planning the public sees
every action board as it was before the round's secret moves (tiles and
coins planned or taken back this round are hidden), and no planning-space
contents at all. Bag and crate contents, the current plan and unrevealed
missions are only in that seat's own view.
"""

from __future__ import annotations

import random
from collections import Counter

from ..core.messages import msg
from . import rules
from .data import (
    BOATS,
    DESIGNED_IDS,
    EXTENSIONS,
    HOUSES,
    KIND_TEXT,
    MISSIONS,
    ORDERS,
    ROLES,
    SURCHARGE,
    UNVERIFIED,
    WAREHOUSE,
)
from .scoring import mission_met, running_breakdown


def _public_spaces(p: dict, hide: bool) -> tuple[dict, dict]:
    """The tiles on each of the seat's spaces (sorted) and the coins on them, as the table sees
    them: while planning (``hide``), as they were before the round's secret moves."""
    if not hide:  # no secret moves to take back: the spaces as they lie
        return ({k: sorted(v) for k, v in p["spaces"].items() if v},
                {k: n for k, n in p["space_coins"].items() if n})
    spaces = {k: _counts(v) for k, v in p["spaces"].items()}
    coins = dict(p["space_coins"])
    for space, good in p["added"]:
        held = spaces[space]
        held[good] = held.get(good, 0) - 1
    for space, n in p["coins_added"]:
        coins[space] = coins.get(space, 0) - n
    for space, good in p.get("returned", []):
        if good == "coin":
            coins[space] = coins.get(space, 0) + 1
        else:
            held = spaces.setdefault(space, {})
            held[good] = held.get(good, 0) + 1
    out = {}
    for k, held in spaces.items():
        tiles = []
        for g, n in held.items():
            if n > 0:
                tiles += [g] * n
        if tiles:
            tiles.sort()
            out[k] = tiles
    return out, {k: n for k, n in coins.items() if n}


def _counts(tiles: list) -> dict:
    out: dict = {}
    for g in tiles:
        out[g] = out.get(g, 0) + 1
    return out


def player_view(state: dict, seat: int) -> dict:
    """What everybody sees of one player."""
    p = state["seats"][seat]
    hide = state["phase"] == "plan"
    spaces, coins_on = _public_spaces(p, hide)
    coins = p["coins"]
    if hide:
        coins += sum(n for _s, n in p["coins_added"])
        coins -= sum(1 for _s, g in p.get("returned", []) if g == "coin")
    role = p["role"]
    # during planning the public counts are those at its start (draws and returns are secret)
    shown = p.get("shown") if hide and p.get("shown") else {"bag": len(p["bag"]), "crate": len(p["crate"])}
    return {
        "seat": seat,
        "role": role,
        "role_action": KIND_TEXT[ROLES[role]["kind"]] if role else None,
        "exts": [[e, KIND_TEXT[EXTENSIONS[e][2]]] for e in p["exts"]],
        "coins": coins,
        "road": p["road"], "road_steps": rules.road_steps(p),
        "carts": p["carts"], "carts_used": p["carts_used"],
        "pawn": p["pawn"], "passed": p["passed"],
        "corn_due": p["corn_due"],  # corn gained in the open, waiting for its warehouse row
        "ready": p["stage"] == "done",
        "bag_count": shown["bag"], "crate_count": shown["crate"],
        "planning_count": None if hide else sum(1 for g in p["slots"] if g),
        "spaces": spaces, "space_coins": coins_on,
        "warehouse": [{"good": r["good"], "tiles": list(r["tiles"]), "length": length,
                       "points": points, "full": len(r["tiles"]) >= length}  # wh.is_full
                      for r, (_row, length, points) in zip(p["warehouse"], WAREHOUSE)],
        "order": None if not p["order"] else {
            "id": p["order"]["id"], "need": ORDERS[p["order"]["id"]][0],
            "have": p["order"]["have"], "vp": ORDERS[p["order"]["id"]][1]},
        "done_orders": [[o, ORDERS[o][1]] for o in p["done_orders"]],
        "houses": [[h, HOUSES[h]] for h in p["houses"]],
        "boats": [[b, BOATS[b]] for b in p["boats"]],
        "mission_count": len(p["missions"]),
        "missions_revealed": [[m, MISSIONS[m][3], MISSIONS[m][2],
                               mission_met(state, seat, m, final=state["phase"] == "over")]
                              for m in p["revealed"]],
        "final_draw": list(p["final_draw"]),
        # if the game ended now (revealed missions only; while planning, as it began):
        # see scoring.running_breakdown
        "score_parts": (parts := shown.get("score_parts") or running_breakdown(state, seat)),
        "score": sum(parts.values()),
    }


def own_view(state: dict, seat: int) -> dict:
    """What only this seat sees: bag, crate, planning spaces, its own board
    with this round's secret plan, coins, and missions."""
    p = state["seats"][seat]
    spaces, coins_on = _public_spaces(p, False)

    def cards(ids):
        return [[m, MISSIONS[m][3], MISSIONS[m][2]] for m in ids]

    return {
        "seat": seat,
        "stage": p["stage"],
        "bag": sorted(p["bag"]), "crate": sorted(p["crate"]),
        "slots": list(p["slots"][: p["road"]]),
        "planning_count": sum(1 for g in p["slots"] if g),
        "spaces": spaces, "space_coins": coins_on, "coins": p["coins"],
        "plan": [list(a) for a in p["added"]] + [[s, f"{n} coin"] for s, n in p["coins_added"]],
        "missions": cards(p["missions"]),
        "mission_hand": cards(p["mission_hand"]),
        # cards passed to this seat are seen once it has kept its own (then it chooses)
        "mission_in": cards(p["mission_in"]) if p["stage"] == "choose" else [],
    }


def board_view(state: dict) -> dict:
    return {
        "game": "altiplano",
        "round": state["round"], "phase": state["phase"],
        "start": state["start"], "turn": state["turn"],
        "ring": list(state["ring"]),
        "supply": dict(state["supply"]),
        "village_carts": state["carts"],
        "houses": [[h, HOUSES[h]] for h in state["houses"]],
        "boats": [[b, BOATS[b]] for b in state["boats"]],
        "orders": [[o, ORDERS[o][0], ORDERS[o][1]] for o in state["orders"]],
        "strip": [None if not e else [e, KIND_TEXT[EXTENSIONS[e][2]], EXTENSIONS[e][3] + SURCHARGE[slot]]
                  for slot, e in enumerate(state["strip"])],  # actions.ext_price
        "stack": len(state["stack"]),
        "firsts": dict(state["firsts"]),
        # roles left over after the draft are out of the game: listed only while picking
        "roles_open": [[r, KIND_TEXT[ROLES[r]["kind"]], list(ROLES[r]["goods"]), ROLES[r]["coins"]]
                       for r in state["roles_open"]] if state["phase"] == "draft" else [],
        "end_reason": state["end_reason"],
        "missions_on": bool(state["options"].get("missions")),
        "warehouse_rows": [list(r) for r in WAREHOUSE],
        # cards and tiles that carry a value we could not verify (data.UNVERIFIED):
        # the renderer marks them with a small diamond and the legend "value not verified"
        "designed_ids": designed_ids(state),
        "designed_tables": list(_DESIGNED_TABLES),
    }


#: the tables whose values are ours, as the view lists them
_DESIGNED_TABLES = tuple(sorted(UNVERIFIED))


def designed_ids(state: dict) -> list[str]:
    """The cards and tiles in sight (public) that carry a designed value.
    Missions are all designed too (``MISSIONS`` in ``designed_tables``) but
    are left out here: their ids are secret until revealed."""
    # every id in sight in one list (an empty strip slot or no role is no designed id)
    seen = [*state["houses"], *state["boats"], *state["orders"], *state["strip"], *state["roles_open"]]
    for p in state["seats"]:
        seen += p["exts"]
        seen += p["houses"]
        seen += p["boats"]
        seen += p["done_orders"]
        if p["order"]:
            seen.append(p["order"]["id"])
        seen.append(p["role"])
    return sorted(DESIGNED_IDS.intersection(seen))


# --- what a seat cannot see, re-dealt (the bots search on such copies) ------------------------
def redeal(state: dict, seat: int, rnd: random.Random) -> None:
    """For the bots (``games.bots.hidden.determinise``): re-deal what ``seat`` cannot see.
    Others' mission hands are unseen: shuffle them with the mission stack
    when there is one; bags are drawn from by the (re-seeded) generator."""
    for s, p in enumerate(state["seats"]):
        if s != seat and p.get("mission_hand"):
            rnd.shuffle(p["mission_hand"])


# --- the board as text (issue 36 item 7): every public fact the board image shows -------------
def facts(view: dict) -> list:
    """The public view as facts (``alt.fact.*`` keys and parameters) for a screen reader: the
    round, the locations, the supply, the houses, boats, orders and extensions on offer, then
    each player's role, coins, road, carts, pawn, bag and crate sizes, goods and coins on the
    action spaces, warehouse, order, houses, boats, missions and points. Made from the public view
    only (bags and crates are counts, missions named once revealed): nothing hidden reaches it."""
    from .messages import counts, good, kind, space

    def who(s: int) -> str:
        return "{p" + str(s) + "}"

    none = msg("alt.fact.none")
    out = [msg("alt.fact.round", round=view["round"], phase=msg(f"alt.fact.phase.{view['phase']}"))]
    out.append(msg("alt.fact.ring", places=[space(x) for x in view.get("ring") or []] or none))
    out.append(msg("alt.fact.supply", goods=counts(view.get("supply") or {}) or none, carts=view.get("village_carts", 0)))
    out.append(msg("alt.fact.houses", items=[msg("alt.fact.tile", id=h, good=good(g)) for h, g in view.get("houses") or []]
                   or none))
    out.append(msg("alt.fact.boats", items=[msg("alt.fact.tile", id=b, good=good(g)) for b, g in view.get("boats") or []]
                   or none))
    out.append(msg("alt.fact.orders", items=[msg("alt.fact.order", id=o, need=counts(need), vp=vp)
                                             for o, need, vp in view.get("orders") or []] or none))
    out.append(msg("alt.fact.strip", items=[msg("alt.fact.ext", id=e[0], what=kind(EXTENSIONS[e[0]][2]), price=e[2])
                                            for e in view.get("strip") or [] if e] or none, stack=view.get("stack", 0)))
    for r, _text, goods_, coins in view.get("roles_open") or []:
        out.append(msg("alt.fact.role_open", role=msg(f"alt.role.{r}"), what=kind(ROLES[r]["kind"]),
                       goods=counts(Counter(goods_)), coins=coins))
    for p in view.get("players") or []:
        s = p["seat"]
        role = p.get("role")
        out.append(msg("alt.fact.player", who=who(s), points=p["score"], coins=p["coins"],
                       role=msg(f"alt.role.{role}") if role else none,
                       what=kind(ROLES[role]["kind"]) if role else none))
        out.append(msg("alt.fact.road", who=who(s), road=p["road"], carts=p["carts"], used=p["carts_used"],
                       pawn=space(p["pawn"]) if p.get("pawn") else none, bag=p["bag_count"], crate=p["crate_count"]))
        if p.get("exts"):
            out.append(msg("alt.fact.exts", who=who(s), items=[msg("alt.fact.ext_own", id=e, what=kind(EXTENSIONS[e][2]))
                                                               for e, _t in p["exts"]]))
        placed = [msg("alt.fact.on_space", space=space(k), goods=counts(Counter(v)))
                  for k, v in (p.get("spaces") or {}).items() if v]
        placed += [msg("alt.fact.coins_on", space=space(k), n=n) for k, n in (p.get("space_coins") or {}).items() if n]
        out.append(msg("alt.fact.spaces", who=who(s), items=placed or none))
        if p.get("planning_count") is not None:
            out.append(msg("alt.fact.planning", who=who(s), n=p["planning_count"]))
        rows = [msg("alt.fact.row", n=i + 1, good=good(r["good"]) if r.get("good") else none, have=len(r["tiles"]),
                    length=r["length"], points=r["points"]) for i, r in enumerate(p.get("warehouse") or [])
                if r.get("good") or r["tiles"]]
        out.append(msg("alt.fact.warehouse", who=who(s), rows=rows or none))
        o = p.get("order")
        if o:
            out.append(msg("alt.fact.current_order", who=who(s), id=o["id"], need=counts(o["need"]),
                           have=counts(o["have"]) or none, vp=o["vp"]))
        for key, items in (("alt.fact.done_orders", [msg("alt.fact.done", id=x, vp=vp) for x, vp in p["done_orders"]]),
                           ("alt.fact.own_houses", [msg("alt.fact.tile", id=h, good=good(g)) for h, g in p["houses"]]),
                           ("alt.fact.own_boats", [msg("alt.fact.tile", id=b, good=good(g)) for b, g in p["boats"]])):
            if items:
                out.append(msg(key, who=who(s), items=items))
        if view.get("missions_on"):
            out.append(msg("alt.fact.missions", who=who(s), n=p["mission_count"],
                           shown=[msg("alt.fact.mission", id=m[0], vp=m[2]) for m in p["missions_revealed"]] or none))
        parts = [msg("alt.fact.part", what=msg(f"alt.fact.score.{k.replace(' ', '_')}"), n=n)
                 for k, n in (p.get("score_parts") or {}).items()]
        out.append(msg("alt.fact.score", who=who(s), n=p["score"], parts=parts or none))
        if p.get("passed"):
            out.append(msg("alt.fact.passed", who=who(s)))
    if view.get("to_move"):
        out.append(msg("alt.fact.to_move", seats=[who(s) for s in view["to_move"]]))
    return out
