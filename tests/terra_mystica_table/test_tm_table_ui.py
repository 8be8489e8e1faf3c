"""The Terra Mystica components, driven through their real callbacks offline.

Faction menu in seat order without colour conflicts, leech buttons that
still work on a bot restarted on the same database, the favour-tile menu,
and the /help cheat sheet.
"""

from __future__ import annotations

import re

import pytest

import games
from bot import ui
from bot.sessions import Actor, SessionManager, parse_options
from bot.ui import tm_extras as tmui
from games.terra_mystica.notation import parse_row

from .tm_table_fakes import FakeChannel, FakeUser, click, new_bot

CHANNEL = 4242


@pytest.fixture
def people():
    return [FakeUser(201, "Alice"), FakeUser(202, "Bob"), FakeUser(203, "Carol")]


def actor(user: FakeUser) -> Actor:
    return Actor(user.id, user.display_name)


async def open_table(bot, people) -> FakeChannel:
    alice, bob, carol = people
    s = bot.sessions
    assert (await s.create(CHANNEL, actor(alice), "terra-mystica", [actor(bob), actor(carol)])).ok
    assert (await s.start(CHANNEL, actor(alice))).ok
    return FakeChannel(CHANNEL)


async def post_followups(bot, channel: FakeChannel) -> list:
    """What the bot posts after a change (the hook ``deliver`` calls)."""
    before = len(channel.messages)
    table = bot.sessions.table(CHANNEL)
    await ui.after_reply(channel, bot.sessions, table.record.id)
    return channel.messages[before:]


async def play(bot, seat: int, text: str):
    reply = await bot.sessions.move_as(CHANNEL, seat, text)
    assert reply.ok, reply.text
    return reply


def view(bot):
    table = bot.sessions.table(CHANNEL)
    return table.engine.view(table.state, None)


async def test_faction_menu_in_seat_order_without_colour_conflicts(tmp_path, people):
    alice, bob, carol = people
    bot = await new_bot(str(tmp_path / "tm.sqlite3"))
    channel = await open_table(bot, people)

    (menu,) = await post_followups(bot, channel)
    assert alice.mention in menu.content and "seat 1" in menu.content
    select = menu.sent.view.children[0]
    values = [o.value for o in select.item.options]
    assert len(values) == 14 and "setup witches" in values and "setup auren" in values
    assert await post_followups(bot, channel) == []  # not posted twice

    wrong = await click(bot, bob, channel, menu, values=["setup witches"])
    assert "for Alice" in wrong.replies[0].content and wrong.replies[0].ephemeral
    assert view(bot)["players"][0]["faction"] is None

    await click(bot, alice, channel, menu, values=["setup witches"])
    assert view(bot)["players"][0]["faction"] == "witches"
    assert menu.sent.view is None and "setup witches" in menu.content  # the used menu is struck
    assert any("Witches" in m.content for m in channel.sent)  # the move reached the channel

    (menu2,) = [m for m in channel.messages if m.sent.view and bob.mention in m.content]
    values2 = [o.value for o in menu2.sent.view.children[0].item.options]
    assert "setup witches" not in values2 and "setup auren" not in values2  # forest is taken
    assert len(values2) == 12
    await click(bot, bob, channel, menu2, values=["setup dwarves"])
    (menu3,) = [m for m in channel.messages if m.sent.view and carol.mention in m.content]
    values3 = [o.value for o in menu3.sent.view.children[0].item.options]
    assert "setup engineers" not in values3 and len(values3) == 10
    await click(bot, carol, channel, menu3, values=["setup darklings"])
    assert [p["faction"] for p in view(bot)["players"]] == ["witches", "dwarves", "darklings"]
    assert view(bot)["phase"] == "dwellings"
    await bot.store.close()


