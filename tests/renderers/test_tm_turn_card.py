"""The card a Terra Mystica turn image shows when the turn named no hex: the final scores at
game over, no second copy of the card's seat below it, and what the move changed outlined."""

from __future__ import annotations

import copy
import random
from functools import lru_cache

import pytest

import renderers
from games import get
from games.core.playout import expand
from renderers import canvas as cv
from renderers import terra_mystica as tm
from renderers.labels import label

from .test_phone_type import PHONE_MIN, board_type, on_own, own_canvases

NAMES = ["小明", "阿華", "Annabelle Longname", "Bob"]


@lru_cache(maxsize=2)
def _game(seed: int = 1):
    """(the move, its seat, the public view after it) for every move of a seeded four-seat game."""
    game = get("terra-mystica")
    rnd = random.Random(seed)
    state = game.setup(4, seed)
    out = []
    while game.result(state) is None:
        seat = rnd.choice(sorted(game.to_move(state)))
        move = expand(game, state, seat, "", rnd)
        game.play(state, seat, move)
        out.append((move, seat, game.view(state, None)))
    return out


def _drawn(monkeypatch, view, locale, names=NAMES):
    """Every text the turn image draws (on its own canvas or on a card) and its size."""
    found = []
    text = cv.text
    own = own_canvases(monkeypatch)

    def spy(draw, xy, s, size=22, *args, **kwargs):
        found.append((str(s), size, on_own(draw, own)))
        return text(draw, xy, s, size, *args, **kwargs)

    monkeypatch.setattr(cv, "text", spy)
    monkeypatch.setattr(tm, "text", spy)
    renderers.render_turn("terra-mystica", view, names, locale)
    monkeypatch.undo()
    return found


# --- 1. game over: the final scores -------------------------------------------------------

@pytest.mark.parametrize("locale", ["en", "zh-TW"])
def test_game_over_shows_the_final_scores_card(monkeypatch, locale):
    """At game over the card is the room's final scores (it was the last mover's card): every
    seat's name, faction and total, the final scoring's parts, all 22 px and up once pasted."""
    view = _game()[-1][2]
    res = view["result"]
    assert res
    found = _drawn(monkeypatch, view, locale)
    card = " | ".join(s for s, _size, own in found if not own)
    assert label("tm.board.final_scores", locale) in card
    for s, p in enumerate(view["players"]):
        assert NAMES[s] in card, (NAMES[s], card)
        assert tm._title(p["faction"], locale) in card
        assert label("turn.vp", locale, n=res["scores"][s]) in card
    network = tm._category("network", {"locale": locale})
    for s in range(4):
        n = res["breakdown"][s]["network"]
        if n:
            assert label("tm.face.score_part", locale, what=network, n=n) in card, card
    small = [(s, round(size, 1)) for s, size in board_type(monkeypatch, "terra-mystica", view, locale, NAMES)
             if size < PHONE_MIN]
    assert not small, small


def test_final_scores_card_marks_the_winners_and_shares_a_tied_place():
    view = _game()[-1][2]
    res = view["result"]
    t = tm._table(view, NAMES, "en")
    rows = tm.result_rows(t)
    assert [r["seat"] for r in rows] == res["ranking"]
    assert {r["seat"] for r in rows if r["winner"]} == set(res["winners"])
    # seed 1 ends with two seats tied on top: both first
    assert [r["place"] for r in rows if r["winner"]] == [1] * len(res["winners"])
    img = tm.result_card(t, 776, 600)
    assert img.width <= 776 and img.height <= 600


# --- 2. no seat twice ------------------------------------------------------------------------

def _leech_then_up():
    for move, seat, view in _game(3):  # seed 3 has one (a leech and an action are often one row)
        if ("leech" in move or "decline" in move) and view["to_move"] == [seat]:
            return seat, view
    raise AssertionError("no leech answer by the seat up next")


@pytest.mark.parametrize("locale", ["en", "zh-TW"])
def test_card_seat_is_not_shown_again_in_the_panel(monkeypatch, locale):
    """A leech answered by the seat that is up next: its card shows its resources, the seat
    panel below did the same again."""
    seat, view = _leech_then_up()
    coins = label("tm.res.c", locale, n=view["players"][seat]["coins"])
    found = _drawn(monkeypatch, view, locale)
    shown = [s for s, _size, _own in found if coins in s]
    assert len(shown) == 1, shown


# --- 3. what the move changed, outlined --------------------------------------------------------

def _msg(key, **params):
    return {"key": key, "params": {"who": "{p1}", **params}}


def _res(code):
    return {"$msg": {"key": "tm.resname." + code, "params": {}}}


