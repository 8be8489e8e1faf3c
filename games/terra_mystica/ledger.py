"""Replay a game record of the online site (ledger export) and check it.

    python -m games.terra_mystica.ledger FILE.txt
    python -m games.terra_mystica.ledger FILE.json

A ``.txt`` file is the site's tab-separated ledger export. A ``.json`` file
is a command log the site's engine was run on with the ledger it wrote
(``command_log``, ``engine_ledger``: rows ``faction: commands | VP n C n W n
P n PW a/b/c CULT f/w/e/a``); the log's rows are played and every ledger row
checked, the engine merging several log rows into one ledger row at times.

Sets the game up from the record's options, round tiles, removed bonus
cards and factions, plays the command of every faction row typed by a
player, and after each row compares that faction's VP, coins, workers,
priests, power bowls and cult positions with the row. Rows the site's
engine wrote itself (income, final scoring) are produced by our engine and
checked when the record reaches the end. Prints ``OK`` and the final VP, or
the first row that differs; the exit status is 0 only when all rows match.
"""

from __future__ import annotations

import gc
import sys

from ..core import RuleError
from ..core.patterns import (
    DIGITS,
    IGNORECASE,
    MAX_DIGITS,
    WORD_CHARS,
    LazyPattern,
    is_digits,
    is_word,
    run_end,
)
from ..core.plain import Plain
from .board import board_for
from .data import FINAL_TILES
from .game import GAME
from .maps import BY_SITE_ID
from .notation import split_parts
from .rules import OPTION_NAMES

# A record's lines are read by hand when ASCII (``_match``; the site's exports are), exactly as
# these patterns read them (``tests/terra_mystica/test_terra_mystica_notation_patterns.py``), and by
# the patterns themselves otherwise: ``re`` is then never imported (start-up, issue 33 goal 7).
ENGINE_ROWS = LazyPattern(
    r"^(setup|other_income_for_faction|cult_income_for_faction|all_income_for_faction|"
    r"\[opponent accepted power\]|\[all opponents declined power\]|\+\d+vp for [\w-]+|score_resources)$",
    IGNORECASE,
)
_ENGINE_WORDS = frozenset(("setup", "other_income_for_faction", "cult_income_for_faction", "all_income_for_faction",
                           "[opponent accepted power]", "[all opponents declined power]", "score_resources"))

_UNSUPPORTED = LazyPattern(r"^(drop-faction|resign) ", IGNORECASE)
_MAP = LazyPattern(r"^map (\w+)$", IGNORECASE)
_FINAL_TILE = LazyPattern(r"^Added final scoring tile: ([\w-]+)")
_SCORING = LazyPattern(r"Round (\d) scoring: (SCORE\d+)")
_REMOVED = LazyPattern(r"Removing tile (BON\d+)")
_TILE_CHARS = WORD_CHARS + "-"


#: a resource change typed by the game's admin (``+2vp``, ``-1c``, ``+3pw``)
ADMIN = LazyPattern(r"^([+-])(\d*)(vp|c|w|p|pw)$", IGNORECASE)


def _closing(text: str) -> str:
    """``text`` in lower case without one final newline: what an IGNORECASE pattern's ``$`` may close on."""
    low = text.lower()
    return low[:-1] if low.endswith("\n") else low


def _engine_row(text: str) -> tuple | None:
    end = _closing(text)
    if end in _ENGINE_WORDS:
        return (text[:len(end)],)
    digits = run_end(end, 1, DIGITS)
    ok = end[:1] == "+" and digits > 1 and end[digits:digits + 7] == "vp for " and len(end) > digits + 7 \
        and end[digits + 7:].strip(_TILE_CHARS) == ""
    return (text[:len(end)],) if ok else None


def _admin(text: str) -> tuple | None:
    end = _closing(text)
    digits = run_end(end, 1, DIGITS)
    ok = end[:1] in ("+", "-") and end[digits:] in ("vp", "c", "w", "p", "pw")
    return (text[0], text[1:digits], text[digits:len(end)]) if ok else None


def _unsupported(text: str) -> tuple | None:
    low = text.lower()
    for word in ("drop-faction ", "resign "):
        if low.startswith(word):
            return (text[:len(word) - 1],)
    return None


def _map(text: str) -> tuple | None:
    end = _closing(text)
    return (text[4:len(end)],) if end.startswith("map ") and is_word(end[4:]) else None


