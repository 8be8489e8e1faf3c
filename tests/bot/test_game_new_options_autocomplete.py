"""/game new's ``options`` field completes to the picked game's presets, options and values
(Terra Mystica's maps and Fire & Ice options), in the caller's language, within Discord's
limits; a completion sent as it is starts the table it says."""

from __future__ import annotations

from tests.harness import User


def _fits(choices) -> None:
    assert 1 <= len(choices) <= 25
    for c in choices:
        assert 1 <= len(c.name) <= 100 and 1 <= len(c.value) <= 100, c


async def test_maps_presets_and_fire_and_ice_options_are_offered(make_harness):
    h = await make_harness()
    alice = User(101, "Alice")
    empty = await h.complete(alice, "game new", "options", "", game="terra-mystica")
    _fits(empty)
    values = [c.value for c in empty]
    assert values[:2] == ["site", "league"] and "map=fire-ice-1" in values
    maps = await h.complete(alice, "game new", "options", "league map", game="terra-mystica")
    _fits(maps)
    assert [c.value for c in maps] == ["league map=" + m for m in
                                       ("original-2017vp", "fire-ice-1", "fire-ice-2",
                                        "loon-lakes-1.6", "fjords-2.1")]
    assert maps[4].name == "map=fjords-2.1: Fjords v2.1"
    ice = await h.complete(alice, "game new", "options", "league map=fjords-2.1 fire-and-ice-f",
                           game="terra-mystica")
    assert "league map=fjords-2.1 fire-and-ice-factions/volcano=true" in [c.value for c in ice]
    assert not [c for c in ice if c.value.endswith("=false")]  # a default needs no word
    # a named option is not offered twice
    again = await h.complete(alice, "game new", "options", "map=fire-ice-2 ", game="terra-mystica")
    assert not [c for c in again if "map=" in c.value.split(" ", 1)[1]]
    # the completion is what /game new takes
    bob = User(102, "Bob")
    await h.slash(alice, "game new", game="terra-mystica", player2=bob,
                  options="league map=fjords-2.1 fire-and-ice-factions/volcano=true")
    table = h.sessions.table(h.channel)
    assert table is not None and table.record.options["map"] == "fjords-2.1", h.last().content
    opts = table.engine.resolve_options(table.record.options)
    assert opts["fire-and-ice-factions/volcano"] and opts["strict-leech"]


async def test_the_words_are_the_callers_and_no_game_offers_nothing(make_harness):
    h = await make_harness()
    mei = User(103, "Mei", locale="zh-TW")
    maps = await h.complete(mei, "game new", "options", "map=fire", game="terra-mystica")
    assert [c.name for c in maps] == ["map=fire-ice-1: 冰與火地圖第 1 面", "map=fire-ice-2: 冰與火地圖第 2 面"]
    presets = await h.complete(mei, "game new", "options", "lea", game="terra-mystica")
    assert presets[0].value == "league" and "一次套用" in presets[0].name
    assert await h.complete(mei, "game new", "options", "", game="no-such-game") == []
    other = await h.complete(mei, "game new", "options", "", game="altiplano")
    _fits(other)
    assert not [c for c in other if "map=" in c.value]
