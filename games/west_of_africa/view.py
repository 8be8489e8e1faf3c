"""What each seat may see.

Public: the whole board, coins, points, order, the number of Minus 4 cards
each seat holds (passing them is public), the card totals once all have
chosen, and the cards of seats whose turn has begun (they are turned face
up then). Private adds the seat's own hand and its secret choice.
"""

from __future__ import annotations

import random

from ..core.messages import msg
from . import data
from .data import CARD_NUMBERS, CROPS, ISLANDS, PLOTS
from .rules import coin_rank, current_seat, house_supply, houses_on_islands, influence
from .scoring import result


def _empty_plot(spec) -> dict:
    return {"kind": spec[0], "crop": spec[1] if spec[0] in ("field", "dual") else None,
            "cost": spec[-1] if spec[0] in ("site", "dual") else None,
            "designed": True}  # plot layouts and costs are ours (data.DESIGNED): drawn with a ◇


#: each island's plots as the view shows them empty (copied, then what lies on them added)
_EMPTY_PLOTS = {isl: tuple(_empty_plot(spec) for spec in specs) for isl, specs in PLOTS.items()}


def _plots(isl: str, contents: list) -> list[dict]:
    """The view of an island's plots: what each is, then what was planted or built on it."""
    out = []
    for empty, content in zip(_EMPTY_PLOTS[isl], contents):
        plot = empty.copy()
        if content:
            if "crop" in content:
                plot["planted"] = {"crop": content["crop"], "seat": content["seat"]}
            if "house" in content:
                plot["house"] = content["house"]  # seat, or -1 for a set-up blocker
        out.append(plot)
    return out


def public_view(state) -> dict:
    n = state["players"]
    rank = coin_rank(state)
    seats = range(n)
    # each seat's workers by place, counted once: the players', the islands' and the ships' entries
    placed = []
    for s in seats:
        workers = {}
        for loc in state["workers"][s]:
            workers[loc] = workers.get(loc, 0) + 1
        placed.append(workers)
    mayor_of: dict = {s: [] for s in seats}  # the islands each seat is mayor of, in the islands' order
    for isl in data.ISLAND_KEYS:
        held = mayor_of.get(state["mayors"][isl])
        if held is not None:
            held.append(isl)
    players = []
    for s in seats:
        players.append({
            "seat": s,
            "colour": data.COLOURS[s],
            "coins": state["coins"][s],
            "coin_rank": rank.index(s),
            "points": state["points"][s],
            "breakdown": dict(state["breakdown"][s]),
            "minus_cards": state["minus"][s],
            "ready": state["choice"][s] is not None,
            "total": state["totals"][s],
            "cards": list(state["choice"][s]) if state["revealed"][s] and state["choice"][s] else None,
            "workers": placed[s],  # read only below
            "ship": state["ships"][s],
            "supply": dict(state["supply"][s]),
            "mayor_of": mayor_of[s],
        })
    islands = {}
    ships = state["ships"]
    for isl in data.ISLAND_KEYS:
        name, region, price, _ = ISLANDS[isl]
        stores = state["warehouses"][isl]
        workers = [placed[s].get(isl, 0) for s in seats]
        islands[isl] = {
            "name": name,
            "region": region,
            "price": price,
            "berths": data.berths(isl, n),
            "plots": _plots(isl, state["plots"][isl]),
            "warehouse": [dict(w) for w in stores],
            "ships": [s for s in seats if ships[s] == isl],
            "workers": workers,
            "influence": influence(state, isl, workers),
            "mayor": state["mayors"][isl],
        }
    turn = state["turn"]
    res = result(state)
    built = houses_on_islands(state)
    return {
        "game": "west-of-africa",
        "round": state["round"],
        "phase": state["phase"],
        "final_round": state["final_round"],
        "players": players,
        "islands": islands,
        "worker_ships": {w: [placed[s].get(w, 0) for s in seats] for w in data.WORKER_SHIPS},
        "track": state["track"],
        "house_supply": house_supply(state, built),
        "houses_built": built,
        "order": list(state["order"]),
        "turn_seat": current_seat(state),
        "turn": dict(turn) if turn else None,
        "pending": dict(state["pending"]) if state["pending"] else None,
        "coin_track": rank,
        "to_move": sorted(_to_move(state)),
        "last": list(state["last"]),
        "last_msgs": list(state.get("last_msgs") or []),
        "highlight": list(state["highlight"]),
        "result": res.to_json() if res else None,
    }


def _to_move(state) -> set[int]:
    if state["over"]:
        return set()
    if state["phase"] == "choose":
        return {s for s in range(state["players"]) if state["choice"][s] is None}
    if state["pending"]:
        return {state["pending"]["seat"]}
    return {current_seat(state)}


def seat_view(state, seat: int) -> dict:
    view = public_view(state)
    hand = {c: 1 for c in data.CARDS if c != "minus"}
    hand["minus"] = state["minus"][seat]
    choice = state["choice"][seat]
    view["you"] = {
        "seat": seat,
        "hand": hand,
        "numbers": dict(CARD_NUMBERS),
        # the cards whose printed number is ours (only the Minus 4 is published)
        "numbers_designed": sorted(c for c in CARD_NUMBERS if c != "minus"),
        "choice": list(choice) if choice else None,
        "choice_total": sum(CARD_NUMBERS[c] for c in choice) if choice else None,
        "crops": list(CROPS),
    }
    return view


