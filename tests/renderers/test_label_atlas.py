"""The shipped label atlas (``renderers/label_atlas.py``): every label in it is the mask FreeType
draws now and every word the length Pillow measures now, boards drawn with it are the boards drawn
without it, and an atlas made with another Pillow is left unused."""

from __future__ import annotations

import random

import pytest
from PIL import ImageFont

import games
import renderers
from games.core.playout import random_views
from renderers import canvas as cv
from renderers import label_atlas
from renderers.caches import forget_drawn
from tests.pictures import shown

REMAKE = "made for another Pillow, FreeType, Raqm or fonts: run renderers/fonts/make_label_atlas.py"


def _drawn_afresh(key):
    """``canvas._label`` of ``key`` without the atlas: what FreeType draws."""
    enabled, label_atlas.enabled = label_atlas.enabled, False
    try:
        return cv._label.__wrapped__(*key)
    finally:
        label_atlas.enabled = enabled


def test_every_label_of_the_atlas_is_what_freetype_draws():
    atlas = label_atlas.read(label_atlas.ATLAS_FILE)
    assert len(atlas.labels) >= 300, REMAKE   # empty when made with another Pillow or fonts
    scripts = {cv.runs(key[0])[0][0] for key in atlas.labels}
    assert {"latin", "cjk"} <= scripts   # English and zh-TW boards' labels
    for key in atlas.labels:
        got, want = atlas.mask(key), _drawn_afresh(key)
        assert want is not None and got is not None, key
        assert got[1:] == want[1:] and got[0].mode == want[0].mode == "L", key
        assert got[0].size == want[0].size and got[0].tobytes() == want[0].tobytes(), key


def test_every_word_of_the_atlas_is_as_long_as_pillow_measures_it():
    atlas = label_atlas.read(label_atlas.ATLAS_FILE)
    assert len(atlas.advances) >= 200, REMAKE
    for (word, size, bold), length in atlas.advances.items():
        assert word and length == cv.font(size, bold).getlength(word), (word, size, bold)


def test_a_label_in_the_atlas_reaches_no_font(monkeypatch):
    atlas = label_atlas.read(label_atlas.ATLAS_FILE)
    keys = random.Random(3).sample(sorted(atlas.labels, key=repr), 40)
    words = random.Random(3).sample(sorted(atlas.advances, key=repr), 40)
    asked = []

    def spy(real):
        def asks(self, text, *args, **kwargs):
            asked.append(text)
            return real(self, text, *args, **kwargs)
        return asks

    for method in ("getmask2", "getlength"):
        monkeypatch.setattr(ImageFont.FreeTypeFont, method, spy(getattr(ImageFont.FreeTypeFont, method)))
    for key in keys:
        assert cv._label.__wrapped__(*key) is not None
    for word in words:
        assert cv._advance.__wrapped__(*word) == atlas.advances[word]
    assert asked == []
    assert cv._label.__wrapped__("not in any atlas 1234", 22, False, "la", False, 0.0, 0.0) is not None
    assert cv._advance.__wrapped__("nowhere1234", 22, False) > 0
    assert asked == ["not in any atlas 1234", "nowhere1234"]


def _forget_drawn() -> None:
    """A fresh worker: no label drawn or word measured, no panel, tile or map kept."""
    forget_drawn()


@pytest.mark.parametrize("locale", ["en", "zh-TW"])
def test_boards_drawn_from_the_atlas_are_the_boards_drawn_without_it(monkeypatch, locale):
    """A Terra Mystica game's turn images and boards, drawn by a fresh worker with the atlas and
    without it: the same pictures (what the PNGs show)."""
    names = ["Ann", "陳怡君", "Bo"]
    views = random_views(games.get("terra-mystica"), 3, 11)
    views = views[::6] + views[-1:]
    drawn = {}
    for enabled in (True, False):
        monkeypatch.setattr(label_atlas, "enabled", enabled)
        _forget_drawn()
        drawn[enabled] = [draw("terra-mystica", view, names, locale)
                          for view in views for draw in (renderers.render_turn, renderers.render)]
    _forget_drawn()
    assert len(drawn[True]) >= 20 and [*map(shown, drawn[True])] == [*map(shown, drawn[False])]


def test_an_atlas_made_for_another_pillow_or_missing_is_not_used(tmp_path, monkeypatch):
    key, word = ("E5", 24, True, "mm", False, 0.0, 0.0), ("coins", 28, False)
    path = tmp_path / "atlas.json"
    label_atlas.write(path, {key: _drawn_afresh(key)}, {word: 70.5})
    atlas = label_atlas.read(path)
    assert atlas.mask(key)[0].tobytes() == _drawn_afresh(key)[0].tobytes() and atlas.advances == {word: 70.5}
    monkeypatch.setattr(label_atlas, "made_with", lambda: {"pillow": "0.0"})
    for empty in (label_atlas.read(path), label_atlas.read(tmp_path / "none.json")):
        assert empty.labels == {} and empty.advances == {} and empty.mask(key) is None