def _final_tile(text: str) -> tuple | None:
    lead = "Added final scoring tile: "
    tile = run_end(text, len(lead), _TILE_CHARS)
    return (text[len(lead):tile],) if text.startswith(lead) and tile > len(lead) else None


def _scoring(text: str) -> tuple | None:
    """'Round N scoring: SCOREn', whatever follows."""
    number = run_end(text, 22, DIGITS)
    ok = text.startswith("Round ") and is_digits(text[6:7]) and text[7:22] == " scoring: SCORE" and number > 22
    return (text[6], text[17:number]) if ok else None


def _removed(text: str) -> tuple | None:
    """'Removing tile BONn', whatever follows."""
    number = run_end(text, 17, DIGITS)
    return (text[14:number],) if text.startswith("Removing tile BON") and number > 17 else None


#: each pattern's reading of ASCII text by hand: the groups it would give, None for no match
_BY_HAND = {ENGINE_ROWS: _engine_row, ADMIN: _admin, _UNSUPPORTED: _unsupported, _MAP: _map,
            _FINAL_TILE: _final_tile, _SCORING: _scoring, _REMOVED: _removed}


def _match(pattern: LazyPattern, text: str) -> tuple | None:
    """``pattern.match(text).groups()`` (None: no match): read by hand when ``text`` is ASCII
    (``_BY_HAND``; there ``re.IGNORECASE`` is plain lower case and ``$`` also matches before one
    final newline)."""
    if not text.isascii():
        m = pattern.match(text)
        return m.groups() if m else None
    return _BY_HAND[pattern](text)


INCOME_ROWS = {"cult_income_for_faction": "cult_income", "other_income_for_faction": "income",
               "all_income_for_faction": "income"}


def _parts(command: str) -> list[str]:
    return [p.strip() for p in split_parts(command) if p.strip()]


def admin_change(state: dict, seat: int, parts: list[str]) -> None:
    """Apply admin resource rows directly (they are not moves of the game)."""
    from .rules import gain_power

    f = state["factions"][seat]
    for part in parts:
        sign, n, what = _match(ADMIN, part)
        n = int(n or 1) * (1 if sign == "+" else -1)
        what = what.lower()
        if what == "pw":
            if n > 0:
                gain_power(f, n)
            else:
                take = min(-n, f["pw"][2])
                f["pw"][2] -= take
                f["pw"][0] += take
        else:
            key = {"vp": "vp", "c": "C", "w": "W", "p": "P"}[what]
            f[key] += n


class LedgerError(ValueError):
    """A text the reader cannot take as a ledger, said with the line that shows it."""


class Row(Plain):
    """One faction row of a record: its line, faction, the values after it and what was typed."""

    _FIELDS = ("line", "faction", "values", "command", "kind")

    def __init__(self, line: int, faction: str, values: dict, command: str, kind: str = "move") -> None:
        self.line, self.faction, self.values, self.command = line, faction, values, command
        #: what ``replay`` does with the row: "move", "admin", "show" (nothing
        #: typed), "engine" (the site's own bookkeeping) or an INCOME_ROWS kind
        self.kind = kind


class Record(Plain):
    """A record's set-up and rows (written out rather than a dataclass: ``dataclasses`` imports
    ``inspect``, a seventh of this command's start-up; ``games.core.plain``)."""

    _FIELDS = ("options", "scoring", "removed", "factions", "rows", "unsupported", "map", "final_tiles")

    def __init__(self) -> None:
        self.options: dict = {}
        self.scoring: list = []
        self.removed: list = []
        self.factions: list = []
        self.rows: list = []
        self.unsupported: list = []
        #: a site log's map key and the final tiles its set-up added
        self.map: str | None = None
        self.final_tiles: list = []


#: a faction row in the usual layout, read in one match: faction, dVP,
#: "N VP", dC, "N C", dW, "N W", dP, "N P", dPW, "a/b/c PW", dcult,
#: "f/w/e/a", dig, command (anything else goes through ``_values``)
_ROW = LazyPattern(
    r"([^\t]*)\t[^\t]*\t(-?\d{1,9}) VP\t[^\t]*\t(-?\d{1,9}) C\t[^\t]*\t(-?\d{1,9}) W\t[^\t]*\t(-?\d{1,9}) P"
    r"\t[^\t]*\t(\d{1,9})/(\d{1,9})/(\d{1,9}) PW\t[^\t]*\t(\d{1,9})/(\d{1,9})/(\d{1,9})/(\d{1,9})\t[^\t]*\t([^\t]*)(?:\t.*)?"
)


