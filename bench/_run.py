"""Run every bench of ``bench/`` and give one verdict line each (``make bench``).

    python bench/_run.py [--full] [--only NAME ...] [--limit SECONDS] [--dir DIR]

Each bench (every ``bench/*.py`` run as a program, not starting with ``_``) runs in its own
process group, in quick mode (``BENCH_QUICK=1``, see ``bench/_verdict.py``)
unless ``--full`` (``make bench FULL=1``: the long load runs). Its output is
shown as it comes, indented; its last ``VERDICT`` line is its verdict. A bench
that prints none, exits with an error, or runs past ``--limit`` (it is then
sent SIGTERM, which ``bench/_verdict.py`` turns into SystemExit so its clean-up
runs, and killed 15 s later) counts as missed. Not SIGINT: a job started in the
background by a script inherits SIGINT ignored, and Python then never raises
KeyboardInterrupt. The run never stops early: every bench runs, and at the end one
line per bench is printed, then the run exits 1 if any missed. A bench that
needs what this machine lacks says ``VERDICT skipped: <why>``, shown apart.

Servers a bench starts are found and stopped afterwards even when they left
the bench's process group (``pg_ctl`` puts PostgreSQL in a session of its
own): every process carries the run's ``BENCH_RUN`` mark in its environment,
and any still alive after its bench ended is stopped (SIGTERM, then SIGKILL)
and named in that bench's verdict, which then counts as missed.
"""

from __future__ import annotations

import argparse
import os
import resource
import signal
import subprocess
import sys
import threading
import time
import uuid
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT))

from bench._verdict import PREFIX, QUICK_ENV  # noqa: E402

MARK = "BENCH_RUN"
QUICK_LIMIT_S = 300.0  # one bench in quick mode, with room for a loaded machine (all together: < 10 min quiet)
FULL_LIMIT_S = 4 * 3600.0


def benches(folder: Path, only: list[str] | None = None) -> list[Path]:
    """The scripts of ``folder``: not starting with ``_`` and run as a program (``__main__``); a
    module benches import (``baseline.py``) is not a bench."""
    found = sorted(p for p in folder.glob("*.py") if not p.name.startswith("_")
                   and 'if __name__ == "__main__"' in p.read_text(encoding="utf-8"))
    return [p for p in found if not only or p.stem in only]


def marked(mark: str) -> list[int]:
    """Processes whose environment carries ``BENCH_RUN=mark`` (this run's, wherever they went)."""
    needle = f"{MARK}={mark}".encode()
    pids = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit() or int(entry.name) == os.getpid():
            continue
        try:
            env = (entry / "environ").read_bytes()
        except OSError:  # gone, or not ours to read
            continue
        if needle in env.split(b"\0"):
            pids.append(int(entry.name))
    return pids


