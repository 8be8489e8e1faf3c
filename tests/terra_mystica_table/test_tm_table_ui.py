"""The Terra Mystica components through discord.py's real code (the Discord harness).

Faction menu in seat order without colour conflicts, leech buttons that
still work on a bot restarted on the same database, the favour-tile menu,
and the /help cheat sheet. Moves between the clicks are played on the table
directly (as typed with /move); what the bot then posts goes through the
hook ``deliver`` calls, to the fake Discord.
"""

from __future__ import annotations

import copy
import re

import pytest

import games
from bot.discord import components as ui
from bot.table.games import terra_mystica as tmui
from bot.table.sessions import Actor, SessionManager, parse_options
from games.terra_mystica.notation import parse_row
from tests.harness import User


@pytest.fixture
def people():
    return [User(201, "Alice"), User(202, "Bob"), User(203, "Carol")]


@pytest.fixture
async def bot(make_harness):
    """The real bot, its table seeded the way these tests expect."""
    return await make_harness(seed=4321)


def actor(user: User) -> Actor:
    return Actor(user.id, user.display_name)


async def open_table(h, people, extra=()) -> None:
    alice, bob, carol = people
    s = h.sessions
    others = [actor(bob), actor(carol)] + [actor(u) for u in extra]
    assert (await s.create(h.channel, actor(alice), "terra-mystica", others)).ok
    assert (await s.start(h.channel, actor(alice))).ok


async def post_followups(h) -> list:
    """What the bot posts after a change (the hook ``deliver`` calls)."""
    before = {m.id for m in h.posts()}
    table = h.sessions.table(h.channel)
    await ui.after_reply(h.bot.get_channel(h.channel), h.sessions, table.record.id)
    await h.wait()
    return [m for m in h.posts() if m.id not in before]


async def play(h, seat: int, text: str):
    reply = await h.sessions.move_as(h.channel, seat, text)
    assert reply.ok, reply.text
    return reply


def view(h):
    table = h.sessions.table(h.channel)
    return table.engine.view(table.state, None)


def options(menu) -> list[dict]:
    """The options of the select menu of a message (a message may also hold other seats' buttons)."""
    return next(i for i in menu.items() if i["type"] == 3)["options"]


def with_buttons(h, mention: str) -> list:
    """Posts with the game's own components for ``mention`` (not the turn post's "Play", "Full board" and
    "Standing orders")."""
    return [m for m in h.posts() if m.components and mention in m.content
            and not all(c.startswith(("mc:", "pbp:ordm:")) for c in m.custom_ids())]


async def test_faction_menu_in_seat_order_without_colour_conflicts(bot, people):
    h = bot
    alice, bob, carol = people
    await open_table(h, people)

    (menu,) = await post_followups(h)
    assert alice.mention in menu.content and "seat 1" in menu.content
    values = [o["value"] for o in options(menu)]
    assert len(values) == 14 and "setup witches" in values and "setup auren" in values
    assert await post_followups(h) == []  # not posted twice

    await h.click(bob, menu, 0, values=["setup witches"])
    wrong = h.last(bob)
    assert "for Alice" in wrong.content and wrong.ephemeral
    assert view(h)["players"][0]["faction"] is None

    await h.click(alice, menu, 0, values=["setup witches"])
    assert view(h)["players"][0]["faction"] == "witches"
    assert any("Witches" in m.content for m in h.posts() if m is not menu)  # the move reached the channel
    # ONE message for the table's choice, a line per seat: edited in place, the next seat's menu in it
    assert with_buttons(h, bob.mention) == [menu]
    lines = menu.content.splitlines()
    assert len(lines) == 3 and "Witches" in lines[0] and bob.mention in lines[1] and "Carol" in lines[2]
    values2 = [o["value"] for o in options(menu)]
    assert "setup witches" not in values2 and "setup auren" not in values2  # forest is taken
    assert len(values2) == 12
    await h.click(bob, menu, 0, values=["setup dwarves"])
    assert with_buttons(h, carol.mention) == [menu] and carol.mention in menu.content.splitlines()[2]
    values3 = [o["value"] for o in options(menu)]
    assert "setup engineers" not in values3 and len(values3) == 10
    await h.click(carol, menu, 0, values=["setup darklings"])
    assert [p["faction"] for p in view(h)["players"]] == ["witches", "dwarves", "darklings"]
    assert menu.components == [] and "Darklings" in menu.content  # all chosen: the menu goes, the board stays
    boards = [m for m in h.posts() if "tm:faction" in " ".join(m.custom_ids()) or m is menu]
    assert boards == [menu]  # no second faction message was ever posted
    assert view(h)["phase"] == "dwellings"


