"""West of Africa's turn image reads on a phone: the islands a turn changed, drawn whole and
large (a bot's turn ends on "done", which outlines nothing: the whole board was scaled to 0.49,
its 20 px type 10 px, 5 px on a phone), else the tracks and mayors (a card choice, a round's end)."""

from __future__ import annotations

import copy
import random

import pytest

from games import get
from games.bots import make
from games.core.messages import render
from games.core.playout import expand
from renderers import canvas as cv
from renderers import west_of_africa as woa
from renderers.labels import label
from renderers.score_words import word as score_word
from renderers.turn import WIDTH

from .test_phone_type import PHONE_MIN, board_type

LONG = ["Bartholomew Q. Smithers", "阿華", "Annabelle Longname", "Bob", "陳怡君"]


def _turns(players: int, seed: int):
    """(the turn's message keys, the public view as the table draws it) after every turn of a
    game of greedy bots, a turn being one seat's moves in a row with every step's messages
    (``turn_steps``), as ``bot.sessions`` gives them."""
    game = get("west-of-africa")
    state = game.setup(players, seed)
    bots = [make("greedy", 5 + s) for s in range(players)]
    steps, prev = [], None

    def view():
        v = game.view(state, None)
        if len(steps) > 1:
            v["turn_steps"] = {"last": [render(m, "en") for m in steps], "last_msgs": [m.to_json() for m in steps]}
        return [m.key for m in steps], v

    while game.result(state) is None:
        seat = min(game.to_move(state))
        if seat != prev and steps:
            yield view()
            steps = []
        prev = seat
        steps += [e.msg for e in game.play(state, seat, bots[seat].choose(game, state, seat)) if e.msg is not None]
    yield view()


@pytest.mark.parametrize("locale", ["en", "zh-TW"])
@pytest.mark.parametrize("players,seed", [(5, 11), (3, 4)])
def test_every_turn_image_of_a_bot_game_reads_on_a_phone(monkeypatch, locale, players, seed):
    small, islands, tracks = [], 0, 0
    for n, (keys, view) in enumerate(_turns(players, seed)):
        found = board_type(monkeypatch, "west-of-africa", view, locale, LONG[:players])
        assert found, (n, keys)
        small += [(n, keys[:3], s, round(size, 1)) for s, size in found if size < PHONE_MIN][:2]
        shown = {s for s, _ in found}
        if view.get("result"):   # the final scores' card (test_game_over_shows_the_final_scores)
            continue
        turn = woa.turn_islands({**view, **(view.get("turn_steps") or {})})  # every step's, as drawn
        if turn:
            islands += 1
            latest = turn[0]
            assert woa.island_name(latest, view["islands"][latest], locale) in shown, (n, keys)
        else:
            tracks += 1
            assert label("woa.board.points", locale) in shown
    assert not small, small[:10]
    assert islands >= 10 and tracks >= 10, (islands, tracks)


def _turn_ending_on_done():
    """A seat's turn as a bot plays it: it places its worker, walks it, then says "done" (which
    outlines nothing: the board's ``highlight`` is empty after it)."""
    game = get("west-of-africa")
    state = game.setup(3, 2)
    bots = [make("greedy", s) for s in range(3)]
    while True:
        seat = min(game.to_move(state))
        if game.legal_moves(state, seat, "place"):
            break
        game.play(state, seat, bots[seat].choose(game, state, seat))
    place = expand(game, state, seat, "place", random.Random(1))
    steps = game.play(state, seat, place)
    assert game.legal_moves(state, seat, "done") == ["done"]
    steps = [e.msg for e in steps + game.play(state, seat, "done") if e.msg]
    view = game.view(state, None)
    assert view["highlight"] == []
    return place.split()[1], {**view, "last": [render(m, "en") for m in steps],
                              "last_msgs": [m.to_json() for m in steps]}


def test_a_bot_turn_that_ends_on_done_shows_the_islands_it_changed(monkeypatch):
    """Its last step outlines nothing on the board, yet the card shows the island it placed
    on, read from the turn's messages (the whole board was pasted at 0.49 before)."""
    island, view = _turn_ending_on_done()
    assert woa.turn_islands(view) == [island]
    found = board_type(monkeypatch, "west-of-africa", view, "en")
    assert woa.island_name(island, view["islands"][island], "en") in {s for s, _ in found}
    assert min(size for _, size in found) >= PHONE_MIN


