"""Terra Mystica components as tables.

Published facts (base game + the online site's data): terrain wheel, base
map, the 14 factions' start resources, costs, income tracks and abilities,
power actions, favour, town and round scoring tiles, bonus cards, cult
bonuses and final scoring. Values the data file marks UNVERIFIED follow the
online site (terra.snellman.net), which real records are replayed against:
TW6 gives two keys, TW7 gives a shipping level (Fakirs: carpet range), the
SCORE1 tile is never drawn for rounds 5-6, coins -> VP at 3:1 is allowed.
"""

from __future__ import annotations

# --- terrains -------------------------------------------------------------
TERRAINS = ("desert", "plains", "swamp", "lakes", "forest", "mountains", "wasteland", "ice", "volcano")
#: the online notation's colour names, by terrain index
COLOURS = ("yellow", "brown", "black", "blue", "green", "gray", "red", "ice", "volcano")
COLOUR_ALIASES = {"grey": "gray"}
LETTER = {"D": 0, "P": 1, "S": 2, "L": 3, "F": 4, "M": 5, "W": 6}
#: the terraforming wheel holds the first seven terrains; Fire & Ice adds two
#: that only a transform makes and nobody can transform again
WHEEL = 7
ICE = 7
VOLCANO = 8


def spade_distance(a: int, b: int) -> int:
    """Spades to turn terrain a into b around the 7-terrain wheel."""
    d = abs(a - b)
    return min(d, 7 - d)


# The maps (rows of cells, bridge slots) are in maps.py.

# --- buildings --------------------------------------------------------------
BUILDINGS = ("D", "TP", "TE", "SH", "SA")
BUILDING_NAMES = {"D": "dwelling", "TP": "trading house", "TE": "temple", "SH": "stronghold", "SA": "sanctuary"}
BUILDING_ALIASES = {"trading post": "TP", "trading house": "TP", "temple": "TE", "stronghold": "SH",
                    "sanctuary": "SA", "dwelling": "D"}
POWER_VALUE = {"D": 1, "TP": 2, "TE": 2, "SH": 3, "SA": 3}
SUPPLY = {"D": 8, "TP": 4, "TE": 3, "SH": 1, "SA": 1}
UPGRADE_FROM = {"TP": "D", "TE": "TP", "SH": "TP", "SA": "TE"}

CULTS = ("FIRE", "WATER", "EARTH", "AIR")
#: power gained when a cult marker reaches or passes these positions
CULT_POWER = {3: 1, 5: 2, 7: 2, 10: 3}
#: steps of the four priest spaces under each cult track
PRIEST_SPACES = (3, 2, 2, 2)

# --- factions ---------------------------------------------------------------
STD_COST = {"D": {"W": 1, "C": 2}, "TP": {"W": 2, "C": 3}, "TE": {"W": 2, "C": 5}}
STD_INCOME = {
    "D": [{"W": n} for n in (1, 2, 3, 4, 5, 6, 7, 8, 8)],
    "TP": [{"C": c, "PW": p} for c, p in ((0, 0), (2, 1), (4, 2), (6, 4), (8, 6))],
    "TE": [{"P": n} for n in (0, 1, 2, 3)],
    "SH": [{}, {"PW": 2}],
    "SA": [{}, {"P": 1}],
}


def _faction(name, home, c, w, p, bowls, cult, sh_cost, sa_cost, **extra):
    f = {
        "name": name, "home": None if home is None else TERRAINS.index(home), "start": {"C": c, "W": w, "P": p},
        "bowls": bowls, "cult": cult,
        "cost": dict(STD_COST, SH={"W": 4, "C": sh_cost}, SA={"W": 4, "C": sa_cost}),
        "income": {k: list(v) for k, v in STD_INCOME.items()},
        "ship": (0, 3), "ship_vp": (2, 3, 4), "dig_max": 2, "dig_cost": {"W": 2, "C": 5, "P": 1},
        "dwellings": 2, "favours_per_temple": 1, "vp_per_coin": 3,
    }
    for key, value in extra.items():
        if key == "income":
            f["income"].update(value)
        else:
            f[key] = value
    return f


def _trade(coins, power):
    return [{"C": c, "PW": p} for c, p in zip(coins, power, strict=True)]


