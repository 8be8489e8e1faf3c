"""A zh-TW Terra Mystica table reads Chinese: the full board, the turn image and the /hand image
of a real league game (fresh, mid-game with towns, favours and a power offer, final), and the
autocomplete and menu notes. Every string drawn is captured (``zh_scan``); a Latin word of two
letters or more fails unless it is move notation, a player's name or a slash command."""

from __future__ import annotations

import random

import pytest

import renderers
from bot.table.games import terra_mystica as tm_extras
from games.core.messages import Msg, render
from games.core.playout import expand
from games.terra_mystica import GAME
from renderers import render_png
from renderers import terra_mystica as tm
from renderers import terra_mystica_labels as face

from ..terra_mystica_table.tm_table_replay import replay_states
from .zh_scan import WORD, drawn_text, latin_words, playthrough, tofu

GID = "terra-mystica"
#: a Chinese name, one with an emoji, one in Latin letters (a name is allowed in any script)
NAMES = ["小明", "阿華🎲", "Cephalofair", "大寶RD"]
#: a mixed name is drawn run by run ("大寶", "RD"): its Latin part counts as the name too
NAME_PARTS = NAMES + [w for n in NAMES for w in WORD.findall(n)]


@pytest.fixture(scope="module")
def states():
    """(label, state) of the league record: set-up, every 60th row, the end."""
    got = list(replay_states(every=60))
    assert replay_states.error is None, replay_states.error
    return {"start": got[0][3], "mid": got[len(got) // 2][3], "end": got[-1][3]}


@pytest.fixture(scope="module")
def notation():
    """The Latin words of Terra Mystica's moves (what players type), from a played game."""
    return playthrough(GID)[1]


def _images(state, locale):
    view = GAME.view(state, None)
    up = sorted(view["to_move"])[0] if view["to_move"] else 0
    return {
        "board": lambda: renderers.render(GID, view, NAMES, locale=locale),
        "turn": lambda: renderers.render_turn(GID, view, NAMES, locale=locale),
        "hand": lambda: render_png(GID, GAME.view(state, up), NAMES, up, locale=locale),
    }


def _scan(draw, notation):
    with drawn_text() as strings:
        png = draw()
    assert png and png[:8] == b"\x89PNG\r\n\x1a\n"
    assert len(strings) >= 5, "the capture saw (almost) nothing drawn"
    return strings, latin_words(strings, notation, NAME_PARTS)


@pytest.mark.parametrize("stage", ["start", "mid", "end"])
@pytest.mark.parametrize("what", ["board", "turn", "hand"])
def test_zh_images_draw_no_english(states, notation, stage, what):
    strings, english = _scan(_images(states[stage], "zh-TW")[what], notation)
    assert not english, english
    assert not tofu(strings), tofu(strings)


@pytest.mark.parametrize("what", ["board", "turn", "hand"])
def test_the_same_images_in_english_are_caught(states, notation, what):
    """The scanner can fail: the English images of the same state show English words."""
    _strings, english = _scan(_images(states["mid"], "en")[what], notation)
    assert len(english) >= 3, english


def test_tile_faces_and_the_last_move_are_drawn_in_chinese(states, notation):
    state = states["mid"]
    view = GAME.view(state, None)
    strings, _ = _scan(_images(state, "zh-TW")["board"], notation)
    drawn = "".join(strings)
    for tid in view["scoring"][:5]:
        during, bonus = face.scoring_face(tid, "zh-TW")
        assert during in drawn and bonus in drawn
    for bid in view["bonus_cards"]:
        income, _extra = face.bonus_face(bid, "zh-TW")
        assert income in drawn
    assert face.action_face("ACT6", "zh-TW")[0] == "2 鏟子" and "2 鏟子" in drawn
    # the last move: its message, worded in Chinese, with the player's name
    first = Msg.from_json(view["last_msgs"][0])
    line = render(first, "zh-TW")
    for i, name in enumerate(NAMES):
        line = line.replace("{p" + str(i) + "}", name)
    assert line != view["last"][0] and line in drawn


def test_faction_marks_are_the_first_character_of_the_chinese_name():
    marks = {f: tm.faction_tag(f, "zh-TW") for f in tm.FACTION_TITLE}
    assert len(set(marks.values())) == len(marks)  # still one mark per faction
    assert marks["witches"] == "女" and marks["halflings"] == "哈"
    assert tm.faction_tag("witches") == "Wi"


def test_tile_faces_follow_the_engine_tables():
    """The numbers drawn are the engine's: a town tile's VP and a bonus card's income."""
    from games.terra_mystica.data import BONUSES, TOWNS

    for tid, tile in TOWNS.items():
        assert face.town_face(tid, "zh-TW").startswith(f"{tile['gain']['VP']} 分")
    for bid, card in BONUSES.items():
        first = next(iter(card["income"].items()))
        assert face.bonus_face(bid, "en")[0].startswith(f"+{first[1]} {first[0]}")


def test_autocomplete_and_menu_notes_read_in_the_readers_language(states):
    state = states["mid"]
    seat = sorted(GAME.to_move(state))[0]
    seen = 0
    for prefix in ("build ", "upgrade ", "action ", "pass ", "transform "):
        for move, note in tm_extras.autocomplete(GAME, state, seat, prefix, limit=200):
            if not note:
                continue
            seen += 1
            zh = render(note.msg, "zh-TW") if hasattr(note, "msg") else str(note)
            assert not [w for w in WORD.findall(zh) if w not in ("connect",)], (move, zh)
            assert str(note) == render(note.msg, "en")  # the English note is unchanged
    assert seen >= 5
    note = GAME.hint(state, seat, "action ACT2")
    assert note == "1 priest" and render(note.msg, "zh-TW") == "1 個祭司"


def test_menu_picks_say_what_a_faction_and_a_bonus_card_are(states):
    """The walker's menus (Discord's Play button, the console's ``menu``) describe a faction
    pick and a bonus card pick in the reader's language; other picks are worded beside their
    notation with no description of their own (the engine's cost hint fills it), and English
    menus keep the walker's own."""
    from bot.table.games import terra_mystica as tm_menus

    label, desc = tm_menus.label(GAME, states["start"], 0, "setup witches", "zh-TW")
    assert label == "女巫（setup witches）" and desc.startswith("森林") and not WORD.findall(desc)
    assert tm_menus.label(GAME, states["start"], 0, "setup witches", "en")[1].startswith("Witches")
    state = states["mid"]
    seat = sorted(GAME.to_move(state))[0]
    passes = [m for m in GAME.legal_moves(state, seat, "pass ") if m.startswith("pass BON")]
    if passes:
        _label, desc = tm_menus.label(GAME, state, seat, passes[0], "zh-TW")
        assert desc and not WORD.findall(desc), desc
    assert tm_menus.label(GAME, state, seat, "build E5", "zh-TW") == ("建造住宅：E5（build E5）", "")
    assert tm_menus.label(GAME, state, seat, "build E5", "en") is None


@pytest.mark.parametrize("locale", ["en", "zh-TW"])
def test_bonus_cards_on_the_full_board_keep_a_readable_size(locale):
    """Every bonus card's text fits its card at 18 px or more (it once shrank to 13 px in
    Chinese): the income on one line, the rest on at most two, nothing cut."""
    from games.terra_mystica.data import BONUSES
    from renderers import canvas as cv
    from renderers import terra_mystica_labels as face

    room = tm._bonus_room(tm.WIDTH - 20 - 810)  # the right-hand column of the board
    assert tm.BONUS_EXTRA >= 18 and tm.BONUS_PER_ROW * 2 >= 8  # 5 players leave 8 cards
    for bid in BONUSES:
        inc, extra = face.bonus_face(bid, locale)
        assert cv.text_width(inc, 20) <= room, (bid, inc)
        rows = tm._two_lines(extra, room, tm.BONUS_EXTRA)
        assert len(rows) <= 2 and all(cv.text_width(r, tm.BONUS_EXTRA) <= room for r in rows), (bid, rows)
        assert "".join(rows).replace(" ", "") == extra.replace(" ", ""), (bid, rows)  # nothing cut


def _play_until(state, phase: str):
    """The game played on (each seat's first listed move) until ``phase``."""
    for _ in range(200):
        if state["phase"] == phase:
            return state
        seat = sorted(GAME.to_move(state))[0]
        GAME.play(state, seat, GAME.legal_moves(state, seat)[0])
    raise AssertionError(f"never reached {phase}")


def test_a_bonus_card_pick_is_named_take_at_set_up_and_pass_in_the_game():
    """A menu's ``pass BON1`` reads "拿取獎勵卡 BON1" when the first cards are picked, and says
    that the round ends for the seat when it is a pass in the game."""
    from bot.table.games import terra_mystica as tm_menus

    state = _play_until(GAME.setup(3, 5), "bonus")
    seat = sorted(GAME.to_move(state))[0]
    move = next(m for m in GAME.legal_moves(state, seat, "pass ") if m.startswith("pass BON"))
    assert tm_menus.label(GAME, state, seat, move, "zh-TW")[0] == f"拿取獎勵卡 {move[5:]}（{move}）"
    assert tm_menus.label(GAME, state, seat, move, "en")[0] == move
    state = _play_until(state, "actions")
    seat = sorted(GAME.to_move(state))[0]
    move = next(m for m in GAME.legal_moves(state, seat, "pass ") if m.startswith("pass BON"))
    assert tm_menus.label(GAME, state, seat, move, "zh-TW")[0] == f"結束本回合，換拿獎勵卡 {move[5:]}（{move}）"



def test_a_bonus_card_pick_shows_the_cards_on_the_turn_image():
    """At the first card pick the turn image shows the cards left (what is asked), not the map."""
    state = _play_until(GAME.setup(3, 5), "bonus")
    view = GAME.view(state, None)
    with drawn_text() as strings:
        renderers.render_turn(GID, view, NAMES[:3], locale="zh-TW")
    assert {c.upper() for c in view["bonus_cards"]} <= set(strings), strings
    assert "A1" not in strings and "剩下的獎勵卡（上面的錢）" in strings
    state = _play_until(state, "actions")
    with drawn_text() as strings:
        renderers.render_turn(GID, GAME.view(state, None), NAMES[:3], locale="zh-TW")
    # the last pick changed no hex: the cards are gone, the seat that picked shows as a card
    assert "剩下的獎勵卡（上面的錢）" not in strings and "信仰" in strings
    rnd = random.Random(5)
    for _ in range(200):  # in the game the map is back, cut around the hex a move changed
        seat = sorted(GAME.to_move(state))[0]
        GAME.play(state, seat, expand(GAME, state, seat, "", rnd))
        view = GAME.view(state, None)
        hexes = [m for line in view["last"] for m in tm.HEX_RE.findall(line)]
        if hexes:
            break
    with drawn_text() as strings:
        renderers.render_turn(GID, view, NAMES[:3], locale="zh-TW")
    assert hexes[-1] in strings and "信仰" not in strings
