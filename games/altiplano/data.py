"""Altiplano components as tables.

Sources: the seed write-up (the spec for every rule it states) and the
publisher's English rulebook (``published``: the numbers the seed leaves
open). Published: the seven locations and what each stocks; tile counts;
the supply of every good and the carts by player count; the end-game value
of every good; 10 houses, 10 boats, 16 orders, 20 missions; orders removed
(6 with 2-3 players, 4 with 4-5); extension stacks A-D with 3+/4+/5+ marks,
five on display; the strip's surcharge of +1 on the second-lowest slot;
every basic action recipe; the 24 extension effects and 20 mission
conditions; house = 2 stone, 4 VP, +1 value per tile of one good; boat = 2
wood, 2 VP and one good at once; order = 1 coin; cart = 1 coin, max 4, one
per round; the road (1 wood + 1 stone a step; the first step a planning
space, the second a corn; 4 to 8 spaces); warehouse row 1 holds 3 tiles;
the Miner starts with 2 food, 1 fish, 1 ore and 1 coin; every role starts
with 1 or 2 food.

Boat cost: the seed names 2 stone in the harbor's action and 2 wood in its
worked sentence; the rulebook says 2 wood, so boats cost 2 wood.

DESIGNED (no seed or published text gives them): every table named in
``UNVERIFIED`` below. That table is the one list of them: ``/help
altiplano`` prints it and the views mark every card and tile that carries
one of these values (``designed_ids``).
"""

from __future__ import annotations

LOCATIONS = ("farm", "forest", "mine", "harbor", "village", "road", "market")

#: every tradeable good (food and corn included); order = display order
GOODS = ("food", "corn", "wood", "stone", "fish", "alpaca", "ore", "wool",
         "cacao", "glass", "cloth", "silver")

#: end-game value of one tile (published; cloth = 3 is in the seed too)
VALUES = {"food": 0, "corn": 0, "fish": 0, "alpaca": 0, "wood": 1, "stone": 1,
          "cacao": 1, "ore": 2, "wool": 2, "cloth": 3, "silver": 3, "glass": 4}

#: where each good's tiles lie ("supply" = central, beside the coins)
HOME = {"food": "supply", "corn": "road", "wood": "forest", "cacao": "forest",
        "stone": "mine", "ore": "mine", "silver": "mine", "alpaca": "farm",
        "wool": "farm", "cloth": "farm", "fish": "harbor", "glass": "market"}

TOTAL_TILES = {"food": 36, "corn": 25, "wood": 20, "stone": 20, "ore": 15,
               "cloth": 15, "wool": 15, "silver": 15, "glass": 12, "fish": 12,
               "alpaca": 12, "cacao": 12}

#: tiles in play by player count 2/3/4/5 (published set-up table)
SUPPLY = {
    "food": (36, 36, 36, 36), "corn": (12, 17, 22, 25), "wood": (12, 15, 18, 20),
    "stone": (12, 15, 18, 20), "ore": (8, 12, 14, 15), "cloth": (8, 12, 14, 15),
    "silver": (8, 12, 14, 15), "wool": (8, 12, 14, 15), "cacao": (7, 9, 11, 12),
    "fish": (7, 9, 11, 12), "alpaca": (7, 9, 11, 12), "glass": (7, 9, 11, 12),
}
#: carts in play (each player takes one of them at the start) (published)
CARTS = {2: 6, 3: 9, 4: 12, 5: 15}
MAX_CARTS = 4
#: order cards removed at random (published)
ORDERS_REMOVED = {2: 6, 3: 6, 4: 4, 5: 4}

#: tiles one location of the action board holds (DESIGNED: "2 or 3")
CAPACITY = {"farm": 3, "forest": 2, "mine": 2, "harbor": 3, "village": 3,
            "road": 2, "market": 3, "move": 4}

#: road: 4 planning spaces at the start, 8 at most; every step costs 1 wood
#: and 1 stone (published). What each step brings: the first a planning
#: space, the second a corn (published), then alternating (the order after
#: the second step is not printed in any text: DESIGNED).
ROAD_START, ROAD_MAX = 4, 8
ROAD_COST = {"wood": 1, "stone": 1}
ROAD_STEPS = ("space", "corn", "space", "corn", "space", "corn", "space")

