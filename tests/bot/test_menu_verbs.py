"""Play menus word the notation verbs for a zh-TW reader ("移動船隻（sail）") and leave English menus as
they were; every verb a game offers at the first menu level has its word."""

from __future__ import annotations

import random

import pytest

import games
from bot.table import menus, verbs
from games.core.playout import expand

#: first-level entries that are not verbs: tile, card and cult picks, worded by the game's own labels
NOT_VERBS = {"terra-mystica": ("+", "-")}


def first_level_verbs(gid: str, players: int, seed: int, moves: int) -> set[str]:
    game = games.get(gid)
    state = game.setup(players, seed, None)
    rnd = random.Random(seed)
    seen = set()
    for _ in range(moves):
        if game.result(state):
            break
        seat = sorted(game.to_move(state))[0]
        seen.update(m.split()[0] for m in game.legal_moves(state, seat, "") if m.strip())
        game.apply(state, seat, expand(game, state, seat, "", rnd))
    return {v for v in seen if not v.startswith(NOT_VERBS.get(gid, ()))}


@pytest.mark.parametrize("gid,players", [("altiplano", 2), ("amerigo", 3), ("bruges", 3),
                                         ("west-of-africa", 3), ("terra-mystica", 3)])
def test_every_first_level_verb_has_a_word(gid, players):
    offered = first_level_verbs(gid, players, seed=3, moves=400)
    assert offered
    missing = sorted(v for v in offered if v not in verbs.zh(gid) and not v.isupper())
    assert not missing, f"{gid}: verbs without a menu word: {missing}"


def test_zh_menus_word_the_verbs_and_english_menus_keep_the_notation():
    game = games.get("amerigo")
    state = game.setup(3, 7, None)
    seat = sorted(game.to_move(state))[0]
    zh = [o.label for o in menus.build("amerigo", game, state, seat, "", None, "zh-TW").options]
    en = [o.label for o in menus.build("amerigo", game, state, seat, "", None, "en").options]
    assert "拿取金幣（coins）" in zh and "移動船隻（sail）" in zh and "特殊行動軌 +1（order 1）" in zh
    # English keeps the notation that is a word; a code reads as words, the notation beside it
    assert "coins" in en and "sail" in en and "special action track +1 (order 1)" in en
    assert len(zh) == len(en)


def test_terra_mystica_asks_name_the_round_as_its_seed_does():
    """The Terra Mystica seed calls a round 回合 (第一回合, 每回合), as its events do ("第 1 回合開始")."""
    import bot.table.games.terra_mystica  # noqa: F401  (registers the asks)
    from games.core.messages import msg, render

    games.get("terra-mystica")
    asked = render(msg("bot.ask.tm.action", round=2), "zh-TW")
    began = render(msg("tm.ev.round", n=2), "zh-TW")
    assert "第 2 回合" in asked and "第 2 回合" in began and "輪" not in asked.replace("輪到", "")


def test_altiplano_planning_menu_names_goods_and_places_in_the_readers_words():
    game = games.get("altiplano")
    state = game.setup(2, 7, None)
    zh = [o.label for o in menus.build("altiplano", game, state, 0, "", None, "zh-TW").options]
    en = [o.label for o in menus.build("altiplano", game, state, 0, "", None, "en").options]
    assert "羊駝 → 農場" in zh and "alpaca → farm" in en


def test_dates_have_no_leading_zero_on_the_day():
    from datetime import UTC, datetime

    from bot.table import history
    from bot.words.i18n import tr

    moment = history.when(datetime(2026, 1, 2, 9, 5, tzinfo=UTC).timestamp())
    assert tr(moment, "zh-TW") == "1月2日 09:05（UTC）" and tr(moment, "en") == "2 Jan 09:05 UTC"


def test_an_amerigo_tile_is_named_not_left_as_its_id():
    """"take coins3" in a zh-TW menu names the tile (拿取發展板塊「3 金幣」), the id stays only
    as the notation in brackets; an unknown id is shown as typed."""
    from bot.table import verbs

    assert verbs.label("amerigo", "take coins3", "zh-TW") == "拿取發展板塊「3 金幣」（take coins3）"
    assert verbs.label("amerigo", "take blue/red+1", "zh-TW") == "拿取發展板塊「移動船隻或計畫 +1」（take blue/red+1）"
    assert verbs.label("amerigo", "take nosuch", "zh-TW") == "拿取發展板塊 nosuch（take nosuch）"
    assert verbs.label("amerigo", "use coins5", "zh-TW") == "使用「5 金幣」（use coins5）"
    assert verbs.label("amerigo", "use chest", "zh-TW") == "使用「藏寶箱（3 金幣）」（use chest）"
    assert verbs.label("amerigo", "place rim7", "zh-TW") == "放船到外框格 7（place rim7）"
    assert verbs.label("altiplano", "coin role", "zh-TW") == "放錢幣到角色板塊（coin role）"
    assert verbs.label("altiplano", "move farm", "zh-TW") == "移動棋子到農場（move farm）"
    assert verbs.label("west-of-africa", "place hierro", "zh-TW") == "放船到耶羅島（place hierro）"
    assert verbs.label("amerigo", "coins", "en") is None  # English menus keep the notation that is a word,
    assert verbs.label("amerigo", "take coins3", "en") == "take the tile “3 coins” (take coins3)"  # not a code