async def _opening(bot, channel):
    """Mermaids, Dwarves, Darklings with the dwellings of a real league game; first bonus cards."""
    for seat, text in ((0, "setup mermaids"), (1, "setup dwarves"), (2, "setup darklings"),
                       (0, "build D5"), (1, "build E7"), (2, "build E5"),
                       (2, "build G5"), (1, "build F6"), (0, "build E4")):
        await play(bot, seat, text)
    table = bot.sessions.table(CHANNEL)
    for seat in (2, 1, 0):
        card = next(m for m in table.engine.legal_moves(table.state, seat, "pass ") if m != "pass BON1")
        await play(bot, seat, card)
    assert view(bot)["phase"] == "actions"


async def test_leech_buttons_take_decline_and_survive_a_restart(tmp_path, people):
    alice, bob, carol = people
    db = str(tmp_path / "tm.sqlite3")
    bot = await new_bot(db)
    channel = await open_table(bot, people)
    await _opening(bot, channel)

    await play(bot, 0, "upgrade E4 to TP")  # next to the Darklings' dwelling on E5
    assert view(bot)["leeches"] == [{"seat": 2, "from": 0, "amount": 1}]
    (offer,) = await post_followups(bot, channel)
    assert carol.mention in offer.content and "Mermaids" in offer.content
    take, decline = offer.sent.view.children
    assert take.item.label == "Take 1 power (free)" and decline.item.label == "Decline"
    assert await post_followups(bot, channel) == []  # an open offer is posted once

    refused = await click(bot, bob, channel, offer, 0)
    assert "for Carol" in refused.replies[0].content and view(bot)["leeches"]

    # the game goes on while Carol thinks: the Dwarves upgrade next to her too
    await play(bot, 1, "upgrade F6 to TP")
    offers = await post_followups(bot, channel)
    assert len(offers) == 1 and "Dwarves" in offers[0].content
    assert offers[0].sent.view.children[0].item.label == "Take 1 power (free)"

    power_before = view(bot)["players"][2]["power"]
    await click(bot, carol, channel, offer, 0)
    assert view(bot)["leeches"] == [{"seat": 2, "from": 1, "amount": 1}]
    assert view(bot)["players"][2]["power"] != power_before
    assert offer.sent.view is None and "leech 1 from mermaids" in offer.content
    await bot.store.close()

    # A restart: a new bot on the same database rebuilds the button from its custom_id alone.
    bot2 = await new_bot(db)
    assert view(bot2)["leeches"] == [{"seat": 2, "from": 1, "amount": 1}]
    buttons = offers[0].sent.view
    await click(bot2, carol, channel, offers[0], 1)
    assert view(bot2)["leeches"] == []
    assert "decline 1 from dwarves" in offers[0].content and offers[0].sent.view is None
    # a stale copy of the message (another client) clicked again: the offer is gone, nothing is played
    offers[0].sent.view = buttons
    n = bot2.sessions.table(CHANNEL).n
    late = await click(bot2, carol, channel, offers[0], 0)
    assert "no longer open" in late.replies[0].content and late.replies[0].ephemeral
    assert bot2.sessions.table(CHANNEL).n == n
    await bot2.store.close()


async def test_bigger_offer_label_and_favour_menu(tmp_path, people):
    alice, bob, carol = people
    bot = await new_bot(str(tmp_path / "tm.sqlite3"))
    channel = await open_table(bot, people)
    await _opening(bot, channel)
    await play(bot, 0, "upgrade E4 to TP")
    await play(bot, 2, "decline 1 from mermaids")
    await play(bot, 1, "pass BON1" if "pass BON1" in view(bot)["bonus_cards"] else
               next(f"pass {b}" for b in view(bot)["bonus_cards"]))
    await play(bot, 2, "upgrade E5 to TP")  # next to the Mermaids' trading house: 2 power for them
    assert [o for o in view(bot)["leeches"] if o["seat"] == 0] == [{"seat": 0, "from": 2, "amount": 2}]
    posted = await post_followups(bot, channel)
    (offer,) = [m for m in posted if alice.mention in m.content]
    assert offer.sent.view.children[0].item.label == "Take 2 power (-1 VP)"
    vp = view(bot)["players"][0]["vp"]
    await click(bot, alice, channel, offer, 0)
    assert view(bot)["players"][0]["vp"] == vp - 1

    # Mermaids' temple: the favour tile comes as a menu of exactly the legal picks.
    await play(bot, 0, "upgrade E4 to TE")
    assert view(bot)["players"][0]["pending"]["FAV"] == 1
    posted = await post_followups(bot, channel)
    (menu,) = [m for m in posted if alice.mention in m.content]
    assert "favour tile" in menu.content
    options = [o.value for o in menu.sent.view.children[0].item.options]
    assert "+FAV11" in options and len(options) == 12
    blurbs = {o.value: o.description for o in menu.sent.view.children[0].item.options}
    assert blurbs["+FAV11"] == "Earth +1, 2 VP per dwelling built" and blurbs["+FAV1"] == "Fire +3"
    await click(bot, alice, channel, menu, values=["+FAV11"])
    assert view(bot)["players"][0]["favours"] == ["FAV11"]
    assert view(bot)["players"][0]["pending"]["FAV"] == 0
    await bot.store.close()