async def _opening(h):
    """Mermaids, Dwarves, Darklings with the dwellings of a real league game; first bonus cards."""
    for seat, text in ((0, "setup mermaids"), (1, "setup dwarves"), (2, "setup darklings"),
                       (0, "build D5"), (1, "build E7"), (2, "build E5"),
                       (2, "build G5"), (1, "build F6"), (0, "build E4")):
        await play(h, seat, text)
    table = h.sessions.table(h.channel)
    for seat in (2, 1, 0):
        card = next(m for m in table.engine.legal_moves(table.state, seat, "pass ") if m != "pass BON1")
        await play(h, seat, card)
    assert view(h)["phase"] == "actions"


async def test_leech_buttons_take_decline_and_survive_a_restart(bot, people):
    h = bot
    alice, bob, carol = people
    await open_table(h, people)
    await _opening(h)

    await play(h, 0, "upgrade E4 to TP")  # next to the Darklings' dwelling on E5
    assert view(h)["leeches"] == [{"seat": 2, "from": 0, "amount": 1, "take": 1}]
    (offer,) = await post_followups(h)
    assert carol.mention in offer.content and "Mermaids" in offer.content
    assert offer.labels() == ["Take 1 power (free)", "Decline", "Standing orders"]  # the last: the orders menu
    assert await post_followups(h) == []  # an open offer is posted once

    await h.click(bob, offer, 0)
    assert "for Carol" in h.last(bob).content and view(h)["leeches"]

    # the game goes on while Carol thinks: the Dwarves upgrade next to her too
    await play(h, 1, "upgrade F6 to TP")
    offers = await post_followups(h)
    assert len(offers) == 1 and "Dwarves" in offers[0].content
    assert offers[0].labels()[0] == "Take 1 power (free)"

    power_before = view(h)["players"][2]["power"]
    await h.click(carol, offer, 0)
    assert view(h)["leeches"] == [{"seat": 2, "from": 1, "amount": 1, "take": 1}]
    assert view(h)["players"][2]["power"] != power_before
    assert offer.components == [] and "leech 1 from mermaids" in offer.content

    # A restart: a new bot on the same database rebuilds the button from its custom_id alone.
    await h.restart()
    assert view(h)["leeches"] == [{"seat": 2, "from": 1, "amount": 1, "take": 1}]
    buttons = offers[0].components
    await h.click(carol, offers[0], 1)
    assert view(h)["leeches"] == []
    assert "decline 1 from dwarves" in offers[0].content and offers[0].components == []
    # a stale copy of the message (another client) clicked again: the offer is gone, nothing is played
    offers[0].components = buttons
    n = h.sessions.table(h.channel).n
    await h.click(carol, offers[0], 0)
    late = h.last(carol)
    assert "no longer open" in late.content and late.ephemeral
    assert h.sessions.table(h.channel).n == n


async def test_a_click_on_a_busy_table_is_acknowledged_before_it_plays(bot, people):
    """Issue 30: the table busy with another move when an offer is answered: the click is acknowledged
    at once (Discord gives 3 s), the pick waits its turn, is saved once and edits the offer."""
    h = bot
    alice, bob, carol = people
    await open_table(h, people)
    await _opening(h)
    await play(h, 0, "upgrade E4 to TP")
    (offer,) = await post_followups(h)
    n = h.sessions.table(h.channel).n
    async with h.sessions.lock(h.channel):  # another move in the middle of something slow
        click = await h.click(carol, offer, 0)
        assert click.acked_at is not None and click.response_type == 6  # acknowledged: an update to come
        assert h.sessions.table(h.channel).n == n  # ...and the pick waits its turn
    await h.wait()
    assert h.sessions.table(h.channel).n == n + 1 and view(h)["leeches"] == []
    assert offer.components == [] and "leech 1 from mermaids" in offer.content


