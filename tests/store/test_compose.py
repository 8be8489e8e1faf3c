"""``compose.yaml`` checked without Docker (these machines have no Docker engine).

The file is read (a small reader for the YAML it uses: mappings, lists, quoted
scalars, one anchor merged with ``<<``), its settings are checked against what
the bot reads, and each bot service's command (the ``Dockerfile``'s ``CMD``
with ``--check``) is started as a local process with that service's
environment, its ``DATABASE_URL`` pointed at the test's throwaway PostgreSQL
instead of the ``db`` service. Both processes start at once on an empty
database: both connect, the schema is migrated once, and with games in
servers of both shards each process loads only its own shards' games.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import urlsplit

from bot import observe
from bot.config import load_settings
from bot.store import open_store
from bot.store.postgres import pg_migration_files
from bot.store.shards import shard_of
from tests.pg import pg_rows

from .helpers import new_game, reports
from .test_store_backends import Clock

ROOT = Path(__file__).resolve().parents[2]


# --- a reader for the YAML compose.yaml uses ------------------------------------------------------
def _scalar(text: str, anchors: dict):
    text = text.strip()
    if text.startswith("*"):
        return anchors[text[1:]]
    if text.startswith("[") and text.endswith("]"):
        return [_scalar(part, anchors) for part in re.findall(r'"[^"]*"|[^,\s][^,]*', text[1:-1])]
    if len(text) >= 2 and text[0] == text[-1] and text[0] in "\"'":
        return text[1:-1]
    return text


def _lines(text: str) -> list[tuple[int, str]]:
    out = []
    for raw in text.splitlines():
        line = re.sub(r"\s+#.*$", "", raw) if not raw.lstrip().startswith("#") else ""
        if line.strip():
            out.append((len(line) - len(line.lstrip()), line.strip()))
    return out


def _block(lines: list[tuple[int, str]], i: int, indent: int, anchors: dict):
    """The mapping or list whose lines start at ``lines[i]`` (indented ``indent``); (value, next i)."""
    if lines[i][1].startswith("- "):
        items = []
        while i < len(lines) and lines[i][0] == indent and lines[i][1].startswith("- "):
            items.append(_scalar(lines[i][1][2:], anchors))
            i += 1
        return items, i
    mapping: dict = {}
    while i < len(lines) and lines[i][0] == indent:
        key, _, rest = lines[i][1].partition(":")
        rest = rest.strip()
        anchor = None
        if rest.startswith("&"):
            anchor, _, rest = rest[1:].partition(" ")
        i += 1
        if rest:
            value = _scalar(rest, anchors)
        elif i < len(lines) and lines[i][0] > indent:
            value, i = _block(lines, i, lines[i][0], anchors)
        else:
            value = None
        if anchor:
            anchors[anchor] = value
        if key == "<<":
            mapping = {**value, **mapping}
        else:
            mapping[_scalar(key, anchors)] = value
    return mapping, i


def read_compose(text: str) -> dict:
    lines = _lines(text)
    value, end = _block(lines, 0, 0, {})
    assert end == len(lines), f"compose.yaml: could not read from line {lines[end][1]!r}"
    return value


def dockerfile() -> tuple[dict[str, str], list[str]]:
    """The ``ENV`` settings and the ``CMD`` of the image."""
    text = (ROOT / "Dockerfile").read_text().replace("\\\n", " ")
    env, cmd = {}, None
    for line in text.splitlines():
        if line.startswith("ENV "):
            env.update(pair.split("=", 1) for pair in line[4:].split())
        elif line.startswith("CMD "):
            cmd = json.loads(line[4:])
    return env, cmd


# --- the checks -----------------------------------------------------------------------------------
def test_the_reader_reads_what_compose_files_hold():
    got = read_compose('x: &base\n  a: 1\n  b: "two"\ns:\n  one:\n    <<: *base\n    b: 3  # mine\n'
                       '    l: ["CMD", "x y"]\n    m:\n      - p\n      - q\n')
    assert got == {"x": {"a": "1", "b": "two"},
                   "s": {"one": {"a": "1", "b": "3", "l": ["CMD", "x y"], "m": ["p", "q"]}}}


def services() -> tuple[dict, dict]:
    compose = read_compose((ROOT / "compose.yaml").read_text())
    found = dict(compose["services"])
    return found.pop("db"), found


def test_compose_settings_are_the_ones_the_bot_reads():
    db, bots = services()
    assert len(bots) == 2
    pg = db["environment"]
    counts, ids = set(), []
    for name, svc in bots.items():
        assert svc["build"]["context"] == "." and svc["depends_on"]["db"]["condition"] == "service_healthy", name
        env = svc["environment"]
        url = urlsplit(env["DATABASE_URL"])
        assert (url.scheme, url.hostname, url.port) == ("postgresql", "db", 5432)  # the db service
        assert (url.username, url.password, url.path) == (pg["POSTGRES_USER"], pg["POSTGRES_PASSWORD"],
                                                           "/" + pg["POSTGRES_DB"])
        settings = load_settings(env, env_file=None)
        assert settings.database_url == env["DATABASE_URL"] and settings.render_workers == 1
        counts.add(settings.shard_count)
        ids += list(settings.shard_ids)
    (count,) = counts
    assert sorted(ids) == list(range(count))  # every shard run once, by one service
    assert "pg_isready" in " ".join(db["healthcheck"]["test"]) and pg["POSTGRES_DB"] in " ".join(db["healthcheck"]["test"])


def test_each_bot_service_is_health_checked_on_its_metrics_port():
    """The healthcheck asks the service's own /healthz (METRICS_PORT), and the command, run against the
    bot's real endpoint, passes while the event loop turns and fails once it has stalled."""
    _db, bots = services()
    commands = []
    for name, svc in bots.items():
        settings = load_settings(svc["environment"], env_file=None)
        test = svc["healthcheck"]["test"]
        assert test[0] == "CMD" and settings.metrics_port, name
        assert f"http://127.0.0.1:{settings.metrics_port}/healthz" in test[-1], name
        commands.append((test[1:], settings.metrics_port))
    endpoint = observe.Endpoint(0)  # a free port: the command is pointed at it
    beat = observe.READY.beat
    try:
        for cmd, port in commands:
            assert cmd[0] == "python"
            run = [sys.executable, *[a.replace(f":{port}/", f":{endpoint.port}/") for a in cmd[1:]]]
            observe.heartbeat()
            assert subprocess.run(run, capture_output=True).returncode == 0
            observe.READY.beat = time.monotonic() - observe.STALL_SECONDS - 1  # the loop stuck
            failed = subprocess.run(run, capture_output=True, text=True)
            assert failed.returncode != 0 and "503" in failed.stderr
    finally:
        observe.READY.beat = beat
        endpoint.close()


