"""``make compose-check``: run ``compose.yaml`` for real on a Docker engine, without Discord.

CI has no Docker engine (``tests/store/test_compose.py`` checks the file without one); this is
the check to run where ``dockerd`` is up. It builds the images, starts the ``db`` service and
both shard services with ``deploy/compose.check.yaml`` layered on (each shard runs
``python -m bot --check`` once instead of logging in), and checks: the database becomes
healthy, both shards connect to it and report the latest schema, each migration was applied
once; then, with games seeded in servers of both shards (this script's ``--seed``, run inside
the bot image), both shards start again and each loads exactly its own shards' games. The
project (``meeplecord-check``) and its volume are removed at the end unless ``--keep``.

Works with ``docker compose`` (v2) or ``docker-compose`` (v1). Offline base images: set
``PYTHON_IMAGE`` / ``POSTGRES_IMAGE`` (see ``deploy/offline-images.sh``). Standard library only
on the host; the seeding imports the bot and runs in the bot's container.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PROJECT = "meeplecord-check"
SHARDS = ("shard0", "shard1")
SEEDER = f"{PROJECT}-seed"  # the one-off container that seeds games
GAMES = ("west-of-africa", "terra-mystica", "altiplano", "bruges", "amerigo")
FIRST_GUILD = 81384788765712384  # a server id; adding k << 22 walks its shard up by k


class CheckFailed(Exception):
    pass


def expect(ok: bool, what: str) -> None:
    if not ok:
        raise CheckFailed(what)
    print(f"  ok: {what}", flush=True)


def compose_command() -> list[str]:
    if subprocess.run(["docker", "compose", "version"], capture_output=True).returncode == 0:
        return ["docker", "compose"]
    if shutil.which("docker-compose"):
        return ["docker-compose"]
    raise CheckFailed("neither `docker compose` nor `docker-compose` is installed")


class Compose:
    """One compose project: compose.yaml with the check's override, commands echoed as they run."""

    def __init__(self) -> None:
        self.base = [*compose_command(), "-p", PROJECT,
                     "-f", str(ROOT / "compose.yaml"), "-f", str(ROOT / "deploy" / "compose.check.yaml")]
        self.env = {**os.environ, "MEEPLECORD_ENV_FILE": str(ROOT / "deploy" / "check.env")}

    def __call__(self, *args: str, capture: bool = False, quiet: bool = False) -> str:
        if not quiet:
            print("$", shlex.join(["compose", *args]), flush=True)
        done = subprocess.run([*self.base, *args], cwd=ROOT, env=self.env, text=True,
                              stdout=subprocess.PIPE if capture else None)
        if done.returncode != 0:
            raise CheckFailed(f"compose {' '.join(args)} exited with {done.returncode}")
        return done.stdout or ""

    def container(self, service: str) -> str:
        ids = self("ps", "-a", "-q", service, capture=True, quiet=True).split()
        if len(ids) != 1:
            raise CheckFailed(f"{service}: expected one container, found {len(ids)}")
        return ids[0]


def docker(*args: str) -> str:
    done = subprocess.run(["docker", *args], text=True, capture_output=True)
    if done.returncode != 0:
        raise CheckFailed(f"docker {' '.join(args)}: {done.stderr.strip()}")
    return done.stdout


def last_json(text: str) -> dict:
    for line in reversed(text.strip().splitlines()):
        if line.startswith("{"):
            return json.loads(line)
    raise CheckFailed(f"no JSON report in: {text[-500:]!r}")


def shard_reports(compose: Compose) -> dict[str, dict]:
    """Wait for both shard containers to finish ``--check``; each one's JSON report."""
    out = {}
    for service in SHARDS:
        cid = compose.container(service)
        code = docker("wait", cid).strip()
        logs = subprocess.run(["docker", "logs", cid], text=True, capture_output=True)
        if code != "0":
            raise CheckFailed(f"{service} exited with {code}: {logs.stderr[-1500:]}")
        out[service] = last_json(logs.stdout)
        print(f"  {service}: {json.dumps(out[service])}", flush=True)
    return out


