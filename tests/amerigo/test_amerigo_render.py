"""The Amerigo board: sizes, words (en and zh-TW, no codes), seat cues, land/sea
colours, chests beside built tiles, the last move outlined, the final ranking."""

from __future__ import annotations

import io
import json
import random
import re
from pathlib import Path

import pytest
from PIL import Image

import renderers
from games.amerigo import GAME
from games.amerigo.data import DEVELOPMENTS, SHAPES
from games.core.playout import expand
from renderers import amerigo as A
from renderers import amerigo_labels as AL
from renderers import amerigo_turn as AT
from renderers import canvas as C
from renderers import cvd

from .amerigo_helpers import recorded_start

FIXTURES = Path(__file__).parent.parent / "fixtures" / "amerigo"
NAMES = ["Ana", "Bo", "Chen", "Dee"]
#: CIEDE2000 a seat piece keeps from the land and sea it stands on, and land from sea
SEAT_GROUND_GAP = 15.0
LAND_SEA_GAP = 18.0


def _building_game(players: int, upto: int | None = None):
    """A recorded game whose seats build a lot (tests/fixtures), replayed to move ``upto``."""
    data = json.loads((FIXTURES / f"building_game_{players}p.json").read_text())
    state = recorded_start(data)
    for seat, move in data["moves"][:upto]:
        GAME.play(state, seat, move)
    return state


def _random_states(players, seed=21):
    state = GAME.setup(players, seed)
    out = [GAME.view(state, None)]
    rnd = random.Random(4)
    moves = 0
    while GAME.result(state) is None:
        seat = next(iter(GAME.to_move(state)))
        GAME.play(state, seat, expand(GAME, state, seat, "", rnd))
        moves += 1
        if moves == 60:
            out.append(GAME.view(state, None))
    out.append(GAME.view(state, None))
    return out


class Recorder:
    """Every string the renderer draws (via ``canvas.text``)."""

    def __init__(self, monkeypatch):
        self.texts: list[str] = []
        real = C.text

        def spy(draw, xy, s, *args, **kwargs):
            self.texts.append(str(s))
            return real(draw, xy, s, *args, **kwargs)

        monkeypatch.setattr(C, "text", spy)


@pytest.mark.parametrize("players", [2, 4])
def test_fresh_mid_and_final_boards_fit_the_limits(players):
    for view in _random_states(players):
        data = renderers.render("amerigo", view, NAMES)
        img = Image.open(io.BytesIO(data))
        assert img.width == 1600 and len(data) < 1_500_000
        turn = Image.open(io.BytesIO(renderers.render_turn("amerigo", view, NAMES)))
        assert turn.width <= 800 and turn.height <= 1000
    assert view["result"] and view["to_move"] == []


def test_land_sea_and_seats_stay_apart_for_colour_blind_players():
    for kind in cvd.KINDS:
        assert cvd.delta_e(A.LAND, A.SEA, kind) >= LAND_SEA_GAP, kind
        for seat, colour in enumerate(C.SEAT_COLOURS):
            for ground in (A.LAND, A.SEA, A.PLATE):
                gap = cvd.delta_e(colour, ground, kind)
                assert gap >= SEAT_GROUND_GAP, f"{kind}: seat {seat} on {ground}: {gap:.1f}"
    assert set(A.GROUNDS) >= {A.LAND, A.SEA}  # the shared palette test checks them too


def _all_words(locale):
    out = [v if isinstance(v, str) else " ".join(v.values()) for v in
           (AL.ZH_TW if locale == "zh-TW" else AL.EN).values()]
    out += [AL.dev_effect(d, locale) for d in DEVELOPMENTS]
    return out


@pytest.mark.parametrize("locale", ["en", "zh-TW"])
def test_every_board_word_has_glyphs_and_both_languages(locale):
    assert set(AL.EN) == set(AL.ZH_TW)
    for d in DEVELOPMENTS:
        assert AL.dev_name(d, locale) != "ame.board.dev." + AL.dev_key(d)
    for shape in SHAPES:   # the engine words shapes for events
        assert AL.word("ame.shape." + shape, locale) != "ame.shape." + shape
    for s in _all_words(locale):
        assert not C.missing_glyphs(s), (s, C.missing_glyphs(s))


#: development tile ids and shape ids (ids that are plain words, "first" and "vp", are left out)
CODES = re.compile(r"(?<![\w-])(" + "|".join(re.escape(d) for d in DEVELOPMENTS if d not in ("first", "vp"))
                   + r"|i3|l3|i4|o4|u5|r6)(?![\w+/-])")


