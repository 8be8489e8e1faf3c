"""Terra Mystica through the bot's session layer: whole games chosen by walking
/move autocomplete token by token, and multi-part moves typed whole."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image

from bot.store import SqliteStore
from bot.table import extras as ui
from bot.table.sessions import Actor, SessionManager

CHANNEL = 777
PEOPLE = [Actor(301, "Ann"), Actor(302, "Ben"), Actor(303, "Cy")]


@pytest.fixture
async def sessions(tmp_path):
    store = await SqliteStore.open(str(tmp_path / "tm.sqlite3"))
    manager = SessionManager(store, seed_source=lambda: 99, render=False)
    yield manager
    await store.close()


async def start(sessions, players=3):
    people = PEOPLE[:players]
    assert (await sessions.create(CHANNEL, people[0], "terra-mystica", people[1:])).ok
    assert (await sessions.start(CHANNEL, people[0])).ok
    return sessions.table(CHANNEL)


async def walk(sessions, actor: Actor, rnd: random.Random, labels: list[str]) -> str | None:
    """Pick a complete move the way a player does with autocomplete: one choice per keystroke."""
    prefix = ""
    for _ in range(12):
        choices = sessions.legal_moves(CHANNEL, actor.user_id, prefix)
        if not choices:
            return None
        labels += [label for label, _ in choices]
        for _label, value in choices:
            assert value.lower().startswith(prefix.lower()), (prefix, value)
        # players pass late: prefer any other choice most of the time, so the game builds up
        busy = [c for c in choices if not c[1].startswith("pass")]
        _label, value = rnd.choice(busy if busy and rnd.random() < 0.9 else choices)
        # complete once the value lists itself; a map-row entry ("transform I") is typed on
        if not value.endswith(" ") and value in [v for _, v in sessions.legal_moves(CHANNEL, actor.user_id, value)]:
            return value
        prefix = value
    return None


async def test_three_player_random_game_to_the_end(sessions):
    table = await start(sessions)
    rnd = random.Random(6)  # the walk picks by place in the lists: a seed whose game builds up
    labels: list[str] = []
    moves = dead_ends = 0
    while sessions.table(CHANNEL) is not None and moves < 3000:
        seat = rnd.choice(table.to_move())
        move = await walk(sessions, PEOPLE[seat], rnd, labels)
        if move is None:
            dead_ends += 1
            assert dead_ends < 50, "autocomplete keeps leading nowhere"
            continue
        reply = await sessions.move(CHANNEL, PEOPLE[seat], move)
        assert reply.ok, f"autocomplete offered {move!r} but it was refused: {reply.text}"
        moves += 1
    assert sessions.table(CHANNEL) is None, "the game did not finish"
    built = [m.text for m in await sessions.store.moves(table.record.id) if "build " in m.text or "upgrade " in m.text]
    assert len(built) > 12  # the map filled up beyond the starting dwellings
    assert reply.result is not None and len(reply.result.scores) == 3
    record = await sessions.store.game(table.record.id)
    assert record.status == "finished"
    assert len(await sessions.store.moves(table.record.id)) == moves
    assert any(" — " in label and label.startswith("build ") for label in labels)  # costs shown


async def test_multi_part_moves_typed_whole_and_completed(sessions):
    table = await start(sessions)
    for seat, text in ((0, "setup mermaids"), (1, "setup dwarves"), (2, "setup darklings"),
                       (0, "build D5"), (1, "build E7"), (2, "build E5"),
                       (2, "build G5"), (1, "build F6"), (0, "build E4")):
        assert (await sessions.move_as(CHANNEL, seat, text)).ok
    for seat in (2, 1, 0):
        card = next(m for m in table.engine.legal_moves(table.state, seat, "pass ") if m != "pass BON4")
        assert (await sessions.move_as(CHANNEL, seat, card)).ok

    ann = PEOPLE[0]  # Mermaids: power 3/9/0
    first = [v for _, v in sessions.legal_moves(CHANNEL, ann.user_id, "")]
    assert "burn " in first and "build " in first
    burns = [v for _, v in sessions.legal_moves(CHANNEL, ann.user_id, "burn ")]
    assert "burn 3. " in burns
    after = sessions.legal_moves(CHANNEL, ann.user_id, "burn 3. ")
    assert after and all(v.startswith("burn 3. ") for _, v in after)
    assert "burn 3. action " in [v for _, v in after]
    acts = [v for _, v in sessions.legal_moves(CHANNEL, ann.user_id, "burn 3. action ")]
    assert "burn 3. action ACT2" in acts and "burn 3. action ACT6" not in acts  # 3 power only
    # typed whole, in any case and spacing
    before = table.engine.view(table.state, None)["players"][0]
    reply = await sessions.move(CHANNEL, ann, "BURN 3.  action act2")
    assert reply.ok, reply.text
    after = table.engine.view(table.state, None)["players"][0]
    assert sum(after["power"]) == sum(before["power"]) - 3  # three tokens burnt
    assert after["power"][0] == before["power"][0] + 3 and after["power"][2] == 0  # three spent
    assert after["priests"] == before["priests"] + 1
    # every build offered carries its cost, computed in one pass over the options
    ben = table.seat_of(PEOPLE[1].user_id)
    pairs = ui.autocomplete("terra-mystica", table.engine, table.state, ben, "build ")
    assert pairs and all(note for _, note in pairs)
    assert [m for m, _ in pairs] == table.engine.legal_moves(table.state, ben, "build ")
    assert all(note == table.engine.hint(table.state, ben, m) for m, note in pairs)
    labels = [label for label, _ in sessions.legal_moves(CHANNEL, PEOPLE[1].user_id, "build ")]
    assert labels and all(" — " in label for label in labels)  # not cut short by the hint budget


async def test_hand_is_the_faction_panel(sessions):
    await start(sessions)
    for seat, text in ((0, "setup witches"), (1, "setup nomads"), (2, "setup halflings")):
        assert (await sessions.move_as(CHANNEL, seat, text)).ok
    sessions.render = True
    reply = await sessions.hand(CHANNEL, PEOPLE[1])
    assert reply.ok and reply.public is None  # for Ben's eyes only
    png = reply.private.png
    assert png[:4] == b"\x89PNG"
    assert Image.open(io.BytesIO(png)).size == (1200, 1076)  # the /hand panel, not the board


def test_more_hexes_than_discord_shows_come_by_map_row():
    """27 hexes to transform (league record, 147th row): autocomplete offers one
    entry per map row, and typing on from a row lists exactly that row's hexes."""
    from games.terra_mystica import GAME

    from .tm_table_replay import replay_states

    _, _, _, state = next(x for x in replay_states(every=147) if x[0] == 147)
    every = GAME.legal_moves(state, 0, "transform ")
    assert len(every) > 25
    rows = ui.autocomplete("terra-mystica", GAME, state, 0, "transform ", 25)
    assert len(rows) <= 25 and ("transform I", "I2 I3 I5 I6 I7 I8") in rows
    listed = []
    for value, note in rows:
        if value.endswith(" "):
            listed.append(value)
            continue
        below = ui.autocomplete("terra-mystica", GAME, state, 0, value.lower(), 25)
        assert [m.split()[1] for m, _ in below] == note.split()
        listed += [m for m, _ in below]
    assert sorted(m.upper() for m in listed) == sorted(m.upper() for m in every)


def test_bonus_card_choices_say_what_the_card_gives():
    """Round 2 of the league record (line 40): each card offered at 'pass ' names its
    income and pass bonus, then the coins lying on it; typed after a conversion too."""
    from games.terra_mystica import GAME

    from .tm_table_replay import state_before_line

    state = state_before_line(40)
    (seat,) = GAME.to_move(state)
    pool = dict(GAME.view(state, None)["bonus_cards"])
    pairs = dict(ui.autocomplete("terra-mystica", GAME, state, seat, "pass ", 25))
    assert sorted(pairs) == sorted(f"pass {b}" for b in pool)
    assert pairs["pass BON9"] == f"2 C, pass: 1 VP per dwelling (+{pool['BON9']} C on it)"
    after = dict(ui.autocomplete("terra-mystica", GAME, state, seat, "convert 1w to 1c. pass ", 25))
    assert after["convert 1w to 1c. pass BON9"] == pairs["pass BON9"]
