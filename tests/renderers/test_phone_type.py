"""The board part of a turn image reads on a phone. Discord shows the 800 px wide turn image
about 400 px wide, so a text drawn on the board part must come out at 22 px or more on the
turn image (11 px on the phone) once the turn image has scaled that part into its room.

Checked where it once read at 6-10 px: the Bruges seat that just moved (a panel of the full
board cut down to 0.6), a Terra Mystica bonus card pick (four small cards to a row) and the
Altiplano seat that just moved (a location or panel of the full board: 16-20 px type at best)."""

from __future__ import annotations

import random
from collections import OrderedDict

import pytest

import renderers
from games import get
from games.core.playout import expand
from renderers import altiplano as alt
from renderers import canvas as cv
from renderers import terra_mystica as tm
from renderers import turn

#: the smallest type on the turn image, in its own 800 px (a phone shows half)
PHONE_MIN = 22
NAMES = ["小明", "阿華", "陳怡君", "Ann", "Bob"]


def own_canvases(monkeypatch) -> list:
    """The canvases the turn image draws itself on (``turn._canvas``, ``turn._header_canvas``),
    listed as they are handed out: a text drawn on one of them is on the turn image's own part,
    any other on a board part (a card, a cut of a board)."""
    made = []
    for name in ("_canvas", "_header_canvas"):
        def spy(*args, _real=getattr(turn, name)):
            found = _real(*args)
            made.append(found[0])
            return found
        monkeypatch.setattr(turn, name, spy)
    return made


def on_own(draw, made: list) -> bool:
    """Whether ``draw`` draws on one of ``made`` (``own_canvases``)."""
    return any(draw._image is img for img in made)


def board_type(monkeypatch, game_id: str, view: dict, locale: str, names=None) -> list[tuple[str, float]]:
    """(text, size on the turn image) of every text the turn image draws on its board part: its
    size where it was drawn times the scale the turn image pastes the board part at."""
    drawn, scales = [], []
    text, scaled = cv.text, turn._scaled
    own = own_canvases(monkeypatch)

    def spy_text(draw, xy, s, size=22, *args, **kwargs):
        if not on_own(draw, own):  # not the turn image's own canvas: the board part
            drawn.append((str(s), draw.type(size) if isinstance(draw, cv.Zoom) else size))  # a zoomed panel's
        return text(draw, xy, s, size, *args, **kwargs)

    def spy_scaled(board, box, size):   # the board part, at the size the turn image pastes it
        scales.append(size[0] / (box[2] - box[0]))
        return scaled(board, box, size)

    monkeypatch.setattr(cv, "_PANELS", OrderedDict())   # every part drawn now, none pasted from before
    monkeypatch.setattr(tm, "_KEPT", OrderedDict())     # nor a map kept from an earlier image
    monkeypatch.setattr(tm, "_SMALL", OrderedDict())
    monkeypatch.setattr(cv, "text", spy_text)
    monkeypatch.setattr(tm, "text", spy_text)
    monkeypatch.setattr(alt, "text", spy_text)
    monkeypatch.setattr(turn, "_scaled", spy_scaled)
    renderers.render_turn(game_id, view, (names or NAMES)[:len(view["players"])], locale)
    monkeypatch.undo()
    (scale,) = scales   # one board part a turn image
    return [(s, size * scale) for s, size in drawn if s.strip()]


def _bruges_view(moves: int):
    game = get("bruges")
    rnd = random.Random(4)
    state = game.setup(3, 4)
    for _ in range(moves):
        seat = rnd.choice(sorted(game.to_move(state)))
        game.play(state, seat, expand(game, state, seat, "", rnd))
    return game.view(state, None)