@pytest.mark.parametrize("locale", ["en", "zh-TW"])
def test_no_codes_and_zh_tw_words_on_a_full_board(monkeypatch, locale):
    state = _building_game(4, 350)
    view = GAME.view(state, None)
    assert any(p["devs"] for p in view["players"])           # tiles are held: their names are drawn
    rec = Recorder(monkeypatch)
    A.board_image(view, NAMES, locale)
    drawn = [t for t in rec.texts if t.strip()]
    for t in drawn:
        assert not CODES.search(t), t
    names = {AL.dev_name(d, locale) for d in view["players"][0]["devs"]}
    assert names <= set(drawn)
    if locale == "zh-TW":
        allowed = set(NAMES) | {"VP"}
        for t in drawn:
            for w in re.findall(r"[A-Za-z]{3,}", t):
                assert w in allowed, (w, t)
        assert any("交易站" in t for t in drawn) and any("島嶼" in t for t in drawn)


def test_posts_and_villages_wear_seat_colour_and_a_second_cue():
    state = _building_game(4, 350)
    view = GAME.view(state, None)
    img = A.board_image(view, NAMES)
    L = A.layout(view)
    checked = set()
    for name, seat in view["posts"].items():
        box = A._cell_box(L, name)
        colours = {c for _, c in img.crop(box).getcolors(1 << 16)}
        assert C.seat_colour(seat) in colours, name
        assert C.contrast(C.seat_colour(seat)) in colours, name        # its letter
        checked.add("post")
    for t in view["placed"]:
        if t["kind"] != "v":
            continue
        first = min(t["cells"], key=A._rc)
        colours = {c for _, c in img.crop(A._cell_box(L, first)).getcolors(1 << 16)}
        assert C.seat_colour(t["seat"]) in colours
        assert C.contrast(C.seat_colour(t["seat"])) in colours  # the house and letter on it
        checked.add("village")
    assert checked == {"post", "village"}


def test_chests_sit_beside_built_tiles_not_on_them():
    seen = 0
    for n in range(50, 600, 50):
        view = GAME.view(_building_game(4, n), None)
        geo = A.geometry(tuple(view["map"]["grid"]))
        placed = {c: t for t in view["placed"] for c in t["cells"]}
        for i, isl in enumerate(view["islands"]):
            if not isl["chest"]:
                continue
            cells = geo["islands"][i]["cells"]
            spot = A._chest_square(geo["islands"][i], isl, view, placed)
            assert spot in cells
            free = [c for c in cells if c not in placed and c not in view["posts"]]
            if free:
                assert spot in free
                seen += spot != "{}{}".format(A.COLS[isl["centre"][1]], isl["centre"][0] + 1)
    assert seen  # some chest moved off its (built) centre square


def test_last_move_is_outlined_and_is_the_turn_focus():
    data = json.loads((FIXTURES / "building_game_4p.json").read_text())
    state = recorded_start(data)
    for seat, move in data["moves"]:
        GAME.play(state, seat, move)
        if move.startswith(("n ", "v ")) and len(move.split()) > 2:   # a tile built on squares
            break
    view = GAME.view(state, None)
    spaces = A.changed_spaces(view)
    assert spaces and all(s in move.upper().split() for s in spaces)
    img = A.board_image(view, NAMES)
    L = A.layout(view)
    fx0, fy0, fx1, fy1 = A.focus_box(view)
    for name in spaces:
        x0, y0, x1, y1 = A._cell_box(L, name)
        assert fx0 <= x0 and fy0 <= y0 and x1 <= fx1 and y1 <= fy1
        edge = img.crop((x0 - 1, y0 - 1, x1 + 2, y0 + 2))
        assert C.HIGHLIGHT in {c for _, c in edge.getcolors(1 << 16)}
    # the turn image cuts the same squares, at full size, from the map drawn with bigger squares
    zoom_img, Z = A.map_image(view)
    assert Z["cell"] > L["cell"]
    card = AT.map_card(view, 776, 500)
    assert card.size == (776, 500)
    assert C.HIGHLIGHT in {c for _, c in card.getcolors(1 << 20)}
    turn = Image.open(io.BytesIO(renderers.render_turn("amerigo", view, NAMES))).convert("RGB")
    assert turn.width <= 800 and turn.height <= 1000
    header_h = C.header_height(1.3, 3)
    below = turn.crop((0, header_h + 20, turn.width, turn.height - 200))
    near = [c for _, c in below.getcolors(1 << 20) if sum(abs(a - b) for a, b in zip(c, C.HIGHLIGHT)) < 40]
    assert near   # the outlined squares are in the cut (the PNG palette may move the pink a little)


