"""The Play menus say what a pick does, not its code: Bruges' person questions name the person
and what is decided (in zh-TW too), a hire into an occupied house says whom it sends away,
Terra Mystica's tiles read with their effect in number order and a power offer with what it
really gives and costs, Amerigo's coded verbs ("n", "v i3", "develop 4") read as words."""

from __future__ import annotations

import copy
import random
import re

import pytest

import games
from bot.table import menus
from games.core.playout import expand


def _walk(gid: str, players: int, seeds, pick=min):
    """(state, seat to move) along seeded random games."""
    game = games.get(gid)
    for seed in seeds:
        rnd = random.Random(seed)
        state = game.setup(players, seed)
        while game.result(state) is None:
            seat = pick(sorted(game.to_move(state))) if pick is min else rnd.choice(sorted(game.to_move(state)))
            yield game, state, seat
            game.play(state, seat, expand(game, state, seat, "", rnd))


# --- Bruges -----------------------------------------------------------------------------------

ENGLISH_COLOURS = re.compile(r"\b(blue|brown|yellow|red|purple|left|right)\b")


def test_bruges_questions_say_who_asks_and_what_is_decided():
    seen = {}
    for game, state, seat in _walk("bruges", 3, range(1, 9)):
        entry = next((e for e in state["pending"] if e["seat"] == seat and e["kind"] == "choose"), None)
        if entry is None or entry["op"]["op"] in seen:
            continue
        kind = entry["op"]["op"]
        en = menus.build("bruges", game, state, seat, "", None, "en")
        zh = menus.build("bruges", game, state, seat, "", None, "zh-TW")
        seen[kind] = (en.title, zh.title)
        for menu in (en, zh):
            assert "answer your person's question" not in menu.title and "請回答人物的提問" not in menu.title
        assert entry["label"] in en.title   # the person asking, by name
        for o in zh.options:   # the answers in Chinese words (the notation only in brackets)
            assert not ENGLISH_COLOURS.search(o.label.split("（")[0]), o.label
        if kind in ("workers", "clear_threats", "free_canal", "canal_double"):
            assert all(o.label != o.value[2:] for o in en.options)   # worded, not "choose blue"
    assert {"workers", "clear_threats", "free_canal", "draw"} <= set(seen), sorted(seen)


def test_bruges_pile_question_names_the_piles_with_their_size_and_top(monkeypatch):
    """A person's "pile A or pile B?" reads "pile A" (English showed "choose a"), and each pile's
    size and top card stay beside it when the menu has no time left for hints (zh-TW lost them
    on a busy bot): the answer words them itself."""
    monkeypatch.setattr(menus, "HINT_BUDGET", 0.0)
    for at in _walk("bruges", 3, range(1, 9)):
        game, state, seat = at
        entry = next((e for e in state["pending"] if e["seat"] == seat and e["kind"] == "choose"), None)
        if entry is not None and entry["op"]["op"] == "draw":
            break
    else:
        pytest.fail("no pile question in the seeded games")
    for locale, pile, size in (("en", "pile", "cards, top is"), ("zh-TW", "牌堆", "張，最上面是")):
        options = {o.value[2:]: o for o in menus.build("bruges", game, state, seat, "", None, locale).options}
        assert {"choose a", "choose b"} <= set(options), sorted(options)
        for side in ("a", "b"):
            o = options[f"choose {side}"]
            assert o.label.startswith(f"{pile} {side.upper()}"), o.label
            assert size in o.description or o.description in ("empty", "空的"), o.description


def test_bruges_hire_into_an_occupied_house_says_who_is_discarded():
    checked = occupied = 0
    for game, state, seat in _walk("bruges", 3, range(1, 6)):
        view = game.view(state, seat)
        houses = view["players"][seat]["houses"]
        for card in view.get("hand") or []:
            for h in houses:
                move = f"play {card['id']} hire house {h['n']}"
                try:
                    trial = copy.deepcopy(state)
                    game.play(trial, seat, move)
                except Exception:
                    continue
                label, _ = menus.label_of("bruges", game, state, seat, move, "", "en")
                zh, _ = menus.label_of("bruges", game, state, seat, move, "", "zh-TW")
                if h["person"]:
                    occupied += 1
                    name = h["person"]["name"]
                    assert f"discarding {name}" in label, label
                    assert "會被棄掉" in zh, zh
                else:
                    assert "discarding" not in label and "棄掉" not in zh
                checked += 1
        if checked >= 6 and occupied >= 2:
            break
    assert checked >= 6 and occupied >= 2