@pytest.mark.parametrize("locale", ["zh-TW", "en"])
@pytest.mark.parametrize("moves", [16, 80, 200])
def test_the_bruges_seat_that_moved_reads_on_a_phone(monkeypatch, locale, moves):
    view = _bruges_view(moves)
    found = board_type(monkeypatch, "bruges", view, locale)
    mover = [p for p in view["players"] if any(f"{{p{p['seat']}}}" in line for line in view["last"])]
    assert found and mover
    small = [(s, round(size, 1)) for s, size in found if size < PHONE_MIN]
    assert not small, small
    # the seat's numbers are there: its canals' next sections, its reputation
    p = mover[0]
    rep = renderers.labels.label("bru.board.reputation", locale, n=p["rep"])
    assert rep in [s for s, _ in found]


@pytest.mark.parametrize("locale", ["zh-TW", "en"])
def test_terra_mystica_bonus_cards_to_pick_read_on_a_phone(monkeypatch, locale):
    game = get("terra-mystica")
    state = game.setup(5, 3)
    while state["phase"] != "bonus":
        seat = sorted(game.to_move(state))[0]
        game.play(state, seat, game.legal_moves(state, seat)[0])
    view = game.view(state, None)
    assert len(view["bonus_cards"]) == 8  # five players leave eight cards: the most there can be
    found = board_type(monkeypatch, "terra-mystica", view, locale)
    cards = [(s, size) for s, size in found if s.startswith("BON")]
    assert len(cards) == 8
    small = [(s, round(size, 1)) for s, size in found if size < PHONE_MIN]
    assert not small, small


#: an Altiplano position after each kind of turn: (what its last move says, the move taken when
#: it can be, the seats, the options)
ALTIPLANO_TURNS = [
    ("alt.ev.takes_role", "pick ", 3, {"roles": "draft"}), ("alt.ev.planned", "", 4, {}),
    ("alt.ev.order", "market order ", 3, {"missions": True}), ("alt.ev.stores", "village store ", 5, {}),
    ("alt.ev.ext", "market ext ", 3, {}), ("result", "market ", 3, {"missions": True}),
    ("crowded", "village store ", 5, {"missions": True}),
]


def _altiplano_view(key: str, prefer: str, players: int, options: dict):
    """The public view just after the first move of a seeded random game (moves starting
    ``prefer`` taken when listed) whose last lines hold ``key`` ("result": the game's end)."""
    if key == "crowded":
        return _crowded_view(prefer, players, options)
    game = get("altiplano")
    for seed in range(1, 8):
        rnd = random.Random(seed)
        state = game.setup(players, seed, options)
        while game.result(state) is None:
            seat = rnd.choice(sorted(game.to_move(state)))
            prefix = prefer if prefer and [m for m in game.legal_moves(state, seat, prefer) if m.strip()] else ""
            game.play(state, seat, expand(game, state, seat, prefix, rnd))
            view = game.view(state, None)
            if key in [m["key"] for m in view.get("last_msgs") or [] if m]:
                return view
        if key == "result":
            return game.view(state, None)
    pytest.skip(f"no {key} in the seeded games")


def _crowded_view(prefer: str, players: int, options: dict):
    """A late-game seat with everything a seat can hold (random play seldom gets there): every
    action space planned, nine warehouse rows, an open order, houses, boats, orders done,
    extensions, missions; its last move built a house, bought an extension and completed an order."""
    view = _altiplano_view("alt.ev.stores", prefer, players, options)
    seat = view["last_seat"]
    p = view["players"][seat]
    goods = ["wood", "stone", "fish", "alpaca", "ore", "wool", "cacao", "glass", "cloth"]
    p.update(
        houses=[[f"H0{i}", g] for i, g in enumerate(goods[:4], 1)], boats=[[f"B0{i}", g] for i, g in enumerate(goods[:3], 1)],
        done_orders=[["O02", 8], ["O03", 8], ["O05", 8]], mission_count=2,
        order={"id": "O15", "need": {"glass": 2, "cloth": 1}, "have": {"glass": 1}, "vp": 17},
        exts=[[e[0], e[1]] for e in view["strip"] if e][:3],
        missions_revealed=[["M04", "", 3, True], ["M09", "", 4, False]],
        warehouse=[{"good": g, "tiles": [g] * n, "length": n, "points": pts, "full": True}
                   for g, (_side, n, pts) in zip(goods, view["warehouse_rows"])],
    )
    p["spaces"] = {k: ["food", "food"] for k in ["farm", "forest", "mine", "harbor", "village", "market", "move", "role"]}
    who = f"{{p{seat}}}"
    view["last_msgs"] = [{"key": "alt.ev.house", "params": {"who": who, "house": "H04", "good": "alpaca"}},
                         {"key": "alt.ev.ext", "params": {"who": who, "id": "E01", "kind": "", "price": 2}},
                         {"key": "alt.ev.order_done", "params": {"who": who, "id": "O05"}}]
    view["last"] = ["-"] * 3
    return view


