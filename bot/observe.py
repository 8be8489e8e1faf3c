"""What an operator sees of a running bot: log lines, Prometheus metrics, health and readiness.

Imports nothing of bot/, so every layer reports here and the app wires it once:

* ``setup_logging(level, fmt)``: one line per record, plain text or (``LOG_FORMAT=json``) one JSON
  object; ``event(log, "move", game=..., channel=..., ms=...)`` adds its fields to either.
* the metrics below (``prometheus-client``), served with ``/healthz`` and ``/readyz`` by
  ``serve(port)`` when ``METRICS_PORT`` is set (off by default);
* ``READY``: what readiness waits for (the store open, the games loaded, the gateway connected),
  and ``heartbeat()``, which the event loop calls every second: ``/healthz`` fails when the loop
  has not called it for ``STALL_SECONDS`` (a process alive with a stuck loop serves nobody).

Gauges whose value lives elsewhere (boards waiting to be drawn, posts owed to Discord, timers
due) are read when scraped, through ``watch(name, fn)``: the outbox registers its backlog that way;
one nobody registered reads NaN (unknown), not 0.
"""

from __future__ import annotations

import json
import logging
import math
import threading
import time
from collections.abc import Callable
from socketserver import ThreadingMixIn
from typing import Any
from wsgiref.simple_server import WSGIRequestHandler, WSGIServer, make_server

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, make_wsgi_app

REGISTRY = CollectorRegistry(auto_describe=True)
#: seconds: Discord drops an interaction not answered within 3 s, so the buckets crowd below that
ACK_BUCKETS = (0.025, 0.05, 0.1, 0.2, 0.3, 0.5, 0.75, 1.0, 1.5, 2.0, 2.5, 3.0, 5.0)
COMMIT_BUCKETS = (0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1.0, 2.0, 5.0)

INTERACTIONS = Counter("meeplecord_interactions", "Interactions handled, by kind (command, component, "
                       "autocomplete, modal)", ["kind"], registry=REGISTRY)
MOVES = Counter("meeplecord_moves", "Moves committed, by game", ["game"], registry=REGISTRY)
REFUSALS = Counter("meeplecord_refusals", "Moves refused (the rules, the turn, the input), by game", ["game"],
                   registry=REGISTRY)
ACK_SECONDS = Histogram("meeplecord_ack_seconds", "From an interaction's creation (Discord's clock) to its first "
                        "response, by kind", ["kind"], buckets=ACK_BUCKETS, registry=REGISTRY)
COMMIT_SECONDS = Histogram("meeplecord_commit_seconds", "From a move's arrival to its commit (move, snapshot and "
                           "what the table is owed, in one transaction)", buckets=COMMIT_BUCKETS, registry=REGISTRY)
DATABASE_ERRORS = Counter("meeplecord_database_errors", "Database errors (a write refused, a lock timed out, a "
                          "connection lost), by kind", ["kind"], registry=REGISTRY)
SHARD = Gauge("meeplecord_shard", "1 for each shard this process runs (shard_count: how many in all)",
              ["shard", "shard_count"], registry=REGISTRY)
READY_GAUGE = Gauge("meeplecord_ready", "1 once the store is open, the games loaded and the gateway connected",
                    registry=REGISTRY)

#: gauges read when scraped: name -> (help, the function set by ``watch``)
WATCHED = {
    "render_queue": "Boards waiting to be drawn",
    "outbox_backlog": "Posts the tables are owed that Discord has not received yet",
    "timers_due": "Timers (reminders, clocks, time-outs) past their time and not yet fired",
}
_sources: dict[str, Callable[[], float]] = {}
_gauges = {name: Gauge(f"meeplecord_{name}", text, registry=REGISTRY) for name, text in WATCHED.items()}
for _name, _gauge in _gauges.items():
    # NaN (unknown) until something registers the source: a gauge nobody feeds must not read 0
    _gauge.set_function(lambda name=_name: float(_sources[name]()) if name in _sources else math.nan)


def watch(name: str, fn: Callable[[], float]) -> None:
    """Read gauge ``name`` (one of ``WATCHED``) from ``fn`` at every scrape."""
    if name not in WATCHED:
        raise KeyError(f"no gauge {name!r}: one of {', '.join(WATCHED)}")
    _sources[name] = fn


def shards(count: int | None, ids) -> None:
    SHARD.clear()
    for sid in ids or ([0] if not count else range(count)):
        SHARD.labels(str(sid), str(count or 1)).set(1)


# --- readiness and liveness ------------------------------------------------------------------------
STALL_SECONDS = 15.0