def test_changes_read_from_the_turns_messages():
    air = {"$msg": {"key": "tm.cult.air", "params": {}}}
    view = {"last_msgs": [
        _msg("tm.ev.send", track="FIRE", n=2), _msg("tm.ev.cult_up", track=air, n=1),
        _msg("tm.ev.convert", n=1, src=_res("p"), k=1, dst=_res("w")), _msg("tm.ev.burn", n=2),
        _msg("tm.ev.fav", tile="FAV6"), {"key": "tm.ev.leech", "params": {"who": "{p0}", "n": 1, "other": "{p1}"}},
        {"key": "tm.ev.round", "params": {"n": 2}}, None]}
    assert tm.seat_changes(view, 1) == {"cult:fire", "cult:air", "cult:water", "p", "w", "pw", "favours"}
    assert tm.seat_changes(view, 0) == {"pw"}
    assert tm.seat_changes({"last_msgs": [_msg("tm.ev.power_action", act="ACT4")]}, 1) == {"pw", "c"}
    assert tm.seat_changes({"last_msgs": [_msg("tm.ev.bonus_coins", card="BON2", n=1)]}, 1) == {"bonus", "c"}
    assert tm.seat_changes({"last_msgs": [_msg("tm.ev.send", track=air, n=1)]}, 1) == {"cult:air", "p"}
    assert tm.seat_changes({}, 1) == set()


def _highlit(img) -> int:
    """The card's pixels in the outline colour."""
    return {c: n for n, c in img.convert("RGB").getcolors(1 << 20)}.get(cv.HIGHLIGHT, 0)


@pytest.mark.parametrize("locale", ["en", "zh-TW"])
def test_a_cult_step_is_outlined_on_the_card(locale):
    """A cult step (+AIR after a FAV6 action, a priest sent): the card outlines the cult value
    that moved; the same card with nothing changed has no outline."""
    steps = [(m, s, v) for m, s, v in _game() if m.startswith(("+", "send")) and "FAV" not in m
             and not tm.HEX_RE.search(" ".join(v["last"]))]
    assert steps
    move, seat, view = steps[0]
    info = tm.turn_parts(view, NAMES, locale)
    assert _highlit(info["card"](776, 600)) > 100, move
    quiet = tm.turn_parts({**view, "last_msgs": []}, NAMES, locale)
    assert _highlit(quiet["card"](776, 600)) == 0


@pytest.mark.parametrize("locale", ["en", "zh-TW"])
@pytest.mark.parametrize("faction,word", [("dwarves", "tm.board.tunnel"), ("fakirs", "tm.board.carpet"),
                                          ("witches", "tm.board.ship")])
def test_the_seat_panel_says_how_the_faction_reaches_over_water(locale, faction, word):
    """The seat panel under the map says the Dwarves tunnel and the Fakirs fly their carpet, as
    their card does (it read "Ship 0" for the Dwarves, who never ship)."""
    game = get("terra-mystica")
    state = game.setup(4, 3)
    picks = [faction] + [f for f in ("darklings", "swarmlings", "halflings", "giants") if f != faction][:3]
    for seat, fid in enumerate(picks):
        game.play(state, seat, f"setup {fid}")
    view = game.view(state, None)
    player = next(p for p in view["players"] if p["seat"] == 0)
    res = tm.turn_parts({**view, "to_move": [0]}, NAMES, locale)["resources"]  # seat 0 is up
    want = label(word, locale, n=player.get("range", player["shipping"]) if faction == "fakirs" else player["shipping"])
    assert want in res
    if faction != "witches":
        assert label("tm.board.ship", locale, n=player["shipping"]) not in res


@pytest.mark.parametrize("locale", ["en", "zh-TW"])
def test_final_scores_parts_stay_inside_the_card(monkeypatch, locale):
    """Seen in the console (4 players): a seat's parts line, wrapped for the card's width but
    drawn 62 px in, ran past the card's right edge ("network 18" cut by the frame), and the next
    line began with "· resources 2"."""
    view = copy.deepcopy(_game()[-1][2])
    for parts in view["result"]["breakdown"]:   # every category scored, as in the console's game
        parts.update(game=91, fire=4, water=4, earth=6, air=2, network=18, resources=2)
    t = tm._table(view, NAMES, locale)
    drawn = []
    real = tm.text

    def spy(draw, xy, s, size=22, *args, **kwargs):
        if kwargs.get("anchor", args[2] if len(args) > 2 else "la")[0] == "l":
            drawn.append((xy[0] + cv.text_width(str(s), size, kwargs.get("bold", False)), str(s)))
        return real(draw, xy, s, size, *args, **kwargs)

    monkeypatch.setattr(tm, "text", spy)
    img = tm.result_card(t, 776, 2000)
    parts = [(right, s) for right, s in drawn if " · " in s or s[:1] == "·"]
    assert parts
    assert all(right <= img.width - 12 for right, _s in parts), [(r, s) for r, s in parts if r > img.width - 12]
    assert not any(s.startswith("·") for _r, s in parts)
