"""The lock files (requirements.lock, requirements-dev.lock) stay in step with pyproject.toml.

``make run``, the Docker image and ``make test`` / CI install from them, so a dependency added to
pyproject.toml without ``make lock`` would be missing on a fresh machine: every dependency must be
pinned there at a version its range allows, with hashes, and the two files must agree.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parent.parent
PIN = re.compile(r"^([A-Za-z0-9_.\-]+)==([^\s\\;]+)", re.M)


def pins(name: str) -> dict[str, str]:
    text = (ROOT / name).read_text()
    return {canonicalize_name(n): v for n, v in PIN.findall(text)}


def project() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]


def check(requirements: list[str], locked: dict[str, str], lock: str) -> None:
    for line in requirements:
        req = Requirement(line)
        name = canonicalize_name(req.name)
        assert name in locked, f"{req.name} is in pyproject.toml but not in {lock}: run `make lock`"
        assert req.specifier.contains(locked[name], prereleases=True), (
            f"{lock} pins {req.name}=={locked[name]}, outside pyproject.toml's {req.specifier}: run `make lock`")


def test_runtime_lock_pins_every_dependency_and_postgres():
    proj = project()
    check(proj["dependencies"] + proj["optional-dependencies"]["postgres"], pins("requirements.lock"),
          "requirements.lock")


def test_dev_lock_pins_everything_and_agrees_with_the_runtime_lock():
    proj = project()
    dev = pins("requirements-dev.lock")
    check(proj["dependencies"] + proj["optional-dependencies"]["postgres"] + proj["optional-dependencies"]["dev"],
          dev, "requirements-dev.lock")
    runtime = pins("requirements.lock")
    differ = {n: (v, dev.get(n)) for n, v in runtime.items() if dev.get(n) != v}
    assert not differ, f"requirements.lock and requirements-dev.lock disagree: {differ}"


def test_locks_are_portable_and_hashed():
    for name in ("requirements.lock", "requirements-dev.lock"):
        text = (ROOT / name).read_text()
        assert "file://" not in text and "--index-url" not in text and "--find-links" not in text, (
            f"{name} names this machine's package sources")
        entries = [e for e in re.split(r"\n(?=[A-Za-z0-9])", text) if PIN.match(e)]
        assert entries and all("--hash=sha256:" in e for e in entries), f"{name}: a pin without its hashes"


def test_asyncpg_is_only_an_extra():
    proj = project()
    assert not any(canonicalize_name(Requirement(r).name) == "asyncpg" for r in proj["dependencies"])
    assert any(Requirement(r).name == "asyncpg" for r in proj["optional-dependencies"]["postgres"])


def test_the_image_installs_from_the_lock():
    """The Dockerfile installs the locked dependencies, then the package alone (no second resolve)."""
    lines = (ROOT / "Dockerfile").read_text().replace("\\\n", " ").splitlines()
    runs = [line for line in lines if line.startswith("RUN ")]
    assert any("pip install --require-hashes -r requirements.lock" in r for r in runs), runs
    assert any("pip install --no-deps ." in r for r in runs), runs
    assert not any(re.search(r"pip install (?!--require-hashes|--no-deps)", r) for r in runs), runs
    assert "COPY requirements.lock ./" in lines


def test_the_bot_runs_on_sqlite_without_asyncpg(tmp_path):
    """asyncpg is the postgres extra: the SQLite bot (``--check``: open, migrate, load) never imports it."""
    import json
    import os
    import subprocess
    import sys

    code = ("import sys, runpy; sys.modules['asyncpg'] = None; sys.argv = ['bot', '--check']; "
            "runpy.run_module('bot', run_name='__main__')")
    env = {**os.environ, "DATABASE_PATH": str(tmp_path / "games.sqlite3"), "PYTHONPATH": str(ROOT)}
    env.pop("DATABASE_URL", None)
    run = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, env=env, capture_output=True, text=True,
                         timeout=120)
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout.strip().splitlines()[-1])["backend"] == "sqlite"
