"""Draw a saved game's board from the command line (the engines never draw):

    python -m renderers FILE.json --out board.png [--seat N]

FILE.json is a record as ``python -m games playout --save`` writes it (game, players, seed,
options, moves); it is replayed, then the board is drawn as ``seat`` sees it (the public board
without ``--seat``).
"""

from __future__ import annotations

import argparse
import json
import sys

from games.saved import NotASavedGame, replay_file

from . import render


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m renderers", description=__doc__.splitlines()[0])
    parser.add_argument("file")
    parser.add_argument("--out", required=True)
    parser.add_argument("--seat", type=int, default=None)
    args = parser.parse_args(sys.argv[1:] if argv is None else argv)
    try:
        record, game, state, applied, error = replay_file(args.file)
    except NotASavedGame as err:
        print(f"renderers: {err}", file=sys.stderr)
        return 2
    if args.seat is not None and not 0 <= args.seat < record["players"]:
        print(f"renderers: --seat is 0-{record['players'] - 1} for this {record['players']}-player game",
              file=sys.stderr)
        return 2
    if error:
        print(f"replay stopped after {applied} moves: {error}", file=sys.stderr)
    png = render(record["game"], game.view(state, args.seat))
    try:
        with open(args.out, "wb") as fh:
            fh.write(png)
    except OSError as err:
        print(f"renderers: cannot write {args.out}: {err.strerror}", file=sys.stderr)
        return 2
    print(json.dumps({"ok": error is None, "applied": applied, "out": args.out, "bytes": len(png)}))
    return 0 if error is None else 1


if __name__ == "__main__":
    sys.exit(main())
