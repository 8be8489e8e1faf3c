"""West of Africa components as tables.

Published facts (from the rules write-up): the seven islands and their
regions, warehouse prices 6/9/12, berth counts, the sea-lane chain, worker
ships, 13 cards per player, crop supply 4 sugar / 2 wine / 2 grain, 3 workers,
15 starting coins, 45-coin cap, settlement track 4 or 6, 20 houses,
3 VP per house, influence 1 (crop) / 2 (worker) / 2 (ship).

DESIGNED values (the board and cards were not available): everything in
``DESIGNED`` below. See the package docstring for the reasons.
"""

from __future__ import annotations

CROPS = ("sugar", "wine", "grain")
CROP_SUPPLY = {"sugar": 4, "wine": 2, "grain": 2}

#: island key -> (display name, region, warehouse price, west->east position)
ISLANDS = {
    "hierro": ("El Hierro", "west", 6, 0),
    "palma": ("La Palma", "west", 6, 0),
    "gomera": ("La Gomera", "west", 6, 1),
    "tenerife": ("Tenerife", "middle", 9, 2),
    "canaria": ("Gran Canaria", "middle", 9, 3),
    "fuerteventura": ("Fuerteventura", "east", 12, 4),
    "lanzarote": ("Lanzarote", "east", 12, 5),
}
ISLAND_KEYS = tuple(ISLANDS)
#: Alternative spellings accepted in move text (after lower-casing).
ISLAND_ALIASES = {
    "el-hierro": "hierro", "elhierro": "hierro",
    "la-palma": "palma", "lapalma": "palma",
    "la-gomera": "gomera", "lagomera": "gomera",
    "gran-canaria": "canaria", "grancanaria": "canaria",
    "fuerte": "fuerteventura", "lanza": "lanzarote",
}
MULTIWORD = {"el hierro": "hierro", "la palma": "palma", "la gomera": "gomera", "gran canaria": "canaria"}

WORKER_SHIPS = ("west", "east")

#: sea lanes between harbours (ships and workers).
LANES = (
    ("palma", "gomera"),
    ("hierro", "gomera"),
    ("gomera", "tenerife"),
    ("tenerife", "canaria"),
    ("canaria", "fuerteventura"),
    ("fuerteventura", "lanzarote"),
)
#: extra lanes only workers use: the two worker ships touch one island each.
WORKER_SHIP_LANES = (("west", "gomera"), ("east", "fuerteventura"))


def _adjacency(pairs) -> dict[str, tuple[str, ...]]:
    out: dict[str, list[str]] = {}
    for a, b in pairs:
        out.setdefault(a, []).append(b)
        out.setdefault(b, []).append(a)
    return {k: tuple(v) for k, v in out.items()}


SHIP_ADJ = _adjacency(LANES)
#: worker steps: lanes plus ship -> island (never back onto a worker ship).
WORKER_ADJ = {k: tuple(v) for k, v in SHIP_ADJ.items()}
WORKER_ADJ["west"] = ("gomera",)
WORKER_ADJ["east"] = ("fuerteventura",)


def berths(island: str, players: int) -> int:
    """How many ships a harbour holds (El Hierro and Lanzarote take everyone)."""
    if island in ("hierro", "lanzarote"):
        return 5
    if island in ("tenerife", "canaria"):
        return 2 if players >= 4 else 1
    return 1


SHIP_STEPS = 3
WORKER_AP = 4
START_COINS = 15
COIN_CAP = 45
FIFTH_CARD_COST = 4
FARM_COST = 3
HOUSE_POINTS = 3
TOTAL_HOUSES = 20
WIN_POINTS = 25
INFLUENCE = {"crop": 1, "worker": 2, "ship": 2}


def track_size(players: int) -> int:
    return 6 if players >= 4 else 4


