"""The turn flow of the session layer: one public post per turn, pings that say what is asked."""

from __future__ import annotations

import random

import pytest

import games
from bot.store import SqliteStore
from bot.table import prompts
from bot.table.sessions import Actor, SessionManager
from bot.words import texts
from games.core.messages import CATALOGS, placeholders, render
from games.core.playout import expand

CHANNEL = 7
PEOPLE = [Actor(100 + i, name) for i, name in enumerate(["Ann", "Bob", "Cy", "Di"])]


@pytest.fixture
async def manager(tmp_path):
    store = await SqliteStore.open(str(tmp_path / "t.sqlite3"))
    yield SessionManager(store, seed_source=lambda: 1)
    await store.close()


async def started(manager, game_id: str, players: int):
    assert (await manager.create(CHANNEL, PEOPLE[0], game_id, PEOPLE[1:players])).ok
    reply = await manager.start(CHANNEL, PEOPLE[0])
    assert reply.ok and reply.public.png is not None and reply.public.asks
    return reply


async def test_west_of_africa_turn_is_one_post(manager):
    start = await started(manager, "west-of-africa", 3)
    assert start.public.asks == [([(100, "Ann"), (101, "Bob"), (102, "Cy")], "choose your cards (secret)")]
    first = await manager.move(CHANNEL, PEOPLE[0], "choose tenerife farm")
    # a secret choice: its text to the chooser only; the table gets one line, no board, no ping
    assert first.public.minor and first.public.png is None and not first.public.asks
    assert "Tenerife" in first.private.text and "Tenerife" not in first.public.text
    again = await manager.move(CHANNEL, PEOPLE[0], "choose sell")
    assert not again.ok and "already chose this round" in again.text and "/undo" in again.text
    await manager.move(CHANNEL, PEOPLE[1], "choose palma")
    reveal = await manager.move(CHANNEL, PEOPLE[2], "choose ship")
    assert reveal.public.png is not None and reveal.public.asks
    table = manager.table(CHANNEL)
    seat = table.to_move()[0]
    who = PEOPLE[seat]
    place = next(m for m in table.engine.legal_moves(table.state, seat, "place ") if not m.endswith(" "))
    step = await manager.move(CHANNEL, who, place)
    if seat in table.to_move():  # the turn goes on: only the player hears of it
        assert step.public is None and step.step is not None
        assert "Done:" in step.step.text and "puts their ship" in step.step.text
        end = await manager.move(CHANNEL, who, "done")
        assert end.public is not None and end.public.png is not None and not end.public.minor
        # the turn's post tells everything the seat did, in the third person
        assert "puts their ship" in end.public.text and "ends their turn" in end.public.text
        assert all(asked for asked, _ in end.public.asks)


async def test_refusals_say_what_is_wrong(manager):
    await started(manager, "west-of-africa", 2)
    wrong = await manager.move(CHANNEL, PEOPLE[0], "xyz 1")
    assert not wrong.ok and "No move starts with 'xyz'; your moves start with: choose" in wrong.text
    assert manager.autocomplete_note(CHANNEL, PEOPLE[0].user_id, "xyz").startswith("No move starts with 'xyz'")


async def test_lazy_board_is_the_position_of_the_move(manager):
    await started(manager, "west-of-africa", 2)
    await manager.move(CHANNEL, PEOPLE[0], "choose tenerife")
    reveal = await manager.move(CHANNEL, PEOPLE[1], "choose palma", lazy=True)
    assert reveal.public.png is None and reveal.public.draw is not None
    png = await reveal.public.render()
    assert png is not None and png.startswith(b"\x89PNG")


@pytest.mark.parametrize("game_id,players", [("west-of-africa", 3), ("altiplano", 2), ("bruges", 3),
                                             ("amerigo", 3), ("terra-mystica", 3)])
