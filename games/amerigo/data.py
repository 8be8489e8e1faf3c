"""Amerigo components as tables.

Published facts (see the module docstring of ``games.amerigo`` for the list of
DESIGNED values): 49 cubes, 7 per colour; phase colour order; 24 development
tiles; 50 production tiles (per goods type three 2s, four 3s, three 4s);
pirates 0,0,1,2,3,4; time markers 5,4,3,2; 40 goods, 8 per type; the
trading-post table 1,3,6,10,15,21; tile costs and values.
"""

from __future__ import annotations

# --- colours and actions ------------------------------------------------
#: phase order: one phase per colour, every round
COLOURS = ("blue", "black", "red", "brown", "green", "yellow", "white")
#: the action each colour stands for, and the verb that starts it
ACTION_OF = {
    "blue": "sail",
    "black": "cannon",
    "red": "plan",
    "brown": "develop",
    "green": "build",
    "yellow": "produce",
    "white": "order",
}
COLOUR_OF_ACTION = {v: k for k, v in ACTION_OF.items()}
CUBES_PER_COLOUR = 7
ROUNDS = 5

# --- the cube tower (DESIGNED model, data file section 5.2) -------------
TOWER_SETUP_STICK = 0.30   # each cube of the first pour stays inside
TOWER_STICK = 0.45         # each cube of a phase pour stays inside
TOWER_KNOCK = 0.13         # per dropped cube, chance a lodged cube is knocked out
TOWER_RESOLUTION = 10000   # probabilities are drawn as integers 1..this

# --- players --------------------------------------------------------------
STARTING_COINS = (0, 1, 2, 3)   # by position on the special track, top first
COIN_CAP = 12                    # coins above this turn into VP at once
CANNON_CAP = 12
POSTS_PER_PLAYER = 12
SHIPS = 2
GAIN_WHEN_TRACK_FULL = 2         # coins for action points a full track wastes

# --- tracks (DESIGNED: the printed spaces are not in any source) --------
#: progress track: space index -> number printed there (VP at the end)
DEVELOP_NUMBERS = {2: 1, 4: 3, 7: 6, 9: 10, 12: 15}
DEVELOP_END = 12
#: special action track: colour of each space (space 0 is the start)
SPECIAL_COLOURS = (None,) + tuple(
    ("blue", "black", "red", "brown", "green", "yellow")[(i - 1) % 6] for i in range(1, 16)
)
SPECIAL_NUMBERS = {3: 1, 6: 3, 9: 6, 12: 10, 15: 15}
SPECIAL_END = 15

# --- scoring --------------------------------------------------------------
FIRST_POST_VP = 3
COMPLETE_VP = 3
CHEST_COINS = 3
CHESTS = 5
BIG_ISLAND = 20                   # land squares from which an island is big
#: time marker values, round 1..5 (5,4,3,2 are the markers; 1 is the
#: printed space under them, DESIGNED)
TIME_VALUES = (5, 4, 3, 2, 1)
PIRATES = (0, 0, 1, 2, 3, 4)
PIRATES_USED = 5


def post_table(posts: int) -> int:
    """Trading-post scoring table 1,3,6,10,15,21 (triangular numbers).

    Above 6 posts the table is extended the same way (DESIGNED)."""
    return posts * (posts + 1) // 2


# --- goods and production -----------------------------------------------
GOODS = ("cotton", "tea", "sugar", "coconut", "coffee")
GOODS_LETTER = {"c": "cotton", "t": "tea", "s": "sugar", "n": "coconut", "f": "coffee"}
GOODS_PER_TYPE = 8
#: production sets (DESIGNED split; per type the costs are published)
PRODUCTION_SETS = {"II": (2, 2, 3, 3, 4, 4), "III": (2, 3), "IV": (3, 4)}
#: players -> sets used and how many of each set are shown per round
PRODUCTION_SHOWN = {2: {"II": 6}, 3: {"II": 6, "III": 2}, 4: {"II": 6, "III": 2, "IV": 2}}

