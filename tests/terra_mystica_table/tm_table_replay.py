"""Replay a real game record (the online site's ledger export) state by state.

Uses the engine's ledger parser, and plays the rows a player typed, like
``games.terra_mystica.ledger.replay`` does, but yields every intermediate
state so renderers and autocomplete can be measured over a whole real game.
"""

from __future__ import annotations

import copy
from pathlib import Path

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "terra_mystica_table"
RECORD = FIXTURES / "4pLeague_S1_D1L1_G3.txt"


def replay_states(path: Path = RECORD, every: int = 1):
    """Yield ``(n, seat, command, state)`` after each played row (a deep copy every
    ``every`` rows, and always the setup and the last one). Stops quietly at the
    first row the engine refuses; ``replay_states.error`` then holds why."""
    from games.core import RuleError
    from games.terra_mystica import GAME
    from games.terra_mystica.ledger import ENGINE_ROWS, parse

    rec = parse(path.read_text(encoding="utf-8"))
    cards = [f"BON{i}" for i in range(1, 10 + bool(rec.options.get("shipping-bonus")))]
    bonuses = [b for b in cards if b not in rec.removed]
    state = GAME.setup(len(rec.factions), 0, rec.options, scoring=rec.scoring, bonuses=bonuses)
    yield 0, None, "", copy.deepcopy(state)
    for seat, fid in enumerate(rec.factions):
        GAME.play(state, seat, f"setup {fid}")
    seat_of = {fid: s for s, fid in enumerate(rec.factions)}
    replay_states.error = None
    n = 0
    last = None
    for row in rec.rows:
        if ENGINE_ROWS.match(row.command) or row.command.endswith("_for_faction"):
            continue
        seat = seat_of[row.faction]
        try:
            GAME.play(state, seat, row.command)
        except RuleError as err:
            replay_states.error = f"line {row.line}: {row.faction}: {row.command!r}: {err}"
            break
        n += 1
        last = (n, seat, row.command)
        if n % every == 0:
            yield n, seat, row.command, copy.deepcopy(state)
            last = None
    if last is not None:
        yield (*last, copy.deepcopy(state))


replay_states.error = None


def state_before_line(line: int, path: Path = RECORD) -> dict:
    """The state of the record's game just before its row on ``line`` (rows the
    site's engine wrote itself, like income, are played by our engine)."""
    from games.terra_mystica import GAME
    from games.terra_mystica.ledger import ENGINE_ROWS, parse

    rec = parse(path.read_text(encoding="utf-8"))
    cards = [f"BON{i}" for i in range(1, 10 + bool(rec.options.get("shipping-bonus")))]
    state = GAME.setup(len(rec.factions), 0, rec.options, scoring=rec.scoring,
                       bonuses=[b for b in cards if b not in rec.removed])
    for seat, fid in enumerate(rec.factions):
        GAME.play(state, seat, f"setup {fid}")
    seat_of = {fid: s for s, fid in enumerate(rec.factions)}
    for row in rec.rows:
        if row.line >= line:
            break
        if not (ENGINE_ROWS.match(row.command) or row.command.endswith("_for_faction")):
            GAME.play(state, seat_of[row.faction], row.command)
    return state