async def test_bigger_offer_label_and_favour_menu(bot, people):
    h = bot
    alice, bob, carol = people
    await open_table(h, people)
    await _opening(h)
    await play(h, 0, "upgrade E4 to TP")
    await play(h, 2, "decline 1 from mermaids")
    await play(h, 1, "pass BON1" if "pass BON1" in view(h)["bonus_cards"] else
               next(f"pass {b}" for b in view(h)["bonus_cards"]))
    await play(h, 2, "upgrade E5 to TP")  # next to the Mermaids' trading house: 2 power for them
    assert [o for o in view(h)["leeches"] if o["seat"] == 0] == [{"seat": 0, "from": 2, "amount": 2, "take": 2}]
    posted = await post_followups(h)
    (offer,) = [m for m in posted if alice.mention in m.content]
    assert offer.labels()[0] == "Take 2 power (-1 VP)"
    vp = view(h)["players"][0]["vp"]
    await h.click(alice, offer, 0)
    assert view(h)["players"][0]["vp"] == vp - 1

    # Mermaids' temple: the favour tile comes as a menu of exactly the legal picks.
    await play(h, 0, "upgrade E4 to TE")
    assert view(h)["players"][0]["pending"]["FAV"] == 1
    posted = await post_followups(h)
    (menu,) = [m for m in posted if alice.mention in m.content]
    assert "favour tile" in menu.content
    values = [o["value"] for o in options(menu)]
    assert "+FAV11" in values and len(values) == 12
    blurbs = {o["value"]: o.get("description") for o in options(menu)}
    assert blurbs["+FAV11"] == "Earth +1, 2 VP per dwelling built" and blurbs["+FAV1"] == "Fire +3"
    await h.click(alice, menu, "tm:choice:1:0:FAV", values=["+FAV11"])  # her row; another seat's may share it
    assert view(h)["players"][0]["favours"] == ["FAV11"]
    assert view(h)["players"][0]["pending"]["FAV"] == 0


def test_help_is_a_cheat_sheet_with_examples():
    engine = games.get("terra-mystica")
    assert engine.help_text.splitlines()[0]
    for example in ("build E5", "upgrade", "burn 2. action ACT6", "send p to", "pass BON", "leech"):
        assert example in tmui.HELP, example
    assert len(tmui.HELP) < 2000  # one Discord message
    examples = re.findall(r"`([^`]+)`", tmui.HELP)
    assert len(examples) > 30
    (table,) = [e for e in examples if e.startswith("/game new")]
    options = engine.resolve_options(parse_options(table.split("options:", 1)[1], engine.presets))
    assert options == {**engine.resolve_options({"league": True}), "map": "fire-ice-1"}
    assert options["variable-turn-order"] and options["partial-leech"] and not options["fire-and-ice-final-scoring"]
    for example in examples:  # every other example is valid notation
        if example != table:
            assert parse_row(example), example
    reply = SessionManager(store=None).help("terra-mystica")
    assert tmui.HELP.strip() in reply.text


async def test_slash_commands_post_the_menus_and_autocomplete(bot, people):
    """Through the real /game start, /move and its autocomplete: the faction menu and
    then the leech buttons reach the channel after the board, with a mention."""
    h = bot
    alice, bob, carol = people
    assert (await h.sessions.create(h.channel, actor(alice), "terra-mystica", [actor(bob), actor(carol)])).ok

    await h.slash(alice, "game start")
    board, menu = h.posts()[-2:]
    assert board.png and board.png[:4] == b"\x89PNG"
    assert menu.components and alice.mention in menu.content

    for user, faction in ((alice, "mermaids"), (bob, "dwarves"), (carol, "darklings")):
        choices = await h.complete(user, "move", "move", "setup d")
        if faction.startswith("d"):
            assert f"setup {faction}" in [c.value for c in choices]
        await h.slash(user, "move", move=f"setup {faction}")
    for user, hexes in ((alice, "D5"), (bob, "E7"), (carol, "E5"), (carol, "G5"), (bob, "F6"), (alice, "E4")):
        await h.slash(user, "move", move=f"build {hexes}")
    for user in (carol, bob, alice):
        (first, *_) = await h.complete(user, "move", "move", "pass ")
        await h.slash(user, "move", move=first.value)

    choices = await h.complete(alice, "move", "move", "upgrade ")
    assert any(c.value == "upgrade E4 to TP" and "C" in c.name for c in choices)
    await h.slash(alice, "move", move="upgrade E4 to TP")
    board, offer = h.posts()[-2:]
    assert board.png is not None and "upgrades E4 to a trading house" in board.content
    assert carol.mention in offer.content and offer.labels()[0] == "Take 1 power (free)"
    await h.click(carol, offer, 0)
    assert view(h)["leeches"] == []


