"""Amerigo against the publisher's rulebook (issue #15): the seed's names and
rules where the two differ, the published numbers, the designed ones listed."""

import json
from pathlib import Path

from games.amerigo import GAME
from games.amerigo import data as D

PUBLISHED = json.loads((Path(__file__).parents[1] / "fixtures" / "published" / "amerigo.json").read_text())


def test_goods_are_the_published_five_with_the_seeds_tea_for_tobacco():
    names = list(PUBLISHED["goods_english_edition"])
    names[names.index("tobacco")] = "tea"  # the seed's name (茶葉)
    assert list(D.GOODS) == names
    assert D.GOODS_PER_TYPE == PUBLISHED["goods_per_type"]
    letters = "".join("".join(t) for t in D.ISLAND_TILES)
    assert all(letters.count(k) == D.GOODS_PER_TYPE for k in D.GOODS_LETTER)


def test_published_numbers():
    assert list(D.STARTING_COINS) == PUBLISHED["starting_gold"]
    assert D.COIN_CAP == PUBLISHED["gold_cap"]
    assert list(D.TIME_VALUES[:4]) == PUBLISHED["time_markers"]
    assert list(D.PIRATES) == PUBLISHED["pirates"]
    for dev, kind in PUBLISHED["dev_kind_stated"].items():
        assert D.DEVELOPMENTS[dev][0] == kind and dev not in D.DEV_DESIGNED


def test_the_english_editions_pirates_reading_is_an_option():
    opt = next(o for o in GAME.options if o.name == "pirates_others")
    assert opt.default is False and "only for the other players" in opt.description


def test_designed_values_are_listed_and_marked():
    assert GAME.unverified == tuple(D.UNVERIFIED.values())
    view = GAME.view(GAME.setup(3, 4))
    assert view["map"]["designed"] and view["neutral_designed"]
    shown = view["dev"]["left"] + view["dev"]["right"]
    assert set(view["dev"]["designed"]) == {d for d in shown if d in D.DEV_DESIGNED}
