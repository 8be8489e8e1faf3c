"""Engine events count in words that agree with the number ("1 step", "1 coin", not "1 steps")."""

from __future__ import annotations

import re

import games
from games.core.messages import CATALOGS, msg, render

#: nouns an event counts; a plain template with "{x} <noun>" would say "1 coins" for x = 1
COUNTED = r"(coins?|steps?|points?|workers?|cards?|guilders?|settlements?|tiles?|ships?|crops?)"
COUNT_IN_PLAIN = re.compile(r"(?<!\ba )\{(\w+)\}\s+(\{\w+\}\s+)?" + COUNTED + r"\b|\(s\)")


def test_no_event_template_counts_without_a_plural_form():
    for gid in games.game_ids():
        games.get(gid)  # registers the engine's catalog
    bad = []
    for key, tmpl in CATALOGS["en"].items():
        if ".ev." in key and isinstance(tmpl, str) and COUNT_IN_PLAIN.search(tmpl):
            bad.append((key, tmpl))
    assert not bad, bad


def test_one_of_each_is_singular_and_many_plural():
    one = render(msg("woa.ev.move", who="Ann", route="A → B", n=1))
    assert "(1 step left)" in one
    assert "(2 steps left)" in render(msg("woa.ev.move", who="Ann", route="A → B", n=2))
    sold = render(msg("woa.ev.sell", who="Ann", crops="1 wine", island="Tenerife", gained=msg("woa.coins", n=1)))
    assert sold.endswith("for 1 coin.")
    assert "1 coin." in render(msg("ame.ev.coins", who="Ann", n=1, vp=""))
    assert "1 red worker." in render(msg("bru.ev.gains_workers", who="Ann", n=1, colour="red"))
    zh = render(msg("woa.ev.sell", who="Ann", crops="1 wine", island="Tenerife", gained=msg("woa.coins", n=1)), "zh-TW")
    assert zh.endswith("獲得 1 元。")