#: ---------------------------------------------------------------------------
#: DESIGNED: the data file marks these MISSING / PLACEHOLDER and the published
#: values are not known for certain. Faithful equivalents that satisfy every
#: worked example and count in the rules; change them here only.
#: ---------------------------------------------------------------------------
DESIGNED = {
    # Initiative number of each card (range 0..8 plus -4; totals of the
    # turn-order example are reachable: 4 cards = 9, 3 cards = 10, 5 cards = 4).
    "card_numbers": {
        "hierro": 0, "palma": 1, "gomera": 1, "tenerife": 2, "canaria": 3,
        "fuerteventura": 4, "lanzarote": 5,
        "workers": 0, "ship": 1, "farm": 2, "sell": 4, "build": 8, "minus": -4,
    },
    # Plots per island. ("field", crop) takes a crop only, ("site", cost) a
    # house only, ("dual", crop, cost) either. The examples need: 2 wine +
    # 1 sugar on La Palma, grain on La Gomera, a dual sugar/6 on Tenerife,
    # 6 + 9 on Lanzarote, >= 2 dual plots on Gran Canaria, two 6-sites on each
    # settlement island (2-player blockers), >= 20 house spaces.
    "plots": {
        "hierro": (("field", "sugar"), ("field", "sugar"), ("field", "grain")),
        "palma": (("field", "sugar"), ("field", "wine"), ("field", "wine"), ("field", "grain")),
        "gomera": (("field", "sugar"), ("field", "sugar"), ("field", "wine"), ("field", "grain")),
        "tenerife": (("field", "sugar"), ("field", "wine"), ("dual", "sugar", 6), ("dual", "grain", 9),
                     ("site", 6), ("site", 6), ("site", 9), ("site", 12)),
        "canaria": (("field", "sugar"), ("field", "grain"), ("dual", "sugar", 6), ("dual", "wine", 9),
                    ("site", 6), ("site", 6), ("site", 9), ("site", 12)),
        "fuerteventura": (("site", 6), ("site", 6), ("site", 9), ("site", 9), ("site", 12), ("site", 12)),
        "lanzarote": (("site", 6), ("site", 6), ("site", 9), ("site", 9), ("site", 12), ("site", 12)),
    },
    # Houses pre-placed as blockers on 6-cost sites (2p: two per settlement
    # island, 3p: one per settlement island).
    "blockers_per_island": {2: 2, 3: 1, 4: 0, 5: 0},
    # A ship pushed west out of La Palma (not covered by the rules) goes to El Hierro.
    "west_of_palma": "hierro",
    # Workers may not step back onto a worker ship (rules only mention ship -> island).
    "workers_return_to_ships_by_moving": False,
    # The -4 card goes to the "left" neighbour = the next seat (seat + 1).
    "left_neighbour_offset": 1,
}

#: What ``/help west-of-africa`` lists under "values we could not verify":
#: one line per entry of ``DESIGNED`` (the table of designed values above).
UNVERIFIED = {
    "card_numbers": "the initiative number on each card (the range 0 to 8 and the Minus 4 card are published)",
    "plots": "the crop fields, house spaces and house costs on each island",
    "blockers_per_island": "how many blocker houses stand on each settlement island with 2 or 3 players",
    "west_of_palma": "where a ship pushed west out of La Palma goes (El Hierro)",
    "workers_return_to_ships_by_moving": "whether workers may move back onto a ship (no)",
    "left_neighbour_offset": "who receives a passed Minus 4 card (the next seat)",
}
assert set(UNVERIFIED) == set(DESIGNED)

CARD_NUMBERS = DESIGNED["card_numbers"]
PLOTS = DESIGNED["plots"]

#: Card keys in display order. Island cards share the island keys.
ACTION_CARDS = ("workers", "ship", "farm", "sell", "build")
CARDS = ISLAND_KEYS + ACTION_CARDS + ("minus",)
CARD_NAMES = {k: ISLANDS[k][0] for k in ISLAND_KEYS} | {
    "workers": "Move workers", "ship": "Move ship", "farm": "Cultivate",
    "sell": "Sell", "build": "Found settlement", "minus": "Minus 4",
}
CARD_ALIASES = {
    "move": "workers", "worker": "workers", "cultivate": "farm", "plant": "farm",
    "found": "build", "settle": "build", "settlement": "build", "-4": "minus", "boat": "ship",
}

#: Colour names for seats in move text ("bump blue"); match renderers' palette order.
COLOURS = ("red", "blue", "green", "yellow", "purple")
