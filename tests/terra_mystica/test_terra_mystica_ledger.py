"""Both real league games replay row by row to the known final scores."""

from pathlib import Path

import pytest

from games.terra_mystica.ledger import main, replay

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "terra_mystica"

KNOWN = {
    "4pLeague_S1_D1L1_G3.txt": {"mermaids": 158, "dwarves": 125, "darklings": 133, "fakirs": 123},
    "4pLeague_S63_D1L1_G1.txt": {"alchemists": 146, "halflings": 151, "witches": 137, "engineers": 131},
}


@pytest.mark.parametrize("record", sorted(KNOWN))
def test_record_replays_every_row(record):
    state, error, checked = replay((FIXTURES / record).read_text())
    assert error is None, error
    assert checked > 250
    assert {f["faction"]: f["vp"] for f in state["factions"]} == KNOWN[record]


def test_ledger_cli_reports_ok_and_mismatch(tmp_path, capsys):
    good = FIXTURES / "4pLeague_S1_D1L1_G3.txt"
    assert main([str(good)]) == 0
    assert capsys.readouterr().out.startswith("OK")
    lines = good.read_text().splitlines()
    i = next(n for n, line in enumerate(lines) if line.endswith("upgrade E4 to TP"))
    lines[i] = lines[i].replace("18 C", "17 C")
    bad = tmp_path / "bad.txt"
    bad.write_text("\n".join(lines))
    assert main([str(bad)]) == 1
    out = capsys.readouterr().out
    assert "C expected 17 got 18" in out and f"line {i + 1}" in out


@pytest.mark.parametrize("record", sorted(KNOWN))
def test_autocomplete_reaches_every_recorded_row(record):
    """Each sub-command of every real row is offered (or accepted as typed)
    by legal_moves once the earlier parts of the row are typed."""
    import re

    from games.terra_mystica.ledger import ENGINE_ROWS, parse
    from games.terra_mystica.notation import format_command, parse_command

    from .tm_helpers import GAME

    rec = parse((FIXTURES / record).read_text())
    cards = [f"BON{i}" for i in range(1, 10 + rec.options["shipping-bonus"])]
    state = GAME.setup(len(rec.factions), 0, rec.options, scoring=rec.scoring,
                       bonuses=[b for b in cards if b not in rec.removed])
    for seat, fid in enumerate(rec.factions):
        GAME.play(state, seat, f"setup {fid}")
    seat_of = {fid: s for s, fid in enumerate(rec.factions)}
    for row in rec.rows:
        if ENGINE_ROWS.match(row.command):
            continue
        seat = seat_of[row.faction]
        prefix = ""
        for part in re.split(r"\.(?:\s+|$)", row.command.strip()):
            if not part.strip() or part.strip().lower() == "wait":
                continue
            full = prefix + format_command(parse_command(part))
            listed = [m.lower() for m in GAME.legal_moves(state, seat, full)]
            assert full.lower() in listed or full.lower() + ". " in listed, (row.line, row.command)
            prefix = full + ". "
        GAME.play(state, seat, row.command)


def test_notation_round_trips_every_recorded_command():
    from games.terra_mystica.ledger import ENGINE_ROWS, parse
    from games.terra_mystica.notation import format_command, parse_row

    seen = 0
    for record in KNOWN:
        for row in parse((FIXTURES / record).read_text()).rows:
            if ENGINE_ROWS.match(row.command):
                continue
            for cmd in parse_row(row.command):
                assert parse_row(format_command(cmd)) == [cmd]
                seen += 1
    assert seen > 700


def test_records_of_other_maps_are_refused_plainly():
    text = (FIXTURES / "4pLeague_S1_D1L1_G3.txt").read_text().replace(" Randomize setup", "map 126fe960")
    state, error, checked = replay(text)
    assert state is None and "map 126fe960" in error and checked == 0


def _row_like(line: str, command: str, **changes) -> str:
    """A copy of a faction row with other values and command (same layout)."""
    fields = line.split("\t")
    for i, unit in ((2, "VP"), (4, "C"), (6, "W"), (8, "P")):
        if unit in changes:
            fields[i] = f"{int(fields[i].split()[0]) + changes[unit]} {unit}"
    fields[14] = command
    return "\t".join(fields)


def test_admin_resource_rows_and_empty_rows_are_accepted(tmp_path):
    lines = (FIXTURES / "4pLeague_S1_D1L1_G3.txt").read_text().splitlines()
    i = next(n for n, line in enumerate(lines) if line.endswith("upgrade E4 to TP"))
    extra = [_row_like(lines[i], "+2vp. +1c", VP=2, C=1), _row_like(lines[i], "-2vp. -1C"), _row_like(lines[i], "")]
    text = "\n".join(lines[: i + 1] + extra + lines[i + 1:])
    state, error, checked = replay(text)
    assert error is None, error
    assert {f["faction"]: f["vp"] for f in state["factions"]} == KNOWN["4pLeague_S1_D1L1_G3.txt"]


def test_a_row_of_a_faction_not_in_the_game_is_reported():
    lines = (FIXTURES / "4pLeague_S1_D1L1_G3.txt").read_text().splitlines()
    i = next(n for n, line in enumerate(lines) if line.endswith("upgrade E4 to TP"))
    lines.insert(i + 1, "giants" + lines[i][lines[i].index("\t"):])
    _state, error, _checked = replay("\n".join(lines))
    assert "not in this game" in error


@pytest.mark.parametrize("record", sorted(KNOWN))
def test_trusted_replay_ends_where_the_backed_up_replay_does(record):
    """Skipping the per-move backup (a trusted record) changes nothing in what is played."""
    text = (FIXTURES / record).read_text()
    fast, error, rows = replay(text)
    safe, error2, rows2 = replay(text, atomic=True)
    assert (error, rows) == (error2, rows2) == (None, rows)
    assert fast == safe


def test_cached_parse_hands_out_a_fresh_list_and_refuses_each_time():
    from games.core import NotationError
    from games.terra_mystica.notation import parse_row

    first = parse_row("build E5. leech 1 from witches")
    first.append(("done",))
    assert parse_row("build E5. leech 1 from witches") == [("build", "E5"), ("leech", 1, "witches")]
    for _ in range(2):
        with pytest.raises(NotationError):
            parse_row("build Z99")