def test_help_is_a_cheat_sheet_with_examples():
    engine = games.get("terra-mystica")
    assert engine.help_text.splitlines()[0]
    for example in ("build E5", "upgrade", "burn 2. action ACT6", "send p to", "pass BON", "leech"):
        assert example in tmui.HELP, example
    assert len(tmui.HELP) < 2000  # one Discord message
    examples = re.findall(r"`([^`]+)`", tmui.HELP)
    assert len(examples) > 30
    (table,) = [e for e in examples if e.startswith("/game new")]
    options = engine.resolve_options(parse_options(table.split("options:", 1)[1]))
    assert [k for k, v in options.items() if not v] == [
        "variable-turn-order", "mini-expansion-1", "shipping-bonus", "temple-scoring-tile"]
    for example in examples:  # every other example is valid notation
        if example != table:
            assert parse_row(example), example
    reply = SessionManager(store=None).help("terra-mystica")
    assert tmui.HELP.strip() in reply.text


async def test_slash_commands_post_the_menus_and_autocomplete(tmp_path, people):
    """Through the real /game start, /move and its autocomplete: the faction menu and
    then the leech buttons reach the channel after the board, with a mention."""
    from bot.commands import move_autocomplete

    from .tm_table_fakes import FakeInteraction

    alice, bob, carol = people
    bot = await new_bot(str(tmp_path / "tm.sqlite3"))
    s = bot.sessions
    assert (await s.create(CHANNEL, actor(alice), "terra-mystica", [actor(bob), actor(carol)])).ok
    channel = FakeChannel(CHANNEL)

    async def command(path: str, user: FakeUser, **kw):
        first, *rest = path.split()
        cmd = bot.tree.get_command(first)
        for part in rest:
            cmd = cmd.get_command(part)
        inter = FakeInteraction(bot, user, channel)
        await cmd.callback(inter, **kw)
        return inter

    await command("game start", alice)
    board, menu = channel.messages[-2:]
    assert board.sent.png and board.sent.png[:4] == b"\x89PNG"
    assert menu.sent.view is not None and alice.mention in menu.content

    for user, faction in ((alice, "mermaids"), (bob, "dwarves"), (carol, "darklings")):
        choices = await move_autocomplete(FakeInteraction(bot, user, channel), "setup d")
        if faction.startswith("d"):
            assert f"setup {faction}" in [c.value for c in choices]
        await command("move", user, move=f"setup {faction}")
    for user, hexes in ((alice, "D5"), (bob, "E7"), (carol, "E5"), (carol, "G5"), (bob, "F6"), (alice, "E4")):
        await command("move", user, move=f"build {hexes}")
    for user in (carol, bob, alice):
        (first, *_) = await move_autocomplete(FakeInteraction(bot, user, channel), "pass ")
        await command("move", user, move=first.value)

    choices = await move_autocomplete(FakeInteraction(bot, alice, channel), "upgrade ")
    assert any(c.value == "upgrade E4 to TP" and "C" in c.name for c in choices)
    await command("move", alice, move="upgrade E4 to TP")
    board, offer = channel.messages[-2:]
    assert board.sent.png is not None and "upgrade E4 to TP" in board.content
    assert carol.mention in offer.content and offer.sent.view.children[0].item.label == "Take 1 power (free)"
    await click(bot, carol, channel, offer, 0)
    assert view(bot)["leeches"] == []
    await bot.store.close()


