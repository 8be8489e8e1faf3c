"""/game archive and /game replay through the Discord harness (real discord.py): the archive's
pages and pick, the replay's buttons and round menu, a running game replayed to its present
without a secret, another server's game refused, /game board and /game history of an older game."""

from __future__ import annotations

import random
import re

import games
from bot.discord.components.board import full_board
from bot.table import history
from bot.table.records import replay
from bot.table.sessions import Actor
from games.core.playout import random_playout
from tests.pictures import shown as pictured

from .helpers import final_move
from .test_records_discord import play_games


def _stop(content: str) -> tuple[int, int]:
    """(n, total) from a replay's head line ("move 12/57")."""
    found = re.search(r"move (\d+)/(\d+)", content)
    assert found, content
    return int(found[1]), int(found[2])


async def test_the_archive_lists_newest_first_and_a_pick_opens_the_replay(make_harness):
    h = await make_harness()
    ann, bob, cyd = h.user("Ann"), h.user("Bob"), h.user("Cyd")
    ids = await play_games(h, [[ann, bob], [bob, cyd], [ann, cyd, bob]])
    await h.slash(cyd, "game archive")
    page = h.last(cyd)
    lines = page.content.splitlines()
    assert "Archive: this server's games" in lines[0]
    listed = [int(m) for m in re.findall(r"^#(\d+) · West of Africa", page.content, re.M)]
    assert listed == sorted(ids, reverse=True)  # newest first
    assert "won by" in page.content
    await h.slash(cyd, "game archive", player=ann)
    assert [int(m) for m in re.findall(r"^#(\d+) ·", h.last(cyd).content, re.M)] == [ids[2], ids[0]]

    # the pick: a new message of the picker's, the replay at the last move under the result card
    await h.click(cyd, page, "rec:ap", values=[str(ids[2])])
    shown = h.last(cyd)
    assert shown.id != page.id and shown.ephemeral
    n, total = _stop(shown.content)
    assert n == total > 0 and "**Result**" in shown.content and "finished" in shown.content
    result_rows = [line for line in shown.content.splitlines() if re.match(r"\d\. (Ann|Bob|Cyd)", line)]
    assert len(result_rows) == 3 and result_rows[0].startswith("1. ")
    assert shown.png.startswith(b"\x89PNG")
    assert shown.labels()[:2] == ["⏮ Start", "◀ Back"] and "Next ▶" not in shown.labels()

    # ⏮ then ▶: the start, then the first move, edited in place (the log replayed once, not per step)
    built = replay.REPLAYS.built
    await h.click(cyd, shown, "⏮ Start")
    now = h.discord.messages[shown.id]
    assert _stop(now.content) == (0, total) and "before the first move" in now.content
    assert "⏮ Start" not in now.labels() and "Next ▶" in now.labels()
    await h.click(cyd, now, "Next ▶")
    now = h.discord.messages[shown.id]
    first, _ = _stop(now.content)
    assert first >= 1 and re.search(rf"#{first} · (Ann|Bob|Cyd): ", now.content)

    # the round menu: each option lands on that round's first move
    menu = next(c for c in now.items() if c["type"] == 3)
    rounds = [(o["label"], int(o["value"])) for o in menu["options"] if o["label"].startswith("Round")]
    assert len(rounds) >= 2
    label, target = rounds[1]
    await h.click(cyd, now, menu["custom_id"], values=[str(target)])
    now = h.discord.messages[shown.id]
    assert _stop(now.content) == (target, total)
    assert f"round {label.split()[1]}" in now.content
    assert replay.REPLAYS.built == built


async def test_the_replay_never_reveals_a_secret_of_a_running_game(make_harness):
    """West of Africa starts each round with secret card choices: a seat has chosen, the table
    saw only that it is ready. The replay at every stop shows the public board (the same image
    as the "Full board" button's) and no logged secret text, and ends at the present."""
    h = await make_harness()
    ann, bob, cyd = h.user("Ann"), h.user("Bob"), h.user("Cyd")
    channel = h.text_channel("live")
    actors = [Actor(u.id, u.name) for u in (ann, bob, cyd)]
    made = await h.sessions.create(channel, actors[0], "west-of-africa", actors[1:], guild_id=h.guild_id)
    assert (await h.sessions.start(channel, actors[0])).ok
    rnd = random.Random(5)
    secrets = []
    for _ in range(40):  # play on until a round has started and someone chose in secret
        table = h.sessions.table(channel)
        seat, move, _ends = final_move(table, rnd)
        reply = await h.sessions.move_as(channel, seat, move)
        assert reply.ok
        last = (await h.sessions.store.moves(made.game_id))[-1]
        if last.kind == "secret":
            secrets.append(last.text)
            if len(h.sessions.table(channel).to_move()) > 0 and len(secrets) >= 2:
                break
    moves = await h.sessions.store.moves(made.game_id)
    assert moves[-1].kind == "secret"  # the step is open: its choices are hidden
    await h.settle()
    await h.slash(bob, "game replay", channel=channel)
    shown = h.last(bob)
    n, total = _stop(shown.content)
    assert n == total == len(moves) and "still running" in shown.content
    seen = 0
    while True:
        now = h.discord.messages[shown.id]
        n, _ = _stop(now.content)
        assert pictured(now.png) == pictured(await full_board(h.bot, made.game_id, n, "en"))  # the public board
        for text in secrets:
            assert text not in now.content
        seen += 1
        if "◀ Back" not in now.labels():
            break
        await h.click(bob, now, "◀ Back")
    listed = history.shown([(m.seat, m.kind) for m in moves])
    assert seen == 1 + sum(listed)  # every listed move and the start; no other stop


