"""Every move a West of Africa player can type can be made by clicking the Play menus: planting
several crops at once, with the help of workers on the island (a crop costs 1 coin less per
helper), selling part of a store, founding several settlements, sailing with crops loaded. The
menus listed "farm tenerife grain" as a move and dropped "farm tenerife grain …", so a player who
only clicked planted one crop a turn at full price."""

from __future__ import annotations

import copy
import random

import pytest

from bot.table import menus
from games import get
from games.bots import make

GAME = get("west-of-africa")


def _complete(state, seat, cap: int = 3000) -> list[str]:
    """Every complete legal move of ``seat`` (up to ``cap``), by walking ``legal_moves``."""
    out, stack, seen = [], [""], set()
    while stack and len(out) < cap:
        p = stack.pop()
        for m in GAME.legal_moves(state, seat, p):
            if m.endswith(" "):
                if m not in seen:
                    seen.add(m)
                    stack.append(m)
            elif m not in out:
                out.append(m)
    return out


def move_class(move: str) -> str:
    """The kind of move, as a player would tell them apart."""
    words = move.split()
    verb, args = words[0], words[1:]
    if verb == "farm":
        helpers = sum(a in ("west", "east") for a in args)
        crops = len(args) - 1 - helpers
        return "farm with help" if helpers else ("farm several crops" if crops > 1 else "farm one crop")
    if verb == "sell":
        return "sell part" if len(args) > 1 else "sell all"
    if verb == "build":
        return "build several" if len(args) > 2 else "build one"
    if verb == "ship":
        return "sail with a load" if any(a[:1] in "+-" for a in args) else "sail"
    if verb == "move":
        return "move several steps" if len(args) > 2 else "move one step"
    return verb


def _positions(seed: int, players: int = 3, policy: str = "greedy"):
    """The action-phase positions of a game of bots, with the seat to act."""
    state = GAME.setup(players, seed)
    bots = [make(policy, seed + s) for s in range(players)]
    while GAME.result(state) is None:
        seat = min(GAME.to_move(state))
        if state["phase"] == "actions" and not state["pending"]:
            yield state, seat
        GAME.play(state, seat, bots[seat].choose(GAME, state, seat))


def _with_stores(positions):
    """Each position, and where the seat may sell, a copy with crops in its stores there (random
    and greedy play seldom ship any: a sale of part of a store is then met)."""
    from games.west_of_africa.rules import chosen_islands

    for state, seat in positions:
        yield state, seat
        if "sell " in GAME.legal_moves(state, seat, "") or "sell" in state["choice"][seat]:
            trial = copy.deepcopy(state)
            for isl in chosen_islands(trial, seat):
                trial["warehouses"][isl][seat] = {"sugar": 2, "wine": 1, "grain": 1}
            if GAME.legal_moves(trial, seat, "sell"):
                yield trial, seat


@pytest.mark.parametrize("locale", ["en", "zh-TW"])
def test_every_kind_of_typed_move_is_reached_by_the_menus(locale):
    rnd = random.Random(5)
    found: dict[str, int] = {}
    missed = []
    games = ((7, "greedy"), (5, "random"), (2, "random"))
    positions = _with_stores((s, p) for seed, policy in games for s, p in _positions(seed, 3, policy))
    for n, (state, seat) in enumerate(positions):
        if n % 3:
            continue
        by_class: dict[str, list[str]] = {}
        for m in _complete(state, seat):
            by_class.setdefault(move_class(m), []).append(m)
        for kind, moves in by_class.items():
            for m in rnd.sample(moves, min(2, len(moves))):
                found[kind] = found.get(kind, 0) + 1
                if menus.path_to("west-of-africa", GAME, state, seat, m, locale) is None:
                    missed.append((n, kind, m))
    assert not missed, (len(missed), missed[:10])
    want = {"farm one crop", "farm several crops", "farm with help", "sell all", "sell part", "build one",
            "build several", "sail", "sail with a load", "move one step", "move several steps", "done"}
    assert want <= set(found), sorted(want - set(found))


def test_a_planting_with_help_is_worded_and_offered_beside_the_plain_one():
    """At "farm <island> <crop> " the menu offers the planting as it stands and "…" for more; a
    helper reads as a worker that helps and then goes to its ship, in both languages."""
    for state, seat in _positions(5, 3, "random"):
        helped = [m for m in _complete(state, seat) if move_class(m) == "farm with help"]
        if helped:
            break
    else:
        pytest.fail("no planting with help in the seeded game")
    move = helped[0]
    words = move.split()
    crop_stem = " ".join(words[:3]) + " "
    menu = menus.build("west-of-africa", GAME, state, seat, " ".join(words[:2]) + " ", None, "en")
    values = {o.value for o in menu.options}
    assert "m:" + crop_stem.strip() in values and "s:" + crop_stem in values
    for locale, says in (("en", "helps, then goes to the"), ("zh-TW", "名工人協助，之後前往")):
        label, _ = menus.label_of("west-of-africa", GAME, state, seat, move, "", locale)
        assert says in label, label


async def test_the_console_plants_two_crops_with_help_by_numbers(tmp_path):
    """On the console's numbered Play menus (the Discord ones): a planting of two crops with a
    worker's help, reached by picking numbers, one level at a time."""
    import argparse
    import io

    from bot.console import amain
    from games.bots import make

    seed, players = 5, 3
    state = GAME.setup(players, seed)
    bots = [make("random", seed + s) for s in range(players)]
    typed = []
    while True:   # the same game the console deals (same seed), to a planting with help
        seat = min(GAME.to_move(state))
        helped = [m for m in _complete(state, seat) if move_class(m) == "farm with help" and len(m.split()) == 5]
        if state["phase"] == "actions" and helped:
            break
        move = bots[seat].choose(GAME, state, seat)
        GAME.play(state, seat, move)
        typed.append(f"{seat} {move}")
    move = helped[0]
    picks, prefix = [], ""
    while True:   # the numbers a player picks: the option that leads to the move at each level
        menu = menus.build("west-of-africa", GAME, state, seat, prefix, None, "en")
        values = [o.value for o in menu.options]
        if "m:" + move in values:
            picks.append(values.index("m:" + move) + 1)
            break
        stem = max((v[2:] for v in values if v.startswith("s:") and move.startswith(v[2:])), key=len)
        picks.append(values.index("s:" + stem) + 1)
        prefix = stem
    script = "\n".join(typed + [f"as {seat}", "menu"] + [str(n) for n in picks]) + "\n"
    lines: list[str] = []
    ns = argparse.Namespace(game="west-of-africa", players=players, seed=seed, db=str(tmp_path / "c.sqlite3"),
                            out=str(tmp_path / "out"), options=None, no_images=True, lang="en")
    assert await amain(ns, stdin=io.StringIO(script), write=lines.append) == 0
    out = "\n".join(lines)
    assert len(picks) >= 4   # farm, the island, a crop and "…", then the helper
    assert "worker back to" in out.split("menu")[-1], out[-1500:]