async def test_offer_answered_by_typing_loses_its_buttons(tmp_path, people):
    alice, bob, carol = people
    bot = await new_bot(str(tmp_path / "tm.sqlite3"))
    channel = await open_table(bot, people)
    await post_followups(bot, channel)  # the first faction menu
    await _opening(bot, channel)  # typed with /move
    assert await post_followups(bot, channel) == []
    (menu,) = channel.messages
    assert menu.sent.view is None  # the faction menu was struck once its seat had chosen
    await play(bot, 0, "upgrade E4 to TP")
    (offer,) = await post_followups(bot, channel)
    assert offer.sent.view is not None
    await play(bot, 2, "decline 1 from mermaids")  # typed with /move instead of the button
    assert await post_followups(bot, channel) == []
    assert offer.sent.view is None and offer.edits == [{"view": None}]
    await bot.store.close()


async def test_cult_step_menu_after_the_bonus_card_action(tmp_path, people):
    alice, bob, carol = people
    bot = await new_bot(str(tmp_path / "tm.sqlite3"))
    channel = await open_table(bot, people)
    for seat, text in ((0, "setup mermaids"), (1, "setup dwarves"), (2, "setup darklings"),
                       (0, "build D5"), (1, "build E7"), (2, "build E5"),
                       (2, "build G5"), (1, "build F6"), (0, "build E4")):
        await play(bot, seat, text)
    pool = list(view(bot)["bonus_cards"])
    assert "BON2" in pool, "this table's seed no longer draws BON2: pick another seed in tm_table_fakes"
    others = [b for b in pool if b != "BON2"]
    for seat, card in ((2, others[0]), (1, others[1]), (0, "BON2")):
        await play(bot, seat, f"pass {card}")
    await post_followups(bot, channel)
    await play(bot, 0, "action BON2")  # one cult step, track still to choose
    assert view(bot)["players"][0]["pending"]["CULT"] == 1
    (menu,) = await post_followups(bot, channel)
    assert alice.mention in menu.content and "cult track" in menu.content
    options = [o.value for o in menu.sent.view.children[0].item.options]
    assert options == ["+FIRE", "+WATER", "+EARTH", "+AIR"]
    water = view(bot)["players"][0]["cult"][1]
    blurbs = [o.description for o in menu.sent.view.children[0].item.options]
    assert blurbs[1] == f"Water: you are on {water}"
    await click(bot, alice, channel, menu, values=["+WATER"])
    assert view(bot)["players"][0]["cult"][1] == water + 1
    assert view(bot)["players"][0]["pending"]["CULT"] == 0
    await bot.store.close()


