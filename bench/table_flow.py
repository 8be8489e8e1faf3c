"""How the table feels on Discord: posts, boards, requests and clicks per turn, for every game.

    .venv/bin/python bench/table_flow.py [--games a,b] [--players N] [--seed S] [--click-budget SECONDS]

Plays one whole game of each title through the session layer the bot uses
(a real SQLite store; moves picked at random among the legal ones, walked
token by token as the autocomplete does) and counts, per turn (everything one
seat does until the table waits on someone else):

* public posts: new channel messages (a seat getting ready in a simultaneous
  step is a line edited into the turn's post, counted apart as edits);
* PNGs: boards drawn and posted (the renderer is not run: a post that would
  carry the board counts);
* requests per move: Discord requests the bot makes for it, from the same
  plan ``bot.discord.send.deliver`` follows (``bot.table.turns``); and per table
  command (``/game new``, ``start``, ``status``, ``board``, ``/hand``);
* clicks per turn: picks in the menus (``bot.table.menus``) to reach each move
  of the turn, plus the turn post's "Play" button; computed while the
  ``--click-budget`` lasts (menus are built for real, which takes time),
  then the game is played on without it;
* standing orders (issue 36): at each decision the orders can cover (a Terra Mystica power
  offer, cult step or town tile; a forced move in every game), the same
  orders every seat could set (``ORDERS``) are asked what they would play
  (``bot.table.pbp.orders.answer``, the bot's own code; its move is then played). The wait
  of a decision is designed, not measured: a player answers a median ``HUMAN_WAIT`` hours
  after being asked (log-normal, spread ``HUMAN_SPREAD``); an order answers at once in an
  open game, after its random delay in a game with hidden information. Printed: the median
  wait per such decision with orders off and on, and for Terra Mystica power offers the
  share answered without a click.

Random moves are not a player's moves (a random Terra Mystica row strings
several actions together), so the clicks line gives the median ("typical")
and the 90th percentile. Quick mode (``make bench``): 4 s of clicks per game.
"""

from __future__ import annotations

import argparse
import asyncio
import math
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import games  # noqa: E402
from bench._verdict import Verdict, sized  # noqa: E402
from bot.store import SqliteStore  # noqa: E402
from bot.table import menus, turns  # noqa: E402
from bot.table.games.terra_mystica_orders import leech_offers  # noqa: E402
from bot.table.pbp.orders import DELAY, Orders, answer, only_move, open_information, power_preset  # noqa: E402
from bot.table.sessions import Actor, SessionManager  # noqa: E402
from games.core.playout import expand  # noqa: E402

TARGETS = {"posts": 1.2, "pngs": 1.0, "requests": 2.0, "clicks": 3.0, "commands": 1.0,
           "power_share": 0.5}
CHANNEL = 1
#: the orders every seat is given for the "orders on" figures: the menu's "take offers costing at
#: most 1 VP, decline the rest", sensible cult steps and town tiles, and "play my only legal move"
ORDERS = Orders(forced=True, power=power_preset("vp1"), cult=True, town=True)
#: designed (no measurement of Discord players exists here): hours a player takes to answer a
#: decision off their turn, log-normal with this median and spread (sigma of the log)
HUMAN_WAIT, HUMAN_SPREAD = 6.0, 1.0


async def play_one(game_id: str, players: int, seed: int, budget: float = 0.0,
                   click_moves: int | None = None) -> dict:
    """One game played to its end; the clicks counted while ``budget`` seconds last (the bench)
    or over the first ``click_moves`` moves (the test: the same count on any machine)."""
    engine = games.get(game_id)
    with tempfile.TemporaryDirectory() as tmp:
        store = await SqliteStore.open(str(Path(tmp) / "flow.sqlite3"))
        try:
            sessions = SessionManager(store, seed_source=lambda: seed)  # boards are left undrawn (lazy)
            people = [Actor(1000 + s, f"P{s}") for s in range(players)]
            commands = [await sessions.create(CHANNEL, people[0], game_id, people[1:]),
                        await sessions.start(CHANNEL, people[0])]
            rnd = random.Random(seed)
            counts = {"turns": 0, "moves": 0, "posts": 0, "edits": 0, "pngs": 0, "requests": 0}
            clicks: list[int] = []
            running: dict[int, int] = {}  # seat -> clicks so far in its current turn
            opened: set[int] = set()  # seats whose menu is open (a step's answer carries the next one)
            deadline = time.perf_counter() + budget
            waits = {"off": [], "on": [], "offers": 0, "offers_answered": 0}
            timing = random.Random(seed + 1)  # the designed waits: apart from the moves' own draws
            while True:
                table = sessions.table(CHANNEL)
                if table is None:
                    break
                seat = rnd.choice(table.to_move())
                move = expand(engine, table.state, seat, "", rnd)
                ordered = decision(game_id, engine, table.state, seat, timing, waits)
                if ordered is not None:
                    move = ordered
                measuring = (counts["moves"] < click_moves if click_moves is not None
                             else time.perf_counter() < deadline)
                if measuring:
                    path = menus.path_to(game_id, engine, table.state, seat, move)
                    running[seat] = running.get(seat, 0) + (path if path is not None else 99)
                    if seat not in opened:
                        running[seat] += 1  # the "Play" button on the turn post
                reply = await sessions.move_as(CHANNEL, seat, move, lazy=True)
                assert reply.ok, reply.text
                counts["moves"] += 1
                plan = turns.plan(reply, move)
                counts["requests"] += turns.requests(plan)
                if plan.post is not None:
                    counts["posts"] += 1
                    counts["pngs"] += plan.post.draw is not None or plan.post.png is not None
                if plan.append is not None:
                    counts["edits"] += 1
                if reply.public is not None:  # the table waits on someone else: the turn ended
                    counts["turns"] += 1
                    if measuring and seat in running:
                        clicks.append(running.pop(seat))
                    opened.discard(seat)
                else:
                    opened.add(seat)
                if counts["moves"] == 3:  # mid-game: a look at the table and one's own hand
                    live = sessions.table(CHANNEL)
                    if live is not None:
                        commands += [await sessions.status(CHANNEL), await sessions.board(CHANNEL),
                                     await sessions.hand(CHANNEL, people[live.to_move()[0]])]
            counts["commands"] = len(commands)
            counts["command_requests"] = sum(turns.command_requests(turns.plan(c)) for c in commands)
            return {"game": game_id, "clicks": clicks, "waits": waits, **counts}
        finally:
            await store.close()