def test_game_over_ranks_every_seat(monkeypatch):
    view = GAME.view(_building_game(2), None)
    assert view["result"]
    rec = Recorder(monkeypatch)
    A.board_image(view, NAMES, "zh-TW")
    res = view["result"]
    ranks = [t for t in rec.texts if t.startswith("第 ") and "名" in t]
    assert len(ranks) == 2
    best = max(range(2), key=lambda s: res["scores"][s])
    assert ranks[0] == AL.word("ame.board.rank", "zh-TW", rank=1, name=NAMES[best], vp=res["scores"][best])


def test_zh_tw_board_words_the_last_move_in_chinese(monkeypatch):
    state = _building_game(4, 120)
    view = GAME.view(state, None)
    lines = A.last_lines(view, NAMES, "zh-TW")
    assert lines and not any(re.search(r"\b(the|and|takes|builds|sails)\b", t) for t in lines)
    assert A.last_lines(view, NAMES, "en") == [A._fill(t, NAMES) for t in view["last"]]


def test_move_announcements_name_tiles_in_words_not_codes():
    data = json.loads((FIXTURES / "building_game_4p.json").read_text())
    state = recorded_start(data)
    kinds = set()
    for seat, move in data["moves"]:
        GAME.play(state, seat, move)
        view = GAME.view(state, None)
        for locale in ("en", "zh-TW"):
            for line in A.last_lines(view, NAMES, locale):
                assert not CODES.search(line), (move, line)
                assert not re.search(r"\b(cotton|tea|sugar|coconut|coffee)[234]\b", line), (move, line)
        kinds.add(move.split()[0])
    assert {"take", "buy", "n", "v"} <= kinds   # the moves whose tiles used to be named by code


@pytest.mark.parametrize(("locale", "line"), [("en", "2 goods (3 VP)"), ("zh-TW", "貨物 2 個（3 分）")])
def test_the_turn_image_counts_a_seats_goods_beside_their_worth(locale, line):
    """Not "貨物 = 0 分": how many goods the seat holds, and what they are worth."""
    from games.amerigo.scoring import goods_points

    view = GAME.view(GAME.setup(3, 5), None)
    p = view["players"][view["to_move"][0] if view.get("to_move") else 0]
    good = next(iter(p["production"])) if p["production"] else "tea"
    p["goods"] = {good: 2}
    vp = goods_points(p["goods"], p["production"])
    parts = AT.turn_parts(view, ["Ann", "Bob", "Cy"], locale)
    assert AL.word("ame.board.goods_line", locale, n=2, vp=vp) in parts["resources"]
    assert line == AL.word("ame.board.goods_line", locale, n=2, vp=3)


@pytest.mark.parametrize("locale", ["en", "zh-TW"])
@pytest.mark.parametrize("players", [2, 4])
def test_frame_spaces_are_labelled_as_players_type_them(monkeypatch, locale, players):
    """The frame shows ``rim1``.. (what ``place rim1`` / ``ship 1 rim3`` take) at 20 px, not 13-15,
    and the legend says what they are ("外框格（輸入 rim1）"); the legend keeps to its box."""
    state = GAME.setup(players, 11)
    view = GAME.view(state, None)
    names = view["map"]["frame_names"]
    assert names[0] == "rim1"
    A._map_base.cache_clear()
    drawn: list[tuple[str, int]] = []
    real = C.text

    def spy(draw, xy, s, size=22, *args, **kwargs):
        drawn.append((str(s), size))
        return real(draw, xy, s, size, *args, **kwargs)

    monkeypatch.setattr(C, "text", spy)
    A.board_image(view, NAMES[:players], locale)
    sizes = dict(drawn)
    horizontal = [n for n in names if n in sizes]
    assert horizontal and all(sizes[n] >= A.FRAME_TYPE >= 20 for n in horizontal)
    key = AL.word("ame.board.lg.frame", locale, name="rim1")
    assert key in sizes and "rim1" in key
    L = A.layout(view)
    assert A._legend_rows(locale, L["map"][0], L["map"][2]) * 36 <= A.LEGEND_H - 12


