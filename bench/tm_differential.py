"""Play random Terra Mystica games with our engine and check the site's engine agrees.

    .venv/bin/python bench/tm_differential.py [--games N] [--seed S] [--players P]
        [--options site|league|fire-ice] [--site PATH] [--show]

``--options fire-ice`` adds the site's Fire & Ice faction options and makes every faction
choice take a Fire & Ice faction while one is free (one ice, one volcano, one variable).

Each game is played by our engine with uniformly random listed moves (every waiting seat may
move). Its moves are then written as the site's command log (options, the round tiles, the
bonus cards removed, the factions in seat order, then ``faction: move`` rows) and evaluated by
the site's engine through ``bench/tm_site_driver.pl``, our own driver, run against a checkout of
the site's public repository kept OUTSIDE this repository (``--site`` or the
``TM_SITE`` environment variable: its ``src`` folder; its Perl needs the Debian packages listed in
the facts file). Without one the bench prints a skipped verdict.

A game agrees when the site accepts every row and, after every row a player typed, every
faction's VP, coins, workers, priests, power bowls and cult positions are ours (the last row
includes the final scoring), and the site's game is over where ours is. Prints one line per game (the first difference when there is one) and the total.
Not a test: a game takes seconds and needs Perl and the site's code (without them its verdict
is "skipped"). Quick mode (``make bench``): 3 games.
"""

from __future__ import annotations

import argparse
import json
import os
import pathlib
import random
import subprocess
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))

from _verdict import Verdict, sized  # noqa: E402

from games import get  # noqa: E402
from games.core.playout import expand  # noqa: E402
from games.terra_mystica import actions  # noqa: E402
from games.terra_mystica.data import (  # noqa: E402
    COLOURS,
    CULTS,  # noqa: E402
    LETTER,
)
from games.terra_mystica.maps import MAPS  # noqa: E402
from games.terra_mystica.notation import parse_row  # noqa: E402
from games.terra_mystica.rules import OPTION_NAMES  # noqa: E402

GAME = get("terra-mystica")
HERE = pathlib.Path(__file__).resolve().parent
#: rows the site's engine writes itself (never typed by a player)
#: our options for what the site plays without naming it (its partial power take, and without
#: strict-darkling-sh the Darklings' trade kept for later)
SITE_ONLY = ("partial-leech", "darkling-sh-later")
#: the site's option sets: what it adds to every new game, and what its four-player leagues play
SITE = ("strict-leech", "strict-darkling-sh", "strict-chaosmagician-sh", "errata-cultist-power")
FIRE_ICE = ("fire-and-ice-factions/ice", "fire-and-ice-factions/volcano", "fire-and-ice-factions/variable_v5")
SETS = {"site": SITE, "league": tuple(n for n in OPTION_NAMES if not n.startswith(("fire-and-ice", "faction-"))),
        "fire-ice": SITE + FIRE_ICE}
NEW_FACTIONS = ("icemaidens", "yetis", "acolytes", "dragonlords", "riverwalkers", "shapeshifters")
#: a comment row: where our round ended between two rows of one faction (see site_log)
ROUND_END = "# the round ends"
FIELDS = ("VP", "C", "W", "P", "P1", "P2", "P3", "FIRE", "WATER", "EARTH", "AIR")


