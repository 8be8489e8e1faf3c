"""Regular expressions compiled on first use (``games.core.patterns``) and the readings by hand
that stand for them on ASCII text: the same answers as the patterns, and a league replay in a
fresh process that imports neither ``re`` nor what imports it (start-up, issue 33 goal 7)."""

import re
import subprocess
import sys
from pathlib import Path

from games.core import messages
from games.core.messages import KEY_RE, is_key, render
from games.core.patterns import LazyPattern, is_digits, is_word, run_end

ROOT = Path(__file__).parent.parent
EDITS = " 1x\n-_A.\taZ9é"


def near(text: str, edits: str = EDITS):
    """``text`` and every text one character away from it (a character of ``edits`` put in,
    or put instead, or a character taken out): where a reading by hand and a pattern may part."""
    yield text
    for i in range(len(text) + 1):
        yield text[:i] + text[i + 1:]
        for c in edits:
            yield text[:i] + c + text[i:]
            yield text[:i] + c + text[i + 1:]


def test_is_key_is_the_pattern():
    keys = list(messages.CATALOGS["en"])[:200]
    for seed in [*keys, "a.b", "tm.ev.build", "a1.b-c_d", "core.err.x\n", "9a.b", "a..b", ".a", "a."]:
        for text in near(seed):
            assert is_key(text) == bool(re.match(KEY_RE.pattern, text)), repr(text)


def test_keys_read_together_are_each_key_read_alone():
    keys = list(messages.CATALOGS["en"])[:200]
    assert messages.all_keys(keys) and messages.all_keys([]) and messages.all_keys(list(messages.CATALOGS["zh-TW"]))
    for seed in [*keys[:40], "a.b", "tm.ev.build", "a1.b-c_d", "core.err.x\n", "9a.b", "a..b", ".a", "a.", "a|b.c"]:
        for text in near(seed, EDITS + "|"):
            together = messages.all_keys([keys[0], text, keys[1]])
            assert together <= is_key(text), repr(text)   # never a key that is not one
            assert together == (is_key(text) and "\n" not in text), repr(text)   # a final newline: left to is_key
    assert not messages.all_keys(["a.b", 3]) and not messages.all_keys(["a.b", ""])


def test_ascii_classes():
    for text in ["", "a", "_", "a_1", "A-b", "١", "é", "12", "1 2", " 1", "x\n"]:
        assert is_word(text) == bool(re.fullmatch(r"\w+", text, re.ASCII)), text
        assert is_digits(text) == bool(re.fullmatch(r"\d+", text, re.ASCII)), text
    assert run_end("+12vp", 1, "0123456789") == 3
    assert run_end("+vp", 1, "0123456789") == 1


def test_lazy_pattern_compiles_on_first_use():
    p = LazyPattern(r"a(\d)", 2)
    assert p._compiled is None
    assert p.match("A1").group(1) == "1"  # flags kept: 2 is re.IGNORECASE
    assert p._compiled is not None and p.split("xa1y") == ["x", "1", "y"]


def test_capitalised_parameters_still_worded():
    messages.register("en", {"test.patterns.cap": "{what!c} then {how!l}"})
    assert render(messages.msg("test.patterns.cap", what="build", how="PASS")) == "Build then pass"


def test_league_replay_imports_no_pattern_machinery():
    names = "('re', 'json', 'string', 'enum', 'random', 'copy')"
    bare = f"import sys; print(sorted(m for m in {names} if m in sys.modules))"
    code = (
        "import sys\n"
        "from games.terra_mystica.ledger import main\n"
        "assert main([sys.argv[1]]) == 0\n"
        f"{bare}\n"
    )
    league = ROOT / "tests" / "fixtures" / "terra_mystica" / "4pLeague_S1_D1L1_G3.txt"

    def imported(source: str) -> str:
        out = subprocess.run([sys.executable, "-c", source, str(league)], cwd=ROOT, capture_output=True, text=True,
                             check=True).stdout
        return out.strip().splitlines()[-1]

    assert imported(code) == imported(bare)  # nothing more than the interpreter's own start-up imports


def test_numbers_are_ascii_digits_with_a_bound():
    """'²', '①' and '٣' pass ``str.isdigit`` (and '٣' even ``int``); a record's numbers are
    ASCII digits, at most nine of them."""
    from games.core.patterns import MAX_DIGITS, is_digits, is_number

    for text in ("²", "①", "٣", "1²", "", "-", "+1", "1 ", "1.0"):
        assert not is_digits(text) and not is_number(text) and not is_number(text, signed=True), text
    assert is_digits("0") and is_digits("0123456789" * 3)
    assert is_number("9" * MAX_DIGITS) and not is_number("9" * (MAX_DIGITS + 1))
    assert is_number("-12", signed=True) and not is_number("-12") and not is_number("--1", signed=True)


def test_a_record_row_with_a_huge_or_unicode_number_is_not_a_row():
    from games.terra_mystica import ledger

    row = "witches\t\t20 VP\t\t15 C\t\t3 W\t\t0 P\t\t5/7/0 PW\t\t0/0/0/0\t\tsetup"
    assert ledger._row(row) is not None
    for bad in ("1234567890 VP", "²0 VP"):
        spoiled = row.replace("20 VP", bad)
        assert ledger._row(spoiled) is None
        assert ledger._ROW.fullmatch(spoiled) is None  # the pattern has the same bound
