"""The offline PostgreSQL image's entrypoint (``deploy/offline/docker-entrypoint.sh``), run
without Docker on the suite's PostgreSQL binaries: like the ``postgres:15`` image it initialises
an empty data directory with POSTGRES_USER / POSTGRES_PASSWORD / POSTGRES_DB, requires password
logins over the network, keeps the data (and ignores those settings) on the next start, and
refuses to start without a password. As root the script runs as the ``postgres`` user, as the
image's root branch does (which this test does not cover: it needs a container).
"""

from __future__ import annotations

import asyncio
import os
import shutil
import signal
import subprocess
import tempfile
from pathlib import Path

import asyncpg
import pytest

from bot.store.pg_cluster import free_port, pg_bin

ROOT = Path(__file__).resolve().parents[2]
ENTRYPOINT = ROOT / "deploy" / "offline" / "docker-entrypoint.sh"


@pytest.fixture
def place():
    """A folder the server's user owns: the entrypoint's copy, PGDATA and the socket live there."""
    base = Path(tempfile.mkdtemp(prefix="meeplecord-entry-"))
    shutil.copy(ENTRYPOINT, base / "entrypoint.sh")
    as_user: list[str] = []
    if os.geteuid() == 0:
        import pwd

        pw = pwd.getpwnam("postgres")
        for path in (base, base / "entrypoint.sh"):
            os.chown(path, pw.pw_uid, pw.pw_gid)
        as_user = ["setpriv", "--reuid=postgres", "--regid=postgres", "--init-groups"]  # execs: signals reach the server
    yield base, as_user
    shutil.rmtree(base, ignore_errors=True)


def run_entrypoint(place, settings: dict[str, str], port: int) -> subprocess.Popen:
    base, as_user = place
    env = {"PATH": f"{pg_bin()}:{os.environ.get('PATH', '/usr/bin:/bin')}", "PGDATA": str(base / "data"),
           **settings}
    server = ["postgres", "-p", str(port), "-k", str(base), "-c", "listen_addresses=127.0.0.1", "-c", "fsync=off"]
    return subprocess.Popen([*as_user, "env", *(f"{k}={v}" for k, v in env.items()), "sh",
                             str(base / "entrypoint.sh"), *server],
                            cwd=base, text=True, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)


async def connect(proc: subprocess.Popen, port: int, user: str, password: str, database: str):
    """A password login over TCP, retried while the server starts (fails at once if it exited)."""
    for _ in range(300):
        if proc.poll() is not None:
            raise AssertionError(f"the entrypoint exited with {proc.returncode}: {proc.stdout.read()}")
        try:
            return await asyncpg.connect(host="127.0.0.1", port=port, user=user, password=password,
                                         database=database)
        except (OSError, asyncpg.CannotConnectNowError):
            await asyncio.sleep(0.1)
    raise AssertionError("the server did not accept connections within 30 s")


def stop(proc: subprocess.Popen) -> str:
    if proc.poll() is None:
        proc.send_signal(signal.SIGINT)  # the image's STOPSIGNAL: a fast shutdown
    try:
        out, _ = proc.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        proc.kill()
        raise
    return out


async def test_the_settings_make_the_user_password_and_database_then_the_data_is_kept(place):
    settings = {"POSTGRES_USER": "meeple", "POSTGRES_PASSWORD": 'p w"1', "POSTGRES_DB": 'game "night"'}
    port = free_port()
    proc = run_entrypoint(place, settings, port)
    try:
        con = await connect(proc, port, "meeple", 'p w"1', 'game "night"')
        assert await con.fetchrow("SELECT current_user, current_database()") == ("meeple", 'game "night"')
        assert await con.fetchval("SELECT rolsuper FROM pg_roles WHERE rolname = current_user")
        await con.execute("CREATE TABLE kept (n int)")
        await con.close()
        with pytest.raises(asyncpg.InvalidPasswordError):
            await asyncpg.connect(host="127.0.0.1", port=port, user="meeple", password="wrong",
                                  database='game "night"')
    finally:
        first = stop(proc)
    assert "initialised" in first

    # A second start on the same data: not initialised again, the first password still the one.
    proc = run_entrypoint(place, {**settings, "POSTGRES_PASSWORD": "another"}, port)
    try:
        con = await connect(proc, port, "meeple", 'p w"1', 'game "night"')
        assert await con.fetchval("SELECT to_regclass('kept') IS NOT NULL")
        await con.close()
    finally:
        second = stop(proc)
    assert "initialised" not in second


def test_no_password_no_database(place):
    proc = run_entrypoint(place, {"POSTGRES_USER": "meeple"}, free_port())
    out, _ = proc.communicate(timeout=60)  # it ends by itself
    assert proc.returncode == 1 and "POSTGRES_PASSWORD is not set" in out
    assert not (place[0] / "data" / "PG_VERSION").exists()
