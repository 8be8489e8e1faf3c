"""The Terra Mystica engine behind the game contract."""

from __future__ import annotations

from ..core import Event, Game, Option, standings
from ..core.messages import msg
from .actions import apply_row, to_move
from .data import FINAL_TILES, UNVERIFIED
from .maps import MAPS, ORIGINAL
from .notation import HELP, parse_row
from .rules import LEAGUE_OPTIONS, OPTION_NAMES, PRESETS, new_state

#: this package's modules imported on first use (``moves``, ``view``), kept: an import statement
#: in the method resolved the relative name again at every call (a prompt asks after every move)
_PARTS: dict = {}


def _part(name: str):
    module = _PARTS.get(name)
    if module is None:
        module = _PARTS[name] = __import__(f"{__package__}.{name}", fromlist=["_"])
    return module

OPTION_TEXT = {
    "variable-turn-order": "next round's turn order is the pass order",
    "mini-expansion-1": "town tiles TW6-TW8",
    "shipping-bonus": "bonus card BON10 (3 VP per shipping level when passing)",
    "temple-scoring-tile": "round scoring tile SCORE9 (4 VP per temple)",
    "strict-leech": "answer power offers before doing anything else",
    "strict-darkling-sh": "the Darklings refuse their stronghold trade as the site writes it (-3CONVERT_W_TO_P);"
                          " the trade is made in the stronghold turn either way, as printed",
    "strict-chaosmagician-sh": "passing ends the Chaos Magicians' double action",
    "errata-cultist-power": "Cultists gain 1 power when every opponent declines",
    "fire-and-ice-factions/ice": "Fire & Ice: Ice Maidens and Yetis",
    "fire-and-ice-factions/volcano": "Fire & Ice: Acolytes and Dragonlords",
    "fire-and-ice-factions/variable_v5": "Fire & Ice: Riverwalkers and Shapeshifters (the 2015 rules the site plays)",
    "fire-and-ice-factions/variable": "Fire & Ice: Riverwalkers and Shapeshifters as printed (2014)",
    "faction-auction": "Fire & Ice auction: factions drawn for the table, bid for in starting VP from 40 (bidding DESIGNED)",
    "partial-leech": "a power offer costing more VP than you have is taken in part (as many as your VP pay for)",
    "darkling-sh-later": "the Darklings' stronghold trade (3 W to 3 P) may wait for a later turn, made with their"
                         " next conversion (the site's games without strict-darkling-sh)",
    "map": "the map: " + ", ".join(f"{k} ({v['label']})" for k, v in MAPS.items()),
    "fire-and-ice-final-scoring": "Fire & Ice final scoring tile: true (drawn), or one of " + ", ".join(FINAL_TILES),
}


class TerraMystica(Game):
    id = "terra-mystica"
    name = "Terra Mystica"
    names = {"zh-TW": "祕境"}
    tells_last = True
    #: the undo journal holds these as they are (a move assigns them anew, never changes them in
    #: place: ``Game.kept_whole``; ``tests/test_undo.py`` checks it over random games)
    kept_whole = ("last", "last_msgs", "options", "scoring")
    copied_flat = ("terrain",)
    #: 2: the seed's game is the default (every option off) and ``partial-leech`` is an option;
    #: games started under 1 had every site option on and the partial take (``log_options``).
    #: 3: the Darklings' stronghold trade is made in the stronghold turn by default (printed);
    #: games started under 2 without strict-darkling-sh kept it for later (``darkling-sh-later``)
    version = 3
    min_players = 2
    max_players = 5
    #: the seed's game by default: every option off, the Original map; the site's sets are presets
    options = (*(Option(n, False, OPTION_TEXT[n], (True, False)) for n in OPTION_NAMES),
               Option("map", ORIGINAL, OPTION_TEXT["map"], tuple(MAPS)),
               Option("fire-and-ice-final-scoring", False, OPTION_TEXT["fire-and-ice-final-scoring"],
                      (False, True, *FINAL_TILES)))
    presets = PRESETS
    help_text = HELP
    unverified = tuple(UNVERIFIED.values())

    def setup(self, players, seed, options=None, scoring=None, bonuses=None):
        self.check_players(players)
        state = new_state(players, seed, self.resolve_options(options), scoring, bonuses)
        if state["options"].get("faction-auction"):
            from .auction import start  # only then (start-up, issue 33 goal 7)

            start(state)
        return state

    def log_options(self, options, version):
        """Games begun under version 1 played the site's league options, their partial power
        take included, where they stored no choice of their own; games begun under version 2
        without strict-darkling-sh let the Darklings keep their stronghold trade for later."""
        if version >= 3:
            return options
        if version == 2:
            if self.resolve_options(options).get("strict-darkling-sh"):
                return options
            return {**(options or {}), "darkling-sh-later": True}
        return {**dict.fromkeys(LEAGUE_OPTIONS, True), **(options or {})}

    def to_move(self, state):
        return to_move(state)

    def apply(self, state, seat, text):
        cmds = parse_row(text)
        state["last"] = []
        state["last_msgs"] = []
        items = apply_row(state, seat, cmds)
        events: list[Event] = []
        marks: dict = {}
        for item in items:
            if isinstance(item, tuple):
                marks.setdefault(item[1], item[2])
            else:
                events.append(Event(item, seat=seat, kind="move"))
        if not events:
            events.append(Event(msg("tm.ev.waits", who="{p" + str(seat) + "}"), seat=seat, kind="move"))
        if marks:
            events[-1].data["marks"] = marks
        state["log_count"] += 1
        return events

    # the move lists are imported on first use: a replay or a move never lists moves, and
    # moves.py is the engine's largest module after actions.py (its start-up cost)
    def legal_moves(self, state, seat, prefix=""):
        return _part("moves").legal_moves(state, seat, prefix)

    def verbs(self, state, seat):
        """The prompt's words: each verb's options looked at up to the first (``moves.verbs``)."""
        return _part("moves").verbs(state, seat)

    def has_verb(self, state, seat, word):
        return _part("moves").has_verb(state, seat, word)

    def hint(self, state, seat, move):
        return _part("moves").hint(state, seat, move)

    def legal_moves_with_hints(self, state, seat, prefix=""):
        """(move, cost note) pairs in one pass: what ``legal_moves`` lists,
        each with the note ``hint`` would give (autocomplete labels)."""
        return _part("moves").options_with_hints(state, seat, prefix)

    # the view too: a replay shows nothing (start-up, issue 33 goal 7)
    def view(self, state, seat=None):
        return _part("view").view(self, state, seat)

    def glance(self, state, key):
        return _part("view").glance(state, key)

    def result(self, state):
        if state["phase"] != "over":
            return None
        scores = [f["vp"] for f in state["factions"]]
        cats = state["final"]["breakdown"]
        breakdown = []
        for s, f in enumerate(state["factions"]):
            final = {cat.lower(): vp[s] for cat, vp in cats}
            played = f["vp"] - sum(final.values())
            breakdown.append({"game": played, **final})
        return standings(scores, breakdown)


GAME = TerraMystica()
