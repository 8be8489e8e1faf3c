"""One of our games as the online site's ledger text, which ``ledger.py`` reads back.

    write(players, seed, options, moves) -> str

The header names the options, the six round tiles and the bonus cards left out; then one row
per faction for its set-up, one row per move (the mover's faction, its VP, coins, workers,
priests, power bowls and cult track after the move, as the site writes them: a move that ends
a round shows the values before the new round's income), and a final row per faction with its
end-of-game values. Income and final-scoring rows are left out: the reader recomputes them and
checks the final rows. ``python -m games.terra_mystica.ledger FILE`` replays the text to the
same scores (``tests/records/test_export.py``).
"""

from __future__ import annotations

from .game import GAME
from .ledger import snapshot
from .rules import OPTION_NAMES

#: options the ledger format cannot say (the reader sets the game up from the header alone)
UNSAYABLE = ("map", "faction-auction", "fire-and-ice-final-scoring")


def unsayable(options: dict) -> list[str]:
    """The options of a game that its ledger text could not carry (empty: it can be written)."""
    out = []
    for name, value in options.items():
        if not value:
            continue
        if name.startswith("fire-and-ice") or (name in UNSAYABLE and not (name == "map" and value == "original")):
            out.append(name)  # Fire & Ice factions pick and set up in rows this writer does not make
    return out


def row(faction: str, values: dict, command: str) -> str:
    pw, cult = values["PW"], values["cult"]
    return (f"{faction}\t\t{values['VP']} VP\t\t{values['C']} C\t\t{values['W']} W\t\t{values['P']} P"
            f"\t\t{pw[0]}/{pw[1]}/{pw[2]} PW\t\t{cult[0]}/{cult[1]}/{cult[2]}/{cult[3]}\t\t{command}")


def write(players: int, seed: int, options: dict | None, moves: list[tuple[int, str]]) -> str:
    """The ledger of the game (seed, options and move log as the bot keeps them). ValueError
    when an option cannot be written (:func:`unsayable`)."""
    state = GAME.setup(players, seed, options)
    opts = state["options"]
    problems = unsayable(opts)
    if problems:
        raise ValueError(f"the ledger format cannot say the option(s) {', '.join(problems)}")
    lines = [f"option {name}" for name in OPTION_NAMES if opts.get(name) is True]
    lines += [f"Round {i} scoring: {tile}" for i, tile in enumerate(state["scoring"], 1)]
    cards = [f"BON{i}" for i in range(1, 10 + bool(opts.get("shipping-bonus", True)))]
    lines += [f"Removing tile {card}" for card in cards if card not in state["pool"]]
    factions = state["factions"]
    setups: dict[int, tuple[str, dict]] = {}
    body: list[str] = []
    for seat, text in moves:
        events = GAME.play(state, int(seat), text, atomic=False)
        if text.split(" ", 1)[0].lower() == "setup" and int(seat) not in setups:
            setups[int(seat)] = (text.split()[1].lower(), snapshot(factions[int(seat)]))
            continue
        marks: dict = {}
        for ev in events:
            marks.update(ev.data.get("marks", {}))
        values = marks.get("before", {}).get(int(seat)) or snapshot(factions[int(seat)])
        body.append(row(factions[int(seat)]["faction"], values, text))
    if sorted(setups) != list(range(players)):
        raise ValueError("the log does not set every faction up")
    head = [row(*setups[s], "setup") for s in range(players)]
    tail = [row(f["faction"], snapshot(f), "score_resources") for f in factions] if state["phase"] == "over" else []
    return "\n".join(lines + head + body + tail) + "\n"