FACTIONS = {
    "alchemists": _faction("Alchemists", "swamp", 15, 3, 0, (5, 7), (1, 1, 0, 0), 6, 6,
                           income={"TP": _trade((0, 2, 4, 7, 11), (0, 1, 2, 3, 4)), "SH": [{}, {"C": 6}]},
                           vp_per_coin=2),
    "auren": _faction("Auren", "forest", 15, 3, 0, (5, 7), (0, 1, 0, 1), 6, 8),
    "chaosmagicians": _faction("Chaos Magicians", "wasteland", 15, 4, 0, (5, 7), (2, 0, 0, 0), 4, 8,
                               income={"SH": [{}, {"W": 2}]}, dwellings=1, favours_per_temple=2),
    "cultists": _faction("Cultists", "plains", 15, 3, 0, (5, 7), (1, 0, 1, 0), 8, 8, leech="cult"),
    "darklings": _faction("Darklings", "swamp", 15, 1, 1, (5, 7), (0, 1, 1, 0), 6, 10,
                          income={"SA": [{}, {"P": 2}]}, dig_max=0),
    "dwarves": _faction("Dwarves", "mountains", 15, 3, 0, (5, 7), (0, 0, 2, 0), 6, 6,
                        income={"TP": _trade((0, 3, 5, 7, 10), (0, 1, 2, 4, 6))}, ship=None),
    "engineers": _faction("Engineers", "mountains", 10, 2, 0, (3, 9), (0, 0, 0, 0), 6, 6,
                          cost={"D": {"W": 1, "C": 1}, "TP": {"W": 1, "C": 2}, "TE": {"W": 1, "C": 4},
                                "SH": {"W": 3, "C": 6}, "SA": {"W": 3, "C": 6}},
                          income={"D": [{"W": n} for n in (0, 1, 2, 2, 3, 4, 4, 5, 6)],
                                  "TE": [{}, {"P": 1}, {"P": 1, "PW": 5}, {"P": 2, "PW": 5}]}),
    "fakirs": _faction("Fakirs", "desert", 15, 3, 0, (7, 5), (1, 0, 0, 1), 10, 6,
                       income={"SH": [{}, {"P": 1}]}, ship=None, dig_max=1),
    "giants": _faction("Giants", "wasteland", 15, 3, 0, (5, 7), (1, 0, 0, 1), 6, 6,
                       income={"SH": [{}, {"PW": 4}]}),
    "halflings": _faction("Halflings", "plains", 15, 3, 0, (3, 9), (0, 0, 1, 1), 8, 6,
                          dig_cost={"W": 2, "C": 1, "P": 1}),
    "mermaids": _faction("Mermaids", "lakes", 15, 3, 0, (3, 9), (0, 2, 0, 0), 6, 8,
                         income={"SH": [{}, {"PW": 4}]}, ship=(1, 5), ship_vp=(None, 2, 3, 4, 5)),
    "nomads": _faction("Nomads", "desert", 15, 2, 0, (5, 7), (1, 0, 1, 0), 8, 6,
                       income={"TP": _trade((0, 2, 4, 7, 11), (0, 1, 2, 3, 4))}, dwellings=3),
    "swarmlings": _faction("Swarmlings", "lakes", 20, 8, 0, (3, 9), (1, 1, 1, 1), 8, 8,
                           cost={"D": {"W": 2, "C": 3}, "TP": {"W": 3, "C": 4}, "TE": {"W": 3, "C": 6},
                                 "SH": {"W": 5, "C": 8}, "SA": {"W": 5, "C": 8}},
                           income={"D": [{"W": n} for n in (2, 3, 4, 5, 6, 7, 8, 9, 9)],
                                   "TP": _trade((0, 2, 4, 6, 9), (0, 2, 4, 6, 8)),
                                   "SH": [{}, {"PW": 4}], "SA": [{}, {"P": 2}]}),
    "witches": _faction("Witches", "forest", 15, 3, 0, (5, 7), (0, 0, 0, 2), 6, 6),
}
#: Fire & Ice (facts: the site's engine at f8a4e19 and its faction page). Their
#: abilities are hooks in ``fire_ice.py`` read from these keys:
#: ``group`` ice | volcano | variable (at most one of each per game; the ice and
#: volcano factions build on ice/volcano hexes made from a picked "anchor" colour,
#: the variable ones pick a home); ``pick`` when that colour is picked (``setup``:
#: right after choosing the faction, ``all``: once every faction is chosen);
#: ``setup_favours``; ``power_value`` (their own buildings, for leeches and towns);
#: ``action_discount`` / ``sh_reuse`` (power actions); ``sh_pass`` (kind, VP each
#: when passing with the SH); ``spade`` what a gained spade becomes (cult | token |
#: lost); ``volcano`` (paid in cult steps or tokens, from not-home / home terrain);
#: ``sh_priest_bonus``; ``sh_tokens``; ``river_only``; ``priest_limit``;
#: ``unlock_cost`` (coins, not-home / home terrain); ``forbid`` (actions);
#: ``sh_bridges``; ``leech_token`` (VP a token costs when an opponent takes power);
#: ``shift`` (actions, power, VP of the Shapeshifters' stronghold).
_ICE_DIG = {"W": 1, "C": 5, "P": 1}
_NINE = [{"W": n} for n in (1, 2, 3, 4, 5, 6, 7, 8, 9)]
_VOLCANO_D = [{"W": n} for n in (0, 1, 2, 3, 3, 4, 5, 6, 6)]
FACTIONS.update({
    "icemaidens": _faction("Ice Maidens", "ice", 15, 3, 0, (6, 6), (0, 1, 0, 1), 6, 6,
                           income={"D": _NINE, "SH": [{}, {"PW": 4}]}, dig_cost=_ICE_DIG,
                           group="ice", pick="setup", setup_favours=1, sh_pass=("TE", 3)),
    "yetis": _faction("Yetis", "ice", 15, 3, 0, (0, 12), (0, 0, 1, 1), 6, 6,
                      income={"D": _NINE, "TP": _trade((0, 2, 4, 6, 8), (0, 2, 4, 6, 8)), "SH": [{}, {"PW": 4}]},
                      dig_cost=_ICE_DIG, group="ice", pick="setup",
                      power_value={"D": 1, "TP": 2, "TE": 2, "SH": 4, "SA": 4}, action_discount=1, sh_reuse=True),
    "acolytes": _faction("Acolytes", "volcano", 15, 3, 0, (6, 6), (3, 3, 3, 3), 8, 8,
                         income={"D": _VOLCANO_D}, dig_max=0, group="volcano", pick="all",
                         spade="cult", volcano=("cult", 3, 4), sh_priest_bonus=1),
    "dragonlords": _faction("Dragonlords", "volcano", 15, 3, 0, (4, 4), (2, 0, 0, 0), 8, 8,
                            income={"D": _VOLCANO_D}, dig_max=0, group="volcano", pick="all",
                            spade="token", volcano=("tokens", 1, 2), sh_tokens="players"),
    "riverwalkers": _faction("Riverwalkers", None, 15, 3, 0, (10, 2), (1, 0, 0, 1), 6, 6,
                             income={"D": [{"W": n} for n in (1, 2, 3, 3, 4, 5, 5, 6, 7)],
                                     "TE": [{}, {"P": 1}, {"P": 1, "PW": 5}, {"P": 2, "PW": 5}]},
                             ship=(1, 1), dig_max=0, group="variable", pick="setup", spade="lost",
                             river_only=True, priest_limit=1, unlock_cost=(1, 2),
                             forbid=("ACT5", "ACT6", "BON1"), sh_bridges=2),
    "shapeshifters": _faction("Shapeshifters", None, 15, 3, 0, (4, 4), (1, 1, 0, 0), 6, 6,
                              cost=dict(STD_COST, SH={"W": 3, "C": 6}, SA={"W": 4, "C": 6}),
                              income={"SH": [{}, {"PW": 4}]}, dig_max=0, group="variable", pick="setup",
                              leech="token", leech_token=1, shift=(("ACTH5", "ACTH6"), 5, 0)),
})
for _name, _f in FACTIONS.items():
    _f["id"] = _name
    if _f["ship"] is None:
        _f["ship_vp"] = ()

