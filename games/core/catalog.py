"""Keys shared by every game: the core refusals, the notation errors, joins."""

from __future__ import annotations

from .messages import register

EN = {
    "core.err.game_over": "The game is over.",
    "core.err.not_your_turn": "It is not your turn.",
    "core.err.type_move": "Type a move.",
    "core.err.type_move_example": "Type a move. {example}",
    "core.err.players": "{game} is for {lo}-{hi} players, not {n}.",
    "core.err.no_option": "{game} has no option '{name}' (options: {names}).",
    "core.err.option_choice": "Option {name} must be one of {choices}.",
    "core.err.bad_text": "Moves are written in plain letters and digits; '{char}' is not part of the notation "
                         "(in '{text}').",
    "core.err.too_long": "That is too long for a move (at most {n} characters): '{text}'.",
    "core.err.not_number": "'{token}' is not a number{what}.",
    "core.err.number_range": "'{token}' is out of range ({lo} to {hi}).",
    "core.none": "none",
    "core.nothing": "nothing",
    "core.and": "{a} and {b}",
    "core.or": "{a} or {b}",
    "core.what": " ({what})",
}

ZH = {
    "core.err.game_over": "遊戲已經結束。",
    "core.err.not_your_turn": "還沒輪到你。",
    "core.err.type_move": "請輸入一步棋。",
    "core.err.type_move_example": "請輸入一步棋。{example}",
    "core.err.players": "《{game}》適合 {lo}-{hi} 位玩家，不是 {n} 位。",
    "core.err.no_option": "《{game}》沒有「{name}」這個選項（選項：{names}）。",
    "core.err.option_choice": "選項 {name} 必須是 {choices} 其中之一。",
    "core.err.bad_text": "指令只用英文字母與數字；「{char}」不是指令的一部分（在「{text}」中）。",
    "core.err.too_long": "這太長了，不是一步棋（最多 {n} 個字元）：「{text}」。",
    "core.err.not_number": "「{token}」不是數字{what}。",
    "core.err.number_range": "「{token}」超出範圍（{lo} 到 {hi}）。",
    "core.none": "無",
    "core.nothing": "沒有東西",
    "core.and": "{a} 和 {b}",
    "core.or": "{a}或{b}",
    "core.what": "（{what}）",
}

register("en", EN)
register("zh-TW", ZH)
