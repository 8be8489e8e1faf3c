"""Terra Mystica table benchmark over every state of a real game record.

    .venv/bin/python bench/terra_mystica_render.py [--every N] [--record FILE]

Replays the league game in tests/fixtures/terra_mystica_table/ with the
engine, then over its states measures: the board render (time p50/p99 and
PNG size; targets p99 < 300 ms, < 1.5 MB), the /hand panel render, and
/move autocomplete as the bot asks it (the engine's legal_moves + hint for
each listed entry, or in one pass as the bot asks it), walking the
notation token by token through every stem offered (``--walk`` calls per
seat and state; target p99 < 50 ms per call). Exits non-zero when a target is missed.
Quick mode (``make bench``): every 6th state.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from _verdict import Verdict, sized  # noqa: E402

from bot.table import extras as ui  # noqa: E402
from games.terra_mystica import GAME  # noqa: E402
from renderers import terra_mystica as tm  # noqa: E402
from tests.terra_mystica_table.tm_table_replay import RECORD, replay_states  # noqa: E402

NAMES = ["Cephalofair", "marksickau", "no_dice", "affe1982"]


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(round(q * (len(values) - 1))))]


def autocomplete(state, seat: int, prefix: str) -> list[tuple[str, str]]:
    """One keystroke the generic way: list from the prefix, then ``hint`` every complete move."""
    out = []
    for move in GAME.legal_moves(state, seat, prefix)[:25]:
        hint = "" if move.endswith(" ") else GAME.hint(state, seat, move)
        out.append((move, hint))
    return out


def autocomplete_one_pass(state, seat: int, prefix: str) -> list[tuple[str, str]]:
    """One keystroke as the bot asks Terra Mystica: moves and notes in one pass."""
    return ui.autocomplete("terra-mystica", GAME, state, seat, prefix)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--every", type=int, default=sized(1, 6), help="measure every Nth state")
    ap.add_argument("--record", default=str(RECORD))
    ap.add_argument("--walk", type=int, default=12, help="autocomplete calls per seat and state (token walk)")
    args = ap.parse_args(argv)

    states = list(replay_states(Path(args.record), every=args.every))
    if replay_states.error:
        print(f"note: replay stopped early: {replay_states.error}")
    tm.render(GAME.view(states[0][3], None), NAMES)  # fonts and caches warm, as in a running bot

    render_ms, sizes, panel_ms, ac_ms, ac1_ms = [], [], [], [], []
    over = longest = 0
    for _n, _seat, _cmd, state in states:
        view = GAME.view(state, None)
        t0 = time.perf_counter()
        png = tm.render(view, NAMES)
        render_ms.append((time.perf_counter() - t0) * 1000)
        sizes.append(len(png))
        for seat in view["to_move"][:1]:
            t0 = time.perf_counter()
            tm.render_panel(view, seat, NAMES)
            panel_ms.append((time.perf_counter() - t0) * 1000)
        for seat in view["to_move"]:
            # walk the notation token by token, breadth first: every stem offered is typed
            # next, so multi-part turns ("burn 2. action ACT6. build ") are measured too
            prefixes, asked = [""], 0
            while prefixes and asked < args.walk:
                prefix = prefixes.pop(0)
                asked += 1
                t0 = time.perf_counter()
                autocomplete(state, seat, prefix)
                ac_ms.append((time.perf_counter() - t0) * 1000)
                t0 = time.perf_counter()
                pairs = autocomplete_one_pass(state, seat, prefix)
                ac1_ms.append((time.perf_counter() - t0) * 1000)
                over += len(GAME.legal_moves(state, seat, prefix)) > 25
                longest = max([longest] + [len(m) for m, _ in pairs])
                prefixes += [m for m, _ in pairs if m.endswith(" ")]

    def line(name, vals, unit="ms"):
        return (f"{name:<22} n={len(vals):<5} p50={pct(vals, .5):8.1f} {unit}  p99={pct(vals, .99):8.1f} {unit}  "
                f"max={max(vals):8.1f} {unit}")

    print(f"record {Path(args.record).name}: {len(states)} states")
    print(line("board render", render_ms))
    print(line("board PNG size", [s / 1024 for s in sizes], "KB"))
    print(line("/hand panel render", panel_ms))
    print(line("autocomplete, hint each", ac_ms))
    print(line("autocomplete, one pass", ac1_ms))
    print(f"autocomplete lists over 25 entries: {over} of {len(ac1_ms)} (offered by map row instead); "
          f"longest value {longest} chars (limit 100)")
    verdict = Verdict()
    verdict.check("board render p99", pct(render_ms, .99), "<", 300, "ms")
    verdict.check("board PNG max", max(sizes) / 1024, "<", 1.5 * 1024, "KB")
    verdict.check("autocomplete (one pass) p99", pct(ac1_ms, .99), "<", 50, "ms")
    verdict.check("longest autocomplete value", longest, "<=", 100, "chars")
    return verdict.finish()


if __name__ == "__main__":
    sys.exit(main())
