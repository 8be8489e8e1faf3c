"""Text <-> actions. Moves are short words; squares are like ``C7``.

Top of a turn::

    coins                 take coins (cubes shown / 3, rounded up)
    cannon 4 | develop 3 | order 2      move a track marker
    sail | plan | build | produce       start a multi-step action
    vp | first            one-shot development tiles
    use chest | use coins3 | use coins5 (any time you are to move)

Frame spaces are ``rim1``.. (never a square name). Version-1 logs called them
``F1``..: ``place F3`` still reads as the frame (``place`` only ever names
one), and a whole version-1 game replays on its own graph (``Amerigo.log_options``),
where ``ship 1 F3`` means what it meant then.

Steps inside an action, then ``done``::

    sail:    place rim3 | ship 1 C7 | ship 2 rim5 | post C8 | use sail8
    plan:    n i3 (neutral tile) | v l3 (own village tile)
    build:   n i3 C5 C6 C7 | v 1 D4
    produce: buy cotton3
    develop: take coins5
"""

from __future__ import annotations

from games.core import NotationError
from games.core.messages import msg, register
from games.core.notation import excerpt, is_number, words

from . import board as B
from .data import DEVELOPMENTS, SHAPES

HELP = """Amerigo: `coins`, `cannon 4`, `sail` then `ship 1 C7`/`post C8`/`done`, `build` then `n i3 C5 C6 C7`.
Each phase pours one colour; cubes shown = actions on offer, the biggest colour count = points.
`coins` take coins instead (cubes/3 rounded up). Extra points cost 1 coin each, paid automatically.
`cannon N` load cannons (black) | `develop N` progress track (brown), then `take <tile>` per number passed
`order N` special track (white) | the white cube also counts as the colour under your special-track disc
`sail` (blue): `place rim3` twice the first time, `ship 1 C7` (steps cost points, each ship has all points),
  `post C8` trading post next to the anchor your ship is on, `use sail8`, `done`
  (autocomplete lists anchors with a free post square first; type a letter to see every square)
`plan` (red): `n i3` take a neutral tile (cost = size, one per phase), `v l3` own village tile (cost 1), `done`
`build` (green): `n i3 C5 C6 C7` or `v 1 D4` on an island where you have a post, touching your post or a tile, `done`
`produce` (yellow): `buy cotton3` (cost = number), `done`
`vp`, `first`, `use chest`, `use coins3`, `use coins5`: one-shot tiles and chests
Shapes: 1 2 i3 l3 i4 o4 u5 r6. Goods: cotton tea sugar coconut coffee.
Squares: column letter + row (C7). Frame spaces: rim1, rim2.. clockwise from the top left.
"""

NUMBER_WORDS = ("cannon", "develop", "order")
SIMPLE = ("coins", "vp", "first", "done", "sail", "plan", "build", "produce")


def parse(text: str) -> tuple:
    """Text -> action tuple. Checks the shape of the move only, not legality."""
    toks = words(text)
    if not toks:
        raise NotationError("ame.err.type_move")
    head, rest = toks[0], toks[1:]
    if head in SIMPLE:
        if rest:
            raise NotationError("ame.err.nothing_after", head=head)
        return (head,)
    if head in NUMBER_WORDS:
        if len(rest) != 1 or not is_number(rest[0]):
            raise NotationError("ame.err.how_far", head=head)
        return (head, int(rest[0]))
    if head == "place":
        if len(rest) != 1 or not (_frame(rest[0]) or B.old_frame_number(rest[0])):
            raise NotationError("ame.err.place_usage")
        return ("place", _space(rest[0]))
    if head == "ship":
        if len(rest) != 2 or rest[0] not in ("1", "2") or not (_frame(rest[1]) or B.parse_cell(rest[1])):
            raise NotationError("ame.err.ship_usage")
        return ("ship", int(rest[0]) - 1, _space(rest[1]))
    if head == "post":
        if len(rest) != 1 or not B.parse_cell(rest[0]):
            raise NotationError("ame.err.post_usage")
        return ("post", rest[0].upper())
    if head == "use":
        if len(rest) != 1 or rest[0] not in ("chest", "coins3", "coins5", "sail8"):
            raise NotationError("ame.err.use_usage")
        return ("use", rest[0])
    if head in ("n", "v"):
        if not rest or rest[0] not in SHAPES:
            raise NotationError("ame.err.shape_usage", head=head, shapes=" ".join(SHAPES))
        cells = rest[1:]
        for c in cells:
            if not B.parse_cell(c):
                raise NotationError("ame.err.not_square", token=excerpt(c))
        return (head, rest[0], *[c.upper() for c in cells])
    if head == "buy":
        if len(rest) != 1:
            raise NotationError("ame.err.buy_usage")
        return ("buy", rest[0])
    if head == "take":
        if len(rest) != 1 or rest[0] not in DEVELOPMENTS:
            raise NotationError("ame.err.take_usage")
        return ("take", rest[0])
    raise NotationError("ame.err.unknown", head=excerpt(head), help=msg("ame.help.moves"))


def fmt(action: tuple) -> str:
    """Action tuple -> canonical text (``parse(fmt(a)) == a``)."""
    head = action[0]
    if head == "ship":
        return f"ship {action[1] + 1} {action[2]}"
    return " ".join(str(x) for x in action)


def _frame(tok: str) -> bool:
    return B.frame_number(tok) is not None


def _space(tok: str) -> str:
    """A frame space in lower case (``rim3``), a square in upper case (``F3``)."""
    return tok.lower() if _frame(tok) else tok.upper()


#: the sheet's first line, named in a refusal (zh-TW in messages.py)
register("en", {"ame.help.moves": HELP.splitlines()[0].replace("{", "{{").replace("}", "}}")})