#: the printed (2014) variable factions, option ``fire-and-ice-factions/variable``:
#: unlocking is free, the Shapeshifters' token is free and their shift costs 3
#: power or 3 tokens and scores 2 VP (the site's current table is the 2015 errata)
TABLES = dict(FACTIONS)
TABLES["riverwalkers_2014"] = dict(FACTIONS["riverwalkers"], unlock_cost=(0, 0))
TABLES["shapeshifters_2014"] = dict(FACTIONS["shapeshifters"], leech_token=0, shift=(("ACTH1", "ACTH2"), 3, 2))

#: the factions each Fire & Ice option offers (the site's option names)
FIRE_ICE_OPTIONS = {
    "fire-and-ice-factions/ice": ("icemaidens", "yetis"),
    "fire-and-ice-factions/volcano": ("acolytes", "dragonlords"),
    "fire-and-ice-factions/variable_v5": ("riverwalkers", "shapeshifters"),
    "fire-and-ice-factions/variable": ("riverwalkers", "shapeshifters"),
}
BASE_FACTIONS = tuple(f for f in FACTIONS if "group" not in FACTIONS[f])

#: the stronghold action each faction gets (None: its SH has another effect)
SH_ACTION = {"auren": "ACTA", "chaosmagicians": "ACTC", "giants": "ACTG", "nomads": "ACTN",
             "swarmlings": "ACTS", "witches": "ACTW"}
