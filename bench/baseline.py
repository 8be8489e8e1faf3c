"""Benchmarks side by side with an older revision: the ``--baseline REV`` mode.

    python bench/<bench>.py ... --baseline REV [--rounds 3]

The machine is shared, so a figure measured an hour ago does not compare with
one measured now. With ``--baseline REV`` a bench runs itself in fresh
processes, alternately (ABBA: new, old, old, new, ...), once on this tree's
code and once on REV's, the measuring code being this tree's both times: the
``games``, ``renderers`` and ``bot`` packages come from the tree named by
``MEEPLECORD_CODE`` (REV checked out with ``git worktree add --detach`` once,
outside the repository, and reused). It then prints every figure for both,
the ratio new/old (the median of each round's pair: the pair ran seconds
apart, under the same neighbours' load) and the load average beside them.

A bench takes part by putting :func:`code_root` first on ``sys.path`` before
importing the packages, calling :func:`figure` for each number it wants
compared, and :func:`run` around its measuring function.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: the environment variable naming the tree whose packages a bench measures (this tree when unset)
CODE_ENV = "MEEPLECORD_CODE"
#: where baseline trees are checked out (default: the system's temporary directory)
DIR_ENV = "MEEPLECORD_BASELINES"

#: name -> (value, unit, better): the figures this process measured, for a baseline run to compare
FIGURES: dict[str, tuple[float, str, str]] = {}


def code_root() -> Path:
    """The tree whose games/renderers/bot a bench imports: this one, or a baseline's."""
    return Path(os.environ.get(CODE_ENV) or ROOT)


def use_code_root() -> Path:
    """Put the measured tree first on ``sys.path`` (call before importing games, renderers, bot)."""
    root = code_root()
    sys.path.insert(0, str(root))
    return root


def figure(name: str, value: float, unit: str = "ms", better: str = "lower") -> float:
    """Record one figure of this run (``better``: "lower" or "higher")."""
    FIGURES[name] = (float(value), unit, better)
    return value


def add_arguments(parser) -> None:
    parser.add_argument("--baseline", metavar="REV", help="also measure REV (a commit, tag or branch), "
                        "interleaved with this tree, and print both with the ratio")
    parser.add_argument("--rounds", type=int, default=3, help="with --baseline: runs of each side")
    parser.add_argument("--figures-out", help=argparse.SUPPRESS)


def processes_cpu(pids) -> float:
    """CPU seconds (user + system) the processes ``pids`` have used so far (one gone counts 0):
    what the benches read of the board workers."""
    total = 0.0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
        except (OSError, IndexError, ValueError):
            pass
    return total


def load_avg() -> float:
    try:
        return os.getloadavg()[0]
    except OSError:
        return float("nan")


def resolve(rev: str) -> str:
    out = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--verify", f"{rev}^{{commit}}"],
                         capture_output=True, text=True)
    if out.returncode != 0:
        raise SystemExit(f"--baseline: no commit '{rev}' in {ROOT} ({out.stderr.strip()})")
    return out.stdout.strip()


def tree(rev: str) -> Path:
    """A checkout of ``rev`` outside the repository (made once, then reused)."""
    sha = resolve(rev)
    where = Path(os.environ.get(DIR_ENV) or tempfile.gettempdir())
    path = where / f"meeplecord-baseline-{sha[:12]}"
    if (path / "games").is_dir():
        return path
    where.mkdir(parents=True, exist_ok=True)
    subprocess.run(["git", "-C", str(ROOT), "worktree", "prune"], check=False)
    made = subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", str(path), sha],
                          capture_output=True, text=True)
    if made.returncode != 0:
        raise SystemExit(f"--baseline: could not check out {rev} into {path}: {made.stderr.strip()}")
    return path


def strip_baseline(argv: list[str]) -> list[str]:
    """The command line without --baseline/--rounds (the child runs one side once)."""
    out, skip = [], False
    for arg in argv:
        if skip:
            skip = False
            continue
        if arg in ("--baseline", "--rounds", "--figures-out"):
            skip = True
            continue
        if arg.startswith(("--baseline=", "--rounds=", "--figures-out=")):
            continue
        out.append(arg)
    return out


