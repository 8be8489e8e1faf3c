"""Every decision by button and menu, on the Discord harness (discord.py's real code)."""

from __future__ import annotations

PNG = b"\x89PNG"


def select_of(message):
    return next(c for c in message.items() if c["type"] == 3)


async def start(h, game="west-of-africa", players=3):
    people = [h.user(n) for n in ("Ann", "Bob", "Cy", "Di")[:players]]  # seats in this order
    extra = {f"player{i + 2}": u for i, u in enumerate(people[1:])}
    await h.slash(people[0], "game new", game=game, **extra)
    await h.slash(people[0], "game start")
    return people


async def test_west_of_africa_cards_by_menu_then_a_turn_by_clicks(harness):
    h = harness
    ann, bob, cy = await start(h)
    post = h.posts()[-1]
    assert "Play" in post.labels() and "choose your cards (secret)" in post.content
    for user, cards in ((ann, ["tenerife", "farm"]), (bob, ["palma"]), (cy, ["ship", "sell"])):
        await h.click(user, h.posts()[-1], "Play")
        menu = h.ephemeral(user)[-1]
        select = select_of(menu)
        assert select["max_values"] == 5 and "5th card costs 4 coins" in menu.content
        # the cost said once, where a phone shows it (the list's placeholder), each card its number
        assert "5th card costs 4 coins" in select["placeholder"]
        described = {o["value"]: o["description"] for o in select["options"]}
        assert described["tenerife"] == "number 2" and described["build"] == "number 8"
        assert not any("coin" in d for d in described.values())
        before = len(h.requests())
        await h.click(user, menu, 0, values=cards)
        answer = h.ephemeral(user)[-1]
        assert answer.id == menu.id and "secret choice is in" in answer.content  # the menu's own message
        made = h.requests()[before:]
        assert len(made) <= 2, [r.route for r in made]  # the answer, and one edit or post
    reveal = h.posts()[-1]
    assert reveal.png.startswith(PNG) and "Turn order" in reveal.content
    for secret in ("tenerife", "Cultivate"):  # Ann's cards show only once revealed in turn order
        assert secret not in "\n".join(p.content for p in h.posts()[:-1])
    table = h.sessions.table(h.channel)
    up = table.to_move()[0]
    user = (ann, bob, cy)[up]
    posts = len(h.posts())
    await h.click(user, reveal, "Play")
    clicks = 1
    while h.sessions.table(h.channel) and up in h.sessions.table(h.channel).to_move() and clicks < 12:
        menu = h.ephemeral(user)[-1]
        options = [o["value"] for o in select_of(menu)["options"]]
        choice = "m:done" if "m:done" in options else options[0]
        await h.click(user, menu, 0, values=[choice])
        clicks += 1
    assert len(h.posts()) == posts + 1  # the turn: ONE post
    assert h.posts()[-1].png.startswith(PNG)


async def test_a_click_from_someone_else_or_out_of_turn_is_refused_privately(harness):
    h = harness
    ann, bob, cy = await start(h, "bruges")
    post = h.posts()[-1]
    posts = len(h.posts())
    await h.click(bob, post, "Play")
    assert "isn't your turn" in h.ephemeral(bob)[-1].content and "Ann" in h.ephemeral(bob)[-1].content
    await h.click(ann, post, "Play")
    menu = h.ephemeral(ann)[-1]
    options = select_of(menu)["options"]
    assert any(o["value"] == "m:draw a" for o in options)
    await h.click(ann, menu, 0, values=["m:draw a"])
    step = h.ephemeral(ann)[-1]
    assert "Done:" in step.content and "draws" in step.content and select_of(step)  # the next menu comes along
    assert len(h.posts()) == posts  # nothing for the table yet: Ann is still drawing


async def test_amerigo_tiles_are_placed_from_a_menu_of_whole_placements():
    import random

    import games
    from bot.table import menus
    from games.core.playout import expand

    engine = games.get("amerigo")
    state = engine.setup(3, 1, None)
    rnd = random.Random(1)
    for _ in range(3000):
        if engine.result(state) is not None:
            break
        seat = sorted(engine.to_move(state))[0]
        turn = state.get("turn") or {}
        stems = [m for m in engine.legal_moves(state, seat, "n ") if m.endswith(" ")]
        if turn.get("action") == "build" and stems:
            menu = menus.build("amerigo", engine, state, seat, stems[0])
            assert menu.options and len(menu.options) <= 25
            kind, text, _ = menus.decode(menu.options[0].value)
            if kind == "stem":  # grouped by anchor square
                menu = menus.build("amerigo", engine, state, seat, text)
                kind, text, _ = menus.decode(menu.options[0].value)
            assert kind == "move" and len(text.split()) >= 3  # shape + its squares, in one pick
            assert " at " in menu.options[0].label
            engine.play(state, seat, text)  # a legal placement
            return
        engine.play(state, seat, expand(engine, state, seat, "", rnd))
    raise AssertionError("no build action came up")


async def test_reminders_say_what_is_asked(harness):
    h = harness
    await start(h)
    await h.wait(hours=30)
    reminders = [m.content for m in h.transcript() if "⏰" in m.content]
    assert reminders and all("Choose your cards (secret)." in text for text in reminders)


async def test_power_offers_of_one_build_are_one_message_with_a_row_per_seat(make_harness):
    """Terra Mystica: a build next to two seats raises two offers: ONE message, a button row each;
    a seat's answer edits it (its row goes, the other stays)."""
    import random

    import games
    from games.core.playout import expand

    engine = games.get("terra-mystica")
    state, rnd, moves = engine.setup(4, 2, None), random.Random(2), []
    while len({o["seat"] for o in state["leeches"]}) < 2 and len(moves) < 600:  # a build next to two seats
        seat = rnd.choice(sorted(engine.to_move(state)))
        move = expand(engine, state, seat, "", rnd)
        engine.play(state, seat, move)
        moves.append((seat, move))
    assert len({o["seat"] for o in state["leeches"]}) == 2, "the walk changed: pick another seed"
    h = await make_harness(seed=2)
    people = await start(h, "terra-mystica", 4)
    for seat, move in moves[:-1]:
        assert (await h.sessions.move_as(h.channel, seat, move)).ok
    seat, move = moves[-1]
    await h.slash(people[seat], "move", move=move)
    offers = [m for m in h.posts() if any(c.startswith("tm:leech") for c in m.custom_ids())]
    assert len(offers) == 1
    offer = offers[0]
    rows = [[c["custom_id"] for c in row["components"]] for row in offer.components]
    # a row per seat (take, decline), the "Standing orders" button once, in the first
    assert len(rows) == 2 and [len(r) for r in rows] == [3, 2] and rows[0][2].startswith("pbp:ordm:")
    first = int(rows[0][0].split(":")[3])
    await h.click(people[first], offer, rows[0][1])  # decline
    assert len(offer.components) == 1 and "decline" in offer.content