async def test_another_servers_game_is_refused_and_an_older_game_reached_by_number(make_harness):
    h = await make_harness()
    ann, bob = h.user("Ann"), h.user("Bob")
    ids = await play_games(h, [[ann, bob]])
    elsewhere = await h.sessions.create(h.text_channel("x"), Actor(ann.id, "Ann"), "bruges", [Actor(bob.id, "Bob")],
                                        guild_id=h.guild_id + 1)
    await h.slash(ann, "game replay", number=elsewhere.game_id)
    assert "no game here to replay" in h.last(ann).content
    await h.slash(ann, "game replay", number=ids[0], move=3)
    assert _stop(h.last(ann).content)[0] == 3

    # a second game in the same channel: /game history and /game board still reach the first
    first = await h.sessions.store.game(ids[0])
    channel = first.channel_id
    actors = [Actor(ann.id, "Ann"), Actor(bob.id, "Bob")]
    second = await h.sessions.create(channel, actors[0], "west-of-africa", actors[1:], guild_id=h.guild_id)
    assert (await h.sessions.start(channel, actors[0])).ok
    await h.slash(ann, "game history", channel=channel, number=ids[0])
    older = h.last(ann).content
    first_moves = await h.sessions.store.moves(ids[0])
    assert f"#{len(first_moves)} · " in older and "Moves, page" in older
    await h.slash(ann, "game board", channel=channel, move=2, number=ids[0])
    post = h.last()
    assert post.filename == "board-2.png" and "move 2" in post.content
    await h.slash(ann, "game board", channel=channel, move=2, number=elsewhere.game_id)
    assert f"Game #{elsewhere.game_id} is not one of this server's games" in h.last(ann).content
    await h.slash(ann, "game history", channel=channel, number=elsewhere.game_id)
    assert f"Game #{elsewhere.game_id} is not one of this server's games" in h.last(ann).content
    await h.slash(ann, "game history", channel=channel)  # without a number: the channel's running game
    assert second.ok and "No moves yet." in h.last(ann).content


async def test_archive_and_replay_in_traditional_chinese(make_harness):
    h = await make_harness()
    ann, bob = h.user("Ann", locale="zh-TW"), h.user("Bob")
    ids = await play_games(h, [[ann, bob]])
    await h.slash(ann, "game archive")
    page = h.last(ann)
    assert "**存檔：本伺服器的對局**" in page.content and f"第 {ids[0]} 局 · 七島" in page.content
    await h.click(ann, page, "rec:ap", values=[str(ids[0])])
    assert "結果" in h.last(ann).content and re.search(r"第 \d+/\d+ 步", h.last(ann).content)


def test_a_step_replays_from_its_checkpoint_to_the_same_state():
    """The index's checkpoints give, at every move, the state a replay from move 0 gives."""
    engine = games.get("altiplano")
    state, log = random_playout(engine, 3, 11)
    from bot.store.records import MoveRecord

    moves = [MoveRecord(i + 1, seat, text, "public", "", False, "") for i, (seat, text) in enumerate(log)]
    index = replay.build(engine, 3, 11, None, moves)
    assert len(index.checkpoints) == 1 + len(moves) // replay.CHECKPOINT
    for n in sorted({0, 1, 15, 16, 17, len(moves) // 2, len(moves) - 1, len(moves)}):
        at, _events = replay.state_at(engine, index, moves, n)
        whole = history.state_at(engine, 3, 11, None, log, n)
        assert engine.to_json_text(at) == engine.to_json_text(whole)
    starts = index.round_starts()  # each round once, in order, at the first stop it shows
    assert [r for r, _ in starts] == list(range(starts[0][0], starts[-1][0] + 1)) and starts[-1][0] >= 5
    for r, s in starts:
        assert index.rounds[s] == r and index.rounds[index.before(s)] == r - 1
