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