def name_of(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace").strip()[:80]
    except OSError:
        return "?"


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return False
    return state != "Z"


def stop_leftovers(mark: str, grace: float = 5.0) -> list[str]:
    """Stop every process of this mark (SIGTERM, then SIGKILL after ``grace``); their command lines."""
    pids = marked(mark)
    names = [f"{pid} {name_of(pid)}" for pid in pids]
    for sig in (signal.SIGTERM, signal.SIGKILL):
        for pid in pids:
            try:
                os.kill(pid, sig)
            except ProcessLookupError:
                pass
        deadline = time.monotonic() + grace
        while time.monotonic() < deadline and any(alive(p) for p in pids):
            time.sleep(0.1)
        pids = [p for p in pids if alive(p)]
        if not pids:
            break
    return names


def signal_group(proc: subprocess.Popen, sig: int) -> None:
    try:
        os.killpg(proc.pid, sig)
    except ProcessLookupError:
        pass


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run_one(path: Path, env: dict[str, str], limit: float, mark: str) -> tuple[str, str, float, float]:
    """Run one bench, then stop whatever it left running.

    (``met`` | ``missed``, detail, wall seconds, CPU seconds of the bench and the children it waited for)."""
    t0, cpu0 = time.monotonic(), children_cpu()
    proc = subprocess.Popen([sys.executable, "-u", str(path)], cwd=ROOT, env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True, errors="replace", start_new_session=True)
    verdicts: list[str] = []

    def relay() -> None:  # in a thread: a leftover child may hold the pipe open after the bench ended
        assert proc.stdout is not None
        for line in proc.stdout:
            print("    " + line.rstrip("\n"), flush=True)
            if line.startswith(PREFIX + " "):
                verdicts.append(line[len(PREFIX) + 1:].strip())

    reader = threading.Thread(target=relay, daemon=True)
    reader.start()
    timed_out = False
    try:
        rc = proc.wait(limit)
    except subprocess.TimeoutExpired:
        timed_out = True
    finally:  # past the limit, or the runner interrupted: SIGTERM (its finally blocks run), SIGKILL 15 s on
        if proc.poll() is None:
            signal_group(proc, signal.SIGTERM)
            try:
                proc.wait(15)
            except subprocess.TimeoutExpired:
                signal_group(proc, signal.SIGKILL)
                proc.wait()
        rc = proc.returncode
        reader.join(2)
        left = stop_leftovers(mark)
        reader.join(5)
    took, cpu = time.monotonic() - t0, children_cpu() - cpu0
    verdict = verdicts[-1] if verdicts else None
    if timed_out:
        outcome, detail = "missed", f"stopped after {limit:.0f} s (the time allowed)"
    elif verdict is None:
        outcome, detail = "missed", f"printed no verdict (exit code {rc})"
    elif verdict.startswith("skipped") and rc == 0:
        outcome, detail = "skipped", verdict[len("skipped"):].lstrip(": ")
    elif verdict.startswith("met") and rc == 0:
        outcome, detail = "met", verdict[len("met"):].lstrip(": ")
    elif verdict.startswith("met"):
        outcome, detail = "missed", f"exit code {rc} after: {verdict}"
    else:
        outcome, detail = "missed", verdict.removeprefix("missed").lstrip(": ")
    if left:
        outcome = "missed"
        detail += f"; left {len(left)} process(es) running, stopped: " + ", ".join(left)
    return outcome, detail, took, cpu


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--full", action="store_true", help="full sizes (the long load runs), not quick mode")
    ap.add_argument("--only", nargs="+", help="only these benches (names without .py)")
    ap.add_argument("--limit", type=float, default=None,
                    help=f"seconds one bench may run (default {QUICK_LIMIT_S:.0f} quick, {FULL_LIMIT_S:.0f} full)")
    ap.add_argument("--dir", type=Path, default=HERE, help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    limit = args.limit or (FULL_LIMIT_S if args.full else QUICK_LIMIT_S)
    mark = uuid.uuid4().hex
    env = dict(os.environ)
    env[MARK] = mark
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    env.pop(QUICK_ENV, None)
    if not args.full:
        env[QUICK_ENV] = "1"
    paths = benches(args.dir, args.only)
    print(f"{len(paths)} benches, {'full' if args.full else 'quick'} mode, at most {limit:.0f} s each "
          f"(load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores)", flush=True)
    results = []
    started = time.monotonic()
    try:
        for path in paths:
            print(f"== {path.name}", flush=True)
            outcome, detail, took, cpu = run_one(path, env, limit, mark)
            results.append((path.stem, outcome, detail, took, cpu))
    finally:
        stop_leftovers(mark)
    print(f"\nverdicts ({time.monotonic() - started:.0f} s in all, {sum(r[4] for r in results):.0f} s of CPU; "
          f"load average {os.getloadavg()[0]:.1f}):")
    width = max((len(r[0]) for r in results), default=0)
    for name, outcome, detail, took, cpu in results:
        print(f"{name:<{width}}  {outcome:6}  {took:4.0f} s ({cpu:4.0f} s CPU)  {detail}")
    missed = [r[0] for r in results if r[1] == "missed"]
    skipped = [r[0] for r in results if r[1] == "skipped"]
    print(f"{len(results) - len(missed) - len(skipped)} met, {len(missed)} missed"
          + (f": {', '.join(missed)}" if missed else "")
          + (f"; {len(skipped)} skipped (cannot run here): {', '.join(skipped)}" if skipped else ""))
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