def _row(line: str) -> tuple | None:
    """``_ROW.fullmatch(line).groups()`` (None: no match), by hand when ``line`` is ASCII."""
    if not line.isascii():
        m = _ROW.fullmatch(line)
        return m.groups() if m else None
    f = line.split("\t")
    if len(f) < 15 or (len(f) > 15 and "\n" in line and any("\n" in x for x in f[15:])):
        return None  # (what follows the command is matched by '.*', which stops at a newline)
    vp, c, w, p, pw = f[2], f[4], f[6], f[8], f[10]
    if vp[-3:] != " VP" or c[-2:] != " C" or w[-2:] != " W" or p[-2:] != " P" or pw[-3:] != " PW":
        return None
    vp, c, w, p = vp[:-3], c[:-2], w[:-2], p[:-2]
    bowls, cult = pw[:-3].split("/"), f[12].split("/")
    if len(bowls) != 3 or len(cult) != 4:
        return None
    # each field ``-?\d{1,9}`` or ``\d{1,9}`` (as patterns.is_number; the line is ASCII, so
    # isdecimal is 0-9 alone), checked together in a few C calls: once per line of a record, where
    # a call per field was 3 % of a league replay (issue 33 goal 7)
    numbers = (vp.removeprefix("-"), c.removeprefix("-"), w.removeprefix("-"), p.removeprefix("-"), *bowls, *cult)
    if not ("".join(numbers).isdecimal() and "" not in numbers and len(max(numbers, key=len)) <= MAX_DIGITS):
        return None
    return (f[0], vp, c, w, p, *bowls, *cult, f[14])


def _values(fields: list[str]) -> dict:
    """A faction row's resources whatever the order of its "N unit" fields."""
    get = {f.split(" ", 1)[1] if " " in f else "": f.split(" ", 1)[0] for f in fields if f}
    pw = get["PW"].split("/")
    cult = [int(x) for x in fields[12].split("/")]
    if len(pw) != 3 or len(cult) != 4:
        raise ValueError("three power bowls and four cult tracks")
    return {"VP": int(get["VP"]), "C": int(get["C"]), "W": int(get["W"]), "P": int(get["P"]),
            "PW": [int(x) for x in pw], "cult": cult}


def _kind(command: str) -> str:
    kind = INCOME_ROWS.get(command)
    if kind:
        return kind
    if command[:1] == "+" or not command.isascii() or command.lower() in _ENGINE_WORDS or command.endswith("\n"):
        engine = _match(ENGINE_ROWS, command)  # (any other ASCII text is not one)
    else:
        engine = None
    if engine:
        return "engine"
    if not command.strip(" ."):
        return "show"
    if command[0] in "+-" and all(_match(ADMIN, p) for p in _parts(command)):
        return "admin"
    return "move"


def parse(text: str) -> Record:
    rec = Record()
    options = set()
    rows = rec.rows
    for n, line in enumerate(text.splitlines(), 1):
        g = _row(line) if "\t" in line else None
        if g:
            faction, command = g[0].strip().lower(), g[12].strip()
            values = {"VP": int(g[1]), "C": int(g[2]), "W": int(g[3]), "P": int(g[4]),
                      "PW": [int(g[5]), int(g[6]), int(g[7])], "cult": [int(g[8]), int(g[9]), int(g[10]), int(g[11])]}
        else:
            fields = line.split("\t")
            if len(fields) < 15:
                _header(rec, options, n, line.strip())
                continue
            try:
                values = _values(fields)
            except (KeyError, ValueError, IndexError):
                raise LedgerError(f"line {n}: a faction's row needs its VP, C, W, P, PW and cult "
                                  "figures as numbers") from None
            faction, command = fields[0].strip().lower(), fields[14].strip()
        if command == "setup" and faction not in rec.factions:
            rec.factions.append(faction)
        rows.append(Row(n, faction, values, command, _kind(command)))
    rec.options = _options(rec, options)
    return rec


def _options(rec: Record, named: set) -> dict:
    """Our options for a record: the site's named ones, its partial power take (which it always
    plays), the record's map and its Fire & Ice final tile (several: set up by the replayer)."""
    out = {name: name in named for name in OPTION_NAMES}
    out["partial-leech"] = True
    out["darkling-sh-later"] = "strict-darkling-sh" not in named  # the site's games before the option
    out["map"] = rec.map or "original"
    out["fire-and-ice-final-scoring"] = rec.final_tiles[0] if len(rec.final_tiles) == 1 else False
    return out


