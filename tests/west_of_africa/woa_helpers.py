"""Shared set-ups for the West of Africa tests: a state at a given seat's turn."""

from games import get

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
