"""The event loop's selector, wrapped so that the render workers' answers cost it no wake-up of their own.

``render_pool`` reads each worker's answers on the loop that asked them; this module holds how the
loop gets to them: at the wake-ups it makes anyway, within :data:`BOUND` seconds.
"""

from __future__ import annotations

import asyncio
import selectors
import time
from asyncio.selector_events import BaseSelectorEventLoop

try:
    from select import EPOLLIN, epoll
except ImportError:  # not Linux: the workers' sockets are read by the loop's own selector (``add_reader``)
    EPOLLIN, epoll = 0, None

#: seconds an answer may wait in its worker's socket for a wake-up the loop makes anyway (a move,
#: a commit, a timer) before the loop wakes for it alone; a quiet loop gets it this late at most
BOUND = 0.005
#: answers handed over at a wake-up the loop made anyway, and at one it made for them (a quiet
#: loop: its sleep reached :data:`BOUND` with boards asked, or an answer woke it after)
picked_up = 0
woken_for = 0


class Pickup(selectors.BaseSelector):
    """An event loop's selector, wrapped so that its workers' answers cost it no wake-up of their own.

    At 100 moves/s, 41 boards a second each woke the sleeping loop once more for their answer, and
    a wake-up of a sleeping thread costs it 50-110 us of CPU on a shared VM (cold caches), as much
    as the answer's own work. The workers' sockets are not in the loop's selector but in an epoll of
    their own. While boards are asked, the loop looks there (one ``poll(0)``) before it sleeps and
    when it wakes, and hands each readable socket over as one more event, after its own (a move's
    events run first): answers that came while the loop slept or worked go out at a wake-up it
    makes anyway. A loop at work without sleeping looks every :data:`BOUND` seconds. A sleep
    longer than the bound ends there when boards are asked; if no answer is there yet, the loop
    sleeps the rest on that epoll, which holds its own selector too: an answer then wakes it. So an
    answer waits at most the bound, and a quiet bot pays one wake-up more a board at most. With no
    board asked the loop sleeps as before (a worker's death is then seen at the next board asked of
    it). ``stop`` from another thread: a closing worker counts as asked, so the loop reads its end
    of the stream."""

    def __init__(self, inner: selectors.BaseSelector, loop: asyncio.AbstractEventLoop):
        self.inner, self.loop = inner, loop
        self.workers: list = []
        self.events: dict[int, tuple] = {}  # a worker's fd: its event for the loop
        self.polled = 0.0  # when the workers' sockets were last looked at
        self.answers = epoll()  # the workers' sockets, and the loop's selector (a quiet loop sleeps here)
        self.answers.register(inner.fileno(), EPOLLIN)

    @classmethod
    def of(cls, loop: asyncio.AbstractEventLoop) -> Pickup | None:
        """``loop``'s, installed on its first board; None where the loop has no epoll selector
        (asyncio's private ``_selector``: not Linux, uvloop), whose workers are read with ``add_reader``."""
        selector = getattr(loop, "_selector", None)
        if isinstance(selector, cls):
            return selector
        if (epoll is None or not isinstance(loop, BaseSelectorEventLoop)
                or not isinstance(selector, getattr(selectors, "EpollSelector", ()))):
            return None
        wrapped = loop._selector = cls(selector, loop)  # type: ignore[attr-defined]
        return wrapped

    def watch(self, worker) -> None:
        key = selectors.SelectorKey(worker.fd, worker.fd, selectors.EVENT_READ,
                                    (asyncio.Handle(worker.readable, (), self.loop), None))
        self.events[worker.fd] = (key, selectors.EVENT_READ)
        self.answers.register(worker.fd, EPOLLIN)
        self.workers.append(worker)

    def unwatch(self, worker) -> None:
        if worker in self.workers:
            self.workers.remove(worker)
            del self.events[worker.fd]
            try:
                self.answers.unregister(worker.fd)
            except (ValueError, OSError):  # closed with the loop
                pass

    def ready(self) -> list:
        """The loop's events for the workers' sockets that can be read now (no wait)."""
        self.polled = time.monotonic()
        events = self.events
        return [events[fd] for fd, _ in self.answers.poll(0) if fd in events]

    def select(self, timeout: float | None = None) -> list:
        global picked_up, woken_for
        for worker in self.workers:
            if worker.asked or worker.closing:
                break
        else:  # no board asked here: as the loop asked
            return self.inner.select(timeout)
        if timeout == 0 and time.monotonic() - self.polled < BOUND:
            return self.inner.select(0)  # at work: it looks before it sleeps
        ready = self.ready()  # came while the loop worked
        if ready or timeout == 0:
            events = self.inner.select(0)
        elif timeout is not None and timeout <= BOUND:  # it wakes within the bound anyway
            events = self.inner.select(timeout)
            ready = self.ready()
        else:
            end = None if timeout is None else time.monotonic() + timeout
            events = self.inner.select(BOUND)
            ready = self.ready()
            if not events:
                if not ready:  # a quiet loop: the rest of its sleep woken by an answer too
                    self.answers.poll(-1 if end is None else max(0.0, end - time.monotonic()))
                    events = self.inner.select(0)
                    ready = self.ready()
                if not events:
                    woken_for += len(ready)
                    return ready
        if not ready:
            return events
        picked_up += len(ready)
        return events + ready

    # the rest is the loop's own selector's
    def register(self, fileobj, events, data=None):
        return self.inner.register(fileobj, events, data)

    def unregister(self, fileobj):
        return self.inner.unregister(fileobj)

    def modify(self, fileobj, events, data=None):
        return self.inner.modify(fileobj, events, data)

    def get_key(self, fileobj):
        return self.inner.get_key(fileobj)

    def get_map(self):
        return self.inner.get_map()

    def close(self) -> None:
        self.answers.close()
        self.inner.close()
