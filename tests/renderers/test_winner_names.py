"""Tied winners are named the reader's way on every board (not "甲 & 乙" in zh-TW), and the
English verb agrees with how many won."""

from renderers.labels import label, together


def test_together_in_both_languages():
    assert together(["Ann"], "en") == "Ann"
    assert together(["Ann", "Bo"], "en") == "Ann & Bo"
    assert together(["Ann", "Bo", "Cy"], "en") == "Ann, Bo & Cy"
    assert together(["小明", "小華"], "zh-TW") == "小明與小華"
    assert together(["甲", "乙", "丙"], "zh-TW") == "甲、乙與丙"


def test_win_line_agrees_with_the_number_of_winners():
    assert label("board.wins", "en", n=1, names="Ann") == "Ann wins"
    assert label("board.wins", "en", n=2, names=together(["Ann", "Bo"])) == "Ann & Bo win"
    assert label("board.over_wins", "zh-TW", n=2, names=together(["小明", "小華"], "zh-TW")) == "遊戲結束：小明與小華 獲勝"


def test_terra_mystica_names_its_winners_by_player_and_faction():
    from renderers import terra_mystica as tm

    for loc, want in (("en", ("Ann", "Witches")), ("zh-TW", ("小明", "女巫"))):
        t = {"players": [{"seat": 0, "faction": "witches", "name": want[0]},
                         {"seat": 1, "faction": "nomads", "name": "Bo"}],
             "round": 6, "locale": loc, "result": {"winners": [0]}, "phase": "over", "turn": None,
             "to_move": []}
        _title, status = tm._status(t)
        assert want[0] in status and want[1] in status, status
        assert "Bo" not in status


def test_bruges_status_verb_agrees_with_how_many_are_up():
    from renderers import bruges

    view = {"result": None, "pending": None, "phase": "reputation", "to_move": [0, 1, 2]}
    names = ["Ann", "Bo", "Cy"]
    assert bruges._status(view, names, "en").endswith("decide on reputation")
    view["to_move"] = [1]
    assert bruges._status(view, names, "en") == "Bo decides on reputation"
    assert "決定是否推進聲望" in bruges._status(view, names, "zh-TW")
