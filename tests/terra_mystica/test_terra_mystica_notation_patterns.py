"""The notation and the ledger read ASCII text by hand (``re`` and its compilation were about a
fifth of a one-game replay's start-up); each reading must be the pattern's own, group for group.
Checked here against the compiled patterns on text made of the notation's pieces (hypothesis),
on every move of the fixtures' records and on every line of their files."""

import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.terra_mystica import ledger, notation
from games.terra_mystica.board import _HEX, hex_id
from tests.test_patterns import near

FIXTURES = Path(__file__).parent.parent / "fixtures" / "terra_mystica"

def _groups(pattern, text, full=False):
    compiled = re.compile(pattern.pattern, pattern.flags)
    m = compiled.fullmatch(text) if full else compiled.match(text)
    return m.groups() if m else None


def _normal(text: str) -> str:
    """A sub-command as ``parse_command`` hands it on: lower case, words joined by one space."""
    return " ".join(text.lower().split())


def _by_hand(pattern, text):
    if pattern is _HEX:
        return hex_id(text)
    if pattern is notation._PARTS:
        return [p.strip() for p in notation.split_parts(text) if p.strip()]
    module = notation if pattern in NOTATION else ledger
    return module._match(pattern, text)


def _by_pattern(pattern, text):
    if pattern is _HEX:
        t = text.strip()
        t = t.lower() if t[:1] in "rR" else t.upper()
        return t if _groups(_HEX, t) is not None else None
    if pattern is notation._PARTS:
        return [p.strip() for p in re.split(pattern.pattern, text) if p.strip()]
    return _groups(pattern, text)


#: each pattern with texts it matches or nearly does; every one-character deletion, insertion and
#: replacement of them is checked too, and random texts of the same pieces (hypothesis)
CASES = [
    (notation._UPGRADE, ["upgrade e5 to tp", "upgrade e5 to temple", "upgrade x to to y", "upgrade e5 to"]),
    (notation._SEND, ["send p to fire", "send priest to water for 2", "send p to fire for 12", "send p to fire for",
                      "send p to f_1"]),
    (notation._CONVERT, ["convert 1pw to 1c", "convert 1pw to to 2w to 3", "convert to to", "convert x to"]),
    (notation._LEECH, ["leech 1 from witches", "leech 12 from cult_ists", "leech from witches"]),
    (notation._DECLINE, ["decline 3 from witches", "decline 3 from", "decline 3 witches"]),
    (notation._GAIN, ["+fav5", "-2fire", "+12tw3", "-spade", "+fav", "-3bridge"]),
    (notation._NO_CONVERT, ["-convert_w_to_p", "-3convert_w_to_p", "-12convert_w_to_p"]),
    (notation._AMOUNT, ["1pw", "2 w", "pw", "3 coin", "12"]),
    (notation._BON, ["bon1", "bon12", "bon"]),
    (notation._PARTS, ["build e5. upgrade e6 to tp.", "a.\tb .c. ", "x..y", ". .", "a.\x1cb.\x0b"]),
    (_HEX, ["E5", "e12", "r3", "R123", "j1", " k1 ", "r"]),
    (ledger.ENGINE_ROWS, ["setup", "+3vp for TW5", "[opponent accepted power]", "score_resources",
                          "Other_income_for_faction", "+12VP FOR fav-1\n", "+vp for x", "cult_income_for_faction\n"]),
    (ledger.ADMIN, ["+2vp", "-1c", "+3pw", "-PW", "+w", "-10p\n", "+12P"]),
    (ledger._UNSUPPORTED, ["drop-faction witches", "resign now", "Resign x", "DROP-FACTION "]),
    (ledger._MAP, ["map original", "Map 126fe960a3\n", "map x_1", "map "]),
    (ledger._FINAL_TILE, ["Added final scoring tile: connected-distance", "Added final scoring tile: x_1 more"]),
    (ledger._SCORING, ["Round 1 scoring: SCORE2, TOWN >> 5", "Round 6 scoring: SCORE10", "Round 12 scoring: SCORE1"]),
    (ledger._REMOVED, ["Removing tile BON4", "Removing tile BON10 x", "Removing tile BON"]),
]
NOTATION = [c[0] for c in CASES[:9]]
LEDGER = [c[0] for c in CASES[11:]]
EDITS = " 1x\n-_A.\to/P"


def _check(pattern, text):
    texts = [_normal(text)] if pattern in NOTATION else [text, text.strip()]
    for t in texts:
        assert _by_hand(pattern, t) == _by_pattern(pattern, t), (pattern.pattern, t)


@pytest.mark.parametrize("pattern, seeds", CASES, ids=[c[0].pattern[:24] for c in CASES])
def test_hand_readings_are_the_patterns(pattern, seeds):
    matched = 0
    for seed in seeds:
        for text in near(seed, EDITS):
            _check(pattern, text)
        matched += _by_pattern(pattern, _normal(seed) if pattern in NOTATION else seed) not in (None, [])
    assert matched  # the seeds reach the pattern's matches

    pieces = [w for seed in seeds for w in seed.split(" ")] + [" ", "  ", ".", "\n", "\t"]

    @settings(max_examples=200, deadline=None, suppress_health_check=list(HealthCheck))
    @given(st.lists(st.sampled_from(pieces), max_size=8).map(" ".join)
           | st.text(alphabet=st.characters(max_codepoint=127), max_size=20))
    def random_texts(text):
        _check(pattern, text)

    random_texts()


@settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.integers(0, 14), st.sampled_from(["", "-", "x", "1/2", "+", "a b"]), st.sampled_from(["", "\tmore", "\tm\no"]))
def test_row_reading_is_the_pattern(field, junk, tail):
    """A record's faction row, one field spoiled or not, read as ``_ROW.fullmatch`` reads it."""
    fields = ["mermaids", "", "-3 VP", "", "15 C", "", "3 W", "", "1 P", "", "5/7/0 PW", "", "0/1/2/3", "",
              "build E5. convert 1PW to 1C"]
    fields[field] = junk + fields[field]
    line = "\t".join(fields) + tail
    assert ledger._row(line) == _groups(ledger._ROW, line, full=True), line


def test_every_fixture_move_and_line_reads_as_the_patterns_read_it():
    lines = moves = 0
    for path in sorted(FIXTURES.glob("*.txt")):
        for line in path.read_text(encoding="utf-8").splitlines():
            lines += 1
            assert ledger._row(line) == _groups(ledger._ROW, line, full=True), line
            fields = line.split("\t")
            for text in [line.strip(), *(f.strip() for f in fields)]:
                for pattern in LEDGER:
                    assert ledger._match(pattern, text) == _groups(pattern, text), (pattern.pattern, text)
            command = fields[14].strip() if len(fields) > 14 else ""
            for part in [p.strip() for p in re.split(notation._PARTS.pattern, command) if p.strip()]:
                moves += 1
                t = _normal(part)
                for pattern in NOTATION:
                    assert notation._match(pattern, t) == _groups(pattern, t), (pattern.pattern, t)
    assert lines > 500 and moves > 400


def test_non_ascii_text_goes_to_the_patterns():
    """'٣' is a digit to ``\\d``: such text is read by the patterns themselves, the same as before."""
    assert hex_id("E٣") == "E٣"
    assert notation._match(notation._LEECH, "leech ٣ from witches") == ("٣", "witches")
    assert ledger._match(ledger._MAP, "map ünï") == ("ünï",)