def _header(rec: Record, options: set, n: int, one: str, site_log: bool = False) -> None:
    """A line that is not a faction row: options, round tiles, removed cards
    (a site log: also its map and final tiles)."""
    if site_log and _site_setup(rec, one):
        return
    fire_ice = one.lower().startswith("option fire-and-ice") and one.split(" ", 1)[1].strip() not in OPTION_NAMES
    # each pattern asked only of a line that may start as it does (or of a line not in ASCII)
    lead = one[:6].lower() if one.isascii() else None
    if (lead is None or lead[:1] in ("d", "r")) and _match(_UNSUPPORTED, one) or fire_ice:
        rec.unsupported.append(f"line {n}: {one}")
    m = _match(_MAP, one) if lead is None or lead[:4] == "map " else None
    if m:  # the site's map id -> our map ('map original' is the Original)
        key = "original" if m[0].lower() == "original" else BY_SITE_ID.get(m[0].lower())
        if key is None:
            rec.unsupported.append(f"line {n}: {one} (a map this engine does not have)")
        rec.map = key
    m = _match(_FINAL_TILE, one) if lead is None or lead == "added " else None
    if m:
        if m[0] not in FINAL_TILES:
            rec.unsupported.append(f"line {n}: {one}")
        rec.final_tiles.append(m[0])
    if one.startswith("option "):
        options.add(one.split(" ", 1)[1].strip())
    m = _match(_SCORING, one) if lead is None or lead == "round " else None
    if m:
        rec.scoring.append(m[1])
    m = _match(_REMOVED, one) if lead is None or lead == "removi" else None
    if m:
        rec.removed.append(m[0])


def snapshot(f: dict) -> dict:
    return {"VP": f["vp"], "C": f["C"], "W": f["W"], "P": f["P"], "PW": list(f["pw"]), "cult": list(f["cult"])}


def _diff(want: dict, got: dict) -> str:
    return ", ".join(f"{k} expected {want[k]} got {got[k]}" for k in got if got[k] != want[k])


def replay(text: str, atomic: bool = False):
    """Returns (state, error or None, rows checked).

    The record is trusted: moves are played without the per-move backup
    (``atomic=False``), so after a refusal the returned state may be half
    way through the refused row; it is only there for the error's context.
    ``atomic=True`` plays every row as live play does (bench comparison)."""
    try:
        rec = parse(text)
    except LedgerError as err:
        return None, str(err), 0
    if rec.unsupported:
        return None, "not a base-map game this engine plays: " + "; ".join(rec.unsupported), 0
    if not GAME.min_players <= len(rec.factions) <= GAME.max_players:
        return None, f"{len(rec.factions)} factions set up: not a game's ledger", 0
    cards = [f"BON{i}" for i in range(1, 10 + rec.options["shipping-bonus"])]
    bonuses = [b for b in cards if b not in rec.removed]
    state = GAME.setup(len(rec.factions), 0, rec.options, scoring=rec.scoring, bonuses=bonuses)
    for seat, fid in enumerate(rec.factions):
        GAME.play(state, seat, f"setup {fid}", atomic=atomic)
    seat_of = {fid: s for s, fid in enumerate(rec.factions)}
    factions = state["factions"]
    checked = 0
    marks: dict = {}
    play = GAME.play
    for row in rec.rows:
        seat = seat_of.get(row.faction)
        if seat is None:
            return state, f"line {row.line}: a row of '{row.faction}', who is not in this game", checked
        kind = row.kind
        if kind == "move":
            try:
                events = play(state, seat, row.command, atomic=atomic)
            except RuleError as err:
                return state, f"line {row.line}: {row.faction}: {row.command!r} refused: {err}", checked
            marks = {}
            for ev in events:
                if "marks" in ev.data:
                    marks.update(ev.data["marks"])
            got = marks.get("before", {}).get(seat) or snapshot(factions[seat])
        elif kind == "engine":
            continue
        elif kind == "show":  # nothing typed: the row only shows the faction's state
            got = snapshot(factions[seat])
        elif kind == "admin":
            admin_change(state, seat, _parts(row.command))
            got = snapshot(factions[seat])
        else:  # income: checked against what the engine paid at the round's start
            got = marks.get(kind, {}).get(seat)
            if got is None:
                continue
        if got != row.values:
            return state, f"line {row.line}: {row.faction}: {row.command!r}: {_diff(row.values, got)}", checked
        checked += 1
    if state["phase"] != "over":
        return state, f"the record ended but the game is in phase {state['phase']} (round {state['round']})", checked
    last = {}
    for row in rec.rows:
        last[row.faction] = row
    for fid, row in last.items():
        got = snapshot(factions[seat_of[fid]])
        if got != row.values:
            return state, f"final scoring: {fid}: {_diff(row.values, got)}", checked
    return state, None, checked