#: market sale: coins per tile; the tile goes back to the box (DESIGNED)
SELL_PRICE = {"silver": 3, "glass": 2, "cloth": 2, "cacao": 1, "wool": 1, "ore": 1}

#: extension effects ("kinds"). need = tiles (or coins) placed on the tile;
#: gain = the goods to choose from (one per use); loc = where the pawn stands.
KINDS = {
    "food-alpaca": {"loc": "farm", "need": {"food": 1}, "gain": ("alpaca",)},
    "fish-ore": {"loc": "harbor", "need": {"fish": 1}, "gain": ("ore",)},
    "food-wood": {"loc": "forest", "need": {"food": 1}, "gain": ("wood",)},
    "food-ore": {"loc": "mine", "need": {"food": 1}, "gain": ("ore",)},
    "food-fish": {"loc": "harbor", "need": {"food": 1}, "gain": ("fish",)},
    "buy-cacao": {"loc": "market", "coins": 2, "gain": ("cacao",)},
    "buy-alpaca-stone": {"loc": "market", "coins": 1, "gain": ("alpaca", "stone")},
    "buy-fish-wood": {"loc": "market", "coins": 1, "gain": ("fish", "wood")},
    "buy-stone-wood": {"loc": "market", "coins": 1, "gain": ("stone", "wood")},
    "food-stone-ore": {"loc": "mine", "need": {"food": 1}, "gain": ("stone", "ore")},
    "fish-cacao": {"loc": "harbor", "need": {"fish": 2}, "gain": ("cacao",)},
    "fish-trade": {"loc": "harbor", "need": {"fish": 1}, "gain": ("ore", "stone", "wood")},
    "food2-cacao": {"loc": "forest", "need": {"food": 2}, "gain": ("cacao",)},
    "wild": {"special": True, "slots": 1},
    "alpaca-wool": {"loc": "farm", "need": {"alpaca": 1}, "gain": ("wool",)},
    "food-cacao": {"loc": "forest", "need": {"food": 1}, "gain": ("cacao",)},
    "coin-move": {"special": True},
    "swap": {"special": True},
    "buy-wool-ore": {"loc": "market", "coins": 2, "gain": ("wool", "ore")},
    "buy-silver-glass": {"loc": "market", "coins": 3, "gain": ("silver", "glass")},
    "final-store": {"special": True},
    "corn-store": {"special": True, "slots": 2},
    "village-spaces": {"special": True, "loc": "village", "extra": 2},
    "fish-wool-cacao": {"loc": "harbor", "need": {"fish": 1}, "gain": ("wool", "cacao")},
    # role-only (no extension has it): the stonemason's action
    "food-stone": {"loc": "mine", "need": {"food": 1}, "gain": ("stone",)},
}
#: kinds only a role tile has (the other 24 are the published extension
#: effects: the seed's 22 plus the village's 2 more spaces and fish -> wool/cacao)
ROLE_ONLY_KINDS = ("food-stone",)

KIND_TEXT = {
    "food-alpaca": "1 food -> 1 alpaca (farm)",
    "fish-ore": "1 fish -> 1 ore (harbor)",
    "food-wood": "1 food -> 1 wood (forest)",
    "food-ore": "1 food -> 1 ore (mine)",
    "food-fish": "1 food -> 1 fish (harbor)",
    "buy-cacao": "2 coins -> 1 cacao (market)",
    "buy-alpaca-stone": "1 coin -> alpaca/stone (market)",
    "buy-fish-wood": "1 coin -> fish/wood (market)",
    "buy-stone-wood": "1 coin -> stone/wood (market)",
    "food-stone-ore": "1 food -> stone/ore (mine)",
    "fish-cacao": "2 fish -> 1 cacao (harbor)",
    "fish-trade": "1 fish -> ore/stone/wood (harbor)",
    "food2-cacao": "2 food -> 1 cacao (forest)",
    "wild": "any tile, used at any location",
    "alpaca-wool": "1 alpaca -> 1 wool (farm)",
    "food-cacao": "1 food -> 1 cacao (forest)",
    "coin-move": "coins may pay for moves",
    "swap": "swap 1 planned tile (draw/crate)",
    "buy-wool-ore": "2 coins -> wool/ore (market)",
    "buy-silver-glass": "3 coins -> silver/glass (market)",
    "final-store": "before scoring: draw 10, store in open rows",
    "corn-store": "hold up to 2 corn, store later",
    "village-spaces": "2 more action spaces at the village",
    "fish-wool-cacao": "1 fish -> wool/cacao (harbor)",
    "food-stone": "1 food -> 1 stone (mine)",
}