async def test_town_tile_menu_founds_a_real_town(tmp_path, people):
    """A league game's fourth round: the Fakirs upgrade E3 and found a town. The
    town tile menu lists exactly the tiles left and its real callback plays
    ``+TW5``; the Fakirs' numbers then match the record's row (line 212)."""
    from games.terra_mystica.ledger import parse

    from .tm_table_replay import RECORD, state_before_line

    dave = FakeUser(204, "Dave")
    alice, bob, carol = people
    bot = await new_bot(str(tmp_path / "tm.sqlite3"))
    s = bot.sessions
    assert (await s.create(CHANNEL, actor(alice), "terra-mystica", [actor(bob), actor(carol), actor(dave)])).ok
    assert (await s.start(CHANNEL, actor(alice))).ok
    channel = FakeChannel(CHANNEL)
    table = s.table(CHANNEL)
    table.state = state_before_line(212)  # the table sits at the record's position
    assert view(bot)["players"][3]["faction"] == "fakirs" and view(bot)["to_move"] == [3]

    await play(bot, 3, "convert 3PW to 3C. upgrade E3 to TP")
    fakirs = view(bot)["players"][3]
    assert fakirs["pending"]["TW"] == 1 and fakirs["towns"] == []
    posted = await post_followups(bot, channel)
    (menu,) = [m for m in posted if dave.mention in m.content]
    assert "town tile" in menu.content
    left = sorted(f"+{k}" for k, n in view(bot)["town_tiles"].items() if n)
    options = menu.sent.view.children[0].item.options
    assert sorted(o.value for o in options) == left and "+TW5" in left
    assert all(o.label.startswith(o.value) for o in options)
    blurbs = {o.value: o.description for o in options}
    assert blurbs["+TW5"] == "8 VP, +1 on every cult track" and blurbs["+TW1"] == "5 VP, 6 coins"

    refused = await click(bot, carol, channel, menu, values=["+TW5"])
    assert "for Dave" in refused.replies[0].content and view(bot)["players"][3]["towns"] == []
    await click(bot, dave, channel, menu, values=["+TW5"])
    fakirs = view(bot)["players"][3]
    row = next(r for r in parse(RECORD.read_text(encoding="utf-8")).rows if r.line == 212)
    assert fakirs["towns"] == ["TW5"] and fakirs["pending"]["TW"] == 0
    assert (fakirs["vp"], fakirs["coins"], fakirs["workers"], fakirs["priests"]) == (
        row.values["VP"], row.values["C"], row.values["W"], row.values["P"])
    assert fakirs["power"] == row.values["PW"] and fakirs["cult"] == row.values["cult"]
    assert menu.sent.view is None and "+TW5" in menu.content
    town = [h for h, cell in view(bot)["map"].items() if cell["town"]]
    assert "E3" in town
    await bot.store.close()


async def test_leech_label_says_what_full_bowls_really_give(tmp_path, people):
    """The Dwarves offer the Fakirs 3 power (league record, line 200), but with bowls
    0/1/8 only 1 token can move: the buttons say "Take 1 power (free)", and the
    click gives exactly that, for no VP."""
    from .tm_table_replay import state_before_line

    dave = FakeUser(204, "Dave")
    alice, bob, carol = people
    bot = await new_bot(str(tmp_path / "tm.sqlite3"))
    s = bot.sessions
    assert (await s.create(CHANNEL, actor(alice), "terra-mystica", [actor(bob), actor(carol), actor(dave)])).ok
    assert (await s.start(CHANNEL, actor(alice))).ok
    channel = FakeChannel(CHANNEL)
    table = s.table(CHANNEL)
    table.state = state_before_line(200)
    table.state["factions"][3]["pw"] = [0, 1, 8]  # bowls nearly all in III: room for 1
    assert {"seat": 3, "from": 1, "amount": 3} in view(bot)["leeches"]
    posted = await post_followups(bot, channel)
    (offer,) = [m for m in posted if dave.mention in m.content and "Dwarves" in m.content]
    assert "Take 1 power for 0 VP" in offer.content
    assert offer.sent.view.children[0].item.label == "Take 1 power (free)"
    vp = view(bot)["players"][3]["vp"]
    await click(bot, dave, channel, offer, 0)
    assert view(bot)["players"][3]["power"] == [0, 0, 9] and view(bot)["players"][3]["vp"] == vp


def test_takeable_caps_by_bowls_and_vp():
    from bot.ui.terra_mystica import takeable

    offer = {"seat": 0, "from": 1, "amount": 4}
    assert takeable({"players": [{"power": [5, 7, 0], "vp": 20}]}, offer) == 4
    assert takeable({"players": [{"power": [1, 1, 10], "vp": 20}]}, offer) == 3  # 2 for the token in I, 1 in II
    assert takeable({"players": [{"power": [0, 0, 12], "vp": 20}]}, offer) == 0
    assert takeable({"players": [{"power": [5, 7, 0], "vp": 1}]}, offer) == 2  # 1 VP pays for 2 power
    from bot.ui.terra_mystica import leech_view
    labels = [[b.item.label for b in leech_view(1, 0, offer, n).children] for n in (0, 1, 3)]
    assert labels == [["Take 0 power (bowls full)", "Decline"], ["Take 1 power (free)", "Decline"],
                      ["Take 3 power (-2 VP)", "Decline"]]