# --- tile shapes ------------------------------------------------------------
#: shape id -> cells (row, col) of one orientation
SHAPES = {
    "1": ((0, 0),),
    "2": ((0, 0), (0, 1)),
    "i3": ((0, 0), (0, 1), (0, 2)),
    "l3": ((0, 0), (1, 0), (1, 1)),
    "i4": ((0, 0), (0, 1), (0, 2), (0, 3)),
    "o4": ((0, 0), (0, 1), (1, 0), (1, 1)),
    "u5": ((0, 0), (1, 0), (1, 1), (1, 2), (0, 2)),
    "r6": ((0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2)),
}
SHAPE_NAMES = {
    "1": "single", "2": "domino", "i3": "straight 3", "l3": "L 3", "i4": "straight 4",
    "o4": "square 4", "u5": "U 5", "r6": "2x3",
}
#: neutral landscape tiles: shape -> count (counts DESIGNED, total 37)
NEUTRAL_COUNTS = {"1": 5, "2": 5, "i3": 5, "l3": 5, "i4": 4, "o4": 4, "u5": 5, "r6": 4}
#: village tiles per player: shape -> count (counts DESIGNED, total 16)
VILLAGE_COUNTS = {"1": 3, "2": 3, "i3": 3, "l3": 3, "i4": 2, "o4": 2}
NEUTRAL_VP_PER_SQUARE = {False: 2, True: 3}   # small / big island
VILLAGE_VP = {False: 1, True: 2}
VILLAGE_COST = 1


def orientations(shape: str) -> list[tuple[tuple[int, int], ...]]:
    """Every rotation and mirror image of a shape, normalised, no repeats."""
    cells = SHAPES[shape]
    out = []
    for flip in (False, True):
        pts = [(r, -c) if flip else (r, c) for r, c in cells]
        for _ in range(4):
            pts = [(c, -r) for r, c in pts]
            r0 = min(r for r, _ in pts)
            c0 = min(c for _, c in pts)
            norm = tuple(sorted((r - r0, c - c0) for r, c in pts))
            if norm not in out:
                out.append(norm)
    return out


ORIENTATIONS = {s: orientations(s) for s in SHAPES}

# --- development tiles (24) -------------------------------------------------
#: id -> (kind, short description). kind: "perm", "once" (1x) or "end" (E)
DEVELOPMENTS = {
    "blue+2": ("perm", "+2 points for sail"),
    "black+2": ("perm", "+2 points for cannons"),
    "red+2": ("perm", "+2 points for plan"),
    "brown+2": ("perm", "+2 points for develop"),
    "green+2": ("perm", "+2 points for build"),
    "yellow+2": ("perm", "+2 points for produce"),
    "blue/red+1": ("perm", "+1 point for sail or plan"),
    "brown/green+1": ("perm", "+1 point for develop or build"),
    "black/yellow+1": ("perm", "+1 point for cannons or produce"),
    "sail8": ("once", "+8 points in one sail action (once)"),
    "pirates+2": ("perm", "pirates are 2 stronger against every player including the owner"),
    "halfloss": ("perm", "lose only half the pirate VP (round up)"),
    "repel2": ("perm", "+2 coins each round you repel the pirates"),
    "plan2": ("perm", "plan may take two neutral tiles"),
    "redgreen": ("perm", "red cubes count as green and green as red"),
    "first": ("once", "jump on top of the leader in a white phase (once)"),
    "coins3": ("once", "3 coins (once)"),
    "coins5": ("once", "5 coins (once)"),
    "postcoin": ("perm", "+1 coin per trading post founded later"),
    "halfcoins": ("perm", "coins taken = cubes / 2 (round up)"),
    "vp": ("once", "VP equal to the cubes shown in place of an action (once)"),
    "e-posts": ("end", "1 VP per own trading post at the game end"),
    "e-7": ("end", "7 VP at the game end"),
    "e-coins": ("end", "VP equal to your coins again at the game end"),
}
#: extra action points by development tile and action colour
AP_BONUS = {
    "blue+2": {"blue": 2}, "black+2": {"black": 2}, "red+2": {"red": 2},
    "brown+2": {"brown": 2}, "green+2": {"green": 2}, "yellow+2": {"yellow": 2},
    "blue/red+1": {"blue": 1, "red": 1}, "brown/green+1": {"brown": 1, "green": 1},
    "black/yellow+1": {"black": 1, "yellow": 1},
}
DEV_DISPLAY = 8
DEV_REFILL = 4

