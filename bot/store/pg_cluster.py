"""A throwaway PostgreSQL cluster for the tests and the load bench (Debian's ``postgresql`` package).

``with Cluster() as url:`` runs ``initdb`` in a temporary folder, starts the
server on a free port listening only on a unix socket in that folder, and
removes everything on exit. As root (CI, containers) the server runs as the
``postgres`` user, since PostgreSQL refuses to run as root.
"""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path

from games.core.notation import is_number


def pg_bin() -> Path | None:
    found = shutil.which("pg_ctl")
    if found:
        return Path(found).parent
    versions = sorted(glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"),
                      key=lambda p: int(p.split("/")[4]) if is_number(p.split("/")[4], 20) else 0)
    return Path(versions[-1]).parent if versions else None


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Cluster:
    """``durable=False`` (the tests): no fsync, quick and throwaway. The load bench runs it durable,
    synced like a production server, so its figures compare with SQLite's ``synchronous=FULL``."""

    def __init__(self, durable: bool = False):
        self.durable = durable
        self.bin = pg_bin()
        if self.bin is None:
            raise RuntimeError("PostgreSQL is not installed (Debian: apt-get install -y postgresql); "
                               "the PostgreSQL tests need its server binaries")
        self.dir = Path(tempfile.mkdtemp(prefix="meeplecord-pg-"))
        self.port = free_port()
        self.as_user: list[str] = []
        if os.geteuid() == 0:
            import pwd

            pw = pwd.getpwnam("postgres")
            os.chown(self.dir, pw.pw_uid, pw.pw_gid)
            self.as_user = ["runuser", "-u", "postgres", "--"]
            self.user = "postgres"
        else:
            import getpass

            self.user = getpass.getuser()
        self.url = f"postgresql://{self.user}@/postgres?host={self.dir}&port={self.port}"

    def _run(self, *args: str) -> None:
        subprocess.run([*self.as_user, *args], check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                       cwd=self.dir)

    def start(self) -> str:
        data = self.dir / "data"
        self._run(str(self.bin / "initdb"), "-D", str(data), "--auth=trust", "-U", self.user, "-E", "UTF8",
                  "--no-sync", "--locale=C")
        opts = (f"-c listen_addresses='' -c unix_socket_directories='{self.dir}' -p {self.port} "
                "-c max_connections=100 -c shared_buffers=32MB")
        if not self.durable:
            opts += " -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
        self._run(str(self.bin / "pg_ctl"), "-D", str(data), "-o", opts, "-l", str(self.dir / "log"), "-w",
                  "-t", "60", "start")
        return self.url

    def stop(self) -> None:
        try:
            self._run(str(self.bin / "pg_ctl"), "-D", str(self.dir / "data"), "-m", "immediate", "-w", "stop")
        except subprocess.CalledProcessError:
            pass
        shutil.rmtree(self.dir, ignore_errors=True)

    def __enter__(self) -> str:
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()
