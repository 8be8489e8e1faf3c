"""Every worked example of the rules write-up, each as its own test.

Names follow the write-up: Angelika, Marian and Tanya (seats 0, 1, 2).
"""

from games.west_of_africa import rules

from .woa_helpers import GAME, at_turn, fresh, play

ANGELIKA, MARIAN, TANYA = 0, 1, 2


def test_turn_order_by_card_total():
    """Angelika 4 cards = 9, Marian 3 cards = 10, Tanya 5 cards = 4 (pays 4 coins first)."""
    st = fresh(3)
    play(st, ANGELIKA, "choose build ship hierro workers")      # 8 + 1 + 0 + 0 = 9
    play(st, MARIAN, "choose build tenerife hierro")           # 8 + 2 + 0 = 10
    events = play(st, TANYA, "choose minus sell tenerife ship palma")  # -4 + 4 + 2 + 1 + 1 = 4
    assert st["totals"] == [9, 10, 4]
    assert st["order"] == [TANYA, ANGELIKA, MARIAN]
    assert st["coins"][TANYA] == 15 - 4
    assert GAME.to_move(st) == {TANYA}
    assert any("{p2} 4" in e.text and "Turn order: {p2}, {p0}, {p1}" in e.text for e in events)


def test_coin_track_arrival_order_breaks_ties():
    """Tanya goes 21 -> 27 and lands just below Marian's marker on 27."""
    st = at_turn(5, TANYA, ["sell", "gomera"], coins=[12, 27, 21, 30, 5])
    st["warehouses"]["gomera"][TANYA]["sugar"] = 1
    play(st, TANYA, "sell gomera")
    assert st["coins"][TANYA] == 27
    rank = rules.coin_rank(st)
    assert rank.index(TANYA) == rank.index(MARIAN) + 1     # loses the tie to Marian
    # ... but beats the other three: on coins (30 is more, so only 4 players are tied-relevant)
    assert rules.tie_key(st, TANYA) < rules.tie_key(st, MARIAN)
    for other in (0, 4):
        assert rules.tie_key(st, TANYA) > rules.tie_key(st, other)
    # a later arrival on 27 goes below Tanya
    rules.set_coins(st, 4, 27)
    assert rules.tie_key(st, TANYA) > rules.tie_key(st, 4)


def test_worker_move_example():
    """Ship -> La Gomera; ship -> La Gomera -> Tenerife; Gran Canaria -> Tenerife: 4 steps."""
    st = at_turn(3, MARIAN, ["workers"])
    st["workers"][MARIAN] = ["canaria", "west", "west"]
    play(st, MARIAN, "move west gomera", "move west gomera tenerife")
    assert st["turn"]["ap"] == 1
    play(st, MARIAN, "move canaria tenerife")
    assert sorted(st["workers"][MARIAN]) == ["gomera", "tenerife", "tenerife"]
    # all 4 steps used: the turn moved on by itself
    assert rules.current_seat(st) != MARIAN


def test_farming_costs_la_palma_and_la_gomera():
    """2 wine + 1 sugar on La Palma with 2 workers = 3 coins; 1 grain on La Gomera = 3 coins."""
    st = at_turn(3, ANGELIKA, ["farm", "palma", "gomera"], coins=[20, 15, 15])
    st["workers"][ANGELIKA] = ["east", "palma", "palma"]
    play(st, ANGELIKA, "farm palma wine wine sugar west west")
    assert st["coins"][ANGELIKA] == 17
    assert sorted(st["workers"][ANGELIKA]) == ["east", "west", "west"]
    planted = [p for p in st["plots"]["palma"] if p]
    assert sorted(p["crop"] for p in planted) == ["sugar", "wine", "wine"]
    play(st, ANGELIKA, "farm gomera grain")
    assert st["coins"][ANGELIKA] == 14
    assert st["supply"][ANGELIKA] == {"sugar": 3, "wine": 0, "grain": 1}


def test_sale_of_33_coins_keeps_the_rest():
    """2 crops at Fuerteventura (12 each) + 1 at Gran Canaria (9) = 33: 8 -> 41.

    The write-up has 3 wines in Gran Canaria, but a player owns only 2 wine
    tokens; 2 wine + 1 grain keeps the example's numbers.
    """
    st = at_turn(3, MARIAN, ["sell", "canaria", "fuerteventura"], coins=[15, 8, 15])
    st["warehouses"]["canaria"][MARIAN].update(wine=2, grain=1)
    st["warehouses"]["fuerteventura"][MARIAN].update(sugar=2)
    play(st, MARIAN, "sell fuerteventura", "sell canaria wine")
    assert st["coins"][MARIAN] == 41
    assert st["warehouses"]["canaria"][MARIAN] == {"sugar": 0, "wine": 1, "grain": 1}
    assert st["supply"][MARIAN]["sugar"] == 4 + 2 and st["supply"][MARIAN]["wine"] == 2 + 1


