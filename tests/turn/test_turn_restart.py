"""A restart in the middle of a turn keeps the turn's steps: the post at its end tells all of them."""

from __future__ import annotations

from bot.table.sessions import steps_json, steps_load
from bot.words.i18n import Text, tr
from games.core.messages import msg

from .test_turn_buttons import start


def test_steps_round_trip_with_their_messages():
    line = Text("Ann puts their ship on F3.", msg("woa.ev.place", seat="{p0}", space="F3"), ("Ann",))
    back = steps_load(steps_json([line, "plain line"]))
    assert back == [line, "plain line"]
    assert back[0].msg == line.msg and back[0].names == ("Ann",)
    assert tr(back[0], "zh-TW") == tr(line, "zh-TW")
    assert steps_json([]) is None and steps_load(None) == [] and steps_load("{broken") == []


def test_steps_written_again_are_the_same_text():
    """A table's memo of the steps it wrote (each step encoded once per turn) writes exactly what
    encoding them all again writes, as a turn grows, after a step is replaced, and when it ends."""
    import json

    from bot.table.tables import TurnSteps

    a = Text("Ann puts their ship on F3.", msg("woa.ev.place", seat="{p0}", space="F3"), ("Ann",))
    b = Text("Ann 把船放到 F4。", msg("woa.ev.place", seat="{p0}", space="F4"), ("Ann",), "zh-TW")
    c = "Ann passes"
    memo = TurnSteps()
    for lines in ([a], [a, b], [a, b, c], [a, c], [c, a, b], [b]):
        text = steps_json(lines, memo)
        assert text == steps_json(lines) == json.dumps(json.loads(text), ensure_ascii=False)
        assert steps_load(text) == lines
    assert steps_json([], memo) is None


def a_step(engine, state, seat) -> str:
    """The first legal move that is not "done", walked down from its stem."""
    prefix = ""
    while True:
        move = next(m for m in engine.legal_moves(state, seat, prefix) if m.strip() != "done")
        if not move.endswith(" "):
            return move
        prefix = move


async def test_a_restart_mid_turn_loses_no_step(harness):
    h = harness
    ann, bob = await start(h, "west-of-africa", 2)
    people = (ann, bob)
    await h.slash(ann, "move", move="choose palma ship workers")
    await h.slash(bob, "move", move="choose gomera ship workers")
    table = h.sessions.table(h.channel)
    seat = table.to_move()[0]
    user = people[seat]
    posts = len(h.posts())
    steps = []
    for _ in range(2):  # two steps of the turn (never "done": the turn must stay open)
        table = h.sessions.table(h.channel)
        move = a_step(table.engine, table.state, seat)
        await h.slash(user, "move", move=move)
        step = h.ephemeral(user)[-1].content
        assert "Done:" in step, step
        steps.append(step.split("Done:", 1)[1].splitlines()[0].strip())
        assert seat in h.sessions.table(h.channel).to_move()
    assert len(h.posts()) == posts  # nothing public yet: the turn goes on
    assert h.rows("SELECT turn_steps FROM games")[0][0]  # kept with the moves

    await h.restart()
    assert h.sessions.table(h.channel).turn_lines, "the turn's steps were lost in the restart"
    await h.slash(user, "move", move="done")
    assert len(h.posts()) == posts + 1
    end = h.posts()[-1].content
    for line in steps:  # each step, in the turn's one line for the seat ("Ann puts ...; moves ...")
        assert line.split(" ", 1)[1].rstrip(".") in end, (line, end)
    assert h.rows("SELECT turn_steps FROM games")[0][0] is None  # the turn ended: nothing pending