# --- island tiles (DESIGNED layouts, data file section 6.3) -----------------
#: 6x6 squares each. ``.`` water, ``A`` anchor (water), ``#`` land,
#: ``P`` trading-post square (land, next to an anchor), ``c t s n f`` land
#: with a good (cotton, tea, sugar, coconut, coffee). About half of every
#: tile is land, split into one to three islands that grow into bigger ones
#: across tile edges. The corners are always sea and every edge is one of
#: three kinds: land all along (``.####.``), a land bridge in the middle
#: (``..##..``) or open sea (``......``); these nest, so neighbouring tiles
#: in any rotation meet edge to edge, never corner to corner.
TILE_SIZE = 6
ISLAND_TILES = (
    # 1
    ("......",
     ".#cPA.",
     ".###.#",
     ".##.AP",
     ".s#...",
     ".####."),
    # 2
    (".####.",
     "#t##..",
     "###PA.",
     "#f....",
     "###PA.",
     "......"),
    # 3
    ("......",
     ".###s#",
     "#PA.##",
     "##.AP#",
     "....c#",
     "......"),
    # 4
    ("......",
     ".##n#.",
     "#P##P.",
     "#AA.A.",
     "..P#f.",
     ".####."),
    # 5
    ("..##..",
     ".#n...",
     ".#P...",
     ".#A...",
     ".#Pc#.",
     "..A..."),
    # 6
    (".####.",
     ".#t#PA",
     ".##...",
     "..A...",
     ".#P#s.",
     "..##.."),
    # 7
    ("......",
     "#PA.##",
     "#s.P##",
     "##.Af#",
     "#..###",
     "......"),
    # 8
    ("......",
     "#c###.",
     "##PA..",
     "#.....",
     "#P.Pn.",
     ".A.A.."),
    # 9
    (".####.",
     "APt###",
     "###f##",
     "##PAP#",
     ".n...#",
     "......"),
    # 10
    ("......",
     "#s#PA.",
     "#.....",
     "#.APc.",
     "#t##t.",
     ".####."),
    # 11
    ("......",
     "#PA#f.",
     "#n.#P#",
     "t#..A#",
     "##PA..",
     "......"),
    # 12
    ("..##..",
     ".##s##",
     "AP...#",
     "..AP##",
     ".#c##f",
     "......"),
    # 13
    (".####.",
     ".n##P.",
     "f#.#A.",
     "#PA#..",
     "...c..",
     "......"),
    # 14
    ("......",
     ".##t##",
     "AP#..#",
     ".A.AP#",
     ".Ps###",
     ".####."),
    # 15
    ("......",
     ".n#PA.",
     ".t...#",
     ".#.AP#",
     ".#cP#.",
     ".####."),
    # 16
    (".####.",
     "#f##PA",
     "#s..##",
     "#.AP##",
     "#n....",
     "......"),
)
#: players -> (tiles across, tiles down)
MAP_SIZE = {2: (3, 3), 3: (4, 3), 4: (4, 4)}
#: map acceptance (DESIGNED): at least this many big islands, none larger
#: than MAX_ISLAND squares, so chests matter and islands can be completed
MIN_BIG_ISLANDS = {2: 1, 3: 2, 4: 2}
MAX_ISLAND = 60


#: Every value we could not verify (neither the seed nor the publisher's
#: rulebook gives it): table -> what is designed. ``/help amerigo`` lists
#: these; the view marks the map, the neutral tiles and the development tiles
#: that carry one (``designed``).
UNVERIFIED = {
    "ISLAND_TILES": "the 16 island tiles' layouts (land, goods, anchors, trading-post squares)",
    "frame": "how the frame spaces connect to each other and to the sea along the tiles",
    "NEUTRAL_COUNTS": "how many neutral tiles of each shape (37 in all) and village tiles of each shape (16 each)",
    "DEVELOP_NUMBERS": "the numbers printed on the progress track (1, 3, 6, 10, 15)",
    "SPECIAL_COLOURS": "the colours and numbers of the special-action track's spaces",
    "PRODUCTION_SETS": "how the production values 2/3/4 split between the 2-, 3- and 4-player sets",
    "TIME_VALUES": "the time value of round 5 (1)",
    "post_table": "trading-post scores above 6 posts (the triangular numbers go on)",
    "TOWER": "the cube tower model (how many cubes stay inside and fall out)",
    "DEVELOPMENTS": "how many copies of each development effect make the 24 tiles, and whether 12 of them "
                    "are permanent or once",
}
#: development tiles whose kind (permanent / once / end) the rulebook states
DEV_KIND_PUBLISHED = frozenset({"coins3", "coins5", "e-posts", "e-7", "e-coins"})
DEV_DESIGNED = frozenset(set(DEVELOPMENTS) - DEV_KIND_PUBLISHED)
