"""Each card and action, and the rules around them."""

import pytest

from games.core import IllegalMove, NotationError, RuleError
from games.west_of_africa import notation, rules

from .woa_helpers import GAME, at_turn, fresh, play


# ------------------------------------------------------------------ choosing
def test_choice_is_secret_until_the_turn():
    st = fresh(3)
    events = play(st, 0, "choose tenerife farm sell")
    assert events[0].kind == "secret"
    assert "Tenerife" in events[0].private and "Tenerife" not in events[0].text
    public = GAME.view(st, None)
    other = fresh(3)
    play(other, 0, "choose lanzarote build")
    assert GAME.view(other, None) == public  # nothing of the choice shows
    assert public["players"][0]["ready"] is True and public["players"][0]["cards"] is None
    assert public["players"][0]["total"] is None
    assert "you" not in public
    assert GAME.view(st, 0)["you"]["choice"] == ["tenerife", "farm", "sell"]
    assert GAME.view(st, 1)["you"]["choice"] is None
    # after the reveal only the totals are public until each seat's turn
    play(st, 1, "choose build")
    play(st, 2, "choose lanzarote")
    public = GAME.view(st, None)
    first = public["turn_seat"]
    for p in public["players"]:
        assert p["total"] is not None
        assert (p["cards"] is not None) == (p["seat"] == first)


def test_fifth_card_needs_four_coins_at_selection():
    st = fresh(3)
    st["coins"][0] = 3
    with pytest.raises(IllegalMove, match="fifth card costs 4"):
        GAME.play(st, 0, "choose tenerife farm sell ship workers")
    assert all(not m.endswith(" ") for m in GAME.legal_moves(st, 0, "choose tenerife farm sell "))
    st["coins"][0] = 4
    play(st, 0, "choose tenerife farm sell ship workers")
    play(st, 1, "choose build")
    play(st, 2, "choose build")
    assert st["coins"][0] == 0


def test_choice_limits_and_minus_cards():
    st = fresh(3)
    with pytest.raises(IllegalMove):
        GAME.play(st, 0, "choose tenerife tenerife")
    with pytest.raises(IllegalMove, match="Minus 4"):
        GAME.play(st, 0, "choose minus minus")
    with pytest.raises(IllegalMove, match="1 to 5"):
        GAME.play(st, 0, "choose hierro palma gomera tenerife canaria fuerteventura")
    st["minus"][0] = 2
    play(st, 0, "choose minus minus farm")
    assert st["choice"][0].count("minus") == 2


def test_minus_cards_pass_to_the_left_after_the_turn():
    st = fresh(3)
    play(st, 0, "choose minus ship")
    play(st, 1, "choose build")
    play(st, 2, "choose sell")
    assert rules.current_seat(st) == 0
    play(st, 0, "place gomera", "done")
    assert st["minus"] == [0, 2, 1]


def test_card_names_aliases_and_numbers():
    assert notation.parse("choose Gran Canaria la palma -4 cultivate")["cards"] == ["canaria", "palma", "minus", "farm"]
    assert notation.parse("choose 1 3 13")["cards"] == ["hierro", "gomera", "minus"]
    with pytest.raises(NotationError):
        notation.parse("choose s")  # sell or ship?


# -------------------------------------------------------------- island cards
def test_actions_need_the_island_card_and_the_action_card():
    st = at_turn(3, 0, ["farm", "palma"])
    with pytest.raises(IllegalMove, match="islands whose card you chose"):
        GAME.play(st, 0, "farm gomera sugar")
    with pytest.raises(IllegalMove, match="did not choose the Sell"):
        GAME.play(st, 0, "sell palma")


def test_one_action_at_a_time():
    st = at_turn(3, 0, ["workers", "farm", "gomera"], coins=[30, 15, 15])
    play(st, 0, "move west gomera")
    play(st, 0, "farm gomera sugar west")
    with pytest.raises(IllegalMove, match="already finished your move workers"):
        GAME.play(st, 0, "move west gomera")
    # farming on the same card again continues the same action
    play(st, 0, "farm gomera wine")
    assert st["coins"][0] == 30 - 2 - 3


def test_farming_worker_goes_to_the_ship_of_choice_and_may_move_again():
    st = at_turn(3, 0, ["farm", "gomera", "workers"], coins=[30, 15, 15])
    st["workers"][0] = ["gomera", "west", "west"]
    play(st, 0, "farm gomera sugar east")
    assert st["coins"][0] == 28
    assert sorted(st["workers"][0]) == ["east", "west", "west"]
    play(st, 0, "move east fuerteventura")  # the helper counts as no move; it may move now
    assert "fuerteventura" in st["workers"][0]