# --- Terra Mystica ----------------------------------------------------------------------------

def _tm_positions(kind: str, n: int = 1):
    found = []
    for game, state, seat in _walk("terra-mystica", 4, (2, 3, 5), pick=None):
        moves = game.legal_moves(state, seat, "")
        if kind == "fav" and any(m.startswith("+FAV") for m in moves):
            found.append((game, copy.deepcopy(state), seat))
        if kind == "leech" and any(m.startswith("leech") for m in moves):
            found.append((game, copy.deepcopy(state), seat))
        if len(found) >= n:
            return found
    return found


@pytest.mark.parametrize("locale", ["en", "zh-TW"])
def test_terra_mystica_favour_tiles_read_with_their_effect_in_number_order(locale):
    from bot.words.terra_mystica import tile_blurb

    (game, state, seat), = _tm_positions("fav")
    menu = menus.build("terra-mystica", game, state, seat, "", None, locale)
    tiles = [o for o in menu.options if o.value.startswith("m:+FAV")]
    numbers = [int(o.value[len("m:+FAV"):]) for o in tiles]
    assert len(tiles) >= 5 and numbers == sorted(numbers)
    for o in tiles:
        code = o.value[2:]
        assert o.label.startswith(code) and tile_blurb(code[1:], locale) in o.label


def test_terra_mystica_power_offers_say_what_they_give_and_cost():
    """The description is what the engine really does with the offer (bowls and VP cap it)."""
    costly = free = 0
    for game, state, seat in _tm_positions("leech", 25):
        for locale in ("en", "zh-TW"):
            menu = menus.build("terra-mystica", game, state, seat, "", None, locale)
            for o in menu.options:
                if not o.value.startswith("m:leech"):
                    continue
                trial = copy.deepcopy(state)
                game.play(trial, seat, o.value[2:])
                before, after = (game.view(s, seat)["players"][seat] for s in (state, trial))
                paid = before["vp"] - after["vp"]
                gained = 2 * (after["power"][2] - before["power"][2]) + after["power"][1] - before["power"][1]
                if locale == "en":
                    want = (f"Take {gained} power (-{paid} VP)" if paid else
                            f"Take {gained} power (free)" if gained else "Take 0 power (bowls full)")
                    assert o.description == want, (o.value, o.description, want)
                    costly += paid > 0
                    free += paid == 0
                else:
                    assert o.description.startswith(f"拿 {gained} 點魔力"), o.description
    assert costly and free


# --- Amerigo ----------------------------------------------------------------------------------

CODE = re.compile(r"^(n|v) \w+$|^(develop|order|cannon) \d+$")


@pytest.mark.parametrize("locale", ["en", "zh-TW"])
def test_amerigo_menus_word_their_coded_verbs(locale):
    worded = set()
    for game, state, seat in _walk("amerigo", 3, (3,)):
        for o in menus.build("amerigo", game, state, seat, "", None, locale).options:
            move = o.value[2:]
            if CODE.match(move):
                assert o.label != move and f"({move})" in o.label.replace("（", "(").replace("）", ")"), o.label
                worded.add(move.split()[0])
        if len(worded) >= 5:
            break
    assert {"n", "v", "develop", "cannon"} <= worded, worded


def test_amerigo_lists_a_placement_once_whatever_the_order_of_its_squares():
    checked = 0
    for game, state, seat in _walk("amerigo", 3, (3, 4)):
        options = menus.build("amerigo", game, state, seat, "", None, "en").options
        placements = [o.value[2:].split() for o in options if re.match(r"m:(n|v) \w+ [A-Xr]", o.value)]
        keys = [(p[1], frozenset(p[2:])) for p in placements]
        assert len(keys) == len(set(keys)), placements
        checked += bool(placements)
    assert checked