def migration_numbers() -> list[int]:
    names = (ROOT / "bot" / "migrations" / "pg").glob("*.sql")
    return sorted(int(m.group(1)) for p in names if (m := re.match(r"(\d+)_", p.name)))


def run_check(keep: bool) -> None:
    compose = Compose()
    compose("down", "-v", "--remove-orphans")
    subprocess.run(["docker", "rm", "-f", "-v", SEEDER], capture_output=True)  # a run interrupted earlier
    compose("build")
    try:
        compose("up", "-d")  # db first; the shards wait until its healthcheck passes
        first = shard_reports(compose)
        health = docker("inspect", "-f", "{{.State.Health.Status}}", compose.container("db")).strip()
        expect(health == "healthy", f"db is {health}")
        latest = migration_numbers()[-1]
        for service, report in first.items():
            expect(report["backend"] == "postgresql" and report["schema"] == latest,
                   f"{service} connected to PostgreSQL, schema {report['schema']} (latest {latest})")
            expect(report["shard_count"] == 2 and len(report["shard_ids"]) == 1 and report["games"] == [],
                   f"{service} runs shard {report['shard_ids']} of {report['shard_count']}, no games yet")
        query = 'psql -U "$POSTGRES_USER" -d "$POSTGRES_DB" -tAc "SELECT version FROM schema_version ORDER BY version"'
        applied = [int(v) for v in compose("exec", "-T", "db", "sh", "-c", query, capture=True).split()]
        expect(applied == migration_numbers(), f"each migration applied once: {applied}")

        # Not --rm: docker-compose v1 would leave the container's anonymous /app/data volume behind.
        seeded = compose("run", "--name", SEEDER, "-T", "-v", f"{ROOT / 'deploy'}:/check:ro", SHARDS[0],
                         "python", "/check/compose_check.py", "--seed", "6", capture=True)
        made = {int(k): v for k, v in last_json(seeded).items()}
        expect(sorted(set(made.values())) == [0, 1], f"seeded games {made} (game: shard)")

        compose("rm", "-s", "-f", "-v", *SHARDS)  # -v: with their anonymous /app/data volumes
        compose("up", "-d", *SHARDS)
        second = shard_reports(compose)
        loaded = {service: set(report["games"]) for service, report in second.items()}
        a, b = loaded.values()
        expect(not a & b and a | b == set(made), "the shards hold disjoint games and none is left out")
        for service, report in second.items():
            expect({made[g] for g in report["games"]} == set(report["shard_ids"]),
                   f"{service} holds its own shard's games only: {sorted(loaded[service])}")
    finally:
        subprocess.run(["docker", "rm", "-f", "-v", SEEDER], capture_output=True)
        if not keep:
            compose("down", "-v", "--remove-orphans")


async def seed(count: int) -> dict[int, int]:
    """Inside the bot image: ``count`` started games in servers alternating between the shards."""
    from bot.config import load_settings
    from bot.store import open_store
    from bot.store.shards import shard_of
    from bot.table.sessions import Actor, SessionManager

    settings = load_settings(env_file=None)
    store = await open_store(settings.db_path, settings.database_url or None)
    try:
        sessions = SessionManager(store, render=False)
        host, guest = Actor(100, "P0"), Actor(101, "P1")
        made = {}
        for k in range(count):
            guild, channel, title = FIRST_GUILD + (k << 22), 900 + k, GAMES[k % len(GAMES)]
            created = await sessions.create(channel, host, title, [guest], None, guild_id=guild)
            if not created.ok or not (await sessions.start(channel, host)).ok:
                raise CheckFailed(f"could not start {title}: {created.text}")
            made[created.game_id] = shard_of(guild, settings.shard_count or 1)
    finally:
        await store.close()
    return made


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--keep", action="store_true", help="leave the project and its volume up afterwards")
    parser.add_argument("--seed", type=int, metavar="N", help=argparse.SUPPRESS)  # in the container
    args = parser.parse_args(argv)
    try:
        if args.seed:
            print(json.dumps(asyncio.run(seed(args.seed))), flush=True)
        else:
            run_check(args.keep)
            print("compose-check: passed", flush=True)
    except CheckFailed as err:
        print(f"compose-check: FAILED: {err}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
