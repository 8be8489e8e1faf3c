"""A file that is not a saved game, or a table that cannot be, is refused in one plain line (exit
code 2, no traceback): ``python -m games replay`` and ``playout``, ``python -m renderers`` and
``python -m games.terra_mystica.ledger``, the commands a player runs on a file the bot exported
or a site gave them."""

from __future__ import annotations

import json

import pytest

from games import get
from games.__main__ import main as games_main
from games.terra_mystica import ledger
from renderers.__main__ import main as renderers_main


@pytest.fixture(scope="module")
def saved() -> dict:
    game = get("bruges")
    state, moves = game.setup(2, 5, None), []
    for _ in range(12):  # the first listed move of whoever is up: a real game's start
        seat = min(game.to_move(state))
        move = game.legal_moves(state, seat)[0]
        game.play(state, seat, move)
        moves.append([seat, move])
    return {"game": "bruges", "players": 2, "seed": 5, "options": {}, "moves": moves}


def _one_line(capsys, code: int, run) -> str:
    assert run() == code
    out, err = capsys.readouterr()
    assert out == "" and "Traceback" not in err and err.count("\n") == 1
    return err


def _replay_refuses(tmp_path, capsys, content) -> str:
    path = tmp_path / "game.json"
    path.write_text(content if isinstance(content, str) else json.dumps(content), encoding="utf-8")
    return _one_line(capsys, 2, lambda: games_main(["replay", str(path)]))


