"""Board drawing on every core: worker processes, so a slow render never holds the loop or another channel.

Pillow drawing is CPU-bound Python: in threads every render contends for one
interpreter lock with the event loop (and each thread keeps its own
allocator arenas). The bot starts worker processes (``RENDER_WORKERS``, default:
the CPUs this process may use; ``0`` keeps the threads) and :func:`draw` sends
each render there; the loop only awaits the PNG bytes.
The workers run at a lower CPU priority (:data:`NICE`): on busy cores the bot's own
process is never starved by the boards it asked for.
The console and the tests keep the in-process thread unless they start the workers.
A worker that dies, or answers nothing for :data:`ANSWER_BOUND` seconds (then killed), is replaced,
and the renders it held are asked again of its replacement (at most :data:`TRIES` workers a board,
then the board is given up: never drawn on a thread of the bot, which it could crash or hold).
Stopped or lost workers' processes are joined once they have exited.

Each worker has a socket pair to the bot, read by the event loop itself
(``loop.add_reader``): a board goes as a few bytes of what to draw and the view's
JSON text as it came, its PNG comes back as it was written. No thread of the bot's
process takes part, where a ``ProcessPoolExecutor`` ran two (a manager that
unpickled every result and woke the loop from outside, a feeder that pickled every
request): they cost the bot about as much CPU per board as its own loop did.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import logging
import marshal
import multiprocessing
import os
import pickle
import signal
import socket
import struct
import threading
import time
import weakref
from collections import deque
from collections.abc import Callable, Hashable
from multiprocessing.connection import Connection

from ..config import available_cpus
from ..words.names import plain
from .kept_json import dumps_with
from .turn_state import State, replayed, turn_shown  # noqa: F401  (read here by positions, sessions, tests)

log = logging.getLogger(__name__)

_pool: _Pool | None = None
_workers = 0


#: how much lower the workers' CPU priority is than the bot's (``os.nice``): when the cores are
#: busy, the event loop (moves, acknowledgements) runs first and boards wait, never the other way.
#: The workers are also SCHED_BATCH: the bot's ``sendmsg`` of a board wakes its worker with a sync
#: wake-up, which puts the worker on the loop's own CPU, and an ordinary task woken there preempts
#: the loop at once: the loop then sat out the whole render (1.3 ms a board, in its ``sendmsg``) and
#: came back to cold caches. A batch task waits for the loop to sleep (or for another CPU) instead.
NICE = 10


def die_with_parent(parent: int) -> None:
    """In a worker process: Linux sends it SIGTERM when the bot's process dies, even killed outright
    (SIGKILL, the OOM killer), so no worker outlives a bot that had no chance to stop it."""
    try:
        import ctypes

        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGTERM)  # 1: PR_SET_PDEATHSIG
    except (OSError, AttributeError):  # not Linux: the bot's own shutdown stops its workers
        return
    if os.getppid() != parent:  # the bot died before the line above
        os._exit(0)


#: seconds a stopping bot gives a worker to finish the board or bot search it is at; then it is
#: killed. A shutdown must end: at NICE 10 on a loaded machine a worker may get no CPU for minutes
#: (a SIGTERM at load 30 once waited past 120 s), and what it was doing is owed or redone anyway
STOP_GRACE = 5.0

#: seconds a worker with boards asked may give no answer before it is taken for hung: it is killed,
#: a new worker takes its place and its boards are asked again there, as for one that died. A board
#: takes 20-70 ms of CPU; a worker at NICE starved that long on a loaded machine is better replaced
ANSWER_BOUND = 60.0


def end_pool(pool, wait: bool = False, grace: float = STOP_GRACE) -> None:
    """Shut a process pool down (the work waiting in it cancelled). ``wait``: until its workers are
    gone, giving the ones at work at most ``grace`` seconds before they are killed (SIGKILL: a
    stopped or starved process goes too). The pool's own thread then sees them gone and fails what
    they were doing with ``BrokenProcessPool`` (the bot seats' searches: ``bot_seats``)."""
    manager: threading.Thread | None = getattr(pool, "_executor_manager_thread", None)
    processes = list((getattr(pool, "_processes", None) or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    if not wait or manager is None:
        return
    manager.join(grace)  # it tells every worker to stop and waits for them
    if not manager.is_alive():
        return
    stuck = [p for p in processes if p.is_alive()]
    log.warning("%d worker process(es) still busy %.0f s after the stop; killed", len(stuck), grace)
    for process in stuck:
        process.kill()
    manager.join(grace)


def _init(parent: int | None = None) -> None:
    if parent is not None:
        die_with_parent(parent)
    try:
        os.nice(NICE)
    except OSError:  # not allowed here: draw at the bot's priority
        pass
    try:
        os.sched_setscheduler(0, os.SCHED_BATCH, os.sched_param(0))
    except (OSError, AttributeError):  # not Linux: the nice value alone then
        pass
    _warm()


def _warm() -> None:
    import renderers  # noqa: F401  (fonts and modules loaded once per worker)

    from .games import load_plugs

    load_plugs()  # every game's words in the catalogs: a turn's words are worded here (``State``)


class Plain(bytes):
    """A view of plain data as its ``marshal`` bytes (a few times cheaper to make than its JSON
    text): the worker decodes it and reads it as its JSON round trip, so the renderer gets what
    the view's JSON text would have given it."""

    __slots__ = ()


def decoded(view: dict | str | bytes | State) -> dict:
    """The view as the renderer gets it: a :class:`Plain` view read as its JSON, a JSON text decoded,
    a :class:`State`'s public view worked out (its ``facts`` set)."""
    if type(view) is State:
        return view.seen()
    if type(view) is Plain:
        return json.loads(json.dumps(marshal.loads(view), default=str))
    if isinstance(view, str | bytes):
        return json.loads(view)
    return view


def _draw(game_id: str, view: dict | str | bytes, names: list[str], seat: int | None = None,
          kind: str = "board", locale: str = "en") -> bytes | None:
    import renderers

    view = decoded(view)  # a view sent as its JSON text or marshal bytes (``draw``) is decoded here, in the worker
    return renderers.render_png(game_id, view, names, seat, kind=kind, locale=locale)


#: a frame on a worker's socket: its length (4 bytes, big-endian, as ``multiprocessing.connection``
#: frames them: the worker reads the bot's with ``Connection.recv_bytes``), then its bytes
_LENGTH = struct.Struct("!i")
#: the first byte of an answer that is a failure (the exception pickled after it); a PNG starts with 0x89
_FAILED = b"\0"
#: the first byte of an answer that carries facts before its PNG (a :class:`State`'s): the length of
#: their ``marshal`` bytes (as :data:`_LENGTH`), those bytes, then the PNG (if any). Marshal, not
#: JSON: the loop reads them in a C call, where ``json.loads`` took three Python calls and its scanner
#: (about 15 K instructions a board); facts are plain data (scores, a description), the same either way
_FACTS = b"\1"
#: the first byte of a request whose head (what to draw, with a :class:`State`'s meta) is ``marshal``
#: bytes, their length after it (as :data:`_LENGTH`); a request's JSON line starts with ``[``
_MARSHALLED = b"\0"
#: the socket buffers asked for: a whole PNG (35-150 KB) written at once is read at once (the
#: kernel may give less: then it comes in parts)
_BUFFER = 1 << 20
#: what to draw, as a request's first line: ``json.dumps(head, default=str)``, its encoder made once
_line_text = dumps_with(default=str)
#: the bytes a worker's answers are first read into (grown for a bigger one): a turn image's PNG
#: is 35-150 KB
_ANSWER_ROOM = 1 << 18


def _line(head: list) -> bytes:
    """A request's first line: ``json.dumps(head, default=str)``, the same text."""
    return _line_text(head).encode() + b"\n"


def _request(game_id: str, view: dict | str, names: list[str], seat: int | None, kind: str,
             locale: str) -> list:
    """A render as its frame's parts: a line of JSON (what to draw), then the view as it came: its
    JSON text (nothing decoded or pickled in the bot), a state's or a :class:`Plain` view's marshal
    bytes (not copied), or a dict pickled whole. A :class:`State` goes with its ``meta()`` and
    what to draw in one ``marshal`` head instead of the line (:data:`_MARSHALLED`: no JSON on the
    loop; :func:`head_of` reads either), its bytes behind it; in the line when it is not plain data
    (a message's odd parameter). A state to replay (a table's undo token and the moves since) goes
    as ``"replay"``, its meta ``[meta, how its bytes read, the moves]``."""
    meta = None
    if isinstance(view, str):
        body, form = view.encode(), "json"
    elif type(view) is State:
        body, form, meta = view.packed, "state", view.meta()
        if view.base != "marshal" or view.moves:  # a state to replay (``State.read``)
            form, meta = "replay", [meta, view.base, view.moves]
        try:
            said = marshal.dumps([game_id, names, seat, kind, locale, form, meta])
        except ValueError:  # not marshal's: in the line, as JSON
            pass
        else:
            return [_LENGTH.pack(5 + len(said) + len(body)), _MARSHALLED + _LENGTH.pack(len(said)), said, body]
    elif type(view) is Plain:
        body, form = view, "marshal"
    else:
        body, form = pickle.dumps(view, pickle.HIGHEST_PROTOCOL), "pickle"
    head = _line([game_id, names, seat, kind, locale, form, meta])
    return [_LENGTH.pack(len(head) + len(body)), head, body]


def head_of(asked: bytes) -> tuple[list, bytes]:
    """A request's head, ``[game_id, names, seat, kind, locale, form, meta]``, and its body, as
    ``_request`` framed them: a marshal head's meta read as its JSON round trip (what the line gave
    it, to the letter), or the JSON line."""
    if asked[:1] == _MARSHALLED:
        size = _LENGTH.unpack_from(asked, 1)[0]
        head = marshal.loads(asked[5:5 + size])
        head[6] = json.loads(json.dumps(head[6], default=str))
        return head, asked[5 + size:]
    line, _, body = asked.partition(b"\n")
    return json.loads(line), body


def _failure(exc: Exception) -> bytes:
    try:
        return _FAILED + pickle.dumps(exc)
    except Exception:  # noqa: BLE001 (an exception that does not pickle: its words)
        return _FAILED + pickle.dumps(RuntimeError(repr(exc)))


def _answer(png: bytes, facts: dict | None) -> list[bytes]:
    """An answer's frame as its parts (written together, the PNG not copied into one string)."""
    if facts is None:
        return [_LENGTH.pack(len(png)), png]
    try:
        told = marshal.dumps(facts)
    except ValueError:  # not plain data after all: as their JSON would give them
        told = marshal.dumps(json.loads(json.dumps(facts, default=str)))
    return [_LENGTH.pack(5 + len(told) + len(png)), _FACTS + _LENGTH.pack(len(told)), told, png]


def _write(fd: int, parts: list[bytes]) -> None:
    """Write all of ``parts`` (one ``writev``; what the socket had no room for, after)."""
    left = sum(map(len, parts))
    done = os.writev(fd, parts)
    if done < left:
        out = memoryview(b"".join(parts))[done:]
        while out:
            out = out[os.write(fd, out):]


def _serve(conn: Connection, parent: int) -> None:
    """A worker process: draws the boards asked on ``conn``, one at a time and in order, and
    answers each with its PNG (empty: none; :data:`_FAILED`: the renderer raised), until the
    bot closes its end. An answer is written in one piece, so the bot's loop wakes once for it."""
    _init(parent)
    fd = conn.fileno()
    while True:
        try:
            asked = conn.recv_bytes()
        except (EOFError, OSError):
            return
        try:
            _write(fd, served(asked))
        except OSError:  # the bot closed its end
            return


def served(asked: bytes) -> list[bytes]:
    """A worker's work for one request (a frame's bytes, as ``_request`` made them): its answer's
    parts. Apart from ``_serve`` so that bench/worker_replay.py replays recorded requests through it."""
    (game_id, names, seat, kind, locale, form, meta), body = head_of(asked)
    try:
        if form == "state" or form == "replay":
            shown = State.read(game_id, meta, body, form == "replay")
        else:
            shown = body if form == "json" else Plain(body) if form == "marshal" else pickle.loads(body)
        png = _draw(game_id, shown, names, seat, kind, locale) or b""
        return _answer(png, shown.facts if type(shown) is State else None)
    except Exception as exc:  # noqa: BLE001 (raised in the bot, where the board was asked)
        return _answer(_failure(exc), None)


class _Lost(Exception):
    """A worker's connection ended before its board came back: ``why`` is "died" (its process
    ended), "hung" (killed by the watchdog) or "stopped" (the workers are being stopped)."""

    def __init__(self, why: str = "died"):
        super().__init__(why)
        self.why = why


class _Worker:
    """A worker process and the bot's end of its socket, read by the event loop that first asks
    it for a board (``add_reader``): answers come back in the order the boards were asked."""

    def __init__(self, ctx, parent: int, pool: _Pool):
        ours, theirs = socket.socketpair()
        for end in (ours, theirs):
            try:
                end.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, _BUFFER)
                end.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, _BUFFER)
            except OSError:  # the kernel's default then
                pass
        conn = Connection(theirs.detach())
        self.process = ctx.Process(target=pool.target, args=(conn, parent), daemon=True, name="render-worker")
        try:
            self.process.start()
        finally:
            conn.close()  # the worker holds its end: when it dies, ours reads the end of the stream
        ours.setblocking(False)
        self.sock, self.fd, self.pool = ours, ours.fileno(), pool
        self.loop: asyncio.AbstractEventLoop | None = None
        #: the boards asked and not answered yet, oldest first (a cancelled one is still answered)
        self.asked: deque[asyncio.Future] = deque()
        self.unsent = bytearray()  # what the socket had no room for yet
        #: where answers are read, kept (a fresh buffer for every PNG cost a page fault a page) and
        #: grown for a bigger answer; ``have``: its bytes read and not handed over yet
        self.buffer = bytearray(_ANSWER_ROOM)
        self.have = 0
        self.closing = False
        self.gone = False
        #: answers read so far, and the timer that checks this worker still answers (``watch``), due
        #: at ``due``; ``since``: when the bound last started to run (an ask of an idle worker, an
        #: answer), both ``time.monotonic``'s
        self.answered = 0
        self.watchdog: asyncio.TimerHandle | None = None
        self.due = self.since = 0.0

    def watched_by(self, loop: asyncio.AbstractEventLoop) -> bool:
        """Whether ``loop`` may ask this worker (it starts reading its answers on the first ask)."""
        if self.gone:
            return False
        if self.loop is not loop:
            if self.loop is not None and (not self.loop.is_closed() or self.asked):
                return False  # another loop's worker (the console's, a finished test's): a thread then
            self.loop = loop
            loop.add_reader(self.fd, self.readable)
        return True

    def ask(self, parts: list) -> asyncio.Future:
        """Send one render; its future is the answer: (PNG or None, facts or None)."""
        loop = self.loop
        assert loop is not None
        fut = loop.create_future()
        if not self.asked:  # idle until now: the bound runs from this ask
            self.since = now = time.monotonic()
            if self.watchdog is None or self.due > now + ANSWER_BOUND:  # none due by then: set it
                self.check(now + ANSWER_BOUND, ANSWER_BOUND)
        self.asked.append(fut)
        if self.unsent:
            self.unsent += b"".join(parts)
            return fut
        try:
            sent = self.sock.sendmsg(parts)
        except (BlockingIOError, InterruptedError):
            sent = 0
        except OSError:  # the worker is gone: its end of the stream is read next (``readable``)
            return fut
        if sent < _LENGTH.size + _LENGTH.unpack_from(parts[0])[0]:
            self.unsent += b"".join(parts)[sent:]
            loop.add_writer(self.fd, self.writable)
        return fut

    def writable(self) -> None:
        try:
            sent = self.sock.send(self.unsent)
        except (BlockingIOError, InterruptedError):
            return
        except OSError:
            sent = len(self.unsent)  # the worker is gone: ``readable`` ends it
        del self.unsent[:sent]
        if not self.unsent and self.loop is not None:
            self.loop.remove_writer(self.fd)

    def readable(self) -> None:
        """The loop's callback: one read of what the worker wrote, into the kept buffer; every
        whole answer in it goes to the oldest board asked. Part of an answer waits for the rest
        (the next call); no read is tried on an empty socket, which only fails."""
        with memoryview(self.buffer) as room:
            try:
                got = self.sock.recv_into(room[self.have:])
            except (BlockingIOError, InterruptedError):
                return
            except OSError:
                got = 0
        if not got:  # the end of the stream: the worker died or was stopped
            self.lost()
            return
        self.have += got
        start = 0
        while self.have - start >= _LENGTH.size:
            end = start + _LENGTH.size + _LENGTH.unpack_from(self.buffer, start)[0]
            if end > self.have:
                break
            self.answer(start + _LENGTH.size, end)
            start = end
        if start:  # what is left is the start of the next answer
            self.have -= start
            self.buffer[:self.have] = self.buffer[start:start + self.have]
        if self.have >= _LENGTH.size:  # an answer bigger than the buffer: room for all of it
            need = _LENGTH.size + _LENGTH.unpack_from(self.buffer)[0]
            if need > len(self.buffer):
                self.buffer += bytes(need - len(self.buffer))

    def answer(self, start: int, end: int) -> None:
        """The answer in ``buffer[start:end]`` to the oldest board asked: its PNG copied out once."""
        fut = self.asked.popleft()
        self.answered += 1
        self.since = time.monotonic()  # the bound runs again (its timer is left as it is: ``watch``)
        if fut.done():  # its caller gave up waiting
            return
        with memoryview(self.buffer) as room:
            first = room[start:min(start + 1, end)]
            if first == _FAILED:
                fut.set_exception(pickle.loads(room[start + 1:end]))
                return
            facts = None
            if first == _FACTS:
                size = _LENGTH.unpack_from(room, start + 1)[0]
                facts = marshal.loads(room[start + 5:start + 5 + size])
                start += 5 + size
            fut.set_result((bytes(room[start:end]) if end > start else None, facts))

    def check(self, when: float, bound: float) -> None:
        """Set the watchdog to :meth:`watch` at ``when`` (``time.monotonic``'s clock), in place of any
        set before."""
        if self.watchdog is not None:
            self.watchdog.cancel()
        self.due = when
        self.watchdog = self.loop.call_later(max(0.0, when - time.monotonic()), self.watch, bound)

    def watch(self, bound: float) -> None:
        """The watchdog's check, set for ``bound`` seconds (:data:`ANSWER_BOUND` then) after the
        worker was asked a board while idle: boards still asked and no answer for that long since
        (``since``: that ask, or the last answer), the worker is hung (a render that never ends, a
        stopped process): it is killed and its boards are asked again, as a dead worker's (``_run``).
        Answered meanwhile, it checks again ``bound`` after the last answer; with nothing asked, not
        until the next board. Left set while boards come and go, the timer is not made and
        cancelled again at every board."""
        self.watchdog = None
        if self.gone or not self.asked:
            return
        when = self.since + bound
        if when - time.monotonic() > 0.001:  # it answered (or was idle) since the check was set
            self.check(when, bound)
            return
        log.error("a render worker gave no answer in %g s with %d board(s) asked; killed",
                  bound, len(self.asked))
        self.process.kill()
        self.lost("hung")

    def lost(self, why: str = "died") -> None:
        """The stream ended: every board still asked of this worker fails with :class:`_Lost`
        (``_run`` asks it again of another worker); unless the workers are being stopped, a new
        worker takes its place. The process is joined once it has exited (:func:`_reap`)."""
        if self.gone:
            return
        self.gone = True
        loop = self.loop if self.loop is not None and not self.loop.is_closed() else None
        if loop is not None:
            loop.remove_reader(self.fd)
            loop.remove_writer(self.fd)
        if self.watchdog is not None:
            self.watchdog.cancel()
            self.watchdog = None
        self.sock.close()
        while self.asked:
            fut = self.asked.popleft()
            if not fut.done():
                fut.set_exception(_Lost("stopped" if self.closing else why))
        _reap(self.process, loop or _running_loop())
        if not self.closing:
            self.pool.replace(self)

    def close(self) -> None:
        """Stop this worker: it finishes the board it is at and exits. Safe from any thread: the
        socket is only shut here (the worker reads the end of the stream; so does the loop, which
        then lets go of it) unless this thread is its loop's, or no loop watches it."""
        self.closing = True
        try:
            self.sock.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        try:
            here = asyncio.get_running_loop()
        except RuntimeError:
            here = None
        if self.loop is None or self.loop is here or self.loop.is_closed():
            self.lost()


def _running_loop() -> asyncio.AbstractEventLoop | None:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


#: the processes of workers stopped or lost and not joined yet: a process that exited stays a zombie
#: (its pid and exit status kept) until its parent joins it
_ending: set = set()


def _reap(process, loop: asyncio.AbstractEventLoop | None) -> None:
    """Join ``process`` once it has exited: on ``loop`` (this thread's), as soon as its sentinel is
    readable; without a loop, or if the loop closes first, at the next :func:`start` or :func:`stop`."""
    _ending.add(process)
    if loop is not None:
        loop.add_reader(process.sentinel, _exited, process, loop)


def _exited(process, loop: asyncio.AbstractEventLoop) -> None:
    loop.remove_reader(process.sentinel)
    process.join()  # at once: its sentinel is readable once it has exited
    _ending.discard(process)


def _collect() -> None:
    """Join the stopped workers' processes that have exited by now."""
    for process in list(_ending):
        if not process.is_alive():  # joins it if it has exited
            _ending.discard(process)


class _Pool:
    """The worker processes: a board goes to the one with the fewest boards asked."""

    def __init__(self, count: int, target=None):
        self.ctx = multiprocessing.get_context("spawn")  # never fork a process that runs threads (database, loop)
        self.parent = os.getpid()
        self.target = target or _serve
        self.workers = [_Worker(self.ctx, self.parent, self) for _ in range(count)]
        self.closed = False

    def replace(self, worker: _Worker) -> None:
        if self.closed or worker not in self.workers:
            return
        log.error("a render worker died; starting a new one")
        self.workers[self.workers.index(worker)] = _Worker(self.ctx, self.parent, self)

    def ask(self, args: tuple) -> asyncio.Future | None:
        """Send a render to the worker with the fewest boards asked; its answer's future (see
        :meth:`_Worker.ask`), or None when no worker may take it from this loop (a thread then)."""
        worker = self.workers[0]
        for other in self.workers:
            if len(other.asked) < len(worker.asked):
                worker = other
        loop = asyncio.get_running_loop()
        if (worker.loop is not loop or worker.gone) and not worker.watched_by(loop):
            return None
        return worker.ask(_request(*args))

    def close(self, wait: bool = False, grace: float = STOP_GRACE) -> None:
        """Stop every worker (each finishes the board it is at; what was asked of it falls back to a
        thread). ``wait``: until they have exited, giving the ones at work at most ``grace`` seconds
        before they are killed (SIGKILL: a stopped or starved process goes too)."""
        self.closed = True
        for worker in self.workers:
            worker.close()
        if not wait:
            return
        deadline = time.monotonic() + grace
        for worker in self.workers:
            worker.process.join(max(0.0, deadline - time.monotonic()))
        stuck = [w.process for w in self.workers if w.process.is_alive()]
        if not stuck:
            return
        log.warning("%d worker process(es) still busy %.0f s after the stop; killed", len(stuck), grace)
        for process in stuck:
            process.kill()
        for process in stuck:
            process.join(grace)


def start(workers: int | None = None, target=None) -> int:
    """Start the worker processes (``workers``: None = one per CPU this process may use, its
    affinity under a container's CPU quota; 0 = none: boards drawn on a thread). Returns how many.
    Each worker loads the renderers as it starts, not on its first board. ``target``: what each
    worker process runs instead of :func:`_serve` (same arguments; a bench's diagnosis)."""
    global _pool, _workers
    stop()  # joins the stopped workers that have exited
    _slots.clear()  # waiting lines sized for the new number of workers
    count = available_cpus() if workers is None else workers
    if count <= 0:
        return 0
    _pool = _Pool(count, target)
    _workers = count
    return count


def stop(wait: bool = False) -> None:
    """Stop the workers (from any thread); ``wait``: until their processes have exited (the bot's shutdown)."""
    global _pool, _workers
    pool, _pool, _workers = _pool, None, 0
    _slots.clear()
    if pool is not None:
        pool.close(wait)
    _collect()


def running() -> bool:
    return _pool is not None


def worker_pids() -> list[int]:
    pool = _pool
    return [w.process.pid for w in pool.workers if w.process.pid is not None] if pool is not None else []


#: renders waiting or running per event loop: two per worker are in the pool, the rest wait here
_slots: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
#: the newest render asked for each key (a channel): an older one still waiting is not drawn
_latest: dict[Hashable, int] = {}
_tickets = itertools.count(1)
#: renders skipped because a newer one of the same channel was already waiting
superseded = 0
#: renders asked for and not done yet (waiting or drawing): the render queue of the metrics
_asked = 0


def waiting() -> int:
    """Boards asked for and not drawn yet."""
    return _asked


class _Slots:
    """The renders one loop may have in the pool at once (``free`` more now); the others wait in
    line, oldest first, each handed the slot a finished render gives back. What an
    ``asyncio.Semaphore`` did in seven Python calls a board (its ``locked`` walks the waiters with
    ``any``): a free slot is taken here without a call, and given back in one."""

    __slots__ = ("free", "line")

    def __init__(self, count: int):
        self.free = count
        self.line: deque[asyncio.Future] = deque()

    async def wait(self) -> None:
        """Wait in line for a slot: it is this render's once this returns."""
        fut = asyncio.get_running_loop().create_future()
        self.line.append(fut)
        try:
            await fut
        except asyncio.CancelledError:
            if fut.done() and not fut.cancelled():  # handed a slot in the same moment: it goes on
                self.give()
            raise

    def give(self) -> None:
        """A render is done: its slot to the oldest still waiting, else back to the free ones."""
        line = self.line
        while line:
            fut = line.popleft()
            if not fut.done():  # not given up meanwhile (a cancelled caller)
                fut.set_result(None)
                return
        self.free += 1


def _slot() -> _Slots:
    loop = asyncio.get_running_loop()
    slots = _slots.get(loop)
    if slots is None:
        # two per worker: one drawing and one already handed over, so no worker idles between boards
        slots = _slots[loop] = _Slots(max(1, 2 * _workers))
    return slots


async def draw(game_id: str, view: dict | str | Plain | State | Callable[[], dict | str | Plain | State],
               names: list[str],
               seat: int | None = None, kind: str = "board", locale: str = "en",
               key: Hashable | None = None) -> bytes | None:
    """The PNG of a board (or a seat's panel), drawn in a worker process when the pool runs.
    ``kind``: "board" (the full board) or "turn" (the phone-sized turn image). ``view`` may be
    its JSON text or its marshal bytes (:class:`Plain`; a turn's board, copied when the move was
    made): decoded by the worker, so the bot's own process only hands over one string (a dict is
    pickled whole on the way); or a :class:`State` (the position itself: the worker works out its
    view, and fills its ``facts``); or a function that makes it, called only when the board is drawn
    (not for one dropped as below).

    Renders queue here (two per worker in the pool), not inside the pool, so that a
    render of ``key`` (a channel) still waiting when a newer one of the same
    key is asked is dropped: it returns None and its post goes out without an
    image, since the next turn's post, already on its way, shows the board as
    it is now. Under load, the workers draw only boards someone will look at."""
    global superseded, _asked
    ticket = next(_tickets)
    if key is not None:
        _latest[key] = ticket
    _asked += 1
    try:
        slots = _slot()
        if slots.free:
            slots.free -= 1
        else:
            await slots.wait()
        try:
            if key is not None and _latest.get(key) != ticket:
                superseded += 1
                return None
            if callable(view):
                view = view()
            # drawn, a name is shown as its owner wrote it (in text it is escaped: ``words.names``);
            # most escape nothing (no backslash): then not a call a name
            try:
                escaped = "\\" in "".join(names)
            except TypeError:  # a name that is not text: made text by ``plain``
                escaped = True
            if escaped:
                names = [plain(n) for n in names]
            return await _run(game_id, view, names, seat, kind, locale)
        finally:
            slots.give()
    finally:
        _asked -= 1
        if key is not None and _latest.get(key) == ticket:
            del _latest[key]


#: how many workers may die or hang at one board before it is given up (its post then goes
#: without its image): a board that kills or hangs every worker must not take the bot with it
TRIES = 2


async def _run(game_id, view, names, seat, kind, locale) -> bytes | None:
    """The board drawn by a worker; on a thread only without workers (none started, or another
    loop's) or once they are being stopped. A board whose worker died or hung is asked again of
    the worker that took its place, never of a thread: the same board would then crash the bot
    itself, or hold one of its threads for ever."""
    args = (game_id, view, list(names), seat, kind, locale)
    for _ in range(TRIES):
        pool = _pool
        answer = pool.ask(args) if pool is not None else None
        if answer is None:
            break
        try:
            png, facts = await answer
        except _Lost as lost:
            if lost.why == "stopped":
                break
            continue
        if facts is not None:  # a State's
            view.facts = facts
        return png
    else:
        log.error("a board of %s was given up: %d render workers died or hung at it; posted without it",
                  game_id, TRIES)
        return None
    return await asyncio.to_thread(_draw, *args)
