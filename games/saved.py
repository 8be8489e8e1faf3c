"""A saved game's file (what ``python -m games playout --save`` writes and the bot's export
gives a table): read and replayed by the command-line tools, which say plainly what keeps a file
from being one instead of showing a traceback."""

from __future__ import annotations

import json

from . import game_ids, get
from .core.errors import RuleError
from .core.playout import replay


class NotASavedGame(ValueError):
    """The file cannot be read as a saved game; the message says why, in one line."""


def _is_int(x) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def problem(record) -> str | None:
    """What is wrong with a record's shape (None: nothing), before any engine sees it."""
    if not isinstance(record, dict) or not all(k in record for k in ("game", "players", "seed", "moves")):
        return "not a saved game: it needs game, players, seed and moves (as `playout --save` writes)"
    if record["game"] not in game_ids():
        return f"no game '{record['game']}' (known: {', '.join(game_ids())})"
    if not _is_int(record["players"]) or not _is_int(record["seed"]):
        return "players and seed must be whole numbers"
    if not isinstance(record.get("options") or {}, dict):
        return 'options must be a JSON object, e.g. {"name": value}'
    moves = record["moves"]
    if not isinstance(moves, list) or not all(
        isinstance(m, list) and len(m) == 2 and _is_int(m[0]) and isinstance(m[1], str) for m in moves
    ):
        return 'moves must be a list of [seat, move] pairs, e.g. [0, "pass"]'
    return None


def load(path: str) -> dict:
    """The record in ``path``; :class:`NotASavedGame` when it cannot be one."""
    try:
        with open(path, encoding="utf-8") as fh:
            record = json.load(fh)
    except (OSError, UnicodeDecodeError) as err:
        raise NotASavedGame(f"cannot read {path}: {getattr(err, 'strerror', None) or 'not UTF-8 text'}") from None
    except ValueError as err:
        raise NotASavedGame(f"{path} is not JSON: {err}") from None
    wrong = problem(record)
    if wrong:
        raise NotASavedGame(wrong)
    return record


def replay_file(path: str, freeze: bool = False):
    """(record, engine, state, moves applied, the refusal that stopped the replay or None).

    A move the rules refuse is the replay's answer, not an error of the file; a set-up the engine
    refuses (the table size, an option) raises :class:`NotASavedGame`. ``freeze``: a command's
    whole process, whose engine modules stay to its end (the cyclic collector need not look at them
    again: a share of a one-game replay's start-up, issue 33 goal 7)."""
    record = load(path)
    game = get(record["game"])
    if freeze:
        import gc

        gc.freeze()
    try:
        state, applied, error = replay(
            game, record["players"], record["seed"], record.get("options") or {}, record["moves"]
        )
    except (RuleError, ValueError) as err:  # set-up refused (a played move's refusal is returned)
        raise NotASavedGame(f"{record['game']} cannot be set up as saved: {err}") from None
    return record, game, state, applied, error
