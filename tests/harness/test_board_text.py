"""The board as text for a screen reader (issue 36 item 7): ``/game status detail:full``.

Per title, a game played part way by a seeded random playout: every number the board image
prints from the public view (the view the renderer draws from) appears in the description, in
the lines about the right player; the description reads the same whatever the hidden things
are (each seat's secrets re-dealt as the bots' determinisation does), so no hidden fact can be
in it; every fact is worded (no raw key) in English and zh-TW; pages stay within Discord's
limit. Through the Discord harness: the answer is ephemeral, in the caller's language, and
nothing is posted to the table.
"""

from __future__ import annotations

import random
import re
from collections import Counter

import pytest

import games
from bot.table import board_text
from games.bots.hidden import determinise
from tests.harness import User

NAMES = ["Ann", "Bo", "Cy"]
NUMBER = re.compile(r"-?\d+")
#: a message key left unworded (``tm.fact.x``) or a placeholder left unfilled (``{p0}``)
RAW = re.compile(r"\b[a-z]+\.fact\.[a-z_.]+|\{[a-z0-9_]+\}")


def playout(game_id: str, moves: int, seed: int = 5, options: dict | None = None):
    """The engine and its state after ``moves`` random legal moves (completed token by token)."""
    engine = games.get(game_id)
    state = engine.setup(3, seed, options) if options else engine.setup(3, seed)
    rnd = random.Random(seed)
    for _ in range(moves):
        seats = sorted(engine.to_move(state))
        if not seats:
            break
        prefix = ""
        for _ in range(40):
            options_ = engine.legal_moves(state, seats[0], prefix)
            if not options_:
                break
            pick = rnd.choice(options_)
            if not pick.endswith(" "):
                break
            prefix = pick
        else:
            break
        if not options_:
            break
        try:
            engine.play(state, seats[0], pick)
        except Exception:
            continue
    return engine, state


def described(game_id: str, engine, state, locale: str = "en") -> list[str]:
    return board_text.lines(game_id, engine, engine.view(state, None), NAMES, locale)


def numbers(lines: list[str]) -> Counter:
    return Counter(int(n) for line in lines for n in NUMBER.findall(line))


def about(lines: list[str], name: str) -> list[str]:
    return [line for line in lines if line.startswith(name)]


def leaves(view, *path) -> list[tuple]:
    """The paths of every integer under ``view[path...]`` (booleans aside)."""
    node = view
    for key in path:
        node = node[key]
    if isinstance(node, bool) or node is None:
        return []
    if isinstance(node, int):
        return [path]
    items = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else ()
    return [p for k, v in items for p in leaves(view, *path, k)]


def assert_numbers(game_id: str, engine, view: dict, printed: dict[str, list[tuple]]) -> None:
    """Set each printed number of the view, one at a time, to a value found nowhere else: the
    description must then say it, in the lines about its player (a board number: anywhere)."""
    import copy

    for owner, paths in printed.items():
        assert paths, owner
        for path in paths:
            changed = copy.deepcopy(view)
            node = changed
            for key in path[:-1]:
                node = node[key]
            node[path[-1]] = 987654
            lines = board_text.lines(game_id, engine, changed, NAMES, "en")
            scope = about(lines, owner) if owner else lines
            assert any("987654" in line for line in scope), (owner, path)


def players(view: dict, *keys: str) -> dict[str, list[tuple]]:
    return {NAMES[i]: [p for k in keys if k in pl for p in leaves(view, "players", i, k)]
            for i, pl in enumerate(view["players"])}


# --- what each board image prints, read from the public view the renderer draws ------------------
def tm_numbers(view: dict) -> dict[str, list[tuple]]:
    out = players(view, "vp", "coins", "workers", "priests", "power", "cult", "shipping", "digging", "keys",
                  "income", "supply", "bridges_left")
    out[""] = [("round",), *leaves(view, "bonus_cards"), *leaves(view, "favours"), *leaves(view, "town_tiles"),
               *(p for t in view["cults"] for p in leaves(view, "cults", t, "positions"))]
    return out


def bruges_numbers(view: dict) -> dict[str, list[tuple]]:
    out = players(view, "vp", "money", "rep", "hand_size", "workers", "threats", "threat_limits", "statues")
    for i, p in enumerate(view["players"]):
        out[NAMES[i]] += [("players", i, "canals", side, "built") for side in p["canals"]]
        out[NAMES[i]] += [("players", i, "houses", j, "person", "vp") for j, h in enumerate(p["houses"]) if h["person"]]
    out[""] = [("round",), ("reserve",), ("discard",), *leaves(view, "statues"), *leaves(view, "threat_supply"),
               *leaves(view, "reputation_vp"), *(("piles", i, "size") for i in range(len(view["piles"]))),
               *leaves(view, "dice")]
    return out


