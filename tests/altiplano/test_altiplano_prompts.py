"""What the table asks an Altiplano seat before the first round: the role draft asks for a
role, the mission variant for a mission kept or chosen. Seen in the console: all three asked
"choose your starting miner" (請選擇你的起始礦工), a thing Altiplano does not have."""

from __future__ import annotations

from bot.table import prompts
from games.altiplano import GAME
from games.core.messages import render

from .altiplano_helpers import fresh


def _asks(state, seat):
    m = prompts.prompt("altiplano", GAME, state, seat)
    return render(m, "en"), render(m, "zh-TW")


def test_the_role_draft_asks_for_a_role():
    state = fresh(3, roles="draft")
    seat = sorted(GAME.to_move(state))[0]
    assert GAME.legal_moves(state, seat, "")[0].startswith("pick")
    en, zh = _asks(state, seat)
    assert en == "pick your role" and zh == "請選擇你的角色板塊"


def test_the_mission_variant_asks_to_keep_then_to_choose():
    state = fresh(3, missions=True)
    assert all(GAME.legal_moves(state, s, "")[0].startswith("keep") for s in range(3))
    en, zh = _asks(state, 0)
    assert en == "keep one of your missions, pass one on" and zh == "請保留一張任務卡，並傳出一張"
    for s in range(3):
        GAME.play(state, s, GAME.legal_moves(state, s, "")[0])
    assert GAME.legal_moves(state, 0, "")[0].startswith("choose")
    en, zh = _asks(state, 0)
    assert en == "choose one of the missions passed to you" and zh == "請從傳給你的任務卡中選一張"
    for text in (en, zh):
        assert "miner" not in text and "礦工" not in text


def test_a_mission_kept_and_one_passed_on_read_in_words_in_the_menu():
    """The menu read "保留任務卡 m09 give m12（keep m09 give m12）": "give" in English."""
    from bot.table import menus

    state = fresh(3, missions=True)
    move = GAME.legal_moves(state, 0, "")[0]
    kept, given = move.split()[1].upper(), move.split()[3].upper()
    assert menus.label_of("altiplano", GAME, state, 0, move, "", "en")[0] == f"keep {kept}, pass on {given}"
    assert menus.label_of("altiplano", GAME, state, 0, move, "", "zh-TW")[0] == f"保留 {kept}，傳出 {given}"