async def test_a_turn_made_while_an_offer_waits_gets_its_post_board_and_ping(bot, people):
    """Issue 30: Bob's action while Carol's power offer is pending ends Bob's turn and makes it
    Carol's: one post with its board that asks Carol (her offer, then her action), not a line
    added to the previous post. Answering the offer is then a step of her own turn."""
    h = bot
    alice, bob, carol = people
    await open_table(h, people)
    await _opening(h)
    await h.slash(alice, "move", move="upgrade E4 to TP")  # Carol is offered power; Bob is up
    assert sorted(h.sessions.table(h.channel).to_move()) == [1, 2]
    before = len(h.posts())
    await h.slash(bob, "move", move="upgrade F6 to TP")  # Bob's turn ends: Carol's offers, then her action
    new = h.posts()[before:]
    turn = [m for m in new if "upgrades F6" in m.content]
    assert len(turn) == 1 and turn[0].png is not None
    assert carol.mention in turn[0].content and "Then your turn" in turn[0].content
    assert alice.mention not in turn[0].content and bob.mention not in turn[0].content
    posts = len(h.posts())
    await h.slash(carol, "move", move="decline 1 from mermaids")  # a step of her turn: she alone hears
    assert len(h.posts()) == posts and h.last(carol).ephemeral


def test_one_seat_less_only_when_nobody_left_has_something_new_to_do():
    from bot.table.playing import one_seat_less
    from games.core.events import Event

    engine = games.get("terra-mystica")
    state = engine.setup(3, 4321, {})
    for seat, text in ((0, "setup mermaids"), (1, "setup dwarves"), (2, "setup darklings"),
                       (0, "build D5"), (1, "build E7"), (2, "build E5"), (2, "build G5"), (1, "build F6"),
                       (0, "build E4"), (2, "pass BON2"), (1, "pass BON5"), (0, "pass BON6"), (0, "upgrade E4 to TP")):
        engine.play(state, seat, text)
    waited = set(engine.to_move(state))
    assert waited == {1, 2}
    answered = copy.deepcopy(state)
    events = engine.play(answered, 2, "decline 1 from mermaids")  # Bob is still up, for the same thing
    assert one_seat_less(engine, state, answered, 2, waited, events)
    acted = copy.deepcopy(state)
    events = engine.play(acted, 1, "upgrade F6 to TP")  # Carol, left, now also has her turn
    assert not one_seat_less(engine, state, acted, 1, waited, events)
    assert not one_seat_less(engine, state, acted, 1, waited, [Event("x", kind="secret")])


async def test_offer_answered_by_typing_loses_its_buttons(bot, people):
    h = bot
    alice, bob, carol = people
    await open_table(h, people)
    await post_followups(h)  # the first faction menu
    await _opening(h)  # typed with /move
    assert await post_followups(h) == []
    (menu,) = h.posts()
    assert menu.components == []  # the faction menu was struck once every seat had chosen
    assert ["Mermaids" in menu.content, "Dwarves" in menu.content, "Darklings" in menu.content] == [True] * 3
    await play(h, 0, "upgrade E4 to TP")
    (offer,) = await post_followups(h)
    assert offer.components
    await play(h, 2, "decline 1 from mermaids")  # typed with /move instead of the button
    assert await post_followups(h) == []
    assert offer.components == [] and len(offer.edits) == 1  # one edit: the buttons go, the text stays
    assert offer.edits[0]["components"] == [] and "content" not in offer.edits[0]


