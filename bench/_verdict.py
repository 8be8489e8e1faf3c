"""One verdict line per bench, and the quick mode ``make bench`` runs them in.

Every bench in ``bench/`` checks its figures against its targets here and ends
with ONE line that ``bench/_run.py`` (``make bench``) collects::

    VERDICT met: 6 of 6 targets; closest: terra-mystica board p99 212.0 ms (target < 300 ms)
    VERDICT missed: 1 of 6 targets: amerigo board p99 342.0 ms (target < 300 ms)
    VERDICT skipped: needs a checkout of the site's engine (--site or TM_SITE)

    from _verdict import Verdict, sized        # a bench imports its helpers from bench/
    v = Verdict()
    v.check("west-of-africa board p99", 212.0, "<", 300, "ms")
    sys.exit(v.finish())          # 0 when every target is met, else 1

``make bench`` sets ``BENCH_QUICK=1``: each bench takes its quick sizes with
``sized(full=..., quick=...)`` so that all of them finish in under 10 minutes
on 2 cores (a quick look: fewer games, shorter runs, the same targets). Run by
hand, or with ``make bench FULL=1``, a bench takes its full sizes.

Importing this module also turns SIGTERM into ``SystemExit``, so that a bench
stopped from outside still runs its ``finally`` blocks (servers stopped,
temporary folders removed).
"""

from __future__ import annotations

import math
import operator
import os
import signal
import sys

QUICK_ENV = "BENCH_QUICK"
PREFIX = "VERDICT"
_OPS = {"<": operator.lt, "<=": operator.le, ">": operator.gt, ">=": operator.ge, "==": operator.eq}


def quick() -> bool:
    """True under ``make bench`` (quick mode), False when run by hand or with ``FULL=1``."""
    return os.environ.get(QUICK_ENV) == "1"


def sized(full, quick_value):
    """``quick_value`` in quick mode, else ``full``: a bench's argparse defaults go through this."""
    return quick_value if quick() else full


def upper_bound(successes: float, trials: int, z: float = 1.96) -> float:
    """The upper end of the 95 % (Wilson) interval of a rate seen as ``successes`` of ``trials``.

    Quick mode plays a handful of games: a win-rate target is then judged as "not ruled out"
    (this bound at or above the target), since 1 loss in 2 games says little about a 70 % target."""
    if trials <= 0:
        return float("nan")
    p = successes / trials
    centre = p + z * z / (2 * trials)
    spread = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials))
    return min(1.0, (centre + spread) / (1 + z * z / trials))


def check_rate(verdict: Verdict, what: str, rate: float, games: int, target: float) -> bool:
    """A win-rate target: the rate itself in full mode, its 95 % upper bound in quick mode."""
    if quick():
        return verdict.check(f"{what} {rate:.0%} of {games} games, 95% upper bound", upper_bound(rate * games, games),
                             ">=", target)
    return verdict.check(f"{what} win rate over {games} games", rate, ">=", target)


def check_mean(verdict: Verdict, what: str, values: list[float], target: float) -> bool:
    """An average target (higher is better): the mean in full mode; in quick mode the mean plus
    1.96 standard errors, the figure a few samples cannot rule out."""
    mean = sum(values) / len(values) if values else float("nan")
    if quick() and len(values) > 1:
        sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (len(values) - 1))
        return verdict.check(f"{what} mean {mean:.1f} of {len(values)}, 95% upper bound",
                             mean + 1.96 * sd / math.sqrt(len(values)), ">=", target)
    return verdict.check(f"{what} mean of {len(values)}", mean, ">=", target)


def _stop(signum, _frame):
    raise SystemExit(128 + signum)


if signal.getsignal(signal.SIGTERM) in (signal.SIG_DFL, signal.SIG_IGN):
    signal.signal(signal.SIGTERM, _stop)


def _num(x: float) -> str:
    if isinstance(x, bool):
        return str(x)
    if isinstance(x, int) or float(x).is_integer():
        return f"{int(x)}"
    return f"{x:.3g}" if abs(x) < 10 else f"{x:.1f}"


def commit_target(goal: float, rate: float) -> tuple[float, str]:
    """The committed rate a row is held to: the goal, or every move offered when the row offers
    fewer (load.py's ``--boards both`` runs boards off at the boards' rate: it cannot commit the goal)."""
    return (goal, "the goal") if rate >= goal else (rate, "every move offered")


class Verdict:
    """The targets one bench checked; ``finish`` prints the one verdict line."""

    def __init__(self) -> None:
        self.checks: list[tuple[str, float, str, float, str, bool]] = []

    def check(self, what: str, figure: float, op: str, target: float, unit: str = "") -> bool:
        """Record ``figure op target`` (``op`` one of < <= > >= ==); returns whether it holds.
        A figure that is not a number (nothing was measured) misses."""
        ok = not (isinstance(figure, float) and math.isnan(figure)) and bool(_OPS[op](figure, target))
        self.checks.append((what, figure, op, target, unit, ok))
        return ok

    @property
    def met(self) -> bool:
        return bool(self.checks) and all(c[-1] for c in self.checks)

    @staticmethod
    def _describe(check) -> str:
        what, figure, op, target, unit, _ok = check
        sp = " " if unit else ""
        return f"{what} {_num(figure)}{sp}{unit} (target {op} {_num(target)}{sp}{unit})"

    def line(self) -> str:
        n = len(self.checks)
        if not n:
            return f"{PREFIX} missed: no target was checked"
        missed = [c for c in self.checks if not c[-1]]
        if missed:
            return f"{PREFIX} missed: {len(missed)} of {n} targets: " + "; ".join(map(self._describe, missed))
        return f"{PREFIX} met: {n} of {n} targets; closest: {self._describe(min(self.checks, key=self._margin))}"

    @staticmethod
    def _margin(check) -> float:
        """How far a met figure is from its target, relative (0 = at the target)."""
        _what, figure, op, target, _unit, _ok = check
        if op == "==":  # met exactly: no margin to speak of, so never the "closest"
            return math.inf
        if not target:
            return abs(figure - target)
        ratio = figure / target
        return abs(1 / ratio - 1) if op in ("<", "<=") and ratio else abs(ratio - 1)

    @staticmethod
    def skip(reason: str) -> int:
        """A bench that cannot run on this machine (a checkout or tool it needs is missing) says so
        in its verdict line: the runner shows it as skipped, neither met nor missed."""
        print(f"{PREFIX} skipped: {reason}", flush=True)
        return 0

    def finish(self) -> int:
        """Print the verdict line; the exit code a bench returns (0 met, 1 missed)."""
        print(self.line(), flush=True)
        return 0 if self.met else 1


if __name__ == "__main__":
    sys.exit("bench/_verdict.py is a helper: run `make bench`, or one bench of bench/")
