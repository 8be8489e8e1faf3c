"""Discord failing on purpose: is every saved move posted to its table once? (issue 30)

    python bench/discord_faults.py [--moves N] [--seed S]

Plays ``N`` moves of a two-player table (the play-by-post tests' toy game) through the real bot
and the fake Discord (``tests/harness``) once per fault class, with the fault injected on every
move's turn post, then lets the bot's clock run until the post is delivered (in 1 s steps, at
most 15 minutes a move). Prints, per fault class:

* moves saved: rows in the move log, against the moves made (exactly once: never 0, never 2);
* posts delivered: owed turn posts Discord took (the outbox row holds its message id); a class
  whose channel is gone (404) or closed (50013) delivers none but marks every row and tells the
  table's creator (``told``);
* duplicates: turn posts in the channel beyond one per move;
* delivery delay p99: seconds on the bot's clock from the move to its post.

Targets: moves saved = moves made; duplicates 0; every post delivered or marked; delay p99
within the class's budget (a 429 waits its ``retry_after``; 5xx back off 2, 4, 8 s; a restart
delivers on start). The clock is the harness's manual clock: the figures are the bot's waits,
not this machine's speed. Quick mode (``make bench``): 6 moves a class.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import io
import logging
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from _verdict import Verdict, sized  # noqa: E402

import games  # noqa: E402
import renderers  # noqa: E402
from bot.table.timers import ManualClock  # noqa: E402
from tests.harness import Harness  # noqa: E402
from tests.harness.client import START, User  # noqa: E402
from tests.harness.discord_api import CALLBACK, CREATE  # noqa: E402

ALICE, BOB = User(101, "Alice"), User(102, "Bob")
MAX_WAIT = 900  # seconds of the bot's clock a post may take


def setup(h: Harness, kind: str, move: int) -> None:
    """Inject fault ``kind`` on the turn post of the coming move."""
    fake, channel = h.discord, h.channel
    if kind == "429":
        fake.fail(CREATE, 429, times=1, retry_after=3.0, channel=channel)
    elif kind == "503 x3":
        fake.fail(CREATE, 503, times=3, channel=channel)
    elif kind == "500 x7":
        fake.fail(CREATE, 500, times=7, channel=channel)
    elif kind == "10062":
        fake.fail(CALLBACK, 404, 10062, times=2)
    elif kind == "twice":
        h.twice()
    elif kind == "restart" and move == 0:
        fake.fail(CREATE, 503, times=10_000, channel=channel)


# the delivery delay budget (p99, seconds on the bot's clock) of each class
BUDGET = {"none": 1, "429": 4, "503 x3": 16, "500 x7": 4, "10062": 1, "twice": 1, "404": None, "50013": None,
          "restart": 120}
CLASSES = list(BUDGET)


async def run_class(kind: str, moves: int, seed: int, folder: str) -> dict:
    h = Harness(str(Path(folder) / f"{kind.replace(' ', '')}.sqlite3"), clock=ManualClock(START), seed=seed)
    with contextlib.redirect_stdout(io.StringIO()):
        await h.start()
    made_at: dict[int, float] = {}
    shown_at: dict[int, float] = {}
    real_visible = h.discord.visible

    def visible(message) -> None:  # when each message appeared, on the bot's clock
        shown_at[message.id] = h.clock.now().timestamp()
        real_visible(message)
    h.discord.visible = visible
    try:
        with h.expecting_errors() as errors, h.instant_retries():
            await h.slash(ALICE, "game new", game="tally", player2=BOB, options=f"turns={moves + 1}")
            await h.slash(ALICE, "game start")
            if kind == "404":
                h.discord.fail(CREATE, 404, 10003, times=10_000, channel=h.channel)
            elif kind == "50013":
                h.deny(h.channel, "send")
            made = 0
            for i in range(moves if kind != "404" else 1):
                table = h.sessions.table(h.channel)
                if table is None:
                    break
                user = (ALICE, BOB)[min(table.to_move())]
                setup(h, kind, i)
                moved_at = h.clock.now().timestamp()
                await h.slash(user, "move", move="pass")
                made += 1
                made_at[made] = moved_at
                if kind == "restart":
                    continue
                for _ in range(MAX_WAIT):  # the bot's clock runs until the post is out (or marked)
                    row = h.rows("SELECT message_id, failed FROM outbox WHERE n = ?", (made,))
                    if row and (row[0][0] is not None or row[0][1] is not None):
                        break
                    await h.wait(1)
            if kind == "restart":  # every post still owed: a new process sends them on start
                await h.restart()
                h.discord.heal()
                await h.wait(1)
            await h.wait(5)
        rows = h.rows("SELECT n, message_id, failed FROM outbox WHERE n > 0 ORDER BY n")
        delivered = [(n, mid) for n, mid, failed in rows if mid is not None]
        told = sum(1 for _n, mid, failed in rows if mid is None and failed is not None)
        delays = sorted(shown_at[int(mid)] - made_at[n] for n, mid in delivered if int(mid) in shown_at)
        turn_posts = [m for m in h.posts(h.channel) if " passes" in m.content]
        return {"made": made, "saved": h.rows("SELECT COUNT(*) FROM moves")[0][0], "delivered": len(delivered),
                "told": told, "duplicates": max(0, len(turn_posts) - len(delivered)),
                "p99": delays[min(len(delays) - 1, round(0.99 * (len(delays) - 1)))] if delays else float("nan"),
                "errors": len(errors)}
    finally:
        await h.stop()


async def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=sized(40, 6))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--classes", default=",".join(CLASSES))
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.CRITICAL)
    games.ENGINES["tally"], renderers.RENDERERS["tally"] = "tests.pbp.pbp_toys:TALLY", "tests.pbp.pbp_toys"
    verdict = Verdict()
    print(f"{'fault':10} {'moves':>5} {'saved':>5} {'posted':>6} {'told':>4} {'dupes':>5} {'delay p99 s':>11} "
          f"{'errors':>6}")
    with tempfile.TemporaryDirectory() as folder:
        for kind in args.classes.split(","):
            r = await run_class(kind, args.moves, args.seed, folder)
            print(f"{kind:10} {r['made']:5d} {r['saved']:5d} {r['delivered']:6d} {r['told']:4d} {r['duplicates']:5d} "
                  f"{r['p99']:11.1f} {r['errors']:6d}", flush=True)
            verdict.check(f"{kind}: moves saved", r["saved"], "==", r["made"])
            verdict.check(f"{kind}: duplicate posts", r["duplicates"], "==", 0)
            verdict.check(f"{kind}: errors logged", r["errors"], "==", 0)
            if BUDGET[kind] is None:  # the channel cannot take it: every row marked, the table told
                verdict.check(f"{kind}: posts marked undeliverable", r["told"], ">=", 1)
            else:
                verdict.check(f"{kind}: posts delivered", r["delivered"], "==", r["made"])
                verdict.check(f"{kind}: delivery delay p99", r["p99"], "<=", BUDGET[kind], "s")
    return verdict.finish()


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