def altiplano_numbers(view: dict) -> dict[str, list[tuple]]:
    out = players(view, "score", "coins", "road", "carts", "carts_used", "bag_count", "crate_count", "score_parts",
                  "space_coins")
    for i, p in enumerate(view["players"]):
        out[NAMES[i]] += [("players", i, "done_orders", j, 1) for j in range(len(p["done_orders"]))]
        out[NAMES[i]] += [("players", i, "warehouse", j, k) for j, r in enumerate(p["warehouse"])
                          if r.get("good") or r["tiles"] for k in ("length", "points")]
    out[""] = [("round",), ("village_carts",), ("stack",), *leaves(view, "supply"),
               *(p for j in range(len(view["orders"])) for p in leaves(view, "orders", j, 1) + [("orders", j, 2)]),
               *(("strip", j, 2) for j, e in enumerate(view["strip"]) if e)]
    return out


def woa_numbers(view: dict) -> dict[str, list[tuple]]:
    out = players(view, "coins", "points", "minus_cards", "supply")
    out[""] = [("round",), ("track",), ("house_supply",), *leaves(view, "worker_ships")]
    for key, info in view["islands"].items():
        out[""] += [("islands", key, "price"), ("islands", key, "berths"), *leaves(view, "islands", key, "workers"),
                    *leaves(view, "islands", key, "influence"), *leaves(view, "islands", key, "warehouse"),
                    *(("islands", key, "plots", j, "cost") for j, p in enumerate(info["plots"]) if p.get("cost"))]
    # a zero count is left out of a listing ("workers: none"), as the board draws none: bump from 1 up
    return out


def amerigo_numbers(view: dict) -> dict[str, list[tuple]]:
    out = players(view, "vp", "coins", "cannons", "develop", "special", "posts_left", "production", "village")
    out[""] = [("round",), ("time",), ("ap",), ("cubes",), *leaves(view, "tray"), *leaves(view, "tower_inside"),
               *leaves(view, "stock"), *leaves(view, "pirates"), ("dev", "deck"), *leaves(view, "prod", "stacks"),
               *leaves(view, "neutral"), *(("islands", i, "size") for i in range(len(view["islands"]))),]
    return out


TITLES = {
    # game id: (moves played, the numbers its board prints)
    "terra-mystica": (90, tm_numbers),
    "bruges": (70, bruges_numbers),
    "altiplano": (70, altiplano_numbers),
    "west-of-africa": (45, woa_numbers),
    "amerigo": (60, amerigo_numbers),
}


@pytest.mark.parametrize("game_id", sorted(TITLES))
def test_every_number_the_board_prints_is_in_the_description(game_id):
    moves, printed = TITLES[game_id]
    engine, state = playout(game_id, moves)
    view = engine.view(state, None)
    lines = described(game_id, engine, state)
    assert len(lines) >= 10, lines
    assert_numbers(game_id, engine, view, printed(view))
    # the numbers come from the view: a changed score reads changed
    bumped = board_text.lines(game_id, engine, _bump(view), NAMES, "en")
    assert bumped != lines


def _bump(view: dict) -> dict:
    import copy

    out = copy.deepcopy(view)
    p = out["players"][0]
    for key in ("vp", "points", "score"):
        if key in p:
            p[key] = 4321
    return out


@pytest.mark.parametrize("game_id", sorted(TITLES))
@pytest.mark.parametrize("locale", ["en", "zh-TW"])
def test_every_fact_is_worded_and_pages_fit_discord(game_id, locale):
    engine, state = playout(game_id, TITLES[game_id][0])
    lines = described(game_id, engine, state, locale)
    raw = [line for line in lines if RAW.search(line)]
    assert not raw, raw
    if locale == "zh-TW":
        assert any("：" in line or "。" in line for line in lines)
        assert not any("points" in line or "coins" in line for line in lines), lines
    pages = board_text.pages(lines)
    assert all(len(p) <= 2000 for p in pages)
    assert "\n".join(pages).split("\n") == lines  # nothing lost or reordered between pages


def test_a_long_line_is_cut_at_a_comma_within_the_limit():
    line = "Hexes: " + ", ".join(f"A{i}" for i in range(900))
    pages = board_text.pages(["first", line, "last"], limit=500)
    assert all(len(p) <= 500 for p in pages)
    assert pages[0] == "first" and pages[-1].endswith("last")
    text = " ".join(pages)
    assert all(f"A{i}," in text or text.endswith(f"A{i}\nlast") for i in range(899))


