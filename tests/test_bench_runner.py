"""``make bench``'s runner (bench/_run.py) and the verdict helper every bench calls (bench/_verdict.py).

Fake benches in a temporary folder: one that meets its targets, one that misses, one that crashes,
one that outlives the time allowed (its ``finally`` must still run), one that leaves a server-like
process running in a session of its own. The runner must run them all, print one verdict line each,
stop the leftover and exit 1.
"""

from __future__ import annotations

import signal
import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench._run import alive  # noqa: E402
from bench._verdict import Verdict, commit_target  # noqa: E402

HEAD = "import sys\nfrom bench._verdict import Verdict, sized\n"


def test_verdict_line_met_names_the_closest_target(capsys):
    v = Verdict()
    assert v.check("board p99", 212.0, "<", 300, "ms")
    assert v.check("moves/s", 480.0, ">=", 500 * 0.9)
    assert v.finish() == 0
    line = capsys.readouterr().out.strip()
    assert line.startswith("VERDICT met: 2 of 2 targets; closest: moves/s 480 (target >= 450)"), line


def test_verdict_line_missed_names_every_miss(capsys):
    v = Verdict()
    v.check("board p99", 342.5, "<", 300, "ms")
    v.check("PNG", 0.9, "<", 1.5, "MB")
    v.check("dead stems", 2, "<=", 0)
    v.check("nothing measured", float("nan"), "<", 5, "ms")
    assert v.finish() == 1
    line = capsys.readouterr().out.strip()
    assert line == ("VERDICT missed: 3 of 4 targets: board p99 342.5 ms (target < 300 ms); "
                    "dead stems 2 (target <= 0); nothing measured nan ms (target < 5 ms)"), line


def test_a_verdict_without_targets_is_missed(capsys):
    assert Verdict().finish() == 1
    assert "missed" in capsys.readouterr().out


def test_sized_follows_quick_mode(monkeypatch):
    from bench import _verdict

    monkeypatch.delenv("BENCH_QUICK", raising=False)
    assert _verdict.sized(1000, 50) == 1000
    monkeypatch.setenv("BENCH_QUICK", "1")
    assert _verdict.sized(1000, 50) == 50


def write(folder: Path, name: str, body: str) -> None:
    """A fake bench: ``body`` runs as the script (the guard only marks it a program, as benches are)."""
    (folder / f"{name}.py").write_text(HEAD + textwrap.dedent(body) + '\nif __name__ == "__main__":\n    pass\n')


def test_runner_runs_every_bench_stops_leftovers_and_exits_1(tmp_path):
    benches = tmp_path / "benches"
    benches.mkdir()
    write(benches, "a_met", """
        v = Verdict()
        v.check("games", sized(100, 5), "==", 5)   # quick mode is on under the runner
        sys.exit(v.finish())
    """)
    write(benches, "b_missed", """
        v = Verdict()
        v.check("p99", 400, "<", 300, "ms")
        sys.exit(v.finish())
    """)
    write(benches, "c_crash", """
        raise RuntimeError("boom")
    """)
    cleaned = tmp_path / "cleaned"
    write(benches, "d_slow", f"""
        import time
        try:
            print("working", flush=True)
            time.sleep(60)
        finally:
            open({str(cleaned)!r}, "w").write("ran")
    """)
    pidfile = tmp_path / "server.pid"
    write(benches, "e_leaves_server", f"""
        import subprocess
        p = subprocess.Popen(["sleep", "120"], start_new_session=True)   # like pg_ctl's server
        open({str(pidfile)!r}, "w").write(str(p.pid))
        v = Verdict()
        v.check("rate", 10, ">=", 5)
        sys.exit(v.finish())
    """)
    write(benches, "f_skips", """
        sys.exit(Verdict.skip("needs a checkout at /nowhere"))
    """)
    write(benches, "_helper", "raise SystemExit('a helper is not a bench')\n")
    (benches / "shared.py").write_text("def figure(x):\n    return x\n")  # imported by benches, not one
    # SIGINT ignored, as a job a script starts in the background inherits it (pytest-xdist's workers too)
    run = subprocess.run([sys.executable, str(ROOT / "bench" / "_run.py"), "--dir", str(benches), "--limit", "3"],
                         cwd=ROOT, capture_output=True, text=True, timeout=120,
                         preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_IGN))
    out = run.stdout
    assert run.returncode == 1, out + run.stderr
    summary = out.split("\nverdicts (", 1)[1].splitlines()[1:]
    verdicts = {line.split()[0]: line for line in summary if line and line.split()[0] in {
        "a_met", "b_missed", "c_crash", "d_slow", "e_leaves_server"}}
    assert set(verdicts) == {"a_met", "b_missed", "c_crash", "d_slow", "e_leaves_server"}, out
    assert "_helper" not in out and "shared" not in out
    assert verdicts["a_met"].split()[1] == "met"
    assert "p99 400 ms (target < 300 ms)" in verdicts["b_missed"] and " missed " in verdicts["b_missed"]
    assert "printed no verdict (exit code 1)" in verdicts["c_crash"]
    assert "stopped after 3 s" in verdicts["d_slow"]
    assert cleaned.read_text() == "ran"  # stopped with SIGTERM: its finally ran
    assert "left 1 process(es) running, stopped" in verdicts["e_leaves_server"]
    assert " missed " in verdicts["e_leaves_server"]
    pid = int(pidfile.read_text())
    assert not alive(pid)  # gone, or a zombie its new parent has not reaped yet
    skipped = next(line for line in summary if line.startswith("f_skips"))
    assert " skipped " in skipped and "needs a checkout at /nowhere" in skipped
    assert summary[-1] == ("1 met, 4 missed: b_missed, c_crash, d_slow, e_leaves_server; "
                           "1 skipped (cannot run here): f_skips")


def test_load_holds_a_row_below_the_goal_to_what_it_offered():
    """bench/load.py's verdict: a row offering fewer moves than the goal (boards off at the boards'
    100/s) is held to every move offered, not to a goal it could never commit."""
    assert commit_target(500, 800) == (500, "the goal")
    assert commit_target(500, 500) == (500, "the goal")
    assert commit_target(500, 100) == (100, "every move offered")


def test_load_with_the_outbox_writes_and_delivers_the_owed_posts():
    """``bench/load.py --outbox on`` plays the Discord bot's outbox: each move's post written with it
    and marked delivered after it (production's path; the goals' figures leave it off)."""
    out = subprocess.run([sys.executable, str(ROOT / "bench" / "load.py"), "--backend", "sqlite", "--processes", "1",
                          "--boards", "off", "--rates", "20", "--seconds", "1", "--channels", "10", "--outbox", "on",
                          "--warm", "off"], capture_output=True, text=True, timeout=120, cwd=ROOT)
    # the run reaches its verdict; whether a timed target (loop lag...) is met depends on the machine's
    # load, so the return code (1 on a missed target) is not what this test checks
    assert out.returncode in (0, 1) and "Traceback" not in out.stderr, out.stderr[-2000:]
    assert "\nVERDICT " in out.stdout, out.stdout[-2000:]
    posts = [line for line in out.stdout.splitlines() if "owed posts written and marked delivered" in line]
    assert posts and int(posts[0].split("; ")[-1].split()[0]) > 0, out.stdout
    assert "sqlite 1p outbox boards off at 20/s offered" in out.stdout