def test_prompts_are_worded_for_every_position(game_id, players):
    engine = games.get(game_id)
    state = engine.setup(players, 4, None)
    rnd = random.Random(4)
    said = set()
    for _ in range(150):
        if engine.result(state) is not None:
            break
        for seat in engine.to_move(state):
            m = prompts.prompt(game_id, engine, state, seat)
            text = render(m, "en")
            assert text and "{" not in text and not text.startswith("bot."), (m, text)
            assert render(m, "zh-TW") and "{" not in render(m, "zh-TW")
            said.add(m.key)
        seat = rnd.choice(sorted(engine.to_move(state)))
        engine.play(state, seat, expand(engine, state, seat, "", rnd))
    assert said - {"bot.ask.your_turn"}, "the game never said what it asks"


def test_every_turn_text_has_english_and_chinese_with_the_same_fields():
    for key, template in texts.EN.items():
        zh = CATALOGS["zh-TW"].get(key)
        assert zh is not None, key
        assert placeholders(zh) <= placeholders(template) | {"n"}, key


async def test_the_turn_image_tells_and_outlines_the_whole_turn(manager, monkeypatch):
    """A turn of several steps: the image's view carries every step's event (so the board
    outlines all of them) and the turn's summary in each language, not only the final step."""
    from bot.table import render_pool

    drawn = []

    async def draw(game_id, view, names, kind="board", locale="en", key=None):
        drawn.append(render_pool.decoded(view() if callable(view) else view))  # made when drawn
        return b"\x89PNG fake"

    monkeypatch.setattr(render_pool, "draw", draw)
    await started(manager, "west-of-africa", 3)
    for who, card in ((0, "choose tenerife farm"), (1, "choose palma"), (2, "choose ship")):
        await manager.move(CHANNEL, PEOPLE[who], card)
    table = manager.table(CHANNEL)
    rnd = random.Random(2)
    for _ in range(12):  # find a turn of two or more steps: place, then done
        seat = table.to_move()[0]
        stems = table.engine.legal_moves(table.state, seat)
        stem = "place " if "place " in stems else rnd.choice(stems)
        step = await manager.move(CHANNEL, PEOPLE[seat], expand(table.engine, table.state, seat, stem, rnd))
        if step.public is None:
            break
    else:
        pytest.fail("no turn of several steps in 12 turns")
    done = await manager.move(CHANNEL, PEOPLE[seat], "done", lazy=True)
    assert done.public is not None and done.public.draw is not None
    job = done.public.draw
    assert await done.public.render() is not None  # the table's language
    view = drawn[-1]
    steps = view["turn_steps"]
    keys = [m["key"] for m in steps["last_msgs"]]
    assert len(keys) >= 2 and len(steps["last"]) == len(keys)  # every step, not just "done"
    assert keys[-1] != keys[0]
    told = view["turn_text"]
    assert list(told) == ["en"]  # worded for its reader alone, when drawn
    assert told["en"] == [str(line) for line in done.public.lines[:len(told["en"])]]
    assert "Ann" in told["en"][0] or PEOPLE[seat].name in told["en"][0]
    assert await job("zh-TW") is not None  # a reader of Chinese: the same board, the turn in Chinese
    chinese = drawn[-1]
    assert list(chinese["turn_text"]) == ["zh-TW"] and chinese["turn_steps"] == steps
    assert any("\u4e00" <= ch <= "\u9fff" for ch in chinese["turn_text"]["zh-TW"][0])


def test_a_bruges_draw_turn_is_told_once():
    """Five draws then "has drawn 5 cards": the summary tells the draws, not the count again."""
    from bot.table.turns import condense
    from bot.words.i18n import said
    from games.core.messages import msg

    games.get("bruges")
    names = ["Ann", "Bo"]
    steps = [said(msg("bru.ev.draws", who="{p0}", colour=msg("bru.colour.red"), pile="A"), "", names, "zh-TW")
             for _ in range(2)] + [said(msg("bru.ev.has_drawn", who="{p0}", n=2), "", names, "zh-TW")]
    for locale in ("en", "zh-TW"):
        told = [str(line) for line in condense(steps, locale, names)]
        assert len(told) == 1, told
        assert ("has drawn" not in told[0]) and ("抽了 2 張卡。" not in told[0].split("；")[-1]), told
