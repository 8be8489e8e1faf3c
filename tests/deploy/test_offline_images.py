"""deploy/offline-images.sh stops at the first step that fails, names it and exits non-zero.

No Docker engine here: ``docker`` and ``debootstrap`` are stand-ins on PATH that log their calls
and fail when told to, which is all the script's own logic depends on.
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
SCRIPT = ROOT / "deploy" / "offline-images.sh"

FAKE_DOCKER = """#!/bin/sh
echo "docker $*" >> "$FAKE_LOG"
case "$1 ${2:-}" in
  "image inspect") exit 1 ;;                       # no base image yet: the script builds it
esac
case "$*" in
  *"$FAKE_FAIL"*) echo "simulated failure: $*" >&2; exit 3 ;;
esac
exit 0
"""

FAKE_DEBOOTSTRAP = """#!/bin/sh
echo "debootstrap $*" >> "$FAKE_LOG"
case "$*" in *"$FAKE_FAIL"*) exit 2 ;; esac
root="$3"
mkdir -p "$root/etc/apt/apt.conf.d" "$root/usr/sbin" "$root/var/log" "$root/tmp"
"""


def run(tmp_path: Path, fail: str) -> tuple[subprocess.CompletedProcess, list[str]]:
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir(exist_ok=True)
    for name, body in (("docker", FAKE_DOCKER), ("debootstrap", FAKE_DEBOOTSTRAP)):
        (bin_dir / name).write_text(body)
        (bin_dir / name).chmod(0o755)
    log = tmp_path / "calls.log"
    log.write_text("")
    env = {"PATH": f"{bin_dir}:{os.environ['PATH']}", "FAKE_LOG": str(log), "FAKE_FAIL": fail,
           "TMPDIR": str(tmp_path)}
    proc = subprocess.run(["sh", str(SCRIPT)], env=env, capture_output=True, text=True, timeout=60)
    return proc, log.read_text().splitlines()


def test_all_steps_pass(tmp_path):
    proc, calls = run(tmp_path, fail="nothing-fails")
    assert proc.returncode == 0, proc.stderr
    assert [c.split()[0:2] for c in calls] == [["docker", "image"], ["debootstrap", "--variant=minbase"],
                                               ["docker", "import"], ["docker", "build"], ["docker", "build"]]
    assert "Built meeplecord-base/python:3.11 and meeplecord-base/postgres:15" in proc.stdout


def test_a_failing_image_build_stops_the_script(tmp_path):
    proc, calls = run(tmp_path, fail="python.Dockerfile")
    assert proc.returncode == 3
    assert "offline-images.sh: FAILED (exit 3): docker build" in proc.stderr
    assert "Built" not in proc.stdout
    assert not any("postgres.Dockerfile" in c for c in calls)  # nothing after the failed step


def test_a_failing_debootstrap_stops_before_the_import(tmp_path):
    proc, calls = run(tmp_path, fail="minbase")
    assert proc.returncode == 2
    assert "FAILED (exit 2): debootstrap" in proc.stderr
    assert not any(c.startswith("docker import") or c.startswith("docker build") for c in calls)
    assert not list(tmp_path.glob("tmp.*"))  # its work folder removed


def test_the_python_image_checks_that_pip_reaches_the_index():
    """`pip install --upgrade pip` passes without an index (the pip already there satisfies it):
    the build must also download something for real."""
    text = (ROOT / "deploy" / "offline" / "python.Dockerfile").read_text()
    assert "pip download" in text and "--no-deps" in text
