"""Shared set-ups for the West of Africa tests: a state at a given seat's turn."""

from games import get
from games.west_of_africa import rules

GAME = get("west-of-africa")


def fresh(players=3, seed=1, **options):
    return GAME.setup(players, seed, options or None)


def at_turn(players, seat, cards, *, round_no=2, ships=None, coins=None, seed=1):
    """A state in phase 2 with ``seat`` to act, holding ``cards``.

    Other seats chose the Move workers card and come later in the order.
    Ships default to distinct harbours so nobody must place one.
    """
    st = GAME.setup(players, seed)
    st["round"] = round_no
    st["ships"] = list(ships) if ships else ["hierro", "lanzarote", "hierro", "lanzarote", "hierro"][:players]
    if coins is not None:
        st["coins"] = list(coins)
    for s in range(players):
        st["choice"][s] = list(cards) if s == seat else ["workers"]
    st["phase"] = "actions"
    st["totals"] = [sum(rules.CARD_NUMBERS[c] for c in st["choice"][s]) for s in range(players)]
    st["order"] = [seat] + [s for s in range(players) if s != seat]
    st["turn_idx"] = 0
    st["turn"] = {"closed": [], "current": None, "ap": 4}
    st["revealed"][seat] = True
    return st


def play(st, seat, *moves):
    events = []
    for m in moves:
        events += GAME.play(st, seat, m)
    return events


def busy_state(players=4):
    """A mid-game board with something everywhere (for renderer tests)."""
    st = GAME.setup(players, 7)
    for s in range(players):
        GAME.play(st, s, ["choose workers ship", "choose ship farm gomera", "choose sell minus",
                          "choose build", "choose tenerife"][s])
    order = st["order"]
    harbours = ["gomera", "tenerife", "canaria", "fuerteventura", "palma"]
    for i, s in enumerate(order):
        GAME.play(st, s, f"place {harbours[i]}")
        if GAME.to_move(st) == {s}:
            GAME.play(st, s, "done")
    st["round"] = 5
    st["plots"]["palma"][1] = {"crop": "wine", "seat": 0}
    st["plots"]["gomera"][0] = {"crop": "sugar", "seat": 1}
    st["plots"]["tenerife"][2] = {"crop": "sugar", "seat": 2}
    st["plots"]["canaria"][5] = {"house": 1}
    st["plots"]["lanzarote"][4] = {"house": 0}
    st["plots"]["fuerteventura"][2] = {"house": players - 1}
    for isl, seat, crop in [("gomera", 0, "grain"), ("gomera", 1, "wine"), ("canaria", 2, "sugar"),
                            ("canaria", 1, "sugar")]:
        st["warehouses"][isl][seat][crop] += 2
        st["supply"][seat][crop] -= 2
    for isl in ("palma", "gomera", "tenerife"):
        for p in st["plots"][isl]:
            if p and "crop" in p:
                st["supply"][p["seat"]][p["crop"]] -= 1
    st["workers"][0] = ["gomera", "tenerife", "west"]
    st["workers"][1] = ["canaria", "canaria", "east"]
    st["mayors"].update(gomera=0, canaria=1, fuerteventura=1, tenerife=0)
    st["points"] = [12, 14, 9, 7, 3][:players]
    st["coins"] = [23, 31, 8, 15, 45][:players]
    st["track"] = 3
    st["last"] = ["{p1} sails La Gomera → Tenerife → Gran Canaria; unloads 2 sugar at Gran Canaria",
                  "{p2}'s ship gives way to Fuerteventura"]
    st["highlight"] = ["gomera", "tenerife", "canaria", "fuerteventura"]
    return st
