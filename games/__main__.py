"""Command line over the game contract: list, playout, replay, arena.

    python -m games list
    python -m games playout GAME --players N --seed S [--save FILE.json]
    python -m games replay FILE.json
    python -m games arena GAME --players N --games K --seat bot,random,...

The engines never draw: a saved game's board is ``python -m renderers FILE.json --out board.png``.
"""

from __future__ import annotations

import json
import os
import sys
from types import SimpleNamespace

from . import game_ids, get
from .core.playout import random_playout


def _result_json(game, state) -> dict | None:
    result = game.result(state)
    return result.to_json() if result else None


def cmd_list(args) -> int:
    for gid in game_ids():
        game = get(gid)
        print(f"{gid}\t{game.name}\t{game.min_players}-{game.max_players} players")
    return 0


def cmd_playout(args) -> int:
    problem, game, options = _table_problem(args.game, args.players, args.options)
    if problem:
        print(f"playout: {problem}", file=sys.stderr)
        return 2
    state, moves = random_playout(game, args.players, args.seed, options)
    result = game.result(state)
    if args.save:
        record = {
            "game": args.game,
            "players": args.players,
            "seed": args.seed,
            "options": options or {},
            "moves": [[seat, text] for seat, text in moves],
        }
        try:
            with open(args.save, "w", encoding="utf-8") as fh:
                json.dump(record, fh, indent=1)
        except OSError as err:
            print(f"playout: cannot write {args.save}: {err.strerror}", file=sys.stderr)
            return 2
    print(json.dumps({
        "game": args.game,
        "players": args.players,
        "seed": args.seed,
        "moves": len(moves),
        "scores": result.scores,
        "winner": result.winners,
    }))
    return 0


def cmd_replay(args) -> int:
    from .saved import NotASavedGame, replay_file

    try:
        _record, game, state, applied, error = replay_file(args.file, freeze=__name__ == "__main__")
    except NotASavedGame as err:
        print(f"replay: {err}", file=sys.stderr)
        return 2
    print(json.dumps({
        "ok": error is None,
        "applied": applied,
        "error": error,
        "to_move": sorted(game.to_move(state)),
        "result": _result_json(game, state),
        "public_view": game.view(state, None),
    }))
    return 0 if error is None else 1


def cmd_arena(args) -> int:
    from .bots import arena  # the bots import every engine; only this command needs them

    seats = [s.strip() for s in args.seat.split(",") if s.strip()]
    players = args.players or len(seats)
    problem, game, options = _arena_problem(args, seats, players)
    if problem:
        print(f"arena: {problem}", file=sys.stderr)
        return 2
    budget = {"iterations": args.iterations} if args.iterations else None
    arena.run(game, players, args.games, seats, seed=args.seed, options=options, budget=budget)
    return 0


def _arena_problem(args, seats: list[str], players: int):
    """What is wrong with an arena command line, said plainly (None when
    nothing), with the game and options it names."""
    from .bots.policies import POLICIES

    if args.game not in game_ids():
        return _table_problem(args.game, players, None)
    game = get(args.game)
    unknown = [s for s in seats if s not in POLICIES]
    if not seats or unknown:
        return (f"unknown seat '{unknown[0] if unknown else args.seat}': a seat is one of "
                f"{', '.join(POLICIES)}, comma separated"), game, None
    problem, game, options = _table_problem(args.game, players, args.options,
                                            "" if args.players else f" (--seat lists {len(seats)})")
    if problem:
        return problem, game, None
    if len(seats) > players:
        return (f"--seat lists {len(seats)} seats for {players} players: list at most {players} "
                "(fewer are repeated round the table)"), game, None
    if args.games < 1 or args.iterations < 0:
        return "--games must be at least 1 and --iterations at least 0", game, None
    return None, game, options


def _table_problem(game_id: str, players: int, options_text: str | None, hint: str = ""):
    """(what is wrong or None, the engine, the options): a command's game, table size and
    ``--options``, checked as the engine would before anything is played."""
    from .core.errors import RuleError

    if game_id not in game_ids():
        return f"no game '{game_id}' (known: {', '.join(game_ids())})", None, None
    game = get(game_id)
    if not game.min_players <= players <= game.max_players:
        return f"{game.name} is for {game.min_players}-{game.max_players} players, not {players}{hint}", game, None
    try:
        options = json.loads(options_text) if options_text else None
        if options is not None and not isinstance(options, dict):
            return '--options takes a JSON object, e.g. {"name": value}', game, None
        game.resolve_options(options)
    except (ValueError, RuleError) as err:
        return f"--options: {err}", game, None
    return None, game, options


def _add_playout(p) -> None:
    p.add_argument("game")
    p.add_argument("--players", type=int, required=True)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--options", help="JSON object of table options")
    p.add_argument("--save", help="write the game as a replay file")


def _add_file(p) -> None:
    p.add_argument("file")


def _add_arena(p) -> None:
    p.add_argument("game")
    p.add_argument("--players", type=int, default=0, help="table size (default: as many as --seat lists)")
    p.add_argument("--games", type=int, default=50)
    p.add_argument("--seat", default="bot,random", help="policies by seat (bot, greedy, random), "
                   "repeated round the table when fewer than the players")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--options", help="JSON object of table options")
    p.add_argument("--iterations", type=int, default=0, help="the search bot's worlds per decision")


def _formatter(prog: str):
    """argparse's help formatter told the terminal's width: finding it itself imports shutil
    (and its compression modules), a fortieth of a one-game replay's whole start-up."""
    import argparse

    try:
        width = int(os.environ.get("COLUMNS") or os.get_terminal_size().columns)
    except (ValueError, OSError):
        width = 80
    return argparse.HelpFormatter(prog, width=max(width - 2, 20))


#: command -> (help, its arguments, what runs it)
COMMANDS = {
    "list": ("the registered games", None, cmd_list),
    "playout": ("play one random game", _add_playout, cmd_playout),
    "replay": ("replay a saved game", _add_file, cmd_replay),
    "arena": ("bots and random players play whole games; the first seat's win rate", _add_arena, cmd_arena),
}


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if len(argv) == 2 and argv[0] == "replay" and not argv[1].startswith("-"):
        # ``replay FILE``, the one shape a script runs over and over, needs no parser: importing
        # and building argparse's (and the gettext look-ups it makes) were a tenth of a one-game
        # replay's start-up (issue 33 goal 7); anything else, --help included, goes through it
        return cmd_replay(SimpleNamespace(file=argv[1]))
    import argparse

    if argv and argv[0] in COMMANDS:
        # only the named command's parser is built: building all of them is a fair share of a
        # one-game replay's start-up; what it accepts and says is the same as the full parser's
        _help, add, func = COMMANDS[argv[0]]
        parser = argparse.ArgumentParser(prog=f"python -m games {argv[0]}", formatter_class=_formatter)
        if add is not None:
            add(parser)
        return func(parser.parse_args(argv[1:]))
    parser = argparse.ArgumentParser(prog="python -m games", description=__doc__.splitlines()[0],
                                     formatter_class=_formatter)
    sub = parser.add_subparsers(dest="cmd", required=True)
    for name, (help_text, add, func) in COMMANDS.items():
        p = sub.add_parser(name, help=help_text, formatter_class=_formatter)
        if add is not None:
            add(p)
        p.set_defaults(func=func)
    args = parser.parse_args(argv)
    return args.func(args)


if __name__ == "__main__":
    sys.exit(main())
