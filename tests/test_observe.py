"""What an operator sees (bot/observe.py): metrics and health over HTTP, log lines in text and JSON."""

from __future__ import annotations

import io
import json
import logging
import time
import urllib.error
import urllib.request

import pytest

from bot import observe


def get(port: int, path: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=5) as r:
            return r.status, r.read().decode()
    except urllib.error.HTTPError as err:
        return err.code, err.read().decode()


@pytest.fixture
def endpoint():
    observe.READY.reset()
    server = observe.serve(0 or _free_port())
    yield server
    server.close()
    observe.READY.reset()


def _free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_metrics_are_scraped_over_http(endpoint, monkeypatch):
    monkeypatch.delitem(observe._sources, "timers_due", raising=False)  # nobody feeds it: NaN
    observe.MOVES.labels("bruges").inc()
    observe.REFUSALS.labels("bruges").inc(2)
    observe.ACK_SECONDS.labels("command").observe(0.12)
    observe.COMMIT_SECONDS.observe(0.004)
    observe.DATABASE_ERRORS.labels("locked").inc()
    observe.watch("outbox_backlog", lambda: 7)
    observe.watch("render_queue", lambda: 3)
    observe.shards(2, (1,))
    status, body = get(endpoint.port, "/metrics")
    assert status == 200
    lines = body.splitlines()
    for expected in ('meeplecord_moves_total{game="bruges"}', 'meeplecord_refusals_total{game="bruges"}',
                     'meeplecord_ack_seconds_bucket{kind="command",le="0.2"}', "meeplecord_commit_seconds_count",
                     'meeplecord_database_errors_total{kind="locked"}', "meeplecord_outbox_backlog 7.0",
                     "meeplecord_render_queue 3.0", "meeplecord_timers_due NaN",
                     'meeplecord_shard{shard="1",shard_count="2"} 1.0', "meeplecord_ready 0.0"):
        assert any(line.startswith(expected) for line in lines), expected
    with pytest.raises(KeyError):
        observe.watch("nothing", lambda: 1)


def test_readyz_waits_for_the_store_the_games_and_the_gateway_and_fails_while_draining(endpoint):
    assert get(endpoint.port, "/readyz")[0] == 503
    for part in observe.Readiness.PARTS:
        status, body = get(endpoint.port, "/readyz")
        assert status == 503 and json.loads(body)[part] is False
        observe.READY.set(part)
    status, body = get(endpoint.port, "/readyz")
    assert status == 200 and json.loads(body)["ready"] is True
    assert "meeplecord_ready 1.0" in get(endpoint.port, "/metrics")[1]
    observe.READY.draining = True
    assert get(endpoint.port, "/readyz")[0] == 503


def test_healthz_fails_when_the_loop_stops_beating(endpoint, monkeypatch):
    observe.heartbeat()
    assert get(endpoint.port, "/healthz")[0] == 200
    monkeypatch.setattr(observe.READY, "beat", time.monotonic() - observe.STALL_SECONDS - 1)
    status, body = get(endpoint.port, "/healthz")
    assert status == 503 and json.loads(body)["alive"] is False


def test_off_by_default():
    assert observe.serve(None) is None


def _capture(fmt: str) -> tuple[logging.Logger, io.StringIO]:
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.setFormatter(observe.JsonFormatter() if fmt == "json" else observe.TextFormatter())
    log = logging.getLogger(f"test.observe.{fmt}")
    log.handlers[:] = [handler]
    log.setLevel(logging.INFO)
    log.propagate = False
    return log, stream


def test_an_event_line_in_text_and_in_json():
    log, stream = _capture("text")
    observe.event(log, "move", game="bruges", channel=42, move=7, ms=12.345, text="hire 3")
    line = stream.getvalue().strip()
    assert line.endswith('INFO test.observe.text: move game=bruges channel=42 move=7 ms=12.3 text="hire 3"'), line
    log, stream = _capture("json")
    observe.event(log, "move", game="bruges", channel=42, ms=12.345)
    record = json.loads(stream.getvalue())
    assert record["message"] == "move" and record["game"] == "bruges" and record["channel"] == 42
    assert record["level"] == "INFO" and record["time"].endswith("Z")


async def test_a_move_through_the_bot_counts_and_logs_one_line_per_interaction_and_per_move(tmp_path, caplog):
    """The real bot on the harness's fake Discord: /move is counted, its acknowledgement timed where
    discord.py answers it, and the log has one INFO line for the interaction and one for the move."""
    import random

    from tests.harness import Harness
    from tests.harness.play import open_game, pick

    def count(metric, *labels) -> float:
        name = metric._name
        for family in observe.REGISTRY.collect():
            for sample in family.samples:
                if sample.name in (f"{name}_total", f"{name}_count") and tuple(sample.labels.values()) == labels:
                    return sample.value
        return 0.0

    observe.READY.reset()
    h = await Harness(str(tmp_path / "games.sqlite3")).start()
    try:
        assert observe.READY.parts == {"store_open": True, "games_loaded": True, "gateway_connected": True}
        people = await open_game(h, "west-of-africa", 2)
        table = h.sessions.table(h.channel)
        seat = sorted(table.to_move())[0]
        move = await pick(h, people[seat], random.Random(3))
        moves, acks = count(observe.MOVES, "west-of-africa"), count(observe.ACK_SECONDS, "command")
        caplog.clear()
        with caplog.at_level(logging.INFO):
            await h.slash(people[seat], "move", move=move)
        assert count(observe.MOVES, "west-of-africa") == moves + 1
        assert count(observe.ACK_SECONDS, "command") == acks + 1
        lines = [(r.getMessage(), getattr(r, "fields", {})) for r in caplog.records if r.levelno == logging.INFO]
        (inter,) = [f for m, f in lines if m == "interaction" and f.get("name") == "/move"]
        assert inter["kind"] == "command" and inter["game"] == "west-of-africa" and inter["channel"] == h.channel
        assert inter["ack_ms"] >= 0
        (moved,) = [f for m, f in lines if m == "move"]
        assert moved["game"] == "west-of-africa" and moved["channel"] == h.channel and moved["ms"] >= 0
    finally:
        await h.stop()
        observe.READY.reset()