def interpolate(text: str, env: dict[str, str]) -> str:
    """Compose's ``${NAME:-default}`` and ``${NAME}`` (an unset or empty NAME takes the default)."""
    return re.sub(r"\$\{(\w+)(?::-([^}]*))?\}", lambda m: env.get(m[1]) or m[2] or "", text)


def test_official_images_by_default_local_stand_ins_when_asked():
    """Docker Hub's python:3.11-slim and postgres:15 unless PYTHON_IMAGE / POSTGRES_IMAGE name others
    (deploy/offline-images.sh builds them from Debian packages); compose and a plain
    ``docker build .`` agree on the default."""
    db, bots = services()
    text = (ROOT / "Dockerfile").read_text()
    default = re.search(r"^ARG PYTHON_IMAGE=(\S+)$", text, re.M)[1]
    assert default == "python:3.11-slim" and re.search(r"^FROM (\S+)$", text, re.M)[1] == "${PYTHON_IMAGE}"
    assert interpolate(db["image"], {}) == "postgres:15"
    assert interpolate(db["image"], {"POSTGRES_IMAGE": "local/pg:15"}) == "local/pg:15"
    for svc in bots.values():
        arg = svc["build"]["args"]["PYTHON_IMAGE"]
        assert interpolate(arg, {}) == interpolate(arg, {"PYTHON_IMAGE": ""}) == default
        assert interpolate(arg, {"PYTHON_IMAGE": "local/py:3.11"}) == "local/py:3.11"
        assert interpolate(svc["env_file"], {}) == ".env"


def start_services(bots: dict, url: str, cwd: Path) -> list[dict]:
    """Each bot service's command with its environment as local processes, all at once; their reports."""
    image_env, cmd = dockerfile()
    assert cmd[:3] == ["python", "-m", "bot"]
    procs = []
    for svc in bots.values():
        env = {"PATH": os.environ.get("PATH", ""), "PYTHONPATH": str(ROOT), **image_env, **svc["environment"]}
        env["DATABASE_URL"] = url  # the throwaway cluster instead of the db service
        procs.append(subprocess.Popen([sys.executable, *cmd[1:], "--check"], cwd=cwd, env=env, text=True,
                                      stdout=subprocess.PIPE, stderr=subprocess.PIPE))
    return reports(procs)


async def test_both_shard_services_start_migrate_once_and_load_disjoint_games(pg_url, tmp_path):
    _db, bots = services()
    latest = pg_migration_files()[-1][0]
    first = start_services(bots, pg_url, tmp_path)  # an empty database: both race to migrate it
    assert all(r["backend"] == "postgresql" and r["schema"] == latest and r["games"] == [] for r in first)
    versions = [v for (v,) in pg_rows(pg_url, "SELECT version FROM schema_version ORDER BY version")]
    assert versions == [n for n, _ in pg_migration_files()]  # each migration applied once

    store = await open_store(url=pg_url)
    from bot.table.sessions import SessionManager

    sessions = SessionManager(store, clock=Clock(), seed_source=lambda: 5, render=False)
    guilds = [81384788765712384 + (k << 22) for k in range(6)]  # shards 0, 1, 0, 1, 0, 1 of 2
    made = {await new_game(sessions, 100 + k, guild_id=g): shard_of(g, 2) for k, g in enumerate(guilds)}
    await store.close()
    found = start_services(bots, pg_url, tmp_path)
    loaded = [set(r["games"]) for r in found]
    assert not loaded[0] & loaded[1] and loaded[0] | loaded[1] == set(made)  # disjoint, none left out
    for r, games in zip(found, loaded):
        assert {made[g] for g in games} == set(r["shard_ids"])  # each loads its own shards' games only
