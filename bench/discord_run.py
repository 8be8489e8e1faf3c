"""Every game played to its end through the real bot and the fake Discord (tests/harness).

    python bench/discord_run.py [--games west-of-africa,bruges] [--players 3] [--seed 1] [--no-render]
                                [--baseline REV [--rounds 3]]

Each move is picked from /move's autocomplete and sent with /move, exactly as
in the short CI run (tests/harness/test_every_game.py), but to the end of the
game. Prints, per game, the moves and the wall time, then the REST requests
by route, the acknowledgement time (INTERACTION_CREATE to the initial
response) p50/p99 for commands and autocomplete, and the time until the
handler's last REST call (the whole answer: board drawn and posted). Discord's rules are enforced
all the way: any refusal stops the run with the reason.

Before every move the player to move presses the "Play" button under the table's latest turn
post (their own menus, privately: the commonest click), so the clicks are measured beside the
commands. Every ``--menu-every``-th move (default 3) is then played in those menus instead of
with ``/move``: a random option picked at each level until a move is played (or, after 12
picks, ``/move`` after all). The acknowledgement of ``/move``, of the Play press and of the pick
that played a move ("menu move") is printed apart (p50, p99, max).

Targets: every game reaches its end; Discord drops an interaction left
unanswered for 3 s, so every acknowledgement comes within 3 s (the max), and the p99 of
``/move`` and of a click stays under 500 ms on this machine (issue 30: a durable outbox must not
cost the acknowledgement); the p99 of each kind (command, component, autocomplete) under 1 s.
Quick mode (``make bench``): Bruges and West of Africa only.

``--baseline REV`` plays the same games on REV's code (its own bot and harness), interleaved with
this tree's (``bench/baseline.py``), and prints both with the ratio: with REV the revision before
the outbox (``c9110af``), the acknowledgement's cost of the outbox.
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import contextlib
import io
import logging
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import baseline  # noqa: E402
from _verdict import Verdict, sized  # noqa: E402

baseline.use_code_root()  # the bot and its harness from this tree, or from --baseline's

import games  # noqa: E402
from tests.harness import Harness  # noqa: E402
from tests.harness.play import open_game, pick  # noqa: E402

MAX_MOVES = 3000
ACK_P99_MS = 1000.0
#: Discord drops an interaction not acknowledged within 3 s; our target for /move and a click
ACK_MAX_MS, MOVE_ACK_P99_MS = 3000.0, 500.0


#: the interactions (ids) whose menu pick played a move: their acknowledgement is "menu move"
MENU_MOVES: set[int] = set()
#: picks in the menus before a move is played by /move after all
MENU_PICKS = 12


def moved(h: Harness, n: int) -> bool:
    table = h.sessions.table(h.channel)
    return table is None or table.n != n


async def by_menu(h: Harness, user, menu, rnd: random.Random) -> bool:
    """Pick random options in ``user``'s menu message until a move is played; True if one was."""
    n = h.sessions.table(h.channel).n
    for _ in range(MENU_PICKS):
        m = h.discord.messages[menu.id]
        select = next((c for c in m.items() if c["type"] == 3 and not c.get("disabled")), None)
        if select is None or m.deleted:
            return False
        values = [o["value"] for o in select["options"]]
        lo, hi = select.get("min_values", 1), min(select.get("max_values", 1), len(values))
        inter = await h.click(user, m, select["custom_id"], values=rnd.sample(values, rnd.randint(lo, max(lo, hi))))
        if moved(h, n):
            MENU_MOVES.add(inter.id)
            return True
    return False


async def play(h: Harness, people: list, rnd: random.Random, limit: int, menu_every: int = 3) -> int:
    """As ``tests.harness.play.play`` (a move picked from autocomplete, sent with /move), with the
    mover's press of "Play" under the latest turn post before each move; every ``menu_every``-th
    move (0: none) is played in the menus that press opened instead."""
    played = 0
    while played < limit:
        table = h.sessions.table(h.channel)
        if table is None or table.state is None:
            break
        user = people[rnd.choice(sorted(table.to_move()))]
        post = next((m for m in reversed(h.posts(h.channel)) if "Play" in m.labels()), None)
        n = table.n
        if post is not None:
            mine = len(h.ephemeral(user))
            await h.click(user, post, "Play")
            menu = h.ephemeral(user)[-1] if len(h.ephemeral(user)) > mine else None
            if menu_every and (played + 1) % menu_every == 0 and menu is not None and await by_menu(h, user, menu, rnd):
                played += 1
                continue
        table = h.sessions.table(h.channel)
        if table is None or table.state is None:
            break
        if table.n != n:  # a menu's pick made a step of the turn without ending it: the seat may have changed
            user = people[rnd.choice(sorted(table.to_move()))]
        move = await pick(h, user, rnd)
        n = table.n
        await h.slash(user, "move", move=move)
        after = h.sessions.table(h.channel)
        assert after is None or after.n > n, f"{move!r} from autocomplete was refused: {h.last(user).content}"
        played += 1
    return played