def test_three_workers_make_farming_free_and_east_has_no_fields():
    st = at_turn(3, 0, ["farm", "gomera", "lanzarote"], coins=[0, 15, 15])
    st["workers"][0] = ["gomera", "gomera", "gomera"]
    play(st, 0, "farm gomera sugar sugar west west east")
    assert st["coins"][0] == 0
    st2 = at_turn(3, 0, ["farm", "lanzarote"])
    with pytest.raises(IllegalMove, match="no fields"):
        GAME.play(st2, 0, "farm lanzarote sugar")


def test_farming_needs_free_tokens_free_fields_and_coins():
    st = at_turn(3, 0, ["farm", "palma"], coins=[5, 15, 15])
    with pytest.raises(IllegalMove, match="costs 6"):
        GAME.play(st, 0, "farm palma wine wine")
    st["coins"][0] = 30
    with pytest.raises(IllegalMove, match="grain token"):
        GAME.play(st, 0, "farm palma grain grain grain")
    st["plots"]["palma"][3] = {"crop": "grain", "seat": 1}
    with pytest.raises(IllegalMove, match="No empty grain field"):
        GAME.play(st, 0, "farm palma grain")


def test_dual_use_fields():
    st = at_turn(3, 0, ["farm", "tenerife"], coins=[30, 15, 15])
    play(st, 0, "farm tenerife sugar sugar")  # plain field first, then the dual one
    kinds = [rules.PLOTS["tenerife"][i][0] for i, p in enumerate(st["plots"]["tenerife"]) if p and "crop" in p]
    assert sorted(kinds) == ["dual", "field"]
    st = at_turn(3, 1, ["build", "tenerife"], coins=[30, 30, 30])
    st["mayors"]["tenerife"] = 1
    st["plots"]["tenerife"][2] = {"crop": "sugar", "seat": 0}  # dual sugar/6 is planted
    with pytest.raises(IllegalMove, match="No empty dual 6"):
        GAME.play(st, 1, "build tenerife dual-6")
    # a house on a dual-use plot closes it to crops for good
    st = at_turn(3, 1, ["build", "farm", "canaria"], coins=[30, 30, 30])
    st["mayors"]["canaria"] = 1
    play(st, 1, "build canaria dual-9")
    with pytest.raises(IllegalMove, match="No empty dual wine"):
        GAME.play(st, 1, "farm canaria dual-wine")


# ---------------------------------------------------------------------- sell
def test_sale_is_capped_at_45_coins():
    st = at_turn(3, 0, ["sell", "lanzarote"], coins=[40, 15, 15])
    st["warehouses"]["lanzarote"][0]["sugar"] = 2
    events = play(st, 0, "sell lanzarote")
    assert st["coins"][0] == 45
    assert "19 lost" in events[0].text


def test_sell_needs_crops_there():
    st = at_turn(3, 0, ["sell", "hierro"])
    with pytest.raises(IllegalMove, match="no crops"):
        GAME.play(st, 0, "sell hierro")


# --------------------------------------------------------------------- build
def test_build_rules():
    st = at_turn(3, 0, ["build", "fuerteventura"], round_no=1, coins=[30, 15, 15])
    st["mayors"]["fuerteventura"] = 0
    with pytest.raises(IllegalMove, match="round 1"):
        GAME.play(st, 0, "build fuerteventura 6")
    st["round"] = 2
    st["mayors"]["fuerteventura"] = 1
    with pytest.raises(IllegalMove, match="Only the mayor"):
        GAME.play(st, 0, "build fuerteventura 6")
    st["mayors"]["fuerteventura"] = 0
    st["coins"][0] = 20
    with pytest.raises(IllegalMove, match="cost 27 coins; you have 20"):
        GAME.play(st, 0, "build fuerteventura 6 9 12")
    st["coins"][0] = 30
    st["track"] = 1
    with pytest.raises(IllegalMove, match="Only 1 settlement"):
        GAME.play(st, 0, "build fuerteventura 6 9")
    play(st, 0, "build fuerteventura 12")
    assert st["points"][0] == 3 and st["breakdown"][0]["settlements"] == 3 and st["coins"][0] == 18