#: the 28 tiles: id -> (stack, min players, kind, base cost) (DESIGNED)
EXTENSIONS = {
    "E01": ("A", 2, "food-alpaca", 1), "E02": ("A", 2, "food-fish", 1),
    "E03": ("A", 2, "food-wood", 1), "E04": ("A", 2, "food-ore", 1),
    "E05": ("A", 3, "coin-move", 1), "E06": ("A", 4, "food-fish", 1),
    "E07": ("A", 2, "village-spaces", 1),
    "E08": ("B", 2, "buy-alpaca-stone", 2), "E09": ("B", 2, "buy-fish-wood", 2),
    "E10": ("B", 3, "buy-stone-wood", 2), "E11": ("B", 2, "fish-ore", 2),
    "E12": ("B", 2, "food-stone-ore", 2), "E13": ("B", 2, "alpaca-wool", 2),
    "E14": ("B", 2, "swap", 2),
    "E15": ("C", 2, "fish-cacao", 3), "E16": ("C", 2, "fish-trade", 3),
    "E17": ("C", 2, "food2-cacao", 2), "E18": ("C", 3, "food-cacao", 3),
    "E19": ("C", 2, "wild", 3), "E20": ("C", 4, "buy-cacao", 2),
    "E21": ("C", 2, "corn-store", 2),
    "E22": ("D", 2, "buy-wool-ore", 3), "E23": ("D", 2, "buy-silver-glass", 3),
    "E24": ("D", 2, "final-store", 4), "E25": ("D", 2, "fish-wool-cacao", 3),
    "E26": ("D", 3, "wild", 3), "E27": ("D", 4, "fish-cacao", 3),
    "E28": ("D", 5, "buy-silver-glass", 3),
}
#: extra coins by strip slot, slot 0 = bottom (slot 1 = +1 published)
SURCHARGE = (0, 1, 1, 2, 3)
STRIP_SIZE = 5
FINAL_STORE_DRAW = 10

#: role tiles: kind of their action, starting goods, coins (DESIGNED but Miner).
#: No role's action may do strictly more than another's from the same input at
#: the same location (the stonemason makes stone only, the miner ore only).
ROLES = {
    "lumberjack": {"kind": "food-wood", "goods": ("food", "food", "alpaca", "stone"), "coins": 1},
    "shepherd": {"kind": "food-alpaca", "goods": ("food", "fish", "wood", "stone"), "coins": 2},
    "trader": {"kind": "buy-fish-wood", "goods": ("food", "food", "fish", "alpaca"), "coins": 3},
    "stonemason": {"kind": "food-stone", "goods": ("food", "food", "alpaca", "wood"), "coins": 1},
    "fisherman": {"kind": "food-fish", "goods": ("food", "food", "alpaca", "wood"), "coins": 1},
    "farmer": {"kind": "food-cacao", "goods": ("food", "food", "fish", "wood"), "coins": 1},
    "miner": {"kind": "food-ore", "goods": ("food", "food", "fish", "ore"), "coins": 1},
}

#: the ten goods a house boosts / a boat brings (one card per good, DESIGNED)
CARD_GOODS = ("wood", "stone", "fish", "alpaca", "ore", "wool", "cacao", "glass", "cloth", "silver")
HOUSES = {f"H{i + 1:02d}": g for i, g in enumerate(CARD_GOODS)}
BOATS = {f"B{i + 1:02d}": g for i, g in enumerate(CARD_GOODS)}
HOUSE_COST = {"stone": 2}
BOAT_COST = {"wood": 2}
HOUSE_VP, BOAT_VP = 4, 2
ORDER_COST = 1
CART_COST = 1

