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

import games
from games.core.playout import replay

from . import render


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m renderers", description=__doc__.splitlines()[0])
    parser.add_argument("file")
    parser.add_argument("--out", required=True)
    parser.add_argument("--seat", type=int, default=None)
    args = parser.parse_args(sys.argv[1:] if argv is None else argv)
    with open(args.file, encoding="utf-8") as fh:
        record = json.load(fh)
    game = games.get(record["game"])
    state, applied, error = replay(game, int(record["players"]), int(record["seed"]), record.get("options") or {},
                                   record["moves"])
    if error:
        print(f"replay stopped after {applied} moves: {error}", file=sys.stderr)
    png = render(record["game"], game.view(state, args.seat))
    with open(args.out, "wb") as fh:
        fh.write(png)
    print(json.dumps({"ok": error is None, "applied": applied, "out": args.out, "bytes": len(png)}))
    return 0 if error is None else 1


if __name__ == "__main__":
    sys.exit(main())