@pytest.mark.parametrize("locale", ["zh-TW", "en"])
@pytest.mark.parametrize("key,prefer,players,options", ALTIPLANO_TURNS)
def test_the_altiplano_seat_that_moved_reads_on_a_phone(monkeypatch, locale, key, prefer, players, options):
    view = _altiplano_view(key, prefer, players, options)
    found = board_type(monkeypatch, "altiplano", view, locale)
    assert found
    small = [(s, round(size, 1)) for s, size in found if size < PHONE_MIN]
    assert not small, small
    drawn = " ".join(s for s, _ in found)
    names = NAMES[:players]
    if key == "result":  # every seat's final score
        assert all(name in drawn for name in names)
    elif key == "alt.ev.planned":  # the plans revealed: every seat that planned
        planned = {m["params"]["who"] for m in view["last_msgs"] if m and m["key"] == "alt.ev.planned"}
        assert all(names[int(who[2:-1])] in drawn for who in planned)
    else:  # whose turn it was, and its numbers
        p = view["players"][view["last_seat"]]
        assert names[p["seat"]] in drawn
        assert renderers.labels.label("alt.board.vp", locale, n=p["score"]) in drawn
    if key == "crowded":  # what the move changed stays on: the house, the extension, the order done
        p = view["players"][view["last_seat"]]
        assert renderers.labels.label("alt.board.own_houses", locale) in drawn
        assert p["exts"][0][0] in drawn and "O05" in drawn


#: five long names (and two short ones among them), as a table may have
LONG_NAMES = {"en": ["Bartholomew Q. Smithers", "Christopher Columbus", "Annabelle Longname", "歐陽娜娜", "陳怡君"],
              "zh-TW": ["歐陽娜娜", "Bartholomew Q. Smithers", "陳怡君", "Christopher Columbus", "Annabelle Longname"]}


def _walk(game_id: str, players: int, seed: int, every: int, when=None):
    """The public view after every ``every``-th move of a seeded random game (``when(state)``:
    only those), and at its end."""
    game = get(game_id)
    rnd = random.Random(seed)
    state = game.setup(players, seed)
    n = 0
    while game.result(state) is None:
        seat = rnd.choice(sorted(game.to_move(state)))
        game.play(state, seat, expand(game, state, seat, "", rnd))
        n += 1
        if (when(state) if when else n % every == 0) or game.result(state) is not None:
            yield n, game.view(state, None)
        if when and state.get("round"):
            return


#: (game, seats, seed, every how many moves a turn image is checked, which turns): the seeded
#: games where long names once pushed the card under the floor (Bruges seed 2 from move 194 and
#: seed 3's roll at move 21; Altiplano seed 3's plans at move 322; Terra Mystica's bonus picks)
LONG_GAMES = [("bruges", 4, 2, 7, None), ("bruges", 4, 3, 7, None), ("altiplano", 5, 3, 7, None),
              ("terra-mystica", 5, 2, 0, lambda state: state["phase"] == "bonus")]