# ---------------------------------------------------------------------- ship
def test_ship_range_capacity_and_lanes():
    st = at_turn(3, 0, ["ship"], ships=["hierro", "lanzarote", "hierro"])
    with pytest.raises(IllegalMove, match="at most 3 harbours"):
        GAME.play(st, 0, "ship gomera tenerife canaria fuerteventura")
    with pytest.raises(IllegalMove, match="No sea lane"):
        GAME.play(st, 0, "ship palma")
    st["warehouses"]["hierro"][0].update(sugar=4)
    with pytest.raises(IllegalMove, match="at most 3 crops"):
        GAME.play(st, 0, "ship +sugar +sugar +sugar +sugar gomera")
    play(st, 0, "ship +sugar gomera -sugar tenerife")
    assert st["warehouses"]["gomera"][0]["sugar"] == 1
    assert st["ships"][0] == "tenerife"


def test_moving_player_picks_which_of_two_ships_gives_way():
    st = at_turn(4, 0, ["ship"], ships=["gomera", "tenerife", "tenerife", "hierro"])
    with pytest.raises(IllegalMove, match="bump blue, green"):
        GAME.play(st, 0, "ship tenerife")
    assert GAME.legal_moves(st, 0, "ship tenerife") == ["ship tenerife "]
    assert "ship tenerife bump " in GAME.legal_moves(st, 0, "ship tenerife ")
    assert GAME.legal_moves(st, 0, "ship tenerife bump ") == ["ship tenerife bump blue", "ship tenerife bump green"]
    play(st, 0, "ship tenerife bump green")
    assert st["ships"] == ["tenerife", "tenerife", "canaria", "hierro"]


def test_ship_pushed_west_from_la_gomera_owner_chooses():
    st = at_turn(3, 0, ["ship", "sell", "gomera"], ships=["tenerife", "gomera", "lanzarote"])
    st["warehouses"]["gomera"][0]["wine"] = 1
    play(st, 0, "ship gomera")
    assert GAME.to_move(st) == {1}
    assert sorted(GAME.legal_moves(st, 1, "")) == ["retreat "]
    assert sorted(GAME.legal_moves(st, 1, "retreat ")) == ["retreat hierro", "retreat palma"]
    with pytest.raises(IllegalMove):
        GAME.play(st, 1, "retreat tenerife")
    play(st, 1, "retreat palma")
    assert st["ships"][1] == "palma" and GAME.to_move(st) == {0}
    play(st, 0, "sell gomera")


def test_pushed_ship_skips_full_harbours():
    st = at_turn(3, 0, ["ship"], ships=["tenerife", "gomera", "palma"])
    play(st, 0, "ship gomera")  # La Palma is full: El Hierro without asking
    assert st["ships"] == ["gomera", "hierro", "palma"] and st["pending"] is None


# ------------------------------------------------------------------- notation
@pytest.mark.parametrize("text", [
    "choose tenerife farm sell", "place gomera", "move west gomera tenerife",
    "farm palma wine dual-sugar west east", "sell canaria wine", "build lanzarote 6 dual-9",
    "ship tenerife +sugar canaria -sugar bump blue", "retreat palma", "done",
])
def test_notation_round_trip(text):
    assert notation.fmt(notation.parse(text)) == text


def test_errors_are_friendly():
    st = at_turn(3, 0, ["workers"])
    with pytest.raises(RuleError, match="Unknown command"):
        GAME.play(st, 0, "fly tenerife")
    with pytest.raises(RuleError, match="no worker at Tenerife"):
        GAME.play(st, 0, "move tenerife canaria")
    with pytest.raises(RuleError, match="No lane"):
        GAME.play(st, 0, "move west tenerife")


def test_a_worker_walk_never_offers_a_place_already_on_it_but_accepts_one_typed():
    """A walk back (gomera → hierro → gomera) ends where staying does, for two action points:
    the move lists never offer it (the bots walked workers out and back in 17 of 58 moves);
    typed, the rules still take it."""
    from games.west_of_africa import data

    st = at_turn(3, 0, ["workers", "gomera"], coins=[30, 15, 15])
    st["workers"][0] = ["gomera", "west"]

    def walks(prefix):
        out = []
        for m in GAME.legal_moves(st, 0, prefix):
            out += walks(m) if m.endswith(" ") else [m]
        return out

    listed = walks("move ")
    assert listed and all(len(set(m.split()[1:])) == len(m.split()[1:]) for m in listed), listed
    assert "move gomera hierro" in listed and "move gomera hierro gomera" not in listed
    assert all(m.split()[-1] in data.WORKER_ADJ[m.split()[-2]] for m in listed)
    play(st, 0, "move gomera hierro gomera")
    assert sorted(st["workers"][0]) == ["gomera", "west"] and st["turn"]["ap"] == 2
