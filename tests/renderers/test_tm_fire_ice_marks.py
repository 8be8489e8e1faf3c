"""A Fire & Ice seat's panel and turn card show its picked colour, and the Riverwalkers their
unlocked terrains, as the map draws those terrains (colour and pattern), in en and zh-TW."""

from __future__ import annotations

import io

from PIL import Image

from games import get
from renderers import terra_mystica as tm
from renderers.labels import label

OPTIONS = {"fire-and-ice-factions/ice": True, "fire-and-ice-factions/variable_v5": True}


def _view():
    """Ice Maidens (seat 0, colour picked: brown) and Riverwalkers (seat 1, unlocked: gray)."""
    game = get("terra-mystica")
    state = game.setup(3, 4, OPTIONS)
    want = {0: "setup icemaidens", 1: "setup riverwalkers", 2: "setup witches"}
    while any(f is None for f in state["factions"]) or state["phase"] == "factions":
        seat = min(game.to_move(state))
        moves = game.legal_moves(state, seat, "")
        game.play(state, seat, want[seat] if want[seat] in moves else moves[0])  # a colour pick: any
    for f, colour in ((state["factions"][0], 1), (state["factions"][1], 5)):
        f["colour"] = colour
    state["factions"][1]["unlocked"] = [5]
    return game.view(state, None)


def _colours(img) -> set:
    return {c for _n, c in img.convert("RGB").getcolors(1 << 20)}


def _has(img, colour, within: int = 12) -> bool:
    """A pixel of about ``colour`` (a PNG's palette moves colours a little)."""
    return any(max(abs(a - b) for a, b in zip(c, colour)) <= within for c in _colours(img))


def test_the_marks_name_the_picked_colour_and_the_unlocked_terrains():
    view = _view()
    for locale in ("en", "zh-TW"):
        t = tm._table(view, ["A", "B", "C"], locale)
        ice, river, witches = t["players"]
        assert tm._terrain_marks(t, ice) == (label("tm.board.picked", locale), ["plains"])
        assert tm._terrain_marks(t, river) == (label("tm.board.unlocked", locale), ["mountains"])
        assert tm._terrain_marks(t, witches) is None
    assert label("tm.board.unlocked", "zh-TW") != label("tm.board.unlocked", "en")


def test_the_turn_card_draws_them_as_the_map_does():
    t = tm._table(_view(), ["A", "B", "C"], "en")
    ice, river, witches = t["players"]
    plains, mountains = tm.TERRAIN_FILL["plains"], tm.TERRAIN_FILL["mountains"]
    ice_card, river_card, witch_card = (tm.seat_card(t, p, 776, 900) for p in (ice, river, witches))
    assert plains in _colours(ice_card) and mountains not in _colours(ice_card)
    assert mountains in _colours(river_card)
    # one line more than a faction without them
    assert ice_card.height - witch_card.height == tm.CARD_LINE


def test_the_board_and_hand_panels_draw_them():
    view = _view()
    board = Image.open(io.BytesIO(tm.render(view, ["A", "B", "C"])))
    # the swatches sit in the panels below the map (the map itself has plains and mountains too)
    panels = board.convert("RGB").crop((0, int(tm.MAP_BOTTOM) + 200, board.width, board.height))
    assert _has(panels, tm.TERRAIN_FILL["plains"]) and _has(panels, tm.TERRAIN_FILL["mountains"])
    hand = Image.open(io.BytesIO(tm.render_panel(view, 1, ["A", "B", "C"], "zh-TW")))
    assert _has(hand, tm.TERRAIN_FILL["mountains"])