#: order id -> (goods needed, VP) (DESIGNED). Delivered tiles leave the
#: player's goods for good, while houses and boats keep their inputs, so an
#: order pays the goods' own value plus 2 VP per tile (and a corn).
_ORDER_GOODS = {
    "O01": {"fish": 2, "stone": 1}, "O02": {"wood": 2, "alpaca": 1},
    "O03": {"ore": 1, "wool": 1}, "O04": {"stone": 2, "ore": 1},
    "O05": {"cacao": 1, "fish": 1, "wood": 1}, "O06": {"alpaca": 2, "wool": 1},
    "O07": {"glass": 1, "stone": 1}, "O08": {"ore": 2, "silver": 1},
    "O09": {"cloth": 1, "wool": 1}, "O10": {"silver": 1, "glass": 1},
    "O11": {"cacao": 2, "glass": 1}, "O12": {"cloth": 1, "silver": 1},
    "O13": {"wool": 2, "cloth": 1}, "O14": {"fish": 1, "ore": 1, "cacao": 1},
    "O15": {"glass": 2, "cloth": 1}, "O16": {"silver": 1, "cloth": 1, "glass": 1},
}
ORDERS = {o: (need, sum(VALUES[g] * n for g, n in need.items()) + 2 * sum(need.values()))
          for o, need in _ORDER_GOODS.items()}

#: warehouse rows in filling order: (side, length, points). Row 1 = 3 tiles
#: (seed example); the rest DESIGNED.
WAREHOUSE = (
    ("left", 3, 2), ("left", 3, 3), ("left", 4, 4), ("left", 4, 5), ("left", 5, 7),
    ("right", 4, 6), ("right", 5, 8), ("right", 5, 9), ("right", 6, 11), ("right", 6, 12),
)

#: missions: id -> (test name, argument, VP, text). Conditions from the seed;
#: points DESIGNED.
MISSIONS = {
    "M01": ("orders", 3, 6, "complete 3 orders"),
    "M02": ("stored", ("alpaca", 3), 4, "3 alpaca in your warehouse"),
    "M03": ("kinds", 7, 6, "7 kinds of goods in your warehouse"),
    "M04": ("stored_total", 20, 7, "20 goods in your warehouse"),
    "M05": ("first", "row", 4, "first to complete a warehouse row"),
    "M06": ("rows_no_corn", 4, 7, "4 complete rows without corn"),
    "M07": ("own", {"silver": 3, "cloth": 3}, 6, "own 3 silver and 3 cloth at the end"),
    "M08": ("own", {"glass": 4}, 5, "own 4 glass at the end"),
    "M09": ("rows", 3, 5, "complete 3 warehouse rows"),
    "M10": ("stored", ("corn", 5), 4, "5 corn in your warehouse"),
    "M11": ("first", "fishrow", 5, "first to complete a row of fish"),
    "M12": ("boats", 3, 6, "build 3 boats"),
    "M13": ("houses", 3, 7, "build 3 houses"),
    "M14": ("most", "ore", 5, "most ore at the end"),
    "M15": ("stored", ("cacao", 4), 5, "4 cacao in your warehouse"),
    "M16": ("trio", 1, 5, "complete 1 order, build 1 boat and 1 house"),
    "M17": ("first", "order", 3, "first to complete an order"),
    "M18": ("first", "house", 3, "first to build a house"),
    "M19": ("most", "stone", 4, "most stone at the end"),
    "M20": ("wool_orders", 2, 5, "complete 2 orders with wool or cloth"),
}


#: Every value we could not verify (neither the seed nor the published
#: rulebook gives it): table -> what is designed. ``/help altiplano`` lists
#: these; the ids in ``DESIGNED_IDS`` are the cards and tiles that carry one.
UNVERIFIED = {
    "EXTENSIONS": "each extension tile's price, stack letter and player mark, and which effects come twice",
    "SURCHARGE": "the strip surcharge of slots 3 to 5 (+1, +2, +3)",
    "ROLES": "each role's action and starting goods (only the Miner's start is published)",
    "HOUSES": "the good each house counts",
    "BOATS": "the good each boat brings",
    "ORDERS": "the 16 orders' goods and VP (each pays its goods' value + 2 VP a tile)",
    "MISSIONS": "the VP of the 20 missions (their conditions are published)",
    "WAREHOUSE": "the rows' lengths beyond row 1 and their points",
    "SELL_PRICE": "the market's sale prices",
    "CAPACITY": "how many tiles each location's action space holds (the rules say 2 or 3)",
    "ROAD_STEPS": "the road's rewards after the second step (alternating space and corn)",
}

#: the cards and tiles that carry a designed value (all but the Miner role)
DESIGNED_IDS = frozenset(
    set(EXTENSIONS) | set(HOUSES) | set(BOATS) | set(ORDERS) | set(MISSIONS)
    | {r for r in ROLES if r != "miner"}
)