def decision(game_id: str, engine, state, seat: int, timing: random.Random, waits: dict) -> str | None:
    """When ``seat``'s decision is one the orders can cover: its designed wait with orders off and
    on (``waits``), and the move the orders play (None: the player's own, as drawn)."""
    offer = game_id == "terra-mystica" and any(o["seat"] == seat for o in leech_offers(engine.view(state, None)))
    found = answer(game_id, engine, state, seat, ORDERS, timing)
    if not offer and found is None and only_move(engine, state, seat) is None:
        return None  # a choice the orders leave to the player: not counted
    human = timing.lognormvariate(math.log(HUMAN_WAIT), HUMAN_SPREAD)
    waits["off"].append(human)
    if found is None:
        waits["on"].append(human)
    else:
        waits["on"].append(0.0 if open_information(game_id) else found.delay / 3600)
    if offer:
        waits["offers"] += 1
        waits["offers_answered"] += found is not None and found.kind == "power"
    return found.move if found is not None else None


def report(r: dict, verdict: Verdict) -> list[str]:
    turns_ = max(1, r["turns"])
    posts, pngs = r["posts"] / turns_, r["pngs"] / turns_
    requests = r["requests"] / max(1, r["moves"])
    per_command = r["command_requests"] / max(1, r["commands"])
    clicks = sorted(r["clicks"])
    typical = statistics.median(clicks) if clicks else float("nan")
    p90 = clicks[int(0.9 * (len(clicks) - 1))] if clicks else float("nan")

    def mark(value, target):
        return "ok" if value <= target else "OVER"
    for what, key, value in (("public posts per turn", "posts", posts), ("PNGs per turn", "pngs", pngs),
                             ("requests per move", "requests", requests),
                             ("requests per command", "commands", per_command),
                             ("clicks per turn", "clicks", typical)):
        verdict.check(f"{r['game']} {what}", value, "<=", TARGETS[key])
    return [
        f"{r['game']}: {r['moves']} moves, {r['turns']} turns ({len(clicks)} turns clicked through)",
        f"  public posts per turn  {posts:5.2f}   target <= {TARGETS['posts']}  {mark(posts, TARGETS['posts'])}"
        f"   (+ {r['edits'] / turns_:.2f} edits of the turn post)",
        f"  PNGs per turn          {pngs:5.2f}   target <= {TARGETS['pngs']}  {mark(pngs, TARGETS['pngs'])}",
        f"  requests per move      {requests:5.2f}   target <= {TARGETS['requests']}  "
        f"{mark(requests, TARGETS['requests'])}",
        f"  requests per command   {per_command:5.2f}   target <= {TARGETS['commands']}  "
        f"{mark(per_command, TARGETS['commands'])}   (/game new, start, status, board, /hand)",
        f"  clicks per turn        {typical:5.1f}   target <= {TARGETS['clicks']}  {mark(typical, TARGETS['clicks'])}"
        f"   (typical = median; 90th percentile {p90})",
        *orders_lines(r, verdict),
    ]


def orders_lines(r: dict, verdict: Verdict) -> list[str]:
    """The standing orders' figures: median wait per covered decision off/on, TM offers' share."""
    w = r["waits"]
    if not w["off"]:
        return [f"  standing orders        no decision they cover came up (delay {DELAY[0]:.0f}-{DELAY[1]:.0f} s)"]
    off, on = statistics.median(w["off"]), statistics.median(w["on"])
    verdict.check(f"{r['game']} median wait with orders on (h)", on, "<=", off)
    out = [f"  wait per decision the orders cover ({len(w['off'])}): median {off:5.2f} h with orders off, "
           f"{on:5.2f} h on   (designed player wait: median {HUMAN_WAIT} h)"]
    if w["offers"]:
        share = w["offers_answered"] / w["offers"]
        verdict.check(f"{r['game']} power offers answered without a click", share, ">=", TARGETS["power_share"])
        out.append(f"  power offers answered without a click  {share:5.2f}  ({w['offers_answered']} of {w['offers']})"
                   f"   target >= {TARGETS['power_share']}  {'ok' if share >= TARGETS['power_share'] else 'UNDER'}")
    return out


async def amain(args) -> int:
    ids = args.games.split(",") if args.games else games.game_ids()
    verdict = Verdict()
    for gid in ids:
        engine = games.get(gid)
        players = min(max(args.players, engine.min_players), engine.max_players)
        t0 = time.perf_counter()
        r = await play_one(gid, players, args.seed, args.click_budget)
        for line in report(r, verdict):
            print(line)
        print(f"  ({players} players, seed {args.seed}, {time.perf_counter() - t0:.1f} s)")
        sys.stdout.flush()
    return verdict.finish()


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", default="")
    p.add_argument("--players", type=int, default=3)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--click-budget", type=float, default=sized(20.0, 4.0),
                   help="seconds per game spent building menus to count clicks")
    return asyncio.run(amain(p.parse_args(argv)))


if __name__ == "__main__":
    sys.exit(main())
