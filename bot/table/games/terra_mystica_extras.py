"""Terra Mystica extras the session layer uses: the /help cheat sheet and
/move autocomplete with cost notes in one pass.

No Discord here: the session layer knows no Discord and reaches these
through ``bot.table.extras.help_text`` and ``bot.table.extras.autocomplete``.
"""

from __future__ import annotations

import logging
import re

log = logging.getLogger(__name__)

#: The /help terra-mystica cheat sheet: the online site's notation, by example.
HELP = """\
Terra Mystica in the notation of the online site (terra.snellman.net). Type one turn as parts joined by '. '.
**Table**: 2-5, the printed game; the site's in one word: options:site (its rules) or options:league; maps and more below, e.g. `/game new game:terra-mystica options:league map=fire-ice-1`
**Start**: `setup witches` (pick a faction; a menu offers the free ones), then `build E5` for each starting dwelling, then `pass BON3` (first bonus card).
**Build and upgrade**
`build E5`: terraform E5 to your home terrain (buying spades with workers) and place a dwelling
`transform E8 to red`: terraform only (colours: yellow brown black blue green gray red)
`upgrade E5 to TP` (then TE, SH, SA); a temple or sanctuary asks for a favour: `upgrade F3 to TE. +FAV11`
**Power and priests**
`action ACT6. build D7`: 2 spades from the power action, then build
`burn 2. action ACT6. transform E8 to red. build D7`: burn first, one turn
`action ACT2` priest, `action ACT3` 2 workers, `action ACT4` 7 coins, `action ACT1. bridge C2:D4`
`send p to AIR` (best free priest space) or `send p to FIRE for 1`
`convert 5PW to 1P`, `convert 1P to 1W`, `convert 3PW to 1W`, `convert 1W to 1C`, `burn 3`
**Tracks, specials, passing**
`advance ship`, `advance dig`
`action BON1. build F2` (bonus spade), `action BON2. +WATER`, `action FAV6. +AIR`
stronghold actions: `action ACTW. build F2` (Witches), `action ACTN`, `action ACTG`, `action ACTS`, `action ACTA. +FIRE`, `action ACTC`
`pass BON7` (round 6: `pass`)
**Answering**: `leech 2 from witches` / `decline 2 from witches` (or the buttons)
Town tiles and cult picks: `+TW2`, `+FIRE`; Mermaids: `connect r1`.
**Fire & Ice** (options fire-and-ice-factions/ice=on, /volcano, /variable_v5, printed /variable): `pick-color gray` after choosing (volcano: after all), `+FAV11`, `dig 1. build E5. -3FIRE`, `unlock-terrain green`, `gain P3 for VP`, `action ACTH5. pick-color green`.
/move autocompletes one part at a time with its cost.
"""


def autocomplete(engine, state, seat: int, prefix: str, limit: int = 25) -> list[tuple[str, str]]:
    """(move, cost note) pairs for ``prefix`` in ONE pass over the options.

    The engine's ``hint(move)`` recomputes every option of the sub-command to
    find one note (~3 ms for builds), so hinting 25 entries one by one blows
    the bot's hint budget and later entries lose their costs. The engine's
    public ``legal_moves_with_hints`` yields (entry, note) pairs: use them.
    """
    with_hints = getattr(engine, "legal_moves_with_hints", None)
    pairs = None
    if with_hints is not None:
        try:
            pairs = [(m, n or "") for m, n in with_hints(state, seat, prefix)]
        except Exception:
            log.exception("terra mystica options failed")
    if pairs is None:
        moves = engine.legal_moves(state, seat, prefix)
        if len(moves) > limit:
            pairs = [(m, "") for m in moves]
        else:
            pairs = [(m, "" if m.endswith(" ") else engine.hint(state, seat, m)) for m in moves]
    pairs = [(m, card_note(m, n)) for m, n in pairs]
    return by_row(pairs, prefix, limit) if len(pairs) > limit else pairs


PASS_CARD = re.compile(r"(?:^|\. )pass (BON\d+)$", re.I)


def card_note(move: str, note: str) -> str:
    """A bonus card pick says what the card gives, not only the coins lying on it:
    "pass BON1 — 2 C, action: 1 spade (+1 C on it)" (a ``Worded`` note: the bot words it
    again in the reader's language)."""
    from games.core.messages import Msg, worded
    from games.terra_mystica.data import BONUSES

    m = PASS_CARD.search(move)
    card = m.group(1).upper() if m else None
    if card not in BONUSES:
        return note
    what = Msg("tm.bonus." + card.lower(), {})
    if not note:
        return worded("tm.note.card", card=what)
    return worded("tm.note.card_coins", card=what, coins=getattr(note, "msg", None) or str(note))


def by_row(pairs: list[tuple[str, str]], prefix: str, limit: int) -> list[tuple[str, str]]:
    """More options than Discord shows (a long ``transform `` list with big
    shipping): one entry per map row instead, its value the prefix plus the
    row letter ("transform I", noted "I2 I3 I5 ..."), so typing on lists that
    row's hexes. Cut at ``limit`` when the options are not hexes."""
    rows: dict[str, list[tuple[str, str]]] = {}
    for move, note in pairs:
        rest = move[len(prefix):]
        if not re.match(r"[A-Ia-i]\d", rest):
            return pairs[:limit]
        rows.setdefault(rest[0].upper(), []).append((move, note))
    out = []
    for letter, items in rows.items():
        if len(items) == 1:
            out.append(items[0])
        else:
            hexes = " ".join(m[len(prefix):].split()[0].rstrip(".") for m, _ in items)
            out.append((prefix + letter, hexes))
    return out[:limit]