def test_a_terra_mystica_faction_is_named_in_a_zh_menu():
    """"煉金術師（setup alchemists）" with its terrain and power as the note, not the notation
    as the label and a note of three colons ("煉金術師：沼澤／黑色：…")."""
    game = games.get("terra-mystica")
    state = game.setup(3, 4, None)
    menu = menus.build("terra-mystica", game, state, 0, "", None, "zh-TW")
    first = {o.value: o for o in menu.options}["m:setup alchemists"]
    assert first.label == "煉金術師（setup alchemists）"
    assert first.description.startswith("沼澤") and first.description.count("：") == 1
    en = {o.value: o for o in menus.build("terra-mystica", game, state, 0, "", None, "en").options}
    assert en["m:setup alchemists"].label == "setup alchemists"


def test_west_of_africa_menus_list_a_planting_once_whatever_the_crops_order():
    """"farm palma grain sugar" and "farm palma sugar grain" plant the same: one entry, and the
    engine agrees that both leave the same table."""
    import copy

    from games.west_of_africa.data import WORKER_SHIPS

    game = games.get("west-of-africa")
    found = 0
    for seed in (4, 5):
        rnd = random.Random(seed)
        state = game.setup(3, seed, None)
        for _ in range(120):
            if game.result(state):
                break
            seat = rnd.choice(sorted(game.to_move(state)))
            for stem in game.legal_moves(state, seat, "farm ") if state["phase"] == "actions" else []:
                listed = [o.value[2:] for o in menus.build("west-of-africa", game, state, seat, stem, None, "en").options
                          if o.value.startswith("m:")]
                keys = [" ".join(m.split()[:2] + sorted(m.split()[2:])) for m in listed]
                assert len(keys) == len(set(keys)), listed
                for m in listed:
                    words = m.split()
                    crops = [w for w in words[2:] if w not in WORKER_SHIPS]  # the worker ships come last
                    if len(crops) < 2:
                        continue
                    other = " ".join(words[:2] + crops[::-1] + words[2 + len(crops):])
                    a, b = copy.deepcopy(state), copy.deepcopy(state)
                    game.play(a, seat, m)
                    game.play(b, seat, other)
                    a.pop("log", None), b.pop("log", None)
                    assert game.to_json_text(a) == game.to_json_text(b), (m, other)
                    assert menus.path_to("west-of-africa", game, state, seat, other) is not None
                    found += 1
            game.play(state, seat, expand(game, state, seat, "", rnd))
    assert found


def test_west_of_africa_names_an_action_as_its_card_in_asks_and_menus():
    """The seed's card names (耕種作物, 出售作物, 建造定居小屋, 移動船, 移動工人) in the turn's ask
    and in the Play menu alike, not 種植 in one and 耕種作物 in the other."""
    import bot.table.games.west_of_africa  # noqa: F401  (registers the asks)
    from games.core.messages import msg, render

    games.get("west-of-africa")
    for verb, card in {"farm": "farm", "sell": "sell", "build": "build", "ship": "ship", "move": "workers"}.items():
        name = render(msg(f"woa.card.{card}"), "zh-TW")
        assert render(msg(f"bot.ask.woa.verb.{verb}"), "zh-TW") == name, verb
        assert verbs.zh("west-of-africa")[verb] == name, verb


#: Latin a zh-TW menu keeps outside its notation: squares, hexes, piles, shapes, card, tile and order ids
IDS = {"bruges": r"[AB]|#\d+", "altiplano": r"[EeOoMm]\d+",
       "amerigo": r"[A-X]\d{1,2}|rim\d+|[iloru]\d|[IL]",   # a tile's shape by its letter: 3 格（I）
       "terra-mystica": r"[A-Ia-i]\d{1,2}|r\d+|(?:ACT|BON|FAV|TW|SCORE)\d*[A-Z]?", "west-of-africa": r"(?!)"}


def zh_menus(gid: str, seed: int, moves: int = 300):
    """Every third position of a seeded game: its zh-TW menus, a few levels down (the first stems)."""
    game = games.get(gid)
    rnd = random.Random(seed)
    state = game.setup(3, seed, None)
    for i in range(moves):
        if game.result(state):
            break
        seat = rnd.choice(sorted(game.to_move(state)))
        if i % 3 == 0:
            todo = [""]
            for _ in range(12):
                if not todo:
                    break
                menu = menus.build(gid, game, state, seat, todo.pop(), None, "zh-TW")
                yield menu
                todo += [o.value[2:] for o in menu.options if o.value.startswith("s:")][:4]
        game.play(state, seat, expand(game, state, seat, "", rnd))


@pytest.mark.parametrize("gid", sorted(IDS))
def test_menus_read_in_chinese_beside_their_notation(gid):
    """What a zh-TW menu says before its notation holds no English: "耕種作物：特內里費島 穀物、蔗糖
    （farm tenerife grain sugar）", "升級建築：E9 → 貿易站（upgrade E9 to TP）", "抽牌：牌堆 A（draw a）",
    "村莊行動：存放貨物 羊駝", "購買生產：椰子 2"; once "耕種作物 tenerife sugar", "E9 to TP",
    "1W to 1C.", "抽牌 a", "村莊行動 store alpaca", "購買生產 coconut2"."""
    import re

    checked = 0
    for seed in (2, 3):
        for menu in zh_menus(gid, seed):
            for o in menu.options:
                words = re.sub(r"（[^（）]*）( …)?$", "", o.label)  # the notation beside the words
                left = [w for w in re.findall(r"[A-Za-z][A-Za-z0-9]*", words) if not re.fullmatch(IDS[gid], w)]
                assert not left, (o.label, o.value)
                checked += 1
    assert checked > 300