#: one row of the site engine's own ledger: faction, commands, values after it
_SITE_ROW = LazyPattern(
    r"^(\w+): (.*?) \| VP (-?\d+) C (-?\d+) W (-?\d+) P (-?\d+) PW (\d+)/(\d+)/(\d+) CULT (\d+)/(\d+)/(\d+)/(\d+)$")
#: command-log lines that set the game up (their effect is read from the ledger's comments)
_SETUP_LINE = LazyPattern(r"^(option|player|randomize|map|score|delete|final-scoring) ", IGNORECASE)
_SETUP_FACTION = LazyPattern(r"^setup (\w+)$", IGNORECASE)


def _norm(command: str) -> str:
    return ". ".join(p.lower() for p in _parts(" ".join(command.split())))


def _site_setup(rec: Record, one: str) -> bool:
    """The site log's map line and final tiles (kept on the record), or False."""
    from .maps import BY_SITE_ID

    words = one.split()
    if len(words) == 2 and words[0] == "map" and (words[1] in BY_SITE_ID or words[1] == "original"):
        rec.map = BY_SITE_ID.get(words[1], "original")
        return True
    if one.startswith("Added final scoring tile: "):
        rec.final_tiles.append(one.rsplit(" ", 1)[1])
        return True
    return one == "option fire-and-ice-final-scoring"  # the tile itself comes with its own line


def parse_site_log(log: dict) -> Record:
    """The set-up (from the ledger's comments) and the ledger's faction rows."""
    rec = Record()
    options: set = set()
    for n, line in enumerate(log["engine_ledger"], 1):
        if line.startswith("# "):
            _header(rec, options, n, line[2:].strip(), site_log=True)
            continue
        m = _SITE_ROW.match(line)
        if not m:
            rec.unsupported.append(f"ledger line {n}: {line}")
            continue
        g = m.groups()
        values = {"VP": int(g[2]), "C": int(g[3]), "W": int(g[4]), "P": int(g[5]),
                  "PW": [int(g[6]), int(g[7]), int(g[8])], "cult": [int(x) for x in g[9:13]]}
        command = g[1].strip()
        rec.rows.append(Row(n, g[0], values, command, "move" if command == "setup" else _kind(command)))
    for line in log["command_log"]:
        m = _SETUP_FACTION.match(line.strip())
        if m:
            rec.factions.append(m.group(1).lower())
    rec.options = _options(rec, options)
    return rec


