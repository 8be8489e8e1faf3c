"""How soon a bot process stops on SIGTERM (docker stop) and SIGINT with a move in flight.

    python bench/shutdown.py [--runs 3]

Runs the real bot process of ``tests/bot/test_shutdown.py`` (``tests/bot/sigterm_child.py``: the
MeepleBot on the harness's fake Discord, a SQLite file, a board worker, a move that takes a second),
sends the signal while the move is being played, and times the wall seconds from the signal to
the process's exit (the move committed, its post delivered, the worker stopped). Target: under
8 s each (docker stop waits 10 s before it kills). The test checks what happens; this bench how
long it takes. Quick mode (``make bench``): one run per signal.
"""

from __future__ import annotations

import argparse
import os
import signal
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

from _verdict import Verdict, sized

ROOT = Path(__file__).resolve().parent.parent
TARGET_S = 8.0
HANG_S = 120.0  # a run that takes longer is stopped and counted at this figure


def stopped_in(sig: signal.Signals) -> float:
    """Seconds from ``sig`` to the child's exit (its move in flight), or HANG_S."""
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        env = {**os.environ, "PYTHONPATH": str(ROOT), "TEST_MARK": uuid.uuid4().hex}
        proc = subprocess.Popen([sys.executable, "-m", "tests.bot.sigterm_child", str(folder / "g.sqlite3"),
                                 str(folder)], cwd=ROOT, env=env, stdout=subprocess.DEVNULL,
                                stderr=subprocess.DEVNULL)
        try:
            deadline = time.monotonic() + HANG_S
            while not (folder / "ready").exists():
                if proc.poll() is not None or time.monotonic() > deadline:
                    raise SystemExit(f"the bot process never reached its move (exit {proc.poll()})")
                time.sleep(0.02)
            t0 = time.monotonic()
            proc.send_signal(sig)
            try:
                proc.wait(HANG_S)
            except subprocess.TimeoutExpired:
                return HANG_S
            return time.monotonic() - t0
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.wait()


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--runs", type=int, default=sized(3, 1))
    args = p.parse_args()
    verdict = Verdict()
    print(f"load average {os.getloadavg()[0]:.1f}")
    for sig in (signal.SIGTERM, signal.SIGINT):
        took = [stopped_in(sig) for _ in range(args.runs)]
        worst = max(took)
        print(f"{sig.name}: signal to exit {', '.join(f'{t:.1f}' for t in took)} s (worst {worst:.1f} s; "
              f"target < {TARGET_S:g} s) {'ok' if worst < TARGET_S else 'MISSED'}", flush=True)
        verdict.check(f"{sig.name} to exit, worst of {args.runs}", worst, "<", TARGET_S, "s")
    return verdict.finish()


if __name__ == "__main__":
    sys.exit(main())
