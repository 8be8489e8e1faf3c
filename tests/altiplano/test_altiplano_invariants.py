"""Games played by a purposeful random policy: tiles and cards are conserved,
every listed move plays, and the game always ends."""

import random
from collections import Counter

import pytest

from games.altiplano import moves, rules
from games.altiplano.actions import RECIPES
from games.altiplano.data import BOATS, GOODS, HOUSES, KINDS, ORDERS, SELL_PRICE, SUPPLY
from games.altiplano.scoring import owned_goods

from .altiplano_helpers import GAME


def rnd_store(state) -> bool:
    """Store now and then (a fixed pattern keeps the policy replayable)."""
    return state["round"] % 3 == 0


def bundles(state, p):
    """Sets of tiles that together make one action possible: (space, goods)."""
    out = [(loc, need) for (loc, _a), (need, _g) in RECIPES.items()]
    out += [("farm", {"alpaca": 1}), ("forest", {"cacao": 1}), ("harbor", {"wood": 2}),
            ("village", {"stone": 2}), ("road", {"wood": 1, "stone": 1}), ("move", {"food": 1})]
    if rnd_store(state):
        out += [("village", {g: 1}) for g in GOODS if g != "food"]
    out += [("market", {g: 1}) for g in SELL_PRICE]
    if p["order"]:
        out += [("market", {g: 1}) for g in ORDERS[p["order"]["id"]][0]]
    for space in (["role"] if p["role"] else []) + p["exts"]:
        spec = KINDS[rules.space_kind(p, space)]
        if "need" in spec:
            out.append((space, spec["need"]))
    return out


def pick(state, seat, rnd):
    """Plan whole recipes, act where the pawn stands, move towards planned
    tiles, pass last."""
    listed = moves.legal(state, seat)
    phase, p = state["phase"], state["seats"][seat]
    if phase == "plan":
        if p["stage"] == "prep":
            back = [m for m in listed if m.startswith("return")]
            return rnd.choice(back) if back and rnd.random() < 0.5 else "draw"
        have = Counter(g for g in p["slots"] if g)
        for space, _g in p["added"]:  # finish a recipe begun this round first
            on = Counter(p["spaces"].get(space, []))
            for bspace, need in bundles(state, p):
                missing = Counter(need) - on
                if bspace == space and missing and not on - Counter(need) \
                        and all(have[g] >= n for g, n in missing.items()):
                    move = f"plan {next(iter(missing))} {space.lower()}"
                    if move in listed:
                        return move
        options = [(space, need) for space, need in bundles(state, p)
                   if all(have[g] >= n for g, n in need.items())
                   and f"plan {next(iter(need))} {space.lower()}" in listed]
        coins = [m for m in listed if m.startswith("coin")]
        if coins and rnd.random() < 0.3:
            return rnd.choice(coins)
        if options and rnd.random() < 0.9:
            space, need = rnd.choice(options)
            return f"plan {next(iter(need))} {space.lower()}"
        return "done"
    if phase == "act" and state["pending"] is None:
        acts = [m for m in listed if m.split()[0] not in ("move", "step", "pass")]
        buy = [m for m in acts if m.startswith(("market ext", "market order", "village cart"))]
        acts = [m for m in acts if m not in buy] + (buy if rnd.random() < 0.3 else [])
        if acts and rnd.random() < 0.95:
            return rnd.choice(acts)
        targets = {s for s, tiles in p["spaces"].items() if tiles and s in rules.LOCATIONS}
        go = [m for m in listed if m.split()[0] in ("move", "step") and m.split()[1] in targets]
        if go and rnd.random() < 0.9:
            return rnd.choice(go)
        return "pass"
    return rnd.choice(listed)


def check_conservation(state):
    idx = state["players"] - 2
    held = Counter()
    for p in state["seats"]:
        held += owned_goods(p)
        held["corn"] += p["corn_due"]
        if p["order"]:
            held.update(p["order"]["have"])
        for o in p["done_orders"]:
            held.update(ORDERS[o][0])
    for good, counts in SUPPLY.items():
        total = state["supply"][good] + held[good] + state["box"].get(good, 0)
        assert total == counts[idx], f"{good}: {total} != {counts[idx]}"
    houses = state["houses"] + [h for p in state["seats"] for h in p["houses"]]
    boats = state["boats"] + [b for p in state["seats"] for b in p["boats"]]
    assert sorted(houses) == sorted(HOUSES) and sorted(boats) == sorted(BOATS)


@pytest.mark.parametrize("players, seed, options", [
    (2, 1, None), (3, 2, {"missions": True}), (4, 3, {"roles": "draft"}), (5, 4, None),
])
def test_purposeful_games_conserve_tiles_and_end(players, seed, options):
    rnd = random.Random(seed)
    state = GAME.setup(players, seed, options)
    seen = Counter()
    n = 0
    while GAME.result(state) is None:
        n += 1
        assert n < 20000
        seat = rnd.choice(sorted(GAME.to_move(state)))
        move = pick(state, seat, rnd)
        GAME.play(state, seat, move)
        seen[" ".join(move.split()[:2])] += 1
        if n % 25 == 0:
            check_conservation(state)
    check_conservation(state)
    res = GAME.result(state)
    assert max(res.scores) > 10  # the published 2-player supply makes short games
    # the policy reaches the main actions of the game
    for key in ("plan", "done", "pass", "village store"):
        assert any(k.startswith(key) for k in seen), key
    assert len({k.split()[0] for k in seen} & set(rules.LOCATIONS)) >= 4