@pytest.mark.parametrize("game_id", ["altiplano", "bruges", "amerigo"])
def test_the_description_does_not_move_when_secrets_are_dealt_again(game_id):
    """Re-deal every seat's secrets (hands, bags, missions, face-down stacks, future draws), as
    the bots' determinisation does: the description does not move, so it says nothing of them."""
    engine, state = playout(game_id, TITLES[game_id][0], options={"missions": True} if game_id == "altiplano" else None)
    lines = described(game_id, engine, state)
    for seat in range(3):
        for k in range(3):
            assert described(game_id, engine, determinise(engine, state, seat, random.Random(k))) == lines


def test_no_card_in_a_bruges_hand_is_named():
    from games.bruges.messages import card
    from games.core.messages import render

    engine, state = playout("bruges", 70)
    text = "\n".join(described("bruges", engine, state) + described("bruges", engine, state, "zh-TW"))
    # a person in a house is public (another copy of the same person may be in a hand)
    public = {h["person"]["name"] for p in engine.view(state, None)["players"] for h in p["houses"] if h["person"]}
    held = [c["id"] for s in range(3) for c in engine.view(state, s)["hand"]
            if not any(c["name"] in name for name in public)]  # "Watchman" is in "Night Watchman"
    assert len(held) >= 5
    for cid in held:
        for locale in ("en", "zh-TW"):
            name = render(card(cid), locale)
            assert not re.search(rf"(?<![A-Za-z]){re.escape(name)}(?![A-Za-z])", text), (cid, name)


def test_no_unrevealed_altiplano_mission_is_named():
    engine, state = playout("altiplano", 70, options={"missions": True})
    text = "\n".join(described("altiplano", engine, state))
    secret = [m[0] for s in range(3) for m in engine.view(state, s)["me"]["missions"]]
    shown = {m[0] for p in engine.view(state, None)["players"] for m in p["missions_revealed"]}
    assert [m for m in secret if m not in shown]
    assert all(m not in text for m in secret if m not in shown)
    assert "holds 2 missions" in text


def test_west_of_africa_chosen_cards_stay_hidden_until_revealed():
    """While cards are being chosen, the description says who has chosen, never what."""

    engine = games.get("west-of-africa")
    state = engine.setup(3, 5)
    seat = sorted(engine.to_move(state))[0]
    prefix = ""
    while True:
        pick = engine.legal_moves(state, seat, prefix)[0]
        if not pick.endswith(" "):
            break
        prefix = pick
    engine.play(state, seat, pick)
    assert engine.view(state, None)["phase"] == "choose"
    lines = described("west-of-africa", engine, state)
    assert f"{NAMES[seat]} has chosen cards." in lines
    assert not any("revealed" in line for line in lines)
    chosen = engine.view(state, seat)["you"]["choice"]  # e.g. two island cards: secret until revealed
    assert chosen
    total = engine.view(state, seat)["you"]["choice_total"]
    own = [line for line in lines if line.startswith(NAMES[seat])]
    assert not any(f"total {total}" in line for line in own)
    assert engine.view(state, None)["players"][seat]["cards"] is None


# --- through Discord -----------------------------------------------------------------------------
ALICE, BOB, DORA = User(201, "Alice"), User(202, "Bob"), User(204, "Dora", locale="zh-TW")


@pytest.fixture
async def h(make_harness):
    return await make_harness(seed=4321)


async def test_status_detail_full_answers_privately_in_pages_in_the_callers_language(h):
    await h.slash(ALICE, "game new", game="terra-mystica", player2=BOB, player3=DORA)
    await h.slash(ALICE, "game start")
    table = h.sessions.table(h.channel)
    for seat, text in ((0, "setup witches"), (1, "setup nomads"), (2, "setup darklings")):
        assert (await h.sessions.move_as(h.channel, seat, text)).ok
    public = len(h.posts())
    await h.slash(BOB, "game status", detail="full")
    mine = [m for m in h.ephemeral(BOB)]
    assert mine and all(m.ephemeral for m in mine)
    text = "\n".join(m.content for m in mine)
    assert "Bob plays the Nomads" in text and "Alice plays the Witches" in text
    assert "Dora plays the Darklings" in text and "Waiting for: Alice." in text
    assert all(len(m.content) <= 2000 for m in mine)
    assert len(h.posts()) == public  # nothing for the table
    await h.slash(DORA, "game status", detail="full")
    zh = "\n".join(m.content for m in h.ephemeral(DORA))
    assert "Dora 使用" in zh and "魔力池" in zh and "plays the" not in zh
    assert table.n == h.sessions.table(h.channel).n


async def test_status_detail_full_without_a_game_says_so(h):
    await h.slash(ALICE, "game status", detail="full")
    last = h.last(ALICE)
    assert last.ephemeral and "no game" in last.content.lower()