def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


async def run_game(game: str, players: int, seed: int, render: bool, folder: str, verdict: Verdict,
                   menu_every: int = 3) -> Harness:
    h = Harness(str(Path(folder) / f"{game}.sqlite3"), seed=seed)
    with contextlib.redirect_stdout(io.StringIO()):  # the sync's "Synced 7 commands ..."
        await h.start()
    try:
        h.sessions.render = render
        people = await open_game(h, game, players)
        started = time.perf_counter()
        moves = await play(h, people, random.Random(seed), MAX_MOVES, menu_every)
        over = h.sessions.table(h.channel) is None
        if over:
            final = h.rows("SELECT status FROM games")[-1][0]
            assert final == "finished", f"{game}: the game ended as {final!r}"
        verdict.check(f"{game} games played to the end", int(over), "==", 1)
        print(f"{game:16} {players}p  {moves:5d} moves  {time.perf_counter() - started:7.1f} s  "
              f"{'finished' if over else 'stopped at the cap'}", flush=True)
    finally:
        await h.stop()
    return h


def arguments(argv: list[str] | None = None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default=sized(",".join(sorted(games.ENGINES)), "bruges,west-of-africa"))
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--no-render", action="store_true", help="skip the board PNGs (much faster)")
    parser.add_argument("--menu-every", type=int, default=3,
                        help="play every N-th move in the Play menus instead of with /move (0: never)")
    baseline.add_arguments(parser)
    return parser.parse_args(argv)


async def main(args) -> int:
    logging.basicConfig(level=logging.ERROR)
    routes: collections.Counter[str] = collections.Counter()
    acks: dict[str, list[float]] = collections.defaultdict(list)
    done: dict[str, list[float]] = collections.defaultdict(list)  # until the last REST call of the handler
    verdict = Verdict()
    with tempfile.TemporaryDirectory() as folder:
        for game in args.games.split(","):
            h = await run_game(game, args.players, args.seed, not args.no_render, folder, verdict, args.menu_every)
            routes.update(r.route for r in h.requests())
            for i in h.interactions:
                kind = {2: "command", 3: "component", 4: "autocomplete"}[i.type]
                if i.ack_ms is not None:
                    acks[kind].append(i.ack_ms)
                    if i.type == 2 and i.name == "move":
                        acks["/move"].append(i.ack_ms)
                    elif i.type == 3 and i.name.startswith("mc:p:"):
                        acks["click Play"].append(i.ack_ms)
                    elif i.id in MENU_MOVES:
                        acks["menu move"].append(i.ack_ms)
                if i.done_ms is not None and i.type != 4:
                    done[kind].append(i.done_ms)
    print("\nrequests by route")
    for route, n in routes.most_common():
        print(f"  {n:7d}  {route}")
    for title, table in (("acknowledgement time (ms)", acks), ("complete answer (ms)     ", done)):
        print(f"\n{title}      n      p50      p99      max")
        for kind, values in sorted(table.items()):
            print(f"  {kind:22} {len(values):7d} {statistics.median(values):8.1f} {pct(values, 0.99):8.1f} "
                  f"{max(values):8.1f}")
    for kind, values in sorted(acks.items()):
        verdict.check(f"{kind} acknowledgement p99", pct(values, 0.99), "<", ACK_P99_MS, "ms")
    for kind in ("/move", "click Play", "menu move"):
        values = acks.get(kind) or [float("nan")]
        baseline.figure(f"{kind} ack p50", statistics.median(values))
        baseline.figure(f"{kind} ack p99", pct(values, 0.99))
        baseline.figure(f"{kind} ack max", max(values))
        verdict.check(f"{kind} acknowledgement p99 (this machine)", pct(values, 0.99), "<", MOVE_ACK_P99_MS, "ms")
        verdict.check(f"{kind} acknowledged within Discord's 3 s (max)", max(values), "<", ACK_MAX_MS, "ms")
    return verdict.finish()


if __name__ == "__main__":
    parsed = arguments()
    sys.exit(baseline.run(parsed, lambda a: asyncio.run(main(a))))