@pytest.mark.parametrize("locale", ["en", "zh-TW"])
@pytest.mark.parametrize("game_id,players,seed,every,when", LONG_GAMES, ids=lambda v: str(v) if not callable(v) else "")
def test_every_text_of_the_turn_image_reads_on_a_phone_with_long_names(monkeypatch, locale, game_id, players, seed,
                                                                         every, when):
    """Whole seeded games with five (the game's most) long names: every text the turn image draws on
    its board part (a seat's card, the dice, the plans, the bonus cards) is 22 px or more once pasted
    (they were scaled to 0.85-0.99 when the header and score chips took room: 18.6-21.8 px)."""
    small, seen = [], 0
    for n, view in _walk(game_id, players, seed, every, when):
        found = board_type(monkeypatch, game_id, view, locale, LONG_NAMES[locale])
        seen += bool(found)
        small += [(n, s, round(size, 1)) for s, size in found if size < PHONE_MIN][:3]
    assert seen >= 5
    assert not small, small[:12]


def _tm_turns(players: int, seed: int, every: int):
    """(move number, the move, the public view) after every setup move (faction picks, starting
    dwellings, bonus picks), every power offer answered and every ``every``-th move after, of a
    seeded random Terra Mystica game."""
    game = get("terra-mystica")
    rnd = random.Random(seed)
    state = game.setup(players, seed, {"league": True})  # the site's league game this walk was picked on
    n = 0
    while game.result(state) is None:
        seat = rnd.choice(sorted(game.to_move(state)))
        setup = state["phase"] in ("factions", "dwellings", "bonus")
        move = expand(game, state, seat, "", rnd)
        game.play(state, seat, move)
        n += 1
        offer = "leech" in move or "decline" in move
        if setup or offer or n % every == 0 or game.result(state) is not None:
            yield n, move, game.view(state, None)


def _hex_label(s: str) -> bool:
    return s in tm.CELL_BY_ID


@pytest.mark.parametrize("locale", ["en", "zh-TW"])
def test_every_terra_mystica_turn_image_reads_on_a_phone(monkeypatch, locale):
    """A seeded four-player game, every setup turn, power offer
    answered and every third move after: the map part of
    the turn image (its hex ids and building marks) and any card in its place are 22 px or more
    once pasted. The whole map was pasted at 0.47-0.48 for the faction picks, and for every
    turn that changed no hex (a pass, a leech answer, a cult step, a conversion): its 20 px hex
    ids and 18 px marks came out 8-10 px."""
    small, kinds, map_turns, card_turns = [], set(), 0, 0
    for n, move, view in _tm_turns(4, 1, 3):
        tm._map_base.cache_clear()  # the map's hex ids are drawn (not taken from the cache) and so seen
        found = board_type(monkeypatch, "terra-mystica", view, locale)
        assert found, (n, move)
        labels = [s for s, _ in found if _hex_label(s)]
        map_turns += bool(labels)
        card_turns += not labels
        kinds.add(move.split(".")[-1].split()[0])
        small += [(n, move, s, round(size, 1)) for s, size in found if size < PHONE_MIN][:3]
    assert not small, small[:12]
    # the turns looked at: setup picks and dwellings, builds, passes, leeches, cult steps; a turn
    # that changed no hex shows the mover's card, not the map
    assert {"setup", "build", "pass", "leech", "send"} <= kinds, kinds
    assert map_turns >= 15 and card_turns >= 10, (map_turns, card_turns)


@pytest.mark.parametrize("locale", ["en", "zh-TW"])
def test_terra_mystica_far_apart_changes_are_cut_at_full_size(monkeypatch, locale):
    """A turn whose steps changed hexes at both ends of the map (as a turn of several steps, or
    the bot's turn with every seat's starting dwelling, can): the cut holds what one cut at full
    size can, the last step's hex among them, its hex ids 22 px and more."""
    view = next(v for n, _m, v in _tm_turns(4, 1, 1000) if v["phase"] == "bonus")
    view = {**view, "last": ["{p0} places a dwelling on A1.", "{p1} places a dwelling on I13.",
                             "{p2} places a dwelling on H6."]}
    tm._map_base.cache_clear()
    view["phase"], view["bonus_cards"] = "actions", {}
    found = board_type(monkeypatch, "terra-mystica", view, locale)
    labels = [s for s, _ in found if _hex_label(s)]
    assert "H6" in labels
    small = [(s, round(size, 1)) for s, size in found if size < PHONE_MIN]
    assert not small, small