ACTION_OWNER = {v: k for k, v in SH_ACTION.items()}

#: free conversions: (from, to) -> (units of from per unit of to)
EXCHANGE = {("PW", "C"): 1, ("PW", "W"): 3, ("PW", "P"): 5, ("P", "W"): 1, ("P", "C"): 1,
            ("W", "C"): 1, ("C", "VP"): 3}

# --- power actions ----------------------------------------------------------
POWER_ACTIONS = {
    "ACT1": {"cost": 3, "gain": {"BRIDGE": 1}, "text": "a bridge"},
    "ACT2": {"cost": 3, "gain": {"P": 1}, "text": "1 priest"},
    "ACT3": {"cost": 4, "gain": {"W": 2}, "text": "2 workers"},
    "ACT4": {"cost": 4, "gain": {"C": 7}, "text": "7 coins"},
    "ACT5": {"cost": 4, "gain": {"SPADE": 1}, "text": "1 spade"},
    "ACT6": {"cost": 6, "gain": {"SPADE": 2}, "text": "2 spades"},
}

# --- favour tiles -----------------------------------------------------------
FAVOURS = {
    "FAV1": {"count": 1, "cult": ("FIRE", 3), "text": "Fire +3"},
    "FAV2": {"count": 1, "cult": ("WATER", 3), "text": "Water +3"},
    "FAV3": {"count": 1, "cult": ("EARTH", 3), "text": "Earth +3"},
    "FAV4": {"count": 1, "cult": ("AIR", 3), "text": "Air +3"},
    "FAV5": {"count": 3, "cult": ("FIRE", 2), "text": "Fire +2, towns need power 6"},
    "FAV6": {"count": 3, "cult": ("WATER", 2), "text": "Water +2, action: 1 cult step"},
    "FAV7": {"count": 3, "cult": ("EARTH", 2), "income": {"W": 1, "PW": 1}, "text": "Earth +2, income 1 W 1 PW"},
    "FAV8": {"count": 3, "cult": ("AIR", 2), "income": {"PW": 4}, "text": "Air +2, income 4 PW"},
    "FAV9": {"count": 3, "cult": ("FIRE", 1), "income": {"C": 3}, "text": "Fire +1, income 3 C"},
    "FAV10": {"count": 3, "cult": ("WATER", 1), "text": "Water +1, 3 VP per trading house built"},
    "FAV11": {"count": 3, "cult": ("EARTH", 1), "text": "Earth +1, 2 VP per dwelling built"},
    "FAV12": {"count": 3, "cult": ("AIR", 1), "text": "Air +1, pass: VP for trading houses 0/2/3/3/4"},
}
FAV12_PASS_VP = (0, 2, 3, 3, 4)

