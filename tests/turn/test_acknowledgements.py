"""What a player is told back says what happened in words: not the notation they typed ("Done:
`move east …`"), not "Your secret choice is in" at every planning click (what is planned so far
and what is left), not "Bob waits." for a spade given up, not "+1 points"; and the Terra Mystica
starting-dwelling pick shows the map with the ids the prompt asks for."""

from __future__ import annotations

import pytest

import renderers
from games import get
from games.core.messages import msg, render
from renderers import terra_mystica as tm

from ..renderers.test_phone_type import PHONE_MIN, board_type
from .test_turn_buttons import select_of, start


async def test_a_turn_ending_move_is_acknowledged_in_words(harness):
    """West of Africa: the move that ends a turn, typed: its answer repeats the table's line,
    not the typed notation."""
    h = harness
    ann, bob, cy = await start(h)
    for user, cards in ((ann, "choose tenerife farm"), (bob, "choose palma"), (cy, "choose ship sell")):
        await h.slash(user, "move", move=cards)
    table = h.sessions.table(h.channel)
    seat = table.to_move()[0]
    user = (ann, bob, cy)[seat]
    place = next(m for m in table.engine.legal_moves(table.state, seat, "place ") if not m.endswith(" "))
    await h.slash(user, "move", move=place)
    answer = h.ephemeral(user)[-1].content
    assert "`" not in answer and place not in answer, answer
    assert answer.startswith("Done. The table reads:") and "puts their ship" in answer, answer


async def test_planning_steps_say_what_is_planned_and_what_is_left(harness):
    """Altiplano: each planning click tells the seat what it did, everything it planned so far
    and the tiles still in its row; only "done" says the secret choice is in."""
    h = harness
    ann, bob = await start(h, "altiplano", 2)
    table = h.sessions.table(h.channel)
    engine = table.engine
    while table.state["phase"] != "plan":   # a role draft or mission pick first, when dealt so
        seat = table.to_move()[0]
        await h.slash((ann, bob)[seat], "move", move=engine.legal_moves(table.state, seat, "")[0].strip())
    for move in ("draw",):
        if move in engine.legal_moves(table.state, 0, ""):
            await h.slash(ann, "move", move=move)
    plans = [m for m in engine.legal_moves(table.state, 0, "plan ") if not m.endswith(" ")]
    assert plans
    first = plans[0]
    await h.slash(ann, "move", move=first)
    said = h.ephemeral(ann)[-1].content
    assert "Your secret choice is in" not in said
    assert said.startswith("Noted (only you see it):")
    assert "Planned so far:" in said and "Still to plan:" in said, said
    assert "→" in said.split("Planned so far:")[1].split(".")[0]
    await h.slash(ann, "move", move="done")
    assert "Your secret choice is in" in h.ephemeral(ann)[-1].content
    assert all("Planned so far" not in p.content for p in h.posts())   # the planning stays secret


def _spade_to_give_up():
    """A position of a seeded random Terra Mystica game where a seat may give up a spade."""
    import random

    from games.core.playout import expand

    game = get("terra-mystica")
    for seed in range(1, 12):
        rnd = random.Random(seed)
        state = game.setup(3, seed)
        while game.result(state) is None:
            seat = rnd.choice(sorted(game.to_move(state)))
            if "-SPADE" in game.legal_moves(state, seat, "-"):
                return game, state, seat
            game.play(state, seat, expand(game, state, seat, "", rnd))
    pytest.fail("no spade to give up in the seeded games")


def test_a_spade_given_up_is_said():
    """Terra Mystica: "-SPADE" (a spade not used) was told as "{p1} waits."."""
    game, state, seat = _spade_to_give_up()
    events = game.play(state, seat, "-SPADE")
    texts = [e.text for e in events]
    assert any("gives up 1 spade" in t for t in texts) and not any("waits" in t for t in texts), texts
    zh = [render(e.msg, "zh-TW") for e in events if e.msg is not None]
    assert any("放棄 1 把鏟子" in t for t in zh), zh


@pytest.mark.parametrize(("n", "en"), [(1, "+1 point"), (2, "+2 points"), (-1, "-1 point")])
def test_one_point_is_singular(n, en):
    get("west-of-africa")
    assert render(msg("woa.hint.points", n=n), "en") == en
    assert render(msg("woa.hint.coins", n=n), "en") == en.replace("point", "coin")


@pytest.mark.parametrize("locale", ["en", "zh-TW"])
def test_the_starting_dwelling_pick_shows_the_map_with_the_ids_asked(monkeypatch, locale):
    """The prompt lists hex ids; the turn image showed the last faction's card and no map. Now the
    whole map, every free hex of the seat's home terrain outlined and named, 22 px and up."""
    game = get("terra-mystica")
    state = game.setup(3, 4)
    while state["phase"] != "dwellings":
        seat = sorted(game.to_move(state))[0]
        game.play(state, seat, game.legal_moves(state, seat)[0])
    seat = sorted(game.to_move(state))[0]
    view = game.view(state, None)
    asked = {m.split()[1] for m in game.legal_moves(state, seat, "") if m.startswith("build")}
    tm._map_base.cache_clear()
    found = board_type(monkeypatch, "terra-mystica", view, locale)
    drawn = {s for s, _ in found}
    assert asked and asked <= drawn, asked - drawn
    assert min(size for _, size in found) >= PHONE_MIN
    t = tm._table(view, None, locale)
    assert set(tm.home_hexes(t, seat)) == asked
    png = renderers.render_turn("terra-mystica", view, ["Ann", "Bob", "Cy"], locale)
    assert png[:4] == b"\x89PNG"


async def test_the_play_menu_answer_of_a_card_choice_still_says_it_is_in(harness):
    """The West of Africa card choice is one secret step: its answer keeps saying it is in."""
    h = harness
    ann, _bob, _cy = await start(h)
    await h.click(ann, h.posts()[-1], "Play")
    menu = h.ephemeral(ann)[-1]
    assert select_of(menu)["max_values"] == 5
    await h.click(ann, menu, 0, values=["tenerife"])
    assert "secret choice is in" in h.ephemeral(ann)[-1].content
