"""The maps the online site offers, as data: every row's cells and the bridge slots.

Each row lists its cells left to right: a terrain letter (``data.LETTER``) or ``~`` for river.
Fire & Ice side 1 and Loon Lakes are kept as the site keeps them, with an empty first row, so
their hex names start at B1 and the base map's geometry rule (odd rows shifted half a hex
right) holds unchanged. ``site_id`` is the site's map id (the SHA-1 of its terrain string),
the ``map ID`` line of its game logs. ``start_vp`` replaces the 20 VP every faction starts with
(the site's 2017 VP table, ``Original [2017 VP]``). Source: the published facts gathered from
the site (``terra-mystica-fire-ice.json``, ``maps``), each map checked there against its id.
"""

from __future__ import annotations

ORIGINAL = "original"

_ORIGINAL_ROWS = (
    "P M F L D W P S W F L W S",
    "D ~ ~ P S ~ ~ D S ~ ~ D",
    "~ ~ S ~ M ~ F ~ F ~ M ~ ~",
    "F L D ~ ~ W L ~ W ~ W P",
    "S P W L S P M D ~ ~ F S L",
    "M F ~ ~ D F ~ ~ ~ P M P",
    "~ ~ ~ M ~ W ~ F ~ D S L D",
    "D L P ~ ~ ~ L S ~ M P M",
    "W S M L W F D P M ~ L F W",
)
_ORIGINAL_BRIDGES = (
    "A3:C1 A7:C3 A11:C5 B1:C1 B1:D1 B2:C1 B3:C3 B4:C3 B5:C5 B6:C5 B6:D8 C2:D3 C2:D4 C2:E5 C4:D5 "
    "C5:D6 D6:E8 D6:E9 E4:G1 E8:G3 F1:H1 F2:G1 F2:H2 F3:G1 F4:G3 G2:H4 G2:I6 G4:H5 H6:I9"
)

MAPS: dict[str, dict] = {
    "original": {
        "site_id": "126fe960806d587c78546b30f1a90853b1ada468",
        "label": "Original",
        "rows": _ORIGINAL_ROWS,
        "bridges": _ORIGINAL_BRIDGES,
    },
    "original-2017vp": {
        "site_id": "91645cdb135773c2a7a50e5ca9cb18af54c664c4",
        "label": "Original [2017 vp]",
        "rows": _ORIGINAL_ROWS,
        "bridges": _ORIGINAL_BRIDGES,
        "start_vp": {
            "darklings": 15, "cultists": 16, "engineers": 16, "chaosmagicians": 19, "mermaids": 19,
            "nomads": 19, "witches": 19, "dwarves": 20, "halflings": 20, "icemaidens": 20,
            "riverwalkers": 21, "shapeshifters": 22, "swarmlings": 22, "yetis": 22, "acolytes": 23,
            "dragonlords": 24, "giants": 25, "alchemists": 27, "auren": 27, "fakirs": 33,
        },
    },
    "fire-ice-1": {
        "site_id": "95a66999127893f5925a5f591d54f8bcb9a670e6",
        "label": "Fire & Ice, Side 1",
        "rows": (
            "",
            "P ~ P S D ~ M F W L D L",
            "W D ~ L M W ~ ~ ~ D P S M",
            "F S ~ ~ ~ P F D ~ ~ ~ ~",
            "D M F D S ~ L W P ~ F L F",
            "~ ~ P ~ ~ W S F M ~ P S",
            "F W ~ ~ F ~ ~ ~ P L ~ M W",
            "M ~ D M L W F ~ W M ~ S",
            "S L ~ S P M L ~ D S ~ W L",
            "M F ~ W D S D ~ L P ~ P",
        ),
        "bridges": (
            "B2:C2 B5:C5 B5:D4 B6:D5 C3:D2 C3:E4 C4:E5 C6:D5 C7:E9 C8:E10 C9:E11 D3:E5 E1:G1 E2:G2 "
            "E5:F2 E5:G3 E9:F5 F1:G2 F1:G3 F1:H2 F2:G3 F2:H5 F3:H6 F6:G5 G2:H2 G4:H6 G6:H8 H2:I2 H6:I7 "
            "H8:I9 I3:J2 I7:J6 I9:J8"
        ),
    },
    "fire-ice-2": {
        "site_id": "be8f6ebf549404d015547152d5f2a1906ae8dd90",
        "label": "Fire & Ice, Side 2",
        "rows": (
            "P M F L P W P S W L F W S",
            "D ~ ~ D S ~ ~ D F ~ ~ D",
            "~ ~ S ~ M ~ F ~ S ~ W ~ ~",
            "F L D ~ ~ W L ~ W ~ M P",
            "S P W L D P F D ~ ~ F S W",
            "M F ~ ~ S M ~ ~ ~ P M D",
            "~ ~ ~ M ~ W ~ F ~ D S L P",
            "D L P ~ ~ ~ L S ~ M P W",
            "L S M L W F D P M ~ L F M",
        ),
        "bridges": _ORIGINAL_BRIDGES,
    },
    "loon-lakes-1.6": {
        "site_id": "fdb13a13cd48b7a3c3525f27e4628ff6905aa5b1",
        "label": "Loon Lakes v1.6",
        "rows": (
            "",
            "M L W P D L D W ~ ~ F L",
            "D S F ~ ~ S P ~ F M ~ P S",
            "P ~ ~ F W M ~ S L W ~ D",
            "L W M ~ D P F ~ ~ D ~ S W",
            "F D ~ S L ~ ~ W ~ M F P",
            "M ~ P M ~ D ~ M ~ P S L W",
            "W ~ ~ ~ W F P S D ~ ~ M",
            "D L S ~ L M L ~ ~ M F ~ L",
            "S P ~ F ~ ~ ~ F W P D S",
        ),
        "bridges": (
            "B4:D2 B9:C7 C3:D2 C3:E3 C5:D5 C8:D7 D2:E3 D5:E6 D5:F5 D7:E8 E3:F3 E6:F5 E7:F5 F5:G6 G2:H1 "
            "G2:I3 G3:H2 G7:I8 H5:J4 H7:I8 I3:J3 I6:J4"
        ),
    },
    "fjords-2.1": {
        "site_id": "2afadc63f4d81e850b7c16fb21a1dcd29658c392",
        "label": "Fjords v2.1",
        "rows": (
            "F S ~ P D M S M D W S L D",
            "L P ~ L F W ~ ~ ~ ~ ~ P",
            "M F W ~ ~ P ~ S M P D ~ M",
            "~ ~ ~ M ~ ~ F W L F W ~",
            "W M D ~ L W ~ P D M P ~ S",
            "S P ~ F D F ~ M L F ~ M",
            "D L ~ S M S L ~ P S ~ F W",
            "F ~ P W P D W ~ ~ ~ W L",
            "S ~ ~ F L M L ~ F D S P D",
        ),
        "bridges": (
            "A3:B2 A7:C5 A8:C6 A9:C7 A10:C8 B3:C3 B3:D1 B5:C5 B6:C8 C1:E1 C2:E2 C3:D1 C3:E3 C4:D1 C4:D2 "
            "C4:E5 C9:D6 C9:E10 D1:E3 D2:E5 D6:E10 E3:F3 E6:F5 E9:F9 F2:G3 F6:G6 F8:G9 G2:H2 G7:H6 "
            "G7:I6 G8:H7 G8:I7 H6:I6"
        ),
    },
}

#: the site's ``map ID`` line -> our map key
BY_SITE_ID = {v["site_id"]: k for k, v in MAPS.items()}
