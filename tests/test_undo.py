"""The undo journal's games side (``Game.snapshot``/``restore``/``undone``), the bot's backup
before a move it plays in place (``play(..., atomic=False)``): over whole random games of every
title and player count, a move played then undone, and a move refused half-way, leave the state
byte for byte as it was (``marshal`` without references: it tells tuples from lists, int keys
from str ones, and keeps the keys' order, so equal bytes mean equal JSON text too). A title's ``kept_whole`` entries are
held by reference, not copied: these games also check that no move changes them in place.
"""

from __future__ import annotations

import marshal
import random

import pytest

from games import game_ids, get
from games.core import RuleError
from games.core.playout import random_playout


def exact(state) -> bytes:
    """The state's bytes: marshal version 2 (no back references, so the bytes do not depend on
    who else holds a part of the state)."""
    return marshal.dumps(state, 2)


#: the titles whose engines change the state before they find a move wrong (Terra Mystica, West
#: of Africa: about two refusals in three, one in five); the others check every move before they
#: touch the state (no half-applied refusal in these games), where the played-then-undone moves
#: are what tries ``restore``
HALF_WAY = ("terra-mystica", "west-of-africa")


def cases():
    for game_id in game_ids():
        game = get(game_id)
        for players in range(game.min_players, game.max_players + 1):
            yield game_id, players


def wrong_moves(record, here: int, rnd: random.Random) -> list[str]:
    """Texts to refuse at move ``here``: moves of other times of the same game (most are refused,
    many after the engine has started applying them), and some of them with a word changed."""
    texts = [t for _, t in record]
    picked = rnd.sample(texts, min(3, len(texts)))
    out = [t for t in picked if t != record[here][1]]
    for t in picked[:1]:
        words = t.split()
        words[-1] = rnd.choice(["9", "0", "x", words[0], "99 99"])
        out.append(" ".join(words))
    return out


@pytest.mark.parametrize(("game_id", "players"), list(cases()))
def test_undo_puts_every_position_back_byte_for_byte(game_id, players):
    game = get(game_id)
    refused = half_applied = 0
    for seed in range(1):
        record = random_playout(game, players, seed)[1]
        rnd = random.Random(seed * 31 + players)
        state = game.setup(players, seed, None)
        for i, (seat, text) in enumerate(record):
            before = exact(state)
            token = game.snapshot(state)
            # refused moves, as the bot plays them: in place, no backup of the engine's own
            for wrong in wrong_moves(record, i, rnd):
                try:
                    game.play(state, seat, wrong, atomic=False)
                except RuleError:
                    refused += 1
                    half_applied += exact(state) != before
                    game.restore(state, token)
                    assert exact(state) == before, f"move {i}: refused {wrong!r} not undone"
                else:  # accepted after all (another legal move): undone like a move not written
                    game.restore(state, token)
                    assert exact(state) == before, f"move {i}: {wrong!r} not undone"
            # the move itself, played, undone (twice: a refusal, then a failed write), played again
            game.play(state, seat, text, atomic=False)
            after = exact(state)
            old = game.undone(state, token)
            assert exact(old) == before, f"move {i}: undone() is not the state before {text!r}"
            assert exact(state) == after, f"move {i}: undone() changed the state after {text!r}"
            game.restore(state, token)
            assert exact(state) == before, f"move {i}: {text!r} not undone"
            game.play(state, seat, text, atomic=False)
            assert exact(state) == after, f"move {i}: {text!r} played again differs"
            game.restore(state, token)
            assert exact(state) == before, f"move {i}: {text!r} not undone the second time"
            assert exact(old) == before, f"move {i}: the restored state shares a part with undone()'s"
            game.play(state, seat, text, atomic=False)
        assert game.result(state) is not None
    assert refused, "no wrong move was refused: the test tried nothing"
    if game_id in HALF_WAY:
        assert half_applied, "no refusal left a half-applied state: restore was never tried on one"


#: the titles whose backup holds entries by reference (``Game.kept_whole``): where it paid (measured
#: in bench/PERF.md, issue 33 session 8: for the other titles a copy of the top level costs more
#: than encoding their lines and options saves)
KEEPING = [g for g in game_ids() if get(g).kept_whole]


@pytest.mark.parametrize("game_id", KEEPING)
def test_kept_whole_entries_are_replaced_never_changed(game_id):
    """What ``kept_whole`` promises, looked at directly: after each move an entry held by
    reference is either a new object or, unchanged, the same bytes."""
    game = get(game_id)
    for players in (game.min_players, game.max_players):
        state = game.setup(players, 3, None)
        for seat, text in random_playout(game, players, 3)[1]:
            held = {k: (state[k], exact(state[k])) for k in game.kept_whole if k in state}
            game.play(state, seat, text, atomic=False)
            for key, (obj, was) in held.items():
                assert exact(obj) == was, f"{text!r} changed {key!r} in place"


#: a kept entry changed in place: a method that changes a list or dict, an item or slice assigned,
#: an augmented assignment (``state["statues"].pop()`` would be one)
IN_PLACE = r"""\[["']{key}["']\]\s*(\.(append|extend|insert|pop|popitem|remove|clear|update|setdefault|sort|reverse)\(|\[[^\]]*\]\s*([-+*/|&]?=)(?!=)|[-+*/|&]=)"""
#: a kept entry or a part of it given another name (``opts = state["options"]``, ``isl =
#: state["islands"][i]``, ``for isl in state["islands"]:``): reads only, each looked at here
ALIAS = (r"""^\s*(\w+\s*=|for .* in)\s*\w+(\[["']{key}["']\]|\.get\(["']{key}["'][^)]*\))"""
         r"""(\[[^\]]*\])*\s*:?\s*(#.*)?$""")
#: the aliases read and looked at (file, line's text): none changes what it names
READ_ONLY_ALIASES = {("terra_mystica/ledger_write.py", 'opts = state["options"]')}


@pytest.mark.parametrize("game_id", KEEPING)
def test_kept_whole_entries_are_never_changed_in_the_code(game_id):
    """The same promise for the branches random games seldom reach (a Bruges canal's statue):
    no line of the title's package or of ``games/core`` changes a kept entry in place or names it
    otherwise than to read it."""
    import re
    from pathlib import Path

    game = get(game_id)
    root = Path(__file__).resolve().parent.parent / "games"
    package = type(game).__module__.split(".")[1]
    files = sorted((root / package).rglob("*.py")) + sorted((root / "core").glob("*.py"))
    assert files
    for key in game.kept_whole:
        in_place, alias = re.compile(IN_PLACE.format(key=key)), re.compile(ALIAS.format(key=key))
        for path in files:
            name = str(path.relative_to(root))
            for line in path.read_text(encoding="utf-8").splitlines():
                assert not in_place.search(line), f"{name}: {line.strip()!r} changes {key!r} in place"
                if alias.search(line):
                    assert (name, line.strip()) in READ_ONLY_ALIASES, f"{name}: {line.strip()!r} names {key!r}"
