"""Every refusal and event of the engines is a message key with en + zh-TW text.

* every key the engines' source names exists in English and Traditional
  Chinese, with the same placeholders;
* a random playout of each converted game, with refusals provoked along the
  way, meets no event text and no refusal that lacks a key;
* the zh-TW wording of those events holds no English word (seat names and
  notation aside).
"""

from __future__ import annotations

import copy
import random
import re
from pathlib import Path

import pytest

from bot.table.games import load_plugs
from games import get
from games.core import RuleError
from games.core.messages import CATALOGS, Msg, placeholders, render
from games.core.playout import expand

ROOT = Path(__file__).resolve().parents[2] / "games"
#: game id -> its package and key prefix, for the games converted to keys
CONVERTED = {
    "west-of-africa": ("west_of_africa", "woa"),
    "amerigo": ("amerigo", "ame"),
    "bruges": ("bruges", "bru"),
    "altiplano": ("altiplano", "alt"),
    "terra-mystica": ("terra_mystica", "tm"),
}
SCANNED = CONVERTED
PREFIXES = ("core",) + tuple(p for _, p in SCANNED.values())
KEY_LITERAL = re.compile(r"""(?<![\w{])["'](""" + "|".join(PREFIXES) + r""")(\.[a-z0-9_.-]+)["']""")


def _load_all():
    for gid in SCANNED:
        get(gid)
    load_plugs()  # the words of the board facts a view gives (``<game>.fact.*``) are in the plugs


def _keys_in_source() -> dict[str, str]:
    found = {}
    dirs = ["core"] + [pkg for pkg, _ in SCANNED.values()]
    for d in dirs:
        for path in (ROOT / d).glob("*.py"):
            if path.name in ("messages.py", "catalog.py", "errors.py"):  # catalogs, docstring examples
                continue
            for m in KEY_LITERAL.finditer(path.read_text()):
                found[m.group(1) + m.group(2)] = f"{d}/{path.name}"
    return found


def test_every_key_named_in_the_engines_has_english_and_chinese():
    _load_all()
    used = _keys_in_source()
    assert len(used) > 50
    missing = {k: where for k, where in used.items() if k not in CATALOGS["en"] or k not in CATALOGS["zh-TW"]}
    assert not missing


@pytest.mark.parametrize("prefix", PREFIXES)
def test_catalogs_match_key_for_key_and_placeholder_for_placeholder(prefix):
    _load_all()
    en = {k: v for k, v in CATALOGS["en"].items() if k.startswith(prefix + ".")}
    zh = {k: v for k, v in CATALOGS["zh-TW"].items() if k.startswith(prefix + ".")}
    assert en and set(en) == set(zh)
    bad = {k: (placeholders(en[k]), placeholders(zh[k])) for k in en if placeholders(en[k]) != placeholders(zh[k])}
    assert not bad


_WORD = re.compile(r"[A-Za-z][A-Za-z0-9+/-]*")
#: card and tile ids (E03, M12, H01; Terra Mystica's FAV2, TW3, BON7, ACT6, ACTN) are notation wherever they appear
_CARD_ID = re.compile(r"[A-Z]\d+|(?:FAV|TW|BON|ACT|SCORE)\d+|ACT[ACEGNSW]")


def _english_left(text: str, notation: set[str]) -> list[str]:
    """Latin words in a Chinese sentence, seat names and notation tokens (moves typed so far) aside."""
    text = re.sub(r"\{p\d+\}", "", text)
    return [w for w in _WORD.findall(text)
            if len(w) > 1 and w.lower() not in notation and not _CARD_ID.fullmatch(w)]


def _all_msgs(m):
    yield m
    for v in m.params.values():
        for item in v if isinstance(v, list | tuple) else [v]:
            if isinstance(item, Msg):
                yield from _all_msgs(item)


#: how an event line may end (a sentence's closing mark, or a closing bracket after one)
_STOPS = {"en": (".", "!", "?", ".)"), "zh-TW": ("。", "！", "？", "。）")}


def _check_event(e, where, notation=frozenset()):
    assert isinstance(e.msg, Msg), f"{where}: event without a key: {e.text!r}"
    if e.private:
        assert isinstance(e.private_msg, Msg), f"{where}: private text without a key: {e.private!r}"
    for m in [e.msg] + ([e.private_msg] if e.private_msg else []):
        for part in _all_msgs(m):
            assert part.key in CATALOGS["en"] and part.key in CATALOGS["zh-TW"], f"{where}: {part.key}"
        zh = render(m, "zh-TW")
        assert not _english_left(zh, notation), f"{where}: English in {zh!r}"
        # every title's event lines end their sentence, in each language
        assert zh.endswith(_STOPS["zh-TW"]), f"{where}: no full stop in {zh!r}"
        assert render(m, "en").endswith(_STOPS["en"]), f"{where}: no full stop in {render(m, 'en')!r}"


def _provoke(game, state, seat, rnd, legal_pool):
    """Moves that should be refused: stems, other seats' moves, cut or mangled ones."""
    tries = []
    for m in game.legal_moves(state, seat, "")[:5]:
        tries.append(m.strip() + " zz")
        tries.append(m.strip())
    tries += rnd.sample(legal_pool, min(6, len(legal_pool)))
    tries += ["xyzzy", "99999 9", "\u00b2\u00b2 house"]
    for text in tries:
        trial = copy.deepcopy(state)
        try:
            game.play(trial, seat, text)
        except RuleError as err:
            assert isinstance(err.msg, Msg), f"refusal without a key for {text!r}: {err}"
            for part in _all_msgs(err.msg):
                assert part.key in CATALOGS["zh-TW"], part.key
            # a list reaches the message layer as a list, to be joined with 、 (never pre-joined)
            assert ", " not in render(err.msg, "zh-TW"), f"{text!r}: {render(err.msg, 'zh-TW')}"


@pytest.mark.parametrize("game_id", sorted(CONVERTED))
@pytest.mark.parametrize("seed", [1, 2])
def test_a_playout_meets_only_keyed_events_and_refusals(game_id, seed):
    game = get(game_id)
    rnd = random.Random(seed)
    players = 3 if seed == 1 else game.max_players
    state = game.setup(players, seed)
    pool: list[str] = []
    notation: set[str] = set()
    n = 0
    while game.result(state) is None and n < 1500:
        seat = rnd.choice(sorted(game.to_move(state)))
        if n % 7 == 0:
            _provoke(game, state, seat, rnd, pool)
        move = expand(game, state, seat, "", rnd)
        pool.append(move)
        notation.update(move.lower().split())
        for e in game.play(state, seat, move):
            _check_event(e, f"{game_id} move {n} {move!r}", notation)
        n += 1