def test_a_round_end_shows_the_tracks_and_every_mayor(monkeypatch):
    view = next(v for keys, v in _turns(4, 11)
                if "woa.ev.mayors" in keys and not woa.turn_islands({**v, **(v.get("turn_steps") or {})}))
    drawn = {s for s, _ in board_type(monkeypatch, "west-of-africa", view, "zh-TW")}
    assert {label(f"woa.board.{w}", "zh-TW") for w in ("coins", "points", "order", "mayors")} <= drawn
    for isl, info in view["islands"].items():
        if info["mayor"] is not None:
            assert any(s.startswith(woa.island_name(isl, info, "zh-TW")) for s in drawn), isl


def test_a_crowded_island_is_whole_on_its_card(monkeypatch):
    """Five seats' crops in one island's store take three rows of chips, below the board's panel
    height: the card's panel grows, every chip inside it (the board's cut sliced the last row)."""
    _keys, view = next(iter(_turns(5, 11)))
    view = copy.deepcopy(view)
    isl = "tenerife"
    view["islands"][isl]["warehouse"] = [{"sugar": 3, "wine": 2, "grain": 1}] * 5
    chips = {cv.seat_letter(s) + ": 3S2W1G" for s in range(5)}
    at = []
    real = cv.text

    def spy(draw, xy, s, *args, **kwargs):
        if s in chips:
            at.append(xy[1])
        return real(draw, xy, s, *args, **kwargs)

    monkeypatch.setattr(cv, "text", spy)
    card = woa.island_card(view, [isl], WIDTH - 24, 560, "en")
    sc = woa.Scale(woa._card_fit(1, WIDTH - 24, 560), woa.CARD_TYPE)
    assert woa._island_h(view["islands"][isl], "en", sc) > sc(woa.PANEL_H)
    assert len(at) == 5 and max(at) + woa.CARD_TYPE <= card.height - woa.CARD_GAP


def test_more_islands_than_fit_are_named_below(monkeypatch):
    """Two islands side by side at most; a third is named under them."""
    _keys, view = next(iter(_turns(4, 11)))
    view = {**view, "highlight": ["palma", "gomera", "lanzarote"], "last_msgs": []}
    found = {s: size for s, size in board_type(monkeypatch, "west-of-africa", view, "en")}
    names = {i: woa.island_name(i, view["islands"][i], "en") for i in view["highlight"]}
    assert names["lanzarote"] in found and names["gomera"] in found   # the latest two, drawn
    assert names["palma"] not in found
    assert label("woa.board.also", "en", islands=names["palma"]) in found
    assert min(found.values()) >= PHONE_MIN


@pytest.mark.parametrize("locale", ["en", "zh-TW"])
def test_game_over_shows_the_final_scores(monkeypatch, locale):
    """Seen in the console (zh-TW, four seats): the game-over image showed the islands of the last
    turn, and its last-move strip cut the winner's total to "電腦 2 🤖 3…". The card is now the
    final scores: every seat's place, name and total, and the parts of its total."""
    *_rest, (_keys, view) = _turns(4, 11)
    res = view["result"]
    assert res
    found = board_type(monkeypatch, "west-of-africa", view, locale, LONG[:4])
    drawn = " | ".join(s for s, _ in found)
    assert label("board.final_scores", locale) in drawn
    for s in range(4):
        assert f"{LONG[s]} · {label('turn.pts', locale, n=res['scores'][s])}" in drawn, drawn
    mayors = score_word("west-of-africa", "mayors", locale)
    assert f"{mayors} {res['breakdown'][res['ranking'][0]]['mayors']}" in drawn, drawn
    assert min(size for _, size in found) >= PHONE_MIN


@pytest.mark.parametrize("locale", ["en", "zh-TW"])
def test_the_first_rounds_ship_placing_is_what_the_header_asks(locale):
    """Seen in the console (zh-TW): the table asked "P0，請把你的船放到空的停泊處" while the turn
    image's header said only "P0 行動" (P0 to act)."""
    game = get("west-of-africa")
    state = game.setup(3, 1)
    rnd = random.Random(1)
    while state["phase"] == "choose":
        seat = min(game.to_move(state))
        game.play(state, seat, expand(game, state, seat, "choose", rnd))
    view = game.view(state, None)
    up = view["turn_seat"]
    assert game.legal_moves(state, up, "") == ["place "]
    _title, status, seat = woa.header_text(view, LONG[:3], locale)
    assert seat == up and status == label("woa.board.up.place", locale, name=LONG[up])
    game.play(state, up, expand(game, state, up, "place", rnd))
    _title, status, _seat = woa.header_text(game.view(state, None), LONG[:3], locale)
    assert status.startswith(label("woa.board.up.act", locale, name=LONG[up]))
