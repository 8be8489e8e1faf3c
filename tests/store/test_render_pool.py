"""The render queue: one render per worker at a time, and a channel's board still waiting when
that channel's next turn asks for one is not drawn. A board drawn in a worker is compared with the
same board drawn here by what it shows (``tests.pictures.shown``), not by its bytes: the deflate
may pack the same pixels into other bits in another process (bench/PERF.md, "Boards, session 8")."""

from __future__ import annotations

import asyncio
import json
import os
import random
import signal
import socket
import struct
import threading
import time
from collections import deque

import pytest

import games
from bot.table import render_pool
from games.core.playout import expand
from renderers import render_png
from tests.pictures import shown

NAMES = ["Ann", "Bob"]


async def test_a_waiting_render_is_dropped_when_the_same_channel_asks_again(monkeypatch):
    drawn: list[str] = []
    gate = asyncio.Event()

    async def fake_run(game_id, view, names, seat, kind, locale):
        drawn.append(view["name"])
        if view["name"] == "blocker":
            await gate.wait()
        return view["name"].encode()

    monkeypatch.setattr(render_pool, "_run", fake_run)
    render_pool.stop()  # threads: one render at a time
    before = render_pool.superseded

    def ask(name, key):
        return asyncio.ensure_future(render_pool.draw("g", {"name": name}, [], key=key))

    blocker = ask("blocker", 9)
    await asyncio.sleep(0)
    old, other, new = ask("turn 4", 1), ask("other channel", 2), ask("turn 5", 1)
    await asyncio.sleep(0)
    assert drawn == ["blocker"]  # the rest wait for the one slot
    gate.set()
    assert await asyncio.gather(blocker, old, other, new) == [b"blocker", None, b"other channel", b"turn 5"]
    assert drawn == ["blocker", "other channel", "turn 5"]  # turn 4 was never drawn
    assert render_pool.superseded == before + 1
    assert render_pool._latest == {}  # nothing left behind
    # without a key nothing is ever dropped
    assert await asyncio.gather(*(render_pool.draw("g", {"name": "x"}, []) for _ in range(3))) == [b"x"] * 3


def _nice(pid: int) -> int:
    return os.getpriority(os.PRIO_PROCESS, pid)


async def test_board_workers_draw_at_a_lower_priority_than_the_bot():
    """When the cores are busy the bot's loop (moves, acknowledgements) runs before the boards."""
    game = games.get("west-of-africa")
    view = game.view(game.setup(2, 1), None)
    try:
        assert render_pool.start(1) == 1
        png = await render_pool.draw("west-of-africa", view, NAMES, kind="turn")  # through the worker
        assert png.startswith(b"\x89PNG")
        pids = render_pool.worker_pids()
        assert pids and all(_nice(pid) >= min(19, _nice(os.getpid()) + render_pool.NICE) for pid in pids)
    finally:
        render_pool.stop()


async def test_a_worker_woken_by_a_board_does_not_preempt_the_bot():
    """The board's ``sendmsg`` wakes the worker on the loop's own CPU (a sync wake-up): as a batch
    task it waits for the loop to sleep instead of preempting it for the whole render."""
    game = games.get("bruges")
    try:
        assert render_pool.start(1) == 1
        assert (await render_pool.draw("bruges", game.view(game.setup(2, 1), None), NAMES)).startswith(b"\x89PNG")
        (pid,) = render_pool.worker_pids()
        assert os.sched_getscheduler(pid) == os.SCHED_BATCH
        assert _nice(pid) >= min(19, _nice(os.getpid()) + render_pool.NICE)  # still at the lower priority
    finally:
        render_pool.stop(True)


