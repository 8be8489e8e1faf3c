"""Every zh-TW string of a game uses its glossary's term for each concept (``bot.table.glossary``,
taken from the game's seed): mayor was 市長, 鎮長 and 島長, a berth 碼頭 and 港口, a favour tile
恩惠 and 宗教獎勵, leeching 吸收 and 吸取."""

from __future__ import annotations

import importlib

import pytest

import games
from bot.table import glossary, verbs
from bot.table.games import load_plugs, plug
from games.core.messages import CATALOGS

#: every module that registers zh-TW words: the engines', the bot's, the boards'
REGISTRIES = ("bot.words", "bot.table.extras", "bot.words.terra_mystica", "bot.words.texts", "renderers.labels",
              "renderers.altiplano_labels", "renderers.amerigo_labels", "renderers.terra_mystica_labels")


def _texts(value) -> list[str]:
    if isinstance(value, dict):
        return [v for v in value.values() if isinstance(v, str)]
    return [value] if isinstance(value, str) else []


def zh_strings() -> dict[str, list[tuple[str, str]]]:
    """game id -> (where, text) of every zh-TW string that is that game's."""
    for name in REGISTRIES:
        importlib.import_module(name)
    load_plugs()  # each game's plug file registers its words
    for gid in glossary.GLOSSARY:
        games.get(gid)
    out: dict[str, list[tuple[str, str]]] = {gid: [] for gid in glossary.GLOSSARY}
    for key, value in CATALOGS["zh-TW"].items():
        gid = glossary.game_of(key)
        if gid in out:
            out[gid] += [(key, text) for text in _texts(value)]
    for gid in out:
        words = plug(gid)
        out[gid] += [(f"help sheet {gid}", getattr(words, "HELP_ZH", ""))]
        out[gid] += [(f"option {gid}.{k}", v) for k, v in getattr(words, "OPTIONS_ZH", {}).items()]
        out[gid] += [(f"unverified {gid}", v) for v in getattr(words, "UNVERIFIED_ZH", {}).values()]
        out[gid] += [(f"menu verb {gid}.{k}", v) for k, v in verbs.zh(gid).items()]
    return out


STRINGS = zh_strings()


@pytest.mark.parametrize("gid", sorted(glossary.GLOSSARY))
def test_every_zh_string_of_a_game_uses_its_glossary_terms(gid):
    bad = [(where, variant, text) for where, text in STRINGS[gid]
           for concept, term in glossary.GLOSSARY[gid].items() for variant in term.variants if variant in text]
    assert not bad, bad[:10]


@pytest.mark.parametrize("gid", sorted(glossary.GLOSSARY))
def test_each_term_is_in_use_and_the_strings_are_found(gid):
    """The test sees the game's strings (hundreds of them), and each glossary term is used there
    (a term nobody writes is a glossary out of date)."""
    texts = [text for _where, text in STRINGS[gid]]
    assert len(texts) > 50
    for concept, term in glossary.GLOSSARY[gid].items():
        assert any(term.term in text for text in texts), (gid, concept, term.term)
        assert term.term not in term.variants


def test_keys_are_told_to_their_game():
    assert glossary.game_of("woa.ev.build") == "west-of-africa"
    assert glossary.game_of("bot.ask.tm.leech") == "terra-mystica"
    assert glossary.game_of("bot.verb.amerigo.take") == "amerigo"
    assert glossary.game_of("bot.turn.done") is None