async def test_cult_step_menu_after_the_bonus_card_action(bot, people):
    h = bot
    alice, bob, carol = people
    await open_table(h, people)
    for seat, text in ((0, "setup mermaids"), (1, "setup dwarves"), (2, "setup darklings"),
                       (0, "build D5"), (1, "build E7"), (2, "build E5"),
                       (2, "build G5"), (1, "build F6"), (0, "build E4")):
        await play(h, seat, text)
    pool = list(view(h)["bonus_cards"])
    assert "BON2" in pool, "this table's seed no longer draws BON2: pick another seed in the bot fixture"
    others = [b for b in pool if b != "BON2"]
    for seat, card in ((2, others[0]), (1, others[1]), (0, "BON2")):
        await play(h, seat, f"pass {card}")
    await post_followups(h)
    await play(h, 0, "action BON2")  # one cult step, track still to choose
    assert view(h)["players"][0]["pending"]["CULT"] == 1
    (menu,) = await post_followups(h)
    assert alice.mention in menu.content and "cult track" in menu.content
    assert [o["value"] for o in options(menu)] == ["+FIRE", "+WATER", "+EARTH", "+AIR"]
    water = view(h)["players"][0]["cult"][1]
    blurbs = [o.get("description") for o in options(menu)]
    assert blurbs[1] == f"WATER: you are on {water}"  # the track as the engine names it (+WATER)
    await h.click(alice, menu, 0, values=["+WATER"])
    assert view(h)["players"][0]["cult"][1] == water + 1
    assert view(h)["players"][0]["pending"]["CULT"] == 0


async def test_town_tile_menu_founds_a_real_town(bot, people):
    """A league game's fourth round: the Fakirs upgrade E3 and found a town. The
    town tile menu lists exactly the tiles left and its real callback plays
    ``+TW5``; the Fakirs' numbers then match the record's row (line 212)."""
    from games.terra_mystica.ledger import parse

    from .tm_table_replay import RECORD, state_before_line

    h = bot
    dave = User(204, "Dave")
    alice, bob, carol = people
    await open_table(h, people, extra=[dave])
    table = h.sessions.table(h.channel)
    table.state = state_before_line(212)  # the table sits at the record's position
    assert view(h)["players"][3]["faction"] == "fakirs" and view(h)["to_move"] == [3]

    await play(h, 3, "convert 3PW to 3C. upgrade E3 to TP")
    fakirs = view(h)["players"][3]
    assert fakirs["pending"]["TW"] == 1 and fakirs["towns"] == []
    posted = await post_followups(h)
    (menu,) = [m for m in posted if dave.mention in m.content]
    assert "town tile" in menu.content
    left = sorted(f"+{k}" for k, n in view(h)["town_tiles"].items() if n)
    opts = options(menu)
    assert sorted(o["value"] for o in opts) == left and "+TW5" in left
    assert all(o["label"].startswith(o["value"]) for o in opts)
    blurbs = {o["value"]: o.get("description") for o in opts}
    assert blurbs["+TW5"] == "8 VP, +1 on every cult track" and blurbs["+TW1"] == "5 VP, 6 coins"

    await h.click(carol, menu, 0, values=["+TW5"])
    assert "for Dave" in h.last(carol).content and view(h)["players"][3]["towns"] == []
    await h.click(dave, menu, 0, values=["+TW5"])
    fakirs = view(h)["players"][3]
    row = next(r for r in parse(RECORD.read_text(encoding="utf-8")).rows if r.line == 212)
    assert fakirs["towns"] == ["TW5"] and fakirs["pending"]["TW"] == 0
    assert (fakirs["vp"], fakirs["coins"], fakirs["workers"], fakirs["priests"]) == (
        row.values["VP"], row.values["C"], row.values["W"], row.values["P"])
    assert fakirs["power"] == row.values["PW"] and fakirs["cult"] == row.values["cult"]
    # his row goes; the neighbours' power offers raised by the same upgrade share the message and stay
    assert all(c.startswith(("tm:leech", "pbp:ordm:")) for c in menu.custom_ids()) and "+TW5" in menu.content
    town = [x for x, cell in view(h)["map"].items() if cell["town"]]
    assert "E3" in town


async def test_leech_label_says_what_full_bowls_really_give(bot, people):
    """The Dwarves offer the Fakirs 3 power (league record, line 200), but with bowls
    0/1/8 only 1 token can move: the buttons say "Take 1 power (free)", and the
    click gives exactly that, for no VP."""
    from .tm_table_replay import state_before_line

    h = bot
    dave = User(204, "Dave")
    await open_table(h, people, extra=[dave])
    table = h.sessions.table(h.channel)
    table.state = state_before_line(200)
    table.state["factions"][3]["pw"] = [0, 1, 8]  # bowls nearly all in III: room for 1
    assert {"seat": 3, "from": 1, "amount": 3} in [{k: o[k] for k in ("seat", "from", "amount")} for o in view(h)["leeches"]]
    posted = await post_followups(h)
    (offer,) = [m for m in posted if dave.mention in m.content and "Dwarves" in m.content]
    assert "Take 1 power for 0 VP" in offer.content
    assert offer.labels()[0] == "Take 1 power (free)"
    vp = view(h)["players"][3]["vp"]
    await h.click(dave, offer, 0)
    assert view(h)["players"][3]["power"] == [0, 0, 9] and view(h)["players"][3]["vp"] == vp