# --- town tiles -------------------------------------------------------------
TOWNS = {
    "TW1": {"count": 2, "gain": {"VP": 5, "C": 6}, "keys": 1},
    "TW2": {"count": 2, "gain": {"VP": 7, "W": 2}, "keys": 1},
    "TW3": {"count": 2, "gain": {"VP": 9, "P": 1}, "keys": 1},
    "TW4": {"count": 2, "gain": {"VP": 6, "PW": 8}, "keys": 1},
    "TW5": {"count": 2, "gain": {"VP": 8, "CULT": 1}, "keys": 1},
    "TW6": {"count": 1, "gain": {"VP": 2, "CULT": 2}, "keys": 2, "mini": True},
    "TW7": {"count": 2, "gain": {"VP": 4, "SHIP": 1}, "keys": 1, "mini": True},
    "TW8": {"count": 1, "gain": {"VP": 11}, "keys": 1, "mini": True},
}

# --- round scoring tiles ----------------------------------------------------
#: "event": VP per event in the round; "cult": (track, per, reward) after it
SCORING = {
    "SCORE1": {"event": ("SPADE", 2), "cult": ("EARTH", 1, {"C": 1}), "text": "SPADE >> 2"},
    "SCORE2": {"event": ("TOWN", 5), "cult": ("EARTH", 4, {"SPADE": 1}), "text": "TOWN >> 5"},
    "SCORE3": {"event": ("D", 2), "cult": ("WATER", 4, {"P": 1}), "text": "D >> 2"},
    "SCORE4": {"event": ("SHSA", 5), "cult": ("FIRE", 2, {"W": 1}), "text": "SA/SH >> 5"},
    "SCORE5": {"event": ("D", 2), "cult": ("FIRE", 4, {"PW": 4}), "text": "D >> 2"},
    "SCORE6": {"event": ("TP", 3), "cult": ("WATER", 4, {"SPADE": 1}), "text": "TP >> 3"},
    "SCORE7": {"event": ("SHSA", 5), "cult": ("AIR", 2, {"W": 1}), "text": "SA/SH >> 5"},
    "SCORE8": {"event": ("TP", 3), "cult": ("AIR", 4, {"SPADE": 1}), "text": "TP >> 3"},
    "SCORE9": {"event": ("TE", 4), "cult": ("PRIEST", 1, {"C": 2}), "text": "TE >> 4"},
}

# --- bonus cards ------------------------------------------------------------
BONUSES = {
    "BON1": {"income": {"C": 2}, "action": "SPADE", "text": "2 C, action: 1 spade"},
    "BON2": {"income": {"C": 4}, "action": "CULT", "text": "4 C, action: 1 cult step"},
    "BON3": {"income": {"C": 6}, "text": "6 C"},
    "BON4": {"income": {"PW": 3}, "ship": 1, "text": "3 PW, shipping +1"},
    "BON5": {"income": {"PW": 3, "W": 1}, "text": "3 PW 1 W"},
    "BON6": {"income": {"W": 2}, "pass": "SHSA", "text": "2 W, pass: 4 VP for SH and SA"},
    "BON7": {"income": {"W": 1}, "pass": "TP", "text": "1 W, pass: 2 VP per trading house"},
    "BON8": {"income": {"P": 1}, "text": "1 P"},
    "BON9": {"income": {"C": 2}, "pass": "D", "text": "2 C, pass: 1 VP per dwelling"},
    "BON10": {"income": {"PW": 3}, "pass": "SHIP", "text": "3 PW, pass: 3 VP per shipping level"},
}

#: the Fire & Ice final scoring tiles (option fire-and-ice-final-scoring), in the site's order
#: (alphabetical, which its draw shuffles); each scored 18/12/6 like the network (scoring.py)
FINAL_TILES = ("building-on-edge", "connected-clusters", "connected-distance", "connected-sa-sh-distance")

#: final scoring: VP for 1st/2nd/3rd on a cult track and for the network
CULT_FINAL = (8, 4, 2)
NETWORK_FINAL = (18, 12, 6)

#: Values the rule sources leave open, which follow the online site's data
#: (``/help terra-mystica`` lists them under "values we could not verify").
UNVERIFIED = {
    "TW6": "town tile TW6 gives two keys",
    "TW7": "town tile TW7 gives a shipping level (the Fakirs: carpet range)",
    "SCORE1": "round scoring tile SCORE1 is never drawn for rounds 5 and 6",
    "coins": "3 coins may be turned into 1 VP during play",
    "auction": "faction auction: bids go round from seat 0, a held faction is outbid by at least 1 VP "
               "and the outbid player bids again (designed)",
}