def _views(count: int) -> list[tuple[str, str]]:
    """(game, public view as JSON text) of ``count`` different positions, as a turn post keeps them."""
    out = []
    for title in ("west-of-africa", "bruges"):
        game, rnd = games.get(title), random.Random(3)
        state = game.setup(2, 3)
        for _ in range(count // 2):
            out.append((title, json.dumps(game.view(state, None), default=str)))
            seat = sorted(game.to_move(state))[0]
            game.play(state, seat, expand(game, state, seat, "", rnd))
    return out


async def test_boards_asked_together_each_get_their_own_picture_and_no_thread_of_the_bot_takes_part():
    """Answers come back on the workers' sockets in the order asked: six boards at once over two
    workers each get their own PNG (as drawn in-process). The loop reads the sockets itself: the bot's
    process runs no thread for it (a ProcessPoolExecutor ran a manager and a feeder thread, which cost
    the bot's process about as much CPU per board as its loop)."""
    views = _views(6)
    expected = [shown(render_png(g, json.loads(v), NAMES, kind="turn")) for g, v in views]
    threads = {t.ident for t in threading.enumerate()}
    try:
        assert render_pool.start(2) == 2
        drawn = [shown(png) for png in await asyncio.gather(*(render_pool.draw(g, v, NAMES, kind="turn")
                                                               for g, v in views))]
        assert drawn == expected and len(set(drawn)) == len(drawn)
        assert {t.ident for t in threading.enumerate()} == threads
    finally:
        render_pool.stop(True)
    assert not render_pool.running() and render_pool.worker_pids() == []


def _no_thread(*args):
    raise AssertionError("a board was drawn on a thread of the bot")


async def test_a_worker_killed_at_its_board_is_replaced_and_the_boards_it_held_are_asked_of_the_new_one(
        caplog, monkeypatch):
    views = _views(4)
    expected = [shown(render_png(g, json.loads(v), NAMES)) for g, v in views]
    monkeypatch.setattr(render_pool, "_draw", _no_thread)  # this process's: the workers keep theirs
    try:
        assert render_pool.start(1) == 1
        assert shown(await render_pool.draw(*views[0], NAMES)) == expected[0]  # the worker is ready
        (old,) = render_pool.worker_pids()
        asked = [asyncio.ensure_future(render_pool.draw(g, v, NAMES)) for g, v in views[1:3]]
        await asyncio.sleep(0)  # sent
        os.kill(old, signal.SIGKILL)
        assert [shown(png) for png in await asyncio.gather(*asked)] == expected[1:3]
        (new,) = render_pool.worker_pids()
        assert new != old and "a render worker died" in caplog.text
        assert shown(await render_pool.draw(*views[3], NAMES)) == expected[3]  # by the new worker
    finally:
        render_pool.stop(True)


async def test_a_board_given_up_does_not_shift_the_answers_and_a_failure_is_raised_where_it_was_asked():
    views = _views(4)
    expected = [shown(render_png(g, json.loads(v), NAMES)) for g, v in views]
    try:
        assert render_pool.start(1) == 1
        await render_pool.draw(*views[0], NAMES)
        given_up = asyncio.ensure_future(render_pool.draw(*views[1], NAMES))
        await asyncio.sleep(0)
        given_up.cancel()
        assert shown(await render_pool.draw(*views[2], NAMES)) == expected[2]
        with pytest.raises(ValueError):  # the view's text does not decode, in the worker
            await render_pool.draw("bruges", "{not json", NAMES)
        assert await render_pool.draw("no-such-game", views[3][1], NAMES) is None
        assert shown(await render_pool.draw(*views[3], NAMES)) == expected[3]
        assert given_up.cancelled()
    finally:
        render_pool.stop(True)


async def test_workers_stopped_from_another_thread_leave_no_board_unanswered():
    """The bot stops its workers off the loop (``asyncio.to_thread(render_pool.stop, True)``):
    the boards still asked of them are drawn on a thread, and the processes are gone."""
    views = _views(4)
    expected = [shown(render_png(g, json.loads(v), NAMES)) for g, v in views]
    assert render_pool.start(1) == 1
    await render_pool.draw(*views[0], NAMES)
    (pid,) = render_pool.worker_pids()
    asked = [asyncio.ensure_future(render_pool.draw(g, v, NAMES)) for g, v in views]
    await asyncio.sleep(0)
    await asyncio.to_thread(render_pool.stop, True)
    assert [shown(png) for png in await asyncio.gather(*asked)] == expected
    assert not render_pool.running()
    with pytest.raises(ProcessLookupError):
        os.kill(pid, 0)


class _CountingSocket:
    """The bot's end of a worker's socket, counting the reads the loop's callback makes."""

    def __init__(self, sock: socket.socket):
        self.sock, self.reads = sock, 0

    def recv(self, *args):
        self.reads += 1
        return self.sock.recv(*args)

    def recv_into(self, *args):
        self.reads += 1
        return self.sock.recv_into(*args)


def _reader(sock: socket.socket) -> render_pool._Worker:
    """A worker's reading end without its process: the test writes the answers itself."""
    worker = render_pool._Worker.__new__(render_pool._Worker)
    worker.sock, worker.loop, worker.pool = _CountingSocket(sock), None, None
    worker.asked, worker.buffer, worker.have = deque(), bytearray(render_pool._ANSWER_ROOM), 0
    worker.closing = worker.gone = False
    worker.answered, worker.watchdog, worker.due, worker.since = 0, None, 0.0, 0.0
    return worker


async def test_an_answer_is_read_in_one_call_and_every_whole_answer_read_is_handed_over():
    """One read per answer (there were two: its length, then its bytes), and two answers already
    in the socket go out on one wake-up of the loop; the PNG comes out as bytes, the facts decoded."""
    ours, theirs = socket.socketpair()
    ours.setblocking(False)
    loop = asyncio.get_running_loop()
    worker = _reader(ours)
    asked = [loop.create_future() for _ in range(3)]
    worker.asked.extend(asked)
    pngs = [b"\x89PNG" + bytes([n]) * 60_000 for n in range(3)]
    theirs.sendall(b"".join(render_pool._answer(pngs[0], {"scores": [[1, 7], [0, 3]]})
                            + render_pool._answer(pngs[1], None)))
    worker.readable()
    assert worker.sock.reads == 1
    assert asked[0].result() == (pngs[0], {"scores": [[1, 7], [0, 3]]})
    assert asked[1].result() == (pngs[1], None) and type(asked[1].result()[0]) is bytes
    assert not asked[2].done()
    third = b"".join(render_pool._answer(pngs[2], {"scores": []}))
    theirs.sendall(third[:10])  # the kernel may hand over part of an answer: the rest comes after
    worker.readable()
    assert not asked[2].done()
    theirs.sendall(third[10:])
    worker.readable()
    assert asked[2].result() == (pngs[2], {"scores": []}) and worker.have == 0
    ours.close()
    theirs.close()


async def test_an_answer_bigger_than_the_read_buffer_grows_it_and_an_empty_or_failed_one_is_told_apart():
    ours, theirs = socket.socketpair()
    ours.setblocking(False)
    loop = asyncio.get_running_loop()
    worker = _reader(ours)
    worker.buffer = bytearray(16)
    asked = [loop.create_future() for _ in range(3)]
    worker.asked.extend(asked)
    png = b"\x89PNG" + os.urandom(100_000)
    theirs.sendall(b"".join(render_pool._answer(png, {"scores": [[0, 1]]})))
    worker.readable()  # its length and the start: room made for the whole answer
    assert not asked[0].done() and len(worker.buffer) >= len(png)
    worker.readable()
    assert asked[0].result() == (png, {"scores": [[0, 1]]})
    theirs.sendall(b"".join(render_pool._answer(b"", None) + render_pool._answer(render_pool._failure(ValueError("bad view")), None)))
    worker.readable()
    assert asked[1].result() == (None, None)  # nothing drawn, though the byte after it in the buffer is a failure's
    with pytest.raises(ValueError, match="bad view"):
        asked[2].result()
    ours.close()
    theirs.close()


def test_a_state_is_sent_as_its_bytes_behind_a_marshal_head():
    """Nothing of the state copied or encoded twice on the loop: its marshal bytes go as they are,
    behind one marshal head of what to draw and its extra (not a JSON line and the extra's marshal
    bytes: two encoders a board); the worker reads the extra as its JSON would have given it."""
    extra = {"turn_text": {"en": ["Ann moved."]}, "seats": (1, 2), 3: "three"}
    state = render_pool.State("bruges", b"\x01marshal bytes\n with a newline", extra)
    length, mark, said, body = render_pool._request("bruges", state, NAMES, None, "turn", "en")
    assert body is state.packed
    assert mark == render_pool._MARSHALLED + struct.pack("!i", len(said))
    assert struct.unpack("!i", length)[0] == len(mark) + len(said) + len(body)
    head, got_body = render_pool.head_of(mark + said + body)
    assert got_body == state.packed
    meta = {"turn_text": {"en": ["Ann moved."]}, "seats": [1, 2], "3": "three"}
    assert head == ["bruges", NAMES, None, "turn", "en", "state", meta] and meta == json.loads(json.dumps(extra))
    got = render_pool.State.read("bruges", head[-1], got_body)
    assert (got.packed, got.extra) == (state.packed, meta)


def test_a_request_line_of_json_is_still_read():
    """A request as the bot framed them before (a JSON line, the extra's marshal bytes behind it:
    bench/worker_replay.py's recorded ones) reads as it did."""
    import marshal

    extra = {"turn_text": {"en": ["Ann moved."]}}
    said = marshal.dumps(extra)
    line = (json.dumps(["bruges", NAMES, None, "turn", "en", "state", len(said)]) + "\n").encode()
    head, body = render_pool.head_of(line + said + b"state bytes")
    assert head == ["bruges", NAMES, None, "turn", "en", "state", len(said)]
    got = render_pool.State.read("bruges", head[-1], body)
    assert (got.packed, got.extra) == (b"state bytes", extra)


def test_a_state_to_replay_is_sent_as_its_token_and_moves():
    """A position kept as its table's undo token and the moves since (``positions.Position``): the
    token's bytes go as they are, the moves with the extra; the worker reads the token as its form says
    and plays the moves on it (``render_pool.replayed``), as the table did."""
    game = games.get("bruges")
    state, rnd = game.setup(2, 3), random.Random(3)
    token, moves = json.dumps(state), []
    for _ in range(5):
        seat = sorted(game.to_move(state))[0]
        moves.append((seat, expand(game, state, seat, "", rnd)))
        game.play(state, *moves[-1])
    extra = {"turn_text": {"en": ["Ann moved."]}}
    sent = render_pool.State("bruges", token.encode(), extra, "json", moves)
    parts = render_pool._request("bruges", sent, NAMES, None, "turn", "en")
    assert parts[-1] is sent.packed
    head, body = render_pool.head_of(b"".join(parts[1:]))
    assert head[:6] == ["bruges", NAMES, None, "turn", "en", "replay"]
    got = render_pool.State.read("bruges", head[-1], body, replay=True)
    assert (got.base, got.extra) == ("json", extra)
    assert render_pool.replayed(game, got.base, got.packed, got.moves) == state
    assert render_pool.decoded(got)["players"] == json.loads(json.dumps(game.view(state, None)))["players"]


def test_an_extra_marshal_cannot_write_goes_in_the_line_as_json():
    """A value marshal refuses (a str subclass, an object JSON writes as its ``str``) sends the extra
    in the line, as before: the worker reads the same."""
    class Named(str):
        pass

    extra = {"turn_text": {"en": [Named("Ann moved.")]}, "when": ValueError("late")}
    state = render_pool.State("bruges", b"state bytes", extra)
    length, head, body = render_pool._request("bruges", state, NAMES, None, "turn", "en")
    assert body is state.packed
    meta = json.loads(head)[-1]
    assert meta == json.loads(json.dumps(extra, default=str))
    assert render_pool.State.read("bruges", meta, body).extra == meta


def test_the_line_of_what_to_draw_is_json_dumps_text():
    """The line is ``json.dumps(..., default=str)``'s text, made by an encoder kept from call to call."""
    for view in ('{"a": 1}', render_pool.Plain(b"xy"), {"b": "\u00e9\u5c0f"}):
        head = render_pool._request("bruges", view, ["\u00c9va", "\u5c0f\u660e"], 1, "board", "zh-TW")[1]
        form = {str: "json", render_pool.Plain: "marshal", dict: "pickle"}[type(view)]
        assert head == (json.dumps(["bruges", ["\u00c9va", "\u5c0f\u660e"], 1, "board", "zh-TW", form, None])
                        + "\n").encode()


def _state(pid: int) -> str | None:
    """A process's state letter from /proc ("Z": exited, not joined yet); None once it is gone."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0]
    except FileNotFoundError:
        return None


async def _until(check, seconds: float = 300.0) -> bool:
    """Whether ``check()`` holds within ``seconds``: a bound for a process's exit, not a speed (a worker
    at NICE on a loaded machine may wait long for a core, to finish loading the renderers first)."""
    for _ in range(int(seconds / 0.05)):
        if check():
            return True
        await asyncio.sleep(0.05)
    return check()


async def test_workers_stopped_without_waiting_are_joined_once_they_exit():
    """``stop()`` returns at once; the worker exits after its board, and the loop that watched it
    joins it then: no zombie is left until the bot exits."""
    views = _views(2)
    assert render_pool.start(1) == 1
    await render_pool.draw(*views[0], NAMES)
    (pid,) = render_pool.worker_pids()
    render_pool.stop()
    assert await _until(lambda: _state(pid) is None), _state(pid)


def test_workers_stopped_with_no_loop_are_joined_at_the_next_start_or_stop():
    assert render_pool.start(1) == 1
    (pid,) = render_pool.worker_pids()
    render_pool.stop()  # no loop ever watched it
    assert asyncio.run(_until(lambda: _state(pid) in ("Z", None)))  # it exited
    render_pool.stop()
    assert _state(pid) is None


async def test_a_worker_that_answers_nothing_is_killed_and_replaced_and_its_boards_asked_of_the_new_one(
        monkeypatch, caplog):
    views = _views(4)
    expected = [shown(render_png(g, json.loads(v), NAMES)) for g, v in views]
    monkeypatch.setattr(render_pool, "_draw", _no_thread)
    try:
        assert render_pool.start(1) == 1
        assert shown(await render_pool.draw(*views[0], NAMES)) == expected[0]  # the worker is ready
        (old,) = render_pool.worker_pids()
        monkeypatch.setattr(render_pool, "ANSWER_BOUND", 0.5)
        os.kill(old, signal.SIGSTOP)  # hung: alive, answering nothing
        asked = [asyncio.ensure_future(render_pool.draw(g, v, NAMES)) for g, v in views[1:3]]
        await asyncio.sleep(0)  # asked: its watchdog set to 0.5 s
        monkeypatch.setattr(render_pool, "ANSWER_BOUND", 60.0)  # the new worker is not hurried at its start
        assert [shown(png) for png in await asyncio.wait_for(asyncio.gather(*asked), 120)] == expected[1:3]
        assert render_pool.waiting() == 0
        assert "gave no answer in 0.5 s with 2 board(s) asked; killed" in caplog.text
        (new,) = render_pool.worker_pids()
        assert new != old
        assert await _until(lambda: _state(old) is None), _state(old)  # killed and joined
        assert shown(await render_pool.draw(*views[3], NAMES)) == expected[3]  # by the new worker
    finally:
        render_pool.stop(True)


async def test_the_watchdog_lets_a_worker_that_still_answers_be_and_stops_once_nothing_is_asked():
    ours, theirs = socket.socketpair()
    ours.setblocking(False)
    loop = asyncio.get_running_loop()
    worker = _reader(ours)
    worker.loop = loop
    killed = []
    worker.process = type("Process", (), {"kill": lambda self: killed.append(True)})()
    worker.lost = lambda why="died": killed.append(why)
    worker.asked.append(loop.create_future())
    worker.since = time.monotonic() - 10  # an answer 10 s ago: checked again 50 s from now
    worker.watch(60.0)
    assert not killed and worker.watchdog is not None and worker.watchdog._args == (60.0,)
    assert 49 < worker.watchdog.when() - loop.time() <= 50
    worker.asked.clear()
    worker.watch(60.0)  # nothing asked: no check until the next board
    assert not killed and worker.watchdog is None
    worker.asked.append(loop.create_future())
    worker.since = time.monotonic() - 61
    worker.watch(60.0)  # no answer for 61 s with a board asked: hung
    assert killed == [True, "hung"]
    ours.close()
    theirs.close()


def test_a_worker_answering_board_after_board_keeps_one_watchdog(monkeypatch):
    """The watchdog is set when an idle worker is asked a board and left set as boards come and go
    (no timer made and cancelled at every board); a shorter bound asked meanwhile sets it sooner."""
    loop = asyncio.new_event_loop()
    ours, theirs = socket.socketpair()
    try:
        ours.setblocking(False)
        worker = _reader(ours)
        worker.loop, worker.sock, worker.fd, worker.unsent = loop, ours, ours.fileno(), bytearray()
        first = worker.ask([struct.pack("!i", 1), b"x"])
        dog = worker.watchdog
        assert dog is not None and first is worker.asked[0]
        worker.asked.popleft()  # answered
        worker.ask([struct.pack("!i", 1), b"y"])
        assert worker.watchdog is dog
        worker.asked.popleft()
        monkeypatch.setattr(render_pool, "ANSWER_BOUND", 0.5)
        worker.ask([struct.pack("!i", 1), b"z"])
        assert worker.watchdog is not dog and dog.cancelled()
        assert worker.watchdog.when() - loop.time() <= 0.5
    finally:
        if worker.watchdog is not None:
            worker.watchdog.cancel()
        ours.close()
        theirs.close()
        loop.close()


def test_served_answers_a_request_as_the_worker_does():
    """``served``, the worker's step for one request (bench/worker_replay.py replays through it):
    a State's answer is its facts, then its PNG, the board the view it stands for draws; a request
    the renderer cannot take answers its failure."""
    import marshal

    game = games.get("bruges")
    state = game.setup(2, 3)
    asked = render_pool.State("bruges", marshal.dumps(state), {"turn_text": {"en": ["Ann moved."]}})
    parts = render_pool.served(b"".join(render_pool._request("bruges", asked, NAMES, None, "turn", "en")[1:]))
    answer = b"".join(parts)
    assert struct.unpack("!i", answer[:4])[0] == len(answer) - 4
    assert answer[4:5] == render_pool._FACTS
    told = struct.unpack("!i", answer[5:9])[0]
    facts = marshal.loads(answer[9:9 + told])  # in a C call on the loop, not json's scanner
    again = render_pool.State("bruges", marshal.dumps(state), {"turn_text": {"en": ["Ann moved."]}})
    assert shown(answer[9 + told:]) == shown(render_png("bruges", render_pool.decoded(again), NAMES, kind="turn"))
    assert facts == again.facts
    bad = render_pool.served(b"".join(render_pool._request("bruges", "{not json", NAMES, None, "turn", "en")[1:]))
    assert b"".join(bad)[4:5] == render_pool._FAILED


def _poisoned(conn, parent: int) -> None:
    """A worker (``render_pool.start(target=...)``) that dies at any Bruges board and hangs at any
    Amerigo one: the others it draws."""
    served = render_pool.served

    def serving(asked: bytes) -> list[bytes]:
        title = json.loads(asked.partition(b"\n")[0])[0]
        if title == "bruges":
            os.kill(os.getpid(), signal.SIGKILL)
        while title == "amerigo":
            signal.pause()
        return served(asked)

    render_pool.served = serving
    render_pool._serve(conn, parent)


async def test_a_board_that_kills_or_hangs_every_worker_is_given_up_and_never_drawn_by_the_bot(
        monkeypatch, caplog):
    """A board that crashes a worker, or hangs it, is asked again of the worker that took its place
    (one more try), then given up: None (its post goes without it), never drawn on one of the bot's
    threads, where it would crash the bot or hold the thread for ever. The workers still draw."""
    monkeypatch.setattr(render_pool, "_draw", _no_thread)
    views = _views(4)  # two of West of Africa, then two of Bruges
    bruges, amerigo = games.get("bruges"), games.get("amerigo")
    try:
        assert render_pool.start(1, target=_poisoned) == 1
        assert (await render_pool.draw(*views[0], NAMES)).startswith(b"\x89PNG")
        first = render_pool.worker_pids()
        assert await render_pool.draw("bruges", bruges.view(bruges.setup(2, 1), None), NAMES) is None
        monkeypatch.setattr(render_pool, "ANSWER_BOUND", 1.0)  # hung: a worker still starting may be killed too
        assert await asyncio.wait_for(render_pool.draw("amerigo", amerigo.view(amerigo.setup(2, 1), None), NAMES),
                                      60) is None
        monkeypatch.setattr(render_pool, "ANSWER_BOUND", 60.0)
        assert caplog.text.count("was given up") == 2 and "a render worker died" in caplog.text
        assert "gave no answer in 1 s" in caplog.text
        assert render_pool.worker_pids() != first and render_pool.waiting() == 0
        assert (await render_pool.draw(*views[1], NAMES)).startswith(b"\x89PNG")  # a new worker draws on
    finally:
        render_pool.stop(True)


async def test_board_slots_go_in_order_and_a_caller_who_gives_up_passes_the_slot_on():
    """``draw``'s slots (``_Slots``): the renders waiting for one get it oldest first; one whose
    caller gave up is skipped, and one handed a slot as its caller gave up passes it on."""
    slots, order = render_pool._Slots(1), []
    slots.free -= 1  # taken

    async def take(name):
        await slots.wait()
        order.append(name)

    a, b, c = (asyncio.ensure_future(take(name)) for name in "abc")
    await asyncio.sleep(0)
    b.cancel()
    slots.give()
    await asyncio.sleep(0)
    slots.give()
    await asyncio.sleep(0)
    assert order == ["a", "c"] and b.cancelled() and slots.free == 0
    slots.give()
    assert slots.free == 1 and not slots.line
    slots.free = 0
    d, e = asyncio.ensure_future(take("d")), asyncio.ensure_future(take("e"))
    await asyncio.sleep(0)
    slots.give()  # to d, whose caller gives up before it runs again
    d.cancel()
    await asyncio.sleep(0)
    await asyncio.sleep(0)
    assert order == ["a", "c", "e"] and d.cancelled() and slots.free == 0
    await asyncio.gather(a, c, e)