def test_takeable_caps_by_bowls_and_vp():
    from bot.discord.components.terra_mystica import takeable

    offer = {"seat": 0, "from": 1, "amount": 4}
    assert takeable({"players": [{"power": [5, 7, 0], "vp": 20}]}, offer) == 4
    assert takeable({"players": [{"power": [1, 1, 10], "vp": 20}]}, offer) == 3  # 2 for the token in I, 1 in II
    assert takeable({"players": [{"power": [0, 0, 12], "vp": 20}]}, offer) == 0
    assert takeable({"players": [{"power": [5, 7, 0], "vp": 1}]}, offer) == 2  # 1 VP pays for 2 power
    from bot.discord.components.terra_mystica import leech_view
    labels = [[getattr(b, "item", b).label for b in leech_view(1, 0, offer, n).children] for n in (0, 1, 3)]
    assert labels == [["Take 0 power (bowls full)", "Decline", "Standing orders"],
                      ["Take 1 power (free)", "Decline", "Standing orders"],
                      ["Take 3 power (-2 VP)", "Decline", "Standing orders"]]


async def test_cultists_cult_step_menu_after_a_neighbour_takes_power(bot, people):
    """The Engineers take power from the Cultists' new trading house with the button;
    the Cultists then owe a cult step and get the track menu, out of turn."""
    h = bot
    alice, bob, carol = people
    await open_table(h, people)
    for seat, text in ((0, "setup cultists"), (1, "setup witches"), (2, "setup engineers"),
                       (0, "build A7"), (1, "build I6"), (2, "build I3"),
                       (2, "build E7"), (1, "build I11"), (0, "build E6")):
        await play(h, seat, text)
    table = h.sessions.table(h.channel)
    for seat in (2, 1, 0):
        await play(h, seat, table.engine.legal_moves(table.state, seat, "pass ")[0])
    await post_followups(h)
    await play(h, 0, "upgrade E6 to TP")  # next to the Engineers' E7
    (offer,) = await post_followups(h)
    assert carol.mention in offer.content and "Cultists" in offer.content
    await h.click(carol, offer, 0)
    assert view(h)["players"][0]["pending"]["CULT"] == 1
    (menu,) = [m for m in with_buttons(h, alice.mention) if "cult track" in m.content]
    cult = list(view(h)["players"][0]["cult"])
    await h.click(alice, menu, 0, values=["+AIR"])
    assert view(h)["players"][0]["cult"] == cult[:3] + [cult[3] + 1]
    assert view(h)["players"][0]["pending"]["CULT"] == 0


async def test_the_bot_startup_registers_the_persistent_components(bot):
    """The real start (``setup_hook``) registers every Terra Mystica component, so a
    button posted before a restart is answered after it."""
    from bot.discord.components.terra_mystica import DYNAMIC_ITEMS

    registered = set(bot.bot._connection._view_store._dynamic_items.values())
    assert set(DYNAMIC_ITEMS) <= registered
    for custom_id in ("tm:leech:7:2:0:3:take", "tm:leech:7:2:0:3:decline", "tm:faction:7:1", "tm:choice:7:0:TW"):
        assert sum(bool(c.__discord_ui_compiled_template__.fullmatch(custom_id)) for c in registered) == 1


async def test_a_board_posted_without_a_command_brings_its_buttons(bot, people):
    """A move the bot makes by itself (a dropped seat played for) is posted through
    the play-by-post notifier: the leech buttons it opened follow the board."""
    from bot.table.posts import notice as Notice

    h = bot
    alice, bob, carol = people
    await open_table(h, people)
    await _opening(h)
    reply = await play(h, 0, "upgrade E4 to TP")  # as the timer would play it: no interaction
    assert await h.bot.pbp.notifier.send(Notice("board", channel_id=h.channel, png=reply.public.png or b"\x89PNG",
                                                board_of=reply.game_id))
    board, offer = h.posts()[-2:]
    assert board.content == "board" and carol.mention in offer.content
    await h.click(carol, offer, 1)
    assert view(h)["leeches"] == []