class Site:
    """The site's engine behind our Perl driver, one process for the whole run."""

    def __init__(self, src: str):
        self.proc = subprocess.Popen(["perl", "-I", src, str(HERE / "tm_site_driver.pl")], cwd=src,
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def evaluate(self, rows: list[str], **meta) -> dict:
        self.proc.stdin.write(json.dumps({"rows": rows, **meta}) + "\n")
        self.proc.stdin.flush()
        return json.loads(self.proc.stdout.readline())

    def close(self) -> None:
        self.proc.stdin.close()
        self.proc.wait(timeout=30)


def terrain_words(rows) -> list[str]:
    """A map's terrain as the site's engine takes it: colour words, 'x' river, 'E' ending a row."""
    out = []
    for row in rows:
        out += ["x" if c == "~" else COLOURS[LETTER[c]] for c in row.split()] + ["E"]
    return out


def values(f: dict) -> list[int]:
    return [f["vp"], f["C"], f["W"], f["P"], *f["pw"], *f["cult"]]


#: spades our engine bought by itself inside a ``transform``/``build`` (its shorthand for the
#: site's ``dig N. transform ...``): [(that sub-command, spades)] of the move being played
_DUG: list = []
_SUB: list = [None]


def _watch_digs() -> None:
    """Note every dig our engine makes that the move did not type (the site wants ``dig N``)."""
    def wrap(fn):
        def handler(state, seat, t, cmd, out):
            _SUB[0] = cmd
            return fn(state, seat, t, cmd, out)
        return handler

    for verb, fn in list(actions.HANDLERS.items()):
        actions.HANDLERS[verb] = wrap(fn)
    pay = actions.dig_pay

    def dig_pay(state, seat, n):
        if _SUB[0] is not None and _SUB[0][0] != "dig":
            _DUG.append((_SUB[0], n))
        return pay(state, seat, n)

    actions.dig_pay = dig_pay


def site_text(move: str, darkling_trade: bool = False, owed: int = 1) -> str:
    """Our move in the site's words: the spades it dug by itself typed as ``dig N``, a ``done``
    that ends the Darklings' stronghold trade as the site's refusal of it, and ``+EARTH`` for
    steps granted together (ACTA, FAV6...) with their count (``+2EARTH``), as the site wants."""
    parts = ["-3CONVERT_W_TO_P" if p == "done" and darkling_trade else p for p in move.split(". ")]
    cults = [j for j, p in enumerate(parts) if p[1:] in CULTS and p[0] == "+"]
    if owed > 1 and cults:
        parts[cults[0]] = f"+{owed}{parts[cults[0]][1:]}"
    for cmd, n in _DUG:
        for j, part in enumerate(parts):
            if not part.startswith("dig ") and parse_row(part) == [cmd]:
                parts.insert(j, f"dig {n}")
                break
    return ". ".join(parts)


def _midturn(state: dict) -> int | None:
    """The seat whose turn is under way and owes something (a tile, a cult step, a free build),
    if any. It finishes before another seat moves: a power offer answered between the rows of
    one turn leaves the site's engine waiting for a free dwelling already built (its defect)."""
    t = state["turn"]
    return t["seat"] if t and actions.obligations(state, t["seat"]) else None


def play_game(seed: int, players: int, options: dict, limit: int = 3000):
    """One random game: (state, [(seat, move in the site's words, faction values after it)])."""
    rnd = random.Random(seed * 31 + players)
    state = GAME.setup(players, seed, options)
    moves = []
    while GAME.result(state) is None and len(moves) < limit:
        waiting = sorted(GAME.to_move(state))
        seat = _midturn(state) if _midturn(state) in waiting else rnd.choice(waiting)
        move = expand(GAME, state, seat, "", rnd)
        if state["phase"] == "factions" and options.get(FIRE_ICE[0]):
            new = [m for m in GAME.legal_moves(state, seat, "") if m.split()[-1] in NEW_FACTIONS]
            move = rnd.choice(new) if new else move
        _DUG.clear()
        rnd_before, phase_before = state["round"], state["phase"]
        t = state["turn"]
        trade = bool(t and t["seat"] == seat and t.get("darkling_open"))
        pending = state["factions"][seat]["pending"] if state["factions"][seat] else {}
        groups = list(pending.get("CULT") or pending.get("LATE") or [1])
        GAME.play(state, seat, move)
        # compared after rows that end what they started: a row that starts a round (the site
        # pays the income when the next row comes) or leaves its turn owing something (a town
        # tile picked in the next row: the site books the town's VP with the tile) is not
        seen = None if (state["round"] != rnd_before or _midturn(state) == seat) and GAME.result(state) is None \
            else {f["faction"]: values(f) for f in state["factions"] if f}
        ended = state["round"] != rnd_before and phase_before == "actions" or \
            (phase_before, state["phase"]) == ("actions", "spades")
        moves.append((seat, site_text(move, trade, groups[0]), seen, ended))
    return state, moves


def site_log(state: dict, moves: list, options: dict) -> tuple[list[str], list[int]]:
    """The command log and, for each move, its row's index in it.

    The site's engine ends a player's turn (and a round, once everyone passed) only where the
    log's faction changes: two rows of one faction are one turn to it. When our round ended
    after a row and the same faction's next row belongs to the next round (a cult step
    carried past passing, then that faction's cult-bonus step or terrain unlock), a comment
    row stands between them, as a row of nobody's, so the site ends the round there too."""
    rows = [f"option {n}" for n in OPTION_NAMES if options.get(n) and n not in SITE_ONLY]
    if state["map"] != "original":
        rows.append(f"map {MAPS[state['map']]['site_id']}")
    rows.append("score " + ",".join(state["scoring"]))
    cards = [f"BON{i}" for i in range(1, 10 + bool(options.get("shipping-bonus")))]
    rows += [f"delete {b}" for b in cards if b not in state["pool"]]
    fids = [f["faction"] for f in state["factions"]]
    if options.get(FIRE_ICE[1]):  # without players the site never asks the volcano factions' colour
        rows += [f"player p{seat + 1}" for seat in range(len(fids))]
    # in the order played: a Fire & Ice faction's colour pick follows its choice
    where = []
    prev = (None, False)
    for seat, move, _v, ended in moves:
        row = move if move.startswith("setup ") else f"{fids[seat]}: {move}"
        if row == rows[-1] and move[:1] == "+" and move[1:2].isalpha():
            # the site merges two equal rows '+FIRE' into one '+2FIRE' (and then has one row
            # fewer than we count): '+1FIRE' is the same step and is not merged
            row = f"{fids[seat]}: +1{move[1:]}"
        if prev == (seat, True):
            rows.append(ROUND_END)
        prev = (seat, ended)
        where.append(len(rows))
        rows.append(row)
    return rows, where


def compare(state: dict, moves: list, rows: list[str], where: list[int], answer: dict) -> str | None:
    """None when the site agrees, else the first difference."""
    after = answer["after"]
    for n, (_seat, _move, v, _ended) in enumerate(moves):
        i = where[n]
        theirs = after[i] if i < len(after) else None
        if theirs is None:
            return f"row {n + 1} {rows[i]!r}: site error: " + " ".join(answer["error"]).strip()[:300]
        if v is not None and theirs != v:
            diff = {fid: {k: (a, b) for k, a, b in zip(FIELDS, v[fid], theirs.get(fid, [None] * 11)) if a != b}
                    for fid in v if v[fid] != theirs.get(fid)}
            return f"row {n + 1} {rows[i]!r}: (ours, site's) {diff}"
    if answer["error"]:
        return "site error: " + " ".join(answer["error"]).strip()[:300]
    if not answer["finished"]:
        return "the site's game did not finish"
    return None


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=sized(40, 3))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--options", default="site", choices=list(SETS))
    parser.add_argument("--map", default="original", choices=list(MAPS))
    parser.add_argument("--site", default=os.environ.get("TM_SITE", ""))
    parser.add_argument("--show", action="store_true", help="print the command log of each differing game")
    args = parser.parse_args(argv)
    named = {n: True for n in SETS[args.options]} if args.options != "league" else {"league": True}
    options = GAME.resolve_options({"site": True, **named, "map": args.map})  # the site always takes in part
    meta = {}
    if args.map != "original":  # the site keeps other maps' terrain in its database: we hand it over
        meta["base_map"] = terrain_words(MAPS[args.map]["rows"])
    if MAPS[args.map].get("start_vp"):
        meta["vp_variant"] = "original_2017"
    if not args.site or not pathlib.Path(args.site).is_dir():
        return Verdict.skip(f"needs a checkout of the site's engine ({args.site or 'none given'}; --site or TM_SITE)")
    _watch_digs()
    site = Site(args.site)
    agree = 0
    t0 = time.process_time()
    try:
        for seed in range(args.seed, args.seed + args.games):
            state, moves = play_game(seed, args.players, options)
            rows, where = site_log(state, moves, options)
            diff = compare(state, moves, rows, where, site.evaluate(rows, **meta))
            agree += diff is None
            scores = [f["vp"] for f in state["factions"]]
            ends = rows.count(ROUND_END)
            note = f" ({ends} round end{'s' * (ends > 1)} marked between one faction's rows)" if ends else ""
            print(f"seed {seed}: {len(moves)} moves, VP {scores}{note}: {'agrees' if diff is None else diff}",
                  flush=True)
            if diff and args.show:
                print("\n".join(rows))
    finally:
        site.close()
    print(f"{agree}/{args.games} games agree ({args.players} players, options {args.options}, map {args.map}, "
          f"seeds {args.seed}-{args.seed + args.games - 1}; our CPU {time.process_time() - t0:.0f} s)")
    verdict = Verdict()
    verdict.check(f"games the site's engine disagrees with, of {args.games}", args.games - agree, "<=", 0)
    return verdict.finish()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
