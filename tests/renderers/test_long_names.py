"""Five long player names stay identifiable in every strip and list: the West of Africa board's
tracks and seat table, the turn image's status line and last-move strip, the Altiplano and
Bruges seat cards' heads, the Bruges board's seat panels, the Terra Mystica and Amerigo full
boards' headers and the West of Africa private cards' title. A name may be cut with "…" only
after its first 8 characters."""

from __future__ import annotations

import random

import pytest

import renderers
from games import get
from games.core.playout import expand
from renderers import altiplano as alt
from renderers import canvas as cv
from renderers import west_of_africa as woa

NAMES = {"en": ["Bartholomew Q. Smithers", "Christopher Columbus", "Annabelle Longname", "歐陽娜娜", "陳怡君"],
         "zh-TW": ["歐陽娜娜", "Bartholomew Q. Smithers", "陳怡君", "Christopher Columbus", "Annabelle Longname"]}


def _spy(monkeypatch):
    """Every text drawn: (text, left x, right x, image size, y)."""
    drawn = []
    real_text = cv.text

    def text(draw, xy, s, size=22, fill=cv.INK, bold=False, anchor="la", *args, **kwargs):
        s = str(s)
        w = cv.text_width(s, size, bold)
        a = (anchor or "la")[0]
        x0 = xy[0] - {"l": 0, "m": w / 2, "r": w}.get(a, 0)
        drawn.append((s, x0, x0 + w, draw._image.size, xy[1]))
        return real_text(draw, xy, s, size, fill, bold, anchor, *args, **kwargs)

    monkeypatch.setattr(cv, "text", text)
    monkeypatch.setattr(alt, "text", text)
    return drawn


def _shown(name: str, s: str) -> bool:
    """``name`` whole in ``s``, or its first 8 characters or more then "…"."""
    return name in s or any(name[:k] + "…" in s for k in range(8, len(name)))


def _inside(drawn, name, where=None) -> list:
    return [d for d in drawn if _shown(name, d[0]) and -1 <= d[1] and d[2] <= d[3][0] + 1
            and (where is None or where(d))]


def _game(game_id: str, players: int, seed: int, stop):
    game = get(game_id)
    rnd = random.Random(seed)
    state = game.setup(players, seed)
    while True:
        view = game.view(state, None)
        if stop(view) or game.result(state) is not None:
            return view
        seat = rnd.choice(sorted(game.to_move(state)))
        game.play(state, seat, expand(game, state, seat, "", rnd))


@pytest.mark.parametrize("locale", ["en", "zh-TW"])
@pytest.mark.parametrize("when", ["start", "over"])
def test_west_of_africa_board_tracks_and_table_hold_every_name(monkeypatch, locale, when):
    view = _game("west-of-africa", 5, 5, lambda v: when == "start")
    names = NAMES[locale]
    drawn = _spy(monkeypatch)
    chips = []
    real_chip = cv.seat_chip

    def chip(draw, xy, seat, label, size=22, *args, **kwargs):
        w = real_chip(draw, xy, seat, label, size, *args, **kwargs)
        chips.append((str(label), xy[0], xy[0] + w, draw._image.size))
        return w

    monkeypatch.setattr(cv, "seat_chip", chip)
    img = woa.board_image(view, names, locale)
    for name in names:
        # in each of the three tracks (coins, points, order) and the seat table, inside the board
        assert len(_inside(chips, name)) == 3, (name, [c[:3] for c in chips])
        assert _inside(drawn, name, lambda d: d[1] == 52 and d[3] == img.size), name


@pytest.mark.parametrize("locale", ["en", "zh-TW"])
@pytest.mark.parametrize("game_id", ["west-of-africa", "altiplano"])
def test_turn_image_status_names_every_seat_waited_for(monkeypatch, locale, game_id):
    view = _game(game_id, 5, 5, lambda v: len(v.get("to_move") or []) == 5)
    assert len(view["to_move"]) == 5
    names = NAMES[locale]
    drawn = _spy(monkeypatch)
    renderers.render_turn(game_id, view, names, locale)
    rows = [d[0] for d in drawn if d[3] == (800, 1000) and 62 < d[4] < 134 and d[2] <= 801]  # the status band
    assert 1 <= len(rows) <= 2
    for name in names:
        assert _shown(name, " ".join(rows)) or _shown(name, "".join(rows)), (name, rows)


@pytest.mark.parametrize("locale", ["en", "zh-TW"])
def test_turn_image_final_scores_name_every_seat(monkeypatch, locale):
    view = _game("west-of-africa", 5, 5, lambda v: False)
    assert view["result"]
    names = NAMES[locale]
    drawn = _spy(monkeypatch)
    renderers.render_turn("west-of-africa", view, names, locale)
    rows = [d[0] for d in drawn if d[3] == (800, 1000) and 134 < d[4] < 330 and d[2] <= 801]  # last move
    text = " ".join(rows) + " " + "".join(rows)  # a name may wrap over two rows
    for name in names:
        assert _shown(name, text), (name, rows)


def _card_head(monkeypatch, game_id, locale, players, stop):
    names = NAMES[locale][:players]
    found = []
    for seed in range(1, 6):
        view = _game(game_id, players, seed, stop)
        drawn = _spy(monkeypatch)
        renderers.render_turn(game_id, view, names, locale)
        cards = [d for d in drawn if d[3][0] == 776]  # the seat card, drawn 776 px wide
        found.append((names, cards))
    return found


