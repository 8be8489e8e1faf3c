"""A refusal that lists things (the factions left, the moves open now) lists them the reader's way:
"、" in zh-TW, ", " in English. Engines hand the message layer a list; a list joined in English
first would read "alchemists, auren" inside a Chinese sentence. Phases named in a refusal are
worded too ("階段：抽牌", not "階段：draw")."""

from __future__ import annotations

import copy

import pytest

from games import get
from games.core import RuleError
from games.core.messages import render


def refusal(game_id: str, move: str, options: dict | None = None):
    """The message refusing ``move`` by the first seat to move at the start of a 3-player game."""
    game = get(game_id)
    state = game.setup(3, 1, options)
    seat = sorted(game.to_move(state))[0]
    with pytest.raises(RuleError) as err:
        game.play(copy.deepcopy(state), seat, move)
    return err.value.msg


#: (game, move, options) -> (the zh-TW refusal, the English one)
CASES = [
    ("terra-mystica", "build A1", None,
     "請先選擇種族：setup 種族（還能選：alchemists、auren、chaosmagicians、cultists、darklings、dwarves、"
     "engineers、fakirs、giants、halflings、mermaids、nomads、swarmlings、witches）。",
     "Choose your faction first: setup FACTION (free: alchemists, auren, chaosmagicians, cultists, darklings, "
     "dwarves, engineers, fakirs, giants, halflings, mermaids, nomads, swarmlings, witches)."),
    ("bruges", "play 1 workers", None,
     "現在不是打出卡片與啟動人物的時候（階段：抽牌）。現在可以：draw a、draw b。",
     "Playing cards and using persons is not now (phase: drawing). Now: draw a, draw b."),
    ("bruges", "play 12 zz", None,
     "「zz」不是卡片用途。用途：workers、money、threat、canal、house、hire。",
     "'zz' is not a use. Uses: workers, money, threat, canal, house, hire."),
    ("altiplano", "pick zz", {"roles": "draft"},
     "角色：farmer、fisherman、lumberjack、miner、shepherd、stonemason、trader。",
     "Roles: farmer, fisherman, lumberjack, miner, shepherd, stonemason, trader."),
    ("altiplano", "plan fish farm", {"roles": "draft"},
     "現在不能這樣做（目前是選擇角色階段）。",
     "Now is not the time for that (role draft phase)."),
    ("amerigo", "ship 1 C7", None,
     "請先開始你的回合：coins、sail、plan、develop、build、order 其中之一。",
     "Start your turn first: one of coins, sail, plan, develop, build, order."),
    ("west-of-africa", "place zz", None,
     "「zz」不是島嶼（可用：hierro、palma、gomera、tenerife、canaria、fuerteventura、lanzarote）。",
     "'zz' is not an island (one of: hierro, palma, gomera, tenerife, canaria, fuerteventura, lanzarote)."),
]


@pytest.mark.parametrize(("game_id", "move", "options", "zh", "en"), CASES, ids=[f"{c[0]}:{c[1]}" for c in CASES])
def test_a_listing_refusal_reads_each_language_s_way(game_id, move, options, zh, en):
    m = refusal(game_id, move, options)
    assert render(m, "zh-TW") == zh
    assert render(m, "en") == en


def test_every_title_has_a_listing_refusal_here():
    assert {c[0] for c in CASES} == {"terra-mystica", "bruges", "altiplano", "amerigo", "west-of-africa"}


def test_a_bad_table_option_lists_its_choices_with_the_chinese_mark():
    with pytest.raises(RuleError) as err:
        get("altiplano").setup(3, 1, {"extra_round": "maybe"})
    assert render(err.value.msg, "zh-TW") == "選項 extra_round 必須是 False、True 其中之一。"
    assert render(err.value.msg, "en") == "Option extra_round must be one of False, True."
