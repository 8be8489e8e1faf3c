"""Whole-process start-up: a Terra Mystica record replayed by a fresh interpreter.

    python bench/startup.py [--runs 15] [--callgrind] [--baseline REV [--rounds N]]

Times two commands as a user runs them, each a new process (interpreter
start-up, imports and the replay together). The headline, first: a real league
record of the online site (``tests/fixtures/terra_mystica``) replayed and checked
row by row by ``python -m games.terra_mystica.ledger``, the same record and the
same command on both trees of ``--baseline`` (like for like). Second, not like
for like: ``python -m games replay`` of a four-player Terra Mystica game saved as
a replay file (``python -m games playout --save``, seed 1), which each tree makes
and replays itself: the two engines deal different games from the same seed and
the new one refuses the old one's record, so that ratio mixes two games.
Prints the median CPU time of the child processes (user + system; the wall
time moves with the neighbours' load, the CPU time hardly does) and, with
``--callgrind``, the instructions each command executes (valgrind: exact and
load-free, about 50 times slower). ``python -c pass`` is printed beside them: what
no command can go below. Each command runs twice over: with byte-code caches (as an
installed package runs after its first start; the caches kept in a private folder, not
in the tree) and without any (``PYTHONDONTWRITEBYTECODE`` and an empty cache folder: every
imported module compiled at each start, the standard library's too). Target (issue #33): each command at most 0.6 of its
time at 0223526, measured side by side with ``--baseline 0223526``. Without
``--baseline`` the verdict says only whether every command ran (the ratio needs
the baseline's run). Quick mode (``make bench``): 3 runs each.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import baseline
from _verdict import Verdict, sized
from baseline import figure

CODE = baseline.code_root()
LEAGUE = baseline.ROOT / "tests" / "fixtures" / "terra_mystica" / "4pLeague_S1_D1L1_G3.txt"


def record(folder: str) -> Path:
    """A four-player random game of Terra Mystica saved as a replay file, made afresh in ``folder``
    by the measured tree itself (its own engine deals the seed: a record one tree made does not
    replay on another, and a record kept between runs goes stale as the engine changes)."""
    path = Path(folder) / "tm-seed1.json"
    subprocess.run([sys.executable, "-m", "games", "playout", "terra-mystica", "--players", "4",
                    "--seed", "1", "--save", str(path)], cwd=CODE, check=True, capture_output=True,
                   env=environ(True))
    return path


def environ(cached: bool) -> dict:
    env = dict(os.environ, PYTHONPATH=str(CODE))
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env.pop("PYTHONPYCACHEPREFIX", None)
    if cached:
        env["PYTHONPYCACHEPREFIX"] = str(Path(tempfile.gettempdir()) / "meeplecord-bench-pycache")
    else:  # byte code neither written nor read: an empty cache folder (the tree's own __pycache__
        # folders, which other runs may have written, are not looked at under a prefix)
        env["PYTHONDONTWRITEBYTECODE"] = "1"
        env["PYTHONPYCACHEPREFIX"] = _NO_CACHE
    return env


#: an empty folder no run writes into (``PYTHONDONTWRITEBYTECODE``): every module compiled; removed
#: when the bench ends
_NO_CACHE_DIR = tempfile.TemporaryDirectory(prefix="meeplecord-no-pycache-")
_NO_CACHE = _NO_CACHE_DIR.name


def run_once(argv: list[str], cached: bool) -> tuple[float, float, str]:
    """(CPU seconds, wall seconds, output) of one fresh process, its own resources only."""
    t0 = time.perf_counter()
    proc = subprocess.Popen(argv, cwd=CODE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            env=environ(cached))
    chunks = []
    while True:
        chunk = proc.stdout.read(65536)
        if not chunk:
            break
        chunks.append(chunk)
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    return usage.ru_utime + usage.ru_stime, time.perf_counter() - t0, b"".join(chunks).decode(errors="replace")


def instructions(argv: list[str], cached: bool) -> int | None:
    """Instructions executed by the command (callgrind), or None without valgrind."""
    if shutil.which("valgrind") is None:
        return None
    with tempfile.TemporaryDirectory() as tmp:
        proc = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={tmp}/cg.out", *argv],
                              cwd=CODE, capture_output=True, text=True, env=environ(cached))
        found = re.search(r"Collected : (\d+)", proc.stderr)
        return int(found.group(1)) if found else None


def start_hooks() -> list[str]:
    """The ``.pth`` files the interpreter's ``site`` runs at every start: an editable install's
    finder (``__editable__...finder``) costs every command its imports (pathlib, urllib...), a
    plain path (``editable_mode=compat``) nothing. Both trees of ``--baseline`` run with the same
    interpreter, so the same hooks: printed to say which start-up the figures include."""
    import site

    out = []
    for folder in site.getsitepackages():
        for pth in sorted(Path(folder).glob("*.pth")):
            lines = [ln.strip() for ln in pth.read_text().splitlines() if ln.strip() and not ln.startswith("#")]
            kind = "code" if any(ln.startswith(("import ", "import\t")) for ln in lines) else "paths"
            out.append(f"{pth.name} ({kind})")
    return out


def measure(args) -> int:
    with tempfile.TemporaryDirectory(prefix="meeplecord-startup-") as folder:
        return _measure(args, record(folder))


def _measure(args, tm_record: Path) -> int:
    py = sys.executable
    commands = {
        "python -c pass": [py, "-c", "pass"],
        "league record replay (like for like)": [py, "-m", "games.terra_mystica.ledger", str(LEAGUE)],
        "games replay, own record (not like for like)": [py, "-m", "games", "replay", str(tm_record)],
    }
    print(f"code: {CODE}; load average {baseline.load_avg():.1f} on {os.cpu_count()} cores")
    verdict = Verdict()
    print(f"interpreter: {py}; its start-up hooks (.pth): {', '.join(start_hooks()) or 'none'}")
    for cached in (True, False):
        print("with byte-code caches:" if cached else "without byte-code caches (every module compiled):")
        for name, argv in commands.items():
            run_once(argv, cached)  # the caches written (or the files read) once before timing
            cpu, wall = [], []
            for _ in range(args.runs):
                c, w, out = run_once(argv, cached)
                cpu.append(c * 1000)
                wall.append(w * 1000)
            ran = name == "python -c pass" or '"ok": true' in out or out.startswith("OK")
            verdict.check(f"{name}{'' if cached else ' (no cache)'} ran", int(ran), "==", 1)
            if not ran:
                print(f"  {name}: the command failed: {out.strip()[-300:]}")
                return verdict.finish()
            tag = f"{name}{'' if cached else ' (no cache)'}"
            figure(f"{tag} cpu", statistics.median(cpu))
            line = (f"  {name:46s} cpu median {statistics.median(cpu):6.1f} ms (min {min(cpu):6.1f}), "
                    f"wall median {statistics.median(wall):6.1f} ms over {args.runs} runs")
            if args.callgrind:
                n = instructions(argv, cached)
                if n is not None:
                    figure(f"{tag} instructions", n / 1e6, "M instructions")
                    line += f"; {n / 1e6:7.1f} M instructions"
            print(line, flush=True)
    return verdict.finish()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=sized(15, 3))
    parser.add_argument("--callgrind", action="store_true", help="also count instructions with valgrind")
    baseline.add_arguments(parser)
    args = parser.parse_args()
    return baseline.run(args, measure)


if __name__ == "__main__":
    sys.exit(main())