@pytest.mark.parametrize("locale", ["en", "zh-TW"])
@pytest.mark.parametrize("game_id,players", [("altiplano", 5), ("bruges", 4)])
def test_seat_card_head_names_its_seat(monkeypatch, locale, game_id, players):
    """The seat card's head names its seat with the first 8 characters at least (was
    "Bartholomew Q…", "Christopher Co…"), and what follows the name is not cut off the card."""
    seen = 0
    for names, cards in _card_head(monkeypatch, game_id, locale, players,
                                   lambda v: v.get("last_seat") == [*NAMES[locale]].index(
                                       max(NAMES[locale][:players], key=len)) if "last_seat" in v
                                   else bool(v.get("last")) and v.get("phase") == "actions"):
        if not cards:
            continue
        seen += 1
        # with the room a card has here, its seat's name whole
        assert any(n == d[0] for n in names for d in cards if 50 < d[1] < 80), [d[0] for d in cards][:4]
        assert all(d[2] <= 777 for d in cards), [d for d in cards if d[2] > 777]
    assert seen



def _header_rows(drawn, scale: float, rows: int) -> str:
    """The lines of a full board's header under its title (the status band, the last-move strip),
    as one text a name wrapped over two lines is still found in."""
    top = cv.header_height(scale, rows)
    shown = [d[0] for d in drawn if d[3][0] == 1600 and 48 * scale < d[4] < top and d[2] <= 1601]
    return " ".join(shown) + " " + "".join(shown)


def _tm_header(view, names, locale):
    from renderers import terra_mystica as tm

    t = tm._table(view, names, locale)
    return tm._status(t, width=10_000)[1], t["last"], (tm.HEADER_SCALE, tm.HEADER_ROWS)


def _amerigo_header(view, names, locale):
    from renderers import amerigo as am

    return am.header_text(view, names, locale)[1], am.last_lines(view, names, locale), (1.0, am.HEADER_ROWS)


@pytest.mark.parametrize("locale", ["en", "zh-TW"])
@pytest.mark.parametrize("game_id,players,seed,stop,header", [
    # a seat up and another offered power: two names in the status band
    ("terra-mystica", 5, 3, lambda v: bool(v.get("leeches")) and bool(v.get("to_move")), _tm_header),
    ("terra-mystica", 5, 3, lambda v: False, _tm_header),                       # the game over
    # sailing: the longest status line Amerigo words
    ("amerigo", 4, 3, lambda v: bool(v.get("turn")) and "moved" in v["turn"], _amerigo_header),
    ("amerigo", 4, 3, lambda v: False, _amerigo_header),
])
def test_full_board_header_names_every_seat_it_speaks_of(monkeypatch, locale, game_id, players, seed, stop,
                                                          header):
    """Terra Mystica's and Amerigo's full boards give the seats' names to the header (as the turn
    image does), so the status band and the last-move strip name each seat they speak of, whole or
    cut after 8 characters at least. (At 1600 px these five names fit whole already: a guard.)"""
    names = NAMES[locale][:players]
    view = _game(game_id, players, seed, stop)
    status, last, (scale, rows) = header(view, names, locale)
    said = [n for n in names if n in status or n in " ".join(last[:1] + last[-1:])]
    assert said
    drawn = _spy(monkeypatch)
    renderers.render(game_id, view, names, locale)
    text = _header_rows(drawn, scale, rows)
    for name in said:
        assert _shown(name, text), (name, text)


@pytest.mark.parametrize("locale", ["en", "zh-TW"])
def test_bruges_board_seat_panels_name_their_seat_and_keep_its_flags(monkeypatch, locale):
    """Each seat panel's head on the Bruges board names its seat and says whole that it is the start
    player and to move: it was cut at 560 px ("Bartholomew Q. Smithers  [start player…"), now the
    head takes the room left of the numbers and a name too long is cut evenly (8 characters at
    least) before the flags are."""
    from renderers.labels import label

    names = NAMES[locale][:4]
    longest = names.index(max(names, key=len))
    view = _game("bruges", 4, 1, lambda v: v["start"] == longest and longest in v["to_move"])
    flags = (label("bru.board.start_player", locale), label("board.to_move", locale))
    drawn = _spy(monkeypatch)
    renderers.render("bruges", view, names, locale)
    heads = [d for d in drawn if d[3][0] == 1600 and d[1] == 70 and any(_shown(n, d[0]) for n in names)]
    assert len(heads) == 4, [d[0] for d in heads]
    for seat, name in enumerate(names):
        (head,) = [d for d in heads if _shown(name, d[0])]
        assert head[2] <= 1580, head
        if seat == longest:
            assert all(f in head[0] for f in flags) and head[0].endswith(flags[1]), (head[0], flags)


@pytest.mark.parametrize("locale", ["en", "zh-TW"])
def test_west_of_africa_private_cards_title_names_its_seat(monkeypatch, locale):
    """The private view's "your cards" panel is titled with its seat's name whole (a guard)."""
    from renderers.labels import label

    names = NAMES[locale]
    game = get("west-of-africa")
    state = game.setup(5, 5)
    for seat in range(5):
        drawn = _spy(monkeypatch)
        img = woa.board_image(game.view(state, seat), names, locale)
        title = label("woa.board.your_cards", locale, name=names[seat])
        assert [d for d in drawn if d[0] == title and d[2] <= img.size[0] - 10], (seat, title)