def _intersects(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _spy_cuts(T, monkeypatch) -> list:
    """Every crop box the turn image takes (``turn._frame``), recorded as it is taken."""
    cuts = []
    real = T._frame

    def spy(*args, **kwargs):
        cuts.append(real(*args, **kwargs))
        return cuts[-1]
    monkeypatch.setattr(T, "_frame", spy)
    return cuts


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_panel_in_the_turn_image_is_drawn_whole_and_alone(players, monkeypatch):
    """When the last move changed a panel (a seat's at a turn's start, the development tiles, the
    circle...), the turn image draws that panel whole for its room and no other (a cut of the
    board took in strips of the panels above or beside it, and scaled all down to 9-16 px)."""
    drawn = []
    for name in ("_circle", "_special", "_production"):
        real = getattr(A, name)
        monkeypatch.setattr(A, name, lambda draw, view, *a, _n=name, _r=real: (drawn.append((_n, a)), _r(draw, view, *a)))
    real_player, real_devs = A._player, AT.devs_card
    monkeypatch.setattr(A, "_player", lambda draw, view, names, seat, *a: (drawn.append(("_player", seat)),
                                                                           real_player(draw, view, names, seat, *a)))
    monkeypatch.setattr(AT, "devs_card", lambda *a: (drawn.append(("devs", None)), real_devs(*a))[1])
    state = GAME.setup(players, 1)
    rnd = random.Random(1)
    kinds = set()
    for _ in range(40):
        view = GAME.view(state, None)
        kind = A._last_kind(view) if view.get("last") else "seat"
        if kind != "map":
            drawn.clear()
            renderers.render_turn("amerigo", view, NAMES[:players])
            assert len(drawn) == 1, (kind, drawn)
            (what, arg), = drawn
            want = {"circle": "_circle", "special": "_special", "prod": "_production", "devs": "devs",
                    "seat": "_player"}[kind]
            assert what == want, (kind, what)
            if kind == "seat":
                mover = A._mover(view)
                assert arg == (mover if mover is not None else view["to_move"][0])
            elif kind != "devs":   # the board's own box, whole
                box = arg[-3]   # (box, locale, highlight) end every panel drawer's arguments
                L = A.layout(view)
                assert (box[2] - box[0], box[3] - box[1]) == (L[kind][2] - L[kind][0], L[kind][3] - L[kind][1])
            kinds.add(kind)
        seat = next(iter(GAME.to_move(state)))
        GAME.play(state, seat, expand(GAME, state, seat, "", rnd))
    assert {"seat", "devs"} <= kinds


#: long names, Latin and Chinese, for the final ranking
LONG_NAMES = ["陳怡君", "Annabelle Longname", "Bartholomew Q. Smithers", "歐陽娜娜"]


def _final_view(players: int, seed: int = 1):
    state = GAME.setup(players, seed)
    rnd = random.Random(4)
    while GAME.result(state) is None:
        seat = next(iter(GAME.to_move(state)))
        GAME.play(state, seat, expand(GAME, state, seat, "", rnd))
    return GAME.view(state, None)


class ChipRecorder:
    """Every seat chip drawn (via ``canvas.seat_chip``): (seat, label, box)."""

    def __init__(self, monkeypatch):
        self.chips: list[tuple[int, str, tuple]] = []
        real = C.seat_chip

        def spy(draw, xy, seat, label, size=22, *args, **kwargs):
            w = real(draw, xy, seat, label, size, *args, **kwargs)
            x0 = xy[0] - w if kwargs.get("anchor") == "rm" else xy[0]
            self.chips.append((seat, str(label), (x0, xy[1] - size * 0.75, x0 + w, xy[1] + size * 0.75)))
            return w

        monkeypatch.setattr(C, "seat_chip", spy)

    def ranked(self, view, names, locale):
        """Each seat's ranking chip as drawn, by seat (the label whole: place, name and score)."""
        res = view["result"]
        want = {s: AL.word("ame.board.rank", locale, rank=place, name=names[s], vp=res["scores"][s])
                for s, place in A._places(res)}
        return {s: box for s, label, box in self.chips if want.get(s) == label}


def _inside(inner, outer) -> bool:
    return outer[0] <= inner[0] and outer[1] <= inner[1] and inner[2] <= outer[2] and inner[3] <= outer[3]


@pytest.mark.parametrize("locale", ["en", "zh-TW"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_final_turn_image_shows_every_seats_ranking_whole(players, locale, monkeypatch):
    """At the game's end the turn image shows every seat's place, name and score whole, long
    names too (a fixed 760 px cut of the board's ranking strip read '3. An…', the map under it)."""
    from renderers import turn as T

    cuts = _spy_cuts(T, monkeypatch)
    view = _final_view(players)
    names = LONG_NAMES[:players]
    rec = ChipRecorder(monkeypatch)
    turn = Image.open(io.BytesIO(renderers.render_turn("amerigo", view, names, locale)))
    assert turn.width <= 800 and turn.height <= 1000
    (cut,) = cuts
    ranked = rec.ranked(view, names, locale)
    assert sorted(ranked) == list(range(players))   # every seat's chip drawn, its label whole
    for s, box in ranked.items():
        assert _inside(box, cut), (s, box, cut)      # ... and inside what the image shows


@pytest.mark.parametrize("locale", ["en", "zh-TW"])
def test_the_boards_ranking_strip_holds_every_seat_with_long_names(locale, monkeypatch):
    """The full board's ranking strip drops no seat when four long names do not fit one row."""
    view = _final_view(4)
    names = ["Maximiliana Oberon-Featherstone", *LONG_NAMES[1:]]
    rec = ChipRecorder(monkeypatch)
    A.board_image(view, names, locale)
    L = A.layout(view)
    strip = (16, L["top"] - 84, A.W - 16, L["top"] - 12)
    ranked = rec.ranked(view, names, locale)
    assert sorted(ranked) == [0, 1, 2, 3]
    assert all(_inside(box, strip) for box in ranked.values()), ranked


def _sailing_after_a_post(players: int, seed: int) -> dict:
    """The public view of a seeded game (the first seat to move plays a random move) at the
    first sailing step where one ship has built a trading post and the other has not."""
    state = GAME.setup(players, seed)
    rnd = random.Random(seed)
    while GAME.result(state) is None:
        view = GAME.view(state, None)
        turn = view["turn"]
        if turn and turn["action"] == "sail" and sum(turn["posted"]) == 1:
            return view
        seat = next(iter(GAME.to_move(state)))
        GAME.play(state, seat, expand(GAME, state, seat, "", rnd))
    raise AssertionError("no sailing step after a post")


@pytest.mark.parametrize("players,seed,stays,left", [(2, 3, 1, (2, 4)), (3, 4, 2, (1, 5))])
def test_the_sailing_header_says_a_ship_that_built_a_post_stays(players, seed, stays, left, monkeypatch):
    """While sailing, the board's header and the turn image's status say what each ship has, as
    the bot's ask does: a ship that built a trading post "stays by its new post" (it read "ship 2
    has 5 steps left" for a ship that can no longer move this action)."""
    view = _sailing_after_a_post(players, seed)
    i, n = left
    assert view["turn"]["posted"][stays - 1] and not view["turn"]["posted"][i - 1]
    assert view["turn"]["budget"] - view["turn"]["moved"][i - 1] == n
    want = {"en": (f"ship {stays} stays by its new post", f"ship {i} has {n} steps left"),
            "zh-TW": (f"{stays} 號船停在新交易站旁", f"{i} 號船還有 {n} 步")}
    for locale, (stay, steps) in want.items():
        status = A.header_text(view, NAMES[:players], locale)[1]
        assert stay in status and steps in status, status
        assert f"ship {stays} has" not in status and f"{stays} 號船還有" not in status, status
        for draw in (lambda loc=locale: A.board_image(view, NAMES[:players], loc),
                     lambda loc=locale: renderers.render_turn("amerigo", view, NAMES[:players], loc)):
            rec = Recorder(monkeypatch)
            draw()
            title = A.header_text(view, NAMES[:players], locale)[0]
            k = rec.texts.index(title)
            rows = rec.texts[k + 1:k + 4]     # the status band: the seat's mark, one line or two
            assert any(stay in s and steps in s for s in (" ".join(rows), "".join(rows))), rows


def test_the_phase_title_names_the_poured_colour_not_one_action():
    """Any colour in the tray is an action, whatever the phase: the header said "2/7 black:
    Cannons" over a seat that was sailing. It names the phase by the colour poured, as the
    seat's ask does ("blue phase, 3 action points")."""
    from games.amerigo.data import ACTION_OF

    state = GAME.setup(3, 6)
    rnd = random.Random(6)
    while GAME.result(state) is None:
        view = GAME.view(state, None)
        turn = view["turn"]
        if turn and view.get("phase") and turn["action"] != ACTION_OF[view["phase"]]:
            break
        seat = next(iter(GAME.to_move(state)))
        GAME.play(state, seat, expand(GAME, state, seat, "", rnd))
    else:
        raise AssertionError("no action of another colour than the phase's")
    i = view["phase_index"] + 1
    actions = {locale: [AL.word(f"ame.board.act.{a}", locale) for a in ACTION_OF.values()]
               for locale in ("en", "zh-TW")}
    for locale, want in (("en", f"{view['phase']} phase {i}/7"), ("zh-TW", f"階段 {i}/7")):
        title = A.header_text(view, NAMES[:3], locale)[0]
        assert want in title, title
        assert not any(a in title for a in actions[locale]), title