# --- what a seat cannot see, re-dealt (the bots search on such copies) ------------------------
def redeal(state: dict, seat: int, rnd: random.Random) -> None:
    """For the bots (``games.bots.hidden.determinise``): re-deal what ``seat`` cannot see.
    Secret card choices of others are unknown until revealed: while the
    round's choosing is still open they are taken back (the others choose
    again in the search); once everyone chose, only the totals are public,
    so each other hidden choice is replaced by a random one with its total."""
    numbers = data.CARD_NUMBERS
    all_in = all(c is not None for c in state["choice"])
    for s in range(state["players"]):
        if s == seat or state["revealed"][s] or state["choice"][s] is None:
            continue
        if not all_in:
            state["choice"][s] = None
            continue
        total, size = state["totals"][s], len(state["choice"][s])
        hand = [c for c in data.CARDS if c != "minus"] + ["minus"] * state["minus"][s]
        options = _subsets_with_total(hand, size, total, numbers, rnd)
        if options:
            state["choice"][s] = sorted(rnd.choice(options), key=data.CARDS.index)


def _subsets_with_total(hand, size, total, numbers, rnd, limit: int = 200):
    out, seen = [], set()
    for _ in range(limit * 5):
        pick = tuple(sorted(rnd.sample(hand, size))) if size <= len(hand) else ()
        if pick and pick not in seen and sum(numbers[c] for c in pick) == total:
            seen.add(pick)
            out.append(list(pick))
            if len(out) >= limit:
                break
    return out


# --- the board as text (issue 36 item 7): every public fact the board image shows -------------
def facts(view: dict) -> list:
    """The public view as facts (``woa.fact.*`` keys and parameters) for a screen reader: the
    round, turn order and settlements, each player's coins, points, minus cards, revealed cards,
    free crops, mayoralties and ship, then every island: price, berths and ships, plots (cost,
    crop, who planted or built), workers, warehouse, influence and mayor; the worker ships. Made
    from the public view only (a card is named once revealed), so nothing hidden reaches it."""
    from .messages import card, crop, island

    def who(s: int) -> str:
        return "{p" + str(s) + "}"

    def crops(d: dict) -> list:
        return [msg("woa.fact.count", what=crop(c), n=n) for c, n in d.items()]

    none = msg("woa.fact.none")
    out = [msg("woa.fact.round", round=view["round"], phase=msg(f"woa.fact.phase.{view['phase']}"))]
    if view.get("final_round"):
        out.append(msg("woa.fact.final_round", round=view["final_round"]))
    out.append(msg("woa.fact.order", seats=[who(s) for s in view.get("order") or []]))
    out.append(msg("woa.fact.settled", n=view.get("track", 0), supply=view.get("house_supply", 0)))
    for p in view.get("players") or []:
        s = p["seat"]
        out.append(msg("woa.fact.player", who=who(s), coins=p["coins"], points=p["points"],
                       minus=p["minus_cards"], crops=crops(p.get("supply") or {}) or none,
                       mayor=[island(i) for i in p.get("mayor_of") or []] or none))
        if p.get("cards"):
            out.append(msg("woa.fact.cards", who=who(s), cards=[card(c) for c in p["cards"]],
                           total=p["total"] if p.get("total") is not None else "?"))
        elif p.get("total") is not None:
            out.append(msg("woa.fact.total", who=who(s), total=p["total"]))
        elif view.get("phase") == "choose":
            out.append(msg("woa.fact.ready" if p.get("ready") else "woa.fact.choosing", who=who(s)))
        if p.get("ship"):
            out.append(msg("woa.fact.ship", who=who(s), where=island(p["ship"]) if p["ship"] in view["islands"]
                           else msg(f"woa.fact.at.{p['ship']}")))
    for key, info in (view.get("islands") or {}).items():
        name = island(key)
        out.append(msg("woa.fact.island", island=name, price=info["price"], berths=info["berths"],
                       ships=[who(s) for s in info.get("ships") or []] or none))
        plots = []
        for i, plot in enumerate(info.get("plots") or []):
            what = [msg(f"woa.fact.plot.{plot['kind']}", n=i + 1, crop=crop(plot["crop"]) if plot.get("crop") else "",
                        cost=plot["cost"] if plot.get("cost") is not None else "")]
            if "house" in plot:
                what.append(msg("woa.fact.house", who=who(plot["house"])) if plot["house"] >= 0
                            else msg("woa.fact.neutral_house"))
            if plot.get("planted"):
                what.append(msg("woa.fact.planted", who=who(plot["planted"]["seat"]), crop=crop(plot["planted"]["crop"])))
            plots.append(msg("woa.fact.plot", parts=what))
        out.append(msg("woa.fact.plots", island=name, plots=plots or none))
        workers = [msg("woa.fact.of", who=who(s), n=n) for s, n in enumerate(info.get("workers") or []) if n]
        stores = [msg("woa.fact.store", who=who(s), crops=crops({c: n for c, n in w.items() if n}))
                  for s, w in enumerate(info.get("warehouse") or []) if any(w.values())]
        influence = [msg("woa.fact.of", who=who(s), n=n) for s, n in enumerate(info.get("influence") or []) if n]
        out.append(msg("woa.fact.island_people", island=name, workers=workers or none, stores=stores or none,
                       influence=influence or none,
                       mayor=who(info["mayor"]) if info.get("mayor") is not None else none))
    for side, seats in (view.get("worker_ships") or {}).items():
        out.append(msg("woa.fact.worker_ship", side=msg(f"woa.side.{side}"),
                       workers=[msg("woa.fact.of", who=who(s), n=n) for s, n in enumerate(seats) if n] or none))
    if view.get("to_move"):
        out.append(msg("woa.fact.to_move", seats=[who(s) for s in view["to_move"]]))
    return out