def one_run(script: str, argv: list[str], code: Path, log) -> tuple[dict, float, float]:
    """Run the bench once on ``code``; its figures, its wall seconds and the load average meanwhile."""
    with tempfile.NamedTemporaryFile(suffix=".json", delete=False) as fh:
        out = fh.name
    env = dict(os.environ, **{CODE_ENV: str(code)})
    load0, t0 = load_avg(), time.perf_counter()
    proc = subprocess.run([sys.executable, script, *argv, "--figures-out", out], env=env,
                          capture_output=True, text=True)
    took = time.perf_counter() - t0
    log.write(proc.stdout + proc.stderr)
    try:
        figures = json.loads(Path(out).read_text() or "{}")
    except (OSError, ValueError):
        figures = {}
    finally:
        Path(out).unlink(missing_ok=True)
    if proc.returncode not in (0, 1) or not figures:  # 1: a bench's missed target, still figures
        tail = "\n".join((proc.stdout + proc.stderr).strip().splitlines()[-8:])
        raise SystemExit(f"--baseline: the run on {code} failed (exit {proc.returncode}):\n{tail}")
    return figures, took, (load0 + load_avg()) / 2


def compare(script: str, argv: list[str], rev: str, rounds: int) -> int:
    old = tree(rev)
    sides = {"new": ROOT, "old": old}
    runs: dict[str, list[dict]] = {"new": [], "old": []}
    loads: list[float] = []
    print(f"baseline {rev} ({resolve(rev)[:10]}, checked out at {old}) against this tree "
          f"({resolve('HEAD')[:10]}{' + uncommitted changes' if dirty() else ''}), {rounds} round(s) each, "
          f"interleaved; load average {load_avg():.1f} on {os.cpu_count()} cores", flush=True)
    # a file of this run's own: two comparisons at once (one bench against two revisions) keep theirs apart
    with tempfile.NamedTemporaryFile("w", prefix=f"bench-baseline-{Path(script).stem}-", suffix=".log",
                                     delete=False) as log:
        log_path = log.name
        for r in range(rounds):
            order = ("new", "old") if r % 2 == 0 else ("old", "new")
            for side in order:
                figures, took, load = one_run(script, argv, sides[side], log)
                runs[side].append(figures)
                loads.append(load)
                print(f"  round {r + 1} {side}: {took:5.1f} s wall, load average {load:.1f}", flush=True)
    print(f"  (the runs' own output: {log_path})")
    names = [n for n in runs["new"][0] if all(n in f for f in runs["new"] + runs["old"])]
    width = max([len(n) for n in names] + [10])
    print(f"  {'figure':{width}}  {'new':>10}  {'old':>10}  new/old (per round: min-max)")
    for name in names:
        unit, better = runs["new"][0][name][1], runs["new"][0][name][2]
        new = [f[name][0] for f in runs["new"]]
        old_v = [f[name][0] for f in runs["old"]]
        ratios = [a / b for a, b in zip(new, old_v) if b]
        ratio = statistics.median(ratios) if ratios else float("nan")
        spread = f"{min(ratios):.2f}-{max(ratios):.2f}" if ratios else "-"
        print(f"  {name:{width}}  {statistics.median(new):10.4g}  {statistics.median(old_v):10.4g}  "
              f"{ratio:5.2f} ({spread}) {unit}, {better} is better")
    print(f"  load average during the runs: {min(loads):.1f}-{max(loads):.1f}")
    return 0


def dirty() -> bool:
    out = subprocess.run(["git", "-C", str(ROOT), "status", "--porcelain", "--untracked-files=no"],
                         capture_output=True, text=True)
    return bool(out.stdout.strip())


def run(args, measure, argv: list[str] | None = None, script: str | None = None) -> int:
    """``measure(args) -> exit code``, or with ``args.baseline`` the interleaved comparison."""
    if getattr(args, "baseline", None):
        argv = sys.argv[1:] if argv is None else argv
        return compare(script or sys.argv[0], strip_baseline(argv), args.baseline, max(1, args.rounds))
    code = measure(args) or 0
    if getattr(args, "figures_out", None):
        Path(args.figures_out).write_text(json.dumps(FIGURES))
    return code
