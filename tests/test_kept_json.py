"""The kept encoder gives json.dumps's text to the letter, for both ways the bot uses it."""

from __future__ import annotations

import datetime
import json

import pytest

from bot.table.kept_json import dumps_with

ROWS = [{"lines": ["輪到 Ann", "é"], "n": 3, "up": [[0, "Ann"]], "x": None, "f": 2.5, "ok": True},
        ["g", ["Bo"], None, "turn", "zh-TW", "state", 12]]


@pytest.mark.parametrize("data", ROWS)
def test_the_kept_encoder_writes_what_json_dumps_writes(data):
    assert dumps_with(ensure_ascii=False)(data) == json.dumps(data, ensure_ascii=False)
    assert dumps_with(default=str)(data) == json.dumps(data, default=str)


def test_its_default_is_used_and_without_one_an_odd_value_is_refused():
    day = datetime.date(2026, 11, 30)
    assert dumps_with(default=str)([day]) == json.dumps([day], default=str)
    with pytest.raises(TypeError):
        dumps_with(ensure_ascii=False)([day])
