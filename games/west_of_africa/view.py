"""What each seat may see.

Public: the whole board, coins, points, order, the number of Minus 4 cards
each seat holds (passing them is public), the card totals once all have
chosen, and the cards of seats whose turn has begun (they are turned face
up then). Private adds the seat's own hand and its secret choice.
"""

from __future__ import annotations

import random

from . import data
from .data import CARD_NUMBERS, CROPS, ISLANDS, PLOTS
from .rules import coin_rank, current_seat, house_supply, houses_on_islands, influence
from .scoring import result


def _plot(spec, content) -> dict:
    out = {"kind": spec[0], "crop": spec[1] if spec[0] in ("field", "dual") else None,
           "cost": spec[-1] if spec[0] in ("site", "dual") else None,
           "designed": True}  # plot layouts and costs are ours (data.DESIGNED): drawn with a ◇
    if content and "crop" in content:
        out["planted"] = {"crop": content["crop"], "seat": content["seat"]}
    if content and "house" in content:
        out["house"] = content["house"]  # seat, or -1 for a set-up blocker
    return out


def public_view(state) -> dict:
    n = state["players"]
    rank = coin_rank(state)
    players = []
    for s in range(n):
        workers = {}
        for loc in state["workers"][s]:
            workers[loc] = workers.get(loc, 0) + 1
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
            "workers": workers,
            "ship": state["ships"][s],
            "supply": dict(state["supply"][s]),
            "mayor_of": [i for i in data.ISLAND_KEYS if state["mayors"][i] == s],
        })
    islands = {}
    for isl in data.ISLAND_KEYS:
        name, region, price, _ = ISLANDS[isl]
        islands[isl] = {
            "name": name,
            "region": region,
            "price": price,
            "berths": data.berths(isl, n),
            "plots": [_plot(spec, c) for spec, c in zip(PLOTS[isl], state["plots"][isl])],
            "warehouse": [dict(w) for w in state["warehouses"][isl]],
            "ships": [s for s in range(n) if state["ships"][s] == isl],
            "workers": [state["workers"][s].count(isl) for s in range(n)],
            "influence": influence(state, isl),
            "mayor": state["mayors"][isl],
        }
    turn = state["turn"]
    res = result(state)
    return {
        "game": "west-of-africa",
        "round": state["round"],
        "phase": state["phase"],
        "final_round": state["final_round"],
        "players": players,
        "islands": islands,
        "worker_ships": {w: [state["workers"][s].count(w) for s in range(n)] for w in data.WORKER_SHIPS},
        "track": state["track"],
        "house_supply": house_supply(state),
        "houses_built": houses_on_islands(state),
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