def test_a_saved_game_replays(tmp_path, capsys, saved):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(saved), encoding="utf-8")
    assert games_main(["replay", str(path)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["ok"] is True and out["applied"] == len(saved["moves"]) == 12


@pytest.mark.parametrize(("change", "said"), [
    ({"game": "chess"}, "no game 'chess' (known: "),
    ({"players": "2"}, "players and seed must be whole numbers"),
    ({"seed": True}, "players and seed must be whole numbers"),
    ({"players": 9}, "bruges cannot be set up as saved: "),
    ({"options": {"no-such-option": 1}}, "bruges cannot be set up as saved: "),
    ({"options": [1]}, "options must be a JSON object"),
    ({"moves": [[0]]}, "moves must be a list of [seat, move] pairs"),
    ({"moves": [["0", "pass"]]}, "moves must be a list of [seat, move] pairs"),
    ({"moves": "pass"}, "moves must be a list of [seat, move] pairs"),
])
def test_a_record_of_the_wrong_shape_is_refused_plainly(tmp_path, capsys, saved, change, said):
    err = _replay_refuses(tmp_path, capsys, {**saved, **change})
    assert err.startswith("replay: ") and said in err


@pytest.mark.parametrize("content", ["{not json", "[1, 2]", '{"game": "bruges"}', ""])
def test_a_file_that_is_no_record_is_refused_plainly(tmp_path, capsys, content):
    assert _replay_refuses(tmp_path, capsys, content).startswith("replay: ")


def test_a_missing_or_binary_file_is_refused_plainly(tmp_path, capsys):
    err = _one_line(capsys, 2, lambda: games_main(["replay", str(tmp_path / "none.json")]))
    assert "cannot read" in err and "No such file" in err
    binary = tmp_path / "b.json"
    binary.write_bytes(b"\xff\xfe\x00")
    assert "not UTF-8 text" in _one_line(capsys, 2, lambda: games_main(["replay", str(binary)]))


def test_a_refused_move_is_a_mismatch_not_a_refused_file(tmp_path, capsys, saved):
    path = tmp_path / "game.json"
    path.write_text(json.dumps({**saved, "moves": [[0, "fly to the moon"]]}), encoding="utf-8")
    assert games_main(["replay", str(path)]) == 1
    out = json.loads(capsys.readouterr().out)
    assert out["ok"] is False and out["applied"] == 0 and out["error"]


ROW = "\t".join(["witches", "", "20 VP", "", "15 C", "", "3 W", "", "0 P", "", "5/7/0 PW", "", "0/0/0/0", "", "setup"])


@pytest.mark.parametrize(("name", "content", "said"), [
    ("a.txt", ROW.replace("15 C", "many C"), "line 1: a faction's row needs its VP, C, W, P, PW and cult figures"),
    ("a.txt", ROW.replace("5/7/0 PW", "5/7 PW"), "line 1: a faction's row needs"),
    ("a.txt", "\t".join("abcdefghijklmno"), "line 1: a faction's row needs"),
    ("a.txt", ROW, "1 factions set up: not a game's ledger"),
    ("a.txt", "just a note\n", "0 factions set up: not a game's ledger"),
    ("a.json", "[1, 2]", "not a site log: it needs 'engine_ledger' and 'command_log'"),
    ("a.json", '{"engine_ledger": [1], "command_log": []}', "not a site log"),
    ("a.json", '{"engine_ledger": [], "command_log": []}', "0 factions set up: not a game's log"),
    ("a.json", "{oops", "is not JSON"),
])
def test_a_file_that_is_no_ledger_is_refused_plainly(tmp_path, capsys, name, content, said):
    path = tmp_path / name
    path.write_text(content, encoding="utf-8")
    err = _one_line(capsys, 2, lambda: ledger.main([str(path)]))
    assert said in err


def test_the_ledger_command_says_how_to_use_it(tmp_path, capsys):
    assert ledger.main(["--help"]) == 0
    assert capsys.readouterr().out.startswith("usage: python -m games.terra_mystica.ledger")
    assert ledger.main([]) == 2
    assert capsys.readouterr().err.startswith("usage: ")
    assert "cannot read" in _one_line(capsys, 2, lambda: ledger.main([str(tmp_path / "none.txt")]))


def test_the_bad_row_leaves_the_reader_usable():
    state, error, checked = ledger.replay(ROW.replace("20 VP", "x VP"))
    assert state is None and checked == 0 and error.startswith("line 1: ")


@pytest.mark.parametrize(("argv", "said"), [
    (["chess", "--players", "2"], "no game 'chess'"),
    (["bruges", "--players", "9"], "Bruges is for 2-4 players, not 9"),
    (["bruges", "--players", "2", "--options", "[1]"], "--options takes a JSON object"),
    (["bruges", "--players", "2", "--options", '{"speed": 1}'], "--options: "),
])
def test_a_playout_of_a_table_that_cannot_be_is_refused_plainly(capsys, argv, said):
    err = _one_line(capsys, 2, lambda: games_main(["playout", *argv]))
    assert err.startswith("playout: ") and said in err


def test_a_playout_that_cannot_be_saved_says_so(tmp_path, capsys):
    path = tmp_path / "no-such-dir" / "game.json"
    assert games_main(["playout", "bruges", "--players", "2", "--save", str(path)]) == 2
    err = capsys.readouterr().err
    assert err == f"playout: cannot write {path}: No such file or directory\n"


def test_the_board_of_a_saved_game_is_drawn_or_refused_plainly(tmp_path, capsys, saved):
    path, out = tmp_path / "game.json", tmp_path / "board.png"
    path.write_text(json.dumps(saved), encoding="utf-8")
    assert renderers_main([str(path), "--out", str(out), "--seat", "1"]) == 0
    assert json.loads(capsys.readouterr().out)["ok"] is True and out.read_bytes()[:4] == b"\x89PNG"
    err = _one_line(capsys, 2, lambda: renderers_main([str(path), "--out", str(out), "--seat", "2"]))
    assert err == "renderers: --seat is 0-1 for this 2-player game\n"
    err = _one_line(capsys, 2, lambda: renderers_main([str(path), "--out", str(tmp_path / "x" / "b.png")]))
    assert err.startswith("renderers: cannot write ")
    path.write_text(json.dumps({**saved, "game": "chess"}), encoding="utf-8")
    assert "no game 'chess'" in _one_line(capsys, 2, lambda: renderers_main([str(path), "--out", str(out)]))