class Readiness:
    """What ``/readyz`` waits for; ``draining`` (set at shutdown) makes it fail again."""

    PARTS = ("store_open", "games_loaded", "gateway_connected")

    def __init__(self) -> None:
        self.parts = dict.fromkeys(self.PARTS, False)
        self.draining = False
        self.beat = time.monotonic()

    def set(self, part: str, value: bool = True) -> None:
        if part not in self.parts:
            raise KeyError(part)
        self.parts[part] = bool(value)
        READY_GAUGE.set(1 if self.ready else 0)

    @property
    def ready(self) -> bool:
        return all(self.parts.values()) and not self.draining

    def report(self) -> dict:
        return {**self.parts, "draining": self.draining, "ready": self.ready}

    def reset(self) -> None:
        self.__init__()
        READY_GAUGE.set(0)


READY = Readiness()


def heartbeat() -> None:
    """The event loop is turning (called every second by the app's heartbeat task)."""
    READY.beat = time.monotonic()


def alive() -> tuple[bool, float]:
    late = time.monotonic() - READY.beat
    return late < STALL_SECONDS, late


# --- the HTTP endpoint -----------------------------------------------------------------------------
def app(environ, start_response):
    """WSGI: ``/healthz`` (the loop turns), ``/readyz`` (ready to serve), anything else the metrics."""
    path = environ.get("PATH_INFO", "/")
    if path in ("/healthz", "/readyz"):
        if path == "/healthz":
            ok, late = alive()
            body = {"alive": ok, "loop_seconds_since_heartbeat": round(late, 3)}
        else:
            ok, body = READY.ready, READY.report()
        start_response("200 OK" if ok else "503 Service Unavailable",
                       [("Content-Type", "application/json"), ("Cache-Control", "no-store")])
        return [json.dumps(body).encode() + b"\n"]
    return _metrics_app(environ, start_response)


_metrics_app = make_wsgi_app(REGISTRY)


class _Server(ThreadingMixIn, WSGIServer):
    daemon_threads = True


class _QuietHandler(WSGIRequestHandler):
    def log_message(self, *args) -> None:  # a scrape every few seconds is not news
        pass


class Endpoint:
    """The metrics and health server, in a daemon thread; ``close()`` stops it."""

    def __init__(self, port: int, host: str = "127.0.0.1"):
        self.server = make_server(host, port, app, server_class=_Server, handler_class=_QuietHandler)
        self.port = self.server.server_port
        self.thread = threading.Thread(target=self.server.serve_forever, name="metrics-http", daemon=True)
        self.thread.start()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()
        self.thread.join(5)


def serve(port: int | None, host: str = "127.0.0.1") -> Endpoint | None:
    """Start the endpoint on ``port`` (None or 0: off)."""
    return Endpoint(port, host) if port else None


# --- log lines -------------------------------------------------------------------------------------
#: game id -> its child of ``MOVES`` (``labels`` takes a lock and builds the key at every call)
_moves_of: dict[str, Any] = {}


def moved(game: str, seconds: float) -> None:
    """A move of ``game`` committed ``seconds`` after it arrived: ``MOVES`` and ``COMMIT_SECONDS``."""
    child = _moves_of.get(game)
    if child is None:
        child = _moves_of[game] = MOVES.labels(game)
    child.inc()
    COMMIT_SECONDS.observe(seconds)


def event(log: logging.Logger, what: str, level: int = logging.INFO, **fields) -> None:
    """One line saying ``what`` happened with its ``fields`` (game, channel, ms, ...)."""
    if log.isEnabledFor(level):
        log.log(level, what, extra={"fields": fields})


class TextFormatter(logging.Formatter):
    def __init__(self) -> None:
        super().__init__("%(asctime)s %(levelname)s %(name)s: %(message)s")

    def format(self, record: logging.LogRecord) -> str:
        line = super().format(record)
        fields = getattr(record, "fields", None)
        if fields:
            line += " " + " ".join(f"{k}={_plain(v)}" for k, v in fields.items())
        return line


def _plain(v) -> str:
    if isinstance(v, float):
        return f"{v:.1f}"
    text = str(v)
    return json.dumps(text, ensure_ascii=False) if (" " in text or not text) else text


class JsonFormatter(logging.Formatter):
    """One JSON object per line: time, level, logger, message, the event's fields, any exception."""

    def format(self, record: logging.LogRecord) -> str:
        out = {"time": self.formatTime(record, "%Y-%m-%dT%H:%M:%S") + f".{int(record.msecs):03d}Z",
               "level": record.levelname, "logger": record.name, "message": record.getMessage()}
        out.update(getattr(record, "fields", None) or {})
        if record.exc_info:
            out["exception"] = self.formatException(record.exc_info)
        return json.dumps(out, ensure_ascii=False, default=str)


JsonFormatter.converter = time.gmtime


def setup_logging(level: str = "INFO", fmt: str = "text") -> None:
    """The root logger at ``level``, one line per record on stderr in ``fmt`` (text or json)."""
    handler = logging.StreamHandler()
    handler.setFormatter(JsonFormatter() if fmt == "json" else TextFormatter())
    root = logging.getLogger()
    for old in list(root.handlers):
        root.removeHandler(old)
    root.addHandler(handler)
    root.setLevel(level)