def test_settlements_for_21_coins_worth_9_points_empty_the_track():
    """Tenerife (6, on a dual sugar field) + Lanzarote (6 + 9): -21 coins, +9 points, track empty."""
    st = at_turn(3, TANYA, ["build", "tenerife", "lanzarote"], coins=[15, 15, 30])
    st["mayors"].update(tenerife=TANYA, lanzarote=TANYA)
    st["track"] = 3
    st["plots"]["tenerife"][0] = {"crop": "sugar", "seat": ANGELIKA}  # Angelika on the plain sugar field
    play(st, TANYA, "build tenerife dual-6", "build lanzarote 6 9")
    assert st["coins"][TANYA] == 9
    assert st["points"][TANYA] == 9
    assert st["track"] == 0
    dual_sugar = next(i for i, p in enumerate(rules.PLOTS["tenerife"]) if p == ("dual", "sugar", 6))
    assert st["plots"]["tenerife"][dual_sugar] == {"house": TANYA}


def test_ship_bumps_another_to_lanzarote():
    """La Gomera -> Tenerife (take 3 sugar) -> Gran Canaria -> Fuerteventura pushes Angelika east."""
    st = at_turn(3, MARIAN, ["ship"], ships=["fuerteventura", "gomera", "tenerife"])
    st["warehouses"]["tenerife"][MARIAN]["sugar"] = 3
    play(st, MARIAN, "ship tenerife +sugar +sugar +sugar canaria fuerteventura")
    assert st["ships"] == ["lanzarote", "fuerteventura", "tenerife"]  # Tanya's ship untouched
    assert st["warehouses"]["fuerteventura"][MARIAN]["sugar"] == 3
    assert st["warehouses"]["tenerife"][MARIAN]["sugar"] == 0


def test_first_round_ship_goes_to_an_empty_berth():
    """Tanya is at La Palma, so Angelika takes another empty berth (La Gomera)."""
    st = fresh(3)
    play(st, TANYA, "choose workers")
    play(st, ANGELIKA, "choose ship")
    play(st, MARIAN, "choose sell")
    assert rules.current_seat(st) == TANYA
    play(st, TANYA, "place palma")
    play(st, TANYA, "done")
    assert rules.current_seat(st) == ANGELIKA
    assert GAME.legal_moves(st, ANGELIKA, "") == ["place "]
    assert "place palma" not in GAME.legal_moves(st, ANGELIKA, "place ")
    play(st, ANGELIKA, "place gomera")
    assert st["ships"][ANGELIKA] == "gomera"


def test_first_round_ships_share_big_harbours_while_berths_are_free():
    """El Hierro and Lanzarote hold every ship; with 4-5 players Tenerife holds two."""
    st = fresh(4)
    for seat, cards in enumerate(["workers", "ship", "farm", "sell"]):
        play(st, seat, f"choose {cards}")
    play(st, 0, "place tenerife")
    play(st, 0, "done")
    play(st, 1, "place tenerife", "done")
    assert "place tenerife" not in GAME.legal_moves(st, 2, "place ")
    play(st, 2, "place hierro")
    assert "place hierro" in GAME.legal_moves(st, 3, "place ")


def test_extended_example_five_cards_many_options():
    """Angelika, mayor of Tenerife and Fuerteventura, picks 5 cards and pays 4 coins.

    She may sell on Tenerife and/or Fuerteventura, farm on Tenerife (the
    only one of the two with fields) and build on both.
    """
    st = fresh(3)
    st["round"] = 2
    st["ships"] = ["hierro", "lanzarote", "hierro"]
    st["mayors"].update(tenerife=ANGELIKA, fuerteventura=ANGELIKA)
    st["warehouses"]["tenerife"][ANGELIKA]["sugar"] = 1
    st["warehouses"]["fuerteventura"][ANGELIKA]["wine"] = 1
    st["supply"][ANGELIKA].update(sugar=3, wine=1)
    play(st, ANGELIKA, "choose tenerife fuerteventura sell farm build")   # 2+4+4+2+8 = 20
    play(st, MARIAN, "choose lanzarote build ship workers minus")         # 5+8+1+0-4 = 10
    play(st, TANYA, "choose build canaria lanzarote sell")                # 8+3+5+4 = 20
    assert st["coins"][ANGELIKA] == 11
    while rules.current_seat(st) != ANGELIKA:
        seat = rules.current_seat(st)
        play(st, seat, "done")
    assert sorted(GAME.legal_moves(st, ANGELIKA, "")) == ["build ", "done", "farm ", "sell "]
    assert GAME.legal_moves(st, ANGELIKA, "sell ") == [
        "sell tenerife", "sell tenerife ", "sell fuerteventura", "sell fuerteventura "]
    assert GAME.legal_moves(st, ANGELIKA, "farm ") == ["farm tenerife "]
    assert GAME.legal_moves(st, ANGELIKA, "build ") == ["build tenerife ", "build fuerteventura "]
    play(st, ANGELIKA, "sell tenerife", "sell fuerteventura")
    assert st["coins"][ANGELIKA] == 11 + 9 + 12
    play(st, ANGELIKA, "farm tenerife wine", "build fuerteventura 9")
    assert st["points"][ANGELIKA] == 3
