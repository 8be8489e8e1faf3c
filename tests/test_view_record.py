"""Every title's views, public and each seat's, exactly as recorded before the views were made
cheaper (``tests/view_record.py``; the record in ``tests/fixtures/views/``): the same keys in the
same order, the same types, the same values, at every position of a few random games."""

import json

import pytest

from tests import view_record


@pytest.mark.parametrize("name", sorted(view_record.GAMES))
def test_views_are_as_recorded(name):
    kept = json.loads(view_record.path(name).read_text())
    game_id, options, games = view_record.GAMES[name]
    assert (kept["game"], kept["options"]) == (game_id, options)
    assert [(g["players"], g["seed"]) for g in kept["games"]] == games
    for g in kept["games"]:
        got = view_record.views_of(game_id, options, g["players"], g["seed"])
        assert len(got) == len(g["views"]), (name, g["players"], "the random game went otherwise")
        for n, (now, then) in enumerate(zip(got, g["views"], strict=True)):
            # [public, seat 0, seat 1, ...]
            assert now == then, (name, g["players"], g["seed"], "position", n)


def test_a_changed_view_is_seen():
    """The record tells a view from one with a list turned tuple, or a key moved."""
    view = {"a": [1, 2], "b": 3}
    assert view_record.digest(view) != view_record.digest({"a": (1, 2), "b": 3})
    assert view_record.digest(view) != view_record.digest({"b": 3, "a": [1, 2]})
    assert view_record.digest(view) == view_record.digest({"a": [1, 2], "b": 3})