async def test_cultists_cult_step_menu_after_a_neighbour_takes_power(tmp_path, people):
    """The Engineers take power from the Cultists' new trading house with the button;
    the Cultists then owe a cult step and get the track menu, out of turn."""
    alice, bob, carol = people
    bot = await new_bot(str(tmp_path / "tm.sqlite3"))
    channel = await open_table(bot, people)
    for seat, text in ((0, "setup cultists"), (1, "setup witches"), (2, "setup engineers"),
                       (0, "build A7"), (1, "build I6"), (2, "build I3"),
                       (2, "build E7"), (1, "build I11"), (0, "build E6")):
        await play(bot, seat, text)
    table = bot.sessions.table(CHANNEL)
    for seat in (2, 1, 0):
        await play(bot, seat, table.engine.legal_moves(table.state, seat, "pass ")[0])
    await post_followups(bot, channel)
    await play(bot, 0, "upgrade E6 to TP")  # next to the Engineers' E7
    (offer,) = await post_followups(bot, channel)
    assert carol.mention in offer.content and "Cultists" in offer.content
    await click(bot, carol, channel, offer, 0)
    assert view(bot)["players"][0]["pending"]["CULT"] == 1
    menus = [m for m in channel.messages if m.sent.view is not None and alice.mention in m.content]
    (menu,) = [m for m in menus if "cult track" in m.content]
    cult = list(view(bot)["players"][0]["cult"])
    await click(bot, alice, channel, menu, values=["+AIR"])
    assert view(bot)["players"][0]["cult"] == cult[:3] + [cult[3] + 1]
    assert view(bot)["players"][0]["pending"]["CULT"] == 0
    await bot.store.close()


async def test_the_bot_startup_registers_the_persistent_components(tmp_path):
    """The real ``setup_hook`` (not the test helper) registers every Terra Mystica
    component, so a button posted before a restart is answered after it."""
    from bot.app import MeepleBot
    from bot.config import Settings
    from bot.ui.terra_mystica import DYNAMIC_ITEMS

    bot = MeepleBot(Settings(token="", db_path=str(tmp_path / "tm.sqlite3")), seed_source=lambda: 1)
    bot.sync_commands = False  # offline
    await bot.setup_hook()
    registered = set(bot._connection._view_store._dynamic_items.values())
    assert set(DYNAMIC_ITEMS) <= registered
    for custom_id in ("tm:leech:7:2:0:3:take", "tm:leech:7:2:0:3:decline", "tm:faction:7:1", "tm:choice:7:0:TW"):
        assert sum(bool(c.__discord_ui_compiled_template__.fullmatch(custom_id)) for c in registered) == 1
    await bot.store.close()


async def test_a_board_posted_without_a_command_brings_its_buttons(tmp_path, people, monkeypatch):
    """A move the bot makes by itself (a dropped seat played for) is posted through
    the play-by-post notifier: the leech buttons it opened follow the board."""
    from bot.pbp import Notice
    from bot.pbp_commands import DiscordNotifier

    alice, bob, carol = people
    bot = await new_bot(str(tmp_path / "tm.sqlite3"))
    channel = await open_table(bot, people)
    await _opening(bot, channel)
    reply = await play(bot, 0, "upgrade E4 to TP")  # as the timer would play it: no interaction
    monkeypatch.setattr(bot, "get_channel", lambda cid: channel if cid == CHANNEL else None)
    notifier = DiscordNotifier(bot)
    assert await notifier.send(Notice("board", channel_id=CHANNEL, png=reply.public.png or b"\x89PNG",
                                      board_of=reply.game_id))
    board, offer = channel.messages[-2:]
    assert board.content == "board" and carol.mention in offer.content
    await click(bot, carol, channel, offer, 1)
    assert view(bot)["leeches"] == []
    await bot.store.close()