def replay_site_log(log: dict, atomic: bool = False):
    """Play a command log the site's engine ran and check its ledger row by
    row. Returns (state, error or None, rows checked)."""
    if not (isinstance(log, dict) and all(isinstance(log.get(k), list) and all(isinstance(x, str) for x in log[k])
                                          for k in ("engine_ledger", "command_log"))):
        return None, "not a site log: it needs 'engine_ledger' and 'command_log', lists of lines", 0
    rec = parse_site_log(log)
    if rec.unsupported:
        return None, "not a game this engine plays: " + "; ".join(rec.unsupported), 0
    if not GAME.min_players <= len(rec.factions) <= GAME.max_players:
        return None, f"{len(rec.factions)} factions set up: not a game's log", 0
    cards = [f"BON{i}" for i in range(1, 10 + rec.options["shipping-bonus"])]
    bonuses = [b for b in cards if b not in rec.removed]
    state = GAME.setup(len(rec.factions), 0, rec.options, scoring=rec.scoring, bonuses=bonuses)
    if rec.map:  # set up as the record was: its map and final tiles
        state["map"] = rec.map
        state["terrain"] = dict(board_for(rec.map).terrain)
    if rec.final_tiles:
        state["final_tile"] = rec.final_tiles[0] if len(rec.final_tiles) == 1 else sorted(rec.final_tiles)
    seat_of = {fid: s for s, fid in enumerate(rec.factions)}
    factions = state["factions"]
    rows = rec.rows
    at = 0
    checked = 0
    marks: dict = {}
    typed: list[str] = []

    def check(row: Row, got) -> str | None:
        if got is not None and got != row.values:
            return f"ledger line {row.line}: {row.faction}: {row.command!r}: {_diff(row.values, got)}"
        return None

    def engine_rows() -> str | None:
        nonlocal at, checked
        while at < len(rows) and rows[at].kind != "move":
            row = rows[at]
            got = marks.get(row.kind, {}).get(seat_of[row.faction]) if row.kind in INCOME_ROWS.values() else None
            error = check(row, got)
            if error:
                return error
            checked += got is not None
            at += 1
        return None

    for n, line in enumerate(log["command_log"], 1):
        line = line.strip()
        if not line or _SETUP_LINE.match(line):
            continue
        if ":" in line:
            fid, command = (x.strip() for x in line.split(":", 1))
            fid = fid.lower()
        else:  # 'setup FACTION': the next seat chooses
            fid, command = line.split(" ", 1)[1].strip().lower(), line
        seat = seat_of.get(fid)
        if seat is None:
            return state, f"log line {n}: '{fid}' is not in this game", checked
        try:
            events = GAME.play(state, seat, command, atomic=atomic)
        except RuleError as err:
            return state, f"log line {n}: {fid}: {command!r} refused: {err}", checked
        marks = {}
        for ev in events:
            marks.update(ev.data.get("marks", {}))
        error = engine_rows()
        if error:
            return state, error, checked
        typed.append("setup" if command.lower().startswith("setup ") else command)
        if at >= len(rows):
            return state, f"log line {n}: no ledger row left for {command!r}", checked
        row, done = rows[at], _norm(". ".join(typed))
        if done != _norm(row.command):
            if _norm(row.command).startswith(done + "."):
                continue  # the engine wrote this and the next log rows as one
            return state, f"log line {n}: {command!r} does not match ledger line {row.line} {row.command!r}", checked
        typed = []
        got = marks.get("before", {}).get(seat_of[row.faction]) or snapshot(factions[seat_of[row.faction]])
        error = check(row, got)
        if error:
            return state, error, checked
        checked += 1
        at += 1
        error = engine_rows()
        if error:
            return state, error, checked
    if at < len(rows):
        return state, f"the log ended before ledger line {rows[at].line}", checked
    if state["phase"] == "over":
        last = {}
        for row in rows:
            last[row.faction] = row
        for fid, row in last.items():
            got = snapshot(factions[seat_of[fid]])
            if got != row.values:
                return state, f"final scoring: {fid}: {_diff(row.values, got)}", checked
    return state, None, checked


def main(argv: list[str] | None = None) -> int:
    if __name__ == "__main__":  # the command (not a caller in a longer process, such as the tests)
        # everything imported stays to the process's end: the cyclic collector need not look at
        # it again, during the replay or at exit (a twentieth of this command's instructions)
        gc.freeze()
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1 or args[0] in ("-h", "--help"):
        asked = len(args) == 1  # --help: the answer goes to the output; a wrong call's to the errors
        print("usage: python -m games.terra_mystica.ledger FILE.txt|FILE.json\n"
              "Replays a Terra Mystica ledger (the site's text, or its log as JSON) and checks every row.",
              file=sys.stdout if asked else sys.stderr)
        return 0 if asked else 2
    try:
        with open(args[0], encoding="utf-8") as fh:
            text = fh.read()
    except (OSError, UnicodeDecodeError) as err:
        print(f"cannot read {args[0]}: {getattr(err, 'strerror', None) or 'not UTF-8 text'}", file=sys.stderr)
        return 2
    if args[0].endswith(".json"):
        import json  # only for a site log: a record of the site's ledger needs none (start-up)

        try:
            log = json.loads(text)
        except ValueError as err:
            print(f"{args[0]} is not JSON: {err}", file=sys.stderr)
            return 2
        state, error, checked = replay_site_log(log)
    else:
        state, error, checked = replay(text)
    if error and state is None:  # not a ledger at all
        print(f"{args[0]}: {error}", file=sys.stderr)
        return 2
    if error:
        print(f"MISMATCH after {checked} matching rows: {error}")
        return 1
    scores = ", ".join(f"{f['faction']} {f['vp']}" for f in state["factions"])
    print(f"OK ({checked} rows): {scores}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
